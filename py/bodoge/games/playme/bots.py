"""Play Me! bots: three levels that think differently. How quickly they act is a separate
setting of the table (``levels.py``); the driver (``sim.py``) plays a bot's move after its
reaction time, drawn from the bot's own RNG around the mean.

A bot looks at its view (never the state) and picks one move. Every level catches the rabbit as
soon as it can and rolls again when nothing else is worth a die.

* **easy** races: it unblocks and advances whenever it can and otherwise rolls; only now and
  then (``EASY_BLOCK_CHANCE`` of the times it could) does it block someone, anyone. No level blocks
  as a Mad Alice held at 4 (she needs someone to reach 5: ``held_at_four``). It uses no
  power that asks for a choice (Alice keeps nothing), shouts Stop! the moment it may, and never
  betrays.
* **normal** blocks the leader (the opponent with most dice on its card): instead of advancing
  when the leader is two or more ahead, and whenever it cannot advance and the leader is worth a
  die. Blocked itself, it first blocks a leader who is ahead, then unblocks. Alice keeps the
  die she needs next. As the Jabberwocky it shouts Stop! at once when a survivor has something
  to lose; it betrays only when that leaves it the last sane survivor one win from the end.
* **strong** weighs each action (advance, unblock, block, the Walrus's swap, a roll) by the
  solved two-player race (``race.py``: the chance to win over every roll to come) against the
  most dangerous opponent, so it blocks when that brings its own finish nearer than the
  leader's and not otherwise. It reads the opponent's dice: the move the opponent will make
  next most likely lands before its own (``Race``), so it does not block a number the
  opponent is about to advance past, but the number after it. It reads the powers on the
  table: a Mad Walrus below 2 has not really advanced, a Mad Alice at 4 needs someone to reach
  5; Alice keeps the die that serves her next action (or her next block). As the Jabberwocky
  it holds Stop! until it has its 4 in hand (Stop! keeps its dice, so the 4 is still there to
  advance with) or a survivor is close; it betrays when the win it may then take alone is
  worth more than the shared one it risks.
"""

from ...core.bot import Bot
from ...core.protocol import rules_of
from .levels import LEVEL_REACTION, REACTIONS, level_of
from .race import after, win_chance
from .rules import PlayMe

JITTER = 0.3              # ± share of the mean reaction time
STOP_AT = 2               # normal: Stop! when a survivor has advanced this far
EASY_BLOCK_CHANCE = 0.2   # easy: how often it blocks when it could (and cannot advance)
STOP_HOLD_FROM = 1        # strong: Stop! with its next face in hand once a survivor has this many
STOP_NOW_FROM = 4         # strong: Stop! at once when a survivor has this many
PLAIN = ("advance", "unblock", "block", "swap", "roll")


# The rules the bots consult (a game object keeps nothing: this one is the package's GAME's twin,
# made here so that the bots import the rules and never the package that registers them).
RULES = PlayMe()


