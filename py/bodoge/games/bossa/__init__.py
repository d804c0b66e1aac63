"""Bossa (ボッサ): a 2-player game of dot tiles laid out from two dice."""

from .bots import BOTS
from .rules import Bossa

GAME = Bossa(bots=BOTS)
