"""Benchmark of play on several devices (measurements, not tests).

    .venv/bin/python tools/bench_remote.py [--moves 80] [--games algo,alter,...]

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
"""

import argparse
import json
import os
import statistics
import time

from benchlib import OUT, header, measuring, save_results, served_browser, start_results, write

# bodoge: benchlib has put py/ on the import path
from bodoge.core.bot import think
from bodoge.core.remote import read_invite  # noqa: F401  (the codes are bodoge's own)
from bodoge.games import PLAYABLE, get_game

GAMES = PLAYABLE


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
    lines += ["", "Raw figures: `benchmarks/remote.json`.", ""]
    write(os.path.join(OUT, "remote.md"), lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=80, help="people's moves per game at most")
    ap.add_argument("--games", default=",".join(GAMES))
    args = ap.parse_args()
    results = start_results("remote")
    measuring(results, "all")
    results["cap"] = args.moves
    out = []
    with served_browser() as (browser, url):
        for game_id in args.games.split(","):
            r = bench_game(browser, url, game_id, args.moves)
            print(json.dumps(r))
            out.append(r)
    results["games"] = out
    save_results("remote", results)
    report(results)


if __name__ == "__main__":
    main()
