"""Benchmarks of the game table in Chromium (measurements, not tests).

    .venv/bin/python tools/bench_table.py [--seconds 40] [--moves 12] [--tries 3]
                                          [--games algo,bossa] [--sizes desktop,phone]
                                          [--only frames,moves] [--cpu 1,4]

Writes benchmarks/table.md and benchmarks/table.json (``--only`` re-runs a part and keeps the
other's figures; ``--report`` rewrites the table from the JSON).

* frames: every seat a bot (each game's strongest level) at the "fast" speed (250 ms between
  moves), motion on, from the first move for ``--seconds`` or to the end (Next round pressed
  as soon as it shows): every animation frame's length from ``requestAnimationFrame``
  timestamps, the frames while an animation runs (``document.getAnimations()``), and the
  browser's own long animation frames (``PerformanceObserver``, ``long-animation-frame``) and
  long tasks. Target: no frame over 50 ms while animations run.
* moves: positions of a self-played game (CPython), each opened as a save code with the seat to
  move the one person at the device; that seat's recorded move is played through
  ``window.bodoge.play`` in a task of its own (the path a click takes once its action is read:
  the rules, the autosave, the redraw, the page patch) and timed from the call to the first
  animation frame after the page changed (the frame that paints it); the browser's long
  animation frame entry for it, if any. Each move ``--tries`` times, its position opened
  afresh each time; a move is within one frame if its median try is (every try is reported
  too). Target: within one frame (16.7 ms at 60 Hz).

``--cpu 1,4`` (the default) measures each part at full speed and again with the page's CPU
slowed 4× (Chromium's ``Emulation.setCPUThrottlingRate``, a phone-class CPU; the parts at 4×
are ``frames@4x`` and ``moves@4x`` in the JSON). Targets at 4× (issue 24): a move to the frame
within 50 ms median and 100 ms p95 in every game, a round's summary within 150 ms, no long
animation frame over 100 ms while bots play.
"""

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from benchlib import (OUT, header, measuring, open_app, save_results, served_browser,  # noqa: E402
                      start_results, write)

from bodoge.core.record import Record, encode  # noqa: E402
from bodoge.core.selfplay import _percentile, play_one  # noqa: E402
from bodoge.games import CATALOG, get_game  # noqa: E402

NAME = "table"
GAMES = [g.id for g in CATALOG if g.playable]
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
FRAME_MS = 1000 / 60
LONG_MS = 50
# at 4x CPU (issue 24): a move to the frame, median and p95; a summary; a long animation frame
TARGETS_4X = {"median": 50, "p95": 100, "summary": 150, "loaf": 100}
SEED = 14
# the self-played game the moves are taken from: options and bot levels (the catalogue's demo)
SELFPLAY = {g.id: g.demo for g in CATALOG if g.playable}

FRAMES_PROBE = """() => {
  const tb = window.__tb = {frames: [], loaf: [], long: [], on: true};
  let last = null;
  const tick = (t) => {
    if (last !== null) tb.frames.push([t - last, document.getAnimations().length]);
    last = t;
    if (tb.on) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((l) => l.getEntries().forEach((e) =>
    tb.loaf.push([e.duration, e.blockingDuration]))).observe({type: "long-animation-frame"});
  new PerformanceObserver((l) => l.getEntries().forEach((e) => tb.long.push(e.duration)))
    .observe({type: "longtask"});
  return true;
}"""
FRAMES_TAKE = "() => { const tb = window.__tb; tb.on = false; return JSON.stringify(tb); }"

