"""The frame's half of analysis (CPython, with a fake ``GameUI.analysis``): the Training
option, the Analysis panel in training games and replays (only what the seat may know), a
generator run in slices, and the result saying it was a training game."""

import pytest

from bodoge.core.match import Match
from bodoge.games import PLAYABLE, get_game
from bodoge.ui.games import GameUI, game_ui
from bodoge.ui.html import h
from bodoge.ui.games import has_analysis

from .fakehost import make_app
from .page import Page
from .test_replay import code_of

FORM = {"players": "2", "kind0": "human", "kind1": "normal"}


@pytest.fixture
def hook(monkeypatch):
    """Give Bossa's UI an analysis that records what it was given."""
    calls = []
    gui = game_ui("bossa")

    def analysis(self, view, seat, ctx):
        calls.append((view, seat, ctx.viewer))
        return h("p", {"class_": "fake-analysis"}, f"seat {seat}: {len(view['log'])} events")
    monkeypatch.setattr(type(gui), "analysis", analysis)
    return calls


def panel(html):
    """The Analysis panel on the page, or None."""
    found = Page(html).where(tag="section", cls="analysis")
    return found[0] if found else None


def training_box(host):
    """The setup's Training checkbox, or None."""
    box = Page(host.html).by_id("training")
    assert box is None or (box.role == "checkbox" and box.attrs.get("name") == "training")
    return box


def start(app, training):
    app.route("#/new/bossa")
    app.act("start", "", dict(FORM, training=training))
    return app.screen


def test_no_hook_no_training_option_and_no_panel():
    assert not has_analysis(game_ui("playme"))         # Play Me! (real time) has none
    app, host = make_app(hash_="#/new/playme")
    assert training_box(host) is None
    app.act("start", "", dict(FORM, training=True))
    assert "training" not in app.screen.match.record.meta
    assert panel(host.html) is None
    app.route(f"#replay={code_of('playme')}&move=2")
    assert panel(host.html) is None


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_games_with_an_analysis_and_only_they_offer_training(game_id):
    app, host = make_app(hash_=f"#/new/{game_id}")
    assert (training_box(host) is not None) == has_analysis(game_ui(game_id))


def test_algo_alter_and_bossa_have_an_analysis():
    assert [g for g in PLAYABLE if has_analysis(game_ui(g))] == ["algo", "alter", "bossa"]


def test_training_is_off_by_default_and_only_against_computers(hook):
    app, host = make_app(hash_="#/new/bossa")
    assert not training_box(host).checked
    assert "Training: show the analysis" in host.text()
    screen = start(app, False)
    assert "training" not in screen.match.record.meta and panel(host.html) is None
    app.route("#/new/bossa")
    app.act("start", "", {"players": "2", "kind0": "human", "kind1": "human", "training": True})
    assert "training" not in app.screen.match.record.meta


def test_a_training_game_shows_the_person_s_own_analysis_on_every_position(hook):
    app, host = make_app()
    screen = start(app, True)
    host.run_timers()
    assert screen.match.record.meta["training"] is True
    box = panel(host.html)
    assert box and "Analysis" in box.words and box.where(cls="fake-analysis")
    assert box.attrs.get("tabindex") == "0"                 # it may scroll: the keyboard reaches it
    view, seat, viewer = hook[-1]
    assert seat == 0 and viewer == 0 and view == screen.match.view(0)
    # the panel sits above the moves, in the log's column (the drawer on phones)
    ids = [el.id for el in Page(host.html).where(tag="section", cls="log panel")[0].walk()]
    assert "analysis" in ids and ids.index("analysis") < ids.index("log-list")
    # asked again only for a new position (or language)
    n = len(hook)
    app.refresh()
    assert len(hook) == n
    app.act("lang", "ja")
    assert len(hook) == n + 1 and "分析" in panel(host.html).words
    # the record says it: the result will too, and a reload keeps it
    again = Match.from_code(app.saves.get(screen.slot.id).code)
    assert again.record.meta["training"] is True


def test_a_thinking_analysis_runs_in_slices_and_a_new_position_drops_it(monkeypatch):
    gui = game_ui("bossa")
    steps = []

    def analysis(self, view, seat, ctx):
        def gen():
            for i in range(5):
                steps.append(len(view["log"]))
                yield
            return h("p", {"class_": "done"}, f"done at {len(view['log'])}")
        return gen()
    monkeypatch.setattr(type(gui), "analysis", analysis)
    app, host = make_app()
    screen = start(app, True)
    assert "Analysing…" in panel(host.html).words
    host.run_timers()
    assert panel(host.html).where(cls="done")
    assert f"done at {len(screen.match.view(0)['log'])}" in panel(host.html).words
    assert screen.analysis.busy is False


