"""詰めアルゴ: the solver's steps, the grades, uniqueness (checked by a brute-force solver that
shares no code with the engine), the generator, and the puzzle mode's rules."""

import itertools

import pytest

from bodoge.core.errors import BadOptions, IllegalMove
from bodoge.core.match import Match
from bodoge.core.rng import derive_seed
from bodoge.games.algo import GAME
from bodoge.games.algo import puzzle as P


def brute_force(rows, colours):
    """Every assignment of the free cards to the face-down places (all permutations, per
    colour), kept when all rows ascend. Only for small cases."""
    free = sorted(set(range(24)) - {c for r in rows for c in r if c is not None})
    slots = [(r, i) for r, row in enumerate(rows) for i, c in enumerate(row) if c is None]
    by_colour = [[s for s in slots if colours[s[0]][s[1]] == c] for c in (0, 1)]
    cards = [[x for x in free if x % 2 == c] for c in (0, 1)]
    found = []
    for black in itertools.permutations(cards[0]):
        for white in itertools.permutations(cards[1]):
            grid = [list(r) for r in rows]
            for (r, i), x in zip(by_colour[0] + by_colour[1], black + white):
                grid[r][i] = x
            if all(row == sorted(row) for row in grid):
                found.append(grid)
    return found


def position(puzzle):
    rows = [[None if h else c for c, h in zip(r, hs)] for r, hs in zip(puzzle["rows"], puzzle["hidden"])]
    return rows, [[c & 1 for c in r] for r in puzzle["rows"]]


def hidden_count(puzzle):
    return sum(h for hs in puzzle["hidden"] for h in hs)


# --- uniqueness ----------------------------------------------------------------------------------
def small_puzzles(count):
    """Generated puzzles (grades 1 and 2) small enough for brute force: ≤ 6 face-down cards of
    each colour."""
    found = []
    for seed in range(200):
        p = P.generate(1 + seed % 2, seed)
        rows, colours = position(p)
        down = [colours[r][i] for r, row in enumerate(rows) for i, c in enumerate(row) if c is None]
        if max(down.count(0), down.count(1)) <= 6:
            found.append(p)
        if len(found) == count:
            return found
    raise AssertionError("too few small puzzles")


def test_small_puzzles_have_exactly_one_solution_by_brute_force():
    for p in small_puzzles(10):
        rows, colours = position(p)
        assert brute_force(rows, colours) == [p["rows"]]


def test_brute_force_and_counter_see_two_solutions_and_the_solver_stops():
    # black 0, 2, 4, 6 face down, two in each of two rows: {0,2}+{4,6} or {0,4}+{2,6} ... all
    # splits keep the rows sorted except those putting a larger card left; count them all.
    rest = [c for c in range(24) if c not in {0, 2, 4, 6, 9, 15}]
    rows = [[None, None, 9], [None, None, 15], rest]
    colours = [[0, 0, 1], [0, 0, 1], [c & 1 for c in rest]]
    sols = brute_force(rows, colours)
    assert len(sols) == 6                      # choose which two of four go to row 0
    assert P.count_solutions(rows, colours, limit=10) == 6
    assert P.Solver(rows, colours).solve() is None
    assert P.explain(rows, colours) is None


@pytest.mark.parametrize("grade", P.GRADES)
def test_generated_puzzles_are_unique_and_need_their_grade(grade):
    for seed in range(15):
        p = P.generate(grade, seed)
        assert p["grade"] == grade
        rows, colours = position(p)
        lo, hi = P.HIDDEN[grade]
        assert lo <= hidden_count(p) <= hi
        assert P.count_solutions(rows, colours, limit=2) == 1
        assert sorted(c for r in p["rows"] for c in r) == list(range(24))
        assert all(r == sorted(r) for r in p["rows"])
        solver = P.Solver(rows, colours)
        got, steps = solver.solve()
        assert got == grade and solver.rows == p["rows"]
        if grade > 1:        # not solvable one grade lower
            assert not P.Solver(rows, colours).solvable(grade - 1)


