"""Play on several devices, in one Chromium with a context per device: the host's page and its
guests' pages connect through the codes (the invite link, the answer pasted back; host
candidates only, no STUN: nothing leaves 127.0.0.1), play a whole ALTER game with a computer in
the fourth seat while no guest's page (its DOM, and every message it received) ever holds
another seat's hidden card, a guest who closes its tab gets its seat back through a new invite,
and a Play Me! round is raced between a host and a guest.

The oracle is the host's own save (the record it autosaves after every move): replayed here in
CPython, it gives each seat's true view at every step; what a guest may know is the union of
its true views so far."""

import json
import re
import time

import pytest
from playwright.sync_api import expect

from bodoge.core import remote as R
from bodoge.core.bot import think
from bodoge.core.record import decode
from bodoge.games import get_game
from bodoge.games.alter import rules as AR
from bodoge.ui.storage import SAVE_PREFIX

from e2e.harness import INSTANT, boot, wait_ready, wait_until
from flood import CLICK_AT, FLOOD, FLOODS, HOST_PROBE, NOW_JS  # (tools/: the harness put it on the path)

RECORD = "window.__bodogeNetRecord = [];"     # web/net.js: every message the page receives
NAMES = {0: "Hana", 1: "Ben", 2: "Cy"}
CPU = "CPU 4 (easy)"
CARD_OF = {(AR.COLOURS[c], str(n), str(w)): cid for cid, (c, n, w) in enumerate(AR.DECK)}


@pytest.fixture
def devices(browser, server, guard):
    """``devices(*hashes)``: new devices (a browser context each), their pages booted side by
    side (one after another would triple the wait for Pyodide)."""
    made = []

    def make(*hashes):
        pages = []
        for hash_ in hashes:
            ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
            ctx.add_init_script(INSTANT)
            ctx.add_init_script(RECORD)
            guard.attach(ctx)
            made.append(ctx)
            page = ctx.new_page()
            page.set_default_timeout(30_000)
            page.goto(server.url + hash_, wait_until="commit")
            pages.append(page)
        for page in pages:
            wait_ready(page)
        return pages

    yield make
    for ctx in made:
        ctx.close()


# --- the host's save: the truth ------------------------------------------------------------------
class Truth:
    """The host's game, replayed from its save as it grows: states after every move."""

    def __init__(self, page):
        self.page = page
        self.game = None
        self.states = []
        self.moves = []

    def state(self):
        return self.states[-1]

    def update(self):
        """The host's game as its page has it now. The page saves a move once the frame that
        shows it is painted: read until the save has every move the page's record has (read
        at once, a busy page's save could still be one move behind, and a test waiting for
        that stale state's seat to move would wait for ever)."""
        end = time.monotonic() + 10
        while True:
            st = status(self.page)
            rec = self.saved()
            if st is None or len(rec.moves) >= st["moves"] or time.monotonic() > end:
                break
            time.sleep(0.02)
        if self.game is None:
            self.game = get_game(rec.game)
            self.states = [self.game.setup(self.game.options(rec.options), rec.seed, rec.version)]
        assert rec.moves[:len(self.moves)] == self.moves
        for seat, move in rec.moves[len(self.moves):]:
            self.states.append(self.game.apply(self.states[-1], seat, move))
            self.moves.append([seat, move])
        self.meta = rec.meta
        return self.states[-1]

    def saved(self):
        saves = {k: json.loads(v) for k, v in storage_of(self.page).items() if k.startswith(SAVE_PREFIX)}
        assert len(saves) == 1, saves.keys()
        return decode(next(iter(saves.values()))["code"])

    def view(self, seat, k=None):
        return json.loads(json.dumps(self.game.view(self.states[-1 if k is None else k], seat)))


def storage_of(page):
    return json.loads(page.evaluate("JSON.stringify(Object.assign({}, localStorage))"))


def status(page):
    text = page.evaluate("window.bodoge.status()")
    return json.loads(text) if text else None


