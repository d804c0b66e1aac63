"""A first visit as a phone's browser makes it, and the site's cut standard library.

The site served as GitHub Pages serves it (gzip, ETag, max-age=600: tools/serve.py's ``pages``)
to a fresh in-memory profile (a private window: no disk cache, so nothing big stays in the
HTTP cache), counted by the server: each file is sent once — web/boot.js keeps the big files
the page fetches for the service worker, whose precache takes them (and the rest from the
HTTP cache) instead of downloading them again, and the snapshot worker reads Pyodide from the
offline cache — and nothing is sent that the site does not precache.

Then every game is started from its setup screen and played a few moves on the site's
standard library (only the modules the site imports: tools/build.py), where every import
statement of the package resolves.
"""

import json
import re
import time
from collections import Counter

from playwright.sync_api import expect

from bodoge.core.bot import think
from bodoge.games import CATALOG, get_game
from serve import Server, Tally

from .harness import INSTANT, boot, wait_until

MAKES_SNAPSHOTS = True          # the snapshot worker's downloads count too

CACHED = ("async () => !!navigator.serviceWorker.controller"
          " && (await caches.keys()).some(k => k.startsWith('bodoge:'))")
SNAPSHOT_MADE = "window.bodogeSnapshot && !['', 'making'].includes(window.bodogeSnapshot.made)"


def precached(site):
    with open(f"{site}/sw.js", encoding="utf-8") as f:
        sw = f.read()
    return json.loads(re.search(r"const PRECACHE = (\{.*?\n\});", sw, re.S).group(1))


def test_a_first_visit_sends_each_file_once(browser, guard, site):
    tally = Tally()
    with Server(site, pages=True, tally=tally) as server:
        # Errors are watched, but no route is set (guard.attach's): Playwright turns the HTTP
        # cache off in a context with routes.
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.on("page", guard.watch)
        context.add_init_script(INSTANT)
        try:
            page = context.new_page()
            boot(page, server.url)
            wait_until(page, CACHED)
            page.wait_for_function(SNAPSHOT_MADE, timeout=90_000)
            assert page.evaluate("window.bodogeSnapshot.made") == "saved"
        finally:
            context.close()
        sent = tally.take()
    # The service worker's script is asked for again when a worker of the page starts (the
    # browser checks it for an update then): a few kB, or a 304, the one exception.
    checks = [s for s in sent if s["path"] == "/sw.js"]
    assert 1 <= len(checks) <= 2 and checks[0]["status"] == 200
    sent = [s for s in sent if s["path"] != "/sw.js"]
    assert [s for s in sent if s["status"] != 200] == []
    times = Counter(s["path"] for s in sent)
    assert {path: n for path, n in times.items() if n > 1} == {}
    # every file the site precaches, once ("./index.html" is "./": the same bytes, kept twice)
    entries = precached(site)
    assert entries["./"] == entries["./index.html"]
    assert set(times) == {"/" + url[2:] for url in entries if url != "./index.html"}


def play_turns(page, game_id, moves=3):
    """Play ``moves`` of seat 0's moves (the person's), as the normal bot picks them from what
    the page shows that seat; the computers answer at once."""
    bot = get_game(game_id).make_bot("normal", 0, 7)
    played, end = 0, time.monotonic() + 60
    while played < moves:
        assert time.monotonic() < end, f"{game_id}: {played} moves played in a minute"
        status = json.loads(page.evaluate("window.bodoge.status()"))
        assert not status["over"], game_id
        if status["pause"]:                       # a round's summary: on to the next
            page.locator("#next-round").click()
        elif 0 in status["to_move"]:
            move = think(bot, json.loads(page.evaluate("window.bodoge.view(0)")))
            assert page.evaluate("([s, m]) => window.bodoge.play(s, m)", [0, json.dumps(move)]), game_id
            played += 1
        else:
            page.wait_for_timeout(50)


def play_in_real_time(page):
    """Play Me!: the countdown, then five seconds of the game's clock (driven by the test), in
    which the computers roll and move."""
    assert page.evaluate("window.bodoge.clock('manual')") == 0
    page.get_by_role("button", name=re.compile("Start: 3, 2, 1")).click()
    page.evaluate("window.bodoge.clock('advance', 8000)")
    assert json.loads(page.evaluate("window.bodoge.status()"))["moves"] > 3


def test_every_game_starts_and_plays_on_the_site_s_standard_library(page, server):
    boot(page, server.url)
    assert page.evaluate("window.bodoge.stdlibMissing()") == "[]"
    for info in (g for g in CATALOG if g.playable):
        page.goto(server.url + f"#/new/{info.id}")
        page.locator("#start").click()
        expect(page.locator(f"main.play-screen[data-game='{info.id}']")).to_be_visible()
        if info.id == "playme":
            play_in_real_time(page)
        else:
            play_turns(page, info.id)
    # nothing was compiled from source on the way, and nothing failed to import
    assert page.evaluate("window.bodoge.stdlibSources()") == "[]"


def test_every_rules_page_is_readable_before_python(page, server):
    """index.html paints the shelf; a rules page opened, or tapped on the shelf, before Python
    runs shows web/rules.html's copy (web/boot.js), in the page's language; Python then draws
    the same page."""
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(server.url + "#/rules/alter", wait_until="commit")
    expect(page.get_by_role("heading", name="Rules: ALTER")).to_be_visible()
    expect(page.locator("#app")).to_contain_text("Change")
    page.locator(".app[lang='en'] a.brand").click()               # back to the shelf
    expect(page.get_by_role("heading", name="Japanese tabletop games")).to_be_visible()
    for info in (g for g in CATALOG if g.playable):
        page.locator(f".app[lang='en'] a[href='#/rules/{info.id}']").first.click()
        expect(page.get_by_role("heading", name=f"Rules: {info.name_en}")).to_be_visible()
        page.go_back()
        expect(page.get_by_role("heading", name="Japanese tabletop games")).to_be_visible()
    page.evaluate("document.documentElement.lang = 'ja'")       # as boot.js sets it for Japanese
    page.goto(server.url + "#/rules/bossa")
    expect(page.get_by_role("heading", name="ルール：ボッサ")).to_be_visible()
    assert held and page.evaluate("document.documentElement.dataset.ready") is None
    for route in held:
        route.continue_()
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=90_000)
    expect(page.get_by_role("heading", name="Rules: Bossa")).to_be_visible()       # Python's
