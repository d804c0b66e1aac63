"""Play Me!: the table of character cards, the dice and the rabbit.

Play Me! has no turns (``Game.realtime``): its session runs the game clock and the bots on it
(``bodoge.ui.realtime``); this UI draws views and turns clicks and keys into moves like any
other game's, reading the clock from ``ctx.clock`` (the countdown, the pause) and keeping its
motion in ``ctx.memory``. Moves are stamped by the session with the clock's time, so a save
replays exactly.

The table (``board``): the round tile (White Rabbit or Jabberwocky) in the middle, every
other player's card around it (compact: owner mark, name, side and power, slots 1–6, dice in
hand), and the viewer's own card with their dice and controls at the bottom (the hand region;
two people on one keyboard get one each). Dice differ by more than colour: a die of another
colour on a card carries its owner's mark under it and a dashed border, and is named in its
text. Each card shows the power of its side face up in a short line; the whole text shows on
hover or focus, and a click or tap pins it (Escape closes it).

Every action the rules allow takes at most two inputs. A die (click, tap or key) does its
default action, and says so under its face ("Advance", "Block Aki", "⋯ 2 choices"):
advance, else unblock, else its only block or swap; a die with no default and several targets
is picked and its uses are offered. A die that could do more than its default shows "⋯ +n"
under it: that picks it, and the choice row of the player's hand offers each of its uses
("3: advance", "3: block Aki"). On the keyboard a target key first aims at a card, then a die
key hits it with that die (W then 3), and the dice's labels say what each would do to that
card. A refusal is said in the frame's reserved line. The choice row and the row under the
dice keep their room when empty, so choosing never moves the board.

Keys (shown on the rules page): the lone human, or the left one of two, uses 1–6 for dice,
Space to roll again or catch the rabbit, Q W E R T for targets, A to keep a die (Alice), S for
Stop!; the right one uses M , . J K L for dice 1–6, Enter, Y U I O P, N and H. Escape closes a
power's text, cancels a choice, or pauses.

A round's end is the frame's round overlay (``round_heading``/``round_summary``) once the round
is settled (the Play Me! race run, the Jabberwocky's or a betrayer's choice made; ``pause_for``):
the state keeps the final position until the next round's ``ready`` deals again, so the board
behind the overlay is the round that ended (a Challenge game that ended is drawn from the
position before its last move, ``final``). Motion: rolled dice have ``data-fx="roll"``, dice put on a
card ``drop`` (``Motion`` remembers which are new since the screen opened); none of it waits.
"""

from ...core.errors import IllegalMove
from ...core.protocol import rules_of
from ...ui.games import Action, GameUI, Move, action
from ...ui.html import Memo, h
from ...ui.phrases import phrased
from . import GAME
from . import rules as R
from .levels import BY_LEVEL, REACTION_CHOICES, reaction_setting

COLOURS = {"alice": "#2457a6", "queen": "#b3261e", "cat": "#7b3fa0", "hatter": "#1e6b3a",
           "caterpillar": "#0f6e78", "walrus": "#6b4a2e"}
NEUTRAL_COLOUR = "#6b6f78"
PIPS = {1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)],
        4: [(1, 1), (3, 1), (1, 3), (3, 3)], 5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
        6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)]}
KEYS = (  # (dice 1..6, roll or catch, targets, keep, stop) for the left and the right player
    {"dice": "123456", "go": " ", "targets": "qwert", "keep": "a", "stop": "s"},
    {"dice": "m,.jkl", "go": "Enter", "targets": "yuiop", "keep": "n", "stop": "h"},
)
KEY_NAMES = {" ": "Space", "Enter": "Enter"}
SQUARE = {"x": "2", "y": "2", "width": "40", "height": "40", "rx": "8"}     # a die's face
REROLLS = ("advance", "block", "unblock", "swap", "roll")   # moves after which the mover rolls
LIVE = ("play", "scramble", "madden", "betray")             # a round is being played or settled
FLAGS = ("play_me", "challenge", "mad_jabberwocky")         # the optional rules (the form's boxes)


class Motion:
    """Which dice were rolled and which slots filled since the screen opened, for ``data-fx``.

    Each die in a player's roll and each filled slot has a key; a die keeps its key while it
    lies unrolled (dice coming home are added at the end, the Hatter's second advance takes one
    out), and gets a new one when it is rolled; a slot gets a new one when another die stands
    there. Keys made after the screen opened are *fresh*: those elements move as they appear
    (the page patcher inserts an element with a new id, so each roll plays once)."""

    def __init__(self, state):
        self.last = 0
        self.faces = [list(p["roll"]) for p in state["p"]]
        self.dice = [self.keys(len(p["roll"])) for p in state["p"]]
        self.sigs = [[self.sig(slot) for slot in p["card"]] for p in state["p"]]
        self.slots = [self.keys(len(p["card"])) for p in state["p"]]
        self.opened = self.last

    def keys(self, n):
        self.last += n
        return list(range(self.last - n + 1, self.last + 1))

    @staticmethod
    def sig(slot):
        return (slot["n"], tuple(slot["o"]))

    def fresh(self, key):
        return key > self.opened

    def moved(self, state, seat, move):
        """After ``seat`` played ``move``: what was rolled and what was put on a card."""
        while len(self.faces) < len(state["p"]):        # (a rigged test state may grow)
            self.faces.append([]), self.dice.append([]), self.sigs.append([]), self.slots.append([])
        for s, p in enumerate(state["p"]):
            self.update_dice(s, p, move if s == seat else None)
            sigs = [self.sig(slot) for slot in p["card"]]
            old, keys = self.sigs[s], self.slots[s]
            self.slots[s] = [keys[i] if i < len(old) and old[i] == sig and i < len(keys)
                             else self.keys(1)[0] for i, sig in enumerate(sigs)]
            self.sigs[s] = sigs

    def update_dice(self, s, p, move):
        new, old, keys = list(p["roll"]), list(self.faces[s]), list(self.dice[s])
        self.faces[s] = new
        a = move["a"] if move else None
        if a == "ready":                                     # a new round: every die is new
            old, keys = [], []
        elif a == "advance" and p.get("bonus") and move["n"] in old:   # the Hatter's first advance
            i = old.index(move["n"])
            del old[i], keys[i]
        elif a in REROLLS:                                   # rolled again (a kept die stays)
            keep = move.get("keep")
            kept = keep is not None and new[:1] == [keep] and keep in old
            old, keys = ([keep], [keys[old.index(keep)]]) if kept else ([], [])
        if new[:len(old)] == old:                            # dice came home (or new ones)
            self.dice[s] = keys[:len(old)] + self.keys(len(new) - len(old))
        elif old[:len(new)] == new:                          # a die set aside
            self.dice[s] = keys[:len(new)]
        else:
            self.dice[s] = self.keys(len(new))

    def reveal(self):
        """The dice show again (the countdown ran out, or play resumed): they roll in."""
        self.dice = [self.keys(len(faces)) for faces in self.faces]

    @staticmethod
    def key_of(table, s, i):
        """Die or slot ``i`` of seat ``s``'s key in ``self.dice`` or ``self.slots`` (0: none)."""
        keys = table[s] if s < len(table) else []
        return keys[i] if i < len(keys) else 0


# --- pictures ----------------------------------------------------------------------------------
def die_defs():
    """The six faces, drawn once per table (``die_svg`` uses them): a redraw of a table of six
    cards sends a few nodes per die instead of a rectangle and its pips."""
    faces = [h("symbol", {"id": f"pm-d{n}", "viewBox": "0 0 44 44"},
               h("rect", dict(SQUARE, fill="currentColor", stroke="#1d1f24")),
               pips(n, stroke="none"))
             for n in range(1, 7)]
    return h("svg", {"class_": "pm-defs", "width": "0", "height": "0", "aria_hidden": "true",
                     "focusable": "false"}, faces)


def pips(n, **attrs):
    """The white pips of a face ``n`` in a 44×44 die."""
    return [h("circle", {"cx": str(4 + 9 * cx), "cy": str(4 + 9 * cy), "r": "4.2", "fill": "#fff",
                         **attrs}) for cx, cy in PIPS[n]]


def die_box(size, *parts, colour=None):
    return h("svg", {"viewBox": "0 0 44 44", "width": str(size), "height": str(size),
                     "aria_hidden": "true", "focusable": "false", "class_": "die-svg",
                     "style": colour and f"color: {colour}"}, *parts)


def die_svg(n, colour, size=44, dashed=False):
    """One die: white pips on the owner's colour, a dashed border if it blocks a card."""
    return die_box(size, h("use", {"href": f"#pm-d{n}", "stroke_width": "3" if dashed else "2",
                                   "stroke_dasharray": "6 4" if dashed else None}), colour=colour)


