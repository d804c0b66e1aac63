"""ALLUVIUM bots. Each sees only its seat's view: the sheet in front of it, its pieces to draw,
the public piles and the ticks track of that sheet.

* easy: a random legal drawing; half the time it prefers one that earns ticks away from home,
  and at home one that touches cells already filled.
* normal: one look ahead. At home: the largest rectangle after the drawing, then how snugly the
  piece sits against filled cells and the border. Away: ticks, then keeping the owner's
  rectangle from growing.
* strong: one look ahead with a richer judgement, on a shortlist made by a quick score. At home:
  the rectangle now, the densest near-rectangle (the rectangle the next pieces can complete),
  and no small pockets that no piece fits; with 3 players the virtual player's piece is put
  against its own cells so the virtual player ranks high on its sheet. Away: ticks, and the
  cooperation bonus it can expect from that sheet: its largest connected territory there, with
  what its visits to come will add, times the expected share of it by the tick race (the chance
  of each rank when every participant's final ticks are today's plus what its visits still to
  come earn: who leads, by how far, and who draws there after it), against the growth of the
  owner's rectangle and near-rectangle. The weights come from self-play sweeps against the
  normal bot and duels against the old strong bot (issue 28).
  It thinks as a generator (yields now and then) so the page stays responsive.
"""

import math

from ...core.bot import Bot
from . import board as B
from .rules import COOPERATION_DIVISOR, choices, masks

_EDGE_CELLS = [(r in (0, B.SIZE - 1)) + (c in (0, B.SIZE - 1))
               for r in range(B.SIZE) for c in range(B.SIZE)]


def border_edges(mask: int) -> int:
    """Edges of the cells of ``mask`` that lie on the map's border."""
    return sum(_EDGE_CELLS[i] for i in B.cells_of(mask & B.BORDER))


def snug(mask: int, filled: int) -> int:
    """How many edges of a drawing touch filled cells or the border (compactness)."""
    return B.edges(mask, filled) + border_edges(mask)


def dense_rectangle(filled: int, penalty: int = 3) -> int:
    """The best rectangle by (filled cells − ``penalty`` × empty cells): how large a rectangle
    the next few drawings could complete."""
    rows = B.rows_of(filled)
    k1 = penalty + 1
    best = 0
    for top in range(B.SIZE):
        cnt = [0] * B.SIZE
        for bottom in range(top, B.SIZE):
            h = bottom - top + 1
            row = rows[bottom]
            cur = 0
            kh = penalty * h
            for c in range(B.SIZE):
                if row >> c & 1:
                    cnt[c] += 1
                w = k1 * cnt[c] - kh
                cur = cur + w if cur > 0 else w
                if cur > best:
                    best = cur
    return best


def pockets(filled: int) -> int:
    """Empty cells in groups too small for any piece (1 or 2 cells)."""
    return sum(c.bit_count() for c in B.components(B.FULL & ~filled) if c.bit_count() < 3)


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def race_share(ticks: list[int], me_index: int, visits=None, gain: float = 2.0,
               spread: float = 1.5) -> float:
    """The expected share of its territory a participant scores on a sheet (1st: all, 2nd: half,
    3rd: a quarter, last: nothing), by the chance of each rank when the race ends. ``visits``:
    per participant, the visits to the sheet it has still to come (None: none, the race is
    settled); each visit adds ``gain`` ticks on average, give or take ``spread``, so a
    participant's final ticks are normal around today's plus ``gain`` per visit left. Who leads,
    by how far, and who still has a visit to come decide what one more tick is worth: nothing
    against a rival out of reach ahead or behind, most against one within reach."""
    visits = visits or [0] * len(ticks)
    mine = ticks[me_index] + gain * visits[me_index]
    ahead = [1.0]      # ahead[k]: the chance that k rivals finish ahead (a tie shares the rank)
    for j, t in enumerate(ticks):
        if j == me_index:
            continue
        lead = t + gain * visits[j] - mine
        var = spread * spread * (visits[j] + visits[me_index])
        p = (1.0 if lead > 0.5 else 0.0) if var <= 0 else _phi((lead - 0.5) / math.sqrt(var))
        nxt = [0.0] * (len(ahead) + 1)
        for k, a in enumerate(ahead):
            nxt[k] += a * (1 - p)
            nxt[k + 1] += a * p
        ahead = nxt
    m = len(ticks)
    return sum(a / COOPERATION_DIVISOR[k + 1] for k, a in enumerate(ahead)
               if k + 1 < m and k + 1 in COOPERATION_DIVISOR)


