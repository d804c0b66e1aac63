"""Saves and settings in a key–value store (``localStorage`` in the browser, a dict in tests).

Storage is anyone's text: another version, another tab, a browser extension or a curious
player may have written any entry. So each entry is read on its own, with strict types and
bounds (size, nesting depth, number ranges, id syntax): a bad entry is set aside as
``Damaged`` (with its save code when one can be recovered) and never stops the app, and the
settings fall back to their defaults field by field. Nothing here deletes or rewrites an entry
it could not read: a damaged entry stays until the player removes it.

Several tabs share the store. Each save carries a revision number, checked before every write
(``Saves.write``): a tab never overwrites a newer save of the same game, nor brings back one
deleted elsewhere; it is told (``Conflict``) and the player chooses. Settings are written field
by field over what is stored, so two tabs changing different settings keep both.

Every write is guarded: a browser that refuses one (storage full, or blocked altogether)
raises ``StorageError`` with a reason, and the game goes on in memory.
"""

import re

from ..core import strictjson
from ..core.record import MAX_CODE_CHARS, decode
from ..core.errors import BadCode

SAVE_PREFIX = "bodoge:save:"
SETTINGS_KEY = "bodoge:settings"
SAVE_VERSION = 1

LANGS = ("ja", "en")
SPEEDS = {"slow": 1400, "normal": 700, "fast": 250, "instant": 0}   # ms between bot moves
MOTIONS = ("auto", "reduce")

MAX_SAVE_CODE = 60_000           # a save (or a kept link) holds a code at most this long
MAX_ENTRY_CHARS = 64_000         # ... and its whole entry at most this
MAX_SETTINGS_CHARS = 2_000
MAX_TITLE = 200
MAX_PROGRESS = 160               # a save's progress line (per language), see ``Slot.progress``
MAX_TIME = 8_640_000_000_000_000  # the last millisecond a browser's Date can show
MAX_REV = (1 << 53) - 1
UNREADABLE = "\x00unreadable"     # what a store gives for a value it cannot hand over
SLOT_ID = re.compile(r"^[0-9A-Za-z_-]{1,40}$")
GAME_ID = re.compile(r"^[a-z0-9_]{1,32}$")
CODE = re.compile(r"^[A-Za-z0-9_-]{4,%d}$" % MAX_SAVE_CODE)
_CODE_IN_TEXT = re.compile(r'"code"\s*:\s*"([A-Za-z0-9_-]{4,%d})"' % MAX_CODE_CHARS)
_GAME_IN_TEXT = re.compile(r'"game"\s*:\s*"([a-z0-9_]{1,32})"')
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


class StorageError(Exception):
    """The browser refused to read or write: ``reason`` is "full", "blocked" or "too_large"."""

    def __init__(self, reason="full"):
        super().__init__(reason)
        self.reason = reason


class DamagedEntry(ValueError):
    """A stored entry that is not a valid save (``str``: what is wrong, for the console)."""


class Conflict(Exception):
    """A write refused to protect another tab's save: ``kind`` is "newer" (the game moved on
    elsewhere, or its entry changed), "deleted" (deleted elsewhere) or "taken" (a new save's id
    is in use)."""

    def __init__(self, kind):
        super().__init__(kind)
        self.kind = kind


class MemoryStore:
    """The store interface, backed by a dict (tests, the CLI, and the browser when storage is
    blocked: ``persistent`` False, nothing outlives the page). ``quota``: the most characters
    it holds (keys and values), like a browser's storage quota; beyond, ``set`` refuses."""

    def __init__(self, data=None, persistent=True, quota=None):
        self.data = dict(data or {})
        self.persistent = persistent
        self.quota = quota

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageError("full")
        self.data[key] = value

    def remove(self, key):
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)


def _get(store, key):
    try:
        return store.get(key)
    except StorageError:
        return None


# --- settings ----------------------------------------------------------------------------------
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
STUN = re.compile(rf"^stun:(?:{_LABEL}(?:\.{_LABEL})*|\[[0-9A-Fa-f:.]{{2,45}}\]):([0-9]{{1,5}})$")


