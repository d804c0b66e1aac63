"""Full and blocked storage, kept links and safe mode: every write is guarded, the player is
told once, in plain words, that the game is not being saved and how to keep it; nothing is
uncaught. An opened link is stored only when someone plays on or the player keeps it, and
never beyond a size bound."""

import json
import random
import string

from bodoge.core.match import Match
from bodoge.ui.storage import MAX_SAVE_CODE, SAVE_PREFIX, SETTINGS_KEY, MemoryStore

from .fakehost import make_app
from .page import Page
from .test_app import human_turn, start_algo, wait_for_human

SETTINGS = json.dumps({"lang": "en", "speed": "instant"})


def full_store(extra=None):
    """A store already at its quota (only the settings and ``extra`` fit)."""
    data = {SETTINGS_KEY: SETTINGS, **(extra or {})}
    used = sum(len(k) + len(v) for k, v in data.items())
    return MemoryStore(data, quota=used + 10)


def saves_in(store):
    return [k for k in store.data if k.startswith(SAVE_PREFIX)]


def test_a_new_game_in_full_storage_is_played_and_the_player_told_once():
    store = full_store()
    app, host = make_app(store)
    screen = start_algo(app, [("human", ""), ("normal", "")])    # no QuotaExceededError
    assert type(screen).__name__ == "Session" and saves_in(store) == []
    assert "This game is not being saved" in host.text() and "storage for this site is full" in host.text()
    app.act("copy", "code")
    assert host.copied[-1] == screen.match.code()
    app.act("unsaved-ok")
    assert "not being saved" not in host.text()
    wait_for_human(app, host, screen)
    human_turn(app, screen)
    host.run_timers()
    assert "not being saved" not in host.text()                 # told once, not on every move
    assert saves_in(store) == []
    # the player's way back to the same game (the back button) still has it
    app.route("#/")
    app.route(f"#/play/{screen.slot.id}")
    assert app.screen.match.state == screen.match.state
    # room again: the next move is saved
    store.quota = None
    wait_for_human(app, host, app.screen)
    human_turn(app, app.screen)
    assert saves_in(store) == [SAVE_PREFIX + app.screen.slot.id]


def test_a_link_in_full_storage_opens_and_says_it_is_not_saved():
    code = Match.new("algo", {"players": 2}, 3, {"seats": [{}, {"bot": "normal"}]}).code()
    store = full_store()
    app, host = make_app(store, hash_="#load=" + code)
    assert type(app.screen).__name__ == "Session"
    wait_for_human(app, host, app.screen)
    human_turn(app, app.screen)
    assert saves_in(store) == [] and "This game is not being saved" in host.text()


def test_switching_language_in_full_storage_still_switches():
    store = full_store()
    app, host = make_app(store)
    app.act("lang", "ja")
    assert "新しいゲーム" in host.text() and app.settings.lang == "ja"
    app.act("speed", "", {"speed": "slow"})
    assert app.settings.speed == "slow"


def test_a_browser_error_of_any_kind_is_caught():
    class Odd(MemoryStore):
        def set(self, key, value):
            raise RuntimeError("SecurityError: the operation is insecure")

    store = Odd({SETTINGS_KEY: SETTINGS})
    app, host = make_app(store)
    screen = start_algo(app, [("human", ""), ("normal", "")])
    assert "This game is not being saved" in host.text()
    wait_for_human(app, host, screen)
    human_turn(app, screen)


def test_blocked_storage_says_games_last_only_this_page():
    store = MemoryStore({SETTINGS_KEY: SETTINGS}, persistent=False)
    app, host = make_app(store)
    assert "does not let bodoge store anything" in host.text()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    assert "This game is not being saved" in host.text()
    assert "only until you close or reload this page" in host.text()
    app.act("unsaved-ok")
    wait_for_human(app, host, screen)
    human_turn(app, screen)
    assert "not being saved" not in host.text()
    app.route("#/")                          # in memory for this page: the shelf lists it
    assert Page(host.html).where(tag="a", href=f"#/play/{screen.slot.id}")
    # another game: told again (once per game)
    start_algo(app, [("human", ""), ("normal", "")])
    assert "This game is not being saved" in host.text()


