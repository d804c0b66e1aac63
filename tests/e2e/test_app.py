"""The built site in Chromium: shelf, a whole game against the strong bot, hot-seat hand-over,
reload and continue, share links, bad codes, language, offline, and CPython/Pyodide agreement."""

import os
import re
import struct
import sys
import time

from playwright.sync_api import expect

from bodoge.core.bot import think
from bodoge.core.canon import state_hash
from bodoge.core.match import Match
from bodoge.games import CATALOG
from bodoge.games.algo.bots import NormalBot

from .harness import (OPEN_NUMBER, declare, BOOT_TIMEOUT, INSTANT, Guard, algo_attack, boot, humans_turn, storage,
                      wait_ready, wait_until)

# the result overlay's heading names the winner (the game's own heading, below it, may too)
RESULT = re.compile(r"wins the game|win the game|share the win")


def new_algo(page, seats, players=2):
    page.get_by_role("link", name="New game").first.click()
    page.get_by_label("Players").select_option(str(players))
    for s, (kind, name) in enumerate(seats):
        group = page.get_by_role("group", name=f"Seat {s + 1}")
        group.get_by_label("Played by").select_option(kind)
        if name:
            group.get_by_label("Name").fill(name)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("main.play-screen")).to_be_visible()


def play_until(page, done, limit=300.0):
    """Act as the person at the device until ``done()``: attack the first face-down card
    (with an empty deck, first put the first own face-down card at stake)."""
    guess = 0
    end = time.time() + limit
    while not done():
        assert time.time() < end, "the game did not finish in time"
        if page.get_by_role("button", name="Next round").is_visible():
            page.get_by_role("button", name="Next round").click()
            continue
        if not humans_turn(page):
            page.wait_for_timeout(30)
            continue
        if algo_attack(page, guess):
            guess += 1


def test_shelf_paints_from_static_html_with_progress(page, server, context):
    raw = context.request.get(server.url).text()
    words = [n for g in CATALOG for n in (g.name_ja, g.name_en)] + ["New game", "新しいゲーム"]
    if not all(g.playable for g in CATALOG):
        words += ["Coming soon", "近日公開"]
    for word in words:
        assert word in raw                      # painted before any script runs

    # Hold Python back (its WebAssembly, asked for as the page starts) until the loading state
    # has been seen.
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(server.url, wait_until="commit")
    expect(page.get_by_role("heading", name="Japanese tabletop games")).to_be_visible()
    expect(page.locator("#boot-bar")).to_be_visible()
    wait_until(page, "() => performance.getEntriesByName('first-contentful-paint').length")
    end = time.time() + 30
    while not held:                 # the route is told of the request as Playwright is called
        assert time.time() < end, "the page did not ask for Pyodide's WebAssembly"
        page.wait_for_timeout(50)
    assert page.evaluate("document.documentElement.dataset.ready") is None
    fcp = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime")
    assert fcp is not None and fcp < 1500
    for route in held:
        route.continue_()
    wait_ready(page)
    expect(page.locator("#boot")).to_be_hidden()
    cards = page.get_by_role("list", name="Games").get_by_role("listitem")
    expect(cards).to_have_count(5)
    for g in (g.name_en for g in CATALOG if not g.playable):
        card = cards.filter(has_text=g)
        expect(card.get_by_text("Coming soon")).to_be_visible()
        expect(card.get_by_role("link")).to_have_count(0)
        expect(card.get_by_role("button")).to_have_count(0)


