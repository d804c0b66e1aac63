"""Rules version 2 of algo (issue 12: corrections from a referee's reading of the source), as
scenarios driven through the protocol: a fixed seed, scripted moves, replayed as records of
each rules version. Version 1 keeps its old behaviour.

1. Pair play: you may attack your partner's cards (「他のプレイヤー(誰でも構いません)」).
2. Pair play with point chips: both players of the losing team pay a round win
   (「他のプレイヤー全員から」): the team pays twice what it paid by version 1.

Seed 1, pair play: seat 0 deals and moves first; the deal is
    seat 0: w4 b6 b7 w8 w10 b11      seat 1: w0 b3 b5 b9 w9 w11
    seat 2: b0 w1 w2 w6 w7 b10       seat 3: b1 b2 w3 b4 w5 b8
"""

import pytest

from bodoge.core.errors import BadCode, IllegalMove
from bodoge.core.protocol import rules_of
from bodoge.core.match import Match
from bodoge.core.record import Record, encode, replay
from bodoge.games.algo import GAME
from bodoge.games.algo import rules as R

from .helpers import STAY, attack, cid

SEED = 1
DEAL = [["w4", "b6", "b7", "w8", "w10", "b11"], ["w0", "b3", "b5", "b9", "w9", "w11"],
        ["b0", "w1", "w2", "w6", "w7", "b10"], ["b1", "b2", "w3", "b4", "w5", "b8"]]
TOSS = {"a": "toss"}


def show(p):
    return {"a": "show", "p": p}


def play(moves, version, chips=False):
    """Replay ``moves`` ([seat, move] pairs) as a record of rules ``version`` (pair play, seed 1)."""
    options = {"players": 4, "mode": "pair", **({"chips": True} if chips else {})}
    record = Record("algo", version, options, SEED, [list(m) for m in moves], {})
    _, state = replay(record)
    return state, record


def test_the_scenario_deal():
    state, _ = play([], 2)
    assert [[c["id"] for c in row] for row in state["rows"]] == [[cid(c) for c in row] for row in DEAL]
    assert state["dealer"] == state["turn"] == 0 and rules_of(state) == 2
    assert rules_of(play([], 1)[0]) == 1 and "rules_version" not in play([], 1)[0]


# --- 1. attacking your partner --------------------------------------------------------------------
# Seat 0 asks for a Toss, seat 2 shows w6, and seat 0 declares 6 on it: a certain hit.
PARTNER_HIT = [[0, TOSS], [2, show(3)], [0, attack(2, 3, 6, w=0)]]


def test_partner_attack_is_legal_by_version_2():
    state, record = play(PARTNER_HIT, 2)
    assert state["rows"][2][3]["up"] and state["phase"] == "again" and state["turn"] == 0
    assert not state["rows"][0][0]["up"]                     # the stake stays face down on a hit
    event = [e for e in GAME.view(state, 1)["log"] if e["e"] == "attack"][-1]
    assert event == {"e": "attack", "seat": 0, "s": 2, "k": state["rows"][2][3]["k"], "n": 6,
                     "hit": True, "w": state["rows"][0][0]["k"], "partner": True}   # whose card
    state = GAME.apply(state, 0, STAY)
    assert state["turn"] == 1
    again = Match.from_code(encode(record))                   # the code replays to the same state
    assert again.state["rows"][2][3]["up"]


def test_partner_attack_is_refused_by_version_1():
    state, _ = play(PARTNER_HIT[:2], 1)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, attack(2, 3, 6, w=0))
    assert err.value.key == "algo.error.partner"
    assert GAME.view(state, 0)["targets"] == [1, 3]
    with pytest.raises(BadCode) as err:                       # a forged version-1 code with it
        play(PARTNER_HIT, 1)
    assert err.value.key == "code.illegal" and err.value.params["index"] == 3


def test_partner_miss_reveals_your_own_card():
    state, _ = play([[0, attack(2, 3, 5, w=1)]], 2)
    assert state["rows"][0][1]["up"] and not state["rows"][2][3]["up"] and state["turn"] == 1


# Seat 0 turns all six of seat 2's cards up (knocking its own partner out), stays; seats 1 and 3
# miss; seat 0 then hits every card team B has left and wins the round alone.
KNOCK_OUT_PARTNER = (
    [[0, attack(2, 0, 0, w=0)], [0, attack(2, 1, 1)], [0, attack(2, 2, 2)], [0, attack(2, 3, 6)],
     [0, attack(2, 4, 7)], [0, attack(2, 5, 10)], [0, STAY],
     [1, attack(0, 0, 5, w=0)],                    # miss on w4: seat 1's w0 turns up
     [3, attack(0, 1, 5, w=0)],                    # seat 2 is skipped; miss on b6: b1 turns up
     [0, attack(1, 1, 3, w=0)], [0, attack(1, 2, 5)], [0, attack(1, 3, 9)], [0, attack(1, 4, 9)],
     [0, attack(1, 5, 11)],
     [0, attack(3, 1, 2)], [0, attack(3, 2, 3)], [0, attack(3, 3, 4)], [0, attack(3, 4, 5)],
     [0, attack(3, 5, 8)]])


