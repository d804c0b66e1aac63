"""Property tests: thousands of random Bossa games through the protocol (hypothesis).

Invariants after every move: the 27 tiles are conserved (deck, the tile put aside, hands, lines
with their stacks, discards: each tile exactly once); every line is consecutive numbers out of
its die, every placement sums to its number in the line's colour with the right tile count
next to its neighbour, every stack matches its place; hands are sorted; a player to move always
has a legal move (else the game ended as stuck). On a sample of positions: the view of a seat
does not change when what it may not see changes (deck order, the tile put aside, before the
hands open the other hand, and from rules version 2 on the lower roller's own hand too), yet the
hidden data is really there; record → code → replay gives the same state. Random games are
played by both rules versions. Garbage moves only raise ``IllegalMove``; bots of every level finish games.
"""

import functools
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bodoge.core.bot import think
from bodoge.core.canon import state_hash
from bodoge.core.match import Match
from bodoge.core.protocol import clone, rules_of
from bodoge.core.record import Record
from bodoge.core.rng import Rng
from bodoge.games.bossa import GAME
from bodoge.games.bossa import rules as R

from .. import refused_or_legal

GAMES = int(os.environ.get("BODOGE_PROPERTY_GAMES", "2000"))
SETTINGS = settings(max_examples=GAMES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
VARIANTS = st.sampled_from(R.VARIANTS)
VERSIONS = st.sampled_from(range(GAME.min_rules_version, GAME.rules_version + 1))


def all_tiles(state):
    tiles = list(state["deck"]) + [state["removed"]] + state["discard"]
    for hand in state["hands"]:
        tiles += hand
    for line in state["lines"]:
        for place in R.filled(line):
            tiles += place["t"]
            for group in place["s"]:
                tiles += group
    return tiles


def check_invariants(state):
    assert sorted(all_tiles(state)) == list(R.ALL_TILES), "27 tiles, each exactly once"
    for hand in state["hands"]:
        assert hand == sorted(hand)
    for c, line in enumerate(state["lines"]):
        if line["die"] is None:
            assert not R.filled(line) and state["phase"] in ("choose", "side")
            continue
        for end, step in (("lo", -1), ("hi", 1)):
            prev = 0
            for i, place in enumerate(line[end]):
                assert place["n"] == line["die"] + step * (i + 1) >= 1
                assert place["k"] == len(place["t"])
                assert place["k"] in R.allowed_counts(prev, place["n"], state["variant"])
                for group in [place["t"]] + place["s"]:
                    assert len(group) == place["k"] and all(R.VALUE[c][t] for t in group)
                    assert sum(R.VALUE[c][t] for t in group) == place["n"]
                prev = place["k"]
    stacks = [len(p["s"]) for line in state["lines"] for p in R.filled(line)]
    assert sum(stacks) <= sum(u["stack"] for u in state["used"])
    assert len(state["discard"]) == sum(u["redraw"] for u in state["used"])
    if state["phase"] == "play":
        assert GAME.legal_moves(state, state["turn"]), "the player to move can move"
        assert state["variant"] == "basic" or sorted(state["own"]) == [0, 1]
    if state["phase"] == "over":
        out = GAME.outcome(state)
        assert out["how"] in ("empty", "six", "stuck", "deck") and out["winners"]


def check_view(state, seat):
    view = GAME.view(state, seat)
    assert "rng" not in view and view["deck"] == len(state["deck"])
    hidden = state["phase"] in ("choose", "side")
    rng = Rng(state["rng"] ^ (seat + 7))
    # The deck order and the tile put aside are never seen (until the end: the tile put aside).
    if state["phase"] != "over" and state["deck"]:
        other = clone(state)
        d = rng.below(len(other["deck"]))
        other["deck"][d], other["removed"] = other["removed"], other["deck"][d]
        rng.shuffle(other["deck"])
        assert GAME.view(other, seat) == view
    unseen_hands = []
    if hidden:
        # before the dice are laid: the other hand is never seen; the own hand is seen by the
        # higher roller, and by the lower roller only in rules version 1
        own = seat == state["high"] or rules_of(state) == 1
        assert view["hands"] == [state["hands"][s] if s == seat and own else None for s in (0, 1)]
        unseen_hands = [1 - seat] if own else [1 - seat, seat]
    for whose in unseen_hands if state["deck"] else ():
        other = clone(state)
        i, d = rng.below(len(other["hands"][whose])), rng.below(len(other["deck"]))
        other["hands"][whose][i], other["deck"][d] = other["deck"][d], other["hands"][whose][i]
        other["hands"][whose].sort()
        assert GAME.view(other, seat) == view
        if whose == state["high"] or rules_of(state) == 1:        # the check can fail
            assert GAME.view(other, whose) != GAME.view(state, whose)
    if not hidden:
        assert view["hands"] == state["hands"]
    seen = set(view["discard"]) | {t for h in view["hands"] if h for t in h}
    assert set(view["unseen"]).isdisjoint(seen)


def new_match(seed, variant, version=GAME.rules_version):
    return Match.from_record(Record("bossa", version, GAME.options({"rules": variant}), seed))


def random_game(seed, variant, pick, version=GAME.rules_version):
    match = new_match(seed, variant, version)
    while not match.over:
        seat = match.to_move()[0]
        moves = GAME.legal_moves(match.state, seat)
        assert moves
        # mostly placements, so games also reach their ends by emptied hands and full lines
        places = [m for m in moves if m["a"] == "place"]
        if places and pick.below(5):
            moves = places
        match.play(seat, moves[pick.below(len(moves))])
        yield match


@SETTINGS
@given(seed=st.integers(0, 2**53 - 1), variant=VARIANTS, version=VERSIONS)
def test_random_games_keep_invariants(seed, variant, version):
    pick = Rng.from_seed(seed)
    match = new_match(seed, variant, version)
    assert rules_of(match.state) == version
    check_invariants(match.state)
    check_view(match.state, match.to_move()[0])
    check_view(match.state, 1 - match.to_move()[0])
    for i, match in enumerate(random_game(seed, variant, pick, version)):
        check_invariants(match.state)
        if i % 5 == 0 or match.over:
            check_view(match.state, i % 2)
    assert match.outcome() is not None
    assert len(match.record.moves) <= 40


@SETTINGS
@given(seed=st.integers(0, 2**53 - 1), variant=VARIANTS, cut=st.integers(0, 40), version=VERSIONS)
def test_record_round_trip(seed, variant, cut, version):
    pick = Rng.from_seed(seed + 1)
    match = new_match(seed, variant, version)
    for i, match in enumerate(random_game(seed, variant, pick, version)):
        if i == cut:
            break
    again = Match.from_code(match.code())
    assert state_hash(again.state) == state_hash(match.state)
    assert again.state == match.state


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(["lo", "hi", "x"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["a", "line", "end", "tiles", "n", "tile", "give", "take", "x"]), inner,
        max_size=5),
    max_leaves=10)
