"""A test for every rule and ruling of shared/rules/playme.md (names follow the spec)."""

import pytest

from bodoge.core.errors import BadOptions
from bodoge.games.playme import GAME
from bodoge.games.playme import rules as R

from .helpers import dice_total, faces, owners, play, refused, rig

ALL = ["alice", "queen", "cat", "hatter", "caterpillar", "walrus"]


# --- options and setup ----------------------------------------------------------------------
def test_options_defaults_and_validation():
    assert GAME.options(None) == {"players": 3, "characters": [None] * 3, "play_me": False,
                                  "challenge": False, "mad_jabberwocky": False}
    for bad in ({"players": 1}, {"players": 7}, {"players": True}, {"x": 1},
                {"players": 2, "characters": ["alice", "alice"]},
                {"players": 2, "characters": ["alice"]}, {"players": 2, "characters": ["bob", None]},
                {"play_me": "yes"}, []):
        with pytest.raises(BadOptions):
            GAME.options(bad)


def test_setup_each_player_a_distinct_character_wonder_side_six_dice():
    for seed in range(30):
        st = GAME.setup({"players": 6, "characters": ["walrus"] + [None] * 5}, seed)
        chars = [p["char"] for p in st["p"]]
        assert chars[0] == "walrus" and sorted(chars) == sorted(ALL)
        assert all(not p["mad"] and p["pool"] == 6 and not p["card"] for p in st["p"])
        assert st["phase"] == "ready" and GAME.to_move(st) == list(range(6))


def test_round_starts_after_a_countdown_and_rolls_everyone():
    st = GAME.setup({"players": 3, "characters": ["alice", "queen", "cat"]}, 1)
    st = GAME.apply(st, 2, {"a": "ready", "t": 100})
    assert st["phase"] == "play" and st["start"] == 100 + R.COUNTDOWN_MS
    assert all(len(p["roll"]) == 6 for p in st["p"])
    n = st["p"][0]["roll"][0]
    refused(st, 0, {"a": "advance", "n": n}, "early")
    assert GAME.legal_moves(st, 0)[0]["t"] == st["start"]   # every seat may act from the start
    assert GAME.to_move(st) == [0, 1, 2]


def test_times_never_go_backwards():
    st = rig(["alice", "queen"], rolls={0: [1, 2]}, t=9000)
    for t in (8999, -1, 1.5, "9000", None, R.MAX_T + 1):
        with pytest.raises(Exception) as err:
            GAME.apply(st, 0, {"a": "advance", "n": 1, "t": t})
        assert err.value.key == "playme.error.time"
    assert GAME.apply(st, 0, {"a": "advance", "n": 1, "t": 9000})["t"] == 9000


# --- the three actions ----------------------------------------------------------------------
def test_advance_puts_the_next_number_leftmost_and_rolls_the_rest():
    st = rig(["alice", "queen"], rolls={0: [3, 1, 1, 5, 6, 2]})
    after = play(st, 0, {"a": "advance", "n": 1})
    assert faces(after, 0) == [1] and after["p"][0]["pool"] == 5 and len(after["p"][0]["roll"]) == 5
    assert after["log"][-1] == {"e": "advance", "s": 0, "n": 1, "t": after["t"]}
    refused(st, 0, {"a": "advance", "n": 2}, "not_next")
    refused(st, 0, {"a": "advance", "n": 4}, "no_die")


def test_no_advance_while_another_colour_stands_on_your_card():
    st = rig(["alice", "queen"], rolls={0: [2, 3]}, cards={0: [1, (2, 1)]})
    refused(st, 0, {"a": "advance", "n": 3}, "blocked")


def test_block_puts_the_lowest_missing_number_in_the_next_slot():
    st = rig(["alice", "queen", "hatter"], rolls={0: [3, 5]}, cards={1: [1, 2]})
    after = play(st, 0, {"a": "block", "n": 3, "s": 1})
    assert faces(after, 1) == [1, 2, 3] and owners(after, 1)[-1] == [0]
    assert after["p"][0]["pool"] == 5 and dice_total(after, 0) == 6   # out of the pool
    refused(st, 0, {"a": "block", "n": 5, "s": 1}, "block_number")
    refused(st, 0, {"a": "block", "n": 3, "s": 0}, "target")


