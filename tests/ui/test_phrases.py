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
