"""Public records: a game as its spectators saw it, step by step, for links meant for others.

A save code (``bodoge.core.record``) holds the seed and every move: replayed, it gives every
hidden card, every deck's order and every future draw. So a link or code of a game in progress
that is meant for others to watch (the replay link, a link shared from a game whose hidden
information is not yet all public) holds a *public record* instead: the spectator's view
(``Game.view(state, None)``) of every position, the first one whole and then each move's
change to it, and the seat that made each move; besides them only the game, its rules version,
its options and its seats (names, computer levels, remote seats) and whether it was a training
game. Nothing in it comes from the state but through the spectator's view, so nothing in it
tells a hidden card, a deck's order or a draw to come (``of_match`` reads the match through
``views`` only; tests/unit/test_public.py perturbs the hidden parts of random games of every
game and compares the codes).

A *public code* is that record as canonical JSON, zlib-compressed, behind the format byte
``FORMAT`` (2; a save code's is 1, so ``#replay=`` tells them apart, and an older bodoge says
a code of format 2 is from a newer version), in base64url without padding. Decoding is bounded
and strict as a save code's is (``record.decode``): the code's length, the inflated size,
nesting depth and string lengths (before and while it parses), strict JSON, the number of
moves; and every change must fit the view it changes, and every view have what every view has
(the game's id, the players, who is to move, the log (only ever growing), the outcome). A
public record says what its maker says it shows, like a screenshot; it is only ever drawn,
never played on.

Changes (``change``, ``apply_change``), from one JSON value to the next:

* ``[v]``: the new value is ``v``;
* ``[p, tail]``: a list that keeps its first ``p`` items (p ≥ 1), then has ``tail`` (a log
  that grew);
* ``{"k": {key: change, ...}, "x": [key, ...]}``: an object with these keys changed (or new:
  a change ``[v]``) and those (``x``, optional) gone;
* ``{"i": [index, change, index, change, ...]}``: a list of the same length with these items
  changed.

A step's change is always an object change (the views are objects).

The replay steps through a ``PublicHistory`` (the spectator view at each position, the log's
length after each move, who made each move) inside a ``PublicMatch``, which stands for the
``Match`` the replay screen takes (see their docstrings for the interface).
"""

import base64
import binascii
import re
import weakref
import zlib
from bisect import bisect_right

from . import strictjson
from .canon import canonical_json
from .errors import BadCode
from .protocol import is_int
from .record import LAST_FORMAT, MAX_MOVES, MAX_SEATS, PUBLIC_FORMAT, Record, clean

FORMAT = PUBLIC_FORMAT        # the first byte of a public code (a save code's is 1)
MAX_CODE_CHARS = 400_000      # the longest real games' codes are about 30,000 (Play Me!, 6 players)
MAX_JSON_BYTES = 1 << 22
MAX_DEPTH = 40                # views nest up to 10 deep, and a change adds two a level
MAX_STRING = 200              # the longest strings of views are about 80 (ALLUVIUM's maps)
MAX_VIEW_CHARS = 1 << 20      # a view, whole (the largest real ones are about 15,000)
CHECKPOINT = 16               # a history keeps one view in this many
VIEW_KEYS = ("game", "players", "to_move", "log", "outcome")   # what every view has
_B64URL = re.compile(r"^[A-Za-z0-9_-]*$")
_GAME_ID = re.compile(r"^[a-z0-9_]{1,32}$")


# --- changes between views ----------------------------------------------------------------------
def change(old, new):
    """The change that makes ``new`` of ``old`` (JSON values; see the module doc)."""
    if isinstance(old, dict) and isinstance(new, dict):
        keys = {}
        for key, value in new.items():
            if key not in old:
                keys[key] = [value]
            elif old[key] != value:
                keys[key] = change(old[key], value)
        out = {"k": keys}
        gone = [key for key in old if key not in new]
        if gone:
            out["x"] = gone
        return out
    if isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new) and new:
            at = [i for i, (a, b) in enumerate(zip(old, new)) if a != b]
            if len(at) * 2 <= len(new):
                items = []
                for i in at:
                    items += [i, change(old[i], new[i])]
                return {"i": items}
        p = 0
        for a, b in zip(old, new):
            if a != b:
                break
            p += 1
        if p:
            return [p, new[p:]]
    return [new]


