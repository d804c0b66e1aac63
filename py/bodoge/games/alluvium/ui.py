"""ALLUVIUM screen: the sheet in front of you as a 9×9 SVG map, a piece you move, turn and flip
before drawing it (mouse, touch or keys), a preview of the ticks it earns and of the rectangle,
the ticks track of the sheet, everyone's open cards and area bonuses, and the final scoring
shown step by step.

Every colour has a symbol (○ △ □ ◇ ✕) drawn in each of its cells, so nothing is told by colour
alone; a piece that cannot go where it is is drawn hollow with crosses and the preview says why
(the engine's own check decides). Keys: arrows move the piece, R turns it, F flips it, N jumps
to the next place where it fits, Enter draws it, B switches to one cell (then arrows and Enter),
P takes the other piece in round 1.
"""

from ...core.errors import IllegalMove
from ...ui.games import GameUI
from ...ui.html import h
from . import board as B
from . import rules as R

CELL = 40
SIDE = CELL * B.SIZE
FILLS = ("#f4a3a3", "#a9c8f5", "#f5dc7a", "#a8dcb0", "#d3b5ea")
SYMBOLS = ("○", "△", "□", "◇", "✕")
MOVES = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
RULING_KEYS = ("components", "clockwise", "auto_pass", "areas_public", "tied_ranks", "hand",
               "virtual_colour", "touch")


# --- words ----------------------------------------------------------------------------------------
def who_name(ctx, view, p):
    """A participant's name (the virtual player has no seat) with its symbol."""
    name = ctx.t("alluvium.virtual") if p >= view["players"] else ctx.name(p)
    return f"{name} {SYMBOLS[p]}"


def piece_name(t, piece):
    return t(f"alluvium.piece.{piece}")


