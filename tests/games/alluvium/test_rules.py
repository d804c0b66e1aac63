"""ALLUVIUM rules, one test per rule and ruling of shared/rules/alluvium.md."""

import pytest

from bodoge.core.errors import BadOptions, IllegalMove
from bodoge.games.alluvium import GAME
from bodoge.games.alluvium import board as B
from bodoge.games.alluvium import rules as R

from .helpers import at, finish_phase, first_move, grid, piece_move, rig


# --- options and setup ---------------------------------------------------------------------------
def test_players_and_rounds():
    for n, rounds in ((3, 4), (4, 4), (5, 3)):
        state = GAME.setup({"players": n}, 1)
        assert state["rounds"] == rounds
        assert state["virtual"] == (3 if n == 3 else None)
        assert len(state["decks"]) == n + (n == 3)
    for bad in ({"players": 2}, {"players": 6}, {"players": "4"}, {"players": True}, {"x": 1}, [4]):
        with pytest.raises(BadOptions):
            GAME.options(bad)
    assert GAME.options(None) == {"players": 4}


def test_each_deck_is_the_six_pieces_shuffled():
    state = GAME.setup({"players": 5}, 3)
    for s in range(5):
        cards = state["decks"][s] + state["piles"][s] + [state["hands"][s]]
        assert sorted(cards) == sorted(B.DECK)
    orders = {tuple(GAME.setup({"players": 4}, seed)["piles"][0]) for seed in range(30)}
    assert len(orders) > 3                          # the seed shuffles


def test_direction_starts_clockwise_and_flips_every_round():
    state = GAME.setup({"players": 4}, 5)
    assert state["dir"] == R.CLOCKWISE == 1
    dirs = []
    while GAME.outcome(state) is None:
        if state["phase"] == "others" and state["step"] == 1:
            dirs.append(state["dir"])
        state = finish_phase(state)
    assert dirs == [1, -1, 1, -1]


# --- phase 1: own map, round 1 ---------------------------------------------------------------------
@pytest.mark.parametrize("version, squares", [(2, ((3, 3), (5, 5))), (1, ((2, 2), (6, 6)))])
def test_round_one_draws_open_card_and_hand_card_over_the_start_squares(version, squares):
    """The start squares: (3, 3) and (5, 5) from rules version 2 on, (2, 2) and (6, 6) in 1."""
    state = GAME.setup({"players": 4}, 11, version)
    assert R.rules_of(state) == version
    start = GAME.start(state)
    assert start == B.mask_of(at(*rc) for rc in squares)
    assert GAME.to_move(state) == [0, 1, 2, 3]           # everyone at once
    open_, hand = state["piles"][0][-1], state["hands"][0]
    assert state["todo"][0] == [open_, hand]
    moves = GAME.legal_moves(state, 0)
    assert {m["piece"] for m in moves} == {open_, hand}
    assert all(B.mask_of(m["cells"]) & start for m in moves)
    # a drawing away from both start squares is refused
    far = next(m for m in B.placements(open_) if not m & (start | B.neighbours(start)))
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, piece_move(open_, B.cells_of(far)))
    assert err.value.key == "alluvium.error.start"
    # first piece over the first start square: the second must cover the other one
    first = next(m for m in moves if m["piece"] == hand and at(*squares[0]) in m["cells"])
    state = GAME.apply(state, 0, first)
    assert state["todo"][0] == [open_]
    second = GAME.legal_moves(state, 0)
    assert second and all(at(*squares[1]) in m["cells"] and m["piece"] == open_ for m in second)
    state = GAME.apply(state, 0, second[0])
    assert state["todo"][0] == [] and 0 not in GAME.to_move(state)
    assert state["maps"][0].count("0") == len(B.PIECES[open_]) + len(B.PIECES[hand])


def test_pieces_may_be_rotated_and_reflected():
    state = GAME.setup({"players": 4}, 2)
    piece = state["todo"][0][0]
    legal = {tuple(m["cells"]) for m in GAME.legal_moves(state, 0) if m["piece"] == piece}
    for rot in range(4):
        for flip in (0, 1):
            shape = B.shape(piece, rot, flip)
            for r in range(B.SIZE):
                for c in range(B.SIZE):
                    m = B.place(shape, r, c)
                    if m is not None and m & GAME.start(state):
                        assert tuple(B.cells_of(m)) in legal


