"""Players' names: what anyone may type (a guest on another device, a code's seats) made safe
to show beside the others.

A name is text, never markup (the renderer escapes it). Beyond that, a name must not pass for
another: characters that change how the text around them is ordered or that show nothing (the
bidirectional controls, such as U+202E, which writes what follows backwards; zero-width spaces
and joiners; soft hyphens; the Hangul fillers that make a blank-looking name) are taken out,
runs of whitespace (any kind) become one space, and the name is at most ``MAX_NAME``
characters. Two names are the same at a table if they are equal once compatibility-folded
and case-folded (``name_key``: "ＡＫＩ", "aki" and "Aki" are one name).
"""

import unicodedata

MAX_NAME = 24
# Shown as nothing though not "format" characters (category Cf, all of which go): the Hangul
# fillers, the Khmer inherent vowels, the combining grapheme joiner, the braille blank.
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u17b4\u17b5\u034f\u2800")


def _shown(c):
    return c not in _INVISIBLE and unicodedata.category(c) not in ("Cf", "Cc", "Cs")


def clean_name(name, limit=MAX_NAME) -> str:
    """``name`` made safe to show: text, one line, no invisible or reordering characters,
    whitespace collapsed, trimmed, at most ``limit`` characters ("" for anything else)."""
    if not isinstance(name, str):
        return ""
    text = "".join(c if _shown(c) or c.isspace() else "" for c in name[:400])
    return " ".join(" ".join(text.split())[:limit].split())


def name_key(name) -> str:
    """What two names are compared by: compatibility-folded (full-width letters, ligatures),
    case-folded, cleaned."""
    return clean_name(unicodedata.normalize("NFKC", clean_name(name, 400)).casefold(), 400)


def taken(name, others) -> bool:
    """Whether ``name`` is one of ``others`` (names shown at the table) as ``name_key`` sees it."""
    key = name_key(name)
    return bool(key) and any(name_key(o) == key for o in others)
