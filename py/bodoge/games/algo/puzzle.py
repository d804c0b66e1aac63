"""詰めアルゴ (tsume-algo): one player names every face-down card of a laid-out position.

A position lays all 24 cards out in rows (ascending, black left of white on equal numbers),
some face up. Colours are public, so the face-down cards are exactly the cards not face up,
and the question is only which goes where. A position is a puzzle when exactly one
assignment is consistent with the rows' order.

``Solver`` deduces as a person would, one kind of step at a time, easiest first:

* **bounds**: a card's known neighbours in its row bound it; of the cards of its colour
  between them, all but one are seen elsewhere (face up, or already named).
* **only place**: a card not face up anywhere fits (by its bounds) in only one place; and
  **counting**: a stretch of k face-down cards of one colour lies between two known cards and
  exactly k free cards of that colour fit there, so they are those cards, in order.
* **order**: face-down cards of a row increase from left to right, so hidden neighbours bound
  each other (chains of such bounds, with every card found removed elsewhere).

Grades: 1, every card follows from its bounds in the position as dealt; 2, bounds, but found
cards bound the next ones (chains); 3, only place or counting is needed; 4, order chains are
needed. (Supposition — trying a number and finding a contradiction — would go beyond the
order closure; measured over thousands of minimal positions, it almost never names a card
the closure cannot, so the generator does not use it.)

A puzzle's *grade* is thus the hardest kind of step its solution needs. Every step only removes
impossible numbers, so a solver that names every card proves the solution unique (the true
layout is always consistent). ``count_solutions`` counts assignments exhaustively instead
(a check independent of the solver).

The generator is seeded: deal the 24 cards into rows, then turn cards face down while the
solver (with steps up to the grade) still solves it, and keep the position only if it needs
exactly that grade.
"""

from ...core.errors import IllegalMove
from ...core.protocol import Outcome, is_int
from ...core.rng import Rng, derive_seed

CARDS = 24

GRADES = (1, 2, 3, 4)
# Face-down cards per grade (min, max): more for harder puzzles.
HIDDEN = {1: (5, 8), 2: (7, 11), 3: (9, 15), 4: (12, 22)}
# Ruling: every puzzle lays out all 24 cards, so the face-down cards are exactly the cards not
# face up (the source leaves the layout to the printed puzzles).
RULING_PUZZLE_ALL_CARDS = True
LAYOUTS = ((6, 6, 6, 6), (8, 8, 8), (5, 6, 6, 7), (7, 8, 9), (4, 6, 6, 8))   # row lengths
MAX_TRIES = 200
STEP_BOUNDS, STEP_ONLY, STEP_COUNT, STEP_ORDER = "bounds", "only", "count", "order"
LEVEL = {STEP_BOUNDS: 2, STEP_ONLY: 3, STEP_COUNT: 3, STEP_ORDER: 4}


class Contradiction(Exception):
    pass


def colour(cid):
    return cid & 1


