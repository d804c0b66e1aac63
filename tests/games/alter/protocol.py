"""ALTER's part of the protocol suite (tests/games/suite.py says what each name is for).

Invariants after every move: every card of the set is in exactly one of the deck, the places
and the rounds taken; Pick cards are one per seat that has moved; every seat took one card of
each round taken. A seat's hand is the cards it took this set. A view is unchanged when the
cards its seat cannot know are rearranged (``helpers.permute_hidden``).
"""

from bodoge.games.alter.rules import deck_for, set_rounds

from .helpers import permute_hidden

VARIANTS = [({"players": 3}, 2), ({"players": 4}, 1), ({"players": 4}, 2), ({"players": 5}, 2)]
SAMPLE = 20        # a game is about 100 moves: a few positions of each get the costly checks
# whole games of bots other tests replay (tests/ui/test_replay_properties.py)
SELFPLAY = [({"players": 4}, "normal"), ({"players": 3}, "easy"), ({"players": 5}, "easy")]


def check_step(before, seat, move, state):
    n = state["players"]
    if state["phase"] == "over":
        return
    taken = [c for r in set_rounds(state) for c in r["places"]]
    assert sorted(taken + state["places"] + state["deck"]) == deck_for(n), "cards conserved"
    assert len(set_rounds(state)) == state["round"]
    for r in set_rounds(state):
        assert sorted(r["picks"]) == list(range(n)), "every seat took one card"
    placed = [s for s in state["picks"] if s is not None]
    movers = {(state["dealer"] + i) % n for i in range(state["step"])}
    assert len(placed) == len(set(placed)) == state["step"] and set(placed) == movers


def hide(state, seat, rng):
    other = permute_hidden(state, seat, rng)
    return None if other == state else other


def check_view(state, seat, view):
    if seat is not None:
        assert sorted(view["hand"]) == sorted(
            r["places"][r["picks"].index(seat)] for r in set_rounds(state)
        ) if state["phase"] != "over" else view["hand"] == []


def check_end(match):
    out = match.outcome()
    players = match.state["players"]
    sets = out["sets"]
    assert len(sets) == players or out["victory"]
    assert out["scores"] == [sum(s[i] for s in sets) for i in range(players)]
    if out["victory"]:
        assert out["winners"] == out["victory"]
    else:
        assert out["winners"] == [s for s in range(players) if out["scores"][s] == max(out["scores"])]