def test_malformed_and_wrong_shapes_are_refused_with_keys():
    state = GAME.setup({"players": 4}, 2)
    piece = state["todo"][0][0]
    good = first_move(state, 0, piece)
    cases = [
        (None, "alluvium.error.malformed"),
        ({"piece": piece}, "alluvium.error.malformed"),
        ({"piece": piece, "cells": list(reversed(good["cells"]))}, "alluvium.error.malformed"),
        ({"piece": piece, "cells": good["cells"] + [good["cells"][-1]]}, "alluvium.error.malformed"),
        ({"piece": piece, "cells": [81]}, "alluvium.error.malformed"),
        ({"piece": piece, "cells": [True] * len(good["cells"])}, "alluvium.error.malformed"),
        ({"piece": "X9", "cells": good["cells"]}, "alluvium.error.piece"),
        ({"piece": next(p for p in B.DECK if p not in state["todo"][0]), "cells": good["cells"]},
         "alluvium.error.piece"),
        ({"piece": piece, "cells": [at(2, 2), at(4, 4), at(6, 6)][:len(good["cells"])]},
         "alluvium.error.shape"),
        ({"cell": at(2, 2)}, "alluvium.error.single_phase"),
        ({"cell": 100}, "alluvium.error.malformed"),
    ]
    for move, key in cases:
        with pytest.raises(IllegalMove) as err:
            GAME.apply(state, 0, move)
        assert err.value.key == key, move
    for seat in (-1, 4, "0", None):
        with pytest.raises(IllegalMove) as err:
            GAME.apply(state, seat, good)
        assert err.value.key == "error.not_your_turn"


def test_drawn_cells_are_never_changed():
    state = GAME.setup({"players": 4}, 2)
    move = first_move(state, 0)
    state = GAME.apply(state, 0, move)
    other = next(p for p in state["todo"][0])
    overlapping = next(m for m in B.placements(other)
                       if m & B.mask_of(move["cells"]) and m & GAME.start(state))
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, piece_move(other, B.cells_of(overlapping)))
    assert err.value.key == "alluvium.error.overlap"


# --- phase 1, later rounds: pass when nothing fits ------------------------------------------------
def test_a_piece_that_fits_nowhere_passes_automatically():
    # round 2, own phase; seat 0's map has only isolated holes: no piece fits
    holes = grid(*[("1." * 5)[:9] if r % 2 else "1" * 9 for r in range(9)])
    state = rig(4, round=1, phase="own", maps={0: holes})
    state["todo"] = [[], [], [], []]
    for s in range(4):
        state["piles"][s].append(state["decks"][s].pop())
    state["todo"] = [[state["piles"][s][-1]] for s in range(4)]
    state["round"] = 2
    GAME._settle(state)
    assert GAME.to_move(state) == [1, 2, 3]
    assert state["log"][-1] == {"e": "pass", "seat": 0, "owner": 0, "who": 0}
    assert R.RULING_AUTO_PASS


# --- phase 2: other players' maps ----------------------------------------------------------------
def after_phase_one(players=4, seed=9):
    state = GAME.setup({"players": players}, seed)
    return finish_phase(finish_phase(state) if players == 3 else state)


def test_sheets_pass_in_the_direction_until_they_return():
    state = after_phase_one()
    assert state["phase"] == "others" and state["step"] == 1
    # clockwise: each sheet goes to the next seat, so seat s holds the sheet of s - 1
    assert [GAME.sheet_of(state, s) for s in range(4)] == [3, 0, 1, 2]
    state = finish_phase(state)
    assert [GAME.sheet_of(state, s) for s in range(4)] == [2, 3, 0, 1]
    state = finish_phase(state)
    assert [GAME.sheet_of(state, s) for s in range(4)] == [1, 2, 3, 0]
    state = finish_phase(state)       # the sheets are back: the round is scored
    assert state["round"] == 2 and state["phase"] == "own" and state["dir"] == -1
    state = finish_phase(state)
    assert [GAME.sheet_of(state, s) for s in range(4)] == [1, 2, 3, 0]   # counter-clockwise


def test_action_a_ticks_one_per_edge_shared_with_the_owner():
    state = after_phase_one()
    owner = GAME.sheet_of(state, 1)
    piece = state["piles"][1][-1]
    filled, own = R.masks(state["maps"][owner])
    best = max((m for m in B.placements(piece) if not m & filled), key=lambda m: B.edges(m, own[owner]))
    expected = B.edges(best, own[owner])
    assert expected > 0
    state = GAME.apply(state, 1, piece_move(piece, B.cells_of(best)))
    assert state["ticks"][owner][1] == expected
    assert state["log"][-1]["ticks"] == expected and state["log"][-1]["owner"] == owner
    assert 1 not in GAME.to_move(state)                  # one action per sheet


