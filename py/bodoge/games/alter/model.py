"""What the strong ALTER bot learns about the other players from the game so far.

Everything comes from one seat's view: the public log (who watched, who put a Pick card where,
who changed onto whose Pick, every set's hands once it is scored) and the cards the seat itself
watched or took. Bots keep no memory between decisions, so the model is read afresh from the
view each time (a reloaded game plays on the same way).

The model has three parts, each per player, each pulled toward what the other players did
(and toward a fixed prior) while a player has few decisions of its own:

* **how often it Changes** at each step of a round (the last player apart: it may Watch and
  still Change, the more likely the lower the card left for it: how much is learned from the
  rounds whose card there is known);
* **onto whose Pick it Changes**: a Pick card is a *dealer*'s, a *watcher*'s (put on a place
  after a Watch) or a *changer*'s; a player's taste for each kind is the share of the Picks of
  that kind it could have chosen that it did choose;
* **how it places after a Watch**, as a mixture of kinds of player: *greedy* (takes the best
  card it saw), *anticipating* (takes the place before the best card, expecting a later Change
  to push it on), half and half, or *random*. The weight of each kind is the likelihood of the
  player's past placements: fully known for the rounds of scored sets (the hands are public
  then), averaged over the arrangements the seat cannot rule out for the rounds of this set.
"""

import math
from functools import lru_cache
from itertools import permutations

from .rules import card_number, cascade

DEALER, WATCHER, CHANGER = "dealer", "watcher", "changer"
KINDS = (DEALER, WATCHER, CHANGER)

CHANGE_PRIOR = 0.35        # the Change rate of a player nobody has seen decide
LAST_CHANGE_PRIOR = 0.5    # the same for the last player of a round
POOL_WEIGHT = 2.0          # a player's own decisions count against this many pooled ones
LAST_SLOPE = 0.15          # prior: the last player Changes this much more per number lower
LAST_WEIGHT = 4.0          # ... against this many seen decisions per number
PLACER_POOL = 0.3          # the others' placements count this much in a player's kind
TASTE_PRIOR = (1.0, 2.0)   # (chosen, could have chosen) added to every kind of Pick
BETA = 1.2                 # how sharply a watcher prefers higher numbers
# kinds of watcher: (weight of the card taken, weight of the card one place clockwise), prior
PLACERS = {
    "greedy": ((1.0, 0.0), 0.45),
    "mixed": ((0.5, 0.5), 0.2),
    "anticipating": ((0.0, 1.0), 0.15),
    "random": ((0.0, 0.0), 0.2),
}


def placement_likelihood(kind, arr, seen, p):
    """The chance that a watcher of this kind, having seen ``seen`` (places), puts its Pick on
    ``p`` when the round's cards lie as ``arr``."""
    n = len(arr)
    pairs = tuple((card_number(arr[q]), card_number(arr[(q + 1) % n])) for q in seen)
    return _likelihood(kind, pairs, seen.index(p))


def placement_mixture(weights, arr, seen, p):
    """``placement_likelihood`` averaged over kinds of watcher weighted by ``weights``."""
    n = len(arr)
    pairs = tuple((card_number(arr[q]), card_number(arr[(q + 1) % n])) for q in seen)
    i = seen.index(p)
    return sum(w * _likelihood(k, pairs, i) for k, w in weights.items())


@lru_cache(maxsize=4096)
def _likelihood(kind, pairs, i):
    """Softmax choice of ``pairs[i]`` among ``pairs`` (the numbers at each seen place and one
    place clockwise of it) for a watcher of ``kind``."""
    (a, b), _ = PLACERS[kind]
    if a == 0.0 and b == 0.0:
        return 1.0 / len(pairs)
    utils = [BETA * (a * x + b * y) for x, y in pairs]
    top = max(utils)
    return math.exp(utils[i] - top) / sum(math.exp(u - top) for u in utils)


