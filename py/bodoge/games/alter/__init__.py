"""ALTER (オルタ): change the future — a 3–5 player game of hidden score cards."""

from .bots import BOTS
from .rules import Alter

GAME = Alter(bots=BOTS)
