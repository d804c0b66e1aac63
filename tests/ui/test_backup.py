"""Saves that survive the browser (issue 24, item 5), in CPython: Export all saves and Import on
the shelf's Settings (one versioned file of save codes; merging by game, never replacing a newer
save; each bad entry reported while the good ones are imported; a file bounded like a code),
persistent storage asked for at the first save, and the iPhone's Home Screen note."""

import json
import re

import pytest

from bodoge.core import strictjson
from bodoge.core.match import Match
from bodoge.core.selfplay import play_one
from bodoge.ui import backup
from bodoge.ui.app import ios_outside_home
from bodoge.ui.games import progress_lines
from bodoge.ui.storage import (LESSON_PREFIX, SAVE_PREFIX, SETTINGS_KEY, LessonProgress,
                               MemoryStore, Saves, Settings, Slot)

from .fakehost import make_app
from .page import Page
from .test_app import human_turn, start_algo, wait_for_human

T0 = 1_700_000_000_000


def algo(seed=7, moves=0, names=("Aki", "Ben")):
    """An algo match of two people, ``moves`` moves in (both seats played by the same
    simple policy: attack the first face-down card, declare 0)."""
    match = Match.new("algo", {"players": 2}, seed, {"seats": [{"name": n} for n in names]})
    for _ in range(moves):
        seat = match.to_move()[0]
        legal = match.game.legal_moves(match.state, seat)
        match.play(seat, legal[0])
    return match


def slot_of(match, slot_id, rev=1, updated=T0, title="Aki · Ben"):
    slot = Slot(slot_id, match.game.id, match.code(), T0 - 1000, updated, match.over, title,
                rev, progress_lines(match))
    return slot


def put(store, slot):
    store.data[SAVE_PREFIX + slot.id] = slot.to_json()


def file_of(*slots, settings=None, lessons=None, v=1):
    return json.dumps({"bodoge": "saves", "v": v, "exported": T0,
                       "saves": [json.loads(s.to_json()) for s in slots],
                       "settings": settings or {}, "lessons": lessons or {}})


def saves_of(store):
    return {k: v for k, v in store.data.items() if k.startswith(SAVE_PREFIX)}


def stored(store, slot_id):
    return json.loads(store.data[SAVE_PREFIX + slot_id])


def result(host):
    box = Page(host.html).by_id("backup-result")
    return box.words if box is not None else None


def present(host, ident):
    return Page(host.html).by_id(ident) is not None


def shown_anywhere(host, words):
    """Whether ``words`` are on the page: in its text or in any attribute (a name, a label)."""
    page = Page(host.html)
    return words in page.words or any(words in v for el in page.walk() for v in el.attrs.values())


# --- export --------------------------------------------------------------------------------------
def finished_algo():
    done = play_one("algo", {"players": 2}, 5, ["easy", "easy"])
    done.record.meta = {"seats": [{"name": "Aki"}, {"name": "Ben"}]}
    return done


def test_export_is_one_versioned_file_of_every_save_settings_and_lessons():
    store = MemoryStore()
    live, done = algo(moves=3), finished_algo()
    put(store, slot_of(live, "live", rev=4, updated=T0 + 5))
    put(store, slot_of(done, "done", rev=9))
    store.data[SAVE_PREFIX + "broken"] = '{"v":1,"id":"broken"'       # damaged: left out
    store.data[LESSON_PREFIX + "algo"] = LessonProgress("0123456789abcdef", 3, [[0, "x"]]).to_json()
    store.data[LESSON_PREFIX + "bossa"] = "{damaged"                      # no progress: left out
    app, host = make_app(store)
    app.act("speed", "", {"speed": "fast"})
    app.act("export")
    ((name, text),) = host.downloads
    assert re.fullmatch(r"bodoge-saves-\d{4}-\d\d-\d\d\.json", name)
    doc = json.loads(text)
    assert (doc["bodoge"], doc["v"]) == ("saves", 1) and isinstance(doc["exported"], int)
    assert [s["id"] for s in doc["saves"]] == ["live", "done"]          # newest first
    assert doc["saves"][0] == json.loads(slot_of(live, "live", rev=4, updated=T0 + 5).to_json())
    assert doc["saves"][1]["over"] is True and doc["saves"][1]["code"] == done.code()
    assert doc["settings"] == {"lang": "en", "speed": "fast"}
    assert doc["lessons"] == {"algo": json.loads(store.data[LESSON_PREFIX + "algo"])}
    said = result(host)
    assert f"Exported 2 saved games, your settings and lessons to {name}" in said
    assert "1 damaged save was left out" in said
    assert host.focused == "backup-result"
    # the file reads back through the import's own checks
    parsed = backup.read(text)
    assert [backup.check_save(s)[0].code for s in parsed.saves] == [live.code(), done.code()]