def test_ticks_count_only_the_owners_territory():
    # seat 1 holds seat 0's sheet; an I3 against seat 2's cells earns nothing, against seat 0's, 3
    cells = grid("222......", "", "", "", "000......")
    state = rig(4, maps={0: cells}, round=1, phase="others", step=1, dir=1)
    state["piles"][1] = ["I3"]
    state["todo"] = [[], ["I3"], [], []]
    s1 = GAME.apply(state, 1, piece_move("I3", [at(1, 0), at(1, 1), at(1, 2)]))
    assert s1["ticks"][0][1] == 0
    s2 = GAME.apply(state, 1, piece_move("I3", [at(3, 0), at(3, 1), at(3, 2)]))
    assert s2["ticks"][0][1] == 3


def test_action_b_one_enclosed_cell_not_on_the_border():
    cells = grid("0.0......",
                 "000......",
                 "0.00.....",
                 "00.3.....",
                 "..3......")
    state = rig(4, maps={0: cells}, round=1, phase="others", step=1, dir=1)
    state["piles"][1] = ["P5"]
    state["todo"] = [[], ["P5"], [], []]
    singles = [m["cell"] for m in GAME.legal_moves(state, 1) if "cell" in m]
    # (2, 1) is enclosed; (0, 1) is on the border; (3, 2) is enclosed by cells of two colours
    assert singles == [at(2, 1), at(3, 2)]
    for cell, key in ((at(0, 1), "alluvium.error.single_border"),
                      (at(1, 4), "alluvium.error.single_enclosed"),
                      (at(1, 1), "alluvium.error.overlap")):
        with pytest.raises(IllegalMove) as err:
            GAME.apply(state, 1, {"cell": cell})
        assert err.value.key == key
    after = GAME.apply(state, 1, {"cell": at(2, 1)})
    assert after["ticks"][0][1] == 4 and after["maps"][0][at(2, 1)] == "1"
    after = GAME.apply(state, 1, {"cell": at(3, 2)})
    assert after["ticks"][0][1] == 2                     # (2, 2) and (3, 1) are the owner's
    assert {"e": "cell", "seat": 1, "owner": 0, "cell": at(3, 2), "ticks": 2} in after["log"]


def test_action_b_is_allowed_even_when_a_piece_fits():
    cells = grid("", "000......", "0.0......", "000......")
    state = rig(4, maps={0: cells}, round=1, phase="others", step=1, dir=1)
    state["piles"][1] = ["I3"]
    state["todo"] = [[], ["I3"], [], []]
    moves = GAME.legal_moves(state, 1)
    assert {"cell": at(2, 1)} in moves and any("piece" in m for m in moves)


def test_pass_only_if_neither_action_is_possible():
    full = "0" * 81
    full = full[:at(4, 4)] + "." + full[at(4, 4) + 1:]      # one enclosed hole: B is possible
    state = rig(4, maps={0: full}, round=1, phase="others", step=1, dir=1)
    state["piles"][1] = ["P5"]
    state["todo"] = [[], ["P5"], [], []]
    GAME._settle(state)
    assert 1 in GAME.to_move(state) and GAME.legal_moves(state, 1) == [{"cell": at(4, 4)}]
    edge_hole = "0" * 80 + "."                                 # only a border hole: pass
    state = rig(4, maps={0: edge_hole}, round=1, phase="others", step=1, dir=1)
    state["piles"][1] = ["P5"]
    state["todo"] = [[state["piles"][s][-1]] for s in range(4)]
    GAME._settle(state)
    assert 1 not in GAME.to_move(state)
    assert {"e": "pass", "seat": 1, "owner": 0, "who": 1} in state["log"]


# --- phase 3: area bonus ---------------------------------------------------------------------
def test_area_bonus_is_the_largest_rectangle_of_any_colours():
    cells = grid("0011.....", "0022.....", "3300.....")
    state = rig(4, maps={0: cells})
    state["round"], state["rounds"] = 4, 4
    R.Alluvium._score_round(GAME, state)
    assert state["areas"][0] == [12]
    assert state["log"][-2]["e"] == "score" and state["log"][-2]["rects"][0] == [0, 0, 3, 4]