def apply_change(old, ch):
    """``old`` changed by ``ch`` (a new value: ``old`` is never changed, what did not change is
    shared). Raises ``BadCode`` if the change does not fit ``old``."""
    if isinstance(ch, list):
        if len(ch) == 1:
            return ch[0]
        if len(ch) == 2 and is_int(ch[0]) and isinstance(old, list) and 0 < ch[0] <= len(old) \
                and isinstance(ch[1], list):
            return old[:ch[0]] + ch[1]
    elif isinstance(ch, dict):
        if "k" in ch and set(ch) <= {"k", "x"} and isinstance(old, dict) and isinstance(ch["k"], dict) \
                and isinstance(ch.get("x", []), list):
            new = dict(old)
            for key in ch.get("x", []):
                if not isinstance(key, str) or key not in new or key in ch["k"]:
                    raise BadCode("a change names a key that is not there", key="code.damaged")
                del new[key]
            for key, sub in ch["k"].items():
                if key in old:
                    new[key] = apply_change(old[key], sub)
                elif isinstance(sub, list) and len(sub) == 1:
                    new[key] = sub[0]
                else:
                    raise BadCode("a change names a key that is not there", key="code.damaged")
            return new
        if set(ch) == {"i"} and isinstance(old, list) and isinstance(ch["i"], list) \
                and len(ch["i"]) % 2 == 0:
            new = list(old)
            items = ch["i"]
            for j in range(0, len(items), 2):
                i = items[j]
                if not (is_int(i) and 0 <= i < len(new)):
                    raise BadCode("a change names an item that is not there", key="code.damaged")
                new[i] = apply_change(old[i], items[j + 1])
            return new
    raise BadCode("a change that does not fit its view", key="code.damaged")


# --- the record --------------------------------------------------------------------------------
def public_meta(meta) -> dict:
    """What of a record's meta a spectator may know: the seats (name, computer level, whether
    played on another device) and whether it is a training game."""
    out = {}
    seats = meta.get("seats") if isinstance(meta, dict) else None
    if isinstance(seats, list):
        out["seats"] = []
        for seat in seats[:MAX_SEATS]:
            seat = seat if isinstance(seat, dict) else {}
            item = {"name": seat.get("name") if isinstance(seat.get("name"), str) else "",
                    "bot": seat.get("bot") if isinstance(seat.get("bot"), str) else None}
            if seat.get("remote") is True:
                item["remote"] = True
            out["seats"].append(item)
    if isinstance(meta, dict) and meta.get("training") is True:
        out["training"] = True
    return out