def test_export_then_import_on_a_fresh_device_gives_the_same_shelf():
    a, ha = make_app()
    screen = start_algo(a, [("human", "Aki"), ("normal", "")])
    wait_for_human(a, ha, screen)
    human_turn(a, screen)
    ha.run_timers()
    done = finished_algo()
    put(ha.store, slot_of(done, "done", rev=2, updated=T0 - 10))
    a.route("#/")
    a.act("export")
    _, text = ha.downloads[-1]

    b, hb = make_app(speed=None)
    hb.choose_file(text)
    assert result(hb) == ("2 games added. "
                          "1 setting taken from the file (one not chosen on this device).")
    assert b.settings.speed == "instant"
    b.route("#/")
    saves_a, saves_b = a.saves.scan()[0], b.saves.scan()[0]
    assert [(s.id, s.code, s.title, s.over, s.updated, s.progress) for s in saves_a] == \
        [(s.id, s.code, s.title, s.over, s.updated, s.progress) for s in saves_b]

    def rows(host):
        return re.search(r'<section class="panel" aria-labelledby="saved-games">.*?</section>',
                         host.html, re.S).group(0)

    a.refresh()
    hb.clock = ha.clock
    b.refresh()
    assert rows(ha) == rows(hb)
    b.route(f"#/play/{saves_b[-1].id}")                 # and each game opens where it stood
    assert b.screen.match.code() == saves_a[-1].code


def test_a_second_import_of_the_same_file_changes_nothing():
    store = MemoryStore()
    text = file_of(slot_of(algo(moves=2), "g1"), slot_of(algo(seed=8), "g2"))
    app, host = make_app(store)
    host.choose_file(text)
    assert result(host) == "2 games added."
    before = dict(store.data)
    host.choose_file(text)
    assert result(host) == "2 games already here."
    assert store.data == before


# --- merging by game -----------------------------------------------------------------------------
def merge(store, *slots, **kw):
    app, host = make_app(store)
    host.choose_file(file_of(*slots, **kw))
    return app, host


def test_a_missing_game_is_added_with_its_id_and_a_revision():
    store = MemoryStore()
    app, host = merge(store, slot_of(algo(moves=2), "g1", rev=6))
    entry = stored(store, "g1")
    assert entry["code"] == algo(moves=2).code() and entry["rev"] == 7
    assert entry["progress"] == progress_lines(algo(moves=2))
    assert "Round 1 of 2" in host.text()                          # the shelf shows it at once


def test_the_same_game_under_another_id_is_already_here():
    store = MemoryStore()
    put(store, slot_of(algo(moves=2), "mine"))
    before = saves_of(store)
    app, host = merge(store, slot_of(algo(moves=2), "theirs"))
    assert result(host) == "1 game already here." and saves_of(store) == before


def test_a_newer_continuation_replaces_the_game_here_with_a_revision_above_both():
    store = MemoryStore()
    put(store, slot_of(algo(moves=2), "g1", rev=3))
    app, host = merge(store, slot_of(algo(moves=5), "g1", rev=8, updated=T0 + 9))
    assert result(host) == "1 game updated: the file's game had gone further."
    entry = stored(store, "g1")
    assert entry["code"] == algo(moves=5).code() and entry["rev"] == 9
    assert [k for k in store.data if k.startswith(SAVE_PREFIX)] == [SAVE_PREFIX + "g1"]


