"""The bots: legal moves at every level, and the strong bot's reasoning in set positions."""

import pytest

from bodoge.core.bot import think
from bodoge.games.alter import GAME
from bodoge.games.alter import bots as B

from .helpers import WATCH, arrange, cid, place, play_round, rig


def decide(state, level, seed=3):
    seat = GAME.to_move(state)[0]
    return think(GAME.make_bot(level, seat, seed), GAME.view(state, seat))


def test_strong_takes_the_fourth_one_for_victory():
    # each round holds exactly one 1: seat 0 takes three of them, the fourth is in round four
    state = rig(dealer=1, places=["r1", "r0", "r2", "r3"])
    rounds = [["r1", "r0", "r2", "r3"], ["b1", "b0", "b2", "b3"], ["y1", "y0", "y2", "y3"],
              ["g0", "g1", "g2", "g3"]]
    state["deck"] = [cid(c) for r in reversed(rounds[1:]) for c in r]
    state = play_round(state, {0: 0, 1: 1, 2: 2, 3: 3})
    for k in (1, 2):
        arrange(state, rounds[k])
        state = play_round(state, {0: 0, 1: 1, 2: 2, 3: 3})
    arrange(state, ["g3", "g2", "g1", "g0"])        # the g1 at place 2
    assert sorted(GAME.view(state, 0)["hand"]) == [cid("r1"), cid("b1"), cid("y1")]
    value = {c: B.StrongBot(0, 1).card_value(GAME.view(state, 0), c) for c in state["places"]}
    assert max(value, key=value.get) == cid("g1")
    assert value[cid("g1")] > B.VICTORY_VALUE


def test_strong_after_watch_places_on_the_victory_card():
    state = rig(dealer=0, places=["r1", "r0", "r2", "r3"])
    rounds = [["r1", "r0", "r2", "r3"], ["b1", "b0", "b2", "b3"], ["y1", "y0", "y2", "y3"],
              ["g0", "g1", "g2", "g3"]]
    state["deck"] = [cid(c) for r in reversed(rounds[1:]) for c in r]
    # seat 1 collects the 1s: dealers are 0, 1, 2, then 3 with seat 1 the second to move
    for k in range(3):
        if k:
            arrange(state, rounds[k])
        state = play_round(state, {1: 0, 2: 1, 3: 2, 0: 3})
    arrange(state, ["g3", "g2", "g1", "g0"])
    assert state["dealer"] == 3
    state = GAME.apply(state, 3, place(0))
    assert decide(state, "strong") == WATCH        # seat 0 (no use for the 1s) watches too
    state = GAME.apply(state, 0, WATCH)
    state = GAME.apply(state, 0, place(3))
    assert GAME.to_move(state) == [1]
    assert decide(state, "strong") == WATCH
    state = GAME.apply(state, 1, WATCH)
    assert decide(state, "strong") == place(2)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_after_watch_take_the_high_card_when_nothing_else_matters(level):
    state = rig(dealer=0, places=["r0", "b3", "y1", "g2"])
    state = GAME.apply(state, 0, place(0))
    state = GAME.apply(state, 1, WATCH)
    assert decide(state, level) == place(1)


def test_last_player_changes_rather_than_take_a_zero_it_saw():
    # the last player watched the one empty place: a 0 with no use for it in a fresh hand
    state = rig(dealer=0, places=["b3", "r2", "y3", "g0"])
    state = GAME.apply(state, 0, place(0))
    state = GAME.apply(state, 1, GAME.legal_moves(state, 1)[1])     # change onto place 0
    state = GAME.apply(state, 2, WATCH)
    state = GAME.apply(state, 2, place(2))
    state = GAME.apply(state, 3, WATCH)
    assert state["picks"].index(None) == 3
    move = decide(state, "normal")
    assert move["a"] == "change"
    assert decide(state, "strong")["a"] == "change"


def test_strong_reads_a_watchers_choice():
    # seat 1 watched and took place 3: arrangements with a high card there weigh more
    state = rig(dealer=0, places=["r0", "b1", "y2", "g3"])
    state = GAME.apply(state, 0, place(0))
    state = GAME.apply(state, 1, WATCH)
    state = GAME.apply(state, 1, place(3))
    view = GAME.view(state, 2)
    bot = B.StrongBot(2, 1)
    bot.prepare(view)
    high = [None] * 4
    high[3] = cid("g3")
    low = [None] * 4
    low[3] = cid("r0")
    fill = lambda arr, rest: [c if c is not None else rest.pop() for c in arr]
    w_high = bot.weight(view, fill(high, [cid("r0"), cid("b1"), cid("y2")]))
    w_low = bot.weight(view, fill(low, [cid("g3"), cid("b1"), cid("y2")]))
    assert w_high > 3 * w_low
    assert B.NormalBot(2, 1).weight(view, fill(high, [cid("r0"), cid("b1"), cid("y2")])) == 1.0


def test_normal_predicts_pushes_from_how_often_the_others_change():
    bot = B.NormalBot(0, 1)
    bot.p_change = 1.0
    dist = bot.final_places([0, None, None, None], 1)     # one later player, who changes
    assert dist == {1: 1.0}
    bot.p_change = 0.0
    assert bot.final_places([0, None, None, None], 3) == pytest.approx({0: 1.0})
    bot.p_change = 0.5
    dist = bot.final_places([0, None, None, None], 1)
    assert dist == pytest.approx({0: 0.5, 1: 0.5})


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_every_level_plays_a_whole_game(level):
    state = GAME.setup({"players": 4}, 11)
    bots = [GAME.make_bot(level, s, s) for s in range(4)]
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        move = think(bots[seat], GAME.view(state, seat))
        state = GAME.apply(state, seat, move)
    assert GAME.outcome(state)["winners"]
