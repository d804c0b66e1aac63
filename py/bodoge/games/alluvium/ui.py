"""ALLUVIUM screen: the sheet in front of you, your piece and its controls, the other players.

The table (``data-region="table"``) is the sheet in front of you: whose map it is, the round and
the pass, your open card, and the 9×9 map (SVG) with the piece you are placing drawn as a
*preview* (translucent, dashed outline), the ticks it would earn and the rectangle it would
make (``rules.preview`` computes them; this only shows them). Cells the others drew on your map
while it was away are marked (a corner fold) until you act. Your hand (``"hand"``): the piece
(both in round 1), Turn, Flip, Next place it fits, One cell (action B), Draw, and what the
drawing would do. The players (``"players"``): the others in the order the sheets pass, with
their colour and symbol, their ticks on this sheet and their open card.

Placing the piece: it starts where it fits; with a mouse it follows the pointer until a click
places it there; a second click (or tap) on it draws it. It can be dragged (mouse or touch),
turned by the wheel or a right-click, and by keys: arrows move it, R turns, F flips, N goes to
the next place it fits (every position, turn and flip), Enter draws, B switches to one cell,
P takes the other piece in round 1, Esc puts it back. Pointer moves, presses, the wheel and
right-clicks reach ``act`` as ``alv-ptr`` with ``"kind:cell[:step]"`` (see ``pointer.py``).

Every colour has a symbol (○ △ □ ◇ ✕) drawn in each of its cells, so nothing is told by colour
alone. While a round summary shows (``ctx.pause``), the board shows the round that ended.
"""

from ...core.errors import IllegalMove
from ...ui.games import GameUI, action, joined, placings
from ...ui.html import Memo, h
from ...ui.phrases import KANA_OR_KANJI, phrased
from . import board as B
from . import pointer
from . import rules as R

CELL = 40
SIDE = CELL * B.SIZE
FILLS = ("#f4a3a3", "#a9c8f5", "#f5dc7a", "#a8dcb0", "#d3b5ea")
SYMBOLS = ("○", "△", "□", "◇", "✕")
MOVES = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
RULING_KEYS = ("components", "clockwise", "auto_pass", "areas_public", "tied_ranks", "hand",
               "virtual_colour", "touch", "preview", "next_fit", "returned")
POINTER_ACT = "alv-ptr"


# --- words ----------------------------------------------------------------------------------------
def who_name(ctx, view, p):
    """A participant's name (the virtual player has no seat) with its symbol."""
    name = ctx.t("alluvium.virtual") if p >= view["players"] else ctx.name(p)
    return f"{name} {SYMBOLS[p]}"


def ja(ctx, text):
    """A sentence the game writes: in Japanese drawn as its phrases (``bodoge.ui.phrases``), so
    that a line breaks between them, never inside a word (a phone broke 「塗/ってください」 in
    the prompt and 「塗られ/た」 in the round summary); names and pieces whole."""
    if ctx.i18n.lang != "ja" or not text:
        return text
    # (a name in Latin letters may break at its spaces and hyphens: kept whole, a 24-letter
    # one took a line of its own and the map lost 2 px a cell)
    names = [n for n in ctx.names if KANA_OR_KANJI.search(n)]
    keep = [*names, ctx.t("alluvium.virtual"), *(piece_name(ctx.t, p) for p in B.PIECES)]
    return h("span", {"class_": "phrased"}, phrased(text, keep))


def piece_name(t, piece):
    return t(f"alluvium.piece.{piece}")


