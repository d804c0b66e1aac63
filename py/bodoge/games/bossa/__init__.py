"""Bossa (ボッサ): a 2-player game of dot tiles laid out from two dice."""

from .rules import Bossa

GAME = Bossa()
