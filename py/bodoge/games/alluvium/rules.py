"""ALLUVIUM (アルヴィウム): the pass-the-sheet polyomino game for 3–5 players.
Spec: shared/rules/alluvium.md (and the Japanese source text beside it).

Everyone acts at the same time. A round is: (1) draw your open card's piece on your own map
(round 1: a second piece too, the two covering the two start squares); with 3 players, then the
virtual player's piece on your own map; (2) pass the sheets in the direction card's direction,
and on each sheet you receive draw your piece (action A) or fill one enclosed cell (action B),
ticking that sheet's track for you per edge shared with the owner's cells; until your own sheet
is back; (3) score the largest all-filled rectangle of your map. After the last round every
sheet ranks the other players by their ticks there for the cooperation bonus.

*Participants* are the seats ``0..n-1`` and, with 3 players, the virtual player ``n``; a
participant's index is also its colour (and symbol). A map is an 81-character string: ``"."``
for an empty cell, else the digit of the participant whose territory it is.

Moves (JSON), for the sheet in front of the seat:
  ``{"piece": "L4", "cells": [ascending cell indices]}``: draw that piece there (action A, or the
  own-map / virtual placement); cell ``i`` is row ``i // 9``, column ``i % 9``.
  ``{"cell": i}``: action B, fill one cell (phase 2 only).
A seat that can do nothing on the sheet in front of it passes automatically (logged).
"""

from ...core.errors import IllegalMove
from ...core.protocol import Game, Outcome, is_int, rules_of
from ...core.rng import Rng
from . import board as B

ROUNDS = {3: 4, 4: 4, 5: 3}
EMPTY = "."

# Rulings and decisions where the spec is silent; each is shown on the in-app rules page.
CLOCKWISE = 1                   # clockwise passes each sheet to the next seat (seat + 1)
RULING_AUTO_PASS = True         # a seat with no legal placement passes without a move
RULING_AREAS_PUBLIC = True      # each round's area bonuses are announced to everyone
RULING_TIES_SCORE_BY_RANK = True  # tied players all get their rank's share; a rank scores by
#                                   its number, and only the last rank number scores nothing
COOPERATION_DIVISOR = {1: 1, 2: 2, 3: 4}   # 1st: all, 2nd: half, 3rd: a quarter (rounded down)
VIRTUAL_WITH = 3                # the number of players who add a virtual player
# Rules version 2 (issue 12): round 1's hand card stays private while phase 1 lasts; no view but
# its owner's names the pieces another seat draws then (version 1's log named them). The start
# squares by version are in ``board.LAYOUTS``.
HAND_PRIVATE_VERSION = 2


_DIGITS = "01234"
_FILLED = str.maketrans(EMPTY + _DIGITS, "0" + "1" * len(_DIGITS))
_COLOUR = [str.maketrans(EMPTY + _DIGITS, "0" + "".join("1" if d == k else "0" for d in _DIGITS))
           for k in _DIGITS]


def filled_mask(cells: str) -> int:
    """The filled cells of a map string as a mask (bit i = cell i)."""
    return int(cells[::-1].translate(_FILLED), 2)


def colour_mask(cells: str, who: int) -> int:
    """The cells of participant ``who`` on a map string, as a mask."""
    return int(cells[::-1].translate(_COLOUR[who]), 2)


def masks(cells: str):
    """(filled mask, [mask of each participant 0..4]) of a map string."""
    rev = cells[::-1]
    return int(rev.translate(_FILLED), 2), [int(rev.translate(t), 2) for t in _COLOUR]


def draw(cells: str, mask: int, who: int) -> str:
    out = list(cells)
    for i in B.cells_of(mask):
        out[i] = str(who)
    return "".join(out)


def cooperation_points(territory: int, rank: int, ranked: int) -> int:
    """What a player scores on one sheet: ``rank`` among ``ranked`` players (ties share a rank)."""
    if rank >= ranked or rank not in COOPERATION_DIVISOR:
        return 0
    return territory // COOPERATION_DIVISOR[rank]


