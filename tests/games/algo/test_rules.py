"""One test (at least) per rule and ruling of shared/rules/algo.md, standard game."""

import pytest

from bodoge.core.errors import BadOptions, IllegalMove
from bodoge.games.algo import GAME
from bodoge.games.algo import rules as R

from .helpers import STAY, attack, cid, numbers, rig


def all_cards(state):
    ids = [c["id"] for row in state["rows"] for c in row] + list(state["deck"])
    if state["drawn"] is not None:
        ids.append(state["drawn"])
    return ids


# --- components and setup ---------------------------------------------------------------------
@pytest.mark.parametrize("players,each", [(2, 4), (3, 3), (4, 2)])
def test_deal_per_player_count(players, each):
    state = GAME.setup({"players": players}, 7)
    assert [len(r) for r in state["rows"]] == [each] * players
    # the dealer has drawn for the first turn; the rest is the deck
    assert len(state["deck"]) == 24 - players * each - 1
    assert sorted(all_cards(state)) == list(range(24))
    assert all(not c["up"] for row in state["rows"] for c in row)


def test_cards_are_black_and_white_0_to_11():
    assert {(R.number(c), R.colour(c)) for c in range(R.CARDS)} == {
        (n, col) for n in range(12) for col in (R.BLACK, R.WHITE)}


@pytest.mark.parametrize("seed", range(30))
def test_rows_sorted_black_before_white(seed):
    state = GAME.setup({"players": 2}, seed)
    for row in state["rows"]:
        keys = [(R.number(c["id"]), R.colour(c["id"])) for c in row]
        assert keys == sorted(keys)   # ascending; on equal numbers black (0) first


def test_black_left_of_white_on_equal_numbers():
    state = rig([["w5", "b5", "b9", "w1"], ["b0", "b1", "b2", "b3"]])
    assert numbers(state, 0) == [(1, "w", False), (5, "b", False), (5, "w", False),
                                 (9, "b", False)]


@pytest.mark.parametrize("seed", range(40))
def test_first_dealer_is_lowest_draw_and_takes_first_turn(seed):
    state = GAME.setup({"players": 3}, seed)
    first = state["log"][0]
    assert first["e"] == "first_dealer"
    draws = first["draws"]
    assert len(set(draws)) == 3
    assert state["dealer"] == draws.index(min(draws)) == first["dealer"]
    assert state["turn"] == state["dealer"]
    assert state["drawn"] is not None     # the turn starts with a draw


def test_same_seed_same_game_other_seed_other_game():
    a, b, c = GAME.setup({"players": 2}, 5), GAME.setup({"players": 2}, 5), GAME.setup({"players": 2}, 6)
    assert a == b and a != c


@pytest.mark.parametrize("raw", [{"players": 1}, {"players": 5}, {"players": "2"},
                                 {"players": True}, {"colour": 1}, [], "x"])
def test_bad_options(raw):
    with pytest.raises(BadOptions):
        GAME.options(raw)


def test_default_options():
    assert GAME.options(None) == {"players": 2}


# --- a turn -----------------------------------------------------------------------------------
def test_draw_is_top_of_deck_and_private():
    state = rig([["b1", "b3", "b5", "b7"], ["w1", "w3", "w5", "w7"]], deck=["b11", "w0"])
    assert state["drawn"] == cid("w0")
    assert GAME.view(state, 0)["drawn"] == {"c": 1, "n": 0}
    assert GAME.view(state, 1)["drawn"] == {"c": 1, "n": None}   # colour public, number not


def test_hit_turns_card_up_and_allows_again_or_stay():
    state = rig([["b1", "b3", "b5", "b7"], ["w1", "w3", "w5", "w7"]], deck=["b11", "w0"])
    state = GAME.apply(state, 0, attack(1, 2, 5))
    assert state["rows"][1][2]["up"] and state["phase"] == "again" and state["turn"] == 0
    moves = GAME.legal_moves(state, 0)
    assert STAY in moves and attack(1, 0, 1) in moves
    assert attack(1, 2, 5) not in moves        # that card is face up now