def stun_ok(text) -> bool:
    """A STUN server for play across the internet: ``stun:host:port`` only, or "" (none)."""
    if text == "":
        return True
    m = STUN.match(text) if isinstance(text, str) and len(text) <= 100 else None
    return bool(m) and 0 < int(m.group(1)) < 65536


CONFIRMS = ("auto", "on", "off")      # confirm moves: auto = on touch screens, off with a mouse
HOME_NOTE = ("show", "hidden")   # the shelf's note on adding bodoge to an iPhone's Home Screen
FIELDS = {"lang": LANGS, "speed": tuple(SPEEDS), "motion": MOTIONS, "stun": stun_ok,
          "confirm": CONFIRMS, "home_note": HOME_NOTE}


def _allowed(name, value):
    rule = FIELDS[name]
    return isinstance(value, str) and (rule(value) if callable(rule) else value in rule)


def setting_ok(name, value) -> bool:
    """Whether ``value`` is a valid value of setting ``name`` (an imported setting)."""
    return name in FIELDS and _allowed(name, value)


class Settings:
    def __init__(self, store, default_lang="en"):
        self.store = store
        self.lang, self.speed, self.motion = default_lang, "normal", "auto"
        self.confirm = "auto"
        self.stun = ""                 # none: nothing contacts a third party
        self.home_note = "show"        # until dismissed (shown only on iOS outside the Home Screen)
        self.reload()

    def stored(self) -> dict:
        """The valid fields of the stored settings (a bad field, or a bad entry, is left out)."""
        text = _get(self.store, SETTINGS_KEY)
        if text is None:
            return {}
        try:
            data = strictjson.loads(text, MAX_SETTINGS_CHARS, max_depth=4, max_string=100)
        except strictjson.JSONError:
            return {}
        if not isinstance(data, dict):
            return {}
        return {name: data[name] for name in FIELDS if _allowed(name, data.get(name))}

    def reload(self) -> set:
        """Take the stored fields (another tab may have changed them); the names that changed."""
        changed = set()
        for name, value in self.stored().items():
            if getattr(self, name) != value:
                setattr(self, name, value)
                changed.add(name)
        return changed

    def set(self, name, value) -> bool:
        """Change one setting, here and in the store (over what is stored, so another tab's
        other settings stay). False if the browser refused to store it (it still applies)."""
        if name not in FIELDS or not _allowed(name, value):
            raise ValueError(f"bad setting {name}={value!r}")
        setattr(self, name, value)
        data = self.stored()
        data[name] = value
        try:
            self.store.set(SETTINGS_KEY, strictjson.dumps(data))
        except StorageError:
            return False
        return True


# --- saves -------------------------------------------------------------------------------------
def _number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