def test_rounds_score_and_game_ends():
    for n in (3, 4, 5):
        state = GAME.setup({"players": n}, 21)
        while GAME.outcome(state) is None:
            state = finish_phase(state)
        assert [len(a) for a in state["areas"]] == [R.ROUNDS[n]] * n
        for s in range(n):
            # the area only grows: filled cells stay filled
            assert state["areas"][s] == sorted(state["areas"][s])
        assert state["phase"] == "over" and GAME.to_move(state) == []
        with pytest.raises(IllegalMove) as err:
            GAME.apply(state, 0, {"cell": 40})
        assert err.value.key == "error.game_over"


# --- game end: cooperation ranking -------------------------------------------------------------
def test_ranks_share_ties_and_skip():
    assert R.ranks([5, 5, 3]) == [1, 1, 3]
    assert R.ranks([2, 7, 7, 0]) == [3, 1, 1, 4]
    assert R.ranks([0, 0, 0]) == [1, 1, 1]
    assert R.ranks([1, 3, 3, 3]) == [4, 1, 1, 1]


def test_cooperation_points_by_rank_four_players():
    # 3 ranked players: 1st all, 2nd half (rounded down), last nothing
    assert [R.cooperation_points(9, r, 3) for r in (1, 2, 3)] == [9, 4, 0]
    # five players: 4 ranked, 3rd a quarter
    assert [R.cooperation_points(10, r, 4) for r in (1, 2, 3, 4)] == [10, 5, 2, 0]
    assert R.RULING_TIES_SCORE_BY_RANK


def scored(players, maps, ticks, areas):
    state = rig(players)
    for o, cells in maps.items():
        state["maps"][o] = cells
    state["ticks"] = ticks
    state["areas"] = areas
    return GAME.final_scoring(state)


def test_final_scoring_four_players_with_a_tie_for_first():
    # sheet 0: seats 1 and 2 tie at 5 ticks (both 1st), seat 3 is last (3rd place)
    sheet0 = grid("11.22....", "11.22....", "1........", "", "", "", "", "", "33333....")
    result = scored(4, {0: sheet0}, [[0, 5, 5, 2], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
                    [[1], [2], [3], [4]])
    rows = {row["who"]: row for row in result["sheets"][0]["ranking"]}
    assert [(rows[p]["rank"], rows[p]["territory"], rows[p]["points"]) for p in (1, 2, 3)] == [
        (1, 5, 5), (1, 4, 4), (3, 5, 0)]
    # the other sheets have no territory of anyone: all tie at 0 ticks, 0 points
    assert result["coop"] == [0, 5, 4, 0]
    assert result["area"] == [1, 2, 3, 4]
    assert result["total"] == [1, 7, 7, 4]
    assert result["winners"] == [1]                      # tie on total, more cooperation


def test_final_scoring_largest_connected_territory_only():
    sheet0 = grid("11.11....", "11.......", "", "", "", "", "", "", "........1")
    result = scored(4, {0: sheet0}, [[0, 3, 1, 0], [0] * 4, [0] * 4, [0] * 4], [[0]] * 4)
    row = next(r for r in result["sheets"][0]["ranking"] if r["who"] == 1)
    assert row["territory"] == 4 and row["points"] == 4


def test_final_scoring_five_players_third_and_last():
    sheet0 = grid("1111.....", "1111.....", "2222.....", "2222.....", "33333333.", "4........")
    ticks = [[0, 9, 6, 3, 1]] + [[0] * 5 for _ in range(4)]
    result = scored(5, {0: sheet0}, ticks, [[0, 0, 0]] * 5)
    got = [(r["who"], r["rank"], r["points"]) for r in result["sheets"][0]["ranking"]]
    assert got == [(1, 1, 8), (2, 2, 4), (3, 3, 2), (4, 4, 0)]


def test_five_players_ties_for_second_both_score_half():
    sheet0 = grid("1111.....", "2222.....", "", "3333.....", "", "4444.....")
    ticks = [[0, 9, 4, 4, 0]] + [[0] * 5 for _ in range(4)]
    result = scored(5, {0: sheet0}, ticks, [[0, 0, 0]] * 5)
    got = [(r["who"], r["rank"], r["points"]) for r in result["sheets"][0]["ranking"]]
    assert got == [(1, 1, 4), (2, 2, 2), (3, 2, 2), (4, 4, 0)]


def test_shared_win_when_total_and_cooperation_tie():
    result = scored(4, {}, [[0] * 4 for _ in range(4)], [[5], [5], [3], [1]])
    assert result["winners"] == [0, 1]
    state = rig(4)
    state["result"] = result
    out = GAME.outcome(state)
    assert out["winners"] == [0, 1] and out["scores"] == [5, 5, 3, 1]


# --- three players: the virtual player ------------------------------------------------------------
def test_virtual_player_piece_on_every_own_map_after_phase_one():
    state = GAME.setup({"players": 3}, 4)
    assert state["piles"][3] == [] and len(state["decks"][3]) == 6   # not flipped yet
    assert "virtual" not in [e["e"] for e in state["log"]]
    state = finish_phase(state)
    assert state["phase"] == "virtual" and GAME.to_move(state) == [0, 1, 2]
    piece = state["piles"][3][-1]
    assert state["log"][-1] == {"e": "virtual", "piece": piece}
    assert {"e": "discard", "hands": state["hands"]} in state["log"]
    moves = GAME.legal_moves(state, 0)
    assert moves and all(m.get("piece") == piece for m in moves)     # no single cell
    filled, own = R.masks(state["maps"][0])
    best = max(moves, key=lambda m: B.edges(B.mask_of(m["cells"]), own[0]))
    expected = B.edges(B.mask_of(best["cells"]), own[0])
    state = GAME.apply(state, 0, best)
    assert state["maps"][0].count("3") == len(B.PIECES[piece])
    assert state["ticks"][0][3] == expected                          # the virtual player's track
    assert state["ticks"][0][0] == 0
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, {"cell": 40})
    state = finish_phase(state)
    assert state["phase"] == "others"


