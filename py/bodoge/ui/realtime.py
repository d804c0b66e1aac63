"""The game clock of a real-time game (``Game.realtime``; Play Me!): a part of the session.

The session of a real-time game has no turns to wait for: its ``clock`` (``RealTime``) keeps
game time in milliseconds (a ``GameClock``: paused, it stands still; in manual mode only
``drive`` moves it, for tests and benchmarks) and plays the bots through the game's *driver*
(``Game.driver(match, bots)``: each bot acts after its reaction time, in game time). Every
move is stamped with the clock's time (``stamp``), so a save replays exactly. The page is
redrawn when something happened (a move, a countdown second), at most every
``DRAW_EVERY_MS`` for the bots' moves, never on a fixed frame rate; a running round is saved
at most every ``SAVE_EVERY_MS``.

A lesson holds the clock (``held``): every move carries the earliest time the rules allow
(so a lesson's moves replay exactly after a reload), no countdown runs and no bot plays on
its own (the lesson plays the computers' moves). On a guest's device the clock follows the
host's (``follow``).

What the game provides: ``realtime = True``, ``driver(match, bots)`` (``look(now, only)``,
``next_due()``, ``run_until(now, on_move)``, ``play(seat, move, on_move)``, ``bots``),
``earliest(state)``, ``running(state)`` (the clock runs: a round is being played),
``clock_time(state)`` (the time of the latest event) and ``countdown(state, now)`` (seconds
before a round starts, 0 once it runs, None outside a round) with ``next_tick(state, now)``
(when the countdown next changes).
"""

SAVE_EVERY_MS = 3000          # autosave at most this often while a round runs
DRAW_EVERY_MS = 100           # bots' moves are drawn at most this often


class GameClock:
    """Game time in whole milliseconds, from a source of milliseconds (the page's clock).

    Stopped (paused, or between rounds) it stands still. In manual mode it ignores the source
    and moves only by ``advance`` (tests and benchmarks drive it)."""

    def __init__(self, source, at=0):
        self.source = source
        self.base = int(at)
        self.anchor = None           # source time when it last started; None: stopped
        self.manual = False

    @property
    def running(self):
        return self.anchor is not None

    def now(self) -> int:
        if self.anchor is None or self.manual:
            return self.base
        return self.base + max(0, int(self.source() - self.anchor))

    def start(self):
        if self.anchor is None:
            self.anchor = self.source()

    def stop(self):
        self.base = self.now()
        self.anchor = None

    def set_manual(self, manual):
        self.base = self.now()
        self.manual = manual
        if self.anchor is not None:
            self.anchor = self.source()

    def advance(self, ms):
        if self.manual and self.anchor is not None:
            self.base += max(0, int(ms))


