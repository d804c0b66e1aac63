"""A/B runs of the algo strong bot's settings against issue 28's opponents (a tuning aid, not a
benchmark: the committed table comes from tools/bench_algo.py --only exploit).

    nice -n 19 .venv/bin/python tools/algo_ab.py --opp old,bluffer --games 300 --set STRONG_AGAIN=0.6

Same seeds as bench_algo's exploit part (seats rotate every game), so two settings compare on
the same deals. ``--set NAME=VALUE`` overrides a constant of games/algo/bots.py (a Python
literal). Prints the strong bot's game score with a 95% interval per opponent; ``--save FILE``
keeps the per-game scores for a paired comparison (``--base FILE``: mean difference and its
95% interval, game by game, against a saved run).
"""

import argparse
import ast
import json
import math
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "py"))
sys.path.insert(0, os.path.dirname(__file__))

import algo_bluffer  # noqa: E402
import algo_strong_v1  # noqa: E402
from bodoge.core.rng import derive_seed  # noqa: E402
from bodoge.core.selfplay import play_one  # noqa: E402
from bodoge.games.algo import bots as B  # noqa: E402

SEED = 2026
OPPONENTS = {"old": ("old strong", algo_strong_v1.StrongBot),
             "bluffer": ("bluffer", algo_bluffer.BlufferBot),
             "exact": ("exact", algo_bluffer.ExactBot),
             "normal": ("normal", B.NormalBot)}


def run(opp, games, start=0):
    label, cls = OPPONENTS[opp]
    make = lambda lv, seat, seed: (cls if lv == label else B.BOTS[lv])(seat, seed)
    labels = ["strong", label]
    scores, times = [], []
    for g in range(start, start + games):
        order = labels[g % 2:] + labels[:g % 2]
        rec = lambda seat, secs, order=order: order[seat] == "strong" and times.append(secs * 1000)
        out = play_one("algo", {"players": 2}, derive_seed(SEED, g), order, make_bot=make,
                       on_decision=rec).outcome()
        scores.append(sum(1 for s in out["winners"] if order[s] == "strong") / len(out["winners"]))
    return scores, times


def ci(xs):
    m = sum(xs) / len(xs)
    h = 1.96 * statistics.pstdev(xs) / math.sqrt(len(xs))
    return m, m - h, m + h


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--opp", default="old,bluffer")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--save")
    ap.add_argument("--base")
    a = ap.parse_args()
    for kv in a.set:
        k, v = kv.split("=", 1)
        assert hasattr(B, k), k
        setattr(B, k, ast.literal_eval(v))
    base = json.load(open(a.base)) if a.base else {}
    saved = {}
    for opp in a.opp.split(","):
        t0 = time.time()
        xs, ts = run(opp, a.games, a.start)
        saved[opp] = xs
        ts.sort()
        line = "%s %s: %.1f%% (%.1f-%.1f) n=%d p95 %.1f ms %.0fs" % (
            " ".join(a.set) or "default", opp, *(100 * x for x in ci(xs)), len(xs),
            ts[int(0.95 * len(ts))], time.time() - t0)
        if opp in base and len(base[opp]) == len(xs):
            d = [x - y for x, y in zip(xs, base[opp])]
            line += "  diff %+.1f (%+.1f..%+.1f)" % tuple(100 * x for x in ci(d))
        print(line, flush=True)
    if a.save:
        json.dump(saved, open(a.save, "w"))


if __name__ == "__main__":
    main()
