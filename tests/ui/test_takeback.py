"""Take-backs on the play screen (CPython): the button beside the prompt, U and Ctrl+Z; what it
takes back (the person's latest move and the computers' after it), what it refuses and how it
says why; the computer's pending reply cancelled; the save follows. The games' own policies
(``Game.undoable``) are stood in for by monkeypatched hooks."""

import json

import pytest

from bodoge.core.match import Match
from bodoge.games import get_game
from bodoge.games.algo import ui as algo_ui
from bodoge.ui.app import App
from bodoge.ui.storage import SAVE_PREFIX, SETTINGS_KEY, SPEEDS

from .fakehost import FakeHost, make_app
from .page import Page
from .test_app import human_turn, start_algo


@pytest.fixture
def policy(monkeypatch):
    """``policy(fn)``: algo's ``undoable`` becomes ``fn(before, seat, move, after)``."""
    game = get_game("algo")
    # algo stands for a game with this policy, shown as most games show Take back: greyed,
    # saying why, when refused (algo itself shows it only when it can be used)
    monkeypatch.setattr(type(algo_ui.UI), "takeback_greyed", True)

    def set_(fn):
        monkeypatch.setattr(type(game), "undoable", lambda self, b, s, m, a: fn(b, s, m, a))
    return set_


def button(html):
    """The take-back button, or None."""
    found = [b for b in Page(html).where(tag="button", cls="takeback") if b.attrs.get("type") == "button"]
    assert len(found) <= 1
    return found[0] if found else None


def app_at(speed="instant"):
    host = FakeHost()
    host.store.set(SETTINGS_KEY, json.dumps({"lang": "en", "speed": speed}))
    app = App(host)
    host.app = app
    app.start("#/")
    return app, host


def test_no_take_back_in_a_game_without_a_policy_or_without_computers():
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    human_turn(app, screen)
    host.run_timers()
    assert button(host.html) is None and screen.takeback_status() is None     # the default: never
    moves = len(screen.match.record.moves)
    assert not app.key("u") and len(screen.match.record.moves) == moves


def test_nothing_to_take_back_before_the_person_has_moved(policy):
    policy(lambda *a: True)
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    host.run_timers()
    if screen.match.record.moves and any(s == 0 for s, _ in screen.match.record.moves):
        pytest.fail("the person moved already")
    assert button(host.html) is None


def test_take_back_a_move_before_the_computer_replies_cancels_its_reply(policy):
    policy(lambda *a: True)
    app, host = app_at(speed="normal")
    screen = start_algo(app, [("human", ""), ("normal", "")])
    host.run_timers()                               # the computer's first move, if it leads
    while screen.viewer not in screen.match.to_move():
        host.run_timers(limit=1)
    k = len(screen.match.record.moves)
    before = screen.match.code()
    human_turn(app, screen)                         # a miss: the computer is to reply
    assert len(screen.match.record.moves) == k + 1
    # the reply waits the chosen speed
    due = min(d for d, _ in host.timers)
    assert due - host.elapsed >= SPEEDS["normal"]
    take = button(host.html)
    assert take is not None and "aria-disabled" not in take.attrs and "Take back" in take.all_text
    app.act("take-back")
    assert len(screen.match.record.moves) == k and screen.match.code() == before
    assert screen.viewer in screen.match.to_move() and screen.thinking is None
    assert host.announced[-1].startswith("Taken back: You declare ")
    assert host.focused == "prompt"
    # the save follows: it reopens at the same place
    assert app.saves.get(screen.slot.id).code == before
    # the computer's pending reply is void
    host.run_timers()
    assert len(screen.match.record.moves) == k
    assert Match.from_code(before).record.moves == screen.match.record.moves


def test_the_computer_s_undoable_replies_go_back_with_the_move(policy):
    policy(lambda *a: True)
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    for _ in range(50):
        host.run_timers()
        if screen.viewer in screen.match.to_move():
            break
    k = len(screen.match.record.moves)
    human_turn(app, screen)
    for _ in range(50):                              # the computer plays until it is my turn again
        host.run_timers()
        if screen.viewer in screen.match.to_move() or screen.pause is not None or screen.match.over:
            break
    assert screen.pause is None and not screen.match.over     # (the seeded game goes on)
    assert len(screen.match.record.moves) > k + 1
    assert app.key("U")
    assert len(screen.match.record.moves) == k


@pytest.mark.parametrize("reason,text", [("undo.drawn", "A card was drawn"),
                                          ("undo.revealed", "A card was revealed"),
                                          ("undo.rolled", "The dice were rolled"),
                                          (False, "That move cannot be taken back"),
                                          ("algo.no.such.key", "That move cannot be taken back")])
