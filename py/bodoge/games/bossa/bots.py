"""Bossa bots. Each sees only its seat's view (hands are open, so the only unknown is the order
of the unseen tiles: the deck and the tile put aside).

* easy: places tiles when it can (a random placement, mostly a large one), else a random action.
* normal: one ply: every legal move is scored by ``evaluate`` on the position it leads to
  (tiles left in hand; over every possible next draw, the chance that either side could then
  win at once or would be stuck, and how many placements it would have; lines filled toward
  six; actions kept in reserve); the best one is played.
* strong: Monte Carlo search over the draws. The candidates are normal's best moves; each is
  played out to the end of the game many times, every playout with a fresh random order of the
  unseen tiles (so each draw comes with its true probability) and a fast greedy policy for both
  players. Sequential halving spends the playouts on the moves that stay in the race; all
  candidates of a round share the same tile orders. It stops at its playout budget or its time
  budget, whichever comes first, and yields between playouts so the page stays responsive.
"""

import random

from ...core.bot import Bot, Deadline, finish
from ...core.protocol import clone
from . import rules as R

RULES = R.Bossa()      # the rules object the samples are played by (the package's GAME's twin)

STRONG_PLAYOUTS = 480       # playouts per decision (the time budget may stop it earlier)
STRONG_SECONDS = 0.4        # time budget per decision (decision times in Pyodide: benchmarks/bossa.md)
STRONG_CANDIDATES = 6       # moves kept for the search (normal's best)
BLIND_SAMPLES = 24          # hands sampled for an opening choice made without seeing the own hand
WIN = 1000.0


def next_turn(pos, seat, pool):
    """If ``seat`` moved next, drawing one of ``pool``: the chances that it could then win at
    once (empty its hand, or fill the sixth place of its own line) and that it would be stuck;
    and how many placements it has on average."""
    hand = pos["hands"][seat]
    line = pos["lines"][pos["own"][seat]] if pos["variant"] == "advanced" else None
    sixth = line is not None and R.places_count(line) == R.SIX - 1
    own_line = pos["own"][seat]
    actions = not pos["used"][seat]["exchange"] or \
        R.can_redraw(pos, seat, len(pos["deck"]) - 1)
    wins = stuck = options = 0
    draws = pool or [None]
    for t in draws:
        pos["hands"][seat] = sorted(hand + [t]) if t is not None else hand
        places = R.placements(pos, seat)
        options += len(places)
        full = len(pos["hands"][seat])
        if any(len(m["tiles"]) == full or (sixth and m["line"] == own_line) for m in places):
            wins += 1
        elif not places and not actions:
            st = R.stacks(pos, seat)
            if any(len(m["tiles"]) == full for m in st):
                wins += 1
            elif not st:
                stuck += 1
    pos["hands"][seat] = hand
    n = len(draws)
    return wins / n, stuck / n, options / n


def evaluate(pos, me, pool):
    """How good ``pos`` (a state-shaped dict, the opponent to move next, drawing from
    ``pool``) looks for ``me``."""
    if pos["phase"] == "over":
        winners = pos["result"]["winners"]
        return 0.0 if len(winners) == 2 else (WIN if winners == [me] else -WIN)
    you = R.other(me)
    hands = pos["hands"]
    score = 3.0 * (len(hands[you]) - len(hands[me]))
    your_win, your_stuck, your_options = next_turn(pos, you, pool)
    my_win, my_stuck, my_options = next_turn(pos, me, pool)
    score += 120.0 * (your_stuck - your_win) + 40.0 * (my_win - my_stuck)
    score += 0.4 * (min(my_options, 8) - min(your_options, 8))
    if pos["variant"] == "advanced":
        pm, py = (R.places_count(pos["lines"][pos["own"][s]]) for s in (me, you))
        score += 1.5 * (pm - py)
    used = pos["used"]
    for a, worth in ACTION_WORTH.items():
        score += worth * ((not used[me][a]) - (not used[you][a]))
    return score


ACTION_WORTH = {"redraw": 2.5, "exchange": 3.5, "stack": 1.5}


def sample(view, rng):
    """A full state consistent with ``view``: the unseen tiles in a random order fill the deck
    (and, before the hands are opened, the opponent's hand)."""
    pool = list(view["unseen"])
    rng.shuffle(pool)
    hands = [list(h) if h is not None else None for h in view["hands"]]
    for s, h in enumerate(hands):
        if h is None:
            hands[s] = sorted(pool.pop() for _ in range(view["hand_sizes"][s]))
    deck = pool[:view["deck"]]
    return {"variant": view["variant"], "phase": view["phase"], "turn": view["turn"],
            "rolls": list(view["rolls"]), "high": view["high"], "own": list(view["own"]),
            "first": view["first"], "lines": clone(view["lines"]), "hands": hands,
            "used": clone(view["used"]), "discard": [], "deck": deck, "removed": None,
            "result": None, "log": []}


