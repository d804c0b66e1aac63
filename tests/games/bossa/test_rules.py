"""A test for every rule and ruling of Bossa (shared/rules/bossa.md and the Japanese sheet)."""

from collections import Counter

import pytest

from bodoge.core.bot import think
from bodoge.core.errors import BadOptions, IllegalMove
from bodoge.core.match import Match
from bodoge.core.protocol import clone
from bodoge.core.rng import Rng
from bodoge.games.bossa import GAME
from bodoge.games.bossa import rules as R

from .helpers import lay, place, play, rig, stack, tile, tiles


def refused(state, move, key, seat=None):
    with pytest.raises(IllegalMove) as err:
        play(state, move, seat)
    assert err.value.key == key, (err.value.key, str(err.value))
    return err.value


# --- components -------------------------------------------------------------------------------
def test_27_tiles_every_split_once_and_the_sheets_table():
    assert len(R.TILES) == len(set(R.TILES)) == 27
    assert all(1 <= w + b <= 6 and w >= 0 and b >= 0 for w, b in R.TILES)
    for c in R.LINES:
        per = Counter(R.VALUE[c][t] for t in R.ALL_TILES if R.VALUE[c][t])
        assert per == {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}


def test_options():
    assert GAME.options(None) == {"players": 2, "rules": "advanced"}
    assert GAME.options({"rules": "basic", "players": 2})["rules"] == "basic"
    for bad in ({"players": 3}, {"rules": "expert"}, {"x": 1}, [], {"players": True}):
        with pytest.raises(BadOptions):
            GAME.options(bad)


# --- setup and the opening choice ---------------------------------------------------------------
def test_setup_removes_one_deals_four_and_rolls_until_different():
    for seed in range(200):
        s = GAME.setup({}, seed)
        assert len(s["deck"]) == 18 and [len(h) for h in s["hands"]] == [4, 4]
        every = s["deck"] + [s["removed"]] + s["hands"][0] + s["hands"][1]
        assert sorted(every) == list(R.ALL_TILES)
        a, b = s["rolls"]
        assert a != b and s["high"] == (0 if a > b else 1)
        assert s["phase"] == "choose" and GAME.to_move(s) == [s["high"]]
        rolls = s["log"][0]["rolls"]
        assert all(x == y for x, y in rolls[:-1]) and rolls[-1] == [a, b]
    assert any(len(GAME.setup({}, seed)["log"][0]["rolls"]) > 1 for seed in range(200)), "ties happen"


def test_high_roller_takes_a_side_and_the_other_goes_first():
    s = GAME.setup({}, 3)
    high, low = s["high"], 1 - s["high"]
    assert GAME.legal_moves(s, high) == [{"a": "own", "line": 0}, {"a": "own", "line": 1}, {"a": "first"}]
    s2 = GAME.apply(s, high, {"a": "own", "line": R.BLACK})
    assert s2["own"][high] == R.BLACK and s2["own"][low] == R.WHITE
    assert s2["first"] == low and s2["turn"] == low and s2["phase"] == "play"
    # each player's own roll starts their own line (the sheet: the die goes to your side as rolled)
    assert s2["lines"][R.BLACK]["die"] == s["rolls"][high]
    assert s2["lines"][R.WHITE]["die"] == s["rolls"][low]
    assert len(s2["hands"][low]) == 5 and len(s2["deck"]) == 17      # the first turn's draw


def test_high_roller_takes_the_first_turn_and_the_other_chooses_a_side():
    s = GAME.setup({}, 4)
    high, low = s["high"], 1 - s["high"]
    s2 = GAME.apply(s, high, {"a": "first"})
    assert s2["phase"] == "side" and GAME.to_move(s2) == [low]
    assert GAME.legal_moves(s2, low) == [{"a": "own", "line": 0}, {"a": "own", "line": 1}]
    with pytest.raises(IllegalMove):
        GAME.apply(s2, low, {"a": "first"})
    s3 = GAME.apply(s2, low, {"a": "own", "line": R.WHITE})
    assert s3["own"] == [R.WHITE if s == low else R.BLACK for s in (0, 1)]
    assert s3["first"] == high and s3["turn"] == high and len(s3["hands"][high]) == 5
    assert s3["lines"][R.WHITE]["die"] == s["rolls"][low]


def test_before_the_dice_are_laid_each_player_sees_only_their_own_hand():
    s = GAME.setup({}, 5)
    high = s["high"]
    v = GAME.view(s, high)
    assert v["hands"][high] == s["hands"][high] and v["hands"][1 - high] is None
    assert set(s["hands"][1 - high]) <= set(v["unseen"])
    assert GAME.view(s, None)["hands"] == [None, None]
    s2 = GAME.apply(s, high, {"a": "own", "line": 0})
    assert GAME.view(s2, high)["hands"] == s2["hands"] == GAME.view(s2, None)["hands"]


