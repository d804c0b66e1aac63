"""Benchmarks of Bossa (measurements, not tests).

    .venv/bin/python tools/bench_bossa.py [--games 400] [--browser-games 6] [--only selfplay,browser]

Writes benchmarks/bossa.md and benchmarks/bossa.json.

* selfplay: strong vs normal, normal vs easy, strong vs easy in CPython (advanced rules; seats
  alternate every game, so each level plays first as often as second).
* browser: decision times of each level inside Pyodide in headless Chromium (whole games against
  the normal bot, in the page), the number that matters for the strong bot's time budget.
"""

import argparse
import json
import os
import time

from benchlib import (OUT, header, measuring, open_app, save_results, served_browser, start_results,
                      write)

# bodoge: benchlib has put py/ on the import path
from bodoge.core.selfplay import selfplay
from bodoge.games.bossa.bots import STRONG_PLAYOUTS, STRONG_SECONDS

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


def bench_browser(browser, url, games):
    ctx, page = open_app(browser, url)
    out = {}
    for level in ("easy", "normal", "strong"):
        out[level] = json.loads(page.evaluate(
            "([l, g]) => window.bodoge.botTimes('bossa', l, g, 7, 2)", [level, games]))
        print(level, out[level], flush=True)
    ctx.close()
    return out


def report(results):
    lines = header(results, "Benchmarks: Bossa", "tools/bench_bossa.py")
    sp = results.get("selfplay")
    if sp:
        lines += ["## Self-play (CPython, advanced rules, seats alternate every game)", "",
                  f"The strong bot plays out each candidate move against random orders of the unseen "
                  f"tiles, up to {STRONG_PLAYOUTS} playouts or {STRONG_SECONDS} s a decision (wall "
                  "clock: on a busy machine it completes fewer playouts). A draw (empty deck, equal "
                  "hands) counts for neither side. Intervals are 95% Wilson intervals.", "",
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
    parser.add_argument("--out", default=OUT)
    parser.add_argument("--report", action="store_true", help="only rewrite bossa.md from bossa.json")
    args = parser.parse_args()
    if args.report:
        with open(os.path.join(args.out, "bossa.json")) as f:
            write(os.path.join(args.out, "bossa.md"), report(json.load(f)))
        return
    only = set(args.only.split(","))
    results = start_results("bossa", args.out)
    if "browser" in only:
        measuring(results, "browser")
        with served_browser() as (browser, url):
            results["browser"] = bench_browser(browser, url, args.browser_games)
    if "selfplay" in only:
        measuring(results, "selfplay")
        results["selfplay"] = bench_selfplay(args.games)
    save_results("bossa", results, args.out)
    write(os.path.join(args.out, "bossa.md"), report(results))


if __name__ == "__main__":
    main()