def test_virtual_player_is_ranked_but_not_counted():
    # sheet 0: virtual (3) has most ticks: 1st; seat 1 2nd (half), seat 2 last
    sheet0 = grid("3333.....", "", "1111.....", "", "2222.....")
    ticks = [[0, 4, 1, 6], [0, 0, 0, 0], [0, 0, 0, 0]]
    result = scored(3, {0: sheet0}, ticks, [[0] * 4] * 3)
    got = [(r["who"], r["rank"], r["points"]) for r in result["sheets"][0]["ranking"]]
    assert got == [(3, 1, 4), (1, 2, 2), (2, 3, 0)]
    assert result["coop"] == [0, 2, 0] and result["virtual_coop"] == 4
    assert len(result["total"]) == 3


def test_three_player_game_to_the_end():
    state = GAME.setup({"players": 3}, 8)
    phases = []
    while GAME.outcome(state) is None:
        phases.append((state["round"], state["phase"], state["step"]))
        state = finish_phase(state)
    assert phases[:5] == [(1, "own", 0), (1, "virtual", 0), (1, "others", 1), (1, "others", 2),
                          (2, "own", 0)]
    assert len(state["piles"][3]) == 4
    assert len(GAME.outcome(state)["scores"]) == 3


# --- what each seat sees --------------------------------------------------------------------------
def test_a_seat_sees_only_the_sheet_in_front_of_it():
    state = after_phase_one()
    for s in range(4):
        v = GAME.view(state, s)
        o = GAME.sheet_of(state, s)
        assert v["sheet"] == {"owner": o, "cells": state["maps"][o], "ticks": state["ticks"][o]}
        assert v["sheets"] is None
    assert GAME.view(state, None)["sheet"] is None


def test_hand_card_is_private_until_phase_one_ends_and_placements_stay_private():
    state = GAME.setup({"players": 4}, 6)
    v1 = GAME.view(state, 1)
    assert v1["hands"][1] == state["hands"][1] and v1["hands"][0] is None
    state = GAME.apply(state, 0, first_move(state, 0))
    place = GAME.view(state, 1)["log"][-1]
    assert place["e"] == "place" and place["cells"] is None and place["ticks"] is None
    assert GAME.view(state, 0)["log"][-1]["cells"] is not None
    state = finish_phase(state)
    assert GAME.view(state, 1)["hands"] == state["hands"]


