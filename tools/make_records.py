"""Writes a game's fixtures, tests/games/<game>/records_v<version>.json: records made by its
engine at its current rules version, with the sha256 of the state each replays to
(tests/unit/test_versions.py replays them for ever). Make them once, when a game is added and
before its rules first change; a file that exists is never written again (the point of the
fixtures is that old codes keep replaying to these exact states).

    PYTHONPATH=py python3 tools/make_records.py GAME

A new game's records: its demo game (the catalogue's options and bot level) for every number
of players, at three prefixes each. The five first games' version-1 fixtures were made, before
issue 12's rules corrections, from ``FIRST`` below (then one file, split into the games'
folders since).
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from bodoge.core.canon import state_hash  # noqa: E402
from bodoge.core.record import Record, encode, replay  # noqa: E402
from bodoge.core.selfplay import play_one  # noqa: E402
from bodoge.games import get_game, info  # noqa: E402

# How the first five games' records_v1.json were made: (game, options, bot levels) played
# with seed 1000 + i * 7919, then seeds found by search whose games reach the Jabberwocky and
# Stop! (seed, game, options, levels). Play Me!'s levels were then speeds of one policy (slow,
# normal, fast: still accepted as easy, normal, strong, which now think differently, so these
# lists no longer make the same games; the fixtures keep the moves).
FIRST = [
    ("algo", {"players": 2}, ["strong", "normal"]),
    ("algo", {"players": 3, "chips": True}, ["strong", "normal", "easy"]),
    ("algo", {"players": 4, "mode": "pair", "chips": True}, ["strong", "normal", "strong", "easy"]),
    ("algo", {"players": 4, "mode": "pair"}, ["strong", "strong", "normal", "normal"]),
    ("algo", {"players": 1, "mode": "puzzle", "grade": 3}, None),
    ("alter", {"players": 4}, ["strong", "normal", "easy", "strong"]),
    ("alter", {"players": 3}, ["strong", "normal", "easy"]),
    ("alter", {"players": 5}, ["strong", "normal", "easy", "strong", "normal"]),
    ("alluvium", {"players": 3}, ["strong", "normal", "easy"]),
    ("alluvium", {"players": 4}, ["strong", "normal", "easy", "strong"]),
    ("alluvium", {"players": 5}, ["strong", "normal", "easy", "strong", "normal"]),
    ("bossa", {"players": 2}, ["strong", "normal"]),
    ("bossa", {"players": 2, "rules": "basic"}, ["normal", "easy"]),
    ("playme", {"players": 2, "play_me": True}, ["fast", "normal"]),
    ("playme", {"players": 3}, ["fast", "normal", "slow"]),
    ("playme", {"players": 4, "mad_jabberwocky": True}, ["fast", "fast", "normal", "normal"]),
    ("playme", {"players": 6, "play_me": True, "challenge": False},
     ["fast", "normal", "slow", "fast", "normal", "slow"]),
]
FIRST_SEEDED = [
    (9, "playme", {"players": 3}, ["fast", "normal", "slow"]),
    (3, "playme", {"players": 2}, ["fast", "normal"]),
    (0, "playme", {"players": 3, "mad_jabberwocky": True}, ["fast", "fast", "normal"]),
    (2, "playme", {"players": 3, "play_me": True}, ["fast", "normal", "normal"]),
]


def cases_of(game_id):
    """(seed, options, levels) of a game's records: its demo for every number of players."""
    g, game = info(game_id), get_game(game_id)
    return [(1000 + i * 7919, dict(g.demo_options, players=n), [g.demo_level] * n)
            for i, n in enumerate(range(game.min_players, game.max_players + 1))]


def records(game_id, cases):
    out = []
    for seed, options, levels in cases:
        if levels is None:       # a puzzle: the start position only
            rec = Record(game_id, get_game(game_id).rules_version, options, seed, [], {})
            prefixes = [0]
        else:
            rec = play_one(game_id, options, seed, levels).record
            n = len(rec.moves)
            prefixes = sorted({n // 3, (2 * n) // 3, n})
        for k in prefixes:
            part = Record(rec.game, rec.version, rec.options, rec.seed, rec.moves[:k],
                          {"seats": [{"name": f"P{s}", "bot": None} for s in range(options["players"])]})
            _, state = replay(part)
            out.append({"game": game_id, "moves": k, "code": encode(part), "hash": state_hash(state)})
            print(game_id, options, k, "moves")
    return out


def main():
    game_id = sys.argv[1]
    version = get_game(game_id).rules_version
    path = os.path.join(ROOT, "tests", "games", game_id, f"records_v{version}.json")
    if os.path.exists(path):
        sys.exit(f"{path} exists: fixtures are made once and never again")
    out = records(game_id, cases_of(game_id))
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
