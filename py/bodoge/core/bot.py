"""Bots: a bot plays one seat and sees only that seat's view.

``Bot.act(view)`` returns a move, or a generator that yields ``None`` now and then while it
thinks and finally returns the move. The generator form lets the browser run a search in
short slices so the page stays responsive; ``think`` runs either form to the end.
Bots keep no memory of the game besides their own RNG: everything they know comes from the
view (which includes the public log), so a reloaded game plays on the same way.
"""

import time
import types

from .rng import Rng


class Bot:
    level = ""

    def __init__(self, seat: int, seed: int):
        self.seat = seat
        self.rng = Rng.from_seed(seed)

    def act(self, view):
        raise NotImplementedError


def think(bot: Bot, view):
    """Run the bot to its decision (synchronously)."""
    result = bot.act(view)
    return finish(result) if isinstance(result, types.GeneratorType) else result


def finish(gen):
    """Run a thinking generator to its end (synchronously): what it returns."""
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


class Deadline:
    """Time budget helper for searching bots: ``while not deadline.passed(): ...``."""

    def __init__(self, seconds: float):
        self.end = time.perf_counter() + seconds

    def passed(self) -> bool:
        return time.perf_counter() >= self.end
