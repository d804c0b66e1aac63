"""algo's part of the protocol suite (tests/games/suite.py says what each name is for).

Random play is cheap (a random move is built from the state, not picked from ``legal_moves``:
often a right guess or a stay, so games reach their ends). Invariants after every move: 24
distinct cards, rows sorted, eliminations, chips zero-sum, team scores equal; in pair play a
partner is attacked only by rules version 2 on, where a partner hit moves no points and both
losing players pay a round win. A view shows a number exactly where its seat may know it (its
own row, cards face up, cards shown to it by Toss, everything at the end), no raw card id, and
the log hides others' draws and Toss cards shown to others; it is unchanged when the deck is
shuffled or a hidden card swapped for another that fits the same place.
"""

from bodoge.core.protocol import clone, rules_of
from bodoge.games.algo import GAME
from bodoge.games.algo import rules as R

# every mode and chips on and off by the current rules; pair play (where the versions differ)
# by every version; puzzles (test_properties.py plays many more, of every grade)
V = GAME.rules_version
VARIANTS = [({"players": 2}, V), ({"players": 3}, V), ({"players": 4}, V),
            ({"players": 2, "chips": True}, V), ({"players": 3, "chips": True}, V),
            ({"players": 4, "chips": True}, V), ({"players": 3, "chips": True}, 3),
            ({"players": 3}, 2), ({"players": 4}, 1),
            ({"mode": "pair"}, V), ({"mode": "pair", "chips": True}, V),
            ({"mode": "pair", "chips": True}, 3),
            ({"mode": "pair"}, 2), ({"mode": "pair", "chips": True}, 2),
            ({"mode": "pair"}, 1), ({"mode": "pair", "chips": True}, 1),
            ({"mode": "puzzle", "grade": 1}, V)]
SAMPLE = 16
# whole games of bots other tests replay (tests/ui/test_replay_properties.py)
SELFPLAY = [({"players": 2}, "normal"), ({"players": 4, "mode": "pair"}, "normal"),
            ({"players": 3, "chips": True}, "normal")]


def random_move(state, seat, pick):
    if R.is_puzzle(state):
        moves = GAME.legal_moves(state, seat)
        move = moves[pick.below(len(moves))]
        r, p = move["r"], move["p"]
        return {**move, "n": state["rows"][r][p]["id"] >> 1} if pick.below(2) else move
    if state["phase"] == "toss":
        own = [p for p, c in enumerate(state["rows"][seat]) if not c["up"]]
        return {"a": "show", "p": own[pick.below(len(own))]}
    if state["phase"] == "again" and pick.below(3) == 0:
        return {"a": "stay"}
    if GAME.can_toss(state) and pick.below(2) == 0:
        return {"a": "toss"}
    targets = [t for t in range(state["players"]) if GAME.may_target(state, seat, t)]
    t = targets[pick.below(len(targets))]
    cards = [p for p, c in enumerate(state["rows"][t]) if not c["up"]]
    p = cards[pick.below(len(cards))]
    n = state["rows"][t][p]["id"] >> 1 if pick.below(2) == 0 else pick.below(12)
    move = {"a": "attack", "s": t, "p": p, "n": n}
    if state["stake"] is None:
        own = [q for q, c in enumerate(state["rows"][seat]) if not c["up"]]
        move["w"] = own[pick.below(len(own))]
    return move


def check_step(before, seat, move, state):
    if R.is_puzzle(state):
        return
    ids = [c["id"] for row in state["rows"] for c in row] + state["deck"]
    if state["drawn"] is not None:
        ids.append(state["drawn"])
    assert sorted(ids) == list(range(24)), "24 distinct cards"
    for row in state["rows"]:
        assert [c["id"] for c in row] == sorted(c["id"] for c in row), "rows sorted"
    handles = [c["k"] for row in state["rows"] for c in row]
    assert len(handles) == len(set(handles))
    n = state["players"]
    for s in range(n):
        assert state["out"][s] == all(c["up"] for c in state["rows"][s]) or state["phase"] == "over"
    if "points" in state:
        pts = state["points"]
        if R.is_pair(state):
            assert pts[0] == pts[2] and pts[1] == pts[3]
            assert pts[0] + pts[1] == 2 * R.CHIPS_START_PAIR, "chips are zero-sum"
        else:
            assert sum(pts) == n * R.CHIPS_START[n], "chips are zero-sum"
    if R.is_pair(state):
        assert state["deck"] == [] and state["drawn"] is None
        for to, k in state["shown"]:
            assert k in {c["k"] for c in state["rows"][R.partner(to)]}
        new = state["log"][len(before["log"]):]
        v2 = rules_of(state) >= R.PARTNER_ATTACK_SINCE
        for e in new:
            if e["e"] == "attack" and e["s"] == R.partner(e["seat"]):
                assert v2, "version 1: no partner attacks"
                if "points" in state and e["hit"] and new[-1]["e"] != "round_end":
                    assert state["points"] == before["points"], "a partner hit moves no points"
            if e["e"] == "round_end" and "points" in state:
                assert e.get("total") == (2 * e["paid"] if v2 else None), "who pays a round win"