class Round:
    """One round as the log tells it: the dealer, each decision with the Picks before it,
    the final Picks (once taken) and the cards at the places as far as the seat knows them."""

    def __init__(self, set_, index, dealer, shown, n):
        self.set, self.index, self.dealer, self.shown, self.n = set_, index, dealer, shown, n
        self.picks = [None] * n
        self.kind = {}            # seat -> DEALER / WATCHER / CHANGER, once its Pick is down
        self.watching = {}        # seat -> places it watched this round
        self.decisions = []       # (seat, step, action, target kind or None, kinds available)
        self.placements = []      # (seat, places seen, place taken)
        self.last = None          # (seat, the place left empty, changed?) of the last player
        self.final = None         # the Picks when the round was taken
        self.cards = None         # place -> card, every place (a scored set) or those known

    @property
    def step(self):
        return sum(s is not None for s in self.picks)

    def play(self, e):
        seat, kind = e["seat"], e["e"]
        if kind == "watch":
            self.watching[seat] = list(e["places"])
            return
        step = self.step
        taken = [self.kind[s] for s in self.picks if s is not None]
        if step == self.n - 1:
            self.last = (seat, self.picks.index(None), kind == "change")
        if kind == "place":
            if step == 0:
                self.kind[seat] = DEALER
            else:
                self.kind[seat] = WATCHER
                self.placements.append((seat, self.watching[seat], e["p"]))
                self.decisions.append((seat, step, "watch", None, taken))
            self.picks[e["p"]] = seat
            return
        target = self.kind[self.picks[e["p"]]]
        self.decisions.append((seat, step, "change", target, taken))
        self.kind[seat] = CHANGER
        self.picks = cascade(self.picks, e["p"], seat)[0]


def read_rounds(view):
    """The rounds of the game so far, from the view's log: the rounds of scored sets with all
    their cards, those of this set with the cards the seat knows."""
    n = view["players"]
    rounds, current = [], None
    for e in view["log"]:
        kind = e["e"]
        if kind == "round":
            current = Round(e["set"], e["round"], e["dealer"], e["shown"], n)
            rounds.append(current)
        elif kind in ("watch", "place", "change"):
            current.play(e)
        elif kind == "take":
            current.final = list(e["picks"])
        elif kind == "score":
            for r in rounds:
                if r.set == e["set"] and r.final is not None:
                    r.cards = [e["hands"][s][r.index] for s in r.final]
    played = [r for r in rounds if r.cards is None and r.final is not None]
    for r, past in zip(played, view["past"]):
        r.cards = list(past["cards"])           # this set: what the seat watched or took
    return rounds