def test_one_block_per_card_so_at_most_two_colours():
    st = rig(["alice", "queen", "hatter"], rolls={2: [4, 4]}, cards={1: [1, 2, (3, 0)]})
    refused(st, 2, {"a": "block", "n": 4, "s": 1}, "cannot_block")


def test_ruling_cannot_block_with_your_last_usable_die():
    st = rig(["alice", "queen"], rolls={0: [1]}, cards={0: [1, 2, 3, 4, 5]})
    st["p"][1]["card"] = []
    refused(st, 0, {"a": "block", "n": 1, "s": 1}, "last_die")


def test_unblock_sends_the_block_home_and_ruling_your_die_comes_back_too():
    st = rig(["alice", "queen"], rolls={0: [3, 6]}, cards={0: [1, 2, (3, 1)]})
    assert st["p"][1]["pool"] == 5 and st["p"][0]["pool"] == 4
    after = play(st, 0, {"a": "unblock", "n": 3})
    assert faces(after, 0) == [1, 2]
    assert after["p"][1]["pool"] == 6 and len(after["p"][1]["roll"]) == 6   # rolled on arrival
    assert after["p"][0]["pool"] == 4 and len(after["p"][0]["roll"]) == 4   # both dice home
    refused(st, 0, {"a": "unblock", "n": 6}, "unblock_number")
    refused(rig(["alice", "queen"], rolls={0: [3]}), 0, {"a": "unblock", "n": 3}, "no_block")


def test_ruling_roll_again_only_when_you_can_neither_advance_nor_unblock():
    st = rig(["alice", "queen"], rolls={0: [1, 4]})
    refused(st, 0, {"a": "roll"}, "roll_possible")
    st = rig(["alice", "queen"], rolls={0: [3, 4]}, cards={1: [1, 2]})   # only a block: optional
    after = play(st, 0, {"a": "roll"})
    assert len(after["p"][0]["roll"]) == 6 and faces(after, 1) == [1, 2]
    st = rig(["alice", "queen"], rolls={0: []}, cards={0: [1, 2, 3, 4, 5, (6, 1)]})
    st["p"][0]["pool"] = 0
    refused(st, 0, {"a": "roll"}, "no_dice")


# --- winning a round and the game -----------------------------------------------------------
def test_catch_needs_one_to_six_of_your_own_colour():
    st = rig(["alice", "queen"], rolls={0: []}, cards={0: [1, 2, 3, 4, 5, (6, 1)]})
    refused(st, 0, {"a": "catch"}, "not_complete")


def test_first_catch_wins_the_round_and_turns_the_card_to_madness():
    st = rig(["alice", "queen", "cat"], cards={1: [1, 2, 3, 4, 5, 6]})
    after = play(st, 1, {"a": "catch"})
    assert after["p"][1]["mad"] and after["phase"] == "ready" and after["results"][-1]["winner"] == 1
    assert [e["e"] for e in after["log"]] == ["catch", "flip", "settled"]   # (rules 3: recorded)
    nxt = play(after, 0, {"a": "ready"})       # everything goes home for the next round
    assert all(p["pool"] == 6 and not p["card"] for p in nxt["p"] if p["char"] != "caterpillar")


def test_winning_while_mad_catches_the_rabbit_twice_and_wins_the_game():
    st = rig(["alice", "queen", "cat"], cards={2: [1, 2, 3, 4, 5, 6]}, mad={2})
    after = play(st, 2, {"a": "catch"})
    assert after["phase"] == "over" and GAME.outcome(after)["winners"] == [2]
    assert GAME.to_move(after) == [] and GAME.outcome(after)["rounds"] == [2]


