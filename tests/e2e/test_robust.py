"""What a stored entry, a link or a second tab can do, in Chromium: storage damaged before
start-up, crashing codes as links and as fresh loads, two tabs in one browser context, full
and blocked storage, and a start-up failure."""

import base64
import io
import json
import os
import re
import time
import zipfile
import zlib

from playwright.sync_api import expect

from bodoge.core.match import Match

from .harness import (BOOT_TIMEOUT, ROOT, SITE, boot, declare, humans_turn, seed_storage, storage,
                      wait_ready)
from .test_app import new_algo

CODE = Match.new("algo", {"players": 2}, 7, {"seats": [{"name": "Aki"}, {"bot": "normal"}]}).code()


def save_entry(slot_id, **raw):
    """A save entry, with fields written as raw JSON text (a number a browser cannot keep)."""
    fields = {"v": "1", "id": json.dumps(slot_id), "game": '"algo"', "code": json.dumps(CODE),
              "created": "1700000000000", "updated": "1700000000000", "over": "false",
              "title": '"Aki · CPU"', "rev": "1"}
    fields.update(raw)
    return "{" + ",".join(f'"{k}":{v}' for k, v in fields.items()) + "}"


def code_of(text):
    """A save code holding exactly this JSON text."""
    blob = bytes([1]) + zlib.compress(text.encode("utf-8", "surrogatepass"), 9)
    return base64.urlsafe_b64encode(blob).decode().rstrip("=")


def saves(page):
    return {k: v for k, v in storage(page).items() if k.startswith("bodoge:save:")}


# --- storage damaged before start-up --------------------------------------------------------------
def test_damaged_entries_are_set_aside_and_never_stop_the_app(context, page, server):
    entries = {
        "bodoge:settings": '{"speed":[],"lang":"en"}',
        "bodoge:save:good": save_entry("good"),
        "bodoge:save:big": save_entry("big", updated="9007199254740993"),
        "bodoge:save:digits": save_entry("digits", updated="1" * 400),
        "bodoge:save:a/b": save_entry("a/b"),
        "bodoge:save:": save_entry(""),
        "bodoge:save:deep": "[" * 100_000,
        "bodoge:save:nan": save_entry("nan", created="NaN"),
        "bodoge:save:lone": '{"v":1,"id":"lone","title":"\ud800"}',
    }
    seed_storage(context, entries)
    boot(page, server.url)
    region = page.get_by_role("region", name="Saved games")
    expect(region.locator("li.save:not(.damaged)")).to_have_count(1)
    expect(region.locator("li.save.damaged")).to_have_count(len(entries) - 2)
    expect(page.locator("#speed")).to_have_value("normal")        # the bad field: its default
    before = saves(page)
    # a save whose id has a slash could not be opened: its code can, as a copy
    opens = region.get_by_role("button", name="Open a copy of the damaged algo save")
    assert opens.count() >= 4            # every damaged save that still holds its code
    opens.first.click()
    expect(page.locator("main.play-screen")).to_be_visible()
    expect(page.locator("#log-list")).to_contain_text("lowest card")
    page.get_by_role("link", name="All games").click()
    # nothing touched: the damaged entries as they were; the good save (its code is the same,
    # so the copy opened it) at most played on by its computer, whose turn it was (its 0.7 s
    # could pass before the click)
    after = saves(page)
    assert {k: v for k, v in after.items() if k != "bodoge:save:good"} == \
        {k: v for k, v in before.items() if k != "bodoge:save:good"}
    old, new = (Match.from_code(json.loads(s["bodoge:save:good"])["code"]).record for s in (before, after))
    assert (new.seed, new.moves[:len(old.moves)]) == (old.seed, old.moves)
    damaged = region.locator("li.save.damaged")
    damaged.first.get_by_role("button", name=re.compile("^Remove")).click()
    page.get_by_role("button", name="Yes, delete").click()
    expect(damaged).to_have_count(len(entries) - 3)
    page.get_by_role("link", name="Continue").first.click()       # the good save still plays
    expect(page.locator("main.play-screen")).to_be_visible()


# --- crashing codes ---------------------------------------------------------------------------------
META = '{"g":"algo","v":1,"o":{"players":2},"s":1,"m":[],"x":{"k":%s}}'
CRASHING = {
    "deep": code_of("[" * 100_000),
    "nan": code_of(META % "NaN"),
    "infinity": code_of(META % "[Infinity,-Infinity]"),
    "surrogate": code_of(META % '"\\ud800"'),
    "huge message": code_of('{"g":"algo","v":1,"o":{"players":2},"s":1,"m":[[0,{"a":"x","n":["%s"]}]]}'
                            % '","'.join(["y" * 200] * 1500)),
}