def test_knocking_out_your_own_partner():
    state, _ = play(KNOCK_OUT_PARTNER[:6], 2, chips=True)
    assert state["out"] == [False, False, True, False]       # seat 2 is out ...
    assert state["phase"] == "again" and state["round"] == 0  # ... the round goes on: the team has seat 0
    assert state["points"] == [400] * 4                       # hits on a partner move no points
    state, _ = play(KNOCK_OUT_PARTNER[:8], 2, chips=True)
    assert state["turn"] == 3                                  # seat 2's turns are skipped
    assert TOSS in GAME.legal_moves(state, 3)                  # seat 3's partner is still in
    state, _ = play(KNOCK_OUT_PARTNER[:9], 2, chips=True)
    assert state["turn"] == 0 and not GAME.can_toss(state)     # seat 0's partner is out: no Toss
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, TOSS)
    assert err.value.key == "algo.error.toss"
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, attack(2, 0, 0, w=0))
    assert err.value.key == "algo.error.target_out"
    assert GAME.view(state, 0)["targets"] == [1, 3]


def test_a_team_wins_with_its_partner_knocked_out():
    state, _ = play(KNOCK_OUT_PARTNER, 2, chips=True)
    assert state["results"][0]["winner"] == 0 and state["results"][0]["team"] == [0, 2]
    assert state["wins"] == [1, 0, 1, 0]                      # the round counts for both partners
    # the winning side's face-down cards: seat 0's six (b6 is a 6), seat 2's none
    assert state["results"][0]["paid"] == 10 * 6 + 10
    assert state["results"][0]["total"] == 2 * 70
    assert state["points"] == [400 + 100 + 140, 400 - 100 - 140] * 2   # ten hits on team B
    assert state["round"] == 1 and state["out"] == [False] * 4          # next round: all back in
    assert [len(row) for row in state["rows"]] == [6] * 4


# --- 2. who pays a round win in pair play with chips ----------------------------------------------
# Seat 0 hits all twelve cards of team B in its first turn (the same moves by both versions).
SWEEP = ([[0, attack(1, p, int(c[1:]), w=0 if p == 0 else None)] for p, c in enumerate(DEAL[1])]
         + [[0, attack(3, p, int(c[1:]))] for p, c in enumerate(DEAL[3])])


def test_sweep_script():
    assert SWEEP[0] == [0, attack(1, 0, 0, w=0)] and SWEEP[-1] == [0, attack(3, 5, 8)]


@pytest.mark.parametrize("version,team_a,team_b", [
    # 12 hits (+120); team A's face-down cards: 12, with two 6s (b6, w6): 140 from each payer
    (1, 400 + 120 + 140, 400 - 120 - 140),           # version 1: the team pays once
    (2, 400 + 120 + 280, 400 - 120 - 280),           # version 2: both players pay: 2 × 140
])
def test_pair_chips_round_win_payment(version, team_a, team_b):
    state, _ = play(SWEEP, version, chips=True)
    result = state["results"][0]
    assert result["winner"] == 0 and result["paid"] == 140
    assert state["points"] == [team_a, team_b, team_a, team_b]
    assert sum(state["points"][:2]) == 2 * R.CHIPS_START_PAIR          # still zero-sum
    assert ("total" in result) == (version == 2)
    if version == 2:
        assert result["total"] == 280


def test_standard_chips_payment_is_the_same_by_both_versions():
    """Only pair play changes: in the standard game every other player paid already."""
    states = []
    for version in (1, 2):
        match = Match.from_record(Record("algo", version, {"players": 3, "chips": True}, 5, [], {}))
        while match.state["round"] == 0:                      # an all-knowing script: always hit
            seat = match.to_move()[0]
            state = match.state
            t = next(t for t in range(3) if GAME.may_target(state, seat, t))
            p = next(p for p, c in enumerate(state["rows"][t]) if not c["up"])
            match.play(seat, attack(t, p, state["rows"][t][p]["id"] >> 1))
        states.append(match.state)
    v1, v2 = states
    assert v1["points"] == v2["points"] and v1["results"] == v2["results"]
    assert "total" not in v2["results"][0]
    assert {k: v for k, v in v2.items() if k != "rules_version"} == v1