def blank_die(size=44):
    return die_box(size, h("rect", dict(SQUARE, fill="#e9e4d8", stroke="#8a8578",
                                        stroke_width="2")),
                   h("text", {"x": "22", "y": "29", "text_anchor": "middle", "font_size": "20",
                              "fill": "#6b6f78"}, "?"))


def tile_parts(jabber=False):
    """The round tile's drawing in an 80×80 box: the White Rabbit, or the Jabberwocky."""
    line = {"stroke": "#1d1f24", "stroke_width": "2"}
    edge = {"cx": "40", "cy": "40", "r": "36", "fill": None,      # (the fill in its place)
            "stroke": "#1d1f24", "stroke_width": "3"}
    if jabber:
        return [h("circle", dict(edge, fill="#2f5d34")),
                h("path", {"d": "M18 46 L28 26 L34 40 L40 20 L46 40 L52 26 L62 46 Z", "fill": "#cfe8b0"}),
                *[h("circle", {"cx": x, "cy": "52", "r": "4", "fill": "#ffd23f"})
                  for x in ("32", "48")]]
    return [h("circle", dict(edge, fill="#fffdf8")),
            *[h("ellipse", {"cx": x, "cy": "22", "rx": "6", "ry": "16", "fill": "#fff", **line})
              for x in ("31", "49")],
            h("circle", {"cx": "40", "cy": "48", "r": "17", "fill": "#fff", **line}),
            *[h("circle", {"cx": x, "cy": "45", "r": "2.5", "fill": "#b3261e"})
              for x in ("34", "46")],
            h("path", {"d": "M36 54 Q40 58 44 54", "fill": "none", **line})]


def rabbit_svg(jabber=False):
    """The round tile: the White Rabbit, or the Jabberwocky on its other side."""
    return h("svg", {"viewBox": "0 0 80 80", "aria_hidden": "true", "focusable": "false",
                     "class_": "tile-svg"}, tile_parts(jabber))


def key_label(key):
    return KEY_NAMES.get(key, key.upper())


def power_keys(view, s):
    """(short line, whole text) string keys of the power that applies to seat ``s`` now."""
    side, p = GAME.power(view, s), view["p"][s]
    what = ("sealed" if p["sealed"] else "none") if side is None else f"{p['char']}.{side}"
    return f"playme.power_short.{what}", f"playme.power.{what}"


def layout(opps, hands):
    """Where the cards sit (CSS grid areas: ``o1``… the other cards in seat order after the
    viewer, ``c`` the round tile, ``h1``/``h2`` the hands at the bottom), on a wide table (six
    columns: the first and last of the others beside the tile, the rest across it) and on a
    narrow one (one column: the others one above the other, then the tile)."""
    wide = {0: ["c c c c c c"], 1: [". o1 o1 o1 o1 .", "c c c c c c"], 2: ["o1 o1 c c o2 o2"],
            3: [". o2 o2 o2 o2 .", "o1 o1 c c o3 o3"], 4: ["o2 o2 o2 o3 o3 o3", "o1 o1 c c o4 o4"],
            5: ["o2 o2 o3 o3 o4 o4", "o1 o1 c c o5 o5"]}[opps]
    wide.append("h1 h1 h1 h1 h1 h1" if hands == 1 else "h1 h1 h1 h2 h2 h2")
    narrow = [f"o{i + 1}" for i in range(opps)] + ["c"] + [f"h{i + 1}" for i in range(hands)]
    return " ".join(f"'{row}'" for row in wide), " ".join(f"'{row}'" for row in narrow)


def stories(log):
    """What followed each round's catch, one list of events per round won (in order): the
    flip, the Play Me! race, the Jabberwocky, a choice, a game won."""
    out, story = [], None
    for e in log:
        if e["e"] == "catch":
            story = [e]
            out.append(story)
        elif story is not None and e["e"] != "round":   # (a game: a Challenge game ended)
            story.append(e)
        if e["e"] in ("round", "game"):
            story = None                    # the story of that round is closed
    return out


def by_person(*names):
    """``@action`` for ``"<seat>-<rest>"`` of a person at this device who may act now: called as
    ``handler(view, sel, ctx, seat, rest)``; for anyone else nothing happens."""
    def declare(fn):
        def handler(self, arg, view, sel, ctx):
            seat, _, rest = arg.partition("-")
            if not seat.isdigit() or int(seat) not in ctx.humans or self.paused(ctx):
                return None
            return fn(self, view, sel, ctx, int(seat), rest)
        return action(*names)(handler)
    return declare


def number(text):
    return int(text) if text.isdigit() else 0


class Choice:
    """The choice in progress at this device (the session's ``sel``): each person's (the die
    picked, the card aimed at, Alice's die kept aside, Keep mode), and the power whose whole
    text is pinned open."""

    def __init__(self):
        self.seats = {}
        self.tip = None

    def of(self, seat):
        return self.seats.setdefault(seat, {})

    def __bool__(self):
        return any(self.seats.values())


class Memory:
    """What the UI keeps between moves (``GameUI.memory``): the dice's and slots' motion keys,
    whether the dice were hidden at the last drawing, and each person's legal moves for the
    view being drawn."""

    def __init__(self, view):
        self.motion = Motion(view)
        self.was_hidden = False
        self.legal = (None, {})      # (the view they are for, seat -> moves)
        self.games = R.CHALLENGE_GAMES if view["options"].get("challenge") else 1   # in the match