def test_every_layout_holds_all_24_cards():
    assert P.RULING_PUZZLE_ALL_CARDS and P.RULING_PUZZLE_NO_REPEAT
    assert all(sum(layout) == 24 for layout in P.LAYOUTS)


def test_generation_is_seeded():
    assert P.generate(3, 11) == P.generate(3, 11)
    assert P.generate(3, 11) != P.generate(3, 12)
    with pytest.raises(ValueError):
        P.generate(5, 1)


# --- the steps -----------------------------------------------------------------------------------
def first_step_of_kind(kind, grades=P.GRADES, seeds=range(60)):
    """The first position (in generated puzzles, solving along) where ``kind`` is the easiest step."""
    for grade in grades:
        for seed in seeds:
            p = P.generate(grade, seed)
            solver = P.Solver(*position(p))
            while solver.slots:
                st = solver.step(4)
                if st["kind"] == kind:
                    return p, solver, st
                solver.place(st["slot"], st["card"])
    raise AssertionError(f"no {kind} step found")


def truth(p, slot):
    return p["rows"][slot[0]][slot[1]]


def test_bounds_step():
    p, solver, st = first_step_of_kind("bounds")
    r, i = st["slot"]
    assert st["card"] == truth(p, st["slot"])
    assert st["lo"] < st["card"] < st["hi"]
    same = [x for x in range(st["lo"] + 1, st["hi"]) if x % 2 == st["card"] % 2]
    assert sorted(st["seen"] + [st["card"]]) == same       # the others are seen elsewhere


def test_only_place_step():
    p, solver, st = first_step_of_kind("only")
    assert st["card"] == truth(p, st["slot"])
    direct = solver.direct()
    assert all(len(v) > 1 for v in direct.values())         # no bounds step was there
    assert [k for k, v in direct.items() if st["card"] in v] == [st["slot"]]


def test_counting_step():
    p, solver, st = first_step_of_kind("count")
    assert st["card"] == truth(p, st["slot"]) == st["cards"][0]
    for x in st["cards"]:
        assert x in {truth(p, (st["slot"][0], j)) for j in range(len(p["rows"][st["slot"][0]]))}


def test_order_step():
    p, solver, st = first_step_of_kind("order", grades=(4,))
    assert st["card"] == truth(p, st["slot"])
    assert st["lo"] < st["card"] < st["hi"]
    assert P.LEVEL["order"] == 4


def test_every_step_of_every_grade_is_true():
    for grade in P.GRADES:
        for seed in range(20, 30):
            p = P.generate(grade, seed)
            _, steps = P.Solver(*position(p)).solve()
            assert all(s["card"] == truth(p, s["slot"]) for s in steps)
            assert max(P.LEVEL[s["kind"]] for s in steps) == max(grade, 2)


def test_explain_gives_the_next_card_and_nothing_when_solved():
    p = P.generate(2, 3)
    rows, colours = position(p)
    step = P.explain(rows, colours)
    assert step["card"] == truth(p, step["slot"])
    assert P.explain(p["rows"], colours) is None


def test_grade_one_needs_no_chain():
    for seed in range(10):
        p = P.generate(1, seed)
        solver = P.Solver(*position(p))
        assert all(len(v) == 1 for v in solver.direct().values())
        p2 = P.generate(2, seed)
        assert not P.Solver(*position(p2)).direct_only()


# --- the puzzle mode -----------------------------------------------------------------------------
def test_puzzle_options():
    assert GAME.options({"mode": "puzzle"}) == {"players": 1, "mode": "puzzle", "grade": 1}
    assert GAME.options({"mode": "puzzle", "grade": 4, "daily": "2026-11-23"})["daily"] == "2026-11-23"
    for bad in ({"mode": "puzzle", "grade": 5}, {"mode": "puzzle", "players": 2},
                {"mode": "puzzle", "chips": True}, {"mode": "puzzle", "daily": "2026-02-30"},
                {"mode": "puzzle", "daily": "today"}, {"grade": 2}, {"mode": "puzzle", "grade": "2"}):
        with pytest.raises(BadOptions):
            GAME.options(bad)