class Solver:
    """Deductions on a position: ``rows[r][i]`` is a card id when known, else None;
    ``colours[r][i]`` is every card's colour."""

    def __init__(self, rows, colours):
        self.rows = [list(r) for r in rows]
        self.colours = colours
        known = {c for r in rows for c in r if c is not None}
        self.free = set(range(CARDS)) - known
        self.slots = [(r, i) for r, row in enumerate(rows) for i, c in enumerate(row) if c is None]

    # --- candidates -----------------------------------------------------------------------------
    def bounds(self, r, i):
        """Nearest known cards left and right of (r, i) in its row (-1 / CARDS at the ends)."""
        row = self.rows[r]
        lo = next((row[j] for j in range(i - 1, -1, -1) if row[j] is not None), -1)
        hi = next((row[j] for j in range(i + 1, len(row)) if row[j] is not None), CARDS)
        return lo, hi

    def direct(self):
        """Level-1 candidates: colour, known neighbours, cards seen elsewhere."""
        cand = {}
        for r, i in self.slots:
            lo, hi = self.bounds(r, i)
            c = self.colours[r][i]
            cand[(r, i)] = {x for x in self.free if colour(x) == c and lo < x < hi}
        return cand

    def runs(self):
        """Maximal stretches of face-down cards in a row: (row, [positions], lo, hi)."""
        out = []
        for r, row in enumerate(self.rows):
            i = 0
            while i < len(row):
                if row[i] is None:
                    j = i
                    while j < len(row) and row[j] is None:
                        j += 1
                    lo = row[i - 1] if i > 0 else -1
                    hi = row[j] if j < len(row) else CARDS
                    out.append((r, list(range(i, j)), lo, hi))
                    i = j
                else:
                    i += 1
        return out

    def propagate(self, cand):
        """Level-3 closure on candidate sets (in place): order between hidden neighbours,
        counting in stretches, named cards removed elsewhere, cards with one place left.
        Raises ``Contradiction`` when a place or a card has no possibility."""
        runs = self.runs()
        changed = True
        while changed:
            changed = False
            for r, pos, lo, hi in runs:
                for a, b in zip(pos, pos[1:]):
                    ca, cb = cand[(r, a)], cand[(r, b)]
                    if not ca or not cb:
                        raise Contradiction
                    mn, mx = min(ca), max(cb)
                    na = {x for x in ca if x < mx}
                    nb = {x for x in cb if x > mn}
                    if na != ca or nb != cb:
                        cand[(r, a)], cand[(r, b)] = na, nb
                        changed = True
            singles = {}
            for key, v in cand.items():
                if not v:
                    raise Contradiction
                if len(v) == 1:
                    x = next(iter(v))
                    if x in singles:
                        raise Contradiction
                    singles[x] = key
            for key, v in cand.items():
                drop = {x for x in v if x in singles and singles[x] != key}
                if drop:
                    v -= drop
                    changed = True
            where = {}
            for key, v in cand.items():
                for x in v:
                    where.setdefault(x, []).append(key)
            for x in self.free:
                places = where.get(x)
                if not places:
                    raise Contradiction
                if len(places) == 1 and len(cand[places[0]]) > 1:
                    cand[places[0]] = {x}
                    changed = True
        return cand

    # --- the next step ------------------------------------------------------------------------------
    def step(self, max_level=4):
        """The easiest deduction available: a dict with ``kind``, ``slot`` and ``card`` (the
        slot's card), plus what the explanation needs. None when stuck (up to ``max_level``)."""
        cand = self.direct()
        for key in self.slots:                                  # 1. bounds
            if len(cand[key]) == 1:
                r, i = key
                lo, hi = self.bounds(r, i)
                c = self.colours[r][i]
                seen = sorted(x for x in range(lo + 1, hi) if colour(x) == c and x not in self.free)
                return {"kind": STEP_BOUNDS, "slot": key, "card": next(iter(cand[key])),
                        "lo": lo, "hi": hi, "seen": seen}
        if max_level < 3:
            return None
        where = {}
        for key in self.slots:
            for x in cand[key]:
                where.setdefault(x, []).append(key)
        for x in sorted(self.free):                             # 2a. only place
            if len(where.get(x, ())) == 1:
                return {"kind": STEP_ONLY, "slot": where[x][0], "card": x}
        for r, pos, lo, hi in self.runs():                      # 2b. counting
            for c in (0, 1):
                mine = [i for i in pos if self.colours[r][i] == c]
                fits = sorted(x for x in self.free if colour(x) == c and lo < x < hi)
                if mine and len(fits) == len(mine):
                    i = mine[0]
                    return {"kind": STEP_COUNT, "slot": (r, i), "card": fits[0], "lo": lo,
                            "hi": hi, "cards": fits}
        if max_level < 4:
            return None
        try:
            full = self.propagate({k: set(v) for k, v in cand.items()})
        except Contradiction:
            return None
        for key in self.slots:                                  # 3. order
            if len(full[key]) == 1:
                r, i = key
                row = self.rows[r]
                # the effective bounds: known cards, and the face-down ones at their extremes
                left = [row[j] if row[j] is not None else min(full[(r, j)]) for j in range(i)]
                right = [row[j] if row[j] is not None else max(full[(r, j)])
                         for j in range(i + 1, len(row))]
                return {"kind": STEP_ORDER, "slot": key, "card": next(iter(full[key])),
                        "lo": max(left, default=-1), "hi": min(right, default=CARDS)}
        return None

    def place(self, key, cid):
        r, i = key
        self.rows[r][i] = cid
        self.free.discard(cid)
        self.slots.remove(key)

    def direct_only(self) -> bool:
        """Grade 1: every face-down card follows from its bounds in the position as it is."""
        return all(len(v) == 1 for v in self.direct().values())

    def solve(self, max_level=4):
        """Solve step by step: (grade, steps) or None when stuck. Leaves the solver solved."""
        if self.direct_only():
            max_level = 1
        elif max_level < 2:
            return None
        steps, grade = [], 1
        while self.slots:
            st = self.step(max_level)
            if st is None:
                return None
            steps.append(st)
            grade = max(grade, LEVEL[st["kind"]])
            self.place(st["slot"], st["card"])
        return (1 if max_level == 1 else grade), steps

    def solvable(self, max_level):
        """Quick check: does deduction up to ``max_level`` name every card? (No steps kept.)
        Level 4 checks the order closure at once, which is the same and faster."""
        if max_level >= 4:
            try:
                return all(len(v) == 1 for v in self.propagate(self.direct()).values())
            except Contradiction:
                return False
        s = Solver(self.rows, self.colours)
        return s.solve(max_level) is not None


