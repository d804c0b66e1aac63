"""Benchmarks of ALLUVIUM (measurements, not tests).

    .venv/bin/python tools/bench_alluvium.py [--games 300] [--duel-games 1000] [--only selfplay,duel,browser]
    .venv/bin/python tools/bench_alluvium.py --only duel --duels 0 --duel-games 1000 [--jobs 2]   # issue 28's

Writes benchmarks/alluvium.md and benchmarks/alluvium.json.

* selfplay: bot levels against each other in CPython, seats rotated every game: mean total,
  area and cooperation scores per level, win rates (a shared win counts as a share), and
  decision times.
* duel: head to head at 4-player tables (tools/benchduel.py: two seats each, every deal played
  with the sides swapped): today's strong bot against a frozen copy of the strong bot of before
  issue 28 (tools/baseline_alluvium.py, "old strong"); with each side's mean area and
  cooperation points and how often it ranked first on another player's sheet; the old strong
  bot against normal for scale.
* browser: bot decision times inside Pyodide (each level at seat 0 against normal bots, whole
  games, in the page), and the page's longest main-thread task and frame gap while four strong
  bots play a whole game through the UI.
"""

import argparse
import functools
import json
import os
import statistics
import time

from benchlib import (OUT, header, measuring, open_app, responsiveness, run_duels, save_results, served_browser,
                      start_results, ui_game, watch_frames, write)

# bodoge (and the bench-only bots, which import it): benchlib has put py/ on the import path
import baseline_alluvium
from benchduel import duel, duel_rows
from bodoge.core.rng import derive_seed
from bodoge.core.selfplay import _percentile, play_one, wilson
from bodoge.games.alluvium import bots as alluvium_bots

SEED = 2026
MATCHES = (
    ("strong", "normal", "normal", "normal"),
    ("normal", "easy", "easy", "easy"),
    ("strong", "easy", "easy", "easy"),
    ("strong", "normal", "easy"),
    ("strong", "normal", "easy", "normal", "easy"),
)


def match_levels(levels, games):
    """``games`` games of these seats (rotated every game): per level mean scores, win share."""
    n = len(levels)
    stats = {lv: {"total": [], "area": [], "coop": [], "wins": 0.0, "ms": []} for lv in levels}
    for g in range(games):
        order = list(levels[g % n:] + levels[:g % n])
        rec = lambda seat, secs, order=order: stats[order[seat]]["ms"].append(secs * 1000)
        out = play_one("alluvium", {"players": n}, derive_seed(SEED, n, "-".join(levels), g), order,
                       on_decision=rec).outcome()
        for s, lv in enumerate(order):
            d = stats[lv]
            d["total"].append(out["scores"][s])
            d["area"].append(out["area"][s])
            d["coop"].append(out["coop"][s])
            if s in out["winners"]:
                d["wins"] += 1 / len(out["winners"])
    seats = {lv: levels.count(lv) for lv in stats}
    rows = {}
    for lv, d in stats.items():
        k = seats[lv]
        tries = games * k
        rows[lv] = {"seats": k, "total": round(statistics.mean(d["total"]), 2),
                    "total_sd": round(statistics.stdev(d["total"]), 2),
                    "area": round(statistics.mean(d["area"]), 2), "coop": round(statistics.mean(d["coop"]), 2),
                    "win_rate": round(d["wins"] / tries, 4), "win_95": wilson(round(d["wins"]), tries),
                    "fair": round(1 / n, 4),
                    "ms_mean": round(statistics.mean(d["ms"]), 2), "ms_p95": round(_percentile(d["ms"], 0.95), 2)}
    return {"players": n, "seats": list(levels), "games": games, "levels": rows}


def bench_selfplay(games):
    out = []
    for levels in MATCHES:
        t0 = time.time()
        out.append(match_levels(levels, games))
        print(f"{'/'.join(levels)}: {time.time() - t0:.0f} s", flush=True)
    return out


EXTRA_BOTS = {"old strong": baseline_alluvium.StrongBot}    # bench-only, beside the levels
DUELS = (("strong", "old strong", 4), ("old strong", "normal", 4), ("strong", "normal", 4),
         ("strong", "old strong", 3), ("strong", "old strong", 5))


def make_bot(label, seat, seed):
    return (EXTRA_BOTS.get(label) or alluvium_bots.BOTS[label])(seat, seed)


def points_and_firsts(match, sides):
    """Per side: area and cooperation points, seats, and first places on others' sheets."""
    out = {side: {"area": 0, "coop": 0, "seats": 0, "first": 0, "ranked": 0} for side in "AB"}
    result = match.state["result"]
    n = len(sides)
    for s, side in enumerate(sides):
        out[side]["area"] += result["area"][s]
        out[side]["coop"] += result["coop"][s]
        out[side]["seats"] += 1
    for sheet in result["sheets"]:
        for row in sheet["ranking"]:
            if row["who"] < n:
                d = out[sides[row["who"]]]
                d["ranked"] += 1
                d["first"] += row["rank"] == 1
    return out


