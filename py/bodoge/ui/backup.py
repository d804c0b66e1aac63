"""Export all saves to one file, and import such a file (the shelf's Settings).

A browser may delete what a site stores (Safari after 7 days without a visit, any browser when
space runs low), and a game on the Home Screen of an iPhone keeps storage of its own. So every
save can leave the browser as one file and come back, here or on another device:

    {"bodoge": "saves", "v": 1, "exported": <ms>,
     "saves": [<each save as stored: v, id, game, code, created, updated, over, title, rev,
                progress>, ...],
     "settings": {<the settings chosen on this device>},
     "lessons": {<game id>: <its lesson progress as stored>, ...}}

Each game is its save code, the one the app already uses (a record that replays to the same
game forever); a future version reads this format (``v``) or says it is newer.

A file to import is anyone's text, read with the same care as a code: a file larger than
``MAX_FILE_BYTES`` is refused before the browser reads it (``host.read_file``), then its
length, its nesting (scanned before it is parsed) and every string's length are bounded and
the JSON must be strict (``strictjson``). Each entry is then read on its own, as a stored entry
is (``Slot.from_json``, ``LessonProgress.from_json``) and its code decoded (``record.decode``):
a bad entry is reported and skipped, the good ones are imported.

Merging is by game (a save's id), and never loses a game: a save that is missing here is
added; one whose code is already here is skipped; one that continues the game here (the same
deal, the moves here a beginning of its moves) and is newer by revision (then by time) replaces
it; one that the game here continues is skipped as older; any other (two games that went
different ways, or a damaged entry here) is added beside it as a separate save.
"""

import datetime
import json

from ..core import strictjson
from ..core.errors import BadCode
from ..core.record import decode
from ..games import get_game, is_known
from .storage import (FIELDS, GAME_ID, LESSON_PREFIX, MAX_SAVE_CODE, Conflict, DamagedEntry,
                      LessonProgress, Lessons, Saves, Slot, StorageError, setting_ok)

KIND = "saves"
VERSION = 1
MAX_FILE_BYTES = 16 << 20     # a bigger file is refused unread (a full browser store: ~5 MB)
MAX_FILE_CHARS = 8_000_000
MAX_DEPTH = 12                # a save nests 4 deep in the file, a lesson's moves up to 10
MAX_SAVES = 20_000           # a full browser store of the smallest saves holds ~13,000
MAX_LESSONS = 64


class BadFile(ValueError):
    """A file that cannot be imported at all; ``key``: "empty", "too_large", "not_json",
    "not_ours", "future", "too_many" (strings ``backup.bad.<key>``)."""

    def __init__(self, key):
        super().__init__(key)
        self.key = key


# --- export ------------------------------------------------------------------------------------
def export(store, settings, now):
    """The file of every readable save, the chosen settings and the lessons' progress:
    (file name, text, {"saves": n, "lessons": n, "damaged": n}). A damaged entry is left out
    (and counted): it stays in the browser, where Copy its code can still recover it."""
    saves, damaged = Saves(store).scan()
    lessons = {}
    keys = []
    try:
        keys = [k for k in store.keys() if isinstance(k, str) and k.startswith(LESSON_PREFIX)]
    except StorageError:
        pass
    for key in sorted(keys):
        game_id = key[len(LESSON_PREFIX):]
        progress = Lessons(store).get(game_id)
        if progress is not None:
            lessons[game_id] = json.loads(progress.to_json())
    doc = {"bodoge": KIND, "v": VERSION, "exported": int(now),
           "saves": [json.loads(slot.to_json()) for slot in saves],
           "settings": settings.stored(), "lessons": lessons}
    text = json.dumps(doc, ensure_ascii=False, allow_nan=False, indent=1) + "\n"
    return (file_name(now), text,
            {"saves": len(saves), "lessons": len(lessons), "damaged": len(damaged)})