def where(t, cell):
    return t("alluvium.where", row=cell // B.SIZE + 1, col=cell % B.SIZE + 1)


def squares(t, cells):
    """Cells in words: "row 4, column 4 and row 6, column 6"."""
    return t("alluvium.and").join(where(t, i) for i in cells)


def whose_map(ctx, owner):
    return ctx.t("alluvium.your_map") if owner == ctx.viewer else ctx.t("alluvium.map_of", name=ctx.name(owner))


# --- drawing ---------------------------------------------------------------------------------------
def symbol(p, x, y, size=CELL, cls="sym"):
    """Participant ``p``'s symbol in the cell whose top-left corner is (x, y)."""
    cx, cy, r = x + size / 2, y + size / 2, size * 0.27
    attrs = {"class_": cls, "fill": "none", "stroke": "#1d1f24", "stroke_width": "2.5"}
    if p == 0:
        return h("circle", {"cx": f"{cx:g}", "cy": f"{cy:g}", "r": f"{r:g}", **attrs})
    if p == 1:
        pts = f"{cx:g},{cy - r:g} {cx + r:g},{cy + r * 0.8:g} {cx - r:g},{cy + r * 0.8:g}"
        return h("polygon", {"points": pts, **attrs})
    if p == 2:
        return h("rect", {"x": f"{cx - r * 0.85:g}", "y": f"{cy - r * 0.85:g}", "width": f"{r * 1.7:g}",
                          "height": f"{r * 1.7:g}", **attrs})
    if p == 3:
        pts = f"{cx:g},{cy - r:g} {cx + r:g},{cy:g} {cx:g},{cy + r:g} {cx - r:g},{cy:g}"
        return h("polygon", {"points": pts, **attrs})
    d = r * 0.8
    return h("path", {"d": f"M{cx - d:g} {cy - d:g} L{cx + d:g} {cy + d:g} M{cx + d:g} {cy - d:g} L{cx - d:g} {cy + d:g}",
                      **attrs})


def piece_svg(piece, p, label, cell=12):
    """A small picture of a piece in participant ``p``'s colour (for cards and buttons)."""
    cells = B.shape(piece)
    w = (max(c for _, c in cells) + 1) * cell
    ht = (max(r for r, _ in cells) + 1) * cell
    parts = []
    for r, c in cells:
        parts.append(h("rect", {"x": str(c * cell), "y": str(r * cell), "width": str(cell), "height": str(cell),
                                "fill": FILLS[p], "stroke": "#1d1f24", "stroke_width": "1.5"}))
        parts.append(symbol(p, c * cell, r * cell, cell))
    return h("svg", {"viewBox": f"-1 -1 {w + 2} {ht + 2}", "width": str(w + 2), "height": str(ht + 2),
                     "role": "img", "aria_label": label, "class_": "alv-piece"}, parts)


def map_svg(cells, label, start, ghost=None, ghost_ok=True, who=None, rect=None, ticks=(),
            clickable=None, singles=0, cursor=None, highlight=0):
    """The 9×9 map. ``start``: the start squares' cells (the view's, by rules version);
    ``ghost``: cells of the piece being placed; ``rect``: (top, left, h, w) to outline;
    ``ticks``: edges to mark; ``clickable``: data-act for the cells; ``singles``: mask of the
    cells open to action B; ``highlight``: a mask of cells to ring (scoring)."""
    parts = [h("rect", {"x": "0", "y": "0", "width": str(SIDE), "height": str(SIDE), "class_": "alv-paper"})]
    ghost_mask = B.mask_of(ghost or ())
    for i, ch in enumerate(cells):
        r, c = divmod(i, B.SIZE)
        x, y = c * CELL, r * CELL
        attrs = {"x": str(x), "y": str(y), "width": str(CELL), "height": str(CELL)}
        classes = ["alv-cell"]
        if ch != R.EMPTY:
            attrs["fill"] = FILLS[int(ch)]
            classes.append("filled")
        else:
            classes.append("empty")
        if singles >> i & 1:
            classes.append("single")
        if clickable:
            attrs.update(data_act=clickable, data_arg=str(i))
        parts.append(h("rect", {**attrs, "class_": " ".join(classes)}))
        if ch != R.EMPTY:
            parts.append(symbol(int(ch), x, y))
        if singles >> i & 1 and not ghost_mask >> i & 1:
            parts.append(h("circle", {"cx": str(x + CELL // 2), "cy": str(y + CELL // 2), "r": "4",
                                      "class_": "alv-dot"}))
        if highlight >> i & 1:
            parts.append(h("rect", {"x": str(x + 3), "y": str(y + 3), "width": str(CELL - 6),
                                    "height": str(CELL - 6), "class_": "alv-ring"}))
    for i in start:
        r, c = divmod(i, B.SIZE)
        parts.append(h("rect", {"x": str(c * CELL + 2), "y": str(r * CELL + 2), "width": str(CELL - 4),
                                "height": str(CELL - 4), "class_": "alv-start"}))
    for k in range(B.SIZE + 1):
        parts.append(h("line", {"x1": "0", "y1": str(k * CELL), "x2": str(SIDE), "y2": str(k * CELL),
                                "class_": "alv-grid"}))
        parts.append(h("line", {"x1": str(k * CELL), "y1": "0", "x2": str(k * CELL), "y2": str(SIDE),
                                "class_": "alv-grid"}))
    if rect:
        top, left, hh, ww = rect
        parts.append(h("rect", {"x": str(left * CELL + 1), "y": str(top * CELL + 1), "width": str(ww * CELL - 2),
                                "height": str(hh * CELL - 2), "class_": "alv-rect"}))
    for i in ghost or ():
        r, c = divmod(i, B.SIZE)
        x, y = c * CELL, r * CELL
        if ghost_ok:
            parts.append(h("rect", {"x": str(x + 1), "y": str(y + 1), "width": str(CELL - 2), "height": str(CELL - 2),
                                    "fill": FILLS[who], "class_": "alv-ghost"}))
            parts.append(symbol(who, x, y, cls="sym ghost-sym"))
        else:
            parts.append(h("rect", {"x": str(x + 1), "y": str(y + 1), "width": str(CELL - 2), "height": str(CELL - 2),
                                    "class_": "alv-ghost bad"}))
            parts.append(h("path", {"d": f"M{x + 8} {y + 8} L{x + 32} {y + 32} M{x + 32} {y + 8} L{x + 8} {y + 32}",
                                    "class_": "alv-bad-x"}))
    for a, b in ticks:
        ra, ca = divmod(a, B.SIZE)
        rb, cb = divmod(b, B.SIZE)
        if ra == rb:       # a vertical edge between two cells of a row
            x = max(ca, cb) * CELL
            parts.append(h("line", {"x1": str(x), "y1": str(ra * CELL + 8), "x2": str(x), "y2": str(ra * CELL + 32),
                                    "class_": "alv-tick"}))
        else:
            y = max(ra, rb) * CELL
            parts.append(h("line", {"x1": str(ca * CELL + 8), "y1": str(y), "x2": str(ca * CELL + 32), "y2": str(y),
                                    "class_": "alv-tick"}))
    if cursor is not None:
        r, c = divmod(cursor, B.SIZE)
        parts.append(h("rect", {"x": str(c * CELL + 2), "y": str(r * CELL + 2), "width": str(CELL - 4),
                                "height": str(CELL - 4), "class_": "alv-cursor"}))
    return h("svg", {"viewBox": f"-2 -2 {SIDE + 4} {SIDE + 4}", "class_": "alv-map", "role": "img",
                     "aria_label": label}, parts)


def shared_edges(mask, other):
    """The (cell, neighbour) pairs where ``mask`` touches ``other``: the ticks to mark."""
    out = []
    for i in B.cells_of(mask):
        r, c = divmod(i, B.SIZE)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < B.SIZE and 0 <= cc < B.SIZE and other >> (rr * B.SIZE + cc) & 1:
                out.append((i, rr * B.SIZE + cc))
    return out


def map_summary(ctx, view, cells):
    """The map in words: how many cells each participant has, and how many are empty."""
    t = ctx.t
    counts = [cells.count(str(p)) for p in range(5)]
    parts = [t("alluvium.summary_who", who=who_name(ctx, view, p), n=n) for p, n in enumerate(counts) if n]
    parts.append(t("alluvium.summary_empty", n=cells.count(R.EMPTY)))
    return t("list.sep").join(parts)


# --- the piece being placed ------------------------------------------------------------------------
class Draft:
    """The viewer's piece in hand: which piece, how it is turned, where it is (kept in ``sel``)."""

    def __init__(self, view, sel):
        self.view = view
        self.sel = sel
        todo = view["todo"]
        if sel.get("piece") not in todo:
            sel["piece"] = todo[0] if todo else None
            sel.pop("at", None)
        self.piece = sel["piece"]
        self.rot = sel.get("rot", 0) % 4
        self.flip = sel.get("flip", 0) % 2
        self.filled = R.filled_mask(view["sheet"]["cells"])
        if self.piece is not None and "at" not in sel:
            sel["at"] = self.start_at()

    def shape(self):
        return B.shape(self.piece, self.rot, self.flip)

    def size(self):
        s = self.shape()
        return max(r for r, _ in s) + 1, max(c for _, c in s) + 1

    def clamp(self, r, c):
        hh, ww = self.size()
        return [min(max(r, 0), B.SIZE - hh), min(max(c, 0), B.SIZE - ww)]

    def start_at(self):
        """Where a new piece appears: the first place it fits as it is turned, else the corner."""
        shape = self.shape()
        for r in range(B.SIZE):
            for c in range(B.SIZE):
                m = B.place(shape, r, c)
                if m is not None and not self.problem(m):
                    return [r, c]
        return [0, 0]

    def mask(self):
        r, c = self.clamp(*self.sel["at"])
        return B.place(self.shape(), r, c)

    def move(self):
        return {"piece": self.piece, "cells": B.cells_of(self.mask())}

    def problem(self, mask=None):
        """The engine's reason (a string key) why the piece may not be drawn here, or None."""
        v = self.view
        move = {"piece": self.piece, "cells": B.cells_of(self.mask() if mask is None else mask)}
        try:
            R.drawing_mask(v["phase"], v["round"], v["todo"], self.filled, move, B.mask_of(v["start"]))
        except IllegalMove as e:
            return e.key
        return None

    def turn(self, rot=0, flip=0):
        """Turn or flip about the piece's first cell, so it stays where it is."""
        r, c = self.clamp(*self.sel["at"])
        old = self.shape()[0]
        self.flip = (self.flip + flip) % 2
        self.rot = (self.rot + rot) % 4
        new = self.shape()[0]
        self.sel.update(rot=self.rot, flip=self.flip, at=self.clamp(r + old[0] - new[0], c + old[1] - new[1]))

    def next_fit(self):
        """Jump to the next place where the piece may be drawn: on in reading order as it is
        turned, then in the next turns and flips. Stays put if there is none."""
        r0, c0 = self.clamp(*self.sel["at"])
        here = r0 * B.SIZE + c0
        turn = self.flip * 4 + self.rot
        for k in range(8):
            flip, rot = divmod((turn + k) % 8, 4)
            shape = B.shape(self.piece, rot, flip)
            spots = [(here + d) % B.CELLS for d in range(1, B.CELLS + 1)] if k == 0 else range(B.CELLS)
            for i in spots:
                m = B.place(shape, i // B.SIZE, i % B.SIZE)
                if m is not None and self.problem(m) is None:
                    self.rot, self.flip = rot, flip
                    self.sel.update(rot=rot, flip=flip, at=[i // B.SIZE, i % B.SIZE])
                    return True
        return False

    def shift(self, dr, dc):
        r, c = self.clamp(*self.sel["at"])
        self.sel["at"] = self.clamp(r + dr, c + dc)

    def cover(self, cell):
        """Move the piece so that its first cell is on ``cell``."""
        r0, c0 = self.shape()[0]
        self.sel["at"] = self.clamp(cell // B.SIZE - r0, cell % B.SIZE - c0)


class AlluviumUI(GameUI):
    game_id = "alluvium"

    def default_setup(self):
        return {"players": 4, "kind0": "human", "kind1": "strong", "kind2": "normal", "kind3": "normal",
                "kind4": "normal"}

    # --- board -----------------------------------------------------------------------------------
    def board(self, view, sel, ctx):
        t = ctx.t
        if view["phase"] == "over":
            return self.final_steps(view, sel, ctx)
        if view["sheet"] is None:
            return h("div", {"class_": "alv-board"}, self.side(view, ctx, None))
        sheet = view["sheet"]
        owner = sheet["owner"]
        acting = ctx.viewer is not None and ctx.viewer in view["to_move"]
        who = view["virtual"] if view["phase"] == "virtual" else ctx.viewer
        filled, own = R.masks(sheet["cells"])
        ghost, ok, rect, ticks, clickable, singles, cursor = None, True, None, (), None, 0, None
        preview = None
        if acting:
            singles = B.single_cells(filled) if view["phase"] == "others" else 0
            if sel.get("mode") == "cell" and singles:
                clickable = "alv-single"
                cursor = sel.setdefault("cursor", B.cells_of(singles)[0])
                preview = self.single_preview(view, ctx, cursor, filled, own)
                if singles >> cursor & 1:
                    ticks = shared_edges(1 << cursor, own[owner])
            else:
                sel["mode"] = "piece"
                draft = Draft(view, sel)
                mask = draft.mask()
                problem = draft.problem()
                ghost, ok = B.cells_of(mask), problem is None
                clickable = "alv-at"
                if ok:
                    rect = B.largest_rectangle(filled | mask)[1]
                    target = own[ctx.viewer] if view["phase"] == "virtual" else own[owner]
                    if view["phase"] in ("others", "virtual"):
                        ticks = shared_edges(mask, target)
                preview = self.piece_preview(view, ctx, draft, problem, filled, len(ticks))
        if rect is None:
            rect = B.largest_rectangle(filled)[1]
        heading = [whose_map(ctx, owner), " ", h("span", {"class_": "alv-symbol", "aria_hidden": "true"},
                                                      SYMBOLS[owner])]
        label = t("alluvium.map_label", whose=whose_map(ctx, owner), summary=map_summary(ctx, view, sheet["cells"]))
        sheet_part = h("section", {"class_": "alv-sheet", "aria_labelledby": "alv-sheet-title"},
                       h("h2", {"id": "alv-sheet-title"}, heading),
                       h("p", {"class_": "alv-stage"}, self.stage(view, ctx)),
                       map_svg(sheet["cells"], label, view["start"], ghost, ok, who, rect, ticks,
                               clickable, singles, cursor),
                       h("p", {"class_": "alv-preview", "id": "alv-preview"}, preview) if preview else None,
                       self.controls(view, sel, ctx) if acting else None)
        return h("div", {"class_": "alv-board"}, sheet_part, self.side(view, ctx, sheet))

    def stage(self, view, ctx):
        t = ctx.t
        direction = t("alluvium.dir.cw" if view["dir"] == R.CLOCKWISE else "alluvium.dir.ccw")
        base = t("alluvium.round_of", round=view["round"], rounds=view["rounds"], direction=direction)
        if view["phase"] == "others":
            return f"{base} {t('alluvium.pass_of', step=view['step'], steps=view['players'] - 1)}"
        return base

    def piece_preview(self, view, ctx, draft, problem, filled, ticks):
        t = ctx.t
        r, c = draft.clamp(*draft.sel["at"])
        place = t("alluvium.preview.place", piece=piece_name(t, draft.piece), where=where(t, r * B.SIZE + c),
                  turn=t("alluvium.turn", deg=draft.rot * 90),
                  flip=t("alluvium.flipped") if draft.flip else "")
        if problem:
            return f"{place} {t('alluvium.preview.no')} {t(problem)}"
        words = [place, t("alluvium.preview.ok")]
        area_now = B.rectangle_area(filled)
        area = B.rectangle_area(filled | draft.mask())
        if view["phase"] == "others":
            owner = view["sheet"]["owner"]
            words.append(t("alluvium.preview.ticks", n=ticks))
            words.append(t("alluvium.preview.rect_owner", name=ctx.name(owner), before=area_now, after=area))
        else:
            if view["phase"] == "virtual":
                words.append(t("alluvium.preview.virtual_ticks", n=ticks))
            words.append(t("alluvium.preview.rect_own", before=area_now, after=area))
        return " ".join(words)

    def single_preview(self, view, ctx, cell, filled, own):
        t = ctx.t
        try:
            R.drawing_mask(view["phase"], view["round"], view["todo"], filled, {"cell": cell},
                           B.mask_of(view["start"]))
        except IllegalMove as e:
            return f"{t('alluvium.preview.cell', where=where(t, cell))} {t('alluvium.preview.no')} {t(e.key)}"
        n = B.edges(1 << cell, own[view["sheet"]["owner"]])
        return " ".join((t("alluvium.preview.cell", where=where(t, cell)), t("alluvium.preview.ok"),
                         t("alluvium.preview.ticks", n=n)))

    def controls(self, view, sel, ctx):
        t = ctx.t
        draft_mode = sel.get("mode") != "cell"
        buttons = []
        if draft_mode:
            todo = list(dict.fromkeys(view["todo"]))
            if len(todo) > 1:
                buttons.append(h("div", {"class_": "alv-pieces", "role": "group",
                                         "aria_label": t("alluvium.choose_piece")},
                                 [h("button", {"type": "button", "class_": "button alv-pick", "data_act": "alv-piece",
                                               "data_arg": p, "aria_pressed": "true" if sel.get("piece") == p else "false"},
                                    piece_svg(p, ctx.viewer, piece_name(t, p)), " ", piece_name(t, p))
                                  for p in todo]))
            pad = [("alv-rot", "", "alluvium.rotate", "R"), ("alv-flip", "", "alluvium.flip", "F"),
                   ("alv-next", "", "alluvium.next_fit", "N")]
            buttons.append(h("div", {"class_": "alv-pad", "role": "group", "aria_label": t("alluvium.move_piece")},
                             [h("button", {"type": "button", "class_": "button", "data_act": act, "data_arg": arg,
                                           "aria_keyshortcuts": key}, t(label)) for act, arg, label, key in pad],
                             [h("button", {"type": "button", "class_": "button alv-arrow", "data_act": "alv-move",
                                           "data_arg": k, "aria_label": t(f"alluvium.move.{k}"),
                                           "aria_keyshortcuts": k}, arrow)
                              for k, arrow in (("ArrowLeft", "←"), ("ArrowUp", "↑"), ("ArrowDown", "↓"),
                                               ("ArrowRight", "→"))]))
        main = [h("button", {"type": "button", "class_": "button primary", "id": "alv-draw", "data_act": "alv-draw",
                             "aria_keyshortcuts": "Enter"},
                  t("alluvium.draw" if draft_mode else "alluvium.fill"))]
        if view["phase"] == "others" and B.single_cells(R.filled_mask(view["sheet"]["cells"])):
            main.append(h("button", {"type": "button", "class_": "button", "id": "alv-mode", "data_act": "alv-mode",
                                     "aria_keyshortcuts": "B"},
                          t("alluvium.mode.cell" if draft_mode else "alluvium.mode.piece")))
        buttons.append(h("div", {"class_": "alv-main"}, main))
        return h("div", {"class_": "alv-controls"}, buttons)

    def side(self, view, ctx, sheet):
        t = ctx.t
        parts = []
        if sheet is not None:
            owner = sheet["owner"]
            others = [p for p in range(len(sheet["ticks"])) if p != owner]
            top = max([sheet["ticks"][p] for p in others] + [1])
            rows = [h("li", {}, h("span", {"class_": "alv-who"}, who_name(ctx, view, p)),
                      h("span", {"class_": "alv-bar", "aria_hidden": "true"},
                        h("span", {"style": f"width:{100 * sheet['ticks'][p] // top}%",
                                   "class_": f"alv-fill c{p}"})),
                      h("span", {"class_": "alv-n"}, t("alluvium.ticks", n=sheet["ticks"][p])))
                    for p in others]
            parts.append(h("section", {"class_": "alv-track panel", "aria_labelledby": "alv-track-title"},
                           h("h3", {"id": "alv-track-title"}, t("alluvium.track", whose=whose_map(ctx, owner))),
                           h("ul", {}, rows)))
        if ctx.viewer is not None and view["todo"]:
            who = view["virtual"] if view["phase"] == "virtual" else ctx.viewer
            parts.append(h("section", {"class_": "alv-todo panel", "aria_labelledby": "alv-todo-title"},
                           h("h3", {"id": "alv-todo-title"}, t("alluvium.to_draw")),
                           h("p", {}, [h("span", {"class_": "alv-card"}, piece_svg(p, who, piece_name(t, p)),
                                         " ", piece_name(t, p)) for p in view["todo"]])))
        waiting = [ctx.name(s) for s in view["to_move"]]
        if waiting and view["phase"] != "over":
            parts.append(h("p", {"class_": "alv-waiting"}, t("alluvium.still_drawing",
                                                             names=t("list.sep").join(waiting))))
        cards = []
        for p, pile in enumerate(view["piles"]):
            if not pile:
                continue
            cards.append(h("li", {}, h("span", {"class_": "alv-who"}, who_name(ctx, view, p)), " ",
                           piece_svg(pile[-1], p, piece_name(t, pile[-1])),
                           h("span", {"class_": "alv-n"}, piece_name(t, pile[-1]))))
        parts.append(h("section", {"class_": "alv-open panel", "aria_labelledby": "alv-open-title"},
                       h("h3", {"id": "alv-open-title"}, t("alluvium.open_cards")), h("ul", {}, cards)))
        parts.append(self.area_table(view, ctx))
        return h("aside", {"class_": "alv-side"}, parts)

    def area_table(self, view, ctx):
        t = ctx.t
        rounds = range(1, view["rounds"] + 1)
        head = h("tr", {}, h("th", {"scope": "col"}, t("alluvium.player")),
                 [h("th", {"scope": "col"}, t("alluvium.round_n", n=r)) for r in rounds],
                 h("th", {"scope": "col"}, t("alluvium.sum")))
        body = [h("tr", {}, h("th", {"scope": "row"}, who_name(ctx, view, s)),
                  [h("td", {}, str(a[r - 1]) if r <= len(a) else "–") for r in rounds], h("td", {}, str(sum(a))))
                for s, a in enumerate(view["areas"])]
        return h("section", {"class_": "alv-areas panel"},
                 h("table", {"class_": "rounds"}, h("caption", {}, t("alluvium.areas")),
                   h("thead", {}, head), h("tbody", {}, body)))

    # --- prompt and input --------------------------------------------------------------------------
    def prompt(self, view, sel, ctx):
        t = ctx.t
        todo = view["todo"]
        names = t("list.sep").join(piece_name(t, p) for p in todo)
        if view["phase"] == "own" and view["round"] == 1:
            return t("alluvium.prompt.start", pieces=names, squares=squares(t, view["start"]))
        if view["phase"] == "own":
            return t("alluvium.prompt.own", piece=names)
        if view["phase"] == "virtual":
            return t("alluvium.prompt.virtual", piece=names)
        return t("alluvium.prompt.others", whose=whose_map(ctx, view["sheet"]["owner"]), piece=names)

    def act(self, action, arg, view, sel, ctx):
        if action == "alv-step":
            sel["final"] = int(arg) if arg.isdigit() else 0
            ctx.focus = "alv-final-title"
            return None
        if action == "alv-all":
            sel["final"] = "all"
            return None
        if ctx.viewer not in view["to_move"]:
            return None
        if action == "alv-mode":
            if view["phase"] == "others":
                sel["mode"] = "piece" if sel.get("mode") == "cell" else "cell"
                ctx.focus = "alv-mode"
            return None
        if sel.get("mode") == "cell":
            return self.act_cell(action, arg, sel)
        draft = Draft(view, sel)
        if action == "alv-draw":
            return draft.move()
        if action == "alv-at" and arg.isdigit():
            draft.cover(int(arg))
        elif action == "alv-rot":
            draft.turn(rot=1)
        elif action == "alv-flip":
            draft.turn(flip=1)
        elif action == "alv-next":
            draft.next_fit()
        elif action == "alv-move" and arg in MOVES:
            draft.shift(*MOVES[arg])
        elif action == "alv-piece":
            todo = list(dict.fromkeys(view["todo"]))
            if arg == "next":           # P: the other piece of round 1
                arg = todo[(todo.index(draft.piece) + 1) % len(todo)]
            if arg in todo:
                sel.update(piece=arg, rot=0, flip=0)
                sel.pop("at", None)
        elif action == "alv-reset":
            sel.update(rot=0, flip=0)
            sel.pop("at", None)
        return None

    @staticmethod
    def act_cell(action, arg, sel):
        """Action B: a click picks a cell (a second click on it fills it); arrows move the cursor."""
        if action in ("alv-single", "alv-at") and arg.isdigit():
            if sel.get("cursor") == int(arg):
                return {"cell": int(arg)}
            sel["cursor"] = int(arg)
        elif action == "alv-move" and arg in MOVES:
            r, c = divmod(sel.get("cursor", B.CELLS // 2), B.SIZE)
            dr, dc = MOVES[arg]
            sel["cursor"] = min(max(r + dr, 0), B.SIZE - 1) * B.SIZE + min(max(c + dc, 0), B.SIZE - 1)
        elif action == "alv-draw" and "cursor" in sel:
            return {"cell": sel["cursor"]}
        elif action == "alv-reset":
            sel["mode"] = "piece"
        return None

    KEYS = {"r": "alv-rot", "f": "alv-flip", "n": "alv-next", "b": "alv-mode", "enter": "alv-draw",
            "escape": "alv-reset", "p": "alv-piece"}

    def key(self, key, view, sel, ctx):
        """Keys are the buttons' actions: arrows move, R/F turn and flip, N finds a place, Enter
        draws, B switches to one cell, P takes the other piece, Esc puts the piece back."""
        if ctx.viewer not in view["to_move"]:
            return None
        if key in MOVES:
            action, arg = "alv-move", key
        elif key.lower() in self.KEYS:
            action, arg = self.KEYS[key.lower()], "next"
        else:
            return None
        move = self.act(action, arg, view, sel, ctx)
        return True if move is None else move

    # --- words ------------------------------------------------------------------------------------
    def describe(self, e, ctx):
        t = ctx.t
        kind = e["e"]
        if kind == "round":
            direction = t("alluvium.dir.cw" if e["dir"] == R.CLOCKWISE else "alluvium.dir.ccw")
            text = t("alluvium.log.round", round=e["round"], direction=direction)
            if ctx.viewer is not None:
                text += " " + t("alluvium.log.open", piece=piece_name(t, e["open"][ctx.viewer]))
            return text
        if kind == "virtual":
            return t("alluvium.log.virtual", piece=piece_name(t, e["piece"]))
        if kind == "pass_sheets":
            if ctx.viewer is None:
                return t("alluvium.log.pass_sheets", step=e["step"])
            n = len(ctx.names)
            owner = (ctx.viewer - e["step"] * e["dir"]) % n
            return t("alluvium.log.pass_sheets_you", step=e["step"], whose=whose_map(ctx, owner))
        if kind == "place" and e["seat"] == ctx.viewer and e["cells"] is not None:
            piece = piece_name(t, e["piece"])
            at = where(t, e["cells"][0])
            if e["owner"] != e["seat"]:
                return t("alluvium.log.place_other", piece=piece, where=at, whose=whose_map(ctx, e["owner"]),
                         n=e["ticks"])
            if e["who"] != e["seat"]:
                return t("alluvium.log.place_virtual", piece=piece, where=at, n=e["ticks"])
            return t("alluvium.log.place_own", piece=piece, where=at)
        if kind == "cell" and e["seat"] == ctx.viewer and e["cell"] is not None:
            return t("alluvium.log.cell", where=where(t, e["cell"]), whose=whose_map(ctx, e["owner"]), n=e["ticks"])
        if kind == "pass":
            return ctx.say("alluvium.log.pass", e["seat"], whose=whose_map(ctx, e["owner"]))
        if kind == "score":
            parts = t("list.sep").join(f"{ctx.name(s)} {a}" for s, a in enumerate(e["areas"]))
            return t("alluvium.log.score", round=e["round"], areas=parts)
        if kind == "end":
            return t("alluvium.log.end", names=t("list.sep").join(ctx.name(s) for s in e["winners"]))
        return None

    def ends_round(self, event):
        return event["e"] == "score"

    def round_summary(self, e, ctx):
        t = ctx.t
        rows = [h("li", {}, t("alluvium.area_of", name=ctx.name(s), n=a)) for s, a in enumerate(e["areas"])]
        parts = [h("h2", {"id": "round-title"}, t("alluvium.round_scored", round=e["round"])),
                 h("ul", {"class_": "alv-round-areas"}, rows)]
        me = ctx.viewer
        if me is not None and e["rects"][me] is not None:
            top, left, hh, ww = e["rects"][me]
            parts.append(h("p", {}, t("alluvium.your_rect", n=hh * ww, h=hh, w=ww,
                                     where=where(t, top * B.SIZE + left))))
        return h("div", {}, parts)

    # --- the end: scoring step by step ------------------------------------------------------------
    def final_steps(self, view, sel, ctx):
        """The final scoring, one step at a time (all at once for a spectator or on request):
        the area bonuses, then each sheet's ranking and cooperation bonuses."""
        t = ctx.t
        steps = [self.step_areas(view, ctx)] + [self.step_sheet(view, ctx, sheet)
                                                for sheet in view["result"]["sheets"]]
        title = h("h2", {"id": "alv-final-title", "tabindex": "-1"}, t("alluvium.step.title"))
        if ctx.viewer is None or sel.get("final") == "all":
            return h("section", {"class_": "alv-final", "aria_labelledby": "alv-final-title"}, title,
                     h("ol", {"class_": "alv-steps"}, [h("li", {}, s) for s in steps]))
        k = min(max(sel.get("final", 0), 0), len(steps) - 1)
        nav = [h("button", {"type": "button", "class_": "button", "data_act": "alv-step", "data_arg": str(k - 1),
                            "id": "alv-prev", "disabled": k == 0}, t("alluvium.step.prev")),
               h("span", {"class_": "alv-step-n"}, t("alluvium.step.n", k=k + 1, n=len(steps))),
               h("button", {"type": "button", "class_": "button primary", "data_act": "alv-step",
                            "data_arg": str(k + 1), "id": "alv-next", "disabled": k == len(steps) - 1},
                 t("alluvium.step.next")),
               h("button", {"type": "button", "class_": "button", "data_act": "alv-all", "id": "alv-all"},
                 t("alluvium.step.all"))]
        return h("section", {"class_": "alv-final", "aria_labelledby": "alv-final-title"}, title,
                 h("div", {"class_": "alv-step"}, steps[k]), h("p", {"class_": "alv-stepnav"}, nav))

    def result(self, view, ctx):
        t = ctx.t
        res = view["result"]
        winners = t("list.sep").join(ctx.name(s) for s in res["winners"])
        head = (t("alluvium.result.shared", names=winners) if len(res["winners"]) > 1
                else ctx.say("alluvium.result.winner", res["winners"][0]))
        return h("div", {"class_": "alv-result"}, h("h2", {"id": "result-title"}, head),
                 self.step_totals(view, ctx))

    def step_areas(self, view, ctx):
        t = ctx.t
        return h("section", {"aria_labelledby": "alv-step-areas"},
                 h("h3", {"id": "alv-step-areas"}, t("alluvium.step.areas")),
                 self.area_table(view, ctx))

    def step_sheet(self, view, ctx, sheet):
        t = ctx.t
        o = sheet["owner"]
        cells = view["sheets"][o]["cells"]
        _, own = R.masks(cells)
        best = 0
        for row in sheet["ranking"]:
            comps = B.components(own[row["who"]])
            if comps and row["points"]:
                best |= max(comps, key=lambda c: c.bit_count())
        rows = [h("tr", {}, h("td", {}, t("alluvium.rank", n=row["rank"])),
                  h("th", {"scope": "row"}, who_name(ctx, view, row["who"])),
                  h("td", {}, str(row["ticks"])), h("td", {}, str(row["territory"])),
                  h("td", {}, str(row["points"])))
                for row in sheet["ranking"]]
        title = t("alluvium.step.sheet", whose=whose_map(ctx, o))
        label = t("alluvium.map_label", whose=whose_map(ctx, o), summary=map_summary(ctx, view, cells))
        return h("section", {"aria_labelledby": f"alv-step-{o}", "class_": "alv-final-sheet"},
                 h("h3", {"id": f"alv-step-{o}"}, title),
                 map_svg(cells, label, view["start"], highlight=best),
                 h("table", {"class_": "rounds"},
                   h("caption", {}, t("alluvium.step.sheet_caption")),
                   h("thead", {}, h("tr", {}, [h("th", {"scope": "col"}, t(k)) for k in (
                       "alluvium.col.rank", "alluvium.player", "alluvium.col.ticks", "alluvium.col.territory",
                       "alluvium.col.points")])),
                   h("tbody", {}, rows)))

    def step_totals(self, view, ctx):
        t = ctx.t
        res = view["result"]
        rows = [h("tr", {}, h("th", {"scope": "row"}, who_name(ctx, view, s)), h("td", {}, str(res["area"][s])),
                  h("td", {}, str(res["coop"][s])), h("td", {}, str(res["total"][s])),
                  h("td", {}, t("alluvium.winner_mark") if s in res["winners"] else ""))
                for s in range(view["players"])]
        return h("div", {},
                 h("table", {"class_": "rounds"},
                   h("caption", {}, t("alluvium.step.totals")),
                   h("thead", {}, h("tr", {}, [h("th", {"scope": "col"}, t(k)) for k in (
                       "alluvium.player", "alluvium.col.area", "alluvium.col.coop", "alluvium.col.total",
                       "alluvium.col.winner")])),
                   h("tbody", {}, rows)),
                 h("p", {}, t("alluvium.tiebreak")))

    # --- rules page -----------------------------------------------------------------------------------
    def rules(self, t):
        where_ = {"squares": squares(t, B.start_squares(R.Alluvium.rules_version)),
                  "old": squares(t, B.start_squares(1))}
        sections = []
        for key in ("goal", "setup", "own", "start", "others", "actions", "ticks", "score", "end", "three"):
            sections.append(h("h3", {}, t(f"alluvium.rules.{key}.title")))
            sections.append(h("p", {}, t(f"alluvium.rules.{key}", **where_)))
        rulings = [h("li", {}, t(f"alluvium.ruling.{k}", **where_)) for k in RULING_KEYS]
        versions = [h("li", {}, t(f"alluvium.rules.version.{v}", **where_))
                    for v in range(R.Alluvium.rules_version, 0, -1)]
        keys = [h("li", {}, t(f"alluvium.keys.{k}")) for k in ("arrows", "turn", "next", "draw", "cell", "piece",
                                                               "mouse")]
        return h("div", {"class_": "rules"}, sections,
                 h("h3", {}, t("rules.rulings")), h("ul", {}, rulings),
                 h("h3", {}, t("alluvium.rules.versions.title")), h("ul", {}, versions),
                 h("h3", {}, t("rules.keys")), h("ul", {}, keys))


UI = AlluviumUI()
