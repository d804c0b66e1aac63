"""The whole UI flow in CPython, through a fake host: shelf, setup, play, bots, hand-over,
saves, share codes, bad input, language."""

import json

import pytest

from bodoge.games import CATALOG
from bodoge.ui.storage import MemoryStore, SAVE_PREFIX, SETTINGS_KEY

from .fakehost import make_app
from .page import Page


def start_algo(app, seats, players=2):
    app.route("#/new/algo")
    form = {"players": str(players)}
    for s, (kind, name) in enumerate(seats):
        form[f"kind{s}"] = kind
        form[f"name{s}"] = name
    app.act("start", "", form)
    return app.screen


def open_numbers(view, s, p):
    """The numbers algo's pad declares at once on card ``p`` of row ``s``: those the view does
    not rule out (issue 26: the others are greyed, or a bluff asked for twice)."""
    from bodoge.games.algo.rules import ruled_out

    return [n for n in range(12) if n not in ruled_out(view, s, p)]


def human_turn(app, screen, right=False):
    """Play one attack as the seat on screen: the first face-down opponent card where a miss
    can be declared (a number the pad does not grey), or a hit (``right``)."""
    view = screen.match.view(screen.viewer)
    if view["drawn"] is None and view["stake"] is None:
        own = next(p for p, c in enumerate(view["rows"][screen.viewer]) if not c["up"])
        app.act("stake", str(own))
    for s, p in ((s, p) for s, row in enumerate(view["rows"]) if s != screen.viewer
                 and not view["out"][s] for p, c in enumerate(row) if not c["up"]):
        real = screen.match.state["rows"][s][p]["id"] >> 1
        misses = [n for n in open_numbers(view, s, p) if n != real]
        if right or misses:
            app.act("target", f"{s}-{p}")
            app.act("declare", str(real if right else misses[0]))
            return
    raise AssertionError("no card to miss on")


def test_shelf_lists_five_games_and_which_are_playable():
    app, host = make_app()
    text = host.text()
    for name in [n for g in CATALOG for n in (g.name_ja, g.name_en)]:
        assert name in text
    assert text.count("Coming soon") == sum(1 for g in CATALOG if not g.playable)
    for g in CATALOG:
        assert bool(Page(host.html).where(tag="a", href=f"#/new/{g.id}")) == g.playable, g.id
    assert Page(host.html).where(tag="a", href="#/new/algo")


def test_unplayable_game_routes_to_shelf():
    soon = [g.id for g in CATALOG if not g.playable] + ["nosuchgame"]
    for game_id in soon:
        app, host = make_app(hash_=f"#/new/{game_id}")
        assert type(app.screen).__name__ == "ShelfScreen", game_id


def test_human_vs_strong_bot_full_game():
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("strong", "")])
    assert screen.__class__.__name__ == "Session"
    assert host.hash.startswith("#/play/")
    for _ in range(2000):
        if screen.match.over:
            break
        host.run_timers()
        if screen.pause is not None:
            app.act("next-round")
            continue
        if screen.match.over:
            break
        if screen.viewer in screen.match.to_move():
            human_turn(app, screen)
    assert screen.match.over
    text = host.text()
    assert "wins the game" in text or "Shared win" in text
    assert any("declares" in a for a in host.announced)
    slot = app.saves.get(screen.slot.id)
    assert slot.over and slot.code == screen.match.code()


def test_bot_moves_wait_for_timers_and_round_pause():
    app, host = make_app()
    screen = start_algo(app, [("strong", ""), ("strong", "")])
    assert screen.viewer is None            # nobody at the device: spectator view
    host.run_timers()
    assert screen.pause is not None or screen.match.over
    assert "Next round" in host.text()
    n = len(screen.match.record.moves)
    host.run_timers()
    assert len(screen.match.record.moves) == n   # bots wait while the round summary shows
    app.act("next-round")
    host.run_timers()
    assert screen.match.over


def test_board_is_inert_behind_the_round_summary():
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("strong", "")])
    assert Page(host.html).where(cls="board-wrap") and not Page(host.html).where(inert=True)
    for _ in range(500):
        host.run_timers()
        if screen.pause is not None or screen.match.over:
            break
        if screen.viewer in screen.match.to_move():
            human_turn(app, screen)
    assert screen.pause is not None
    assert "inert" in Page(host.html).where(cls="board-wrap")[0].attrs
    # the next round may be dealt already; a click on the board does nothing until the player goes on
    view = screen.match.view(screen.viewer)
    app.act("target", "1-0")
    assert not screen.sel and screen.match.view(screen.viewer) == view
    app.act("next-round")
    assert not Page(host.html).where(inert=True)


def cards_drawn(host):
    """The chips (cards) of the table drawn, each with its number (id card-<seat>-<n>)."""
    return Page(host.html).where(id="card-*")