# --- characters: Wonder and Madness ---------------------------------------------------------
def test_alice_wonder_keeps_one_die_out_of_the_next_roll():
    st = rig(["alice", "queen"], rolls={0: [1, 2, 4, 5]})
    after = play(st, 0, {"a": "advance", "n": 1, "keep": 2})
    assert after["p"][0]["roll"][0] == 2 and len(after["p"][0]["roll"]) == 5
    refused(st, 0, {"a": "advance", "n": 1, "keep": 3}, "keep")
    refused(rig(["alice", "queen"], rolls={0: [1, 2]}, cards={0: [], 1: []}), 0,
            {"a": "roll", "keep": 2}, "roll_possible")
    lone = rig(["alice", "queen"], rolls={0: [6]}, cards={0: [1, 2, 3, 4]})
    lone["p"][0]["pool"] = 1
    refused(lone, 0, {"a": "roll", "keep": 6}, "keep")          # ruling: something must roll
    refused(rig(["queen", "alice"], rolls={0: [1, 2]}), 0, {"a": "advance", "n": 1, "keep": 2}, "keep")


def test_alice_madness_advances_only_to_four_until_another_reaches_five():
    st = rig(["alice", "queen"], rolls={0: [5, 5]}, cards={0: [1, 2, 3, 4], 1: [1, 2, 3, 4]}, mad={0})
    refused(st, 0, {"a": "advance", "n": 5}, "alice_four")
    st["p"][1]["best"] = 5                      # ruling: reached once this round is enough
    assert faces(play(st, 0, {"a": "advance", "n": 5}), 0) == [1, 2, 3, 4, 5]


def test_queen_wonder_blocks_any_slot_with_a_one():
    st = rig(["queen", "alice"], rolls={0: [1, 6]}, cards={1: [1, 2, 3]})
    after = play(st, 0, {"a": "block", "n": 1, "s": 1})
    assert faces(after, 1) == [1, 2, 3, 1]
    other = rig(["alice", "queen"], rolls={0: [1, 6]}, cards={1: [1, 2, 3]})
    refused(other, 0, {"a": "block", "n": 1, "s": 1}, "block_number")   # only the Queen
    # unblocking a 1 placed on slot 4 takes a die showing 1
    st2 = rig(["queen", "alice"], rolls={1: [1, 4]}, cards={1: [1, 2, 3, (1, 0)]})
    refused(st2, 1, {"a": "unblock", "n": 4}, "unblock_number")
    assert faces(play(st2, 1, {"a": "unblock", "n": 1}), 1) == [1, 2, 3]


def test_queen_madness_everyone_may_block_her_with_a_one():
    st = rig(["queen", "alice"], rolls={1: [1, 6]}, cards={0: [1, 2, 3]}, mad={0})
    assert faces(play(st, 1, {"a": "block", "n": 1, "s": 0}), 0) == [1, 2, 3, 1]
    sane = rig(["queen", "alice"], rolls={1: [1, 6]}, cards={0: [1, 2, 3]})
    refused(sane, 1, {"a": "block", "n": 1, "s": 0}, "block_number")


def test_ruling_the_queens_one_does_not_work_for_the_walrus_swap():
    st = rig(["walrus", "queen"], rolls={0: [1, 6]}, cards={1: [1, 2, 3]}, mad={1})
    refused(st, 0, {"a": "swap", "n": 1, "s": 1}, "swap")


def test_cheshire_cat_wonder_cannot_be_blocked():
    st = rig(["alice", "cat", "walrus"], rolls={0: [3, 6], 2: [2, 4]}, cards={1: [1, 2]})
    refused(st, 0, {"a": "block", "n": 3, "s": 1}, "cannot_block")
    refused(st, 2, {"a": "swap", "n": 2, "s": 1}, "cannot_block")


def test_cheshire_cat_madness_one_block_from_each_other_player():
    st = rig(["alice", "cat", "queen"], rolls={0: [3, 4, 6], 2: [4, 6]}, cards={1: [1, 2]}, mad={1})
    st = play(st, 0, {"a": "block", "n": 3, "s": 1})
    st["p"][0]["roll"] = [4, 4, 6]
    refused(st, 0, {"a": "block", "n": 4, "s": 1}, "cannot_block")    # once per player
    st = play(st, 2, {"a": "block", "n": 4, "s": 1})
    assert owners(st, 1) == [[1], [1], [0], [2]]                         # three colours