def test_v2_the_lower_roller_chooses_without_seeing_their_own_tiles():
    """Rules version 2 (sheet 1-1, 1-2): only the higher roller looks at their hand before the
    opening choice; the lower roller makes their choice (their side) without seeing their own
    tiles; both hands open after the choice."""
    s = GAME.setup({}, 6)
    assert R.rules_of(s) == GAME.rules_version >= R.BLIND_CHOICE_VERSION
    high, low = s["high"], 1 - s["high"]
    assert GAME.view(s, high)["hands"][high] == s["hands"][high]
    assert GAME.view(s, low)["hands"] == [None, None]            # waiting: not even their own
    assert set(s["hands"][low]) <= set(GAME.view(s, low)["unseen"])
    s2 = GAME.apply(s, high, {"a": "first"})
    v = GAME.view(s2, low)
    assert v["phase"] == "side" and v["to_move"] == [low] and v["hands"] == [None, None]
    assert R.view_moves(v, low) == GAME.legal_moves(s2, low)     # they can choose all the same
    assert GAME.view(s2, high)["hands"][high] == s2["hands"][high]
    assert GAME.view(s2, None)["hands"] == [None, None]
    s3 = GAME.apply(s2, low, {"a": "own", "line": R.BLACK})
    for seat in (high, low, None):                               # both hands open after the choice
        assert GAME.view(s3, seat)["hands"] == s3["hands"]
    # the other way: the higher roller takes a side, the lower roller goes first, hands open
    s4 = GAME.apply(s, high, {"a": "own", "line": R.WHITE})
    assert GAME.view(s4, low)["hands"] == s4["hands"] and s4["turn"] == low


def test_v1_the_lower_roller_still_sees_their_own_hand():
    s = GAME.setup({}, 6, 1)
    assert "rules_version" not in s and R.rules_of(GAME.view(s, 0)) == 1
    high, low = s["high"], 1 - s["high"]
    assert GAME.view(s, low)["hands"][low] == s["hands"][low]
    s2 = GAME.apply(s, high, {"a": "first"})
    assert GAME.view(s2, low)["hands"] == [s2["hands"][low] if x == low else None for x in (0, 1)]
    # the states are the same by both rules: only what the lower roller sees differs
    v2 = GAME.apply(GAME.setup({}, 6, 2), high, {"a": "first"})
    assert {k: v for k, v in v2.items() if k != "rules_version"} == s2


def test_v2_lower_roller_bots_choose_without_their_hand():
    """Bots see only their view: the lower roller's choice cannot depend on tiles it has not
    seen. Its hand is swapped with deck tiles; every level still makes the same choice."""
    s = GAME.apply(GAME.setup({}, 6), GAME.setup({}, 6)["high"], {"a": "first"})
    low = s["turn"]
    other = clone(s)
    other["hands"][low], other["deck"][:4] = sorted(other["deck"][:4]), other["hands"][low]
    assert other["hands"][low] != s["hands"][low]
    for level in GAME.bot_levels:
        bots = [GAME.make_bot(level, low, 11) for _ in (s, other)]
        for bot in bots:              # the playout budget alone: a time budget stops a loaded
            if hasattr(bot, "seconds"):   # machine's search at an arbitrary playout
                bot.seconds = 1e9
        picks = [think(bot, GAME.view(x, low)) for bot, x in zip(bots, (s, other))]
        assert picks[0] == picks[1] and picks[0] in GAME.legal_moves(s, low)


def test_basic_rules_have_no_choice_the_higher_roller_goes_first():
    for seed in range(30):
        s = GAME.setup({"rules": "basic"}, seed)
        assert s["phase"] == "play" and s["turn"] == s["high"] == s["first"]
        assert s["own"] == [None, None]
        assert [s["lines"][c]["die"] for c in R.RULING_BASIC_DICE] == s["rolls"]
        assert len(s["hands"][s["high"]]) == 5


# --- placing -----------------------------------------------------------------------------------
def test_next_to_a_die_one_or_two_tiles():
    s = rig([["w2", "w1", "w1b1", "b3", "w4b2"], ["b1"]], dice=(4, 4))
    s2 = play(s, lay(0, "hi", "w1b1", "w4b2"))          # 5 = 1 + 4 white, two tiles
    assert s2["lines"][0]["hi"][0]["n"] == 5 and s2["lines"][0]["hi"][0]["k"] == 2
    s3 = play(s, lay(0, "lo", "w1", "w2"))              # 3 = 1 + 2
    assert s3["lines"][0]["lo"][0]["t"] == tiles("w1", "w2")
    s4 = rig([["w1", "w1b1", "w1b2", "w1b3"], ["b1"]], dice=(4, 4))
    refused(s4, lay(0, "lo", "w1", "w1b1", "w1b2"), "bossa.error.count2")   # 3 tiles: no