def explain(rows, colours):
    """The next forced deduction from a position (a ``Solver.step``), or None when nothing is
    hidden or the position has more than one solution."""
    solver = Solver(rows, colours)
    return solver.step(4) if solver.slots else None


def count_solutions(rows, colours, limit=2):
    """Assignments of the free cards to the face-down places that keep every row in order,
    counted by exhaustive search (stops at ``limit``). Independent of ``Solver``."""
    free = sorted(set(range(CARDS)) - {c for r in rows for c in r if c is not None})
    slots = [(r, i) for r, row in enumerate(rows) for i, c in enumerate(row) if c is None]
    rows = [list(r) for r in rows]
    count = 0

    def fits(r, i, x):
        row = rows[r]
        left = next((row[j] for j in range(i - 1, -1, -1) if row[j] is not None), -1)
        right = next((row[j] for j in range(i + 1, len(row)) if row[j] is not None), CARDS)
        return colour(x) == colours[r][i] and left < x < right

    def rec(k, used):
        nonlocal count
        if count >= limit:
            return
        if k == len(slots):
            count += 1
            return
        r, i = slots[k]
        for x in free:
            if x not in used and fits(r, i, x):
                rows[r][i] = x
                used.add(x)
                rec(k + 1, used)
                used.discard(x)
                rows[r][i] = None

    rec(0, set())
    return count


# --- generation ---------------------------------------------------------------------------------
def generate(grade, seed):
    """A puzzle of exactly ``grade``: {"rows": [[id ...]], "hidden": [[bool ...]], "grade"}.
    Deterministic in (grade, seed).

    Turn cards face down (in a seeded order) while deduction one grade easier still solves
    the position; then go on turning cards down while this grade solves it. The first card
    that only this grade can cope with makes the puzzle need exactly this grade."""
    if grade not in GRADES:
        raise ValueError("grade is 1–4")
    rng = Rng.from_seed(derive_seed("algo-tsume", grade, seed))
    lo_hidden, hi_hidden = HIDDEN[grade]
    for _ in range(MAX_TRIES):
        layout = rng.choice(LAYOUTS)
        deck = rng.shuffle(list(range(CARDS)))
        rows, at = [], 0
        for n in layout:
            rows.append(sorted(deck[at:at + n]))
            at += n
        colours = [[colour(c) for c in row] for row in rows]
        places = rng.shuffle([(r, i) for r, row in enumerate(rows) for i in range(len(row))])
        shown = [list(row) for row in rows]
        hidden = 0
        passes = [(max(1, grade - 1), hi_hidden - (grade > 1))]
        if grade > 1:
            passes.append((grade, hi_hidden))
        for level, cap in passes:
            for r, i in places:
                if hidden >= cap:
                    break
                if shown[r][i] is None:
                    continue
                shown[r][i] = None
                if Solver(shown, colours).solvable(level):
                    hidden += 1
                else:
                    shown[r][i] = rows[r][i]
        if hidden < lo_hidden:
            continue
        result = Solver(shown, colours).solve(grade)
        if result is not None and result[0] == grade:
            return {"rows": rows, "hidden": [[c is None for c in row] for row in shown],
                    "grade": grade}
    raise RuntimeError("no puzzle found")      # never seen; the tests generate thousands


# --- the puzzle as a game mode of algo (options {"mode": "puzzle", "grade": g}) -----------------
DAILY_SALT = "algo-daily"
# Ruling: a number already tried on a card is refused (not counted again as a mistake).
RULING_PUZZLE_NO_REPEAT = True


def puzzle_seed(options, seed):
    """The daily puzzle's seed comes from its date (the same puzzle for everyone that day)."""
    daily = options.get("daily")
    return derive_seed(DAILY_SALT, daily) if daily else seed


