"""Play Me!: the real-time screen, the table of character cards, the dice and the rabbit.

Play Me! has no turns, so it has its own screen (``PlayMeScreen``, built on the shared
``PlayScreen`` for seats, saves, share and rules dialogs, overlays and the log; it overrides
the prompt and board regions). The screen owns a ``GameClock`` (game milliseconds; paused, it
stands still; in manual mode only ``drive_clock`` moves it, for tests) and a ``Driver`` that
plays the bots after their reaction times. Moves are stamped with the clock's time, so a save
replays exactly. The screen redraws when something happened (a move, a countdown second),
never on a fixed frame rate.

The table (``board_region``): the round tile (White Rabbit or Jabberwocky) in the middle, every
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
is settled (the Play Me! race run, the Jabberwocky's or a betrayer's choice made): the state
keeps the final position until the next round's ``ready`` deals again, so the board behind the
overlay is the round that ended (a Challenge game that ended is drawn from the screen's copy
of its last position, ``final``). Motion: rolled dice have ``data-fx="roll"``, dice put on a
card ``drop`` (``Motion`` remembers which are new since the screen opened); none of it waits.
"""

from ...core.errors import IllegalMove
from ...core.record import Record, replay
from ...ui.games import GameUI
from ...ui.html import h
from ...ui.play import SAVE_ACTIONS, PlayScreen
from . import GAME
from . import rules as R
from .sim import Driver
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
SAVE_EVERY_MS = 3000          # autosave at most this often while a round runs
DRAW_EVERY_MS = 100           # bots' moves are drawn at most this often
REROLLS = ("advance", "block", "unblock", "swap", "roll")   # moves after which the mover rolls
LIVE = ("play", "scramble", "madden", "betray")             # a round is being played or settled


class GameClock:
    """Game time in whole milliseconds, from a source of milliseconds (the page's clock).

    Stopped (paused, or between rounds) it stands still. In manual mode it ignores the source
    and moves only by ``advance`` (tests and benchmarks drive it)."""

    def __init__(self, source, at=0):
        self.source = source
        self.base = int(at)
        self.anchor = None           # source time when it last started; None: stopped
        self.manual = False

    @property
    def running(self):
        return self.anchor is not None

    def now(self) -> int:
        if self.anchor is None or self.manual:
            return self.base
        return self.base + max(0, int(self.source() - self.anchor))

    def start(self):
        if self.anchor is None:
            self.anchor = self.source()

    def stop(self):
        self.base = self.now()
        self.anchor = None

    def set_manual(self, manual):
        self.base = self.now()
        self.manual = manual
        if self.anchor is not None:
            self.anchor = self.source()

    def advance(self, ms):
        if self.manual and self.anchor is not None:
            self.base += max(0, int(ms))


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
        first = self.last + 1
        self.last += n
        return list(range(first, self.last + 1))

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
        if a == "ready":
            self.dice[s] = self.keys(len(new))
            return
        if a == "advance" and p.get("bonus") and move["n"] in old:   # the Hatter's first advance
            i = old.index(move["n"])
            del old[i], keys[i]
        elif a in REROLLS:                                   # rolled again (a kept die stays)
            kept = []
            keep = move.get("keep")
            if keep is not None and new[:1] == [keep] and keep in old:
                kept = [keys[old.index(keep)]]
            self.dice[s] = kept + self.keys(len(new) - len(kept))
            return
        if new[:len(old)] == old:                            # dice came home
            self.dice[s] = keys[:len(old)] + self.keys(len(new) - len(old))
        elif old[:len(new)] == new:                          # a die set aside
            self.dice[s] = keys[:len(new)]
        else:
            self.dice[s] = self.keys(len(new))

    def reveal(self):
        """The dice show again (the countdown ran out, or play resumed): they roll in."""
        self.dice = [self.keys(len(faces)) for faces in self.faces]

    def die_key(self, s, i):
        keys = self.dice[s] if s < len(self.dice) else []
        return keys[i] if i < len(keys) else 0

    def slot_key(self, s, i):
        keys = self.slots[s] if s < len(self.slots) else []
        return keys[i] if i < len(keys) else 0


# --- pictures ----------------------------------------------------------------------------------
def die_defs():
    """The six faces, drawn once per table (``die_svg`` uses them): a redraw of a table of six
    cards sends a few nodes per die instead of a rectangle and its pips."""
    faces = [h("symbol", {"id": f"pm-d{n}", "viewBox": "0 0 44 44"},
               h("rect", {"x": "2", "y": "2", "width": "40", "height": "40", "rx": "8",
                          "fill": "currentColor", "stroke": "#1d1f24"}),
               [h("circle", {"cx": str(4 + 9 * cx), "cy": str(4 + 9 * cy), "r": "4.2",
                             "fill": "#fff", "stroke": "none"}) for cx, cy in PIPS[n]])
             for n in range(1, 7)]
    return h("svg", {"class_": "pm-defs", "width": "0", "height": "0", "aria_hidden": "true",
                     "focusable": "false"}, faces)


def die_svg(n, colour, size=44, dashed=False):
    """One die: white pips on the owner's colour, a dashed border if it blocks a card."""
    return h("svg", {"viewBox": "0 0 44 44", "width": str(size), "height": str(size),
                     "aria_hidden": "true", "focusable": "false", "class_": "die-svg",
                     "style": f"color: {colour}"},
             h("use", {"href": f"#pm-d{n}", "stroke_width": "3" if dashed else "2",
                       "stroke_dasharray": "6 4" if dashed else None}))


def blank_die(size=44):
    return h("svg", {"viewBox": "0 0 44 44", "width": str(size), "height": str(size),
                     "aria_hidden": "true", "focusable": "false", "class_": "die-svg"},
             h("rect", {"x": "2", "y": "2", "width": "40", "height": "40", "rx": "8",
                        "fill": "#e9e4d8", "stroke": "#8a8578", "stroke_width": "2"}),
             h("text", {"x": "22", "y": "29", "text_anchor": "middle", "font_size": "20",
                        "fill": "#6b6f78"}, "?"))


def tile_parts(jabber=False):
    """The round tile's drawing in an 80×80 box: the White Rabbit, or the Jabberwocky."""
    if jabber:
        return [h("circle", {"cx": "40", "cy": "40", "r": "36", "fill": "#2f5d34", "stroke": "#1d1f24",
                             "stroke_width": "3"}),
                h("path", {"d": "M18 46 L28 26 L34 40 L40 20 L46 40 L52 26 L62 46 Z", "fill": "#cfe8b0"}),
                h("circle", {"cx": "32", "cy": "52", "r": "4", "fill": "#ffd23f"}),
                h("circle", {"cx": "48", "cy": "52", "r": "4", "fill": "#ffd23f"})]
    return [h("circle", {"cx": "40", "cy": "40", "r": "36", "fill": "#fffdf8", "stroke": "#1d1f24",
                         "stroke_width": "3"}),
            h("ellipse", {"cx": "31", "cy": "22", "rx": "6", "ry": "16", "fill": "#fff",
                          "stroke": "#1d1f24", "stroke_width": "2"}),
            h("ellipse", {"cx": "49", "cy": "22", "rx": "6", "ry": "16", "fill": "#fff",
                          "stroke": "#1d1f24", "stroke_width": "2"}),
            h("circle", {"cx": "40", "cy": "48", "r": "17", "fill": "#fff", "stroke": "#1d1f24",
                         "stroke_width": "2"}),
            h("circle", {"cx": "34", "cy": "45", "r": "2.5", "fill": "#b3261e"}),
            h("circle", {"cx": "46", "cy": "45", "r": "2.5", "fill": "#b3261e"}),
            h("path", {"d": "M36 54 Q40 58 44 54", "fill": "none", "stroke": "#1d1f24",
                       "stroke_width": "2"})]


def rabbit_svg(jabber=False):
    """The round tile: the White Rabbit, or the Jabberwocky on its other side."""
    return h("svg", {"viewBox": "0 0 80 80", "aria_hidden": "true", "focusable": "false",
                     "class_": "tile-svg"}, tile_parts(jabber))


def key_label(key):
    return KEY_NAMES.get(key, key.upper())


def side_key(view, s):
    """How card ``s`` lies: "jabber", "madness" or "wonder"."""
    if view["jabber"] == s:
        return "jabber"
    return "madness" if view["p"][s]["mad"] else "wonder"