def test_crashing_codes_as_links_on_an_open_page(page, server):
    assert len(CRASHING["deep"]) < 400 and len(CRASHING["huge message"]) < 2000
    boot(page, server.url)
    for name, code in CRASHING.items():
        page.evaluate("(c) => { location.hash = '#load=' + c; }", code)
        alert = page.get_by_role("alert")
        expect(alert).to_contain_text("This code cannot be opened")
        assert len(alert.inner_text()) < 400, name
        page.get_by_role("link", name="New game").first.click()  # the page still works
        expect(page.locator("#setup-form")).to_be_visible()


def test_crashing_codes_as_fresh_loads(page, server):
    for name, code in CRASHING.items():
        if name == "huge message":      # no crash, just a long message: the open page shows it
            continue
        page.goto(server.url + "#load=" + code)
        wait_ready(page)
        alert = page.get_by_role("alert")
        expect(alert).to_contain_text("This code cannot be opened")
        assert len(alert.inner_text()) < 400, name
    assert saves(page) == {}


# --- two tabs -----------------------------------------------------------------------------------
def test_two_tabs_never_lose_moves(context, page, server):
    boot(page, server.url)
    new_algo(page, [("human", ""), ("normal", "")])
    expect(page.get_by_role("button", name=re.compile("face down")).first).to_be_visible()
    other = context.new_page()
    other.set_default_timeout(30_000)
    boot(other, page.url)
    slot_key = next(iter(saves(page)))
    expect(other.get_by_role("button", name=re.compile("face down")).first).to_be_visible()
    # tab 1 plays on: tab 2 hears of it at once and stops
    page.get_by_role("button", name=re.compile("face down")).first.click()
    declare(page, 0)
    banner = other.locator("#save-banner")
    expect(banner).to_contain_text("went on in another tab")
    # tab 1's computer player may answer the miss: take tab 1's save once it is the person's turn
    # there and the save has stopped changing (else tab 1's own reply would look like tab 2's write)
    newer, deadline = None, time.monotonic() + 30
    while time.monotonic() < deadline:
        now = saves(page)[slot_key]
        if humans_turn(page) and now == newer:
            break
        newer = now
        page.wait_for_timeout(500)
    else:
        banner1 = page.locator("#save-banner")       # (what to look at if it ever fails again)
        raise AssertionError("tab 1 never came back to the person's turn: prompt "
                             f"{page.locator('#prompt').inner_text()!r}, its banner "
                             f"{banner1.inner_text() if banner1.count() else None!r}, "
                             f"its save still changing: {now != newer}")
    other.get_by_role("button", name=re.compile("face down")).first.click()   # nothing happens
    assert saves(page)[slot_key] == newer
    other.get_by_role("button", name="Load the newer game").click()
    expect(other.locator("#save-banner")).to_have_count(0)
    expect(other.locator("#log-list li")).to_have_text(page.locator("#log-list li").all_inner_texts())
    # deleted in tab 1: tab 2 says so, and playing on there does not bring it back
    page.get_by_role("link", name="All games").click()
    page.get_by_role("region", name="Saved games").get_by_role("button", name=re.compile("Delete")).click()
    page.get_by_role("button", name="Yes, delete").click()
    expect(other.locator("#save-banner")).to_contain_text("deleted in another tab")
    assert slot_key not in storage(page)
    other.get_by_role("link", name="All games").click()
    assert slot_key not in storage(page)
    # settings changed in each tab: both kept, each tab follows the other
    page.locator("#speed").select_option("slow")
    other.get_by_role("button", name="日本語").click()
    expect(page.get_by_role("heading", name="日本のボードゲーム")).to_be_visible()
    settings = json.loads(storage(page)["bodoge:settings"])
    assert settings["speed"] == "slow" and settings["lang"] == "ja"
    expect(other.locator("#speed")).to_have_value("slow")


# --- full and blocked storage --------------------------------------------------------------------
FILL = """() => { let i = 0;
  for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 16, 1]) {
    const chunk = 'x'.repeat(size);
    for (;;) { try { localStorage.setItem('fill:' + (i++), chunk); } catch (e) { break; } }
  }
  return i; }"""


