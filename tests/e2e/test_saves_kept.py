"""Saves that survive the browser (issue 24, item 5), in Chromium: persistent storage asked for
at the first save of a page (never at start-up) and its answer in Settings; Export all saves,
then Import in a fresh browser context (another device, or the iPhone's Home Screen app) gives
the same shelf; a bad import file reports what it could not import and keeps what exists, and
a huge one is refused before the browser reads it."""

import json
import re
import time

from playwright.sync_api import expect

from bodoge.core.match import Match
from bodoge.ui.storage import LESSON_PREFIX, SAVE_PREFIX, SETTINGS_KEY, LessonProgress, Slot

from .harness import algo_attack, boot, humans_turn, seed_storage, storage, wait_until
from .test_shelf import seeded_saves

# Every call of navigator.storage.persist (and of a file's text()) is counted in the page.
COUNT = """
window.__persist = [];
window.__fileReads = 0;
if (window.StorageManager && StorageManager.prototype.persist) {
  const persist = StorageManager.prototype.persist;
  StorageManager.prototype.persist = function () {
    // whether a game was saved when it was asked
    window.__persist.push(Object.keys(localStorage).some((k) => k.startsWith("bodoge:save:")));
    return persist.call(this);
  };
}
const text = Blob.prototype.text;
Blob.prototype.text = function () { window.__fileReads += 1; return text.call(this); };
"""


def saves(page):
    return {k: v for k, v in storage(page).items() if k.startswith(SAVE_PREFIX)}


def kept_answer(page):
    return page.evaluate("() => navigator.storage.persisted()")


def test_persist_is_asked_at_the_first_save_once_and_settings_show_the_answer(context, page, server):
    context.add_init_script(COUNT)
    boot(page, server.url)
    # start-up is over: the service worker is registered and its precache under way
    wait_until(page, "async () => !!(await navigator.serviceWorker.ready)")
    page.wait_for_timeout(500)
    assert page.evaluate("window.__persist") == []
    status = page.locator("#kept-status")
    expect(status).to_have_text(re.compile("Saves are kept by this browser" if kept_answer(page)
                                           else "The browser may delete saves"))
    page.goto(server.url + "#/new/algo")
    page.wait_for_selector("#setup-form")
    page.select_option("#kind1", "easy")
    page.click("#start")
    page.wait_for_selector("main.play-screen")
    assert wait_until(page, "() => window.__persist.length") == 1       # the game's first save
    assert page.evaluate("window.__persist") == [True]
    wait_until(page, "() => !document.querySelector('#prompt').textContent.endsWith('is thinking…')")
    if humans_turn(page):
        algo_attack(page, 5)
    wait_until(page, """() => Object.keys(localStorage).some((k) => k.startsWith("bodoge:save:")
                                && JSON.parse(localStorage.getItem(k)).rev >= 2)""")
    assert page.evaluate("window.__persist.length") == 1                 # once per page
    page.goto(server.url + "#/")
    expect(status).to_have_text(re.compile("Saves are kept by this browser" if kept_answer(page)
                                           else "The browser may delete saves"))


def lesson_done():
    return LessonProgress("0123456789abcdef", 18, [], True).to_json()


_ROWS = """() => Array.from(document.querySelectorAll("li.save")).map((li) => [
  li.querySelector(".save-head, .save-game").textContent,
  li.querySelector(".save-progress") ? li.querySelector(".save-progress").textContent : "",
  li.querySelector("time") ? li.querySelector("time").getAttribute("datetime") : "",
  li.className])"""
_LESSONS = """() => Array.from(document.querySelectorAll(".game-card")).map((card) =>
  card.querySelector(".lesson-done") ? card.querySelector(".lesson-done").textContent : "")"""


def shelf_of(page):
    page.wait_for_selector("li.save")
    return page.evaluate(_ROWS), page.evaluate(_LESSONS)


def import_file(page, path):
    """Import through the page's own button and the browser's file chooser."""
    with page.expect_file_chooser() as chooser:
        page.click("#import-saves")
    chooser.value.set_files(path)


