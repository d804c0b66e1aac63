"""Property tests over random event orders (hypothesis): random seats act at random times with
random legal moves, across all options.

Invariants: every seat always owns six dice (in hand, on cards, in a joint block being placed);
rolls show 1–6 and never more dice than the hand; blocks sit at the right end of a card, at most
one per card (one per other player on a Mad Cheshire Cat's); times never go back; while a
round runs some seat can always act (nobody is stuck for good); every legal move applies;
garbage moves only raise ``IllegalMove``; the view hides only the RNG (changing it leaves every
view unchanged, yet changes the next roll); record → code → replay gives the same state; bots
on the simulated clock finish their games. Rules version 2: Stop! is legal only while the
Jabberwocky's own advance stands at 3, and afterwards no survivor's die is on any card but
the Caterpillar's starting 1. Version-1 games keep the invariants too.
"""

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bodoge.core.canon import state_hash
from bodoge.core.errors import IllegalMove
from bodoge.core.match import Match
from bodoge.core.protocol import rules_of
from bodoge.core.record import Record
from bodoge.core.rng import Rng
from bodoge.core.selfplay import play_one
from bodoge.games.playme import GAME

from .helpers import dice_total

GAMES = int(os.environ.get("BODOGE_PROPERTY_GAMES", "2000"))
# A Play Me! game is hundreds of timed moves: the default suite plays fewer random games than
# the other games' do; BODOGE_PLAYME_GAMES sets their number (``make soak`` plays 10,000).
PLAYME_GAMES = int(os.environ.get("BODOGE_PLAYME_GAMES", str(max(20, GAMES // 40))))
SETTINGS = settings(max_examples=PLAYME_GAMES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
options = st.fixed_dictionaries({
    "players": st.integers(2, 6), "play_me": st.booleans(), "challenge": st.just(False),
    "mad_jabberwocky": st.booleans()})


def check_invariants(state):
    n = state["players"]
    for s, p in enumerate(state["p"]):
        assert dice_total(state, s) == 6, (s, p)
        assert all(1 <= f <= 6 for f in p["roll"]) and len(p["roll"]) <= p["pool"]
        card = p["card"]
        assert len(card) <= 6
        own = [slot["o"] == [s] for slot in card]
        assert own == sorted(own, reverse=True), "blocks sit at the right end"
        foreign = [slot for slot in card if slot["o"] != [s]]
        if GAME.has(state, s, "cat", "madness"):
            colours = [o for slot in foreign for o in slot["o"]]
            assert len(colours) == len(set(colours)) and len(foreign) <= n - 1
        elif state["phase"] == "play":
            assert len(foreign) <= 1
    if state["phase"] in ("play", "scramble", "madden", "betray"):
        assert any(GAME.moves(state, s) for s in range(n)), "somebody can always act"


def check_stop(before, after):
    """Rules version 2 around Stop! (``before`` is the state it was shouted in)."""
    j = before["jabber"]
    assert GAME.own_count(before, j) == 3
    for x in GAME.survivors(after):
        on_cards = [slot for p in after["p"] for slot in p["card"] if x in slot["o"]]
        start = [{"n": 1, "o": [x]}] if GAME.has(after, x, "caterpillar", "wonder") or \
            GAME.has(after, x, "caterpillar", "madness") else []
        assert on_cards == start, (x, on_cards)
    assert after["joint"] is None


def new_match(seed, opts, version=None):
    if version is None:
        return Match.new("playme", opts, seed)
    opts = GAME.options(opts)
    return Match(GAME, Record("playme", version, opts, seed), GAME.setup(opts, seed, version))


def random_game(seed, opts, pick, limit=800, version=None):
    match = new_match(seed, opts, version)
    for _ in range(limit):
        if match.over:
            return
        state = match.state
        seats = pick.shuffle(GAME.to_move(state))
        seat, moves = next((s, m) for s in seats for m in [GAME.legal_moves(state, s)] if m)
        # favour progress so that games also reach their ends
        good = [m for m in moves if m["a"] in ("catch", "advance", "unblock", "ready")]
        move = (good or moves)[pick.below(len(good or moves))] if pick.below(4) else \
            moves[pick.below(len(moves))]
        move["t"] += pick.below(400)
        if rules_of(state) >= 2 and state["phase"] == "play":
            j = state["jabber"]
            assert ({"a": "stop"} in GAME.moves(state, j)) == (
                j is not None and not state["stop_used"] and GAME.own_count(state, j) == 3)
        match.play(seat, move)
        if move["a"] == "stop" and rules_of(state) >= 2:
            check_stop(state, match.state)
        yield match


@SETTINGS
@given(seed=st.integers(0, 2**53 - 1), opts=options)
def test_random_event_orders_keep_invariants(seed, opts):
    pick = Rng.from_seed(seed)
    last_t = 0
    for i, match in enumerate(random_game(seed, opts, pick)):
        assert match.state["t"] >= last_t
        last_t = match.state["t"]
        if i % 10 == 0 or match.over:
            check_invariants(match.state)


@settings(max_examples=max(10, GAMES // 200), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**53 - 1), opts=options)
def test_version_1_random_games_keep_invariants_and_replay(seed, opts):
    pick = Rng.from_seed(seed)
    match = None
    for i, match in enumerate(random_game(seed, opts, pick, version=1)):
        if i % 10 == 0 or match.over:
            check_invariants(match.state)
    if match is not None:
        again = Match.from_code(match.code())
        assert again.record.version == 1 and "rules_version" not in again.state
        assert state_hash(again.state) == state_hash(match.state)


@SETTINGS
@given(seed=st.integers(0, 2**53 - 1), opts=options, cut=st.integers(0, 300))
def test_record_round_trip(seed, opts, cut):
    pick = Rng.from_seed(seed + 1)
    match = Match.new("playme", opts, seed)
    for i, match in enumerate(random_game(seed, opts, pick)):
        if i == cut:
            break
    again = Match.from_code(match.code())
    assert state_hash(again.state) == state_hash(match.state)


@SETTINGS
@given(seed=st.integers(0, 2**53 - 1), opts=options, cut=st.integers(1, 200))
def test_views_hide_only_the_rng(seed, opts, cut):
    match = Match.new("playme", opts, seed)
    pick = Rng.from_seed(seed)
    for i, match in enumerate(random_game(seed, opts, pick)):
        if i == cut:
            break
    state = match.state
    other = dict(state, rng=Rng.from_seed(seed ^ 1).state)
    for seat in (None, *range(state["players"])):
        view = GAME.view(state, seat)
        assert "rng" not in view and GAME.view(other, seat) == view
    # ... and the RNG matters: the same roll from both states differs somewhere
    roller = next((s for s in range(state["players"]) if {"a": "roll"} in GAME.moves(state, s)), None)
    if roller is not None and len(state["p"][roller]["roll"]) >= 3:
        rolls = set()
        for k in range(4):
            alt = dict(state, rng=Rng.from_seed(seed + k).state)
            after = GAME.apply(alt, roller, {"a": "roll", "t": GAME.earliest(state)})
            rolls.add(tuple(after["p"][roller]["roll"]))
        assert len(rolls) > 1


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 8) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["a", "n", "s", "t", "keep", "x"]), inner, max_size=5),
    max_leaves=10)
actions = st.sampled_from(["advance", "block", "unblock", "swap", "roll", "catch", "stop",
                           "ready", "madden", "betray", "spare", None, 3])


@settings(max_examples=GAMES // 2, deadline=None, derandomize=True)
@given(seed=st.integers(0, 500), seat=st.integers(-1, 6), move=json_values, a=actions,
       t=st.integers(-10, 10_000))
def test_garbage_moves_only_raise_illegal_move(seed, seat, move, a, t):
    state = GAME.setup({"players": 3, "characters": ["alice", "walrus", "queen"]}, seed)
    state = GAME.apply(state, 0, {"a": "ready", "t": 0})
    if isinstance(move, dict):
        move.setdefault("a", a)
        move.setdefault("t", t)
    try:
        GAME.apply(state, seat, move)
    except IllegalMove:
        return
    assert {k: v for k, v in move.items() if k != "t"} in GAME.moves(state, seat)


@settings(max_examples=max(10, GAMES // 100), deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**53 - 1), opts=options,
       levels=st.lists(st.sampled_from(["slow", "normal", "fast"]), min_size=6, max_size=6))
def test_bots_on_the_simulated_clock_finish_and_replay(seed, opts, levels):
    match = play_one("playme", opts, seed, levels[:opts["players"]])
    out = match.outcome()
    assert out is not None and out["winners"]
    assert Match.from_code(match.code()).state == match.state
