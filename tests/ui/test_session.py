"""The composed midend (bodoge.ui.session): one session class, never subclassed; a lesson, a
guest's device, a real-time game and a replay are parts and controllers of it, not subclasses;
what the screen shows is read from the session's snapshot or by role and name."""

import ast

import pytest
import os

from bodoge.games import CATALOG
from bodoge.ui.games import Action, GameUI, Move, action, game_ui, handlers
from bodoge.ui.session import Session

from ui.fakehost import make_app
from ui.page import Page

PY = os.path.join(os.path.dirname(__file__), "..", "..", "py", "bodoge")


def sources():
    for folder, _, files in os.walk(PY):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    yield os.path.relpath(path, PY), ast.parse(f.read())


def test_no_class_extends_the_midend_and_no_class_is_built_with_type():
    midend = {"Session", "ReplaySession", "SlotSaver", "RealTime", "LessonScript", "HostTable",
              "GuestTable", "PlayScreen"}
    for path, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases}
                assert not bases & midend, f"{path}: {node.name} extends {bases & midend}"
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type"
                    and len(node.args) == 3):
                raise AssertionError(f"{path}:{node.lineno}: a class built with type()")


def test_every_game_is_played_by_the_one_session_class():
    for g in (g for g in CATALOG if g.playable):
        app, host = make_app(hash_=f"#/new/{g.id}")
        app.act("start", "", {})
        host.run_timers(limit=1)
        assert type(app.screen) is Session, g.id
        assert app.screen.game.id == g.id


def test_a_snapshot_says_what_the_screen_shows():
    app, host = make_app(hash_="#/new/algo")
    app.act("start", "", {"players": "2", "kind0": "human", "kind1": "easy"})
    host.run_timers()
    snap = app.screen.snapshot()
    assert snap["game"] == "algo" and snap["viewer"] == 0 and snap["to_move"] == [0]
    assert snap["overlay"] is None and snap["dialog"] is None and snap["error"] is None
    assert "attack" in snap["prompt"] and snap["log"]
    page = Page(host.html)
    assert page.get("heading", "algo").tag == "h1"
    app.act("share")
    assert app.screen.snapshot()["dialog"] == "share"
    assert Page(host.html).get("dialog", "Share this game").get("button", "Close")


def test_a_game_declares_each_action_once():
    class Toy(GameUI):
        game_id = "algo"

        @action("pick", "unpick")
        def pick(self, arg, view, sel, ctx):
            sel[ctx.acted] = arg
            return True

        @action("go")
        def go(self, arg, view, sel, ctx):
            return Move(1, {"a": "go"}) if arg == "other" else Action("pause")

    class Ctx:
        pass

    toy = Toy()
    assert set(handlers(Toy)) == {"pick", "unpick", "go"}
    sel = {}
    assert toy.act("unpick", "3", {}, sel, Ctx()) is True and sel == {"unpick": "3"}
    assert toy.act("go", "other", {}, sel, Ctx()) == Move(1, {"a": "go"})
    assert toy.act("go", "", {}, sel, Ctx()) == Action("pause")
    assert toy.act("nothing", "", {}, sel, Ctx()) is None


def algo_game(touch, confirm="auto"):
    """A two-player algo game against the computer at the person's first attack; the
    opponent's first face-down card is ``target``."""
    app, host = make_app(hash_="#/new/algo")
    host.touch_screen = touch
    app.settings.confirm = confirm
    app.act("start", "", {"players": "2", "kind0": "human", "kind1": "easy"})
    host.run_timers()
    from .test_app import open_numbers

    view = app.screen.match.view(0)
    # the first face-down card with two numbers the pad declares at once (``free``)
    p = next(p for p, c in enumerate(view["rows"][1])
             if not c["up"] and len(open_numbers(view, 1, p)) >= 2)
    app.target, app.free = f"1-{p}", [str(n) for n in open_numbers(view, 1, p)[:2]]
    return app, host


