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

from ...core.protocol import rules_of
from .rules import CARDS, DEAL, DETAILED_LOG_SINCE, NUMBERS, PAIR_DEAL


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


def declarations(view, soft=False):
    """What this round's declarations say about the declarers' own cards.

    Returns ``(ruled_out, near)``: ``ruled_out`` = {handle: numbers} a failed declaration rules
    out for a card because whoever declared knew that card (their own, or shown to them by
    Toss) — a number of the declared card's colour, on cards of that colour only (with
    ``soft``: {handle: [(number, declarer, again)]}, one entry per declaration (``again``: made
    after a hit in the same turn, see ``walk``), for evidence that is
    weighed rather than believed: see ``knowledge``'s ``doubt``); ``near`` = {handle: [(lo,
    hi)]}: the public bounds of each card its holder declared on (a player declares where they
    see few possibilities, so their own cards of that colour tend to lie in that range; not on
    their partner's cards, which they may attack for other reasons).

    Handles are given in order: first the round's dealt cards, then one per draw (the drawn
    card enters its drawer's row at the end of that turn), so the log tells which cards a
    player held at each declaration (``walk``)."""
    rows = view["rows"]
    cards = view_cards(view)
    ruled_out, near = {}, {}
    if not cards:
        return ruled_out, near
    where = {c["k"]: (s, p) for s, row in enumerate(rows) for p, c in enumerate(row)}
    for e, knew, again in walk(view, this_round(view["log"]), cards):
        c = cards[e["k"]][1]
        t, p = where[e["k"]]
        bounds = public_bounds(rows[t], p)
        for k in knew:
            if cards[k][1] == c:
                if not e.get("partner"):
                    near.setdefault(k, []).append(bounds)
                if not e["hit"]:
                    if soft:
                        ruled_out.setdefault(k, []).append((e["n"], e["seat"], again))
                    else:
                        ruled_out.setdefault(k, set()).add(e["n"])
    return ruled_out, near


def this_round(log):
    """The log since the current round's deal."""
    return log[max((i for i, e in enumerate(log) if e["e"] == "deal"), default=0):]


def view_cards(view, public=False):
    """{handle: (seat, colour, id or None)} of every card in the view's rows: the id where the
    view shows the number (``public``: only face-up cards, as anyone at the table sees them)."""
    return cards_of(view["rows"], public)


def cards_of(rows, public=False):
    """``view_cards`` of rows shaped like a view's ({"k", "c", "n", "up"} per card)."""
    return {c["k"]: (s, c["c"], card_id(c["n"], c["c"]) if c["n"] is not None
                     and (c["up"] or not public) else None)
            for s, row in enumerate(rows) for c in row}


def walk(view, events, cards):
    """Yield ``(attack event, handles its declarer knew the place of then, again)`` for the
    attacks of one round (``events``: its log) on the cards of ``cards`` ({handle: (seat,
    ...)}, every card of that round's rows); ``again``: the attack followed a hit in the same
    turn (the player could have stayed instead). The set is live: use it before the next
    step."""
    handles = sorted(cards)
    base = handles[0]
    players = view["players"]
    dealt = players * (PAIR_DEAL if view.get("mode") == "pair" else DEAL[players])
    knows = {s: {k for k in handles if k < base + dealt and cards[k][0] == s}
             for s in range(players)}
    draws = 0
    last = None                 # the latest attack of the turn, if nothing ended it since
    for e in events:
        kind = e["e"]
        if kind == "draw":
            k = base + dealt + draws
            draws += 1
            if k in cards:
                knows[e["seat"]].add(k)
        elif kind == "show":
            knows[e["to"]].add(e["k"])
        elif kind == "attack":
            again = last is not None and last["seat"] == e["seat"] and last["hit"]
            last = e
            if e["k"] in cards:
                yield e, knows[e["seat"]], again
            continue
        if kind != "out":
            last = None


def rounds_seen(view):
    """[(events, rows, finished)] per round of the game so far whose cards can be named: each
    finished round (its ``round_end`` event shows every card, shaped like a view's rows, every
    number shown; counted from rules version 3, as when the bots were tuned), then the current
    one (the view's rows)."""
    log = view["log"]
    out = []
    start = None
    counted = rules_of(view) >= DETAILED_LOG_SINCE
    for i, e in enumerate(log):
        if e["e"] == "deal":
            start = i
        elif e["e"] == "round_end" and start is not None and counted:
            rows = [[dict(c) for c in row] for row in e["rows"]]
            if any(rows):
                out.append((log[start:i], rows, True))
            start = None
    if start is not None and view["phase"] != "over" and any(view["rows"]):
        out.append((log[start:], view["rows"], False))
    return out