class RealTime:
    """The clock part of a real-time game's session (see the module doc)."""

    def __init__(self, session):
        self.session = session
        match = session.match
        self.game = session.game
        self.held = session.script is not None
        self.time = GameClock(session.app.host.now, self.game.clock_time(match.state))
        self.time.set_manual(self.held)
        # reopened mid-round: paused until the player goes on (a lesson waits anyway)
        self.paused = not self.held and self.game.running(match.state)
        self.driver = None
        self.wake_token = 0
        self.last_save = None
        self.last_second = None       # countdown second last drawn
        self.seen_moves = len(match.record.moves)
        self.drawn_at = None          # host time of the last redraw
        self.draw_pending = False

    @property
    def host(self):
        return self.session.app.host

    def start(self):
        s = self.session
        self.driver = self.game.driver(s.match, {} if self.held else s.bots)
        self.sync()
        self.schedule()

    def now(self):
        return self.time.now()

    @property
    def running(self):
        return self.time.running

    def countdown(self):
        """3, 2, 1 before the start; 0 once the round runs; None outside a round (a held
        clock has no countdown: 0)."""
        value = self.game.countdown(self.session.match.state, self.time.now())
        return 0 if self.held and value is not None else value

    def hidden(self):
        """What a player may not see now: everything while paused or counting down."""
        return self.paused or (self.countdown() or 0) > 0

    def stamp(self, move):
        """``move`` with the time it carries: the clock's (never before the last event); with
        the clock held, the earliest the rules allow."""
        state = self.session.match.state
        if not isinstance(move, dict):
            return move
        t = self.game.earliest(state) if self.held else max(self.time.now(), self.game.clock_time(state))
        return dict(move, t=t)

    def play(self, seat, move):
        """A person's (or guest's, or lesson's) move: the bots' moves due before it go first."""
        s = self.session
        self.driver.play(seat, move, s.moved)
        self.schedule()

    def sync(self):
        """The clock runs while a round is being played, unless paused or stopped."""
        s = self.session
        if (self.game.running(s.match.state) and not self.paused and not s.closed
                and s.conflict is None):
            if not self.time.running:
                self.time.start()
                # the round's first wake-up (the move that started it found the clock stopped:
                # the countdown stayed on "3…" and the bots never moved until Pause, Resume)
                self.schedule()
        else:
            self.time.stop()

    def schedule(self):
        """Sleep until the next bot move or countdown second (nothing while paused)."""
        s = self.session
        if s.closed or self.driver is None or not self.time.running or self.time.manual:
            return
        now = self.time.now()
        due = [d for d in (self.driver.next_due(), self.game.next_tick(s.match.state, now))
               if d is not None]
        if not due:
            return
        self.wake_token += 1
        token = self.wake_token
        self.host.later(max(0, min(due) - now), lambda: self.wake(token))

    def wake(self, token=None):
        s = self.session
        if s.closed or s.conflict is not None or (token is not None and token != self.wake_token):
            return
        before = len(s.match.state["log"])
        self.driver.run_until(self.time.now(), s.moved)
        s.after(before)
        self.schedule()

    def redraw(self):
        """Redraw after the bots' moves or a countdown second, at most once per
        ``DRAW_EVERY_MS`` (a summary or result waiting for its frame: at once)."""
        moves = len(self.session.match.record.moves)
        changed = moves != self.seen_moves or self.countdown_changed()
        self.seen_moves = moves               # a roll changes the dice but writes no log line
        if not (changed or self.session.overlay_held):
            return
        at = self.host.now()
        if (self.session.overlay_held or self.drawn_at is None or at - self.drawn_at >= DRAW_EVERY_MS
                or self.time.manual):
            self.drawn_at = at
            self.draw_pending = False
            self.session.app.refresh()
        elif not self.draw_pending:
            self.draw_pending = True
            self.host.later(DRAW_EVERY_MS - (at - self.drawn_at), self.late_draw)

    def late_draw(self):
        if self.draw_pending and not self.session.closed:
            self.drawn_at = self.host.now()
            self.draw_pending = False
            self.session.app.refresh()

    def drawn(self):
        """The session drew at once (a person's own action)."""
        self.drawn_at = self.host.now()
        self.draw_pending = False
        self.seen_moves = len(self.session.match.record.moves)
        self.countdown_changed()

    def countdown_changed(self):
        second = self.countdown()
        if second != self.last_second:
            self.last_second = second
            return True
        return False

    def save(self):
        """Save after events; while a round runs, at most every ``SAVE_EVERY_MS``. Once the
        frame that shows the move is painted, as a turn-based game's move is saved: a save
        took a third of Play Me!'s move to the screen at 4× CPU (benchmarks/table.md)."""
        s = self.session
        now = self.host.now()
        soon = self.game.running(s.match.state)
        if soon and self.last_save is not None and now - self.last_save < SAVE_EVERY_MS:
            return
        self.last_save = now
        s.saver.save_soon()

    def set_paused(self, paused):
        s = self.session
        if not self.game.running(s.match.state):
            paused = False
        self.paused = paused
        self.sync()
        if paused and s.saver is not None:
            self.last_save = self.host.now()
            s.saver.autosave()
        s.send_views()
        self.host.announce(s.t("playme.paused" if paused else "playme.resumed"))
        self.schedule()

    def dialog_opened(self):
        """Share or Rules opened over a running round: it pauses."""
        if not self.paused and self.time.running and not self.session.guest:
            self.set_paused(True)

    def resume(self):
        self.sync()
        self.schedule()

    def close(self):
        s = self.session
        if not s.closed and self.driver is not None:
            self.time.stop()
            if s.saver is not None:
                self.last_save = self.host.now()
                s.saver.autosave()

    def bot_joined(self, seat, bot):
        """A guest's seat handed to the computer: the driver plays it from now on."""
        if self.driver is not None:
            self.driver.bots[seat] = bot
            self.driver.look(self.time.now(), only=seat)

    def follow(self):
        """A guest's device: the clock follows the host's (half the delay on)."""
        link = self.session.table.link
        got = link.clock
        if got is None:
            return
        ms, running, paused, _ = got
        mine = (link.seats or [{}] * (link.seat + 1))[link.seat]
        lag = (mine.get("ms") or 0) // 2 if running else 0
        self.time.stop()
        self.time.base = int(ms) + lag
        self.paused = paused
        if running and not paused:
            self.time.start()

    def drive(self, action, ms=0):
        """Tests and benchmarks: "manual" stops the clock following real time, "advance" moves
        it by ``ms`` (running everything due), "real" follows real time again; returns now."""
        if action == "manual":
            self.time.set_manual(True)
        elif action == "real":
            self.time.set_manual(False)
            self.schedule()
        elif action == "advance" and self.time.manual:
            step = 50
            for _ in range(max(0, int(ms)) // step):
                self.time.advance(step)
                self.wake()
            self.time.advance(max(0, int(ms)) % step)
            self.wake()
        return self.time.now()

    def message(self):
        """What the host sends its guests about the clock: (now, running, paused)."""
        return self.time.now(), self.time.running, bool(self.paused)
