"""Learn to play, in CPython: every game's lesson replays through its engine and is completed
through its UI by following only its own steps (the highlighted spots, the clicks and keys
its moves name), in both languages; a wrong move shows the hint and changes nothing; a reload
resumes; progress is stored strictly and guarded. (In Chromium: tests/e2e/test_lessons.py.)"""

import copy
import json
import re
from html.parser import HTMLParser

import pytest

from bodoge.core.canon import state_hash
from bodoge.games import CATALOG
from bodoge.ui.games import has_lesson
from bodoge.ui.html import h, render
from bodoge.ui.i18n import I18n, tables
from bodoge.ui.lesson import (SPOT_CLASS, Lesson, LessonError, mark_spots, text_of,
                              validate)
from bodoge.ui.storage import (LESSON_PREFIX, SAVE_PREFIX, LessonProgress, Lessons, MemoryStore,
                               StorageError)

from .fakehost import make_app
from .page import Page

GAMES = [g.id for g in CATALOG if g.playable and has_lesson(g.id)]


def test_there_is_a_lesson():
    assert "algo" in GAMES


# --- the data, through the engine ---------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_move_is_legal_and_every_text_is_in_both_languages(game):
    """``validate`` replays the lesson: a rules change that breaks it fails here."""
    match = validate(Lesson.of(game), tables())
    assert match.record.moves, "a lesson plays moves"


@pytest.mark.parametrize("game", GAMES)
def test_a_broken_lesson_fails_validation(game):
    good = Lesson.of(game)

    def broken(change):
        data = copy.deepcopy(good.data)
        change(data)
        with pytest.raises(LessonError):
            validate(Lesson(game, data), tables())

    def bad_scripted(d):
        step = next(s for s in d["steps"] if s.get("then"))
        step["then"][0][1] = {"a": "no such move"}

    def bad_expected(d):
        step = next(s for s in d["steps"] if s.get("expect"))
        step["expect"][0]["move"] = {"a": "no such move"}

    def older_rules(d):
        d["rules"] -= 1

    def missing_text(d):
        d["steps"][0]["text"] = f"{game}.lesson.no_such_text"

    def no_hint(d):
        next(s for s in d["steps"] if s.get("expect")).pop("hint")

    def no_wrong(d):
        for s in d["steps"]:
            s.pop("wrong", None)

    for change in (bad_scripted, bad_expected, older_rules, missing_text, no_hint, no_wrong):
        broken(change)


def test_a_move_matches_an_entry_but_for_its_free_fields():
    step = {"expect": [{"move": {"a": "attack", "s": 1, "n": 6, "w": 5}, "free": ["w"], "do": []}]}
    assert Lesson.accepts(step, {"a": "attack", "s": 1, "n": 6, "w": 2}) is step["expect"][0]
    assert Lesson.accepts(step, {"a": "attack", "s": 1, "n": 6}) is step["expect"][0]
    assert Lesson.accepts(step, {"a": "attack", "s": 1, "n": 7, "w": 5}) is None
    assert Lesson.accepts(step, {"a": "attack", "s": 1, "n": 6, "w": 5, "x": 1}) is None
    assert Lesson.accepts(step, "stay") is None
    assert Lesson.accepts({}, {"a": "stay"}) is None


def test_spots_are_marked_by_name_and_described():
    tree = h("div", {"class_": "board"},
             h("button", {"data_spot": "card:1:0", "class_": "card", "data_act": "target"}, "?"),
             [h("span", {"data_spot": "deck"}, "deck")],
             h("span", {"data_spot": "drawn"}))
    html = render(mark_spots(tree, {"card:1:0", "deck"}))
    assert f'class="card {SPOT_CLASS}"' in html
    assert f'<span data-spot="deck" class="{SPOT_CLASS}" aria-describedby="lesson-look">' in html
    assert '<span data-spot="drawn"></span>' in html
    assert render(tree).count(SPOT_CLASS) == 0          # the game's own tree is left as it was


def test_a_spot_already_described_keeps_its_description_and_gets_the_lessons():
    # Bossa's Confirm is described by the prompt: the lesson's line is added beside it
    tree = h("button", {"data_spot": "button:confirm", "aria_describedby": "prompt"}, "Place")
    html = render(mark_spots(tree, {"button:confirm"}))
    assert 'aria-describedby="prompt lesson-look"' in html
    again = render(mark_spots(mark_spots(tree, {"button:confirm"}), {"button:confirm"}))
    assert again.count("lesson-look") == 1