def test_an_older_game_never_replaces_the_game_here():
    store = MemoryStore()
    put(store, slot_of(algo(moves=5), "g1", rev=8, updated=T0 + 9))
    before = saves_of(store)
    app, host = merge(store, slot_of(algo(moves=2), "g1", rev=3))
    assert result(host) == "1 game left as it is here: the game here has gone further."
    assert saves_of(store) == before


def test_more_moves_but_an_older_revision_is_kept_beside_the_game_here():
    """The game here had a move taken back after the file was made: it has fewer moves but
    is newer. Neither is lost."""
    store = MemoryStore()
    put(store, slot_of(algo(moves=2), "g1", rev=9, updated=T0 + 9))
    here = dict(store.data)
    app, host = merge(store, slot_of(algo(moves=3), "g1", rev=4))
    assert result(host).startswith("1 game added as a separate save")
    assert store.data[SAVE_PREFIX + "g1"] == here[SAVE_PREFIX + "g1"]
    codes = {s.code for s in app.saves.scan()[0]}
    assert codes == {algo(moves=2).code(), algo(moves=3).code()}


@pytest.mark.parametrize("theirs", [
    lambda: algo(seed=99, moves=3),                      # another deal under the same id
    lambda: algo(names=("Cho", "Dai")),                  # the same deal, newer, but behind
])
def test_two_games_that_differ_are_both_kept(theirs):
    store = MemoryStore()
    mine = algo(moves=2)
    put(store, slot_of(mine, "g1", rev=2))
    other = theirs()
    app, host = merge(store, slot_of(other, "g1", rev=5, updated=T0 + 50))
    got = {s.id: s.code for s in app.saves.scan()[0]}
    assert got["g1"] == mine.code() and len(got) == 2 and other.code() in got.values()
    assert result(host).startswith("1 game added as a separate save")


def test_the_same_deal_played_differently_is_kept_beside():
    store = MemoryStore()
    mine = algo(moves=2)
    theirs = algo()
    seat = theirs.to_move()[0]
    theirs.play(seat, theirs.game.legal_moves(theirs.state, seat)[-1])   # another first move
    assert theirs.record.moves[0] != mine.record.moves[0]
    put(store, slot_of(mine, "g1", rev=2))
    app, host = merge(store, slot_of(theirs, "g1", rev=7, updated=T0 + 50))
    assert stored(store, "g1")["code"] == mine.code()
    assert sorted(s.code for s in app.saves.scan()[0]) == sorted([mine.code(), theirs.code()])


def test_a_damaged_entry_here_is_left_and_the_file_game_kept_beside_it():
    store = MemoryStore({SAVE_PREFIX + "g1": '{"v":1,"id":"g1",'})
    app, host = merge(store, slot_of(algo(moves=2), "g1"))
    assert store.data[SAVE_PREFIX + "g1"] == '{"v":1,"id":"g1",'
    (good,) = app.saves.scan()[0]
    assert good.id != "g1" and good.code == algo(moves=2).code()


def test_a_tab_playing_the_updated_game_hears_it_went_on_elsewhere():
    a, ha = make_app()
    screen = start_algo(a, [("human", ""), ("normal", "")])
    wait_for_human(a, ha, screen)
    slot_id = screen.slot.id
    mine = Saves(ha.store).get(slot_id)
    # the same game, gone further on another device
    other = Match.from_code(mine.code)
    human_turn_match = other.game.legal_moves(other.state, other.to_move()[0])[0]
    other.play(other.to_move()[0], human_turn_match)
    further = Slot(slot_id, "algo", other.code(), mine.created, mine.updated + 1, False,
                   mine.title, mine.rev + 3, progress_lines(other))
    b, hb = make_app(ha.store)
    hb.choose_file(file_of(further))
    assert result(hb).startswith("1 game updated")
    human_turn(a, screen)                       # tab A's next save is refused: the game went on
    assert screen.conflict == "newer"
    assert stored(ha.store, slot_id)["code"] == other.code()


