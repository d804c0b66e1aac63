"""What a seat can deduce about the hidden cards, from its view alone.

* ``Knowledge``: the cards the seat knows, the unseen pool, and every hidden card of the other
  rows with its colour, the bounds its known neighbours set and the numbers ruled out for it:
  numbers declared wrongly on it, and (``hints``) numbers its owner declared on a card of the
  same colour while holding it (nobody declares a card they know the place of: their own, or
  one their partner showed them).
* ``candidates``: per-card candidate filtering (colour, cards seen, bounds propagated along each
  row, singletons removed elsewhere), the best-known public approach.
* ``posterior``: exact counting. Rows are sorted, so walking the unseen ids upwards and handing
  each to the next hidden slot of some row (or to the deck) enumerates every consistent joint
  assignment exactly once; a forward–backward pass over that walk gives the exact number of
  assignments and each hidden card's exact distribution, across all rows at once (the rows
  are coupled through the shared pool).
"""

from dataclasses import dataclass, field

from .rules import CARDS, DEAL, NUMBERS, PAIR_DEAL


def card_id(n: int, c: int) -> int:
    return n * 2 + c


@dataclass
class Slot:
    seat: int
    pos: int
    k: int
    colour: int
    lo: int            # the id must be > lo (nearest known card to the left, or -1)
    hi: int            # the id must be < hi (nearest known card to the right, or CARDS)
    excluded: set = field(default_factory=set)   # numbers declared wrongly on this card
    weight: dict = field(default_factory=dict)   # {id: likelihood factor} (soft evidence; 1 if absent)

    def allows(self, cid: int) -> bool:
        return (cid & 1) == self.colour and self.lo < cid < self.hi and (cid >> 1) not in self.excluded


@dataclass
class Knowledge:
    seat: int
    known: set          # ids this seat knows the place of
    pool: list          # ids it has not seen, ascending
    rows: list          # rows[s] = [Slot ...] hidden cards of seat s in row order ([] for self)
    targets: set = field(default_factory=set)   # seats the player to move may attack
    opponents: set = field(default_factory=set)  # those of them not on our team (pair play:
    #                                              by rules version 2 the partner is a target)


def declarations(view):
    """What this round's declarations say about the declarers' own cards.

    Returns ``(ruled_out, near)``: ``ruled_out`` = {handle: numbers} a failed declaration rules
    out for a card because whoever declared knew that card (their own, or shown to them by
    Toss) — a number of the declared card's colour, on cards of that colour only; ``near`` =
    {handle: [(lo, hi)]}: the public bounds of each card its holder declared on (a player
    declares where they see few possibilities, so their own cards of that colour tend to lie
    in that range; not on their partner's cards, which they may attack for other reasons).

    Handles are given in order: first the round's dealt cards, then one per draw (the drawn
    card enters its drawer's row at the end of that turn), so the log tells which cards a
    player held at each declaration."""
    rows = view["rows"]
    handles = [c["k"] for row in rows for c in row]
    if not handles:
        return {}, {}
    colour = {c["k"]: c["c"] for row in rows for c in row}
    where = {c["k"]: (s, p) for s, row in enumerate(rows) for p, c in enumerate(row)}
    base = min(handles)
    dealt = view["players"] * (PAIR_DEAL if view.get("mode") == "pair" else DEAL[view["players"]])
    log = view["log"]
    start = max((i for i, e in enumerate(log) if e["e"] == "deal"), default=0)
    knows = {s: {k for k in handles if k < base + dealt and where[k][0] == s}
             for s in range(view["players"])}
    draws = 0
    ruled_out, near = {}, {}
    for e in log[start:]:
        kind = e["e"]
        if kind == "draw":
            k = base + dealt + draws
            draws += 1
            if k in where:
                knows[e["seat"]].add(k)
        elif kind == "show":
            knows[e["to"]].add(e["k"])
        elif kind == "attack" and e["k"] in where:
            c = colour[e["k"]]
            t, p = where[e["k"]]
            bounds = public_bounds(rows[t], p)
            for k in knows[e["seat"]]:
                if colour[k] == c:
                    if not e.get("partner"):
                        near.setdefault(k, []).append(bounds)
                    if not e["hit"]:
                        ruled_out.setdefault(k, set()).add(e["n"])
    return ruled_out, near