def test_v2_round_one_pieces_are_not_named_to_others_until_phase_one_ends():
    """Rules version 2: the open card is public, so naming the other piece a seat drew in
    round 1 would name its hand card; no view but the owner's (the spectator's neither) names
    it while phase 1 lasts. Scripted through the protocol, seed 6: seat 0 draws its hand card
    first."""
    state = GAME.setup({"players": 4}, 6)
    hand = state["hands"][0]
    move = first_move(state, 0, hand)
    state = GAME.apply(state, 0, move)
    assert state["log"][-1]["piece"] == hand                  # the state keeps it
    assert GAME.view(state, 0)["log"][-1]["piece"] == hand    # the owner sees it
    for seat in (1, 2, 3, None):
        view = GAME.view(state, seat)
        assert view["log"][-1]["e"] == "place" and view["log"][-1]["piece"] is None
        assert hand not in [e.get("piece") for e in view["log"] if e["e"] != "round"]
        assert view["hands"][0] is None
    state = GAME.apply(state, 0, first_move(state, 0))        # its open card: still unnamed
    assert GAME.view(state, 2)["log"][-1]["piece"] is None
    state = finish_phase(state, "own")
    # phase 1 is over: the hand cards are discarded face up and the pieces may be named
    for seat in (1, None):
        view = GAME.view(state, seat)
        assert view["hands"] == state["hands"]
        places = [e for e in view["log"] if e["e"] == "place"]
        assert places and all(e["piece"] is not None for e in places)
        assert {"e": "discard", "hands": state["hands"]} in view["log"]


def test_v1_views_still_name_round_one_pieces():
    state = GAME.setup({"players": 4}, 6, 1)
    assert "rules_version" not in state and R.rules_of(state) == 1
    hand = state["hands"][0]
    state = GAME.apply(state, 0, first_move(state, 0, hand))
    assert state["log"][-1]["piece"] == hand                  # the same log as ever
    for seat in (1, None):
        assert GAME.view(state, seat)["log"][-1]["piece"] == hand     # version 1 named it
        assert GAME.view(state, seat)["hands"][0] is None


def test_everything_is_shown_at_the_end():
    state = GAME.setup({"players": 4}, 6)
    while GAME.outcome(state) is None:
        state = finish_phase(state)
    v = GAME.view(state, 2)
    assert [s["cells"] for s in v["sheets"]] == state["maps"]
    assert v["result"]["total"] == v["outcome"]["scores"]


def test_v1_round_one_pieces_could_never_touch_or_overlap():
    """Version 1's start squares were so far apart that 'may touch but not overlap' never arose."""
    a, b = (1 << i for i in B.start_squares(1))
    near_a = [m for p in B.PIECES for m in B.placements(p) if m & a]
    near_b = [m for p in B.PIECES for m in B.placements(p) if m & b]
    reach_a = 0
    for m in near_a:
        reach_a |= m
    reach_b = 0
    for m in near_b:
        reach_b |= m
    assert not reach_a & reach_b and B.edges(reach_a, reach_b) == 0
    assert not any(m & b for m in near_a)          # no piece covers both start squares


def test_v2_round_one_pieces_may_touch_but_not_overlap():
    """Rules version 2: 「互いの一部が隣接するような記入はできます」 — the start squares at (3, 3)
    and (5, 5) are close enough for the two round-1 pieces to touch; they still never overlap,
    and no piece covers both start squares. Scripted through the protocol, seed 1."""
    assert B.start_squares(2) == (at(3, 3), at(5, 5))
    state = GAME.setup({"players": 4}, 1)
    assert state["todo"][0] == ["T4", "L4"]                   # what seed 1 deals seat 0
    both = B.start_mask(2)
    assert not any(m & both == both for p in B.PIECES for m in B.placements(p))
    t4 = piece_move("T4", [at(3, 3), at(3, 4), at(3, 5), at(4, 4)])   # over (3, 3)
    l4 = piece_move("L4", [at(4, 5), at(5, 5), at(6, 5), at(6, 6)])   # over (5, 5), touching it
    state = GAME.apply(state, 0, t4)
    touching = GAME.apply(state, 0, l4)
    mine = R.colour_mask(touching["maps"][0], 0)
    assert B.components(mine) == [mine]          # one connected territory: the pieces touch
    assert B.edges(B.mask_of(t4["cells"]), B.mask_of(l4["cells"])) == 2
    overlapping = piece_move("L4", [at(3, 5), at(4, 5), at(5, 5), at(5, 6)])   # shares (3, 5)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, overlapping)
    assert err.value.key == "alluvium.error.overlap"