def test_stay_inserts_drawn_card_face_down_in_order():
    state = rig([["b1", "b3", "b5", "b7"], ["w1", "w3", "w5", "w7"]], deck=["b11", "w4"])
    state = GAME.apply(state, 0, attack(1, 0, 1))
    state = GAME.apply(state, 0, STAY)
    assert numbers(state, 0) == [(1, "b", False), (3, "b", False), (4, "w", False),
                                 (5, "b", False), (7, "b", False)]
    assert state["turn"] == 1 and state["drawn"] == cid("b11")


def test_attack_again_after_hit_any_opponent():
    state = rig([["b1", "b2"], ["w1", "w3"], ["w5", "w7"]], deck=["b11", "w4"])
    state = GAME.apply(state, 0, attack(1, 0, 1))
    state = GAME.apply(state, 0, attack(2, 1, 7))   # a different opponent
    assert state["rows"][2][1]["up"] and state["phase"] == "again"


def test_miss_reveals_drawn_card_in_row_and_passes_turn():
    state = rig([["b1", "b3", "b5", "b7"], ["w1", "w3", "w5", "w7"]], deck=["b11", "w4"])
    state = GAME.apply(state, 0, attack(1, 0, 2))
    assert numbers(state, 0)[2] == (4, "w", True)
    assert not state["rows"][1][0]["up"]          # the target stays face down
    assert state["turn"] == 1 and state["phase"] == "attack"


def test_miss_after_a_hit_still_reveals_the_drawn_card():
    state = rig([["b1", "b3", "b5", "b7"], ["w1", "w3", "w5", "w7"]], deck=["b11", "w4"])
    state = GAME.apply(state, 0, attack(1, 0, 1))
    state = GAME.apply(state, 0, attack(1, 1, 9))
    assert (4, "w", True) in numbers(state, 0) and state["turn"] == 1


def test_attack_is_compulsory_stay_only_after_hit():
    state = rig([["b1", "b3", "b5", "b7"], ["w1", "w3", "w5", "w7"]])
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, STAY)
    assert STAY not in GAME.legal_moves(state, 0)


def test_turn_order_is_seat_order():
    state = rig([["b1"], ["b2"], ["b3"], ["b4"]], turn=2)
    for expected in (3, 0, 1, 2):
        state = GAME.apply(state, state["turn"], attack((state["turn"] + 1) % 4, 0, 11))
        assert state["turn"] == expected


@pytest.mark.parametrize("move", [
    attack(0, 0, 1),                    # own card
    attack(1, 0, 12), attack(1, 0, -1),  # number out of range
    attack(1, 9, 1), attack(2, 0, 1),   # no such card / seat
    {"a": "attack", "s": 1, "p": 0, "n": True},
    {"a": "attack", "s": 1, "p": 0, "n": 1, "x": 1},
    {"a": "attack", "s": 1, "p": 0, "n": 1, "w": 0},  # w only with an empty deck
    {"a": "fly"}, {"a": "stay", "n": 1}, {}, [], None, "stay", 5,
])
def test_illegal_moves_are_refused(move):
    state = rig([["b1", "b3", "b5", "b7"], ["w1", "w3", "w5", "w7"]])
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, move)


def test_wrong_seat_and_face_up_target_refused():
    state = rig([["b1", "b3"], ["w1", "w3"]], up=["w1"])
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, attack(0, 0, 1))
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, attack(1, 0, 1))


def test_apply_leaves_input_state_untouched():
    state = rig([["b1", "b3", "b5", "b7"], ["w1", "w3", "w5", "w7"]])
    before = repr(state)
    GAME.apply(state, 0, attack(1, 0, 1))
    assert repr(state) == before


