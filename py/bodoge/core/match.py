"""A game in progress: the rules object, its record, its current state and its history.

The *history* is every position of the game (``History``): what a replay steps through and
what a take-back goes back to. It is made once, while the record is replayed, and kept small.

The take-back policy (Board Game Arena's): a player may take back their latest move, with
every move after it, while each of those moves is ``undoable`` by the game (nothing hidden was
revealed to anyone, nothing random happened) and none was made by another person
(``Match.takeback``). The record then keeps only the moves that stand.
"""

from bisect import bisect_right
from contextlib import contextmanager

from .record import Record, decode, encode, replay

CHECKPOINT = 16        # the history keeps one state in this many
RECENT = 4             # and the latest positions added (a take-back's check reads them)


class History:
    """Every position of a game: position ``k`` is the state after its first ``k`` moves (0:
    the setup), for ``k`` in ``range(len(history))``.

    States are never changed once made, so keeping one is keeping a reference; still, a long
    game (a 500-move Play Me! game) would hold hundreds. So a state is kept every ``every``
    moves, the last ``RECENT`` added and the last one asked for; any other is rebuilt from the
    kept one before it (at most ``every - 1`` moves), and stepping one move forward costs one
    move. The recent ones are what a move's redraw asks for (whether the person's latest move
    can be taken back: the positions since it; the table before the latest move): rebuilt,
    they cost up to 15 moves of the rules on every move (benchmarks/table.md). ``log_end[k]``
    is the length of the event log after ``k`` moves, so a log event can be traced to the move
    that wrote it (``move_of``).
    """

    def __init__(self, game, moves, every=CHECKPOINT):
        self.game = game
        self.moves = moves          # the record's list of [seat, move] (shared, not copied)
        self.every = every
        self.kept = {}              # k -> state, for every k divisible by ``every``
        self.log_end = []
        self.cursor = None          # (k, state) last asked for or added
        self.recent = {}            # k -> state, the last RECENT positions added

    def __len__(self):
        return len(self.log_end)

    def add(self, k, state):
        """Position ``k`` (the next one) is ``state``."""
        if k != len(self.log_end):
            raise ValueError(f"position {k} added after {len(self.log_end)} positions")
        self.log_end.append(len(state.get("log", ())))
        if k % self.every == 0:
            self.kept[k] = state
        self.recent[k] = state
        self.recent.pop(k - RECENT, None)
        self.cursor = (k, state)

    def state(self, k):
        """The state after ``k`` moves."""
        if not 0 <= k < len(self.log_end):
            raise IndexError(f"no position {k} in a game of {len(self.log_end) - 1} moves")
        if self.cursor is not None and self.cursor[0] == k:
            return self.cursor[1]
        if k in self.recent:
            return self.recent[k]
        start = k - k % self.every
        state = self.kept[start]
        if self.cursor is not None and start < self.cursor[0] < k:
            start, state = self.cursor
        for i in range(start, k):
            seat, move = self.moves[i]
            state = self.game.apply(state, seat, move)
        self.cursor = (k, state)
        return state

    def truncate(self, k):
        """Keep positions 0 … ``k`` only (the moves after ``k`` were taken back)."""
        del self.log_end[k + 1:]
        for j in [j for j in self.kept if j > k]:
            del self.kept[j]
        for j in [j for j in self.recent if j > k]:
            del self.recent[j]
        if self.cursor is not None and self.cursor[0] > k:
            self.cursor = None

    def move_of(self, index):
        """The position whose move wrote log event ``index`` (0: the setup wrote it)."""
        return min(bisect_right(self.log_end, index), len(self.log_end) - 1)


