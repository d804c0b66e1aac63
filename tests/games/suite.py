"""The machinery of the protocol suite (tests/games/test_protocol.py): each game's declarations
and its random games, shared with the games' own property tests.

A game declares what the suite cannot know in ``tests/games/<game>/protocol.py`` (every name
optional but ``VARIANTS``):

``VARIANTS``
    ``[(options, rules version), ...]``: the random games, drawn uniformly (repeat an entry to
    weight it). Cover every mode and every rules version the game still replays.
``random_move(state, seat, rng)``
    A random move of ``seat`` (None if it has none), built cheaply so that thousands of games
    stay fast and reach their ends. Default: one of ``legal_moves``, uniformly.
``hide(state, seat, rng)``
    A copy of ``state`` that differs in what ``seat`` (None: a spectator) may not know, and in
    nothing it may; None when nothing is hidden from it now. ``seat``'s view of it must be
    ``seat``'s view of ``state``. The suite also always changes the state's RNG.
``same(move)``
    What makes two moves the same move (default: the move itself; Play Me! leaves out the time).
``check_step(before, seat, move, after)``
    The game's cheap invariants, after every move of every random game.
``check_position(state)`` and ``check_view(state, seat, view)``
    Costlier invariants, on a sample of positions (one in ``SAMPLE``), and what a view must
    show or hide beyond "the same as with the hidden parts changed".
``check_end(match)``
    A finished game's outcome (random games and bot games).
``tune_bot(bot)``
    Makes a bot cheap and deterministic for the suite (Bossa: a playout budget, no clock).
``SELFPLAY``
    ``[(options, bot level), ...]``: whole games of bots other tests replay (several modes where
    there are). Default: the catalogue's demo game.
``SHARE``, ``SAMPLE``, ``LIMIT``
    The share of ``BODOGE_PROPERTY_GAMES`` this game plays (a long game plays fewer), one
    position in ``SAMPLE`` gets the costly checks, a random game stops after ``LIMIT`` moves.
"""

import importlib
import os

from bodoge.core.match import Match
from bodoge.core.protocol import clone
from bodoge.core.record import Record
from bodoge.core.rng import Rng
from bodoge.games import CATALOG, get_game, info

GAMES = int(os.environ.get("BODOGE_PROPERTY_GAMES", "1000"))
# ``make soak``: every game plays the full count, whatever its share
FULL = os.environ.get("BODOGE_PROPERTY_FULL") == "1"
IDS = [g.id for g in CATALOG if g.playable]


def _pass(*args):
    return None


class Spec:
    """A game's declarations for the suite, with the defaults filled in."""

    def __init__(self, game_id):
        self.game_id = game_id
        self.game = get_game(game_id)
        mod = importlib.import_module(f"{__package__}.{game_id}.protocol")
        self.variants = list(mod.VARIANTS)
        self.random_move = getattr(mod, "random_move", self._any_legal_move)
        self.own_random_move = hasattr(mod, "random_move")
        self.hide = getattr(mod, "hide", _pass)
        self.same = getattr(mod, "same", lambda move: move)
        self.check_step = getattr(mod, "check_step", _pass)
        self.check_position = getattr(mod, "check_position", _pass)
        self.check_view = getattr(mod, "check_view", _pass)
        self.check_end = getattr(mod, "check_end", _pass)
        self.tune_bot = getattr(mod, "tune_bot", _pass)
        self.share = 1.0 if FULL else getattr(mod, "SHARE", 1.0)
        self.sample = getattr(mod, "SAMPLE", 8)
        self.limit = getattr(mod, "LIMIT", None)
        self.selfplay = list(getattr(mod, "SELFPLAY", [info(game_id).demo]))

    def count(self, fraction=1.0, least=1):
        """How many examples a test of this game runs: ``fraction`` of its random games."""
        return max(least, int(GAMES * self.share * fraction))

    def _any_legal_move(self, state, seat, rng):
        moves = self.game.legal_moves(state, seat)
        return moves[rng.below(len(moves))] if moves else None

    def is_legal(self, state, seat, move):
        return self.same(move) in [self.same(m) for m in self.game.legal_moves(state, seat)]


_SPECS = {}


def spec(game_id) -> Spec:
    if game_id not in _SPECS:
        _SPECS[game_id] = Spec(game_id)
    return _SPECS[game_id]


def new_match(game_id, options, version, seed):
    game = get_game(game_id)
    return Match.from_record(Record(game_id, version, game.options(options), seed))


def random_game(game_id, options, version, seed, cut=None, on_move=None):
    """Play a random game (to its end, or ``cut`` moves, or the game's ``LIMIT``): at each step a
    random seat of those to move that has a move plays the game's ``random_move``. Checks the
    game's ``check_step`` after every move; ``on_move(k, before, seat, move, match)`` is told
    each move (``before``: the state it was played on). Returns the match."""
    s = spec(game_id)
    match = new_match(game_id, options, version, seed)
    rng = Rng.from_seed(seed)
    steps = 0
    while not match.over and steps != cut and steps != s.limit:
        before = match.state
        for seat in rng.shuffle(list(match.to_move())):
            move = s.random_move(before, seat, rng)
            if move is not None:
                break
        else:
            raise AssertionError("nobody to move can move")
        if on_move is not None:
            on_move(steps, before, seat, move, match)
        match.play(seat, move)
        s.check_step(before, seat, move, match.state)
        steps += 1
    return match


def changed_rng(state, seed):
    """``state`` with another RNG: what nobody may know (every future draw)."""
    other = {k: (v if k == "log" else clone(v)) for k, v in state.items()}
    other["rng"] = Rng.from_seed(seed).state
    return other