# --- bad entries ---------------------------------------------------------------------------------
def entry(slot, **fields):
    data = json.loads(slot.to_json())
    data.update(fields)
    return data


GOOD = slot_of(algo(moves=2), "good")


def future_code():
    """A code whose first byte says a newer bodoge made it."""
    import base64
    import zlib

    blob = bytes([3]) + zlib.compress(b'{"g":"algo"}')     # (2 is a public record's: core/public.py)
    return base64.urlsafe_b64encode(blob).decode().rstrip("=")


def other_game_code():
    return Match.new("bossa", {}, 3).code()


BAD_ENTRIES = {
    "not an object": lambda: 5,
    "a list": lambda: [1, 2],
    "no version": lambda: {k: v for k, v in entry(GOOD, id="b").items() if k != "v"},
    "newer entry format": lambda: entry(GOOD, id="b", v=2),
    "bad id": lambda: entry(GOOD, id="../x"),
    "code not base64": lambda: entry(GOOD, id="b", code="<script>alert(1)</script>"),
    "code damaged": lambda: entry(GOOD, id="b", code=GOOD.code[:-6] + "AAAAAA"),
    "code from a newer bodoge": lambda: entry(GOOD, id="b", code=future_code()),
    "code of another game": lambda: entry(GOOD, id="b", code=other_game_code()),
    "unknown game": lambda: entry(GOOD, id="b", game="chess"),
    "title too long": lambda: entry(GOOD, id="b", title="x" * 201),
    "rev negative": lambda: entry(GOOD, id="b", rev=-1),
    "updated text": lambda: entry(GOOD, id="b", updated="yesterday"),
    "over a number": lambda: entry(GOOD, id="b", over=1),
}


@pytest.mark.parametrize("case", sorted(BAD_ENTRIES))
def test_each_bad_entry_is_reported_and_the_good_ones_imported(case):
    store = MemoryStore()
    put(store, slot_of(algo(seed=3), "here"))
    before = dict(store.data)
    second = slot_of(algo(seed=4, moves=1), "second")
    text = json.dumps({"bodoge": "saves", "v": 1, "saves": [json.loads(GOOD.to_json()),
                                                            BAD_ENTRIES[case](),
                                                            json.loads(second.to_json())]})
    app, host = make_app(store)
    host.choose_file(text)
    said = result(host)
    assert said.startswith("2 games added. 1 entry could not be imported: Game 2 in the file"), said
    assert {k: v for k, v in store.data.items() if k in before} == before
    codes = sorted(s.code for s in app.saves.scan()[0])
    assert codes == sorted([algo(seed=3).code(), GOOD.code, second.code])
    assert Page(host.html).by_id("backup-result").role == "alert"


def test_a_bad_entry_names_its_game_and_why_never_its_text():
    store = MemoryStore()
    bad = [entry(GOOD, id="b1", code=future_code()), entry(GOOD, id="b2", title=[]),
           entry(GOOD, id="b3", game="chess<b>"), {"game": "<img src=x onerror=alert(1)>"}]
    text = json.dumps({"bodoge": "saves", "v": 1, "saves": bad})
    app, host = make_app(store)
    host.choose_file(text)
    assert result(host) == (
        "4 entries could not be imported: "
        "Game 1 in the file (algo): made by a newer version of bodoge. "
        "Game 2 in the file (algo): damaged. "
        "Game 3 in the file: damaged. "
        "Game 4 in the file: damaged.")
    assert not shown_anywhere(host, "chess") and not shown_anywhere(host, "onerror")


def test_many_bad_entries_are_listed_briefly():
    text = json.dumps({"bodoge": "saves", "v": 1, "saves": [7] * 40})
    app, host = make_app()
    host.choose_file(text)
    said = result(host)
    assert said.startswith("40 entries could not be imported:")
    assert said.count("Game ") == 5 and said.endswith("…and 35 more.")


