"""Play Me! bots. They all play the same way; their difficulty is their speed.

A bot looks at its view (never the state) and picks one move; the driver (``sim.py``) plays it
after the bot's reaction time, drawn from the bot's own RNG around the level's mean. Choices,
in order: catch the rabbit; shout Stop! as the Jabberwocky as soon as the rules allow it (rules
version 2: only while its advance stands at 3) if a survivor has something to lose; unblock;
advance (the Hatter uses its second advance, Alice keeps the die she needs next); block (or,
as the Walrus, swap) the leading opponent when blocking is worth a die; otherwise roll again.
"""

from ...core.bot import Bot
from ...core.protocol import rules_of
from .rules import PlayMe

REACTION_MS = {"slow": 2200, "normal": 1300, "fast": 750}   # mean time to see and act
JITTER = 0.3                                                  # ± share of the mean
STOP_AT = 2               # the Jabberwocky stops when a survivor has advanced this far


# The rules the bots consult (a game object keeps nothing: this one is the package's GAME's twin,
# made here so that the bots import the rules and never the package that registers them).
RULES = PlayMe()


class PlayMeBot(Bot):
    level = ""

    def reaction(self) -> int:
        mean = REACTION_MS[self.level]
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

    # --- choices after a round of the Jabberwocky phase ---------------------------------------
    def madden(self, view, moves):
        targets = [m["s"] for m in moves]
        betrayers = [x for x in targets if x in view["betrayers"]]
        wins = [sum(1 for r in view["results"] if r["winner"] == x) for x in range(view["players"])]
        pick = min(betrayers or targets, key=lambda x: (-wins[x], x))
        return {"a": "madden", "s": pick}

    def betray(self, view, game, moves):
        """Betray only when it leaves this bot the last sane survivor one win from the end."""
        targets = [m["s"] for m in moves if m["a"] == "betray"]
        one_more = view["team_wins"] + 1 >= game.team_target(view)
        if len(targets) == 1 and one_more:
            return {"a": "betray", "s": targets[0]}
        return {"a": "spare"}

    # --- the race ------------------------------------------------------------------------------
    def play(self, view, game, moves):
        me = self.seat
        by = {}
        for m in moves:
            by.setdefault(m["a"], []).append(m)
        if "catch" in by:
            return {"a": "catch"}
        if "stop" in by and self.stop_worth(view, game):
            return {"a": "stop"}
        plain = lambda a: [m for m in by.get(a, ()) if "keep" not in m]
        keep = self.keep_for(view, game) if game.has(view, me, "alice", "wonder") else None
        for a in ("unblock", "advance"):
            if plain(a):
                return self.with_keep(plain(a)[0], by.get(a, ()), keep)
        hit = self.best_hit(view, game, plain("block") + plain("swap"))
        if hit is not None:
            return self.with_keep(hit, by.get(hit["a"], ()), keep)
        if plain("roll"):
            return self.with_keep({"a": "roll"}, by.get("roll", ()), keep)
        return None

    @staticmethod
    def stop_worth(view, game):
        """Stop! comes once a round, and (rules version 2) only while the Jabberwocky's advance
        stands at 3: shout it at once unless no survivor has anything to lose."""
        far = max(game.own_count(view, x) for x in game.survivors(view))
        if far >= STOP_AT:
            return True
        # version 2: the survivors' dice blocking it (or being placed to) come home too
        return rules_of(view) >= 2 and (bool(game.foreign(view, view["jabber"]))
                                         or view["joint"] is not None)

    def keep_for(self, view, game):
        """Alice keeps the face she will need next: her next number after this action."""
        me = self.seat
        card = view["p"][me]["card"]
        nxt = game.next_number(view, me)
        if game.foreign(view, me):
            after = card[-2] if len(card) > 1 and card[-2]["o"] != [me] else None
            return {"unblock": after["n"] if after else nxt - 1, "block": card[-1]["n"],
                    "swap": card[-1]["n"], "roll": card[-1]["n"]}
        return {"advance": nxt + 1, "block": nxt, "swap": nxt, "roll": nxt}

    @staticmethod
    def with_keep(move, variants, keep):
        if keep:
            want = keep.get(move["a"])
            for m in variants:
                if m.get("keep") == want and all(m.get(k) == v for k, v in move.items()):
                    return m
        return move

    def best_hit(self, view, game, hits):
        """Block or swap the opponent furthest ahead, if they are ahead enough to be worth a die."""
        me = self.seat
        foes = set(game.opponents(view, me))
        mine = game.own_count(view, me)
        best, best_score = None, None
        for m in hits:
            x = m["s"]
            if x not in foes:
                continue
            theirs = game.own_count(view, x)
            if theirs < 2 or theirs + 1 < mine:
                continue
            score = (theirs + (1 if m["a"] == "swap" else 0), -x)
            if best_score is None or score > best_score:
                best, best_score = m, score
        return best


class SlowBot(PlayMeBot):
    level = "slow"


class NormalBot(PlayMeBot):
    level = "normal"


class FastBot(PlayMeBot):
    level = "fast"


BOTS = {"slow": SlowBot, "normal": NormalBot, "fast": FastBot}