def ranks(ticks: list[int]) -> list[int]:
    """Competition ranks, highest first: ties share a rank and the next is skipped (1, 1, 3)."""
    return [1 + sum(1 for u in ticks if u > t) for t in ticks]


def start_rule(phase, round_) -> bool:
    """Round 1, own map: each piece covers one of the start squares still empty."""
    return round_ == 1 and phase == "own"


def choices(phase, round_, todo, filled, start):
    """Every legal drawing on a map whose filled cells are ``filled``, for a seat that still has
    ``todo`` pieces to draw: ``(piece, mask)`` for a piece, ``(None, mask)`` for action B.
    ``start``: the mask of the start squares (``board.start_mask`` of the rules version).
    A generator (the rules only ask whether there is one). Bots use it on their view."""
    must = start & ~filled if start_rule(phase, round_) else 0
    for piece in dict.fromkeys(todo):
        for m in B.placements(piece):
            if not m & filled and (not must or m & must):
                yield piece, m
    if phase == "others":
        single = B.single_cells(filled)
        while single:
            low = single & -single
            yield None, low
            single ^= low


def drawing_mask(phase, round_, todo, filled, move, start) -> int:
    """The cells ``move`` draws on a map whose filled cells are ``filled``, for a seat with
    ``todo`` pieces to draw (``start``: the start squares' mask); raises ``IllegalMove`` (with
    the reason's key) if it may not. The UI asks it too, to say why a piece cannot go where it
    is being moved."""
    if not isinstance(move, dict):
        raise IllegalMove("a move is an object", key="alluvium.error.malformed")
    if set(move) == {"cell"}:
        i = move["cell"]
        if not is_int(i) or not 0 <= i < B.CELLS:
            raise IllegalMove("a cell is a number from 0 to 80", key="alluvium.error.malformed")
        if phase != "others":
            raise IllegalMove("one cell may be filled only on another player's map",
                              key="alluvium.error.single_phase")
        if filled >> i & 1:
            raise IllegalMove("that cell is already filled", key="alluvium.error.overlap")
        if B.BORDER >> i & 1:
            raise IllegalMove("a single cell may not touch the map's border",
                              key="alluvium.error.single_border")
        if not B.single_cells(filled) >> i & 1:
            raise IllegalMove("a single cell needs all four neighbours filled",
                              key="alluvium.error.single_enclosed")
        return 1 << i
    if set(move) != {"piece", "cells"}:
        raise IllegalMove("a move draws a piece or one cell", key="alluvium.error.malformed")
    piece, cells = move["piece"], move["cells"]
    if not isinstance(piece, str) or piece not in todo:
        raise IllegalMove(f"{piece!r} is not a piece you are to draw now",
                          key="alluvium.error.piece")
    if (not isinstance(cells, list) or not all(is_int(i) and 0 <= i < B.CELLS for i in cells)
            or any(a >= b for a, b in zip(cells, cells[1:]))):
        raise IllegalMove("cells are distinct numbers 0–80 in ascending order",
                          key="alluvium.error.malformed")
    mask = B.mask_of(cells)
    if not B.is_placement(piece, mask):
        raise IllegalMove(f"those cells are not the shape of {piece}", key="alluvium.error.shape")
    if mask & filled:
        raise IllegalMove("pieces go on empty cells only", key="alluvium.error.overlap")
    if start_rule(phase, round_) and not mask & start & ~filled:
        raise IllegalMove("in round 1 each piece covers one of the two start squares",
                          key="alluvium.error.start")
    return mask


def tick_target(phase, cells: str, owner: int, seat: int) -> int:
    """The cells a drawing by ``seat`` on ``owner``'s map earns ticks against: the owner's
    territory on another's map, the seat's own territory for the virtual player's piece (its
    ticks go to the virtual player), nothing on one's own map."""
    if phase == "others":
        return colour_mask(cells, owner)
    if phase == "virtual":
        return colour_mask(cells, seat)
    return 0


