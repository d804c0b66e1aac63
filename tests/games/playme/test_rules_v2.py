"""Rules version 2 of Play Me! (issue 12, corrections from a referee's reading of the source):
one scenario per correction, played through the protocol from a fixed seed by scripted moves,
and the same scenario under rules version 1 giving the old result (old records replay as they
were). Item 4 of the issue (every action reachable in the browser) is the UI's: test_ui.py."""

import pytest

from bodoge.games.playme import GAME
from bodoge.core.protocol import rules_of

from .helpers import Script, dice_total, faces, owners

BOTH = pytest.mark.parametrize("version", [1, 2])


def test_new_games_are_played_by_rules_version_3():
    """(Version 3 changes no rule: it records each settled round, tests/games/playme/test_rules.)"""
    assert GAME.rules_version == 3
    assert rules_of(Script(["alice", "queen"]).state) == 3
    assert rules_of(Script(["alice", "queen"], version=2).state) == 2
    assert rules_of(Script(["alice", "queen"], version=1).state) == 1


def jabberwocky(version, seed=12, **options):
    """Seats 0, 1, 2 (Queen, Cheshire Cat, Alice) win the first three rounds in turn: Alice, the
    last to catch the rabbit, is the Jabberwocky; round 4 (against it) has started."""
    sc = Script(["queen", "cat", "alice"], version, seed, **options)
    for seat in (0, 1, 2):
        sc.win_round(seat)
        if sc.state["phase"] == "betray":
            sc.play(seat, {"a": "spare"})
    assert sc.state["jabber"] == 2 and not any(p["mad"] for p in sc.state["p"][:2])
    sc.play(0, {"a": "ready"})
    return sc


# --- 5. Stop! only while the Jabberwocky's advance stands at exactly 3 -------------------------
@BOTH
def test_stop_only_at_exactly_three(version):
    sc = jabberwocky(version)
    sc.advance_to(0, 2)
    sc.advance_to(2, 2)
    sc.refused(2, {"a": "stop"}, "stop_early")
    sc.advance_to(2, 3)
    assert sc.can(2, {"a": "stop"})                    # after its 3, before its 4
    sc.advance_to(2, 4)
    assert faces(sc.state, 2) == [1, 2, 3, 4]
    if version == 1:                                  # version 1: at 4 (or 5) too
        sc.play(2, {"a": "stop"})
        assert faces(sc.state, 0) == [] and sc.state["stop_used"]
    else:
        sc.refused(2, {"a": "stop"}, "stop_late")
        assert not sc.can(2, {"a": "stop"}) and faces(sc.state, 0) == [1, 2]


@BOTH
def test_stop_once_a_round(version):
    sc = jabberwocky(version)
    sc.advance_to(2, 3)
    sc.play(2, {"a": "stop"})
    assert sc.state["log"][-1] == {"e": "stop", "s": 2, "t": sc.state["t"]}
    sc.refused(2, {"a": "stop"}, "stop_used")


# --- 6. Stop! restarts the survivors completely -----------------------------------------------
@BOTH
def test_stop_takes_back_the_survivors_blocks_on_the_jabberwocky(version):
    sc = jabberwocky(version)
    sc.advance_to(2, 3)
    sc.get_face(0, 4)                                 # the Queen blocks Alice's 4
    sc.play(0, {"a": "block", "n": 4, "s": 2})
    assert faces(sc.state, 2) == [1, 2, 3, 4] and owners(sc.state, 2)[-1] == [0]
    sc.play(2, {"a": "stop"})                         # blocked, its advance still stands at 3
    assert faces(sc.state, 0) == [] and faces(sc.state, 1) == []
    assert all(dice_total(sc.state, s) == 6 for s in range(3))
    if version == 1:                                  # version 1: the block stayed
        assert faces(sc.state, 2) == [1, 2, 3, 4] and sc.state["p"][0]["pool"] == 5
    else:
        assert faces(sc.state, 2) == [1, 2, 3] and sc.state["p"][0]["pool"] == 6
        assert len(sc.state["p"][0]["roll"]) == 6     # every die of the Queen's is back in hand
        sc.advance_to(2, 4)                           # nothing blocks the Jabberwocky any more