def file_name(now):
    """bodoge-saves-2025-06-01.json (the date in UTC)."""
    try:
        when = datetime.datetime.fromtimestamp(now / 1000, datetime.timezone.utc)
        day = when.strftime("%Y-%m-%d")
    except (OverflowError, OSError, ValueError):
        day = "saves"
    return f"bodoge-saves-{day}.json"


# --- reading a file ----------------------------------------------------------------------------
class Parsed:
    """A file's parts, each not yet checked entry by entry."""

    def __init__(self, saves, settings, lessons):
        self.saves, self.settings, self.lessons = saves, settings, lessons


def read(text):
    """The parts of an exported file, or ``BadFile``: bounded, strict JSON in this format."""
    if not isinstance(text, str) or not text.strip():
        raise BadFile("empty")
    if len(text) > MAX_FILE_CHARS:
        raise BadFile("too_large")
    try:
        data = strictjson.loads(text.lstrip("\ufeff"), MAX_FILE_CHARS, MAX_DEPTH, MAX_SAVE_CODE)
    except strictjson.JSONError:
        raise BadFile("not_json") from None
    if not isinstance(data, dict) or data.get("bodoge") != KIND:
        raise BadFile("not_ours")
    v = data.get("v")
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise BadFile("not_ours")
    if v > VERSION:
        raise BadFile("future")
    saves, settings, lessons = (data.get("saves", []), data.get("settings", {}),
                                data.get("lessons", {}))
    if not isinstance(saves, list):
        raise BadFile("not_ours")
    if len(saves) > MAX_SAVES or (isinstance(lessons, dict) and len(lessons) > MAX_LESSONS):
        raise BadFile("too_many")
    return Parsed(saves, settings, lessons)


def check_save(data):
    """A save entry of a file as a ``Slot``; else ``Bad`` saying why."""
    try:
        slot = Slot.from_json(strictjson.dumps(data))    # exactly as a stored entry is read
    except DamagedEntry:
        raise Bad("damaged") from None
    except (TypeError, ValueError):
        raise Bad("damaged") from None
    try:
        record = decode(slot.code)
    except BadCode as e:
        raise Bad("future" if e.key == "code.future" else "damaged") from None
    if record.game != slot.game:
        raise Bad("damaged")
    if not is_known(record.game):
        raise Bad("unknown_game")
    if record.version > get_game(record.game).rules_version:
        raise Bad("future")
    return slot, record