def power_keys(view, s):
    """(short line, whole text) string keys of the power that applies to seat ``s`` now."""
    side = GAME.power(view, s)
    if side is None:
        what = "sealed" if view["p"][s]["sealed"] else "none"
        return f"playme.power_short.{what}", f"playme.power.{what}"
    char = view["p"][s]["char"]
    return f"playme.power_short.{char}.{side}", f"playme.power.{char}.{side}"


def layout(opps, hands):
    """Where the cards sit (CSS grid areas: ``o1``… the other cards in seat order after the
    viewer, ``c`` the round tile, ``h1``/``h2`` the hands at the bottom), on a wide table (six
    columns: the first and last of the others beside the tile, the rest across it) and on a
    narrow one (one column: the others one above the other, then the tile)."""
    names = [f"o{i + 1}" for i in range(opps)]
    if opps == 0:
        wide = ["c c c c c c"]
    elif opps == 1:
        wide = [". o1 o1 o1 o1 .", "c c c c c c"]
    elif opps == 2:
        wide = ["o1 o1 c c o2 o2"]
    else:
        across = names[1:-1]
        span = {1: ". {0} {0} {0} {0} .", 2: "{0} {0} {0} {1} {1} {1}", 3: "{0} {0} {1} {1} {2} {2}"}
        wide = [span[len(across)].format(*across), f"o1 o1 c c {names[-1]} {names[-1]}"]
    wide.append("h1 h1 h1 h1 h1 h1" if hands == 1 else "h1 h1 h1 h2 h2 h2")
    narrow = names + ["c"] + [f"h{i + 1}" for i in range(hands)]
    return " ".join(f"'{row}'" for row in wide), " ".join(f"'{row}'" for row in narrow)


def stories(log):
    """What followed each round's catch, one list of events per round won (in order): the
    flip, the Play Me! race, the Jabberwocky, a choice, a game won."""
    out = []
    for e in log:
        if e["e"] == "catch":
            out.append([e])
        elif e["e"] in ("round", "game"):
            if out and out[-1] is not None:
                if e["e"] == "game":        # a Challenge game ended with that round
                    out[-1].append(e)
                out.append(None)            # the story of that round is closed
        elif out and out[-1] is not None:
            out[-1].append(e)
    return [story for story in out if story is not None]


