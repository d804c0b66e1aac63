"""The site in the other engines players meet: WebKit (Safari's engine, as Debian's WebKitGTK
MiniBrowser) and Firefox ESR, driven through WebDriver (``webdriver.py``: no Playwright, no
browser download). One browser session per engine, shared by this module's tests in order, on
a server of its own serving the site under /sub/ as GitHub Pages does: the first boot and the
shelf; a game of each kind to a few moves by real clicks and keys (algo's hidden cards,
ALLUVIUM's simultaneous turns, Play Me!'s real-time dice on a clock the test drives, Bossa's
previewed and confirmed moves); reload and Continue; a share link (``#load=``) and a replay
link (``#replay=``, stepped with a key, checked against CPython); offline, the site booting
and playing from its service worker with the server stopped. Every step also fails on an error
in the page and on an update prompt (nothing was deployed).

A failure names the engine and its build, the step and what broke, e.g. ``WebKitGTK 2.50.6
(MiniBrowser): ALLUVIUM: the piece moved by a click on the map, turned and fitted: no
clickable #alv-rotate within 20 s: nothing matches``, with a screenshot in
build/engine-failures/. Each test starts from whatever page the previous one left, so it can
also run alone (``-k``) after the fixture's boot. An engine that is not installed fails its
tests (never a skip): ``make test`` installs it (tools/ensure_engines.sh).
"""

import contextlib
import os
import re
import shutil

import pytest

from bodoge.core.canon import state_hash
from bodoge.core.match import Match
from bodoge.core.record import encode
from bodoge.core.selfplay import play_one
from bodoge.games.bossa import GAME as BOSSA

from . import webdriver
from .harness import BOOT_TIMEOUT, ROOT

from serve import Server  # noqa: E402  (tools/, on the path through the harness)

SHOTS = os.path.join(ROOT, "build", "engine-failures")
SETTINGS = ("() => { localStorage.setItem('bodoge:settings', "
            "JSON.stringify({lang: 'en', speed: 'instant'})); return true; }")
READY = """() => {
  const root = document.documentElement;
  if (!document.getElementById('boot-failed')) {       // an error page, not the site
    return 'not the site: ' + JSON.stringify((document.body || root).innerText.slice(0, 200));
  }
  if (root.dataset.failed) {
    const box = document.getElementById('boot-failed');
    return 'failed: ' + (box ? box.innerText : 'no message');
  }
  return root.dataset.ready === '1' ? 'ready' : null;
}"""
LOG = "() => Array.from(document.querySelectorAll('#log-list li'), (li) => li.innerText)"
STATUS = "() => JSON.parse(window.bodoge.status() || 'null')"
CACHED = ("async () => (await caches.keys()).some((k) => k.startsWith('bodoge:')) "
          "&& !!navigator.serviceWorker.controller")
NO_UPDATE_PROMPT = "() => { const e = document.getElementById('update'); return !e || e.hidden; }"
CONTAINS = ("([css, text]) => { const e = document.querySelector(css); "
            "return !!e && e.innerText.includes(text); }")


@pytest.fixture(scope="module", params=sorted(webdriver.ENGINES))
def eng(request, site, tmp_path_factory):
    """One browser of the engine, booted on the shelf (English, computers move at once), on a
    server of its own (``eng.server``: the site under /sub/; the offline test stops it)."""
    root = tmp_path_factory.mktemp(f"www-{request.param}")
    shutil.copytree(site, root / "sub")
    server = Server(str(root)).start()
    server.url += "sub/"
    missing = None
    try:
        browser = webdriver.launch(request.param)
    except webdriver.EngineMissing as e:
        missing = str(e)
    if missing:                  # a failure, never a skip: make test installs the engines
        server.stop()
        pytest.fail(missing, pytrace=False)
    browser.server = server
    try:
        with step(browser, "the first boot"):
            browser.open(server.url + "no-such-page")       # the site's origin: settings first
            browser.call(SETTINGS)
            boot(browser, server.url)
        yield browser
    finally:
        browser.close()
        with contextlib.suppress(Exception):
            server.stop()


@contextlib.contextmanager
def step(eng, what):
    """A step of a test: if it fails, or the page logged an error meanwhile, the failure says
    the engine, the step and what broke, and a screenshot is kept."""
    try:
        yield
        errors = eng.take_errors()
        assert not errors, f"errors in the page: {errors}"
        # nothing was deployed meanwhile: no "new version" prompt (it covered Bossa's Place
        # button in WebKit before web/boot.js compared the waiting worker with the controller)
        assert eng.call(NO_UPDATE_PROMPT), "the page shows a new version's update prompt"
    except Exception as e:
        shot = ""
        with contextlib.suppress(Exception):
            os.makedirs(SHOTS, exist_ok=True)
            name = re.sub(r"[^a-z0-9]+", "-", what.lower())[:60]
            path = os.path.join(SHOTS, f"{eng.label}-{name}.png")
            with open(path, "wb") as f:
                f.write(eng.screenshot())
            shot = f" (screenshot: {os.path.relpath(path, ROOT)})"
        raise AssertionError(f"{eng.name}: {what}: {e}{shot}") from e


