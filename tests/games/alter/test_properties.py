"""Property tests: thousands of random games through the protocol (hypothesis).

Invariants: every card of the set is in exactly one of deck, places and taken rounds; Pick
cards are one per seat that has moved; the views leak nothing (a view is unchanged when the
cards its seat cannot know are rearranged, and so is a bot's decision); every legal move
applies and garbage moves raise only ``IllegalMove``; record → code → decode → same state.
"""

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bodoge.core.bot import think
from bodoge.core.canon import state_hash
from bodoge.core.match import Match
from bodoge.core.rng import Rng
from bodoge.games.alter import GAME
from bodoge.games.alter.rules import deck_for, set_rounds

from .. import refused_or_legal
from .helpers import permute_hidden

GAMES = int(os.environ.get("BODOGE_PROPERTY_GAMES", "2000"))
SETTINGS = settings(max_examples=GAMES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=max(10, GAMES // 100), deadline=None, derandomize=True,
               suppress_health_check=[HealthCheck.too_slow])
DECISIONS = settings(max_examples=max(20, GAMES // 10), deadline=None, derandomize=True,
                     suppress_health_check=[HealthCheck.too_slow])


def check_cards(state):
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


def check_views(state, rng):
    for seat in list(range(state["players"])) + [None]:
        view = GAME.view(state, seat)
        other = permute_hidden(state, seat, rng)
        assert GAME.view(other, seat) == view, "a view shows only what its seat may know"
        if seat is not None:
            assert sorted(view["hand"]) == sorted(
                r["places"][r["picks"].index(seat)] for r in set_rounds(state)
            ) if state["phase"] != "over" else view["hand"] == []


def random_game(seed, players, pick):
    match = Match.new("alter", {"players": players}, seed)
    while not match.over:
        seat = match.to_move()[0]
        moves = GAME.legal_moves(match.state, seat)
        assert moves, "a player to move always has a legal move"
        match.play(seat, moves[pick.below(len(moves))])
        yield match


@SETTINGS
@given(seed=st.integers(0, 2**53 - 1), players=st.sampled_from([3, 4, 4, 5]))
def test_random_games_keep_invariants(seed, players):
    pick = Rng.from_seed(seed)
    match = None
    sample = pick.below(60)              # the costly view checks on one position per game
    for i, match in enumerate(random_game(seed, players, pick)):
        check_cards(match.state)
        if i == sample:
            check_views(match.state, pick)
    out = match.outcome()
    assert out is not None
    sets = out["sets"]
    assert len(sets) == players or out["victory"]
    assert out["scores"] == [sum(s[i] for s in sets) for i in range(players)]
    if out["victory"]:
        assert out["winners"] == out["victory"]
    else:
        assert out["winners"] == [s for s in range(players) if out["scores"][s] == max(out["scores"])]


@SETTINGS
@given(seed=st.integers(0, 2**53 - 1), players=st.sampled_from([3, 4, 5]), cut=st.integers(0, 120))
def test_record_round_trip(seed, players, cut):
    pick = Rng.from_seed(seed + 1)
    match = None
    for i, match in enumerate(random_game(seed, players, pick)):
        if i == cut:
            break
    again = Match.from_code(match.code())
    assert state_hash(again.state) == state_hash(match.state)


@DECISIONS
@given(seed=st.integers(0, 2**53 - 1), players=st.sampled_from([3, 4, 5]), cut=st.integers(0, 90),
       level=st.sampled_from(["easy", "normal", "strong"]))
def test_bot_decision_unchanged_when_hidden_cards_are_rearranged(seed, players, cut, level):
    pick = Rng.from_seed(seed + 2)
    match = None
    for i, match in enumerate(random_game(seed, players, pick)):
        if i == cut:
            break
    if match.over:
        return
    seat = match.to_move()[0]
    other = permute_hidden(match.state, seat, pick)
    a = think(GAME.make_bot(level, seat, 5), GAME.view(match.state, seat))
    b = think(GAME.make_bot(level, seat, 5), GAME.view(other, seat))
    assert a == b
    assert a in GAME.legal_moves(match.state, seat)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 8) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["a", "p", "x"]), inner, max_size=3),
    max_leaves=8)


@settings(max_examples=GAMES, deadline=None, derandomize=True)
@given(seed=st.integers(0, 1000), seat=st.integers(-1, 5), move=json_values,
       action=st.sampled_from([None, "place", "change", "watch"]), steps=st.integers(0, 6))
def test_garbage_moves_only_raise_illegal_move(seed, seat, move, action, steps):
    state = GAME.setup({"players": 4}, seed)
    pick = Rng.from_seed(seed)
    for _ in range(steps):                 # also mid-round (after a Watch, the last player)
        s = GAME.to_move(state)[0]
        moves = GAME.legal_moves(state, s)
        state = GAME.apply(state, s, moves[pick.below(len(moves))])
    if isinstance(move, dict) and action is not None:
        move["a"] = action
    refused_or_legal(GAME, state, seat, move)


@FEW
@given(seed=st.integers(0, 2**53 - 1), players=st.sampled_from([3, 4, 4, 5]))
def test_bots_play_whole_games_legally(seed, players):
    levels = ["easy", "normal", "strong", "normal", "strong"][:players]
    match = Match.new("alter", {"players": players}, seed)
    bots = [GAME.make_bot(level, s, seed + s) for s, level in enumerate(levels)]
    while not match.over:
        seat = match.to_move()[0]
        match.play(seat, think(bots[seat], match.view(seat)))
    assert match.outcome()["winners"]