def test_export_then_import_in_a_fresh_context_gives_the_same_shelf(context, page, server,
                                                                      new_context, tmp_path):
    entries, _, _ = seeded_saves(time.time() * 1000)
    entries[LESSON_PREFIX + "algo"] = lesson_done()
    entries[SETTINGS_KEY] = json.dumps({"lang": "en", "speed": "instant", "motion": "reduce"})
    seed_storage(context, entries)
    boot(page, server.url)
    before = shelf_of(page)
    assert len(before[0]) == len([k for k in entries if k.startswith(SAVE_PREFIX)])
    assert before[1][0] == "✓ lesson done"
    with page.expect_download() as download:
        page.click("#export-saves")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert re.fullmatch(r"bodoge-saves-\d{4}-\d\d-\d\d\.json", path.name)
    expect(page.locator("#backup-result")).to_contain_text(
        f"Exported {len(before[0])} saved games, your settings and lessons to {path.name}")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert {SAVE_PREFIX + s["id"] for s in doc["saves"]} == \
        {k for k in entries if k.startswith(SAVE_PREFIX)}
    assert all(s == json.loads(Slot.from_json(entries[SAVE_PREFIX + s["id"]]).to_json())
               for s in doc["saves"])

    fresh = new_context().new_page()                      # another device: nothing stored
    boot(fresh, server.url)
    assert saves(fresh) == {}
    import_file(fresh, path)
    expect(fresh.locator("#backup-result p")).to_have_text([
        f"{len(before[0])} games added.",
        "1 setting taken from the file (one not chosen on this device).",
        "Lesson progress taken for 1 game."])
    assert shelf_of(fresh) == before
    assert fresh.evaluate("document.documentElement.dataset.motion") == "reduce"
    assert {k: json.loads(v)["code"] for k, v in saves(fresh).items()} == \
        {k: json.loads(v)["code"] for k, v in entries.items() if k.startswith(SAVE_PREFIX)}
    fresh.reload()                                        # stored, not only shown
    assert shelf_of(fresh) == before
    import_file(fresh, path)                              # a second time: nothing changes
    expect(fresh.locator("#backup-result p")).to_have_text([f"{len(before[0])} games already here."])
    assert shelf_of(fresh) == before


def test_a_bad_import_file_reports_and_keeps_what_exists(context, page, server, tmp_path):
    context.add_init_script(COUNT)
    entries, _, _ = seeded_saves(time.time() * 1000)
    seed_storage(context, entries)
    boot(page, server.url)
    kept = saves(page)
    rows = shelf_of(page)[0]
    # a file with a new good game (a title that is markup), a damaged one and a stranger
    new = Match.new("bossa", {}, 5, {"seats": [{"name": "Aki"}, {"bot": "easy"}]})
    good = Slot("fromfile", "bossa", new.code(), 1_700_000_000_000, 1_700_000_000_000, False,
                '<img src=x onerror="document.title=1">')
    damaged = json.loads(good.to_json())
    damaged.update(id="broken", code=new.code()[:-8] + "AAAAAAAA")
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps({"bodoge": "saves", "v": 1, "saves": [
        json.loads(good.to_json()), damaged, {"game": "<b>x</b>", "v": 9}]}), encoding="utf-8")
    import_file(page, path)
    result = page.locator("#backup-result")
    expect(result.locator("p")).to_have_text([
        "1 game added.", "2 entries could not be imported:",
        "Game 2 in the file (Bossa): damaged.", "Game 3 in the file: damaged."])
    expect(result).to_have_attribute("role", "alert")
    now = saves(page)
    assert {k: v for k, v in now.items() if k in kept} == kept
    assert set(now) == set(kept) | {SAVE_PREFIX + "fromfile"}
    title = page.locator("li.save .save-title", has_text="onerror")
    expect(title).to_have_text('<img src=x onerror="document.title=1">')
    assert page.locator("li.save img").count() == 0 and page.title() != "1"
    assert len(shelf_of(page)[0]) == len(rows) + 1

    for name, text, said in (
            ("notjson.json", "{broken", "it is not a bodoge saves file, or it is damaged."),
            ("deep.json", "[" * 500_000, "it is not a bodoge saves file, or it is damaged."),
            ("newer.json", '{"bodoge":"saves","v":2,"saves":[]}', "made by a newer version")):
        (tmp_path / name).write_text(text, encoding="utf-8")
        import_file(page, tmp_path / name)
        expect(result).to_contain_text("Nothing was imported: ")
        expect(result).to_contain_text(said)
    reads = page.evaluate("window.__fileReads")
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:                        # 17 MB: refused before it is read
        f.write(b'{"bodoge":"saves","v":1,"saves":[' + b" " * (17 << 20) + b"]}")
    import_file(page, huge)
    expect(result.locator("p")).to_have_text(["Nothing was imported: the file is larger than "
                                              "16 MB, far more than any saves file."])
    assert page.evaluate("window.__fileReads") == reads
    assert saves(page) == now
    page.reload()
    assert len(shelf_of(page)[0]) == len(rows) + 1