def test_places_sum_the_lines_colour_and_need_that_colour():
    s = rig([["w2b1", "b3", "w1b2"], ["b1"]], dice=(3, 4))
    refused(s, lay(0, "hi", "b3"), "bossa.error.colour0")          # no white dots
    refused(s, lay(1, "lo", "w2b1"), "bossa.error.sum")             # black 1 ≠ 3
    err = refused(s, lay(0, "hi", "w1b2"), "bossa.error.sum")
    assert err.params == {"n": 4, "total": 1}
    s2 = play(s, lay(1, "lo", "b3"))
    assert s2["lines"][1]["lo"][0]["n"] == 3


def test_only_the_two_ends_are_open_and_the_low_end_stops_at_1():
    s = rig([["w1"], ["b1"]], dice=(1, 2))
    ends = {c: [(e, n) for e, n, _ in R.open_ends(s["lines"][c], "advanced")] for c in (0, 1)}
    assert ends == {0: [("hi", 2)], 1: [("lo", 1), ("hi", 3)]}
    refused(s, lay(0, "lo", "w1"), "bossa.error.line_end")
    s = rig([["w1", "w3"], ["b1"]], dice=(3, 4), lo=([place(2, ["w2"])], []), hi=([place(4, ["w1b1", "w3"])], []))
    assert [(e, n) for e, n, _ in R.open_ends(s["lines"][0], "advanced")] == [("lo", 1), ("hi", 5)]
    assert {m["end"] for m in GAME.legal_moves(s, 0) if m["a"] == "place" and m["line"] == 0} <= {"lo", "hi"}


def test_advanced_one_more_or_one_fewer_than_the_neighbour():
    line = {"die": 3, "lo": [], "hi": [place(4, ["w2", "w2b1"])]}
    assert R.open_ends(line, "advanced")[1] == ("hi", 5, [1, 3])
    s = rig([["w5", "w1", "w1b1", "w3", "w2b2"], ["b1"]], hi=([place(4, ["w2", "w2b1"])], []))
    play(s, lay(0, "hi", "w5"))
    play(s, lay(0, "hi", "w1", "w1b1", "w3"))
    refused(s, lay(0, "hi", "w3", "w2b2"), "bossa.error.count2")     # same count: no


def test_basic_same_or_one_more():
    line = {"die": 3, "lo": [], "hi": [place(4, ["w2", "w2b1"])]}
    assert R.open_ends(line, "basic")[1] == ("hi", 5, [2, 3])
    s = rig([["w5", "w1", "w4b1"], ["b1"]], hi=([place(4, ["w2", "w2b1"])], []), variant="basic")
    refused(s, lay(0, "hi", "w5"), "bossa.error.count2")             # one fewer: no
    play(s, lay(0, "hi", "w1", "w4b1"))


def test_tile_counts_at_value_1():
    # advanced: after a 1-tile place, 1 needs 2 tiles — impossible, the end is closed
    line = {"die": 3, "lo": [place(2, ["w2"])], "hi": []}
    assert R.open_ends(line, "advanced")[0] == ("lo", 1, [])
    s = rig([["w1"], ["b1"]], lo=([place(2, ["w2"])], []))
    refused(s, lay(0, "lo", "w1"), "bossa.error.closed")
    # after a 2-tile place, 1 is one tile
    line = {"die": 3, "lo": [place(2, ["w1", "w1b1"])], "hi": []}
    assert R.open_ends(line, "advanced")[0] == ("lo", 1, [1])
    # next to a die 2, place 1 takes 1 tile (2 tiles cannot make 1)
    assert R.open_ends({"die": 2, "lo": [], "hi": []}, "advanced")[0] == ("lo", 1, [1])
    # basic: after one tile, 1 is still one tile; after two it is closed
    assert R.open_ends({"die": 3, "lo": [place(2, ["w2"])], "hi": []}, "basic")[0] == ("lo", 1, [1])
    assert R.open_ends({"die": 3, "lo": [place(2, ["w1", "w1b1"])], "hi": []}, "basic")[0] == ("lo", 1, [])


