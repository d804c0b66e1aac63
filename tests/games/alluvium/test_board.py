"""Map geometry against brute force: orientations, placements, edges (ticks), action B cells,
the largest all-filled rectangle and the largest connected territory, on random maps."""

import random

import pytest

from bodoge.games.alluvium import board as B

N = B.SIZE


def brute_rectangle(cells):
    """Every rectangle, counted with 2-D prefix sums."""
    pre = [[0] * (N + 1) for _ in range(N + 1)]
    for r in range(N):
        for c in range(N):
            pre[r + 1][c + 1] = cells[r * N + c] + pre[r][c + 1] + pre[r + 1][c] - pre[r][c]
    best = 0
    for top in range(N):
        for left in range(N):
            for bottom in range(top + 1, N + 1):
                for right in range(left + 1, N + 1):
                    area = (bottom - top) * (right - left)
                    filled = pre[bottom][right] - pre[top][right] - pre[bottom][left] + pre[top][left]
                    if filled == area and area > best:
                        best = area
    return best


def brute_component(cells):
    seen, best = set(), 0
    for start in range(B.CELLS):
        if not cells[start] or start in seen:
            continue
        stack, size = [start], 0
        seen.add(start)
        while stack:
            i = stack.pop()
            size += 1
            r, c = divmod(i, N)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                j = rr * N + cc
                if 0 <= rr < N and 0 <= cc < N and cells[j] and j not in seen:
                    seen.add(j)
                    stack.append(j)
        best = max(best, size)
    return best


def brute_edges(a, b):
    n = 0
    for i in range(B.CELLS):
        if not a[i]:
            continue
        r, c = divmod(i, N)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < N and 0 <= cc < N and b[rr * N + cc]:
                n += 1
    return n


def brute_single(cells):
    out = set()
    for i in range(B.CELLS):
        r, c = divmod(i, N)
        if cells[i] or r in (0, N - 1) or c in (0, N - 1):
            continue
        if all(cells[rr * N + cc] for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
            out.add(i)
    return out


def random_cells(rng, density):
    return [rng.random() < density for _ in range(B.CELLS)]


def as_mask(cells):
    return B.mask_of(i for i, x in enumerate(cells) if x)


MAPS = [random_cells(random.Random(k), d) for k in range(60) for d in (0.3, 0.6, 0.8, 0.95)]


def test_piece_set_and_orientations():
    assert B.DECK == ("I3", "V3", "L4", "S4", "T4", "P5")
    counts = {p: len(B.orientations(p)) for p in B.PIECES}
    assert counts == {"I3": 2, "V3": 4, "L4": 8, "S4": 4, "T4": 4, "P5": 8}
    # a reflection is an orientation: S4 mirrored is the Z shape
    assert B.shape("S4", 0, 1) == ((0, 0), (0, 1), (1, 1), (1, 2))
    for p, cells in B.PIECES.items():
        assert {len(B.shape(p, rot, flip)) for rot in range(4) for flip in (0, 1)} == {len(cells)}


def test_placements_are_every_orientation_at_every_position():
    for p in B.PIECES:
        expected = 0
        for s in B.orientations(p):
            h = max(r for r, _ in s) + 1
            w = max(c for _, c in s) + 1
            expected += (N - h + 1) * (N - w + 1)
        ms = B.placements(p)
        assert len(ms) == len(set(ms)) == expected
        assert all(m.bit_count() == len(B.PIECES[p]) and len(B.components(m)) == 1 for m in ms)
    # a shape that does not fit the map at (r, c) is refused
    assert B.place(B.shape("I3"), 0, 7) is None
    assert B.place(B.shape("I3"), 8, 6) == B.mask_of([78, 79, 80])


def test_start_squares_by_rules_version():
    assert B.start_squares(1) == (2 * 9 + 2, 6 * 9 + 6)
    assert B.start_squares(2) == (3 * 9 + 3, 5 * 9 + 5)
    assert B.start_mask(2) == (1 << 30) | (1 << 50)
    for lay in B.LAYOUTS.values():           # the map and the pieces did not change
        assert lay["size"] == B.SIZE == 9 and lay["pieces"] == B.DECK


@pytest.mark.parametrize("k", range(len(MAPS)))
def test_largest_rectangle_matches_brute_force(k):
    cells = MAPS[k]
    mask = as_mask(cells)
    area, where = B.largest_rectangle(mask)
    assert area == B.rectangle_area(mask) == brute_rectangle(cells)
    if area:
        top, left, h, w = where
        rect = B.rectangle_mask(top, left, h, w)
        assert h * w == area and rect & mask == rect
    else:
        assert where is None


def test_rectangle_edge_cases():
    assert B.largest_rectangle(0) == (0, None)
    assert B.largest_rectangle(B.FULL) == (81, (0, 0, 9, 9))
    assert B.rectangle_area(B.FULL & ~B.bit(40)) == 36      # a hole in the middle: 4 × 9


def test_components_edges_and_single_cells_match_brute_force():
    for k, cells in enumerate(MAPS):
        mask = as_mask(cells)
        assert B.largest_component(mask) == brute_component(cells), k
        other = MAPS[(k + 7) % len(MAPS)]
        a = [x and not y for x, y in zip(other, cells)]   # disjoint, as a drawing and a territory
        assert B.edges(as_mask(a), mask) == brute_edges(a, cells), k
        assert set(B.cells_of(B.single_cells(mask))) == brute_single(cells), k


def test_neighbours_do_not_wrap_around_rows():
    right_edge = B.bit(B.cell(3, 8))
    assert B.neighbours(right_edge) == B.mask_of([B.cell(2, 8), B.cell(4, 8), B.cell(3, 7)])
    assert B.edges(B.bit(B.cell(3, 8)), B.bit(B.cell(4, 0))) == 0
