"""Build algo positions by hand for rule tests."""

from bodoge.games.algo import GAME
from bodoge.games.algo.rules import CARDS


def cid(spec: str) -> int:
    """'b5' → black 5, 'w11' → white 11."""
    return int(spec[1:]) * 2 + (0 if spec[0] == "b" else 1)


def rig(rows, deck=None, turn=0, dealer=None, up=(), version=None, **options):
    """A state with the given rows (lists of 'b3'-style specs) and deck (top of deck last).

    ``deck=None`` puts every other card in the deck. ``up`` lists specs dealt face up.
    The turn starts for ``turn`` (drawing if the deck has cards). ``options``: e.g.
    ``mode="pair"``, ``chips=True``. ``version``: the rules version (None: the current one).
    """
    n = len(rows)
    state = GAME.setup({"players": n, **options}, 1, version)
    ids = [sorted(cid(c) for c in row) for row in rows]
    used = {c for row in ids for c in row}
    if deck is None:
        deck = [c for c in range(CARDS) if c not in used]
    else:
        deck = [cid(c) for c in deck]
    up_ids = {cid(c) for c in up}
    state["next_k"] = 0
    state["rows"] = [[GAME._new_card(state, c, c in up_ids) for c in row] for row in ids]
    state["deck"] = deck
    state["out"] = [False] * n
    state["turn"] = turn
    state["dealer"] = turn if dealer is None else dealer
    state["log"] = []
    GAME._start_turn(state)
    return state


def numbers(state, seat):
    return [(c["id"] >> 1, "bw"[c["id"] & 1], c["up"]) for c in state["rows"][seat]]


def attack(s, p, n, w=None):
    move = {"a": "attack", "s": s, "p": p, "n": n}
    if w is not None:
        move["w"] = w
    return move


STAY = {"a": "stay"}
