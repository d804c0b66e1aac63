"""ALLUVIUM's part of the protocol suite (tests/games/suite.py says what each name is for).

Random play is kept cheap (a random placement is drawn by trial, not from the full list).
Invariants: cells once drawn never change; every seat to move can act; each deck is the six
pieces; at the end, territory and ticks add up to the log, the area bonus is the largest
rectangle, totals and winners follow the rules. Games are played by both rules versions (the
start squares differ; version 2 also keeps round 1's pieces unnamed). A view shows only the
sheet in front of the seat: the hidden sheets, the decks' order and the others' hands (while
private) may change without the view changing, but not the sheet in front of it.
"""

from bodoge.core.protocol import clone, rules_of
from bodoge.games.alluvium import GAME
from bodoge.games.alluvium import board as B
from bodoge.games.alluvium import rules as R

V = GAME.rules_version
VARIANTS = [({"players": n}, v) for n in (3, 4, 5) for v in (V, V, V, 1)]   # one in four: v1
SAMPLE = 25
# whole games of bots other tests replay (tests/ui/test_replay_properties.py)
SELFPLAY = [({"players": 3}, "easy"), ({"players": 5}, "easy")]


def random_move(state, seat, rng):
    """A random legal move, found by trial; falls back to the full list."""
    filled = R.filled_mask(state["maps"][GAME.sheet_of(state, seat)])
    if state["phase"] == "others" and rng.below(6) == 0:
        single = B.cells_of(B.single_cells(filled))
        if single:
            return {"cell": single[rng.below(len(single))]}
    must = GAME.start(state) & ~filled if (state["round"] == 1 and state["phase"] == "own") else 0
    piece = state["todo"][seat][rng.below(len(state["todo"][seat]))]
    places = B.placements(piece)
    for _ in range(40):
        m = places[rng.below(len(places))]
        if not m & filled and (not must or m & must):
            return {"piece": piece, "cells": B.cells_of(m)}
    moves = GAME.legal_moves(state, seat)
    return moves[rng.below(len(moves))]


def check_step(before, seat, move, after):
    for old, new in zip(before["maps"], after["maps"]):
        if old != new:
            _, was = R.masks(old)
            _, now = R.masks(new)
            assert all(w & ~n == 0 for w, n in zip(was, now)), "drawn cells never change"
    for s in GAME.to_move(after):
        assert GAME._can_act(after, s), "a seat to move can act"


def check_position(state):
    for s in range(len(state["decks"])):
        hand = [state["hands"][s]] if s < state["players"] else []
        assert sorted(state["decks"][s] + state["piles"][s] + hand) == sorted(B.DECK)


def check_end(match):
    state = match.state
    check_position(state)
    n = state["players"]
    parts = len(state["piles"])
    cells = [[0] * parts for _ in range(n)]
    ticks = [[0] * parts for _ in range(n)]
    for e in state["log"]:
        if e["e"] == "place":
            cells[e["owner"]][e["who"]] += len(e["cells"])
            ticks[e["owner"]][e["who"]] += e["ticks"]
        elif e["e"] == "cell":
            cells[e["owner"]][e["seat"]] += 1
            ticks[e["owner"]][e["seat"]] += e["ticks"]
    for o in range(n):
        assert [state["maps"][o].count(str(p)) for p in range(parts)] == cells[o]
        assert state["ticks"][o] == ticks[o]
        assert ticks[o][o] == 0, "nobody ticks their own track"
        assert state["areas"][o][-1] == B.rectangle_area(R.filled_mask(state["maps"][o]))
        assert state["areas"][o] == sorted(state["areas"][o])
    out = GAME.outcome(state)
    result = state["result"]
    assert len(state["areas"][0]) == R.ROUNDS[n]
    assert out["scores"] == [sum(state["areas"][s]) + result["coop"][s] for s in range(n)]
    best = max(zip(out["scores"], result["coop"]))
    assert out["winners"] == [s for s in range(n) if (out["scores"][s], result["coop"][s]) == best]
    for sheet in result["sheets"]:
        for row in sheet["ranking"]:
            assert row["points"] <= row["territory"]
            assert row["rank"] == 1 + sum(1 for r in sheet["ranking"] if r["ticks"] > row["ticks"])


def _secret(state):
    return state["round"] == 1 and state["phase"] == "own"


def _front(state, seat):
    return None if seat is None else GAME.sheet_of(state, seat)


def check_view(state, seat, view):
    """What the view shows: the start squares, the sheet in front of the seat only (none for a
    spectator), nobody else's ticks, round 1's pieces unnamed by version 2; and the sheet in
    front of the seat does show (changing it changes the view)."""
    over = state["phase"] == "over"
    unnamed = _secret(state) and rules_of(state) >= 2
    front = _front(state, seat)
    assert view["start"] == list(B.start_squares(rules_of(state)))
    if seat is None:
        assert view["sheet"] is None
    elif not over:
        assert view["sheets"] is None and view["sheet"]["owner"] == front
    for e in view["log"]:
        if e["e"] in ("place", "cell") and e["seat"] != seat:
            assert e["ticks"] is None
            if e["e"] == "place":
                assert (e["piece"] is None) == unnamed
    for item in view["returned"]:
        assert front == seat and item["seat"] != seat
        assert all(state["maps"][seat][i] == str(item["seat"]) for i in item["cells"])
    if over:
        return
    other = clone(state)
    if front is not None:
        other["maps"][front] = "4" * B.CELLS
    else:
        other["areas"][0] = [99]
    assert GAME.view(other, seat) != view            # the hiding check can fail


def hide(state, seat, rng):
    """The sheets not in front of the seat and their ticks, the decks' order, the others'
    hands while secret, and what the others drew on hidden sheets (and, by version 2, which
    piece) all changed."""
    if state["phase"] == "over":
        return None
    n = state["players"]
    secret = _secret(state)
    unnamed = secret and rules_of(state) >= 2
    front = _front(state, seat)
    other = clone(state)
    for o in range(n):
        if o != front:
            other["maps"][o] = "4" * B.CELLS
            other["ticks"][o] = [99] * len(other["ticks"][o])
    for d in other["decks"]:
        d.reverse()
    for s in range(n):
        if s != seat and secret:
            other["hands"][s] = "P5" if state["hands"][s] != "P5" else "I3"
    for e in other["log"]:
        # what the others drew on the sheet in front of the seat shows on it (and, once the
        # seat's own map is back, ``returned`` says which cells they drew)
        if e["e"] in ("place", "cell") and e["seat"] != seat and e["owner"] != front:
            e["ticks"] = 77
            e["cells" if e["e"] == "place" else "cell"] = [0] if e["e"] == "place" else 0
            if unnamed and e["e"] == "place":
                e["piece"] = "P5" if e["piece"] != "P5" else "I3"
    return other
