"""Errors with a message key, so the UI can show a clear, translated message.

``str(error)`` is a complete English sentence (for the CLI and logs); ``error.key`` and
``error.params`` name the UI string (``bodoge.ui.strings``) that says the same thing.
"""


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
    ``code.damaged``, ``code.future`` (made by a newer bodoge), ``code.unknown_game``,
    ``code.rules_future`` (newer rules version), ``code.illegal`` (a move the rules refuse;
    params ``index`` (1-based) and ``reason``).
    """

    key = "code.damaged"