class PublicRecord:
    """A game as its spectators saw it: ``game`` (its id), ``version`` (rules), ``options``,
    ``meta`` (``public_meta``), ``first`` (the spectator view of the setup), ``changes`` (the
    change each move made to it, ``change``) and ``movers`` (the seat that made each move)."""

    def __init__(self, game, version, options, meta, first, changes, movers):
        self.game, self.version, self.options, self.meta = game, version, options, meta
        self.first, self.changes, self.movers = first, changes, movers

    def __eq__(self, other):
        return isinstance(other, PublicRecord) and self.to_json() == other.to_json()

    def __len__(self):
        """The number of moves."""
        return len(self.movers)

    def to_json(self) -> dict:
        return {"g": self.game, "v": self.version, "o": self.options, "x": self.meta,
                "f": self.first, "d": self.changes, "w": self.movers}

    @classmethod
    def from_json(cls, data) -> "PublicRecord":
        """Build one from decoded JSON, checking its shape (the changes are checked when they
        are applied: ``PublicHistory``)."""
        if not isinstance(data, dict) or set(data) != {"g", "v", "o", "x", "f", "d", "w"}:
            raise BadCode("the code does not hold a public record", key="code.damaged")
        g, v, o, x, f, d, w = (data[k] for k in "gvoxfdw")
        ok = (isinstance(g, str) and _GAME_ID.match(g) and is_int(v) and 1 <= v <= 10_000
              and isinstance(o, dict) and isinstance(x, dict) and isinstance(f, dict)
              and isinstance(d, list) and isinstance(w, list) and len(d) == len(w))
        if not ok:
            raise BadCode("the code's public record is malformed", key="code.damaged")
        if len(w) > MAX_MOVES:
            raise BadCode("the code holds too many moves", key="code.too_large")
        if not all(is_int(s) and 0 <= s < MAX_SEATS for s in w):
            raise BadCode("the code's public record is malformed", key="code.damaged")
        if public_meta(x) != x:
            raise BadCode("the code's seats are malformed", key="code.damaged")
        return cls(g, v, o, x, f, d, w)


def of_views(game, version, options, meta, views, movers) -> PublicRecord:
    """A public record from the spectator views of positions 0 … n (``views``, an iterable)
    and the seats that made moves 1 … n: everything in it comes from these, the game's id,
    rules version and options, and ``public_meta(meta)``."""
    changes = []
    first = last = None
    for k, view in enumerate(views):
        if k == 0:
            first = view
        else:
            changes.append(change(last, view))
        last = view
    if first is None or len(changes) != len(movers):
        raise ValueError("one view per position: the setup's and one per move")
    return PublicRecord(game, version, dict(options), public_meta(meta), first, changes,
                        [int(s) for s in movers])


def views(match, start=0):
    """The spectator view of every position of ``match`` (a ``Match``) from ``start`` on,
    made one at a time."""
    history = match.history
    for k in range(start, len(history)):
        yield match.game.view(history.state(k), None)


class _Made:
    """What ``of_match`` made of a match: its moves then, the first view, the changes since,
    the last view, and the codes made of them (``share_code``: meta as JSON -> (moves, code))."""

    def __init__(self):
        self.moves, self.first, self.changes, self.last, self.codes = None, None, [], None, {}


_made = weakref.WeakKeyDictionary()       # match -> _Made


def _made_for(match) -> _Made:
    moves = match.record.moves
    made = _made.get(match)
    if made is None or (made.moves is not None and (len(made.moves) > len(moves)
                                                    or moves[:len(made.moves)] != made.moves)):
        made = _made[match] = _Made()           # new, or moves were taken back
    k = 0 if made.moves is None else len(made.moves) + 1
    for view in views(match, k):
        if made.first is None:
            made.first = view
        else:
            made.changes.append(change(made.last, view))
        made.last = view
    made.moves = list(moves)
    return made


def of_match(match) -> PublicRecord:
    """The public record of ``match`` so far (a ``Match``: its record and history). A game's
    views take a while to make (ALTER's: about 2 ms each in CPython), so what was made for
    this match before is kept and only the moves since are added (unless some were taken
    back)."""
    rec = match.record
    made = _made_for(match)
    return PublicRecord(rec.game, rec.version, dict(rec.options), public_meta(rec.meta), made.first,
                        list(made.changes), [seat for seat, _ in rec.moves])


def encode(pub: PublicRecord) -> str:
    raw = canonical_json(pub.to_json()).encode("utf-8")
    blob = bytes([FORMAT]) + zlib.compress(raw, 9)
    return base64.urlsafe_b64encode(blob).decode("ascii").rstrip("=")


def code_format(code) -> int | None:
    """The format byte of ``code`` (a code or a link holding one), or None if it has none."""
    code = clean(code)
    if len(code) < 2 or not _B64URL.match(code[:4]):
        return None
    try:
        return base64.urlsafe_b64decode(code[:4] + "=" * (-len(code[:4]) % 4))[0]
    except (binascii.Error, ValueError, IndexError):
        return None