class PlayMeBot(Bot):
    """What every level shares: reading the phase, the reaction time, Alice's keep."""

    level = ""

    def __init__(self, seat, seed, reaction_ms=None):
        super().__init__(seat, seed)
        self.reaction_ms = reaction_ms or REACTIONS[LEVEL_REACTION[self.level]]

    def reaction(self, mean=None) -> int:
        """Milliseconds until the move this bot just chose is made: ``mean`` (the table's
        setting; default this bot's own) ± ``JITTER``."""
        mean = self.reaction_ms if mean is None else mean
        return int(mean * (1 - JITTER + 2 * JITTER * self.rng.random()))

    def act(self, view):
        game = RULES
        moves = game.moves(view, self.seat)
        if not moves:
            return None
        phase = view["phase"]
        if phase == "ready":
            return None                   # the table (screen or driver) starts rounds
        if phase == "scramble":
            return {"a": "catch"}
        if phase == "madden":
            return self.madden(view, moves)
        if phase == "betray":
            return self.betray(view, game, moves)
        return self.play(view, game, moves)

    # --- shared helpers ------------------------------------------------------------------------
    @staticmethod
    def by_action(moves):
        """The moves without Alice's keep, by action."""
        by = {}
        for m in moves:
            if "keep" not in m:
                by.setdefault(m["a"], []).append(m)
        return by

    @staticmethod
    def with_keep(move, moves, keep):
        """``move`` with Alice's keep of the first face in ``keep`` that the rules allow."""
        for face in keep or ():
            want = dict(move, keep=face)
            if want in moves:
                return want
        return move

    def leader(self, view, game):
        """The opponent with most of its own dice on its card (ties: the lower seat)."""
        foes = game.opponents(view, self.seat)
        return max(foes, key=lambda x: (game.own_count(view, x), -x)) if foes else None

    @staticmethod
    def stop_now(view, game):
        """Stop! as soon as it means something: a survivor has advanced ``STOP_AT`` or more, or
        (rules version 2) survivors' dice block the Jabberwocky and would come home."""
        far = max(game.own_count(view, x) for x in game.survivors(view))
        if far >= STOP_AT:
            return True
        return rules_of(view) >= 2 and (bool(game.foreign(view, view["jabber"]))
                                         or view["joint"] is not None)

    @staticmethod
    def held_at_four(view, game, me):
        """Whether ``me`` is a Mad Alice at 4 who advances again only once another player
        reaches 5: then a block or a swap only keeps her there (a normal Mad Alice blocking the
        one other player at 4, again and again, held a two-player round for 254 s of game
        time, and that player blocked most of it)."""
        return (game.has(view, me, "alice", "madness") and game.own_count(view, me) >= 4
                and not any(view["p"][x]["best"] >= 5 for x in range(view["players"]) if x != me))

    def wins(self, view):
        return [sum(1 for r in view["results"] if r["winner"] == x) for x in range(view["players"])]

    def madden(self, view, moves):
        """The Jabberwocky drives mad a betrayer first (who could win alone), else the survivor
        with most round wins."""
        targets = [m["s"] for m in moves]
        betrayers = [x for x in targets if x in view["betrayers"]]
        wins = self.wins(view)
        pick = min(betrayers or targets, key=lambda x: (-wins[x], x))
        return {"a": "madden", "s": pick}

    def betray(self, view, game, moves):
        """Betray only when it leaves this bot the last sane survivor one win from the end."""
        targets = [m["s"] for m in moves if m["a"] == "betray"]
        one_more = view["team_wins"] + 1 >= game.team_target(view)
        if len(targets) == 1 and one_more:
            return {"a": "betray", "s": targets[0]}
        return {"a": "spare"}

    def play(self, view, game, moves):
        raise NotImplementedError


class EasyBot(PlayMeBot):
    """Races; blocks now and then, anyone; no choices of power."""

    level = "easy"

    def madden(self, view, moves):
        return moves[int(self.rng.random() * len(moves))]

    def betray(self, view, game, moves):
        return {"a": "spare"}

    def play(self, view, game, moves):
        by = self.by_action(moves)
        if "catch" in by:
            return {"a": "catch"}
        if "stop" in by:
            return {"a": "stop"}
        for a in ("unblock", "advance"):
            if a in by:
                return by[a][0]
        foes = set(game.opponents(view, self.seat))
        hits = [m for a in ("block", "swap") for m in by.get(a, ()) if m["s"] in foes]
        if self.held_at_four(view, game, self.seat):
            hits = []
        if hits and self.rng.random() < EASY_BLOCK_CHANCE:
            return hits[int(self.rng.random() * len(hits))]
        return by["roll"][0] if "roll" in by else None