def test_area_bonuses_are_public_but_where_the_rectangle_lies_is_not():
    state = GAME.setup({"players": 4}, 13)
    while state["round"] == 1:
        state = finish_phase(state)
    assert R.RULING_AREAS_PUBLIC
    score = next(e for e in GAME.view(state, 1)["log"] if e["e"] == "score")
    assert score["areas"] == [a[0] for a in state["areas"]]
    assert score["rects"][1] is not None and score["rects"][0] is None
    assert GAME.view(state, 1)["areas"] == state["areas"]


# --- what a drawing would do (the preview), what came back, replays and take-backs ---------------
def test_preview_gives_the_ticks_and_rectangle_the_drawing_would_make():
    """``rules.preview`` on a seat's view: the same ticks the drawing then earns, the map's
    largest rectangle before and after, and the engine's reason when it may not be drawn."""
    state = after_phase_one()
    seat = 1
    owner = GAME.sheet_of(state, seat)
    view = GAME.view(state, seat)
    checked = 0
    for move in GAME.legal_moves(state, seat):
        got = R.preview(view, move)
        after = GAME.apply(state, seat, move)
        filled = R.filled_mask(state["maps"][owner])
        assert got["mask"] == B.mask_of(move["cells"] if "cells" in move else [move["cell"]])
        assert got["ticks"] == after["ticks"][owner][seat] - state["ticks"][owner][seat]
        assert got["ticks"] == len(got["edges"])
        assert got["area_before"] == B.rectangle_area(filled)
        assert (got["area"], got["rect"]) == B.largest_rectangle(R.filled_mask(after["maps"][owner]))
        checked += 1
    assert checked > 50
    taken = next(i for i, ch in enumerate(view["sheet"]["cells"]) if ch != R.EMPTY)
    piece = view["todo"][0]
    bad = next(m for m in B.placements(piece) if m >> taken & 1)
    with pytest.raises(IllegalMove) as err:
        R.preview(view, piece_move(piece, B.cells_of(bad)))
    assert err.value.key == "alluvium.error.overlap"


def test_preview_of_the_virtual_piece_counts_the_virtual_players_ticks():
    state = finish_phase(GAME.setup({"players": 3}, 4))
    assert state["phase"] == "virtual"
    view = GAME.view(state, 0)
    own = R.colour_mask(state["maps"][0], 0)
    move = max(GAME.legal_moves(state, 0), key=lambda m: B.edges(B.mask_of(m["cells"]), own))
    got = R.preview(view, move)
    after = GAME.apply(state, 0, move)
    assert got["ticks"] > 0 and got["ticks"] == after["ticks"][0][3] - state["ticks"][0][3]
    own_phase = GAME.setup({"players": 4}, 4)          # on your own map: no ticks
    assert R.preview(GAME.view(own_phase, 0), first_move(own_phase, 0))["ticks"] == 0


def test_returned_says_what_the_others_drew_on_your_map_while_it_was_away():
    state = GAME.setup({"players": 4}, 8)
    assert all(GAME.view(state, s)["returned"] == [] for s in range(4))
    while state["round"] == 1:
        before = state
        state = finish_phase(state)
        if state["phase"] == "others":
            assert all(GAME.view(state, s)["returned"] == [] for s in range(4))   # still away
    round_one = before["log"] + state["log"][len(before["log"]):]
    for seat in range(4):
        got = GAME.view(state, seat)["returned"]
        drawn = [e for e in round_one if e["e"] in ("place", "cell") and e["owner"] == seat and e["seat"] != seat]
        assert len(got) == len(drawn) == 3
        for item, e in zip(got, drawn):
            assert item["seat"] == e["seat"]
            assert item["cells"] == (e["cells"] if e["e"] == "place" else [e["cell"]])
            assert all(state["maps"][seat][i] == str(e["seat"]) for i in item["cells"])
    assert GAME.view(state, None)["returned"] == []
    state = finish_phase(state)                         # round 2, phase 2: away again
    assert GAME.view(state, 0)["returned"] == []


def test_reveal_shows_every_sheet_the_hands_and_where_each_piece_went():
    state = GAME.setup({"players": 4}, 6)
    state = GAME.apply(state, 0, first_move(state, 0))
    shown = GAME.reveal(state)
    spectator = GAME.view(state, None)
    assert set(shown) == set(spectator)                         # the same shape
    assert shown["sheet"] is None and shown["seat"] is None
    assert [s["cells"] for s in shown["sheets"]] == state["maps"]
    assert [s["ticks"] for s in shown["sheets"]] == state["ticks"]
    assert shown["hands"] == state["hands"] and spectator["hands"] == [None] * 4
    assert shown["log"] == state["log"] and shown["log"][-1]["cells"] is not None
    assert spectator["log"][-1]["cells"] is None
    while GAME.outcome(state) is None:
        state = finish_phase(state)
    shown = GAME.reveal(state)
    assert shown["result"] == state["result"] and shown["outcome"] == GAME.outcome(state)