class Match:
    def __init__(self, game, record: Record, state: dict, history: History | None = None):
        self.game = game
        self.record = record
        self._views = None          # seat -> its view of the state, while ``views_kept``
        self._last_views = None     # (state, its views) as the last ``views_kept`` left them
        self._outcome = None        # (state, its outcome): asked for many times a move
        self.state = state
        self._history = history

    @property
    def state(self) -> dict:
        return self._state

    @state.setter
    def state(self, state):
        self._state = state
        if self._views is not None:
            self._views = {}

    @contextmanager
    def views_kept(self):
        """While this lasts, each seat's view of a position is made once (``view``): a move's
        handling (saving, announcing, drawing) asks for the same views several times. The
        views are kept for the next ``views_kept`` too while the position is the same (states
        are replaced, never changed): what follows a move's frame (its save, its summary's
        redraw) reads the views the move made."""
        if self._views is not None:      # already kept by a caller
            yield
            return
        # the same position again (its redraw after the frame). A test that forges a position
        # replaces the state with an edited copy: an edit in place would keep the old views
        last = self._last_views
        self._views = (last[1] if last is not None and last[0] is self._state else {})
        try:
            yield
        finally:
            self._last_views = (self._state, self._views)
            self._views = None

    @classmethod
    def new(cls, game_id: str, options: dict | None, seed: int, meta: dict | None = None):
        from ..games import get_game

        game = get_game(game_id)
        opts = game.options(options)
        record = Record(game_id, game.rules_version, opts, seed, [], dict(meta or {}))
        state = game.setup(opts, seed)
        history = History(game, record.moves)
        history.add(0, state)
        return cls(game, record, state, history)

    @classmethod
    def from_record(cls, record: Record) -> "Match":
        """Replay the record (checked by the rules) and keep its history on the way."""
        history = History(None, record.moves)
        game, state = replay(record, history.add)
        history.game = game
        return cls(game, record, state, history)

    @classmethod
    def from_code(cls, code: str) -> "Match":
        return cls.from_record(decode(code))

    def code(self) -> str:
        return encode(self.record)

    @property
    def history(self) -> History:
        """Every position of the game (made from the record the first time it is asked for,
        for a match built without one)."""
        if self._history is None or len(self._history) != len(self.record.moves) + 1:
            history = History(self.game, self.record.moves)
            replay(self.record, history.add)
            self._history = history
        return self._history

    # --- play --------------------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return self.game.to_move(self.state)

    def play(self, seat: int, move) -> None:
        """Apply a move (raises ``IllegalMove`` and changes nothing if the rules refuse it)."""
        self.state = self.game.apply(self.state, seat, move)
        self.record.moves.append([seat, move])
        if self._history is not None and len(self._history) == len(self.record.moves):
            self._history.add(len(self.record.moves), self.state)

    def settle(self, seats=None, play=None) -> int:
        """Make the moves that make themselves (``Game.automatic``) while one is due for a
        seat in ``seats`` (None: any seat), with ``play(seat, move)`` (default: ``self.play``).
        How many were made."""
        made = 0
        while (auto := self.game.automatic(self.state)) is not None and (
                seats is None or auto[0] in seats):
            (play or self.play)(*auto)
            made += 1
        return made

    def view(self, seat):
        """What ``seat`` may see now (None: what everyone may see). Within ``views_kept`` the
        same object each time for the same position: callers read a view, never change it."""
        if self._views is None:
            return self.game.view(self._state, seat)
        if seat not in self._views:
            self._views[seat] = self.game.view(self._state, seat)
        return self._views[seat]

    def outcome(self):
        """The rules' outcome of the state now, worked out once per state (states are never
        changed, only replaced): a move's handling and redraw ask ``over`` dozens of times,
        and a game's scoring can be slow (Bossa's)."""
        state = self._state
        if self._outcome is None or self._outcome[0] is not state:
            self._outcome = (state, self.game.outcome(state))
        return self._outcome[1]

    @property
    def over(self) -> bool:
        return self.outcome() is not None

    # --- take-backs ----------------------------------------------------------------------------
    def takeback(self, seat: int, people) -> tuple:
        """Whether ``seat`` may take back its latest move now (see the module doc); ``people``
        are the seats played by persons. Returns ``(k, reason)``: ``k`` the index of that move
        (the moves that would stand), None if ``seat`` has made none; ``reason`` None if the
        take-back is allowed, else the key of a string saying why not: the game's own (a
        string ``undoable`` returned), ``undo.no`` (the game said False), ``undo.person``
        (another person has moved since), ``undo.over`` or ``undo.nothing``."""
        moves = self.record.moves
        history = self.history
        # the person's latest move of their own choosing (a draw that made itself is not one)
        k = next((i for i in range(len(moves) - 1, -1, -1) if moves[i][0] == seat
                  and self.chosen(i)), None)
        if k is None:
            return None, "undo.nothing"
        if self.over:
            return k, "undo.over"
        for i in range(k, len(moves)):
            who, move = moves[i]
            if who != seat and who in people:
                return k, "undo.person"
            verdict = self.game.undoable(history.state(i), who, move, history.state(i + 1))
            if verdict is not True:
                return k, verdict if isinstance(verdict, str) and verdict else "undo.no"
        return k, None

    def chosen(self, i: int) -> bool:
        """Whether move ``i`` of the record was chosen by its seat, not one that made itself
        (``Game.automatic``)."""
        return self.game.automatic(self.history.state(i)) != tuple(self.record.moves[i])

    def truncate(self, k: int) -> None:
        """Keep only the first ``k`` moves (a take-back): the record, the history and the
        state go back to position ``k``."""
        if not 0 <= k <= len(self.record.moves):
            raise IndexError(k)
        history = self.history
        del self.record.moves[k:]
        history.truncate(k)
        self.state = history.state(k)
