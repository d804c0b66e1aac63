"""The exploit of issue 28, re-created from its description for tools/bench_algo.py (bench-only,
not in the site's zip): "an exact-posterior player that sometimes declares a number it holds
itself (when its best guess is under one half)".

* ``ExactBot``: counts every assignment of the hidden cards its view allows (exact posterior;
  the frozen inference of tools/algo_strong_v1.py, so later changes to the game's own
  inference do not change this opponent), attacks the likeliest (card, number), attacks again
  while that chance is at least one half. It reads a missed declaration as proof that the
  declarer does not hold the number (``hints``), as the old strong bot did, unless those
  hints contradict each other.
* ``BlufferBot``: the same player, but on the compulsory first attack of a turn, when its best
  guess is under one half, with probability ``rate`` it declares the number of one of its own
  face-down cards instead (never the drawn card's or the card at stake, which a miss turns up
  at once), on an opponent's face-down card of that colour whose face-up neighbours allow
  that number, so the declaration looks like a guess. The declaration must miss: the bluff
  costs the chance of a hit, and tells a reader of declarations that the bluffer does not
  hold a card it holds.
"""

from algo_strong_v1 import hints_contradict, knowledge, posterior, public_bounds

from bodoge.core.bot import Bot
from bodoge.games.algo.rules import CARDS


def card_id(n, c):
    return n * 2 + c


class ExactBot(Bot):
    level = "exact"
    rate = 0.0            # bluffs: the share of eligible first attacks turned into a bluff
    below = 0.5           # bluff only when the best guess is under this
    again = 0.5           # attack again while the best guess is at least this
    hints = True          # read missed declarations as proof

    def act(self, view):
        if view["phase"] == "toss":
            own = [p for p, c in enumerate(view["rows"][self.seat]) if not c["up"]]
            return {"a": "show", "p": own[0]}
        kn = knowledge(view, hints=self.hints)
        if self.hints and hints_contradict(kn):
            kn = knowledge(view, hints=False)
        post = posterior(kn)
        best = None
        for (s, p), d in sorted(post.dist.items()):
            if s not in kn.opponents:
                continue
            for cid, pr in sorted(d.items()):
                if best is None or pr > best[0] + 1e-12:
                    best = (pr, s, p, cid)
        if view["phase"] == "again" and (best is None or best[0] < self.again):
            return {"a": "stay"}
        stake = None
        if view["drawn"] is None and view["stake"] is None:
            own = [p for p, c in enumerate(view["rows"][self.seat]) if not c["up"]]
            stake = own[self.rng.below(len(own))]
        move = None
        if (view["phase"] == "attack" and self.rate and best is not None and best[0] < self.below
                and self.rng.random() < self.rate):
            move = self.bluff(view, kn, stake)
        if move is None:
            if best is None:           # nothing consistent: any opponent's face-down card
                s = min(kn.opponents)
                p = next(i for i, c in enumerate(view["rows"][s]) if not c["up"])
                move = {"a": "attack", "s": s, "p": p, "n": 0}
            else:
                _, s, p, cid = best
                move = {"a": "attack", "s": s, "p": p, "n": cid >> 1}
        if stake is not None:
            move["w"] = stake
        return move

    def bluff(self, view, kn, stake):
        """A declaration of one of our own face-down numbers on a plausible target, or None."""
        options = []
        for q, mine in enumerate(view["rows"][self.seat]):
            if mine["up"] or q == stake:
                continue
            x = card_id(mine["n"], mine["c"])
            for s in sorted(kn.opponents):
                row = view["rows"][s]
                for p, card in enumerate(row):
                    if card["up"] or card["c"] != mine["c"]:
                        continue
                    lo, hi = public_bounds(row, p)
                    if lo < x < hi <= CARDS:
                        options.append({"a": "attack", "s": s, "p": p, "n": mine["n"]})
        return options[self.rng.below(len(options))] if options else None


class BlufferBot(ExactBot):
    level = "bluffer"
    rate = 0.5


def bluffer(rate=0.5, below=0.5, hints=True):
    """A bluffer class with the given rate (0: the honest exact player)."""
    return type("Bluffer", (ExactBot,), {"rate": rate, "below": below, "hints": hints,
                                          "level": f"bluffer {rate:g}" if rate else "exact"})
