"""ALTER bots. Each sees only its seat's view: the revealed cards of the round, what it
watched, where Pick cards are and went (the public log), its own cards and the public score
sheets.

* easy: Changes or Watches at random; after a Watch takes the highest number it saw (or, now
  and then, any of them).
* normal: counts the arrangements of the round's cards consistent with what it saw (all
  equally likely); predicts how later Changes will push its Pick (from how often the others
  have changed so far); and values each card by the expected score of its final hand — base,
  every bonus, a Min estimate and the chance of a Victory — over the cards still to come in
  the set.
* strong: the same reckoning under a model of the other players learned from the game so far
  (``model.py``, from the view's public log and the hands shown when each set is scored): how
  often each player Changes at each step of a round and onto whose Pick (a dealer's, a
  watcher's or a changer's), which predicts where its own Pick will be pushed; and how each
  player places after a Watch (greedy, anticipating a push, or at random, weighed by its past
  placements), which weighs the arrangements of the round's cards. A last player who watched
  and then changed probably disliked the card it saw. Between choices worth nearly the same it
  draws at random (seeded), so a player who counts on its habits gains nothing.
"""

import math
from functools import lru_cache
from itertools import combinations, permutations

from ...core.bot import Bot
from . import model as M
from .rules import (BONUS_POINTS, ROUNDS_PER_SET, VICTORY, card_number, cascade,
                    hand_bonuses)

# strong bot's model (named so a sweep can tune them)
VICTORY_VALUE = 40.0        # a Victory wins the game: worth this many points of a set
MIN_CHANCE = {0: 0.9, 1: 0.85, 2: 0.75, 3: 0.6, 4: 0.4, 5: 0.25, 6: 0.12, 7: 0.05}
OTHERS_BETA = 1.2           # how sharply a watcher is assumed to prefer higher numbers
CHANGE_PRIOR = (1.0, 2.0)   # prior (changes, decisions) for how often the others change
EASY_BEST = 0.6             # easy: after a Watch, take the highest number this often
TEMPERATURE = 0.02          # strong: near-equal choices (in points) are drawn at random
NEAR = 4.0                  # strong: only choices within this many temperatures of the best


def _events_this_round(view):
    log = view["log"]
    start = next(i for i in range(len(log) - 1, -1, -1) if log[i]["e"] == "round")
    return log[start + 1:]


class AlterBot(Bot):
    def best(self, scored):
        """The move of highest value; ties broken by the bot's own RNG."""
        top = max(v for v, _ in scored)
        ties = [m for v, m in scored if v >= top - 1e-9]
        return ties[self.rng.below(len(ties))]


class EasyBot(AlterBot):
    level = "easy"

    def act(self, view):
        moves = view["moves"]
        if view["phase"] == "watched":
            seen = [(card_number(p["card"]), i) for i, p in enumerate(view["places"])
                    if p["card"] is not None and p["pick"] is None]
            if seen and self.rng.random() < EASY_BEST:
                return {"a": "place", "p": max(seen)[1]}
        return moves[self.rng.below(len(moves))]