def test_full_game_against_strong_bot(page, server):
    boot(page, server.url)
    new_algo(page, [("human", "Aki"), ("strong", "")])
    result = page.locator("#result-heading", has_text=RESULT)
    # One attack by keyboard: focus a card, Enter, type the number, Enter.
    page.get_by_role("button", name=re.compile("face down")).first.wait_for()
    before = page.locator("#log-list li").count()
    page.get_by_role("button", name=re.compile("face down")).first.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("group", name=re.compile("Declare a number"))).to_be_visible()
    # the highest number the pad allows on that card (issue 26: the others are greyed)
    n = max(int(x) for x in page.locator(OPEN_NUMBER).all_inner_texts())
    page.keyboard.type(str(n))
    expect(page.locator("#prompt")).to_contain_text(f"Typed {n}")
    page.keyboard.press("Enter")
    expect(page.locator("#log-list")).to_contain_text(f"declare {n}")
    assert page.locator("#log-list li").count() > before
    play_until(page, result.is_visible)
    expect(result).to_be_visible()
    expect(page.get_by_role("table", name="Rounds")).to_be_visible()
    assert "CPU 2 (strong)" in page.locator(".result").inner_text()
    live = page.locator("#live")
    assert live.get_attribute("role") == "status"
    # no standard module was compiled from source on the way: the build ships the ones a boot
    # and a game import as bytecode (tools/stdlib_pyc.mjs)
    assert page.evaluate("window.bodoge.stdlibSources()") == "[]"
    # start-up's objects are out of the collector's way (settle_memory, after the first frame)
    assert page.evaluate("window.bodoge.frozen()") > 10_000


def test_hot_seat_handover_hides_private_numbers(page, server):
    boot(page, server.url)
    new_algo(page, [("human", "Aki"), ("human", "Ben")])
    dialog = page.get_by_role("dialog", name=re.compile("Pass the device to"))
    expect(dialog).to_be_visible()
    name = "Aki" if "Aki" in dialog.inner_text() else "Ben"
    # nothing private on screen: no own numbers, no drawn card, no card rows at all
    assert page.locator(".algo-board").count() == 0
    assert "hidden from the others" not in page.content()
    page.get_by_role("button", name=f"I am {name}: show my cards").click()
    expect(page.get_by_role("region", name="your row")).to_be_visible()
    expect(page.get_by_role("img", name=re.compile("hidden from the others")).first).to_be_visible()
    # a miss passes the turn: the other person gets the hand-over screen
    page.get_by_role("button", name=re.compile("face down")).first.click()
    hand_over_next = page.get_by_role("dialog", name=re.compile("Pass the device to"))
    for n in range(12):
        declare(page, n)                        # (a number the pad rules out is greyed)
        if hand_over_next.is_visible():
            break
        if page.get_by_role("button", name="Stay").is_visible():
            page.get_by_role("button", name="Stay").click()
            break
        page.get_by_role("button", name=re.compile("face down")).first.click()
    expect(hand_over_next).to_be_visible()
    other = "Ben" if name == "Aki" else "Aki"
    expect(hand_over_next).to_contain_text(other)
    assert page.locator(".algo-board").count() == 0


def test_reload_continue_and_slots(page, server):
    boot(page, server.url)
    new_algo(page, [("human", ""), ("normal", "")])
    page.get_by_role("button", name=re.compile("face down")).first.wait_for()
    page.get_by_role("button", name=re.compile("face down")).first.click()
    declare(page, 3)
    page.wait_for_timeout(300)
    log_before = page.locator("#log-list li").all_inner_texts()
    url = page.url
    page.reload()
    wait_ready(page)
    assert page.url == url
    assert page.locator("#log-list li").all_inner_texts() == log_before
    page.get_by_role("link", name="All games").click()
    expect(page.get_by_role("link", name="Continue").first).to_be_visible()
    page.get_by_role("link", name="Continue").first.click()
    expect(page.locator("#log-list li")).to_have_text(log_before)
    # a second game is a second slot; delete one (with confirmation)
    page.get_by_role("link", name="All games").click()
    new_algo(page, [("human", ""), ("easy", "")])
    page.get_by_role("link", name="All games").click()
    saves = page.get_by_role("region", name="Saved games").get_by_role("listitem")
    expect(saves).to_have_count(2)
    saves.first.get_by_role("button", name=re.compile("Delete")).click()
    page.get_by_role("button", name="Yes, delete").click()
    expect(saves).to_have_count(1)


