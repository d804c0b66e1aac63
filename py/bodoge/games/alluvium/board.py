"""ALLUVIUM geometry: the map, the pieces and the scoring measures, as 81-bit masks.

A map is 9×9; cell ``i = row * 9 + col`` is bit ``i`` of a mask. Every placement of every
piece (all rotations and reflections, every position on the map) is computed once at import,
so "does this piece fit here" is one ``&`` and the rules, the bots and the UI's preview share
the same few functions:

* ``placements(piece)``: the masks of every placement of a piece;
* ``edges(a, b)``: how many cell edges a mask shares with another (the ticks of a placement);
* ``largest_rectangle(mask)``: area (and where) of the largest all-filled rectangle;
* ``largest_component(mask)``: size of the largest orthogonally connected group of cells;
* ``single_cells(filled)``: the cells where action B is allowed;
* ``shared_edges(a, b)`` and ``outline(mask)``: those edges and a mask's outer edges, as cell
  pairs and segments, for drawing them.

The map size, the start squares and the piece set are data, by rules version (``LAYOUTS``;
ALLUVIUM spec, "Components").
"""

SIZE = 9
CELLS = SIZE * SIZE
FULL = (1 << CELLS) - 1
ROW = (1 << SIZE) - 1

# Ruling (spec "Components"): every colour's deck holds these six polyominoes. Cells (row, col)
# of one orientation; all rotations and reflections are allowed.
PIECES = {
    "I3": ((0, 0), (0, 1), (0, 2)),
    "V3": ((0, 0), (1, 0), (1, 1)),
    "L4": ((0, 0), (1, 0), (2, 0), (2, 1)),
    "S4": ((0, 1), (0, 2), (1, 0), (1, 1)),
    "T4": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "P5": ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)),
}
DECK = tuple(PIECES)

# Ruling (spec "Components"): the map, its start squares and the piece set, by rules version.
# No blocked cells. The start squares are (row, col), 0-based. Version 2 puts them at (3, 3)
# and (5, 5), close enough for the two round-1 pieces to touch, as the source allows
# (互いの一部が隣接するような記入はできます); version 1 had (2, 2) and (6, 6), where they
# never could.
LAYOUTS = {
    1: {"size": 9, "start": ((2, 2), (6, 6)), "pieces": DECK},
    2: {"size": 9, "start": ((3, 3), (5, 5)), "pieces": DECK},
}
assert all(lay["size"] == SIZE and set(lay["pieces"]) <= set(PIECES) for lay in LAYOUTS.values())


def start_squares(version: int) -> tuple:
    """The start squares' cell indices under rules ``version``."""
    return tuple(r * SIZE + c for r, c in LAYOUTS[version]["start"])


def start_mask(version: int) -> int:
    return sum(1 << i for i in start_squares(version))

_COL0 = sum(1 << (r * SIZE) for r in range(SIZE))
_COL8 = _COL0 << (SIZE - 1)
NOT_COL0 = FULL & ~_COL0
NOT_COL8 = FULL & ~_COL8
BORDER = sum(1 << (r * SIZE + c) for r in range(SIZE) for c in range(SIZE)
             if r in (0, SIZE - 1) or c in (0, SIZE - 1))
INNER = FULL & ~BORDER


def bit(i: int) -> int:
    return 1 << i


def cell(r: int, c: int) -> int:
    return r * SIZE + c