# --- what a guest may know, and what its page shows ----------------------------------------------
class Knowledge:
    """What ALTER seat ``seat`` may know, from its true views so far: the card at each place of
    each round ((set, round, place) -> card) and each seat's cards of a set ((set, seat) -> cards)."""

    def __init__(self, seat):
        self.seat = seat
        self.places = {}
        self.hands = {}

    def learn(self, v):
        def know(key, place, card, taker):
            if card is not None:
                self.places[key + (place,)] = card
                if taker is not None:
                    self.hands.setdefault((key[0], taker), set()).add(card)

        if v["phase"] != "over":
            for p, pl in enumerate(v["places"]):
                know((v["set"], v["round"]), p, pl["card"], None)
        for r, past in enumerate(v["past"]):
            for p, c in enumerate(past["cards"]):
                know((v["set"], r), p, c, past["picks"][p])
        takes = {}
        for e in v["log"]:
            if e["e"] == "take":
                takes[(e["set"], e["round"])] = e["picks"]
            elif e["e"] == "score":          # a set scored: every hand is turned up
                for (st, r), picks in takes.items():
                    if st == e["set"]:
                        for p, s in enumerate(picks):
                            know((st, r), p, e["hands"][s][r], s)


DOM_CARDS = """() => {
  const card = (el) => {
    const cls = Array.from(el.classList);
    return [cls.find((c) => c.startsWith("c-")).slice(2), el.querySelector(".acard-num").textContent,
            cls.find((c) => c.startsWith("w-")).slice(2)];
  };
  const faces = (el) => Array.from(el.querySelectorAll(".acard.face")).map(card);
  return {
    places: Array.from(document.querySelectorAll(".place-card")).map((el) => [el.id, faces(el)]),
    seats: Array.from(document.querySelectorAll(".a-seat")).map((el) =>
      [el.querySelector(".a-name").textContent, faces(el)]),
  };
}"""


def check_dom(got, know, names):
    """No place and no other seat of a page (``DOM_CARDS``'s answer) shows a card its seat
    may not know. Returns how many face-up cards it checked."""
    checked = 0
    shown_set = None
    for pid, faces in got["places"]:
        st, r, p = (int(x) for x in re.fullmatch(r"pc-(\d+)-(\d+)-(\d+)", pid).groups())
        shown_set = st
        assert len(faces) <= 1
        for face in faces:
            assert know.places.get((st, r, p)) == CARD_OF[tuple(face)], \
                f"seat {know.seat + 1} sees {face} at set {st} round {r} place {p + 1}: hidden"
            checked += 1
    seat_of = {name: s for s, name in names.items()}
    for name, faces in got["seats"]:
        s = seat_of[name]
        if s == know.seat:
            continue
        for face in faces:
            assert CARD_OF[tuple(face)] in know.hands.get((shown_set, s), set()), \
                f"seat {know.seat + 1} sees {face} in {name}'s hand: hidden"
            checked += 1
    return checked


def check_messages(page, invite, truth, seat, ended):
    """Every message ``page`` received, decoded as the guest does: each view is the seat's true
    view at some step (in order), nothing else carries game data, and the save code (the
    replay link: seed and moves) comes only once the game is over. Returns the views seen."""
    texts = page.evaluate("window.__bodogeNetRecord")
    link = R.GuestLink(R.read_invite(invite), "check")
    k = 0
    views = 0
    for text in texts:
        msg, _ = link.receive(text)
        if msg is None:
            continue
        assert msg["t"] in ("welcome", "seats", "view", "refused", "end", "bye"), msg["t"]
        if msg["t"] == "view":
            while k < len(truth.states) and truth.view(seat, k) != link.view:
                k += 1
            assert k < len(truth.states), f"seat {seat + 1} got a view that is not its own"
            views += 1
        elif msg["t"] == "end":
            assert ended and decode(msg["code"]).moves == truth.moves
    assert views > 0
    if not ended:
        assert link.code is None
    return views


