"""Pair play (ペアプレー) and the point-chip variant (ポイントチップルール): one test (at least)
per rule of shared/rules/algo.md and per ruling the engine takes for them."""

import pytest

from bodoge.core.errors import BadOptions, IllegalMove
from bodoge.games.algo import GAME
from bodoge.games.algo import rules as R

from .helpers import STAY, attack, rig

TOSS = {"a": "toss"}


def show(p):
    return {"a": "show", "p": p}


# --- options ----------------------------------------------------------------------------------
def test_options_defaults_are_left_out():
    assert GAME.options({"players": 3, "mode": "standard", "chips": False}) == {"players": 3}
    assert GAME.options({"mode": "pair"}) == {"players": 4, "mode": "pair"}
    assert GAME.options({"players": 2, "chips": True}) == {"players": 2, "chips": True}


@pytest.mark.parametrize("raw", [{"mode": "pair", "players": 2}, {"mode": "pair", "players": 3},
                                 {"mode": "solo"}, {"mode": 1}, {"chips": 1}, {"chips": "yes"}])
def test_bad_mode_and_chips_options(raw):
    with pytest.raises(BadOptions):
        GAME.options(raw)


# --- pair play: deal, teams, attacks ---------------------------------------------------------------
@pytest.mark.parametrize("seed", range(10))
def test_pair_deals_six_each_and_no_deck(seed):
    state = GAME.setup({"mode": "pair"}, seed)
    assert [len(r) for r in state["rows"]] == [6, 6, 6, 6]
    assert state["deck"] == [] and state["drawn"] is None and state["stake"] is None
    assert sorted(c["id"] for row in state["rows"] for c in row) == list(range(24))
    assert state["rounds"] == 4
    first = state["log"][0]
    assert state["dealer"] == first["draws"].index(min(first["draws"])) == state["turn"]


def test_diagonal_partners():
    assert [R.partner(s) for s in range(4)] == [2, 3, 0, 1]
    state = GAME.setup({"mode": "pair"}, 1)
    assert GAME.view(state, 0)["teams"] == [[0, 2], [1, 3]]
    assert [GAME.side(state, s) for s in range(4)] == [0, 1, 0, 1]


def pair_rig(turn=0, up=(), chips=False, version=None):
    rows = [["b0", "b2", "w4", "b6", "w8", "b10"], ["w0", "w2", "b4", "w6", "b8", "w10"],
            ["b1", "b3", "w5", "b7", "w9", "b11"], ["w1", "w3", "b5", "w7", "b9", "w11"]]
    opts = {"mode": "pair", **({"chips": True} if chips else {})}
    return rig(rows, deck=[], turn=turn, up=up, version=version, **opts)


def test_pair_attack_uses_own_face_down_card():
    state = pair_rig()
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, attack(1, 0, 0))            # no own card at stake
    miss = GAME.apply(state, 0, attack(1, 0, 5, w=3))
    assert miss["rows"][0][3]["up"] and miss["turn"] == 1
    hit = GAME.apply(state, 0, attack(1, 0, 0, w=3))
    assert hit["rows"][1][0]["up"] and not hit["rows"][0][3]["up"] and hit["phase"] == "again"
    assert GAME.apply(hit, 0, STAY)["turn"] == 1


def test_pair_partner_cannot_be_attacked_by_rules_version_1():
    assert R.RULING_PAIR_OPPONENTS_ONLY
    state = pair_rig(version=1)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, attack(2, 0, 1, w=0))
    assert err.value.key == "algo.error.partner"
    assert all(m["s"] in (1, 3) for m in GAME.legal_moves(state, 0) if m["a"] == "attack")
    assert GAME.view(state, 0)["targets"] == [1, 3]