class Reasoner(AlterBot):
    """Shared reasoning: arrangements of the round's cards consistent with the view."""

    model_others = False      # weight arrangements by the others' choices

    def act(self, view):
        return self.best(self.score_moves(view))

    def score_moves(self, view):
        """[(value, move)] for every legal move: the expected worth of the final hand (see
        ``card_value``) after it, over the arrangements of the round's cards (the analysis
        shows these as expected points)."""
        steps = self.scoring(view)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def scoring(self, view):
        """``score_moves`` as a generator that yields now and then (after each card's worth
        and each move), so the analysis can run it in slices; it returns the list."""
        n = view["players"]
        self.prepare(view)
        known = {p: pl["card"] for p, pl in enumerate(view["places"]) if pl["card"] is not None}
        unknown_cards = sorted(set(view["shown"]) - set(known.values()))
        unknown_places = [p for p in range(n) if p not in known]
        arrangements = []
        for perm in permutations(unknown_cards):
            arr = [None] * n
            for p, c in known.items():
                arr[p] = c
            for p, c in zip(unknown_places, perm):
                arr[p] = c
            arrangements.append(arr)
        weights = [self.weight(view, arr) for arr in arrangements]
        if sum(weights) <= 0:           # the others' choices were all "impossible": no model
            weights = [1.0] * len(arrangements)
        yield
        self.values = {}
        for c in view["shown"]:
            self.values[c] = self.card_value(view, c)
            yield
        self.p_change = self.change_rate(view)
        picks = [p["pick"] for p in view["places"]]
        later = n - view["step"] - 1
        scored = []
        for move in view["moves"]:
            if move["a"] == "watch":
                scored.append((self.watch_value(picks, later, arrangements, weights), move))
            else:
                after = self.after(picks, move)
                dist = self.final_places(after, later, self.kind_after(view, move))
                scored.append((self.expected(dist, arrangements, weights), move))
            yield
        return scored

    def prepare(self, view):
        """Read what the decision needs from ``view`` besides the cards (the strong bot: its
        model of the others)."""

    # --- the round -----------------------------------------------------------------------------
    @staticmethod
    def kind_after(view, move):
        """The kind of Pick the seat's becomes by ``move`` (see ``model``)."""
        if move["a"] == "change":
            return M.CHANGER
        return M.DEALER if view["step"] == 0 else M.WATCHER

    def after(self, picks, move):
        if move["a"] == "place":
            new = list(picks)
            new[move["p"]] = self.seat
            return new
        return cascade(picks, move["p"], self.seat)[0]

    def final_places(self, picks, later, kind=None):
        """Distribution of the own Pick's final place after ``later`` more players (``kind``:
        of the own Pick, which this level does not use)."""
        if later == 0:
            return {picks.index(self.seat): 1.0}
        dist = {}
        self._push(picks, later, 1.0, dist)
        return dist

    def _push(self, picks, later, prob, dist):
        if prob <= 0.0:
            return
        if later == 0:
            q = picks.index(self.seat)
            dist[q] = dist.get(q, 0.0) + prob
            return
        empty = [p for p, s in enumerate(picks) if s is None]
        taken = [p for p, s in enumerate(picks) if s is not None]
        other = -1 - later         # a stand-in seat for a later player
        pc = self.p_change
        for p in taken:
            self._push(cascade(picks, p, other)[0], later - 1, prob * pc / len(taken), dist)
        for p in empty:
            new = list(picks)
            new[p] = other
            self._push(new, later - 1, prob * (1 - pc) / len(empty), dist)

    def expected(self, dist, arrangements, weights):
        total = sum(weights)
        value = 0.0
        for q, pq in dist.items():
            value += pq * sum(w * self.values[arr[q]] for arr, w in zip(arrangements, weights)) / total
        return value

    def watch_value(self, picks, later, arrangements, weights):
        """Watch: the empty places become known; then the best follow-up is played (the
        moves the rules allow after a Watch: an empty place, or a Change if last)."""
        empty = [p for p, s in enumerate(picks) if s is None]
        taken = [p for p, s in enumerate(picks) if s is not None]
        groups = {}
        for arr, w in zip(arrangements, weights):
            key = tuple(arr[p] for p in empty)
            groups.setdefault(key, ([], []))
            groups[key][0].append(arr)
            groups[key][1].append(w)
        follow = [{"a": "place", "p": p} for p in empty]
        if later == 0:
            follow += [{"a": "change", "p": p} for p in taken]
        kinds = [M.WATCHER if m["a"] == "place" else M.CHANGER for m in follow]
        dists = [self.final_places(self.after(picks, m), later, k) for m, k in zip(follow, kinds)]
        total = sum(weights)
        value = 0.0
        for arrs, ws in groups.values():
            best = max(self.expected(d, arrs, ws) for d in dists)
            value += sum(ws) / total * best
        return value

    # --- what the others' choices say ------------------------------------------------------------
    def weight(self, view, arr):
        if not self.model_others:
            return 1.0
        w = 1.0
        watching = {}
        mean = sum(card_number(c) for c in arr) / len(arr)
        for e in _events_this_round(view):
            seat = e.get("seat")
            if seat == self.seat:
                continue
            if e["e"] == "watch":
                watching[seat] = e["places"]
            elif e["e"] == "place" and seat in watching:
                seen = watching.pop(seat)
                utils = [OTHERS_BETA * card_number(arr[p]) for p in seen]
                top = max(utils)
                w *= math.exp(OTHERS_BETA * card_number(arr[e["p"]]) - top) / sum(
                    math.exp(u - top) for u in utils)
            elif e["e"] == "change" and seat in watching:
                seen = watching.pop(seat)      # the last player watched, then changed
                dislike = OTHERS_BETA * (card_number(arr[seen[0]]) - mean)
                w *= 1.0 / (1.0 + math.exp(dislike))
        return w

    def change_rate(self, view):
        changes, decisions = CHANGE_PRIOR
        for e in view["log"]:
            if e.get("seat") == self.seat:
                continue
            if e["e"] == "change":
                changes += 1
                decisions += 1
            elif e["e"] == "watch":
                decisions += 1
        return changes / decisions

    # --- what a card is worth --------------------------------------------------------------------
    def card_value(self, view, card):
        """Expected score of the final hand with ``card``, the rest of the set drawn from the
        cards still in the deck (every combination, equally likely)."""
        hand = list(view["hand"]) + [card]
        future = ROUNDS_PER_SET - len(hand)
        pool = view["deck_left"]
        if future <= 0 or len(pool) < future:
            return hand_score(hand)
        combos = list(combinations(pool, future))
        return sum(hand_score(hand + list(c)) for c in combos) / len(combos)


