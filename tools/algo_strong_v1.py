"""A frozen copy of algo's strong bot as it was before issue 28 (commit d69e6d5): the
baseline tools/bench_algo.py measures the new strong bot against. Bench-only (tools/ is not
in the site's zip). Do not edit: it is the old bot, with the inference it used (infer.py's
``declarations``, ``knowledge``, ``candidates`` and ``posterior`` of that commit), so a later
change to the game's own inference does not change it. It treats a missed declaration as proof
that the declarer does not hold that number.
"""

import math
from dataclasses import dataclass, field

from bodoge.core.bot import Bot
from bodoge.games.algo import rules as R
from bodoge.games.algo.puzzle import explain_view
from bodoge.games.algo.rules import CARDS, DEAL, PAIR_DEAL


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


# Continue after a hit when the hit chance p >= threshold; tuned by self-play sweeps against
# NormalBot. Two sides (2 players, pair play, or one opponent left): 0.5. Against several
# opponents a miss costs us a hidden card while a hit takes one from only one of them, so it
# takes more: 0.75 (0.5 gave 30% of 4-player rounds, 0.75–0.8 gave 33%; 1.0 gave 10%).
# A hit that wins the round: 0.2.
STRONG_AGAIN = 0.5
STRONG_AGAIN_MULTI = 0.75
STRONG_AGAIN_FOR_ROUND = 0.2
EXACT_STATES = 1500      # above this many counting states, public chances use candidates
# Soft evidence from where opponents declare (infer.knowledge ``likelihood``): their own
# hidden cards of that colour are weighed 1 + this in the range declared on. Self-play, 4
# players, 2000 rounds each: 0 → 33.1%, 1 → 34.7%, 3 → 34.9% of rounds.
STRONG_LIKELIHOOD = 1.0
EASY_AGAIN = 0.3
# Pair play by rules version 2 a partner's card is a legal target, and one they showed us by Toss
# is a certain hit. A bot may then *pass*: put the compulsory first attack of its turn on that
# card and stay, turning one of its own team's cards up for sure, where a guess on an opponent
# turns one up only on a miss (and takes one of theirs on a hit). It passes when its best guess
# is below PARTNER_PASS_BELOW (and, with PARTNER_PASS_LAST_ONLY, only when a miss would put it
# out). Self-play against the same level that never passes, pair play by rules version 2, 600
# games a setting on the same seeds (tools/bench_algo.py --only partner; benchmarks/algo.md),
# round-win rate of the passing team: normal, never 51.5%; below 0.26 49.7%, 0.34 45.7%, 0.51
# 22.0%, last card below 0.51 46.6%. Strong, never 48.5%; below 0.75 48.0% (its best guess at
# a turn's first attack is seldom that low: 293 passes in 600 games), last card 48.4%. It
# never paid, so the bots never pass: 0. (Nor do they guess at their partner's unknown cards.)
PARTNER_PASS_BELOW = 0.0
PARTNER_PASS_LAST_ONLY = False


