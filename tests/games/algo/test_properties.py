"""algo's own property tests; the protocol suite (tests/games/test_protocol.py, with
protocol.py here) plays its random games and checks its invariants and views.

Random 詰めアルゴ puzzles have one solution, of their grade, and answering them counts the
mistakes; random pair games attack partners (hits and misses) by rules version 2 on only.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bodoge.core.match import Match
from bodoge.core.rng import Rng
from bodoge.games.algo import GAME
from bodoge.games.algo import puzzle as P
from bodoge.games.algo import rules as R

from ..suite import GAMES, random_game


@settings(max_examples=max(20, GAMES // 10), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
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
    """The protocol suite's checks on partner attacks (protocol.check_step) are not vacuous:
    random pair games make them (hits and misses) by version 2 on, never by version 1."""
    for version in range(1, GAME.rules_version + 1):
        kinds = set()
        for seed in range(6):
            match = random_game("algo", {"mode": "pair", "chips": True}, version, seed)
            kinds |= {e["hit"] for e in match.state["log"]
                      if e["e"] == "attack" and e["s"] == R.partner(e["seat"])}
        assert kinds == ({True, False} if version >= R.PARTNER_ATTACK_SINCE else set())