class Model:
    """The other players as seen from ``view``'s seat (see the module's docstring)."""

    def __init__(self, view, rounds=None):
        self.seat = view["seat"]
        self.n = view["players"]
        self.rounds = read_rounds(view) if rounds is None else rounds
        self._rates()
        self._tastes()
        self._placers()
        self._last_player()

    # --- how often each player Changes --------------------------------------------------------
    def _rates(self):
        n = self.n
        counts = {}                      # (seat, step) -> [changes, decisions]
        for r in self.rounds:
            for seat, step, action, _, _ in r.decisions:
                if seat == self.seat:
                    continue
                c = counts.setdefault((seat, step), [0, 0])
                c[0] += action == "change"
                c[1] += 1
        self.change = {}
        for step in range(1, n):
            prior = LAST_CHANGE_PRIOR if step == n - 1 else CHANGE_PRIOR
            pool = [counts.get((s, step), [0, 0]) for s in range(n) if s != self.seat]
            pooled = (sum(c for c, _ in pool) + POOL_WEIGHT * prior) / (
                sum(d for _, d in pool) + POOL_WEIGHT)
            for s in range(n):
                c, d = counts.get((s, step), [0, 0])
                self.change[s, step] = (c + POOL_WEIGHT * pooled) / (d + POOL_WEIGHT)

    def change_rate(self, seat, step):
        return self.change[seat, step]

    # --- the last player: Change or take the card it saw ---------------------------------------
    def _last_player(self):
        """How the last player's Change depends on the number of the card left on the one
        empty place (which it may Watch): from the rounds whose card there is known, pooled
        over the other players, as a factor on each player's own rate of Changing last."""
        counts = [[0, 0] for _ in range(4)]          # per number: [changes, decisions]
        for r in self.rounds:
            if r.last is None or r.cards is None or r.last[0] == self.seat:
                continue
            seat, empty, changed = r.last
            card = r.cards[empty]
            if card is None:
                continue
            c = counts[card_number(card)]
            c[0] += changed
            c[1] += 1
        base = sum(c for c, _ in counts) + POOL_WEIGHT * LAST_CHANGE_PRIOR
        base /= sum(d for _, d in counts) + POOL_WEIGHT
        self.last_factor = []
        for number, (c, d) in enumerate(counts):
            prior = min(0.95, max(0.05, base + LAST_SLOPE * (1.5 - number)))
            rate = (c + LAST_WEIGHT * prior) / (d + LAST_WEIGHT)
            self.last_factor.append(rate / base)

    def last_change(self, seat, number):
        """The chance that ``seat``, playing last, Changes when the empty place holds a card
        of ``number``."""
        return min(0.98, max(0.02, self.change[seat, self.n - 1] * self.last_factor[number]))

    # --- onto whose Pick ------------------------------------------------------------------------
    def _tastes(self):
        hits = {s: {k: [0, 0] for k in KINDS} for s in range(self.n)}  # chosen, available
        for r in self.rounds:
            for seat, _, action, target, taken in r.decisions:
                if action != "change" or seat == self.seat:
                    continue
                for k in taken:
                    hits[seat][k][1] += 1
                hits[seat][target][0] += 1
        a, b = TASTE_PRIOR
        others = [s for s in range(self.n) if s != self.seat]
        pooled = {k: (sum(hits[s][k][0] for s in others) + a)
                  / (sum(hits[s][k][1] for s in others) + b) for k in KINDS}
        self.taste = {s: {k: (hits[s][k][0] + POOL_WEIGHT * pooled[k]) / (hits[s][k][1] + POOL_WEIGHT)
                          for k in KINDS} for s in range(self.n)}

    def targets(self, seat, kinds):
        """The chance that ``seat``, Changing, picks each of the Picks whose kinds are
        ``kinds`` (a list, one per Pick on the table)."""
        w = [self.taste[seat][k] for k in kinds]
        total = sum(w)
        return [x / total for x in w]

    # --- how each player places after a Watch ---------------------------------------------------
    def _placers(self):
        logs = {s: {k: 0.0 for k in PLACERS} for s in range(self.n)}
        for r in self.rounds:
            obs = [(s, seen, p) for s, seen, p in r.placements if s != self.seat and len(seen) > 1]
            if not obs or r.cards is None:
                continue
            arrs = self._arrangements(r)
            for s, seen, p in obs:
                for k in PLACERS:
                    like = sum(placement_likelihood(k, arr, seen, p) for arr in arrs) / len(arrs)
                    logs[s][k] += math.log(max(like, 1e-12))
        self.placer = {}
        others = [s for s in range(self.n) if s != self.seat]
        for s in range(self.n):
            pooled = {k: sum(logs[o][k] for o in others if o != s) for k in PLACERS}
            log = {k: math.log(PLACERS[k][1]) + logs[s][k] + PLACER_POOL * pooled[k]
                   for k in PLACERS}
            top = max(log.values())
            w = {k: math.exp(v - top) for k, v in log.items()}
            total = sum(w.values())
            self.placer[s] = {k: v / total for k, v in w.items()}

    def _arrangements(self, r):
        """The arrangements of round ``r``'s cards the seat cannot rule out."""
        cards = r.cards
        if None not in cards:
            return [cards]
        known = [c for c in cards if c is not None]
        rest = [c for c in r.shown if c not in known]
        free = [p for p, c in enumerate(cards) if c is None]
        out = []
        for perm in permutations(rest):
            arr = list(cards)
            for p, c in zip(free, perm):
                arr[p] = c
            out.append(arr)
        return out

    def placement_weight(self, seat, arr, seen, p):
        """The chance of ``seat``'s placement under the model, over its kinds of watcher."""
        return placement_mixture(self.placer[seat], arr, seen, p)
