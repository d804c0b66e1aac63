"""Rules version 3 of algo (issue 14): no change of play, a fuller log for the table. Also the
replay and take-back hooks, ``reveal`` and ``undoable``.

* An attack names the attacked card's position from the left (``p``) and its colour (``c``); a
  card turned up (``reveal``) and a card shown by Toss (``show``) their position; a drawn card
  put into the row face up says so (``drawn``).
* A round's end lists which cards were still face down (``up``), every card's handle (``k``)
  and the round wins after it; with point chips also each seat's points won or lost by hits
  (``hits``) and by the round win (``won``), and the points after (``points``).
"""

import pytest

from bodoge.core.canon import state_hash
from bodoge.core.match import Match
from bodoge.core.protocol import rules_of
from bodoge.core.record import Record, replay
from bodoge.core.selfplay import play_one
from bodoge.games.algo import GAME
from bodoge.games.algo import rules as R

from .helpers import STAY, attack, cid, rig
from .test_rules_v2 import PARTNER_HIT, TOSS, play, show

V3 = R.DETAILED_LOG_SINCE
EXTRA = {"attack": {"p", "c"}, "reveal": {"p", "drawn"}, "show": {"p"},
         "round_end": {"up", "k", "wins", "hits", "won", "points"}}


def test_version_3_is_a_rules_version():
    assert V3 == 3 and GAME.min_rules_version <= 3 < GAME.rules_version
    assert rules_of(GAME.setup({"players": 2}, 1, 3)) == 3


def stripped(state):
    """``state`` as version 2 would have it: without version 3's fields of the log."""
    out = {k: v for k, v in state.items() if k != "rules_version"}
    out["log"] = [{k: v for k, v in e.items() if k not in EXTRA.get(e["e"], ())} for e in state["log"]]
    return out


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3, "chips": True},
                                     {"players": 4}, {"players": 4, "mode": "pair", "chips": True}])
def test_version_3_plays_exactly_as_version_2(options):
    """The same record replays by both versions to the same game; version 3 only says more."""
    match = play_one("algo", options, 11, ["normal"] * options["players"])
    rec = match.record
    v2 = replay(Record("algo", 2, rec.options, rec.seed, rec.moves, {}))[1]
    v3 = replay(Record("algo", 3, rec.options, rec.seed, rec.moves, {}))[1]
    assert rules_of(v3) == 3 and rules_of(v2) == 2
    assert stripped(v3) == {k: v for k, v in v2.items() if k != "rules_version"}
    assert state_hash(v2) != state_hash(v3)


def test_attack_names_position_and_colour_and_reveal_its_place():
    # seat 0 (b1 w3 b5 w9) draws b8 (the top of the deck); seat 1 holds b0 w2 b4 w6
    state = rig([["b1", "w3", "b5", "w9"], ["b0", "w2", "b4", "w6"]], deck=["w10", "b8"])
    hit = GAME.apply(state, 0, attack(1, 3, 6))
    assert hit["log"][-1] == {"e": "attack", "seat": 0, "s": 1, "k": state["rows"][1][3]["k"],
                              "n": 6, "hit": True, "p": 3, "c": R.WHITE}
    miss = GAME.apply(hit, 0, attack(1, 1, 5))
    a, r = miss["log"][-3:-1]
    assert (a["p"], a["c"], a["hit"]) == (1, R.WHITE, False)
    # the drawn b8 goes into seat 0's row face up, 4th from the left (b1 w3 b5 b8 w9)
    assert r == {"e": "reveal", "seat": 0, "k": r["k"], "id": cid("b8"), "p": 3, "drawn": True}
    assert miss["rows"][0][3]["id"] == cid("b8") and miss["rows"][0][3]["up"]
    # version 2 and 1 keep their short events
    for version in (1, 2):
        old = GAME.apply(GAME.apply(rig([["b1", "w3", "b5", "w9"], ["b0", "w2", "b4", "w6"]],
                                        deck=["w10", "b8"], version=version), 0, attack(1, 3, 6)),
                         0, attack(1, 1, 5))
        assert [set(e) for e in old["log"][-4:-1]] == [
            {"e", "seat", "s", "k", "n", "hit"}, {"e", "seat", "s", "k", "n", "hit"},
            {"e", "seat", "k", "id"}]


def test_an_own_card_turned_up_and_a_shown_card_name_their_place():
    state, _ = play(PARTNER_HIT[:2], V3)
    shown = state["log"][-1]
    assert shown["e"] == "show" and shown["p"] == 3
    public = GAME.view(state, 1)["log"][-1]
    assert public["p"] == 3 and public["n"] is None            # the place is public, not the number
    state, _ = play([[0, attack(1, 0, 5, w=2)]], V3)          # seat 0 stakes b7 (3rd), misses
    reveal = state["log"][-1]
    assert reveal == {"e": "reveal", "seat": 0, "k": state["rows"][0][2]["k"], "id": cid("b7"), "p": 2}