def visits_to_come(view) -> list[int]:
    """For the sheet in front of the view's seat, during phase 2: per participant other than its
    owner (in order), the visits to that sheet still to come after the seat's drawing now. The
    sheets go round in the direction card's direction, so the seat ``k`` steps from the owner
    visits at step ``k`` of every round: the rivals whose step is after this one have one more
    visit this round; every participant has one a round in the rounds after this one (the
    virtual player in phase 1). All public: the round, the step and the direction."""
    n, owner, step, d = view["players"], view["sheet"]["owner"], view["step"], view["dir"]
    later = view["rounds"] - view["round"]
    return [later + int(p < n and ((p - owner) * d) % n > step)
            for p in range(len(view["sheet"]["ticks"])) if p != owner]


class Situation:
    """What a bot reads off its view for one decision."""

    def __init__(self, view, seat):
        sheet = view["sheet"]
        self.view = view
        self.seat = seat
        self.owner = sheet["owner"]
        self.home = self.owner == seat
        self.phase = view["phase"]
        self.filled, self.own = masks(sheet["cells"])
        self.ticks = sheet["ticks"]
        self.rounds = view["rounds"]
        self.rounds_left = view["rounds"] - view["round"] + 1      # this round included
        self.start = B.mask_of(view["start"])      # the start squares of the game's rules version
        self.options = list(choices(self.phase, view["round"], view["todo"], self.filled,
                                    self.start))


def to_move(piece, mask):
    if piece is None:
        return {"cell": B.cells_of(mask)[0]}
    return {"piece": piece, "cells": B.cells_of(mask)}


class AlluviumBot(Bot):
    def act(self, view):
        sit = Situation(view, self.seat)
        return self.choose(sit)

    def choose(self, sit):
        raise NotImplementedError

    def best(self, scored):
        """The highest score; ties broken at random."""
        top = max(s for s, _ in scored)
        picks = [opt for s, opt in scored if s >= top - 1e-9]
        return to_move(*picks[self.rng.below(len(picks))])


class EasyBot(AlluviumBot):
    level = "easy"

    def choose(self, sit):
        opts = sit.options
        if self.rng.below(2):
            if sit.home:
                better = [o for o in opts if B.edges(o[1], sit.filled)]
            else:
                better = [o for o in opts if B.edges(o[1], sit.own[sit.owner])]
            opts = better or opts
        return to_move(*opts[self.rng.below(len(opts))])


class NormalBot(AlluviumBot):
    level = "normal"

    def choose(self, sit):
        f = sit.filled
        scored = []
        if sit.home:
            for piece, m in sit.options:
                scored.append((B.rectangle_area(f | m) * 4 + snug(m, f), (piece, m)))
        else:
            base = B.rectangle_area(f)
            owner = sit.own[sit.owner]
            for piece, m in sit.options:
                grow = B.rectangle_area(f | m) - base
                scored.append((B.edges(m, owner) * 3 - grow, (piece, m)))
        return self.best(scored)


