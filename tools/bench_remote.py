"""Benchmark of play on several devices (measurements, not tests).

    .venv/bin/python tools/bench_remote.py [--moves 80] [--games algo,alter,...] [--only games|flood|arrival]

Writes benchmarks/remote.md and benchmarks/remote.json.

For each game, in one headless Chromium: a host's page and a guest's page (a browser context
each, so two devices) connect through the codes as players do (the invite link, the answer
pasted back; host candidates only, over loopback), and the host's person and the guest play a
game (the other seats, if any, are the computer's) until it ends or the people have made
``--moves`` moves. The people's moves are an easy bot's choice from their own view (Play Me!: catch,
else advance, else unblock, else roll). Measured:

* bytes: everything the host sent to the guest (its whole first view, then changes, deflated
  when large) and the guest sent back, per move of the game (anyone's), from the host's
  counters (``window.bodoge.table()``); the first whole view and the largest message;
* round trip: from the guest's move (``window.bodoge.play``) to the first message back from the
  host (the view with its move applied), timed in the guest's page; and the delay the table
  shows (the host's smoothed view → ack round trip).

**A flood** (``flood``): an algo game of three, the host's person, an honest guest and a hostile
one. On the host's turn the hostile guest sends, from its page's developer tools as it were (its
data channel, as fast as the page can), 10,000 messages of one kind (moves the rules refuse, syncs,
acks, or 5,000 refused moves and 5,000 syncs interleaved), and the host's person declares at once.
Measured on the host: its frames (the gaps between animation frames and the long tasks) from the
flood's start for two seconds, how many of the messages it read and when it let the guest go, and
the time from the click (its event's time stamp) to the frame that shows the move; then the honest
guest's next move, from its page's call to the host's board. The hostile guest joins again (a new
invite) for the next kind.

**The honest guest's move from its arrival** (``arrival``): the same table; on the honest guest's
turn the hostile guest floods (each kind, and none) and the honest guest moves 5, 15 or 25 ms into
the flood, ``--tries`` times a kind. Timed on the host: from the move's message event (before the
page's handler does anything with it) to the log's change, to the frame that painted it (Element
Timing) and to the animation frame after it. ``--arrival-as arrival_before`` keeps a run made with
another web/net.js (the one before each connection had its own share of a frame) beside it.
"""

import argparse
import json
import os
import re
import statistics
import time

from benchlib import OUT, header, last_cpu, measuring, save_results, served_browser, start_results, write
from flood import CLICK_AT, FLOOD, FLOODS, HOST_PROBE, LOG_PAINT, PLAY_AT, SHOWN

# bodoge: benchlib has put py/ on the import path
from bodoge.core.bot import think
from bodoge.core.remote import read_invite
from bodoge.games import PLAYABLE, get_game

GAMES = PLAYABLE


def arm_flood(host, hostile, invite, texts, lead_ms):
    """Before a try: the host's arrivals so far and the hostile guest's counts at the host (its
    Table dialog's), a moment ``lead_ms`` from now, and the hostile guest's flood of ``texts`` set
    to start just before it (none if empty). Returns (arrivals so far, counts, the moment)."""
    start_net = host.evaluate("window.__netTimes.length")
    before = json.loads(host.evaluate("window.bodoge.table()"))["2"]
    at = host.evaluate("() => performance.timeOrigin + performance.now()") + lead_ms
    if texts:
        hostile.evaluate(FLOOD, [f"g2-{read_invite(invite).nonce}-1", texts, 10_000, at - 5])
    return start_net, before, at


def to_python(kicked, before):
    """The hostile guest's messages that went to Python between two of its counts."""
    return (kicked["messages_in"] - before["messages_in"]
            - (kicked.get("skipped", 0) - before.get("skipped", 0)))

def setup_form(game_id):
    """The setup form: the fewest players the game takes, seat 2 the guest, any other seat
    the easiest bot (ALTER needs a third player)."""
    game = get_game(game_id)
    form = {"players": str(game.min_players), "kind1": "guest"}
    form.update({f"kind{s}": game.bot_levels[0] for s in range(2, game.min_players)})
    return form
INSTANT = ("try { if (!localStorage.getItem('bodoge:settings')) localStorage.setItem("
           "'bodoge:settings', JSON.stringify({lang: 'en', speed: 'instant'})); } catch (e) {}")
RECORD = "window.__bodogeNetRecord = [];"
TIMED_MOVE = """async ([s, m]) => {
  const rec = window.__bodogeNetRecord;
  const n = rec.length;
  const t0 = performance.now();
  if (!window.bodoge.play(s, m)) return null;
  while (rec.length === n) {
    if (performance.now() - t0 > 10000) return null;
    await new Promise((r) => setTimeout(r, 0));
  }
  return performance.now() - t0;
}"""


def device(browser, url):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    ctx.add_init_script(INSTANT)
    ctx.add_init_script(RECORD)
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    page.goto(url, wait_until="commit")
    return ctx, page