def test_mad_hatter_wonder_advances_twice_per_roll():
    st = rig(["hatter", "alice"], rolls={0: [1, 2, 5, 5, 6, 6]})
    st = play(st, 0, {"a": "advance", "n": 1})
    assert st["p"][0]["roll"] == [2, 5, 5, 6, 6] and st["p"][0]["bonus"]   # not rolled yet
    refused(st, 0, {"a": "block", "n": 5, "s": 1}, "bonus")             # ruling: advance or roll
    st = play(st, 0, {"a": "advance", "n": 2})
    assert faces(st, 0) == [1, 2] and not st["p"][0]["bonus"] and len(st["p"][0]["roll"]) == 4
    again = rig(["hatter", "alice"], rolls={0: [1, 5, 5]})
    again = play(again, 0, {"a": "advance", "n": 1})
    assert again["p"][0]["bonus"]
    rolled = play(again, 0, {"a": "roll"})                              # skip the second advance
    assert not rolled["p"][0]["bonus"] and len(rolled["p"][0]["roll"]) == 5


def test_mad_hatter_madness_keeps_a_die_aside_until_reaching_four():
    st = GAME.setup({"players": 2, "characters": ["hatter", "alice"]}, 3)
    st["p"][0]["mad"] = True
    st = GAME.apply(st, 1, {"a": "ready", "t": 0})
    assert st["p"][0]["pool"] == 6 and len(st["p"][0]["roll"]) == 5
    st = rig(["hatter", "alice"], rolls={0: [4, 2]}, cards={0: [1, 2, 3]}, mad={0})
    assert GAME.aside_needed(st, 0)
    after = play(st, 0, {"a": "advance", "n": 4})
    assert after["p"][0]["pool"] == 2 and len(after["p"][0]["roll"]) == 2   # the aside die joins


def test_caterpillar_wonder_starts_with_a_one_and_madness_also_blocked_by_a_neutral_one():
    st = GAME.setup({"players": 2, "characters": ["caterpillar", "alice"]}, 5)
    wonder = GAME.apply(st, 1, {"a": "ready", "t": 0})
    assert faces(wonder, 0) == [1] and wonder["p"][0]["pool"] == 5
    st["p"][0]["mad"] = True
    mad = GAME.apply(st, 1, {"a": "ready", "t": 0})
    assert faces(mad, 0) == [1, 1] and owners(mad, 0) == [[0], []] and mad["p"][0]["pool"] == 5
    mad["p"][0]["roll"] = [1, 3]
    mad["p"][1]["roll"] = [2, 5]          # 2: the lowest number missing among the faces 1, 1
    mad["t"] = mad["start"]
    refused(mad, 1, {"a": "block", "n": 2, "s": 0}, "cannot_block")   # ruling: it is the block
    freed = play(mad, 0, {"a": "unblock", "n": 1})
    assert faces(freed, 0) == [1] and freed["p"][1]["pool"] == 6       # the neutral die leaves


def test_walrus_wonder_swaps_the_top_die_for_its_own():
    st = rig(["walrus", "alice", "queen"], rolls={0: [3, 5]}, cards={1: [1, 2, 3]})
    after = play(st, 0, {"a": "swap", "n": 3, "s": 1})
    assert faces(after, 1) == [1, 2, 3] and owners(after, 1)[-1] == [0]
    assert after["p"][1]["pool"] == 4 and after["p"][0]["pool"] == 5
    # ruling: a finished card too, and a block of another colour goes back to its owner
    done = rig(["walrus", "alice", "queen"], rolls={0: [6, 2]}, cards={1: [1, 2, 3, 4, 5, 6]})
    hit = play(done, 0, {"a": "swap", "n": 6, "s": 1})
    assert not GAME.complete(hit, 1) and owners(hit, 1)[-1] == [0]
    blocked = rig(["walrus", "alice", "queen"], rolls={0: [4, 2]}, cards={1: [1, 2, 3, (4, 2)]})
    swapped = play(blocked, 0, {"a": "swap", "n": 4, "s": 1})
    assert owners(swapped, 1)[-1] == [0] and swapped["p"][2]["pool"] == 6
    refused(rig(["alice", "walrus"], rolls={0: [3, 5]}, cards={1: [1, 2, 3]}), 0,
            {"a": "swap", "n": 3, "s": 1}, "swap")