class NormalBot(Reasoner):
    level = "normal"


class StrongBot(Reasoner):
    """The normal bot's reckoning under a model of the others learned from the game so far
    (``model.Model``): what each watcher's placement says about the cards, and where each later
    player's Change will push the own Pick. Between choices of near-equal worth it picks at
    random (``TEMPERATURE``), so its habits cannot be counted on."""

    level = "strong"
    model_others = True

    def prepare(self, view):
        self.model = M.Model(view)
        current = self.model.rounds[-1] if self.model.rounds else None
        self.kinds = dict(current.kind) if current is not None else {}
        n, step = view["players"], view["step"]
        first = view["dealer"]
        self.later = [((first + step + k) % n, step + k) for k in range(1, n - step)]
        self.observed = self.observations(view, self.seat)

    def best(self, scored):
        """A move drawn among those worth nearly the best: each with a weight that falls by a
        factor e every ``TEMPERATURE`` points below the best (by the bot's own RNG)."""
        top = max(v for v, _ in scored)
        near = [(math.exp((v - top) / TEMPERATURE), m) for v, m in scored
                if v >= top - NEAR * TEMPERATURE]
        x = self.rng.random() * sum(w for w, _ in near)
        for w, m in near:
            x -= w
            if x < 0:
                return m
        return near[-1][1]

    # --- where the later players push the own Pick ---------------------------------------------
    def final_places(self, picks, later, kind=None):
        """Where the own Pick ends: each later player Changes at its learned rate for its step,
        onto a Pick chosen by its learned taste for dealers', watchers' and changers' Picks;
        otherwise it puts its Pick on an empty place. The last player's Change depends on the
        card left for it, so with a last player still to come this is ``{empty place: (seat,
        {place: chance} if it takes that card, {place: chance} if it Changes)}``, the chances
        summing to 1 over both (``expected`` weighs them by the cards); else ``{place:
        chance}``."""
        mine = (kind or M.WATCHER, True)
        table = tuple(None if s is None else mine if s == self.seat else (self.kinds[s], False)
                      for s in picks)
        if later == 0:
            return {picks.index(self.seat): 1.0}
        k = len(self.later) - later
        seat, _ = self.later[-1]
        out = {}
        for before, pr in self._tables(table, k):
            e = before.index(None)
            stay, moved = out.setdefault(e, (seat, {}, {}))[1:]
            q = next(p for p, t in enumerate(before) if t and t[1])
            stay[q] = stay.get(q, 0.0) + pr
            taken = [p for p, t in enumerate(before) if t is not None]
            for p, share in zip(taken, self.model.targets(seat, [before[p][0] for p in taken])):
                after = cascade(before, p, (M.CHANGER, False))[0]
                q = next(x for x, t in enumerate(after) if t and t[1])
                moved[q] = moved.get(q, 0.0) + pr * share
        return out

    def _tables(self, table, k):
        """[(table before the last player, chance)] from ``table`` with the later players
        from ``self.later[k]`` on (the last one excluded) still to play."""
        tables = {table: 1.0}
        for seat, step in self.later[k:-1]:
            pc = self.model.change_rate(seat, step)
            nxt = {}
            for t, pr in tables.items():
                taken = [p for p, x in enumerate(t) if x is not None]
                empty = [p for p, x in enumerate(t) if x is None]
                shares = self.model.targets(seat, [t[p][0] for p in taken])
                for p, share in zip(taken, shares):
                    new = tuple(cascade(t, p, (M.CHANGER, False))[0])
                    nxt[new] = nxt.get(new, 0.0) + pr * pc * share
                for p in empty:
                    new = list(t)
                    new[p] = (M.WATCHER, False)
                    new = tuple(new)
                    nxt[new] = nxt.get(new, 0.0) + pr * (1 - pc) / len(empty)
            tables = nxt
        return list(tables.items())

    def expected(self, dist, arrangements, weights):
        """The worth of the own final card over the arrangements; with a last player to come,
        its Change is as likely as the model says for the card left on the empty place."""
        if not dist or not isinstance(next(iter(dist.values())), tuple):
            return super().expected(dist, arrangements, weights)
        values, last = self.values, self.model.last_change
        parts = [(e, seat, list(stay.items()), list(moved.items()))
                 for e, (seat, stay, moved) in dist.items()]
        value = 0.0
        for arr, w in zip(arrangements, weights):
            v = 0.0
            for e, seat, stay, moved in parts:
                pc = last(seat, card_number(arr[e]))
                v += (1 - pc) * sum(pr * values[arr[q]] for q, pr in stay)
                v += pc * sum(pr * values[arr[q]] for q, pr in moved)
            value += w * v
        return value / sum(weights)

    # --- what the others' choices say ------------------------------------------------------------
    def weight(self, view, arr):
        """How likely the others' choices of this round are with the cards lying as ``arr``:
        each watcher's placement under the model of how it places; a last player who watched
        and then changed probably disliked the card it saw."""
        w = 1.0
        for seat, seen, p in self.observed:
            if p is not None:
                w *= M.placement_mixture(self.model.placer[seat], arr, seen, p)
            else:
                mean = sum(card_number(c) for c in arr) / len(arr)
                w /= 1.0 + math.exp(OTHERS_BETA * (card_number(arr[seen[0]]) - mean))
        return w

    @staticmethod
    def observations(view, seat):
        """The others' Watches of this round that say something about the cards: (seat, places
        seen, place taken), the place None for a last player who watched and then changed."""
        out, watching = [], {}
        for e in _events_this_round(view):
            if e.get("seat") == seat:
                continue
            if e["e"] == "watch":
                watching[e["seat"]] = e["places"]
            elif e["e"] == "place" and e["seat"] in watching:
                seen = watching.pop(e["seat"])
                if len(seen) > 1:
                    out.append((e["seat"], seen, e["p"]))
            elif e["e"] == "change" and e["seat"] in watching:
                out.append((e["seat"], watching.pop(e["seat"]), None))
        return out


def hand_score(hand):
    return _hand_score(tuple(sorted(hand)))


@lru_cache(maxsize=8192)
def _hand_score(hand):
    """The bot's worth of a final hand: base + bonuses + a Min estimate + Victory."""
    base = sum(card_number(c) for c in hand)
    value = base + MIN_CHANCE.get(base, 0.0) * BONUS_POINTS["min"]
    for b in hand_bonuses(hand):
        value += VICTORY_VALUE if b == VICTORY else BONUS_POINTS[b]
    return value


BOTS = {"easy": EasyBot, "normal": NormalBot, "strong": StrongBot}