MOVE_PROBE = """async ([seat, move, profile]) => {
  let changed = null;
  const mo = new MutationObserver(() => { if (changed === null) changed = performance.now(); });
  mo.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  const loaf = [];
  const po = new PerformanceObserver((l) => l.getEntries().forEach((e) => loaf.push(e.duration)));
  po.observe({type: "long-animation-frame"});
  const hadOverlay = !!document.querySelector(".overlay");
  let overlayAt = null;        // a round's summary or the result, drawn a frame after the move
  const mo2 = new MutationObserver(() => {
    if (overlayAt === null && document.querySelector(".overlay")) overlayAt = performance.now();
  });
  mo2.observe(document.body, {subtree: true, childList: true});
  let t0 = 0, t1 = 0, ok = false;
  await new Promise((r) => setTimeout(() => {     // a task of its own, as an input event is
    t0 = performance.now();
    ok = window.bodoge.play(seat, move);
    t1 = performance.now();
    if (profile) window.bodoge.profileMark();
    r();
  }, 0));
  await new Promise((r) => requestAnimationFrame(r));
  const frame = performance.now();      // the frame that paints the change has begun rendering
  await new Promise((r) => requestAnimationFrame(r));
  const overlay = overlayAt !== null && !hadOverlay ? performance.now() - t0 : null;  // its frame
  await new Promise((r) => setTimeout(r, 150));   // the observer hears of a frame after it
  po.takeRecords().forEach((e) => loaf.push(e.duration));
  mo.disconnect(); mo2.disconnect(); po.disconnect();
  return {ok, call: t1 - t0, changed: changed === null ? null : changed - t0,
          frame: frame - t0, overlay, loaf};
}"""


def stats(xs):
    xs = list(xs)
    if not xs:
        return {"n": 0}
    return {"n": len(xs), "mean": round(sum(xs) / len(xs), 1),
            "median": round(statistics.median(xs), 1), "p95": round(_percentile(xs, 0.95), 1),
            "max": round(max(xs), 1)}


def part_name(part, cpu):
    """The results' key of a part measured at ``cpu``× slowdown: "moves", "moves@4x"."""
    return part if cpu == 1 else f"{part}@{cpu:g}x"


def throttle(ctx, page, cpu):
    """Slow the page's CPU ``cpu`` times (Chromium's own throttling, as DevTools does it); the
    app is loaded first, at full speed (the boot is tools/bench_phone's)."""
    if cpu != 1:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})


# --- frames while bots play ----------------------------------------------------------------------
def bench_frames(browser, url, games, sizes, seconds, cpu=1):
    out = {}
    for size in sizes:
        width, height = SIZES[size]
        ctx, page = open_app(browser, url, viewport={"width": width, "height": height})
        throttle(ctx, page, cpu)
        page.evaluate("localStorage.setItem('bodoge:settings', JSON.stringify("
                      "{lang: 'en', speed: 'fast', motion: 'auto'}))")
        for game_id in games:
            out.setdefault(game_id, {})[size] = frames_of(page, url, game_id, seconds)
            print(game_id, size, json.dumps(out[game_id][size]), flush=True)
        ctx.close()
    return out


def frames_of(page, url, game_id, seconds):
    game = get_game(game_id)
    level = game.bot_levels[-1]
    page.goto(url + f"#/new/{game_id}")
    page.wait_for_selector("#setup-form")
    seats = page.locator("select[id^=kind]").count()
    for s in range(seats):
        page.select_option(f"#kind{s}", level)
    page.evaluate(FRAMES_PROBE)
    page.click("#start")
    page.wait_for_selector("main.play-screen")
    end = time.monotonic() + seconds
    rounds = 0
    while time.monotonic() < end and not page.locator(".overlay.result").count():
        for button in ("#next-round", "#start-round"):   # Play Me!: a round starts on a button
            if page.locator(button).count() and page.locator(button).first.is_visible():
                page.locator(button).first.click()
                rounds += 1
                break
        page.wait_for_timeout(100)
    tb = json.loads(page.evaluate(FRAMES_TAKE))
    frames = tb["frames"]
    moving = [ms for ms, anims in frames if anims]
    moves = page.evaluate("document.querySelectorAll('#log-list li').length")
    return {"level": level, "players": seats, "seconds": round(sum(ms for ms, _ in frames) / 1000, 1),
            "log_lines": moves, "buttons_pressed": rounds,
            "frames": len(frames), "frames_over_50": sum(1 for ms, _ in frames if ms > LONG_MS),
            "longest_frame": round(max((ms for ms, _ in frames), default=0), 1),
            "animated_frames": len(moving),
            "animated_over_50": sum(1 for ms in moving if ms > LONG_MS),
            "animated_longest": round(max(moving, default=0), 1),
            "animated_p95": round(_percentile(moving, 0.95), 1) if moving else 0,
            "loaf": len(tb["loaf"]), "loaf_longest": round(max((d for d, _ in tb["loaf"]), default=0), 1),
            "loaf_blocking_longest": round(max((b for _, b in tb["loaf"]), default=0), 1),
            "long_tasks": len(tb["long"]), "long_task_longest": round(max(tb["long"], default=0), 1)}