# --- following a lesson through the UI ----------------------------------------------------------
class Spots(HTMLParser):
    """Every element with ``data-spot``: its attributes and the ``data-act`` it is in."""

    VOID = {"input", "br", "img", "hr", "meta", "link"}

    def __init__(self, html):
        super().__init__()
        self.stack, self.found = [], {}
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        acts = [a for a in self.stack if "data-act" in a and a["tag"] not in ("form", "select", "input")]
        attrs["tag"] = tag
        if "data-spot" in attrs:
            act = attrs if "data-act" in attrs else (acts[-1] if acts else None)
            self.found.setdefault(attrs["data-spot"], []).append((attrs, act))
        if tag not in self.VOID:
            self.stack.append(attrs)

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()["tag"] == tag:
                break


def spot(host, name):
    found = Spots(host.html).found.get(name, [])
    assert len(found) == 1, f"spot {name!r} is on the screen {len(found)} times"
    return found[0]


def highlighted(host, name):
    attrs, _ = spot(host, name)
    return (SPOT_CLASS in attrs.get("class", "").split()
            and "lesson-look" in attrs.get("aria-describedby", "").split())


def perform(app, host, action):
    if "click" in action:
        attrs, act = spot(host, action["click"])
        assert act is not None, f"spot {action['click']!r} cannot be clicked"
        app.act(act["data-act"], act.get("data-arg", ""), {})
    else:
        app.key(action["key"])
    host.run_timers()


def error_text(host):
    class Err(HTMLParser):
        def __init__(self):
            super().__init__()
            self.depth, self.text = 0, []

        def handle_starttag(self, tag, attrs):
            if tag == "wbr":            # (a Japanese hint's phrases: a void tag, no end tag)
                return
            if self.depth or ("class", "error") in attrs:
                self.depth += 1

        def handle_endtag(self, tag):
            if self.depth:
                self.depth -= 1

        def handle_data(self, data):
            if self.depth:
                self.text.append(data)

    p = Err()
    p.feed(host.html)
    return " ".join("".join(p.text).split())


def follow(app, host, game, lang, stop=None, tried=None, touch=False):
    """Complete the lesson from the step shown, as a learner who does what it says; try each
    step's ``wrong`` on the way (``tried`` collects the steps). ``stop``: return before
    that step. ``touch``: on a touch screen (its texts' touch wording is shown)."""
    t = I18n(lang).t
    lesson = Lesson.of(game)
    screen = app.screen
    while not screen.script.finished:
        host.run_timers()
        i = screen.script.at
        if i == stop:
            return screen
        step = lesson.steps[i]
        assert not screen.script.queue
        shown = text_of(t, step["text"], touch)
        # (whitespace aside: in Japanese the text is its phrases, which Text.of spaces apart)
        assert "".join(shown.split()) in "".join(host.text().split()), \
            f"step {i + 1}: its text is not shown"
        assert f"{i + 1} / {lesson.total}" in host.text()
        for name in step.get("spots", ()):
            assert highlighted(host, name), f"step {i + 1}: {name} is not highlighted"
        if "expect" not in step:
            assert host.has(r'id="lesson-next"[^>]*data-act="lesson-next"'), f"step {i + 1}: no Next"
            app.act("lesson-next", "", {})
            host.run_timers()
            continue
        if "wrong" in step:
            before = (state_hash(screen.match.state), len(screen.match.record.moves))
            for action in step["wrong"]:
                perform(app, host, action)
            assert error_text(host) == text_of(t, step["hint"], touch), f"step {i + 1}: no hint"
            assert (state_hash(screen.match.state), len(screen.match.record.moves)) == before
            assert screen.script.at == i
            if tried is not None:
                tried.append(i)
        for action in step["expect"][0]["do"]:
            if "click" in action:
                assert highlighted(host, action["click"]), f"step {i + 1}: {action} not highlighted"
            perform(app, host, action)
        host.run_timers()
        assert screen.script.at > i, f"step {i + 1}: following {step['expect'][0]['do']} did not play its move"
    return screen


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_the_lesson_is_completed_by_following_its_steps(game, lang):
    app, host = make_app(hash_=f"#/learn/{game}", lang=lang)
    assert app.screen.script is not None
    tried = []
    screen = follow(app, host, game, lang, tried=tried)
    assert tried, "a wrong try was made"
    assert screen.script.finished and host.has('id="lesson-end-heading"')
    assert Page(host.html).by_id("lesson-play").role == "button"
    progress = Lessons(host.store).get(game)
    assert progress.done and progress.step == 0 and progress.moves == []
    assert not any(k.startswith(SAVE_PREFIX) for k in host.store.data), "a lesson is not a save"


