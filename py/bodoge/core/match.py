"""A game in progress: the rules object, its record and its current state."""

from .record import Record, decode, encode, replay


class Match:
    def __init__(self, game, record: Record, state: dict):
        self.game = game
        self.record = record
        self.state = state

    @classmethod
    def new(cls, game_id: str, options: dict | None, seed: int, meta: dict | None = None):
        from ..games import get_game

        game = get_game(game_id)
        opts = game.options(options)
        record = Record(game_id, game.rules_version, opts, seed, [], dict(meta or {}))
        return cls(game, record, game.setup(opts, seed))

    @classmethod
    def from_record(cls, record: Record) -> "Match":
        game, state = replay(record)
        return cls(game, record, state)

    @classmethod
    def from_code(cls, code: str) -> "Match":
        return cls.from_record(decode(code))

    def code(self) -> str:
        return encode(self.record)

    # --- play --------------------------------------------------------------------------------
    def to_move(self) -> list[int]:
        return self.game.to_move(self.state)

    def play(self, seat: int, move) -> None:
        """Apply a move (raises ``IllegalMove`` and changes nothing if the rules refuse it)."""
        self.state = self.game.apply(self.state, seat, move)
        self.record.moves.append([seat, move])

    def view(self, seat):
        return self.game.view(self.state, seat)

    def outcome(self):
        return self.game.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.outcome() is not None