def public_bounds(row, p):
    """Ids of the nearest face-up cards left and right of position ``p`` (-1 / CARDS)."""
    lo = max([card_id(c["n"], c["c"]) for c in row[:p] if c["up"]], default=-1)
    hi = min([card_id(c["n"], c["c"]) for c in row[p + 1:] if c["up"]], default=CARDS)
    return lo, hi


def knowledge(view, seat=None, hide_own=False, hints=True, likelihood=0.0) -> Knowledge:
    """Build the seat's knowledge. ``hide_own``: as a spectator would see the seat's own row
    (used to guess how much the others know about our cards). ``hints``: use what failed
    declarations say about the declarer's own cards (``declarations``); ``likelihood`` > 0
    also weighs a declarer's hidden cards in the ranges they declared on by (1 + likelihood)
    per declaration (soft evidence, for ``posterior``)."""
    me = view["seat"] if seat is None else seat
    known = set()
    for s, row in enumerate(view["rows"]):
        for card in row:
            if card["n"] is not None and (card["up"] or not hide_own or s != me):
                known.add(card_id(card["n"], card["c"]))
    drawn = view.get("drawn")
    if drawn and drawn.get("n") is not None and not hide_own:
        known.add(card_id(drawn["n"], drawn["c"]))
    wrong, near = declarations(view) if hints else ({}, {})
    for e in view["log"]:
        if e["e"] == "attack" and not e["hit"]:
            wrong.setdefault(e["k"], set()).add(e["n"])
    rows = []
    for s, row in enumerate(view["rows"]):
        slots = []
        if s != me or hide_own:
            lo = -1
            pending = []
            for p, card in enumerate(row):
                visible = card["n"] is not None and (card["up"] or not hide_own or s != me)
                if visible:
                    cid = card_id(card["n"], card["c"])
                    for slot in pending:
                        slot.hi = cid
                    pending = []
                    lo = cid
                else:
                    slot = Slot(s, p, card["k"], card["c"], lo, CARDS, set(wrong.get(card["k"], ())))
                    pending.append(slot)
                    slots.append(slot)
        rows.append(slots)
    if likelihood:
        for slots in rows:
            for sl in slots:
                for lo, hi in near.get(sl.k, ()):
                    for cid in range(lo + 1, hi):
                        if cid & 1 == sl.colour:
                            sl.weight[cid] = sl.weight.get(cid, 1) * (1 + likelihood)
    pool = [c for c in range(CARDS) if c not in known]
    targets = set(view["targets"]) if "targets" in view else {
        s for s in range(len(view["rows"])) if s != me and not view["out"][s]}
    team = next((t for t in view.get("teams", ()) if me in t), [me])
    return Knowledge(me, known, pool, rows, targets, targets - set(team))


# --- per-card candidate filtering -------------------------------------------------------------
def candidates(kn: Knowledge, propagate: bool = True) -> dict:
    """{(seat, pos): sorted candidate ids}. Without ``propagate``: only colour, cards seen,
    the direct known neighbours and wrong declarations."""
    pool = set(kn.pool)
    cand = {}
    for slots in kn.rows:
        for sl in slots:
            cand[(sl.seat, sl.pos)] = {c for c in pool if sl.allows(c)}
    if not propagate:
        return {key: sorted(v) for key, v in cand.items()}
    changed = True
    while changed:
        changed = False
        for slots in kn.rows:
            # ids strictly increase along a row: bound each hidden card by its hidden neighbours
            for a, b in zip(slots, slots[1:]):
                ca, cb = cand[(a.seat, a.pos)], cand[(b.seat, b.pos)]
                if ca and cb:
                    lo, hi = min(ca), max(cb)
                    nb = {c for c in cb if c > lo}
                    na = {c for c in ca if c < hi}
                    if nb != cb or na != ca:
                        cand[(b.seat, b.pos)], cand[(a.seat, a.pos)] = nb, na
                        changed = True
        singles = {next(iter(v)): key for key, v in cand.items() if len(v) == 1}
        for key, v in cand.items():
            drop = {c for c, owner in singles.items() if owner != key and c in v}
            if drop:
                v -= drop
                changed = True
    return {key: sorted(v) for key, v in cand.items()}


