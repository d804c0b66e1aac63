"""Play Me!'s own property test; the protocol suite (tests/games/test_protocol.py, with
protocol.py here) plays its random event orders and checks its invariants, its views (which
hide only the RNG) and its bots on the simulated clock.

The RNG the views hide matters: the same roll from a state with another RNG comes out
otherwise.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bodoge.core.protocol import rules_of
from bodoge.core.rng import Rng
from bodoge.games.playme import GAME

from ..suite import random_game, spec
from .protocol import VARIANTS


@settings(max_examples=spec("playme").count(), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**53 - 1), variant=st.sampled_from(VARIANTS), cut=st.integers(1, 200))
def test_the_rng_decides_the_rolls(seed, variant, cut):
    options, version = variant
    state = random_game("playme", options, version, seed, cut=cut).state
    assert rules_of(state) == version
    roller = next((s for s in range(state["players"]) if {"a": "roll"} in GAME.moves(state, s)), None)
    if roller is not None and len(state["p"][roller]["roll"]) >= 3:
        rolls = set()
        for k in range(4):
            alt = dict(state, rng=Rng.from_seed(seed + k).state)
            after = GAME.apply(alt, roller, {"a": "roll", "t": GAME.earliest(state)})
            rolls.add(tuple(after["p"][roller]["roll"]))
        assert len(rolls) > 1
