"""Property tests: thousands of random games through the protocol (hypothesis), standard game,
pair play (by both rules versions) and point chips; plus random 詰めアルゴ puzzles.

Random play is cheap (a random move is built directly, not picked from ``legal_moves``); the
cheap invariants are checked after every move (24 distinct cards, rows sorted, eliminations,
chips zero-sum, team scores equal; in pair play partner attacks only by rules version 2, where
a partner hit moves no points and both losing players pay a round win); the expensive ones — a view never shows a hidden number
to another seat and does not change when cards hidden from that seat are swapped, the random
move is among ``legal_moves``, record → code → decode → same state — on a sample of moves.
"""

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bodoge.core.canon import state_hash
from bodoge.core.match import Match
from bodoge.core.protocol import clone, rules_of
from bodoge.core.record import Record
from bodoge.core.rng import Rng
from bodoge.games.algo import GAME
from bodoge.games.algo import puzzle as P
from bodoge.games.algo import rules as R

from .. import refused_or_legal

GAMES = int(os.environ.get("BODOGE_PROPERTY_GAMES", "2000"))
SETTINGS = settings(max_examples=GAMES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
SAMPLE = 8          # expensive checks: about one move in SAMPLE

# (options, rules version) of the random games: every mode and chips on and off, by the current
# rules; pair play (where the rules versions differ) also by rules version 1
VARIANTS = [({"players": 2}, 2), ({"players": 3}, 2), ({"players": 4}, 2),
            ({"players": 2, "chips": True}, 2), ({"players": 3, "chips": True}, 2),
            ({"players": 4, "chips": True}, 2), ({"mode": "pair"}, 2),
            ({"mode": "pair", "chips": True}, 2), ({"mode": "pair"}, 2),
            ({"mode": "pair", "chips": True}, 2), ({"mode": "pair"}, 1),
            ({"mode": "pair", "chips": True}, 1)]


def check_cheap(state, before=None):
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
    if before is not None and R.is_pair(state):
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


def hidden_from(state, seat):
    """(row, pos) of the cards ``seat`` cannot see."""
    told = {k for to, k in state.get("shown", ()) if to == seat}
    return [(t, p) for t, row in enumerate(state["rows"]) if t != seat
            for p, card in enumerate(row) if not card["up"] and card["k"] not in told]


def check_view(state, seat):
    view = GAME.view(state, seat)
    over = state["phase"] == "over"
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
    if over:
        return
    # Swapping two cards this seat cannot see (keeping rows sorted) must not change its view.
    rng = Rng(state["rng"] ^ seat)

    def copy():                     # the log is append-only: share it
        return {k: (v if k == "log" else clone(v)) for k, v in state.items()}

    if len(state["deck"]) >= 2:
        other = copy()
        rng.shuffle(other["deck"])
        assert GAME.view(other, seat) == view
    hidden = hidden_from(state, seat)
    if not hidden:
        return
    t, p = hidden[rng.below(len(hidden))]
    row, card = state["rows"][t], state["rows"][t][p]
    lo = row[p - 1]["id"] if p else -1
    hi = row[p + 1]["id"] if p + 1 < len(row) else 24
    for d, cid in enumerate(state["deck"]):
        if cid & 1 == card["id"] & 1 and lo < cid < hi:
            other = copy()
            other["rows"][t][p]["id"], other["deck"][d] = cid, card["id"]
            assert GAME.view(other, seat) == view
            assert GAME.view(other, t) != GAME.view(state, t)   # the test can fail
            return
    for t2, p2 in hidden:                  # no deck (pair play): swap with another hidden card
        row2, card2 = state["rows"][t2], state["rows"][t2][p2]
        lo2 = row2[p2 - 1]["id"] if p2 else -1
        hi2 = row2[p2 + 1]["id"] if p2 + 1 < len(row2) else 24
        if t2 != t and card2["id"] & 1 == card["id"] & 1 and lo < card2["id"] < hi \
                and lo2 < card["id"] < hi2:
            other = copy()
            other["rows"][t][p]["id"], other["rows"][t2][p2]["id"] = card2["id"], card["id"]
            assert GAME.view(other, seat) == view
            assert GAME.view(other, t) != GAME.view(state, t)
            return


def random_move(state, seat, pick):
    """A random move built from the state (cheap); often a right guess or a stay, so games
    reach their ends."""
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


def play_random(options, seed, cut=None, version=GAME.rules_version):
    """Play a random game (to the end, or ``cut`` moves), checking invariants on the way."""
    match = Match.from_record(Record("algo", version, GAME.options(options), seed, [], {}))
    pick = Rng.from_seed(seed)
    steps = 0
    while not match.over and steps != cut:
        state = match.state
        seat = match.to_move()[0]
        move = random_move(state, seat, pick)
        if pick.below(SAMPLE) == 0:
            assert move in GAME.legal_moves(state, seat)
            check_view(state, pick.below(state["players"]))
        match.play(seat, move)
        check_cheap(match.state, state)
        steps += 1
    return match


@SETTINGS
@given(seed=st.integers(0, 2**53 - 1), variant=st.sampled_from(VARIANTS),
       cut=st.one_of(st.none(), st.integers(0, 300)))
def test_random_games_keep_invariants_and_replay(seed, variant, cut):
    variant, version = variant
    match = play_random(variant, seed, cut, version)
    assert rules_of(match.state) == match.record.version == version
    for s in range(match.state["players"]):
        check_view(match.state, s)
    if match.over:
        out = match.outcome()
        n = match.state["players"]
        rounds = R.PAIR_PLAYERS if variant.get("mode") == "pair" else n
        assert len(out["rounds"]) == rounds == match.state["rounds"]
        assert sum(match.state["wins"]) == rounds * (2 if variant.get("mode") == "pair" else 1)
        scores = match.state["points"] if variant.get("chips") else match.state["wins"]
        assert out["scores"] == scores
        assert out["winners"] == [s for s in range(n) if scores[s] == max(scores)]
    if cut is not None or seed % SAMPLE == 0:       # the code round trip, on a sample
        again = Match.from_code(match.code())
        assert state_hash(again.state) == state_hash(match.state)
        assert again.state == match.state


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["a", "s", "p", "n", "w", "r", "x"]), inner, max_size=5),
    max_leaves=10)
