"""Errors with a message key, so the UI can show a clear, translated message.

``str(error)`` is a complete English sentence (for the CLI and logs); ``error.key`` and
``error.params`` name the UI string (``bodoge.ui.strings``) that says the same thing.
"""

import re

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def short(text, limit: int = 100) -> str:
    """``text`` on one line, at most ``limit`` characters (cut with "…"), and valid UTF-8:
    what an error may repeat of something a stranger wrote (a code, a move)."""
    text = _CONTROL.sub(" ", str(text)).encode("utf-8", "replace").decode("utf-8")
    return text if len(text) <= limit else text[:limit - 1] + "…"


class BodogeError(Exception):
    key = "error.generic"

    def __init__(self, message: str, key: str | None = None, **params):
        super().__init__(message)
        self.message = message
        if key is not None:
            self.key = key
        self.params = params


class IllegalMove(BodogeError):
    """A move that the rules do not allow in this state (or is not a well-formed move)."""

    key = "error.illegal_move"


class BadOptions(BodogeError):
    """Game options that the game does not accept."""

    key = "error.bad_options"


class BadCode(BodogeError):
    """A save code that cannot be turned back into a game.

    Keys: ``code.empty``, ``code.format`` (not a bodoge code), ``code.truncated``,
    ``code.damaged``, ``code.too_large``, ``code.future`` (made by a newer bodoge),
    ``code.unknown_game``, ``code.rules_future`` (newer rules version), ``code.rules_old``,
    ``code.illegal`` (a move the rules refuse; params ``index`` (1-based) and ``reason``).

    A code is anyone's text: the message is one line of at most 200 characters and each text
    parameter at most 100 (``short``), however long the move or option it quotes.
    """

    key = "code.damaged"

    def __init__(self, message: str, key: str | None = None, **params):
        params = {k: short(v) if isinstance(v, str) else v for k, v in params.items()}
        super().__init__(short(message, 200), key, **params)