class Slot:
    """One saved game: its save code plus what the shelf shows about it.

    ``rev`` counts the writes of this save (0: never written by a version that counted);
    ``stored``: whether this tab knows it to be in the store (False for a new game not yet
    written, or an opened link not kept yet); ``link``: opened from a code and not kept yet.

    ``progress``: where the game stands, as the shelf shows it, in each language
    (``{"en": "Round 2 of 4 · …", "ja": "…"}``), written with every autosave so the shelf need
    not replay the game; None for saves written before it was kept (the shelf then says only
    "In progress"). Plain text: the shelf shows it as text, never markup. Read strictly: a
    progress field that is not such a dict of short lines is ignored (the save itself is
    fine, and its next autosave writes a good one).

    ``titles``: the title in each language (``{"en": "You · CPU 2 (normal)", "ja": …}``), where
    it was made of words of ours (default names, "Shared game"), so that the shelf in English
    does not list a game started in Japanese by its Japanese names; None for a title of a
    player's own, or a save written before (``title`` then, as stored). Read as strictly as
    ``progress``."""

    def __init__(self, id, game, code, created, updated, over=False, title="", rev=0,
                 progress=None, titles=None):
        self.id, self.game, self.code = id, game, code
        self.created, self.updated, self.over, self.title = created, updated, over, title
        self.rev = rev
        self.progress = progress
        self.titles = titles
        self.stored = False
        self.link = False

    def to_json(self, rev=None):
        data = {"v": SAVE_VERSION, "id": self.id, "game": self.game, "code": self.code,
                "created": self.created, "updated": self.updated, "over": self.over,
                "title": self.title, "rev": self.rev if rev is None else rev}
        progress = clean_progress(self.progress)
        if progress:
            data["progress"] = progress
        titles = clean_progress(self.titles, MAX_TITLE)
        if titles:
            data["titles"] = titles
        return strictjson.dumps(data)

    def title_in(self, lang):
        """The title the shelf shows in ``lang``."""
        return (self.titles or {}).get(lang) or self.title

    @classmethod
    def from_json(cls, text):
        """A save from its entry; ``DamagedEntry`` saying what is wrong."""
        try:
            data = strictjson.loads(text, MAX_ENTRY_CHARS, max_depth=4, max_string=MAX_SAVE_CODE)
        except strictjson.JSONError as e:
            raise DamagedEntry(str(e)) from None
        if not isinstance(data, dict) or data.get("v") != SAVE_VERSION:
            raise DamagedEntry("unknown save format")
        checks = {
            "id": lambda x: isinstance(x, str) and SLOT_ID.match(x),
            "game": lambda x: isinstance(x, str) and GAME_ID.match(x),
            "code": lambda x: isinstance(x, str) and CODE.match(x),
            "created": lambda x: _number(x) and 0 <= x <= MAX_TIME,
            "updated": lambda x: _number(x) and 0 <= x <= MAX_TIME,
            "over": lambda x: isinstance(x, bool),
            "title": lambda x: isinstance(x, str) and len(x) <= MAX_TITLE,
            "rev": lambda x: isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_REV,
        }
        data.setdefault("rev", 0)          # saves written before revisions were counted
        for name, ok in checks.items():
            if not ok(data.get(name)):
                raise DamagedEntry(f"bad field {name}")
        slot = cls(data["id"], data["game"], data["code"], data["created"], data["updated"],
                   data["over"], data["title"], data["rev"], read_progress(data.get("progress")),
                   read_progress(data.get("titles"), MAX_TITLE))
        slot.stored = True
        return slot


def _progress_line(x, limit=MAX_PROGRESS):
    return (isinstance(x, str) and 0 < len(x) <= limit and x.strip() == x
            and not _CONTROL.search(x))


def read_progress(value, limit=MAX_PROGRESS):
    """A stored progress field as ``{lang: line}``, or None unless it is exactly that: a dict of
    one or both languages, each a line of 1–``limit`` characters with no control characters
    (``Slot.titles`` alike, up to ``MAX_TITLE``)."""
    if not isinstance(value, dict) or not value or len(value) > len(LANGS):
        return None
    if not all(lang in LANGS and _progress_line(line, limit) for lang, line in value.items()):
        return None
    return dict(value)


def clean_progress(value, limit=MAX_PROGRESS):
    """What ``to_json`` stores of a progress dict: each language's line on one line, cut to
    ``limit`` characters (with "…"); None if nothing is left."""
    if not isinstance(value, dict):
        return None
    out = {}
    for lang in LANGS:
        line = value.get(lang)
        if not isinstance(line, str):
            continue
        line = " ".join(_CONTROL.sub(" ", line).split())
        if len(line) > limit:
            line = line[:limit - 1] + "…"
        if line:
            out[lang] = line
    return out or None


class Damaged:
    """An entry set aside: its key, a short ``ref`` for the page, and what could be recovered
    from it (its game and save code, if any)."""

    def __init__(self, key, text):
        import hashlib                # here: a damaged entry is rare, and hashlib slows the boot

        self.key = key
        self.ref = hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()[:12]
        self.code = _recover_code(text)
        self.game = None
        if text:
            m = _GAME_IN_TEXT.search(text)
            self.game = m.group(1) if m else None