def bluffs_seen(view, public=True):
    """{seat: [bluffs, honest]}: the failed declarations (not on a partner's card) whose truth
    the table has seen — a *bluff* when the declared card turned up as one its declarer knew
    the place of then (their own, or shown to them), *honest* when it turned up anywhere else
    (another row; the deck, at a round's end). A declaration whose card is still face down
    counts for neither. ``public`` False: the viewer's own numbers (and its drawn card) count
    as seen too; the estimate is then biased, since a bluff's card turns up only when found
    while an honest declaration of one of the viewer's own cards is settled at once."""
    seen = {s: [0, 0] for s in range(view["players"])}
    drawn = view.get("drawn")
    mine = None
    if not public and drawn and drawn.get("n") is not None:
        mine = card_id(drawn["n"], drawn["c"])
    for events, rows, finished in rounds_seen(view):
        cards = cards_of(rows, public)
        place = {cid: k for k, (_, _, cid) in cards.items() if cid is not None}
        for e, knew, again in walk(view, events, cards):
            if e["hit"] or e.get("partner") or again:
                continue
            x = card_id(e["n"], cards[e["k"]][1])
            if x in place:
                seen[e["seat"]][0 if place[x] in knew else 1] += 1
            elif finished or x == mine:
                seen[e["seat"]][1] += 1
    return seen


def heed_tests(view, seat, bluffs=False):
    """What the other players' declarations on ``seat``'s cards show of whether they read its
    failed declarations as proof: [(declarer, q, ignored)], one per declaration on one of its
    cards (not by its partner) after ``seat``, knowing that card, had missed with numbers of
    its colour that the card's face-up neighbours (as they are now, or were at the round's
    end) allow.
    ``q``: the share of the numbers the card's neighbours allow that ``seat`` had declared so
    (what a player who ignores declarations would hit on by chance); ``ignored``: whether this
    declaration named one of them (a reader would not: it believes ``seat`` does not hold
    it).
    ``bluffs``: ``seat``'s own bluffs count as declarations in vain too (the numbers a reader
    now believes it does not hold: naming one on its card, and so finding the bluffed card,
    shows a player who ignores them); otherwise the round's tests stop at its first bluff."""
    out = []
    for events, rows, _ in rounds_seen(view):
        cards = cards_of(rows)
        where = {c["k"]: (s, p) for s, row in enumerate(rows) for p, c in enumerate(row)}
        said = {}                       # handle: the numbers declared in vain while ``seat`` knew it
        held = {}
        for e, knew, _ in walk(view, events, cards):
            c = cards[e["k"]][1]
            if e["seat"] == seat:
                if not e["hit"] and not e.get("partner"):
                    x = card_id(e["n"], c)
                    if not bluffs and any(cards[k][2] == x for k in knew):
                        break                   # our bluff: a reader may now see a contradiction
                    for k in knew:
                        if cards[k][1] == c:
                            said.setdefault(k, set()).add(e["n"])
                continue
            t, p = where[e["k"]]
            if t != seat or e.get("partner") or e["k"] not in said:
                continue
            lo, hi = public_bounds(rows[t], p)
            allowed = [n for n in range(NUMBERS) if lo < card_id(n, c) < hi]
            told = [n for n in allowed if n in said[e["k"]]]
            if told and len(told) < len(allowed):
                out.append((e["seat"], len(told) / len(allowed), e["n"] in said[e["k"]]))
    return out


def public_bounds(row, p):
    """Ids of the nearest face-up cards left and right of position ``p`` (-1 / CARDS)."""
    lo = max([card_id(c["n"], c["c"]) for c in row[:p] if c["up"]], default=-1)
    hi = min([card_id(c["n"], c["c"]) for c in row[p + 1:] if c["up"]], default=CARDS)
    return lo, hi


def knowledge(view, seat=None, hide_own=False, hints=True, likelihood=0.0,
              doubt=None, doubt_again=None) -> Knowledge:
    """Build the seat's knowledge. ``hide_own``: as a spectator would see the seat's own row
    (used to guess how much the others know about our cards). ``hints``: use what failed
    declarations say about the declarer's own cards (``declarations``): without ``doubt`` as
    proof (the number is ruled out for every card of that colour the declarer knew); with
    ``doubt`` = {declarer: factor} as evidence, weighing that number on each such card by the
    declarer's factor per declaration (a factor below 1 lowers its chance without removing it:
    the declarer may have bluffed). ``likelihood`` > 0 also weighs a declarer's hidden cards in
    the ranges they declared on by (1 + likelihood) per declaration. Weights are soft evidence
    for ``posterior``."""
    me = view["seat"] if seat is None else seat
    known = set()
    for s, row in enumerate(view["rows"]):
        for card in row:
            if card["n"] is not None and (card["up"] or not hide_own or s != me):
                known.add(card_id(card["n"], card["c"]))
    drawn = view.get("drawn")
    if drawn and drawn.get("n") is not None and not hide_own:
        known.add(card_id(drawn["n"], drawn["c"]))
    wrong, near, soft = {}, {}, {}
    if hints and doubt is not None:
        soft, near = declarations(view, soft=True)
    elif hints:
        wrong, near = declarations(view)
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
    for slots in rows:
        for sl in slots:
            for n, declarer, again in soft.get(sl.k, ()):
                cid = card_id(n, sl.colour)
                factor = doubt[declarer] if not again or doubt_again is None else doubt_again
                sl.weight[cid] = sl.weight.get(cid, 1) * factor
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
