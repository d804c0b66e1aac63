"""The shelf (issue 14): each game's picture on its card; a saved game's row says where the game
stands (its progress line, stored in both languages at every autosave, so the shelf never
replays a game) and when it was played."""

import json
import re

import pytest

from bodoge.core.match import Match
from bodoge.games import CATALOG
from bodoge.ui import pictures
from bodoge.ui.app import iso_time, static_page, when_text
from bodoge.ui.games import game_ui, progress_lines
from bodoge.ui.html import h, render
from bodoge.ui.i18n import I18n
from bodoge.ui.storage import (MAX_PROGRESS, SAVE_PREFIX, MemoryStore, Slot, clean_progress,
                               read_progress)

from .fakehost import make_app
from .page import Page
from .test_app import human_turn, start_algo

PLAYABLE = [g.id for g in CATALOG if g.playable]
MIN, HOUR, DAY = 60_000, 3_600_000, 86_400_000


def rows(html):
    """The saved games' rows (``<li class="save ...">``)."""
    return [li for li in Page(html).where(tag="li") if li.classes[:1] == ["save"]]


def texts(row, cls):
    """The words of each element of class ``cls`` in ``row``."""
    return [el.all_text for el in row.where(cls=cls)]


def shows(el, text):
    """Whether an element inside ``el`` holds exactly the words ``text``."""
    return any(child.all_text == text for child in el.walk())


def entry(store, slot_id):
    return json.loads(store.data[SAVE_PREFIX + slot_id])


def saved_entry(slot_id="abc", progress=None, **extra):
    """A sound save entry of a short algo game (with ``progress`` as given, if any)."""
    match = Match.new("algo", {"players": 2}, 7, {"seats": [{"name": "Aki"}, {"bot": "normal"}]})
    data = {"v": 1, "id": slot_id, "game": "algo", "code": match.code(), "created": 1.0,
            "updated": 1_700_000_000_000.0, "over": False, "title": "Aki · Ben", "rev": 1}
    if progress is not None:
        data["progress"] = progress
    data.update(extra)
    return json.dumps(data, ensure_ascii=False)


# --- pictures ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_game_card_shows_its_picture(game_id):
    app, host = make_app()
    card = re.search(r'<li class="game-card">(?:(?!</li>).)*href="#/new/%s"' % game_id, host.html, re.S)
    assert card, game_id
    pic = re.search(r'<div class="game-picture">(<svg.*?)</div>', card.group(0), re.S)
    assert pic, game_id
    svg = pic.group(1)
    head = svg.split(">", 1)[0]
    assert 'viewBox="' in head and 'aria-hidden="true"' in head and "width=" not in head
    assert svg == render(game_ui(game_id).picture())          # the game's own drawing


def test_the_built_pictures_are_the_games_own_and_still_escape():
    source = pictures.module_source(PLAYABLE)
    space = {}
    exec(compile(source, "_pictures_built.py", "exec"), space)
    built = space["PICTURES"]
    assert sorted(built) == sorted(PLAYABLE)
    for game_id in PLAYABLE:       # the markup bodoge.ui.html makes of the game's own drawing
        assert built[game_id] == render(game_ui(game_id).picture())
        assert built[game_id].startswith("<svg ") and "<script" not in built[game_id]
    pictures._CACHE.clear()


def test_the_shelf_uses_the_built_pictures_without_importing_the_games(tmp_path):
    """The built site's package (``tools/build.py``) carries the pictures ready-made: its
    shelf draws them and imports no game's UI."""
    import importlib.util
    import os
    import subprocess
    import sys
    import zipfile

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    spec = importlib.util.spec_from_file_location("build_tool", os.path.join(root, "tools", "build.py"))
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    zip_path = str(tmp_path / "bodoge.zip")
    build.package_zip(zip_path)
    assert "bodoge/ui/_pictures_built.py" in zipfile.ZipFile(zip_path).namelist()
    code = ("import sys; sys.path.insert(0, sys.argv[1])\n"
            "from bodoge.ui.app import shelf\nfrom bodoge.ui.i18n import I18n\n"
            "from bodoge.ui.html import render\n"
            "html = render(shelf(I18n('en'), ([], []), None, static=True))\n"
            "games = sorted(m for m in sys.modules if m.startswith('bodoge.games.') and m.endswith('.ui'))\n"
            "print(html.count('class=\"game-picture\"'), html.count('<svg'), games)\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([sys.executable, "-c", code, zip_path], capture_output=True, text=True,
                         check=True, cwd=str(tmp_path), env=env).stdout.split(" ", 2)
    assert out[0] == str(len(PLAYABLE)) and int(out[1]) >= len(PLAYABLE) and out[2].strip() == "[]"
    # and the same markup as from the sources
    here = static_page("en")
    assert here.count('class="game-picture"') == len(PLAYABLE)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_game_of_the_catalogue_is_on_the_shelf_with_its_names_and_blurb(lang):
    html = static_page(lang)
    for g in CATALOG:
        for text in (g.name_ja, g.name_en, g.blurb(lang)):
            assert render(h("p", {}, text))[3:-4] in html, (g.id, text)
    assert html.count('class="blurb"') == len(CATALOG)


