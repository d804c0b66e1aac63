"""ALLUVIUM (アルヴィウム): the pass-the-sheet polyomino game for 3–5 players."""

from .bots import BOTS
from .rules import Alluvium

GAME = Alluvium(bots=BOTS)