def wait_ready(eng):
    got = eng.wait(READY, what="the app to start (html[data-ready])", timeout=BOOT_TIMEOUT / 1000)
    assert got == "ready", got


def boot(eng, url):
    eng.open(url)
    wait_ready(eng)


def log(eng):
    return eng.call(LOG)


def wait_text(eng, css, text, timeout=20):
    eng.wait(CONTAINS, [css, text], what=f"{css} to say {text!r}", timeout=timeout)


def new_game(eng, game):
    """From the shelf: New game, the default seats (the person here against computers), Start."""
    eng.click(f"#new-{game}")
    eng.click("#start")
    eng.wait("(g) => !!document.querySelector(`main.play-screen[data-game='${g}']`)", game,
             what=f"{game}'s play screen")


def to_shelf(eng):
    if eng.call("() => !!document.querySelector('#new-algo')"):
        return
    eng.click("a", "^All games$")
    eng.wait("() => !!document.querySelector('#new-algo')", what="the shelf")


# --- algo -----------------------------------------------------------------------------------

ALGO_TURN = """() => {
  const shown = (sel, re) => Array.from(document.querySelectorAll(sel)).some((e) =>
    e.getClientRects().length && re.test(e.getAttribute('aria-label') || e.innerText));
  const prompt = (document.querySelector('#prompt') || {}).innerText || '';
  if (shown('button', /^Next round$/)) return 'next round';
  if (prompt.endsWith('is thinking…') || /^The (round|game) is over\\.$/.test(prompt)) {
    return null;
  }
  if (shown('button', /^Stay$/)) return 'stay';
  if (shown('[role=button]', /face down/)) return 'attack';        // algo's cards: spans
  if (shown('[role=button]', /hidden from the others/)) return 'stake';
  return null;
}"""


OPEN_NUMBER = "button.num:not(.ruled):not(.bluff)"   # one the pad declares at once (issue 26)


def algo_turn(eng, number):
    """Play the person's algo turn: Stay after a hit, else attack the first face-down card
    declaring ``number`` (0-11), or the first number the pad declares at once if that one is
    greyed or a bluff there (with no card to attack, first put an own card at stake). The
    number declared, or None."""
    what = eng.wait(ALGO_TURN, what="the person's turn in algo", timeout=60)
    if what == "next round":
        eng.click("button", "^Next round$")
    elif what == "stay":
        eng.click("button", "^Stay$")
    elif what == "stake":
        eng.click("[role=button]", "hidden from the others")
    else:
        eng.click("[role=button]", "face down")
        # once, under heavy load, a redraw right after the pick cleared it and the Declare
        # buttons stayed disabled: then the turn is looked at again
        try:
            eng.wait("() => !!document.querySelector('button.num:not([disabled])')",
                     what="the number pad", timeout=5)
        except AssertionError:
            return None
        names = eng.call(f"() => Array.from(document.querySelectorAll('{OPEN_NUMBER}'),"
                         " (b) => Number(b.textContent))")
        pick = number if number in names else names[0]
        eng.click(OPEN_NUMBER, f"^Declare {pick}$", timeout=5)
        return pick
    return None


def algo_declare(eng, number, tries=10):
    """Play algo turns until the person has declared ``number`` (0-11; another the pad
    allows when that one is ruled out on the card); the log says so."""
    for _ in range(tries):
        declared = algo_turn(eng, number)
        if declared is not None:
            wait_text(eng, "#log-list", f"You declare {declared}")
            return
    raise AssertionError(f"no declaration of {number} in {tries} turns")


def test_boots_to_the_shelf(eng):
    with step(eng, "the shelf"):
        to_shelf(eng)
        assert eng.text("#main-heading") == "Japanese tabletop games"
        games = eng.call("() => Array.from(document.querySelectorAll('[aria-label=Games] > li'), "
                         "(li) => li.querySelector('h2, h3').innerText)")
        assert len(games) == 5, games


def test_algo_hidden_cards(eng):
    with step(eng, "algo: a new game against the computer"):
        to_shelf(eng)
        new_game(eng, "algo")
        # the other's cards are face down: buttons to attack, no number on them
        eng.wait("() => Array.from(document.querySelectorAll('.card[role=button]'))"
                 ".some((b) => b.textContent.includes('face down'))",
                 what="the other's face-down cards", timeout=60)
    with step(eng, "algo: three numbers declared"):
        for number in (3, 4, 5):
            algo_declare(eng, number)
        assert eng.call(STATUS)["moves"] >= 3