def ready(page):
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=120_000)


def poll(page, script, arg=None, timeout=60.0):
    end = time.monotonic() + timeout
    while True:
        value = page.evaluate(script, arg)
        if value:
            return value
        if time.monotonic() > end:
            raise RuntimeError(f"waited {timeout} s for {script[:80]!r}")
        page.wait_for_timeout(20)


def connect(host, guest, game_id):
    """The host starts the game with seat 2 a guest's; the guest opens the invite and answers."""
    for name, value in setup_form(game_id).items():
        host.select_option(f"#{name}", value)
    host.click("#start")
    invite = poll(host, "() => { const e = document.getElementById('invite-link-1');"
                        " return e && e.value.includes('#join=') ? e.value : null; }")
    guest.evaluate("(url) => { location.href = url; }", invite)
    guest.fill("#join-name", "Guest")
    guest.click("#join-go")
    answer = poll(guest, "() => { const e = document.getElementById('join-answer'); return e && e.value; }")
    host.fill("#table-answer-box", answer)
    host.click("#table-connect")
    poll(guest, "() => window.bodoge.screen().startsWith('Guest')")
    if host.locator("#dialog-close").is_visible():
        host.click("#dialog-close")
    return len(invite.split("#join=", 1)[1]), len(answer)


def choose(game, view, seat, bots, now=None):
    if game.realtime:                             # Play Me!, the one game in real time
        if view["phase"] != "play" or now is None or now < view["start"]:
            return None                           # not during the 3-2-1 countdown
        moves = game.moves(view, seat)
        for a in ("catch", "advance", "unblock", "roll"):
            for m in moves:
                if m["a"] == a and "keep" not in m:
                    return m
        return None
    bot = bots.setdefault(seat, game.make_bot("easy", seat, 7 + seat))
    return think(bot, view)


def status(page):
    text = page.evaluate("window.bodoge.status()")
    return json.loads(text) if text else None


def bench_game(browser, url, game_id, cap):
    game = get_game(game_id)
    hctx, host = device(browser, url + f"#/new/{game_id}")
    gctx, guest = device(browser, url + "#/")
    try:
        ready(host)
        ready(guest)
        invite_len, answer_len = connect(host, guest, game_id)
        if game.realtime:                         # a round starts on a button
            host.click("#start-round")
        pages = {0: host, 1: guest}
        bots = {}
        rtts = []
        people = 0
        end = time.monotonic() + 300
        while people < cap and time.monotonic() < end:
            for page in pages.values():
                button = page.locator("#next-round")
                if button.is_visible():
                    button.click()
            hs = status(host)
            if hs["over"]:
                break
            moved = False
            for seat, page in pages.items():
                if seat not in hs["to_move"]:
                    continue
                st = status(page) if seat else hs
                if seat and (seat not in st["to_move"] or st["log"] != hs["log"]):
                    continue                      # the guest's view is on its way
                view = json.loads(page.evaluate("(s) => window.bodoge.view(s)", seat))
                now = page.evaluate("window.bodoge.clock('now')") if game.realtime else None
                move = choose(game, view, seat, bots, now)
                if move is None:
                    continue
                if seat:
                    ms = page.evaluate(TIMED_MOVE, [seat, json.dumps(move)])
                    if ms is not None:
                        rtts.append(ms)
                        people += 1
                        moved = True
                elif page.evaluate("([s, m]) => window.bodoge.play(s, m)", [seat, json.dumps(move)]):
                    people += 1
                    moved = True
            if not moved:
                host.wait_for_timeout(20)
        host.wait_for_timeout(500)                # the last acks come in
        table = json.loads(host.evaluate("window.bodoge.table()"))["1"]
        record = guest.evaluate("window.__bodogeNetRecord")
        moves = json.loads(host.evaluate("window.bodoge.status()"))
        n_moves = moves["moves"]
        views = [t for t in record if '"t":"view"' in t or t.startswith(("z", "p"))]
        reasons = {}
        for t in record:
            if t.startswith("{") and '"t":"refused"' in t:
                key = json.loads(t)["key"]
                reasons[key] = reasons.get(key, 0) + 1
        return {
            "game": game_id, "seats": setup_form(game_id), "moves": n_moves, "people_moves": people,
            "guest_moves": len(rtts), "refused": table["refused"], "reasons": reasons, "over": moves["over"],
            "invite_chars": invite_len, "answer_chars": answer_len,
            "bytes_out": table["bytes_out"], "bytes_in": table["bytes_in"],
            "messages_out": table["messages_out"], "messages_in": table["messages_in"],
            "out_per_move": round(table["bytes_out"] / max(1, n_moves)),
            "in_per_guest_move": round(table["bytes_in"] / max(1, len(rtts))),
            "first_view": len(views[0].encode()) if views else None,
            "largest": max((len(t.encode()) for t in record), default=None),
            "rtt_median": round(statistics.median(rtts), 1) if rtts else None,
            "rtt_p95": round(sorted(rtts)[int(0.95 * (len(rtts) - 1))], 1) if rtts else None,
            "delay_shown": table["ms"],
        }
    finally:
        hctx.close()
        gctx.close()


