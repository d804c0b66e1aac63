"""Translations. Each game's strings sit in one module (``strings/<game>.py``) with an ``EN``
and a ``JA`` table side by side; ``strings/common.py`` holds the shell's. A test checks that
both tables have the same keys and placeholders.
"""

import importlib
import string

LANGS = ("ja", "en")
MODULES = ("common", "algo", "playme")

_TABLES = {"en": {}, "ja": {}}
for _name in MODULES:
    _mod = importlib.import_module(f"{__package__}.strings.{_name}")
    _TABLES["en"].update(_mod.EN)
    _TABLES["ja"].update(_mod.JA)


class _Missing(dict):
    def __missing__(self, key):
        return "{" + key + "}"


class I18n:
    def __init__(self, lang: str = "en"):
        self.lang = lang if lang in LANGS else "en"

    def t(self, key: str, **params) -> str:
        text = _TABLES[self.lang].get(key) or _TABLES["en"].get(key) or key
        if params:
            text = string.Formatter().vformat(text, (), _Missing(params))
        return text

    def tn(self, key: str, count: int, **params) -> str:
        """Plural: ``key.one`` for 1 where the language has it, else ``key.other``."""
        form = "one" if count == 1 and f"{key}.one" in _TABLES[self.lang] else "other"
        return self.t(f"{key}.{form}", count=count, **params)

    def has(self, key: str) -> bool:
        return key in _TABLES[self.lang] or key in _TABLES["en"]

    def has_own(self, key: str) -> bool:
        """Whether this language itself (not the English fallback) has ``key``."""
        return key in _TABLES[self.lang]


def tables():
    return _TABLES
