"""Benchmarks of Bossa (measurements, not tests).

    .venv/bin/python tools/bench_bossa.py [--games 400] [--browser-games 6] [--only selfplay,browser]

Writes benchmarks/bossa.md and benchmarks/bossa.json.

* selfplay: strong vs normal, normal vs easy, strong vs easy in CPython (advanced rules; seats
  alternate every game, so each level plays first as often as second).
* browser: decision times of each level inside Pyodide in headless Chromium (whole games against
  the normal bot, in the page), the number that matters for the strong bot's time budget.
"""

import argparse
import datetime
import json
import os
import platform
import shutil
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from bench import READY_PROBE, build_site, launch, load, write  # noqa: E402
from serve import Server  # noqa: E402

from bodoge.core.selfplay import selfplay  # noqa: E402
from bodoge.games.bossa.bots import STRONG_PLAYOUTS, STRONG_SECONDS  # noqa: E402

SEED = 2026
PAIRINGS = (("strong", "normal"), ("normal", "easy"), ("strong", "easy"))


def bench_selfplay(games):
    rows = []
    for a, b in PAIRINGS:
        t0 = time.perf_counter()
        r = selfplay("bossa", 2, [a, b], games, SEED, {"rules": "advanced"})
        r["seconds"] = round(time.perf_counter() - t0, 1)
        rows.append(r)
        print(json.dumps(r), flush=True)
    return rows


def bench_browser(games):
    tmp = tempfile.mkdtemp(prefix="bodoge-bench-")
    out = {}
    try:
        build_site(tmp)
        from playwright.sync_api import sync_playwright

        with Server(tmp) as srv, sync_playwright() as p:
            browser = launch(p)
            ctx = browser.new_context()
            ctx.add_init_script(READY_PROBE)
            page = ctx.new_page()
            load(page, srv.url)
            for level in ("easy", "normal", "strong"):
                out[level] = json.loads(page.evaluate(
                    "([l, g]) => window.bodoge.botTimes('bossa', l, g, 7, 2)", [level, games]))
                print(level, out[level], flush=True)
            ctx.close()
            browser.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def load_average():
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


def report(results):
    lines = ["# Benchmarks: Bossa", "",
             f"Measured {results['date']} on {results['machine']} (`make bench`). These are "
             "measurements, not tests: numbers vary between runs and machines.", ""]
    sp = results.get("selfplay")
    load = "?" if results.get("load") is None else f"{results['load']:.1f}"
    if sp:
        lines += ["## Self-play (CPython, advanced rules, seats alternate every game)", "",
                  f"The strong bot plays out each candidate move against random orders of the unseen "
                  f"tiles, up to {STRONG_PLAYOUTS} playouts or {STRONG_SECONDS} s a decision (wall "
                  "clock: on a busy machine it completes fewer playouts). A draw (empty deck, equal "
                  "hands) counts for neither side. Intervals are 95% Wilson intervals. Load average "
                  f"of the machine (shared with other work) at the start: {load}.", "",
                  "| pairing | games | wins | draws | win rate of the first named (95%) | decision mean / p95 (ms) | run (s) |",
                  "|---|---|---|---|---|---|---|"]
        for r in sp:
            a, b = r["seats"]
            lo, hi = r["win_rate_95"][a]
            rate = r["wins"][a] / r["games"]
            dms = ", ".join(f"{k} {v['mean']}/{v['p95']}" for k, v in r["decision_ms"].items())
            lines.append(f"| {a} vs {b} | {r['games']} | {a} {r['wins'][a]}, {b} {r['wins'][b]} | "
                         f"{r['draws']} | {a}: {rate:.1%} ({lo:.1%}–{hi:.1%}) | {dms} | {r['seconds']} |")
        lines.append("")
    br = results.get("browser")
    if br:
        lines += ["## Decision time inside Pyodide (headless Chromium)", "",
                  "Each level at seat 0 against the normal bot, whole games, in the page. Target: "
                  "strong p95 < 500 ms.", "",
                  "| level | decisions | mean (ms) | p95 (ms) | max (ms) |", "|---|---|---|---|---|"]
        for level, v in br.items():
            lines.append(f"| {level} | {v['n']} | {v['mean']:.1f} | {v['p95']:.1f} | {v['max']:.1f} |")
        lines.append("")
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="selfplay,browser")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--browser-games", type=int, default=6)
    parser.add_argument("--out", default=os.path.join(ROOT, "benchmarks"))
    parser.add_argument("--report", action="store_true", help="only rewrite bossa.md from bossa.json")
    args = parser.parse_args()
    if args.report:
        with open(os.path.join(args.out, "bossa.json")) as f:
            write(os.path.join(args.out, "bossa.md"), report(json.load(f)))
        return
    only = set(args.only.split(","))
    results = {"date": datetime.date.today().isoformat(),
               "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
               "load": load_average()}
    if "browser" in only:
        results["browser"] = bench_browser(args.browser_games)
    if "selfplay" in only:
        results["selfplay"] = bench_selfplay(args.games)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "bossa.json"), "w") as f:
        json.dump(results, f, indent=1)
    write(os.path.join(args.out, "bossa.md"), report(results))


if __name__ == "__main__":
    main()
