"""The game protocol every engine implements (modelled on OpenSpiel and boardgame.io).

A game is a stateless object; all of a game's data lives in its *state*, a plain JSON-able
dict (so it can be cloned, hashed and compared). Chance comes only from the seeded ``Rng``
whose state is kept in the game state. Moves are small JSON values.

    state = game.setup(options, seed)
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        move = ...  # from a human (via the UI) or a bot (which sees only game.view(state, seat))
        state = game.apply(state, seat, move)

Subclasses implement ``options``, ``setup``, ``to_move``, ``legal_moves``, ``_play`` (mutating
a private copy), ``view`` and ``outcome``; they may override ``check`` with something faster
than looking the move up in ``legal_moves``.

Rules versions: a correction of a game's rules bumps its ``rules_version`` and keeps the old
behaviour keyed by version, so a record replays forever to the same state. ``setup(options,
seed, version)`` stamps the version into the state (``stamp``; from version 2 on only, so a
version-1 state is exactly what it always was) and the rules read it back with ``rules_of``.

A state may keep an append-only event list under ``"log"``: events are never changed once
appended, so ``apply`` copies that list but shares its events (a game's log grows long).
"""

from .errors import BadOptions, IllegalMove


_ATOMS = frozenset({str, int, float, bool, type(None)})


def clone(obj):
    """Deep copy of JSON-like data (dict/list/scalars), much faster than ``copy.deepcopy``: a
    plain dict's or list's scalars are copied without a call each (a state is mostly small ints,
    and ``apply`` and ``view`` clone on every move); a dict or list of another class (a subclass)
    becomes a plain one."""
    t = type(obj)
    if t is dict:
        return {k: v if type(v) in _ATOMS else clone(v) for k, v in obj.items()}
    if t is list:
        return [v if type(v) in _ATOMS else clone(v) for v in obj]
    if isinstance(obj, dict):
        return {k: clone(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [clone(v) for v in obj]
    return obj


def is_int(x) -> bool:
    """An int that is not a bool (moves and options are JSON anyone can edit)."""
    return isinstance(x, int) and not isinstance(x, bool)


def rules_of(state) -> int:
    """The rules version ``state`` (or a view of it) is played by."""
    return state.get("rules_version", 1)


def Outcome(winners, scores, **detail) -> dict:
    """A finished game's result: the seats sharing the win, each seat's score, and detail."""
    return {"winners": sorted(winners), "scores": list(scores), **detail}


class Game:
    id = ""
    rules_version = 1          # the current rules: a correction bumps it
    min_rules_version = 1      # the oldest rules a record may still be replayed by
    min_players = 2
    max_players = 4
    bot_levels = ("easy", "normal", "strong")
    # True: played in real time, not in turns: moves carry their time ("t"), several seats may
    # act at once, and bots play on a clock (``play_bots``; the session runs the game clock,
    # ``bodoge.ui.realtime``, with the game's clock hooks).
    realtime = False

    def __init__(self, bots=None):
        # level -> Bot class. The game's package registers them (``GAME = Algo(bots=BOTS)`` in
        # its ``__init__``), so the rules never import their bots: the bots import the rules.
        self.bots = dict(bots or {})

    # --- options -----------------------------------------------------------------------------
    def options(self, raw: dict | None) -> dict:
        """Validate ``raw`` options and fill in defaults; raise ``BadOptions``."""
        raise NotImplementedError

    @staticmethod
    def raw_options(raw, known) -> dict:
        """``raw`` as a dict of options (``None``: none), refusing any name not in ``known``."""
        raw = {} if raw is None else raw
        if not isinstance(raw, dict):
            raise BadOptions("options must be an object")
        unknown = set(raw) - set(known)
        if unknown:
            raise BadOptions(f"unknown options: {', '.join(sorted(map(str, unknown)))}")
        return raw

    @staticmethod
    def players_option(raw, default, allowed, message) -> int:
        """``raw["players"]`` (``default`` when absent): an int in ``allowed``, else
        ``BadOptions(message)``."""
        players = raw.get("players", default)
        if not is_int(players) or players not in allowed:
            raise BadOptions(message)
        return players

    def num_players(self, state) -> int:
        return state["players"]

    # --- the protocol ------------------------------------------------------------------------
    def setup(self, options: dict, seed: int, version: int | None = None) -> dict:
        """The first state, played by rules ``version`` (None: the current rules)."""
        raise NotImplementedError

    def stamp(self, state: dict, version: int | None) -> dict:
        """``state`` marked with the rules version it is played by (see the module doc)."""
        version = self.rules_version if version is None else version
        if not is_int(version) or not self.min_rules_version <= version <= self.rules_version:
            raise BadOptions(f"no rules version {version!r} for {self.id}")
        if version > 1:
            state["rules_version"] = version
        return state

    def to_move(self, state) -> list[int]:
        """Seats that may move now (several for simultaneous phases); empty once it is over."""
        raise NotImplementedError

    def legal_moves(self, state, seat: int) -> list:
        raise NotImplementedError

    def check(self, state, seat, move) -> None:
        """Raise ``IllegalMove`` unless ``seat`` may play ``move`` now. Must accept any JSON."""
        if seat not in self.to_move(state):
            raise IllegalMove(f"it is not seat {seat}'s move", key="error.not_your_turn")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(f"{move!r} is not a legal move here")

    def apply(self, state, seat: int, move) -> dict:
        """The state after ``seat`` plays ``move``; ``state`` itself is left untouched."""
        self.check(state, seat, move)
        new = {k: (list(v) if k == "log" else clone(v)) for k, v in state.items()}
        self._play(new, seat, move)
        return new

    def _play(self, state, seat, move) -> None:
        raise NotImplementedError

    def view(self, state, seat: int | None) -> dict:
        """Everything ``seat`` may know (``None``: a spectator who sees only public data)."""
        raise NotImplementedError

    def outcome(self, state) -> dict | None:
        raise NotImplementedError

    # --- replays and take-backs ------------------------------------------------------------
    def reveal(self, state) -> dict:
        """Everything, as when the cards are turned up at the end of a real game: a view of
        the same shape as ``view(state, None)`` with every hidden thing filled in (hands,
        face-down numbers, watched cards, private sheets), for the replay of a *finished*
        game at any move. A game with hidden information overrides it."""
        return self.view(state, None)

    def undoable(self, before, seat, move, after) -> bool:
        """Whether ``seat`` may take back ``move`` (played on state ``before``, giving
        ``after``) as far as the game is concerned: only if it revealed nothing hidden to
        anyone and nothing random happened (no draw, roll, shuffle, watch, hit or miss). The
        play screen adds the rest of the policy (a game against the computer, no other person
        has acted since). Default: never."""
        return False

    def automatic(self, state):
        """A move that makes itself: ``(seat, move)`` when the only thing ``seat`` can do now
        is a step of the rules with nothing to choose (Bossa's draw at the start of a turn),
        else None. It is a move of its own so that what came before it can be taken back
        until it is made: the play screen makes it at once for a person at the device or a
        guest, and a computer makes it as its move when its turn comes (after the chosen
        speed). Default: none."""
        return None

    # --- bots --------------------------------------------------------------------------------
    def make_bot(self, level: str, seat: int, seed: int):
        """A bot of ``level`` (one of ``bot_levels``) playing ``seat``, seeded by ``seed``."""
        return self.bots[level](seat, seed)
