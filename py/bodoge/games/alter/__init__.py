"""ALTER (オルタ): change the future — a 3–5 player game of hidden score cards."""

from .rules import Alter

GAME = Alter()