def test_share_link_opens_same_game_elsewhere(page, server, new_context):
    boot(page, server.url)
    new_algo(page, [("human", "Aki"), ("strong", "")])
    page.get_by_role("button", name=re.compile("face down")).first.click()
    declare(page, 0)
    page.wait_for_timeout(300)
    page.get_by_role("button", name="Share").click()
    link = page.get_by_label("Link", exact=True).input_value()
    code = page.get_by_label("Save code").input_value()
    assert link.endswith("#load=" + code)
    log = page.locator("#log-list li").all_inner_texts()
    state = page.evaluate("(c) => window.bodoge.stateHash(c)", code)
    other = new_context().new_page()            # another browser profile: empty storage
    boot(other, link)
    expect(other.locator("#log-list li")).to_have_text(log)
    assert other.evaluate("(c) => window.bodoge.stateHash(c)", code) == state
    # not stored until someone plays on or the player keeps it
    expect(other.get_by_role("status").filter(has_text="not saved on this device yet")).to_be_visible()
    assert not any(k.startswith("bodoge:save:") for k in storage(other))
    other.get_by_role("button", name="Keep it now").click()
    expect(other).to_have_url(re.compile("#/play/"))      # the link became a save slot there
    assert any(k.startswith("bodoge:save:") for k in storage(other))