# --- a flood -------------------------------------------------------------------------------------------
def join_seat(host, guest, seat, name):
    if not host.locator(f"#invite-link-{seat}").count():       # the Table dialog: the invites
        if host.locator("#dialog-close").count():
            host.click("#dialog-close")
        host.click("#open-table")
    invite = poll(host, "(s) => { const e = document.getElementById('invite-link-' + s);"
                        " return e && e.value.includes('#join=') ? e.value : null; }", seat)
    guest.evaluate("(url) => { location.href = url; }", invite)
    guest.wait_for_selector("#join-name")
    guest.fill("#join-name", name)
    guest.click("#join-go")
    answer = poll(guest, "() => { const e = document.getElementById('join-answer'); return e && e.value; }")
    if not host.locator("#table-answer-box").count():
        host.click("#open-table")
    host.fill("#table-answer-box", answer)
    host.click("#table-connect")
    poll(guest, "() => window.bodoge.screen().startsWith('Guest')")
    if host.locator("#dialog-close").is_visible():
        host.click("#dialog-close")
    return invite


class GameOver(RuntimeError):
    """The flood's game ended before its floods did."""


NO_FLOOD = "none (the same click, no flood)"
BUSY_MS = 100
BUSY = f"none, the hostile page busy {BUSY_MS} ms instead"
MIXED = "refused moves and syncs"
# the same flood on the honest guest's turn: its move, from its page's call to the host's frame
HONEST = f"{MIXED}, on the honest guest's turn (its move: call → host's frame)"
# the hostile guest's page busy for ``ms`` from time ``at``, sending nothing: what its flood's
# sending costs the host's page on a shared machine (two cores for the three pages here; a real
# hostile guest's device has its own)
SPIN = """([ms, at]) => {
  setTimeout(() => { const end = performance.now() + ms; while (performance.now() < end) {} },
             Math.max(0, at - (performance.timeOrigin + performance.now())));
  return true;
}"""


def flood_table(browser, url, hostile_in=None):
    """A new algo game of three: the host's person (Host), an honest guest (Honest) and a
    hostile one (Hostile), its page in the browser ``hostile_in`` if given, else in the host's
    (as the honest guest's always is); HOST_PROBE on the host. (contexts, pages, the hostile
    guest's invite)"""
    ctxs, pages = [], []
    for n, hash_ in enumerate(("#/new/algo", "#/", "#/")):
        ctx, page = device(hostile_in if n == 2 and hostile_in is not None else browser, url + hash_)
        ctxs.append(ctx)
        pages.append(page)
    host, honest, hostile = pages
    try:
        for page in pages:
            ready(page)
        host.select_option("#players", "3")
        host.select_option("#kind1", "guest")
        host.select_option("#kind2", "guest")
        host.fill("input[name=name0]", "Host")
        host.click("#start")
        join_seat(host, honest, 1, "Honest")
        invite = join_seat(host, hostile, 2, "Hostile")
        host.evaluate(HOST_PROBE)
    except BaseException:
        for ctx in ctxs:
            ctx.close()
        raise
    return ctxs, pages, invite