def test_the_checks_see_a_hidden_card():
    """``check_dom`` fails when a page shows a card its seat may not know (a place another seat
    watched, a card another seat took), and passes the same card for the seat that knows it."""
    from bodoge.core.selfplay import play_one

    rec = play_one("alter", {"players": 4}, 11, ["easy"] * 4).record
    game = get_game("alter")
    state = game.setup(game.options(rec.options), rec.seed, rec.version)
    know = {s: Knowledge(s) for s in range(4)}
    face = {cid: [AR.COLOURS[c], str(n), str(w)] for cid, (c, n, w) in enumerate(AR.DECK)}
    names = {0: "A", 1: "B", 2: "C", 3: "D"}
    place = hand = None
    for seat, move in rec.moves:
        state = game.apply(state, seat, move)
        for s in range(4):
            know[s].learn(json.loads(json.dumps(game.view(state, s))))
        if place is None:
            place = next(((k, c) for k, c in know[2].places.items() if k not in know[1].places), None)
        if hand is None:
            hand = next(((k, cs) for k, cs in know[2].hands.items()
                         if k[1] == 2 and cs - know[1].hands.get(k, set())), None)
        if place and hand:
            break
    (st, r, p), card = place
    dom = {"places": [[f"pc-{st}-{r}-{p}", [face[card]]]], "seats": []}
    assert check_dom(dom, know[2], names) == 1
    with pytest.raises(AssertionError, match="hidden"):
        check_dom(dom, know[1], names)
    (st, _), cards = hand
    hidden = next(iter(cards - know[1].hands.get((st, 2), set())))
    dom = {"places": [[f"pc-{st}-0-0", []]], "seats": [["C", [face[hidden]]]]}
    assert check_dom(dom, know[2], names) == 0             # its own hand is not checked
    with pytest.raises(AssertionError, match="hidden"):
        check_dom(dom, know[1], names)


# --- connecting ------------------------------------------------------------------------------------
def invite_of(host, seat):
    return wait_until(host, "(s) => { const e = document.getElementById('invite-link-' + s);"
                            " return e && e.value.includes('#join=') ? e.value : null; }", seat)


def join(guest, host, seat, name, on, of=2):
    """A guest opens the invite for ``seat`` (``guest``: its booted page, or its device to
    open the link in a new tab), gives its name, and the host pastes its answer."""
    invite = invite_of(host, seat)
    if hasattr(guest, "new_page"):
        page = guest.new_page()
        page.set_default_timeout(30_000)
        boot(page, invite)
        guest = page
    else:
        guest.evaluate("(url) => { location.href = url; }", invite)
    expect(guest.locator("#main-heading")).to_contain_text(f"{NAMES[0]} invites you to play")
    guest.fill("#join-name", name)
    guest.click("#join-go")
    answer = guest.locator("#join-answer")
    expect(answer).to_have_value(re.compile(r"^[A-Za-z0-9_-]{100,}$"))
    code = answer.input_value()
    assert len(code) < 400                    # small enough for a QR code a phone reads
    expect(guest.locator("#answer-qr")).to_be_visible()
    if not host.locator("#table-answer-box").is_visible():
        host.click("#open-table")
    host.fill("#table-answer-box", code)
    host.click("#table-connect")
    wait_until(guest, "() => window.bodoge.screen().startsWith('Guest')", timeout=30_000)
    expect(host.locator("#open-table")).to_contain_text(f"Table {on}/{of}")   # the host sees who is here
    return guest, invite


READ_QR = """async (id) => {
  if (typeof window.jsQR !== "function") {
    await new Promise((resolve, reject) => {
      const el = document.createElement("script");
      el.src = "./web/vendor/jsQR.js";
      el.onload = resolve;
      el.onerror = reject;
      document.head.appendChild(el);
    });
  }
  // the SVG's dark runs ("M<x> <y>h<w>v1h-<w>z", in modules) painted on a canvas: no image
  // is loaded (the page's Content-Security-Policy takes images from the site only)
  const svg = document.getElementById(id);
  const n = svg.viewBox.baseVal.width;
  const scale = 12;
  const size = n * scale;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = "#000";
  for (const m of svg.querySelector("path").getAttribute("d").matchAll(/M(\\d+) (\\d+)h(\\d+)/g)) {
    ctx.fillRect(+m[1] * scale, +m[2] * scale, +m[3] * scale, scale);
  }
  const found = window.jsQR(ctx.getImageData(0, 0, size, size).data, size, size);
  return found ? found.data : null;
}"""