def _recover_code(text):
    """A save code found in a damaged entry that decodes as one (the rules check it when it
    is opened), else None."""
    if not text:
        return None
    for m in _CODE_IN_TEXT.finditer(text):
        try:
            decode(m.group(1))
        except BadCode:
            continue
        return m.group(1)
    return None


class Saves:
    def __init__(self, store):
        self.store = store

    @staticmethod
    def key(slot_id):
        return SAVE_PREFIX + slot_id

    def _keys(self):
        try:
            return [k for k in self.store.keys() if isinstance(k, str) and k.startswith(SAVE_PREFIX)]
        except StorageError:
            return []

    def scan(self):
        """(good slots newest first, damaged entries)."""
        good, bad = [], []
        for key in self._keys():
            text = _get(self.store, key)
            if text is None:
                continue                   # removed meanwhile (or unreadable: nothing to show)
            slot_id = key[len(SAVE_PREFIX):]
            try:
                if not SLOT_ID.match(slot_id):
                    raise DamagedEntry("bad key")
                slot = Slot.from_json(text)
                if slot.id != slot_id:
                    raise DamagedEntry("id mismatch")
            except DamagedEntry:
                bad.append(Damaged(key, text))
                continue
            good.append(slot)
        good.sort(key=lambda s: s.updated, reverse=True)
        bad.sort(key=lambda d: d.key)
        return good, bad

    def get(self, slot_id):
        """The save ``slot_id``, None if there is none; ``DamagedEntry`` if it is damaged."""
        if not isinstance(slot_id, str) or not SLOT_ID.match(slot_id):
            return None
        text = _get(self.store, self.key(slot_id))
        if text is None:
            return None
        slot = Slot.from_json(text)
        if slot.id != slot_id:
            raise DamagedEntry("id mismatch")
        return slot

    def rev(self, slot_id):
        """The stored revision of ``slot_id``: an int, None if deleted, "damaged" if unreadable."""
        try:
            slot = self.get(slot_id)
        except DamagedEntry:
            return "damaged"
        return None if slot is None else slot.rev

    def write(self, slot):
        """Store ``slot`` as its next revision, if the stored copy is the one this tab last read
        or wrote (none at all for a new save). Raises ``Conflict`` or ``StorageError``."""
        key = self.key(slot.id)
        text = self.store.get(key)
        if slot.stored:
            if text is None:
                raise Conflict("deleted")
            try:
                rev = Slot.from_json(text).rev
            except DamagedEntry:
                raise Conflict("newer") from None
            if rev != slot.rev:
                raise Conflict("newer")
        elif text is not None:
            raise Conflict("taken")
        entry = slot.to_json(rev=slot.rev + 1)
        if len(slot.code) > MAX_SAVE_CODE or len(entry) > MAX_ENTRY_CHARS:
            raise StorageError("too_large")
        self.store.set(key, entry)
        slot.rev += 1
        slot.stored = True

    def put(self, slot, over=None):
        """Store ``slot`` as it is (an imported save, ``bodoge.ui.backup``): under a free id
        (``over`` None), or over ``over``, the save of the same id read just now, if it is
        still stored at that revision. Its revision goes above both, so that a tab holding
        the old one is told at its next write that the game went on elsewhere. Raises
        ``Conflict`` or ``StorageError``, like ``write``."""
        key = self.key(slot.id)
        text = self.store.get(key)
        if over is None:
            if text is not None:
                raise Conflict("taken")
            rev = slot.rev + 1
        else:
            try:
                stored = Slot.from_json(text) if text is not None else None
            except DamagedEntry:
                stored = None
            if stored is None or stored.rev != over.rev:
                raise Conflict("newer")
            rev = max(slot.rev, over.rev) + 1
        entry = slot.to_json(rev=min(rev, MAX_REV))
        if len(slot.code) > MAX_SAVE_CODE or len(entry) > MAX_ENTRY_CHARS:
            raise StorageError("too_large")
        self.store.set(key, entry)
        slot.rev = min(rev, MAX_REV)
        slot.stored = True

    def delete(self, slot_id):
        self.remove_key(self.key(slot_id))

    def remove_key(self, key):
        try:
            self.store.remove(key)
        except StorageError:
            pass

    def find_code(self, code):
        return next((s for s in self.scan()[0] if s.code == code), None)

    def damaged(self, ref):
        return next((d for d in self.scan()[1] if d.ref == ref), None)


