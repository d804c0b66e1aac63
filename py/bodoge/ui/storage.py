"""Saves and settings in a key–value store (``localStorage`` in the browser, a dict in tests).

Each save slot is its own key (``bodoge:save:<id>``), so one damaged entry cannot take the
others with it. Nothing here ever deletes or rewrites an entry it could not read: a damaged
slot is listed as damaged until the player deletes it.
"""

import json

SAVE_PREFIX = "bodoge:save:"
SETTINGS_KEY = "bodoge:settings"
SAVE_VERSION = 1

LANGS = ("ja", "en")
SPEEDS = {"slow": 1400, "normal": 700, "fast": 250, "instant": 0}   # ms between bot moves
MOTIONS = ("auto", "reduce")


class MemoryStore:
    """The store interface, backed by a dict (tests, CLI)."""

    def __init__(self, data=None):
        self.data = dict(data or {})

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        self.data[key] = value

    def remove(self, key):
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)


class Settings:
    def __init__(self, store, default_lang="en"):
        self.store = store
        self.lang, self.speed, self.motion = default_lang, "normal", "auto"
        try:
            data = json.loads(store.get(SETTINGS_KEY) or "{}")
        except ValueError:
            data = {}
        if isinstance(data, dict):
            if data.get("lang") in LANGS:
                self.lang = data["lang"]
            if data.get("speed") in SPEEDS:
                self.speed = data["speed"]
            if data.get("motion") in MOTIONS:
                self.motion = data["motion"]

    def save(self):
        self.store.set(SETTINGS_KEY, json.dumps(
            {"lang": self.lang, "speed": self.speed, "motion": self.motion}))


class Slot:
    """One saved game: its save code plus what the shelf shows about it."""

    def __init__(self, id, game, code, created, updated, over=False, title=""):
        self.id, self.game, self.code = id, game, code
        self.created, self.updated, self.over, self.title = created, updated, over, title

    def to_json(self):
        return json.dumps({"v": SAVE_VERSION, "id": self.id, "game": self.game, "code": self.code,
                           "created": self.created, "updated": self.updated, "over": self.over,
                           "title": self.title})

    @classmethod
    def from_json(cls, text):
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("v") != SAVE_VERSION:
            raise ValueError("unknown save format")
        fields = {"id": str, "game": str, "code": str, "created": (int, float),
                  "updated": (int, float), "over": bool, "title": str}
        for name, kind in fields.items():
            if not isinstance(data.get(name), kind):
                raise ValueError(f"bad field {name}")
        return cls(data["id"], data["game"], data["code"], data["created"], data["updated"],
                   data["over"], data["title"])


class Saves:
    def __init__(self, store):
        self.store = store

    def _key(self, slot_id):
        return SAVE_PREFIX + slot_id

    def scan(self):
        """(slots newest first, damaged slot ids)."""
        good, bad = [], []
        for key in self.store.keys():
            if not key.startswith(SAVE_PREFIX):
                continue
            slot_id = key[len(SAVE_PREFIX):]
            try:
                slot = Slot.from_json(self.store.get(key) or "")
                if slot.id != slot_id:
                    raise ValueError("id mismatch")
                good.append(slot)
            except ValueError:
                bad.append(slot_id)
        good.sort(key=lambda s: s.updated, reverse=True)
        return good, sorted(bad)

    def get(self, slot_id):
        text = self.store.get(self._key(slot_id))
        if text is None:
            return None
        return Slot.from_json(text)       # ValueError if damaged

    def put(self, slot):
        self.store.set(self._key(slot.id), slot.to_json())

    def delete(self, slot_id):
        self.store.remove(self._key(slot_id))

    def find_code(self, code):
        return next((s for s in self.scan()[0] if s.code == code), None)