def big_code():
    """A valid code longer than a save may be: meta the rules never read, random text."""
    rnd = random.Random(5)
    junk = ["".join(rnd.choice(string.ascii_letters) for _ in range(200)) for _ in range(450)]
    code = Match.new("algo", {"players": 2}, 3, {"seats": [{}, {"bot": "normal"}],
                                                 "junk": junk}).code()
    assert MAX_SAVE_CODE < len(code) < 100_000
    return code


def test_links_are_stored_only_when_played_on_or_kept():
    code = Match.new("algo", {"players": 2}, 3, {"seats": [{}, {"bot": "normal"}]}).code()
    app, host = make_app(hash_="#load=" + code)
    assert saves_in(host.store) == [] and host.hash == ""
    assert "not saved on this device yet" in host.text()
    app.route("#/")                           # leaving it leaves nothing behind
    assert saves_in(host.store) == []
    app.route("#load=" + code)
    app.act("keep-here")
    (key,) = saves_in(host.store)
    assert host.hash == "#/play/" + key[len(SAVE_PREFIX):]
    assert host.announced[-1] == "Saved on this device." and "not saved" not in host.text()
    app.route("#load=" + code)                # the same link again: that save
    assert app.screen.slot.id == key[len(SAVE_PREFIX):] and len(saves_in(host.store)) == 1
    assert "already saved on this device" in host.text()


def test_a_pasted_code_goes_through_the_link_and_is_not_stored_either():
    code = Match.new("algo", {"players": 2}, 3, {"seats": [{}, {"bot": "normal"}]}).code()
    app, host = make_app()
    app.act("open-code", "", {"code": f"  {code}\n"})
    assert host.hash == "#load=" + code and type(app.screen).__name__ == "Session"
    assert saves_in(host.store) == []


def test_a_link_too_large_to_store_is_played_but_never_stored():
    code = big_code()
    app, host = make_app(hash_="#load=" + code)
    assert type(app.screen).__name__ == "Session"
    app.act("keep-here")
    assert saves_in(host.store) == []
    assert "too long to save on this device" in host.text()
    wait_for_human(app, host, app.screen)
    human_turn(app, app.screen)
    assert saves_in(host.store) == []


def test_many_large_links_do_not_fill_the_storage():
    """Opening links stores nothing: a few large links cannot fill the quota."""
    app, host = make_app()
    for seed in range(20):
        code = Match.new("algo", {"players": 2}, seed, {"seats": [{}, {"bot": "normal"}],
                                                        "pad": ["x" * 200] * 100}).code()
        app.route("#load=" + code)
        app.route("#/")
    assert saves_in(host.store) == []


def test_safe_mode_reads_nothing_and_copies_the_raw_entries_out():
    browser = MemoryStore({SETTINGS_KEY: "[" * 100_000, SAVE_PREFIX + "g1": "{broken",
                           SAVE_PREFIX + "g2": '{"v":1}', "other-site-key": "x"})
    before = dict(browser.data)
    app, host = make_app(browser, safe=True, speed=None)
    assert "Started without your saved games" in host.text()
    assert "Copy saved games" in host.text() and "Start normally" in host.text()
    assert not Page(host.html).where(tag="li", cls="save damaged")
    app.act("copy-entries")
    copied = json.loads(host.copied[-1])
    assert copied == {k: v for k, v in before.items() if k.startswith("bodoge:")}
    screen = start_algo(app, [("human", ""), ("normal", "")])
    assert "This game is not being saved" in host.text()
    wait_for_human(app, host, screen)
    human_turn(app, screen)
    assert browser.data == before