@pytest.mark.parametrize("version", [2, 3])
def test_pair_partner_may_be_attacked_from_rules_version_2_on(version):
    assert R.PARTNER_ATTACK_SINCE == 2 <= GAME.rules_version
    state = pair_rig(version=version)
    assert {m["s"] for m in GAME.legal_moves(state, 0) if m["a"] == "attack"} == {1, 2, 3}
    assert GAME.view(state, 0)["targets"] == [1, 2, 3]
    hit = GAME.apply(state, 0, attack(2, 0, 1, w=0))         # seat 2's b1
    assert hit["rows"][2][0]["up"] and hit["phase"] == "again" and hit["turn"] == 0
    miss = GAME.apply(state, 0, attack(2, 0, 3, w=0))
    assert miss["rows"][0][0]["up"] and not miss["rows"][2][0]["up"] and miss["turn"] == 1


# --- Toss ---------------------------------------------------------------------------------------
def test_toss_partner_shows_a_card_to_the_receiver_only():
    state = pair_rig()
    assert TOSS in GAME.legal_moves(state, 0) and GAME.view(state, 0)["can_toss"]
    state = GAME.apply(state, 0, TOSS)
    assert state["phase"] == "toss" and GAME.to_move(state) == [2]
    assert GAME.legal_moves(state, 2) == [show(p) for p in range(6)]
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, attack(1, 0, 0, w=0))       # the receiver waits for the card
    state = GAME.apply(state, 2, show(3))                 # partner picks b7
    assert GAME.to_move(state) == [0] and state["phase"] == "attack"
    assert GAME.view(state, 0)["rows"][2][3]["n"] == 7   # the receiver sees it
    for seat in (1, 3, None):
        assert GAME.view(state, seat)["rows"][2][3]["n"] is None
    assert GAME.view(state, 0)["shown"] == [state["rows"][2][3]["k"]]
    shown = [e for e in GAME.view(state, 1)["log"] if e["e"] == "show"][0]
    assert R.RULING_TOSS_CARD_PUBLIC
    assert shown["k"] == state["rows"][2][3]["k"] and shown["n"] is None   # which card, not its number
    assert [e for e in GAME.view(state, 0)["log"] if e["e"] == "show"][0]["n"] == 7
    # the receiver keeps knowing it on later turns
    state = GAME.apply(state, 0, attack(1, 0, 5, w=0))
    assert GAME.view(state, 0)["rows"][2][3]["n"] == 7


def test_toss_once_per_turn_and_only_before_the_first_attack():
    assert R.RULING_TOSS_BEFORE_ATTACK
    state = GAME.apply(GAME.apply(pair_rig(), 0, TOSS), 2, show(0))
    assert TOSS not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, TOSS)
    assert err.value.key == "algo.error.toss"
    hit = GAME.apply(pair_rig(), 0, attack(1, 0, 0, w=0))
    with pytest.raises(IllegalMove):
        GAME.apply(hit, 0, TOSS)
    nxt = GAME.apply(state, 0, attack(1, 0, 5, w=0))     # the next player may toss again
    assert TOSS in GAME.legal_moves(nxt, 1)


def test_show_must_be_a_face_down_own_card():
    state = GAME.apply(pair_rig(up=["b1"]), 0, TOSS)
    for bad in (show(0), show(6), show(-1), {"a": "show"}, {"a": "show", "p": "1"}, STAY,
                attack(1, 0, 0, w=0), {"a": "show", "p": 1, "x": 0}):
        with pytest.raises(IllegalMove):
            GAME.apply(state, 2, bad)
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, show(1))                     # only the partner shows


def test_no_toss_in_the_standard_game():
    state = rig([["b1", "b3"], ["w1", "w3"]])
    assert TOSS not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, TOSS)


def test_eliminated_player_is_skipped_and_partner_loses_toss():
    state = pair_rig(up=["w2", "b4", "w6", "b8", "w10"])  # seat 1 keeps only w0 face down
    state = GAME.apply(state, 0, attack(1, 0, 0, w=0))     # seat 1 is out
    assert state["out"] == [False, True, False, False] and state["phase"] == "again"
    state = GAME.apply(state, 0, STAY)
    assert state["turn"] == 2
    state = GAME.apply(state, 2, attack(3, 0, 9, w=0))     # miss
    assert state["turn"] == 3
    assert TOSS not in GAME.legal_moves(state, 3)         # seat 3's partner is out
    state = GAME.apply(state, 3, attack(0, 1, 9, w=0))
    assert state["turn"] == 0                              # seat 1 is skipped