def play(pos, seat, move):
    """Play ``move`` on a sampled state in place (no log kept in the play phase)."""
    if pos["phase"] in ("choose", "side"):
        RULES._play(pos, seat, move)
    else:
        R.play_turn(pos, seat, move)


def copy_pos(pos):
    return {**pos, "lines": [{"die": line["die"], "lo": list(line["lo"]), "hi": list(line["hi"])}
                             for line in pos["lines"]],
            "hands": [list(h) for h in pos["hands"]], "used": [dict(u) for u in pos["used"]],
            "own": list(pos["own"]), "deck": list(pos["deck"]), "discard": list(pos["discard"]),
            "log": []}


class BossaBot(Bot):
    def act(self, view):
        if view.get("due"):
            return dict(R.DRAW)        # the turn's draw (rules version 3): nothing to choose
        return self.decide(view)

    def decide(self, view):
        raise NotImplementedError

    def moves(self, view):
        return R.view_moves(view, self.seat)

    def score_moves(self, view, moves):
        """[(score, index, move)] best first, by ``evaluate`` on the position right after each
        move, before the opponent's draw (a Redraw's own draw comes from a sampled deck)."""
        return finish(self.scoring(view, moves))

    def scoring(self, view, moves):
        """``score_moves`` as a generator yielding after each move's score, so that the page
        can run it in slices (30-odd moves took 13 ms in CPython, over 100 at 4× in the page)."""
        base = sample(view, self.rng)
        hands = None
        scored = []
        for i, move in enumerate(moves):
            if view["phase"] == "play":
                pos = copy_pos(base)
                R.apply_move(pos, self.seat, move)
                if not R.end_checks(pos, self.seat):
                    pos["turn"] = R.other(self.seat)
                score = evaluate(pos, self.seat, view["unseen"])
            else:
                if hands is None:
                    hands = self.opening_hands(view)
                score = self.opening_score(view, move, hands)
            scored.append((score + self.rng.random() * 0.01, i, move))
            yield
        scored.sort(key=lambda x: (-x[0], x[1]))
        return scored

    def opening_hands(self, view):
        """The own hands the opening choice is weighed over: the hand itself when the view shows
        it; else (rules version 2, the lower roller chooses before seeing it) hands sampled
        from the tiles it has not seen."""
        hand = view["hands"][self.seat]
        if hand is not None:
            return [list(hand)]
        return [sample(view, self.rng)["hands"][self.seat] for _ in range(BLIND_SAMPLES)]

    def opening_score(self, view, move, hands):
        """The opening choice: how many placements the own hand has (on average over ``hands``)
        with the dice laid as the choice lays them (for "first", the worse of the two ways, plus
        a little for the tempo)."""
        def fits(line):
            total = 0
            for hand in hands:
                pos = {"variant": view["variant"], "hands": [[], []],
                       "lines": [{"die": None, "lo": [], "hi": []} for _ in R.LINES]}
                pos["hands"][self.seat] = hand
                pos["lines"][line]["die"] = view["rolls"][self.seat]
                pos["lines"][R.other(line)]["die"] = view["rolls"][R.other(self.seat)]
                total += len(R.placements(pos, self.seat))
            return total / len(hands)

        if move["a"] == "own":
            return fits(move["line"])
        return min(fits(c) for c in R.LINES) + 1


class EasyBot(BossaBot):
    level = "easy"

    def decide(self, view):
        moves = self.moves(view)
        places = [m for m in moves if m["a"] == "place"]
        if places:
            if self.rng.below(2):
                most = max(len(m["tiles"]) for m in places)
                places = [m for m in places if len(m["tiles"]) == most]
            return self.rng.choice(places)
        return self.rng.choice(moves)


class NormalBot(BossaBot):
    level = "normal"

    def decide(self, view):
        scored = yield from self.scoring(view, self.moves(view))
        return scored[0][2]