def preview(view, move) -> dict:
    """What ``move`` would do on the sheet in front of the seat whose ``view`` this is, before
    it is drawn: ``mask`` (the cells), ``ticks`` (how many, and ``edges``: which cell pairs),
    ``area_before`` and ``area`` (the map's largest all-filled rectangle before and after)
    and ``rect`` (where that one would be, (top, left, height, width)). Raises
    ``IllegalMove`` (with the reason's key) if the move may not be drawn. The UI shows it."""
    sheet = view["sheet"]
    cells = sheet["cells"]
    filled = filled_mask(cells)
    mask = drawing_mask(view["phase"], view["round"], view["todo"], filled, move,
                        B.mask_of(view["start"]))
    target = tick_target(view["phase"], cells, sheet["owner"], view["seat"])
    area, rect = B.largest_rectangle(filled | mask)
    return {"mask": mask, "ticks": B.edges(mask, target), "edges": B.shared_edges(mask, target),
            "area_before": B.rectangle_area(filled), "area": area, "rect": rect}


# A move may be taken back while it stays on the sheet in front of its seat: these events may
# follow it (its drawing and a seat's automatic pass); anything else (the sheets passing, a card
# turned up, the hand cards discarded, a round scored) showed something or drew from a deck.
UNDOABLE_EVENTS = frozenset({"place", "cell", "pass"})
# why not, by the first event that may not be undone (the string keys the take-back shows)
UNDO_WHY = {"discard": "alluvium.undo.hands", "virtual": "alluvium.undo.virtual",
            "pass_sheets": "alluvium.undo.passed", "score": "alluvium.undo.scored",
            "round": "alluvium.undo.scored", "end": "undo.over"}