def bench_duel(games, which=None, done=None, jobs=1):
    """The duels of DUELS (``which``: their indices, default all); ``done(rows)`` is called
    after each, so a long run keeps what it measured; ``jobs``: processes sharing a duel's
    games."""
    out = []
    for i, (a, b, players) in enumerate(DUELS):
        if which is not None and i not in which:
            continue
        k = games if players == 4 else max(2, games // 3)
        out.append(duel("alluvium", a, b, k, SEED, make_bot, players, points_and_firsts, jobs))
        print(json.dumps(out[-1]), flush=True)
        if done:
            done(out)
    return out


def side_cells(r, label):
    d = r["extra"][label]
    return (f"{d['area'] / d['seats']:.1f} + {d['coop'] / d['seats']:.1f}, "
            f"{d['first'] / max(1, d['ranked']):.0%}")


def bench_browser(browser, url, games):
    ctx, page = open_app(browser, url, viewport={"width": 1280, "height": 1000})
    times = {}
    for level, players in (("strong", 3), ("strong", 4), ("strong", 5), ("normal", 4), ("easy", 4)):
        times[f"{level}/{players}p"] = json.loads(page.evaluate(
            "([l, g, p]) => window.bodoge.botTimes('alluvium', l, g, 7, p)", [level, games, players]))
        print(level, players, times[f"{level}/{players}p"], flush=True)
    watch_frames(page)

    def four_strong(page):
        page.select_option("#players", "4")
        for s in range(4):
            page.select_option(f"#kind{s}", "strong")

    ui = ui_game(page, url, "alluvium", four_strong)
    ctx.close()
    return {"decision_ms": times, "ui_game": ui}


def report(results, folder):
    lines = header(results, "Benchmarks: ALLUVIUM", "tools/bench_alluvium.py")
    sp = results.get("selfplay")
    if sp:
        lines += ["## Bot levels against each other (CPython, seats rotated every game)", "",
                  "Mean final score per level (area bonuses + cooperation bonuses, standard deviation "
                  "of the total in brackets), and how often a level wins (a shared win counts as a "
                  "share; fair share = 1/players per seat; 95% Wilson interval over games × seats). With "
                  "several seats of one level, its numbers are per seat.", "",
                  "| players | seats | games | level | mean total (sd) | area | cooperation | win rate per seat (95%) | fair | decision mean / p95 (ms) |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for r in sp:
            for lv, d in r["levels"].items():
                lo, hi = d["win_95"]
                lines.append(f"| {r['players']} | {' / '.join(r['seats'])} | {r['games']} | {lv} × {d['seats']} | "
                             f"{d['total']} ({d['total_sd']}) | {d['area']} | {d['coop']} | "
                             f"{d['win_rate']:.1%} ({lo:.1%}–{hi:.1%}) | "
                             f"{d['fair']:.0%} | {d['ms_mean']} / {d['ms_p95']} |")
        lines.append("")
    du = results.get("duel")
    if du:
        lines += ["## Head to head (CPython, two seats each)", "",
                  "Two seats each at a 4-player table, seated ABAB and AABB, every deal played twice "
                  "with the sides swapped (3 players: ABB and AAB; 5 players: ABABA and AABBA). A's win "
                  "share: the share of games A's seats won (a shared win counts in part); 50% is even. "
                  "Intervals: 95% Wilson over games. *Old strong* is a frozen copy of the strong bot "
                  "before issue 28 (tools/baseline_alluvium.py). Per side: mean area + cooperation "
                  "points per seat, and the share of its rankings on other players' sheets that were "
                  "first places. Target (issue 28): strong ≥ 55% against old strong (4 players).", ""]
        lines += duel_rows(du, [("A: area + coop, firsts", lambda r: side_cells(r, r["a"])),
                                ("B: area + coop, firsts", lambda r: side_cells(r, r["b"]))]) + [""]
    br = results.get("browser")
    if br:
        lines += ["## Bot decision time inside Pyodide (headless Chromium)", "",
                  "Each level at seat 0 against normal bots, whole games, in the page.", "",
                  "| level / players | decisions | mean (ms) | p95 (ms) | max (ms) |", "|---|---|---|---|---|"]
        for key, v in br["decision_ms"].items():
            lines.append(f"| {key} | {v['n']} | {v['mean']:.1f} | {v['p95']:.1f} | {v['max']:.1f} |")
        ui = br["ui_game"]
        lines += ["", "Target: p95 < 500 ms.", "",
                  "Responsiveness: four strong bots playing a whole game through the UI at instant "
                  f"speed: {responsiveness(ui)}", ""]
    write(os.path.join(folder, "alluvium.md"), lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="selfplay,duel,browser")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--duel-games", type=int, default=1000)
    parser.add_argument("--duels", help="indices into DUELS to run (e.g. 0,3), default all")
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing a duel's games (same results)")
    parser.add_argument("--browser-games", type=int, default=5)
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    only = set(args.only.split(","))
    results = start_results("alluvium", args.out)
    if "selfplay" in only:
        measuring(results, "selfplay")
        results["selfplay"] = bench_selfplay(args.games)
    if "duel" in only:
        run_duels("alluvium", results, args, functools.partial(bench_duel, jobs=args.jobs), report)
    if "browser" in only:
        measuring(results, "browser")
        with served_browser() as (browser, url):
            results["browser"] = bench_browser(browser, url, args.browser_games)
    save_results("alluvium", results, args.out)
    report(results, args.out)


if __name__ == "__main__":
    main()