class NormalBot(PlayMeBot):
    """Blocks the leader; unblocks after blocking a leader who is ahead."""

    level = "normal"

    def play(self, view, game, moves):
        by = self.by_action(moves)
        if "catch" in by:
            return {"a": "catch"}
        if "stop" in by and self.stop_now(view, game):
            return {"a": "stop"}
        me = self.seat
        keep = self.keep_for(view, game) if game.has(view, me, "alice", "wonder") else None
        lead = self.leader(view, game)
        mine = game.own_count(view, me)
        theirs = game.own_count(view, lead) if lead is not None else -1
        hit = None if self.held_at_four(view, game, me) else self.hit_on(by, lead)
        if "unblock" in by:
            if hit is not None and theirs > mine:
                return self.kept(hit, moves, keep)
            return self.kept(by["unblock"][0], moves, keep)
        if "advance" in by:
            if hit is not None and theirs >= mine + 2:
                return self.kept(hit, moves, keep)
            return self.kept(by["advance"][0], moves, keep)
        if hit is not None and theirs >= 2 and theirs + 1 >= mine:
            return self.kept(hit, moves, keep)
        if "roll" in by:
            return self.kept(by["roll"][0], moves, keep)
        return None

    @staticmethod
    def hit_on(by, x):
        """A swap (it also takes a die off the card) or a block on seat ``x``, if any."""
        for a in ("swap", "block"):
            for m in by.get(a, ()):
                if m["s"] == x:
                    return m
        return None

    def keep_for(self, view, game):
        """Alice keeps, by the action she takes, the face she needs after it (in order of
        preference; the first one her roll has is kept)."""
        me = self.seat
        card = view["p"][me]["card"]
        nxt = game.next_number(view, me)
        if game.foreign(view, me):
            below = card[-2] if len(card) > 1 and card[-2]["o"] != [me] else None
            after_unblock = below["n"] if below else nxt - 1
            return {"unblock": [after_unblock], "block": [card[-1]["n"]],
                    "swap": [card[-1]["n"]], "roll": [card[-1]["n"]]}
        return {"advance": [nxt + 1], "block": [nxt], "swap": [nxt], "roll": [nxt]}

    def kept(self, move, moves, keep):
        """``move`` with Alice's keep by ``keep_for`` (None: she is not Alice in Wonder)."""
        return self.with_keep(move, moves, (keep or {}).get(move["a"]))