def hidden_cards(state):
    return [(r, p, c) for r, row in enumerate(state["rows"]) for p, c in enumerate(row) if not c["up"]]


def test_naming_right_wrong_and_solved():
    m = Match.new("algo", {"mode": "puzzle", "grade": 2}, 5)
    view = m.view(0)
    assert view["mistakes"] == 0 and view["left"] == len(hidden_cards(m.state))
    assert all(c["n"] is None for row in view["rows"] for c in row if not c["up"])
    r, p, card = hidden_cards(m.state)[0]
    wrong = ((card["id"] >> 1) + 1) % 12
    m.play(0, {"a": "name", "r": r, "p": p, "n": wrong})
    assert m.state["mistakes"] == 1 and not m.state["rows"][r][p]["up"]
    assert m.view(0)["rows"][r][p]["tried"] == [wrong]
    with pytest.raises(IllegalMove) as err:                    # the same number again
        m.play(0, {"a": "name", "r": r, "p": p, "n": wrong})
    assert err.value.key == "algo.error.tried" and m.state["mistakes"] == 1
    for r, p, card in hidden_cards(m.state):
        m.play(0, {"a": "name", "r": r, "p": p, "n": card["id"] >> 1})
    assert m.over and m.outcome() == {"winners": [0], "scores": [1], "mistakes": 1, "grade": 2}
    assert m.state["log"][-1] == {"e": "solved", "mistakes": 1}
    assert Match.from_code(m.code()).state == m.state


@pytest.mark.parametrize("move", [{"a": "name", "r": 0, "p": 0, "n": 12}, {"a": "name", "r": 9, "p": 0, "n": 1},
                                  {"a": "name", "r": 0, "p": 0}, {"a": "attack", "s": 0, "p": 0, "n": 1},
                                  {"a": "name", "r": 0, "p": 0, "n": 1, "x": 1}, None, [], "name",
                                  {"a": "name", "r": True, "p": 0, "n": 1}])
def test_bad_puzzle_moves(move):
    state = GAME.setup({"mode": "puzzle", "grade": 1}, 2)
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, move)
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, {"a": "name", "r": 0, "p": 0, "n": 1})


def test_face_up_cards_cannot_be_named():
    state = GAME.setup({"mode": "puzzle", "grade": 1}, 2)
    r, p = next((r, p) for r, row in enumerate(state["rows"]) for p, c in enumerate(row) if c["up"])
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, {"a": "name", "r": r, "p": p, "n": state["rows"][r][p]["id"] >> 1})


def test_daily_puzzle_comes_from_the_date():
    a = GAME.setup({"mode": "puzzle", "grade": 3, "daily": "2026-11-23"}, 1)
    b = GAME.setup({"mode": "puzzle", "grade": 3, "daily": "2026-11-23"}, 999)
    c = GAME.setup({"mode": "puzzle", "grade": 3, "daily": "2026-11-24"}, 1)
    assert a["rows"] == b["rows"] and a["rows"] != c["rows"]
    assert P.puzzle_seed({"daily": "2026-11-23"}, 5) == derive_seed(P.DAILY_SALT, "2026-11-23")


def test_puzzle_bots_solve_normal_without_mistakes():
    from bodoge.core.selfplay import play_one
    for grade in P.GRADES:
        m = play_one("algo", {"mode": "puzzle", "grade": grade}, grade, ["normal"])
        assert m.over and m.outcome()["mistakes"] == 0
    assert play_one("algo", {"mode": "puzzle", "grade": 3}, 1, ["easy"]).over