def test_team_wins_when_both_opponents_are_out():
    up = ["w2", "b4", "w6", "b8", "w10", "w3", "b5", "w7", "b9", "w11"]
    state = pair_rig(up=up)
    state = GAME.apply(state, 0, attack(1, 0, 0, w=0))
    assert state["round"] == 0 and state["phase"] == "again"   # seat 3 is still in
    state = GAME.apply(state, 0, attack(3, 0, 1))
    assert state["round"] == 1
    assert state["results"][0] == {"round": 0, "winner": 0, "dealer": 0, "team": [0, 2]}
    assert state["wins"] == [1, 0, 1, 0]
    end = [e for e in GAME.view(state, 1)["log"] if e["e"] == "round_end"][0]
    assert end["team"] == [0, 2] and end["winner"] == 0


def test_own_stake_miss_can_lose_the_round_for_the_team():
    up = ["b0", "b2", "w4", "b6", "w8", "b1", "b3", "w5", "b7", "w9", "b11"]
    state = pair_rig(up=up)                                 # seat 0 keeps b10, seat 2 nothing
    state["out"][2] = True
    state = GAME.apply(state, 0, attack(1, 0, 5, w=5))      # miss: b10 turns up
    assert state["results"][0]["team"] == [1, 3] and state["round"] == 1


def test_pair_game_has_four_rounds_and_team_outcome():
    state = GAME.setup({"mode": "pair"}, 9)
    dealers = []
    while state["phase"] != "over":
        dealers.append(state["dealer"])
        rnd = state["round"]
        while state["round"] == rnd and state["phase"] != "over":   # team 1 hits everything
            seat = state["turn"]
            t = next(t for t in range(4) if GAME.may_target(state, seat, t))
            p = next(p for p, c in enumerate(state["rows"][t]) if not c["up"])
            n = state["rows"][t][p]["id"] >> 1
            if seat % 2 == 0:
                n = (n + 1) % 12
            w = next(q for q, c in enumerate(state["rows"][seat]) if not c["up"]) \
                if state["stake"] is None else None
            state = GAME.apply(state, seat, attack(t, p, n, w=w))
    assert sorted(dealers) == [0, 1, 2, 3]
    out = GAME.outcome(state)
    assert out["winners"] == [1, 3] and out["scores"] == [0, 4, 0, 4] and out["rounds"] == [1] * 4


# --- point chips --------------------------------------------------------------------------------
@pytest.mark.parametrize("players,points", [(2, 400), (3, 230), (4, 200)])
def test_chips_start(players, points):
    state = GAME.setup({"players": players, "chips": True}, 1)
    assert state["points"] == [points] * players
    assert GAME.view(state, 0)["points"] == [points] * players
    assert GAME.view(GAME.setup({"players": players}, 1), 0)["points"] is None


def test_chips_pair_start_per_team():
    state = GAME.setup({"mode": "pair", "chips": True}, 1)
    assert state["points"] == [R.CHIPS_START_PAIR] * 4 == [400] * 4   # each team's score, on both seats


def test_hit_takes_ten_and_a_six_twenty():
    state = rig([["b1", "b3", "b5", "b7"], ["w1", "w3", "w6", "w7"]], deck=["b11", "w0"], chips=True)
    state = GAME.apply(state, 0, attack(1, 0, 1))
    assert state["points"] == [410, 390]
    state = GAME.apply(state, 0, attack(1, 2, 6))
    assert state["points"] == [430, 370]
    miss = GAME.apply(state, 0, attack(1, 1, 9))
    assert miss["points"] == [430, 370]                     # a miss pays nothing


