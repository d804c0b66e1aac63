"""algo (アルゴ): a deduction card game for 2–4 players."""

from .rules import Algo

GAME = Algo()