def test_a_picture_that_fails_leaves_the_card_without_one(monkeypatch):
    cls = type(game_ui("bossa"))
    monkeypatch.setattr(cls, "picture", lambda self: 1 / 0)
    monkeypatch.setattr(pictures, "_CACHE", {})
    monkeypatch.setattr(pictures, "built", lambda: None)
    html = static_page("en")
    assert html.count('class="game-picture"') == len(PLAYABLE) - 1
    assert 'href="#/new/bossa"' in html


# --- progress, stored at autosave --------------------------------------------------------------
def test_autosave_stores_the_progress_line_in_both_languages_and_the_shelf_shows_it():
    app, host = make_app()
    screen = start_algo(app, [("human", "Aki"), ("normal", "Ben")])
    slot_id = screen.slot.id
    assert entry(host.store, slot_id)["progress"]["en"].startswith("Round 1 of 2 · Aki 0, Ben 0 · ")
    host.run_timers()
    human_turn(app, screen)
    host.run_timers()
    stored = entry(host.store, slot_id)["progress"]
    assert stored == progress_lines(screen.match)
    assert stored["en"].startswith("Round 1 of 2 · ") and stored["ja"].startswith("第1ラウンド（全2）・")
    app.route("#/")
    (row,) = rows(host.html)
    assert stored["en"] in texts(row, "save-line")
    assert "In progress" not in row.words
    app.act("lang", "ja")
    (row,) = rows(host.html)
    assert stored["ja"] in texts(row, "save-line")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_shelf_never_replays_a_save(monkeypatch, lang):
    """The shelf reads the stored line: decoding a code (let alone replaying it) is not needed."""
    import bodoge.core.record as record

    store = MemoryStore({SAVE_PREFIX + f"s{i}": saved_entry(f"s{i}", {"en": f"Round {i}", "ja": f"第{i}"})
                         for i in range(30)})
    calls = []
    monkeypatch.setattr(record, "replay", lambda *a: calls.append(a) or 1 / 0)
    monkeypatch.setattr(record, "decode", lambda *a: calls.append(a) or 1 / 0)
    app, host = make_app(store, lang=lang)
    assert len(rows(host.html)) == 30 and not calls
    assert shows(Page(host.html), "Round 7" if lang == "en" else "第7")


def test_an_old_save_without_progress_says_in_progress():
    store = MemoryStore({SAVE_PREFIX + "old": saved_entry("old")})
    app, host = make_app(store)
    (row,) = rows(host.html)
    assert "In progress" in texts(row, "save-status") and not row.where(cls="save-line")
    assert "damaged" not in row.classes and not row.mentions("damaged")
    app.act("lang", "ja")
    assert "プレイ中" in texts(rows(host.html)[0], "save-status")


def test_progress_is_text_never_markup():
    line = '<img src=x onerror=alert(1)> & "Aki"'
    store = MemoryStore({SAVE_PREFIX + "x": saved_entry("x", {"en": line, "ja": line})})
    app, host = make_app(store)
    (row,) = rows(host.html)
    assert not row.where(tag="img")
    assert '<img src=x onerror=alert(1)> & "Aki"' in row.words


@pytest.mark.parametrize("bad", [
    "Round 2",                                   # not a dict
    [],                                          # not a dict
    {},                                          # empty
    {"en": "x" * (MAX_PROGRESS + 1)},            # too long
    {"en": ""},                                  # empty line
    {"en": 5},                                   # not text
    {"en": "a\nb"},                              # a control character
    {"en": "a\u2028b"},                          # a line separator
    {"en": " padded"},                           # not as we write it
    {"fr": "Manche 2"},                          # no such language
    {"en": "a", "ja": "b", "xx": "c"},           # too many
    {"en": {"nested": "x"}},                     # not text
])
def test_a_bad_progress_field_is_ignored_and_the_save_kept(bad):
    assert read_progress(bad) is None
    store = MemoryStore({SAVE_PREFIX + "x": saved_entry("x", bad)})
    app, host = make_app(store)
    (row,) = rows(host.html)
    assert row.classes == ["save"] and "In progress" in row.words   # not damaged: the game opens
    app.route("#/play/x")
    assert type(app.screen).__name__ == "Session"