# --- empty deck -------------------------------------------------------------------------------
def test_empty_deck_attack_needs_own_card():
    state = rig([["b1", "b3", "b5"], ["w1", "w3", "w5"]], deck=[])
    assert state["drawn"] is None and state["stake"] is None
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, attack(1, 0, 1))          # no own card named
    assert all("w" in m for m in GAME.legal_moves(state, 0))


def test_empty_deck_miss_turns_own_card_up():
    state = rig([["b1", "b3", "b5"], ["w1", "w3", "w5"]], deck=[])
    state = GAME.apply(state, 0, attack(1, 0, 2, w=1))
    assert numbers(state, 0) == [(1, "b", False), (3, "b", True), (5, "b", False)]
    assert len(state["rows"][0]) == 3 and state["turn"] == 1


def test_empty_deck_hit_keeps_own_card_down_and_continues_with_it():
    state = rig([["b1", "b3", "b5"], ["w1", "w3", "w5"]], deck=[])
    state = GAME.apply(state, 0, attack(1, 0, 1, w=2))
    assert state["phase"] == "again" and not state["rows"][0][2]["up"]
    with pytest.raises(IllegalMove):                      # the stake is already chosen
        GAME.apply(state, 0, attack(1, 1, 3, w=0))
    miss = GAME.apply(state, 0, attack(1, 1, 4))          # a later miss reveals that card
    assert numbers(miss, 0)[2] == (5, "b", True)
    stay = GAME.apply(state, 0, STAY)
    assert numbers(stay, 0) == [(1, "b", False), (3, "b", False), (5, "b", False)]


def test_empty_deck_stake_must_be_face_down():
    state = rig([["b1", "b3"], ["w1", "w3"]], deck=[], up=["b1"])
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, attack(1, 0, 1, w=0))


# --- elimination, rounds, game ----------------------------------------------------------------
def test_elimination_and_skipping():
    state = rig([["b1"], ["b2", "b4"], ["b3"]], deck=["b11", "w9", "w8"])
    state = GAME.apply(state, 0, attack(2, 0, 3))    # seat 2's only card
    assert state["out"] == [False, False, True]
    assert {"e": "out", "seat": 2} in state["log"]
    state = GAME.apply(state, 0, STAY)
    assert state["turn"] == 1
    state = GAME.apply(state, 1, attack(0, 0, 5))    # miss
    assert state["turn"] == 0                         # seat 2 is skipped
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, attack(2, 0, 3))        # an eliminated player cannot be attacked


def test_round_ends_when_one_player_remains():
    state = rig([["b1", "b2"], ["w3"]], deck=["b11", "w9", "w8"])
    state = GAME.apply(state, 0, attack(1, 0, 3))
    assert state["wins"] == [1, 0]
    assert state["results"] == [{"round": 0, "winner": 0, "dealer": 0}]
    end = [e for e in state["log"] if e["e"] == "round_end"][0]
    assert end["winner"] == 0
    assert [c["id"] for c in end["rows"][0]] == sorted([cid("b1"), cid("b2"), cid("w8")])


def test_round_winning_hit_keeps_drawn_card_face_down():
    assert R.RULING_LAST_HIT_KEEPS_DRAWN
    state = rig([["b1", "b2"], ["w3"]], deck=["b11", "w9", "w8"])
    before = GAME._alive(state)
    state2 = GAME.apply(state, 0, attack(1, 0, 3))
    end = [e for e in state2["log"] if e["e"] == "round_end"][0]
    assert len(end["rows"][0]) == 3 and before == [0, 1]


def test_own_stake_miss_can_eliminate_the_attacker():
    state = rig([["b1", "b2"], ["w3", "w4"]], deck=[], up=["b1"])
    state = GAME.apply(state, 0, attack(1, 0, 9, w=1))   # miss: b2 turns up, seat 0 is out
    assert state["wins"] == [0, 1] and state["round"] == 1