# --- move -> screen ------------------------------------------------------------------------------
def positions(game_id, count):
    """``count`` (position, seat, move) spread over a self-played game, each with its save code
    (that seat the one person, the others bots at the slow speed)."""
    options, level = SELFPLAY[game_id]
    match = play_one(game_id, options, SEED, [level] * options["players"])
    rec = match.record
    n = len(rec.moves)
    players = match.game.num_players(match.state)
    picks = sorted({min(n - 1, round(i * (n - 1) / max(1, count))) for i in range(count + 1)})
    slow = get_game(game_id).bot_levels[0]
    out = []
    for k in picks:
        while k > 0 and not match.chosen(k):    # a move that made itself (Bossa's draw) is
            k -= 1                               # made as the code opens: take the one before
        seat, move = rec.moves[k]
        seats = [{"name": "", "bot": None} if s == seat else {"name": f"Bot {s + 1}", "bot": slow}
                 for s in range(players)]
        code = encode(Record(rec.game, rec.version, rec.options, rec.seed, rec.moves[:k], {"seats": seats}))
        out.append((k, seat, move, code))
    return out


def bench_breakdown(browser, url, games, count, cpu=4):
    """Where a move's time goes: the moves part's positions (desktop size, one try each), each
    move timed by stage inside Python (``Api.profileStart``/``profileTake``) and in the page
    (the call, the frame). Mean ms per move; "after:" stages ran after the call (the save and
    the overlay, after the frame)."""
    width, height = SIZES["desktop"]
    ctx, page = open_app(browser, url, viewport={"width": width, "height": height})
    throttle(ctx, page, cpu)
    page.evaluate("localStorage.setItem('bodoge:settings', JSON.stringify("
                  "{lang: 'en', speed: 'slow', motion: 'auto'}))")
    out = {"cpu": cpu, "games": {}}
    stages = set()
    for game_id in games:
        total, n = {}, 0
        for i, (k, seat, move, code) in enumerate(positions(game_id, count)):
            page.evaluate("(h) => { location.hash = h; }", "#load=" + code)
            page.wait_for_selector("main.play-screen")
            page.wait_for_timeout(400 * cpu)
            page.evaluate("window.bodoge.profileStart()")
            r = page.evaluate(MOVE_PROBE, [seat, json.dumps(move), True])
            prof = json.loads(page.evaluate("window.bodoge.profileTake()"))
            page.evaluate("() => { location.hash = '#/'; }")
            page.wait_for_selector("main.shelf-screen")
            if not i or not r["ok"] or r["changed"] is None:
                continue
            n += 1
            for stage, (ms, _) in prof.items():
                total[stage] = total.get(stage, 0) + ms
            total["browser: call"] = total.get("browser: call", 0) + r["call"]
            total["browser: to the frame"] = total.get("browser: to the frame", 0) + r["frame"]
        stages.update(total)
        out["games"][game_id] = {"n": n, "stages": {s: round(v / max(1, n), 1) for s, v in total.items()}}
        print(game_id, json.dumps(out["games"][game_id]), flush=True)
    ctx.close()
    out["stages"] = sorted(stages)
    return out