def undo_case(state, seat, move):
    return GAME.undoable(state, seat, move, GAME.apply(state, seat, move))


def test_a_drawing_may_be_taken_back_until_the_sheets_pass():
    """Allowed: a drawing that stays on the sheet in front of its seat (own map, another's
    sheet, action B). Refused: the one that makes the sheets pass, discards the round-1 hand
    cards, turns up the virtual player's card, or ends the round (scores it, turns up the next
    cards)."""
    state = GAME.setup({"players": 4}, 3)
    assert undo_case(state, 0, first_move(state, 0)) is True      # own map, round 1
    for s in (0, 0, 1, 1, 2, 2, 3):
        state = GAME.apply(state, s, first_move(state, s))
    last = first_move(state, 3)
    after = GAME.apply(state, 3, last)
    assert {"discard", "pass_sheets"} <= {e["e"] for e in after["log"][len(state["log"]):]}
    assert GAME.undoable(state, 3, last, after) == "alluvium.undo.hands"   # hands shown, sheets passed
    state = after
    assert undo_case(state, 0, first_move(state, 0)) is True      # on another's sheet
    for s in (0, 1, 2):
        state = GAME.apply(state, s, first_move(state, s))
    assert undo_case(state, 3, first_move(state, 3)) == "alluvium.undo.passed"   # the sheets pass on
    state = finish_phase(finish_phase(state))                     # to the round's last pass
    assert state["phase"] == "others" and state["step"] == 3
    for s in (0, 1, 2):
        state = GAME.apply(state, s, first_move(state, s))
    move = first_move(state, 3)
    after = GAME.apply(state, 3, move)
    assert after["round"] == 2 and GAME.undoable(state, 3, move, after) == "alluvium.undo.scored"
    assert undo_case(after, 1, first_move(after, 1)) is True      # own map, round 2


def test_action_b_may_be_taken_back_and_the_virtual_card_may_not():
    cells = grid("0.0......", "000......", "0.00.....", "00.3.....", "..3......")
    state = rig(4, maps={0: cells}, round=1, phase="others", step=1, dir=1)
    state["todo"] = [[], ["I3"], ["L4"], ["T4"]]
    state["piles"][1] = ["I3"]
    assert undo_case(state, 1, {"cell": at(2, 1)}) is True
    three = GAME.setup({"players": 3}, 5)
    for s in (0, 0, 1, 1, 2):
        three = GAME.apply(three, s, first_move(three, s))
    last = first_move(three, 2)
    after = GAME.apply(three, 2, last)
    assert after["phase"] == "virtual" and GAME.undoable(three, 2, last, after) == "alluvium.undo.hands"
    assert undo_case(after, 0, first_move(after, 0)) is True      # the virtual piece itself
    for s in (0, 1):
        after = GAME.apply(after, s, first_move(after, s))
    assert undo_case(after, 2, first_move(after, 2)) == "alluvium.undo.passed"   # then the sheets pass


def test_a_drawing_followed_by_its_own_automatic_pass_may_be_taken_back():
    # round 1: the second start square (5, 5) is walled in, so once the first piece is drawn
    # over (3, 3) the other fits nowhere and the seat passes; the sheets do not move yet
    cells = grid("", "", "", "", ".....1...", "....1.1..", ".....1...")
    state = rig(4, maps={0: cells})
    move = next(m for m in GAME.legal_moves(state, 0) if at(3, 3) in m["cells"])
    after = GAME.apply(state, 0, move)
    assert [e["e"] for e in after["log"][len(state["log"]):]] == ["place", "pass"]
    assert GAME.undoable(state, 0, move, after) is True


def test_every_refused_take_back_says_why_in_both_languages():
    from bodoge.games.alluvium.rules import UNDO_WHY
    from bodoge.ui.i18n import I18n
    for key in set(UNDO_WHY.values()):
        for lang in ("en", "ja"):
            assert I18n(lang).has(key), (key, lang)
    over = GAME.setup({"players": 4}, 3)
    while GAME.outcome(over) is None:
        over = finish_phase(over)
    assert GAME.undoable(over, 0, {"cell": 0}, over) == "undo.over"