def test_next_round_rotates_dealer_and_deals_again():
    state = rig([["b1", "b2"], ["w3"]], deck=["b11", "w9", "w8"], dealer=0)
    state = GAME.apply(state, 0, attack(1, 0, 3))
    assert state["round"] == 1 and state["dealer"] == 1 and state["turn"] == 1
    assert [len(r) for r in state["rows"]] == [4, 4] and state["out"] == [False, False]
    assert all(not c["up"] for row in state["rows"] for c in row)


def _finish_round(state, winner):
    """Play the round out: ``winner`` guesses every card right, the others always miss."""
    round_no = state["round"]
    while state["round"] == round_no and state["phase"] != "over":
        seat = state["turn"]
        target = next(t for t in range(state["players"]) if t != seat and not state["out"][t])
        p = next(p for p, c in enumerate(state["rows"][target]) if not c["up"])
        n = state["rows"][target][p]["id"] >> 1
        if seat != winner:
            n = (n + 1) % 12
        own = next(q for q, c in enumerate(state["rows"][seat]) if not c["up"])
        state = GAME.apply(state, seat, attack(target, p, n, w=own if state["stake"] is None else None))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_game_ends_after_everyone_dealt_once(players):
    state = GAME.setup({"players": players}, 3)
    dealers = []
    for r in range(players):
        dealers.append(state["dealer"])
        assert GAME.outcome(state) is None
        state = _finish_round(state, winner=0)
    assert sorted(dealers) == list(range(players))
    assert state["phase"] == "over" and GAME.to_move(state) == []
    out = GAME.outcome(state)
    assert out["winners"] == [0] and out["scores"][0] == players
    assert out["rounds"] == [0] * players
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, attack(1, 0, 1))


def test_tied_round_wins_share_the_game():
    assert R.RULING_WINNER_BY_ROUND_WINS
    state = GAME.setup({"players": 2}, 3)
    state = _finish_round(state, winner=0)
    state = _finish_round(state, winner=1)
    out = GAME.outcome(state)
    assert out["winners"] == [0, 1] and out["scores"] == [1, 1]


# --- what each seat sees ----------------------------------------------------------------------
def test_view_shows_own_numbers_and_face_up_only():
    state = rig([["b1", "b3"], ["w1", "w3"]], up=["w3"])
    v0, v1 = GAME.view(state, 0), GAME.view(state, 1)
    assert [c["n"] for c in v0["rows"][0]] == [1, 3]
    assert [c["n"] for c in v0["rows"][1]] == [None, 3]
    assert [c["n"] for c in v1["rows"][0]] == [None, None]
    assert [c["c"] for c in v1["rows"][0]] == [0, 0]           # colour is public
    assert GAME.view(state, None)["rows"][1][0]["n"] is None     # spectator
    assert v0["deck"] == len(state["deck"]) and "rng" not in v0


def test_view_log_hides_other_players_draws():
    state = rig([["b1", "b3"], ["w1", "w3"]], deck=["b11", "w9"])
    state = GAME.apply(state, 0, attack(1, 0, 1))
    state = GAME.apply(state, 0, STAY)                          # seat 1 draws b11
    draw = [e for e in GAME.view(state, 0)["log"] if e["e"] == "draw"][-1]
    assert draw == {"e": "draw", "seat": 1, "c": 0, "n": None}
    mine = [e for e in GAME.view(state, 1)["log"] if e["e"] == "draw"][-1]
    assert mine["n"] == 11


def test_rulings_are_constants():
    for name in ("RULING_COLOUR_PUBLIC", "RULING_SEEDED_FIRST_DEALER", "RULING_WINNER_BY_ROUND_WINS",
                 "RULING_LAST_HIT_KEEPS_DRAWN", "RULING_REVEAL_AT_ROUND_END",
                 "RULING_ROWS_ALWAYS_SORTED"):
        assert getattr(R, name) is True