# --- ALLUVIUM -------------------------------------------------------------------------------

def test_alluvium_simultaneous_turns(eng):
    with step(eng, "ALLUVIUM: a new game against two computers"):
        to_shelf(eng)
        new_game(eng, "alluvium")
        wait_text(eng, "#prompt", "each over a start square")
        wait_text(eng, "#alv-preview", "Fits:")
    with step(eng, "ALLUVIUM: the piece moved by a click on the map, turned and fitted"):
        eng.click(".alv-cell[data-arg='72']")
        wait_text(eng, "#alv-preview", "Cannot go here")
        eng.click("#alv-rot")
        wait_text(eng, "#alv-preview", "turned 90°")
        eng.click("#alv-next")
        wait_text(eng, "#alv-preview", "Fits:")
    with step(eng, "ALLUVIUM: both pieces drawn with Enter, the sheets pass"):
        eng.keys("Enter")
        wait_text(eng, "#log-list", "on your map")
        if "Fits:" not in eng.text("#alv-preview"):
            eng.keys("n")
            wait_text(eng, "#alv-preview", "Fits:")
        eng.keys("Enter")
        # everyone drew at once: the sheets pass and the person draws on another's map
        wait_text(eng, "#prompt", "draw your", timeout=60)
        assert eng.call("() => !!document.querySelector('.alv-map')")


# --- Play Me! -------------------------------------------------------------------------------

def clock(eng, action, ms=0):
    return eng.call("(a, ms) => window.bodoge.clock(a, ms)", action, ms)


ROLL_ENABLED = ("() => Array.from(document.querySelectorAll('button')).some((b) => "
                "/Roll again/.test(b.innerText) && !b.disabled)")


def test_playme_real_time_dice(eng):
    with step(eng, "Play Me!: a new game, the countdown on the test's clock"):
        to_shelf(eng)
        new_game(eng, "playme")
        assert clock(eng, "manual") == 0
        eng.click("button", "Start: 3, 2, 1")
        wait_text(eng, "#prompt", "3…")
        clock(eng, "advance", 3000)
        wait_text(eng, "#prompt", "Round 1: Play me!")
    with step(eng, "Play Me!: dice rolled and used by keys until the person advances twice"):
        for _ in range(200):
            if sum("You: " in line for line in log(eng)) >= 2:
                break
            hint = eng.text(".pm-hand .hint")
            number = re.search(r"(Advance|Unblock) with your (\d)", hint)
            if number:
                eng.keys(number.group(2))
            elif "Catch" in hint:
                eng.click("button", "^Catch!$")
            elif eng.call(ROLL_ENABLED):
                eng.keys("Space")
            clock(eng, "advance", 250)
        lines = [line for line in log(eng) if "You: " in line]
        assert len(lines) >= 2, (f"the person used {len(lines)} dice; "
                                 f"the log ends {log(eng)[-6:]}")


# --- Bossa ----------------------------------------------------------------------------------

def bossa_move(moves):
    """The person's move: the biggest placement, else a Stack, else the first action."""
    for kind in ("place", "stack"):
        some = [m for m in moves if m["a"] == kind]
        if some:
            return max(some, key=lambda m: len(m["tiles"]))
    return moves[0]


def bossa_click(eng, move):
    """Select and point as a person does; the move then waits for Confirm."""
    a = move["a"]
    if a == "stack":
        eng.click("#action-stack")
    for t in move.get("tiles", ()):
        eng.click(f"#tile-{t}")
    if a == "place":
        eng.click(f"#end-{move['line']}-{move['end']}")
    elif a == "stack":
        eng.click(f"#place-{move['line']}-{move['n']}")
    elif a == "redraw":
        eng.click(f"#tile-{move['tile']}")
        eng.click("#action-redraw")
    else:
        eng.click("#action-exchange")
        eng.click(f"#tile-{move['give']}")
        eng.click(f"#tile-{move['take']}")


def shared_code(eng):
    """The open game's save code, from its Share dialog."""
    eng.click("#open-share")
    code = eng.wait("() => (document.querySelector('#share-code') || {}).value",
                    what="the Share dialog")
    eng.click("#dialog-close")
    return code


BOSSA_TURN = """() => {
  const shown = (sel) => {
    const e = document.querySelector(sel);
    return !!e && e.getClientRects().length > 0;
  };
  if (shown('#first')) return 'first';
  if (shown('#own-1')) return 'own';
  if (document.querySelector('.bossa-seat.me button.tile-hit')
      && JSON.stringify(JSON.parse(window.bodoge.status()).to_move) === '[0]') return 'move';
  return null;
}"""