def cells_of(mask: int) -> list[int]:
    """The cell indices of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cells) -> int:
    m = 0
    for i in cells:
        m |= 1 << i
    return m


def count(mask: int) -> int:
    return mask.bit_count()


# --- shapes ----------------------------------------------------------------------------------
def normalise(cells):
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def shape(piece: str, rot: int = 0, flip: int = 0):
    """The piece turned ``rot`` quarter turns clockwise, mirrored left–right first if ``flip``."""
    cells = PIECES[piece]
    if flip:
        cells = [(r, -c) for r, c in cells]
    for _ in range(rot % 4):
        cells = [(c, -r) for r, c in cells]
    return normalise(cells)


def orientations(piece: str):
    """The distinct orientations of a piece (rotations and reflections)."""
    seen = []
    for flip in (0, 1):
        for rot in range(4):
            s = shape(piece, rot, flip)
            if s not in seen:
                seen.append(s)
    return seen


def place(cells, r: int, c: int):
    """The mask of a shape with its top-left corner of the bounding box at (r, c), or None
    if it leaves the map."""
    m = 0
    for dr, dc in cells:
        rr, cc = r + dr, c + dc
        if not (0 <= rr < SIZE and 0 <= cc < SIZE):
            return None
        m |= 1 << (rr * SIZE + cc)
    return m


def _all_placements(piece):
    out = []
    for s in orientations(piece):
        for r in range(SIZE):
            for c in range(SIZE):
                m = place(s, r, c)
                if m is not None:
                    out.append(m)
    return tuple(out)


_PLACEMENTS = {p: _all_placements(p) for p in PIECES}
_PLACEMENT_SET = {p: frozenset(ms) for p, ms in _PLACEMENTS.items()}


def placements(piece: str):
    """Every placement of ``piece`` on an empty map, as masks."""
    return _PLACEMENTS[piece]


def is_placement(piece: str, mask: int) -> bool:
    return mask in _PLACEMENT_SET[piece]


# --- neighbourhoods ----------------------------------------------------------------------------
def neighbours(mask: int) -> int:
    """Cells sharing an edge with a cell of ``mask`` (``mask`` itself not included)."""
    n = ((mask << 1) & NOT_COL0) | ((mask >> 1) & NOT_COL8) | ((mask << SIZE) & FULL) | (mask >> SIZE)
    return n & ~mask


def edges(a: int, b: int) -> int:
    """Number of cell edges shared between the cells of ``a`` and those of ``b``."""
    return ((((a << 1) & NOT_COL0) & b).bit_count() + (((a >> 1) & NOT_COL8) & b).bit_count()
            + ((a << SIZE) & b).bit_count() + ((a >> SIZE) & b).bit_count())


def shared_edges(a: int, b: int):
    """The edges between a cell of ``a`` and a cell of ``b``, as (cell of a, cell of b) pairs
    (as many as ``edges(a, b)``)."""
    out = []
    for i in cells_of(a):
        r, c = divmod(i, SIZE)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < SIZE and 0 <= cc < SIZE and b >> (rr * SIZE + cc) & 1:
                out.append((i, rr * SIZE + cc))
    return out


def outline(mask: int):
    """The outer edges of the cells of ``mask`` (edges not shared by two of its cells), as
    segments ((row, col), (row, col)) between grid points."""
    out = []
    for i in cells_of(mask):
        r, c = divmod(i, SIZE)
        if r == 0 or not mask >> (i - SIZE) & 1:
            out.append(((r, c), (r, c + 1)))
        if r == SIZE - 1 or not mask >> (i + SIZE) & 1:
            out.append(((r + 1, c), (r + 1, c + 1)))
        if c == 0 or not mask >> (i - 1) & 1:
            out.append(((r, c), (r + 1, c)))
        if c == SIZE - 1 or not mask >> (i + 1) & 1:
            out.append(((r, c + 1), (r + 1, c + 1)))
    return out


def single_cells(filled: int) -> int:
    """Action B: empty cells off the border whose four neighbours are all filled."""
    below = filled >> SIZE             # bit i set: cell i + 9 is filled
    above = (filled << SIZE) & FULL    # cell i - 9
    left = (filled << 1) & NOT_COL0    # cell i - 1
    right = (filled >> 1) & NOT_COL8   # cell i + 1
    return INNER & ~filled & below & above & left & right


def components(mask: int):
    """The orthogonally connected groups of a mask, as masks."""
    out = []
    while mask:
        comp = mask & -mask
        while True:
            grown = (comp | neighbours(comp)) & mask
            if grown == comp:
                break
            comp = grown
        out.append(comp)
        mask &= ~comp
    return out


def largest_component(mask: int) -> int:
    """Size of the largest orthogonally connected group of cells in ``mask`` (0 if empty)."""
    return max((c.bit_count() for c in components(mask)), default=0)


# --- rectangles ------------------------------------------------------------------------------
def _runs():
    best = []
    for m in range(1 << SIZE):
        longest = run = 0
        for c in range(SIZE):
            run = run + 1 if m >> c & 1 else 0
            longest = max(longest, run)
        best.append(longest)
    return best


_RUN = _runs()


def _run_span(m: int):
    """(first column, length) of the longest run of set bits of a row mask (leftmost on ties)."""
    best = (0, 0)
    run = 0
    for c in range(SIZE):
        if m >> c & 1:
            run += 1
            if run > best[1]:
                best = (c - run + 1, run)
        else:
            run = 0
    return best


def rows_of(mask: int):
    return [(mask >> (r * SIZE)) & ROW for r in range(SIZE)]


def rectangle_area(mask: int) -> int:
    """Area of the largest axis-aligned rectangle made only of cells of ``mask``."""
    rows = rows_of(mask)
    best = 0
    run = _RUN
    for top in range(SIZE):
        m = ROW
        for bottom in range(top, SIZE):
            m &= rows[bottom]
            if not m:
                break
            a = run[m] * (bottom - top + 1)
            if a > best:
                best = a
    return best


def largest_rectangle(mask: int):
    """(area, (top, left, height, width)) of the largest all-filled rectangle; the first one
    found (top-most, then left-most) among equals. ``(0, None)`` on an empty map."""
    rows = rows_of(mask)
    best, where = 0, None
    for top in range(SIZE):
        m = ROW
        for bottom in range(top, SIZE):
            m &= rows[bottom]
            if not m:
                break
            h = bottom - top + 1
            if _RUN[m] * h > best:
                left, width = _run_span(m)
                best, where = width * h, (top, left, h, width)
    return best, where


def rectangle_mask(top: int, left: int, height: int, width: int) -> int:
    m = 0
    for r in range(top, top + height):
        for c in range(left, left + width):
            m |= 1 << (r * SIZE + c)
    return m