def test_multi_tile_sums_above_6():
    assert R.open_ends({"die": 6, "lo": [], "hi": []}, "advanced")[1] == ("hi", 7, [2])
    s = rig([["w6", "w1", "w4b1", "w3b2"], ["b1"]], dice=(6, 2))
    refused(s, lay(0, "hi", "w6"), "bossa.error.sum")
    s2 = play(s, lay(0, "hi", "w1", "w6"))
    assert s2["lines"][0]["hi"][0] == place(7, ["w1", "w6"])
    # after 2 tiles: 1 or 3, but one tile cannot make 8, so 3 (8 = 4 + 3 + 1)
    assert ("hi", 8, [3]) == R.open_ends(s2["lines"][0], "advanced")[1]
    s3 = rig([["w4b1", "w3b2", "w1b3"], ["b1"]], dice=(6, 2), hi=([place(7, ["w1", "w6"])], []))
    play(s3, lay(0, "hi", "w1b3", "w3b2", "w4b1"))


def test_ill_formed_place_moves():
    s = rig([["w1", "w2"], ["b1"]])
    for move, key in (({"a": "place", "line": 0, "end": "hi", "tiles": [tile("w2"), tile("w1")]}, None),
                      ({"a": "place", "line": 2, "end": "hi", "tiles": [tile("w1")]}, None),
                      ({"a": "place", "line": 0, "end": "up", "tiles": [tile("w1")]}, None),
                      ({"a": "place", "line": 0, "end": "hi", "tiles": []}, None),
                      ({"a": "place", "line": 0, "end": "hi", "tiles": [tile("b6")]}, "bossa.error.not_in_hand"),
                      ({"a": "place", "line": 0, "end": "hi"}, None),
                      ({"a": "jump"}, None), ("place", None)):
        with pytest.raises(IllegalMove) as err:
            play(s, move)
        if key:
            assert err.value.key == key


# --- actions -----------------------------------------------------------------------------------
def test_stack_same_number_same_count_and_the_count_stays():
    hi = [place(4, ["w1", "w3"]), place(5, ["w5"])]
    s = rig([["w2", "w2b1", "w4", "b2"], ["b1"]], hi=(hi, []))
    refused(s, stack(0, 4, "w4"), "bossa.error.count1")                # one tile on a 2-tile place
    refused(s, stack(0, 6, "w2", "w4"), "bossa.error.no_place")         # 6 is not filled
    refused(s, stack(1, 4, "w2", "w2b1"), "bossa.error.no_place")
    s2 = play(s, stack(0, 4, "w2", "w2b1"))
    p4 = s2["lines"][0]["hi"][0]
    assert p4["k"] == 2 and p4["s"] == [tiles("w2", "w2b1")] and p4["t"] == tiles("w1", "w3")
    assert s2["used"][0]["stack"] and s2["turn"] == 1
    # the next place still compares with the first placement's count (1 → 2 or 0)
    assert R.open_ends(s2["lines"][0], "advanced")[1] == ("hi", 6, [2])
    s3 = rig([["w4"], ["b1"]], hi=(hi, []), used=[("stack",), ()])
    refused(s3, stack(0, 5, "w4"), "bossa.error.used_stack")


def test_stack_on_a_stacked_place():
    hi = [place(4, ["w4"], stacks=[["w4b1"]])]
    s = rig([["w4b2", "b1"], ["b1"]], hi=(hi, []))
    s2 = play(s, stack(0, 4, "w4b2"))
    assert s2["lines"][0]["hi"][0]["s"] == [tiles("w4b1"), tiles("w4b2")]


def test_stack_can_empty_the_hand_and_win():
    s = rig([["w2", "w2b1"], ["b1"]], hi=([place(4, ["w1", "w3"])], []))
    s2 = play(s, stack(0, 4, "w2", "w2b1"))
    assert GAME.outcome(s2)["winners"] == [0] and GAME.outcome(s2)["how"] == "empty"


def test_redraw_discards_out_of_the_game_and_draws_once():
    s = rig([["w1", "b6"], ["b1"]], deck=["w2", "w3", "w4"])
    s2 = play(s, {"a": "redraw", "tile": tile("b6")})
    assert s2["hands"][0] == tiles("w1", "w4") and s2["discard"] == [tile("b6")]
    assert s2["used"][0]["redraw"] and s2["turn"] == 1 and s2["hands"][1] == tiles("b1", "w3")
    v = GAME.view(s2, 1)
    assert v["discard"] == [tile("b6")] and tile("b6") not in v["unseen"]
    s3 = rig([["w1", "b6"], ["b1"]], used=[("redraw",), ()])
    refused(s3, {"a": "redraw", "tile": tile("b6")}, "bossa.error.used_redraw")
    refused(s, {"a": "redraw", "tile": tile("b1")}, "bossa.error.not_in_hand")