def bench_moves(browser, url, games, sizes, count, tries=3, cpu=1):
    """Each move is tried ``tries`` times (its position opened afresh each time, round after
    round over the game's positions): the machine's own hiccups come and go between tries, a
    move's cost does not. "Within one frame" counts the moves whose median try is; every try's
    numbers are kept and reported too."""
    out = {}
    for size in sizes:
        width, height = SIZES[size]
        ctx, page = open_app(browser, url, viewport={"width": width, "height": height})
        throttle(ctx, page, cpu)
        page.evaluate("localStorage.setItem('bodoge:settings', JSON.stringify("
                      "{lang: 'en', speed: 'slow', motion: 'auto'}))")
        for game_id in games:
            runs, refused = {}, set()
            spots = positions(game_id, count)
            for _ in range(tries):
                for i, (k, seat, move, code) in enumerate(spots):
                    page.evaluate("(h) => { location.hash = h; }", "#load=" + code)
                    page.wait_for_selector("main.play-screen")
                    page.wait_for_timeout(400 * cpu)
                    r = page.evaluate(MOVE_PROBE, [seat, json.dumps(move), False])
                    page.evaluate("() => { location.hash = '#/'; }")
                    page.wait_for_selector("main.shelf-screen")
                    if not r["ok"] or r["changed"] is None:
                        refused.add(i)
                    elif i:                   # the first move of a game warms its code paths
                        runs.setdefault(i, []).append(r)
            moves = [rs for i, rs in sorted(runs.items()) if i not in refused]
            samples = [r for rs in moves for r in rs]
            medians = [statistics.median(r["frame"] for r in rs) for rs in moves]
            out.setdefault(game_id, {})[size] = {
                "moves": len(moves), "refused": len(refused), "tries": tries,
                "python_ms": stats(r["call"] for r in samples),
                "to_frame_ms": stats(r["frame"] for r in samples),
                "median_to_frame_ms": stats(medians),
                "within_frame": sum(1 for m in medians if m <= FRAME_MS),
                "tries_within_frame": sum(1 for r in samples if r["frame"] <= FRAME_MS),
                "loaf_ms": stats(max(r["loaf"]) for r in samples if r["loaf"]),
                "overlay_ms": stats(r["overlay"] for r in samples if r.get("overlay") is not None),
                "summaries": [round(r["overlay"], 1) for r in samples if r.get("overlay") is not None],
                "raw": [[[round(r["call"], 1), round(r["frame"], 1)] for r in rs] for rs in moves]}
            print(game_id, size, json.dumps({k: v for k, v in out[game_id][size].items()
                                             if k not in ("raw", "summaries")}),
                  flush=True)
        ctx.close()
    return out


# --- the table -----------------------------------------------------------------------------------
def report(results):
    lines = header(results, "Benchmarks: the game table", "tools/bench_table.py")
    fr = results.get("frames")
    lines += frames_section(fr, "")
    mv = results.get("moves")
    lines += moves_section(mv, "")
    lines += in_short(fr, mv)
    fr4, mv4 = results.get("frames@4x"), results.get("moves@4x")
    if fr4 or mv4:
        lines += ["# At 4× CPU (a phone-class CPU)", "",
                  "The same parts with the page's CPU slowed 4× (Chromium's "
                  "`Emulation.setCPUThrottlingRate`, after the app has loaded). Targets (issue 24): "
                  f"a move to the frame within {TARGETS_4X['median']} ms median and "
                  f"{TARGETS_4X['p95']} ms p95 in every game, a round's summary within "
                  f"{TARGETS_4X['summary']} ms, no long animation frame over {TARGETS_4X['loaf']} ms "
                  "while bots play.", ""]
        lines += frames_section(fr4, " at 4× CPU")
        lines += moves_section(mv4, " at 4× CPU")
        lines += targets_4x(fr4, mv4)
    for key in sorted(k for k in results if k.startswith("breakdown@4x")):
        lines += breakdown_section(results[key], key.partition(" ")[2])
    for title, text in results.get("notes", {}).items():   # written by hand, dated in the title
        lines += [f"## {title}", ""] + text + [""]
    return lines