class StrongBot(AlluviumBot):
    level = "strong"
    SHORTLIST = 60
    YIELD_EVERY = 24
    # home
    W_RECT = 3.0          # the rectangle as it stands (scored this round and every later one)
    W_DENSE = 1.0         # the near-rectangle the next drawings can complete
    W_POCKET = 1.5        # per empty cell in a pocket no piece fits
    W_SNUG = 0.25
    W_VIRTUAL_TICK = 0.6  # 3 players: virtual ticks on my sheet push the others down its ranking
    # away
    W_TICK = 6.0          # a tick, besides what it does to the ranking
    W_COOP = 3.0          # the cooperation bonus expected from this sheet
    W_HURT = 0.15         # growth of the owner's rectangle (per cell, per round left)
    W_HURT_DENSE = 0.175
    TICKS_PER_VISIT = 2.0  # the race: ticks one visit to a sheet earns on average,
    TICK_SPREAD = 1.5      # give or take this much (40 duel games: 1.97 ± 1.32 a visit)
    TERRITORY_PER_VISIT = 2.0  # how much a visit adds to one's largest territory on a sheet

    def act(self, view):
        sit = Situation(view, self.seat)
        if len(sit.options) == 1:
            return to_move(*sit.options[0])
        return self.think(sit)

    def think(self, sit):
        f = sit.filled
        quick = []
        if sit.home:
            for piece, m in sit.options:
                quick.append((B.rectangle_area(f | m) * self.W_RECT + snug(m, f) * self.W_SNUG,
                              (piece, m)))
        else:
            base = B.rectangle_area(f)
            owner, mine = sit.own[sit.owner], sit.own[self.seat]
            for piece, m in sit.options:
                grow = B.rectangle_area(f | m) - base
                quick.append((B.edges(m, owner) * 2 + B.edges(m, mine) - grow, (piece, m)))
        yield
        quick.sort(key=lambda x: -x[0])
        shortlist = [opt for _, opt in quick[:self.SHORTLIST]]
        judge = self.judge_home if sit.home else self.judge_away
        scored = []
        before = self.before(sit)
        for k, opt in enumerate(shortlist):
            scored.append((judge(sit, opt, before), opt))
            if k % self.YIELD_EVERY == self.YIELD_EVERY - 1:
                yield
        return self.best(scored)

    def before(self, sit):
        if sit.home:
            return None
        f = sit.filled
        others = [p for p in range(len(sit.ticks)) if p != sit.owner]
        me = others.index(self.seat)
        ticks = [sit.ticks[p] for p in others]
        visits = visits_to_come(sit.view)
        # the territory the bonus will be counted on: today's and what the visits to come add
        grow = self.TERRITORY_PER_VISIT * visits[me]
        race = {"me": me, "ticks": ticks, "visits": visits, "grow": grow}
        return {"rect": B.rectangle_area(f), "dense": dense_rectangle(f), **race,
                "coop": self.coop(race, ticks, B.largest_component(sit.own[self.seat]))}

    def coop(self, race, ticks, territory):
        """The cooperation bonus expected from a sheet: the territory there when the game ends
        times the expected share of it by the race."""
        return (territory + race["grow"]) * race_share(ticks, race["me"], race["visits"],
                                                       self.TICKS_PER_VISIT, self.TICK_SPREAD)

    def judge_home(self, sit, opt, _):
        _, m = opt
        f = sit.filled | m
        score = (B.rectangle_area(f) * self.W_RECT + dense_rectangle(f) * self.W_DENSE
                 - pockets(f) * self.W_POCKET + snug(m, sit.filled) * self.W_SNUG)
        if sit.phase == "virtual":
            score += B.edges(m, sit.own[self.seat]) * self.W_VIRTUAL_TICK
        return score

    def judge_away(self, sit, opt, before):
        _, m = opt
        f = sit.filled | m
        gained = B.edges(m, sit.own[sit.owner])
        ticks = list(before["ticks"])
        ticks[before["me"]] += gained
        coop = self.coop(before, ticks, B.largest_component(sit.own[self.seat] | m))
        hurt = ((B.rectangle_area(f) - before["rect"]) * self.W_HURT * sit.rounds_left
                + (dense_rectangle(f) - before["dense"]) * self.W_HURT_DENSE)
        return gained * self.W_TICK + (coop - before["coop"]) * self.W_COOP - hurt


BOTS = {"easy": EasyBot, "normal": NormalBot, "strong": StrongBot}