def test_hot_seat_handover_hides_private_numbers():
    app, host = make_app()
    screen = start_algo(app, [("human", "Aki"), ("human", "Ben")])
    assert screen.handover is not None
    assert "Pass the device to" in host.text()
    assert not cards_drawn(host) and "You drew" not in Page(host.html).words
    first = screen.handover
    app.act("handover-ok")
    assert screen.viewer == first and cards_drawn(host)
    human_turn(app, screen)                   # a miss: the turn passes to the other person
    assert screen.handover == 1 - first
    assert not cards_drawn(host)
    app.act("handover-ok")
    assert screen.viewer == 1 - first


def test_hot_seat_no_handover_while_same_person_continues():
    app, host = make_app()
    screen = start_algo(app, [("human", "Aki"), ("human", "Ben")])
    app.act("handover-ok")
    me = screen.viewer
    human_turn(app, screen, right=True)       # a hit: same person continues
    assert screen.handover is None and screen.viewer == me


def test_reload_continues_exactly():
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    for _ in range(3):
        host.run_timers()
        if screen.viewer in screen.match.to_move() and screen.pause is None:
            human_turn(app, screen)
    state, slot_id = screen.match.state, screen.slot.id
    app2, host2 = make_app(host.store, hash_=f"#/play/{slot_id}")
    assert app2.screen.match.state == state
    app3, host3 = make_app(host.store)
    assert f'href="#/play/{slot_id}"' in host3.html and "Continue" in host3.text()


def test_several_slots_and_delete():
    app, host = make_app()
    start_algo(app, [("human", "A"), ("normal", "")])
    start_algo(app, [("human", "B"), ("normal", "")])
    app.route("#/")
    slots, bad = app.saves.scan()
    assert len(slots) == 2 and not bad
    app.act("delete", slots[0].id)
    assert "Delete this save for good?" in host.text()
    app.act("delete-no")
    assert len(app.saves.scan()[0]) == 2
    app.act("delete", slots[0].id)
    app.act("delete-yes")
    assert [s.id for s in app.saves.scan()[0]] == [slots[1].id]


def test_share_link_round_trip():
    app, host = make_app()
    screen = start_algo(app, [("human", "Aki"), ("strong", "")])
    host.run_timers()
    app.act("share")
    assert "Save code" in host.text()
    app.act("copy", "link")
    link = host.copied[-1]
    assert link.startswith("https://example.org/bodoge/#load=")
    other, ohost = make_app(hash_="#" + link.split("#", 1)[1])
    assert other.screen.match.state == screen.match.state
    assert other.screen.seats[0]["name"] == "Aki"
    # not stored until someone plays on (or the player keeps it)
    assert other.saves.scan()[0] == [] and "not saved on this device yet" in ohost.text()
    other.route("#" + link.split("#", 1)[1])
    assert other.saves.scan()[0] == []
    wait_for_human(other, ohost, other.screen)
    human_turn(other, other.screen)
    slots = other.saves.scan()[0]
    assert len(slots) == 1 and slots[0].code == other.screen.match.code()
    assert ohost.hash == f"#/play/{slots[0].id}" and "not saved" not in ohost.text()
    other.route("#" + link.split("#", 1)[1])             # the link again: its position, unstored
    assert len(other.saves.scan()[0]) == 1 and type(other.screen).__name__ == "Session"


@pytest.mark.parametrize("code,message", [
    ("garbage!!", "not a bodoge save code"),
    ("", "empty"),
])
def test_bad_code_message_keeps_saves(code, message):
    app, host = make_app()
    start_algo(app, [("human", ""), ("normal", "")])
    before = dict(host.store.data)
    app.route("#load=" + code)
    assert message in host.text() and "saved games are untouched" in host.text()
    assert host.store.data == before
    assert host.hash == "#/"


def test_truncated_and_tampered_codes():
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    code = screen.match.code()
    before = dict(host.store.data)
    app.route("#/")
    app.act("open-code", "", {"code": code[:-6]})
    assert "incomplete" in host.text()
    rec = screen.match.record
    from bodoge.core.record import Record, encode
    evil = Record("algo", 1, rec.options, rec.seed, [[1, {"a": "stay"}]], rec.meta)
    app.act("open-code", "", {"code": encode(evil)})
    assert "Move 1 in it is not allowed" in host.text()
    future = Record("algo", 99, rec.options, rec.seed, [], {})
    app.act("open-code", "", {"code": encode(future)})
    assert "newer rules" in host.text()
    assert host.store.data == before


def test_corrupted_storage_is_reported_not_lost():
    store = MemoryStore({SAVE_PREFIX + "x1": "{not json", SETTINGS_KEY: "[[["})
    app, host = make_app(store, speed=None)
    assert "damaged save" in host.text()
    app.route("#/play/x1")
    assert "damaged and cannot be opened" in host.text()
    assert store.data[SAVE_PREFIX + "x1"] == "{not json"
    bad_code = json.dumps({"v": 1, "id": "x2", "game": "algo", "code": "AAAA", "created": 1,
                           "updated": 1, "over": False, "title": ""})
    store.set(SAVE_PREFIX + "x2", bad_code)
    app.route("#/play/x2")
    assert "cannot be opened" in host.text() and store.data[SAVE_PREFIX + "x2"] == bad_code