def qr_text(page, id_):
    """What a camera reads from the QR code ``id_`` on ``page`` (drawn, then read by the
    page's own pinned jsQR)."""
    return page.evaluate(READ_QR, id_)


def close_dialog(page):
    if page.locator("#dialog-close").is_visible():
        page.click("#dialog-close")


def next_rounds(pages):
    for page in pages:
        button = page.locator("#next-round")
        if button.is_visible():
            button.click()


def click_a_move(page):
    """The person at ``page`` makes an ALTER move with the mouse: Watch, else the first place
    it may put its Pick card (confirming if asked)."""
    watch = page.locator("#watch")
    if watch.is_visible():
        watch.click()
        page.locator("#alter-confirm").click()
        return
    page.locator(".place-hit").first.click()
    confirm = page.locator("#alter-confirm")
    if confirm.count():
        confirm.click()


# --- ALTER on three devices ----------------------------------------------------------------------------
def test_three_devices_play_alter_and_no_guest_sees_a_hidden_card(devices):
    start = time.monotonic()
    host, ben, cy = devices("#/new/alter", "", "")
    host.get_by_role("group", name="Seat 1").get_by_label("Name").fill(NAMES[0])
    for s, kind in ((1, "guest"), (2, "guest"), (3, "easy")):
        host.get_by_role("group", name=f"Seat {s + 1}").get_by_label("Played by").select_option(kind)
    host.get_by_role("button", name="Start", exact=True).click()
    expect(host.locator("#open-table")).to_contain_text("Table 0/2")
    # no STUN server by default: invites carry host candidates only
    for s in (1, 2):
        offer = R.read_invite(invite_of(host, s)).sdp
        assert "typ host" in offer and "typ srflx" not in offer
    ben, ben_invite = join(ben, host, 1, NAMES[1], 1)
    cy, cy_invite = join(cy, host, 2, NAMES[2], 2)
    close_dialog(host)
    pages = {0: host, 1: ben, 2: cy}
    names = {**NAMES, 3: CPU}
    for page in (ben, cy):
        expect(page.locator(".a-seat .a-name", has_text=CPU)).to_be_visible()

    truth = Truth(host)
    know = {1: Knowledge(1), 2: Knowledge(2)}
    bots = {}
    clicked = set()
    checked = {1: 0, 2: 0}
    dropped = restored = False
    steps = learned = 0
    end = time.monotonic() + 240
    while True:
        assert time.monotonic() < end, "the game did not finish in time"
        next_rounds(pages.values())
        # the guests' pages first, then the truth: the host is never behind its guests
        doms = {g: pages[g].evaluate(DOM_CARDS) for g in (1, 2)}
        state = truth.update()
        for g in (1, 2):
            for k in range(learned, len(truth.states)):
                know[g].learn(truth.view(g, k))
            checked[g] += check_dom(doms[g], know[g], names)
        learned = len(truth.states)
        if truth.game.outcome(state) is not None:
            break
        movers = [s for s in truth.game.to_move(state) if s != 3]
        if not movers:
            host.wait_for_timeout(20)
            continue
        seat = movers[0]
        page = pages[seat]
        st = status(page)
        if st is None or seat not in st["to_move"] or st["log"] != len(state["log"]):
            page.wait_for_timeout(20)          # its view has not arrived yet
            continue
        # a guest closes its tab in the middle of the game, on its own turn
        if seat == 2 and not dropped and len(truth.moves) >= 24:
            dropped = True
            check_messages(cy, cy_invite, truth, 2, ended=False)
            n = len(truth.moves)
            cy.close()                                   # Cy closes the tab
            expect(host.locator("#table-banner")).to_contain_text("Cy is disconnected. The game waits for them.")
            expect(host.locator("#prompt")).to_contain_text("Waiting for Cy (disconnected)")
            ben.click("#open-table")                     # the other guest sees who is gone
            expect(ben.locator("#table-seat-2 .status")).to_have_text("Disconnected")
            close_dialog(ben)
            host.wait_for_timeout(1000)
            truth.update()
            assert len(truth.moves) == n                                # the game waits
            host.click("#banner-invite-2")
            expect(host.locator("#dialog-table")).to_be_visible()
            cy, cy_invite = join(cy.context, host, 2, NAMES[2], 2)   # a new tab, the new link
            close_dialog(host)
            pages[2] = cy
            restored = True
            expect(host.locator("#table-banner")).to_have_count(0)
            # the seat's view is whole again on the new device
            wait_until(cy, "(n) => JSON.parse(window.bodoge.status()).log === n", len(state["log"]))
            continue
        if seat not in clicked:
            clicked.add(seat)
            click_a_move(page)
        else:
            view = truth.view(seat)
            bot = bots.setdefault(seat, truth.game.make_bot("easy", seat, 17 + seat))
            assert page.evaluate("([s, m]) => window.bodoge.play(s, m)", [seat, json.dumps(think(bot, view))])
        steps += 1
        wait_until(host, "(n) => JSON.parse(window.bodoge.status()).log > n", len(state["log"]), timeout=30_000,
                   interval=20)

    assert dropped and restored and steps >= 20
    assert min(checked.values()) > 0          # face-up cards were there to check, and were allowed
    for g, page in pages.items():
        if g:
            expect(page.locator("#result-heading")).to_be_visible()
            expect(page.locator("#copy-replay")).to_be_visible()    # the replay link, once it is over
    expect(host.locator("#result-heading")).to_be_visible()
    check_messages(ben, ben_invite, truth, 1, ended=True)
    check_messages(cy, cy_invite, truth, 2, ended=True)
    # the host's save names the guests and marks their seats remote
    assert [(s["name"], s.get("remote", False)) for s in truth.meta["seats"]] == \
        [("Hana", False), ("Ben", True), ("Cy", True), ("", False)]
    print(f"ALTER on three devices: {len(truth.moves)} moves, {steps} by people, "
          f"{time.monotonic() - start:.1f} s")