def test_one_language_is_enough():
    assert read_progress({"ja": "第2ラウンド"}) == {"ja": "第2ラウンド"}
    store = MemoryStore({SAVE_PREFIX + "x": saved_entry("x", {"ja": "第2ラウンド"})})
    app, host = make_app(store)
    assert "In progress" in rows(host.html)[0].words
    app.act("lang", "ja")
    assert shows(rows(host.html)[0], "第2ラウンド")


def test_written_lines_are_one_line_and_bounded():
    assert clean_progress({"en": "a\n  b\tc", "ja": "x" * 500, "fr": "no"}) == {
        "en": "a b c", "ja": "x" * (MAX_PROGRESS - 1) + "…"}
    assert clean_progress({"en": " \n "}) is None and clean_progress("Round 2") is None
    slot = Slot("x", "algo", "AAAA", 1, 2, progress={"en": "y" * 1000})
    data = json.loads(slot.to_json())
    assert len(data["progress"]["en"]) == MAX_PROGRESS
    assert read_progress(data["progress"]) == data["progress"]       # what is written reads back
    assert "progress" not in json.loads(Slot("x", "algo", "AAAA", 1, 2).to_json())


def test_long_names_are_cut_in_the_stored_line():
    app, host = make_app()
    screen = start_algo(app, [("human", "A" * 24), ("normal", "B" * 24), ("normal", "C" * 24),
                              ("normal", "D" * 24)], players=4)
    stored = entry(host.store, screen.slot.id)["progress"]
    assert all(len(line) <= MAX_PROGRESS for line in stored.values())


def test_a_progress_hook_that_fails_does_not_stop_the_save(monkeypatch):
    cls = type(game_ui("algo"))
    monkeypatch.setattr(cls, "progress", lambda self, view, ctx: 1 / 0)
    app, host = make_app()
    screen = start_algo(app, [("human", "Aki"), ("normal", "Ben")])
    host.run_timers()
    human_turn(app, screen)
    host.run_timers()
    data = entry(host.store, screen.slot.id)
    assert "progress" not in data and data["code"] == screen.match.code()


def test_a_finished_game_says_who_won():
    app, host = make_app()
    screen = start_algo(app, [("strong", "Aki"), ("normal", "Ben")])
    for _ in range(200):
        if screen.match.over:
            break
        host.run_timers()
        if screen.pause is not None:
            app.act("next-round")
    assert screen.match.over
    stored = entry(host.store, screen.slot.id)["progress"]
    winner = ["Aki", "Ben"][screen.match.outcome()["winners"][0]]
    assert stored == {"en": f"{winner} wins the game", "ja": f"{winner}の勝ち"}
    app.route("#/")
    (row,) = rows(host.html)
    assert texts(row, "save-status") == ["Finished"] and row.where(cls="save-line")
    assert "Finished · " + texts(row, "save-line")[0] in row.words


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_game_has_a_line_in_both_languages_at_its_start(game_id):
    gui = game_ui(game_id)
    options = gui.game.options(gui.options_from_setup(gui.default_setup()))
    n = gui.game_players(options)
    seats = [{"name": "", "bot": None}] + [{"name": "", "bot": "normal"}] * (n - 1)
    match = Match.new(game_id, options, 3, {"seats": seats})
    lines = progress_lines(match)
    assert set(lines) == {"en", "ja"} and all(lines.values()), game_id
    assert read_progress(clean_progress(lines)) == clean_progress(lines)


# --- when ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("age,en,ja", [
    (0, "just now", "たった今"),
    (59_999, "just now", "たった今"),
    (2 * MIN + 5, "2 min ago", "2分前"),
    (59 * MIN, "59 min ago", "59分前"),
    (HOUR, "1 hour ago", "1時間前"),
    (5 * HOUR + 30 * MIN, "5 hours ago", "5時間前"),
    (DAY, "date", "date"),
    (-5 * MIN, "date", "date"),              # a save from the future (another clock): its date
])
def test_when_a_save_was_played(age, en, ja):
    now = 1_700_000_000_000

    def fmt(ms, lang):
        assert ms == now - age
        return "date"

    assert when_text(I18n("en"), now - age, now, fmt) == en
    assert when_text(I18n("ja"), now - age, now, fmt) == ja