class Tsume:
    """The rules of the puzzle mode; ``Algo`` hands puzzle states to it."""

    def setup(self, options, seed):
        p = generate(options["grade"], puzzle_seed(options, seed))
        rows = []
        k = 0
        for row, hid in zip(p["rows"], p["hidden"]):
            cards = []
            for cid, down in zip(row, hid):
                cards.append({"id": cid, "up": not down, "k": k, "tried": []})
                k += 1
            rows.append(cards)
        return {"players": 1, "options": options, "phase": "solve", "grade": p["grade"],
                "rows": rows, "mistakes": 0,
                "log": [{"e": "puzzle", "grade": p["grade"], "hidden": self.left(rows)}]}

    @staticmethod
    def left(rows):
        return sum(1 for row in rows for c in row if not c["up"])

    def to_move(self, state):
        return [0] if state["phase"] == "solve" else []

    def legal_moves(self, state, seat):
        if seat not in self.to_move(state):
            return []
        return [{"a": "name", "r": r, "p": p, "n": n}
                for r, row in enumerate(state["rows"]) for p, c in enumerate(row) if not c["up"]
                for n in range(12) if n not in c["tried"]]

    def check(self, state, seat, move):
        if state["phase"] != "solve":
            raise IllegalMove("the puzzle is solved", key="error.game_over")
        if seat != 0:
            raise IllegalMove(f"it is not seat {seat}'s turn", key="error.not_your_turn")
        if not isinstance(move, dict) or move.get("a") != "name" or set(move) != {"a", "r", "p", "n"} \
                or not all(is_int(move.get(f)) for f in ("r", "p", "n")):
            raise IllegalMove("name a face-down card's number: row, position and number")
        r, p, n = move["r"], move["p"], move["n"]
        if not 0 <= r < len(state["rows"]) or not 0 <= p < len(state["rows"][r]) \
                or state["rows"][r][p]["up"]:
            raise IllegalMove("name a face-down card", key="algo.error.face_up")
        if not 0 <= n < 12:
            raise IllegalMove("name a number from 0 to 11", key="algo.error.number")
        if RULING_PUZZLE_NO_REPEAT and n in state["rows"][r][p]["tried"]:
            raise IllegalMove("that number was already tried on this card", key="algo.error.tried")

    def play(self, state, seat, move):
        r, p, n = move["r"], move["p"], move["n"]
        card = state["rows"][r][p]
        if card["id"] >> 1 == n:
            card["up"] = True
            state["log"].append({"e": "named", "r": r, "p": p, "k": card["k"], "n": n,
                                 "c": colour(card["id"])})
            if self.left(state["rows"]) == 0:
                state["phase"] = "over"
                state["log"].append({"e": "solved", "mistakes": state["mistakes"]})
        else:
            card["tried"].append(n)
            state["mistakes"] += 1
            state["log"].append({"e": "wrong", "r": r, "p": p, "k": card["k"], "n": n,
                                 "c": colour(card["id"])})

    def view(self, state, seat, everything=False):
        """``everything``: every card's number, as ``Game.reveal`` wants (the solution)."""
        over = state["phase"] == "over" or everything
        rows = [[{"k": c["k"], "c": colour(c["id"]), "up": c["up"],
                  "n": (c["id"] >> 1) if c["up"] or over else None, "tried": list(c["tried"])}
                 for c in row] for row in state["rows"]]
        return {"game": "algo", "seat": seat, "players": 1, "mode": "puzzle",
                "options": dict(state["options"]), "grade": state["grade"],
                "phase": state["phase"], "to_move": self.to_move(state), "rows": rows,
                "mistakes": state["mistakes"], "left": self.left(state["rows"]),
                "log": [dict(e) for e in state["log"]], "outcome": self.outcome(state)}

    def reveal(self, state):
        return self.view(state, None, everything=True)

    def outcome(self, state):
        if state["phase"] != "over":
            return None
        return Outcome([0], [state["mistakes"]], mistakes=state["mistakes"], grade=state["grade"])


def view_position(view):
    """(rows, colours) for ``Solver`` from a puzzle view: the numbers face up, None elsewhere."""
    rows = [[(c["n"] * 2 + c["c"]) if c["up"] else None for c in row] for row in view["rows"]]
    colours = [[c["c"] for c in row] for row in view["rows"]]
    return rows, colours


def explain_view(view):
    """The next forced deduction in a puzzle view (see ``explain``)."""
    rows, colours = view_position(view)
    return explain(rows, colours)
