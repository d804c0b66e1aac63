"""Bot-vs-bot games for benchmarks and the ``python -m bodoge selfplay`` command."""

import math
import time

from .bot import think
from .match import Match
from .rng import derive_seed


def _percentile(xs, q):
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))]


def wilson(k, n, z=1.96):
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (round(c - h, 4), round(c + h, 4))


def play_one(game_id, options, seed, levels, make_bot=None, on_decision=None):
    """Play one game where seat s is a bot of level ``levels[s]``; returns the finished match.

    ``make_bot(level, seat, seed)`` may supply bots that are not in the game's own table.
    ``on_decision(seat, seconds)`` is told how long each decision took. A game that is not
    played in turns (real time) provides ``play_bots(match, bots, on_decision)`` instead.
    """
    match = Match.new(game_id, options, seed)
    build = make_bot or match.game.make_bot
    bots = [build(level, s, derive_seed(seed, s, level)) for s, level in enumerate(levels)]
    play_bots = getattr(match.game, "play_bots", None)
    if play_bots is not None:       # a game with its own flow (real time) runs its bots itself
        play_bots(match, bots, on_decision)
        return match
    while not match.over:
        for seat in match.to_move():
            t0 = time.perf_counter()
            move = think(bots[seat], match.view(seat))
            if on_decision:
                on_decision(seat, time.perf_counter() - t0)
            match.play(seat, move)
            if match.over:
                break
    return match


def selfplay(game_id, players, bots, games, seed, options=None, make_bot=None):
    """Play ``games`` games rotating the seats; count wins by bot label.

    ``bots`` gives one label (a level) per seat; it is repeated to fill all seats. A game whose
    winners carry different labels counts as a draw.
    """
    labels = [bots[i % len(bots)] for i in range(players)]
    wins = {label: 0 for label in labels}
    times = {label: [] for label in labels}
    round_wins = {label: 0 for label in labels}
    rounds = 0
    draws = 0
    opts = dict(options or {}, players=players)
    for g in range(games):
        order = labels[g % players:] + labels[:g % players]
        rec = lambda seat, secs, order=order: times[order[seat]].append(secs * 1000)
        match = play_one(game_id, opts, derive_seed(seed, g), order, make_bot, rec)
        outcome = match.outcome()
        for s in outcome.get("rounds", ()):   # games of several rounds report each winner
            round_wins[order[s]] += 1
            rounds += 1
        winners = {order[s] for s in outcome["winners"]}
        if len(winners) == 1:
            wins[winners.pop()] += 1
        else:
            draws += 1
    return {
        "game": game_id, "players": players, "games": games, "seats": labels,
        "wins": wins, "draws": draws,
        "win_rate_95": {label: wilson(w, games) for label, w in wins.items()},
        **({"round_wins": round_wins, "rounds": rounds,
            "round_win_rate_95": {label: wilson(w, rounds) for label, w in round_wins.items()}}
           if rounds else {}),
        "decision_ms": {label: {"mean": round(sum(ts) / len(ts), 2) if ts else 0.0,
                                "p95": round(_percentile(ts, 0.95), 2)}
                        for label, ts in times.items()},
    }