def bench_flood(browser, url, kinds, hostile_in=None):
    """The floods ``kinds`` (names in FLOODS, or NO_FLOOD) in one new game, in turn; the
    hostile guest's page in the browser ``hostile_in`` if given, else in the host's (as the
    honest guest's always is)."""
    game = get_game("algo")
    ctxs, pages, invite = flood_table(browser, url, hostile_in)
    host, honest, hostile = pages
    try:
        bots = {}
        out = []

        def truth():
            return json.loads(host.evaluate("window.bodoge.status()"))

        def play(seat):
            page = pages[seat] if seat < 2 else None
            st = truth()
            if page is None:
                return False
            view = json.loads(page.evaluate("(s) => window.bodoge.view(s)", seat))
            if seat and (seat not in json.loads(page.evaluate("window.bodoge.status()"))["to_move"]):
                page.wait_for_timeout(10)
                return False
            page.evaluate("([s, m]) => window.bodoge.play(s, m)", [seat, json.dumps(choose(game, view, seat, bots))])
            poll(host, "(n) => JSON.parse(window.bodoge.status()).log > n", st["log"])
            return True

        for kind in kinds:
            texts = FLOODS.get(MIXED if kind == HONEST else kind, [])
            mover = 1 if kind == HONEST else 0
            # the host's turn (or the honest guest's), to attack
            while True:
                st = truth()
                view = json.loads(pages[mover].evaluate("(s) => window.bodoge.view(s)", mover))
                if st["over"]:
                    raise GameOver("the game ended before the floods did")
                if st["to_move"] == [mover] and view["phase"] == "attack" and mover:
                    if mover in json.loads(honest.evaluate("window.bodoge.status()"))["to_move"]:
                        break                           # (its own page knows it too)
                    honest.wait_for_timeout(10)
                    continue
                if st["to_move"] == [0] and view["phase"] == "attack" and not mover:
                    if host.get_by_role("button", name=re.compile("face down")).count():
                        break
                    play(0)                             # nothing face down to attack: on
                    continue
                if st["to_move"] == [2]:                # the hostile guest plays fair meanwhile
                    hv = json.loads(hostile.evaluate("(s) => window.bodoge.view(s)", 2))
                    hostile.evaluate("([s, m]) => window.bodoge.play(s, m)",
                                     [2, json.dumps(choose(game, hv, 2, bots))])
                    poll(host, "(n) => JSON.parse(window.bodoge.status()).log > n", st["log"])
                else:
                    play(st["to_move"][0])
            if not mover:
                host.get_by_role("button", name=re.compile("face down")).first.click()
                poll(host, "() => !!document.querySelector('button[data-act=\"declare\"]')")
            host.wait_for_timeout(300)
            start_frames = host.evaluate("window.__frames.length")
            start_net, before, at = arm_flood(host, hostile, invite, texts, 3000)
            if kind == BUSY:
                hostile.evaluate(SPIN, [BUSY_MS, at - 5])
            if mover:
                host.evaluate(LOG_PAINT)
                honest.evaluate(PLAY_AT, [1, json.dumps(choose(game, view, 1, bots)), at])
                paint = poll(host, "() => window.__logPaint") - poll(honest, "() => window.__call")
            else:
                host.evaluate(CLICK_AT, ['button[data-act="declare"]:not([disabled]):not(.ruled):not(.bluff)', at])
                paint = poll(host, "() => window.__paint")
            if texts:
                poll(hostile, "() => window.__flood && window.__flood.end")
                flood = hostile.evaluate("window.__flood")
                kicked = poll(host, "() => { const t = JSON.parse(window.bodoge.table())['2'];"
                                    " return t.state === 'off' ? t : null; }", timeout=120)
            else:
                flood = {"sent": 0, "start": at - 5, "end": at - 5}
                kicked = before
            host.wait_for_timeout(2000)
            frames_ = host.evaluate("window.__frames")[start_frames:]
            arrivals = host.evaluate("window.__netTimes")[start_net:]
            longs = [d for t, d in host.evaluate("window.__long") if t >= flood["start"]]
            window = [b - a for a, b in zip(frames_, frames_[1:]) if a >= flood["start"] - 50
                      and b <= flood["start"] + 2000]
            # the honest guest's next move, once the host's turn is over
            while truth()["to_move"] == [0]:
                play(0)
            took = None
            if truth()["to_move"] == [1] and not mover:
                t0 = time.monotonic()
                play(1)
                took = (time.monotonic() - t0) * 1000
            r = {"kind": kind, "sent": flood["sent"], "send_ms": round(flood["end"] - flood["start"]),
                 "heard": kicked["messages_in"] - before["messages_in"],
                 "python": to_python(kicked, before),
                 "read": kicked["messages_in"] - before["messages_in"] - (kicked["dropped"] - before["dropped"]),
                 "heard_for_ms": round(max(arrivals) - flood["start"]) if arrivals else None,
                 "bytes_back": kicked["bytes_out"] - before["bytes_out"],
                 "paint_ms": round(paint, 1), "honest_ms": None if took is None else round(took),
                 "frame_max": round(max(window), 1) if window else None,
                 "frame_p95": round(sorted(window)[int(0.95 * (len(window) - 1))], 1) if window else None,
                 "frames_over_50": sum(1 for g in window if g > 50), "frames": len(window),
                 "long_tasks": len(longs), "long_max": round(max(longs), 1) if longs else 0}
            print(json.dumps(r))
            out.append(r)
            # the hostile guest comes back for the next kind
            if not texts:
                continue
            host.click("#banner-invite-2")
            invite = join_seat(host, hostile, 2, "Hostile")
        return out
    finally:
        for ctx in ctxs:
            ctx.close()


# --- the honest guest's move, from its arrival at the host ---------------------------------------------
ARRIVAL_KINDS = ["none"] + list(FLOODS)
OFFSETS = (5, 15, 25)           # the honest guest's move, ms into the flood (in turn)