def _walk(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k, v
            yield from _walk(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _walk(v)


def check_view(state, seat, view):
    over = state["phase"] == "over"
    if R.is_puzzle(state):
        for row, real in zip(view["rows"], state["rows"]):
            for card, c in zip(row, real):
                assert (card["n"] is not None) == (c["up"] or over)
        return
    told = {k for to, k in state.get("shown", ()) if to == seat}
    for s, row in enumerate(view["rows"]):
        for card, real in zip(row, state["rows"][s]):
            visible = real["up"] or s == seat or over or real["k"] in told
            assert (card["n"] is not None) == visible
            if visible:
                assert card["n"] == real["id"] >> 1
    if view["drawn"] is not None and state["turn"] != seat:
        assert view["drawn"]["n"] is None
    recent = {k: v for k, v in view.items() if k != "log"}, view["log"][-12:]
    assert "id" not in {k for k, _ in _walk(recent)}, "no raw card ids in a view"
    for e in view["log"]:
        if e["e"] == "draw" and e["seat"] != seat:
            assert e["n"] is None
        if e["e"] == "show" and seat not in (e["seat"], e["to"]):
            assert e["n"] is None


def _hidden_from(state, seat):
    """(row, pos) of the cards ``seat`` cannot see."""
    told = {k for to, k in state.get("shown", ()) if to == seat}
    return [(t, p) for t, row in enumerate(state["rows"]) if t != seat
            for p, card in enumerate(row) if not card["up"] and card["k"] not in told]


def _between(row, p):
    return (row[p - 1]["id"] if p else -1), (row[p + 1]["id"] if p + 1 < len(row) else 24)


def hide(state, seat, rng):
    """The deck shuffled and one hidden card swapped for a deck card (or, in pair play, another
    hidden card) of its colour that fits its place; the owner of the card sees the change."""
    if state["phase"] == "over" or R.is_puzzle(state):
        return None

    def copy():                     # the log is append-only: share it
        return {k: (v if k == "log" else clone(v)) for k, v in state.items()}

    other = copy()
    if len(state["deck"]) >= 2:
        rng.shuffle(other["deck"])
    hidden = _hidden_from(state, seat)
    if hidden:
        t, p = hidden[rng.below(len(hidden))]
        card = state["rows"][t][p]
        lo, hi = _between(state["rows"][t], p)
        swaps = [("deck", d) for d, cid in enumerate(state["deck"])
                 if cid & 1 == card["id"] & 1 and lo < cid < hi]
        for t2, p2 in hidden:
            lo2, hi2 = _between(state["rows"][t2], p2)
            cid = state["rows"][t2][p2]["id"]
            if t2 != t and cid & 1 == card["id"] & 1 and lo < cid < hi and lo2 < card["id"] < hi2:
                swaps.append((t2, p2))
        if swaps:
            where = swaps[rng.below(len(swaps))]
            if where[0] == "deck":
                d = where[1]
                other["rows"][t][p]["id"], other["deck"][d] = state["deck"][d], card["id"]
            else:
                t2, p2 = where
                other["rows"][t][p]["id"] = state["rows"][t2][p2]["id"]
                other["rows"][t2][p2]["id"] = card["id"]
            assert GAME.view(other, t) != GAME.view(state, t), "the owner sees the swap"
    return other if other != state else None


def check_end(match):
    state, out = match.state, match.outcome()
    if R.is_puzzle(state):
        return
    n = state["players"]
    pair = R.is_pair(state)
    rounds = R.PAIR_PLAYERS if pair else n
    assert len(out["rounds"]) == rounds == state["rounds"]
    assert sum(state["wins"]) == rounds * (2 if pair else 1)
    scores = state["points"] if "points" in state else state["wins"]
    assert out["scores"] == scores
    assert out["winners"] == [s for s in range(n) if scores[s] == max(scores)]
