"""Issue 28: algo's strong bot reads declarations as evidence, not proof (a bluff rate per
player, learned from the declarations the table saw settled), and bluffs itself: on a poor
first guess it sometimes declares one of its own face-down numbers, which must miss."""

from bodoge.core.bot import think
from bodoge.core.match import Match
from bodoge.core.record import Record
from bodoge.games.algo import GAME
from bodoge.games.algo import bots

from .helpers import rig


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


def opening_view():
    """Seat 0's first attack of a two-player round: every guess at seat 1's cards is poor."""
    state = rig([["b2", "w5", "b8", "w10"], ["b1", "w3", "b6", "w9"]])
    return GAME.view(state, 0)


def test_strong_bluffs_on_every_poor_first_guess_against_players_who_may_read(monkeypatch):
    """Bluffing paid against players who read declarations as proof (the old strong bot and
    the bluffer, benchmarks/algo.md): with nothing yet seen of how its opponent reads (the
    READ_PRIOR), strong bluffs on each poor first guess, and the bluff names its own number."""
    monkeypatch.setattr(bots, "read_chances", lambda view, seat: {1: bots.READ_PRIOR})
    view = opening_view()
    kn = bots.strong_knowledge(view)
    assert bots.StrongBot(0, 1).choose_attack(view, kn)[0] < bots.BLUFF_BELOW
    for seed in range(20):
        move = bots.StrongBot(0, seed).act(view)
        assert move["a"] == "attack" and own_number(view, 0, move)


def test_strong_does_not_bluff_a_player_seen_to_ignore_declarations(monkeypatch):
    monkeypatch.setattr(bots, "read_chances", lambda view, seat: {1: 0.0})
    view = opening_view()
    for seed in range(20):
        move = bots.StrongBot(0, seed).act(view)
        assert move["a"] == "attack" and not own_number(view, 0, move)