class PlayMeUI(GameUI):
    game_id = "playme"

    # --- new-game form -------------------------------------------------------------------------
    def default_setup(self):
        values = {"players": 3, "kind0": "human", "play_me": False, "challenge": False,
                  "mad_jabberwocky": False, "reaction": BY_LEVEL}
        for s in range(1, 6):
            values[f"kind{s}"] = "easy"
        for s in range(6):
            values[f"char{s}"] = ""
        return values

    def option_fields(self, values, t):
        players = super().option_fields(values, t)
        chars = []
        for s in range(values["players"]):
            current = values.get(f"char{s}", "")
            chars.append(h("label", {}, t("setup.seat", n=s + 1), " ",
                           h("select", {"name": f"char{s}", "id": f"char{s}",
                                        "data_act": "setup-change"},
                             h("option", {"value": "", "selected": not current},
                               t("playme.setup.random")),
                             [h("option", {"value": c, "selected": current == c},
                                t(f"playme.char.{c}")) for c in R.CHARS])))
        flags = [h("label", {"class_": "check"},
                   h("input", {"type": "checkbox", "name": name, "id": f"opt-{name}",
                               "checked": bool(values.get(name))}),
                   " ", t(f"playme.option.{name}"))
                 for name in ("play_me", "challenge", "mad_jabberwocky")]
        return h("div", {"class_": "playme-setup"}, players,
                 h("fieldset", {"class_": "chars"}, h("legend", {}, t("playme.setup.characters")), chars),
                 self.setup_powers(values, t),
                 h("fieldset", {"class_": "flags"}, h("legend", {}, t("playme.setup.optional")), flags),
                 self.reaction_field(values, t),
                 h("p", {"class_": "speed-note", "id": "speed-note"}, t("playme.setup.speed_note")))

    def reaction_field(self, values, t):
        """How quickly the computers act, one setting for the table (their level is how they
        think): by level, or one time for all of them."""
        current = values.get("reaction", BY_LEVEL)
        return h("label", {"class_": "reaction"}, t("playme.setup.reaction"), " ",
                 h("select", {"name": "reaction", "id": "reaction",
                              "aria_describedby": "speed-note"},
                   [h("option", {"value": r, "selected": current == r},
                      t(f"playme.reaction.{r}")) for r in REACTION_CHOICES]))

    def setup_powers(self, values, t):
        """Each character's two powers, and which seat has chosen it."""
        taken = {values.get(f"char{s}"): s for s in range(values["players"])}
        items = []
        for c in R.CHARS:
            seat = taken.get(c)
            items.append(h("li", {"class_": f"pm-char {c}", "style": f"--c: {COLOURS[c]}"},
                           h("p", {"class_": "pm-char-name"},
                             h("span", {"class_": "char-mark", "aria_hidden": "true"},
                               t(f"playme.mark.{c}")), " ", h("strong", {}, t(f"playme.char.{c}")),
                             [" ", h("span", {"class_": "badge"}, t("setup.seat", n=seat + 1))]
                             if seat is not None else None),
                           h("p", {"class_": "pm-side"}, h("span", {"class_": "side wonder"},
                                                          t("playme.side_now.wonder")), " ",
                             t(f"playme.power.{c}.wonder")),
                           h("p", {"class_": "pm-side"}, h("span", {"class_": "side madness"},
                                                          t("playme.side_now.madness")), " ",
                             t(f"playme.power.{c}.madness"))))
        return h("section", {"class_": "pm-powers", "aria_labelledby": "powers-title"},
                 h("h2", {"id": "powers-title"}, t("playme.setup.powers")),
                 h("p", {"class_": "lead"}, t("playme.setup.powers_note")),
                 h("ul", {"class_": "pm-chars"}, items))

    def setup_values(self, form, values):
        new = super().setup_values(form, values)
        for name in ("play_me", "challenge", "mad_jabberwocky"):
            if name in form:
                new[name] = form[name] is True or form[name] in ("on", "true", "1")
        if new.get("reaction") not in REACTION_CHOICES:
            new["reaction"] = values.get("reaction", BY_LEVEL)
        seen = set()
        for s in range(6):         # a character taken twice: the later seat goes back to random
            c = new.get(f"char{s}", "")
            if c not in R.CHARS or c in seen:
                new[f"char{s}"] = ""
            else:
                seen.add(c)
        return new

    def options_from_setup(self, values):
        n = values["players"]
        return {"players": n,
                "characters": [values.get(f"char{s}") or None for s in range(n)],
                **{name: bool(values.get(name)) for name in ("play_me", "challenge",
                                                             "mad_jabberwocky")}}

    def setup_meta(self, values):
        """The computers' reaction time goes in the record's meta (``levels.py``)."""
        return {"reaction": reaction_setting({"reaction": values.get("reaction")})}

    def screen_class(self, match):
        return PlayMeScreen

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
            key = "playme.log.round_jabber" if e["jabber"] is not None else "playme.log.round"
            return t(key, n=e["round"] + 1)
        if kind in ("advance", "unblock", "stop", "reset", "grab", "slowest", "scramble", "spare"):
            return say(f"playme.log.{kind}", e["s"], n=e.get("n"))
        if kind in ("block", "swap", "joint"):
            return say(f"playme.log.{kind}", e["s"], n=e["n"], whose=ctx.whose(e["to"]))
        if kind == "joint_done":
            return t("playme.log.joint_done", n=e["n"], whose=ctx.whose(e["to"]))
        if kind == "joint_back":
            return t("playme.log.joint_back", n=e["n"])
        if kind == "catch":
            return say("playme.log.catch_jabber" if e["jabber"] else "playme.log.catch", e["s"])
        if kind == "flip":
            return say("playme.log.flip", e["s"])
        if kind == "jabberwocky":
            return say("playme.log.jabberwocky", e["s"])
        if kind in ("madden", "betray"):
            return say(f"playme.log.{kind}", e["s"], other=ctx.name(e["to"]))
        if kind == "game_won":
            return t(f"playme.log.won.{e['how']}", names=self.names(ctx, e["winners"]),
                     n=e["game"] + 1)
        if kind == "over":
            return t("playme.log.over", names=self.names(ctx, e["winners"]))
        return None

    @staticmethod
    def names(ctx, seats):
        return ctx.t("list.sep").join(ctx.name(s) for s in seats)

    def log_group(self, e, ctx):
        """A group per round ("Round 2"; with Challenge "Game 2 · Round 1"): it starts with the
        round's countdown (the first one with the cast of characters before it)."""
        prev = ctx.log_prev
        if e["e"] in ("setup", "game"):
            rnd = 0
        elif e["e"] == "round" and (prev is None or prev["e"] not in ("setup", "game")):
            rnd = e["round"]
        else:
            return None
        game = e.get("game", 0)
        if game or (e["e"] == "game"):
            return ctx.t("playme.log.group_game", g=game + 1, n=rnd + 1)
        return ctx.t("playme.log.group", n=rnd + 1)

    def ends_round(self, e):
        return e["e"] == "catch"

    # --- round and game end --------------------------------------------------------------------
    def round_heading(self, e, ctx):
        """The winner first: "Aki wins round 2" (against the Jabberwocky: say so)."""
        n = e["round"] + 1
        if not e["jabber"]:
            return ctx.say("playme.round.heading", e["s"], n=n)
        if e["s"] == e.get("jw"):
            return ctx.say("playme.round.heading_jw", e["s"], n=n)
        return ctx.say("playme.round.heading_jabber", e["s"], n=n)

    def round_summary(self, e, ctx):
        """What the round brought: the catch and the flip, the Play Me! race (who grabbed the
        rabbit in what order, who was the slowest), the Jabberwocky appearing, a choice (who
        was driven mad, betrayed), a game won; then every card as it lies now, with the
        rounds each has won."""
        t = ctx.t
        parts, race = [], None
        for ev in e["events"]:
            kind = ev["e"]
            if kind == "scramble":
                race = []
                parts.append(h("section", {"class_": "pm-news race", "aria_labelledby": "race-title"},
                               h("h3", {"id": "race-title"}, t("playme.round.race")),
                               h("p", {}, self.describe(ev, ctx)),
                               h("ol", {"class_": "pm-race"}, race)))
            elif kind == "grab" and race is not None:
                race.append(h("li", {}, ctx.say("playme.round.grabbed", ev["s"])))
            elif kind == "slowest" and race is not None:
                race.append(h("li", {"class_": "slowest"}, h("strong", {}, self.describe(ev, ctx))))
            elif kind == "jabberwocky":
                parts.append(h("div", {"class_": "pm-news jabber"},
                               h("svg", {"viewBox": "0 0 80 80", "aria_hidden": "true",
                                         "focusable": "false", "class_": "tile-svg"}, tile_parts(True)),
                               h("p", {}, h("strong", {}, self.describe(ev, ctx)), " ",
                                 t("playme.round.jabber_goal", target=e["target"]))))
            elif kind in ("madden", "betray", "game_won"):
                parts.append(h("p", {"class_": f"pm-news {kind}"}, h("strong", {}, self.describe(ev, ctx))))
            elif kind in ("catch", "flip", "spare"):
                parts.append(h("p", {"class_": "pm-news"}, self.describe(ev, ctx)))
            elif kind == "game":
                parts.append(h("p", {"class_": "pm-news"},
                               t("playme.round.next_game", n=ev["game"] + 1, of=R.CHALLENGE_GAMES)))
        if e.get("team") is not None:
            parts.append(h("p", {"class_": "pm-news"},
                           t("playme.team", wins=e["team"], target=e["target"])))
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
        return h("div", {"class_": "pm-summary"}, parts)

    def score_text(self, outcome, seat, ctx):
        n = outcome["scores"][seat]
        games = outcome.get("games") or []
        return ctx.t("playme.score.games" if len(games) > 1 else "playme.score.rounds", n=n)

    def result(self, view, ctx):
        """How the game was won (each game of a Challenge), then every round: against whom,
        who won it, and what followed (a flip, the race's slowest, the Jabberwocky, a choice)."""
        t = ctx.t
        parts = []
        for g, game in enumerate(view["games"]):
            parts.append(h("p", {"class_": "pm-news game_won"}, h("strong", {},
                         t(f"playme.log.won.{game['how']}", names=self.names(ctx, game["winners"]),
                           n=g + 1))))
        told = stories(view["log"])
        challenge = len(view["games"]) > 1 or view["options"]["challenge"]
        rows, game_no = [], None
        for i, r in enumerate(view["results"]):
            if challenge and r["game"] != game_no:
                game_no = r["game"]
                rows.append(h("li", {"class_": "pm-game-head"}, t("playme.result.game_head", n=game_no + 1)))
            notes = [self.describe(ev, ctx) for ev in (told[i] if i < len(told) else [])[1:]
                     if ev["e"] in ("flip", "jabberwocky", "slowest", "madden", "betray")]
            against = t("playme.result.vs_jabber") if r["jabber"] else t("playme.result.vs_rabbit")
            rows.append(h("li", {},
                          h("span", {"class_": "line"}, t("playme.result.round_line", n=r["round"] + 1,
                                                          against=against, name=ctx.name(r["winner"]))),
                          [" ", h("span", {"class_": "notes"}, " ".join(notes))] if notes else None))
        parts.append(h("h3", {}, t("playme.result.rounds")))
        parts.append(h("ol", {"class_": "pm-rounds"}, rows))
        return h("div", {"class_": "pm-result"}, parts)

    # --- the shelf -----------------------------------------------------------------------------
    def picture(self):
        """The White Rabbit tile with a character card's row of dice under it."""
        dice = []
        for i, (n, c) in enumerate(((1, "alice"), (2, "alice"), (3, "alice"), (4, "queen"))):
            x = 8 + i * 34
            dice.append(h("g", {"transform": f"translate({x} 92) scale(0.68)"},
                          h("rect", {"x": "2", "y": "2", "width": "40", "height": "40", "rx": "8",
                                     "fill": COLOURS[c], "stroke": "#1d1f24", "stroke_width": "3",
                                     "stroke_dasharray": "6 4" if c != "alice" else None}),
                          [h("circle", {"cx": str(4 + 9 * cx), "cy": str(4 + 9 * cy), "r": "4.2",
                                        "fill": "#fff"}) for cx, cy in PIPS[n]]))
        for i in range(2):
            x = 8 + (4 + i) * 34
            dice.append(h("rect", {"x": str(x + 1), "y": "93", "width": "28", "height": "28", "rx": "6",
                                   "fill": "none", "stroke": "#8a8578", "stroke_width": "2",
                                   "stroke_dasharray": "4 3"}))
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
        parts.append(t("playme.progress.round", n=view["round"] + 1))
        if view["jabber"] is not None:
            parts.append(t("playme.progress.jabber", name=ctx.name(view["jabber"]),
                           wins=view["team_wins"], target=GAME.team_target(view)))
        else:
            mad = [s for s in range(view["players"]) if view["p"][s]["mad"]]
            if mad:
                parts.append(t("playme.progress.mad", names=self.names(ctx, mad)))
        return " · ".join(parts)

    def rules(self, t):
        sections = []
        for key in ("goal", "setup", "realtime", "advance", "block", "unblock", "round",
                    "jabberwocky", "stop", "betrayal", "optional", "digital", "table"):
            sections.append(h("h3", {}, t(f"playme.rules.{key}.title")))
            sections.append(h("p", {}, t(f"playme.rules.{key}")))
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