def test_walrus_madness_resets_once_on_reaching_two_with_its_blocking_dice():
    st = rig(["walrus", "alice"], rolls={0: [2, 5, 5]}, cards={0: [1], 1: [1, 2, 3, (4, 0)]}, mad={0})
    after = play(st, 0, {"a": "advance", "n": 2})
    assert faces(after, 0) == [] and faces(after, 1) == [1, 2, 3]
    assert after["p"][0]["pool"] == 6 and after["p"][0]["reset_used"]
    assert after["log"][-1]["e"] == "reset"
    st2 = rig(["walrus", "alice"], rolls={0: [2, 5]}, cards={0: [1]}, mad={0})
    st2["p"][0]["reset_used"] = True                                    # once per round
    assert faces(play(st2, 0, {"a": "advance", "n": 2}), 0) == [1, 2]


# --- the Jabberwocky --------------------------------------------------------------------------
def jabber_state(chars=("alice", "queen", "cat"), j=2, options=None, **kw):
    """A round against the Jabberwocky (seat ``j``), rigged as ``rig`` does."""
    st = rig(list(chars), options=options, **kw)
    st["jabber"] = j
    return st


def test_jabberwocky_appears_when_everyone_is_mad_on_the_last_catcher():
    st = rig(["alice", "queen", "cat"], cards={2: [1, 2, 3, 4, 5, 6]}, mad={0, 1})
    after = play(st, 2, {"a": "catch"})
    assert after["jabber"] == 2 and after["phase"] == "ready"
    assert [p["mad"] for p in after["p"]] == [False, False, True]
    assert after["log"][-2] == {"e": "jabberwocky", "s": 2, "t": after["t"]}


def test_stop_only_for_the_jabberwocky_at_three_once_a_round():
    st = jabber_state(rolls={0: [6, 1]}, cards={0: [1, 2, 3, (4, 2)], 1: [1, 2], 2: [1, 2, 3, (4, 0)]})
    refused(st, 0, {"a": "stop"}, "stop")
    early = jabber_state(cards={2: [1, 2]})
    refused(early, 2, {"a": "stop"}, "stop_early")
    late = jabber_state(cards={2: [1, 2, 3, 4]})
    refused(late, 2, {"a": "stop"}, "stop_late")               # version 2: exactly at 3
    after = play(st, 2, {"a": "stop"})
    assert faces(after, 0) == [] and faces(after, 1) == []             # survivors start over
    assert faces(after, 2) == [1, 2, 3]                                # its own dice stay
    assert after["p"][2]["pool"] == 3 and after["p"][0]["pool"] == 6   # every die comes home
    refused(after, 2, {"a": "stop"}, "stop_used")


def test_version_1_stop_at_three_or_more_and_blocks_on_the_jabberwocky_stay():
    st = jabber_state(rolls={0: [6, 1]}, cards={0: [1, 2, 3, (4, 2)], 1: [1, 2], 2: [1, 2, 3, (4, 0)]},
                      version=1)
    late = jabber_state(cards={2: [1, 2, 3, 4, 5]}, version=1)
    assert play(late, 2, {"a": "stop"})["stop_used"]
    after = play(st, 2, {"a": "stop"})
    assert faces(after, 0) == [] and faces(after, 1) == []
    assert faces(after, 2) == [1, 2, 3, 4] and owners(after, 2)[-1] == [0]   # the block stays
    assert after["p"][2]["pool"] == 3 and after["p"][0]["pool"] == 5   # its block came home


def test_ruling_after_stop_the_caterpillar_places_its_one_again():
    st = jabber_state(chars=("caterpillar", "queen", "cat"), cards={0: [1, 2, 3], 2: [1, 2, 3]})
    after = play(st, 2, {"a": "stop"})
    assert faces(after, 0) == [1]