def test_bad_codes_give_clear_messages_and_keep_saves(page, server):
    boot(page, server.url)
    new_algo(page, [("human", ""), ("normal", "")])
    page.get_by_role("button", name="Share").click()
    code = page.get_by_label("Save code").input_value()
    before = {k: v for k, v in storage(page).items() if k.startswith("bodoge:save:")}
    cases = {
        "#load=not-a-code!!": "not a bodoge save code",
        "#load=" + code[:-7]: "incomplete",
        "#load=" + code[:30] + ("A" if code[30] != "A" else "B") + code[31:]: "",
        "#load=Ag": "not a bodoge save code",
    }
    for hash_, words in cases.items():
        page.goto(server.url + hash_)
        wait_ready(page)
        alert = page.get_by_role("alert")
        expect(alert).to_contain_text("This code cannot be opened")
        expect(alert).to_contain_text(words)
        expect(alert).to_contain_text("Your saved games are untouched")
        after = {k: v for k, v in storage(page).items() if k.startswith("bodoge:save:")}
        assert after == before
    # pasted into the form, a damaged code says so too and keeps the text
    page.get_by_label("Paste a save code or a share link").fill("xyz")
    page.get_by_role("button", name="Open", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("not a bodoge save code")


def test_corrupted_storage_is_reported(page, server):
    page.goto(server.url)
    page.evaluate("localStorage.setItem('bodoge:save:bad', '{broken')")
    page.reload()
    wait_ready(page)
    expect(page.get_by_text("A damaged save that cannot be read")).to_be_visible()
    assert storage(page)["bodoge:save:bad"] == "{broken"


def test_language_switch_persists(page, server):
    boot(page, server.url)
    page.get_by_role("button", name="日本語").click()
    expect(page.get_by_role("heading", name="日本のボードゲーム")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "ja"
    page.reload()
    wait_ready(page)
    expect(page.get_by_role("heading", name="日本のボードゲーム")).to_be_visible()
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", name="Japanese tabletop games")).to_be_visible()


def test_reduced_motion_is_honoured(page, server):
    boot(page, server.url)
    new_algo(page, [("human", ""), ("normal", "")])
    svg = page.locator(".card svg").first
    assert svg.evaluate("e => getComputedStyle(e).transitionDuration") != "0s"
    page.emulate_media(reduced_motion="reduce")
    assert svg.evaluate("e => getComputedStyle(e).transitionDuration") == "0s"


def test_state_hash_same_in_cpython_and_pyodide(page, server):
    boot(page, server.url)
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        match = Match.new("algo", {"players": players}, seed)
        bots = [NormalBot(s, seed + s) for s in range(players)]
        while not match.over:
            seat = match.to_move()[0]
            match.play(seat, think(bots[seat], match.view(seat)))
        import json
        moves = json.dumps(match.record.moves)
        code = page.evaluate("([o, s, m]) => window.bodoge.codeFor('algo', o, s, m)",
                             [json.dumps({"players": players}), seed, moves])
        assert code == match.code()
        assert page.evaluate("(c) => window.bodoge.stateHash(c)", code) == state_hash(match.state)


def test_offline_after_first_visit_under_a_subpath(page, own_server, context):
    boot(page, own_server.url)
    # the cache must be complete, and the page controlled, before we cut the network
    wait_until(page, CACHED)
    own_server.stop()
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    new_algo(page, [("human", ""), ("strong", "")])
    page.get_by_role("button", name=re.compile("face down")).first.click()
    n = declare(page, 4)
    expect(page.locator("#log-list")).to_contain_text(f"declare {n}")
    # a URL with a query (safe mode) opens offline too: the worker answers with the cached page
    page.goto(own_server.url + "?safe")
    wait_ready(page)
    expect(page.locator("#main-heading")).to_be_visible()


def test_installable_manifest_and_icons(page, server, context):
    boot(page, server.url)
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest_url = server.url + href.lstrip("./")
    manifest = context.request.get(manifest_url).json()
    assert manifest["display"] == "standalone" and manifest["name"] and manifest["short_name"]
    base = manifest_url.rsplit("/", 1)[0] + "/"
    assert context.request.get(base + manifest["start_url"]).ok
    sizes = set()
    for icon in manifest["icons"]:
        png = context.request.get(base + icon["src"]).body()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        w, h = struct.unpack(">II", png[16:24])
        assert f"{w}x{h}" == icon["sizes"]
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !!r)")


CACHED = ("async () => (await caches.keys()).some(k => k.startsWith('bodoge:')) "
          "&& !!navigator.serviceWorker.controller")
ONLY_NEW_CACHE = ("async (old) => { const k = (await caches.keys()).filter(x => x.startsWith('bodoge:'));"
                  " return k.length === 1 && !old.includes(k[0]) && !!navigator.serviceWorker.controller; }")

# the page gets the new deploy's files (asked again while they do not come: once, on a loaded
# machine, the first answer after the switch was the old file)
SERVES_NEW = "async () => (await (await fetch('./web/style.css')).text()).includes('a new deploy')"


def deploy(root):
    """A new deploy of the site in ``root``: a changed file, so a new precache list and version."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
    import build

    with open(os.path.join(root, "web", "style.css"), "a") as f:
        f.write("\n/* a new deploy */\n")
    build.service_worker(root)


def test_new_deploy_replaces_the_cache_and_keeps_saves(page, own_server):
    boot(page, own_server.url)
    new_algo(page, [("human", ""), ("normal", "")])
    wait_until(page, CACHED)
    old = page.evaluate("caches.keys()")
    saves = {k: v for k, v in storage(page).items() if k.startswith("bodoge:save:")}
    assert saves
    deploy(own_server.root)
    page.add_init_script("window.controlledAtStart = !!navigator.serviceWorker.controller")
    page.goto(own_server.url)
    wait_ready(page)
    if page.evaluate("window.controlledAtStart"):
        # the old worker served this visit: the new one waits for the player's word
        update = page.get_by_role("button", name="Reload")
        expect(update).to_be_visible(timeout=BOOT_TIMEOUT)
        with page.expect_navigation(timeout=BOOT_TIMEOUT):
            update.click()
        wait_ready(page)
    # else Chromium sent the visit to the network (it does when a worker is slow to start, as on
    # a loaded machine): no page used the old worker, so the new one took over at once
    wait_until(page, ONLY_NEW_CACHE, arg=old)
    after = {k: v for k, v in storage(page).items() if k.startswith("bodoge:save:")}
    assert after == saves
    wait_until(page, SERVES_NEW)


def test_update_taken_in_one_tab_leaves_the_other_a_working_reload(page, own_server, context):
    boot(page, own_server.url)
    wait_until(page, CACHED)
    other = context.new_page()
    other.set_default_timeout(30_000)
    boot(other, own_server.url)
    wait_until(other, CACHED)
    old = page.evaluate("caches.keys()")
    deploy(own_server.root)
    # both tabs stay on the old worker; a check for updates finds the new deploy (checked again
    # if an install fails, as a browser does later: once, on a loaded machine, none came)
    wait_until(page, """async () => {
        const r = await navigator.serviceWorker.getRegistration();
        if (!r.waiting && !r.installing) await r.update().catch(() => {});
        return !!r.waiting;
    }""", interval=1000)
    for tab in (page, other):
        expect(tab.get_by_role("button", name="Reload")).to_be_visible(timeout=BOOT_TIMEOUT)
    with page.expect_navigation(timeout=BOOT_TIMEOUT):
        page.get_by_role("button", name="Reload").click()
    wait_ready(page)
    wait_until(page, ONLY_NEW_CACHE, arg=old)
    # the new worker is no longer waiting: the other tab's button just reloads it
    with other.expect_navigation(timeout=BOOT_TIMEOUT):
        other.get_by_role("button", name="Reload").click()
    wait_ready(other)
    wait_until(other, SERVES_NEW)


MORPH_CASES = r"""
() => {
  const parse = (html) => { const t = document.createElement("template"); t.innerHTML = html; return t.innerHTML; };
  const cases = [
    ["<p>a</p>", "<p>b</p><ul><li>1</li></ul>"],
    ["<ul><li id='x'>1</li><li>2</li><li>3</li></ul>", "<ul><li>0</li><li id='x' class='k'>1</li></ul>"],
    ["<div class='a' data-x='1'>t</div>", "<div data-y='2'>t<b>u</b></div>"],
    ["<svg viewBox='0 0 4 4'><rect width='1'></rect></svg>", "<svg viewBox='0 0 8 8'><circle r='2'></circle><rect width='3'></rect></svg>"],
    ["<span>one</span><!-- c -->text", "text<span>two</span>"],
    ["<ol><li>1</li><li>2</li></ol>", ""],
    ["<b>1</b><i>2</i><b>3</b>", "<i>2</i><b>3</b><i>4</i>"],
    ["<i>2</i><b>3</b>", "<b>1</b><i>2</i><b>3</b>"],
    ["<p id='a'>1</p><p id='b'>2</p>", "<p id='b'>2</p><p id='a'>1</p>"],
  ];
  const bad = [];
  for (const [a, b] of cases) {
    const div = document.createElement("div");
    bodogeMorph(div, a);
    if (div.innerHTML !== parse(a)) bad.push(["first", a, div.innerHTML]);
    bodogeMorph(div, b);
    if (div.innerHTML !== parse(b)) bad.push(["second", b, div.innerHTML]);
    if (div.querySelector("svg rect") && div.querySelector("svg rect").namespaceURI !== "http://www.w3.org/2000/svg") bad.push(["svg", b]);
  }
  // Same element when only its attributes change; a typed value survives an unchanged field
  // and gives way when the markup changes it.
  const div = document.createElement("div");
  bodogeMorph(div, "<p id='p' class='a'>x</p><input id='i' value='v'>");
  const p = div.querySelector("#p"), input = div.querySelector("#i");
  input.value = "typed";
  bodogeMorph(div, "<p id='p' class='b'>y</p><input id='i' value='v'>");
  if (div.querySelector("#p") !== p || p.className !== "b" || p.textContent !== "y") bad.push(["identity"]);
  if (input.value !== "typed") bad.push(["typed value lost", input.value]);
  bodogeMorph(div, "<p id='p' class='b'>y</p><input id='i' value='w'>");
  if (input.value !== "w") bad.push(["new value not shown", input.value]);
  // A banner that comes or goes above the table leaves the table's own nodes in place (they
  // were all rebuilt, and laid out again, after the first move of an opened code).
  const page = document.createElement("div");
  bodogeMorph(page, "<div id='banner'>b</div><div class='table'><p>t</p></div><div>log</div>");
  const table = page.querySelector(".table"), text = page.querySelector("p");
  bodogeMorph(page, "<div class='table'><p>t2</p></div><div>log</div>");
  if (page.querySelector(".table") !== table || page.querySelector("p") !== text
      || page.innerHTML !== parse("<div class='table'><p>t2</p></div><div>log</div>")) bad.push(["banner went", page.innerHTML]);
  bodogeMorph(page, "<div id='banner'>c</div><div class='table'><p>t3</p></div><div>log</div>");
  if (page.querySelector(".table") !== table || page.querySelector("p") !== text
      || page.innerHTML !== parse("<div id='banner'>c</div><div class='table'><p>t3</p></div><div>log</div>")) bad.push(["banner came", page.innerHTML]);
  // A kept part sent as a marker (py/bodoge/ui/html.py's Page) is the element the page keeps,
  // never reused for other markup; a kept element no marker asks for goes; a marker with
  // nothing to keep misses (false: the markup is then sent whole).
  const kept = document.createElement("div");
  bodogeMorph(kept, "<p data-k='7'>7</p><ol><li data-k='1'>1</li><li data-k='8'>8</li></ol>");
  const seven = kept.querySelector("p"), eight = kept.querySelector("li[data-k='8']");
  const ok = bodogeMorph(kept, "<i>new</i><x-k k='7'></x-k><ol><li>n</li><x-k k='8'></x-k></ol>");
  if (!ok || kept.querySelector("p") !== seven || kept.querySelectorAll("li")[1] !== eight
      || kept.innerHTML !== parse("<i>new</i><p data-k='7'>7</p><ol><li>n</li><li data-k='8'>8</li></ol>")) bad.push(["kept", ok, kept.innerHTML]);
  if (bodogeMorph(kept, "<x-k k='9'></x-k>") !== false) bad.push(["a marker missed is said"]);
  const map = document.createElement("div");            // a marker in an SVG drawing (ALLUVIUM's cells)
  bodogeMorph(map, "<svg><g data-k='3'><rect width='1'></rect></g></svg>");
  const cell = map.querySelector("g");
  if (!bodogeMorph(map, "<svg><x-k k='3'></x-k><circle r='1'></circle></svg>") || map.querySelector("g") !== cell
      || map.innerHTML !== parse("<svg><g data-k='3'><rect width='1'></rect></g><circle r='1'></circle></svg>")) bad.push(["kept in svg", map.innerHTML]);
  // A card added to a row: the items after it keep their nodes (their keys, not their places,
  // say which is which), and the cards their ids' new places.
  const row = document.createElement("ol");
  const item = (id, key) => `<li><b id='c${id}' data-fx-key='${key}'>${key}</b></li>`;
  bodogeMorph(row, item(0, "a") + item(1, "b"));
  const [a, b] = row.querySelectorAll("b");
  bodogeMorph(row, item(0, "n") + item(1, "a") + item(2, "b"));
  const now = row.querySelectorAll("b");
  if (now[1] !== a || now[2] !== b || row.innerHTML !== parse(item(0, "n") + item(1, "a") + item(2, "b"))) bad.push(["keyed", row.innerHTML]);
  // Two cards gone from the middle of a row (two tiles played from a hand): the cards after
  // them keep their nodes (they were rebuilt); one that only moved is never dropped.
  const hand = document.createElement("ol");
  const four = ["a", "b", "c", "d", "e"].map((k, i) => item(i, k)).join("");
  bodogeMorph(hand, four);
  const [ha, , , hd, he] = hand.querySelectorAll("b");
  bodogeMorph(hand, item(0, "a") + item(1, "d") + item(2, "e"));
  const left = hand.querySelectorAll("b");
  if (left[0] !== ha || left[1] !== hd || left[2] !== he
      || hand.innerHTML !== parse(item(0, "a") + item(1, "d") + item(2, "e"))) bad.push(["keyed, two gone", hand.innerHTML]);
  bodogeMorph(hand, four);
  bodogeMorph(hand, item(0, "a") + item(1, "d") + item(2, "b") + item(3, "e"));
  if (hand.innerHTML !== parse(item(0, "a") + item(1, "d") + item(2, "b") + item(3, "e"))) bad.push(["keyed, moved", hand.innerHTML]);
  return bad;
}
"""


def test_screens_update_in_place(page, server):
    """Rendering patches the page (web/morph.js) instead of replacing it: the DOM matches the
    markup, unchanged elements stay the same nodes (focus and a screen reader's place survive)."""
    boot(page, server.url)
    assert page.evaluate(MORPH_CASES) == []
    new_algo(page, [("human", ""), ("normal", "")])
    page.get_by_role("button", name=re.compile("face down")).first.wait_for()
    page.evaluate("document.getElementById('log-list').__mark = 1")
    page.evaluate("document.querySelector('.play-head').__mark = 1")   # kept: sent as a marker
    sent = page.evaluate("window.bodoge.keptSent()")
    before = page.locator("#log-list li").count()
    page.get_by_role("button", name=re.compile("face down")).first.click()
    declare(page, 0)
    expect(page.locator("#log-list li")).not_to_have_count(before)
    assert page.evaluate("document.getElementById('log-list').__mark") == 1
    mark, markers, now = page.evaluate("[document.querySelector('.play-head').__mark,"
                                       " document.querySelectorAll('x-k').length, window.bodoge.keptSent()]")
    assert mark == 1 and markers == 0 and now > sent >= 0


def test_the_guard_stops_and_reports_requests_that_leave_localhost(browser, server):
    guard = Guard()
    ctx = guard.attach(browser.new_context())
    try:
        page = ctx.new_page()
        page.goto(server.url + "web/manifest.webmanifest")
        outside = page.evaluate("fetch('https://cdn.jsdelivr.net/npm/pyodide/pyodide.mjs')"
                                ".then(() => 'loaded', () => 'blocked')")
        inside = page.evaluate("fetch('./manifest.webmanifest').then(r => r.status)")
    finally:
        ctx.close()
    assert outside == "blocked" and inside == 200
    assert guard.external == ["https://cdn.jsdelivr.net/npm/pyodide/pyodide.mjs"]


def test_no_game_scrolls_sideways_on_a_phone(browser, server, guard):
    """At 390 px (a small phone) in both languages, the shelf and every game's setup and
    first screen fit the width: wide parts (tables, rows of tiles) scroll inside their box."""
    ctx = guard.attach(browser.new_context(viewport={"width": 390, "height": 800}, locale="en-US"))
    try:
        ctx.add_init_script(INSTANT)
        page = ctx.new_page()
        boot(page, server.url)
        wide = []
        for lang in ("en", "ja"):
            page.evaluate("(l) => { const s = JSON.parse(localStorage.getItem('bodoge:settings') || '{}');"
                          " s.lang = l; localStorage.setItem('bodoge:settings', JSON.stringify(s)); }", lang)
            boot(page, server.url)
            width = page.evaluate("document.documentElement.scrollWidth")
            if width > 390:
                wide.append((lang, "shelf", width))
            for game in CATALOG:
                page.goto(server.url + f"#/new/{game.id}")
                page.wait_for_selector("#setup-form")
                for stage in ("setup", "play"):
                    if stage == "play":
                        page.click("#start")
                        page.wait_for_selector("#setup-form", state="detached")
                        page.wait_for_timeout(300)
                    width = page.evaluate("document.documentElement.scrollWidth")
                    if width > 390:
                        wide.append((lang, game.id, stage, width))
    finally:
        ctx.close()
    assert wide == []