class AlgoBot(Bot):
    partner_pass_below = PARTNER_PASS_BELOW
    partner_pass_last_only = PARTNER_PASS_LAST_ONLY

    def act(self, view):
        if view.get("mode") == "puzzle":
            return self.solve_puzzle(view)
        if view["phase"] == "toss":              # pair play: our partner asked for a Toss
            return {"a": "show", "p": self.choose_show(view)}
        if view.get("can_toss") and self.wants_toss(view):
            return {"a": "toss"}
        kn = self.knowledge(view)
        if hints_contradict(kn):                 # someone declared a card they hold (a bluff)
            kn = knowledge(view, hints=False)
        choice = self.choose_attack(view, kn)   # (probability or None, seat, pos, number)
        if view["phase"] == "again" and not self.attack_again(view, kn, choice):
            return {"a": "stay"}
        if view["phase"] == "again" and self.passed(view) and choice[0] != 1.0:
            return {"a": "stay"}                 # we passed: go on only with certain hits
        if view["phase"] == "attack" and kn.targets - kn.opponents:
            choice = self.partner_pass(view, choice) or choice
        _, s, p, n = choice
        move = {"a": "attack", "s": s, "p": p, "n": n}
        if view["drawn"] is None and view["stake"] is None:
            move["w"] = self.choose_stake(view)
        return move

    def knowledge(self, view):
        """Easy and normal use only what the public approach uses: colours, cards seen, bounds
        and the numbers declared wrongly on each card (no hints about the declarers' cards)."""
        return knowledge(view, hints=False)

    def choose_attack(self, view, kn):
        raise NotImplementedError

    def attack_again(self, view, kn, choice) -> bool:
        raise NotImplementedError

    def choose_stake(self, view) -> int:
        own = [p for p, c in enumerate(view["rows"][self.seat]) if not c["up"]]
        return self.rng.choice(own)

    def solve_puzzle(self, view):
        """詰めアルゴ: name the card the next deduction finds."""
        step = explain_view(view)
        (r, p), cid = step["slot"], step["card"]
        return {"a": "name", "r": r, "p": p, "n": number_of(cid)}

    # --- pair play -----------------------------------------------------------------------------
    def partner_pass(self, view, choice):
        """Pair play, rules version 2, the first attack of a turn: instead of ``choice`` (its
        probability first), a certain hit on a card our partner showed us when our best guess
        is below ``partner_pass_below`` (see PARTNER_PASS_BELOW); None keeps ``choice``."""
        if choice[0] is None or choice[0] >= self.partner_pass_below:
            return None
        own = sum(1 for c in view["rows"][self.seat] if not c["up"])
        if self.partner_pass_last_only and own > 1:
            return None
        mate = R.partner(self.seat)
        shown = [(1.0, mate, p, c["n"]) for p, c in enumerate(view["rows"][mate])
                 if not c["up"] and c["n"] is not None]
        return shown[0] if shown else None

    def passed(self, view) -> bool:
        """Whether we passed on our partner's card earlier in this turn (see ``partner_pass``)."""
        for e in reversed(view["log"]):
            if e["e"] == "attack":
                if e["seat"] != self.seat:
                    return False
                if e.get("partner"):
                    return True
            elif e["e"] in ("stay", "reveal", "deal", "round_end"):    # an earlier turn
                return False
        return False

    def wants_toss(self, view) -> bool:
        return True              # a Toss costs nothing but tells the opponents which card

    def choose_show(self, view) -> int:
        """The card to show the partner: the first face-down one not shown to them yet."""
        shown = {e["k"] for e in view["log"] if e["e"] == "show" and e["seat"] == self.seat}
        own = [(card["k"] in shown, p) for p, card in enumerate(view["rows"][self.seat])
               if not card["up"]]
        return min(own)[1]


def hints_contradict(kn) -> bool:
    """Whether the declaration hints leave some hidden card without any possible number."""
    cand = candidates(kn, propagate=False)
    return any(not v for v in cand.values())


def targetable(kn, cand):
    """Only the cards of opponents we may attack (pair play: never our partner's here; see
    ``AlgoBot.partner_pass``)."""
    return {key: v for key, v in cand.items() if key[0] in kn.opponents}


class NormalBot(AlgoBot):
    level = "normal"

    def choose_attack(self, view, kn):
        cand = targetable(kn, candidates(kn))
        fewest = min(len(v) for v in cand.values() if v) if any(cand.values()) else 0
        keys = sorted(k for k, v in cand.items() if len(v) == fewest) or sorted(cand)
        key = self.rng.choice(keys)
        options = cand[key] or list(range(24))
        cid = self.rng.choice(options)
        return (1.0 / len(options)), key[0], key[1], number_of(cid)

    def attack_again(self, view, kn, choice):
        return choice[0] == 1.0