def test_a_title_from_a_file_is_text_never_markup():
    store = MemoryStore()
    app, host = merge(store, slot_of(algo(moves=1), "g1", title='<img src=x onerror="alert(1)">'))
    page = Page(host.html)
    assert not page.where(tag="img", src="x") and not page.where(onerror=True)
    assert '<img src=x onerror="alert(1)">' in page.words


# --- the file's bounds ---------------------------------------------------------------------------
BAD_FILES = {
    "empty": ("", "the file is empty."),
    "spaces": ("  \n ", "the file is empty."),
    "not json": ("{broken", "it is not a bodoge saves file, or it is damaged."),
    "NaN": ('{"bodoge":"saves","v":1,"saves":[],"x":NaN}', "or it is damaged."),
    "huge number": ('{"bodoge":"saves","v":1,"saves":[],"x":' + "9" * 400 + "}",
                    "or it is damaged."),
    "lone surrogate": ('{"bodoge":"saves","v":1,"saves":[],"x":"\\ud800"}', "or it is damaged."),
    "deep brackets": ("[" * 200_000, "or it is damaged."),
    "deep objects": ('{"a":' * 50_000 + "1" + "}" * 50_000, "or it is damaged."),
    "deep in a save": (json.dumps({"bodoge": "saves", "v": 1, "saves": [[[[[[[[[[[[1]]]]]]]]]]]]}),
                       "or it is damaged."),
    "a string too long": (json.dumps({"bodoge": "saves", "v": 1, "x": "y" * 70_000}),
                          "or it is damaged."),
    "a save code": (GOOD.code, "or it is damaged."),
    "a list": ("[]", "it is not a bodoge saves file."),
    "another kind": ('{"bodoge":"settings","v":1}', "it is not a bodoge saves file."),
    "no version": ('{"bodoge":"saves","saves":[]}', "it is not a bodoge saves file."),
    "version text": ('{"bodoge":"saves","v":"1","saves":[]}', "it is not a bodoge saves file."),
    "saves not a list": ('{"bodoge":"saves","v":1,"saves":{}}', "it is not a bodoge saves file."),
    "newer version": ('{"bodoge":"saves","v":2,"saves":[]}', "made by a newer version of bodoge"),
    "too many saves": (json.dumps({"bodoge": "saves", "v": 1, "saves": [0] * 20_001}),
                       "more than bodoge imports at once"),
    "too many characters": ('{"bodoge":"saves","v":1,"saves":[],"x":"' + "a" * 8_000_000 + '"}',
                            "larger than 16 MB"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_bad_file_is_refused_whole_and_changes_nothing(case):
    text, said = BAD_FILES[case]
    store = MemoryStore({SETTINGS_KEY: '{"lang":"en","speed":"instant"}'})
    put(store, slot_of(algo(moves=2), "here"))
    before = dict(store.data)
    app, host = make_app(store)
    host.choose_file(text)
    assert result(host).startswith("Nothing was imported: ") and said in result(host), result(host)
    assert store.data == before
    assert [s.id for s in app.saves.scan()[0]] == ["here"]


def test_a_file_too_large_is_refused_before_it_is_read():
    app, host = make_app()
    host.choose_file("x" * (backup.MAX_FILE_BYTES + 1))
    assert host.file_reads == []
    assert result(host) == ("Nothing was imported: "
                            "the file is larger than 16 MB, far more than any saves file.")


def test_an_unreadable_file_says_so():
    app, host = make_app()
    host.choose_file(None)
    assert result(host) == "Nothing was imported: the browser could not read the file."


def test_deep_nesting_is_refused_before_json_parses_it(monkeypatch):
    parsed = []
    real = strictjson.json.loads
    monkeypatch.setattr(strictjson.json, "loads",
                        lambda text, **kw: parsed.append(len(text)) or real(text, **kw))
    with pytest.raises(backup.BadFile):
        backup.read('{"bodoge":"saves","v":1,"saves":' + "[" * 1_000_000)
    assert parsed == []
    backup.read('{"bodoge":"saves","v":1,"saves":[]}')
    assert len(parsed) == 1


def test_the_bounds_hold_what_a_full_browser_store_exports():
    """A browser keeps about 5 million characters for a site: the export of a store that full
    of small saves is within the file's bounds, and reads back whole."""
    small = slot_of(algo(), "s0", title="")
    store = MemoryStore()
    n = 5_200_000 // (len(SAVE_PREFIX) + 8 + len(small.to_json()))
    for i in range(n):
        small.id = f"s{i}"
        store.data[SAVE_PREFIX + small.id] = small.to_json()
    assert n > 8000
    name, text, counts = backup.export(store, Settings(store), T0)
    assert counts["saves"] == n and len(text) < backup.MAX_FILE_CHARS
    assert len(text.encode("utf-8")) < backup.MAX_FILE_BYTES
    assert len(backup.read(text).saves) == n


def test_a_full_store_stops_the_import_and_says_what_was_not_imported():
    here = slot_of(algo(seed=3), "here")
    slots = [slot_of(algo(seed=10 + i, moves=2), f"g{i}") for i in range(6)]
    size = max(len(SAVE_PREFIX + s.id) + len(s.to_json()) + 20 for s in slots)
    settings = len(SETTINGS_KEY) + 40
    store = MemoryStore(quota=len(SAVE_PREFIX + "here") + len(here.to_json()) + settings
                        + int(2.5 * size))                 # room for two more saves
    store.data[SAVE_PREFIX + "here"] = here.to_json()
    app, host = make_app(store)
    host.choose_file(file_of(*slots))
    said = result(host)
    assert sorted(saves_of(store)) == sorted(SAVE_PREFIX + i for i in ("here", "g0", "g1"))
    assert said == ("2 games added. The browser's storage is full: the rest of the file was not "
                    "imported. Delete old saves to make room, then import again. 4 entries could "
                    "not be imported: " + " ".join(
                        f"Game {n} in the file (algo): the browser would not store it."
                        for n in range(3, 7)))
    assert store.data[SAVE_PREFIX + "here"] == here.to_json()


# --- settings and lessons ------------------------------------------------------------------------
def test_settings_are_taken_only_where_none_was_chosen_here():
    store = MemoryStore({SETTINGS_KEY: '{"speed":"slow"}'})
    app, host = make_app(store, speed=None)
    assert app.settings.lang == "en"
    host.choose_file(file_of(settings={"lang": "ja", "speed": "fast", "motion": "reduce",
                                       "stun": "javascript:alert(1)", "home_note": "hidden",
                                       "x": "y"}))
    s = app.settings
    assert (s.lang, s.speed, s.motion, s.stun, s.home_note) == \
        ("ja", "slow", "reduce", "", "hidden")
    assert json.loads(store.data[SETTINGS_KEY]) == \
        {"speed": "slow", "lang": "ja", "motion": "reduce", "home_note": "hidden"}
    assert host.settings_applied == ("ja", "reduce")
    assert app.i18n.lang == "ja"                      # the page switched: so does the report
    assert result(host) == "3件の設定をファイルから取り込みました（この端末で選んでいないもの）。"


def test_settings_that_are_not_an_object_are_reported():
    app, host = make_app()
    host.choose_file(json.dumps({"bodoge": "saves", "v": 1, "saves": [], "settings": [1]}))
    assert result(host) == "1 entry could not be imported: The settings: damaged."


SIG = "0123456789abcdef"


def lesson(step, done=False, moves=None):
    return json.loads(LessonProgress(SIG, step, moves or [], done).to_json())


@pytest.mark.parametrize("here,theirs,taken", [
    (None, lesson(3), True),
    (lesson(2), lesson(5), True),
    (lesson(5), lesson(2), False),
    (lesson(5), lesson(2, done=True), True),
    (lesson(2, done=True), lesson(9), False),
])
def test_lesson_progress_is_taken_when_further(here, theirs, taken):
    store = MemoryStore()
    if here is not None:
        store.data[LESSON_PREFIX + "algo"] = json.dumps(here)
    app, host = make_app(store)
    host.choose_file(file_of(lessons={"algo": theirs}))
    now = json.loads(store.data[LESSON_PREFIX + "algo"])
    assert now == (theirs if taken else here)
    assert ("Lesson progress taken for 1 game." in (result(host) or "")) == taken


def test_bad_lessons_are_reported():
    app, host = make_app()
    host.choose_file(file_of(lessons={"algo": {"v": 1, "sig": "zz", "step": 1, "moves": [],
                                               "done": False},
                                      "chess": lesson(1), "bossa": lesson(2)}))
    assert result(host) == ("Lesson progress taken for 1 game. 2 entries could not be imported: "
                            "A lesson (algo): damaged. "
                            "A lesson: a game this version does not know.")


# --- persistent storage --------------------------------------------------------------------------
def test_persistence_is_asked_at_the_first_save_once_per_page_not_at_start_up():
    app, host = make_app()
    assert host.persist_calls == [False]              # the shelf asks whether, never asks to
    host.answer_persist(False)
    screen = start_algo(app, [("human", ""), ("normal", "")])
    assert host.persist_calls == [False, True]        # the new game's first save
    host.answer_persist(True)
    wait_for_human(app, host, screen)
    human_turn(app, screen)
    host.run_timers()
    app.route("#/")
    start_algo(app, [("human", ""), ("normal", "")])
    assert host.persist_calls == [False, True]        # once per page
    app.route("#/")
    assert "Saves are kept by this browser" in host.text()


def test_a_game_opened_first_asks_at_its_first_save_and_goes_on_whatever_the_answer():
    store = MemoryStore()
    vs_bot = Match.new("algo", {"players": 2}, 7, {"seats": [{"name": "Aki"}, {"bot": "normal"}]})
    put(store, slot_of(vs_bot, "g1"))
    app, host = make_app(store, hash_="#/play/g1")
    assert host.persist_calls == []                   # nothing at start-up
    screen = app.screen
    wait_for_human(app, host, screen)
    human_turn(app, screen)
    host.run_timers()
    assert host.persist_calls == [True]
    host.answer_persist(None)                         # the browser failed: the game goes on
    assert stored(store, "g1")["rev"] >= 2
    assert app.kept is None


@pytest.mark.parametrize("answer,line", [
    (True, "Saves are kept by this browser: it will not delete them to make room."),
    (False, "The browser may delete saves when space runs low. Export them to keep a copy."),
    (None, "This browser does not say whether it keeps saves for good. "
           "Export them to keep a copy."),
])
def test_settings_show_what_the_browser_answered(answer, line):
    app, host = make_app()
    assert "This browser does not say" in host.text()             # not answered yet
    host.answer_persist(answer)
    assert line in host.text()
    status = Page(host.html).by_id("kept-status")
    assert status.tag == "p" and status.classes == [
        "kept-status", {True: "kept", False: "not-kept", None: "unknown"}[answer]]


def test_nothing_is_asked_in_safe_mode_or_with_blocked_storage():
    app, host = make_app(safe=True)
    start_algo(app, [("human", ""), ("normal", "")])
    assert host.persist_calls == []
    assert "Export all saves" not in host.text()
    blocked = MemoryStore(persistent=False)
    app, host = make_app(blocked)
    start_algo(app, [("human", ""), ("normal", "")])
    app.route("#/")
    assert host.persist_calls == [False]
    assert "Export all saves" not in host.text() and not shown_anywhere(host, "import-file")


# --- the Home Screen note ------------------------------------------------------------------------
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")
IPAD = ("Mozilla/5.0 (iPad; CPU OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        "Mobile/15E148")
MAC = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) "
       "Version/17.4 Safari/605.1.15")
ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/125.0 Mobile Safari/537.36")
CRIOS = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like "
         "Gecko) CriOS/125.0 Mobile/15E148 Safari/604.1")


