"""Issue 28: algo's strong bot reads declarations as evidence, not proof (a bluff rate per
player, learned from the declarations the table saw settled), and bluffs itself: on a poor
first guess it sometimes declares one of its own face-down numbers, which must miss."""

from bodoge.core.bot import think
from bodoge.core.match import Match
from bodoge.core.record import Record
from bodoge.games.algo import GAME
from bodoge.games.algo import bots


def test_a_seen_bluff_makes_a_bluffer_likely_and_honest_misses_make_it_less_so(monkeypatch):
    seen = {0: [1, 0], 1: [0, 0], 2: [0, 6]}
    monkeypatch.setattr(bots, "bluffs_seen", lambda view: seen)
    chances = bots.bluffer_chances(None)
    assert chances[0][0] > 0.9                                  # one bluff seen: a bluffer
    assert abs(chances[1][0] - bots.BLUFFER_PRIOR) < 1e-9       # nothing seen: the prior
    assert chances[2][0] < bots.BLUFFER_PRIOR                   # honest misses only
    rates = bots.bluff_rates(None)
    assert rates[0] > rates[1] > rates[2] > 0


def own_number(view, seat, move):
    """Whether ``move`` declares a number ``seat`` holds face down in the target's colour."""
    colour = view["rows"][move["s"]][move["p"]]["c"]
    return any(not c["up"] and c["c"] == colour and c["n"] == move["n"]
               for c in view["rows"][seat])


def test_strong_bluffs_sometimes_and_a_bluff_always_misses():
    bluffs = attacks = 0
    for seed in range(12):
        match = Match.from_record(Record("algo", GAME.rules_version, {"players": 2}, seed, [], {}))
        players = [bots.StrongBot(s, seed * 10 + s) for s in range(2)]
        while not match.over:
            seat = match.to_move()[0]
            view = match.view(seat)
            move = think(players[seat], view)
            match.play(seat, move)
            if move["a"] != "attack":
                continue
            attacks += 1
            if own_number(view, seat, move):
                bluffs += 1
                last = next(e for e in reversed(match.state["log"]) if e["e"] == "attack")
                assert not last["hit"]
    assert 0 < bluffs < attacks / 3