class PlayMeScreen(PlayScreen):
    """The real-time game screen (see the module doc)."""

    def __init__(self, app, slot, match):
        # Learn to play (``bodoge.ui.lesson`` mixes itself in, setting ``lesson`` first): the
        # clock is held. Every move carries the earliest time the rules allow (so a lesson's
        # moves, scripted or the learner's, replay exactly after a reload), no countdown
        # runs, no bot plays on its own (the lesson plays the computers' moves) and a lesson
        # reopened mid-round is not paused: it waits for the learner anyway.
        self.held = getattr(self, "lesson", None) is not None
        self.clock = GameClock(app.host.now, match.state["t"])
        self.clock.set_manual(self.held)
        self.driver = None
        self.paused = not self.held and match.state["phase"] not in ("ready", "over")   # reopened mid-round
        self.sels = {}
        self.wake_token = 0
        self.last_save = None
        self.last_second = None       # countdown second last drawn
        self.memo = {}                # translated labels, see ``tt``
        self.seen_moves = len(match.record.moves)
        self.drawn_at = None          # host time of the last redraw
        self.draw_pending = False
        self.motion = Motion(match.state)
        self.was_hidden = False       # the dice were hidden at the last redraw
        self.tip = None               # the card whose power's whole text is pinned open
        self.live = None              # the last position of a round still being played
        self.summed = len(match.state["results"])   # round ends already summed up
        self.was_over = match.over
        self.legal_now = None         # moves per seat, while one screen is drawn
        super().__init__(app, slot, match)
        self.driver = Driver(match, {} if self.held else self.bots)
        self.sels = {s: {} for s in self.humans}
        if match.state["phase"] == "ready" and match.state["results"] and not match.over:
            self.summed = 0           # reopened after a round: its summary shows again
            self.sum_up()
        self.sync_clock()
        self.schedule()

    # --- clock and flow ------------------------------------------------------------------------
    def advance(self):
        """(PlayScreen calls this after a move; our flow is ``wake``/``schedule``.)"""

    def sync_clock(self):
        live = self.match.state["phase"] not in ("ready", "over")
        if live and not self.paused and not self.closed and self.conflict is None:
            self.clock.start()
        else:
            self.clock.stop()

    def close(self):
        if not self.closed and self.driver is not None:
            self.clock.stop()
            self.save()
        super().close()

    def schedule(self):
        """Sleep until the next bot move or countdown second (nothing while paused)."""
        if self.closed or not self.clock.running or self.clock.manual:
            return
        now = self.clock.now()
        due = [d for d in (self.driver.next_due(), self.next_second(now)) if d is not None]
        if not due:
            return
        self.wake_token += 1
        token = self.wake_token
        self.app.host.later(max(0, min(due) - now), lambda: self.wake(token))

    def next_second(self, now):
        start = self.match.state["start"]
        if self.match.state["phase"] != "play" or now >= start:
            return None
        return start - ((start - now - 1) // 1000) * 1000

    def wake(self, token=None):
        if self.closed or self.conflict is not None or (token is not None and token != self.wake_token):
            return
        before = len(self.match.state["log"])
        self.driver.run_until(self.clock.now(), self.on_move)
        self.after_events(before)
        self.schedule()

    def on_move(self, seat, move):
        state = self.match.state
        self.motion.moved(state, seat, move)
        if state["phase"] in LIVE:
            self.live = state         # (each move makes a new state: no copy needed)
        if state["phase"] in ("ready", "over"):
            self.sync_clock()

    def sum_up(self):
        """A round has ended and is settled (the phase is "ready" again): its summary becomes
        the frame's round overlay (``self.pause``), until Next round starts the next one. The
        event carries all the summary says, from the log after the round's catch."""
        state = self.match.state
        if (state["phase"] != "ready" or self.match.over or len(state["results"]) <= self.summed):
            return
        self.summed = len(state["results"])
        view = self.match.view(None)
        last = view["results"][-1]
        story = stories(view["log"])[-1]
        log = view["log"]
        jw = next((e["jabber"] for e in reversed(log) if e["e"] == "round"), None)
        wins = [sum(1 for r in view["results"] if r["winner"] == s and r["game"] == last["game"])
                for s in range(view["players"])]              # (rounds of the game just played)
        game_changed = any(e["e"] == "game" for e in story)   # a Challenge game ended with it
        shown = self.final_view(view) if game_changed else view
        cards = [{"char": p["char"], "side": side_key(shown, s), "sealed": p["sealed"],
                  "betrayer": s in shown["betrayers"], "wins": wins[s]}
                 for s, p in enumerate(shown["p"])]
        self.pause = {"e": "catch", "s": last["winner"], "jabber": last["jabber"], "jw": jw,
                      "round": last["round"], "game": last["game"], "events": story,
                      "cards": cards, "target": GAME.team_target(shown),
                      "team": shown["team_wins"] if shown["jabber"] is not None and last["jabber"] else None,
                      "final": ({k: shown[k] for k in ("p", "jabber", "betrayers", "team_wins", "game_no")}
                                if game_changed else None)}
        self.overlay_hidden = False

    def round_moved_on(self):
        """Someone else started the next round (a guest, or the host for its guests): the
        summary gives way to the round."""
        if self.pause is not None and self.match.state["phase"] in LIVE:
            self.pause = None
            self.overlay_hidden = False

    def guest_view(self, view):
        """On a guest's device (``bodoge.ui.table``): a view from the host, after the moves it
        brings were announced: a round ends or begins here as on the host's screen."""
        if view["phase"] in LIVE:
            self.live = view
        self.round_moved_on()
        self.sum_up()

    def final_view(self, view):
        """The table as the last round of a finished Challenge game left it: the screen's copy
        of the last position played, or (reopened just then) the record replayed without the
        move that ended the game."""
        state = self.live
        if state is None or state["game_no"] == self.match.state["game_no"]:
            rec = self.match.record
            if not rec.moves:         # a guest's device has no record: the view it was sent
                return view
            state = replay(Record(rec.game, rec.version, rec.options, rec.seed, rec.moves[:-1],
                                  rec.meta))[1]
        return GAME.view(state, None)

    def after_events(self, before, force=False):
        """Announce and save what happened since log index ``before``, then redraw if needed
        (``force``: at once, for a person's own action)."""
        moves = len(self.match.record.moves)
        changed = force or moves != self.seen_moves or self.countdown_changed()
        self.seen_moves = moves           # a roll changes the dice but writes no log line
        pause_before = self.pause
        if len(self.match.state["log"]) > before:
            self.announce_new()
            self.save(soon=self.match.state["phase"] == "play")
            self.round_moved_on()
            self.sum_up()
        if self.match.over and not self.was_over:
            self.was_over = True
            self.overlay_hidden = False
            self.hold_overlay()
        elif self.pause is not None and self.pause is not pause_before:
            self.hold_overlay()
        self.sync_clock()
        self.send_views()
        if changed or self.overlay_held:
            self.redraw(now=force or self.overlay_held)

    def redraw(self, now=False):
        """Redraw, at most once per ``DRAW_EVERY_MS`` unless ``now`` (a person's own action)."""
        host = self.app.host
        at = host.now()
        if now or self.drawn_at is None or at - self.drawn_at >= DRAW_EVERY_MS or self.clock.manual:
            self.drawn_at = at
            self.draw_pending = False
            self.app.refresh()
        elif not self.draw_pending:
            self.draw_pending = True
            host.later(DRAW_EVERY_MS - (at - self.drawn_at), self.late_draw)

    def late_draw(self):
        if self.draw_pending and not self.closed:
            self.redraw(now=True)

    def countdown_changed(self):
        second = self.countdown()
        if second != self.last_second:
            self.last_second = second
            return True
        return False

    def countdown(self):
        """3, 2, 1 before the start; 0 once the round runs; None outside a round (a held
        clock has no countdown: 0)."""
        st = self.match.state
        if st["phase"] != "play":
            return None
        if self.held:
            return 0
        left = st["start"] - self.clock.now()
        return 0 if left <= 0 else (left + 999) // 1000

    def drive_clock(self, action, ms=0):
        """Tests and benchmarks: "manual" stops the clock following real time, "advance" moves
        it by ``ms`` (running everything due), "real" follows real time again; returns now."""
        if action == "manual":
            self.clock.set_manual(True)
        elif action == "real":
            self.clock.set_manual(False)
            self.schedule()
        elif action == "advance" and self.clock.manual:
            step = 50
            for _ in range(max(0, int(ms)) // step):
                self.clock.advance(step)
                self.wake()
            self.clock.advance(max(0, int(ms)) % step)
            self.wake()
        return self.clock.now()

    def save(self, soon=False):
        now = self.app.host.now()
        if soon and self.last_save is not None and now - self.last_save < SAVE_EVERY_MS:
            return
        self.last_save = now
        self.autosave()

    def stop(self, conflict):
        """Another tab has this game: the clock stops with the moves (see PlayScreen.stop)."""
        self.conflict = conflict
        self.sync_clock()
        super().stop(conflict)

    def resume(self):
        self.sync_clock()
        self.schedule()

    def _play(self, seat, move):
        """A human's move, stamped with the game clock; refused moves change nothing."""
        if self.conflict is not None:
            return False
        before = len(self.match.state["log"])
        move = dict(move, t=self.stamp())
        try:
            self.driver.play(seat, move, self.on_move)
        except IllegalMove as e:
            self.refuse(seat, e)
            self.after_events(before, force=True)
            return False
        self.error = None
        self.sels[seat] = {}
        self.after_events(before, force=True)
        self.schedule()
        return True

    def stamp(self):
        """The time a move made now carries: the game clock's (never before the last event);
        with the clock held, the earliest the rules allow."""
        state = self.match.state
        if self.held:
            return GAME.earliest(state)
        return max(self.clock.now(), state["t"])

    def round_overlay(self, ctx):
        """(A lesson reloaded while a round's summary is up gives the round-ending log event:
        the summary is made again from the state, as after the round.)"""
        if isinstance(self.pause, dict) and "cards" not in self.pause:
            self.summed = 0
            self.pause = None
            self.sum_up()
            if self.pause is None:
                return None
        return super().round_overlay(ctx)

    def announce_new(self):
        view = self.match.view(None)
        ctx = self.ctx(self.viewer)
        texts = [text for text in (self.gui.describe(e, ctx) for e in view["log"][self.announced:]) if text]
        self.announced = len(view["log"])
        if texts:
            self.app.host.announce(" ".join(texts))

    # --- input ---------------------------------------------------------------------------------
    def act(self, action, arg, form):
        app = self.app
        if action == "tip":
            s = int(arg) if str(arg).isdigit() else None
            self.tip = None if self.tip == s else s
            app.refresh()
            return
        if action == "next-round":
            self.start_round()
            return
        if action in ("share", "rules", "close-dialog", "copy", "log", "overlay", "result-part") + SAVE_ACTIONS:
            if action in ("share", "rules") and not self.paused and self.clock.running:
                self.set_paused(True)
            super().act(action, arg, form)
            return
        if action == "pause":
            self.set_paused(not self.paused)
            app.focus_next = "pause"
            app.refresh()
            return
        if action == "start-round":
            self.start_round()
            return
        seat, _, rest = arg.partition("-")
        try:
            seat = int(seat)
        except ValueError:
            return
        if seat not in self.humans or self.paused:
            return
        if action == "die":
            self.use_die(seat, int(rest) if rest.isdigit() else 0)
        elif action == "keep":
            self.toggle_keep(seat, int(rest) if rest.isdigit() else 0)
        elif action in ("use", "hit"):
            a, _, tail = rest.partition("-")
            x, _, n = tail.partition("-")
            if n.isdigit() and (x.isdigit() or (x == "" and a in ("advance", "unblock"))):
                move = {"a": a, "n": int(n)}
                if x:
                    move["s"] = int(x)
                self.send(seat, move)
        elif action == "more":
            self.pick_die(seat, int(rest) if rest.isdigit() else 0)
        elif action in ("madden", "betray") and rest.isdigit():
            self.send(seat, {"a": action, "s": int(rest)})
        elif action in ("roll", "catch", "stop", "spare", "go"):
            self.send(seat, self.go_move(seat) if action == "go" else {"a": action})
        elif action == "cancel":
            self.sels[seat] = {}
            app.refresh()

    def start_round(self):
        if self.match.state["phase"] != "ready" or self.match.over:
            return
        seat = self.humans[0] if self.humans else 0
        self.pause = None
        self.overlay_hidden = False
        self.paused = False
        self.clock.start()
        self.app.focus_next = "prompt"
        self.play(seat, {"a": "ready", "t": self.stamp()})       # redraws once

    def set_paused(self, paused):
        if self.match.state["phase"] in ("ready", "over"):
            paused = False
        self.paused = paused
        self.sync_clock()
        if paused:
            self.save()
        self.send_views()
        self.app.host.announce(self.t("playme.paused" if paused else "playme.resumed"))
        self.schedule()

    def legal(self, seat):
        cache = self.legal_now
        if cache is not None and seat in cache:
            return cache[seat]
        moves = GAME.moves(self.match.state, seat) if seat in self.match.to_move() else []
        if cache is not None:
            cache[seat] = moves
        return moves

    def go_move(self, seat):
        """Space/Enter: catch when that is possible, else roll again."""
        moves = self.legal(seat)
        if any(m["a"] == "catch" for m in moves):
            return {"a": "catch"}
        return {"a": "roll"}

    def send(self, seat, move):
        """Send a move, with Alice's chosen die kept aside when that is allowed."""
        keep = self.sels.get(seat, {}).get("keep")
        if keep is not None and move["a"] in ("advance", "block", "swap", "unblock", "roll"):
            with_keep = dict(move, keep=keep)
            if with_keep in self.legal(seat):
                move = with_keep
        if self.held:
            move = dict(move, t=self.stamp())      # (a lesson keeps the move as played)
        self.play(seat, move)

    def uses(self, seat, n):
        """The moves a die showing ``n`` allows ``seat`` now (keeps aside left out): its own
        actions first (advance, unblock), then blocks and swaps in the order of the target keys."""
        order = self.target_order(seat)
        rank = {"advance": 0, "unblock": 1}
        mine = [m for m in self.legal(seat) if m.get("n") == n and "keep" not in m]
        return sorted(mine, key=lambda m: (rank.get(m["a"], 2),
                                           order.index(m["s"]) if "s" in m else -1,
                                           m["a"] != "block"))

    @staticmethod
    def default_use(uses):
        """What a die does on one click or key: advance, else unblock, else its only use."""
        for a in ("advance", "unblock"):
            mine = [m for m in uses if m["a"] == a]
            if mine:
                return mine[0]
        return uses[0] if len(uses) == 1 else None

    def use_id(self, seat, m):
        return f"use-{seat}-{m['a']}-{m.get('s', '')}-{m['n']}"

    def use_die(self, seat, n):
        """A die clicked or its key pressed: with a card aimed at (a target key first), hit it
        with this die; else do the die's default action; a die with several targets and no
        default is picked, and its uses are offered."""
        sel = self.sels.setdefault(seat, {})
        if sel.pop("keeping", False):
            self.toggle_keep(seat, n)
            return
        uses = self.uses(seat, n)
        aim = sel.pop("aim", None)
        if aim is not None:
            hits = [m for m in uses if m.get("s") == aim]
            if hits:
                self.send(seat, hits[0])
                return
            self.error = self.t("playme.no_hit", n=n, whose=self.ctx(self.viewer).whose(aim))
            self.app.refresh()
            return
        move = self.default_use(uses)
        if move is not None:
            self.send(seat, move)
            return
        if not uses:
            self.error = self.no_use(seat, n)
            sel.pop("die", None)
            self.app.refresh()
            return
        self.pick_die(seat, n)

    def no_use(self, seat, n):
        """Why a die showing ``n`` can do nothing now (the rules' own words where they have
        them: a complete card, Mad Alice's 4, the Hatter's second action, the countdown)."""
        state = self.match.state
        try:
            GAME.check(state, seat, {"a": "advance", "n": n, "t": self.stamp()})
        except IllegalMove as e:
            if e.key == "playme.error.blocked":
                return self.t("playme.no_use.blocked", n=n, b=state["p"][seat]["card"][-1]["n"])
            if e.key == "playme.error.not_next":
                return self.t("playme.no_use.need", n=n, need=GAME.next_number(state, seat))
            if e.key and self.app.i18n.has(e.key) and e.key != "playme.error.no_die":
                return self.t(e.key)
        return self.t("playme.no_use", n=n)

    def pick_die(self, seat, n):
        """Pick a die (its "⋯", or a die with several targets): the choice row offers each of its
        uses. Picking the picked die again puts it back."""
        sel = self.sels.setdefault(seat, {})
        sel.pop("aim", None)
        uses = self.uses(seat, n)
        if sel.get("die") == n or not uses:
            sel.pop("die", None)
        else:
            self.error = None
            sel["die"] = n
            self.app.focus_next = self.use_id(seat, uses[0])
        self.app.refresh()

    def aim(self, seat, x):
        """A target key with no die picked: aim at card ``x`` (again: aim no more); the next die
        key hits it with that die."""
        sel = self.sels.setdefault(seat, {})
        if sel.get("aim") == x:
            sel.pop("aim")
        else:
            sel["aim"] = x
            self.error = None
        self.app.refresh()

    def toggle_keep(self, seat, n):
        sel = self.sels.setdefault(seat, {})
        if sel.get("keep") == n:
            sel.pop("keep")
        elif n in self.match.state["p"][seat]["roll"]:
            sel["keep"] = n
        self.app.refresh()

    def key(self, key):
        if key == "Escape":
            if self.dialog or self.log_open:
                return super().key(key)
            if self.tip is not None:
                self.tip = None
                self.app.refresh()
                return True
            if any(self.sels.values()):
                for s in self.sels:
                    self.sels[s] = {}
                self.app.refresh()
                return True
            if self.match.state["phase"] not in ("ready", "over"):
                self.act("pause", "", {})
                return True
            return False
        if self.dialog:
            return False
        k = key.lower() if len(key) == 1 else key
        phase = self.match.state["phase"]
        if phase == "ready" and k in (" ", "Enter") and not self.match.over:
            self.start_round()
            return True
        if self.paused or phase in ("ready", "over"):     # (between rounds: nothing to play)
            return False
        for seat, keys in self.key_maps().items():
            if k in keys["dice"]:
                self.use_die(seat, keys["dice"].index(k) + 1)
                return True
            if k == keys["go"]:
                self.act("go", f"{seat}-", {})
                return True
            if k == keys["stop"]:
                self.send(seat, {"a": "stop"})
                return True
            if k == keys["keep"]:
                sel = self.sels.setdefault(seat, {})
                sel["keeping"] = not sel.get("keeping")
                self.app.refresh()
                return True
            if k in keys["targets"]:
                order = self.target_order(seat)
                i = keys["targets"].index(k)
                if i >= len(order):
                    return True
                n = self.sels.get(seat, {}).get("die")
                if n is None:
                    self.aim(seat, order[i])
                    return True
                hits = [m for m in self.uses(seat, n) if m.get("s") == order[i]]
                if hits:
                    self.send(seat, hits[0])
                return True
        return False

    def key_maps(self):
        """Each person's keys: a lone human gets the left set, two humans one set each."""
        return {seat: KEYS[i] for i, seat in enumerate(self.humans[:2])}

    def target_order(self, seat):
        n = len(self.seats)
        return [(seat + i) % n for i in range(1, n)]

    # --- rendering -----------------------------------------------------------------------------
    def tt(self, key, **params):
        """``t`` with a memo: a redraw repeats the same few dozen labels."""
        memo_key = (self.app.i18n.lang, key, tuple(sorted(params.items())))
        text = self.memo.get(memo_key)
        if text is None:
            text = self.memo[memo_key] = self.t(key, **params)
        return text

    def render(self):
        self.legal_now = {}           # each seat's moves are asked for once per drawing
        try:
            return super().render()
        finally:
            self.legal_now = None

    def render_handover(self, name):      # no hidden information: never a hand-over
        return self.render_game()

    def prompt_region(self, view, ctx):
        return [self.status_bar(view, ctx)]

    def hidden(self):
        """The dice are hidden while paused and during the countdown."""
        return self.paused or (self.countdown() or 0) > 0

    def board_region(self, view, ctx):
        """The table: the other players' cards around the round tile, the viewer's own card,
        dice and controls at the bottom (``data-opps``: how many cards go around the tile)."""
        final = self.pause.get("final") if isinstance(self.pause, dict) else None
        if final:
            view = dict(view, **final)
        hide = self.hidden()
        if self.was_hidden and not hide:
            self.motion.reveal()
        self.was_hidden = hide
        n = view["players"]
        hands = list(self.humans[:2])
        bottom = hands[0] if hands else 0
        others = [(bottom + i) % n for i in range(1, n) if (bottom + i) % n not in hands]
        parts = [die_defs()] + [self.card(view, ctx, s, hide, f"o{i + 1}") for i, s in enumerate(others)]
        parts.append(self.centre(view, ctx, hide))
        if hands:
            parts += [self.hand(view, ctx, s, hide, f"h{i + 1}") for i, s in enumerate(hands)]
        else:                                   # nobody at the device: seat 0 sits at the bottom
            parts.append(self.card(view, ctx, 0, hide, "h1"))
        wide, narrow = layout(len(others), max(1, len(hands)))
        return h("div", {"class_": "pm-board", "data_region": "table", "data_opps": str(len(others)),
                         "data_hands": str(max(1, len(hands))),
                         "style": f"--wide: {wide}; --narrow: {narrow}"}, parts)

    def status_bar(self, view, ctx):
        t = self.t
        phase = view["phase"]
        if view["outcome"] is not None:
            text = t("play.over")
        elif self.pause is not None:
            text = t("play.round_over")
        elif phase == "ready":
            text = t("playme.status.ready", n=view["round"] + 1)
        elif phase == "play":
            second = self.countdown()
            text = t("playme.status.countdown", n=second) if second else (
                t("playme.status.jabber", n=view["round"] + 1, wins=view["team_wins"],
                  target=GAME.team_target(view)) if view["jabber"] is not None
                else t("playme.status.play", n=view["round"] + 1))
        elif phase == "scramble":
            text = t("playme.status.scramble")
        else:
            text = ctx.say(f"playme.status.{phase}", view["chooser"])
        if self.paused:
            text = t("playme.status.paused")
        if view["options"]["challenge"] and not self.match.over:
            text = t("playme.status.game", n=view["game_no"] + 1, of=R.CHALLENGE_GAMES) + " " + text
        live = phase not in ("ready", "over")
        pause = h("button", {"type": "button", "id": "pause", "class_": "button pause" + (" primary" if self.paused else ""),
                             "data_act": "pause", "aria_pressed": str(self.paused).lower(),
                             "aria_keyshortcuts": "Escape"},
                  t("playme.resume") if self.paused else t("playme.pause")) if live else None
        return h("div", {"class_": "pm-status"},
                 h("p", {"id": "prompt", "class_": "prompt", "tabindex": "-1"}, text), pause)

    def centre(self, view, ctx, hide):
        """The round tile (White Rabbit or Jabberwocky; a button when the one person at the
        device can catch or grab it), the countdown, the first round's start, the team score."""
        t = self.t
        phase = view["phase"]
        jab = view["jabber"]
        tile = t("playme.tile.jabber", whose=ctx.whose(jab)) if jab is not None else t("playme.tile.rabbit")
        catchers = [s for s in self.humans if {"a": "catch"} in self.legal(s)]
        parts = []
        if len(self.humans) == 1 and catchers and not self.paused:
            label = t("playme.grab") if phase == "scramble" else t("playme.catch")
            parts.append(h("button", {"type": "button", "id": "rabbit", "class_": "rabbit ready", "data_spot": "rabbit",
                                      "data_act": "catch", "data_arg": f"{catchers[0]}-",
                                      "aria_keyshortcuts": "Space", "data_fx": "pop"},
                           rabbit_svg(jab is not None), h("span", {"class_": "tile-name"}, label)))
        else:
            parts.append(h("div", {"class_": "rabbit" + (" jabber" if jab is not None else ""),
                                   "role": "img", "aria_label": tile, "data_spot": "rabbit"},
                           rabbit_svg(jab is not None),
                           h("span", {"class_": "tile-name", "aria_hidden": "true"}, tile)))
        second = self.countdown()
        if second and not self.paused:
            parts.append(h("p", {"class_": "countdown", "aria_hidden": "true", "id": f"count-{second}",
                                 "data_fx": "pop"}, str(second)))
        if phase == "ready" and self.pause is None and not self.match.over:
            parts.append(h("button", {"type": "button", "class_": "button primary big", "id": "start-round",
                                      "data_spot": "start",
                                      "data_act": "start-round", "aria_keyshortcuts": "Space"},
                           t("playme.start") if not view["results"] else t("play.next_round")))
        elif jab is not None:
            parts.append(h("p", {"class_": "pm-team"},
                           t("playme.team", wins=view["team_wins"], target=GAME.team_target(view))))
        return h("div", {"class_": "pm-centre", "style": "grid-area: c"}, parts)

    # --- a card (anyone's) ---------------------------------------------------------------------
    def head(self, view, ctx, s, title, aim=None):
        """A card's first line: the owner's mark, the name, badges, the key that aims at it."""
        t = self.t
        badges = []                 # (the Jabberwocky is said where the side is)
        if s in view["betrayers"]:
            badges.append(h("span", {"class_": "badge"}, t("playme.betrayer")))
        return h("div", {"class_": "pm-head"},
                 h("span", {"class_": "char-mark", "aria_hidden": "true"}, self.mark(view, s)),
                 title, badges, aim)

    def meta(self, view, ctx, s, hide):
        """Rounds won, dice in hand, the faces they show."""
        p = view["p"][s]
        wins = sum(1 for r in view["results"] if r["winner"] == s and r["game"] == view["game_no"])
        rolled = "" if hide or not p["roll"] else " ".join(str(n) for n in p["roll"])
        return h("div", {"class_": "pm-meta"},
                 h("span", {"class_": "wins", "aria_hidden": "true"}, f"★{wins}"),
                 h("span", {"class_": "pool", "aria_hidden": "true"}, str(p["pool"])),
                 h("span", {"class_": "offscreen"}, self.tt("playme.wins_sr", n=wins), ", ",
                   self.tt("playme.pool_sr", n=p["pool"])),
                 h("span", {"class_": "rolled", "aria_hidden": "true"}, rolled))

    def power(self, view, ctx, s):
        """The power of the side face up: a short line (a button: hover or focus shows the whole
        text, a click or tap pins it) and the whole text as its description."""
        t = self.t
        p = view["p"][s]
        short, full = power_keys(view, s)
        side = side_key(view, s)
        pinned = self.tip == s
        char = self.gui.char_name(t, view, s)
        more = [" ", t("playme.power.stop")] if view["jabber"] == s and GAME.power(view, s) else None
        button = h("button", {"type": "button", "class_": "power", "id": f"pow-{s}", "data_act": "tip",
                              "data_arg": str(s), "aria_expanded": str(pinned).lower(),
                              "aria_describedby": f"tip-{s}", "aria_controls": f"tip-{s}"},
                   h("span", {"class_": f"side {side}"}, self.side_text(side)),
                   " ", h("span", {"class_": "power-text"}, self.tt(short)))
        tip = h("div", {"class_": "tip" + (" open" if pinned else ""), "id": f"tip-{s}", "role": "tooltip",
                        "data_act": "tip", "data_arg": str(s)},
                h("strong", {}, t("playme.power_of", char=char, side=self.tt(f"playme.side_now.{side}"))),
                " ", t(full), more)
        return h("div", {"class_": "power-line", "data_spot": f"power:{s}"}, button, tip)

    def side_text(self, side):
        """"✦ Wonder": the symbol, and the word (which a phone leaves to the card's name and
        the power's whole text)."""
        text = self.tt(f"playme.side_now.{side}")
        symbol, _, word = text.partition(" ")
        if not word:
            return text
        return [symbol, h("span", {"class_": "side-word"}, " ", word)]

    def slots(self, view, ctx, s, size):
        """The six slots of card ``s``: own dice, blocks (the owner's mark under a dashed die),
        empty slots with their numbers; a die just put there drops in."""
        t = self.t
        p = view["p"][s]
        items = []
        for i in range(R.SLOTS):
            if i >= len(p["card"]):
                items.append(h("li", {"class_": "slot empty"},
                               h("span", {"class_": "slot-n", "aria_hidden": "true"}, str(i + 1)),
                               h("span", {"class_": "offscreen"}, self.tt("playme.slot_empty", i=i + 1))))
                continue
            slot = p["card"][i]
            own = slot["o"] == [s]
            owner = slot["o"][0] if slot["o"] else None
            colour = COLOURS[view["p"][owner]["char"]] if owner is not None else NEUTRAL_COLOUR
            if own:
                label = self.tt("playme.slot_own", i=i + 1, n=slot["n"])
                mark = ""
            else:
                whose = (t("list.sep").join(ctx.name(o) for o in slot["o"]) if slot["o"]
                         else t("playme.neutral"))
                label = self.tt("playme.slot_block", i=i + 1, n=slot["n"], who=whose)
                mark = "+".join(self.mark(view, o) for o in slot["o"]) if slot["o"] else "·"
            key = self.motion.slot_key(s, i)
            items.append(h("li", {"class_": "slot " + ("own" if own else "foreign"), "id": f"slot-{s}-{key}",
                                  "data_fx": "drop" if self.motion.fresh(key) else None},
                           die_svg(slot["n"], colour, size=size, dashed=not own),
                           h("span", {"class_": "slot-mark", "aria_hidden": "true"}, mark),
                           h("span", {"class_": "offscreen"}, label)))
        return h("ol", {"class_": "slots", "data_spot": f"slots:{s}"}, items)

    def card_classes(self, view, s, *more):
        p = view["p"][s]
        aimed = any(sel.get("aim") == s for sel in self.sels.values()) and not self.hidden()
        return " ".join(["pm-card", p["char"], *more] + (["mad"] if p["mad"] else [])
                        + (["jabber"] if view["jabber"] == s else []) + (["aimed"] if aimed else [])
                        + (["pinned"] if self.tip == s else []))

    def card(self, view, ctx, s, hide, area):
        """Another player's card, compact: mark, name, badges, dice in hand; the power; the
        slots; the key that aims at it."""
        t = self.t
        p = view["p"][s]
        char = self.gui.char_name(t, view, s)
        side = self.tt(f"playme.side_now.{side_key(view, s)}")
        keys = []
        for seat, km in self.key_maps().items():
            order = self.target_order(seat)
            if s in order and order.index(s) < len(km["targets"]):
                keys.append(key_label(km["targets"][order.index(s)]))
        title = h("h2", {"class_": "seat-name"}, ctx.name(s),
                  h("span", {"class_": "offscreen"}, " · ", char))
        aim = (h("kbd", {"class_": "aim-key", "aria_hidden": "true"}, "/".join(keys)) if keys else None)
        return h("section", {"class_": self.card_classes(view, s, "opp"), "id": f"card-{s}", "data_spot": f"card:{s}",
                             "data_region": "players", "style": f"grid-area: {area}; --c: {COLOURS[p['char']]}",
                             "aria_label": t("playme.card_of", whose=ctx.whose(s), char=char, side=side)},
                 self.head(view, ctx, s, title, aim), self.meta(view, ctx, s, hide),
                 self.power(view, ctx, s), self.slots(view, ctx, s, 44))

    # --- the viewer's own card, dice and controls ----------------------------------------------
    def hand(self, view, ctx, seat, hide, area):
        """A person's own card with their dice (buttons that say what they do), the choice row,
        Keep (Alice), the "⋯" under a die with more uses, Roll again, Catch (two people),
        Stop! (the Jabberwocky); a choice after a round (madden, betray) in place of the dice."""
        t = self.t
        p = view["p"][seat]
        keys = self.key_maps()[seat]
        sel = self.sels.get(seat, {})
        phase = view["phase"]
        live = phase == "play" and not hide and seat in view["to_move"]
        legal = self.legal(seat) if live else []
        char = self.gui.char_name(t, view, seat)
        side = self.tt(f"playme.side_now.{side_key(view, seat)}")
        who = ctx.name(seat) if len(self.humans) > 1 else t("playme.your_dice")
        title = h("h2", {"class_": "seat-name", "id": f"mine-{seat}"}, who, " · ", char)
        choosing = phase in ("madden", "betray") and view["chooser"] == seat and not self.paused
        if choosing:
            say = h("p", {"class_": "hint"}, ctx.say(f"playme.choose.{phase}", seat))
            dice = self.choice_buttons(view, ctx, seat)
        else:
            say = (self.choices(ctx, seat, sel, keys) if live and sel.get("die") is not None
                   else h("p", {"class_": "hint"}, self.hint(view, ctx, seat, sel, legal, hide)))
            dice = self.dice(view, ctx, seat, hide, live)
        return h("section", {"class_": self.card_classes(view, seat, "pm-hand", "me"), "id": f"card-{seat}",
                             "data_spot": f"card:{seat}",
                             "data_region": "hand",
                             "style": f"grid-area: {area}; --c: {COLOURS[p['char']]}",
                             "aria_label": t("playme.card_of", whose=ctx.whose(seat), char=char, side=side)},
                 self.head(view, ctx, seat, title), self.meta(view, ctx, seat, hide),
                 self.power(view, ctx, seat),
                 self.slots(view, ctx, seat, 44),
                 h("div", {"class_": "say", "id": f"say-{seat}"}, say),
                 dice, self.controls(view, ctx, seat, live, legal, sel, keys))

    def dice(self, view, ctx, seat, hide, live):
        t = self.t
        p = view["p"][seat]
        keys = self.key_maps()[seat]
        sel = self.sels.get(seat, {})
        alice = GAME.has(view, seat, "alice", "wonder")
        colour = COLOURS[p["char"]]
        items = []
        spotted = set()               # the first die showing each face is the lesson's "die:<n>"
        for i, n in enumerate(p["roll"]):
            if hide:
                items.append(h("li", {}, h("span", {"class_": "die hidden"}, blank_die(52),
                                            h("span", {"class_": "offscreen"}, t("playme.die_hidden"))),
                               h("span", {"class_": "under"})))
                continue
            key = key_label(keys["dice"][n - 1])
            kind, who, more = self.die_plan(ctx, seat, n, sel) if live else ("off", None, 0)
            kept = sel.get("keep") == n
            face_key = self.motion.die_key(seat, i)
            act = None
            if kind != "off":
                act = h("span", {"class_": f"act {kind}"},
                        self.tt(f"playme.act.{kind}", n=more) if kind != "none" else
                        [h("span", {"aria_hidden": "true"}, t("playme.act.none")),
                         h("span", {"class_": "offscreen"}, t("playme.act.none_sr"))],
                        [" ", h("span", {"class_": "act-who"}, who)] if who else None)
            classes = ["die", "mine", kind] + (["picked"] if sel.get("die") == n else [])
            under = []
            if alice:
                under.append(h("button", {"type": "button", "class_": "keep" + (" on" if kept else ""),
                                          "data_act": "keep", "data_arg": f"{seat}-{n}",
                                          "aria_pressed": str(kept).lower(), "disabled": not live,
                                          "aria_label": self.tt("playme.keep_label", n=n)},
                                 t("playme.keep")))
            if live and kind in ("advance", "unblock", "block", "swap") and more > 0:
                picked = sel.get("die") == n
                under.append(h("button", {"type": "button", "class_": "more" + (" on" if picked else ""),
                                          "id": f"more-{seat}-{i}", "data_act": "more",
                                          "data_arg": f"{seat}-{n}", "aria_expanded": str(picked).lower(),
                                          "aria_controls": f"say-{seat}"},
                                 self.tt("playme.more", n=more), " ",
                                 h("span", {"class_": "offscreen"}, self.tt("playme.more_sr", n=n))))
            items.append(h("li", {"class_": "kept" if kept else None},
                           h("button", {"type": "button", "id": f"die-{seat}-{i}", "class_": " ".join(classes),
                                        "data_act": "die", "data_arg": f"{seat}-{n}",
                                        "data_spot": None if n in spotted else f"die:{n}",
                                        "aria_keyshortcuts": key, "disabled": not live},
                             h("span", {"class_": "face", "id": f"face-{seat}-{face_key}",
                                        "data_fx": "roll" if self.motion.fresh(face_key) else None},
                               die_svg(n, colour, size=52)),
                             h("span", {"class_": "key-hint", "aria_hidden": "true"}, key),
                             h("span", {"class_": "offscreen"}, self.tt("playme.die_name", n=n), " "),
                             act),
                           h("span", {"class_": "under"}, under)))
            spotted.add(n)
        aside = p["pool"] - len(p["roll"]) if view["phase"] == "play" else 0
        if aside > 0:
            items.append(h("li", {}, h("span", {"class_": "die aside"}, blank_die(44),
                                        h("span", {"class_": "offscreen"}, t("playme.aside")))))
        return h("ul", {"class_": "dice", "id": f"dice-{seat}",
                        "aria_label": t("playme.dice_of", whose=ctx.whose(seat))}, items)

    def die_plan(self, ctx, seat, n, sel):
        """What pressing a die showing ``n`` does now: (kind, target's name, count), kind one of
        "advance", "unblock", "block", "swap" (with the count of its other uses), "keep"
        (Alice is choosing a die to keep), "choices" (the die is picked: its uses are offered;
        count: how many), "none" (the refusal is explained)."""
        if sel.get("keeping"):
            return "keep", None, 0
        uses = self.uses(seat, n)
        aim = sel.get("aim")
        if aim is not None:
            hits = [m for m in uses if m.get("s") == aim]
            return (hits[0]["a"], ctx.name(aim), 0) if hits else ("none", None, 0)
        move = self.default_use(uses)
        if move is not None:
            return move["a"], ctx.name(move["s"]) if "s" in move else None, len(uses) - 1
        if not uses:
            return "none", None, 0
        return "choices", None, len(uses)

    def controls(self, view, ctx, seat, live, legal, sel, keys):
        t = self.t
        can = {m["a"] for m in legal}
        buttons = [h("button", {"type": "button", "class_": "button", "id": f"roll-{seat}", "data_spot": "roll",
                                "data_act": "roll", "data_arg": f"{seat}-", "disabled": not live,
                                "aria_keyshortcuts": key_label(keys["go"])},
                     t("playme.roll"), " ", h("kbd", {}, key_label(keys["go"])))]
        if len(self.humans) > 1:
            scramble = view["phase"] == "scramble" and seat in view["to_move"]
            buttons.append(h("button", {"type": "button", "class_": "button primary", "id": f"catch-{seat}",
                                        "data_act": "catch", "data_arg": f"{seat}-",
                                        "disabled": "catch" not in can and not scramble,
                                        "aria_keyshortcuts": key_label(keys["go"])},
                             t("playme.grab") if scramble else t("playme.catch"), " ",
                             h("kbd", {}, key_label(keys["go"]))))
        if view["jabber"] == seat:
            buttons.append(h("button", {"type": "button", "class_": "button danger", "id": f"stop-{seat}",
                                        "data_act": "stop", "data_arg": f"{seat}-", "disabled": not live,
                                        "aria_keyshortcuts": key_label(keys["stop"])},
                             t("playme.stop"), " ", h("kbd", {}, key_label(keys["stop"]))))
        if sel.get("die") is not None or sel.get("keeping") or sel.get("aim") is not None:
            buttons.append(h("button", {"type": "button", "class_": "button", "data_act": "cancel",
                                        "data_arg": f"{seat}-"}, t("playme.cancel")))
        return h("div", {"class_": "controls"}, buttons)

    def choice_buttons(self, view, ctx, seat):
        """After a round: the Jabberwocky drives a survivor mad, or a winner may betray one."""
        t = self.t
        buttons = [h("button", {"type": "button", "class_": "button", "id": f"{m['a']}-{m.get('s', 'none')}",
                                "data_act": m["a"], "data_arg": f"{seat}-{m.get('s', '')}"},
                     t(f"playme.choice.{m['a']}", name=ctx.name(m["s"])) if "s" in m
                     else t("playme.choice.spare"))
                   for m in self.legal(seat)]
        return h("div", {"class_": "controls choice", "role": "group", "aria_labelledby": f"say-{seat}"},
                 buttons)

    def choices(self, ctx, seat, sel, keys):
        """The picked die's uses, each saying what it will do, with its key."""
        n = sel["die"]
        order = self.target_order(seat)
        buttons = []
        for m in self.uses(seat, n):
            if "s" in m:
                text = self.tt(f"playme.use.{m['a']}", n=n, name=ctx.name(m["s"]))
                key = key_label(keys["targets"][order.index(m["s"])]) if order.index(m["s"]) < len(
                    keys["targets"]) else ""
            else:
                text = self.tt(f"playme.use.{m['a']}", n=n)
                key = key_label(keys["dice"][n - 1])
            buttons.append(h("button", {"type": "button", "class_": "button use " + m["a"],
                                        "id": self.use_id(seat, m), "data_act": "use",
                                        "data_arg": f"{seat}-{m['a']}-{m.get('s', '')}-{n}",
                                        "aria_keyshortcuts": key or None},
                             text, " ", h("kbd", {}, key) if key else None))
        return h("div", {"class_": "controls uses", "role": "group",
                         "aria_label": self.tt("playme.uses_of", n=n)}, buttons)

    def hint(self, view, ctx, seat, sel, legal, hide):
        t = self.t
        if self.paused and view["phase"] in LIVE:
            return t("playme.hint.paused")
        if hide:
            return t("playme.hint.wait") if view["phase"] == "play" else ""
        if sel.get("keeping"):
            return t("playme.hint.keeping")
        if sel.get("aim") is not None:
            return t("playme.hint.aim", whose=ctx.whose(sel["aim"]))
        acts = {m["a"]: m for m in legal}
        if "catch" in acts:
            return t("playme.hint.catch")
        for a in ("unblock", "advance"):
            if a in acts:
                return t(f"playme.hint.{a}", n=acts[a]["n"])
        if view["phase"] != "play":
            return ""
        if GAME.foreign(view, seat):
            return t("playme.hint.blocked", n=view["p"][seat]["card"][-1]["n"])
        if GAME.next_number(view, seat) <= R.SLOTS:
            return t("playme.hint.need", n=GAME.next_number(view, seat))
        return ""

    def mark(self, view, s):
        return self.tt(f"playme.mark.{view['p'][s]['char']}")


UI = PlayMeUI()
