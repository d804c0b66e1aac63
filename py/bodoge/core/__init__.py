"""The small kernel every game shares: protocol, seeded RNG, records and save codes, errors."""

from .errors import BadCode, BadOptions, BodogeError, IllegalMove
from .protocol import Game, Outcome
from .rng import Rng, derive_seed

__all__ = ["BadCode", "BadOptions", "BodogeError", "IllegalMove", "Game", "Outcome", "Rng",
           "derive_seed"]