def test_jabberwocky_keeps_its_wonder_power():
    st = jabber_state(rolls={0: [4, 5]}, cards={2: [1, 2, 3]}, mad={2})
    refused(st, 0, {"a": "block", "n": 4, "s": 2}, "cannot_block")      # a Cheshire Cat
    assert GAME.power(st, 2) == "wonder"


def test_jabberwocky_round_win_maddens_a_survivor_of_its_choice():
    st = jabber_state(chars=("alice", "queen", "cat", "hatter"), cards={3: [1, 2, 3, 4, 5, 6]}, j=3)
    after = play(st, 3, {"a": "catch"})
    assert after["phase"] == "madden" and GAME.to_move(after) == [3]
    refused(after, 3, {"a": "madden", "s": 3}, "choice")
    after = play(after, 3, {"a": "madden", "s": 1})
    assert after["p"][1]["mad"] and after["phase"] == "ready"


def test_jabberwocky_wins_by_driving_every_survivor_mad():
    st = jabber_state(cards={2: [1, 2, 3, 4, 5, 6]}, mad={0})
    after = play(st, 2, {"a": "catch"})          # one sane survivor left: no choice to make
    assert after["phase"] == "over" and GAME.outcome(after)["winners"] == [2]


def test_survivors_win_after_beating_it_as_many_times_as_there_are_players():
    st = jabber_state(cards={0: [1, 2, 3, 4, 5, 6]}, mad={0})
    st["team_wins"] = 2
    after = play(st, 0, {"a": "catch"})
    assert after["phase"] == "over" and GAME.outcome(after)["winners"] == [0, 1]
    st["team_wins"] = 1
    after = play(st, 0, {"a": "catch"})
    assert after["phase"] == "ready" and after["team_wins"] == 2
    assert after["p"][0]["mad"] and not after["p"][1]["mad"]   # ruling: no card turns


def test_betrayal_by_a_sane_winner_and_the_true_winner():
    st = jabber_state(chars=("alice", "queen", "cat", "hatter"), j=3, cards={0: [1, 2, 3, 4, 5, 6]},
                      mad={2})
    after = play(st, 0, {"a": "catch"})
    assert after["phase"] == "betray" and GAME.to_move(after) == [0]
    refused(after, 0, {"a": "betray", "s": 2}, "choice")               # already mad
    after = play(after, 0, {"a": "betray", "s": 1})
    assert after["p"][1]["mad"] and after["betrayers"] == [0]
    # the betrayer, last sane survivor, wins the final round: the true winner alone
    final = jabber_state(chars=("alice", "queen", "cat", "hatter"), j=3,
                         cards={0: [1, 2, 3, 4, 5, 6]}, mad={1, 2})
    final["betrayers"], final["team_wins"] = [0], 3
    assert GAME.outcome(play(final, 0, {"a": "catch"}))["winners"] == [0]
    final["betrayers"] = []
    assert GAME.outcome(play(final, 0, {"a": "catch"}))["winners"] == [0, 1, 2]


def test_mad_players_cannot_betray():
    st = jabber_state(chars=("alice", "queen", "cat", "hatter"), j=3, cards={0: [1, 2, 3, 4, 5, 6]},
                      mad={0})
    assert play(st, 0, {"a": "catch"})["phase"] == "ready"
    spare = jabber_state(chars=("alice", "queen", "cat", "hatter"), j=3, cards={0: [1, 2, 3, 4, 5, 6]})
    after = play(play(spare, 0, {"a": "catch"}), 0, {"a": "spare"})
    assert after["phase"] == "ready" and not any(after["p"][x]["mad"] for x in (1, 2))


# --- optional rules ----------------------------------------------------------------------------
def test_play_me_scramble_slowest_back_to_wonder_power_sealed():
    st = rig(["alice", "queen", "cat", "hatter"], cards={0: [1, 2, 3, 4, 5, 6]}, mad={3},
             options={"play_me": True})
    after = play(st, 0, {"a": "catch"})
    assert after["phase"] == "scramble" and GAME.to_move(after) == [1, 2, 3]
    refused(after, 1, {"a": "roll"}, "phase")
    after = play(play(after, 2, {"a": "catch"}), 1, {"a": "catch"})
    assert after["phase"] == "ready" and after["log"][-2]["e"] == "slowest"
    assert not after["p"][3]["mad"] and after["p"][3]["sealed"] and GAME.power(after, 3) is None
    after["p"][3]["mad"] = True                      # ruling: sealed until the card turns again
    assert GAME.power(after, 3) is None