def bench_arrival(browser, url, tries, hostile_in=None):
    """``tries`` [(kind, offset)], in one new game while it lasts (GameOver: the rows so far are
    in its ``rows``): on the honest guest's turn the hostile guest floods (kind: a name in FLOODS,
    or "none") and the honest guest moves ``offset`` ms into the flood. Timed on the host: the
    honest guest's move's message event (HOST_PROBE: before net.js does anything with it; told
    from the flood's by its text) to the log's change and to the animation frame after it
    (SHOWN)."""
    game = get_game("algo")
    ctxs, pages, invite = flood_table(browser, url, hostile_in)
    host, honest, hostile = pages
    bots = {}
    out = []
    try:
        def truth():
            return json.loads(host.evaluate("window.bodoge.status()"))

        def pick(view, seat):
            try:
                return choose(game, view, seat, bots)
            except ValueError:               # (the easy bot lost its bearings once): a new one
                bots.pop(seat, None)
                return choose(game, view, seat, bots)

        def move(seat, page):
            st = truth()
            view = json.loads(page.evaluate("(s) => window.bodoge.view(s)", seat))
            if seat and seat not in json.loads(page.evaluate("window.bodoge.status()"))["to_move"]:
                page.wait_for_timeout(10)
                return
            page.evaluate("([s, m]) => window.bodoge.play(s, m)", [seat, json.dumps(pick(view, seat))])
            try:
                poll(host, "(n) => JSON.parse(window.bodoge.status()).log > n", st["log"], timeout=15)
            except RuntimeError:                        # (a move that never got there, once): anew
                raise GameOver(f"seat {seat + 1}'s move did not reach the host") from None

        for kind, offset in tries:
            texts = FLOODS.get(kind, [])
            while True:                                 # the honest guest's turn (its page knows)
                st = truth()
                if st["over"]:
                    raise GameOver("the game ended")
                if st["to_move"] == [1]:
                    if 1 in json.loads(honest.evaluate("window.bodoge.status()"))["to_move"]:
                        break
                    honest.wait_for_timeout(10)
                    continue
                seat = st["to_move"][0]
                move(seat, pages[seat])
            view = json.loads(honest.evaluate("(s) => window.bodoge.view(s)", 1))
            host.wait_for_timeout(300)
            start_net, before, at = arm_flood(host, hostile, invite, texts, 1500)
            host.evaluate(SHOWN)
            honest.evaluate(PLAY_AT, [1, json.dumps(pick(view, 1)), at - 5 + offset])
            shown = poll(host, "() => window.__shown")
            call = poll(honest, "() => window.__call")
            sent = [t for t in honest.evaluate("window.__sent") if '"t":"move"' in t]
            came = [t for t, text in host.evaluate("window.__netMoves") if text in sent]
            if texts:
                poll(hostile, "() => window.__flood && window.__flood.end")
                flood = hostile.evaluate("window.__flood")
                kicked = poll(host, "() => { const t = JSON.parse(window.bodoge.table())['2'];"
                                    " return t.state === 'off' ? t : null; }", timeout=120)
            else:
                flood, kicked = {"sent": 0, "start": at - 5, "end": at - 5}, before
            host.wait_for_timeout(300)
            arrivals = host.evaluate("window.__netTimes")[start_net:]
            arrived = came[-1]
            r = {"kind": kind, "offset": offset, "sent": flood["sent"],
                 "call_to_arrival": round(arrived - call, 1),
                 "arrival_to_change": round(shown["changed"] - arrived, 1),
                 "arrival_to_frame": round(shown["frame"] - arrived, 1),
                 "arrival_to_painted": None if shown["painted"] is None else round(shown["painted"] - arrived, 1),
                 "in_frame": shown["inFrame"], "call_to_frame": round(shown["frame"] - call, 1),
                 "call_to_painted": None if shown["painted"] is None else round(shown["painted"] - call, 1),
                 # the host's messages from the flood's start: before the honest move's, after it
                 "came_before": sum(1 for t in arrivals if flood["start"] <= t < arrived),
                 "came_after": sum(1 for t in arrivals if t > arrived),
                 "python": to_python(kicked, before)}
            print(json.dumps(r), flush=True)
            out.append(r)
            if texts:                                   # the hostile guest comes back
                try:
                    host.click("#banner-invite-2", timeout=10_000)
                    invite = join_seat(host, hostile, 2, "Hostile")
                except Exception as e:                  # (a dialog in the way, once): anew
                    raise GameOver(f"the hostile guest did not join again: {str(e)[:200]}")
        return out
    except GameOver as e:
        e.rows = out
        raise
    finally:
        for ctx in ctxs:
            ctx.close()


