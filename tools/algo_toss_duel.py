"""Pair play (rules v2): strong asking for a Toss only when it helps ("new") vs strong always
asking ("always"); each deal played twice with sides swapped; partial results saved per game."""
import json, sys, time
sys.path[:0] = ["tools", "py"]
import bench_algo as BA
from bodoge.games.algo import bots as B

class Always(B.StrongBot):
    def wants_toss(self, view):
        return True

def make(label, seat, seed):
    return (B.StrongBot if label == "new" else Always)(seat, seed)

out, deadline = sys.argv[1], time.time() + float(sys.argv[2])
acc = {"games": 0, "new_game_points": 0.0, "new_rounds": 0, "rounds": 0, "scores": []}
g = 0
while time.time() < deadline:
    labels = ["new", "always"] if g % 2 == 0 else ["always", "new"]
    seed = BA.derive_seed(BA.SEED, 50_000 + g // 2)      # each deal twice, sides swapped
    r = BA.matchup({"mode": "pair"}, labels, 1, seed=seed, make_bot=make)
    acc["games"] += 1
    acc["new_game_points"] += r["levels"]["new"]["game_score"]
    acc["scores"].append(r["levels"]["new"]["game_score"])
    acc["new_rounds"] += r["levels"]["new"]["round_wins"]
    acc["rounds"] += r["rounds"]
    acc["ms_p95_new"] = r["levels"]["new"]["ms_p95"]
    g += 1
    json.dump(acc, open(out, "w"))