def test_redraw_needs_a_tile_in_the_deck():
    s = rig([["w1", "b6"], ["b1"]], deck=[])
    assert R.RULING_REDRAW_NEEDS_DECK
    refused(s, {"a": "redraw", "tile": tile("b6")}, "bossa.error.deck_empty")
    assert not any(m["a"] == "redraw" for m in GAME.legal_moves(s, 0))


def test_exchange_swaps_one_tile_each_once():
    s = rig([["w1", "b6"], ["b1", "w5"]])
    s2 = play(s, {"a": "exchange", "give": tile("b6"), "take": tile("w5")})
    assert s2["hands"][0] == tiles("w1", "w5") and s2["used"][0]["exchange"]
    assert set(tiles("b1", "b6")) <= set(s2["hands"][1])
    refused(s, {"a": "exchange", "give": tile("b6"), "take": tile("w1")}, "bossa.error.take")
    refused(s, {"a": "exchange", "give": tile("b1"), "take": tile("w5")}, "bossa.error.not_in_hand")
    s3 = rig([["w1", "b6"], ["b1", "w5"]], used=[("exchange",), ()])
    refused(s3, {"a": "exchange", "give": tile("b6"), "take": tile("w5")}, "bossa.error.used_exchange")


def test_actions_are_legal_even_when_a_placement_is_possible():
    s = rig([["w4", "b6"], ["b1"]], dice=(3, 4))
    kinds = {m["a"] for m in GAME.legal_moves(s, 0)}
    assert kinds == {"place", "redraw", "exchange"}


# --- the end ----------------------------------------------------------------------------------
def test_empty_hand_wins():
    s = rig([["w4"], ["b1", "b2"]])
    s2 = play(s, lay(0, "hi", "w4"))
    assert GAME.outcome(s2) == {"winners": [0], "scores": [0, 2], "how": "empty", "seat": 0}
    assert GAME.to_move(s2) == [] and GAME.legal_moves(s2, 1) == []
    refused(s2, lay(1, "lo", "b1"), "error.game_over", seat=1)


# White line from a die 6 with five places: 5, 4, 3 below and 7, 8 above (counts 1, 2, 1 / 2, 3).
FIVE_LO = [place(5, ["w5b1"]), place(4, ["w2", "w2b1"]), place(3, ["w3"])]
FIVE_HI = [place(7, ["w6", "w1b1"]), place(8, ["w4b2", "w2b2", "w2b3"])]
SIXTH = lay(0, "lo", "w1", "w1b2")          # 2 = 1 + 1, two tiles after one


def five(hands, turn, variant="advanced", **kw):
    return rig(hands, dice=(6, 3), lo=(FIVE_LO, []), hi=(FIVE_HI, []), turn=turn, variant=variant, **kw)


def test_six_places_on_your_own_line_win_whoever_filled_them():
    assert R.RULING_SIX_WHOEVER_FILLED
    for mover in (0, 1):                          # white is seat 0's side
        hands = [["b6"], ["b5"]]
        hands[mover] = ["w1", "w1b2", "b4"]
        s = five(hands, mover)
        assert R.places_count(s["lines"][0]) == 5
        s2 = play(s, SIXTH)
        out = GAME.outcome(s2)
        assert out["winners"] == [0] and out["how"] == "six" and out["seat"] == 0


def test_emptying_the_hand_beats_the_opponents_sixth_place():
    assert R.RULING_EMPTY_HAND_FIRST
    s = five([["b6"], ["w1", "w1b2"]], 1)
    out = GAME.outcome(play(s, SIXTH))
    assert out["winners"] == [1] and out["how"] == "empty"


def test_basic_rules_six_places_do_not_win():
    s = five([["b6"], ["w1", "w1b2", "b4"]], 1, variant="basic")
    s2 = play(s, SIXTH)
    assert s2["phase"] == "play" and R.places_count(s2["lines"][0]) == 6


def stuck_setup(next_draw, used=("redraw", "exchange", "stack")):
    # white 3 → open 2 and 4 (1–2 tiles); black 4 → open 3 and 5. Seat 1's b6 and w6 fit nowhere.
    return rig([["w4", "b1"], ["b6", "w6"]], dice=(3, 4), deck=["w1", next_draw], used=[(), used])


def test_a_player_who_can_neither_place_nor_act_after_drawing_loses():
    s2 = play(stuck_setup("w5"), lay(0, "hi", "w4"))
    assert s2["hands"][1] == tiles("b6", "w6", "w5")
    out = GAME.outcome(s2)
    assert out["winners"] == [0] and out["how"] == "stuck" and out["seat"] == 1
    assert s2["log"][-1] == {"e": "end", "how": "stuck", "seat": 1, "winners": [0]}


