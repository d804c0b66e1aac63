"""Build Play Me! positions by hand for rule tests, or reach them through the protocol with
scripted moves (``Script``)."""

import pytest

from bodoge.core.errors import IllegalMove
from bodoge.core.match import Match
from bodoge.core.record import Record
from bodoge.games.playme import GAME


def rig(chars, rolls=None, cards=None, mad=(), options=None, t=5000, version=None):
    """A running round (past its countdown): seat s plays ``chars[s]`` with ``rolls[s]`` as its
    usable dice and ``cards[s]`` on its card (a list of faces, own dice, or (face, owner));
    played by rules ``version`` (None: the current rules)."""
    n = len(chars)
    state = GAME.setup(dict(options or {}, players=n, characters=list(chars)), 7, version)
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


class Script:
    """A game played through the protocol (``Match.play``) from a fixed seed by scripted moves,
    under rules ``version``: the same script under two versions differs only where the rules
    do. Every move is stamped 10 ms after the earliest time it may carry."""

    def __init__(self, chars, version=None, seed=12, **options):
        version = GAME.rules_version if version is None else version
        opts = GAME.options(dict(options, players=len(chars), characters=list(chars)))
        self.match = Match(GAME, Record("playme", version, opts, seed),
                           GAME.setup(opts, seed, version))

    @property
    def state(self):
        return self.match.state

    def play(self, seat, move):
        self.match.play(seat, dict(move, t=GAME.earliest(self.state) + 10))
        return self.state

    def refused(self, seat, move, what):
        with pytest.raises(IllegalMove) as err:
            self.play(seat, move)
        assert err.value.key == f"playme.error.{what}", err.value.message

    def can(self, seat, move):
        return move in GAME.moves(self.state, seat)

    def step(self, seat):
        """One move of a seat racing alone: catch, unblock, advance, else roll again."""
        moves = GAME.moves(self.state, seat)
        for a in ("catch", "unblock", "advance", "roll"):
            mine = [m for m in moves if m["a"] == a and "keep" not in m]
            if mine:
                return self.play(seat, mine[0])
        raise AssertionError(f"seat {seat} cannot act: {moves}")

    def advance_to(self, seat, k):
        """Seat ``seat`` alone races until ``k`` of its own dice stand on its card."""
        for _ in range(500):
            if GAME.own_count(self.state, seat) >= k:
                return self.state
            self.step(seat)
        raise AssertionError(f"seat {seat} never reached {k}")

    def win_round(self, seat):
        """Start a round and let ``seat`` alone race to 1–6 and catch the tile."""
        self.play(0, {"a": "ready"})
        rnd = self.state["round"]
        for _ in range(500):
            if self.state["round"] != rnd:
                return self.state
            self.step(seat)
        raise AssertionError(f"seat {seat} never won round {rnd}")

    def get_face(self, seat, n):
        """Seat ``seat`` plays on (rolling, or advancing when it must) until it holds a die
        showing ``n`` and another one, ready to block with the ``n``."""
        for _ in range(500):
            roll = self.state["p"][seat]["roll"]
            if n in roll and len(roll) >= 2:
                return self.state
            self.step(seat)
        raise AssertionError(f"seat {seat} never rolled a {n}")
