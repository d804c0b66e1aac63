"""Translations. Each game's strings sit in its folder (``bodoge/games/<game>/strings.py``) with
an ``EN`` and a ``JA`` table side by side; ``ui/strings/common.py`` holds the shell's. A test checks that
both tables have the same keys and placeholders (English may add ``.you`` and ``.one`` variants).

A game's keys all start with its id (``algo.…``), so its module is imported only when one of
its keys is first asked for: the page compiles the shell's strings at boot, not every game's.
"""

import importlib

from ..games import PLAYABLE

LANGS = ("ja", "en")
MODULES = ("common",) + PLAYABLE          # the shell's table, then each game's

_TABLES = {"en": {}, "ja": {}}
_LOADED = set()


def module_name(name):
    """The module holding string table ``name``."""
    return f"{__package__}.strings.common" if name == "common" else f"bodoge.games.{name}.strings"


def _load(name):
    mod = importlib.import_module(module_name(name))
    _TABLES["en"].update(mod.EN)
    _TABLES["ja"].update(mod.JA)
    _LOADED.add(name)


def _ensure(key):
    name = key.split(".", 1)[0]
    if name not in _LOADED and name in MODULES:
        _load(name)


_load("common")


class _Missing(dict):
    def __missing__(self, key):
        return "{" + key + "}"


class I18n:
    def __init__(self, lang: str = "en"):
        self.lang = lang if lang in LANGS else "en"

    def t(self, key: str, **params) -> str:
        """``key`` in this language, with ``params`` filled in. Where a language words the
        singular differently it has ``key.one`` as well, used when ``n`` is 1 (English "1 tile",
        "2 tiles"; Japanese needs no such key)."""
        _ensure(key)
        if params.get("n") == 1 and f"{key}.one" in _TABLES[self.lang]:
            key = f"{key}.one"
        text = _TABLES[self.lang].get(key) or _TABLES["en"].get(key) or key
        if params:
            text = text.format_map(_Missing(params))
        return text

    def has(self, key: str) -> bool:
        _ensure(key)
        return key in _TABLES[self.lang] or key in _TABLES["en"]

    def has_own(self, key: str) -> bool:
        """Whether this language itself (not the English fallback) has ``key``."""
        _ensure(key)
        return key in _TABLES[self.lang]


def tables():
    """Every string of every module (tests, tools)."""
    for name in MODULES:
        if name not in _LOADED:
            _load(name)
    return _TABLES
