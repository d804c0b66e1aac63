"""Strict, bounded JSON for text that anyone can write (save codes, browser storage).

``loads(text, ...)`` refuses, with ``JSONError`` (a ``ValueError``) and never anything else:
text longer than ``max_chars``; nesting deeper than ``max_depth``, found by a cheap scan of
bracket depth outside strings *before* ``json.loads`` runs (its recursion on deep nesting
raises ``RecursionError`` in CPython and can kill the interpreter in Pyodide); ``NaN``,
``Infinity`` and numbers that overflow to infinity; integers beyond ±2**53 (what a browser
keeps exactly) or longer than 17 digits; strings (and object keys) longer than ``max_string``
or holding a lone surrogate (they cannot be written back as UTF-8).
"""

import json
import re

SAFE_INT = 1 << 53

# A token is a string (to its closing quote, or to the end of the text when it has none, so
# that the scan never backtracks) or one bracket. Over valid JSON this is exactly JSON's own
# lexing; over invalid JSON, ``json.loads`` stops at the first place where the two differ, so
# it never nests deeper than the depth found here.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)|[\[\]{}]', re.DOTALL)
_OPEN = frozenset("[{")


class JSONError(ValueError):
    """Text that is not strict, bounded JSON. ``str(error)`` is a short English phrase."""


def depth(text: str) -> int:
    """The deepest bracket nesting in ``text``, outside strings."""
    level = top = 0
    for m in _TOKENS.finditer(text):
        c = text[m.start()]
        if c == '"':
            continue
        if c in _OPEN:
            level += 1
            if level > top:
                top = level
        else:
            level -= 1
    return top


def _reject_constant(name):
    raise JSONError(f"{name} is not allowed")


def _parse_int(s):
    if len(s.lstrip("-")) > 17:
        raise JSONError("a number is too large")
    n = int(s)
    if not -SAFE_INT <= n <= SAFE_INT:
        raise JSONError("a number is too large")
    return n


def _parse_float(s):
    if len(s) > 40:
        raise JSONError("a number is too long")
    x = float(s)
    if x != x or x in (float("inf"), float("-inf")):
        raise JSONError("a number is too large")
    return x


def _check_strings(value, max_string):
    """Every string and key in ``value`` (already depth-bounded) is short and valid UTF-8."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            items = (v,)
        elif isinstance(v, dict):
            items = v.keys()
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
            continue
        else:
            continue
        for s in items:
            if len(s) > max_string:
                raise JSONError("a text in it is too long")
            try:
                s.encode("utf-8")
            except UnicodeEncodeError:
                raise JSONError("a text in it is not valid Unicode") from None


def loads(text, max_chars: int, max_depth: int = 16, max_string: int = 1000):
    """Parse ``text`` as strict, bounded JSON (see the module doc); raise ``JSONError``."""
    if not isinstance(text, str):
        raise JSONError("not text")
    if len(text) > max_chars:
        raise JSONError("too large")
    if depth(text) > max_depth:
        raise JSONError("nested too deeply")
    try:
        value = json.loads(text, parse_constant=_reject_constant, parse_int=_parse_int,
                           parse_float=_parse_float)
    except JSONError:
        raise
    except (ValueError, RecursionError):     # RecursionError cannot happen after the scan
        raise JSONError("not valid JSON") from None
    _check_strings(value, max_string)
    return value


def dumps(value) -> str:
    """Compact JSON that ``loads`` reads back (no NaN; non-ASCII kept as is)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