MOUSE_WORDS = re.compile(r"(?i:click)|\bEsc(?:ape)?\b|\bSpace\b|クリック|スペース|\bpress [A-Z0-9]\b|[A-Z0-9]キー")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_no_click_esc_or_space_in_a_lesson_on_a_touch_screen(game, lang):
    """Every step's text and hint as a touch screen shows them (issue 26): a finger taps; it
    has no Escape or Space key."""
    t = I18n(lang).t
    texts = [text_of(t, step[k], touch=True) for step in Lesson.of(game).steps
             for k in ("text", "hint") if k in step]
    texts += [t(k) for k in ("lesson.next_hint", "lesson.wait", "lesson.finished",
                             "lesson.end_body")]
    said = [text for text in texts if MOUSE_WORDS.search(text)]
    assert not said, said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_touch_screen_shows_the_lessons_touch_wording(lang):
    """ALLUVIUM's lesson followed on a touch screen: each step and each hint is shown in its
    touch wording ("tap the marked square twice"), not the mouse's."""
    app, host = make_app(lang=lang)
    host.touch_screen = True
    app.route("#/learn/alluvium")
    first = Lesson.of("alluvium").steps[2]
    assert text_of(I18n(lang).t, first["text"], touch=True) != text_of(I18n(lang).t, first["text"])
    screen = follow(app, host, "alluvium", lang, touch=True)
    assert screen.script.finished and not MOUSE_WORDS.search(host.text())


@pytest.mark.parametrize("game", GAMES)
def test_a_move_the_step_does_not_ask_for_is_refused_with_a_hint(game):
    app, host = make_app(hash_=f"#/learn/{game}")
    screen = app.screen
    lesson = Lesson.of(game)
    first = next(i for i, s in enumerate(lesson.steps) if "expect" in s)
    move = lesson.steps[first]["expect"][0]["move"]
    assert "expect" not in lesson.steps[0]
    before = state_hash(screen.match.state)
    # a step that is only read refuses every move, even the one the lesson asks for next
    assert screen.play(lesson.learner, move) is False
    assert error_text(host) == "Read this step, then press Next."
    assert state_hash(screen.match.state) == before and screen.script.at == 0
    follow(app, host, game, "en", stop=first)
    other = next(m for m in screen.gui.game.legal_moves(screen.match.state, lesson.learner)
                 if lesson.accepts(lesson.steps[first], m) is None)
    before = state_hash(screen.match.state)
    assert screen.play(lesson.learner, other) is False
    assert error_text(host) == text_of(I18n("en").t, lesson.steps[first]["hint"])
    assert state_hash(screen.match.state) == before and screen.script.at == first
    assert screen.play(lesson.learner, move) is True and screen.script.at == first + 1
    assert error_text(host) == ""


@pytest.mark.parametrize("game", GAMES)
def test_a_reload_resumes_at_the_same_step(game):
    lesson = Lesson.of(game)
    # the first step whose scripted moves follow a learner's move, and a later step
    app, host = make_app(hash_=f"#/learn/{game}")
    for stop in range(1, lesson.total):
        before = app.screen
        follow(app, host, game, "en", stop=stop)
        state = state_hash(before.match.state)
        again, host2 = make_app(MemoryStore(dict(host.store.data)), hash_=f"#/learn/{game}")
        assert again.screen.script.at == stop, f"reloaded at step {stop + 1}"
        assert state_hash(again.screen.match.state) == state
        assert again.screen.script.moves == before.script.moves
        assert (again.screen.pause is None) == (before.pause is None)


@pytest.mark.parametrize("game", GAMES)
def test_a_reload_while_scripted_moves_play_resumes_after_them(game):
    lesson = Lesson.of(game)
    i = next(i for i, s in enumerate(lesson.steps) if "expect" in s and s.get("then"))
    app, host = make_app(hash_=f"#/learn/{game}")
    follow(app, host, game, "en", stop=i)
    for action in lesson.steps[i]["expect"][0]["do"]:
        attrs, act = spot(host, action["click"]) if "click" in action else (None, None)
        if act:
            app.act(act["data-act"], act.get("data-arg", ""), {})
        else:
            app.key(action["key"])
    assert app.screen.script.queue, "the scripted moves wait for their timers"
    again, _ = make_app(MemoryStore(dict(host.store.data)), hash_=f"#/learn/{game}")
    host.run_timers()
    assert again.screen.script.at == i + 1
    assert state_hash(again.screen.match.state) == state_hash(app.screen.match.state)