def test_the_result_of_a_training_game_says_so(hook):
    rec = Match.from_code(code_of("bossa", people=1)).record
    rec.meta["training"] = True
    from bodoge.core.record import encode
    app, host = make_app(hash_=f"#load={encode(rec)}")
    box = Page(host.html).where(tag="section", cls="overlay result")[0]
    assert "Training game: analysis was on." in box.words
    app, host = make_app(hash_=f"#load={code_of('bossa', people=1)}")
    assert "Training game" not in host.text()


def test_a_replay_analyses_only_what_the_seat_shown_knew(hook):
    # a shared game in progress: the spectator's view, seat None
    code = code_of("bossa", moves=4, people=1)
    app, host = make_app(hash_=f"#replay={code}&move=2")
    screen = app.screen
    assert panel(host.html) and hook[-1][1] is None
    assert hook[-1][0] == screen.match.game.view(screen.history.state(2), None)
    app.key("ArrowRight")
    assert hook[-1][0] == screen.match.game.view(screen.history.state(3), None)
    # a finished game shown whole: the seat to move, from its own view
    code = code_of("bossa", people=1)
    app, host = make_app(hash_=f"#replay={code}&move=3")
    screen = app.screen
    state = screen.history.state(3)
    mover = get_game("bossa").to_move(state)[0]
    assert hook[-1][1] == mover and hook[-1][0] == get_game("bossa").view(state, mover)
    assert hook[-1][2] is None          # named by its name, never "you" (the walk of issue 26)
    # a seat picked: that seat, "you" as the board says
    app.act("replay-seat", "replay-seat", {"seat": "1"})
    assert hook[-1][1] == 1 and hook[-1][0] == get_game("bossa").view(state, 1)
    assert hook[-1][2] == 1


def test_the_default_hook_is_none():
    assert GameUI().analysis({}, None, None) is None


def test_a_newer_position_drops_the_analysis_still_thinking(monkeypatch):
    gui = game_ui("bossa")
    steps = []

    def analysis(self, view, seat, ctx):
        def gen():
            for _ in range(3):
                steps.append(view.get("tag"))
                yield
            return view.get("tag")
        return gen()
    monkeypatch.setattr(type(gui), "analysis", analysis)
    app, host = make_app()
    screen = start(app, True)
    screen.analysis.get("old", lambda: ({"tag": "old"}, 0, screen.ctx(0)))
    host.run_timers(limit=1)                       # one slice of the old one (a slow clock)
    assert screen.analysis.get("new", lambda: ({"tag": "new"}, 0, screen.ctx(0))) is screen.analysis.THINKING
    host.run_timers(limit=20)
    assert steps.count("new") == 3 and steps.count("old") < 3


def test_the_training_box_is_kept_whatever_the_game_s_form_keeps(monkeypatch):
    gui = game_ui("algo")             # algo's setup_values keeps its own fields only
    monkeypatch.setattr(type(gui), "analysis", lambda self, view, seat, ctx: h("p", {}, "x"))
    app, host = make_app(hash_="#/new/algo")
    app.act("setup-change", "players", {"players": "2", "training": True})
    assert training_box(host).checked
    app.act("setup-change", "mode", {"players": "2"})          # a change without the box
    app.act("start", "", {"players": "2", "kind0": "human", "kind1": "normal", "training": True})
    assert app.screen.match.record.meta.get("training") is True and panel(host.html)


def test_the_analysis_is_given_the_seat_s_latest_move_from_its_own_view_before(monkeypatch):
    gui = game_ui("bossa")
    seen = []

    def analysis(self, view, seat, ctx):
        seen.append((seat, ctx.played))
        return h("p", {}, "x")
    monkeypatch.setattr(type(gui), "analysis", analysis)
    game = get_game("bossa")
    code = code_of("bossa", people=1)
    app, host = make_app(hash_=f"#replay={code}&move=6")
    screen = app.screen
    app.act("replay-seat", "replay-seat", {"seat": "1"})
    seat, got = seen[-1]
    moves = screen.match.record.moves
    i = max(j for j in range(6) if moves[j][0] == 1 and screen.match.chosen(j))
    assert seat == 1 and got.index == i and got.move == moves[i][1] and got.last == (i == 5)
    assert got.before == game.view(screen.history.state(i), 1)
    # a spectator has no moves of its own
    code = code_of("bossa", moves=6, people=1)
    app, host = make_app(hash_=f"#replay={code}&move=6")
    assert seen[-1] == (None, None)
    # a training game: the person's own latest move
    app, host = make_app()
    screen = start(app, True)
    host.run_timers()
    assert 0 in screen.match.to_move() and not any(s == 0 for s, _ in screen.match.record.moves)
    assert seen[-1] == (0, None)                   # nothing played yet
    before = screen.match.view(0)
    screen.play(0, game.legal_moves(screen.match.state, 0)[0])
    host.run_timers()
    seat, got = seen[-1]
    mine = [j for j, (s, _) in enumerate(screen.match.record.moves) if s == 0 and screen.match.chosen(j)]
    assert seat == 0 and got.index == mine[-1] and got.before == before
