"""Build Play Me! positions by hand for rule tests."""

import pytest

from bodoge.core.errors import IllegalMove
from bodoge.games.playme import GAME


def rig(chars, rolls=None, cards=None, mad=(), options=None, t=5000):
    """A running round (past its countdown): seat s plays ``chars[s]`` with ``rolls[s]`` as its
    usable dice and ``cards[s]`` on its card (a list of faces, own dice, or (face, owner))."""
    n = len(chars)
    state = GAME.setup(dict(options or {}, players=n, characters=list(chars)), 7)
    state = GAME.apply(state, 0, {"a": "ready", "t": 0})
    state["t"] = t
    state["log"] = []
    for s in range(n):
        p = state["p"][s]
        p["mad"] = s in mad
        card = []
        for slot in (cards or {}).get(s, []):
            face, owner = slot if isinstance(slot, tuple) else (slot, s)
            card.append({"n": face, "o": [] if owner is None else [owner]})
        p["card"] = card
        p["roll"] = list((rolls or {}).get(s, []))
    for s in range(n):   # dice in hand: what is not on any card
        on_cards = sum(1 for q in state["p"] for slot in q["card"] if s in slot["o"])
        state["p"][s]["pool"] = 6 - on_cards
        state["p"][s]["best"] = GAME.own_count(state, s)
    return state


def play(state, seat, move, t=None):
    move = dict(move, t=state["t"] + 10 if t is None else t)
    return GAME.apply(state, seat, move)


def refused(state, seat, move, what):
    with pytest.raises(IllegalMove) as err:
        play(state, seat, move)
    assert err.value.key == f"playme.error.{what}", err.value.message


def faces(state, s):
    return [slot["n"] for slot in state["p"][s]["card"]]


def owners(state, s):
    return [slot["o"] for slot in state["p"][s]["card"]]


def dice_total(state, s):
    """All of seat s's dice: in hand, on cards, in a joint block being placed."""
    total = state["p"][s]["pool"]
    total += sum(slot["o"].count(s) for p in state["p"] for slot in p["card"])
    if state["joint"]:
        total += state["joint"]["o"].count(s)
    return total
