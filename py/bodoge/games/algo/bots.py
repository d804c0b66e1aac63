"""algo bots. Each sees only its seat's view.

* easy: attacks a random hidden card with a number consistent with what it sees directly
  (colour, cards in sight, the card's known neighbours); stays at random after a hit.
* normal: per-card candidate filtering (``infer.candidates``); attacks the card with the
  fewest candidates; attacks again only when certain. (This is also the "best public
  approach" baseline of the benchmarks.)
* strong: exact counting of every hidden assignment consistent with its view across all rows
  at once (``infer.posterior``), with the hints in declarations (a player never declares a
  card they know, and declares where they see few possibilities); attacks the likeliest
  (card, number) and attacks again while the hit chance beats a threshold (lower when a hit
  would win the round, higher against several opponents). With an empty deck (and in pair
  play) it stakes the own card the others can most likely guess anyway; it always asks for a
  Toss and, asked, shows the card the table knows least about.

Pair play by rules version 2 lets a player attack their partner's cards. No level guesses at
them, and none *passes* on a card its partner showed it (a certain hit that turns its own
team's card up): measured, it never paid (``PARTNER_PASS_BELOW``).
"""

import math

from ...core.bot import Bot
from . import rules as R
from .infer import candidates, knowledge, number_of, posterior
from .puzzle import Solver, explain_view, view_position

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


class EasyBot(AlgoBot):
    level = "easy"

    def choose_attack(self, view, kn):
        cand = targetable(kn, candidates(kn, propagate=False))
        key = self.rng.choice(sorted(cand))
        options = cand[key] or list(range(24))
        return None, key[0], key[1], number_of(self.rng.choice(options))

    def attack_again(self, view, kn, choice):
        return self.rng.random() < EASY_AGAIN

    def wants_toss(self, view):
        return self.rng.random() < 0.5

    def solve_puzzle(self, view):
        """Guess among the numbers the card's face-up neighbours allow (mistakes happen)."""
        rows, colours = view_position(view)
        cand = Solver(rows, colours).direct()
        (r, p) = self.rng.choice(sorted(cand))
        tried = view["rows"][r][p]["tried"]
        options = [x for x in sorted(cand[(r, p)]) if number_of(x) not in tried]
        return {"a": "name", "r": r, "p": p, "n": number_of(self.rng.choice(options))}

    def choose_show(self, view):
        return self.rng.choice([p for p, c in enumerate(view["rows"][self.seat]) if not c["up"]])


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


BOTS = {"easy": EasyBot, "normal": NormalBot, "strong": StrongBot}
