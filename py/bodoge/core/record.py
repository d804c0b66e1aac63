"""Game records and save codes.

A record is what it takes to rebuild a game: game id, rules version, options, seed and the
list of moves (each ``[seat, move]``), plus free ``meta`` the rules never read (seat names,
which seats are bots). A *save code* is that record as compact JSON, zlib-compressed, behind
one format byte, in base64url without padding. Decoding checks the format; ``load`` replays
every move through the rules, so a tampered code fails with the number of the first bad move.

A code is anyone's text (a link can be crafted), so decoding is bounded before and while it
parses: the code's length, the decompressed size, nesting depth (scanned before ``json.loads``
runs), the number of moves, the length of every string; the JSON must be strict (no NaN or
Infinity, no lone surrogates, integers within ±2**53). Every failure is a ``BadCode``.
"""

import base64
import binascii
import re
import zlib
from dataclasses import dataclass, field

from . import strictjson
from .canon import canonical_json
from .errors import BadCode, BadOptions, IllegalMove
from .protocol import is_int

FORMAT = 1
PUBLIC_FORMAT = 2             # a public record's (core/public.py): what spectators saw, no seed
LAST_FORMAT = 15              # a first byte above FORMAT up to this: a newer bodoge's code
MAX_CODE_CHARS = 100_000      # the longest real games' codes are ~6,000 (Play Me!, 6 players)
MAX_JSON_BYTES = 1 << 19
MAX_DEPTH = 12                # records nest 5 deep
MAX_MOVES = 20_000
MAX_STRING = 200              # names are at most 24 characters
MAX_SEED = 1 << 53
MAX_SEATS = 64
_B64URL = re.compile(r"^[A-Za-z0-9_-]*$")


@dataclass
class Record:
    game: str
    version: int
    options: dict
    seed: int
    moves: list = field(default_factory=list)
    meta: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"g": self.game, "v": self.version, "o": self.options, "s": self.seed,
                "m": self.moves, "x": self.meta}

    @classmethod
    def from_json(cls, data) -> "Record":
        """Build a record from decoded JSON, checking its shape (not its rules)."""
        if not isinstance(data, dict):
            raise BadCode("the code does not hold a game record", key="code.damaged")
        g, v, o, s = data.get("g"), data.get("v"), data.get("o"), data.get("s")
        m, x = data.get("m", []), data.get("x", {})
        ok = (isinstance(g, str) and 0 < len(g) <= 32 and is_int(v) and 1 <= v <= 10_000
              and isinstance(o, dict) and is_int(s) and 0 <= s < MAX_SEED
              and isinstance(m, list) and isinstance(x, dict))
        if not ok:
            raise BadCode("the code's game record is malformed", key="code.damaged")
        if len(m) > MAX_MOVES:
            raise BadCode("the save code holds too many moves", key="code.too_large")
        if not all(isinstance(e, list) and len(e) == 2 and is_int(e[0]) and 0 <= e[0] < MAX_SEATS
                   for e in m):
            raise BadCode("the code's game record is malformed", key="code.damaged")
        return cls(g, v, o, s, m, x)


def encode(record: Record) -> str:
    raw = canonical_json(record.to_json()).encode("utf-8")
    blob = bytes([FORMAT]) + zlib.compress(raw, 9)
    return base64.urlsafe_b64encode(blob).decode("ascii").rstrip("=")


def clean(text: str) -> str:
    """The code inside what a user pasted: drops spaces and padding, accepts a share link."""
    text = "".join(str(text).split())
    for key in ("load=", "replay="):       # a share link, or a replay link (#replay=…&move=N)
        if key in text:
            text = text.split(key, 1)[1].split("&", 1)[0]
            break
    return text.rstrip("=")


def decode(code: str) -> Record:
    """Save code → Record. Raises ``BadCode`` with a key saying what is wrong."""
    code = clean(code)
    if not code:
        raise BadCode("the save code is empty", key="code.empty")
    if len(code) > MAX_CODE_CHARS:
        raise BadCode("the save code is too long", key="code.too_large")
    if not _B64URL.match(code) or len(code) < 4:
        raise BadCode("this is not a bodoge save code", key="code.format")
    if len(code) % 4 == 1:
        raise BadCode("the save code is incomplete (cut off)", key="code.truncated")
    try:
        blob = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise BadCode("this is not a bodoge save code", key="code.format") from None
    fmt = blob[0]
    if fmt == PUBLIC_FORMAT:
        raise BadCode("this code holds a game as spectators saw it: it can be replayed, not played",
                      key="code.public")
    if FORMAT < fmt <= LAST_FORMAT:
        raise BadCode("the save code was made by a newer version of bodoge", key="code.future")
    if fmt != FORMAT:
        raise BadCode("this is not a bodoge save code", key="code.format")
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(blob[1:], MAX_JSON_BYTES)
    except zlib.error:
        raise BadCode("the save code is damaged", key="code.damaged") from None
    if inflater.unconsumed_tail:
        raise BadCode("the save code is too large", key="code.too_large")
    if not inflater.eof:
        raise BadCode("the save code is incomplete (cut off)", key="code.truncated")
    if inflater.unused_data:
        raise BadCode("the save code is damaged", key="code.damaged")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadCode("the save code is damaged", key="code.damaged") from None
    try:
        data = strictjson.loads(text, MAX_JSON_BYTES, MAX_DEPTH, MAX_STRING)
    except strictjson.JSONError as e:
        raise BadCode(f"the save code is damaged ({e})", key="code.damaged") from None
    return Record.from_json(data)


def replay(record: Record, on_state=None):
    """Rebuild the game: (game, state) after every move, checked by the rules.
    ``on_state(k, state)`` (optional) is told each position on the way: the setup (k = 0) and
    the state after each move k (states are never changed afterwards, so it may keep them)."""
    from ..games import get_game, is_known

    if not is_known(record.game):
        raise BadCode(f"unknown game {record.game!r}", key="code.unknown_game", game=record.game)
    game = get_game(record.game)
    if record.version > game.rules_version:
        raise BadCode("the save code was made for newer rules of this game",
                      key="code.rules_future", game=record.game)
    if record.version < game.min_rules_version:
        raise BadCode("the save code was made for older rules of this game",
                      key="code.rules_old", game=record.game)
    try:
        options = game.options(record.options)
        state = game.setup(options, record.seed, record.version)
    except BadOptions as e:
        raise BadCode(f"the save code's options are invalid: {e}", key="code.damaged") from None
    if on_state is not None:
        on_state(0, state)
    for i, (seat, move) in enumerate(record.moves):
        try:
            state = game.apply(state, seat, move)
        except IllegalMove as e:
            raise BadCode(f"move {i + 1} is not legal: {e}", key="code.illegal",
                          index=i + 1, reason=str(e)) from None
        if on_state is not None:
            on_state(i + 1, state)
    return game, state