# --- exact counting ---------------------------------------------------------------------------
@dataclass
class Posterior:
    total: int                 # number (or total weight) of consistent joint assignments
    dist: dict                 # {(seat, pos): {id: probability}}

    def best(self):
        """(probability, seat, pos, id) of the likeliest single guess; ties keep the first."""
        best = None
        for (s, p), d in self.dist.items():
            for cid, pr in d.items():
                if best is None or pr > best[0]:
                    best = (pr, s, p, cid)
        return best


def posterior(kn: Knowledge) -> Posterior:
    """Exact counting (see the module's docstring). A state is how many hidden slots of each row
    are filled so far; the walk hands each unseen id, in ascending order, to the next slot of one
    row or to nobody (the deck, or a card this seat never sees)."""
    rows = [slots for slots in kn.rows if slots]
    lengths = tuple(len(r) for r in rows)
    pool = kn.pool
    order = range(len(rows))
    # per slot: the ids it may hold, their likelihood factors (None: all 1), its upper bound
    allowed = [[{c for c in pool if sl.allows(c)} for sl in r] for r in rows]
    weights = [[sl.weight or None for sl in r] for r in rows]
    bounds = [[sl.hi for sl in r] for r in rows]
    forward = [{(0,) * len(rows): 1}]
    for cid in pool:
        # a slot whose upper bound the walk has reached can no longer be filled: after this id,
        # the first dead[r] slots of row r must be filled (bounds never fall along a row)
        dead = []
        for r in order:
            d, hi = 0, bounds[r]
            while d < lengths[r] and hi[d] <= cid + 1:
                d += 1
            dead.append(d)
        pruning = any(dead)
        nxt = {}
        for st, cnt in forward[-1].items():
            only = None                    # the one row that must take this id, if one must
            if pruning:
                late = [r for r in order if st[r] < dead[r]]
                if len(late) > 1:
                    continue               # two rows behind: no way on from this state
                if late:
                    only = late[0]
            if only is None:
                nxt[st] = nxt.get(st, 0) + cnt
            for r in order:
                if only is not None and r != only:
                    continue
                j = st[r]
                if j < lengths[r] and j + 1 >= dead[r] and cid in allowed[r][j]:
                    st2 = st[:r] + (j + 1,) + st[r + 1:]
                    wt = weights[r][j]
                    nxt[st2] = nxt.get(st2, 0) + (cnt * wt.get(cid, 1) if wt else cnt)
        forward.append(nxt)
    total = forward[-1].get(lengths, 0)
    dist = {(sl.seat, sl.pos): {} for r in rows for sl in r}
    if total == 0:
        return Posterior(0, dist)
    keys = [[(sl.seat, sl.pos) for sl in r] for r in rows]
    back = {lengths: 1}
    for idx in range(len(pool) - 1, -1, -1):
        cid = pool[idx]
        prev = {}
        for st, cnt in forward[idx].items():
            b = back.get(st, 0)
            for r in order:
                j = st[r]
                if j < lengths[r] and cid in allowed[r][j]:
                    w = back.get(st[:r] + (j + 1,) + st[r + 1:], 0)
                    if w:
                        wt = weights[r][j]
                        if wt:
                            w *= wt.get(cid, 1)
                        b += w
                        d = dist[keys[r][j]]
                        d[cid] = d.get(cid, 0) + cnt * w
            if b:
                prev[st] = b
        back = prev
    for d in dist.values():
        for cid in d:
            d[cid] /= total
    return Posterior(total, dist)


def number_of(cid: int) -> int:
    return cid >> 1


__all__ = ["Knowledge", "Posterior", "Slot", "candidates", "card_id", "knowledge", "number_of",
           "posterior", "NUMBERS"]
