"""Two tabs on one store (two Apps on one MemoryStore; ``storage_changed`` is the browser's
storage event). A write never overwrites a newer save; a tab whose game moved on elsewhere
says so and offers the newer state; a deleted save stays deleted; settings merge per field."""

import json

from bodoge.ui.storage import SAVE_PREFIX, SETTINGS_KEY

from .fakehost import FakeHost, make_app
from .page import Page
from .test_app import human_turn, start_algo, wait_for_human


def two_tabs():
    """Tab A starts a game against a bot; tab B opens the same save."""
    a, ha = make_app()
    screen = start_algo(a, [("human", ""), ("normal", "")])
    wait_for_human(a, ha, screen)
    b, hb = make_app(ha.store, hash_=f"#/play/{screen.slot.id}")
    hb.clock = ha.clock + 10_000
    assert b.screen.match.state == screen.match.state
    return (a, ha), (b, hb), screen.slot.id


def stored(store, slot_id):
    return json.loads(store.data[SAVE_PREFIX + slot_id])


def event(app, key):
    app.storage_changed(key)


def test_a_stale_tab_never_overwrites_newer_moves():
    (a, ha), (b, hb), slot_id = two_tabs()
    human_turn(a, a.screen)                    # A moves on: its save is newer
    ha.run_timers()
    newer = stored(ha.store, slot_id)
    assert newer["code"] == a.screen.match.code()
    # B has not heard (no storage event): its own move is refused, not written over A's
    human_turn(b, b.screen)
    assert stored(ha.store, slot_id) == newer
    assert b.screen.conflict == "newer"
    assert "went on in another tab" in hb.text()
    # nothing more happens in B until the player chooses
    moves = list(b.screen.match.record.moves)
    hb.run_timers()
    b.act("target", "1-0")
    assert b.screen.match.record.moves == moves
    # load the newer game: B now shows A's position and plays on from it
    b.act("load-newer")
    assert b.screen.match.state == a.screen.match.state and b.screen.conflict is None
    wait_for_human(b, hb, b.screen)
    human_turn(b, b.screen)
    assert stored(ha.store, slot_id)["code"] == b.screen.match.code()


def test_the_storage_event_tells_a_tab_at_once():
    (a, ha), (b, hb), slot_id = two_tabs()
    human_turn(a, a.screen)
    event(b, SAVE_PREFIX + slot_id)
    assert b.screen.conflict == "newer" and "Load the newer game" in hb.text()
    assert hb.focused == "save-banner"
    event(b, SAVE_PREFIX + "someone-else")    # another game's save: no change
    assert b.screen.conflict == "newer"


def test_a_tab_may_keep_its_own_version_as_a_separate_save():
    (a, ha), (b, hb), slot_id = two_tabs()
    human_turn(a, a.screen)
    human_turn(b, b.screen)                    # refused: A's is newer
    mine = b.screen.match.code()
    b.act("keep-here")
    assert b.screen.conflict is None and b.screen.slot.id != slot_id
    assert stored(hb.store, b.screen.slot.id)["code"] == mine
    assert stored(hb.store, slot_id)["code"] == a.screen.match.code()
    assert hb.hash == f"#/play/{b.screen.slot.id}"


def test_a_deleted_save_stays_deleted():
    (a, ha), (b, hb), slot_id = two_tabs()
    a.route("#/")
    a.act("delete", slot_id)
    a.act("delete-yes")
    assert SAVE_PREFIX + slot_id not in ha.store.data
    human_turn(b, b.screen)                    # B did not hear: its move must not bring it back
    assert SAVE_PREFIX + slot_id not in ha.store.data
    assert b.screen.conflict == "deleted" and "deleted in another tab" in hb.text()
    # Play Me!-style close (leaving the screen) saves nothing either
    b.route("#/")
    assert SAVE_PREFIX + slot_id not in ha.store.data


def test_a_deleted_save_is_told_by_the_event_and_can_be_kept_anew():
    (a, ha), (b, hb), slot_id = two_tabs()
    a.route("#/")
    a.act("delete", slot_id)
    a.act("delete-yes")
    event(b, SAVE_PREFIX + slot_id)
    assert b.screen.conflict == "deleted" and "Load the newer game" not in hb.text()
    b.act("keep-here")
    assert b.screen.slot.id != slot_id and SAVE_PREFIX + slot_id not in hb.store.data
    assert stored(hb.store, b.screen.slot.id)["code"] == b.screen.match.code()


def test_the_shelf_follows_other_tabs():
    (a, ha), (b, hb), slot_id = two_tabs()
    b.route("#/")
    assert f'href="#/play/{slot_id}"' in hb.html
    a.route("#/")
    a.act("delete", slot_id)
    a.act("delete-yes")
    event(b, SAVE_PREFIX + slot_id)
    assert f'href="#/play/{slot_id}"' not in hb.html


def test_settings_changed_in_two_tabs_keep_both():
    a, ha = make_app()
    b, hb = make_app(ha.store)
    a.act("speed", "", {"speed": "slow"})
    b.act("lang", "ja")                       # B never heard of A's change: it must not undo it
    data = json.loads(ha.store.data[SETTINGS_KEY])
    assert data["speed"] == "slow" and data["lang"] == "ja"
    b.act("motion", "", {"motion": "reduce"})
    data = json.loads(ha.store.data[SETTINGS_KEY])
    assert data == {"lang": "ja", "speed": "slow", "motion": "reduce"}
    # each tab takes the other's changes when told
    event(a, SETTINGS_KEY)
    assert (a.settings.lang, a.settings.speed, a.settings.motion) == ("ja", "slow", "reduce")
    assert "新しいゲーム" in ha.text() and ha.settings_applied == ("ja", "reduce")
    event(b, SETTINGS_KEY)
    assert b.settings.speed == "slow"