ACTIONS = st.sampled_from(["place", "stack", "redraw", "exchange", "own", "first", "nope"])


@functools.lru_cache(maxsize=1)
def positions():
    """States from random games at every stage (both rule sets, every phase), built once."""
    out = []
    for seed in range(40):
        for variant in R.VARIANTS:
            pick = Rng.from_seed(seed)
            out.append(Match.new("bossa", {"rules": variant}, seed).state)
            out += [m.state for i, m in enumerate(random_game(seed, variant, pick)) if i % 3 == 0]
    return out


@settings(max_examples=GAMES, deadline=None, derandomize=True)
@given(index=st.integers(0, 10**6), seat=st.integers(-1, 2), action=ACTIONS, move=json_values)
def test_garbage_moves_only_raise_illegal_move(index, seat, action, move):
    states = positions()
    state = states[index % len(states)]
    if isinstance(move, dict):
        move["a"] = action
    refused_or_legal(GAME, state, seat, move)


@settings(max_examples=max(4, GAMES // 100), deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**53 - 1), variant=VARIANTS, version=VERSIONS,
       levels=st.sampled_from([("easy", "normal"), ("normal", "easy"), ("easy", "strong"),
                               ("strong", "normal")]))
def test_bots_play_legal_moves_to_the_end(seed, variant, version, levels):
    match = new_match(seed, variant, version)
    bots = [GAME.make_bot(level, s, seed + s) for s, level in enumerate(levels)]
    for bot in bots:
        if bot.level == "strong":
            bot.playouts = 40          # the rules are the point here, not the strength
    while not match.over:
        seat = match.to_move()[0]
        view = match.view(seat)
        move = think(bots[seat], view)
        assert move in R.view_moves(view, seat)
        match.play(seat, move)
    check_invariants(match.state)