def test_names_are_text_not_html():
    app, host = make_app()
    start_algo(app, [("human", '<img src=x onerror="alert(1)">'), ("normal", "")])
    page = Page(host.html)
    assert not page.where(tag="img") and not page.where(onerror=True)
    assert "<img src=x" in page.words                      # the name, as text (cut short)


def wait_for_human(app, host, screen):
    while screen.viewer not in screen.match.to_move() or screen.pause is not None:
        if screen.pause is not None:
            app.act("next-round")
        host.run_timers()


def test_illegal_move_from_ui_changes_nothing():
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    wait_for_human(app, host, screen)
    state, moves = screen.match.state, list(screen.match.record.moves)
    assert screen.play(screen.viewer, {"a": "stay"}) is False      # not allowed before a hit
    assert screen.match.state == state and screen.match.record.moves == moves
    assert "You can stay only after a hit." in host.text()
    assert app.saves.get(screen.slot.id).code == screen.match.code()


def test_language_switch_persists():
    app, host = make_app()
    app.act("lang", "ja")
    assert "新しいゲーム" in host.text()
    assert json.loads(host.store.get(SETTINGS_KEY))["lang"] == "ja"
    app2, host2 = make_app(host.store)
    assert "新しいゲーム" in host2.text() and host2.settings_applied[0] == "ja"


def test_keyboard_declare_and_escape():
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    wait_for_human(app, host, screen)
    view = screen.match.view(screen.viewer)
    s = 1 - screen.viewer
    p = next(p for p, c in enumerate(view["rows"][s]) if not c["up"])
    app.act("target", f"{s}-{p}")
    assert app.key("Escape") and screen.sel.target is None
    app.act("target", f"{s}-{p}")
    last = max(open_numbers(view, s, p))             # the pad greys what the view rules out
    for digit in str(last):
        assert app.key(digit)
    assert screen.sel.typed == str(last) and f"Typed {last}" in host.text()
    n = len(screen.match.record.moves)
    app.key("Enter")
    assert len(screen.match.record.moves) == n + 1
    assert screen.match.record.moves[-1][1]["n"] == last


def test_no_handover_when_the_game_ui_says_nothing_is_private(monkeypatch):
    from bodoge.games.algo.ui import AlgoUI

    seen = []

    def private(self, view):
        seen.append(view["seat"])          # the public view is what it is asked about
        return False

    monkeypatch.setattr(AlgoUI, "private", private)
    app, host = make_app()
    screen = start_algo(app, [("human", "Aki"), ("human", "Ben")])
    assert screen.handover is None and screen.viewer in screen.match.to_move()
    first = screen.viewer
    human_turn(app, screen)                   # a miss: the turn passes straight to the other
    assert screen.handover is None and screen.viewer == 1 - first
    assert "Pass the device to" not in host.text()
    assert seen and set(seen) == {None}


def test_a_thinking_generator_bot_always_makes_progress(monkeypatch):
    from bodoge.games.algo.bots import NormalBot

    plain = NormalBot.act

    def thinking(self, view):
        for _ in range(3):
            yield
        return plain(self, view)

    monkeypatch.setattr(NormalBot, "act", thinking)
    app, host = make_app()                  # the fake clock jumps 1 s per reading
    screen = start_algo(app, [("normal", ""), ("normal", "")])
    host.run_timers()
    assert screen.pause is not None or screen.match.over
    assert len(screen.match.record.moves) > 0


def test_log_lines_are_described_once_and_again_when_the_reader_changes():
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    for _ in range(3):
        human_turn(app, screen)
        host.run_timers()
    calls = []
    describe = screen.gui.describe
    screen.gui.describe = lambda e, ctx: calls.append(e) or describe(e, ctx)
    try:
        fresh = screen.log_lines(screen.match.view(screen.viewer), screen.ctx(screen.viewer))
        assert calls == [] and fresh                       # all described while playing
        app.refresh()
        assert calls == []
        before = len(screen.match.view(screen.viewer)["log"])
        human_turn(app, screen)                            # only the new events are described
        after = len(screen.match.view(screen.viewer)["log"])
        # the new events are described for the board's log and for the announcement, the
        # old ones not again
        assert after > before and len(calls) == 2 * (after - before) < after
        calls.clear()
        app.act("lang", "ja")                              # another language: all again
        assert len(calls) == len(screen.match.view(screen.viewer)["log"])
        lines = screen.log_lines(screen.match.view(screen.viewer), screen.ctx(screen.viewer))
        everything = [describe(e, screen.ctx(screen.viewer)) for e in screen.match.view(screen.viewer)["log"]]
        assert lines == [x for x in everything if x]
    finally:
        del screen.gui.describe                            # the UI object is shared: undo