def arrival_report(results):
    rows, before = results["arrival"], results.get("arrival_before") or []
    m = results["measured"]["arrival"]
    mb = results["measured"].get("arrival_before")

    def fig(rs, field):
        v = [r[field] for r in rs if r.get(field) is not None]
        if not v:
            return "–"
        st = stats(v)
        return f"{st['median']} / {st['p95']} / {st['max']}"

    def within(rs):
        v = [r["arrival_to_painted"] for r in rs if r.get("arrival_to_painted") is not None]
        return f"{sum(1 for x in v if x <= 100)} of {len(v)}"

    lines = [
        "", "## The honest guest's move during a flood, from its arrival at the host", "",
        f"Measured {m['date']}, load average {m['load']} as it started"
        + (f"; the same before this part's change (each connection its own share of a frame), "
           f"{mb['date']}, load {mb['load']}" if mb else "") + ". "
        "The same table of three as above (the hostile guest's page on a CPU of its own). On the "
        "honest guest's turn the hostile guest sends 10,000 messages of one kind (or nothing: "
        "none) and the honest guest moves 5, 15 or 25 ms into the flood (in turn), "
        f"{len(ARRIVAL_KINDS)} kinds in turn, each try on a new turn of the honest guest "
        "(a game lasts about ten tries; then a new one). Timed on the host's page, from the "
        "honest guest's move's arrival: the data channel's message event, recorded before the "
        "page's own handler does anything with it (HOST_PROBE; told from the flood's by its "
        "text, which the honest guest's page records as it sends it). Frame shown: the frame "
        "that painted the move, by Element Timing (the renderTime of a mark the probe adds in the "
        "same task as the move's change to the page, so in the same frame); log changed: the "
        "page's board and log changed (the patch, made in a frame's callbacks: that frame "
        "paints it); next animation frame: the first animation frame after the change, the "
        "convention of the host's click above (a frame later than the one that painted it, and "
        "as late as the page's next task allows: a flood's hang-up after the frame delays it, "
        "not the move). Amid: tries in which some of the flood came before the honest guest's "
        "move. Target: within 100 ms of arrival.",
        "",
        "| Flood (10,000) on the honest guest's turn | Tries (amid the flood) | Arrival → frame shown, "
        "median / p95 / max | Arrival → log changed | Arrival → next animation frame | Frame shown "
        "within 100 ms | Before the change: arrival → frame shown | Before: within 100 ms |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for kind in ARRIVAL_KINDS:
        rs = [r for r in rows if r["kind"] == kind]
        bs = [r for r in before if r["kind"] == kind]
        if not rs:
            continue
        amid = sum(1 for r in rs if r["came_before"] > 0)
        lines.append(
            f"| {kind} | {len(rs)} ({amid}) | {fig(rs, 'arrival_to_painted')} ms "
            f"| {fig(rs, 'arrival_to_change')} ms | {fig(rs, 'arrival_to_frame')} ms | {within(rs)} "
            f"| {fig(bs, 'arrival_to_painted') + ' ms' if bs else '–'} | {within(bs) if bs else '–'} |")
    flooded = [r for r in rows if r["kind"] != "none"]
    shown = [r["arrival_to_painted"] for r in flooded if r.get("arrival_to_painted") is not None]
    calm = [r["arrival_to_painted"] for r in rows if r["kind"] == "none" and r.get("arrival_to_painted") is not None]
    if shown:
        ok = sum(1 for x in shown if x <= 100)
        lines += ["", (
            f"**Within 100 ms of arrival: {'yes' if ok == len(shown) else 'not always'}.** "
            f"During the floods the move was on the host's screen within 100 ms of its arrival "
            f"in {ok} of {len(shown)} tries (median {stats(shown)['median']} ms, p95 "
            f"{stats(shown)['p95']}, max {stats(shown)['max']})"
            + (f"; with no flood in {sum(1 for x in calm if x <= 100)} of {len(calm)} (median "
               f"{stats(calm)['median']} ms, max {stats(calm)['max']})" if calm else "") + ".")]
    lines += ["", WHERE_THE_TIME_GOES]
    return lines


# what traces of the host's page showed (net.js's calls into Python, the redraws and patches,
# frames, long tasks and long animation frames; a probe not kept in the page)
WHERE_THE_TIME_GOES = (
    "Where the time goes (traces of the host's page in 25 tries of these floods before the "
    "change, 2026-11-29, load about 12: the calls into Python, the redraws and patches, the "
    "frames): the honest guest's move in Python 1–33 ms; then the next frame (up to 16.7 ms); "
    "the redraw it asked for (the play screen rendered in Python and patched into the page) "
    "9–260 ms, of which the patch 5–254 ms (the longest with a hang-up's changes in the same "
    "redraw); then the frame's way to the screen after the patch, 10–197 ms (the renderTime of "
    "the mark: the compositor's work, starved on this machine). What the flood itself added: "
    "its hang-up (the count of dropped messages that lets the guest go, in Python: 3–196 ms, "
    "once a flood) when it came just before the move, and its changes in the move's redraw; and, "
    "before each connection had its own share of a frame, a wait behind the flood's messages: "
    "the move came behind up to 20 of them waiting for a frame (or after Python's share of the "
    "frame had gone to them) and was read after the next frame, its own redraw one frame later "
    "again (one to three frames in all). Now it is read as it comes (tests/unit/test_net_js.py). "
    "The two runs differ by little more than the noise of a machine shared with other work (the "
    "no-flood rows differ too); at load 10–20 (2026-11-29, earlier runs) every kind missed the "
    "target in 3–13 tries of 15, the no-flood case too, medians 68–206 ms.")


def stats(values):
    v = sorted(values)
    return {"n": len(v), "median": round(statistics.median(v), 1),
            "p95": round(v[min(len(v) - 1, round(0.95 * (len(v) - 1)))], 1), "max": round(v[-1], 1),
            "min": round(v[0], 1)}


def report(results):
    lines = header(results, "Play on several devices: bytes and round trips", "tools/bench_remote.py")
    lines += [
        "A host's page and one guest's page (two browser contexts of one headless Chromium) "
        "connected through the codes, over loopback with host candidates only, play a game "
        f"until it ends or the two people made {results['cap']} moves; other seats are the "
        "computer's (ALTER: 3 players, Play Me!: 2). Bytes are the data-channel payloads "
        "(UTF-8) counted by the host, per move of the game (anyone's: each changes the "
        "guest's view). Round trip: the guest's move to the first message back, timed in the "
        "guest's page (the host checks and plays the move, saves, and sends the view change); "
        "delay shown: the host's smoothed view → ack round trip, as the Table shows it. Play "
        "Me! runs in real time: the people move from the 3-2-1 countdown's end (as the clock on "
        "their screen shows it); a guest's move made on a view that is already behind is "
        "refused (the count is shown), and its refusal is the answer timed.",
        "",
        "| Game | Moves (guest's) | Host → guest, bytes/move | Guest → host, bytes/guest move "
        "| First whole view | Largest message | Round trip median / p95 | Delay shown | Invite / answer code |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results["games"]:
        lines.append(
            f"| {r['game']}{'' if r['over'] else ' (not ended)'} | {r['moves']} ({r['guest_moves']}"
            f"{', ' + str(r['refused']) + ' refused' if r['refused'] else ''}) "
            f"| {r['out_per_move']} | {r['in_per_guest_move']} | {r['first_view']} B | {r['largest']} B "
            f"| {r['rtt_median']} / {r['rtt_p95']} ms | {r['delay_shown']} ms "
            f"| {r['invite_chars']} / {r['answer_chars']} chars |")
    flood = results.get("flood")
    if flood:
        lines += [
            "", "## A guest's flood, at the host", "",
            "An algo game of three: the host's person, an honest guest and a hostile one, over "
            "loopback. " + (
                "The host's and the honest guest's pages are browser contexts of one headless "
                "Chromium on every CPU; the hostile guest's page is in a second one whose "
                f"processes are kept to CPU {results['flood_hostile_cpu']} (`taskset`): a guest's "
                "device has its own CPU, so its sending and its side of the transport are not the "
                "host's work (with the three pages in one browser, `--shared`, the flood's own "
                "sending slowed the host's page whatever the host did: medians 73–113 ms, "
                "2026-11-29, load 0.8). "
                if results.get("flood_hostile_cpu") is not None else
                "The three pages are browser contexts of one headless Chromium on every CPU: the "
                "flood's own sending and transport share the host's CPU (a real guest's device "
                "has its own). ") +
            "On the host's turn the "
            "hostile guest sends 10,000 messages of one kind through its data channel as fast "
            "as its page can, and the host's person declares at once. The host reads a guest's "
            "messages within a budget (20 a second, 20 at once; beyond it they are dropped "
            "unread, and 60 in a row is a flood), counts refused moves (10, fading one a "
            "second, is too many), answers at most one sync per acknowledged view, and redraws "
            "once a frame whatever arrives: the guest is let go. Beyond the budget the page "
            "itself drops a guest's messages, unread, until the budget has room again, and "
            "gives Python a frame's share of time at most for each guest's messages (web/net.js; "
            "each guest its own share since the part below, measured after the rows here: "
            "before it, one share for all guests). "
            "Came / reached Python / read: the messages the host's page received (once the guest "
            "is let go its channel is closed and the rest never get there), those of them it "
            "handed to Python, and those Python read (the others were beyond the budget, dropped "
            "unread); heard for: from the flood's start to the last of them; "
            "sent back: bytes from the host to that guest meanwhile. Host's move: from the "
            "moment the host's person clicks (scheduled 5 ms into the flood; a page busy with "
            "messages runs the click late, and that counts) to the animation frame that shows "
            "the move (target: within 100 ms); the first row is the same click with no flood, in the same run: the floor "
            "the floods are to be compared with, and the second the same click while the hostile "
            f"page is busy for {BUSY_MS} ms (about as long as its sending takes, sent in) and "
            "sends nothing; the last row is the mixed flood on the honest guest's turn, and its "
            "move made 5 ms into the flood, timed from its page's call to the host's animation "
            "frame after the log showed it (the guest's sending and the way over included). Each "
            "kind is measured in several rounds (each a new game; a round is three games, of "
            "three, three and one moves timed): the row is the round with the median timed move, in bold, and "
            "after it every round's. Frames: the gaps between the host's animation frames from the flood's "
            "start for 2 s (60 Hz: 16.7 ms); long tasks: main-thread tasks over 50 ms in that "
            "time. Honest guest's next move: from its page's call to the host's board showing "
            "it, after the flood. Before this budget (issue 27) "
            "10,000 refused moves held the host's page for 69–73 s and the honest guest's move "
            "reached the board 40 s late; 10,000 syncs made the host send 7.4 MB back.",
            "",
            "| Flood (10,000) | Sent in | Came / reached Python / read | Heard for | Sent back "
            "| Host's move: click → frame | Frame gap max / p95 | Gaps over 50 ms | Long tasks "
            "| Honest guest's next move |",
            "|---|---|---|---|---|---|---|---|---|---|",
        ]
        kinds = {k: [] for k in [NO_FLOOD, BUSY] + list(FLOODS) + [HONEST]}
        for r in flood:
            kinds.setdefault(r["kind"], []).append(r)
        for rows in kinds.values():       # the round of the median host's move, and every round's
            if not rows:
                continue
            rows.sort(key=lambda r: r["paint_ms"])
            r = dict(rows[(len(rows) - 1) // 2])
            if len(rows) > 1:
                r["paint_ms"] = f"**{r['paint_ms']}** ({', '.join(str(x['paint_ms']) for x in rows)})"
            lines.append(
                f"| {r['kind']} | {r['send_ms']} ms | {r['heard']} / {r.get('python', r['heard'])} / "
                f"{r['read']} | {r['heard_for_ms']} ms "
                f"| {r['bytes_back']} B | {r['paint_ms']} ms | {r['frame_max']} / {r['frame_p95']} ms "
                f"| {r['frames_over_50']} of {r['frames']} | {r['long_tasks']} (max {r['long_max']} ms) "
                f"| {'–' if r['honest_ms'] is None else str(r['honest_ms']) + ' ms'} |")
    if results.get("arrival"):
        lines += arrival_report(results)
    lines += ["", "Raw figures: `benchmarks/remote.json`.", ""]
    write(os.path.join(OUT, "remote.md"), lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=80, help="people's moves per game at most")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--only", choices=("games", "flood", "arrival"),
                    help="measure one part (the others keep their figures)")
    ap.add_argument("--tries", type=int, default=15, help="arrival: honest moves timed per kind of flood")
    ap.add_argument("--kinds", help="arrival: these kinds only (comma-separated: none, or FLOODS' names)")
    ap.add_argument("--arrival-as", default="arrival", choices=("arrival", "arrival_before"),
                    help="arrival: where its rows go (arrival_before: the page's net.js as it was "
                         "before each connection had its own share of a frame, measured at that commit)")
    ap.add_argument("--rounds", type=int, default=3, help="floods of each kind (each round a new game)")
    ap.add_argument("--shared", action="store_true",
                    help="the flood's three pages in one browser (the guests' not kept to a CPU of their own)")
    args = ap.parse_args()
    results = start_results("remote")
    measured = results.setdefault("measured", {})
    if "all" in measured:                    # measured before the flood was: the games
        measured["games"] = measured.pop("all")
    if args.only in (None, "games"):
        with served_browser() as (browser, url):
            measuring(results, "games")
            results["cap"] = args.moves
            out = []
            for game_id in args.games.split(","):
                r = bench_game(browser, url, game_id, args.moves)
                print(json.dumps(r))
                out.append(r)
            results["games"] = out
    if args.only in (None, "flood"):
        # the hostile guest's page in a browser of its own kept on one CPU (a guest's device has
        # its own: its sending and its side of the transport are not the host's work), the
        # host's and the honest guest's on every CPU; --shared: all three pages in one browser
        apart = None if args.shared else last_cpu()
        with served_browser(second_on=apart) as (browser, url, *guests):
            measuring(results, "flood")
            results["flood_hostile_cpu"] = apart
            out = []
            kinds = list(FLOODS)
            for n in range(args.rounds):        # (a game has turns for three clicks, not five)
                for part in ([NO_FLOOD] + kinds[:2], [BUSY] + kinds[2:], [HONEST]):
                    for attempt in range(3):     # a game may end before its three floods: anew
                        try:
                            rows = bench_flood(browser, url, part, guests[0] if guests else None)
                            break
                        except GameOver as e:
                            print(f"{part}: {e}; a new game")
                    else:
                        raise GameOver(f"{part}: three games ended before their floods")
                    out += [dict(r, round=n + 1) for r in rows]
            results["flood"] = out
    if args.only in (None, "arrival"):
        apart = None if args.shared else last_cpu()
        with served_browser(second_on=apart) as (browser, url, *guests):
            measuring(results, args.arrival_as)
            kinds = args.kinds.split(",") if args.kinds else ARRIVAL_KINDS
            todo = [(kind, OFFSETS[n % len(OFFSETS)]) for n in range(args.tries) for kind in kinds]
            out = []
            games = 0
            while todo:
                games += 1
                if games > 3 * len(todo) + 10:
                    raise RuntimeError("too many games ended before their tries")
                try:
                    rows = bench_arrival(browser, url, todo, guests[0] if guests else None)
                except GameOver as e:
                    rows = e.rows
                    print(f"a game ended after {len(rows)} tries; a new game")
                out += rows
                todo = todo[len(rows):]
            results[args.arrival_as] = out
            results["measured"][args.arrival_as]["games"] = games
    save_results("remote", results)
    report(results)


if __name__ == "__main__":
    main()
