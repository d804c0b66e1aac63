"""Rules version 4 of algo (issue 25): no change of play; a round's end is recorded whole in
its ``round_end`` event, in the form the table draws (its dealer, every row's cards with their
ids, faces and handles, who was out), and every version's views show a round's end alike:
for older records the view makes the same from the log (``rules.final_round``)."""

import pytest

from bodoge.core.canon import state_hash
from bodoge.core.match import Match
from bodoge.core.protocol import rules_of
from bodoge.core.record import Record, replay
from bodoge.core.selfplay import play_one
from bodoge.games.algo import GAME
from bodoge.games.algo import rules as R

from ..suite import random_game
from .helpers import attack, rig

V4 = R.ROUND_BOARD_SINCE
SHOWN = ("round", "winner", "dealer", "out", "rows")     # what the table draws of a round's end


def test_version_4_is_the_current_rules():
    assert GAME.rules_version == V4 == 4
    assert rules_of(GAME.setup({"players": 2}, 1)) == 4


def as_version_3(state):
    """``state`` as version 3 would have it: its round ends' rows as parallel lists."""
    out = {k: v for k, v in state.items() if k != "rules_version"}
    log = []
    for e in state["log"]:
        if e["e"] == "round_end":
            rows = e["rows"]
            e = {k: v for k, v in e.items() if k not in ("dealer", "out", "rows")}
            e.update(rows=[[c["id"] for c in row] for row in rows],
                     up=[[c["up"] for c in row] for row in rows],
                     k=[[c["k"] for c in row] for row in rows])
        log.append(e)
    out["log"] = log
    return out


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3, "chips": True},
                                     {"players": 4, "mode": "pair", "chips": True}])
def test_version_4_plays_exactly_as_version_3(options):
    match = play_one("algo", options, 11, ["normal"] * options["players"])
    rec = match.record
    v3 = replay(Record("algo", 3, rec.options, rec.seed, rec.moves, {}))[1]
    v4 = replay(Record("algo", 4, rec.options, rec.seed, rec.moves, {}))[1]
    assert rules_of(v4) == 4 and rules_of(v3) == 3
    assert as_version_3(v4) == {k: v for k, v in v3.items() if k != "rules_version"}
    assert state_hash(v3) != state_hash(v4)


def test_the_round_end_event_holds_the_round_as_it_ended():
    state = rig([["b1", "w3"], ["b0", "w2"], ["b4", "w6"]], deck=["b8", "w9"],
                up=("b0", "b4", "w6"))
    state["out"][2] = True
    state = GAME.apply(state, 0, attack(1, 1, 2))       # Ben's w2: Ben out, Cy was: Aki wins
    e = next(x for x in state["log"] if x["e"] == "round_end")
    assert e["dealer"] == 0 and e["out"] == [False, True, True] and e["winner"] == 0
    # Aki's drawn w9 joined the row face down (the round-winning hit keeps it)
    assert [[(c["id"], c["up"]) for c in row] for row in e["rows"]] == [
        [(2, False), (7, False), (19, False)], [(0, True), (5, True)], [(8, True), (13, True)]]
    assert len({c["k"] for row in e["rows"] for c in row}) == 7
    assert state["round"] == 1 and state["rows"] != e["rows"]      # the next deal is elsewhere
    assert "up" not in e and "k" not in e


def test_every_seat_sees_the_round_that_ended_whole_and_nothing_of_the_next_deal():
    """Every card is shown when a round ends (``RULING_REVEAL_AT_ROUND_END``): each seat's
    view and the spectator's show the same round end, with the cards' numbers and no raw
    ids; the next round's cards stay hidden as ever."""
    assert R.RULING_REVEAL_AT_ROUND_END
    match = play_one("algo", {"players": 3}, 4, ["normal"] * 3)
    rec = match.record
    k = next(i for i in range(len(rec.moves))
             if any(e["e"] == "round_end" for e in replay(Record("algo", 4, rec.options, rec.seed,
                                                                 rec.moves[:i + 1], {}))[1]["log"]))
    state = replay(Record("algo", 4, rec.options, rec.seed, rec.moves[:k + 1], {}))[1]
    e = next(x for x in state["log"] if x["e"] == "round_end")
    seen = [next(x for x in GAME.view(state, s)["log"] if x["e"] == "round_end")
            for s in (None, 0, 1, 2)]
    assert all(x == seen[0] for x in seen)
    assert seen[0]["rows"] == [[{"k": c["k"], "c": c["id"] & 1, "n": c["id"] >> 1, "up": c["up"]}
                                for c in row] for row in e["rows"]]
    for s in range(3):
        view = GAME.view(state, s)
        assert all(c["n"] is None for t, row in enumerate(view["rows"]) if t != s for c in row)


def public_ends(match, seat=None):
    return [{k: e[k] for k in SHOWN} for e in match.view(seat)["log"] if e["e"] == "round_end"]


@pytest.mark.parametrize("options,versions", [
    ({"players": 2}, (1, 2, 3)), ({"players": 3, "chips": True}, (1, 2, 3)),
    ({"players": 4}, (1, 2, 3)), ({"players": 4, "mode": "pair"}, (2, 3)),
    ({"players": 4, "mode": "pair", "chips": True}, (2, 3))])
def test_older_records_show_a_round_s_end_as_version_4_records_it(options, versions):
    """Random games (misses with the drawn card and with an own card, Stays, Tosses, empty
    decks): replayed by each older version that plays them alike, the view of every round's
    end is version 4's, made from the log for versions 1 and 2 (handles and faces)."""
    ends = 0
    for seed in range(30):
        match = random_game("algo", options, V4, seed)
        rec = match.record
        want = public_ends(match)
        ends += len(want)
        for version in versions:
            old = Match.from_record(Record("algo", version, rec.options, rec.seed, rec.moves, {}))
            assert public_ends(old) == want, (seed, version)
            assert public_ends(old, 1) == want
    assert ends >= 30 * options["players"] // 2