def test_not_stuck_when_the_draw_fits_or_an_action_is_left():
    assert play(stuck_setup("b3"), lay(0, "hi", "w4"))["phase"] == "play"
    assert play(stuck_setup("w5", used=("redraw", "stack")), lay(0, "hi", "w4"))["phase"] == "play"
    assert play(stuck_setup("w5", used=("exchange", "stack")), lay(0, "hi", "w4"))["phase"] == "play"
    # a Stack that fits counts as an action too: the drawn w5 stacks on the 5
    s = rig([["w2b1", "b1"], ["b6", "w6"]], dice=(3, 4), deck=["w1", "w5"],
            hi=([place(4, ["w1", "w3"]), place(5, ["w5b1"])], []), used=[(), ("redraw", "exchange")])
    assert play(s, lay(0, "lo", "w2b1"))["phase"] == "play"
    s["used"][1]["stack"] = True
    assert play(s, lay(0, "lo", "w2b1"))["result"]["how"] == "stuck"


def test_empty_deck_when_a_draw_is_due_more_tiles_lose():
    s = rig([["w4", "b1"], ["b6", "w6"]], dice=(3, 4), deck=[])
    out = GAME.outcome(play(s, lay(0, "hi", "w4")))
    assert out == {"winners": [0], "scores": [1, 2], "how": "deck", "seat": 1}
    s = rig([["w4", "b1"], ["b6"]], dice=(3, 4), deck=[])
    out = GAME.outcome(play(s, lay(0, "hi", "w4")))
    assert out["winners"] == [0, 1] and out["how"] == "deck"           # equal: a draw


def test_the_player_who_draws_the_last_tile_still_plays():
    assert R.RULING_LAST_DRAWER_PLAYS
    s = rig([["w4", "b1"], ["b6", "w6"]], dice=(3, 4), deck=["b3"])
    s2 = play(s, lay(0, "hi", "w4"))
    assert s2["phase"] == "play" and s2["turn"] == 1 and s2["deck"] == []
    s3 = play(s2, lay(1, "lo", "b3"))
    assert GAME.outcome(s3)["how"] == "deck" and GAME.outcome(s3)["seat"] == 0


# --- what a seat sees ---------------------------------------------------------------------------
def test_view_hides_the_deck_order_and_the_tile_put_aside_until_the_end():
    s = rig([["w4"], ["b1", "b2"]])
    v = GAME.view(s, 1)
    assert v["deck"] == len(s["deck"]) and v["removed"] is None
    assert sorted(v["unseen"]) == sorted(s["deck"] + [s["removed"]])
    assert "rng" not in v
    s2 = play(s, lay(0, "hi", "w4"))
    v2 = GAME.view(s2, 1)
    assert v2["removed"] == s2["removed"] and s2["removed"] not in v2["unseen"]
    assert R.RULING_REVEAL_REMOVED


def test_view_moves_match_the_engine():
    for seed in range(40):
        m = Match.new("bossa", {}, seed)
        while not m.over:
            seat = m.to_move()[0]
            assert R.view_moves(m.view(seat), seat) == GAME.legal_moves(m.state, seat)
            moves = GAME.legal_moves(m.state, seat)
            m.play(seat, moves[(seed * 7 + len(m.record.moves)) % len(moves)])


# --- replays and take-backs ---------------------------------------------------------------------
def test_reveal_turns_up_both_hands_and_the_tile_put_aside_but_marks_what_lies_face_down():
    for version in (1, 2):
        s = GAME.setup({}, 6, version)
        high = s["high"]
        r = GAME.reveal(s)
        assert set(r) == set(GAME.view(s, None))           # the spectator view's shape
        assert r["hands"] == s["hands"] and r["face_down"] == [0, 1]
        assert r["removed"] == s["removed"] and r["removed_face_down"]
        assert isinstance(r["deck"], int) and "rng" not in r  # the deck's order is not needed
        assert GAME.view(s, None)["face_down"] == [0, 1]
        assert GAME.view(s, high)["face_down"] == [0, 1]      # face down on the table, all the same
        s2 = GAME.apply(s, high, {"a": "first"})
        assert GAME.reveal(s2)["hands"] == s2["hands"] and GAME.reveal(s2)["face_down"] == [0, 1]
        s3 = GAME.apply(s2, 1 - high, {"a": "own", "line": R.WHITE})
        r3 = GAME.reveal(s3)
        assert r3["face_down"] == [] and r3["hands"] == GAME.view(s3, None)["hands"]
        assert r3["removed"] == s3["removed"] and r3["removed_face_down"]
    s = rig([["w4"], ["b1", "b2"]])
    s2 = play(s, lay(0, "hi", "w4"))
    r = GAME.reveal(s2)
    assert r["removed"] == s2["removed"] and not r["removed_face_down"]
    assert r == GAME.view(s2, None)                        # over: nothing is hidden any more