class Bad(ValueError):
    """An entry of a file that is not imported; ``reason``: "damaged", "future",
    "unknown_game", "too_large", "refused" (the browser would not store it)."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


# --- merging -----------------------------------------------------------------------------------
class Report:
    """What an import did. Counts of saves ``added`` (missing here), ``updated`` (a newer
    version of a game here), ``copied`` (kept beside a game here that went another way),
    ``same`` (already here) and ``older`` (the game here has gone further); ``settings``: the
    settings taken (those not chosen here); ``lessons``: lessons whose progress was taken;
    ``bad``: [(kind, number in the file or game id, game id or None, reason)], kind "save",
    "lesson" or "settings"; ``stopped``: why the browser refused to store more ("full",
    "blocked"), or None."""

    def __init__(self):
        self.added = self.updated = self.copied = self.same = self.older = self.lessons = 0
        self.settings = []
        self.bad = []
        self.stopped = None

    @property
    def changed(self):
        return bool(self.added or self.updated or self.copied or self.lessons or self.settings)


def relation(here, there):
    """How record ``there`` stands to record ``here``: "ahead" (the same game, gone further),
    "behind", "equal" (the same moves), or "other" (another game, or the same deal played
    differently)."""
    if (here.game, here.version, here.options, here.seed) != \
            (there.game, there.version, there.options, there.seed):
        return "other"
    n = min(len(here.moves), len(there.moves))
    if here.moves[:n] != there.moves[:n]:
        return "other"
    if len(there.moves) == len(here.moves):
        return "equal"
    return "ahead" if len(there.moves) > len(here.moves) else "behind"


def merge(store, parsed, settings, new_id):
    """Import ``parsed`` (``read``) into ``store``: its saves by game (see the module doc),
    the settings not chosen here (``settings``: the app's ``Settings``), and lesson progress
    further than this device's. ``new_id()``: a fresh save id. A ``Report``."""
    report = Report()
    saves = Saves(store)
    good = saves.scan()[0]
    codes = {slot.code for slot in good}
    for number, data in enumerate(parsed.saves, 1):
        game = data.get("game") if isinstance(data, dict) else None
        game = game if isinstance(game, str) and is_known(game) else None
        if report.stopped:
            report.bad.append(("save", number, game, "refused"))
            continue
        try:
            slot, record = check_save(data)
            if slot.code in codes:
                report.same += 1
                continue
            outcome = _merge_save(saves, slot, record, new_id)
        except Bad as b:
            report.bad.append(("save", number, game, b.reason))
            continue
        except StorageError as e:
            if e.reason == "too_large":
                report.bad.append(("save", number, game, "too_large"))
                continue
            report.stopped = e.reason
            report.bad.append(("save", number, game, "refused"))
            continue
        codes.add(slot.code)
        setattr(report, outcome, getattr(report, outcome) + 1)
    _merge_settings(parsed.settings, settings, report)
    _merge_lessons(store, parsed.lessons, report)
    return report


def _merge_save(saves, slot, record, new_id):
    """Store one good save of a file: "added", "updated", "copied" or "older"."""
    try:
        here = saves.get(slot.id)
    except DamagedEntry:
        here = None
        damaged = True
    else:
        damaged = False
    if here is None and not damaged:
        try:
            saves.put(slot)
            return "added"
        except Conflict:
            pass                          # written meanwhile: kept beside it
    elif here is not None:
        try:
            rel = relation(decode(here.code), record)
        except BadCode:
            rel = "other"
        newer = (slot.rev, slot.updated) > (here.rev, here.updated)
        if rel in ("ahead", "equal") and newer:
            try:
                saves.put(slot, over=here)
                return "updated"
            except Conflict:
                pass
        elif rel in ("behind", "equal") and not newer:
            return "older"
    copy = Slot(slot.id, slot.game, slot.code, slot.created, slot.updated, slot.over, slot.title,
                0, slot.progress, slot.titles)
    for _ in range(5):
        copy.id = new_id()
        try:
            saves.put(copy)
            return "copied"
        except Conflict:
            continue
    raise Bad("refused")


def _merge_settings(data, settings, report):
    """Each setting of the file that is not chosen on this device (and is valid) is taken."""
    if data in (None, {}):
        return
    if not isinstance(data, dict):
        report.bad.append(("settings", None, None, "damaged"))
        return
    chosen = settings.stored()
    for name in FIELDS:
        value = data.get(name)
        if name in chosen or value is None or not setting_ok(name, value):
            continue
        if getattr(settings, name) != value:
            settings.set(name, value)
            report.settings.append(name)


def _merge_lessons(store, data, report):
    """A lesson's progress from the file is taken when there is none here, or when it is
    further on (finished, or more steps done) and the lesson here is not finished."""
    if data in (None, {}):
        return
    if not isinstance(data, dict):
        report.bad.append(("lesson", None, None, "damaged"))
        return
    lessons = Lessons(store)
    for game_id, value in sorted(data.items()):
        known = isinstance(game_id, str) and GAME_ID.match(game_id) and is_known(game_id)
        if not known:
            report.bad.append(("lesson", None, None, "unknown_game"))
            continue
        try:
            progress = LessonProgress.from_json(strictjson.dumps(value))
        except (DamagedEntry, TypeError, ValueError):
            report.bad.append(("lesson", None, game_id, "damaged"))
            continue
        here = lessons.get(game_id)
        further = here is None or (not here.done and (progress.done or progress.step > here.step))
        if further:
            if lessons.put(game_id, progress):
                report.lessons += 1
            else:
                report.bad.append(("lesson", None, game_id, "refused"))