# --- Play Me! between a host and a guest -----------------------------------------------------------------
PREFER = ("catch", "advance", "unblock", "roll")


def race_move(view, seat):
    """A quick player's choice: catch the rabbit, else advance, else unblock, else roll."""
    moves = get_game("playme").moves(view, seat)
    for a in PREFER:
        for m in moves:
            if m["a"] == a and "keep" not in m:
                return m
    return None


def test_a_play_me_round_between_a_host_and_a_guest(devices):
    host, guest = devices("#/new/playme", "")
    host.select_option("#players", "2")
    host.get_by_role("group", name="Seat 1").get_by_label("Name").fill(NAMES[0])
    host.get_by_role("group", name="Seat 2").get_by_label("Played by").select_option("guest")
    host.select_option("#char0", "queen")
    host.select_option("#char1", "hatter")
    host.get_by_role("button", name="Start", exact=True).click()
    # the QR codes say what the texts say (a camera reads the invite and the answer)
    link = invite_of(host, 1)
    assert qr_text(host, "invite-qr-1") == link
    guest.evaluate("(url) => { location.href = url; }", link)
    guest.fill("#join-name", NAMES[1])
    guest.click("#join-go")
    expect(guest.locator("#join-answer")).to_have_value(re.compile(r"^[A-Za-z0-9_-]{100,}$"))
    assert qr_text(guest, "answer-qr") == guest.locator("#join-answer").input_value()
    guest.evaluate("() => { location.hash = '#/'; }")
    guest, invite = join(guest, host, 1, NAMES[1], 1, of=1)
    close_dialog(host)
    pages = {0: host, 1: guest}
    guest.locator("#start-round").click()            # either device may start the first round
    wait_until(host, "() => JSON.parse(window.bodoge.view(0)).phase === 'play'", timeout=10_000)
    host.wait_for_timeout(3100)                      # the 3-2-1 countdown
    sent = {0: 0, 1: 0}
    end = time.monotonic() + 60
    while True:
        assert time.monotonic() < end, "the round did not end"
        hv = json.loads(host.evaluate("window.bodoge.view(0)"))
        if hv["results"]:
            break
        for seat, page in pages.items():
            view = json.loads(page.evaluate("(s) => window.bodoge.view(s)", seat))
            move = race_move(view, seat) if view["phase"] == "play" else None
            if move is not None and page.evaluate("([s, m]) => window.bodoge.play(s, m)", [seat, json.dumps(move)]):
                sent[seat] += 1
        host.wait_for_timeout(30)
    assert sent[1] >= 5 and sent[0] >= 5
    # the host stamped every move with its own clock, in the order they arrived
    truth = Truth(host)
    wait_until(host, "() => !!Object.keys(localStorage).find((k) => k.startsWith('bodoge:save:'))")
    truth.update()
    times = [m["t"] for _, m in truth.moves if "t" in m]
    assert times == sorted(times) and any(seat == 1 for seat, _ in truth.moves[1:])
    # both screens show the round's end; the guest's delay is shown to everyone at the table
    for page in pages.values():
        expect(page.locator("#round-heading, #round-title")).to_be_visible()
    host.click("#look-at-table") if host.locator("#look-at-table").is_visible() else None
    host.click("#open-table")
    delay = host.locator("#table-seat-1 .status")
    expect(delay).to_contain_text(re.compile(r"Connected · delay \d+ ms"))   # (figures: benchmarks/remote.md)
    guest.click("#look-at-table")
    guest.click("#open-table")
    expect(guest.locator("#table-seat-1 .status")).to_contain_text(re.compile(r"Connected · delay \d+ ms"))
    close_dialog(guest)
    guest.click("#next-round")                        # the guest is ready: its summary waits
    expect(guest.locator("#next-round")).to_have_text(f"Waiting for {NAMES[0]}…")
    expect(guest.locator("#show-overlay")).to_be_visible()                  # (put away)
    expect(host.locator("#table-seat-1 .status")).to_contain_text("Ready")   # the host sees it
    assert host.evaluate("JSON.parse(window.bodoge.view(0)).phase") == "ready"
    close_dialog(host)
    host.click("#next-round")                         # and the host: round 2 starts for both
    wait_until(host, "() => JSON.parse(window.bodoge.view(0)).phase === 'play'", timeout=10_000)
    expect(host.locator("#round-heading")).to_have_count(0)
    expect(guest.locator("#round-heading")).to_have_count(0)
    check_play_me_messages(guest, invite)