def is_public(code) -> bool:
    """Whether ``code`` (or the link holding it) is a public code (not a save code)."""
    return code_format(code) == FORMAT


def decode(code: str) -> PublicRecord:
    """Public code → ``PublicRecord`` (its changes not yet applied: ``PublicHistory`` checks
    them). Raises ``BadCode`` with a key saying what is wrong, as ``record.decode`` does."""
    code = clean(code)
    if not code:
        raise BadCode("the code is empty", key="code.empty")
    if len(code) > MAX_CODE_CHARS:
        raise BadCode("the code is too long", key="code.too_large")
    if not _B64URL.match(code) or len(code) < 4:
        raise BadCode("this is not a bodoge code", key="code.format")
    if len(code) % 4 == 1:
        raise BadCode("the code is incomplete (cut off)", key="code.truncated")
    try:
        blob = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise BadCode("this is not a bodoge code", key="code.format") from None
    if blob[0] != FORMAT:
        future = FORMAT < blob[0] <= LAST_FORMAT
        raise BadCode("this is not a public code", key="code.future" if future else "code.format")
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(blob[1:], MAX_JSON_BYTES)
    except zlib.error:
        raise BadCode("the code is damaged", key="code.damaged") from None
    if inflater.unconsumed_tail:
        raise BadCode("the code is too large", key="code.too_large")
    if not inflater.eof:
        raise BadCode("the code is incomplete (cut off)", key="code.truncated")
    if inflater.unused_data:
        raise BadCode("the code is damaged", key="code.damaged")
    try:
        text = raw.decode("utf-8")
        data = strictjson.loads(text, MAX_JSON_BYTES, MAX_DEPTH, MAX_STRING)
    except UnicodeDecodeError:
        raise BadCode("the code is damaged", key="code.damaged") from None
    except strictjson.JSONError as e:
        raise BadCode(f"the code is damaged ({e})", key="code.damaged") from None
    return PublicRecord.from_json(data)


# --- what the replay steps through ----------------------------------------------------------------
class PublicHistory:
    """Every position of a public record, as ``core.match.History`` is of a save code (the
    replay screen reads either), but views, not states:

    * ``len(history)``: the number of positions (moves + 1);
    * ``view(k)``: the spectator view after ``k`` moves (0: the setup); ``state(k)`` is the
      same (for code written for ``History``: here the view stands for the state);
    * ``log_end[k]``: the length of the view's log after ``k`` moves; ``move_of(index)``: the
      position whose move wrote log event ``index``;
    * ``movers[k - 1]``: the seat that made move ``k``.

    Every change is applied once when it is made (a damaged record raises ``BadCode`` here, not
    later), and a view is kept every ``every`` moves; any other is made again from the kept
    one before it. Views are shared: read them, never change them."""

    public = True

    def __init__(self, pub: PublicRecord, every=CHECKPOINT):
        self.pub = pub
        self.movers = pub.movers
        self.every = every
        self.kept = {}
        self.log_end = []
        self.cursor = None
        view = pub.first
        for k in range(len(pub.changes) + 1):
            if k:
                view = apply_change(view, pub.changes[k - 1])
            self._check(view, k)
            if k % every == 0:
                self.kept[k] = view
        self.cursor = (len(self.log_end) - 1, view)

    def _check(self, view, k):
        if not (isinstance(view, dict) and all(key in view for key in VIEW_KEYS)
                and view["game"] == self.pub.game and isinstance(view["log"], list)
                and isinstance(view["to_move"], list) and is_int(view["players"])
                and 0 < view["players"] <= MAX_SEATS):
            raise BadCode(f"position {k} of the code is not a view of its game", key="code.damaged")
        if self.log_end and len(view["log"]) < self.log_end[-1]:
            raise BadCode(f"the log of position {k} lost events", key="code.damaged")
        if k % self.every == 0 and len(canonical_json(view)) > MAX_VIEW_CHARS:
            raise BadCode("a view of the code is too large", key="code.too_large")
        self.log_end.append(len(view["log"]))

    def __len__(self):
        return len(self.log_end)

    def view(self, k):
        """The spectator view after ``k`` moves."""
        if not 0 <= k < len(self.log_end):
            raise IndexError(f"no position {k} in a game of {len(self.log_end) - 1} moves")
        if self.cursor[0] == k:
            return self.cursor[1]
        start = k - k % self.every
        view = self.kept[start]
        if start < self.cursor[0] < k:
            start, view = self.cursor
        for i in range(start, k):
            view = apply_change(view, self.pub.changes[i])
        self.cursor = (k, view)
        return view

    state = view

    def move_of(self, index):
        """The position whose move wrote log event ``index`` (0: the setup wrote it)."""
        return min(bisect_right(self.log_end, index), len(self.log_end) - 1)


