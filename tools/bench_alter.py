"""Benchmarks of ALTER (measurements, not tests).

    .venv/bin/python tools/bench_alter.py [--games 1200] [--only selfplay,browser]

Writes benchmarks/alter.md and benchmarks/alter.json.

* selfplay: strong, normal and easy bots at mixed tables in CPython. Every 4-player table
  seats one bot of each level plus a fourth seat that cycles through the levels; the seats
  rotate every game. Per level: mean score per seat and game, win share per seat (a shared win
  counts in part), Victory wins; 3- and 5-player variants likewise (fewer games).
* browser: bot decision times measured inside Pyodide in headless Chromium (each level at
  seat 0 against normal bots, whole games), 4 and 5 players.
"""

import argparse
import json
import os
import time

from benchlib import (OUT, header, measuring, open_app, save_results, served_browser, start_results,
                      write)

# bodoge: benchlib has put py/ on the import path
from bodoge.core.rng import derive_seed
from bodoge.core.selfplay import _percentile, play_one, wilson

SEED = 2026
LEVELS = ("strong", "normal", "easy")


def table_for(players, g):
    """Seats of game ``g``: each level once, the other seats cycling; rotated every game."""
    extra = [LEVELS[(g // players + i) % 3] for i in range(players - 3)]
    seats = list(LEVELS) + extra
    r = g % players
    return seats[r:] + seats[:r]


def mixed(players, games):
    seats = {lv: 0 for lv in LEVELS}
    score = {lv: 0.0 for lv in LEVELS}
    wins = {lv: 0.0 for lv in LEVELS}
    victories = {lv: 0 for lv in LEVELS}
    times = {lv: [] for lv in LEVELS}
    shared = 0
    t0 = time.perf_counter()
    for g in range(games):
        order = table_for(players, g)
        rec = lambda seat, secs, order=order: times[order[seat]].append(secs * 1000)
        match = play_one("alter", {"players": players}, derive_seed(SEED, players, g), order,
                         on_decision=rec)
        out = match.outcome()
        for s, lv in enumerate(order):
            seats[lv] += 1
            score[lv] += out["scores"][s]
        if len(out["winners"]) > 1:
            shared += 1
        for w in out["winners"]:
            wins[order[w]] += 1 / len(out["winners"])
            if out["victory"]:
                victories[order[w]] += 1
    rows = {}
    for lv in LEVELS:
        k = round(wins[lv])
        rows[lv] = {"seats": seats[lv], "mean_score": round(score[lv] / seats[lv], 2),
                    "win_share": round(wins[lv] / seats[lv], 4), "win_ci": wilson(k, seats[lv]),
                    "victories": victories[lv],
                    "decision_ms": {"mean": round(sum(times[lv]) / max(1, len(times[lv])), 2),
                                    "p95": round(_percentile(times[lv], 0.95), 2)}}
    return {"players": players, "games": games, "shared_wins": shared, "levels": rows,
            "fair_share": round(1 / players, 4), "seconds": round(time.perf_counter() - t0, 1)}


def bench_selfplay(games):
    return [mixed(4, games), mixed(3, max(200, games // 4)), mixed(5, max(200, games // 4))]


def bench_browser(browser, url, games):
    ctx, page = open_app(browser, url)
    times = {}
    for players in (4, 5):
        for level in LEVELS:
            times[f"{level}/{players}p"] = json.loads(page.evaluate(
                "([l, g, p]) => window.bodoge.botTimes('alter', l, g, 1, p)", [level, games, players]))
    ctx.close()
    return times


def report(results, folder):
    lines = header(results, "Benchmarks: ALTER", "tools/bench_alter.py")
    sp = results.get("selfplay")
    if sp:
        lines += ["## Strong vs normal vs easy (CPython, mixed tables, seats rotated)", "",
                  "Each table seats one bot of every level; with 4 or 5 players the other seats cycle "
                  "through the levels. Win share: games won per seat played (a shared win counts in "
                  "part); the fair share is 1/players. Intervals: 95% Wilson.", "",
                  "| players | games | level | seats | mean score | win share (95%) | Victory wins | decision mean / p95 (ms) |",
                  "|---|---|---|---|---|---|---|---|"]
        for r in sp:
            for lv, v in r["levels"].items():
                lo, hi = v["win_ci"]
                lines.append(f"| {r['players']} | {r['games']} | {lv} | {v['seats']} | {v['mean_score']:.2f} | "
                             f"{v['win_share']:.1%} ({lo:.1%}–{hi:.1%}) | {v['victories']} | "
                             f"{v['decision_ms']['mean']} / {v['decision_ms']['p95']} |")
        lines += ["", "Fair share: " + ", ".join(f"{r['players']} players {r['fair_share']:.1%}" for r in sp)
                  + ". Shared wins: " + ", ".join(f"{r['shared_wins']} of {r['games']}" for r in sp) + ".", ""]
    br = results.get("browser")
    if br:
        lines += ["## Bot decision time inside Pyodide (headless Chromium)", "",
                  "Each level at seat 0 against normal bots, whole games, in the page.", "",
                  "| level / players | decisions | mean (ms) | p95 (ms) | max (ms) |", "|---|---|---|---|---|"]
        for key, v in br.items():
            lines.append(f"| {key} | {v['n']} | {v['mean']:.2f} | {v['p95']:.2f} | {v['max']:.2f} |")
        lines += ["", "Target: p95 < 300 ms.", ""]
    write(os.path.join(folder, "alter.md"), lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="selfplay,browser")
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--browser-games", type=int, default=6)
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    only = set(args.only.split(","))
    results = start_results("alter", args.out)
    if "selfplay" in only:
        measuring(results, "selfplay")
        results["selfplay"] = bench_selfplay(args.games)
        print(json.dumps(results["selfplay"]), flush=True)
    if "browser" in only:
        measuring(results, "browser")
        with served_browser() as (browser, url):
            results["browser"] = bench_browser(browser, url, args.browser_games)
        print(json.dumps(results["browser"]), flush=True)
    save_results("alter", results, args.out)
    report(results, args.out)


if __name__ == "__main__":
    main()
