"""algo (アルゴ): a deduction card game for 2–4 players."""

from .bots import BOTS
from .rules import Algo

GAME = Algo(bots=BOTS)