class Alluvium(Game):
    id = "alluvium"
    rules_version = 2
    min_players = 3
    max_players = 5

    # --- options -----------------------------------------------------------------------------
    def options(self, raw):
        raw = self.raw_options(raw, {"players"})
        players = self.players_option(raw, 4, ROUNDS, "ALLUVIUM is played by 3, 4 or 5 players")
        return {"players": players}

    # --- setup -------------------------------------------------------------------------------
    def setup(self, options, seed, version=None):
        options = self.options(options)
        version = rules_of(self.stamp({}, version))          # checked, None → the current one
        n = options["players"]
        virtual = n if n == VIRTUAL_WITH else None
        parts = n + (virtual is not None)
        rng = Rng.from_seed(seed)
        decks = [rng.shuffle(list(B.LAYOUTS[version]["pieces"])) for _ in range(parts)]
        state = {
            "players": n,
            "options": options,
            "rng": rng.state,
            "rounds": ROUNDS[n],
            "round": 0,
            "phase": "own",
            "step": 0,
            "dir": CLOCKWISE,
            "virtual": virtual,
            "decks": decks,            # top card last
            "piles": [[] for _ in range(parts)],   # open cards, the current one last
            "hands": [None] * n,       # round 1's second card (discarded after phase 1)
            "todo": [[] for _ in range(n)],        # pieces still to draw on the sheet in front
            "maps": [EMPTY * B.CELLS for _ in range(n)],
            "ticks": [[0] * parts for _ in range(n)],   # ticks[owner][participant]
            "areas": [[] for _ in range(n)],
            "result": None,
            "log": [],
        }
        self._start_round(state)
        return self.stamp(state, version)

    def _start_round(self, state):
        n = state["players"]
        state["round"] += 1
        state["phase"] = "own"
        state["step"] = 0
        for s in range(n):
            piece = state["decks"][s].pop()
            state["piles"][s].append(piece)
            state["todo"][s] = [piece]
            if state["round"] == 1:
                hand = state["decks"][s].pop()
                state["hands"][s] = hand
                state["todo"][s].append(hand)
        state["log"].append({"e": "round", "round": state["round"], "dir": state["dir"],
                             "open": [state["piles"][s][-1] for s in range(n)]})
        self._settle(state)

    # --- where the sheets are --------------------------------------------------------------------
    def sheet_of(self, state, seat) -> int:
        """The owner of the sheet in front of ``seat``."""
        if state["phase"] != "others":
            return seat
        return (seat - state["step"] * state["dir"]) % state["players"]

    @staticmethod
    def start(state) -> int:
        """The mask of the start squares of the rules ``state`` (or a view) is played by."""
        return B.start_mask(rules_of(state))

    def _who(self, state, seat) -> int:
        """The participant whose territory ``seat`` draws now (the virtual player in its phase)."""
        return state["virtual"] if state["phase"] == "virtual" else seat

    # --- protocol ----------------------------------------------------------------------------
    def to_move(self, state):
        if state["phase"] == "over":
            return []
        return [s for s, todo in enumerate(state["todo"]) if todo]

    def legal_moves(self, state, seat):
        if not (is_int(seat) and 0 <= seat < state["players"]) or not state["todo"][seat]:
            return []
        filled = filled_mask(state["maps"][self.sheet_of(state, seat)])
        return [{"cell": B.cells_of(m)[0]} if piece is None else {"piece": piece, "cells": B.cells_of(m)}
                for piece, m in choices(state["phase"], state["round"], state["todo"][seat], filled,
                                        self.start(state))]

    def _can_act(self, state, seat) -> bool:
        filled = filled_mask(state["maps"][self.sheet_of(state, seat)])
        return any(True for _ in choices(state["phase"], state["round"], state["todo"][seat], filled,
                                         self.start(state)))

    def check(self, state, seat, move):
        self._checked(state, seat, move)

    def _checked(self, state, seat, move):
        """Validate ``move``; returns the mask it draws."""
        if state["phase"] == "over":
            raise IllegalMove("the game is over", key="error.game_over")
        if not (is_int(seat) and 0 <= seat < state["players"]) or not state["todo"][seat]:
            raise IllegalMove(f"seat {seat!r} has nothing to draw now", key="error.not_your_turn")
        filled = filled_mask(state["maps"][self.sheet_of(state, seat)])
        return drawing_mask(state["phase"], state["round"], state["todo"][seat], filled, move,
                            self.start(state))

    def apply(self, state, seat, move):
        mask = self._checked(state, seat, move)
        # A copy of just what a move may change (this is the hot path of bots and tests): maps
        # are strings and log events are never changed once appended.
        new = dict(state)
        for key in ("log", "maps", "hands"):
            new[key] = list(state[key])
        for key in ("decks", "piles", "todo", "ticks", "areas"):
            new[key] = [list(x) for x in state[key]]
        self._draw(new, seat, move, mask)
        self._settle(new, (seat,))
        return new

    def _play(self, state, seat, move):
        self._draw(state, seat, move, self._checked(state, seat, move))
        self._settle(state, (seat,))

    def _draw(self, state, seat, move, mask):
        owner = self.sheet_of(state, seat)
        who = self._who(state, seat)
        cells = state["maps"][owner]
        phase = state["phase"]
        ticks = 0
        if phase != "own":
            ticks = B.edges(mask, tick_target(phase, cells, owner, seat))
            state["ticks"][owner][who if phase == "virtual" else seat] += ticks
        state["maps"][owner] = draw(cells, mask, who)
        if "cell" in move:
            state["todo"][seat] = []
            state["log"].append({"e": "cell", "seat": seat, "owner": owner, "cell": move["cell"],
                                 "ticks": ticks})
            return
        piece = move["piece"]
        state["todo"][seat].remove(piece)
        if phase == "others":           # one action per sheet
            state["todo"][seat] = []
        state["log"].append({"e": "place", "seat": seat, "owner": owner, "who": who,
                             "piece": piece, "cells": list(move["cells"]), "ticks": ticks})

    # --- the flow --------------------------------------------------------------------------------
    def _settle(self, state, seats=None):
        """Pass for seats that cannot act; when nobody has anything left, move on. Only
        ``seats`` (default: all) need looking at: a move changes only the sheet of its seat."""
        seats = range(state["players"]) if seats is None else seats
        while state["phase"] != "over":
            for s in seats:
                if state["todo"][s] and not self._can_act(state, s):
                    state["log"].append({"e": "pass", "seat": s, "owner": self.sheet_of(state, s),
                                         "who": self._who(state, s)})
                    state["todo"][s] = []
            if any(state["todo"]):
                return
            self._next_step(state)
            seats = range(state["players"])

    def _next_step(self, state):
        n = state["players"]
        phase = state["phase"]
        if phase == "own" and state["round"] == 1:
            state["log"].append({"e": "discard", "hands": list(state["hands"])})
        if phase == "own" and state["virtual"] is not None:
            v = state["virtual"]
            piece = state["decks"][v].pop()
            state["piles"][v].append(piece)
            state["phase"] = "virtual"
            state["todo"] = [[piece] for _ in range(n)]
            state["log"].append({"e": "virtual", "piece": piece})
            return
        if phase in ("own", "virtual"):
            state["phase"] = "others"
            state["step"] = 0
        state["step"] += 1
        if state["step"] < n:
            state["todo"] = [[state["piles"][s][-1]] for s in range(n)]
            state["log"].append({"e": "pass_sheets", "step": state["step"], "dir": state["dir"]})
            return
        self._score_round(state)

    def _score_round(self, state):
        n = state["players"]
        areas, rects = [], []
        for s in range(n):
            area, rect = B.largest_rectangle(filled_mask(state["maps"][s]))
            state["areas"][s].append(area)
            areas.append(area)
            rects.append(list(rect) if rect else None)
        state["log"].append({"e": "score", "round": state["round"], "areas": areas, "rects": rects})
        state["dir"] = -state["dir"]
        state["step"] = 0
        if state["round"] < state["rounds"]:
            self._start_round(state)
            return
        state["phase"] = "over"
        state["result"] = self.final_scoring(state)
        state["log"].append({"e": "end", "winners": state["result"]["winners"]})

    def final_scoring(self, state):
        """Cooperation bonuses sheet by sheet, totals and winners."""
        n = state["players"]
        parts = len(state["piles"])
        coop = [0] * parts
        sheets = []
        for o in range(n):
            _, own = masks(state["maps"][o])
            others = [p for p in range(parts) if p != o]
            ticks = [state["ticks"][o][p] for p in others]
            rows = []
            for p, t, r in zip(others, ticks, ranks(ticks)):
                territory = B.largest_component(own[p])
                points = cooperation_points(territory, r, len(others))
                coop[p] += points
                rows.append({"who": p, "ticks": t, "rank": r, "territory": territory,
                             "points": points})
            rows.sort(key=lambda row: (row["rank"], row["who"]))
            sheets.append({"owner": o, "areas": list(state["areas"][o]), "ranking": rows})
        area = [sum(a) for a in state["areas"]]
        total = [area[s] + coop[s] for s in range(n)]
        best = max(zip(total, coop[:n]))
        winners = [s for s in range(n) if (total[s], coop[s]) == best]
        return {"sheets": sheets, "area": area, "coop": coop[:n], "total": total,
                "virtual_coop": coop[n] if parts > n else None, "winners": winners}

    # --- what a seat may see -----------------------------------------------------------------
    def view(self, state, seat):
        n = state["players"]
        over = state["phase"] == "over"
        me = seat if is_int(seat) and 0 <= seat < n else None
        version = rules_of(state)
        hands_public = not (state["round"] == 1 and state["phase"] == "own")
        # version 2: while phase 1 of round 1 lasts, another seat's pieces are not named either
        # (the open card is public, so the other piece would name the hand card)
        hide_pieces = not hands_public and version >= HAND_PRIVATE_VERSION
        sheet = None
        if me is not None:
            o = self.sheet_of(state, me)
            sheet = {"owner": o, "cells": state["maps"][o], "ticks": list(state["ticks"][o])}
        return {
            "game": self.id,
            "rules_version": version,
            "start": list(B.start_squares(version)),
            "seat": me,
            "players": n,
            "options": dict(state["options"]),
            "rounds": state["rounds"],
            "round": state["round"],
            "phase": state["phase"],
            "step": state["step"],
            "dir": state["dir"],
            "virtual": state["virtual"],
            "to_move": self.to_move(state),
            "todo": list(state["todo"][me]) if me is not None else [],
            "piles": [list(p) for p in state["piles"]],
            "hands": [h if (hands_public or s == me) else None for s, h in enumerate(state["hands"])],
            "decks": [len(d) for d in state["decks"]],
            "sheet": sheet,
            "areas": [list(a) for a in state["areas"]],
            "sheets": ([{"owner": o, "cells": state["maps"][o], "ticks": list(state["ticks"][o])}
                        for o in range(n)] if over else None),
            "result": state["result"],
            "log": [self._public_event(e, me, hide_pieces) for e in state["log"]],
            "returned": self.returned(state, me) if me is not None else [],
            "outcome": self.outcome(state),
        }

    def returned(self, state, seat):
        """What the other players drew on ``seat``'s map while it was away, once it is back in
        front of them (phase 1 of the next round): [{"seat", "cells"}] per drawing, in order.
        The cells are on the map for the owner to see; this says which are new, and whose."""
        if state["phase"] not in ("own", "virtual") or state["round"] < 2:
            return []
        out = []
        log = state["log"]
        k = len(log) - 1
        while k >= 0 and log[k]["e"] != "score":
            k -= 1
        while k >= 0 and log[k]["e"] != "round":
            e = log[k]
            if e["e"] in ("place", "cell") and e["owner"] == seat and e["seat"] != seat:
                out.append({"seat": e["seat"],
                            "cells": list(e["cells"]) if e["e"] == "place" else [e["cell"]]})
            k -= 1
        out.reverse()
        return out

    def reveal(self, state):
        """Everything, as when the sheets are laid out at the end: the spectator view with every
        sheet as drawn (``sheets``, with their ticks), the hand cards and the whole log (where
        each piece went and its ticks), for the replay of a finished game at any move."""
        view = self.view(state, None)
        n = state["players"]
        view["sheets"] = [{"owner": o, "cells": state["maps"][o], "ticks": list(state["ticks"][o])}
                          for o in range(n)]
        view["hands"] = list(state["hands"])
        view["log"] = [dict(e) for e in state["log"]]
        return view

    def undoable(self, before, seat, move, after):
        """A drawing may be taken back until the sheets pass: while it stays on the sheet in
        front of its seat and nothing followed it but other drawings or passes (no card turned
        up, such as the virtual player's; no hand cards discarded; no round scored). A refusal
        is the key of the words saying why (the first thing that followed and may not be
        undone)."""
        if before["phase"] == "over":
            return "undo.over"
        new = after["log"][len(before["log"]):]
        if not new:
            return "undo.no"
        for e in new:
            if e["e"] not in UNDOABLE_EVENTS:
                return UNDO_WHY.get(e["e"], "undo.no")
        if after["phase"] != before["phase"] or (after["round"], after["step"]) != (before["round"], before["step"]):
            return "undo.no"            # (every change of phase, pass or round is logged above)
        return True

    @staticmethod
    def _public_event(e, me, hide_pieces=False):
        kind = e["e"]
        if kind in ("place", "cell") and e["seat"] != me:
            e = dict(e, ticks=None)
            e["cells" if kind == "place" else "cell"] = None
            if hide_pieces and kind == "place":
                e["piece"] = None
            return e
        if kind == "score":
            return dict(e, rects=[r if s == me else None for s, r in enumerate(e["rects"])])
        return dict(e)

    def outcome(self, state):
        result = state["result"]
        if result is None:
            return None
        return Outcome(result["winners"], result["total"], area=result["area"], coop=result["coop"])