class StrongBot(NormalBot):
    """Weighs every action by the solved race (``race.py``) against the most dangerous
    opponent; reads the powers; times Stop! and betrayal."""

    level = "strong"
    p_first = 0.75       # the chance that the opponent's foreseen move lands first (``Race``)

    # --- the race ------------------------------------------------------------------------------
    def play(self, view, game, moves):
        by = self.by_action(moves)
        if "catch" in by:
            return {"a": "catch"}
        if "stop" in by and self.stop_pays(view, game):
            return {"a": "stop"}
        me = self.seat
        foes = game.opponents(view, me)
        opp = min(foes, key=lambda x: self.chance(view, game, x, {}))
        races = {x: self.race_with(view, game, x) for x in foes} if self.p_first else None
        cands = [m for a in PLAIN for m in by.get(a, ())]
        if races is not None:
            cands += [m for x in foes for m in races[x].ahead(by)]
        best, best_value = None, None
        for m in cands:
            value = self.worth(view, game, m, foes, races, m in moves)
            if value is None:
                continue
            value += PREFER.get(m["a"], 0.0)
            if best_value is None or value > best_value:
                best, best_value = m, value
        if best is None:
            return None
        if best.get("ahead"):
            return {k: v for k, v in best.items() if k != "ahead"}
        if game.has(view, me, "alice", "wonder"):
            best = self.with_keep(best, moves, self.keeps(view, game, best, opp))
        return best

    def worth(self, view, game, move, foes, races, legal_now):
        """This bot's chance to finish first after ``move``: its chance in the race against
        each opponent, multiplied (as if the races were independent), so that a die spent on
        one opponent counts against the ground lost to the others. None: not worth weighing
        (a hit on a teammate, or one that would hurt this bot)."""
        if move["a"] in ("block", "swap") and move["s"] not in foes:
            return None
        value = 1.0
        for x in foes:
            change = self.change(view, game, move, x)
            if change is None:
                return None
            if races is None:
                value *= self.chance(view, game, x, change)
            else:
                value *= races[x].value(move, change, legal_now)
        return value

    def race_with(self, view, game, opp):
        """The race against ``opp`` from here, its next move foreseen."""
        me = self.seat
        pos = [self.progress(view, game, me), 1 if game.foreign(view, me) else 0,
               self.progress(view, game, opp), 1 if game.foreign(view, opp) else 0]
        return Race(self, view, game, opp, pos)

    def progress(self, view, game, x):
        """Seat ``x``'s own dice that count: a Mad Walrus below 2 that has yet to start again
        will lose them."""
        own = game.own_count(view, x)
        p = view["p"][x]
        if own < 2 and game.has(view, x, "walrus", "madness") and not p["reset_used"]:
            return 0
        return own

    def chance(self, view, game, opp, change):
        """This bot's chance in the race against ``opp`` after an action of its own that
        changes the position by ``change`` (keys: ``a``, ``b``, ``c``, ``d`` added)."""
        me = self.seat
        a = self.progress(view, game, me) + change.get("a", 0)
        b = (1 if game.foreign(view, me) else 0) + change.get("b", 0)
        c = self.progress(view, game, opp) + change.get("c", 0)
        d = (1 if game.foreign(view, opp) else 0) + change.get("d", 0)
        return after(a, b, c, d)

    def change(self, view, game, move, opp):
        """How ``move`` changes the race against ``opp`` (None: it would hurt this bot)."""
        a = move["a"]
        if a == "advance":
            return {"a": 1}
        if a == "unblock":
            return {"b": -1} if len(game.foreign(view, self.seat)) == 1 else {}
        if a == "roll" or move["s"] != opp:
            return {}                 # a hit on another changes nothing in this race
        if self.held_at_four(view, game, self.seat):
            return None               # it only keeps her at 4 longer, and costs her a die
        if move.get("ahead"):
            return {"d": 1}
        if a == "block":
            return {"d": 1}
        top = view["p"][opp]["card"][-1]
        return {"c": -1, "d": 1} if top["o"] == [opp] else {"d": 1}

    @staticmethod
    def blocker(view, x):
        """Whether seat ``x`` has blocked (or swapped) anyone in this game so far."""
        return any(e.get("e") in ("block", "swap", "joint") and e.get("s") == x
                   for e in view["log"])

    def keeps(self, view, game, move, opp):
        """Alice's keep, in order of preference: the face her next action needs, else the face
        that would block the most dangerous opponent."""
        first = super().keep_for(view, game).get(move["a"], [])
        extra = []
        if not game.foreign(view, opp) and opp != self.seat:
            extra.append(game.block_number(view, opp))
        return first + extra

    # --- the Jabberwocky's Stop! and the survivors' betrayal ----------------------------------
    def stop_pays(self, view, game):
        """Stop! keeps the Jabberwocky's dice: shout it with the next face in hand (the advance
        follows at once), once a survivor has something to lose; shout it at once if a
        survivor is close to the end, or if survivors' dice block the Jabberwocky."""
        me = self.seat
        far = max(game.own_count(view, x) for x in game.survivors(view))
        if far >= STOP_NOW_FROM:
            return True
        if rules_of(view) >= 2 and (game.foreign(view, me) or view["joint"] is not None) and far:
            return True
        if rules_of(view) < 2 and game.own_count(view, me) > 3:
            return far >= STOP_AT        # version 1: no waiting past 3 (Stop! stays open)
        return game.next_number(view, me) in view["p"][me]["roll"] and far >= STOP_HOLD_FROM

    def betray(self, view, game, moves):
        """Betray when the win it may then take alone is worth more than the shared one.

        Team rounds go to the survivors with chance ``q``, and to this bot with chance ``p``
        of those, as the table has seen them so far (a prior of one round each way).
        Betraying the only other sane survivor leaves one survivor for the Jabberwocky to
        drive mad; sparing leaves two. The team still needs ``r`` round wins."""
        targets = [m["s"] for m in moves if m["a"] == "betray"]
        if len(targets) != 1:
            return {"a": "spare"}
        me = self.seat
        rounds = [res for res in view["results"]
                  if res["jabber"] and res["game"] == view["game_no"]]
        team = [res for res in rounds if res["winner"] != view["jabber"]]
        q = (len(team) + 1) / (len(rounds) + 2)
        p = (sum(1 for res in team if res["winner"] == me) + 1) / (len(team) + 2)
        r = game.team_target(view) - view["team_wins"]
        share = 1 / len(game.survivors(view))
        spare = _first_to(r, 2, q) * share
        alone = _first_to(r, 1, q) * (p + (1 - p) * share)
        return {"a": "betray", "s": targets[0]} if alone > spare else {"a": "spare"}


