"""Play Me! (PlayMe: Alice in Wonderdice / プレイミー). Spec: shared/rules/playme.md.

A real-time game: there are no turns. Every seat may act at any moment while a round runs
(``to_move`` lists them all), and events are applied in the order they arrive. Each move carries
its game time in milliseconds under ``"t"``; ``check`` refuses a time earlier than the last
event's, so a record (which keeps every move with its time) replays to the same game. Dice are
rolled from the state's RNG when an event applies. The engine itself never looks at a clock:
the screen (or a simulated clock in CPython) stamps the moves.

Each seat has six dice of its character's colour: ``pool`` of them in hand, of which the faces
in ``roll`` are usable (the Mad Hatter may have one die set aside), the rest on character cards.
A card is a row of up to six slots filled left to right; a slot is ``{"n": face, "o": owners}``
(``owners`` is ``[seat]`` for one die, several seats for the survivors' joint block of the Mad
Jabberwocky rule, ``[]`` for the Caterpillar's neutral die). Dice of another colour on a card
(blocks) always form the right end of its row, because nobody may advance while blocked.

Moves (JSON, every one with ``"t"``; ``"keep"``: Alice's Wonder power keeps one die of that
face out of the next re-roll):
  ``{"a": "ready"}``                      start the next round (a 3-2-1 countdown, then play)
  ``{"a": "advance", "n": 3}``            "3, Advance!"
  ``{"a": "block", "n": 4, "s": seat}``   "4, Block!" on another seat's card
  ``{"a": "unblock", "n": 2}``            send the rightmost foreign die on your card home
  ``{"a": "swap", "n": 5, "s": seat}``    the Walrus's Wonder power
  ``{"a": "roll"}``                       roll again when you can neither advance nor unblock
  ``{"a": "catch"}``                      catch the White Rabbit (or the Jabberwocky tile)
  ``{"a": "stop"}``                       the Jabberwocky's Stop!
  ``{"a": "madden", "s": seat}``          the Jabberwocky, having won a round, maddens a survivor
  ``{"a": "betray", "s": seat}`` / ``{"a": "spare"}``   a sane survivor's choice after a win

Rules version 2 corrects five points (the ``V2_*`` constants): Stop! only at exactly 3, Stop!
sends every survivor die home, Play Me! with 2 players, the Mad Jabberwocky crown, and the
number a block needs. A state made by version 1 carries no version and plays as it always did.
Version 3 changes no rule: a round once settled (the catch, and the Play Me! race or the
choice that followed it) is recorded in the log as a ``settled`` event with all its summary
shows (``settled``); for an older record ``settled_of`` makes the same event from its log.
"""

from ...core.errors import BadOptions, IllegalMove
from ...core.protocol import Game, Outcome, clone, is_int, rules_of
from ...core.rng import Rng
from .levels import LEVELS, Levels, level_of

CHARS = ("alice", "queen", "cat", "hatter", "caterpillar", "walrus")
DICE = 6
SLOTS = 6
COUNTDOWN_MS = 3000           # "3, 2, 1, Play me!" before every round
MAX_T = (1 << 53) - 1         # game times are exact in JavaScript numbers too
NEUTRAL = []                  # owners of the Mad Caterpillar's neutral blocking die
CHALLENGE_GAMES = len(CHARS)  # Challenge: everyone plays every character once

# Rulings (shared/rules/playme.md and decisions where the source is silent); each is shown on
# the in-app rules page (strings playme.ruling.*).
RULING_ROLL_WHEN_NO_PROGRESS = True  # roll again whenever you can neither advance nor unblock
RULING_KEEP_A_DIE = True             # you cannot block (or swap) with your last usable die
RULING_ALICE_KEEP_ROLLS = True       # Alice keeps a die only when at least one other is rolled
RULING_RETURNED_DICE_ROLLED = True   # dice coming home are rolled as they arrive
RULING_UNBLOCK_RETURNS_BOTH = True   # the unblocking die goes back to your pool as well
RULING_NEXT_SLOT = True              # v1: the "lowest missing number" is the next slot's number
RULING_WIN_OWN_DICE = True           # to catch, 1–6 of your own colour must stand on your card
RULING_QUEEN_ONE_BLOCKS_ONLY = True  # the Queen's 1 works for Block, not for the Walrus's swap
RULING_SWAP_ANY_TOP = True           # the Walrus may swap the top die whatever its colour
RULING_NEUTRAL_IS_A_BLOCK = True     # the Mad Caterpillar's neutral die counts as the one block
RULING_HATTER_BONUS_ADVANCE = True   # the Hatter's second advance: advance again or roll
RULING_LATCHED_REACH = True          # "until X reaches n" counts the furthest advance this round
RULING_WALRUS_BLOCKS_BACK = True     # the Mad Walrus's reset also takes back its blocking dice
RULING_STOP_ONCE = True              # v1: Stop! once per round, while 3+ own dice stand on its card
RULING_STOP_RESTART = True           # after Stop! survivors start over as at a round start
RULING_JABBER_WINS_MADDEN = True     # a Jabberwocky round win maddens a Wonder survivor (its pick)
RULING_NO_FLIP_IN_JABBER = True      # survivors' round wins do not turn their cards
RULING_TRUE_WINNER = True            # betrayer wins alone: the final catch, as the last sane one
RULING_JOINT_BLOCK = True            # Mad Jabberwocky: joint dice show the same, no Queen's 1
RULING_SCRAMBLE = True               # Play Me!: the round winner is out of the race (3+ players)
RULING_SEAL_UNTIL_FLIP = True        # a sealed power stays sealed until the card turns again
RULING_PLAY_ME_RABBIT_ONLY = True    # Play Me! applies in the White Rabbit phase only