def check_play_me_messages(page, invite):
    """Play Me! hides only the RNG: no message the guest received carries it."""
    link = R.GuestLink(R.read_invite(invite), "check")
    views = 0
    for text in page.evaluate("window.__bodogeNetRecord"):
        msg, _ = link.receive(text)
        if msg is not None and msg["t"] == "view":
            assert "rng" not in link.view and "clock" in msg
            views += 1
    assert views > 5


# --- a hostile guest ---------------------------------------------------------------------------
DECLARE = 'button[data-act="declare"]:not([disabled]):not(.ruled):not(.bluff)'


def test_a_flooding_guest_is_let_go_while_the_host_and_the_other_guest_play_on(devices):
    host, ben, mal = devices("#/new/algo", "", "")
    host.get_by_label("Players").select_option("3")
    host.get_by_role("group", name="Seat 1").get_by_label("Name").fill(NAMES[0])
    for s in (1, 2):
        host.get_by_role("group", name=f"Seat {s + 1}").get_by_label("Played by").select_option("guest")
    host.get_by_role("button", name="Start", exact=True).click()
    ben, _ = join(ben, host, 1, NAMES[1], 1)
    mal, mal_invite = join(mal, host, 2, "Mal", 2)
    close_dialog(host)
    host.evaluate(HOST_PROBE)
    pages = {0: host, 1: ben, 2: mal}
    truth = Truth(host)
    bots = {}

    def play(seat):
        """``seat``'s person plays an easy computer's choice from its own view."""
        state = truth.update()
        bot = bots.setdefault(seat, truth.game.make_bot("easy", seat, 5 + seat))
        before = len(state["log"])
        assert pages[seat].evaluate("([s, m]) => window.bodoge.play(s, m)",
                                    [seat, json.dumps(think(bot, truth.view(seat)))])
        wait_until(host, "(n) => JSON.parse(window.bodoge.status()).log > n", before, interval=20)

    def to_move():
        state = truth.update()
        seat = truth.game.to_move(state)[0]
        try:
            wait_until(pages[seat], "([s, n]) => { const st = JSON.parse(window.bodoge.status());"
                                    " return st.to_move.includes(s) && st.log === n; }",
                       [seat, len(state["log"])], interval=20)      # its view has come
        except AssertionError as e:                 # say what each device had
            seen = {s: status(p) for s, p in pages.items()}
            raise AssertionError(f"{e}; the save: seat {seat} to move at log {len(state['log'])}, "
                                 f"the devices: {seen}, the host's table: "
                                 f"{host.evaluate('window.bodoge.table()')}") from None
        return seat

    def declare_soon(later):
        """The host's person attacks a card, and declares ``later`` ms from now (None: when the
        next message comes). With the deck empty, one of its own hidden cards is put at stake
        first."""
        target = host.get_by_role("button", name=re.compile("face down"))
        stake = host.get_by_role("button", name=re.compile("hidden from the others"))
        summary = host.get_by_role("button", name="Next round")
        expect(target.or_(stake).or_(summary).first).to_be_visible()
        if summary.is_visible():                       # the last round's summary, over the table
            summary.click()
            expect(target.or_(stake).first).to_be_visible()
        if not target.count():
            stake.first.click()
        target.first.click()
        expect(host.locator(DECLARE).first).to_be_visible()
        at = None if later is None else host.evaluate(NOW_JS) + later
        assert host.evaluate(CLICK_AT, [DECLARE, at])

    def computer_moves():
        """Mal's seat, the computer's now, moves: once the host's person has closed a round's
        summary (it holds the computer players until then)."""
        summary = host.get_by_role("button", name="Next round")
        if summary.is_visible():
            summary.click()
        host.wait_for_timeout(50)

    calm = []                                     # the host's declarations with no flood
    while len(calm) < 2:
        while to_move() != 0 or truth.update()["phase"] != "attack":
            play(to_move())
        n = len(truth.update()["log"])
        declare_soon(50)
        calm.append(wait_until(host, "() => window.__paint", interval=5))
        wait_until(host, "(n) => JSON.parse(window.bodoge.status()).log > n", n, interval=20)
    while to_move() != 0 or truth.update()["phase"] != "attack":
        play(to_move())
    moves_before = len(truth.moves)
    # Mal's flood starts, and the host's person declares as it comes in
    key = f"g2-{R.read_invite(mal_invite).nonce}-1"
    before = json.loads(host.evaluate("window.bodoge.table()"))["2"]
    declare_soon(None)
    assert mal.evaluate(FLOOD, [key, FLOODS["refused moves and syncs"], 10_000, 0])
    paint = wait_until(host, "() => window.__paint", interval=5)
    click = host.evaluate("window.__click")
    wait_until(mal, "() => window.__flood && window.__flood.end", interval=20)
    flood = mal.evaluate("window.__flood")
    arrivals = host.evaluate("window.__netTimes")
    near = [round(t - click) for t in arrivals if flood["start"] <= t]
    print(f"the host's declarations with no flood: on screen {calm[0]:.0f}, {calm[1]:.0f} ms after the "
          f"click; flood: {flood['sent']} "
          f"messages sent from {flood['start'] - click:+.0f} ms to {flood['end'] - click:+.0f} ms of the "
          f"host's click; the host heard {len(near)} of them ({near[:3]}…{near[-3:]} ms) and let Mal "
          f"go; its move was on screen {paint:.1f} ms after the click")
    assert flood["sent"] >= 200                           # the channel took the burst (then closed)
    # the click came in the flood: the host heard its messages before and after it
    assert flood["start"] <= click and min(near) <= 0 < max(near), "the click was in the flood"
    # Mal is let go within the first hundred or so of 10,000 (20 read, 20 waiting for a frame,
    # 60 dropped unread: a flood; net.js): it was after 5,851 with the frame's cap alone
    assert len(near) <= 150, f"the host heard {len(near)} of Mal's messages before letting go"
    # The host's move reaches the screen at most 1,000 ms later than the slower of two of the same
    # clicks with no flood just before (250 ms failed once under CI's own load, 9 on two cores:
    # 734 ms against 74 and 107; a stall, the bug, was 70 s). Not the 100 ms: here the three
    # pages share two cores, so the flood's sending (about 100 ms of CPU) slows the host's
    # click whatever the host does, and that click alone takes 35-130 ms on a loaded machine;
    # measured, flood 194 ms against 40 and 77 ms with none (load 5-8), and the medians in
    # benchmarks/remote.md (tools/bench_remote.py --only flood). A stall fails it (70 s before
    # issue 27). What the host's page does about a flood (net.js: messages beyond the budget
    # dropped unread without a call into Python, Python's share of a frame capped, a flood
    # let go at once) is checked exactly in tests/unit/test_net_js.py.
    assert paint < 1000 + max(calm), (f"the host's move took {paint:.0f} ms to reach the screen "
                                     f"(with no flood: {calm[0]:.0f}, {calm[1]:.0f} ms)")
    # Mal is let go: the host says so, and why; Mal's page says the connection is lost
    expect(host.locator("#table-banner")).to_contain_text("Mal was disconnected: their device sent too many")
    expect(mal.locator("#table-banner")).to_contain_text("The connection to the host was lost")
    table = json.loads(host.evaluate("window.bodoge.table()"))
    assert table["2"]["state"] == "off" and table["1"]["state"] == "on"
    assert table["2"]["refused"] <= R.HostLink.MAX_STRIKES + 2      # (strikes fade while they come)
    # of Mal's thousands Python was handed about the burst (the rest never reached it)
    reached = (table["2"]["messages_in"] - before["messages_in"]
               - (table["2"]["skipped"] - before["skipped"]))
    assert reached <= R.HostLink.BURST + 10, f"{reached} of Mal's messages reached Python"
    truth.update()
    by_people = len(truth.moves)                    # the moves before the computer plays Mal's seat
    host.click("#banner-bot-2")                     # Mal's seat goes to the computer
    expect(host.locator("#table-banner")).to_have_count(0)
    # Ben's next move reaches the host's board: the game goes on. Mal's seat (the computer's
    # now) may come first: it did when Ben's cards were all face up (out until the next round)
    end = time.monotonic() + 90
    while (seat := truth.game.to_move(truth.update())[0]) != 1:
        assert time.monotonic() < end, (f"Ben's turn never came: seat {seat} to move, "
                                        f"{status(host)}, {truth.state()['out']}")
        if seat == 2:
            computer_moves()
        else:
            play(to_move())
    assert to_move() == 1                           # (its view has come to Ben's page)
    start = time.monotonic()
    play(1)
    took = time.monotonic() - start
    assert took < 3.0, f"Ben's move took {took:.2f} s to reach the host's board"  # (bench: 66-204 ms)
    # the record is intact: it replays, every move is one the people made, none of Mal's flood
    truth.update()
    assert len(truth.moves) >= moves_before + 2 and all(seat in (0, 1, 2) for seat, _ in truth.moves)
    flooded = {"a": "attack", "t": 0, "p": 0, "n": 11}
    assert not any(m == flooded for s, m in truth.moves[:by_people] if s == 2)
    n = len(truth.moves)
    end = time.monotonic() + 60
    while len(truth.moves) < n + 4 and truth.game.outcome(truth.update()) is None:   # the game goes on
        assert time.monotonic() < end, (f"the game stopped: {truth.game.to_move(truth.state())} "
                                        f"to move, {status(host)}")
        if truth.game.to_move(truth.state())[0] == 2:
            computer_moves()
        else:
            play(to_move())