def test_refused_with_the_reason_and_nothing_changes(policy, reason, text):
    """A random event or a reveal since (the game's reason, or a general one)."""
    policy(lambda b, s, m, a: True if s == 0 else reason)     # the computer's move is not undoable
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    for _ in range(50):
        host.run_timers()
        if screen.viewer in screen.match.to_move():
            break
    human_turn(app, screen)
    host.run_timers()
    if screen.pause is not None:
        app.act("next-round")
    moves = list(screen.match.record.moves)
    assert moves[-1][0] == 1
    take = button(host.html)
    assert take.attrs.get("aria-disabled") == "true" and text in take.all_text
    assert app.key("Ctrl+z")
    assert screen.match.record.moves == moves
    assert host.announced[-1] == f"Cannot take back. {text}."
    alert = Page(host.html).get("alert")
    assert alert.tag == "p" and alert.classes == ["error"] and alert.text == text


def test_refused_when_the_person_s_own_move_was_random(policy):
    policy(lambda b, s, m, a: "undo.drawn" if s == 0 else True)
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    for _ in range(50):
        host.run_timers()
        if screen.viewer in screen.match.to_move():
            break
    human_turn(app, screen)
    assert "A card was drawn" in button(host.html).all_text
    moves = len(screen.match.record.moves)
    app.act("take-back")
    assert len(screen.match.record.moves) == moves


def test_no_take_back_between_people_or_while_a_dialog_is_open(policy):
    policy(lambda *a: True)
    app, host = make_app()
    screen = start_algo(app, [("human", "Aki"), ("human", "Ben")])
    if screen.handover is not None:
        app.act("handover-ok")
    human_turn(app, screen)
    assert button(host.html) is None and screen.takeback_status() is None
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    for _ in range(50):
        host.run_timers()
        if screen.viewer in screen.match.to_move():
            break
    human_turn(app, screen)
    moves = len(screen.match.record.moves)
    app.act("rules")
    assert not app.key("u") and len(screen.match.record.moves) == moves
    app.key("Escape")
    assert app.key("u") and len(screen.match.record.moves) == moves - 1


def test_japanese_take_back():
    from bodoge.ui.i18n import I18n

    t = I18n("ja").t
    assert t("undo.button") == "一手戻す" and t("undo.refused", why=t("undo.drawn")) == "戻せません。カードを引きました。"


def test_play_me_has_no_take_back():
    app, host = make_app(hash_="#/new/playme")
    app.act("start", "", {"players": "3", "kind0": "human", "kind1": "strong", "kind2": "strong"})
    app.act("start-round", "")
    assert button(host.html) is None and app.screen.takeback_status() is None



def test_no_take_back_while_another_tab_has_moved_the_game_on(policy):
    """A take-back would write over the other tab's newer save: the button goes and U does
    nothing until the player chooses which game to keep."""
    from .test_tabs import event, two_tabs, wait_for_human
    policy(lambda *a: True)
    (a, ha), (b, hb), slot_id = two_tabs()
    human_turn(a, a.screen)                    # A moves: it could take that back
    ha.run_timers()
    assert a.screen.takeback_status() is not None
    event(b, SAVE_PREFIX + slot_id)            # B plays on from A's game
    b.act("load-newer")
    wait_for_human(b, hb, b.screen)
    human_turn(b, b.screen)
    event(a, SAVE_PREFIX + slot_id)            # A is told the game went on in B
    assert a.screen.conflict == "newer"
    moves = list(a.screen.match.record.moves)
    assert a.screen.takeback_status() is None and button(ha.html) is None
    assert not a.key("u")
    a.act("take-back")
    assert a.screen.match.record.moves == moves and a.screen.conflict == "newer"


def test_algo_shows_take_back_only_when_it_can_be_used(monkeypatch):
    """algo's declarations are answered at once: no Take back button that is always grey
    (issue 26); U still says why; a Stay with nothing drawn after it shows the button."""
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    for _ in range(50):
        host.run_timers()
        if screen.viewer in screen.match.to_move():
            break
    human_turn(app, screen)
    host.run_timers()
    if screen.pause is not None:
        app.act("next-round")
    assert screen.snapshot()["takeback"]["ok"] is False
    assert not Page(host.html).has("button", "Take back", exact=False)
    moves = len(screen.match.record.moves)
    app.key("u")
    assert len(screen.match.record.moves) == moves and screen.snapshot()["error"]
    monkeypatch.setattr(type(screen), "takeback_status", lambda self: (moves - 1, None))
    app.refresh()
    assert Page(host.html).has("button", "Take back", exact=False)