def test_on_a_touch_screen_a_declaration_waits_for_a_second_tap_or_confirm():
    app, host = algo_game(touch=True)
    s = app.screen
    moves = len(s.match.record.moves)
    app.act("target", app.target)
    app.act("declare", app.free[0])
    snap = s.snapshot()
    assert snap["pending"] == {"a": "attack", "s": 1, "p": int(app.target[2:]), "n": int(app.free[0])}
    assert snap["moves"] == moves
    page = Page(host.html)
    assert page.get("button", "Confirm").attrs["data-act"] == "confirm-move"
    assert page.has("button", "Cancel") and not page.has("button", "Take back")
    app.act("declare", app.free[0])                              # the same control again: played
    assert s.snapshot()["pending"] is None and len(s.match.record.moves) == moves + 1


def test_a_pending_move_is_confirmed_by_its_button_or_dropped_by_escape_or_another_tap():
    app, host = algo_game(touch=False, confirm="on")
    s = app.screen
    moves = len(s.match.record.moves)
    app.act("target", app.target)
    app.act("declare", app.free[0])
    assert app.key("Escape") and s.pending is None and len(s.match.record.moves) == moves
    app.act("declare", app.free[0])
    app.act("declare", app.free[1])                              # another number: that one waits now
    assert s.pending[1]["n"] == int(app.free[1]) and len(s.match.record.moves) == moves
    app.act("confirm-cancel")
    assert s.pending is None and not Page(host.html).has("button", "Confirm")
    app.act("declare", app.free[1])
    app.act("confirm-move")
    assert len(s.match.record.moves) == moves + 1


def test_with_a_mouse_a_move_is_made_at_once_and_never_in_real_time_or_a_lesson():
    app, host = algo_game(touch=False)
    s = app.screen
    moves = len(s.match.record.moves)
    app.act("target", app.target)
    app.act("declare", app.free[0])
    assert s.pending is None and len(s.match.record.moves) > moves
    app2, host2 = make_app(hash_="#/new/playme")
    host2.touch_screen = True
    app2.act("start", "", {})
    assert not app2.screen.confirming()
    app3, host3 = make_app(hash_="#/learn/algo")
    host3.touch_screen = True
    assert not app3.screen.confirming()


@pytest.mark.parametrize("game_id,asked", [("algo", True), ("alter", False), ("bossa", False),
                                           ("alluvium", False)])
def test_a_game_that_confirms_its_own_moves_is_not_asked_twice(game_id, asked):
    """ALTER's Change and Watch, Bossa's placements and ALLUVIUM's drawings wait for their
    own Confirm (or second tap) already; algo's declarations wait for the session's."""
    app, host = make_app(hash_=f"#/new/{game_id}")
    host.touch_screen = True
    gui = game_ui(game_id)
    values = gui.default_setup()
    app.act("start", "", {k: str(v) for k, v in values.items()})
    for _ in range(50):
        host.run_timers()
        s = app.screen
        if s.viewer is not None and s.viewer in s.match.to_move() and s.handover is None:
            break
    s = app.screen
    game = s.game
    legal = game.legal_moves(s.match.state, s.viewer)
    moves = [m for m in legal
             if game.undoable(s.match.state, s.viewer, m, game.apply(s.match.state, s.viewer, m)) is not True]
    moves = moves or legal            # (ALLUVIUM's first piece can be taken back: any will do)
    # (algo: not a bluff, which its pad has already asked for twice)
    view, ctx = s.match.view(s.viewer), s.ctx(s.viewer)
    moves = [m for m in moves if gui.confirms(view, m, ctx) is not False] or moves
    assert s.wants_confirm(s.viewer, moves[0], s.ctx(s.viewer)) is asked


def test_the_confirm_setting_is_chosen_on_the_shelf_and_kept():
    app, host = make_app(hash_="#/")
    select = Page(host.html).get("combobox", "Confirm moves")
    assert [o.attrs["value"] for o in select.all("option")] == ["auto", "on", "off"]
    app.act(select.attrs["data-act"], "", {"confirm": "on"})
    assert app.settings.confirm == "on"
    again, _ = make_app(host.store, hash_="#/")
    assert again.settings.confirm == "on"