class Table:
    """Play Me!'s table and input (``PlayMeUI`` is one): everything from views (``ctx.clock``
    for the countdown and the pause, ``ctx.memory`` for motion)."""

    # --- what the rules allow, for the person at the device ------------------------------------
    @staticmethod
    def legal(view, ctx, seat):
        cache = {}
        if ctx.memory is not None:
            if ctx.memory.legal[0] is not view:
                ctx.memory.legal = (view, {})
            cache = ctx.memory.legal[1]
        if seat not in cache:
            cache[seat] = GAME.moves(view, seat) if seat in view["to_move"] else []
        return cache[seat]

    @staticmethod
    def paused(ctx):
        return ctx.clock is not None and ctx.clock.paused

    @staticmethod
    def countdown(ctx):
        return ctx.clock.countdown() if ctx.clock is not None else None

    @staticmethod
    def hidden(ctx):
        """The dice are hidden while paused and during the countdown."""
        return ctx.clock is not None and ctx.clock.hidden()

    @staticmethod
    def key_maps(ctx):
        """Each person's keys: a lone human gets the left set, two humans one set each."""
        return {seat: KEYS[i] for i, seat in enumerate(ctx.humans[:2])}

    @staticmethod
    def names(ctx, seats):
        return ctx.t("list.sep").join(ctx.name(s) for s in seats)

    @staticmethod
    def target_order(view, seat):
        n = view["players"]
        return [(seat + i) % n for i in range(1, n)]

    # --- the round's end --------------------------------------------------------------------------
    def pause_for(self, view, events, ctx):
        """A round's summary once the round is settled (the Play Me! race run, the
        Jabberwocky's or a betrayer's choice made): the rules record it (``settled``); a
        record of rules 1 or 2 has it made from its log (``settled_of``)."""
        if rules_of(view) < R.V3_SETTLED:
            return self.reopened(view, ctx) if any(e["e"] in R.SETTLING for e in events) else None
        return (next((e for e in reversed(events) if e["e"] == "settled"), None)
                if view["outcome"] is None else None)

    def reopened(self, view, ctx):
        """Reopened after a round: its summary shows again."""
        if view["phase"] != "ready" or not view["results"] or view["outcome"] is not None:
            return None
        if rules_of(view) >= R.V3_SETTLED:
            return next((e for e in reversed(view["log"]) if e["e"] == "settled"), None)
        return GAME.settled_of(view, ctx.earlier() if ctx.earlier is not None else None)

    def ends_round(self, e):
        """A round is settled (``settled``); the round that wins the game has no such event
        (the game is over, not ready for another round): the game's end ends it."""
        return e["e"] in ("settled", "over")

    def pause_ends(self, view):
        """Someone else started the next round (a guest, or the host for its guests)."""
        return view["phase"] in LIVE

    def next_round_move(self, view, ctx):
        return (Move(None, {"a": "ready"}) if view["phase"] == "ready" and view["outcome"] is None
                else None)

    # --- what the session keeps --------------------------------------------------------------------
    def selection(self, old=None, seat=None):
        if old is None or seat is None:
            return Choice()
        old.seats[seat] = {}
        return old

    def memory(self, view):
        return Memory(view)

    def moved(self, memory, view, seat, move):
        if memory is not None and seat is not None:
            memory.motion.moved(view, seat, move)

    def private(self, view):
        return False              # no hidden information: never a hand-over

    # --- input ---------------------------------------------------------------------------------
    @action("tip")
    def tip(self, arg, view, sel, ctx):
        """A power's short line: pin its whole text open (again: close it)."""
        s = int(arg) if str(arg).isdigit() else None
        sel.tip = None if sel.tip == s else s
        return True

    @by_person("die")
    def die(self, view, sel, ctx, seat, rest):
        return self.use_die(view, sel, ctx, seat, number(rest))

    @by_person("keep")
    def keep(self, view, sel, ctx, seat, rest):
        return self.toggle_keep(view, sel, seat, number(rest))

    @by_person("keeping")
    def keeping(self, view, sel, ctx, seat, rest):
        """Alice's Keep beside Roll again (a touch screen, a narrow table; the key A does the
        same): the next die pressed is kept for the next roll (pressed again: kept no more);
        Keep again: choose no die."""
        mine = sel.of(seat)
        mine.pop("die", None)
        mine.pop("aim", None)
        mine["keeping"] = not mine.get("keeping")
        return True

    @by_person("use", "hit")
    def use(self, view, sel, ctx, seat, rest):
        """One use of the picked die: ``<seat>-<action>-<target or "">-<n>``."""
        a, _, tail = rest.partition("-")
        x, _, n = tail.partition("-")
        if not n.isdigit() or not (x.isdigit() or (x == "" and a in ("advance", "unblock"))):
            return None
        move = {"a": a, "n": int(n)}
        if x:
            move["s"] = int(x)
        return self.send(view, sel, ctx, seat, move)

    @by_person("more")
    def more(self, view, sel, ctx, seat, rest):
        return self.pick_die(view, sel, ctx, seat, number(rest))

    @by_person("madden", "betray")
    def choose(self, view, sel, ctx, seat, rest):
        """After a round: the Jabberwocky's or a winner's choice (the button's move)."""
        if not rest.isdigit():
            return None
        return self.send(view, sel, ctx, seat, {"a": ctx.acted, "s": int(rest)})

    @by_person("roll", "catch", "stop", "spare", "go")
    def simple(self, view, sel, ctx, seat, rest):
        """A move that is only its name (Roll again, Catch, Stop!, Spare); "go" is Space:
        catch when possible, else roll again."""
        name = ctx.acted
        move = self.go_move(view, ctx, seat) if name == "go" else {"a": name}
        return self.send(view, sel, ctx, seat, move)

    @by_person("cancel")
    def cancel(self, view, sel, ctx, seat, rest):
        sel.seats[seat] = {}
        return True

    def go_move(self, view, ctx, seat):
        """Space/Enter: catch when that is possible, else roll again."""
        return {"a": "catch" if any(m["a"] == "catch" for m in self.legal(view, ctx, seat))
                else "roll"}

    def send(self, view, sel, ctx, seat, move):
        """A move of ``seat``'s, with Alice's chosen die kept aside when that is allowed (the
        session stamps it with the clock)."""
        with_keep = dict(move, keep=sel.of(seat).get("keep"))
        if with_keep["keep"] is not None and with_keep in self.legal(view, ctx, seat):
            move = with_keep
        return Move(seat, move)

    def uses(self, view, ctx, seat, n):
        """The moves a die showing ``n`` allows ``seat`` now (keeps aside left out): its own
        actions first (advance, unblock), then blocks and swaps in the order of the target keys."""
        order = self.target_order(view, seat)
        rank = {"advance": 0, "unblock": 1}
        mine = [m for m in self.legal(view, ctx, seat) if m.get("n") == n and "keep" not in m]
        return sorted(mine, key=lambda m: (rank.get(m["a"], 2),
                                           order.index(m["s"]) if "s" in m else -1,
                                           m["a"] != "block"))

    @staticmethod
    def default_use(uses):
        """What a die does on one click or key: advance, else unblock, else its only use."""
        return next((m for a in ("advance", "unblock") for m in uses if m["a"] == a),
                    uses[0] if len(uses) == 1 else None)

    @staticmethod
    def use_id(seat, m):
        return f"use-{seat}-{m['a']}-{m.get('s', '')}-{m['n']}"

    def use_die(self, view, sel, ctx, seat, n):
        """A die clicked or its key pressed: with a card aimed at (a target key first), hit it
        with this die; else do the die's default action; a die with several targets and no
        default is picked, and its uses are offered."""
        mine = sel.of(seat)
        kind, move, _ = self.die_plan(view, ctx, seat, n, mine)
        if mine.pop("keeping", False):
            return self.toggle_keep(view, sel, seat, n)
        aim = mine.pop("aim", None)
        if move is not None:
            return self.send(view, sel, ctx, seat, move)
        if aim is not None:
            ctx.error = ctx.t("playme.no_hit", n=n, whose=ctx.whose(aim))
        elif kind == "choices":
            return self.pick_die(view, sel, ctx, seat, n)
        else:
            ctx.error = self.no_use(view, ctx, seat, n)
            mine.pop("die", None)
        return True

    def no_use(self, view, ctx, seat, n):
        """Why a die showing ``n`` can do nothing now (the rules' own words where they have
        them: a complete card, Mad Alice's 4, the Hatter's second action, the countdown)."""
        t = ctx.t
        move = {"a": "advance", "n": n}
        move = ctx.clock.stamp(move) if ctx.clock is not None else dict(move, t=GAME.earliest(view))
        try:
            GAME.check(view, seat, move)
        except IllegalMove as e:
            if e.key == "playme.error.blocked":
                return t("playme.no_use.blocked", n=n, b=view["p"][seat]["card"][-1]["n"])
            if e.key == "playme.error.not_next":
                return t("playme.no_use.need", n=n, need=GAME.next_number(view, seat))
            if e.key and ctx.i18n.has(e.key) and e.key != "playme.error.no_die":
                return t(e.key)
        return t("playme.no_use", n=n)

    def pick_die(self, view, sel, ctx, seat, n):
        """Pick a die (its "⋯", or a die with several targets): the choice row offers each of its
        uses. Picking the picked die again puts it back."""
        mine = sel.of(seat)
        mine.pop("aim", None)
        uses = self.uses(view, ctx, seat, n)
        if mine.get("die") == n or not uses:
            mine.pop("die", None)
        else:
            ctx.error = ""
            mine["die"] = n
            ctx.focus = self.use_id(seat, uses[0])
        return True

    @staticmethod
    def aim(sel, ctx, seat, x):
        """A target key with no die picked: aim at card ``x`` (again: aim no more); the next die
        key hits it with that die."""
        mine = sel.of(seat)
        if mine.get("aim") == x:
            mine.pop("aim")
        else:
            mine["aim"] = x
            ctx.error = ""
        return True

    @staticmethod
    def toggle_keep(view, sel, seat, n):
        mine = sel.of(seat)
        if mine.get("keep") == n:
            mine.pop("keep")
        elif n in view["p"][seat]["roll"]:
            mine["keep"] = n
        return True

    def key(self, key, view, sel, ctx):
        phase = view["phase"]
        if key == "Escape":            # a power's text pinned open, else a choice, else: pause
            if sel.tip is None and not sel:
                return Action("pause") if phase not in ("ready", "over") else None
            if sel.tip is not None:
                sel.tip = None
            else:
                sel.seats.clear()
            return True
        k = key.lower() if len(key) == 1 else key
        if phase == "ready" and k in (" ", "Enter") and view["outcome"] is None:
            return Action("start-round")
        if self.paused(ctx) or phase in ("ready", "over"):     # (between rounds: nothing to play)
            return None
        for seat, keys in self.key_maps(ctx).items():
            if k in keys["dice"]:
                return self.use_die(view, sel, ctx, seat, keys["dice"].index(k) + 1)
            if k in (keys["go"], keys["stop"]):
                move = self.go_move(view, ctx, seat) if k == keys["go"] else {"a": "stop"}
                return self.send(view, sel, ctx, seat, move)
            if k == keys["keep"]:
                mine = sel.of(seat)
                mine["keeping"] = not mine.get("keeping")
                return True
            if k in keys["targets"]:
                order = self.target_order(view, seat)
                i = keys["targets"].index(k)
                if i >= len(order):
                    return True
                n = sel.of(seat).get("die")
                if n is None:
                    return self.aim(sel, ctx, seat, order[i])
                hits = [m for m in self.uses(view, ctx, seat, n) if m.get("s") == order[i]]
                return self.send(view, sel, ctx, seat, hits[0]) if hits else True
        return None

    # --- drawing -------------------------------------------------------------------------------
    def tt(self, ctx, key, **params):
        """``t`` with a memo: a redraw repeats the same few dozen labels."""
        return MEMO((ctx.i18n.lang, key, tuple(sorted(params.items()))),
                    lambda: ctx.t(key, **params))

    def prompt(self, view, sel, ctx):
        """The whole prompt region (there are no turns): the round, the countdown or who is to
        choose, and Pause while a round runs."""
        t = ctx.t
        phase = view["phase"]
        paused = self.paused(ctx)
        if paused:
            text = t("playme.status.paused")
        elif view["outcome"] is not None:
            text = t("play.over")
        elif ctx.pause is not None:
            text = t("play.round_over")
        elif phase == "ready":
            text = t("playme.status.ready", n=view["round"] + 1)
        elif phase == "play":
            second = self.countdown(ctx)
            text = t("playme.status.countdown", n=second) if second else (
                t("playme.status.jabber", n=view["round"] + 1, wins=view["team_wins"],
                  target=GAME.team_target(view)) if view["jabber"] is not None
                else t("playme.status.play", n=view["round"] + 1))
        elif phase == "scramble":
            text = t("playme.status.scramble")
        else:
            text = ctx.say(f"playme.status.{phase}", view["chooser"])
        if view["options"]["challenge"] and view["outcome"] is None:
            text = t("playme.status.game", n=view["game_no"] + 1, of=R.CHALLENGE_GAMES) + " " + text
        pause = h("button", {"type": "button", "id": "pause",
                             "class_": "button pause" + (" primary" if paused else ""),
                             "data_act": "pause", "aria_pressed": str(paused).lower(),
                             "aria_keyshortcuts": "Escape"},
                  t("playme.resume") if paused else t("playme.pause"))
        return [h("div", {"class_": "pm-status"},
                  h("p", {"id": "prompt", "class_": "prompt", "tabindex": "-1"}, text),
                  pause if phase not in ("ready", "over") else None)]

    def replay_board(self, view, ctx):
        ctx.humans = []                     # a replay: nobody at the table, no controls
        return self.board(view, self.selection(), ctx)

    def board(self, view, sel, ctx):
        """The table: the other players' cards around the round tile, the viewer's own card,
        dice and controls at the bottom (``data-opps``: how many cards go around the tile)."""
        final = ctx.pause.get("final") if isinstance(ctx.pause, dict) else None
        if final:
            view = dict(view, **final)
        hide = self.hidden(ctx)
        memory = ctx.memory
        if memory is not None:
            if memory.was_hidden and not hide:
                memory.motion.reveal()
            memory.was_hidden = hide
        n = view["players"]
        hands = list(ctx.humans[:2])
        bottom = hands[0] if hands else 0
        others = [(bottom + i) % n for i in range(1, n) if (bottom + i) % n not in hands]
        parts = [die_defs()] + [self.card(view, sel, ctx, s, hide, f"o{i + 1}") for i, s in enumerate(others)]
        parts.append(self.centre(view, ctx, hide))
        if hands:
            parts += [self.hand(view, sel, ctx, s, hide, f"h{i + 1}") for i, s in enumerate(hands)]
        else:                                   # nobody at the device: seat 0 sits at the bottom
            parts.append(self.card(view, sel, ctx, 0, hide, "h1"))
        wide, narrow = layout(len(others), max(1, len(hands)))
        return h("div", {"class_": "pm-board", "data_region": "table", "data_opps": str(len(others)),
                         "data_hands": str(max(1, len(hands))),
                         "style": f"--wide: {wide}; --narrow: {narrow}"}, parts)

    def centre(self, view, ctx, hide):
        """The round tile (White Rabbit or Jabberwocky; a button when the one person at the
        device can catch or grab it), the countdown, the first round's start, the team score."""
        t = ctx.t
        phase = view["phase"]
        jab = view["jabber"]
        tile = t("playme.tile.jabber", whose=ctx.whose(jab)) if jab is not None else t("playme.tile.rabbit")
        catchers = [s for s in ctx.humans if {"a": "catch"} in self.legal(view, ctx, s)]
        parts = []
        if len(ctx.humans) == 1 and catchers and not self.paused(ctx):
            label = t("playme.grab") if phase == "scramble" else t("playme.catch")
            parts.append(h("button", {"type": "button", "id": "rabbit", "class_": "rabbit ready", "data_spot": "rabbit",
                                      "data_act": "catch", "data_arg": f"{catchers[0]}-",
                                      "aria_keyshortcuts": "Space", "data_fx": "pop"},
                           rabbit_svg(jab is not None), h("span", {"class_": "tile-name"}, label)))
        else:
            parts.append(h("div", {"class_": "rabbit" + (" jabber" if jab is not None else ""),
                                   "role": "img", "aria_label": tile, "data_spot": "rabbit"},
                           rabbit_svg(jab is not None),
                           # (whose card it is on: the card's own badge says; a name of 24
                           # letters put the tile on two lines and your card off a phone)
                           h("span", {"class_": "tile-name", "aria_hidden": "true"},
                             tile if jab is None else t("playme.tile.jabber_short"))))
        second = self.countdown(ctx)
        if second and not self.paused(ctx):
            parts.append(h("p", {"class_": "countdown", "aria_hidden": "true", "id": f"count-{second}",
                                 "data_fx": "pop"}, str(second)))
        if phase == "ready" and ctx.pause is None and view["outcome"] is None and not ctx.replay:
            parts.append(h("button", {"type": "button", "class_": "button primary big", "id": "start-round",
                                      "data_spot": "start",
                                      "data_act": "start-round", "aria_keyshortcuts": "Space"},
                           t("playme.start") if not view["results"] else t("play.next_round")))
        elif jab is not None:
            parts.append(h("p", {"class_": "pm-team"},     # (beside the tile on a phone's line)
                           t("playme.team_short", wins=view["team_wins"], target=GAME.team_target(view))))
        return h("div", {"class_": "pm-centre", "style": "grid-area: c"}, parts)

    # --- a card (anyone's) ---------------------------------------------------------------------
    def meta(self, view, ctx, s, hide):
        """Rounds won, dice in hand, the faces they show."""
        p = view["p"][s]
        wins = sum(1 for r in view["results"] if r["winner"] == s and r["game"] == view["game_no"])
        rolled = "" if hide or not p["roll"] else " ".join(str(n) for n in p["roll"])
        return h("div", {"class_": "pm-meta"},
                 h("span", {"class_": "wins", "aria_hidden": "true"}, f"★{wins}"),
                 h("span", {"class_": "pool", "aria_hidden": "true"}, str(p["pool"])),
                 h("span", {"class_": "offscreen"}, self.tt(ctx, "playme.wins_sr", n=wins), ", ",
                   self.tt(ctx, "playme.pool_sr", n=p["pool"])),
                 h("span", {"class_": "rolled", "aria_hidden": "true"}, rolled))

    def power(self, view, sel, ctx, s):
        """The power of the side face up: a short line (a button: hover or focus shows the whole
        text, a click or tap pins it) and the whole text as its description."""
        t = ctx.t
        short, full = power_keys(view, s)
        side = GAME.side_of(view, s)            # "jabber", "madness" or "wonder"
        pinned = sel.tip == s
        more = [" ", t("playme.power.stop")] if view["jabber"] == s and GAME.power(view, s) else None
        button = h("button", {"type": "button", "class_": "power", "id": f"pow-{s}", "data_act": "tip",
                              "data_arg": str(s), "aria_expanded": str(pinned).lower(),
                              "aria_describedby": f"tip-{s}", "aria_controls": f"tip-{s}"},
                   h("span", {"class_": f"side {side}"}, self.side_text(ctx, side)),
                   " ", h("span", {"class_": "power-text"}, self.tt(ctx, short)))
        tip = h("div", {"class_": "tip" + (" open" if pinned else ""), "id": f"tip-{s}", "role": "tooltip",
                        "data_act": "tip", "data_arg": str(s)},
                h("strong", {}, t("playme.power_of", char=self.char_name(t, view, s),
                                  side=self.tt(ctx, f"playme.side_now.{side}"))),
                " ", t(full), more)
        return h("div", {"class_": "power-line", "data_spot": f"power:{s}"}, button, tip)

    def side_text(self, ctx, side):
        """"✦ Wonder": the symbol, and the word (which a phone leaves to the card's name and
        the power's whole text)."""
        text = self.tt(ctx, f"playme.side_now.{side}")
        symbol, _, word = text.partition(" ")
        return [symbol, h("span", {"class_": "side-word"}, " ", word)] if word else text

    def slots(self, view, ctx, s):
        """The six slots of card ``s``: own dice, blocks (the owner's mark under a dashed die),
        empty slots with their numbers; a die just put there drops in."""
        motion = ctx.memory.motion if ctx.memory is not None else None
        p = view["p"][s]
        items = []
        for i in range(R.SLOTS):
            if i >= len(p["card"]):
                items.append(h("li", {"class_": "slot empty"},
                               h("span", {"class_": "slot-n", "aria_hidden": "true"}, str(i + 1)),
                               h("span", {"class_": "offscreen"}, self.tt(ctx, "playme.slot_empty", i=i + 1))))
                continue
            slot, owners = p["card"][i], p["card"][i]["o"]
            own = owners == [s]
            colour = COLOURS[view["p"][owners[0]]["char"]] if owners else NEUTRAL_COLOUR
            label = (self.tt(ctx, "playme.slot_own", i=i + 1, n=slot["n"]) if own else
                     self.tt(ctx, "playme.slot_block", i=i + 1, n=slot["n"],
                             who=self.names(ctx, owners) or ctx.t("playme.neutral")))
            mark = "" if own else "+".join(self.mark(view, ctx, o) for o in owners) or "·"
            key = motion.key_of(motion.slots, s, i) if motion is not None else 0
            items.append(h("li", {"class_": "slot " + ("own" if own else "foreign"), "id": f"slot-{s}-{key}",
                                  "data_fx": "drop" if motion is not None and motion.fresh(key) else None},
                           die_svg(slot["n"], colour, dashed=not own),
                           h("span", {"class_": "slot-mark", "aria_hidden": "true"}, mark),
                           h("span", {"class_": "offscreen"}, label)))
        return h("ol", {"class_": "slots", "data_spot": f"slots:{s}"}, items)

    def section(self, view, sel, ctx, s, hide, area, title, *more, aim=None):
        """A card at the table, anyone's: its first line (``title``, the key that aims at it),
        rounds won and dice in hand, the power, the slots; then ``more``, a person's own parts
        (a hand: its classes and region say so)."""
        p = view["p"][s]
        aimed = any(mine.get("aim") == s for mine in sel.seats.values()) and not self.hidden(ctx)
        classes = (["pm-card", p["char"]] + (["pm-hand", "me"] if more else ["opp"])
                   + (["mad"] if p["mad"] else []) + (["jabber"] if view["jabber"] == s else [])
                   + (["aimed"] if aimed else []) + (["pinned"] if sel.tip == s else []))
        label = ctx.t("playme.card_of", whose=ctx.whose(s), char=self.char_name(ctx.t, view, s),
                      side=self.tt(ctx, f"playme.side_now.{GAME.side_of(view, s)}"))
        return h("section", {"class_": " ".join(classes), "id": f"card-{s}",
                             "data_spot": f"card:{s}", "data_region": "hand" if more else "players",
                             "style": f"grid-area: {area}; --c: {COLOURS[p['char']]}",
                             "aria_label": label},
                 h("div", {"class_": "pm-head"},       # its first line: mark, name, badge, key
                   h("span", {"class_": "char-mark", "aria_hidden": "true"},
                     self.mark(view, ctx, s)), title,   # (the Jabberwocky: said where the side is)
                   h("span", {"class_": "badge"}, ctx.t("playme.betrayer"))
                   if s in view["betrayers"] else None, aim),
                 self.meta(view, ctx, s, hide),
                 self.power(view, sel, ctx, s), self.slots(view, ctx, s), *more)

    def card(self, view, sel, ctx, s, hide, area):
        """Another player's card, compact: mark, name, badges, dice in hand; the power; the
        slots; the key that aims at it."""
        keys = [key_label(km["targets"][self.target_order(view, seat).index(s)])   # (5 each)
                for seat, km in self.key_maps(ctx).items() if seat != s]
        title = h("h2", {"class_": "seat-name"}, ctx.name(s),
                  h("span", {"class_": "offscreen"}, " · ", self.char_name(ctx.t, view, s)))
        aim = (h("kbd", {"class_": "aim-key", "aria_hidden": "true"}, "/".join(keys))
               if keys and not ctx.touch else None)
        return self.section(view, sel, ctx, s, hide, area, title, aim=aim)

    # --- the viewer's own card, dice and controls ----------------------------------------------
    def hand(self, view, sel, ctx, seat, hide, area):
        """A person's own card with their dice (buttons that say what they do), the choice row,
        Keep (Alice), the "⋯" under a die with more uses, Roll again, Catch (two people),
        Stop! (the Jabberwocky); a choice after a round (madden, betray) in place of the dice."""
        t = ctx.t
        keys = self.key_maps(ctx)[seat]
        mine = sel.seats.get(seat, {})
        phase = view["phase"]
        live = phase == "play" and not hide and seat in view["to_move"]
        legal = self.legal(view, ctx, seat) if live else []
        who = ctx.name(seat) if len(ctx.humans) > 1 else t("playme.your_dice")
        title = h("h2", {"class_": "seat-name", "id": f"mine-{seat}"}, who, " · ",
                  self.char_name(t, view, seat))
        if phase in ("madden", "betray") and view["chooser"] == seat and not self.paused(ctx):
            say = h("p", {"class_": "hint"}, ctx.say(f"playme.choose.{phase}", seat))
            dice = self.choice_buttons(view, ctx, seat)
        else:
            say = (self.choices(view, ctx, seat, mine, keys) if live and mine.get("die") is not None
                   else h("p", {"class_": "hint"}, self.hint(view, ctx, seat, mine, legal, hide)))
            dice = self.dice(view, ctx, seat, hide, live, mine, keys)
        return self.section(view, sel, ctx, seat, hide, area, title,
                            h("div", {"class_": "say", "id": f"say-{seat}"}, say),
                            dice, self.controls(view, ctx, seat, live, legal, mine, keys))

    def dice(self, view, ctx, seat, hide, live, mine, keys):
        t = ctx.t
        p = view["p"][seat]
        motion = ctx.memory.motion if ctx.memory is not None else None
        alice = GAME.has(view, seat, "alice", "wonder")
        items = []
        for i, n in enumerate(p["roll"]):
            if hide:
                items.append(h("li", {}, h("span", {"class_": "die hidden"}, blank_die(52),
                                            h("span", {"class_": "offscreen"}, t("playme.die_hidden"))),
                               h("span", {"class_": "under"})))
                continue
            key = key_label(keys["dice"][n - 1])
            kind, move, more = self.die_plan(view, ctx, seat, n, mine) if live else ("off", None, 0)
            kept = mine.get("keep") == n
            face_key = motion.key_of(motion.dice, seat, i) if motion is not None else 0
            act = h("span", {"class_": f"act {kind}"},
                    self.act_words(ctx, kind, more) if kind != "none" else
                    [h("span", {"aria_hidden": "true"}, t("playme.act.none")),
                     h("span", {"class_": "offscreen"}, t("playme.act.none_sr"))],
                    self.act_who(view, ctx, move["s"]) if move and "s" in move else None
                    ) if kind != "off" else None
            classes = ["die", "mine", kind] + (["picked"] if mine.get("die") == n else [])
            under = []
            if alice and not ctx.touch:     # (a touch screen: one Keep beside Roll again)
                under.append(h("button", {"type": "button", "class_": "keep" + (" on" if kept else ""),
                                          "data_act": "keep", "data_arg": f"{seat}-{n}",
                                          "aria_pressed": str(kept).lower(), "disabled": not live,
                                          "aria_label": self.tt(ctx, "playme.keep_label", n=n)},
                                 t("playme.keep")))
            if live and kind in ("advance", "unblock", "block", "swap") and more > 0:
                picked = mine.get("die") == n
                under.append(h("button", {"type": "button", "class_": "more" + (" on" if picked else ""),
                                          "id": f"more-{seat}-{i}", "data_act": "more",
                                          "data_arg": f"{seat}-{n}", "aria_expanded": str(picked).lower(),
                                          "aria_controls": f"say-{seat}"},
                                 self.tt(ctx, "playme.more", n=more), " ",
                                 h("span", {"class_": "offscreen"}, self.tt(ctx, "playme.more_sr", n=n))))
            items.append(h("li", {"class_": "kept" if kept else None},
                           h("button", {"type": "button", "id": f"die-{seat}-{i}", "class_": " ".join(classes),
                                        "data_act": "die", "data_arg": f"{seat}-{n}",
                                        # the first die showing each face is the lesson's "die:<n>"
                                        "data_spot": None if n in p["roll"][:i] else f"die:{n}",
                                        "aria_keyshortcuts": key, "disabled": not live},
                             h("span", {"class_": "face", "id": f"face-{seat}-{face_key}",
                                        "data_fx": "roll" if motion is not None and motion.fresh(face_key) else None},
                               die_svg(n, COLOURS[p["char"]], size=52)),
                             None if ctx.touch else
                             h("span", {"class_": "key-hint", "aria_hidden": "true"}, key),
                             h("span", {"class_": "offscreen"}, self.tt(ctx, "playme.die_name", n=n), " "),
                             act),
                           h("span", {"class_": "under"}, under)))
        if view["phase"] == "play" and p["pool"] > len(p["roll"]):        # dice set aside
            items.append(h("li", {}, h("span", {"class_": "die aside"}, blank_die(44),
                                        h("span", {"class_": "offscreen"}, t("playme.aside")))))
        return h("ul", {"class_": "dice keeps" if alice and not ctx.touch else "dice", "id": f"dice-{seat}",
                        "aria_label": t("playme.dice_of", whose=ctx.whose(seat))}, items)

    @staticmethod
    def kbd(ctx, key):
        """A control's key, shown after its name: not on a touch screen (no "Space" there)."""
        return None if ctx.touch else [" ", h("kbd", {}, key)]

    def act_words(self, ctx, kind, more):
        """A die's label: the action's word, and a shorter one that a phone shows where the
        word would not fit under the die (Japanese: 前進 for アドバンス); a screen reader hears
        the word."""
        word = self.tt(ctx, f"playme.act.{kind}", n=more)
        short = self.tt(ctx, f"playme.act_short.{kind}", n=more)
        return word if short == word else [
            h("span", {"class_": "act-long"}, word),
            h("span", {"class_": "act-short", "aria_hidden": "true"}, short)]

    def act_who(self, view, ctx, s):
        """Whom a die's block or swap aims at: the mark of its card, on the die's corner (the
        name read out)."""
        return [" ", h("span", {"class_": "act-who"},
                       h("span", {"class_": "who-name"}, ctx.name(s)),
                       h("span", {"class_": "char-mark", "aria_hidden": "true",
                                  "style": f"--c: {COLOURS[view['p'][s]['char']]}"},
                         self.mark(view, ctx, s)))]

    def die_plan(self, view, ctx, seat, n, mine):
        """What pressing a die showing ``n`` does now: (kind, move, count), kind one of
        "advance", "unblock", "block", "swap" (the move, with the count of its other uses; none
        when aimed at a card), "keep" (Alice is choosing a die to keep), "choices" (the die is
        picked: its uses are offered; count: how many), "none" (the refusal is explained)."""
        if mine.get("keeping"):
            return "keep", None, 0
        uses = self.uses(view, ctx, seat, n)
        if mine.get("aim") is not None:
            move = next((m for m in uses if m.get("s") == mine["aim"]), None)
            return (move["a"], move, 0) if move else ("none", None, 0)
        move = self.default_use(uses)
        if move is not None:
            return move["a"], move, len(uses) - 1
        return ("choices", None, len(uses)) if uses else ("none", None, 0)

    def controls(self, view, ctx, seat, live, legal, mine, keys):
        t = ctx.t

        def button(more, name, act, label, key=None, spot=None, **attrs):
            """A control of ``seat``'s (id ``<name>-<seat>``), its ``key`` after its name."""
            return h("button", {"type": "button", "class_": "button" + more,
                                "id": name and f"{name}-{seat}", "data_spot": spot,
                                "data_act": act, "data_arg": f"{seat}-", **attrs},
                     label, self.kbd(ctx, key_label(keys[key])) if key else None)

        go, stop = key_label(keys["go"]), key_label(keys["stop"])
        buttons = [button("", "roll", "roll", t("playme.roll"), "go", spot="roll",
                          disabled=not live, aria_keyshortcuts=go)]
        if GAME.has(view, seat, "alice", "wonder"):
            # one Keep for the roll, not one under each die: a finger-sized one on a touch
            # screen (a row of 44 px buttons under the dice would not leave six players' cards
            # room on a phone); with a mouse, where the table is narrow (its CSS shows one of
            # the two, the Keep under each die on a wide table)
            keeping = bool(mine.get("keeping"))
            buttons.append(button(" keeping" + (" on" if keeping else "")
                                  + ("" if ctx.touch else " narrow-only"), "keep", "keeping",
                                  t("playme.keep"), "keep", aria_pressed=str(keeping).lower(),
                                  disabled=not live))
        if len(ctx.humans) > 1:
            scramble = view["phase"] == "scramble" and seat in view["to_move"]
            buttons.append(button(" primary", "catch", "catch",
                                  t("playme.grab") if scramble else t("playme.catch"), "go",
                                  disabled=not scramble and all(m["a"] != "catch" for m in legal),
                                  aria_keyshortcuts=go))
        if view["jabber"] == seat:
            buttons.append(button(" danger", "stop", "stop", t("playme.stop"), "stop",
                                  disabled=not live, aria_keyshortcuts=stop))
        # Cancel keeps its room while nothing is chosen (hidden, out of reach): its coming would
        # widen the column of the controls and move the dice beside it between two clicks
        choosing = mine.get("die") is not None or mine.get("keeping") or mine.get("aim") is not None
        buttons.append(button(" cancel" + ("" if choosing else " idle"), None, "cancel",
                              t("playme.cancel"), disabled=not choosing,
                              aria_hidden=None if choosing else "true",
                              tabindex=None if choosing else "-1"))
        return h("div", {"class_": "controls"}, buttons)

    def choice_buttons(self, view, ctx, seat):
        """After a round: the Jabberwocky drives a survivor mad, or a winner may betray one."""
        t = ctx.t
        buttons = [h("button", {"type": "button", "class_": "button", "id": f"{m['a']}-{m.get('s', 'none')}",
                                "data_act": m["a"], "data_arg": f"{seat}-{m.get('s', '')}"},
                     t(f"playme.choice.{m['a']}", name=ctx.name(m["s"]) if "s" in m else None))
                   for m in self.legal(view, ctx, seat)]
        return h("div", {"class_": "controls choice", "role": "group", "aria_labelledby": f"say-{seat}"},
                 buttons)

    def choices(self, view, ctx, seat, mine, keys):
        """The picked die's uses, each saying what it will do, with its key."""
        n = mine["die"]
        order = self.target_order(view, seat)
        buttons = []
        for m in self.uses(view, ctx, seat, n):
            whom = {"name": ctx.name(m["s"])} if "s" in m else {}
            key = key_label(keys["targets"][order.index(m["s"])] if "s" in m   # (5 keys, 5 others)
                            else keys["dice"][n - 1])
            buttons.append(h("button", {"type": "button", "class_": "button use " + m["a"],
                                        "id": self.use_id(seat, m), "data_act": "use",
                                        "data_arg": f"{seat}-{m['a']}-{m.get('s', '')}-{n}",
                                        "aria_keyshortcuts": key},
                             self.tt(ctx, f"playme.use.{m['a']}", n=n, **whom), self.kbd(ctx, key)))
        return h("div", {"class_": "controls uses", "role": "group",
                         "aria_label": self.tt(ctx, "playme.uses_of", n=n)}, buttons)

    def hint(self, view, ctx, seat, mine, legal, hide):
        t = ctx.t
        touch = "_touch" if ctx.touch else ""        # a touch screen: no Esc, no Space
        if self.paused(ctx) and view["phase"] in LIVE:
            return t("playme.hint.paused" + touch)
        if hide:
            return t("playme.hint.wait") if view["phase"] == "play" else ""
        if mine.get("keeping"):
            return t("playme.hint.keeping" + touch)
        if mine.get("aim") is not None:
            return t("playme.hint.aim", whose=ctx.whose(mine["aim"]))
        acts = {m["a"]: m for m in legal}
        if "catch" in acts:
            return t("playme.hint.catch" + touch)
        for a in ("unblock", "advance"):
            if a in acts:
                return t(f"playme.hint.{a}", n=acts[a]["n"])
        if view["phase"] != "play":
            return ""
        if GAME.foreign(view, seat):
            return t("playme.hint.blocked", n=view["p"][seat]["card"][-1]["n"])
        need = GAME.next_number(view, seat)
        return t("playme.hint.need", n=need) if need <= R.SLOTS else ""

    def mark(self, view, ctx, s):
        return self.tt(ctx, f"playme.mark.{view['p'][s]['char']}")