def test_the_row_has_a_machine_readable_time_and_the_full_date():
    app, host = make_app(MemoryStore({SAVE_PREFIX + "x": saved_entry("x")}))
    (row,) = rows(host.html)
    (time,) = row.where(tag="time", cls="save-time")
    assert time.attrs["datetime"] == "2023-11-14T22:13Z" and time.attrs["title"] == "t1700000000000"
    assert time.all_text
    assert iso_time(8_640_000_000_000_000) is None        # beyond Python's dates: no attribute


def test_a_save_just_played_reads_just_now():
    app, host = make_app()
    start_algo(app, [("human", "Aki"), ("normal", "Ben")])
    app.route("#/")
    assert [t.all_text for t in rows(host.html)[0].where(tag="time")] == ["just now"]


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_finished_game_names_its_winner_first_in_every_game(game_id):
    """(ALTER and Play Me! said where the game stood instead: issue 26.)"""
    from bodoge.core.selfplay import play_one
    from bodoge.ui.games import Ctx, seat_name, winners_text
    from bodoge.ui.i18n import I18n

    gui = game_ui(game_id)
    options = gui.game.options(gui.options_from_setup(gui.default_setup()))
    n = gui.game_players(options)
    level = gui.game.bot_levels[0]
    match = play_one(game_id, options, 5, [level] * n)
    match.record.meta = {"seats": [{"name": f"P{s}", "bot": None} for s in range(n)]}
    lines = progress_lines(match)
    for lang in ("en", "ja"):
        i18n = I18n(lang)
        seats = match.record.meta["seats"]
        ctx = Ctx(i18n, [seat_name(i18n, seats, s) for s in range(n)], None, list(range(n)))
        expected = gui.result_heading(match.view(None), match.outcome(), ctx)
        assert lines[lang] == expected and (winners_text(ctx, match.outcome()["winners"]) in expected
                                            or gui.result_heading is not type(gui).result_heading)


def test_play_me_between_rounds_says_the_round_that_was_played():
    """(It said the next one, not yet begun: issue 26.)"""
    from bodoge.core.match import Match as M
    from bodoge.games.playme import GAME

    from bodoge.games.playme.sim import Driver

    match = M.new("playme", {"players": 2}, 7, {"seats": [{"name": "", "bot": None}] * 2})
    state = match.state
    # the first round, played to its catch by bots on a simulated clock
    bots = {s: GAME.make_bot(GAME.bot_levels[-1], s, s + 1) for s in range(2)}
    driver = Driver(match, bots)
    driver.play(0, {"a": "ready", "t": state["t"] + 10})
    while not match.state["results"]:
        driver.run_until(driver.next_due())
    assert match.state["phase"] == "ready" and not match.over      # (two players: no Jabberwocky)
    line = progress_lines(match)["en"]
    assert "Round 1" in line and "Round 2" not in line


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_saves_default_title_is_said_in_the_shelfs_language(game_id):
    """A game started in Japanese is listed in English with English default names (it said
    「あなた · CPU2（ふつう）」: issue 26): its title is kept in both languages, read back from
    the store, and the shelf still decodes no code."""
    app, host = make_app(lang="ja")
    values = game_ui(game_id).default_setup()
    app.route(f"#/new/{game_id}")
    app.act("start", "", {k: str(v) for k, v in values.items() if not isinstance(v, bool)})
    slot = app.screen.slot
    stored = entry(host.store, slot.id)
    assert stored["title"] == stored["titles"]["ja"] and set(stored["titles"]) == {"en", "ja"}
    assert not re.search(r"[ぁ-んァ-ン一-龯（）]", stored["titles"]["en"]), stored["titles"]
    app2, host2 = make_app(host.store, lang="en")          # a new page: the saves from the store
    app2.act("lang", "en")
    (row,) = rows(host2.html)
    assert stored["titles"]["en"] in texts(row, "save-title")
    app2.act("lang", "ja")
    assert stored["title"] in texts(rows(host2.html)[0], "save-title")


def test_a_title_without_both_languages_or_a_damaged_one_is_shown_as_stored():
    good = Slot.from_json(saved_entry("a", titles={"en": "You · CPU 2", "ja": "あなた · CPU2"}))
    assert good.title_in("en") == "You · CPU 2" and good.title_in("ja") == "あなた · CPU2"
    for titles in ({"en": "x" * 500}, {"fr": "Vous"}, "You", {"en": "a\nb"}):
        slot = Slot.from_json(saved_entry("b", titles=titles))
        assert slot.titles is None and slot.title_in("en") == "Aki · Ben"
    old = Slot.from_json(saved_entry("c"))
    assert old.titles is None and old.title_in("ja") == "Aki · Ben"