def test_sealed_power_does_not_apply():
    st = rig(["alice", "cat"], rolls={0: [3, 5]}, cards={1: [1, 2]})
    st["p"][1]["sealed"] = True
    assert faces(play(st, 0, {"a": "block", "n": 3, "s": 1}), 1) == [1, 2, 3]


def test_play_me_with_two_players_both_race_and_skipped_when_the_jabberwocky_appears():
    st = rig(["alice", "queen"], cards={0: [1, 2, 3, 4, 5, 6]}, options={"play_me": True})
    after = play(st, 0, {"a": "catch"})
    assert after["phase"] == "scramble" and GAME.to_move(after) == [0, 1]
    after = play(after, 1, {"a": "catch"})
    assert after["log"][-2]["e"] == "slowest" and after["p"][0]["sealed"] and not after["p"][0]["mad"]
    st = rig(["alice", "queen"], cards={0: [1, 2, 3, 4, 5, 6]}, options={"play_me": True}, version=1)
    assert play(st, 0, {"a": "catch"})["phase"] == "ready"               # version 1: 3+ players
    st = rig(["alice", "queen", "cat"], cards={0: [1, 2, 3, 4, 5, 6]}, mad={1, 2},
             options={"play_me": True})
    assert play(st, 0, {"a": "catch"})["jabber"] == 0


def test_challenge_six_games_everyone_plays_every_character():
    st = rig(["alice", "queen", "cat"], cards={0: [1, 2, 3, 4, 5, 6]}, mad={0},
             options={"challenge": True})
    played = [[p["char"] for p in st["p"]]]
    for g in range(R.CHALLENGE_GAMES):
        st = play(st, 0, {"a": "catch"})
        if st["phase"] == "over":
            break
        assert st["game_no"] == g + 1 and not any(p["mad"] for p in st["p"])
        played.append([p["char"] for p in st["p"]])
        st = play(st, 0, {"a": "ready"})
        st["t"] = st["start"]
        st["p"][0].update(card=[{"n": i, "o": [0]} for i in range(1, 7)], mad=True)
    assert st["phase"] == "over" and len(played) == 6
    for s in range(3):
        assert sorted(chars[s] for chars in played) == sorted(ALL)
    assert GAME.outcome(st)["winners"] == [0] and GAME.outcome(st)["scores"] == [6, 0, 0]


def test_mad_jabberwocky_no_power_and_joint_block():
    opts = {"mad_jabberwocky": True}
    st = jabber_state(chars=("alice", "queen", "cat"), options=opts, rolls={0: [4, 1], 1: [4, 6]},
                      cards={2: [1, 2, 3]})
    assert GAME.power(st, 2) is None                                     # the Cat can be blocked
    refused(st, 0, {"a": "block", "n": 1, "s": 1}, "joint")             # not each other
    st = play(st, 0, {"a": "block", "n": 4, "s": 2})
    assert faces(st, 2) == [1, 2, 3] and st["joint"] == {"n": 4, "o": [0]}
    refused(st, 0, {"a": "block", "n": 1, "s": 2}, "joint")
    done = play(st, 1, {"a": "block", "n": 4, "s": 2})
    assert faces(done, 2) == [1, 2, 3, 4] and owners(done, 2)[-1] == [0, 1] and done["joint"] is None
    # the Jabberwocky advances the number first: the blocking dice go back
    st["p"][2]["roll"] = [4, 2]
    back = play(st, 2, {"a": "advance", "n": 4})
    assert back["joint"] is None and back["p"][0]["pool"] == 6 and dice_total(back, 0) == 6


