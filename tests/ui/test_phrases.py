"""Japanese lines break between phrases only, in every browser (bodoge.ui.phrases): <wbr> after
each phrase, names and the game's words kept whole (issue 26 §3: 「あな/た」, 「ラウン/ド」)."""

from bodoge.ui.html import render
from bodoge.ui.phrases import phrased

from ui.fakehost import make_app


def test_a_line_is_cut_into_phrases_after_their_particles():
    line = render(phrased("あなたが白い兎を2度捕まえ、ゲームに勝利！", ["あなた"]))
    assert line == '<span class="nw">あなた</span>が<wbr>白い兎を<wbr>2度捕まえ、ゲームに<wbr>勝利！'
    # a particle followed by a hiragana is inside its phrase; の before a digit names a card
    assert render(phrased("マッドネスモードになった。白の7を宣言")) == \
        "マッドネスモードになった。白の7を<wbr>宣言"
    assert render(phrased("ワンダーモードからやり直し")) == "ワンダーモードからやり直し"
    # a kept word is never cut, even where a particle is inside it
    assert render(phrased("CPU3（ふつう）はハートの女王。", ["CPU3（ふつう）", "ハートの女王"])) == \
        '<span class="nw">CPU3（ふつう）</span>は<wbr><span class="nw">ハートの女王</span>。'
    assert phrased("Aki wins the game!", ["Aki"]) == "Aki wins the game!"   # not Japanese


def test_the_log_in_japanese_is_drawn_in_phrases_with_names_whole():
    app, host = make_app(hash_="#/new/algo", lang="ja")
    app.act("start", "", {"players": "2", "kind0": "human", "kind1": "easy"})
    host.run_timers()
    html = host.html.split('id="log-list"', 1)[1]
    assert "<wbr>" in html and '<span class="nw">あなた</span>' in html, html[:800]
    app2, host2 = make_app(hash_="#/new/algo", lang="en")
    app2.act("start", "", {"players": "2", "kind0": "human", "kind1": "easy"})
    host2.run_timers()
    assert "<wbr>" not in host2.html.split('id="log-list"', 1)[1]


def test_the_prompt_and_a_lesson_step_in_japanese_are_drawn_in_phrases():
    """The prompt region and a lesson's step break between phrases too (a phone showed
    「あな/た」 in ALTER's prompt and 「ラウ/ンド」 in a lesson step); in English as they were."""
    from ui.page import Page

    for game in ("alter", "bossa", "algo"):
        app, host = make_app(hash_=f"#/new/{game}", lang="ja")
        app.act("start", "", {"players": "3" if game == "alter" else "2", "kind0": "human",
                              "kind1": "easy", "kind2": "easy"})
        host.run_timers()
        prompt = Page(host.html).by_id("prompt")
        if prompt.text:
            assert prompt.where(cls="phrased") and prompt.where(tag="wbr"), (game, prompt.text)
        lesson_app, lesson_host = make_app(hash_=f"#/learn/{game}", lang="ja")
        step = Page(lesson_host.html).by_id("prompt")
        assert step.where(cls="phrased") and step.where(tag="wbr"), (game, step.text)
        # and the refusal's line: a hint 「…ブロ/ックしてください」 broke inside (the walk of
        # issue 26, a lesson's side column on a desktop)
        screen = lesson_app.screen
        move = next(s["expect"][0]["move"] for s in screen.script.lesson.steps if "expect" in s)
        assert screen.play(screen.script.lesson.learner, move) is False     # a step only read
        error = Page(lesson_host.html).where(cls="error")[0]
        assert error.text and error.where(cls="phrased") and error.where(tag="wbr"), (game, error.text)
        english, english_host = make_app(hash_=f"#/learn/{game}", lang="en")
        step = Page(english_host.html).by_id("prompt")
        assert not step.where(cls="phrased") and not step.where(tag="wbr"), (game, step.text)


def test_round_and_result_headings_in_japanese_are_drawn_in_phrases():
    """「（第1ラウン/ド）」 broke inside on a phone (the walk of issue 26): the round summary's
    and the result's headings are phrased too, and a replay's move in words (「Watchしま/した」)
    (a replay of a finished algo game in Japanese, at every move)."""
    from ui.page import Page
    from ui.test_replay import code_of, played

    code = code_of("algo")
    total = len(played("algo").moves)
    app, host = make_app(hash_=f"#replay={code}&move=1", lang="ja")
    headings = 0
    for k in range(1, total + 1):
        if k <= 3:
            what = Page(host.html).where(cls="replay-what")[0]       # the move, in words
            assert what.where(cls="phrased"), (k, what.text)
        if 'id="round-heading"' in host.html or 'id="result-heading"' in host.html:
            for hid in ("round-heading", "result-heading"):
                heading = Page(host.html).by_id(hid)
                if heading is not None and heading.text:
                    headings += 1
                    assert heading.where(cls="phrased"), (k, heading.text)
        app.key("ArrowRight")
    assert headings >= 2