@BOTH
def test_stop_takes_back_the_dice_of_a_joint_block_being_placed(version):
    sc = jabberwocky(version, mad_jabberwocky=True)
    sc.advance_to(2, 3)
    sc.get_face(1, 4)
    sc.play(1, {"a": "block", "n": 4, "s": 2})        # the Cat's half of the joint block
    assert sc.state["joint"] == {"n": 4, "o": [1]}
    sc.play(2, {"a": "stop"})
    if version == 1:
        assert sc.state["joint"] == {"n": 4, "o": [1]} and sc.state["p"][1]["pool"] == 5
    else:
        assert sc.state["joint"] is None and sc.state["p"][1]["pool"] == 6
    assert all(dice_total(sc.state, s) == 6 for s in range(3))


# --- 7. Play Me! with 2 players: the slower of the two restarts -------------------------------
@BOTH
def test_play_me_with_two_players(version):
    sc = Script(["cat", "hatter"], version, play_me=True)
    sc.win_round(1)
    assert sc.state["p"][1]["mad"]
    if version == 1:                                  # version 1: no race with 2 players
        assert sc.state["phase"] == "ready" and sc.state["scramble"] is None
        return
    assert sc.state["phase"] == "scramble" and GAME.to_move(sc.state) == [0, 1]   # both race
    sc.refused(1, {"a": "roll"}, "phase")
    sc.play(0, {"a": "catch"})                         # the Cat grabs it first
    st = sc.state
    assert st["phase"] == "ready" and st["log"][-1]["e"] == "slowest" and st["log"][-1]["s"] == 1
    assert not st["p"][1]["mad"] and st["p"][1]["sealed"] and GAME.power(st, 1) is None
    # the next round win: this time the round winner grabs first, the other is the slower
    sc.win_round(0)
    sc.play(0, {"a": "catch"})
    st = sc.state
    assert st["log"][-1] == {"e": "slowest", "s": 1, "t": st["t"]}
    assert st["p"][0]["mad"] and not st["p"][0]["sealed"] and st["p"][1]["sealed"]


# --- 8. Mad Jabberwocky: the survivors' win never crowns the Jabberwocky ----------------------
@BOTH
def test_mad_jabberwocky_crown_goes_to_the_earliest_surviving_rabbit_winner(version):
    sc = Script(["queen", "cat", "alice"], version, play_me=True, mad_jabberwocky=True)
    sc.win_round(2)                                   # Alice catches the rabbit first ...
    assert sc.state["phase"] == "scramble"
    sc.play(0, {"a": "catch"})                        # (the Cat is the slowest)
    sc.win_round(0)
    sc.play(1, {"a": "catch"})                        # ... is the slowest: Wonder again
    assert not sc.state["p"][2]["mad"] and sc.state["p"][2]["sealed"]
    sc.win_round(1)
    sc.play(0, {"a": "catch"})                        # the slowest again (still sealed)
    sc.win_round(2)                                   # ... and catches it last: the Jabberwocky
    st = sc.state
    assert st["jabber"] == 2 and st["first"] == 2
    assert [r["winner"] for r in st["results"]] == [2, 0, 1, 2]
    for _ in range(2):                                # the survivors' two wins
        sc.win_round(1)
        if sc.state["phase"] == "betray":
            sc.play(1, {"a": "spare"})
    out = GAME.outcome(sc.state)
    assert sc.state["team_wins"] == 2 and out is not None
    if version == 1:
        assert out["winners"] == [2]                  # version 1 crowned the Jabberwocky
    else:
        assert out["winners"] == [0]                  # the Queen: round 2, a survivor


# --- 9. Block: the lowest number missing among the faces on the target card -------------------
@BOTH
def test_block_counts_the_faces_on_the_card(version):
    sc = Script(["queen", "cat", "alice"], version)
    sc.win_round(1)                                   # the Cheshire Cat turns to Madness
    sc.play(0, {"a": "ready"})
    sc.advance_to(1, 2)
    sc.get_face(0, 1)
    sc.play(0, {"a": "block", "n": 1, "s": 1})        # the Queen's 1, on the Mad Cat's slot 3
    assert faces(sc.state, 1) == [1, 2, 1] and owners(sc.state, 1)[-1] == [0]
    missing = 3 if version == 2 else 4                # version 1: the next slot's number
    assert GAME.block_number(sc.state, 1) == missing
    sc.get_face(2, 7 - missing)                       # Alice holds the wrong number ...
    sc.refused(2, {"a": "block", "n": 7 - missing, "s": 1}, "block_number")
    sc.get_face(2, missing)                           # ... and then the right one
    sc.play(2, {"a": "block", "n": missing, "s": 1})
    assert faces(sc.state, 1) == [1, 2, 1, missing] and owners(sc.state, 1)[-1] == [2]
