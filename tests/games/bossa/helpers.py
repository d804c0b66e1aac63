"""Build Bossa positions by hand for rule tests."""

from bodoge.games.bossa import GAME
from bodoge.games.bossa.rules import ACTIONS, ALL_TILES, TILES, begin_turn


def tile(spec: str) -> int:
    """'w2b3' → the tile with 2 white and 3 black dots; 'w4' and 'b1' name one-colour tiles."""
    w = b = 0
    part = spec
    if part.startswith("w"):
        digits = part[1:].split("b")[0]
        w = int(digits)
        part = part[1 + len(digits):]
    if part.startswith("b"):
        b = int(part[1:])
    return TILES.index((w, b))


def tiles(*specs):
    return sorted(tile(s) for s in specs)


def place(n, specs, by=0, stacks=()):
    ts = tiles(*specs)
    return {"n": n, "k": len(ts), "t": ts, "s": [tiles(*g) for g in stacks], "by": by}


def rig(hands, dice=(3, 4), lo=((), ()), hi=((), ()), deck=None, own=(0, 1), turn=0,
        variant="advanced", used=None, draw=False, version=None):
    """A play-phase state: ``hands`` as tile specs, ``dice`` for the white and black lines,
    ``lo``/``hi`` as lists of placements (``place(...)``) per line, ``deck`` as specs with
    the next draw last (None: every other tile but one, put aside). ``draw``: begin the turn
    of ``turn`` with its draw (and stuck check) as the engine does. ``version``: the rules
    version (default the current one)."""
    state = GAME.setup({"rules": variant}, 1, version)
    hs = [tiles(*h) for h in hands]
    state["hands"] = hs
    state["lines"] = [{"die": dice[c], "lo": list(lo[c]), "hi": list(hi[c])} for c in (0, 1)]
    seen = {t for h in hs for t in h}
    for line in state["lines"]:
        for p in line["lo"] + line["hi"]:
            seen.update(p["t"])
            for g in p["s"]:
                seen.update(g)
    if deck is None:
        rest = [t for t in ALL_TILES if t not in seen]
        state["removed"], deck_ids = rest[0], rest[1:]
    else:
        deck_ids = [tile(s) for s in deck]
        state["removed"] = next(t for t in ALL_TILES if t not in seen and t not in deck_ids)
    state["deck"] = deck_ids
    state["discard"] = []
    state["own"] = list(own) if variant == "advanced" else [None, None]
    state["first"] = 0
    state["used"] = [{a: a in (used or [(), ()])[s] for a in ACTIONS} for s in (0, 1)]
    state["phase"] = "play"
    state["turn"] = turn
    state["result"] = None
    state["log"] = []
    if draw:
        begin_turn(state, turn, state["log"])
    return state


def play(state, move, seat=None, draw=True):
    """``move`` by the seat to move (or ``seat``); then, unless ``draw`` is False, the next
    turn's draw when it is due (rules version 3: a move of its own, made at once for a person)."""
    state = GAME.apply(state, state["turn"] if seat is None else seat, move)
    auto = GAME.automatic(state) if draw else None
    return state if auto is None else GAME.apply(state, *auto)


def lay(line, end, *specs):
    return {"a": "place", "line": line, "end": end, "tiles": tiles(*specs)}


def stack(line, n, *specs):
    return {"a": "stack", "line": line, "n": n, "tiles": tiles(*specs)}
