"""A frozen copy of ALTER's bots as they were before issue 28 (commit d69e6d5), for the
benchmarks to measure today's bots against (tools/bench_alter.py). Bench-only: it lives in
tools/, outside the package the site ships. Do not tune it; it is the yardstick.

The original docstring follows.

ALTER bots. Each sees only its seat's view: the revealed cards of the round, what it
watched, where Pick cards are and went (the public log), its own cards and the public score
sheets.

* easy: Changes or Watches at random; after a Watch takes the highest number it saw (or, now
  and then, any of them).
* normal: counts the arrangements of the round's cards consistent with what it saw (all
  equally likely); predicts how later Changes will push its Pick (from how often the others
  have changed so far); and values each card by the expected score of its final hand — base,
  every bonus, a Min estimate and the chance of a Victory — over the cards still to come in
  the set.
* strong: the same, with the arrangements weighted by what the others' choices say: a player
  who watched and took a place probably took a good card, a last player who watched and then
  changed probably disliked the card it saw.
"""

import math
from functools import lru_cache
from itertools import combinations, permutations

from bodoge.core.bot import Bot
from bodoge.games.alter.rules import (BONUS_POINTS, ROUNDS_PER_SET, VICTORY, card_number, cascade,
                    hand_bonuses)

# strong bot's model (named so a sweep can tune them)
VICTORY_VALUE = 40.0        # a Victory wins the game: worth this many points of a set
MIN_CHANCE = {0: 0.9, 1: 0.85, 2: 0.75, 3: 0.6, 4: 0.4, 5: 0.25, 6: 0.12, 7: 0.05}
OTHERS_BETA = 1.2           # how sharply a watcher is assumed to prefer higher numbers
CHANGE_PRIOR = (1.0, 2.0)   # prior (changes, decisions) for how often the others change
EASY_BEST = 0.6             # easy: after a Watch, take the highest number this often


def _events_this_round(view):
    log = view["log"]
    start = max(i for i, e in enumerate(log) if e["e"] == "round")
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
                dist = self.final_places(after, later)
                scored.append((self.expected(dist, arrangements, weights), move))
            yield
        return scored

    # --- the round -----------------------------------------------------------------------------
    def after(self, picks, move):
        if move["a"] == "place":
            new = list(picks)
            new[move["p"]] = self.seat
            return new
        return cascade(picks, move["p"], self.seat)[0]

    def final_places(self, picks, later):
        """Distribution of the own Pick's final place after ``later`` more players."""
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
        dists = [self.final_places(self.after(picks, m), later) for m in follow]
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
    level = "strong"
    model_others = True


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