def test_round_win_payment_per_face_down_card_and_six():
    # seat 0 wins with b1, b6 (face down), w6 (face up) and the drawn w8 kept face down
    state = rig([["b1", "b6", "w6"], ["w3", "b9"], ["b4"]], deck=["b11", "w8"], up=["w6", "b9"],
                chips=True)
    state = GAME.apply(state, 0, attack(2, 0, 4))
    state = GAME.apply(state, 0, attack(1, 0, 3))
    assert state["results"][0]["winner"] == 0
    paid = 10 * 3 + 10 * 1                                   # b1, b6, w8 face down; b6 is a 6
    assert state["results"][0]["paid"] == paid
    assert state["points"] == [230 + 20 + paid * 2, 230 - 10 - paid, 230 - 10 - paid]


def test_scores_may_go_negative_and_most_points_wins():
    assert R.RULING_CHIPS_WINNER_BY_POINTS
    state = rig([["b1", "b3", "b5", "b7"], ["w1", "w3", "w5", "w7"]], deck=["b11", "w0"], chips=True)
    state["points"] = [400, 5]
    state = GAME.apply(state, 0, attack(1, 0, 1))
    assert state["points"] == [410, -5]
    state["points"] = [0, 300]
    state["wins"] = [1, 0]
    state["round"] = state["rounds"] - 1
    state = GAME.apply(state, 0, attack(1, 1, 3))
    state = GAME.apply(state, 0, attack(1, 2, 5))
    state = GAME.apply(state, 0, attack(1, 3, 7))           # seat 0 wins the last round
    out = GAME.outcome(state)
    paid = 10 * 5                                            # four own cards and the drawn w0
    assert out["scores"] == [0 + 30 + paid, 300 - 30 - paid]
    assert out["winners"] == [1] and out["wins"] == [2, 0]   # points decide, not round wins


def test_chips_pair_team_scores_and_payment_once_by_rules_version_1():
    assert R.RULING_CHIPS_PAIR_TEAM_PAYS_ONCE
    up = ["w2", "b4", "w6", "b8", "w10", "w3", "b5", "w7", "b9", "w11", "b0", "b2"]
    state = pair_rig(up=up, chips=True, version=1)
    state = GAME.apply(state, 0, attack(1, 0, 0, w=2))      # +10 for team 0
    assert state["points"] == [410, 390, 410, 390]
    state = GAME.apply(state, 0, attack(3, 0, 1))
    # team 0 face down: seat 0 w4 b6 w8 b10 (one 6), seat 2 all six (no 6) → 10 cards + one 6
    paid = state["results"][0]["paid"]
    assert paid == 10 * 10 + 10
    assert state["points"] == [420 + paid, 380 - paid, 420 + paid, 380 - paid]
    assert "total" not in state["results"][0]


def test_chips_pair_both_losing_players_pay_by_rules_version_2():
    assert R.EACH_LOSER_PAYS_SINCE == 2 and R.RULING_CHIPS_PAIR_BOTH_COUNT
    up = ["w2", "b4", "w6", "b8", "w10", "w3", "b5", "w7", "b9", "w11", "b0", "b2"]
    state = pair_rig(up=up, chips=True)
    state = GAME.apply(state, 0, attack(1, 0, 0, w=2))
    state = GAME.apply(state, 0, attack(3, 0, 1))
    paid = state["results"][0]["paid"]
    assert paid == 10 * 10 + 10                               # the same amount as by version 1 ...
    assert state["results"][0]["total"] == 2 * paid           # ... paid by each losing player
    assert state["points"] == [420 + 2 * paid, 380 - 2 * paid, 420 + 2 * paid, 380 - 2 * paid]
    end = [e for e in GAME.view(state, 1)["log"] if e["e"] == "round_end"][0]
    assert end["paid"] == paid and end["total"] == 2 * paid


def test_chips_hit_on_the_partner_moves_no_points():
    assert R.RULING_CHIPS_PAIR_TEAM_SCORE
    state = pair_rig(chips=True)
    state = GAME.apply(state, 0, attack(2, 3, 7, w=0))       # seat 2's b7: a hit, no 6
    assert state["points"] == [400] * 4
    state = GAME.apply(state, 0, attack(2, 2, 5))            # w5
    assert state["points"] == [400] * 4 and state["phase"] == "again"

def test_standard_state_has_no_new_keys():
    state = GAME.setup({"players": 3}, 4)
    assert not {"points", "shown", "tossed"} & set(state)