# --- lesson progress ---------------------------------------------------------------------------
LESSON_PREFIX = "bodoge:lesson:"
LESSON_VERSION = 1
MAX_LESSON_CHARS = 32_000         # a lesson's progress: its step and the learner's moves
MAX_LESSON_STEPS = 1_000
LESSON_SIG = re.compile(r"^[0-9a-f]{16}$")


class LessonProgress:
    """How far the learner is in one game's lesson (``bodoge.ui.lesson``): the next ``step``
    to show, the ``moves`` the learner made in the steps before it (one per step that asked
    for a move; the rules check them again when the lesson is rebuilt), ``done`` once the
    lesson has been finished (kept when it is started again), and ``sig``, the fingerprint
    of the lesson the steps and moves belong to (a changed lesson starts over)."""

    def __init__(self, sig="", step=0, moves=(), done=False):
        self.sig, self.step, self.moves, self.done = sig, step, list(moves), done

    def to_json(self):
        return strictjson.dumps({"v": LESSON_VERSION, "sig": self.sig, "step": self.step,
                                 "moves": self.moves, "done": self.done})

    @classmethod
    def from_json(cls, text):
        """The progress in an entry; ``DamagedEntry`` saying what is wrong."""
        try:
            data = strictjson.loads(text, MAX_LESSON_CHARS, max_depth=8, max_string=200)
        except strictjson.JSONError as e:
            raise DamagedEntry(str(e)) from None
        if not isinstance(data, dict) or data.get("v") != LESSON_VERSION:
            raise DamagedEntry("unknown lesson format")
        sig, step, moves, done = data.get("sig"), data.get("step"), data.get("moves"), data.get("done")
        if not isinstance(sig, str) or not LESSON_SIG.match(sig):
            raise DamagedEntry("bad field sig")
        if not (isinstance(step, int) and not isinstance(step, bool) and 0 <= step <= MAX_LESSON_STEPS):
            raise DamagedEntry("bad field step")
        if not isinstance(moves, list) or len(moves) > step:
            raise DamagedEntry("bad field moves")
        if not isinstance(done, bool):
            raise DamagedEntry("bad field done")
        return cls(sig, step, moves, done)


class Lessons:
    """Lesson progress, one entry per game (``bodoge:lesson:<game>``).

    Unlike a save, progress holds nothing that cannot be made again: an entry that cannot be
    read counts as no progress (the lesson starts at its beginning, and the next step the
    learner finishes writes over it). Writes are guarded like every other: a browser that
    refuses one leaves the lesson going, only not remembered."""

    def __init__(self, store):
        self.store = store

    @staticmethod
    def key(game_id):
        return LESSON_PREFIX + game_id

    def get(self, game_id):
        """The stored progress of ``game_id``'s lesson, or None (none, or unreadable)."""
        if not isinstance(game_id, str) or not GAME_ID.match(game_id):
            return None
        text = _get(self.store, self.key(game_id))
        if text is None:
            return None
        try:
            return LessonProgress.from_json(text)
        except DamagedEntry:
            return None

    def put(self, game_id, progress) -> bool:
        """Store ``progress``; False if the browser refused (or it is too large)."""
        text = progress.to_json()
        if len(text) > MAX_LESSON_CHARS:
            return False
        try:
            self.store.set(self.key(game_id), text)
        except Exception:            # StorageError, or a browser's own way of refusing
            return False
        return True