def test_round_end_keeps_the_final_board_and_the_points_moved():
    rec = play_one("algo", {"players": 3, "chips": True}, 5, ["normal"] * 3).record
    match = Match.from_record(Record("algo", V3, rec.options, rec.seed, rec.moves, {}))
    ends = [e for e in match.state["log"] if e["e"] == "round_end"]
    assert len(ends) == 3
    before = [R.CHIPS_START[3]] * 3
    for e, result in zip(ends, match.state["results"]):
        assert len(e["up"]) == len(e["k"]) == len(e["rows"]) == 3
        assert [len(x) for x in e["up"]] == [len(x) for x in e["rows"]]
        winner = e["winner"]
        assert all(all(row) for s, row in enumerate(e["up"]) if s != winner)   # the others are out
        down = [c for c, up in zip(e["rows"][winner], e["up"][winner]) if not up]
        assert down and e["paid"] == 10 * (len(down) + sum(1 for c in down if c >> 1 == 6))
        assert e["won"][winner] == 2 * e["paid"] and all(e["won"][s] == -e["paid"] for s in range(3) if s != winner)
        assert sum(e["hits"]) == 0
        assert [b + x + y for b, x, y in zip(before, e["hits"], e["won"])] == e["points"]
        before = e["points"]
    assert ends[-1]["points"] == match.state["points"]
    assert ends[-1]["wins"] == match.state["wins"]
    handles = [k for e in ends for row in e["k"] for k in row]
    assert len(handles) == len(set(handles))                 # every card named once per game


def test_pair_round_end_counts_both_losers_and_team_scores():
    match = play_one("algo", {"players": 4, "mode": "pair", "chips": True}, 3, ["normal"] * 4)
    for e in (e for e in match.state["log"] if e["e"] == "round_end"):
        team = e["team"]
        assert e["won"][team[0]] == e["won"][team[1]] == e["total"] == 2 * e["paid"]
        assert all(e["points"][s] == e["points"][(s + 2) % 4] for s in range(4))


# --- reveal: everything, for the replay of a finished game -----------------------------------------
def test_reveal_fills_in_every_number_in_the_spectators_shape():
    match = play_one("algo", {"players": 3}, 2, ["normal"] * 3)
    rec = match.record
    part = Match.from_record(Record("algo", rec.version, rec.options, rec.seed, rec.moves[:9], {}))
    state = part.state
    spectator, everything = GAME.view(state, None), GAME.reveal(state)
    assert set(everything) == set(spectator)
    for row, full, seen in zip(state["rows"], everything["rows"], spectator["rows"]):
        assert [c["n"] for c in full] == [c["id"] >> 1 for c in row]
        assert [{k: v for k, v in c.items() if k != "n"} for c in full] == [
            {k: v for k, v in c.items() if k != "n"} for c in seen]
    assert any(c["n"] is None for row in spectator["rows"] for c in row)
    assert everything["drawn"] == {"c": state["drawn"] & 1, "n": state["drawn"] >> 1}
    draws = [e for e in everything["log"] if e["e"] == "draw"]
    assert draws and all(e["n"] is not None for e in draws)
    assert everything["deck"] == len(state["deck"])            # the deck stays a count


def test_reveal_shows_the_cards_shown_by_toss_and_the_puzzle_s_solution():
    state, _ = play(PARTNER_HIT[:2], V3)
    assert GAME.view(state, None)["log"][-1]["n"] is None
    assert GAME.reveal(state)["log"][-1]["n"] == 6
    puzzle = GAME.setup({"mode": "puzzle", "players": 1, "grade": 2}, 4)
    full = GAME.reveal(puzzle)
    assert [[c["n"] for c in row] for row in full["rows"]] == [
        [c["id"] >> 1 for c in row] for row in puzzle["rows"]]
    assert any(c["n"] is None for row in GAME.view(puzzle, None)["rows"] for c in row)


# --- undoable: only a Stay that drew nothing ----------------------------------------------------------
def undoable(state, seat, move):
    return GAME.undoable(state, seat, move, GAME.apply(state, seat, move))


def test_an_attack_is_never_undoable_hit_or_miss():
    state = rig([["b1", "w3", "b5", "w9"], ["b0", "w2", "b4", "w6"]], deck=["w10", "b8"])
    assert undoable(state, 0, attack(1, 3, 6)) == "algo.undo.answered"   # a hit turns a card up
    assert undoable(state, 0, attack(1, 3, 7)) == "algo.undo.answered"   # a miss: the drawn card
    empty = rig([["b1", "w3"], ["b0", "w2"]], deck=[])
    assert undoable(empty, 0, attack(1, 0, 0, w=0)) == "algo.undo.answered"  # a card at stake
    assert undoable(empty, 0, attack(1, 0, 5, w=0)) == "algo.undo.answered"  # the stake turns up


def test_a_stay_after_which_the_next_player_draws_is_not_undoable():
    state = rig([["b1", "w3", "b5", "w9"], ["b0", "w2", "b4", "w6"]], deck=["w10", "b8"])
    hit = GAME.apply(state, 0, attack(1, 3, 6))
    after = GAME.apply(hit, 0, STAY)
    assert after["log"][-1]["e"] == "draw" and after["log"][-1]["seat"] == 1
    assert GAME.undoable(hit, 0, STAY, after) == "algo.undo.drawn"


def test_a_stay_that_draws_nothing_is_undoable():
    empty = rig([["b1", "w3"], ["b0", "w2"]], deck=[])           # the deck is empty
    hit = GAME.apply(empty, 0, attack(1, 0, 0, w=0))
    assert hit["phase"] == "again"
    assert undoable(hit, 0, STAY) is True
    state, _ = play([[0, attack(1, 0, 0, w=0)]], V3)            # pair play: no deck at all
    assert state["phase"] == "again" and undoable(state, 0, STAY)


def test_toss_show_and_puzzle_answers_are_not_undoable():
    state, _ = play([], V3)
    assert undoable(state, 0, TOSS) == "algo.undo.toss"
    tossed = GAME.apply(state, 0, TOSS)
    assert undoable(tossed, 2, show(3)) == "undo.revealed"
    puzzle = GAME.setup({"mode": "puzzle", "players": 1, "grade": 1}, 4)
    move = GAME.legal_moves(puzzle, 0)[0]
    assert undoable(puzzle, 0, move) == "undo.answered"
    assert GAME.undoable(state, 0, "nonsense", state) is False