GARBAGE_STATES = {}


def garbage_state(kind, seed):
    key = (kind, seed % 8)
    if key not in GARBAGE_STATES:
        options = {"standard": {"players": 3}, "pair": {"mode": "pair"},
                   "puzzle": {"mode": "puzzle", "grade": 1}}[kind]
        match = Match.new("algo", options, seed % 8)
        if kind == "pair":           # also a state waiting for a Toss answer
            if seed % 2:
                match.play(match.to_move()[0], {"a": "toss"})
        GARBAGE_STATES[key] = match.state
    return GARBAGE_STATES[key]


@settings(max_examples=GAMES // 2, deadline=None, derandomize=True)
@given(seed=st.integers(0, 1000), seat=st.integers(-1, 4), move=json_values,
       kind=st.sampled_from(["standard", "pair", "puzzle"]))
def test_garbage_moves_only_raise_illegal_move(seed, seat, move, kind):
    state = garbage_state(kind, seed)
    if isinstance(move, dict) and move.get("a") in (None, 1):
        move["a"] = ["attack", "toss", "show", "name", "stay"][seed % 5]
    refused_or_legal(GAME, state, seat, move)


@settings(max_examples=max(20, GAMES // 10), deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**53 - 1), grade=st.sampled_from(P.GRADES))
def test_random_puzzles_are_unique_and_answering_keeps_invariants(seed, grade):
    match = Match.new("algo", {"mode": "puzzle", "grade": grade}, seed)
    state = match.state
    rows = [[None if not c["up"] else c["id"] for c in row] for row in state["rows"]]
    colours = [[c["id"] & 1 for c in row] for row in state["rows"]]
    assert P.count_solutions(rows, colours) == 1
    solver = P.Solver(rows, colours)
    assert solver.solve()[0] == grade == state["grade"]
    pick = Rng.from_seed(seed)
    wrong = 0
    while not match.over:
        view = match.view(0)
        for row, real in zip(view["rows"], match.state["rows"]):
            for card, c in zip(row, real):
                assert (card["n"] is not None) == c["up"]
        moves = GAME.legal_moves(match.state, 0)
        move = moves[pick.below(len(moves))]
        r, p = move["r"], move["p"]
        if pick.below(2):
            move = {**move, "n": match.state["rows"][r][p]["id"] >> 1}
        wrong += (match.state["rows"][r][p]["id"] >> 1) != move["n"]
        match.play(0, move)
    assert match.outcome()["mistakes"] == wrong == match.state["mistakes"]
    assert [[c["id"] for c in row] for row in match.state["rows"]] == solver.rows


def test_random_pair_games_attack_partners_by_version_2_only():
    """The checks above on partner attacks are not vacuous: random version-2 pair games make
    them (hits and misses), version-1 games never do."""
    for version in (1, 2):
        kinds = set()
        for seed in range(6):
            match = play_random({"mode": "pair", "chips": True}, seed, version=version)
            kinds |= {e["hit"] for e in match.state["log"]
                      if e["e"] == "attack" and e["s"] == R.partner(e["seat"])}
        assert kinds == ({True, False} if version == 2 else set())