def test_bossa_moves_previewed_and_confirmed(eng):
    with step(eng, "Bossa: a new game against the computer"):
        to_shelf(eng)
        new_game(eng, "bossa")
    with step(eng, "Bossa: the opening choice and two moves, each previewed and confirmed"):
        played = 0
        for _ in range(20):
            turn = eng.wait(BOSSA_TURN, what="the person's turn in Bossa", timeout=60)
            if turn == "first":
                eng.click("#own-0")
                continue
            if turn == "own":
                eng.click("#own-1")
                continue
            match = Match.from_code(shared_code(eng))
            assert match.to_move() == [0]
            move = bossa_move(BOSSA.legal_moves(match.state, 0))
            before = len(log(eng))
            bossa_click(eng, move)
            # nothing is played before Confirm: the prompt asks
            eng.wait("() => document.querySelector('#prompt').innerText.includes('?')",
                     what="the move's preview in the prompt")
            assert len(log(eng)) == before
            # the focus is on Confirm (Enter would press it: but a key that Firefox's WebDriver
            # sends to a button does not activate it, so the test clicks)
            eng.wait("() => document.activeElement && document.activeElement.id === 'confirm-move'",
                     what="the focus on the confirm button")
            eng.click("#confirm-move")
            eng.wait("(n) => document.querySelectorAll('#log-list li').length > n", before,
                     what="the confirmed move in the log")
            played += 1
            if played == 2:
                break
        assert played == 2


# --- reload, Continue, links ----------------------------------------------------------------

def test_reload_and_continue(eng):
    with step(eng, "reload: an algo game with a move"):
        to_shelf(eng)
        new_game(eng, "algo")
        algo_declare(eng, 5)
        # the computer has answered (the log stands still until the person acts)
        eng.wait(ALGO_TURN, what="the person's turn in algo again", timeout=60)
        before = log(eng)
        url = eng.call("() => location.href")
    with step(eng, "reload: the same game after a reload"):
        eng.reload()
        wait_ready(eng)
        assert eng.call("() => location.href") == url
        eng.wait("(n) => document.querySelectorAll('#log-list li').length >= n", len(before),
                 what="the log back after the reload")
        assert log(eng) == before
    with step(eng, "reload: the shelf's Continue opens it"):
        to_shelf(eng)
        eng.click("#continue-algo")
        eng.wait("(n) => document.querySelectorAll('#log-list li').length >= n", len(before),
                 what="the log after Continue")
        assert log(eng) == before


def test_share_and_replay_links(eng):
    with step(eng, "links: the Share dialog's link"):
        if not eng.call("() => !!document.querySelector(\"main.play-screen[data-game='algo']\")"):
            to_shelf(eng)
            new_game(eng, "algo")
            algo_declare(eng, 2)
        eng.click("#open-share")
        link = eng.wait("() => (document.querySelector('#share-link') || {}).value",
                        what="the link")
        code = eng.call("() => document.querySelector('#share-code').value")
        eng.click("#dialog-close")
        assert link.endswith("#load=" + code)
        before = log(eng)
        state = eng.call("(c) => window.bodoge.stateHash(c)", code)
        assert state == state_hash(Match.from_code(code).state)
    with step(eng, "links: the #load= link opened"):
        to_shelf(eng)
        eng.open(link)                  # the same page: a hash change (a cold boot costs 20 s)
        eng.wait("(n) => document.querySelectorAll('#log-list li').length >= n", len(before),
                 what="the shared game's log")
        assert log(eng) == before
    with step(eng, "links: a #replay= link, stepped with the right arrow key"):
        rec = play_one("algo", {"players": 2}, 5, ["normal", "normal"]).record
        at = len(rec.moves) // 2
        replay = Match.new("algo", rec.options, rec.seed)
        for seat, move in rec.moves[:at]:
            replay.play(seat, move)
        hashes = {at: state_hash(replay.state)}
        replay.play(*rec.moves[at])
        hashes[at + 1] = state_hash(replay.state)
        eng.open(eng.server.url + f"#replay={encode(rec)}&move={at}")
        eng.wait("(h) => window.bodoge.replayHash() === h", hashes[at],
                 what=f"the replay at move {at}")
        eng.keys("ArrowRight")
        eng.wait("(h) => window.bodoge.replayHash() === h", hashes[at + 1],
                 what=f"the replay at move {at + 1} after →")


def test_offline_with_the_server_stopped(eng):
    with step(eng, "offline: the service worker has cached the site"):
        eng.wait(CACHED, what="the offline cache and a controlling service worker", timeout=120)
        eng.server.stop()
    with step(eng, "offline: the site boots with the server stopped"):
        eng.open("about:blank")
        boot(eng, eng.server.url)
        assert eng.text("#main-heading") == "Japanese tabletop games"
    with step(eng, "offline: a game plays with the server stopped"):
        new_game(eng, "algo")
        algo_declare(eng, 7)
