"""Property tests: thousands of random ALLUVIUM games through the protocol (hypothesis).

Random play is kept cheap (a random placement is drawn by trial, not from the full list) so the
count stays high; the costly checks (views leak nothing, code round trip, replay) run on a
sample of the games. Invariants: cells once drawn never change, each deck is the six pieces,
every seat to move can act, territory and ticks add up to the log, the area bonus is the
largest rectangle, totals and winners follow the rules. Games are played by both rules
versions (the start squares differ; version 2 also keeps round 1's pieces unnamed).
"""

import functools
import itertools
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bodoge.core.bot import think
from bodoge.core.canon import state_hash
from bodoge.core.match import Match
from bodoge.core.protocol import clone, rules_of
from bodoge.core.record import Record
from bodoge.core.rng import Rng
from bodoge.games.alluvium import GAME
from bodoge.games.alluvium import board as B
from bodoge.games.alluvium import rules as R

from .. import refused_or_legal

GAMES = int(os.environ.get("BODOGE_PROPERTY_GAMES", "2000"))
SAMPLE = 10            # the costly checks run on one game in SAMPLE
SETTINGS = settings(max_examples=GAMES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


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


def version_of(seed):
    """Most games by the current rules, one in four by version 1."""
    return 1 if seed % 4 == 1 else GAME.rules_version


def new_match(seed, players, version=None):
    version = version_of(seed) if version is None else version
    return Match.from_record(Record("alluvium", version, GAME.options({"players": players}), seed))


def random_game(seed, players, untouched=False):
    """Yields (state before, match) after every move; ``untouched``: also check now and then
    that ``apply`` left the state before the move as it was."""
    rng = Rng.from_seed(seed)
    match = new_match(seed, players)
    while not match.over:
        movers = match.to_move()
        seat = movers[rng.below(len(movers))]       # simultaneous: any order
        before = match.state
        copy = clone(before) if untouched and len(match.record.moves) % 7 == 0 else None
        match.play(seat, random_move(match.state, seat, rng))
        if copy is not None:
            assert before == copy, "apply changes nothing in the state it was given"
        yield before, match


def check_step(before, after):
    for old, new in zip(before["maps"], after["maps"]):
        if old != new:
            _, was = R.masks(old)
            _, now = R.masks(new)
            assert all(w & ~n == 0 for w, n in zip(was, now)), "drawn cells never change"
    for s in GAME.to_move(after):
        assert GAME._can_act(after, s), "a seat to move can act"


def check_conservation(state):
    for s in range(len(state["decks"])):
        hand = [state["hands"][s]] if s < state["players"] else []
        assert sorted(state["decks"][s] + state["piles"][s] + hand) == sorted(B.DECK)


def check_end(state):
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


def check_views(state):
    """A view shows only the sheet in front of the seat; hidden sheets, the decks' order and
    the others' hands (while private) may change without the view changing."""
    n = state["players"]
    secret = state["round"] == 1 and state["phase"] == "own"
    unnamed = secret and rules_of(state) >= 2       # round 1's pieces, while phase 1 lasts
    for seat in list(range(n)) + [None]:
        view = GAME.view(state, seat)
        over = state["phase"] == "over"
        assert view["start"] == list(B.start_squares(rules_of(state)))
        if seat is None:
            front = None
            assert view["sheet"] is None
        else:
            front = GAME.sheet_of(state, seat)
            if not over:
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
            continue
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
        assert GAME.view(other, seat) == view
        if front is not None:
            other["maps"][front] = "4" * B.CELLS
        else:
            other["areas"][0] = [99]
        assert GAME.view(other, seat) != view            # the test can fail


@SETTINGS
@given(seed=st.integers(0, 2**53 - 1), players=st.integers(3, 5))
def test_random_games_keep_invariants(seed, players):
    sampled = seed % SAMPLE == 0
    cut = seed % 60
    match = None
    for i, (before, match) in enumerate(random_game(seed, players, untouched=sampled)):
        check_step(before, match.state)
        if sampled and i % 7 == 0:
            check_conservation(match.state)
            check_views(match.state)
        if sampled and i == cut:
            again = Match.from_code(match.code())
            assert state_hash(again.state) == state_hash(match.state)
    check_end(match.state)
    check_conservation(match.state)
    if sampled:
        check_views(match.state)
        again = Match.from_code(match.code())
        assert again.state == match.state and again.outcome() == match.outcome()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 90) | st.text(max_size=3)
    | st.sampled_from(list(B.DECK)),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
        st.sampled_from(["piece", "cells", "cell", "x"]), inner, max_size=3),
    max_leaves=12)


@functools.lru_cache(maxsize=None)
def positions(seed, players):
    """The states of one random game (first moves: all phases, action B included)."""
    return [before for before, _ in itertools.islice(random_game(seed, players), 60)]


@settings(max_examples=GAMES, deadline=None, derandomize=True)
@given(seed=st.integers(0, 40), players=st.integers(3, 5), seat=st.integers(-1, 5),
       move=json_values, step=st.integers(0, 59))
def test_garbage_moves_only_raise_illegal_move(seed, players, seat, move, step):
    states = positions(seed, players)
    state = states[step % len(states)]
    refused_or_legal(GAME, state, seat, move)


@settings(max_examples=max(6, GAMES // 100), deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**53 - 1), players=st.integers(3, 5))
def test_bots_of_every_level_play_legal_games_from_their_views(seed, players):
    levels = ["strong", "normal", "easy", "strong", "normal"][:players]
    match = new_match(seed, players)
    bots = [GAME.make_bot(level, s, seed + s) for s, level in enumerate(levels)]
    while not match.over:
        for seat in match.to_move():
            view = match.view(seat)
            move = think(bots[seat], view)
            assert move in GAME.legal_moves(match.state, seat)
            match.play(seat, move)
    check_end(match.state)