# Rules version 2 (issue 12, a referee's reading of the source): each correction is keyed by the
# version a game is played by (``rules_of``), so that version-1 records replay as they were.
V2_BLOCK_BY_FACES = 2     # Block uses the lowest number missing among the faces on the card
V2_STOP_AT_THREE = 2      # 「アドバンスが3まで進んだ時に」: Stop! only while its advance is exactly 3
V2_STOP_TAKES_ALL = 2     # Stop!: survivors take back every die of theirs, blocks on it too
V2_PLAY_ME_TWO = 2        # Play Me! with 2 players: both race, the slower restarts
V2_CROWN_SURVIVOR = 2     # Mad Jabberwocky: the crown goes to the earliest rabbit winner who survives
V3_SETTLED = 3            # a settled round's summary is recorded in the log ("settled")
FINAL = ("p", "jabber", "betrayers", "team_wins", "game_no")   # a game's last table, when the next begins
SETTLING = ("catch", "slowest", "madden", "betray", "spare")   # events after which a round may be settled


def _bad(message, what):
    return IllegalMove(message, key=f"playme.error.{what}")


class PlayMe(Game):
    id = "playme"
    rules_version = 3
    min_players = 2
    max_players = 6
    bot_levels = Levels(LEVELS)      # the old speed names (slow, fast) are still accepted
    realtime = True

    # --- options -----------------------------------------------------------------------------
    def options(self, raw):
        raw = self.raw_options(raw, {"players", "characters", "play_me", "challenge", "mad_jabberwocky"})
        n = self.players_option(raw, 3, range(self.min_players, self.max_players + 1),
                                "Play Me! is played by 2 to 6 players")
        chars = raw.get("characters")
        chars = [None] * n if chars is None else chars
        if not isinstance(chars, list) or len(chars) != n or any(
                c is not None and c not in CHARS for c in chars):
            raise BadOptions("characters: one character (or null for a random one) per seat")
        chosen = [c for c in chars if c is not None]
        if len(set(chosen)) != len(chosen):
            raise BadOptions("each character can be played by one player only")
        flags = {}
        for name in ("play_me", "challenge", "mad_jabberwocky"):
            value = raw.get(name, False)
            if not isinstance(value, bool):
                raise BadOptions(f"{name} is true or false")
            flags[name] = value
        return {"players": n, "characters": list(chars), **flags}

    # --- setup -------------------------------------------------------------------------------
    def setup(self, options, seed, version=None):
        options = self.options(options)
        n = options["players"]
        rng = Rng.from_seed(seed)
        chosen = options["characters"]
        rest = rng.shuffle([c for c in CHARS if c not in chosen])
        chars = [c if c is not None else rest.pop() for c in chosen]
        order = chars + [c for c in CHARS if c not in chars]   # Challenge: seat s plays order[(s+g)%6]
        state = {
            "players": n,
            "options": options,
            "rng": rng.state,
            "t": 0,
            "phase": "ready",
            "start": 0,
            "game_no": 0,
            "round": 0,
            "order": order,
            "p": [self._new_player(c) for c in chars],
            "jabber": None,
            "team_wins": 0,
            "betrayers": [],
            "first": None,
            "stop_used": False,
            "joint": None,
            "scramble": None,
            "chooser": None,
            "results": [],
            "game_wins": [0] * n,
            "games": [],
            "winners": None,
            "log": [{"e": "setup", "chars": list(chars), "t": 0}],
        }
        return self.stamp(state, version)

    @staticmethod
    def _new_player(char):
        return {"char": char, "mad": False, "sealed": False, "pool": DICE, "roll": [], "card": [],
                "best": 0, "reset_used": False, "bonus": False}

    # --- queries (work on states and on views alike) -----------------------------------------
    def num_players(self, state):
        return state["players"]

    @staticmethod
    def power(state, s):
        """The side whose power applies to seat ``s`` now: "wonder", "madness" or None."""
        p = state["p"][s]
        if state["jabber"] == s:
            return None if state["options"]["mad_jabberwocky"] else "wonder"
        if p["sealed"]:
            return None
        return "madness" if p["mad"] else "wonder"

    @classmethod
    def has(cls, state, s, char, side):
        return state["p"][s]["char"] == char and cls.power(state, s) == side

    @staticmethod
    def own_count(state, s):
        return sum(1 for slot in state["p"][s]["card"] if slot["o"] == [s])

    @staticmethod
    def foreign(state, s):
        return [slot for slot in state["p"][s]["card"] if slot["o"] != [s]]

    @classmethod
    def complete(cls, state, s):
        return cls.own_count(state, s) == SLOTS

    @staticmethod
    def next_number(state, s):
        """The number of the next empty slot on ``s``'s card (7: the card is full)."""
        return len(state["p"][s]["card"]) + 1

    @staticmethod
    def block_number(state, x):
        """The number a die must show to block ``x``'s card (Queen's 1 aside): the lowest number
        missing among the faces on it (version 1: the next empty slot's number, which differs
        once a Queen's 1 stands on a Mad Cheshire Cat)."""
        card = state["p"][x]["card"]
        if rules_of(state) < V2_BLOCK_BY_FACES:
            return len(card) + 1
        faces = {slot["n"] for slot in card}
        return next(n for n in range(1, SLOTS + 2) if n not in faces)

    @staticmethod
    def survivors(state):
        return [s for s in range(state["players"]) if s != state["jabber"]]

    @classmethod
    def aside_needed(cls, state, s):
        """The Mad Hatter keeps one die aside until it has reached 4."""
        return cls.has(state, s, "hatter", "madness") and state["p"][s]["best"] < 4

    @classmethod
    def opponents(cls, state, s):
        """Seats that ``s`` plays against now (everyone, or the other team)."""
        j = state["jabber"]
        if j is None:
            return [x for x in range(state["players"]) if x != s]
        if s == j:
            return cls.survivors(state)
        return [j]

    @staticmethod
    def racers(state):
        """Play Me!'s race after a round win: the others (the winner is already on the rabbit),
        or, with two players, both (version 1 had no race with two players)."""
        n, w = state["players"], state["scramble"]["winner"]
        return list(range(n)) if n == 2 else [s for s in range(n) if s != w]

    def to_move(self, state):
        phase = state["phase"]
        if phase in ("ready", "play"):
            return list(range(state["players"]))
        if phase == "scramble":
            sc = state["scramble"]
            return [s for s in self.racers(state) if s not in sc["caught"]]
        if phase in ("madden", "betray"):
            return [state["chooser"]]
        return []

    # --- checking moves ----------------------------------------------------------------------
    _FIELDS = {
        "ready": ({"a", "t"}, set()),
        "advance": ({"a", "t", "n"}, {"keep"}),
        "unblock": ({"a", "t", "n"}, {"keep"}),
        "block": ({"a", "t", "n", "s"}, {"keep"}),
        "swap": ({"a", "t", "n", "s"}, {"keep"}),
        "roll": ({"a", "t"}, {"keep"}),
        "catch": ({"a", "t"}, set()),
        "stop": ({"a", "t"}, set()),
        "madden": ({"a", "t", "s"}, set()),
        "betray": ({"a", "t", "s"}, set()),
        "spare": ({"a", "t"}, set()),
    }

    def check(self, state, seat, move):
        err = self._why(state, seat, move)
        if err is not None:
            raise err

    def _why(self, state, seat, move):
        """The ``IllegalMove`` that refuses ``move`` by ``seat`` now, or None if it is legal."""
        if state["phase"] == "over":
            return IllegalMove("the game is over", key="error.game_over")
        if not isinstance(move, dict) or not isinstance(move.get("a"), str) \
                or move["a"] not in self._FIELDS:
            return IllegalMove("a move must be an object with a known action")
        a = move["a"]
        need, may = self._FIELDS[a]
        if not need <= set(move) <= need | may:
            return IllegalMove(f"{a} takes the fields {', '.join(sorted(need | may))}")
        for f in ("n", "keep"):
            if f in move and not (is_int(move[f]) and 1 <= move[f] <= 6):
                return _bad("a die shows a number from 1 to 6", "face")
        if "s" in move and not (is_int(move["s"]) and 0 <= move["s"] < state["players"]):
            return _bad("name a seat of this game", "target")
        t = move["t"]
        if not is_int(t) or not 0 <= t <= MAX_T:
            return _bad("a move carries its time in whole milliseconds", "time")
        if t < state["t"]:
            return _bad("a move cannot happen before the last one", "time")
        if not is_int(seat) or seat not in self.to_move(state):
            return IllegalMove(f"seat {seat!r} cannot act now", key="error.not_your_turn")
        return self._why_now(state, seat, move)

    def _why_now(self, state, seat, move):
        """The rules of the current phase for a well-formed, well-timed move of a seat that may
        act now (``_why`` has checked all that)."""
        a, t = move["a"], move["t"]
        phase = state["phase"]
        if a == "ready":
            return None if phase == "ready" else _bad("a round is already running", "phase")
        if phase == "scramble":
            return None if a == "catch" else _bad("race for the rabbit!", "phase")
        if phase == "madden":
            return self._why_madden(state, seat, move)
        if phase == "betray":
            return self._why_betray(state, seat, move)
        if phase != "play" or a in ("madden", "betray", "spare"):
            return _bad("that is not possible now", "phase")
        if t < state["start"]:
            return _bad("wait for the start: 3, 2, 1, Play me!", "early")
        err = getattr(self, f"_why_{a}")(state, seat, move)
        if err is None and "keep" in move:
            err = self._why_keep(state, seat, move)
        return err

    def _why_advance(self, state, s, move):
        p, n = state["p"][s], move["n"]
        if self.complete(state, s):
            return _bad("your card is complete: catch the rabbit!", "complete")
        if self.foreign(state, s):
            return _bad("unblock first: another colour stands on your card", "blocked")
        if n not in p["roll"]:
            return _bad(f"you have no die showing {n}", "no_die")
        if n != self.next_number(state, s):
            return _bad(f"your next number is {self.next_number(state, s)}", "not_next")
        if n >= 5 and self.has(state, s, "alice", "madness") and not any(
                state["p"][x]["best"] >= 5 for x in range(state["players"]) if x != s):
            return _bad("Mad Alice advances only up to 4 until another player reaches 5",
                        "alice_four")
        return None

    def _why_unblock(self, state, s, move):
        p, n = state["p"][s], move["n"]
        if p["bonus"]:
            return _bad("the Hatter's second action must be an advance (or roll again)", "bonus")
        if not self.foreign(state, s):
            return _bad("nothing blocks your card", "no_block")
        if n not in p["roll"]:
            return _bad(f"you have no die showing {n}", "no_die")
        if n != p["card"][-1]["n"]:
            return _bad("unblock with a die showing the same number as the block",
                        "unblock_number")
        return None

    def _why_block(self, state, s, move):
        n, x = move["n"], move["s"]
        err = self._why_hit(state, s, x, n)
        if err is not None:
            return err
        if self.next_number(state, x) > SLOTS:
            return _bad("that card has no empty slot", "full")
        if self._joint_mode(state, s, x):
            j = state["joint"]
            if j is not None and s in j["o"]:
                return _bad("you already placed your die on this block", "joint")
            if self.foreign(state, x):
                return _bad("that card already carries its block", "cannot_block")
            if n != self.block_number(state, x):
                return _bad("block with a die showing the next number of that card",
                            "block_number")
            return None
        wild = n == 1 and (self.has(state, s, "queen", "wonder")
                           or self.has(state, x, "queen", "madness"))
        if n != self.block_number(state, x) and not wild:
            return _bad("block with a die showing the next number of that card", "block_number")
        if not self._can_host(state, s, x, adding=True):
            return _bad("that card cannot take a block now", "cannot_block")
        return None

    def _why_swap(self, state, s, move):
        n, x = move["n"], move["s"]
        if not self.has(state, s, "walrus", "wonder"):
            return _bad("only the Walrus (Wonder) swaps dice", "swap")
        err = self._why_hit(state, s, x, n)
        if err is not None:
            return err
        card = state["p"][x]["card"]
        if not card:
            return _bad("that card has no die to swap", "swap")
        top = card[-1]
        if s in top["o"] or len(top["o"]) > 1:
            return _bad("swap the top die for your own of the same number", "swap")
        if top["n"] != n:
            return _bad("swap the top die for your own of the same number", "swap")
        if self._joint_mode(state, s, x):
            return _bad("survivors block the Mad Jabberwocky only together", "joint")
        if not self._can_host(state, s, x, adding=top["o"] == [x]):
            return _bad("that card cannot take a block now", "cannot_block")
        return None

    def _why_hit(self, state, s, x, n):
        """What blocks and swaps share: a target, a die, a spare die, not during the bonus."""
        p = state["p"][s]
        if x == s:
            return _bad("block another player's card", "target")
        if p["bonus"]:
            return _bad("the Hatter's second action must be an advance (or roll again)", "bonus")
        if n not in p["roll"]:
            return _bad(f"you have no die showing {n}", "no_die")
        if len(p["roll"]) < 2:
            return _bad("keep at least one die to roll", "last_die")
        j = state["jabber"]
        if j is not None and s != j and x != j:
            if state["options"]["mad_jabberwocky"]:
                return _bad("survivors cannot block each other against the Mad Jabberwocky",
                            "joint")
        return None

    def _joint_mode(self, state, s, x):
        """Mad Jabberwocky: survivors block the Jabberwocky only all together."""
        j = state["jabber"]
        return (state["options"]["mad_jabberwocky"] and j is not None and x == j and s != j
                and state["players"] > 2)

    def _can_host(self, state, s, x, adding):
        """Whether ``x``'s card may carry (another) die of ``s`` as a block."""
        if self.has(state, x, "cat", "wonder"):
            return False                               # the Cheshire Cat cannot be blocked
        foreign = self.foreign(state, x)
        if self.has(state, x, "cat", "madness"):
            return not any(s in slot["o"] for slot in foreign)   # one die per other player
        return not adding or not foreign               # normally one block per card

    def _why_roll(self, state, s, move):
        p = state["p"][s]
        if not p["roll"]:
            return _bad("you have no die to roll", "no_dice")
        if p["bonus"]:
            return None
        if self.can_progress(state, s):
            return _bad("you can advance or unblock: use a die", "roll_possible")
        return None

    def can_progress(self, state, s):
        """Whether ``s`` can advance or unblock with its roll now."""
        for n in set(state["p"][s]["roll"]):
            move = {"n": n}
            if self._why_advance(state, s, move) is None or self._why_unblock(state, s, move) is None:
                return True
        return False

    def _why_catch(self, state, s, move):
        if not self.complete(state, s):
            return _bad("first get 1 to 6 of your own dice on your card", "not_complete")
        return None

    def _why_stop(self, state, s, move):
        if state["jabber"] != s:
            return _bad("only the Jabberwocky shouts Stop!", "stop")
        if state["stop_used"]:
            return _bad("Stop! is shouted once a round", "stop_used")
        own = self.own_count(state, s)
        if own < 3:
            return _bad("Stop! needs your advance at 3 or more", "stop_early")
        if own > 3 and rules_of(state) >= V2_STOP_AT_THREE:
            return _bad("Stop! only while your advance stands at 3", "stop_late")
        return None

    def _why_keep(self, state, s, move):
        if not self.has(state, s, "alice", "wonder") or move["a"] in ("catch", "stop"):
            return _bad("only Alice (Wonder) keeps a die aside", "keep")
        rest = list(state["p"][s]["roll"])
        if move["a"] != "roll":
            rest.remove(move["n"])
        if move["keep"] not in rest:
            return _bad("keep one of your other dice", "keep")
        rolled = len(rest) + (1 if move["a"] == "unblock" else 0)
        if rolled < 2:
            return _bad("keep a die only when another one is rolled", "keep")
        return None

    def _why_madden(self, state, s, move):
        if move["a"] != "madden":
            return _bad("choose a survivor to drive mad", "phase")
        x = move["s"]
        if x == state["jabber"] or state["p"][x]["mad"]:
            return _bad("choose a survivor who is not mad yet", "choice")
        return None

    def _why_betray(self, state, s, move):
        if move["a"] == "spare":
            return None
        if move["a"] != "betray":
            return _bad("betray a fellow survivor, or spare them", "phase")
        x = move["s"]
        if x in (s, state["jabber"]) or state["p"][x]["mad"]:
            return _bad("betray a fellow survivor who is not mad yet", "choice")
        return None

    # --- listing moves -----------------------------------------------------------------------
    def moves(self, state, seat):
        """Every legal move of ``seat`` now, without ``"t"`` (for bots and the UI)."""
        if state["phase"] == "over" or seat not in self.to_move(state):
            return []
        t = self.earliest(state)
        phase = state["phase"]
        if phase == "ready":
            cands = [{"a": "ready"}]
        elif phase == "scramble":
            cands = [{"a": "catch"}]
        elif phase == "madden":
            cands = [{"a": "madden", "s": x} for x in range(state["players"])]
        elif phase == "betray":
            cands = [{"a": "spare"}] + [{"a": "betray", "s": x} for x in range(state["players"])]
        else:
            faces = sorted(set(state["p"][seat]["roll"]))
            cands = [{"a": "catch"}, {"a": "stop"}, {"a": "roll"}]
            for n in faces:
                cands += [{"a": "advance", "n": n}, {"a": "unblock", "n": n}]
                for x in range(state["players"]):
                    cands += [{"a": "block", "n": n, "s": x}, {"a": "swap", "n": n, "s": x}]
            if self.has(state, seat, "alice", "wonder"):
                cands += [dict(m, keep=k) for m in cands if m["a"] not in ("catch", "stop")
                          for k in faces]
        # The candidates are well formed and carry the earliest allowed time, so only the
        # phase's own rules can refuse them (this runs for every bot at every change).
        return [m for m in cands if self._why_now(state, seat, dict(m, t=t)) is None]

    def earliest(self, state):
        """The earliest time a move may carry now."""
        return max(state["t"], state["start"]) if state["phase"] == "play" else state["t"]

    # --- the clock (real time: ``bodoge.ui.realtime``) ---------------------------------------
    def driver(self, match, bots):
        """The bots on the game clock (``sim.Driver``)."""
        from .sim import Driver

        return Driver(match, bots)

    @staticmethod
    def running(state):
        """Whether the game clock runs: a round is being played or settled."""
        return state["phase"] not in ("ready", "over")

    @staticmethod
    def clock_time(state):
        """The game time of the latest event."""
        return state["t"]

    @staticmethod
    def countdown(state, now):
        """The seconds before the round starts ("3, 2, 1"), 0 once it runs, None outside a
        round."""
        if state["phase"] != "play":
            return None
        left = state["start"] - now
        return 0 if left <= 0 else (left + 999) // 1000

    @staticmethod
    def next_tick(state, now):
        """When the countdown next changes (None: it does not)."""
        start = state["start"]
        if state["phase"] != "play" or now >= start:
            return None
        return start - ((start - now - 1) // 1000) * 1000

    def legal_moves(self, state, seat):
        t = self.earliest(state)
        return [dict(m, t=t) for m in self.moves(state, seat)]

    # --- playing -----------------------------------------------------------------------------
    def _play(self, state, seat, move):
        rng = Rng(state["rng"])
        before = state["phase"]
        state["t"] = move["t"]
        getattr(self, f"_do_{move['a']}")(state, rng, seat, move)
        state["rng"] = rng.state
        final = state.pop("final", None)
        if rules_of(state) >= V3_SETTLED and before != "ready" and state["phase"] == "ready":
            self._log(state, self.settled(state, final))

    @staticmethod
    def side_of(state, s):
        """How card ``s`` lies: "jabber", "madness" or "wonder"."""
        if state["jabber"] == s:
            return "jabber"
        return "madness" if state["p"][s]["mad"] else "wonder"

    def settled(self, state, final=None):
        """The ``settled`` event of the round just settled: its winner, what followed the catch
        (``events``), every card as it lies (``final``: the table as a Challenge game that
        ended with the round left it, the next game's being dealt), the rounds each has won in
        that game, and the team score against the Jabberwocky."""
        log = state["log"]
        start = max(i for i, e in enumerate(log) if e["e"] == "catch")
        last = state["results"][-1]
        shown = dict(state, **final) if final else state
        wins = [sum(1 for r in state["results"] if r["winner"] == s and r["game"] == last["game"])
                for s in range(state["players"])]
        cards = [{"char": p["char"], "side": self.side_of(shown, s), "sealed": p["sealed"],
                  "betrayer": s in shown["betrayers"], "wins": wins[s]}
                 for s, p in enumerate(shown["p"])]
        return {"e": "settled", "s": last["winner"], "jabber": last["jabber"],
                "jw": next((e["jabber"] for e in reversed(log) if e["e"] == "round"), None),
                "round": last["round"], "game": last["game"],
                "events": [dict(e) for e in log[start:]], "cards": cards,
                "target": self.team_target(shown),
                "team": shown["team_wins"] if shown["jabber"] is not None and last["jabber"] else None,
                "final": clone(final) if final else None}

    def settled_of(self, view, before=None):
        """A record of rules 1 or 2, whose log has no ``settled`` events: the event of the round
        just settled in ``view`` (a position in phase "ready"), made from its log; ``before``:
        the view of the position before (the table a Challenge game that ended left)."""
        log = view["log"]
        start = max(i for i, e in enumerate(log) if e["e"] == "catch")
        story = []
        for e in log[start:]:
            if e["e"] == "round":
                break
            story.append(e)
        state = dict(view, log=story)
        final = None
        if any(e["e"] == "game" for e in story) and before is not None:
            final = {k: before[k] for k in FINAL}
        event = self.settled(state, final)
        event["t"] = view["t"]
        return event

    def _log(self, state, event):
        event["t"] = state["t"]
        state["log"].append(event)

    # rolling ----------------------------------------------------------------------------------
    def _target_roll(self, state, s):
        p = state["p"][s]
        return p["pool"] - (1 if p["pool"] and self.aside_needed(state, s) else 0)

    def _normalize(self, state, rng, s):
        """Roll dice that became usable (e.g. the Hatter's aside die) or set one aside."""
        roll, want = state["p"][s]["roll"], self._target_roll(state, s)
        while len(roll) < want:
            roll.append(rng.randint(1, 6))
        del roll[want:]

    def _reroll(self, state, rng, s, keep=None):
        p = state["p"][s]
        want = self._target_roll(state, s)
        kept = [keep] if keep is not None and want > 0 else []
        p["roll"] = kept + [rng.randint(1, 6) for _ in range(want - len(kept))]
        p["bonus"] = False

    def _give_back(self, state, rng, owners):
        """Dice return to their owners' pools, rolled as they arrive (neutral dice leave)."""
        for o in owners:
            p = state["p"][o]
            p["pool"] += 1
            p["roll"].append(rng.randint(1, 6))
            self._normalize(state, rng, o)

    # the round --------------------------------------------------------------------------------
    def _do_ready(self, state, rng, seat, move):
        state.update(phase="play", start=state["t"] + COUNTDOWN_MS, stop_used=False, joint=None,
                     scramble=None, chooser=None)
        for s, p in enumerate(state["p"]):
            p.update(pool=DICE, card=[], roll=[], best=0, reset_used=False, bonus=False)
            self._start_position(state, s)
            self._normalize(state, rng, s)
        self._log(state, {"e": "round", "game": state["game_no"], "round": state["round"],
                          "start": state["start"], "jabber": state["jabber"]})

    def _start_position(self, state, s):
        p = state["p"][s]
        if p["char"] == "caterpillar" and self.power(state, s) is not None:
            p["card"].append({"n": 1, "o": [s]})
            p["pool"] -= 1
            p["best"] = max(p["best"], 1)
            if self.power(state, s) == "madness":
                p["card"].append({"n": 1, "o": list(NEUTRAL)})

    def _do_advance(self, state, rng, s, move):
        p, n = state["p"][s], move["n"]
        p["roll"].remove(n)
        p["pool"] -= 1
        p["card"].append({"n": n, "o": [s]})
        own = self.own_count(state, s)
        p["best"] = max(p["best"], own)
        self._log(state, {"e": "advance", "s": s, "n": n})
        j = state["joint"]
        if j is not None and s == state["jabber"]:
            state["joint"] = None            # advanced past a block still being placed
            self._give_back(state, rng, j["o"])
            self._log(state, {"e": "joint_back", "n": j["n"], "o": list(j["o"])})
        if own == 2 and self.has(state, s, "walrus", "madness") and not p["reset_used"]:
            p["reset_used"] = True
            self._walrus_reset(state, rng, s)
            return
        if self.has(state, s, "hatter", "wonder") and not p["bonus"] and p["roll"]:
            p["bonus"] = True                # advance again with the same roll
            self._normalize(state, rng, s)
            return
        self._reroll(state, rng, s, move.get("keep"))

    def _walrus_reset(self, state, rng, s):
        """Mad Walrus on reaching 2: all its dice on cards come home; it starts again."""
        p = state["p"][s]
        back = len(p["card"])
        p["card"] = []
        for x, other in enumerate(state["p"]):
            if x == s:
                continue
            kept = []
            for slot in other["card"]:
                if s in slot["o"]:
                    slot["o"].remove(s)
                    back += 1
                    if not slot["o"]:
                        continue
                kept.append(slot)
            other["card"] = kept
        j = state["joint"]
        if j is not None and s in j["o"]:
            j["o"].remove(s)
            back += 1
            if not j["o"]:
                state["joint"] = None
        p["pool"] += back
        self._reroll(state, rng, s)
        self._log(state, {"e": "reset", "s": s})

    def _do_block(self, state, rng, s, move):
        p, n, x = state["p"][s], move["n"], move["s"]
        p["roll"].remove(n)
        p["pool"] -= 1
        if self._joint_mode(state, s, x):
            j = state["joint"] or {"n": n, "o": []}
            j["o"].append(s)
            state["joint"] = j
            self._log(state, {"e": "joint", "s": s, "to": x, "n": n})
            if sorted(j["o"]) == self.survivors(state):
                state["p"][x]["card"].append({"n": n, "o": list(j["o"])})
                state["joint"] = None
                self._log(state, {"e": "joint_done", "to": x, "n": n, "o": list(j["o"])})
        else:
            state["p"][x]["card"].append({"n": n, "o": [s]})
            self._log(state, {"e": "block", "s": s, "to": x, "n": n})
        self._reroll(state, rng, s, move.get("keep"))

    def _do_unblock(self, state, rng, s, move):
        p = state["p"][s]
        slot = p["card"].pop()
        self._log(state, {"e": "unblock", "s": s, "n": move["n"], "o": list(slot["o"])})
        self._give_back(state, rng, slot["o"])
        self._reroll(state, rng, s, move.get("keep"))   # the unblocking die came home too

    def _do_swap(self, state, rng, s, move):
        p, n, x = state["p"][s], move["n"], move["s"]
        card = state["p"][x]["card"]
        old = card[-1]
        card[-1] = {"n": n, "o": [s]}
        p["roll"].remove(n)
        p["pool"] -= 1
        self._log(state, {"e": "swap", "s": s, "to": x, "n": n, "o": list(old["o"])})
        self._give_back(state, rng, old["o"])
        self._reroll(state, rng, s, move.get("keep"))

    def _do_roll(self, state, rng, s, move):
        self._reroll(state, rng, s, move.get("keep"))

    def _do_stop(self, state, rng, s, move):
        state["stop_used"] = True
        self._log(state, {"e": "stop", "s": s})
        if rules_of(state) >= V2_STOP_TAKES_ALL:
            self._survivors_blocks_home(state, rng, s)
        for x in self.survivors(state):
            p = state["p"][x]
            slots, p["card"] = p["card"], []
            for slot in slots:
                self._give_back(state, rng, slot["o"])
            p["bonus"] = False
            self._start_position(state, x)
            self._normalize(state, rng, x)

    def _survivors_blocks_home(self, state, rng, j):
        """Stop! (version 2): survivors' dice blocking the Jabberwocky, or placed toward a joint
        block, go home too (their other dice are on survivors' cards, which are cleared)."""
        card = state["p"][j]["card"]
        keep = [slot for slot in card if j in slot["o"]]
        back = [o for slot in card if j not in slot["o"] for o in slot["o"]]
        if state["joint"] is not None:
            back += state["joint"]["o"]
            state["joint"] = None
        state["p"][j]["card"] = keep
        self._give_back(state, rng, back)

    def _do_catch(self, state, rng, s, move):
        if state["phase"] == "scramble":
            self._scramble_catch(state, s)
            return
        self._log(state, {"e": "catch", "s": s, "jabber": state["jabber"] is not None})
        state["results"].append({"game": state["game_no"], "round": state["round"], "winner": s,
                                 "jabber": state["jabber"] is not None})
        state["round"] += 1
        state["phase"] = "ready"
        if state["jabber"] is None:
            self._rabbit_won(state, s)
        else:
            self._jabber_round_won(state, s)

    def _rabbit_won(self, state, w):
        p = state["p"][w]
        if state["first"] is None:
            state["first"] = w
        if p["mad"]:
            self._game_won(state, [w], "twice")
            return
        p["mad"], p["sealed"] = True, False
        self._log(state, {"e": "flip", "s": w, "mad": True})
        if all(q["mad"] for q in state["p"]):
            state["jabber"] = w
            for x, q in enumerate(state["p"]):
                if x != w:
                    q["mad"] = False
            self._log(state, {"e": "jabberwocky", "s": w})
        elif state["options"]["play_me"] and (state["players"] >= 3
                                              or rules_of(state) >= V2_PLAY_ME_TWO):
            state["phase"] = "scramble"
            state["scramble"] = {"winner": w, "caught": []}
            self._log(state, {"e": "scramble", "s": w})

    def _scramble_catch(self, state, s):
        sc = state["scramble"]
        sc["caught"].append(s)
        self._log(state, {"e": "grab", "s": s})
        left = self.to_move(state)
        if len(left) == 1:
            last = left[0]
            p = state["p"][last]
            p["mad"], p["sealed"] = False, True
            state["phase"] = "ready"
            state["scramble"] = None
            self._log(state, {"e": "slowest", "s": last})

    def _jabber_round_won(self, state, w):
        j = state["jabber"]
        if w == j:
            sane = [x for x in self.survivors(state) if not state["p"][x]["mad"]]
            if len(sane) == 1:
                self._madden(state, j, sane[0])
            else:
                state["phase"], state["chooser"] = "madden", j
            return
        state["team_wins"] += 1
        if state["team_wins"] >= self.team_target(state):
            self._game_won(state, self._survivor_winners(state, w), "survivors")
            return
        others = [x for x in self.survivors(state) if x != w and not state["p"][x]["mad"]]
        if not state["p"][w]["mad"] and others:
            state["phase"], state["chooser"] = "betray", w

    def team_target(self, state):
        return 2 if state["options"]["mad_jabberwocky"] else state["players"]

    def _survivor_winners(self, state, w):
        sane = [x for x in self.survivors(state) if not state["p"][x]["mad"]]
        if w in state["betrayers"] and sane == [w]:
            return [w]                                   # the betrayer, the true winner
        if state["options"]["mad_jabberwocky"]:
            if rules_of(state) < V2_CROWN_SURVIVOR:
                return [state["first"]]
            alive = self.survivors(state)
            early = [r["winner"] for r in state["results"]
                     if r["game"] == state["game_no"] and not r["jabber"] and r["winner"] in alive]
            return [early[0]] if early else alive
        return self.survivors(state)

    def _madden(self, state, j, x):
        state["p"][x]["mad"] = True
        self._log(state, {"e": "madden", "s": j, "to": x})
        state["phase"], state["chooser"] = "ready", None
        if all(state["p"][y]["mad"] for y in self.survivors(state)):
            self._game_won(state, [j], "jabberwocky")

    def _do_madden(self, state, rng, s, move):
        self._madden(state, s, move["s"])

    def _do_betray(self, state, rng, s, move):
        x = move["s"]
        state["p"][x]["mad"] = True
        if s not in state["betrayers"]:
            state["betrayers"].append(s)
        self._log(state, {"e": "betray", "s": s, "to": x})
        state["phase"], state["chooser"] = "ready", None

    def _do_spare(self, state, rng, s, move):
        self._log(state, {"e": "spare", "s": s})
        state["phase"], state["chooser"] = "ready", None

    def _game_won(self, state, winners, how):
        for w in winners:
            state["game_wins"][w] += 1
        state["games"].append({"winners": list(winners), "how": how,
                               "chars": [p["char"] for p in state["p"]]})
        self._log(state, {"e": "game_won", "game": state["game_no"], "winners": list(winners),
                          "how": how})
        if state["options"]["challenge"] and state["game_no"] + 1 < CHALLENGE_GAMES:
            if rules_of(state) >= V3_SETTLED:      # (for the settled event: ``_play`` takes it)
                state["final"] = {k: clone(state[k]) for k in FINAL}
            state["game_no"] += 1
            state.update(round=0, jabber=None, team_wins=0, betrayers=[], first=None,
                         phase="ready", chooser=None, scramble=None, joint=None)
            for s, p in enumerate(state["p"]):
                p.update(self._new_player(state["order"][(s + state["game_no"]) % len(CHARS)]))
            self._log(state, {"e": "game", "game": state["game_no"],
                              "chars": [p["char"] for p in state["p"]]})
            return
        best = max(state["game_wins"])
        state["winners"] = ([s for s, w in enumerate(state["game_wins"]) if w == best]
                            if state["options"]["challenge"] else list(winners))
        state["phase"] = "over"
        self._log(state, {"e": "over", "winners": list(state["winners"])})

    # --- what a seat may see -----------------------------------------------------------------
    def view(self, state, seat):
        """Everything is public, except the RNG (which would tell the coming rolls)."""
        view = {k: (list(v) if k == "log" else clone(v)) for k, v in state.items() if k != "rng"}
        view.update(game=self.id, seat=seat, to_move=self.to_move(state),
                    outcome=self.outcome(state))
        return view

    def outcome(self, state):
        if state["phase"] != "over":
            return None
        n = state["players"]
        rounds = [r["winner"] for r in state["results"]]
        scores = (list(state["game_wins"]) if state["options"]["challenge"]
                  else [rounds.count(s) for s in range(n)])
        return Outcome(state["winners"], scores, rounds=rounds,
                       games=[dict(g) for g in state["games"]])

    # --- bots --------------------------------------------------------------------------------
    def make_bot(self, level, seat, seed):
        """A bot of ``level``: today's names, or the old speed names records made before
        carry (``levels.level_of``: slow is easy, fast strong)."""
        return self.bots[level_of(level)](seat, seed)

    def play_bots(self, match, bots, on_decision=None):
        """Play a whole game of bots on a simulated clock (``bodoge.core.selfplay``)."""
        from .sim import run

        run(match, bots, on_decision)
