"""Play Me! (プレイミー): a real-time dice race through Wonderland for 2–6 players."""

from .bots import BOTS
from .rules import PlayMe

GAME = PlayMe(bots=BOTS)