def test_full_storage_plays_on_and_says_so(page, server):
    boot(page, server.url)
    page.evaluate(FILL)
    new_algo(page, [("human", ""), ("normal", "")])               # no QuotaExceededError
    banner = page.locator("#save-banner")
    expect(banner).to_contain_text("This game is not being saved")
    banner.get_by_role("button", name="OK").click()
    expect(banner).to_have_count(0)
    page.get_by_role("button", name=re.compile("face down")).first.click()
    n = declare(page, 0)
    expect(page.locator("#log-list")).to_contain_text(f"declare {n}")
    expect(banner).to_have_count(0)                                  # told once
    page.get_by_role("button", name="日本語").click()                # the language still switches
    expect(page.get_by_role("button", name="共有")).to_be_visible()
    page.get_by_role("button", name="English").click()
    page.goto(server.url + "#load=" + CODE)                         # a link still opens
    wait_ready(page)
    expect(page.locator("#log-list")).to_contain_text("lowest card")
    assert saves(page) == {}


def test_blocked_storage_says_games_are_not_kept(context, page, server):
    context.add_init_script("Object.defineProperty(window, 'localStorage', {get() {"
                            " throw new DOMException('The operation is insecure.', 'SecurityError'); }})")
    boot(page, server.url)
    expect(page.locator("#storage-note")).to_contain_text("does not let bodoge store anything")
    new_algo(page, [("human", ""), ("easy", "")])
    expect(page.locator("#save-banner")).to_contain_text("only until you close or reload this page")


# --- a start-up failure ---------------------------------------------------------------------------
def broken_zip(patch):
    """bodoge.zip with bodoge/ui/app.py changed by ``patch`` (the site ships bytecode: the
    patched source goes in instead of app.pyc)."""
    with open(os.path.join(ROOT, "py", "bodoge", "ui", "app.py"), encoding="utf-8") as f:
        source = f.read()
    out = io.BytesIO()
    with zipfile.ZipFile(os.path.join(SITE, "bodoge.zip")) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename != "bodoge/ui/app.pyc":
                dst.writestr(info, src.read(info))
        dst.writestr("bodoge/ui/app.py", patch(source))
    return out.getvalue()


FAILURES = {
    "import": lambda s: "raise RuntimeError('cannot start')\n" + s,
    "first render": lambda s: s.replace("    def refresh(self):\n",
                                        "    def refresh(self):\n        raise ValueError('no render')\n", 1),
}


def test_a_start_up_failure_offers_a_start_without_saved_games(context, page, server):
    # deeply nested settings, too: the normal start at the end must survive them
    entries = {"bodoge:settings": "[" * 100_000, "bodoge:save:x1": "{damaged",
               "bodoge:save:good": save_entry("good")}
    seed_storage(context, entries)
    for name, patch in FAILURES.items():
        body = broken_zip(patch)
        page.route("**/bodoge.zip", lambda r: r.fulfill(status=200, body=body,
                                                        content_type="application/zip"))
        page.goto(server.url)
        failed = page.locator("#boot-failed")
        expect(failed).to_be_visible(timeout=BOOT_TIMEOUT)
        expect(page.get_by_role("heading", name="bodoge could not start")).to_be_focused()
        page.get_by_role("button", name="Copy saved games").click()
        copied = json.loads(page.get_by_label("Saved games, as stored").input_value())
        assert copied == entries, name
        page.unroute("**/bodoge.zip")
    page.get_by_role("button", name="Start without saved games").click()
    wait_ready(page)
    assert "safe" in page.url
    expect(page.locator("#storage-note")).to_contain_text("Started without your saved games")
    expect(page.get_by_role("region", name="Saved games").locator("li")).to_have_count(0)
    page.get_by_role("link", name="Start normally").click()
    wait_ready(page)
    expect(page.get_by_role("region", name="Saved games").locator("li.save")).to_have_count(2)
    assert storage(page) == entries


def test_an_engine_that_cannot_start_says_so(page, server):
    """Pyodide waits forever when its WebAssembly does not compile: the page must not."""
    page.route("**/pyodide.asm.wasm", lambda r: r.fulfill(status=200, body=b"\0asm damaged",
                                                          content_type="application/wasm"))
    page.goto(server.url)
    expect(page.get_by_role("heading", name="bodoge could not start")).to_be_visible(timeout=BOOT_TIMEOUT)
    expect(page.get_by_role("button", name="Start without saved games")).to_be_visible()