MEMO = Memo(4000)              # translated labels (``Table.tt``)


class PlayMeUI(Table, GameUI):
    game_id = "playme"

    # --- new-game form -------------------------------------------------------------------------
    def default_setup(self):
        return {"players": 3, "kind0": "human", **dict.fromkeys(FLAGS, False), "reaction": BY_LEVEL,
                **{f"kind{s}": "easy" for s in range(1, 6)}, **{f"char{s}": "" for s in range(6)}}

    def option_fields(self, values, t):
        chars = [h("label", {}, t("setup.seat", n=s + 1), " ",
                   h("select", {"name": f"char{s}", "id": f"char{s}", "data_act": "setup-change"},
                     h("option", {"value": "", "selected": not values.get(f"char{s}")},
                       t("playme.setup.random")),
                     [h("option", {"value": c, "selected": values.get(f"char{s}", "") == c},
                        t(f"playme.char.{c}")) for c in R.CHARS]))
                 for s in range(values["players"])]
        flags = [h("label", {"class_": "check"},
                   h("input", {"type": "checkbox", "name": name, "id": f"opt-{name}",
                               "checked": bool(values.get(name))}),
                   " ", phrased(t(f"playme.option.{name}"), self.kept_words(t)))
                 for name in FLAGS]
        return h("div", {"class_": "playme-setup"}, super().option_fields(values, t),
                 h("fieldset", {"class_": "chars"}, h("legend", {}, t("playme.setup.characters")), chars),
                 self.setup_powers(values, t),
                 h("fieldset", {"class_": "flags phrased"}, h("legend", {}, t("playme.setup.optional")), flags),
                 self.reaction_field(values, t),
                 h("p", {"class_": "speed-note phrased", "id": "speed-note"},
                   phrased(t("playme.setup.speed_note")), " ",
                   # the form does not know the screen: a touch screen's CSS shows the words
                   # without the key (no "Esc" on a phone)
                   h("span", {"class_": "pm-with-keys"}, phrased(t("playme.setup.pause_note"))),
                   h("span", {"class_": "pm-touch-only"}, phrased(t("playme.setup.pause_note_touch")))))

    def reaction_field(self, values, t):
        """How quickly the computers act, one setting for the table (their level is how they
        think): by level, or one time for all of them."""
        return h("label", {"class_": "reaction"}, t("playme.setup.reaction"), " ",
                 h("select", {"name": "reaction", "id": "reaction",
                              "aria_describedby": "speed-note"},
                   [h("option", {"value": r, "selected": values.get("reaction", BY_LEVEL) == r},
                      t(f"playme.reaction.{r}")) for r in REACTION_CHOICES]))

    def setup_powers(self, values, t):
        """Each character's two powers, and which seat has chosen it."""
        taken = {values.get(f"char{s}"): s for s in range(values["players"])}
        kept = self.kept_words(t)          # (Japanese: lines break between phrases only)
        items = [h("li", {"class_": f"pm-char {c}", "style": f"--c: {COLOURS[c]}"},
                   h("p", {"class_": "pm-char-name"},
                     h("span", {"class_": "char-mark", "aria_hidden": "true"},
                       t(f"playme.mark.{c}")), " ", h("strong", {}, t(f"playme.char.{c}")),
                     [" ", h("span", {"class_": "badge"}, t("setup.seat", n=taken[c] + 1))]
                     if c in taken else None),
                   [h("p", {"class_": "pm-side"},
                      h("span", {"class_": f"side {side}"}, t(f"playme.side_now.{side}")),
                      " ", phrased(t(f"playme.power.{c}.{side}"), kept))
                    for side in ("wonder", "madness")])
                 for c in R.CHARS]
        return h("section", {"class_": "pm-powers phrased", "aria_labelledby": "powers-title"},
                 h("h2", {"id": "powers-title"}, t("playme.setup.powers")),
                 h("p", {"class_": "lead"}, phrased(t("playme.setup.powers_note"), kept)),
                 h("ul", {"class_": "pm-chars"}, items))

    def setup_values(self, form, values):
        new = super().setup_values(form, values)
        for name in FLAGS:
            if name in form:
                new[name] = form[name] is True or form[name] in ("on", "true", "1")
        if new.get("reaction") not in REACTION_CHOICES:
            new["reaction"] = values.get("reaction", BY_LEVEL)
        seen = set()
        for s in range(6):         # a character taken twice: the later seat goes back to random
            c = new.get(f"char{s}", "")
            new[f"char{s}"] = c if c in R.CHARS and c not in seen else ""
            seen.add(c)
        return new

    def options_from_setup(self, values):
        n = values["players"]
        return {"players": n,
                "characters": [values.get(f"char{s}") or None for s in range(n)],
                **{name: bool(values.get(name)) for name in FLAGS}}

    def setup_meta(self, values):
        """The computers' reaction time goes in the record's meta (``levels.py``)."""
        return {"reaction": reaction_setting({"reaction": values.get("reaction")})}

    # --- words ---------------------------------------------------------------------------------
    def char_name(self, t, view, s):
        return t(f"playme.char.{view['p'][s]['char']}")

    def describe(self, e, ctx):
        t, say = ctx.t, ctx.say
        kind = e["e"]
        if kind in ("setup", "game"):
            cast = t("playme.log.setup", list=t("list.sep").join(
                say("playme.log.plays", s, char=t(f"playme.char.{c}"))
                for s, c in enumerate(e["chars"])))
            return cast if kind == "setup" else t("playme.log.game", n=e["game"] + 1) + " " + cast
        if kind == "round":
            return t("playme.log.round_jabber" if e["jabber"] is not None else "playme.log.round",
                     n=e["round"] + 1)
        if kind == "catch":
            kind = "catch_jabber" if e["jabber"] else "catch"
        if kind in ("advance", "unblock", "stop", "reset", "grab", "slowest", "scramble", "spare",
                    "catch", "catch_jabber", "flip", "jabberwocky", "block", "swap", "joint",
                    "madden", "betray"):        # someone's move or lot (on someone's card: "to")
            to = {"whose": ctx.whose(e["to"]), "other": ctx.name(e["to"])} if "to" in e else {}
            return say(f"playme.log.{kind}", e["s"], n=e.get("n"), **to)
        if kind in ("joint_done", "joint_back"):
            whose = ctx.whose(e["to"]) if "to" in e else None
            return t(f"playme.log.{kind}", n=e["n"], whose=whose)
        if kind == "game_won":
            return self.won(e, ctx, self.numbered(e, ctx))
        if kind == "over":
            return t("playme.log.over", names=self.names(ctx, e["winners"]))
        return None

    def kept_words(self, t):
        """Characters' names a Japanese line keeps whole (「ハートの女王」)."""
        return tuple(t(f"playme.char.{c}") for c in COLOURS)

    def ja(self, text, ctx):
        """A summary's line: in Japanese, broken between phrases only (``bodoge.ui.phrases``)."""
        return (phrased(text, [*ctx.names, *self.kept_words(ctx.t)]) if ctx.i18n.lang == "ja"
                else text)

    @staticmethod
    def numbered(e, ctx):
        """Whether a won game is named by its number: only in a match of several (Challenge),
        which the options in the view say (kept in ``Memory``); a replay, which keeps none,
        numbers the games after the first."""
        return ctx.memory.games > 1 if ctx.memory is not None else e["game"] > 0

    def won(self, game, ctx, numbered):
        """"Aki caught the White Rabbit twice and wins the game!" ("… wins game 2!" in a
        Challenge): "wins" for one winner, "win" for you or several."""
        t = ctx.t
        which = t("playme.won.game_n", n=game["game"] + 1) if numbered else t("playme.won.the_game")
        key, winners = f"playme.log.won.{game['how']}", game["winners"]
        if len(winners) == 1:
            return ctx.say(key, winners[0], game=which)
        return t(f"{key}.many", names=self.names(ctx, winners), game=which)

    def log_group(self, e, ctx):
        """A group per round ("Round 2"; with Challenge "Game 2 · Round 1"): it starts with the
        round's countdown (the first one with the cast of characters before it); the game's
        last line under "End of the game"."""
        prev = ctx.log_prev
        if e["e"] == "over":                  # the end apart from the round that won it
            return ctx.t("play.log_end")
        if e["e"] not in ("setup", "game") and (
                e["e"] != "round" or prev is not None and prev["e"] in ("setup", "game")):
            return None
        rnd = e["round"] if e["e"] == "round" else 0
        game = e.get("game", 0)
        if game or (e["e"] == "game"):
            return ctx.t("playme.log.group_game", g=game + 1, n=rnd + 1)
        return ctx.t("playme.log.group", n=rnd + 1)

    # --- round and game end --------------------------------------------------------------------
    def round_heading(self, e, ctx):
        """The winner first: "Aki wins round 2" (against the Jabberwocky: say so); Japanese
        in phrases (「勝/利」 broke on a phone)."""
        how = "" if not e["jabber"] else "_jw" if e["s"] == e.get("jw") else "_jabber"
        text = ctx.say(f"playme.round.heading{how}", e["s"], n=e["round"] + 1)
        return (h("span", {"class_": "phrased"}, self.ja(text, ctx)) if ctx.i18n.lang == "ja"
                else text)

    def round_summary(self, e, ctx):
        """What the round brought: the catch and the flip, the Play Me! race (who grabbed the
        rabbit in what order, who was the slowest), the Jabberwocky appearing, a choice (who
        was driven mad, betrayed), a game won; then every card as it lies now, with the
        rounds each has won."""
        t = ctx.t
        parts, race = [], None

        def told(ev, strong=False):
            text = self.ja(self.describe(ev, ctx), ctx)
            return h("strong", {}, text) if strong else text

        for ev in e["events"]:
            kind = ev["e"]
            if kind == "scramble":
                race = []
                parts.append(h("section", {"class_": "pm-news race", "aria_labelledby": "race-title"},
                               h("h3", {"id": "race-title"}, t("playme.round.race")),
                               h("p", {}, told(ev)), h("ol", {"class_": "pm-race"}, race)))
            elif kind == "grab" and race is not None:
                race.append(h("li", {}, self.ja(ctx.say("playme.round.grabbed", ev["s"]), ctx)))
            elif kind == "slowest" and race is not None:
                race.append(h("li", {"class_": "slowest"}, told(ev, True)))
            elif kind == "jabberwocky":
                parts.append(h("div", {"class_": "pm-news jabber"}, rabbit_svg(True),
                               h("p", {}, told(ev, True), " ",
                                 self.ja(t("playme.round.jabber_goal", target=e["target"]), ctx))))
            elif kind in ("madden", "betray", "game_won"):
                parts.append(h("p", {"class_": f"pm-news {kind}"}, told(ev, True)))
            elif kind in ("catch", "flip", "spare"):
                parts.append(h("p", {"class_": "pm-news"}, told(ev)))
            elif kind == "game":
                parts.append(h("p", {"class_": "pm-news"},
                               self.ja(t("playme.round.next_game", n=ev["game"] + 1,
                                         of=R.CHALLENGE_GAMES), ctx)))
        if e.get("team") is not None:
            parts.append(h("p", {"class_": "pm-news"},
                           self.ja(t("playme.team", wins=e["team"], target=e["target"]), ctx)))
        rows = [h("li", {"class_": f"pm-stand {c['char']}", "style": f"--c: {COLOURS[c['char']]}"},
                  h("span", {"class_": "char-mark", "aria_hidden": "true"}, t(f"playme.mark.{c['char']}")),
                  h("span", {"class_": "who"}, ctx.name(s)),
                  h("span", {"class_": "what"}, t(f"playme.char.{c['char']}"), " · ",
                    h("span", {"class_": f"side {c['side']}"}, t(f"playme.side_now.{c['side']}")),
                    [" · ", t("playme.side_now.sealed")] if c["sealed"] else None,
                    [" · ", t("playme.betrayer")] if c["betrayer"] else None),
                  h("span", {"class_": "score"}, t("playme.score.rounds", n=c["wins"])))
                for s, c in enumerate(e["cards"])]
        parts.append(h("h3", {}, t("playme.round.cards")))
        parts.append(h("ul", {"class_": "pm-standings"}, rows))
        return h("div", {"class_": "pm-summary phrased"}, parts)

    def score_text(self, outcome, seat, ctx):
        games = outcome.get("games") or []
        return ctx.t("playme.score.games" if len(games) > 1 else "playme.score.rounds",
                     n=outcome["scores"][seat])

    def result(self, view, ctx):
        """How the game was won (each game of a Challenge), then every round: against whom,
        who won it, and what followed (a flip, the race's slowest, the Jabberwocky, a choice)."""
        t = ctx.t
        challenge = len(view["games"]) > 1 or view["options"]["challenge"]
        parts = [h("p", {"class_": "pm-news game_won"},
                   h("strong", {}, self.ja(self.won(dict(game, game=g), ctx, challenge), ctx)))
                 for g, game in enumerate(view["games"])]
        told = stories(view["log"])
        rows = []
        for i, r in enumerate(view["results"]):
            if challenge and (i == 0 or r["game"] != view["results"][i - 1]["game"]):
                rows.append(h("li", {"class_": "pm-game-head"},
                              t("playme.result.game_head", n=r["game"] + 1)))
            notes = [self.describe(ev, ctx) for ev in (told[i] if i < len(told) else [])[1:]
                     if ev["e"] in ("flip", "jabberwocky", "slowest", "madden", "betray")]
            against = t("playme.result.vs_jabber") if r["jabber"] else t("playme.result.vs_rabbit")
            rows.append(h("li", {},
                          h("span", {"class_": "line"},
                            self.ja(t("playme.result.round_line", n=r["round"] + 1, against=against,
                                      name=ctx.name(r["winner"])), ctx)),
                          [" ", h("span", {"class_": "notes"}, self.ja(" ".join(notes), ctx))]
                          if notes else None))
        parts.append(h("h3", {}, t("playme.result.rounds")))
        parts.append(h("ol", {"class_": "pm-rounds"}, rows))
        return h("div", {"class_": "pm-result phrased"}, parts)

    # --- the shelf -----------------------------------------------------------------------------
    def picture(self):
        """The White Rabbit tile with a character card's row of dice under it."""
        dice = [h("g", {"transform": f"translate({8 + i * 34} 92) scale(0.68)"},
                  h("rect", dict(SQUARE, fill=COLOURS[c], stroke="#1d1f24", stroke_width="3",
                                 stroke_dasharray="6 4" if c != "alice" else None)),
                  pips(n))
                for i, (n, c) in enumerate(zip((1, 2, 3, 4), ("alice",) * 3 + ("queen",)))]
        dice += [h("rect", {"x": str(8 + i * 34 + 1), "y": "93", "width": "28", "height": "28",
                            "rx": "6", "fill": "none", "stroke": "#8a8578", "stroke_width": "2",
                            "stroke_dasharray": "4 3"}) for i in (4, 5)]
        return h("svg", {"viewBox": "0 0 216 128", "aria_hidden": "true", "focusable": "false",
                         "class_": "pm-picture"},
                 h("g", {"transform": "translate(68 2) scale(1.05)"}, tile_parts(False)), dice)

    def progress(self, view, ctx):
        """"Round 3 · Madness: Aki, Ben" or "Round 5 · Cy is the Jabberwocky, survivors 1 of 4"
        (with Challenge, the game first)."""
        t = ctx.t
        parts = []
        if view["options"]["challenge"]:
            parts.append(t("playme.progress.game", n=view["game_no"] + 1, of=R.CHALLENGE_GAMES))
        # between rounds, the round just played (the next one has not begun)
        between = view["phase"] == "ready" and view["results"] and view["results"][-1]["game"] == view["game_no"]
        parts.append(t("playme.progress.round", n=view["round"] + (0 if between else 1)))
        if view["jabber"] is not None:
            parts.append(t("playme.progress.jabber", name=ctx.name(view["jabber"]),
                           wins=view["team_wins"], target=GAME.team_target(view)))
        elif any(p["mad"] for p in view["p"]):
            mad = [s for s in range(view["players"]) if view["p"][s]["mad"]]
            parts.append(t("playme.progress.mad", names=self.names(ctx, mad)))
        return " · ".join(parts)

    def rules(self, t):
        sections = [[h("h3", {}, t(f"playme.rules.{key}.title")),
                     h("p", {}, t(f"playme.rules.{key}"))]
                    for key in ("goal", "setup", "realtime", "advance", "block", "unblock", "round",
                                "jabberwocky", "stop", "betrayal", "optional", "digital", "table")]
        chars = h("table", {"class_": "rounds chars-table"},
                  h("caption", {}, t("playme.rules.chars")),
                  h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, t("playme.rules.char")),
                                   h("th", {"scope": "col"}, t("playme.wonder")),
                                   h("th", {"scope": "col"}, t("playme.madness")))),
                  h("tbody", {}, [h("tr", {}, h("th", {"scope": "row"}, t(f"playme.char.{c}")),
                                    h("td", {}, t(f"playme.power.{c}.wonder")),
                                    h("td", {}, t(f"playme.power.{c}.madness"))) for c in R.CHARS]))
        rulings = [h("li", {"class_": "v2" if k in V2_RULINGS else None},
                     [h("strong", {"class_": "rules-version"}, t("playme.rules.v2")), " "]
                     if k in V2_RULINGS else None, t(f"playme.ruling.{k}")) for k in RULING_KEYS]
        before = [h("li", {}, t(f"playme.ruling_v1.{k}")) for k in V2_RULINGS]
        keys = [h("li", {}, t(f"playme.keys.{k}")) for k in ("left", "right", "click", "pause")]
        return h("div", {"class_": "rules"}, sections, chars,
                 h("h3", {}, t("rules.rulings")), h("ul", {}, rulings),
                 h("h3", {}, t("playme.rules.versions.title")),
                 h("p", {}, t("playme.rules.versions")), h("ul", {}, before),
                 h("h3", {}, t("rules.keys")), h("ul", {}, keys))


RULING_KEYS = ("roll", "keep_a_die", "alice_keep", "returned", "unblock_both", "next_slot",
               "own_dice", "queen", "swap_top", "neutral", "hatter", "latched", "walrus",
               "stop_once", "stop_restart", "jabber_madden", "no_flip", "true_winner", "joint",
               "mad_crown", "scramble", "seal", "play_me_rabbit", "two_humans", "countdown",
               "pause_hides")
V2_RULINGS = ("next_slot", "stop_once", "stop_restart", "mad_crown", "scramble")   # changed in v2


UI = PlayMeUI()