class StrongBot(BossaBot):
    level = "strong"
    playouts = STRONG_PLAYOUTS
    seconds = STRONG_SECONDS
    candidates = STRONG_CANDIDATES

    def decide(self, view):
        moves = self.moves(view)
        if len(moves) == 1:
            return moves[0]
        return self.search(view, moves)

    def search(self, view, moves):
        race = yield from self.race(view, moves)
        if race["won"] is not None:
            return race["won"]
        best = max(race["live"], key=lambda i: (race["wins"][i] / max(1, race["runs"][i]), -i))
        return race["alive"][best]

    def race(self, view, moves, keep=None, playouts=None, seconds=None):
        """The search (a generator, yielding between playouts): normal's best moves (and
        ``keep``, if given and not among them) played out from random orders of the unseen
        tiles, sequential halving over ``playouts`` or ``seconds``. Returns {"alive": the
        candidates, "wins"/"runs": per candidate, "live": those still in the race, "won": a
        move that wins at once (then nothing was played out), "keep": its index or None}."""
        deadline = Deadline(self.seconds if seconds is None else seconds)
        fast = random.Random(self.rng.u32())     # playouts need speed more than our own RNG
        ranked = [m for _, _, m in (yield from self.scoring(view, moves))]
        alive = ranked[:self.candidates]
        if keep is not None and keep not in alive:
            alive.append(keep)
        out = {"alive": alive, "wins": {i: 0.0 for i in range(len(alive))},
               "runs": {i: 0 for i in range(len(alive))}, "live": list(range(len(alive))),
               "won": None, "keep": alive.index(keep) if keep is not None else None}
        # a move that wins at once needs no search
        if view["phase"] == "play":
            base = sample(view, self.rng)
            for move in alive:
                pos = copy_pos(base)
                R.apply_move(pos, self.seat, move)
                if R.end_checks(pos, self.seat) and pos["result"]["winners"] == [self.seat]:
                    out["won"] = move
                    return out
                yield
        wins, runs, live = out["wins"], out["runs"], out["live"]
        rounds = max(1, (len(live) - 1).bit_length())
        budget = self.playouts if playouts is None else playouts
        for r in range(rounds):
            per = max(1, budget // (len(live) * (rounds - r)))
            for _ in range(per):
                base = sample(view, fast)
                for i in live:
                    wins[i] += self.playout(copy_pos(base), alive[i], fast)
                    runs[i] += 1
                    budget -= 1
                    yield                   # a playout can take a few ms: one a slice's step
                if deadline.passed():
                    break
            if deadline.passed() or len(live) == 1:
                break
            live.sort(key=lambda i: (-wins[i] / max(1, runs[i]), i))
            live[:] = live[:max(1, (len(live) + 1) // 2)]
        return out

    def playout(self, pos, move, rng):
        me = self.seat
        play(pos, me, move)
        while pos["phase"] != "over":
            seat = pos["turn"]
            if pos["phase"] == "side":
                play(pos, seat, {"a": "own", "line": rng.randrange(2)})
                continue
            R.play_turn(pos, seat, rollout_move(pos, seat, rng))
        winners = pos["result"]["winners"]
        return 0.5 if len(winners) == 2 else float(winners == [me])


def rollout_move(pos, seat, rng):
    """The fast greedy policy of the playouts: win at once if possible; else the placement
    with the most tiles (own line first, the opponent's line last); else Stack; else swap a
    random tile (Exchange for an opponent's tile that fits an open place alone, else Redraw)."""
    hand = pos["hands"][seat]
    places = R.placements(pos, seat)
    advanced = pos["variant"] == "advanced"
    if places:
        best, best_score = None, None
        mine = pos["own"][seat] if advanced else None
        theirs = pos["own"][R.other(seat)] if advanced else None
        for m in places:
            k = len(m["tiles"])
            score = 3.0 * k + rng.random() * 2.0
            if k == len(hand):
                score += 100.0
            if advanced:
                line = pos["lines"][m["line"]]
                if m["line"] == mine:
                    score += 1.5 + (100.0 if R.places_count(line) == R.SIX - 1 else 0.0)
                elif m["line"] == theirs:
                    score -= 2.0 + (50.0 if R.places_count(line) == R.SIX - 1 else 0.0)
            if best_score is None or score > best_score:
                best, best_score = m, score
        return best
    st = R.stacks(pos, seat)
    if st:
        return max(st, key=lambda m: len(m["tiles"]) + rng.random())
    if not pos["used"][seat]["exchange"]:
        # take an opponent's tile that fits an open place on its own, if there is one
        singles = {(c, n) for c in R.LINES for _, n, counts in R.open_ends(pos["lines"][c], pos["variant"])
                   if 1 in counts}
        theirs = pos["hands"][R.other(seat)]
        good = [t for t in theirs if any(R.VALUE[c][t] == n for c, n in singles)]
        if good or not R.can_redraw(pos, seat, len(pos["deck"])):
            return {"a": "exchange", "give": rng.choice(hand), "take": rng.choice(good or theirs)}
    return {"a": "redraw", "tile": rng.choice(hand)}


BOTS = {"easy": EasyBot, "normal": NormalBot, "strong": StrongBot}