def test_restart_skip_and_the_first_game():
    app, host = make_app(hash_="#/learn/algo")
    follow(app, host, "algo", "en", stop=6)
    app.act("lesson-skip", "", {})
    assert host.hash == "#/new/algo" and type(app.screen).__name__ == "SetupScreen"
    assert "Continue the lesson" in host.text()          # the setup screen offers it
    app.route("#/")
    assert Page(host.html).by_id("learn-algo") is not None and "Continue the lesson" in host.text()
    app.route("#/learn/algo")
    assert app.screen.script.at == 6                            # skipped: kept where it was
    app.act("lesson-restart", "", {})
    assert app.screen.script.at == 0 and not app.screen.match.record.moves
    screen = follow(app, host, "algo", "en")
    assert screen.script.finished
    app.route("#/")
    assert "lesson done" in host.text()
    app.route("#/learn/algo")                             # again, from its beginning
    assert app.screen.script.at == 0 and not app.screen.script.finished
    follow(app, host, "algo", "en")
    app.act("lesson-play", "", {})
    play = app.screen
    assert type(play).__name__ == "Session" and host.hash.startswith("#/play/")
    assert [s["bot"] for s in play.seats] == [None, "easy"]
    assert play.match.record.options == {"players": 2}
    assert len(app.saves.scan()[0]) == 1


def test_the_shelf_and_the_setup_screen_offer_the_lesson():
    app, host = make_app()
    for g in GAMES:
        assert Page(host.html).where(tag="a", href=f"#/learn/{g}")
    assert "Learn to play" in host.text()
    app.route("#/new/algo")
    assert Page(host.html).where(tag="a", href="#/learn/algo")
    app.route("#/learn/nosuchgame")
    assert type(app.screen).__name__ == "ShelfScreen"


def test_the_lesson_speaks_japanese():
    app, host = make_app(hash_="#/learn/algo", lang="ja")
    text = "".join(host.text().split())      # (the step's text is drawn as its phrases)
    assert "次へ" in text and "レッスンを飛ばす" in text and "アルゴは推理のゲーム" in text


# --- progress in storage -------------------------------------------------------------------------
def lesson_key(game="algo"):
    return LESSON_PREFIX + game


@pytest.mark.parametrize("text", [
    "{", "[]", "null", '{"v": 2}', "x" * 40_000,
    '{"v": 1, "sig": "zz", "step": 1, "moves": [], "done": false}',
    '{"v": 1, "sig": "0123456789abcdef", "step": -1, "moves": [], "done": false}',
    '{"v": 1, "sig": "0123456789abcdef", "step": true, "moves": [], "done": false}',
    '{"v": 1, "sig": "0123456789abcdef", "step": 0, "moves": [{}], "done": false}',
    '{"v": 1, "sig": "0123456789abcdef", "step": 1, "moves": [], "done": "yes"}',
    '{"v": 1, "sig": "0123456789abcdef", "step": 1, "moves": ' + "[" * 30 + "]" * 30 + ', "done": false}',
])
def test_a_damaged_progress_entry_starts_the_lesson_over(text):
    store = MemoryStore({lesson_key(): text})
    assert Lessons(store).get("algo") is None
    app, host = make_app(store, hash_="#/learn/algo")
    assert app.screen.script.at == 0 and not app.screen.match.record.moves
    app.route("#/")
    assert Page(host.html).by_id("learn-algo") is not None  # the shelf is untouched by it
    app.route("#/learn/algo")
    follow(app, host, "algo", "en", stop=2)
    assert Lessons(store).get("algo").step == 2             # the next step written over it


def test_progress_that_does_not_fit_the_lesson_starts_over():
    lesson = Lesson.of("algo")
    cases = [
        LessonProgress("0123456789abcdef", 6, [{"a": "attack", "s": 1, "p": 0, "n": 1}]),   # another lesson
        LessonProgress(lesson.sig, 6, [{"a": "attack", "s": 1, "p": 0, "n": 2}, {"a": "stay"}]),  # refused move
        LessonProgress(lesson.sig, 6, [{"a": "attack", "s": 1, "p": 0, "n": 1}]),           # a move short
        LessonProgress(lesson.sig, 2, [{"a": "stay"}]),                                     # a move too many
        LessonProgress(lesson.sig, lesson.total, []),                                       # past the end
    ]
    for progress in cases:
        store = MemoryStore({lesson_key(): progress.to_json()})
        app, _ = make_app(store, hash_="#/learn/algo")
        assert app.screen.script.at == 0, progress.to_json()
    good = LessonProgress(lesson.sig, 6, [{"a": "attack", "s": 1, "p": 0, "n": 1}, {"a": "stay"}], True)
    app, _ = make_app(MemoryStore({lesson_key(): good.to_json()}), hash_="#/learn/algo")
    assert app.screen.script.at == 6 and app.screen.script.done_before


