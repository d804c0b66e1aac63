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
  play) it stakes the own card the others can most likely guess anyway; it asks for a Toss
  when its partner has a face-down card it does not know yet and, asked, shows the card the
  table knows least about. It reads a failed declaration as evidence weighed by its declarer's
  bluff rate, and on a poor first guess bluffs itself (declares one of its own numbers) as
  often as its opponents are seen to believe declarations.

Pair play by rules version 2 lets a player attack their partner's cards. No level guesses at
them, and none *passes* on a card its partner showed it (a certain hit that turns its own
team's card up): measured, it never paid (``PARTNER_PASS_BELOW``).
"""

import math

from ...core.bot import Bot
from . import rules as R
from .infer import (Posterior, bluffs_seen, candidates, card_id, heed_tests, knowledge, number_of,
                    posterior, this_round, view_cards, walk)
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
# Declarations as evidence, not proof (issue 28). A player may declare a number they hold
# themselves (it must miss): a bluff. The strong bot estimates, per player, the share of their
# failed declarations that are bluffs from those the table has seen resolved (the card turned
# up, or every card at a round's end): (bluffs + a) / (resolved + a + b) with BLUFF_PRIOR = (a,
# b). A failed declaration then weighs the declared number on each card its declarer knew by
# DOUBT_SCALE times the odds of a bluff, instead of ruling it out.
BLUFFER_PRIOR = 0.25
BLUFFER_BETA = (1.5, 3.5)
HONEST_SHARE = 0.01
DOUBT_SCALE = 3.0
# The strong bot's own bluffs (``StrongBot.bluff``): on the first attack of a turn when its
# best guess is under BLUFF_BELOW, with the chance min(1, BLUFF_RATE x the mean chance that its
# opponents read declarations as proof, ``read_chances``). A bluff on a reader makes the bluffed
# card one it will not name. Two players, 1000 games a setting on the same seeds against the old
# strong bot / the bluffer (tools/algo_ab.py; both read declarations as proof): below 0.5, rate
# 0.5: 53.3% / 57.5%; rate 1: 57.0% / 61.5%; rate 2 (every poor first guess until the opponent
# is seen to ignore declarations): 62.2% / 66.2%; below 0.6, rate 2: 65.1% / 69.0%. Against
# normal, which ignores declarations, the bluffs cost: 79.9% (500 games) falls to 73.2% (below
# 0.5, rate 2) and 67.6% (below 0.6), 72.3% once our bluffs count as tests of reading
# (HEED_BLUFFS) and a reader is believed to slip only READ_SLIP = 1% of the time; with those,
# below 0.6 and rate 2: 62.2% / 66.7% (honest exact reader: 58.4% -> 69.0%).
BLUFF_BELOW = 0.6
BLUFF_RATE = 2.0
BLUFF_EXPOSED = 0.0
BLUFF_SAFE = False
MIX_SEATS = 1
AGAIN_HONEST = True
BLUFF_PICK = "most"
BLUFF_ABOVE = 0.0
BLUFF_MAX = None
LOOKAHEAD_K = 0
LOOKAHEAD_WITHIN = 0.5
LOOKAHEAD_W = 1.0
READ_PRIOR = 0.5
READ_SLIP = 0.01
HEED_BLUFFS = True
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
        if view["phase"] == "attack":
            choice = self.bluff(view, kn, choice) or choice
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

    def bluff(self, view, kn, choice):
        """A declaration of a number we hold ourselves instead of ``choice`` (it must miss), or
        None: only the strong bot bluffs."""
        return None

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


def bluffer_chances(view):
    """{seat: (the chance that this player bluffs, their share of bluffs if they do)}, from the
    bluffs and honest misses the table has seen settled (``infer.bluffs_seen``). Two kinds of
    player: one who never bluffs (but for a slip: HONEST_SHARE of their failed declarations)
    and a bluffer, whose share is unknown (a Beta(BLUFFER_BETA) prior); BLUFFER_PRIOR of the
    players bluff. One bluff seen makes a bluffer almost certain; each honest miss makes one a
    little less likely."""
    a, b = BLUFFER_BETA
    out = {}
    for s, (bl, honest) in bluffs_seen(view).items():
        log_bluffer = (math.lgamma(a + bl) + math.lgamma(b + honest) - math.lgamma(a + b + bl + honest)
                       - math.lgamma(a) - math.lgamma(b) + math.lgamma(a + b))
        log_honest = bl * math.log(HONEST_SHARE) + honest * math.log(1 - HONEST_SHARE)
        odds = BLUFFER_PRIOR / (1 - BLUFFER_PRIOR) * math.exp(min(60.0, log_bluffer - log_honest))
        out[s] = (odds / (1 + odds), (a + bl) / (a + b + bl + honest))
    return out


def bluff_rates(view):
    """{seat: the expected share of that player's failed declarations that are bluffs}."""
    return {s: pb * share + (1 - pb) * HONEST_SHARE for s, (pb, share) in bluffer_chances(view).items()}


def read_chances(view, seat):
    """{opponent: the chance that they read ``seat``'s failed declarations as proof}, from
    where they declared on its cards (``infer.heed_tests``): a reader names a number ``seat``
    declared in vain only by a slip (READ_SLIP), a player who ignores declarations as often
    as those numbers are among the card's possible ones (our bluffs included, HEED_BLUFFS: a
    player who names a number we bluffed on finds our card). Prior: READ_PRIOR."""
    odds = {s: (1 - READ_PRIOR) / READ_PRIOR for s in range(view["players"]) if s != seat}
    for s, q, ignored in heed_tests(view, seat, HEED_BLUFFS):
        odds[s] *= q / READ_SLIP if ignored else (1 - q) / (1 - READ_SLIP)
    return {s: 1 / (1 + o) for s, o in odds.items()}


def doubts(rates):
    """{seat: likelihood factor} for ``infer.knowledge``'s ``doubt``: how much a failed
    declaration of a number leaves of the chance that its declarer holds it (DOUBT_SCALE times
    the odds of a bluff: see there)."""
    return {s: DOUBT_SCALE * f / (1 - f) for s, f in rates.items()}


def strong_knowledge(view, hide_own=False, kinds=None):
    """What the strong bot knows from ``view``: the declarations read as evidence, weighed by
    each declarer's estimated bluff rate (``bluff_rates``; ``kinds`` = {seat: share}: as if
    that player's share were known), and where they declared (weighed by STRONG_LIKELIHOOD).
    ``hide_own``: what the rest of the table can know of our own row."""
    rates = bluff_rates(view)
    rates.update(kinds or {})
    again = doubts({None: HONEST_SHARE})[None] if AGAIN_HONEST else None
    return knowledge(view, hide_own=hide_own, likelihood=STRONG_LIKELIHOOD, doubt=doubts(rates),
                     doubt_again=again)


def strong_posterior(view, hide_own=False):
    """(Knowledge, Posterior): the strong bot's exact counting from ``view`` (the analysis
    shows it: each hidden card's chances for the view's seat). Whether a player bluffs is
    itself uncertain: for the MIX_SEATS players whose declarations hint at hidden cards and
    whose kind is least certain, the count is a mixture over both kinds (each weighed by its
    chance from the settled declarations, ``bluffer_chances``, times how well it explains the
    view: the count's total weight), so declarations that only a bluff explains make a bluffer
    likelier at once; the other players' declarations are weighed by their expected rate."""
    chances = bluffer_chances(view)
    me = view["seat"]
    hinted = {e["seat"] for e in this_round(view["log"]) if e["e"] == "attack" and not e["hit"]
              and not e.get("partner") and (hide_own or e["seat"] != me)}
    mixed = sorted(hinted, key=lambda s: -chances[s][0] * (1 - chances[s][0]))[:MIX_SEATS]
    parts = []
    for combo in range(1 << len(mixed)):
        weight, kinds = 1.0, {}
        for i, s in enumerate(mixed):
            pb, share = chances[s]
            if combo >> i & 1:
                weight *= pb
                kinds[s] = share
            else:
                weight *= 1 - pb
                kinds[s] = HONEST_SHARE
        if weight <= 0:
            continue
        kn = strong_knowledge(view, hide_own, kinds)
        post = posterior(kn)
        parts.append((weight, kn, post))
    return mix(parts)


def mix(parts):
    """(Knowledge, Posterior) of a mixture: ``parts`` = [(prior weight, Knowledge, Posterior)]
    over the same hidden cards, each posterior weighed by its prior times its total."""
    kn = parts[0][1]
    if len(parts) == 1:
        return kn, parts[0][2]
    total = sum(w * post.total for w, _, post in parts)
    dist = {key: {} for key in parts[0][2].dist}
    if total <= 0:
        return kn, Posterior(0, dist)
    for w, _, post in parts:
        share = w * post.total / total
        if not share:
            continue
        for key, d in post.dist.items():
            out = dist[key]
            for cid, pr in d.items():
                out[cid] = out.get(cid, 0.0) + share * pr
    return kn, Posterior(total, dist)


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


def own_bluffs(view, seat):
    """How many times ``seat`` bluffed this round."""
    cards = view_cards(view)
    n = 0
    for e, knew, _ in walk(view, this_round(view["log"]), cards):
        if e["seat"] == seat and not e["hit"]:
            x = card_id(e["n"], cards[e["k"]][1])
            n += any(cards[k][2] == x for k in knew)
    return n


def lookahead(kn, post, guess):
    """Among the likeliest guesses, the one whose hit leads furthest: value p * (1 + best next
    chance after it)."""
    cands = sorted(((pr, s, p, cid) for (s, p), d in post.dist.items() if s in kn.opponents
                    for cid, pr in d.items()), key=lambda g: (-g[0], g[1], g[2], g[3]))
    cands = [g for g in cands[:LOOKAHEAD_K] if g[0] >= guess[0] * LOOKAHEAD_WITHIN]
    if len(cands) <= 1:
        return guess
    best, best_v = guess, -1.0
    for g in cands:
        pr, s, p, cid = g
        sl = next(x for x in kn.rows[s] if x.pos == p)
        keep = sl.excluded
        sl.excluded = set(range(12)) - {cid >> 1}
        nxt = posterior(kn)
        sl.excluded = keep
        after = max((q for (s2, p2), d in nxt.dist.items() if s2 in kn.opponents and (s2, p2) != (s, p)
                     for q in d.values()), default=1.0)
        v = pr * (1 + LOOKAHEAD_W * after)
        if v > best_v + 1e-12:
            best, best_v = g, v
    return best


class StrongBot(AlgoBot):
    level = "strong"

    def knowledge(self, view):
        return strong_knowledge(view)

    def choose_attack(self, view, kn):
        kn, post = strong_posterior(view)
        guess = best_guess(kn, post)
        if guess is None:        # cannot happen with a consistent view; stay safe anyway
            return NormalBot.choose_attack(self, view, kn)
        if LOOKAHEAD_K:
            guess = lookahead(kn, post, guess)
        best_p, s, p, cid = guess
        return best_p, s, p, number_of(cid)

    def attack_again(self, view, kn, choice):
        p = choice[0]
        hidden_left = sum(len(kn.rows[s]) for s in kn.opponents)
        if hidden_left == 1:                     # this hit would win the round
            return p >= STRONG_AGAIN_FOR_ROUND
        two_sided = view["mode"] == "pair" or len(kn.opponents) == 1
        return p >= (STRONG_AGAIN if two_sided else STRONG_AGAIN_MULTI)

    def public_chances(self, view, seats=None):
        """{(seat, position): {id: probability}} of the face-down cards of ``seats`` (default:
        ours): how well the table (everyone but us) knows them, our declarations read as it
        can read them. Exact counting, or candidate filtering when that would be slow (pair
        play's four rows of six)."""
        seats = {self.seat} if seats is None else seats
        kn = strong_knowledge(view, hide_own=True)
        states = 1
        for slots in kn.rows:
            states *= len(slots) + 1
        if states <= EXACT_STATES:
            kn, post = strong_posterior(view, hide_own=True)
            return {key: d for key, d in post.dist.items() if key[0] in seats}
        cand = candidates(kn)
        return {key: {c: 1 / len(v) for c in v} for key, v in cand.items() if key[0] in seats and v}

    def bluff(self, view, kn, choice):
        """Declare one of our own face-down numbers instead of a poor guess: it must miss, but
        a player who reads declarations now thinks we do not hold it. Only on the compulsory
        first attack of a turn (after a hit we may stay), when the best guess is under
        BLUFF_BELOW and a hit would not win the round, as often as the opponents are seen to
        read declarations as proof (BLUFF_RATE x ``read_chances``, at most always). The card:
        the one the table is likeliest to name (never the drawn card or the one at stake: a miss turns
        those up and shows the bluff at once); the target: an opponent's face-down card of its
        colour where the table finds that number likeliest, so it looks like a guess."""
        if choice[0] is None or not BLUFF_ABOVE <= choice[0] < BLUFF_BELOW or not BLUFF_RATE:
            return None
        if sum(len(kn.rows[s]) for s in kn.opponents) <= 1:
            return None
        if BLUFF_MAX is not None and own_bluffs(view, self.seat) >= BLUFF_MAX:
            return None
        reads = read_chances(view, self.seat)
        rate = min(1.0, BLUFF_RATE * sum(reads[s] for s in kn.opponents) / len(kn.opponents))
        if self.rng.random() >= rate:
            return None
        stake = self.choose_stake(view) if view["drawn"] is None and view["stake"] is None else None
        if view["stake"] is not None:
            stake = next((p for p, c in enumerate(view["rows"][self.seat]) if c["k"] == view["stake"]), None)
        table = self.public_chances(view, {self.seat} | kn.opponents)
        hard = None
        if BLUFF_SAFE:
            hard = {p: set(v) for (s, p), v in
                    candidates(knowledge(view, hide_own=True), propagate=False).items() if s == self.seat}
        best = None
        for q, mine in enumerate(view["rows"][self.seat]):
            if mine["up"] or q == stake:
                continue
            x = card_id(mine["n"], mine["c"])
            if hard is not None and any(not (v - {x}) for v in hard.values()):
                continue
            exposed = table.get((self.seat, q), {}).get(x, 0.0)
            for s in sorted(kn.opponents):
                for sl in kn.rows[s]:
                    looks = table.get((s, sl.pos), {}).get(x, 0.0)
                    if sl.colour == mine["c"] and sl.lo < x < sl.hi and mine["n"] not in sl.excluded \
                            and looks > 0:
                        key = (exposed if BLUFF_PICK == "most" else -exposed if BLUFF_PICK == "least" else (x * 7919 + len(view["log"])) % 13, looks, -s, -sl.pos)
                        if best is None or key > best[0]:
                            best = (key, s, sl.pos, mine["n"])
        if best is None:
            return None
        return None, best[1], best[2], best[3]

    def choose_stake(self, view):
        # Put at stake the card the others are likeliest to find anyway.
        chances = self.public_chances(view)
        best, best_pr = None, -1.0
        for p, card in enumerate(view["rows"][self.seat]):
            if card["up"]:
                continue
            pr = chances.get((self.seat, p), {}).get(card["n"] * 2 + card["c"], 0.0)
            if pr > best_pr:
                best, best_pr = p, pr
        return best

    def wants_toss(self, view):
        """Ask for a Toss only when it can tell us something: some face-down card of our
        partner's we do not know yet (one shown before, or every card of theirs known, and a
        Toss only tells the opponents that we asked)."""
        mate = R.partner(self.seat)
        return any(not c["up"] and c["n"] is None for c in view["rows"][mate])

    def choose_show(self, view):
        """Show the partner the card the table knows least about (the most informative)."""
        chances = self.public_chances(view)
        shown = {e["k"] for e in view["log"] if e["e"] == "show" and e["seat"] == self.seat}
        best = None
        for p, card in enumerate(view["rows"][self.seat]):
            if card["up"]:
                continue
            d = chances.get((self.seat, p), {})
            entropy = -sum(pr * math.log(pr) for pr in d.values() if pr > 0)
            key = (card["k"] not in shown, entropy, -p)
            if best is None or key > best[0]:
                best = (key, p)
        return best[1]


BOTS = {"easy": EasyBot, "normal": NormalBot, "strong": StrongBot}