def undoable(state, move, seat=None):
    seat = state["turn"] if seat is None else seat
    return GAME.undoable(state, seat, move, GAME.apply(state, seat, move))


def test_v2_only_the_higher_rollers_first_turn_can_be_taken_back():
    """Rules versions 1 and 2: every turn ended with the next turn's draw."""
    for version in (1, 2):
        s = GAME.setup({}, 4, version)
        assert undoable(s, {"a": "first"})                 # nothing turned up, nothing drawn
        s2 = GAME.apply(s, s["high"], {"a": "first"})
        # a side chosen: the hands open and the first turn draws
        assert undoable(s, {"a": "own", "line": R.WHITE}) is not True
        assert undoable(s2, {"a": "own", "line": R.BLACK}) is not True
    # every turn is followed by the next turn's draw (a hidden tile comes to light)
    s = rig([["w4", "b6", "w2"], ["b1", "w5"]], dice=(3, 4), hi=([place(4, ["w4b1"])], []), version=2)
    for move in (lay(0, "lo", "w2"), stack(0, 4, "w4"),
                 {"a": "exchange", "give": tile("b6"), "take": tile("w5")}):
        assert undoable(s, move) is not True, move
    # Redraw draws at once
    assert undoable(s, {"a": "redraw", "tile": tile("b6")}) is not True
    # the last placement ends the game: the tile put aside is shown
    end = rig([["w4"], ["b1", "b2"]], version=2)
    assert undoable(end, lay(0, "hi", "w4")) is not True
    # the deck runs out: the game ends, the tile put aside is shown
    dry = rig([["w4", "b6"], ["b1", "b2"]], deck=[], version=2)
    assert undoable(dry, {"a": "exchange", "give": tile("b6"), "take": tile("b1")}) is not True


def test_a_refused_take_back_names_what_came_to_light():
    """Issue 26: the refusal says why (the words of the first thing that came to light), not
    the generic "That move cannot be taken back"."""
    s = GAME.setup({}, 4, 2)
    assert undoable(s, {"a": "own", "line": R.WHITE}) == "bossa.undo.opened"
    s = rig([["w4", "b6", "w2"], ["b1", "w5"]], dice=(3, 4), hi=([place(4, ["w4b1"])], []), version=2)
    assert undoable(s, lay(0, "lo", "w2")) == "bossa.undo.drawn"
    assert undoable(s, {"a": "redraw", "tile": tile("b6")}) == "bossa.undo.redraw"
    end = rig([["w4"], ["b1", "b2"]])
    assert undoable(end, lay(0, "hi", "w4")) == "bossa.undo.ended"
    over = play(end, lay(0, "hi", "w4"))
    assert GAME.undoable(over, 0, lay(0, "hi", "w4"), over) == "undo.over"


# --- rules version 3: the turn's draw is a move of its own (issue 26) -----------------------------
def test_v3_a_turn_ends_with_the_next_draw_due_and_the_draw_is_the_only_move():
    s = rig([["w4", "b6", "w2"], ["b1", "w5"]], dice=(3, 4), hi=([place(4, ["w4b1"])], []),
            deck=["w1b1", "b2"])
    assert R.rules_of(s) == GAME.rules_version == R.DRAW_STEP_VERSION == 3 and s["due"] is False
    s2 = play(s, lay(0, "lo", "w2"), draw=False)
    # the turn has passed; nothing is drawn yet: the deck, the hands and the log say so
    assert s2["turn"] == 1 and s2["due"] is True and s2["deck"] == s["deck"]
    assert s2["hands"][1] == tiles("b1", "w5") and s2["log"][-1]["e"] == "place"
    assert GAME.to_move(s2) == [1] and GAME.legal_moves(s2, 1) == [{"a": "draw"}]
    assert GAME.automatic(s2) == (1, {"a": "draw"}) and GAME.automatic(s) is None
    view = GAME.view(s2, 1)
    assert view["due"] is True and R.view_moves(view, 1) == [{"a": "draw"}]
    assert GAME.view(s2, 0)["due"] is True and GAME.view(s2, None)["due"] is True
    # anything else is refused with the reason, and the state is left as it was
    for move in (lay(1, "hi", "b1"), {"a": "exchange", "give": tile("b1"), "take": tile("w4")},
                 {"a": "draw", "tile": 1}, {"a": "Draw"}):
        with pytest.raises(IllegalMove):
            GAME.apply(s2, 1, move)
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(s2, 1, lay(1, "hi", "b1"))
    assert refused.value.key == "bossa.error.draw_first"
    with pytest.raises(IllegalMove):
        GAME.apply(s2, 0, {"a": "draw"})                   # not your turn
    with pytest.raises(IllegalMove):
        GAME.apply(s, 0, {"a": "draw"})                    # the turn's tile is already drawn
    s3 = GAME.apply(s2, 1, {"a": "draw"})
    assert s3["due"] is False and s3["hands"][1] == tiles("b1", "w5", "b2")
    assert s3["deck"] == [tile("w1b1")] and s3["log"][-1] == {"e": "draw", "seat": 1, "tile": tile("b2")}
    assert GAME.automatic(s3) is None and {"a": "draw"} not in GAME.legal_moves(s3, 1)