class PublicMatch:
    """What the replay screen takes for a ``Match`` when it plays a public record: ``game``
    (the rules object: the screen draws views with its UI, never applies a move), ``record``
    (a ``Record`` with the game, rules version, options and meta, seed 0 and each move as
    ``[seat, None]``: who moved, not what), ``history`` (a ``PublicHistory``), ``state`` (the
    last view), ``over``, ``outcome()``, ``to_move()``, ``view(seat)`` (the spectator view,
    whoever asks: it is all there is) and ``code()`` (the public code). ``public`` is True."""

    public = True

    def __init__(self, game, pub: PublicRecord, history: PublicHistory):
        self.game = game
        self.pub = pub
        self.history = history
        self.record = Record(pub.game, pub.version, dict(pub.options), 0,
                             [[seat, None] for seat in pub.movers], dict(pub.meta))
        self.state = history.view(len(history) - 1)
        self._code = None

    @classmethod
    def from_record(cls, pub: PublicRecord) -> "PublicMatch":
        from ..games import get_game, is_known

        if not is_known(pub.game):
            raise BadCode(f"unknown game {pub.game!r}", key="code.unknown_game", game=pub.game)
        game = get_game(pub.game)
        if pub.version > game.rules_version:
            raise BadCode("the code was made for newer rules of this game", key="code.rules_future",
                          game=pub.game)
        if pub.version < game.min_rules_version:
            raise BadCode("the code was made for older rules of this game", key="code.rules_old",
                          game=pub.game)
        return cls(game, pub, PublicHistory(pub))

    @classmethod
    def from_code(cls, code) -> "PublicMatch":
        return cls.from_record(decode(code))

    def code(self) -> str:
        if self._code is None:
            self._code = encode(self.pub)
        return self._code

    def view(self, seat=None):
        return self.state

    def to_move(self):
        return list(self.state["to_move"])

    def outcome(self):
        return self.state["outcome"]

    @property
    def over(self) -> bool:
        return self.state["outcome"] is not None


# --- which code a link gets ------------------------------------------------------------------------
def open_code(code):
    """The game a replay link's code holds: a ``Match`` for a save code (format 1, the whole
    record), a ``PublicMatch`` for a public code. Raises ``BadCode``."""
    if is_public(code):
        return PublicMatch.from_code(code)
    from .match import Match

    return Match.from_code(code)


def share_code(match) -> str:
    """The code of ``match`` (a ``Match``) for a link meant for others to watch: the whole
    record once the game is over (nothing is hidden any more), else its public record."""
    if getattr(match, "public", False) or match.over:
        return match.code()
    made = _made_for(match)
    meta = canonical_json(public_meta(match.record.meta))
    n = len(made.changes)
    if made.codes.get(meta, (None,))[0] != n:      # a redraw of the Share dialog makes none
        made.codes = {meta: (n, encode(of_match(match)))}
    return made.codes[meta][1]