class Race:
    """The race against ``opp`` with its next move foreseen: its dice are on the table, and its
    move (decided when it last looked) most likely comes before this bot's own, a reaction
    time from now (``StrongBot.p_first``)."""

    def __init__(self, bot, view, game, opp, pos):
        self.bot, self.opp, self.pos = bot, opp, pos
        p = view["p"][opp]
        roll = p["roll"]
        me = bot.seat
        a, b, c, d = pos
        self.opp_next = game.next_number(view, opp)
        self.opp_block = game.block_number(view, opp)
        self.queen = game.has(view, me, "queen", "wonder")
        my_block = game.block_number(view, me)
        blocks_me = (not b and not game.has(view, me, "cat", "wonder") and my_block in roll
                     and len(roll) >= 2 and bot.blocker(view, opp))
        if game.own_count(view, opp) == 6 and not d:
            self.pred = "catch"
        elif d:
            top = view["p"][opp]["card"][-1]["n"]
            self.pred = "unblock" if top in roll else ("block" if blocks_me else "roll")
        elif self.opp_next in roll:
            self.pred = "advance"
        else:
            self.pred = "block" if blocks_me else "roll"
        self.my_roll = view["p"][me]["roll"]
        self.hostable = not game.has(view, opp, "cat", "wonder")

    def ahead(self, by):
        """A block that fits only once the opponent has advanced as foreseen."""
        n = self.opp_block + 1
        if (self.pred != "advance" or not self.hostable or n > 6 or n not in self.my_roll
                or len(self.my_roll) < 2
                or any(m["n"] == n and m["s"] == self.opp for m in by.get("block", ()))):
            return []
        return [{"a": "block", "n": n, "s": self.opp, "ahead": True}]

    @staticmethod
    def apply(pos, change):
        return [pos[0] + change.get("a", 0), pos[1] + change.get("b", 0),
                pos[2] + change.get("c", 0), pos[3] + change.get("d", 0)]

    PRED = {"advance": {"c": 1}, "unblock": {"d": -1}, "block": {"b": 1}, "roll": {}}

    def mine_after_theirs(self, move):
        """Whether ``move`` still stands after the opponent's foreseen move."""
        a, pred = move["a"], self.pred
        if a == "advance":
            return pred != "block"
        if a == "block":
            if pred == "advance":
                return move["n"] == self.opp_block + 1 or (move["n"] == 1 and self.queen)
            return not move.get("ahead")
        if a == "swap":
            return pred not in ("advance", "unblock")
        return True

    def theirs_after_mine(self, change):
        """Whether the opponent's foreseen move still stands after this bot's."""
        pred = self.pred
        if pred == "advance":
            return not change.get("d")
        if pred == "block":
            return not change.get("a") and not change.get("b")
        if pred == "catch":
            return not change.get("c")
        return True

    def value(self, move, change, legal_now):
        """This bot's chance after ``move`` (which changes the position by ``change``; it may
        fit only after the opponent's move, ``legal_now`` False): the opponent's foreseen move
        lands first with chance ``p_first``, then this bot's if it still fits, and the
        opponent is next to act; or this bot's first, then theirs if it still fits."""
        if self.pred == "catch" and not change.get("c"):
            return 0.0
        p = self.bot.p_first
        theirs = self.PRED.get(self.pred, {})
        # they first, then this bot (if its move still stands); they move next
        pos = self.apply(self.pos, theirs)
        if self.pred != "catch" and self.mine_after_theirs(move):
            pos = self.apply(pos, change)
        first = after(*pos) if self.pred != "catch" else 0.0
        # this bot first (if its move stands now), then they (if theirs still stands)
        pos = self.apply(self.pos, change) if legal_now else list(self.pos)
        if self.theirs_after_mine(change if legal_now else {}) and self.pred != "catch":
            pos = self.apply(pos, theirs)
        second = win_chance(*pos)
        return p * first + (1 - p) * second


# strong: near-ties (the table keeps 4 decimals) go to progress, and a roll beats a block that
# changes nothing in the race (it would only keep a die out of hand)
PREFER = {"advance": 2e-4, "unblock": 1e-4, "roll": 5e-5}


def _first_to(need, others, q):
    """The chance that a side winning each round with chance ``q`` wins ``need`` rounds before
    the other side wins ``others``."""
    memo = {}

    def f(x, y):
        if x == 0:
            return 1.0
        if y == 0:
            return 0.0
        if (x, y) not in memo:
            memo[x, y] = q * f(x - 1, y) + (1 - q) * f(x, y - 1)
        return memo[x, y]

    return f(need, others)


BOTS = {"easy": EasyBot, "normal": NormalBot, "strong": StrongBot}


def make_bot(level, seat, seed, reaction_ms=None):
    """A bot of ``level`` (today's names, or the old speed names of records made before:
    ``levels.py``); its reaction time by default its level's (slow, normal, fast as before)."""
    return BOTS[level_of(level)](seat, seed, reaction_ms)