def test_a_cleared_store_is_news_too():
    (a, ha), (b, hb), slot_id = two_tabs()
    ha.store.data.clear()
    event(b, None)
    assert b.screen.conflict == "deleted"


def test_a_new_save_never_takes_an_existing_id():
    a, ha = make_app()
    b = FakeHost(ha.store)
    b.seed = ha.seed                          # the same "random" ids
    b.clock = ha.clock
    s1 = start_algo(a, [("human", ""), ("normal", "")])
    from bodoge.ui.app import App
    app_b = App(b)
    b.app = app_b
    app_b.start("#/")
    s2 = start_algo(app_b, [("human", ""), ("normal", "")])
    assert s1.slot.id != s2.slot.id
    assert stored(ha.store, s1.slot.id)["code"] == s1.match.code()


def test_play_me_stops_its_clock_and_saves_nothing_when_another_tab_moved_on():
    a, ha = make_app()
    a.route("#/new/playme")
    a.act("start", "", {"players": "2", "kind0": "human", "kind1": "strong"})
    slot_id = a.screen.slot.id
    a.screen.drive_clock("manual")
    a.act("start-round", "")
    a.screen.drive_clock("advance", 5000)
    a.act("pause", "")                             # pausing saves
    b, hb = make_app(ha.store, hash_=f"#/play/{slot_id}")
    assert b.screen.match.state == a.screen.match.state and b.screen.clock.paused
    b.screen.drive_clock("manual")
    b.act("pause", "")                             # B resumes: its clock runs
    assert b.screen.clock.running
    a.act("pause", "")
    a.screen.drive_clock("advance", 4000)
    a.act("pause", "")                             # A moved on and saved
    newer = stored(ha.store, slot_id)
    event(b, SAVE_PREFIX + slot_id)
    assert b.screen.conflict == "newer" and not b.screen.clock.running
    moves = len(b.screen.match.record.moves)
    b.screen.drive_clock("advance", 4000)          # bots do not move in a stopped game
    assert len(b.screen.match.record.moves) == moves
    b.route("#/")                                  # closing saves on the way out: not this time
    assert stored(ha.store, slot_id) == newer


def test_a_kept_link_never_takes_an_existing_id():
    from bodoge.core.match import Match

    code = Match.new("algo", {"players": 2}, 3, {"seats": [{}, {"bot": "normal"}]}).code()
    a, ha = make_app(hash_="#load=" + code)
    taken = a.screen.slot.id
    ha.store.data[SAVE_PREFIX + taken] = "another tab's save"
    a.act("keep-here")
    assert a.screen.slot.id != taken and a.screen.conflict is None
    assert ha.store.data[SAVE_PREFIX + taken] == "another tab's save"
    assert stored(ha.store, a.screen.slot.id)["code"] == code


def test_a_move_is_saved_after_the_frame_that_shows_it_and_before_leaving():
    """The save waits for the paint (``SlotSaver.save_soon``), never for longer than the
    screen: leaving it saves what is still to save."""
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    wait_for_human(app, host, screen)
    slot_id = screen.slot.id
    host.held = []                             # frames are not painted until painted()
    human_turn(app, screen)
    moves = len(screen.match.record.moves)
    assert f"{moves}." in host.text()          # shown ...
    assert stored(host.store, slot_id)["code"] != screen.match.code()    # ... not saved yet
    host.painted()
    assert stored(host.store, slot_id)["code"] == screen.match.code()
    host.run_timers(1)                         # the bot answers (its save waits too)
    while len(screen.match.record.moves) == len(decode_moves(stored(host.store, slot_id))):
        host.run_timers(1)
    code = screen.match.code()
    assert stored(host.store, slot_id)["code"] != code
    app.route("#/")                            # leaving the game saves it first
    assert stored(host.store, slot_id)["code"] == code
    assert host.held                           # what was held does nothing more when run
    host.painted()
    assert stored(host.store, slot_id)["code"] == code


def decode_moves(saved):
    from bodoge.core.record import decode

    return decode(saved["code"]).moves


def test_the_banner_of_a_shared_game_goes_once_its_first_move_is_saved():
    """A shared game is saved after the first move's frame; the banner saying it is not saved
    goes with that save, not at some later redraw."""
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    wait_for_human(app, host, screen)
    code = screen.match.code()
    app, host = make_app(hash_="#load=" + code)                # another device
    screen = app.screen
    assert screen.slot.link and "not saved on this device yet" in host.text()
    host.held = []
    human_turn(app, screen)
    assert "not saved on this device yet" in host.text()       # drawn before the save
    motion = [el.attrs["data-fx"] for el in Page(host.html).where(data_fx=True)]
    assert motion                                              # the move's cards flip ...
    host.painted()
    assert not screen.slot.link and "not saved on this device yet" not in host.text()
    assert [el.attrs["data-fx"] for el in Page(host.html).where(data_fx=True)] == motion   # ... and go on flipping
    assert stored(host.store, screen.slot.id)["code"] == screen.match.code()