@pytest.mark.parametrize("ua,touch,standalone,expected", [
    (IPHONE, 5, False, True),
    (IPHONE, 5, True, False),              # opened from the Home Screen
    (IPAD, 5, False, True),
    (MAC, 5, False, True),                 # iPadOS says it is a Mac, but has touch
    (MAC, 0, False, False),                # a Mac
    (ANDROID, 5, False, False),
    (CRIOS, 5, False, True),               # Chrome on iOS is WebKit too
    ("", 0, False, False),
])
def test_which_devices_are_iphones_outside_the_home_screen(ua, touch, standalone, expected):
    assert ios_outside_home({"ua": ua, "touch": touch, "standalone": standalone}) is expected


def test_device_info_of_any_shape_is_not_an_iphone():
    for device in ({}, {"ua": 5, "touch": "x"}, {"ua": None, "touch": None, "standalone": "yes"}):
        assert ios_outside_home(device) is False


def iphone_app(store=None, lang="en"):
    """An app on an iPhone's Safari (not the Home Screen), showing the shelf."""
    store = store if store is not None else MemoryStore({SETTINGS_KEY: json.dumps(
        {"lang": lang, "speed": "instant"})})
    app, host = make_app(store, hash_="#/play/none")       # the page starts elsewhere
    host.device_info = {"ua": IPHONE, "touch": 5, "standalone": False}
    app._device = None
    app.route("#/")
    return app, host