def test_v3_plays_the_same_game_as_v2_with_the_draws_as_moves():
    """The same seed and choices reach the same positions by both versions: a version-3 game is a
    version-2 game with each turn's draw as a move of its own."""
    for seed in range(40):
        rng = Rng.from_seed(seed)
        v2, v3 = GAME.setup({}, seed, 2), GAME.setup({}, seed)
        while GAME.outcome(v2) is None:
            seat = GAME.to_move(v2)[0]
            moves = GAME.legal_moves(v2, seat)
            assert GAME.legal_moves(v3, seat) == moves
            move = moves[rng.below(len(moves))]
            v2, v3 = GAME.apply(v2, seat, move), GAME.apply(v3, seat, move)
            if GAME.automatic(v3) is not None:
                assert v3["log"] == v2["log"][:len(v3["log"])] and v2["log"][len(v3["log"])]["e"] == "draw"
                v3 = GAME.apply(v3, *GAME.automatic(v3))
            same = lambda s: {k: v for k, v in s.items() if k not in ("rules_version", "due")}
            assert same(v3) == same(v2)
        assert GAME.outcome(v3) == GAME.outcome(v2)


def test_v3_a_move_that_reveals_nothing_can_be_taken_back_until_the_opponent_draws():
    s = rig([["w4", "b6", "w2"], ["b1", "w5"]], dice=(3, 4), hi=([place(4, ["w4b1"])], []))
    for move in (lay(0, "lo", "w2"), stack(0, 4, "w4"),
                 {"a": "exchange", "give": tile("b6"), "take": tile("w5")}):
        assert undoable(s, move) is True, move
    # what brings a hidden tile to light still cannot: the draw, a Redraw, the end, a side chosen
    due = play(s, lay(0, "lo", "w2"), draw=False)
    assert undoable(due, {"a": "draw"}) == "bossa.undo.drew"
    assert undoable(s, {"a": "redraw", "tile": tile("b6")}) == "bossa.undo.redraw"
    assert undoable(rig([["w4"], ["b1", "b2"]]), lay(0, "hi", "w4")) == "bossa.undo.ended"
    dry = rig([["w4", "b6"], ["b1", "b2"]], deck=[])       # no draw: the deck has run out
    assert undoable(dry, {"a": "exchange", "give": tile("b6"), "take": tile("b1")}) == "bossa.undo.ended"
    assert undoable(GAME.setup({}, 4), {"a": "own", "line": R.WHITE}) == "bossa.undo.opened"
    assert undoable(GAME.setup({}, 4), {"a": "first"}) is True


def test_v3_take_back_against_the_computer_works_until_it_draws():
    """The match's policy with the draw as a move: the person's latest move of their own choosing
    is the one taken back (their own draw made itself); the computer's draw ends the window and
    the reason says so."""
    match = Match.new("bossa", {}, 4)
    match.play(match.state["high"], {"a": "first"})
    match.play(match.to_move()[0], {"a": "own", "line": R.WHITE})
    me = match.to_move()[0]
    cpu = 1 - me
    place_moves = [m for m in match.game.legal_moves(match.state, me) if m["a"] in ("place", "exchange")]
    k = len(match.record.moves)
    match.play(me, place_moves[0])
    assert match.takeback(me, [me]) == (k, None)           # the computer has not drawn yet
    match.play(cpu, {"a": "draw"})
    assert match.takeback(me, [me]) == (k, "bossa.undo.drew")
    cpu_moves = match.game.legal_moves(match.state, cpu)
    match.play(cpu, cpu_moves[0])
    assert match.settle([me]) == (1 if not match.over else 0)
    if not match.over:
        # the latest move is the person's own draw: it made itself, so the move before it counts
        assert match.record.moves[-1] == [me, {"a": "draw"}]
        assert match.takeback(me, [me]) == (k, "bossa.undo.drew")
