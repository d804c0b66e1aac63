"""Play Me!'s computer players: how they think (the level of a seat) and how quickly they act
(the reaction time, one setting for the game). Stdlib only: the rules import it for
``bot_levels``, the New game form and the bots' driver for the reaction times.

Levels (``bots.py``): *easy* races and rarely blocks, *normal* blocks the leader and unblocks
sensibly, *strong* weighs every action by a solved two-player race and uses its powers fully.

Reaction time: the record's ``meta["reaction"]`` (a code anyone can edit: anything unknown is
the default) is one of ``REACTIONS`` for every computer at the table, or ``"level"``: each
computer at its level's own time (easy 2.2 s, normal 1.3 s, strong 0.75 s), the ladder the
game had before levels thought differently.

Records made before that named their seats' levels by speed: ``slow``, ``normal``, ``fast``.
They still open and play on: ``slow`` is easy, ``fast`` strong, and with no reaction setting in
those records each plays at its old speed (slow 2.2 s, normal 1.3 s, fast 0.75 s), which is
what ``"level"`` gives them. ``Levels`` is the tuple of today's levels (what the New game
form offers) that also *contains* the old names, so the shared screens (``clean_seats``)
keep such a seat a computer.
"""

LEVELS = ("easy", "normal", "strong")
OLD_LEVELS = {"slow": "easy", "fast": "strong"}    # "normal" kept its name
REACTIONS = {"patient": 2200, "steady": 1300, "quick": 750, "swift": 500}   # mean ms
LEVEL_REACTION = {"easy": "patient", "normal": "steady", "strong": "quick"}
BY_LEVEL = "level"
REACTION_CHOICES = (BY_LEVEL,) + tuple(REACTIONS)


class Levels(tuple):
    """Today's levels, in order (iterate it: what a New game form offers); ``in`` also answers
    yes for the old names, which records made before still carry."""

    def __contains__(self, name):
        return tuple.__contains__(self, name) or (isinstance(name, str) and name in OLD_LEVELS)


def level_of(name):
    """Today's level for a seat's level name, old names included (``ValueError`` if none)."""
    level = OLD_LEVELS.get(name, name)
    if level not in LEVELS:
        raise ValueError(f"Play Me! has no bot level {name!r}")
    return level


def reaction_setting(meta):
    """The record's reaction-time setting: one of ``REACTION_CHOICES`` (default: by level)."""
    value = meta.get("reaction") if isinstance(meta, dict) else None
    return value if isinstance(value, str) and value in REACTION_CHOICES else BY_LEVEL


def reaction_ms(level, setting=BY_LEVEL):
    """Mean reaction time (ms) of a computer of ``level`` (old names too) under ``setting``."""
    if setting in REACTIONS:
        return REACTIONS[setting]
    return REACTIONS[LEVEL_REACTION[level_of(level)]]