def test_mad_jabberwocky_survivors_need_two_wins_then_the_first_rabbit_catcher_wins():
    st = jabber_state(chars=("alice", "queen", "cat"), options={"mad_jabberwocky": True},
                      cards={0: [1, 2, 3, 4, 5, 6]}, mad={0})
    st["first"], st["team_wins"] = 1, 1
    st["results"] = [{"game": 0, "round": r, "winner": w, "jabber": False}
                     for r, w in enumerate((1, 0, 2))]
    after = play(st, 0, {"a": "catch"})
    assert after["phase"] == "over" and GAME.outcome(after)["winners"] == [1]


def test_mad_jabberwocky_never_crowned_by_the_survivors_win():
    opts = {"mad_jabberwocky": True}
    results = [{"game": 0, "round": r, "winner": w, "jabber": False} for r, w in enumerate((2, 1, 0, 2))]
    for version, crowned in ((2, [1]), (1, [2])):
        st = jabber_state(chars=("alice", "queen", "cat"), options=opts, cards={0: [1, 2, 3, 4, 5, 6]},
                          mad={0}, version=version)
        st["first"], st["team_wins"], st["results"] = 2, 1, list(results)
        assert GAME.outcome(play(st, 0, {"a": "catch"}))["winners"] == crowned


# --- views ---------------------------------------------------------------------------------
def test_views_show_everything_but_the_rng():
    st = rig(["alice", "queen"], rolls={0: [1, 2]})
    v0, v1, spectator = GAME.view(st, 0), GAME.view(st, 1), GAME.view(st, None)
    assert "rng" not in v0 and v0["p"] == st["p"]
    assert {k: v for k, v in v0.items() if k != "seat"} == {k: v for k, v in v1.items() if k != "seat"}
    assert spectator["seat"] is None and spectator["to_move"] == [0, 1]


# --- rules 3: a settled round is recorded -------------------------------------------------------
def test_a_settled_round_is_recorded_with_all_its_summary_shows():
    st = rig(["alice", "queen", "cat"], cards={1: [1, 2, 3, 4, 5, 6]})
    after = play(st, 1, {"a": "catch"})
    settled = after["log"][-1]
    assert settled["e"] == "settled" and settled["s"] == 1 and settled["round"] == 0
    assert [e["e"] for e in settled["events"]] == ["catch", "flip"]
    assert [c["side"] for c in settled["cards"]] == ["wonder", "madness", "wonder"]
    assert [c["wins"] for c in settled["cards"]] == [0, 1, 0] and settled["final"] is None
    assert settled["t"] == after["t"]


def test_a_round_is_recorded_once_the_race_or_the_choice_after_its_catch_is_over():
    st = rig(["alice", "queen", "cat", "hatter"], cards={0: [1, 2, 3, 4, 5, 6]}, mad={3},
             options={"play_me": True})
    after = play(st, 0, {"a": "catch"})
    assert after["phase"] == "scramble" and "settled" not in [e["e"] for e in after["log"]]
    after = play(play(after, 2, {"a": "catch"}), 1, {"a": "catch"})
    settled = after["log"][-1]
    assert settled["e"] == "settled" and [e["e"] for e in settled["events"]] == [
        "catch", "flip", "scramble", "grab", "grab", "slowest"]
    spare = jabber_state(chars=("alice", "queen", "cat", "hatter"), j=3, cards={0: [1, 2, 3, 4, 5, 6]})
    chose = play(spare, 0, {"a": "catch"})
    assert chose["phase"] == "betray" and chose["log"][-1]["e"] != "settled"
    after = play(chose, 0, {"a": "spare"})
    assert after["log"][-1]["e"] == "settled" and after["log"][-1]["events"][-1]["e"] == "spare"


def test_rules_1_and_2_record_no_settled_event_and_settled_of_makes_the_same_one():
    st = rig(["alice", "queen", "cat"], cards={1: [1, 2, 3, 4, 5, 6]})
    st3 = play(st, 1, {"a": "catch"})
    old = dict(st, rules_version=2)
    st2 = play(old, 1, {"a": "catch"})
    assert [e["e"] for e in st2["log"]] == ["catch", "flip"]
    made = GAME.settled_of(GAME.view(st2, None))
    assert made == st3["log"][-1]