def strong_knowledge(view):
    """What the strong bot knows from ``view``: every hint in the declarations (weighed by
    STRONG_LIKELIHOOD), or none if they contradict each other (someone bluffed)."""
    kn = knowledge(view, likelihood=STRONG_LIKELIHOOD)
    if hints_contradict(kn):
        kn = knowledge(view, hints=False)
    return kn


def strong_posterior(view):
    """(Knowledge, Posterior): the strong bot's exact counting from ``view`` (the analysis
    shows it: each hidden card's chances for the view's seat)."""
    kn = strong_knowledge(view)
    return kn, posterior(kn)


def best_guess(kn, post):
    """The strong bot's attack from its counting: (probability, seat, pos, id), or None.
    Among the likeliest guesses at an opponent's card it prefers the player closest to
    elimination."""
    dist = {key: d for key, d in post.dist.items() if key[0] in kn.opponents}
    chances = [pr for d in dist.values() for pr in d.values()]
    if post.total == 0 or not chances:
        return None
    hidden = {s: len(kn.rows[s]) for s in kn.opponents}
    best_p = max(chances)
    ties = sorted((hidden[s], s, p, cid) for (s, p), d in dist.items()
                  for cid, pr in d.items() if pr >= best_p - 1e-12)
    _, s, p, cid = ties[0]
    return best_p, s, p, cid


class StrongBot(AlgoBot):
    level = "strong"

    def knowledge(self, view):
        return strong_knowledge(view)

    def choose_attack(self, view, kn):
        post = posterior(kn)
        guess = best_guess(kn, post)
        if guess is None:        # cannot happen with a consistent view; stay safe anyway
            return NormalBot.choose_attack(self, view, kn)
        best_p, s, p, cid = guess
        return best_p, s, p, number_of(cid)

    def attack_again(self, view, kn, choice):
        p = choice[0]
        hidden_left = sum(len(kn.rows[s]) for s in kn.opponents)
        if hidden_left == 1:                     # this hit would win the round
            return p >= STRONG_AGAIN_FOR_ROUND
        two_sided = view["mode"] == "pair" or len(kn.opponents) == 1
        return p >= (STRONG_AGAIN if two_sided else STRONG_AGAIN_MULTI)

    def public_chances(self, view):
        """{own position: {id: probability}}: how well the table (everyone but us) knows our
        face-down cards. Exact counting, or candidate filtering when that would be slow (pair
        play's four rows of six)."""
        kn = knowledge(view, hide_own=True)
        states = 1
        for slots in kn.rows:
            states *= len(slots) + 1
        if states <= EXACT_STATES:
            post = posterior(kn)
            return {p: d for (s, p), d in post.dist.items() if s == self.seat}
        cand = candidates(kn)
        return {p: {c: 1 / len(v) for c in v} for (s, p), v in cand.items() if s == self.seat and v}

    def choose_stake(self, view):
        # Put at stake the card the others are likeliest to find anyway.
        chances = self.public_chances(view)
        best, best_pr = None, -1.0
        for p, card in enumerate(view["rows"][self.seat]):
            if card["up"]:
                continue
            pr = chances.get(p, {}).get(card["n"] * 2 + card["c"], 0.0)
            if pr > best_pr:
                best, best_pr = p, pr
        return best

    def choose_show(self, view):
        """Show the partner the card the table knows least about (the most informative)."""
        chances = self.public_chances(view)
        shown = {e["k"] for e in view["log"] if e["e"] == "show" and e["seat"] == self.seat}
        best = None
        for p, card in enumerate(view["rows"][self.seat]):
            if card["up"]:
                continue
            d = chances.get(p, {})
            entropy = -sum(pr * math.log(pr) for pr in d.values() if pr > 0)
            key = (card["k"] not in shown, entropy, -p)
            if best is None or key > best[0]:
                best = (key, p)
        return best[1]
