"""Head-to-head benchmarks of two kinds of bot at one table (tools/bench_alter.py and
tools/bench_alluvium.py): measurements, not tests.

A duel of A against B seats two of each at a 4-player table, in turn ABAB and AABB, and plays
every deal twice with the sides swapped (BABA, BBAA), so neither side gets the better seats or
cards. A's *win share* is the share of games its seats won (a win shared by k players counts
1/k to each winner's side); 50% is even. The 95% interval is Wilson's over games (the share
rounded to whole games). With 3 or 5 players the patterns are ABB / AAB and ABABA / BABAB.
"""

import time

from bodoge.core.rng import derive_seed
from bodoge.core.selfplay import _percentile, play_one, wilson

PATTERNS = {3: ("ABB", "AAB"), 4: ("ABAB", "AABB"), 5: ("ABABA", "AABBA")}


def seating(players, g):
    """Game ``g``'s sides per seat: the pattern by deal, the sides swapped every other game."""
    pat = PATTERNS[players][(g // 2) % 2]
    return pat if g % 2 == 0 else pat.translate(str.maketrans("AB", "BA"))


def _games(game_id, a, b, seed, make_bot, players, per_game, games):
    """Play the games numbered ``games``; their win share of ``a``, decision times per side and
    the sums of ``per_game``."""
    share = 0.0
    times = {"A": [], "B": []}
    extra = {"A": {}, "B": {}}
    for g in games:
        sides = seating(players, g)
        order = [a if x == "A" else b for x in sides]
        rec = lambda seat, secs, sides=sides: times[sides[seat]].append(secs * 1000)
        match = play_one(game_id, {"players": players}, derive_seed(seed, game_id, a, b, g // 2),
                         order, make_bot=make_bot, on_decision=rec)
        winners = match.outcome()["winners"]
        share += sum(sides[s] == "A" for s in winners) / len(winners)
        if per_game:
            for side, counts in per_game(match, sides).items():
                for k, v in counts.items():
                    extra[side][k] = extra[side].get(k, 0) + v
    return share, times, extra


def duel(game_id, a, b, games, seed, make_bot, players=4, per_game=None, jobs=1):
    """``games`` games of ``a`` against ``b`` (labels ``make_bot(label, seat, seed)`` knows).
    ``per_game(match, sides)`` may add counts of its own (a dict of numbers per side, summed).
    ``jobs``: processes sharing the games (the same games and results, sooner on several cores).
    Returns the win share of ``a`` with its interval, decision times per side and the sums."""
    t0 = time.perf_counter()
    args = (game_id, a, b, seed, make_bot, players, per_game)
    if jobs > 1:
        import multiprocessing
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            parts = pool.starmap(_games, [args + (range(k, games, jobs),) for k in range(jobs)])
    else:
        parts = [_games(*args, range(games))]
    share = sum(p[0] for p in parts)
    times = {side: [t for p in parts for t in p[1][side]] for side in "AB"}
    extra = {side: {} for side in "AB"}
    for p in parts:
        for side, counts in p[2].items():
            for k, v in counts.items():
                extra[side][k] = extra[side].get(k, 0) + v
    return {"a": a, "b": b, "players": players, "games": games,
            "win_share": round(share / games, 4), "win_ci": wilson(round(share), games),
            "decision_ms": {lab: {"mean": round(sum(ts) / max(1, len(ts)), 2),
                                  "p95": round(_percentile(ts, 0.95), 2)}
                            for lab, ts in ((a, times["A"]), (b, times["B"]))},
            "extra": {a: extra["A"], b: extra["B"]} if per_game else None,
            "seconds": round(time.perf_counter() - t0, 1)}


def duel_rows(results, columns=()):
    """Markdown table rows of ``duel`` results; ``columns``: (title, function of a result
    giving the cell) added at the end."""
    lines = ["| players | A | B | games | A's win share (95%) |" + "".join(f" {t} |" for t, _ in columns),
             "|---|---|---|---|---|" + "---|" * len(columns)]
    for r in results:
        lo, hi = r["win_ci"]
        lines.append(f"| {r['players']} | {r['a']} | {r['b']} | {r['games']} | "
                     f"{r['win_share']:.1%} ({lo:.1%}–{hi:.1%}) |"
                     + "".join(f" {cell(r)} |" for _, cell in columns))
    return lines