def test_a_free_field_is_replayed_as_the_learner_chose_it():
    """The stake of the empty-deck attack is free: a reload replays the learner's own card."""
    lesson = Lesson.of("algo")
    i = next(i for i, s in enumerate(lesson.steps) if s.get("expect") and s["expect"][0].get("free"))
    app, host = make_app(hash_="#/learn/algo")
    screen = follow(app, host, "algo", "en", stop=i)
    move = dict(lesson.steps[i]["expect"][0]["move"])
    own = [p for p, c in enumerate(screen.match.state["rows"][lesson.learner]) if not c["up"]]
    move["w"] = next(p for p in own if p != move["w"])
    assert screen.play(lesson.learner, move)
    host.run_timers()
    again, _ = make_app(MemoryStore(dict(host.store.data)), hash_="#/learn/algo")
    assert again.screen.script.at == i + 1 and again.screen.script.moves[-1] == move
    assert state_hash(again.screen.match.state) == state_hash(screen.match.state)


class Refusing(MemoryStore):
    def set(self, key, value):
        if key.startswith(LESSON_PREFIX):
            raise StorageError("full")
        super().set(key, value)


class Throwing(MemoryStore):
    def set(self, key, value):
        if key.startswith(LESSON_PREFIX):
            raise RuntimeError("a browser's own way of refusing")
        super().set(key, value)


@pytest.mark.parametrize("store", [Refusing, Throwing, lambda: MemoryStore(persistent=False)])
def test_a_lesson_goes_on_when_progress_cannot_be_stored(store):
    app, host = make_app(store(), hash_="#/learn/algo")
    screen = follow(app, host, "algo", "en")
    assert screen.script.finished


def test_progress_round_trips_and_is_bounded():
    p = LessonProgress("0123456789abcdef", 3, [{"a": "stay"}], True)
    q = LessonProgress.from_json(p.to_json())
    assert (q.sig, q.step, q.moves, q.done) == (p.sig, p.step, p.moves, p.done)
    store = MemoryStore()
    big = LessonProgress("0123456789abcdef", 1000, [{"a": "x" * 150}] * 300)
    assert Lessons(store).put("algo", big) is False and not store.data
    assert Lessons(store).get("../x") is None
    assert json.loads(p.to_json())["v"] == 1


def test_the_page_api_tells_a_test_what_the_step_asks():
    from bodoge.ui.devapi import Api

    app, host = make_app(hash_="#/learn/algo", lang="ja")
    api = Api(app)
    lesson = Lesson.of("algo")
    state = json.loads(api.lesson())
    assert (state["step"], state["total"], state["expect"], state["busy"]) == (0, lesson.total, False, False)
    assert state["look"] == ["row:1", "row:0"] and state["text"].startswith("アルゴは")
    follow(app, host, "algo", "ja", stop=4)
    state = json.loads(api.lesson())
    assert state["expect"] and state["do"] == lesson.steps[4]["expect"][0]["do"]
    assert state["spots"] == ["card:1:0", "num:1"] and state["wrong"]
    assert state["hint"] == I18n("ja").t("algo.lesson.attack_hint")
    app.route("#/")
    assert api.lesson() == ""


def test_the_shelf_knows_which_games_have_a_lesson_without_importing_them():
    import subprocess
    import sys

    from bodoge.games import CATALOG as ALL
    from bodoge.ui.lesson import lesson_data

    assert [has_lesson(g.id) for g in ALL] == [lesson_data(g.id) is not None for g in ALL]
    assert not has_lesson("nonesuch") and not has_lesson("../ui")
    # a first visit's shelf (no lesson begun) reads no lesson, and no game's rules
    # (the shelf's pictures come made by the build: tools/build.py), nor the setup and rules
    # screens, nor hashlib and secrets (10 ms of a boot in Pyodide, benchmarks/platform.md)
    code = ("import sys; from bodoge.ui import pictures; from bodoge.games import CATALOG; "
            "pictures._CACHE.update({g.id: None for g in CATALOG}); "
            "from ui.fakehost import make_app; app, host = make_app(hash_='#/'); "
            "assert 'Learn to play' in host.text(); "
            "print(sorted(m for m in sys.modules if m.startswith(('bodoge.games.', 'bodoge.ui.lesson', "
            "'bodoge.ui.pages', 'hashlib', 'secrets'))))")
    root = __file__.rsplit("/tests/", 1)[0]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": f"{root}/py:{root}/tests"}).stdout
    assert out.strip() == "[]", out