def where(t, cell):
    return t("alluvium.where", row=cell // B.SIZE + 1, col=cell % B.SIZE + 1)


def squares(t, cells):
    """Cells in words: "row 4, column 4 and row 6, column 6"."""
    return t("alluvium.and").join(where(t, i) for i in cells)


def whose_map(ctx, owner, yours="alluvium.your_map"):
    """"Your map" / "Aki's map" (a heading or the start of a sentence)."""
    return ctx.t(yours) if ctx.is_you(owner) else ctx.t("alluvium.map_of", name=ctx.name(owner))


def whose_in(ctx, owner):
    """"your map" / "Aki's map" inside a sentence."""
    return whose_map(ctx, owner, "alluvium.your_map_in")


def direction_word(t, d):
    return t("alluvium.dir.cw" if d == R.CLOCKWISE else "alluvium.dir.ccw")


def map_summary(ctx, view, cells):
    """The map in words: how many cells each participant has, and how many are empty."""
    t = ctx.t
    counts = [cells.count(str(p)) for p in range(5)]
    parts = [t("alluvium.summary_who", who=who_name(ctx, view, p), n=n) for p, n in enumerate(counts) if n]
    parts.append(t("alluvium.summary_empty", n=cells.count(R.EMPTY)))
    return t("list.sep").join(parts)


def same_sheet(view, sel):
    """Whether ``sel`` was made for the sheet now in front of the viewer; if not (the sheets
    passed, or a guest's new view arrived with another sheet), the choice starts afresh, so
    the piece starts where it fits on this one. Returns the old answer."""
    sheet = view["sheet"]
    key = f"{view['round']}:{view['phase']}:{view['step']}:{sheet['owner']}:{sheet['cells']}"
    if sel.sheet == key:
        return True
    had = bool(sel)
    sel.clear(keep=("final",))
    sel.sheet = key
    return not had


class Choice:
    """The player's choice in progress (the session's ``sel``), each field with its default:

    * ``sheet``: the sheet and step it was made for (``same_sheet``); ``final``: the final
      scoring's step shown (a number, or "all");
    * ``mode``: "piece" (the piece in hand) or "cell" (action B: one cell); ``cursor`` (the cell
      picked in action B) and ``cursor_pinned`` (a click or a key put it there: it no longer
      follows the pointer);
    * the piece in hand (``Draft``): ``piece``, ``rot``, ``flip``, ``at`` (the map cell [row,
      col] of its middle cell), ``pinned`` (a click, a drag or a key placed it) and ``home``
      (where it rested while it follows the pointer);
    * a press on the map (``pointer``): ``press`` ({"cell", "hit", "hover"}), ``grab`` (where
      the piece was held, from its middle cell), ``moved`` (the press became a drag) and
      ``dragged`` (the click that ends a drag does nothing)."""

    DEFAULTS = {"sheet": None, "final": 0, "mode": "piece", "cursor": None, "cursor_pinned": False,
                "piece": None, "rot": 0, "flip": 0, "at": None, "pinned": False, "home": None,
                "press": None, "grab": None, "moved": False, "dragged": False}
    __slots__ = tuple(DEFAULTS)

    def __init__(self, **fields):
        for name, value in self.DEFAULTS.items():
            setattr(self, name, fields.pop(name, value))
        if fields:
            raise TypeError(f"no such field: {', '.join(fields)}")

    def clear(self, keep=()):
        """Every field back to its default but those named in ``keep``."""
        for name, value in self.DEFAULTS.items():
            if name not in keep:
                setattr(self, name, value)

    def unplace(self):
        """The piece in hand back to how a new piece starts: unturned, placed afresh."""
        self.rot, self.flip, self.at, self.pinned, self.home = 0, 0, None, False, None

    def copy(self):
        return Choice(**{name: getattr(self, name) for name in self.__slots__})

    def __bool__(self):
        return any(getattr(self, name) != value for name, value in self.DEFAULTS.items())

    def __eq__(self, other):
        return isinstance(other, Choice) and all(
            getattr(self, name) == getattr(other, name) for name in self.__slots__)

    def __repr__(self):
        return "Choice(" + ", ".join(f"{name}={getattr(self, name)!r}" for name, value
                                     in self.DEFAULTS.items() if getattr(self, name) != value) + ")"


def hand_pieces(view):
    """[(piece, drawn)]: the pieces to draw now; in round 1's first phase both of the seat's
    pieces, the one already drawn too (so the controls keep their place between the two)."""
    me = view["seat"]
    if view["round"] == 1 and view["phase"] == "own" and me is not None and view["hands"][me]:
        both = [view["piles"][me][0], view["hands"][me]]
        return [(p, p not in view["todo"]) for p in dict.fromkeys(both)]
    return [(p, False) for p in dict.fromkeys(view["todo"])]


def sheet_ranks(sheet):
    """{participant: (rank, tied)} on a sheet by its ticks, as the final scoring ranks them
    (everyone but its owner, the virtual player too; ties share a rank)."""
    others = [p for p in range(len(sheet["ticks"])) if p != sheet["owner"]]
    ranked = R.ranks([sheet["ticks"][p] for p in others])
    return {p: (r, ranked.count(r) > 1) for p, r in zip(others, ranked)}


def rank_word(t, standing, p, short=False):
    """"2nd", or "1st (tied)" ("=1st" where it is ``short``: a phone's row of the list)."""
    rank, tied = standing[p]
    word = t(f"result.place.{min(rank, 6)}")
    if not tied:
        return word
    return t("alluvium.rank_tied_short" if short else "alluvium.rank_tied", rank=word)


# --- drawing ---------------------------------------------------------------------------------------
def box(x, y, w, ht=None, **attrs):
    """A rectangle (a square if no height is given); numbers written as short as they go."""
    ht = w if ht is None else ht
    return h("rect", {"x": f"{x:g}", "y": f"{y:g}", "width": f"{w:g}", "height": f"{ht:g}",
                      **attrs})


def corner(i):
    """The top-left corner (x, y) of map cell ``i``."""
    r, c = divmod(i, B.SIZE)
    return c * CELL, r * CELL


def inset(i, k, cls):
    """A square ``k`` inside the sides of map cell ``i``."""
    x, y = corner(i)
    return box(x + k, y + k, CELL - 2 * k, class_=cls)


def symbol(p, x, y, size=CELL, cls="sym"):
    """Participant ``p``'s symbol in the cell whose top-left corner is (x, y)."""
    cx, cy, r = x + size / 2, y + size / 2, size * 0.27
    attrs = {"class_": cls, "fill": "none", "stroke": "#1d1f24", "stroke_width": f"{max(1.2, size / 16):g}"}
    if p == 0:
        return h("circle", {"cx": f"{cx:g}", "cy": f"{cy:g}", "r": f"{r:g}", **attrs})
    if p in (1, 3):         # a triangle, a diamond: corners in steps of r from the middle
        pts = ((0, -1), (1, 0.8), (-1, 0.8)) if p == 1 else ((0, -1), (1, 0), (0, 1), (-1, 0))
        pts = " ".join(f"{cx + dx * r:g},{cy + dy * r:g}" for dx, dy in pts)
        return h("polygon", {"points": pts, **attrs})
    if p == 2:
        return box(cx - r * 0.85, cy - r * 0.85, r * 1.7, **attrs)
    d = r * 0.8
    return h("path", {"d": f"M{cx - d:g} {cy - d:g} L{cx + d:g} {cy + d:g} M{cx + d:g} {cy - d:g} L{cx - d:g} {cy + d:g}",
                      **attrs})


def piece_svg(piece, p, cell=12, rot=0, flip=0, cls="alv-piece"):
    """A small picture of a piece in participant ``p``'s colour (its name is in the text beside
    it, so the picture is hidden from screen readers)."""
    cells = B.shape(piece, rot, flip)
    w = (max(c for _, c in cells) + 1) * cell
    ht = (max(r for r, _ in cells) + 1) * cell
    parts = [[box(c * cell, r * cell, cell, fill=FILLS[p], stroke="#1d1f24", stroke_width="1.5"),
              symbol(p, c * cell, r * cell, cell)] for r, c in cells]
    return h("svg", {"viewBox": f"-1 -1 {w + 2} {ht + 2}", "width": str(w + 2), "height": str(ht + 2),
                     "aria_hidden": "true", "focusable": "false", "class_": cls}, parts)


def swatch(p, size=22):
    """Participant ``p``'s colour with its symbol, as a small square (hidden from screen
    readers: the name beside it carries the symbol as text)."""
    return h("svg", {"viewBox": f"0 0 {size} {size}", "width": str(size), "height": str(size),
                     "aria_hidden": "true", "focusable": "false", "class_": "alv-swatch"},
             box(1, 1, size - 2, rx="3", fill=FILLS[p], stroke="#1d1f24", stroke_width="1.5"),
             symbol(p, 0, 0, size))


def segments_path(segments):
    return " ".join(f"M{c0 * CELL} {r0 * CELL}L{c1 * CELL} {r1 * CELL}" for (r0, c0), (r1, c1) in segments)


CELLS = Memo(4096)     # a map's cells as drawn (MapPic.cell)


class MapPic:
    """What one 9×9 map shows besides its cells (by default none of these); ``svg()`` draws it."""
    ghost = 0                 # the preview's cells
    ghost_ok = True
    who = None                # whose colour the preview is drawn in
    rect = None               # (top, left, h, w) to outline
    rect_new = False          # the outline is the rectangle the preview would make
    ticks = ()                # (cell, cell) edges to mark
    clickable = None          # data-act of the cells
    pointer = False           # pointer moves, wheel and right-click go to ``alv-ptr``
    singles = 0               # cells open to action B
    cursor = None             # action B's cursor
    highlight = 0             # cells to ring (final scoring)
    fresh = 0                 # cells just drawn (they drop into place)
    news = 0                  # cells the others drew while the map was away

    def __init__(self, cells, label, start, mid="alv-map"):
        self.cells, self.label, self.start = cells, label, start
        self.mid = mid                 # id prefix (several maps may share a page)
        self.main = mid == "alv-map"   # the viewer's map (its cells: the lesson's spots cell:<i>)

    def svg(self):
        parts = [box(0, 0, SIDE, class_="alv-paper")]
        parts += [self.cell(i, ch) for i, ch in enumerate(self.cells)]
        parts += [inset(i, 3, "alv-start") for i in self.start]
        grid = " ".join(f"M0 {k * CELL}H{SIDE}M{k * CELL} 0V{SIDE}" for k in range(B.SIZE + 1))
        parts.append(h("path", {"d": grid, "class_": "alv-grid"}))
        for i in B.cells_of(self.news):
            x, y = corner(i)
            parts.append(h("path", {"d": f"M{x + CELL - 15} {y + 1}H{x + CELL - 1}V{y + 15}Z",
                                    "class_": "alv-new-fold"}))
            parts.append(inset(i, 2.5, "alv-new"))
        parts += [inset(i, 4, "alv-ring") for i in B.cells_of(self.highlight)]
        if self.rect:
            top, left, hh, ww = self.rect
            parts.append(box(left * CELL + 2, top * CELL + 2, ww * CELL - 4, hh * CELL - 4,
                             class_="alv-rect new" if self.rect_new else "alv-rect"))
        if self.ghost:
            parts.append(self.ghost_svg())
        parts += [self.tick(a, b) for a, b in self.ticks]
        if self.cursor is not None:
            parts.append(inset(self.cursor, 2, "alv-cursor"))
        attrs = {"viewBox": f"-3 -3 {SIDE + 6} {SIDE + 6}", "class_": "alv-map", "role": "img",
                 "aria_label": self.label, "id": self.mid, "data_spot": "map" if self.main else None}
        if self.pointer:
            attrs["data_pointer"] = POINTER_ACT
        return h("svg", attrs, parts)

    def cell(self, i, ch):
        """Cell ``i`` (its letter ``ch``): made once for what it shows (``CELLS``), so a move
        draws again only the cells it changed."""
        key = (self.mid, i, ch, self.singles >> i & 1, self.ghost >> i & 1, self.fresh >> i & 1,
               self.clickable)
        return CELLS(key, lambda: self.draw_cell(i, ch))

    def draw_cell(self, i, ch):
        x, y = corner(i)
        filled, single, act = ch != R.EMPTY, self.singles >> i & 1, self.clickable
        classes = "alv-cell " + ("filled" if filled else "empty") + (" single" if single else "")
        inner = [box(x, y, CELL, data_cell=str(i), data_spot=f"cell:{i}" if self.main else None,
                     fill=FILLS[int(ch)] if filled else None, data_act=act or None,
                     data_arg=str(i) if act else None, class_=classes)]
        if filled:
            inner.append(symbol(int(ch), x, y))
        elif single and not self.ghost >> i & 1:
            inner.append(h("circle", {"cx": str(x + CELL // 2), "cy": str(y + CELL // 2), "r": "4",
                                      "class_": "alv-dot"}))
        fresh = self.fresh >> i & 1
        return h("g", {"id": f"{self.mid}-{i}", "data_fx": "drop" if fresh else None,
                       "class_": "alv-c fresh" if fresh else "alv-c"}, inner)

    def ghost_svg(self):
        """The preview: translucent, its outline dashed (a drawn piece is solid, with a plain
        border); hollow with crosses where it may not go."""
        parts = []
        for i in B.cells_of(self.ghost):
            x, y = corner(i)
            if self.ghost_ok:
                parts.append(box(x, y, CELL, fill=FILLS[self.who], class_="alv-ghost"))
                parts.append(symbol(self.who, x, y, cls="sym ghost-sym"))
            else:
                parts.append(box(x, y, CELL, class_="alv-ghost bad"))
                parts.append(h("path", {"d": f"M{x + 10} {y + 10}L{x + 30} {y + 30}M{x + 30} {y + 10}L{x + 10} {y + 30}",
                                        "class_": "alv-bad-x"}))
        parts.append(h("path", {"d": segments_path(B.outline(self.ghost)),
                                "class_": "alv-ghost-line" + ("" if self.ghost_ok else " bad")}))
        return h("g", {"class_": "alv-preview-piece", "id": f"{self.mid}-ghost"}, parts)

    @staticmethod
    def tick(a, b):
        ra, ca = divmod(a, B.SIZE)
        rb, cb = divmod(b, B.SIZE)
        if ra == rb:       # a vertical edge between two cells of a row
            d = f"M{max(ca, cb) * CELL} {ra * CELL + 9}V{ra * CELL + 31}"
        else:
            d = f"M{ca * CELL + 9} {max(ra, rb) * CELL}H{ca * CELL + 31}"
        return h("path", {"d": d, "class_": "alv-tick"})


# --- the piece being placed ------------------------------------------------------------------------
def anchor_of(shape):
    """The cell of a shape nearest its middle: it stays put when the piece turns, and it is the
    cell under the pointer."""
    n = len(shape)
    cr = sum(r for r, _ in shape) / n
    cc = sum(c for _, c in shape) / n
    return min(shape, key=lambda rc: ((rc[0] - cr) ** 2 + (rc[1] - cc) ** 2, rc))


def turns_of(piece):
    """The piece's distinct orientations as (rot, flip), in the order ``next_fit`` takes them."""
    turns = {}          # shape -> the first (rot, flip) that makes it
    for flip in (0, 1):
        for rot in range(4):
            turns.setdefault(B.shape(piece, rot, flip), (rot, flip))
    return list(turns.values())


class Draft:
    """The viewer's piece in hand: which piece, how it is turned, where it is (kept in ``sel``,
    a ``Choice``: ``piece``, ``rot``, ``flip``, ``at`` = the map cell [row, col] of the piece's
    middle cell, ``pinned`` once a click, a drag or a key placed it: then it no longer follows
    the pointer)."""

    def __init__(self, view, sel):
        self.view = view
        self.sel = sel
        todo = view["todo"]
        if sel.piece not in todo:
            sel.piece = todo[0] if todo else None
            sel.unplace()
        self.piece = sel.piece
        self.rot = sel.rot % 4
        self.flip = sel.flip % 2
        self.filled = R.filled_mask(view["sheet"]["cells"])
        if self.piece is not None and sel.at is None:
            self.start()

    def shape(self, rot=None, flip=None):
        return B.shape(self.piece, self.rot if rot is None else rot, self.flip if flip is None else flip)

    def origin(self, r, c, shape=None):
        """The top-left corner for the middle cell at (r, c), kept on the map."""
        shape = shape or self.shape()
        ar, ac = anchor_of(shape)
        hh = max(x for x, _ in shape) + 1
        ww = max(y for _, y in shape) + 1
        return min(max(r - ar, 0), B.SIZE - hh), min(max(c - ac, 0), B.SIZE - ww)

    def set_at(self, r, c):
        shape = self.shape()
        top, left = self.origin(r, c, shape)
        ar, ac = anchor_of(shape)
        self.sel.at, self.sel.rot, self.sel.flip = [top + ar, left + ac], self.rot, self.flip

    def mask(self):
        top, left = self.origin(*self.sel.at)
        return B.place(self.shape(), top, left)

    def move(self):
        return {"piece": self.piece, "cells": B.cells_of(self.mask())}

    def legal(self, mask):
        return self.problem(mask) is None

    def problem(self, mask=None):
        """The engine's reason (a string key) why the piece may not be drawn here, or None."""
        v = self.view
        move = {"piece": self.piece, "cells": B.cells_of(self.mask() if mask is None else mask)}
        try:
            R.drawing_mask(v["phase"], v["round"], v["todo"], self.filled, move, B.mask_of(v["start"]))
        except IllegalMove as e:
            return e.key
        return None

    def exact(self, cell, rot, flip):
        """The placement with the middle cell on ``cell`` as turned, if it lies on the map."""
        shape = B.shape(self.piece, rot, flip)
        ar, ac = anchor_of(shape)
        return B.place(shape, cell // B.SIZE - ar, cell % B.SIZE - ac)

    def fit(self, tries):
        """The piece to the first of ``tries`` ((cell, rot, flip): its middle cell on that cell,
        so turned) where it may be drawn; False if there is none (it stays put)."""
        for cell, rot, flip in tries:
            m = self.exact(cell, rot, flip)
            if m is not None and self.legal(m):
                self.rot, self.flip = rot, flip
                self.set_at(*divmod(cell, B.SIZE))
                return True
        return False

    def start(self):
        """Where a new piece appears: a place where it fits, as near the middle of the map as
        can be (as it is turned if it fits so anywhere, else turned as it fits)."""
        mid = B.SIZE // 2
        order = sorted(range(B.CELLS), key=lambda i: (abs(i // B.SIZE - mid) + abs(i % B.SIZE - mid), i))
        turns = [(self.rot, self.flip)] + turns_of(self.piece)
        if not self.fit((i, rot, flip) for rot, flip in turns for i in order):
            self.set_at(mid, mid)

    def turn(self, rot=0, flip=0):
        """Turn (a quarter clockwise per ``rot``) or flip about the middle cell."""
        self.flip = (self.flip + flip) % 2
        self.rot = (self.rot + rot) % 4
        self.set_at(*self.sel.at)

    def next_fit(self):
        """The next place where the piece may be drawn: every turn and flip at each cell (in
        reading order of the middle cell), then the next cell; round to the start. Stays
        put if there is none."""
        turns = turns_of(self.piece)
        shape = self.shape()
        k0 = next(k for k, (rot, flip) in enumerate(turns) if B.shape(self.piece, rot, flip) == shape)
        r, c = self.sel.at
        here = (r * B.SIZE + c) * len(turns) + k0
        total = B.CELLS * len(turns)
        spots = (divmod((here + step) % total, len(turns)) for step in range(1, total + 1))
        return self.fit((cell, *turns[k]) for cell, k in spots)

    def shift(self, dr, dc):
        r, c = self.sel.at
        self.set_at(r + dr, c + dc)


class AlluviumUI(GameUI):
    game_id = "alluvium"

    def confirms(self, view, move, ctx):
        """Its own flow confirms its moves (the piece is a preview drawn by a second tap or click already):
        the session asks nothing more."""
        return False

    def default_setup(self):
        return {"players": 4, "kind0": "human", "kind1": "strong", "kind2": "normal", "kind3": "normal",
                "kind4": "normal"}

    def opened(self, app):
        pointer.install(app)

    def selection(self, old=None, seat=None):
        return Choice()

    # --- board -----------------------------------------------------------------------------------
    def board(self, view, sel, ctx):
        if view["phase"] == "over":
            return self.final_steps(view, sel, ctx)
        if ctx.pause is not None:
            return self.paused(view, ctx)
        if view["sheet"] is None:
            return self.all_sheets(view, ctx)
        sheet = view["sheet"]
        acting = ctx.viewer is not None and ctx.viewer in view["to_move"]
        pic = MapPic(sheet["cells"], self.map_label(view, ctx, sheet), view["start"])
        pic.fresh = self.fresh_cells(view, ctx, sheet["owner"])
        pic.news = self.news_mask(view, ctx)
        pic.rect = B.largest_rectangle(R.filled_mask(sheet["cells"]))[1]
        effect = None
        if acting:
            same_sheet(view, sel)
            pic.clickable = "alv-at"
            pic.pointer = True
            if sel.mode == "cell" and self.singles(view):
                effect = self.cell_effect(view, sel, pic)
            else:
                sel.mode = "piece"
                draft = Draft(view, sel)
                pic.ghost = draft.mask()
                pic.who = view["virtual"] if view["phase"] == "virtual" else ctx.viewer
                effect = self.effect(view, draft.move())
            pic.ghost_ok = "error" not in effect
            if pic.ghost_ok:
                pic.ticks, pic.rect, pic.rect_new = effect["edges"], effect["rect"], True
        parts = [self.sheet_part(view, ctx, sheet, pic),
                 self.hand_part(view, sel, ctx, effect, acting),
                 self.players_part(view, ctx, sheet)]
        return h("div", {"class_": "alv-board"}, parts)

    def map_label(self, view, ctx, sheet):
        label = ctx.t("alluvium.map_label", whose=whose_map(ctx, sheet["owner"]),
                      summary=map_summary(ctx, view, sheet["cells"]))
        if view["round"] == 1 and view["phase"] == "own":
            label += " " + ctx.t("alluvium.start_label", squares=squares(ctx.t, view["start"]))
        return label

    @staticmethod
    def singles(view):
        others = view["phase"] == "others"
        return B.single_cells(R.filled_mask(view["sheet"]["cells"])) if others else 0

    @staticmethod
    def fresh_cells(view, ctx, owner):
        """Cells the latest move drew on this sheet (they drop into place)."""
        if ctx.fresh_from is None:
            return 0
        mask = 0
        for e in view["log"][ctx.fresh_from:]:
            if e["e"] == "place" and e["owner"] == owner and e["cells"] is not None:
                mask |= B.mask_of(e["cells"])
            elif e["e"] == "cell" and e["owner"] == owner and e["cell"] is not None:
                mask |= 1 << e["cell"]
        return mask

    @staticmethod
    def acted_since_return(view, ctx):
        """Whether the viewer has drawn (or passed) since the last round was scored."""
        for e in reversed(view["log"]):
            if e["e"] == "score":
                return False
            if e["e"] in ("place", "cell", "pass") and e.get("seat") == ctx.viewer:
                return True
        return False

    def news(self, view, ctx):
        """[(seat, mask)]: what each other player drew on the viewer's map while it was away,
        shown until the viewer acts."""
        if not view.get("returned") or self.acted_since_return(view, ctx):
            return []
        out = {}
        for item in view["returned"]:
            out[item["seat"]] = out.get(item["seat"], 0) | B.mask_of(item["cells"])
        return sorted(out.items())

    def news_mask(self, view, ctx):
        mask = 0
        for _, m in self.news(view, ctx):
            mask |= m
        return mask

    def news_line(self, view, ctx):
        items = self.news(view, ctx)
        if not items:
            return None
        t = ctx.t
        parts = [t("alluvium.news_who", name=ctx.name(s), n=m.bit_count()) for s, m in items]
        return h("p", {"class_": "alv-news", "id": "alv-news"},
                 h("span", {"class_": "alv-news-mark", "aria_hidden": "true"}, "◥"), " ",
                 ja(ctx, t("alluvium.news", drawings=joined(t, parts))))

    @staticmethod
    def effect(view, move):
        """The preview of ``move`` in numbers (``rules.preview``), or {"error": key}."""
        try:
            return R.preview(view, move)
        except IllegalMove as e:
            return {"error": e.key}

    def cell_effect(self, view, sel, pic):
        singles = self.singles(view)
        cursor = sel.cursor
        if cursor is None or not 0 <= cursor < B.CELLS:
            cursor = sel.cursor = B.cells_of(singles)[0]
        pic.singles, pic.cursor = singles, cursor
        return dict(self.effect(view, {"cell": cursor}), cell=cursor)

    # --- the three regions --------------------------------------------------------------------------
    def sheet_part(self, view, ctx, sheet, pic, title=None):
        t = ctx.t
        owner = sheet["owner"]
        heading = [swatch(owner, 20), " ", whose_map(ctx, owner), " ", SYMBOLS[owner]]
        info = [h("span", {"class_": "alv-stage"}, title or self.stage(view, ctx))]
        me = ctx.viewer
        if me is not None and ctx.pause is None and view["todo"]:
            who = view["virtual"] if view["phase"] == "virtual" else me
            key = "alluvium.virtual_card" if view["phase"] == "virtual" else "alluvium.your_card"
            info.append(h("span", {"class_": "alv-open-card", "data_spot": "card"}, t(key), " ",
                          [h("span", {"class_": "alv-card done" if done else "alv-card"},
                             piece_svg(p, who, 9), " ", piece_name(t, p),
                             # struck through; the word is heard (shown, the line would wrap)
                             h("span", {"class_": "offscreen"}, " ", t("alluvium.drawn")) if done else None)
                           for p, done in hand_pieces(view)]))
        return h("section", {"class_": "alv-sheet", "data_region": "table", "aria_labelledby": "alv-sheet-title"},
                 h("div", {"class_": "alv-sheet-head"},
                   h("h2", {"id": "alv-sheet-title"}, heading),
                   h("p", {"class_": "alv-info"}, info)),
                 h("div", {"class_": "alv-mapbox"}, pic.svg()),
                 self.news_line(view, ctx))

    def stage(self, view, ctx):
        t = ctx.t
        base = t("alluvium.round_of", round=view["round"], rounds=view["rounds"])
        if view["phase"] == "others":
            return f"{base} · {t('alluvium.pass_of', step=view['step'], steps=view['players'] - 1)}"
        return f"{base} · {t('alluvium.phase_' + view['phase'])}"     # own, virtual

    def hand_part(self, view, sel, ctx, effect, acting):
        t = ctx.t
        if acting:
            # one hint, for the input at hand: never "click" on a touch screen
            mouse = "alluvium.hint" if ctx.confirm else "alluvium.hint_direct"
            parts = [self.controls(view, sel, ctx, effect),
                     h("p", {"class_": "alv-preview", "id": "alv-preview", "aria_live": "polite",
                             "data_spot": "preview"}, self.effect_words(view, sel, ctx, effect)),
                     h("p", {"class_": "alv-hint"},
                       h("span", {"class_": "alv-hint-touch" if ctx.touch else "alv-hint-mouse"},
                         ja(ctx, t("alluvium.hint_touch" if ctx.touch else mouse))))]
        else:
            waiting = [ctx.name(s) for s in view["to_move"]]
            text = (t("alluvium.still_drawing", names=t("list.sep").join(waiting)) if waiting
                    else t("alluvium.nothing_to_do"))
            parts = h("p", {"class_": "alv-waiting"}, ja(ctx, text))
        return h("section", {"class_": "alv-hand", "data_region": "hand", "aria_label": t("alluvium.hand")}, parts)

    def effect_words(self, view, sel, ctx, effect):
        """What the drawing would do, in words (the map shows the same)."""
        t = ctx.t
        if effect is None:
            return ""
        if sel.mode == "cell":
            head = t("alluvium.preview.cell", where=where(t, effect["cell"]))
        else:
            d = Draft(view, sel)
            r, c = sel.at
            head = t("alluvium.preview.place", piece=piece_name(t, d.piece), where=where(t, r * B.SIZE + c),
                     turn=t("alluvium.turn", deg=d.rot * 90), flip=t("alluvium.flipped") if d.flip else "")
        if "error" in effect:
            return [h("strong", {"class_": "alv-no"}, t("alluvium.preview.no")), " ",
                    ja(ctx, t(effect["error"])), " ", h("span", {"class_": "alv-where"}, head)]
        words = []
        owner = view["sheet"]["owner"]       # the viewer's own but in the others' phase
        if view["phase"] == "others":
            after = dict(view["sheet"], ticks=list(view["sheet"]["ticks"]))
            after["ticks"][ctx.viewer] += effect["ticks"]
            words.append(t("alluvium.preview.ticks", n=effect["ticks"],
                           rank=rank_word(t, sheet_ranks(after), ctx.viewer)))
        elif view["phase"] == "virtual":
            words.append(t("alluvium.preview.virtual_ticks", n=effect["ticks"]))
        areas = {"before": effect["area_before"], "after": effect["area"]}
        words.append(t("alluvium.preview.rect_own", **areas) if ctx.is_you(owner) else
                     t("alluvium.preview.rect_owner", name=ctx.name(owner), **areas))
        return [h("strong", {"class_": "alv-yes"}, t("alluvium.preview.ok")), " ",
                ja(ctx, " ".join(words)), " ", h("span", {"class_": "alv-where"}, head)]

    def controls(self, view, sel, ctx, effect=None):
        t = ctx.t
        piece_mode = sel.mode != "cell"
        rows = []
        if piece_mode:
            pieces = hand_pieces(view)
            if len(pieces) > 1:         # round 1: both stay (the drawn one disabled): nothing moves
                who = view["virtual"] if view["phase"] == "virtual" else ctx.viewer
                rows.append(h("div", {"class_": "alv-pieces", "role": "group", "aria_label": t("alluvium.choose_piece"),
                                     "data_spot": "pieces"},
                              [h("button", {"type": "button", "class_": "button alv-pick", "data_act": "alv-piece",
                                            "data_arg": p, "disabled": done,
                                            "aria_pressed": "true" if sel.piece == p else "false"},
                                 piece_svg(p, who, 9), " ", piece_name(t, p),
                                 h("span", {"class_": "alv-done"}, " ", t("alluvium.drawn")) if done else None)
                               for p, done in pieces]))

        def button(id_, label, key, icon=None, cls="button", disabled=False):
            """A button (its id is its action) with its word (a shorter one where the stage is
            narrow: each is the button's name while it shows) and its key."""
            return h("button", {"type": "button", "class_": cls, "id": id_, "data_act": id_,
                                "data_arg": "", "aria_keyshortcuts": key,
                                "data_spot": "button:" + id_[4:], "disabled": disabled},
                     h("span", {"class_": "alv-icon", "aria_hidden": "true"}, icon) if icon else None,
                     h("span", {"class_": "alv-long"}, t(label)), h("span", {"class_": "alv-short"}, t(label + "_short")),
                     h("kbd", {"class_": "alv-key"}, key if len(key) == 1 else "↵"))

        # the piece's buttons stay (disabled) while one cell is chosen: the pad keeps its rows,
        # so the map above it keeps its size and place when B switches (on a phone the pad
        # was a row shorter and the map grew 49 px between two taps of one turn; issue 26)
        pad = [button("alv-rot", "alluvium.rotate", "R", "↻", disabled=not piece_mode),
               button("alv-flip", "alluvium.flip", "F", "⇋", disabled=not piece_mode),
               button("alv-next", "alluvium.next_fit", "N", "⤳", disabled=not piece_mode)]
        if self.singles(view):
            mode = "alluvium.mode.cell" if piece_mode else "alluvium.mode.piece"
            pad.append(button("alv-mode", mode, "B"))
        draw = button("alv-draw", "alluvium.draw" if piece_mode else "alluvium.fill", "Enter", "✓",
                      "button primary alv-draw")
        if effect is not None and "error" in effect:     # disabled, with the reason (the preview says it)
            draw.attrs.update(disabled=True, title=t(effect["error"]), aria_describedby="alv-preview")
        pad.append(draw)
        rows.append(h("div", {"class_": "alv-pad", "role": "group", "aria_label": t("alluvium.move_piece")}, pad))
        return h("div", {"class_": "alv-controls"}, rows)

    def players_part(self, view, ctx, sheet, areas_now=None):
        """The others in the order the sheets pass (the next to receive first), each with their
        colour and symbol, their ticks on this sheet, their open card and their area bonuses."""
        t = ctx.t
        n = view["players"]
        me = ctx.viewer
        d = view["dir"] if ctx.pause is None else -view["dir"]     # the round that ended: as it was
        if me is not None:      # you first (your ticks on this sheet, ranked with everyone's)
            ring = [(me + k * d) % n for k in range(n)]
            head = t("alluvium.passing", direction=direction_word(t, d), to=ctx.name(ring[1]),
                     frm=ctx.name(ring[-1]))
        else:
            ring = list(range(n))
            head = t("alluvium.passing_all", direction=direction_word(t, d))
        if view["virtual"] is not None:
            ring.append(view["virtual"])
        rows = []
        standing = sheet_ranks(sheet) if sheet is not None else {}
        r = view["round"] if ctx.pause is None else ctx.pause["round"]
        for p in ring:
            bits = []
            if sheet is not None:
                if p == sheet["owner"]:
                    bits.append(h("span", {"class_": "alv-owner"}, t("alluvium.owner")))
                else:
                    bits.append(h("span", {"class_": "alv-pticks", "data_spot": f"ticks:{p}"},
                                  t("alluvium.ticks_rank", n=sheet["ticks"][p],
                                    rank=rank_word(t, standing, p, short=True))))
            if areas_now is not None and p < n:
                bits.append(h("span", {"class_": "alv-parea"}, t("alluvium.area_now", n=areas_now[p])))
            if len(view["piles"][p]) >= r:
                card = view["piles"][p][r - 1]
                bits.append(h("span", {"class_": "alv-pcard"}, piece_svg(card, p, 7), " ", card,
                              h("span", {"class_": "offscreen"}, " ", piece_name(t, card))))
            if p < n:
                bits.append(h("span", {"class_": "alv-psum"}, t("alluvium.area_sum", n=sum(view["areas"][p]))))
            rows.append(h("li", {"class_": "alv-player you" if p == me else "alv-player"},
                          h("span", {"class_": "alv-pname"}, swatch(p, 18), " ",
                            h("span", {"class_": "alv-pn", "title": who_name(ctx, view, p)}, who_name(ctx, view, p))),
                          h("span", {"class_": "alv-pbits"}, bits)))
        return h("section", {"class_": "alv-players", "data_region": "players", "aria_labelledby": "alv-players-title",
                             "data_spot": "players"},
                 h("h3", {"id": "alv-players-title"}, h("span", {"aria_hidden": "true"}, "↻ " if d == R.CLOCKWISE else "↺ "),
                   ja(ctx, head)),
                 h("ol", {"class_": "alv-ring"}, rows))

    # --- the round that ended (behind its summary) ---------------------------------------------------
    def paused(self, view, ctx):
        """The round that ended: the viewer's map as scored, its rectangle, what the others drew
        on it, everyone's area bonus; nothing of the next round's deal."""
        e = ctx.pause
        t = ctx.t
        title = t("alluvium.round_done", round=e["round"])
        me = ctx.viewer
        sheet = view["sheet"] if me is not None and view["sheet"] and view["sheet"]["owner"] == me else None
        players = self.players_part(view, ctx, sheet, areas_now=e["areas"])
        if sheet is None:        # a replay showing everything: every map as scored
            rects = e.get("rects") or []
            table = self.sheets_part(view, ctx, title, lambda o: tuple(rects[o])
                                     if o < len(rects) and rects[o] else None)
            cls = "alv-board alv-spectator" if view.get("sheets") else "alv-board"
            return h("div", {"class_": cls}, table, players)
        pic = MapPic(sheet["cells"], self.map_label(view, ctx, sheet), view["start"])
        pic.rect = tuple(e["rects"][me]) if e["rects"][me] else None
        pic.news = self.news_mask(view, ctx)
        area = t("alluvium.your_area", round=e["round"], n=e["areas"][me])
        hand = h("section", {"class_": "alv-hand", "data_region": "hand",
                             "aria_label": t("alluvium.hand")},
                 h("p", {"class_": "alv-waiting"}, area))
        return h("div", {"class_": "alv-board"}, self.sheet_part(view, ctx, sheet, pic, title),
                 hand, players)

    # --- no sheet in front of the viewer -------------------------------------------------------------
    def all_sheets(self, view, ctx):
        """A spectator's table: every sheet if the view shows them (a replay: ``reveal``), else
        the players and their area bonuses."""
        def largest(o):
            return B.largest_rectangle(R.filled_mask(view["sheets"][o]["cells"]))[1]

        return h("div", {"class_": "alv-board alv-spectator"},
                 self.sheets_part(view, ctx, self.stage(view, ctx), largest),
                 self.players_part(view, ctx, None))

    def sheets_part(self, view, ctx, title, rect_of):
        """Every sheet side by side (``view["sheets"]``), each with the rectangle ``rect_of(owner)``
        outlined and, in round 1's first phase, its private hand card named; only the title if
        the view shows no sheet."""
        if not view.get("sheets"):
            return h("section", {"class_": "alv-sheet", "data_region": "table"}, h("h2", {}, title))
        t = ctx.t
        maps = []
        for sheet in view["sheets"]:
            o = sheet["owner"]
            pic = MapPic(sheet["cells"], self.map_label(view, ctx, sheet), view["start"], mid=f"alv-all-{o}")
            pic.rect = rect_of(o)
            hand = view["hands"][o] if o < len(view["hands"]) else None
            hand_note = (h("p", {"class_": "alv-hand-card"}, t("alluvium.hand_card", piece=piece_name(t, hand)))
                         if hand and view["round"] == 1 and view["phase"] == "own" and ctx.pause is None else None)
            maps.append(h("section", {"class_": "alv-mini", "aria_labelledby": f"alv-mini-{o}"},
                          h("h3", {"id": f"alv-mini-{o}"}, swatch(o, 16), " ", whose_map(ctx, o)),
                          h("div", {"class_": "alv-mapbox"}, pic.svg()), hand_note))
        return h("section", {"class_": "alv-sheets", "data_region": "table", "aria_labelledby": "alv-sheets-title"},
                 h("h2", {"id": "alv-sheets-title"}, title),
                 h("div", {"class_": "alv-minis"}, maps))

    # --- prompt and input --------------------------------------------------------------------------
    def prompt(self, view, sel, ctx):
        t = ctx.t
        todo = view["todo"]
        names = t("list.sep").join(piece_name(t, p) for p in dict.fromkeys(todo))
        if view["phase"] == "own" and view["round"] == 1:
            # short: it stays one line at 1280 px when Take back comes beside it
            key = "alluvium.prompt.start" if len(todo) > 1 else "alluvium.prompt.start_last"
            pieces = joined(t, [piece_name(t, p) for p in dict.fromkeys(todo)])
            return ja(ctx, t(key, pieces=pieces))
        if view["phase"] == "others":
            whose = whose_map(ctx, view["sheet"]["owner"])
            return ja(ctx, t("alluvium.prompt.others", whose=whose, piece=names))
        return ja(ctx, t(f"alluvium.prompt.{view['phase']}", piece=names))     # own, virtual

    @action("alv-step")
    def final_step(self, arg, view, sel, ctx):
        """The final scoring's step ``arg`` (0: the area bonuses, then a sheet each)."""
        sel.final = int(arg) if arg.isdigit() else 0
        ctx.focus = "alv-final-title"

    @action("alv-all")
    def final_all(self, arg, view, sel, ctx):
        """Every step of the final scoring at once."""
        sel.final = "all"

    @action(POINTER_ACT, "alv-mode", "alv-draw", "alv-at", "alv-rot", "alv-flip", "alv-next", "alv-move",
            "alv-piece", "alv-reset")
    def drawing(self, arg, view, sel, ctx):
        """The piece in hand (or action B's cell) and its drawing: ``ctx.acted`` says which
        control, key or pointer event."""
        action = ctx.acted
        # (not same_sheet: input aimed at an earlier sheet, a guest's new view)
        if ctx.viewer not in view["to_move"] or view["sheet"] is None or not same_sheet(view, sel):
            return None
        if action == POINTER_ACT:
            return self.pointer(arg, view, sel)
        dragged, sel.dragged = sel.dragged, False
        if action == "alv-mode":
            if self.singles(view):
                sel.mode = "piece" if sel.mode == "cell" else "cell"
                sel.cursor_pinned = False
                ctx.focus = "alv-mode"
            return None
        if sel.mode == "cell":
            return self.checked(self.act_cell(action, arg, sel), view, ctx)
        draft = Draft(view, sel)
        if action == "alv-draw":
            return self.checked(draft.move(), view, ctx)
        if action == "alv-at" and arg.isdigit():
            return None if dragged else self.checked(self.click(int(arg), view, sel, draft, ctx), view, ctx)
        if action == "alv-rot":
            draft.turn(rot=1)
        elif action == "alv-flip":
            draft.turn(flip=1)
        elif action == "alv-next":
            draft.next_fit()
            self.pin(sel)
        elif action == "alv-move" and arg in MOVES:
            draft.shift(*MOVES[arg])
            self.pin(sel)
        elif action == "alv-piece":
            todo = list(dict.fromkeys(view["todo"]))
            if arg == "next":           # P: the other piece of round 1
                arg = todo[(todo.index(draft.piece) + 1) % len(todo)]
            if arg in todo and arg != draft.piece:
                sel.piece = arg
                sel.unplace()
        elif action == "alv-reset":
            sel.unplace()
        return None

    def checked(self, move, view, ctx):
        """``move`` if the viewer's own view shows it may be drawn, else None with the reason as
        the refusal (a guest never sends a move its view already shows to be illegal). In a
        lesson the move goes on: the lesson's hint says what to do instead."""
        if move is None or ctx.lesson:
            return move
        error = self.effect(view, move).get("error")
        if error is not None:
            ctx.error = ctx.t(error)
            return None
        return move

    @staticmethod
    def pin(sel):
        """The piece stays where it is now (it no longer follows the pointer)."""
        sel.pinned, sel.home = True, None

    def click(self, cell, view, sel, draft, ctx):
        """A click or tap on a cell: the first places the piece there (its middle cell on that
        cell), a second one on the piece where it was placed draws it. With moves not confirmed
        (Settings; a mouse by default), a click on the piece that followed the pointer draws it
        at once where it fits: the hover preview already showed what it does. A click that ends
        a drag does nothing more."""
        press, sel.press = sel.press, None
        if press is not None and press["cell"] == cell:
            on_piece = press["hit"] or (press.get("hover") and not ctx.confirm and draft.legal(draft.mask()))
        else:
            on_piece = sel.pinned and bool(draft.mask() >> cell & 1)
        if on_piece:
            return draft.move()
        if not draft.mask() >> cell & 1:
            draft.set_at(cell // B.SIZE, cell % B.SIZE)
        self.pin(sel)
        return None

    def pointer(self, arg, view, sel):
        """Pointer events on the map (``pointer.py``): ``over:<cell>`` (a mouse moving, no button
        down: the piece follows until placed), ``down:<cell>``, ``drag:<cell>`` and ``up:<cell>``
        (a press and a drag: the piece moves with the pointer, keeping where it was held),
        ``wheel:<cell>:<±1>`` and ``menu:<cell>`` (turn). ``<cell>`` is empty off the map."""
        kind, _, rest = arg.partition(":")
        cell_s, _, step = rest.partition(":")
        cell = int(cell_s) if cell_s.isdigit() and int(cell_s) < B.CELLS else None
        if sel.mode == "cell":
            if kind == "over" and cell is not None and not sel.cursor_pinned:
                sel.cursor = cell
            return None
        draft = Draft(view, sel)
        if kind == "over":
            if sel.pinned:
                return None
            if cell is None and sel.home is not None:      # it left the map: back where it rested
                (r, c), sel.home = sel.home, None
                draft.set_at(r, c)
            elif cell is not None:
                sel.home = sel.home or list(sel.at)
                draft.set_at(cell // B.SIZE, cell % B.SIZE)
        elif kind == "down":
            sel.dragged = False
            if cell is None:
                return None
            hit = bool(draft.mask() >> cell & 1)
            # ``hover``: pressed on the piece as it followed the pointer (its preview was shown)
            sel.press = {"cell": cell, "hit": hit and sel.pinned,
                         "hover": hit and not sel.pinned and sel.home is not None}
            r, c = sel.at
            if hit:
                sel.grab = [cell // B.SIZE - r, cell % B.SIZE - c]
            else:
                sel.grab = [0, 0]
                draft.set_at(cell // B.SIZE, cell % B.SIZE)
        elif kind == "drag":
            grab = sel.grab
            if grab is not None and cell is not None:
                draft.set_at(cell // B.SIZE - grab[0], cell % B.SIZE - grab[1])
                if cell != (sel.press or {}).get("cell"):
                    sel.moved = True
        elif kind == "up":
            sel.grab = None
            moved, sel.moved = sel.moved, False
            if moved:
                self.pin(sel)
                sel.dragged = True
                sel.press = None
        elif kind in ("wheel", "menu"):
            if cell is not None and not sel.pinned:
                draft.set_at(cell // B.SIZE, cell % B.SIZE)
            draft.turn(rot=-1 if step == "-1" else 1)
        return None

    @staticmethod
    def act_cell(action, arg, sel):
        """Action B: a click picks a cell (a second click on it fills it); arrows move the cursor."""
        if action == "alv-at" and arg.isdigit():
            if sel.cursor == int(arg) and sel.cursor_pinned:
                return {"cell": int(arg)}
            sel.cursor = int(arg)
            sel.cursor_pinned = True
        elif action == "alv-move" and arg in MOVES:
            r, c = divmod(B.CELLS // 2 if sel.cursor is None else sel.cursor, B.SIZE)
            dr, dc = MOVES[arg]
            sel.cursor = min(max(r + dr, 0), B.SIZE - 1) * B.SIZE + min(max(c + dc, 0), B.SIZE - 1)
            sel.cursor_pinned = True
        elif action == "alv-draw" and sel.cursor is not None:
            return {"cell": sel.cursor}
        elif action == "alv-reset":
            sel.mode = "piece"
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
        me = ctx.viewer
        if kind == "round":
            text = t("alluvium.log.round", round=e["round"], direction=direction_word(t, e["dir"]))
            if me is not None:
                text += " " + t("alluvium.log.open", piece=piece_name(t, e["open"][me]))
            return text
        if kind == "virtual":
            return t("alluvium.log.virtual", piece=piece_name(t, e["piece"]))
        if kind == "discard":
            hands = [t("alluvium.hand_of", name=ctx.name(s), piece=piece_name(t, p))
                     for s, p in enumerate(e["hands"]) if p and s != me]
            return t("alluvium.log.discard", hands=t("list.sep").join(hands)) if hands else None
        if kind == "pass_sheets":
            if me is None:
                return t("alluvium.log.pass_sheets", step=e["step"])
            owner = (me - e["step"] * e["dir"]) % len(ctx.names)
            return t("alluvium.log.pass_sheets_you", step=e["step"], whose=whose_in(ctx, owner))
        if kind == "place" and e["seat"] == me and e["cells"] is not None:
            said = {"piece": piece_name(t, e["piece"]), "where": where(t, e["cells"][0])}
            if e["owner"] != e["seat"]:
                return t("alluvium.log.place_other", whose=whose_in(ctx, e["owner"]), n=e["ticks"],
                         **said)
            if e["who"] != e["seat"]:
                return t("alluvium.log.place_virtual", n=e["ticks"], **said)
            return t("alluvium.log.place_own", **said)
        if kind == "place":
            whose = self.their_map(ctx, e)
            if e["who"] != e["seat"]:
                return ctx.say("alluvium.log.other_virtual", e["seat"])
            if e.get("piece"):
                return ctx.say("alluvium.log.other_piece", e["seat"], piece=piece_name(t, e["piece"]), whose=whose)
            return ctx.say("alluvium.log.other_drew", e["seat"], whose=whose)
        if kind == "cell" and e["seat"] == me and e["cell"] is not None:
            return t("alluvium.log.cell", where=where(t, e["cell"]), whose=whose_in(ctx, e["owner"]), n=e["ticks"])
        if kind == "cell":
            return ctx.say("alluvium.log.other_cell", e["seat"], whose=self.their_map(ctx, e))
        if kind == "pass":
            return ctx.say("alluvium.log.pass", e["seat"], whose=whose_in(ctx, e["owner"]))
        if kind == "score":
            parts = t("list.sep").join(f"{ctx.name(s)} {a}" for s, a in enumerate(e["areas"]))
            return t("alluvium.log.score", round=e["round"], areas=parts)
        if kind == "end":
            return t("alluvium.log.end", names=t("list.sep").join(ctx.name(s) for s in e["winners"]))
        return None

    @staticmethod
    def their_map(ctx, e):
        if e["owner"] == e["seat"]:
            # "You drew … on your map" (English only: 「自分のマップ」 says it for everyone)
            return ctx.say("alluvium.own_map", e["seat"])
        return whose_in(ctx, e["owner"])

    def ends_round(self, event):
        return event["e"] == "score"

    def round_heading(self, e, ctx):
        areas = e["areas"]
        best = max(areas)
        tops = [s for s, a in enumerate(areas) if a == best]
        if len(tops) == 1:
            return ctx.say("alluvium.round_best", tops[0], round=e["round"], n=best)
        return ctx.t("alluvium.round_best_shared", names=joined(ctx.t, [ctx.name(s) for s in tops]),
                     round=e["round"], n=best)

    def round_summary(self, e, ctx):
        t = ctx.t
        rows = [h("li", {"class_": "alv-round-row"},
                  h("span", {"class_": "alv-rn"}, swatch(s, 18), " ", ctx.name(s), " ", SYMBOLS[s]),
                  h("span", {"class_": "alv-rv"}, t("alluvium.area_points", n=e["areas"][s])))
                for s in sorted(range(len(e["areas"])), key=lambda s: (-e["areas"][s], s))]
        parts = [h("p", {}, ja(ctx, t("alluvium.round_areas", round=e["round"]))),
                 h("ol", {"class_": "alv-round-areas"}, rows)]
        me = ctx.viewer
        if me is not None and e["rects"][me] is not None:
            top, left, hh, ww = e["rects"][me]
            parts.append(h("p", {}, ja(ctx, t("alluvium.your_rect", n=hh * ww, h=hh, w=ww,
                                              where=where(t, top * B.SIZE + left)))))
        return h("div", {"class_": "alv-round"}, parts)

    # --- the end: scoring step by step ------------------------------------------------------------
    def final_steps(self, view, sel, ctx):
        """The final scoring, one step at a time (or all at once on request): the area bonuses,
        then each sheet's ranking and cooperation bonuses."""
        t = ctx.t
        sheets = view["result"]["sheets"]
        steps = [self.step_areas(view, ctx)] + [self.step_sheet(view, ctx, sheet) for sheet in sheets]
        title = h("h2", {"id": "alv-final-title", "tabindex": "-1"}, t("alluvium.step.title"))
        if sel.final == "all":
            return h("section", {"class_": "alv-final all", "data_region": "table", "aria_labelledby": "alv-final-title"},
                     h("div", {"class_": "alv-final-head"}, title,
                       h("button", {"type": "button", "class_": "button", "data_act": "alv-step", "data_arg": "0",
                                    "id": "alv-one"}, t("alluvium.step.one"))),
                     h("div", {"class_": "alv-steps"}, steps))
        k = sel.final
        k = min(max(k if isinstance(k, int) else 0, 0), len(steps) - 1)
        def words(key):
            return [h("span", {"class_": "alv-long"}, t(key)), h("span", {"class_": "alv-short"}, t(key + "_short"))]

        nav = [h("button", {"type": "button", "class_": "button", "data_act": "alv-step", "data_arg": str(k - 1),
                            "id": "alv-step-prev", "disabled": k == 0}, words("alluvium.step.prev")),
               h("span", {"class_": "alv-step-n"}, t("alluvium.step.n", k=k + 1, n=len(steps))),
               h("button", {"type": "button", "class_": "button primary", "data_act": "alv-step",
                            "data_arg": str(k + 1), "id": "alv-step-next", "disabled": k == len(steps) - 1},
                 words("alluvium.step.next")),
               h("button", {"type": "button", "class_": "button", "data_act": "alv-all", "id": "alv-all"},
                 words("alluvium.step.all"))]
        return h("section", {"class_": "alv-final", "data_region": "table", "aria_labelledby": "alv-final-title"},
                 h("div", {"class_": "alv-final-head"}, title, h("p", {"class_": "alv-stepnav"}, nav)),
                 h("div", {"class_": "alv-step", "id": f"alv-step-{k}"}, steps[k]))

    def step_areas(self, view, ctx):
        t = ctx.t
        rounds = range(1, view["rounds"] + 1)
        head = h("tr", {}, h("th", {"scope": "col"}, t("alluvium.player")),
                 [h("th", {"scope": "col"}, t("alluvium.round_n", n=r)) for r in rounds],
                 h("th", {"scope": "col"}, t("alluvium.sum")))
        body = [h("tr", {}, h("th", {"scope": "row", "class_": "alv-tname"}, swatch(s, 16), " ", who_name(ctx, view, s)),
                  [h("td", {}, str(a[r - 1]) if r <= len(a) else "–") for r in rounds], h("td", {}, h("b", {}, str(sum(a)))))
                for s, a in enumerate(view["areas"])]
        return h("section", {"aria_labelledby": "alv-step-areas", "class_": "alv-step-areas", "data_region": "players"},
                 h("h3", {"id": "alv-step-areas"}, t("alluvium.step.areas")),
                 h("table", {"class_": "rounds alv-table"}, h("thead", {}, head), h("tbody", {}, body)))

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
        rows = [h("tr", {}, h("td", {}, t(f"result.place.{min(row['rank'], 6)}")),
                  h("th", {"scope": "row", "class_": "alv-tname"}, swatch(row["who"], 16), " ",
                    who_name(ctx, view, row["who"])),
                  h("td", {}, str(row["ticks"])), h("td", {}, str(row["territory"])),
                  h("td", {}, h("b", {}, str(row["points"]))))
                for row in sheet["ranking"]]
        title = t("alluvium.step.sheet", whose=whose_in(ctx, o))
        pic = MapPic(cells, self.map_label(view, ctx, view["sheets"][o]), view["start"],
                     mid=f"alv-final-{o}")
        pic.highlight = best
        return h("section", {"aria_labelledby": f"alv-step-{o}-title", "class_": "alv-final-sheet"},
                 h("h3", {"id": f"alv-step-{o}-title"}, swatch(o, 18), " ", title),
                 h("div", {"class_": "alv-final-body"},
                   h("div", {"class_": "alv-mapbox"}, pic.svg()),
                   h("div", {"class_": "alv-final-side", "data_region": "players"},
                     h("table", {"class_": "rounds alv-table"},
                       h("caption", {}, t("alluvium.step.sheet_caption")),
                       h("thead", {}, h("tr", {}, [h("th", {"scope": "col"}, t(k)) for k in (
                           "alluvium.col.rank", "alluvium.player", "alluvium.col.ticks", "alluvium.col.territory",
                           "alluvium.col.points")])),
                       h("tbody", {}, rows)))))

    def score_text(self, outcome, seat, ctx):
        return ctx.t("alluvium.points", n=outcome["scores"][seat])

    def result(self, view, ctx):
        """Each player, best first: the area bonus of every round and the cooperation bonus of
        every sheet (rank, ticks, territory, points); a card each, so it fits a phone."""
        t = ctx.t
        res = view["result"]
        cards = []
        by_player = {}
        for sheet in res["sheets"]:
            for row in sheet["ranking"]:
                by_player.setdefault(row["who"], []).append((sheet["owner"], row))
        order = [s for _, s in placings(view["outcome"])]
        if view["virtual"] is not None:
            order.append(view["virtual"])
        for p in order:
            virtual = p >= view["players"]
            lines = []
            if not virtual:
                areas = view["areas"][p]
                lines.append(h("p", {"class_": "alv-sum"}, h("span", {}, t("alluvium.col.area")),
                               h("span", {}, " + ".join(str(a) for a in areas), " = ", h("b", {}, str(res["area"][p])))))
            coop = res["coop"][p] if not virtual else res["virtual_coop"]
            sheet_rows = [h("li", {}, h("span", {}, whose_map(ctx, o)),
                             h("span", {}, t("alluvium.coop_row", rank=t(f"result.place.{min(row['rank'], 6)}"),
                                             n=row["ticks"], territory=row["territory"]),
                               " → ", h("b", {}, str(row["points"]))))
                          for o, row in by_player.get(p, [])]
            lines.append(h("p", {"class_": "alv-sum"}, h("span", {}, t("alluvium.col.coop")), h("b", {}, str(coop))))
            lines.append(h("ul", {"class_": "alv-coop"}, sheet_rows))
            total = (t("alluvium.not_counted") if virtual
                     else t("alluvium.points", n=res["total"][p]))
            cards.append(h("li", {"class_": "alv-card-score" + (" virtual" if virtual else "")},
                           h("h3", {}, swatch(p, 18), " ", h("span", {"class_": "alv-pn"}, who_name(ctx, view, p)),
                             h("span", {"class_": "alv-total"}, total)),
                           lines))
        return h("div", {"class_": "alv-result"},
                 h("ol", {"class_": "alv-scores", "aria_label": t("alluvium.step.totals")}, cards),
                 h("p", {"class_": "alv-tiebreak"}, t("alluvium.tiebreak")))

    # --- the shelf ----------------------------------------------------------------------------------
    def picture(self):
        """A corner of a map: three players' pieces with their symbols, a start square, and a
        piece being placed (dashed)."""
        cells = [(0, 1, 1), (0, 2, 1), (0, 3, 1), (0, 3, 2),
                 (1, 1, 3), (1, 2, 3), (1, 1, 4), (1, 0, 4),
                 (2, 4, 2), (2, 4, 3), (2, 3, 3), (2, 4, 4), (2, 3, 4)]
        parts = [box(0, 0, 200, fill="#fffdf8")]
        for p, r, c in cells:
            parts.append(box(c * CELL, r * CELL, CELL, fill=FILLS[p]))
            parts.append(symbol(p, c * CELL, r * CELL))
        parts.append(h("path", {"d": " ".join(f"M0 {k * CELL}H200M{k * CELL} 0V200" for k in range(6)),
                                "stroke": "#b9b2a2", "stroke_width": "1.5", "fill": "none"}))
        ghost = B.mask_of([B.cell(3, 0), B.cell(4, 0), B.cell(4, 1)])
        parts += [box(*corner(i), CELL, fill=FILLS[3], fill_opacity="0.45")
                  for i in B.cells_of(ghost)]
        parts.append(h("path", {"d": segments_path(B.outline(ghost)), "fill": "none", "stroke": "#1d1f24",
                                "stroke_width": "3", "stroke_dasharray": "7 5"}))
        parts.append(box(83, 83, 34, fill="none", stroke="#1d1f24", stroke_width="3"))
        return h("svg", {"viewBox": "-2 -2 204 204", "aria_hidden": "true", "focusable": "false",
                         "class_": "alv-picture"}, parts)

    def progress(self, view, ctx):
        """"Round 2 of 4 · areas: Aki 15, Ben 9 … · your turn to draw" (the area bonuses so
        far; who still has to draw: everyone draws at once)."""
        t = ctx.t
        if view["phase"] == "over":
            return None
        parts = [t("alluvium.round_of", round=view["round"], rounds=view["rounds"])]
        if any(view["areas"]):
            areas = t("list.sep").join(f"{ctx.name(s)} {sum(a)}" for s, a in enumerate(view["areas"]))
            parts.append(t("alluvium.progress_areas", areas=areas))
        movers = view["to_move"]
        if ctx.viewer is not None and ctx.viewer in movers:
            parts.append(t("alluvium.progress_you"))
        elif movers:
            parts.append(t("alluvium.progress_wait", names=joined(t, [ctx.name(s) for s in movers])))
        return " · ".join(parts)

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
        keys = [h("li", {}, t(f"alluvium.keys.{k}")) for k in ("mouse", "touch", "arrows", "turn", "next", "draw",
                                                               "cell", "piece")]
        return h("div", {"class_": "rules"}, sections,
                 h("h3", {}, t("rules.rulings")), h("ul", {}, rulings),
                 h("h3", {}, t("alluvium.rules.versions.title")), h("ul", {}, versions),
                 h("h3", {}, t("rules.keys")), h("ul", {}, keys))


UI = AlluviumUI()