def test_an_iphone_outside_the_home_screen_gets_the_note_until_it_is_dismissed():
    app, host = iphone_app()
    assert present(host, "home-note")
    text = host.text()
    assert "Safari may delete saved games when bodoge has not been opened for 7 days" in text
    assert "tap Share" in text and "Add to Home Screen" in text
    assert "Export all saves" in text
    assert "On iPhone and iPad, Safari may delete saves after 7 days" in text       # Settings too
    app.act("home-note-hide")
    assert not present(host, "home-note") and host.focused == "main-heading"
    assert json.loads(host.store.data[SETTINGS_KEY])["home_note"] == "hidden"
    assert "On iPhone and iPad, Safari may delete saves" in host.text()             # still here
    again, host2 = iphone_app(host.store)                                           # another day
    assert not present(host2, "home-note")


def test_the_note_is_in_japanese_too():
    app, host = iphone_app(lang="ja")
    assert "「ホーム画面に追加」" in host.text() and "閉じる" in host.text()


@pytest.mark.parametrize("ua,standalone", [(IPHONE, True), (ANDROID, False), (MAC, False)])
def test_no_note_elsewhere(ua, standalone):
    app, host = make_app()
    host.device_info = {"ua": ua, "touch": 0 if ua == MAC else 5, "standalone": standalone}
    app._device = None
    app.refresh()
    assert not present(host, "home-note")
    assert "On iPhone and iPad" not in host.text()


def test_a_device_that_cannot_be_asked_still_gets_its_shelf():
    app, host = make_app()

    def broken():
        raise RuntimeError("no navigator")

    host.device = broken
    app._device = None
    app.refresh()
    assert not present(host, "home-note") and "Export all saves" in host.text()


def test_the_answer_keeps_the_notice_the_shelf_shows():
    """A bad link opens the shelf with a notice; the browser's answer redraws Settings, and the
    notice stays (it is the same page, not news)."""
    app, host = make_app(hash_="#load=AAAAbroken")
    assert present(host, "notice")
    host.answer_persist(False)
    assert "The browser may delete saves" in host.text()
    assert present(host, "notice") and "This code cannot be opened" in host.text()
    app.route("#/")                                   # the next screen is without it
    assert not present(host, "notice")


def test_nothing_is_asked_when_the_first_screen_cannot_be_drawn():
    from .fakehost import FakeHost

    host = FakeHost()

    def broken(html, focus):
        raise ValueError("no render")

    host.render = broken
    from bodoge.ui.app import App

    app = App(host)
    host.app = app
    with pytest.raises(ValueError):
        app.start("#/")
    assert host.persist_calls == []
