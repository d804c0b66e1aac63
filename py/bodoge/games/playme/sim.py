"""Bots on a clock: the same driver runs in the page (the screen's game clock) and in CPython
(a simulated clock for self-play and tests).

After every event each idle bot looks at its view. If it wants to act, its move is due after
its reaction time (counted from the moment it looked, or from the round's start during the
countdown). When the move is due it is stamped with that time and applied; if the game has
moved on and the rules refuse it, the bot looks again at that moment. Bots are deterministic
given their seeds, so a simulated game is reproducible, and a record replays it exactly.

The reaction times are the table's setting (the record's ``meta["reaction"]``, see
``levels.py``): one time for every computer, or by level (each bot's own ``reaction_ms``).
A bot handed a seat later (a guest who left) follows the same setting.
"""

import time

from ...core.errors import IllegalMove
from .levels import BY_LEVEL, REACTIONS, reaction_setting

BETWEEN_ROUNDS_MS = 2000      # simulated pause before the next round's countdown
MAX_GAME_MS = 6 * 3600 * 1000  # a simulated game this long means something is stuck


class Stuck(RuntimeError):
    """A simulated round where nobody can act any more (a bug, never a rule outcome)."""


class Driver:
    def __init__(self, match, bots, on_decision=None):
        self.match = match
        self.game = match.game
        self.bots = dict(bots)             # seat -> Bot
        self.pending = {}                  # seat -> (due time, move without "t")
        self.on_decision = on_decision     # (seat, seconds) per look, for benchmarks
        self.setting = reaction_setting(match.record.meta)
        self.epoch = self._epoch()
        self.look(self.match.state["t"])

    def mean_ms(self, bot):
        """The mean reaction time of ``bot`` at this table."""
        if self.setting != BY_LEVEL:
            return REACTIONS[self.setting]
        return bot.reaction_ms

    def _epoch(self):
        st = self.match.state
        return (st["game_no"], st["round"], st["phase"])

    def look(self, now, only=None):
        """Idle bots (or just ``only``) look at their views at time ``now``."""
        game, state = self.game, self.match.state
        movers = game.to_move(state)
        for seat in sorted(self.bots) if only is None else [only]:
            if seat in self.pending or seat not in movers:
                continue
            bot = self.bots[seat]
            t0 = time.perf_counter()
            move = bot.act(self.match.view(seat))
            if self.on_decision:
                self.on_decision(seat, time.perf_counter() - t0)
            if move is not None:
                base = max(now, game.earliest(state))
                self.pending[seat] = (base + bot.reaction(self.mean_ms(bot)), move)

    def next_due(self):
        return min((due for due, _ in self.pending.values()), default=None)

    def run_until(self, now, on_move=None):
        """Play every bot move due at or before ``now``, in time order (ties: lower seat)."""
        while True:
            due = min(((d, s) for s, (d, _) in self.pending.items() if d <= now), default=None)
            if due is None:
                return
            t, seat = due
            _, move = self.pending.pop(seat)
            try:
                self.play(seat, dict(move, t=t), on_move)
            except IllegalMove:
                self.look(t, only=seat)    # the game moved on: look again

    def play(self, seat, move, on_move=None):
        """Apply a stamped move (bot moves due before it go first); raises ``IllegalMove``."""
        self.run_until(move["t"], on_move)
        self.match.play(seat, move)
        if on_move:
            on_move(seat, move)
        epoch = self._epoch()
        if epoch != self.epoch:            # a round began or ended: old plans are void
            self.epoch = epoch
            self.pending.clear()
        self.look(move["t"])


def run(match, bots, on_decision=None, between=BETWEEN_ROUNDS_MS):
    """Play a game of bots to its end on a simulated clock (seat 0 starts each round)."""
    driver = Driver(match, dict(enumerate(bots)) if isinstance(bots, list) else bots, on_decision)
    while not match.over:
        state = match.state
        if state["t"] > MAX_GAME_MS:
            raise Stuck(f"game {match.record.seed} ran past {MAX_GAME_MS} ms")
        if state["phase"] == "ready":
            driver.play(0, {"a": "ready", "t": state["t"] + between})
            continue
        due = driver.next_due()
        if due is None:
            raise Stuck(f"game {match.record.seed}: nobody can act at {state['t']} ms")
        driver.run_until(due)
    return match