def frames_section(fr, title):
    lines = []
    if fr:
        lines += [f"## Frames while the bots play, motion on (headless Chromium){title}", "",
                  "Every seat a bot (the game's strongest level), the \"fast\" speed (250 ms between "
                  "moves, each move's motion up to 300 ms), from the first move for the time shown or "
                  "to the end of the game. Frames are the intervals between `requestAnimationFrame` "
                  "timestamps; \"while animating\" counts the frames in which `document.getAnimations()` "
                  "was not empty. Long animation frames and long tasks are the browser's own "
                  "(`PerformanceObserver`). Target: no frame over 50 ms while animations run.", "",
                  "| game | size | bots | s | log lines | frames | animating | over 50 ms animating | "
                  "longest animating / p95 (ms) | over 50 ms, all | longest (ms) | long animation frames "
                  "(longest, blocking ms) | long tasks (longest ms) |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for game_id, by_size in fr.items():
            for size, v in by_size.items():
                lines.append(
                    f"| {game_id} | {size} | {v['players']} × {v['level']} | {v['seconds']} | "
                    f"{v['log_lines']} | {v['frames']} | {v['animated_frames']} | "
                    f"**{v['animated_over_50']}** | {v['animated_longest']} / {v['animated_p95']} | "
                    f"{v['frames_over_50']} | {v['longest_frame']} | {v['loaf']} "
                    f"({v['loaf_longest']}, {v['loaf_blocking_longest']}) | "
                    f"{v['long_tasks']} ({v['long_task_longest']}) |")
        lines.append("")
    return lines


def moves_section(mv, title):
    lines = []
    if mv:
        lines += [f"## A move to the frame that shows it (headless Chromium){title}", "",
                  "Positions spread over one self-played game per game (the first sample of each "
                  "game is a warm-up and not counted), each opened as a save code; the recorded move "
                  "is played through `window.bodoge.play`. \"Python\" is the call (rules, autosave, "
                  "redraw and the page patch, all synchronous, in a task of its own); \"to the frame\" "
                  "runs from the call to the first animation frame after it (the frame that paints the "
                  "change). Long animation frames are the browser's (`PerformanceObserver`: frames over "
                  "50 ms) while the move was handled. A refused move (Play Me!: a recorded real-time "
                  "move the clock no longer allows when the position is reopened) is not counted. "
                  "A move that ends a round or the game is drawn first and its summary or result "
                  "comes over the table in the next frame (`Session.hold_overlay`): \"summary\" is "
                  "from the call to the frame that paints it, for those moves. Each move is tried "
                  "several times, its position opened afresh each time (the machine's own hiccups "
                  "come and go between tries; a move's cost does not): a move is within one frame "
                  "if its median try is; every try is counted in the next column and in the "
                  "means, p95s and maxima. Target: within one frame (16.7 ms).", "",
                  "| game | size | moves | within one frame (median try) | tries within one frame | "
                  "Python mean / p95 / max (ms) | to the frame mean / p95 / max (ms) | "
                  "summary: moves, to its frame max (ms) | moves with a long animation frame "
                  "(longest ms) |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for game_id, by_size in mv.items():
            for size, v in by_size.items():
                p, f, lo = v["python_ms"], v["to_frame_ms"], v["loaf_ms"]

                def trio(s):
                    return f"{s['mean']} / {s['p95']} / {s['max']}" if s.get("n") else "–"
                loaf = f"{lo['n']} ({lo['max']})" if lo.get("n") else "0"
                refused = f" ({v['refused']} refused)" if v.get("refused") else ""
                ov = v.get("overlay_ms") or {}
                summary = f"{ov['n'] // v.get('tries', 1)}, {ov['max']}" if ov.get("n") else "–"
                tries = v.get("tries", 1)
                lines.append(f"| {game_id} | {size} | {v['moves']}{refused} | **{v['within_frame']}** of "
                             f"{v['moves']} | {v.get('tries_within_frame', v['within_frame'])} of "
                             f"{v['moves'] * tries} | {trio(p)} | {trio(f)} | {summary} | {loaf} |")
        lines.append("")
    return lines


def in_short(fr, mv):
    lines = []
    if fr or mv:
        lines += ["## In short", ""]
        if fr:
            over = sum(v["animated_over_50"] for by in fr.values() for v in by.values())
            animated = sum(v["animated_frames"] for by in fr.values() for v in by.values())
            lines.append(f"* Frames over 50 ms while animations ran: {over} of {animated} "
                         f"(target: none){' — target met' if not over else ''}.")
        if mv:
            within = sum(v["within_frame"] for by in mv.values() for v in by.values())
            moves = sum(v["moves"] for by in mv.values() for v in by.values())
            tried = sum(v.get("tries_within_frame", v["within_frame"]) for by in mv.values()
                        for v in by.values())
            tries = sum(v["moves"] * v.get("tries", 1) for by in mv.values() for v in by.values())
            lines.append(f"* Moves painted within one frame (median try): {within} of {moves} "
                         f"(target: all){' — target met' if within == moves else ''}; every try: "
                         f"{tried} of {tries}.")
        lines.append("")
    return lines


def targets_4x(fr, mv):
    """Per game and size, the 4× figures against issue 24's targets."""
    t = TARGETS_4X
    lines = ["## At 4×: the targets", "",
             f"| game | size | move to the frame, median (≤ {t['median']} ms) | p95 (≤ {t['p95']} ms) | "
             f"summary, longest (≤ {t['summary']} ms) | longest long animation frame while bots "
             f"play (≤ {t['loaf']} ms) |",
             "|---|---|---|---|---|---|"]

    def mark(value, limit):
        return "–" if value is None else f"{value}{' ✓' if value <= limit else ' ✗'}"
    keys = {(g, s) for part in (fr or {}, mv or {}) for g, by in part.items() for s in by}
    for game_id in GAMES:
        for size in SIZES:
            if (game_id, size) not in keys:
                continue
            m = (mv or {}).get(game_id, {}).get(size, {})
            f = (fr or {}).get(game_id, {}).get(size, {})
            tf = m.get("to_frame_ms") or {}
            ov = m.get("overlay_ms") or {}
            lines.append(f"| {game_id} | {size} | {mark(tf.get('median'), t['median'])} | "
                         f"{mark(tf.get('p95'), t['p95'])} | {mark(ov.get('max'), t['summary'])} | "
                         f"{mark(f.get('loaf_longest'), t['loaf'])} |")
    lines.append("")
    return lines


def breakdown_section(breakdown, what=""):
    """Where a move's time goes (tools/bench_table.py --only breakdown: timed inside Python);
    ``what``: whose (a part kept from another build, e.g. "(main, before issue 24's work)")."""
    lines = [f"## Where a move's time goes at 4× CPU {what}".rstrip(), "",
             "`--only breakdown`: the moves part's positions (desktop size, one try each, the page's "
             "CPU slowed 4×), each move's stages timed in Python with `time.perf_counter` "
             "(`bodoge.ui.devapi.Profile`; inclusive: \"tree\" holds \"board\", \"log\" and "
             "\"prompt\"; \"patch\" is web/morph.js with the focus and scroll around it), and in the "
             "page the call and the time to the frame that paints it. Mean ms per move. Stages "
             "marked \"after:\" ran after the call, after the frame (the save; the summary or "
             "result, drawn in the frame after the move; a code's first move stored and its banner "
             "redrawn).", "",
             "| stage | " + " | ".join(breakdown["games"]) + " |",
             "|---|" + "---|" * len(breakdown["games"])]
    for stage in breakdown["stages"]:
        lines.append(f"| {stage} | " + " | ".join(str(v["stages"].get(stage, "–"))
                                                for v in breakdown["games"].values()) + " |")
    lines.append("")
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="frames,moves")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--sizes", default=",".join(SIZES))
    ap.add_argument("--seconds", type=float, default=40)
    ap.add_argument("--moves", type=int, default=12)
    ap.add_argument("--tries", type=int, default=3, help="times each move is measured")
    ap.add_argument("--cpu", default="1,4", help="CPU slowdowns to measure at (Chromium's throttling)")
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--report", action="store_true", help=f"only rewrite {NAME}.md from {NAME}.json")
    args = ap.parse_args(argv)
    if args.report:
        with open(os.path.join(args.out, f"{NAME}.json"), encoding="utf-8") as f:
            write(os.path.join(args.out, f"{NAME}.md"), report(json.load(f)))
        return
    only = set(args.only.split(","))
    games = [g for g in args.games.split(",") if g]
    sizes = [s for s in args.sizes.split(",") if s]
    results = start_results(NAME, args.out)
    cpus = [float(c) for c in args.cpu.split(",") if c]
    with served_browser() as (browser, url):
        for cpu in cpus:
            if "frames" in only:
                part = part_name("frames", cpu)
                measuring(results, part)
                results.setdefault(part, {})
                for game_id, by_size in bench_frames(browser, url, games, sizes, args.seconds,
                                                     cpu).items():
                    results[part].setdefault(game_id, {}).update(by_size)
            if "moves" in only:
                part = part_name("moves", cpu)
                measuring(results, part)
                results.setdefault(part, {})
                for game_id, by_size in bench_moves(browser, url, games, sizes, args.moves,
                                                    args.tries, cpu).items():
                    results[part].setdefault(game_id, {}).update(by_size)
        if "breakdown" in only:
            measuring(results, "breakdown@4x")
            results["breakdown@4x"] = bench_breakdown(browser, url, games, args.moves)
    save_results(NAME, results, args.out)
    write(os.path.join(args.out, f"{NAME}.md"), report(results))


if __name__ == "__main__":
    main()
