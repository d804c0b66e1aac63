"""Bossa's table: the two lines growing out of their dice between the two hands, as on a real
table: the opponent's hand at the top, yours at the bottom (with your action markers and the
move you are about to make), the deck and the tiles not seen yet beside the lines.

White and black pips differ in shape, not only colour: white pips are rings, black pips are
filled dots; every tile, die, place and marker has words for screen readers, and the lines say
whose side they are in words as well as by where they lie (your side next to your hand).

Input: select tiles in your hand (click, tap, or keys 1–9); every open place then says whether
they fit (the sum of the line's dots, and the tile count the place takes) and the places they
fit are marked ✓. A click on a place, or an action marker (Redraw, Exchange, Stack), makes the
move *pending*: it is drawn where it would go and the prompt says what it will do; Confirm
plays it, Cancel (or Esc) takes it back. Esc then clears the selection. In Stack mode the
places a Stack of your hand may go are the targets: each keeps the stacked column's room from
the turn's start (dashed in Stack mode), so it is a target at least 44 px wide on a phone and
the waiting Stack's tiles take that room (its line does not move).

A long line fits its row (issue 26: 11 columns and more ran out of it on a phone): its tiles
shrink (``fit``), down to 10 px on a phone's longest lines, rather than the board scrolling
sideways or scaling as a whole: what a placement or a Stack needs of a place, its number and
its tile count, is in words that keep their size, and every target keeps 44 px (a Stack's
places, and the open ends, narrower on a ``LONG`` line, their words in two rows).

What can be chosen is drawn as what cannot (one element whatever the turn, its state in
classes), a button laid over it (``tile-hit``, ``marker-hit``, ``cell-hit``): the page patches
it as the turn passes rather than making it anew (benchmarks/table.md).

Spots (``data-spot``, for lessons; see ``GameUI.board``): ``hand:<seat>``, ``tile:<id>`` (a
tile in a hand), ``count:<seat>`` (its tile count), ``marker:<seat>:<action>``, ``line:<line>``
(0 white, 1 black), ``die:<line>``, ``six:<line>`` (the count toward six on a side's line),
``end:<line>:<lo|hi>`` (an open place), ``place:<line>:<n>`` (a filled one), ``button:confirm``,
``button:cancel``, ``roll:<seat>``, ``choice:own:<line>``, ``choice:first``, ``deck``, ``unseen``.

The engine decides what is legal: the screen asks ``rules.view_moves`` (computed from the view)
and ``rules.ends_game`` only to show it. Nothing here decides a rule.
"""

from ...core.protocol import rules_of
from ...ui.games import GameUI, action
from ...ui.html import Frozen, h, render
from ...ui.phrases import phrased
from . import rules as R
from .bots import STRONG_PLAYOUTS, StrongBot

PIPS = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)],
        3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.27, 0.27), (0.27, 0.73), (0.73, 0.27), (0.73, 0.73)],
        5: [(0.27, 0.27), (0.27, 0.73), (0.5, 0.5), (0.73, 0.27), (0.73, 0.73)],
        6: [(0.27, 0.22), (0.27, 0.5), (0.27, 0.78), (0.73, 0.22), (0.73, 0.5), (0.73, 0.78)]}
INK, PAPER = "#1d1f24", "#fbfaf6"
COLOURS = ("white", "black")
MARK = ("○", "●")                          # the lines' marks (white: rings, black: dots)
ICONS = {   # the action markers' symbols (24×24 line drawings: no font needed)
    "redraw": "M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4.5v4.2h-4.2",
    "exchange": "M4 8.5h15M15 4.5l4 4-4 4M20 15.5H5M9 11.5l-4 4 4 4",
    "stack": "M8 8V4h12v12h-4M4 8h12v12H4z",
}
ACTS = ("place", "stack", "redraw", "exchange")
# what a log event moves on the table: its tiles (under these keys) slide or drop in
MOVED = {"place": (("tiles", "slide"),), "stack": (("tiles", "slide"),),
         "draw": (("tile", "drop"),), "redraw": (("tile", "slide"), ("drew", "drop")),
         "exchange": (("give", "slide"), ("take", "slide"))}
SIZE = 40                                 # the SVGs' own size (CSS sizes them on the table)


# --- pictures ----------------------------------------------------------------------------------
def svg(box, cls, *parts, size=None):
    """A picture hidden from screen readers (what holds it names it)."""
    return h("svg", {"viewBox": box, "width": size and str(size), "height": size and str(size),
                     "aria_hidden": "true", "focusable": "false", "class_": cls}, *parts)


def dot(x, y, size, **style):
    return h("circle", {"cx": f"{x * size:.1f}", "cy": f"{y * size:.1f}",
                        "r": f"{size * 0.085:.1f}", **style})


def pips(white, black, size):
    """Pips of a die face: the first ``white`` as rings, the rest filled."""
    return [dot(x, y, size, fill="#fff" if i < white else INK, stroke=INK,
                stroke_width=f"{size * 0.045:.1f}", class_="pip-w" if i < white else "pip-b")
            for i, (x, y) in enumerate(PIPS[white + black])]


_FACES = {}          # (tile, size) -> its drawing's markup: 27 tiles, drawn again at every move


def tile_svg(t, size=SIZE):
    """A tile's face, its markup made once (a move's redraw draws some thirty tiles, each a
    rectangle and its pips: a third of the board's nodes)."""
    face = _FACES.get((t, size))
    if face is None:
        face = _FACES[(t, size)] = Frozen(render(draw_tile(t, size)))
    return face


def draw_tile(t, size=SIZE):
    w, b = R.TILES[t]
    return svg(f"0 0 {size} {size}", "tile-face",
               h("rect", {"x": "1", "y": "1", "width": str(size - 2), "height": str(size - 2),
                          "rx": str(size // 6), "fill": PAPER, "stroke": INK, "stroke_width": "2"}),
               pips(w, b, size), size=size)


def die_svg(c, n, size=SIZE):
    """A line's die: the white die is dark with ring pips, the black die light with dots;
    ``c`` None: a plain die (the opening roll, before the dice go to the lines)."""
    dark = c == R.WHITE
    body = INK if dark else ("#e9e4d6" if c == R.BLACK else "#fff")
    parts = [h("rect", {"x": "1.5", "y": "1.5", "width": str(size - 3), "height": str(size - 3),
                        "rx": str(size // 5), "fill": body, "stroke": INK, "stroke_width": "3"})]
    ink = "#fff" if dark else INK
    parts += [dot(x, y, size, fill=ink, stroke=ink, stroke_width="1.5") for x, y in PIPS[n]]
    return svg(f"0 0 {size} {size}", "die-face", parts, size=size)


def icon(action):
    return svg("0 0 24 24", "sym",
               h("path", {"d": ICONS[action], "fill": "none", "stroke": "currentColor",
                          "stroke_width": "2.2",
                          "stroke_linecap": "round", "stroke_linejoin": "round"}))


def join(ctx, sentences):
    """Sentences one after another (Japanese runs them on without a space)."""
    return ("" if ctx.i18n.lang == "ja" else " ").join(x for x in sentences if x)


def tile_name(t, tt):
    w, b = R.TILES[t]
    if w and b:
        return tt("bossa.tile.both", w=w, b=b)
    return tt("bossa.tile.white", n=w) if w else tt("bossa.tile.black", n=b)


def named(e, tt):
    """The single tiles of event or move ``e`` (its tile, the one drawn, given, taken), by name."""
    return {k: tile_name(e[k], tt) for k in ("tile", "drew", "give", "take") if k in e}


def tiles_name(tiles, tt):
    return tt("list.sep").join(tile_name(t, tt) for t in tiles)


def line_name(c, tt):
    return tt(f"bossa.line.{COLOURS[c]}")


def sum_text(c, tiles, tt):
    """"3 + 2 white = 5" (the dots of line ``c``'s colour), "5 white" for one tile."""
    values = [R.VALUE[c][t] for t in tiles]
    colour = tt(f"bossa.{COLOURS[c]}_dots")
    if len(values) == 1:
        return tt("bossa.sum1", n=values[0], colour=colour)
    return tt("bossa.sum", terms=" + ".join(map(str, values)), colour=colour, n=sum(values))


class Choice:
    """The player's choice in progress (the session's ``sel``): the tiles selected in the hand
    (``tiles``), the opponent's tile to take in an Exchange (``take``), the action chosen
    (``mode``: Redraw, Exchange or Stack), the complete move waiting for Confirm
    (``pending``) and the hint shown for a click that needs a tile first (``hint``)."""

    __slots__ = ("tiles", "take", "mode", "pending", "hint")

    def __init__(self):
        self.clear()

    def clear(self):
        self.tiles, self.take, self.mode, self.pending, self.hint = [], [], None, None, None

    def __bool__(self):
        return bool(self.tiles or self.take or self.mode or self.pending or self.hint)

    def __repr__(self):
        return "Choice(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__) + ")"


class BossaUI(GameUI):
    game_id = "bossa"

    def confirms(self, view, move, ctx):
        """Its own flow confirms its moves (a move waits for Confirm with its preview already):
        the session asks nothing more."""
        return False
    lower_scores_win = True            # fewer tiles in hand is better

    # --- new-game form -------------------------------------------------------------------------
    def default_setup(self):
        return {"players": 2, "rules": "advanced", "kind0": "human", "kind1": "normal"}

    def option_fields(self, values, t):
        return h("div", {"class_": "bossa-setup"},
                 h("p", {}, t("setup.players_fixed", n=2)),
                 h("label", {}, t("bossa.setup.rules"), " ",
                   h("select", {"name": "rules", "id": "rules"},
                     [h("option", {"value": v, "selected": values.get("rules") == v},
                        t(f"bossa.setup.{v}")) for v in R.VARIANTS])))

    def setup_values(self, form, values):
        new = super().setup_values(form, values)
        if new.get("rules") not in R.VARIANTS:
            new["rules"] = values.get("rules", "advanced")
        return new

    def options_from_setup(self, values):
        return {"players": 2, "rules": values.get("rules", "advanced")}

    def private(self, view):
        # Hands are open once the dice are laid; before that the higher roller looks at their
        # own. The lower roller choosing a side (rules version 2) sees no tile at all: nothing
        # private, so no hand-over is needed (version 1: they looked at their own hand).
        if view["phase"] == "side":
            return rules_of(view) < R.BLIND_CHOICE_VERSION
        return view["phase"] == "choose"

    # --- who is where --------------------------------------------------------------------------
    def me(self, view, ctx):
        """The seat drawn at the bottom: the viewer, else seat 0 (a spectator, a replay)."""
        return ctx.viewer if ctx.viewer is not None else 0

    def my_turn(self, view, ctx):
        return ctx.viewer is not None and ctx.viewer in view["to_move"]

    @staticmethod
    def line_order(view, me):
        """Top line first: the opponent's side above (next to their hand), yours below; the
        white line above when there are no sides."""
        if view["own"][me] is None:
            return [R.WHITE, R.BLACK]
        return [view["own"][R.other(me)], view["own"][me]]

    @staticmethod
    def chosen(view, sel, me):
        """The selected tiles still in the viewer's hand (ascending)."""
        hand = view["hands"][me] or ()
        return sorted(t for t in sel.tiles if t in hand)

    @staticmethod
    def taken(view, sel, me):
        hand = view["hands"][R.other(me)] or ()
        return [t for t in sel.take if t in hand]

    def pending(self, view, sel, ctx):
        """The move waiting for Confirm, if it is still legal."""
        move = sel.pending
        if not move or not self.my_turn(view, ctx) or view["phase"] != "play":
            return None
        return move if move in R.view_moves(view, ctx.viewer) else None

    # --- what changed, what happened last --------------------------------------------------------
    def fresh(self, view, ctx):
        """What the latest move changed (``ctx.fresh_from``): {tile: "slide" | "drop"}, the
        markers turned over {(seat, action)}, and whether the dice were just laid."""
        tiles, markers, start = {}, set(), False
        if ctx.fresh_from is None:
            return tiles, markers, start
        for e in view["log"][ctx.fresh_from:]:
            for key, how in MOVED.get(e["e"], ()):
                for t in e[key] if key == "tiles" else [e[key]]:
                    tiles[t] = how
            if e["e"] in R.ACTIONS:
                markers.add((e["seat"], e["e"]))
            start = start or e["e"] == "start"
        return tiles, markers, start

    def last_action(self, view, ctx):
        """The action to mark on the table: the opponent's last one until you move (a
        spectator, a replay and the end of the game: the last one, whoever made it)."""
        for e in reversed(view["log"]):
            if e["e"] in ACTS:
                if ctx.viewer is None or view["phase"] == "over" or e["seat"] != ctx.viewer:
                    return e
                return None
            if e["e"] in ("start", "choose"):
                return None
        return None

    @staticmethod
    def new_tiles(view):
        """Tiles drawn this turn and still in hand ({tile: seat}): marked "new"."""
        out = {}
        for e in reversed(view["log"]):
            if e["e"] == "draw":
                if e["tile"] in (view["hands"][e["seat"]] or ()):
                    out[e["tile"]] = e["seat"]
                break
            if e["e"] == "redraw" and e["drew"] in (view["hands"][e["seat"]] or ()):
                out[e["drew"]] = e["seat"]
        return out

    # --- the table -----------------------------------------------------------------------------
    def board(self, view, sel, ctx):
        me = self.me(view, ctx)
        them = R.other(me)
        playing = self.my_turn(view, ctx) and view["phase"] == "play"
        moves = R.view_moves(view, me) if playing else []
        look = {
            "me": me, "playing": playing, "moves": moves, "sel": sel,
            "chosen": self.chosen(view, sel, me) if playing else [],
            "taken": self.taken(view, sel, me) if playing else [],
            "pending": self.pending(view, sel, ctx),
            "mode": sel.mode if playing else None,
            "fresh": self.fresh(view, ctx), "last": self.last_action(view, ctx),
            "new": self.new_tiles(view),
            # the places a Stack may go this turn: each keeps room for the stacked column
            # from the turn's start (issue 26: the waiting Stack widened its place by a column,
            # and the line moved), which also makes it a target at least 44 px wide on a phone
            "room": {(m["line"], m["n"]) for m in moves if m["a"] == "stack"},
        }
        n, k, look["fits"] = self.measure(view, look["room"])
        hint = h("p", {"class_": "error bossa-hint phrased", "role": "alert"},
                 phrased(ctx.t(sel.hint))) if sel.hint else None
        look["size"] = f"--n: {n}; --k: {k}"       # the field's (see the stylesheet's head)
        return h("div", {"class_": "bossa bossa-table " + ("rules-" + view["variant"])},
                 self.seat(view, them, ctx, look),
                 self.field(view, ctx, look),
                 self.side(view, ctx, look),
                 self.seat(view, me, ctx, look, hint))

    @staticmethod
    def measure(view, room=()):
        """The longest line in tile columns (both ends, the die, each place's groups and the
        room a Stack may take, ``room``) and the most tiles in one column: the table sizes its
        tiles by them (``--n``, ``--k``). And each laid line's ``fit`` by its colour."""
        n, k, fits = 9, 2, {}
        for c, line in enumerate(view["lines"]):
            if line["die"] is not None:
                fits[c] = BossaUI.fit(line, c, room)
                n = max(n, fits[c][1])
                k = max([k] + [p["k"] for p in R.filled(line)])
        return n, k, fits

    @staticmethod
    def fit(line, c, room):
        """How a line's tiles shrink to fit its row (issue 26: a line of 11 columns and more
        ran out of its row on a phone), as the style of the line: its width is ``--fx`` and
        ``--ce`` columns of tiles, plus ``--p1`` places of one column (as wide as their words,
        ``--t1``, at a smaller tile), ``--pr`` places of one column and a Stack's room (47 px,
        or two columns and 11 px) and ``--e`` open ends. And its length in columns."""
        places = R.filled(line)
        fx, cols, p1, pr, n = 3 * len(places) + 14, 1.12, 0, 0, 3    # gaps and the die
        for p in places:
            k = 1 + len(p["s"]) + ((c, p["n"]) in room)
            n += k
            if k == 1:
                p1 += 1
            elif k == 2 and not p["s"]:
                pr += 1
            else:
                fx += 9 + 2 * (k - 1) + 4 * len(p["s"])
                cols += k
        ends = 1 + (R.place_number(line, "lo") >= 1)
        fx += 8 * (2 - ends)                                              # a stop: 8 px
        return f"--fx: {fx}px; --ce: {cols:.2f}; --p1: {p1}; --pr: {pr}; --e: {ends}", n

    # --- a player's side of the table: hand, markers, and (yours) the move about to be made ---
    def seat(self, view, s, ctx, look, hint=None):
        t = ctx.t
        mine = s == look["me"] and ctx.viewer is not None
        playing = look["playing"]
        turn = view["phase"] != "over" and view["turn"] == s
        badges = []
        if turn:
            badges.append(h("span", {"class_": "badge turn"}, t("bossa.turn")))
        if view["own"][s] is not None:
            c = view["own"][s]
            badges.append(h("span", {"class_": f"badge side side-{COLOURS[c]}"},
                            h("span", {"aria_hidden": "true"}, MARK[c]), " ",
                            h("span", {"class_": "word"}, t("bossa.side_badge", line=line_name(c, t)))))
        badges.append(h("span", {"class_": "badge count", "data_spot": f"count:{s}"},
                        t("bossa.tiles_n", n=view["hand_sizes"][s])))
        # a long name is cut with "…" on a phone (the seat keeps one row); the title and the
        # text itself (heard whole) keep the whole name
        head = h("h2", {"class_": "seat-name"},
                 h("span", {"class_": "who", "title": ctx.name(s)}, ctx.name(s)), " ", badges)
        if mine and playing and look["pending"] is not None:
            # Confirm / Cancel; the markers step aside but keep their box, out of sight and of
            # reach (on a phone they give their room to the buttons): the seat keeps its height
            # where the markers and the bar take two rows (issue 26: at 1280×800 the hand moved)
            controls = [self.markers(view, s, ctx, look, True, ids=False),
                        self.action_bar(view, ctx, look, hint)]
        elif not mine and look["mode"] == "exchange":
            # their tiles are buttons; their markers stay where they were (the seat keeps its
            # size: nothing moves between the taps of an Exchange), the prompt says what to do
            controls = [self.markers(view, s, ctx, look, False),
                        h("p", {"class_": "take-hint offscreen"}, t("bossa.take_hint"))]
        else:
            controls = [self.markers(view, s, ctx, look, mine and playing)
                        if view["phase"] not in ("choose", "side") else None,   # not usable yet
                        self.action_bar(view, ctx, look, hint) if mine and playing else hint]
        region = "hand" if mine else "players"
        classes = ["bossa-seat", "me" if s == look["me"] else "them"] \
            + (["playing"] if mine and playing else []) + (["active"] if turn else [])
        tiles = len(view["hands"][s] or ()) or view["hand_sizes"][s]       # its tiles' size
        return h("section", {"class_": " ".join(classes), "data_region": region,
                             "style": f"--hand-n: {max(4, tiles)}",
                             "aria_label": t("bossa.hand_of", whose=ctx.whose(s))},
                 head, h("div", {"class_": "seat-body"}, self.hand(view, s, ctx, look, mine),
                         h("div", {"class_": "controls"}, controls)),
                 self.hand_note(view, s, ctx, mine))

    def hand_note(self, view, s, ctx, mine):
        if mine and view["hands"][s] is None and not self.my_turn(view, ctx):
            # the lower roller waiting for the higher roller's choice (rules version 2); on
            # their own turn to choose, the opening panel says it
            return h("p", {"class_": "hand-note"}, ctx.t("bossa.own_hand_hidden"))
        return None

    def hand(self, view, s, ctx, look, mine):
        t = ctx.t
        hand = view["hands"][s]
        if hand is None:
            return h("ol", {"class_": "hand", "aria_label": t("bossa.hand_count", n=view["hand_sizes"][s]),
                            "data_spot": f"hand:{s}"},
                     [h("li", {}, h("span", {"class_": "tile back", "role": "img",
                                             "aria_label": t("bossa.hidden_tile")}, "?"))
                      for _ in range(view["hand_sizes"][s])])
        # a replay (reveal) shows hidden hands as known but still face down; the hand you look
        # at before the choice is face down too, but it is yours: shown plainly
        face_down = s in view.get("face_down", ()) and ctx.viewer != s
        fx, _, start = look["fresh"]
        playing = look["playing"]
        me = look["me"]
        exchange = playing and look["mode"] == "exchange"
        last = look["last"]
        items = []
        for i, tile in enumerate(hand):
            label = tile_name(tile, t)
            classes = ["tile"]
            notes = []
            if face_down:
                classes.append("face-down")
                label = t("bossa.face_down_tile", tile=label)
            if look["new"].get(tile) == s:
                notes.append(("new", t("bossa.new")))
            if last and last["e"] == "exchange" and tile in (last["give"], last["take"]):
                notes.append(("swapped", t("bossa.swapped")))     # shown as ⇄ (Exchange's symbol)
            attrs = {"data_fx_key": f"t{tile}",
                     "data_fx": fx.get(tile) or ("flip" if start else None)}
            tags = h("span", {"class_": "tags", "aria_hidden": "true"},
                     [h("span", {"class_": f"tag {cls}"}, "⇄" if cls == "swapped" else word)
                      for cls, word in notes]) if notes else None
            spoken = label + "".join(t("bossa.note", note=word) for _, word in notes)
            # the tile is one element whatever the turn (its state in attributes): when it can
            # be chosen, a button lies over it (the tile then hidden from screen readers, the
            # button named as it was); a button that became a span and back rebuilt every tile
            # of the hand at every move (benchmarks/table.md)
            hit = None
            if (mine and playing) or (not mine and exchange):
                pressed = tile in look["chosen" if mine else "taken"]
                key = i + 1 if i < 9 and mine else None
                hit = h("button", {
                    "type": "button", "id": f"tile-{tile}", "class_": "tile-hit", "data_spot": f"tile:{tile}",
                    "data_act": "sel" if mine else "take", "data_arg": str(tile),
                    "aria_pressed": "true" if pressed else "false",
                    "aria_keyshortcuts": str(key) if key else None},
                    # named by hidden text, not aria-label: the tags shown on it are in its name
                    h("span", {"class_": "offscreen"}, spoken + (f" ({key})" if key else "") if mine
                      else t("bossa.take_label", tile=spoken)))
            if hit is not None:
                classes += ["target"] + (["selected"] if pressed else [])
                attrs.update({"class_": " ".join(classes), "aria_hidden": "true"})
            else:
                attrs.update({"class_": " ".join(classes), "role": "img", "aria_label": spoken,
                              "data_spot": f"tile:{tile}"})
            items.append(h("li", {}, h("span", attrs, tile_svg(tile), tags), hit))
        return h("ol", {"class_": "hand", "aria_label": t("bossa.hand_count", n=len(hand)),
                        "data_spot": f"hand:{s}"}, items)

    def markers(self, view, s, ctx, look, active, ids=True):
        """The three action markers: face up (not used yet) or turned over (used), by symbol
        and words; on your turn the ones you may use are buttons (``ids``: False for a copy
        that only keeps their place)."""
        t = ctx.t
        out = []
        last = look["last"]
        _, turned, _ = look["fresh"]
        mode = look["mode"]
        moves = look["moves"]
        for a in R.ACTIONS:
            spot = f"marker:{s}:{a}" if ids else None
            used = view["used"][s][a]
            name = t(f"bossa.action.{a}")
            face = [icon(a), h("span", {"class_": "mname"}, name)]
            fx = {"data_fx": "flip"} if (s, a) in turned else {}
            was_last = last is not None and last["e"] == a and last["seat"] == s
            if used:
                out.append(h("li", {}, h("span", dict(fx, **{
                    "class_": "marker used" + (" last" if was_last else ""), "role": "img",
                    "aria_label": t("bossa.marker_used", action=name),
                    "id": f"marker-{s}-{a}" if ids else None, "data_spot": spot}),
                    face, h("span", {"class_": "mstate", "aria_hidden": "true"}, t("bossa.used")))))
            elif active and any(m["a"] == a for m in moves):
                # the marker as when it cannot be used, a button over it (see ``hand``)
                pressed = mode == a
                out.append(h("li", {}, h("span", {"class_": "marker ready target" + (" selected" if pressed else ""),
                                                  "aria_hidden": "true"}, face),
                             h("button", {"type": "button", "id": f"action-{a}", "class_": "marker-hit",
                                          "data_act": a, "aria_pressed": "true" if pressed else "false",
                                          "data_spot": f"marker:{s}:{a}", "aria_label": name,
                                          "aria_describedby": f"help-{a}"}) if ids else None))
            else:
                key = "bossa.marker_ready" if not active else "bossa.marker_unavailable"
                out.append(h("li", {}, h("span", {"class_": "marker ready", "role": "img",
                                                  "aria_label": t(key, action=name),
                                                  "data_spot": spot}, face)))
        help_ = [h("p", {"id": f"help-{a}", "class_": "offscreen"}, t(f"bossa.help.{a}"))
                 for a in R.ACTIONS] if active and ids else []
        # (the copy: the same element, out of sight and of reach, so that the page patches it)
        return h("div", {"class_": "markers-wrap" if ids else "markers-wrap markers-aside",
                         "aria_hidden": None if ids else "true", "inert": not ids},
                 h("ul", {"class_": "markers", "aria_label": t("bossa.markers")}, out), help_)

    def action_bar(self, view, ctx, look, hint):
        """Under your hand on your turn: the pending move's Confirm and Cancel, else a way to
        clear the selection (Esc), else what the keys do. Always the same box: the words of
        what to do keep their room (out of sight) under the buttons, so the bar is as wide and
        as tall at every step of the turn (issue 26: at 1280×800 in Japanese, with markers
        used, the words took a row of their own and the hand moved 37–50 px as they went)."""
        t = ctx.t
        pending = look["pending"]
        parts = [hint] if hint else []
        if pending is not None:
            parts += [h("button", {"type": "button", "class_": "button primary", "id": "confirm-move",
                                   "data_act": "confirm", "data_spot": "button:confirm", "aria_describedby": "prompt"},
                        "✓ ", t(f"bossa.confirm.{pending['a']}")),
                      h("button", {"type": "button", "class_": "button", "id": "cancel-move",
                                   "data_act": "cancel", "data_spot": "button:cancel"}, t("bossa.cancel"))]
        elif look["chosen"] or look["taken"] or look["mode"]:
            parts.append(h("button", {"type": "button", "class_": "button clear", "id": "clear-sel",
                                      "data_act": "clear",
                                      "aria_label": t("bossa.clear.touch" if ctx.touch else "bossa.clear")},
                           h("span", {"aria_hidden": "true"}, "✕ "), t("bossa.clear_short")))
        shown = not parts
        # in Japanese broken between phrases only (「選び/ます」 broke inside)
        words = h("p", {"class_": "bar-help phrased" if shown else "bar-help phrased reserve",
                        "aria_hidden": None if shown else "true"},
                  phrased(t("bossa.bar_help.touch" if ctx.touch else "bossa.bar_help")))
        return h("div", {"class_": "action-bar"}, words, h("div", {"class_": "bar-now"}, parts))

    # --- the lines -------------------------------------------------------------------------------
    def field(self, view, ctx, look):
        t = ctx.t
        if view["phase"] in ("choose", "side"):
            body, kind = self.opening(view, ctx), "bossa-field"
        else:
            body = [self.line(view, c, ctx, look) for c in self.line_order(view, look["me"])]
            kind = "bossa-field two-lines"
        return h("section", {"class_": kind, "data_region": "table", "style": look.get("size"),
                             "aria_label": t("bossa.lines")}, body)

    def line(self, view, c, ctx, look, level="h2", final=False):
        """A line as it lies: the low end, the places below the die, the die, the places above
        it, the high end (``final``: the game is over, the open ends are left out)."""
        t = ctx.t
        line = view["lines"][c]
        owner = next((s for s in (0, 1) if view["own"][s] == c), None)
        name = line_name(c, t)
        title = [h("span", {"class_": "line-mark", "aria_hidden": "true"}, MARK[c]), " ",
                 h("span", {"class_": "line-name"}, name)]
        label = name
        if owner is not None:
            whose = t("bossa.your_side") if ctx.is_you(owner) else t("bossa.side_of", name=ctx.name(owner))
            label = t("bossa.line_of", line=name, side=whose)
            count = R.places_count(line)
            title += [h("span", {"class_": "side-tag", "title": whose}, whose),
                      h("span", {"class_": "six", "role": "img", "data_spot": None if final else f"six:{c}",
                                 "aria_label": t("bossa.six_label", n=count)},
                        h("span", {"class_": "six-boxes", "aria_hidden": "true"},
                          "■" * min(count, R.SIX) + "□" * max(0, R.SIX - count)),
                        h("span", {"class_": "six-n", "aria_hidden": "true"}, f"{count}/{R.SIX}"))]
        head = h(level, {"class_": "line-title"}, title)
        cells = []
        ends = {end: (n, counts) for end, n, counts in R.open_ends(line, view["variant"])}
        if "lo" in ends:
            if not final:
                cells.append(self.end_cell(view, c, "lo", *ends["lo"], ctx, look))
        else:
            cells.append(h("li", {"class_": "cell stop", "data_fx_key": f"stop:{c}"},
                           h("span", {"class_": "stop-bar", "role": "img",
                                      "aria_label": t("bossa.line_stop")})))
        cells += [self.place_cell(view, c, place, ctx, look) for place in reversed(line["lo"])]
        cells.append(h("li", {"class_": "cell die-cell", "data_fx_key": f"die:{c}"},
                       h("span", {"data_fx": "roll" if look["fresh"][2] else None, "class_": "die",
                                  "role": "img", "id": None if final else f"die-{c}",
                                  "data_spot": None if final else f"die:{c}",
                                  "aria_label": t("bossa.die_label", line=name, n=line["die"])},
                         die_svg(c, line["die"]))))
        cells += [self.place_cell(view, c, place, ctx, look) for place in line["hi"]]
        if not final:
            cells.append(self.end_cell(view, c, "hi", *ends["hi"], ctx, look))
        side = "" if owner is None else (" mine" if owner == look["me"] else " theirs")
        fit, n = (None, 0) if final else look["fits"][c]
        return h("section", {"class_": f"line line-{COLOURS[c]}{side}" + " long" * (n >= LONG),
                             "aria_label": label, "data_spot": None if final else f"line:{c}",
                             "style": fit},
                 # keyed (web/morph.js keys a list by its first item: the low end, until the
                 # line stops at 1), so that the row is kept as the line grows
                 head, h("ol", {"class_": "line-row", "data_fx_key": f"row:{c}"}, cells))

    def end_cell(self, view, c, end, n, counts, ctx, look):
        """An open place: its number and the tile counts it takes; with tiles selected, whether
        they make the number (in the line's colour) and have a count it takes (✓ or ✗)."""
        t = ctx.t
        chosen = look["chosen"] if not look["mode"] else []
        move = {"a": "place", "line": c, "end": end, "tiles": chosen}
        pending = look["pending"] == move and chosen
        fits = bool(chosen) and move in look["moves"]
        where = t(f"bossa.end.{end}")
        args = dict(zip("ab", counts)) if len(counts) == 2 else dict(zip("n", counts))
        need, short = (t(f"bossa.{key}{len(counts)}", **args) if counts else t("bossa.closed")
                       for key in ("need", "need_short"))
        # a button's name starts with what it shows (the number, the counts)
        label = t("bossa.open_label", line=line_name(c, t), n=n, need=need, end=where,
                  short="" if pending else short).replace("  ", " ")
        words = [h("span", {"class_": "need"}, short)]
        classes = ["cell", "open"]
        if not counts:
            classes.append("closed")
        if chosen and counts and look["playing"]:
            lacking = any(R.VALUE[c][x] == 0 for x in chosen)
            total = sum(R.VALUE[c][x] for x in chosen)
            sum_ok = not lacking and total == n
            count_ok = len(chosen) in counts
            words.append(h("span", {"class_": "checks", "aria_hidden": "true"},
                           h("span", {"class_": "check " + ("ok" if sum_ok else "no")},
                             "✓" if sum_ok else "✗",
                             t("bossa.no_dots_short") if lacking else f"Σ{total}"),
                           h("span", {"class_": "check " + ("ok" if count_ok else "no")},
                             "✓" if count_ok else "✗", t("bossa.count_short", k=len(chosen)))))
            if not pending:
                label += " " + self.fit_words(c, n, counts, chosen, lacking, total, ctx)
                classes.append("fits" if fits else "misfit")
        if look["playing"] and counts:
            # the widest checks a selection may show, out of sight, from the turn's start: the
            # place is as wide before the first tile's tap as after it (it widened up to 21 px
            # at that tap and the places of its line, centred, moved 10 px sideways: issue 26)
            words.append(h("span", {"class_": "keep-width", "aria_hidden": "true"},
                           h("span", {"class_": "checks"},
                             h("span", {}, "✗", t("bossa.no_dots_short")), h("span", {}, "✓Σ88"),
                             h("span", {}, "✗", t("bossa.count_short", k=8)))))
        body = [h("span", {"class_": "pnum"}, str(n)), " "]
        if pending:
            # the tiles drawn where they would go; the words the place showed keep their width
            # (not their height), out of sight: the place keeps its width and its neighbours
            # their places (issue 26: it narrowed 15 px, the places beside it moved 8 px)
            classes.append("pending")
            body += [h("span", {"class_": "keep-width", "aria_hidden": "true"}, words),
                     self.ghost(chosen)]
            label = t("bossa.pending_here", place=label)
        else:
            body += words
        if look["playing"] and counts and not look["mode"]:
            return target_cell(classes, body, {
                "id": f"end-{c}-{end}", "data_spot": f"end:{c}:{end}", "data_act": "place",
                "data_arg": f"{c}-{end}", "aria_label": label, "aria_pressed": "true" if pending else None})
        return plain_cell(classes, body, label, f"end:{c}:{end}")

    @staticmethod
    def fit_words(c, n, counts, chosen, lacking, total, ctx):
        t = ctx.t
        if lacking:
            sums = t(f"bossa.fit.no_dots{c}")
        elif total == n:
            sums = t("bossa.fit.sum_ok", total=total)
        else:
            sums = t("bossa.fit.sum_no", total=total, n=n)
        count = t("bossa.fit.count_ok" if len(chosen) in counts else "bossa.fit.count_no", n=len(chosen))
        return t("bossa.fit.words", sums=sums, count=count)

    @staticmethod
    def ghost(tiles):
        return h("span", {"class_": "ghost", "aria_hidden": "true"},
                 [h("span", {"class_": "tile small"}, tile_svg(x)) for x in tiles])

    def place_cell(self, view, c, place, ctx, look):
        """A filled place: its number, its tiles (a column per placement: stacks beside the
        first) and its tile count; the last action and, in Stack mode, where tiles may go."""
        t = ctx.t
        fx, _, _ = look["fresh"]
        groups = [place["t"]] + place["s"]
        label = t("bossa.place_label", line=line_name(c, t), n=place["n"],
                  count=t("bossa.need1", n=place["k"]),
                  tiles=" / ".join(tiles_name(g, t) for g in groups))
        if place["s"]:
            label += " " + t("bossa.stacked", n=len(place["s"]))
        last = look["last"]
        marked = set()
        if last is not None and last["e"] in ("place", "stack") and last["line"] == c \
                and last["n"] == place["n"]:
            marked = set(last["tiles"])
            label += " " + t("bossa.last_here", name=ctx.name(last["seat"]))
        columns = []
        for i, g in enumerate(groups):
            tiles = []
            for x in g:
                tiles.append(h("span", {"class_": "tile small" + (" last" if x in marked else ""),
                                        "data_fx_key": f"t{x}", "data_fx": fx.get(x)}, tile_svg(x)))
            columns.append(h("span", {"class_": "group" + (" stacked" if i else "")}, tiles))
        stack_mode = look["mode"] == "stack"
        chosen = look["chosen"]
        move = {"a": "stack", "line": c, "n": place["n"], "tiles": chosen}
        pending = stack_mode and chosen and look["pending"] == move
        fits = stack_mode and bool(chosen) and move in look["moves"]
        room = (c, place["n"]) in look["room"]
        if pending:
            columns.append(self.ghost(chosen))
        elif room:       # the column a Stack would take, kept empty (shown in Stack mode)
            columns.append(h("span", {"class_": "ghost room", "aria_hidden": "true"}))
        mark = h("span", {"class_": "last-mark", "aria_hidden": "true"}, "◆") if marked else None
        body = [h("span", {"class_": "pnum"}, mark, str(place["n"])),
                h("span", {"class_": "groups"}, columns),
                h("span", {"class_": "k", "aria_hidden": "true"}, t("bossa.count_short", k=place["k"]))]
        classes = ["cell", "place"] + (["last"] if marked else []) \
            + (["stackable"] if stack_mode and room else []) + (["fits"] if fits else []) \
            + (["pending"] if pending else [])
        if stack_mode and room:      # a place no Stack of your hand can go is no target
            if fits:
                label = t("bossa.fits", place=label)
            if pending:
                label = t("bossa.pending_here", place=label)
            return target_cell(classes, body, {
                "id": f"place-{c}-{place['n']}", "data_spot": f"place:{c}:{place['n']}",
                "data_act": "stack-on", "data_arg": f"{c}-{place['n']}",
                "aria_label": t("bossa.stack_on", n=place["n"], place=label)})
        return plain_cell(classes, body, label, f"place:{c}:{place['n']}")

    def opening(self, view, ctx):
        """Before the dice are laid: the two rolls and, for the player choosing, the choice,
        each button saying what it leads to."""
        t = ctx.t
        me = self.me(view, ctx)
        them = R.other(me)
        rolls = view["rolls"]
        dice = [h("li", {"class_": "roll"},
                  h("span", {"class_": "die", "role": "img", "data_spot": f"roll:{s}",
                             "aria_label": t("bossa.rolled", name=ctx.name(s), n=rolls[s])},
                    die_svg(None, rolls[s])),
                  h("span", {"class_": "roll-who phrased", "aria_hidden": "true"}, ctx.name(s)))
                for s in (them, me)]
        parts = [h("h2", {"id": "choice-title"},
                   t(f"bossa.choice.{view['phase']}") if self.my_turn(view, ctx) else t("bossa.opening")),
                 h("ol", {"class_": "rolls"}, dice)]
        if self.my_turn(view, ctx):
            mine, theirs = rolls[me], rolls[them]
            first = t("bossa.choice.they_first", name=ctx.name(them)) if view["phase"] == "choose" \
                else t("bossa.choice.they_took_first", name=ctx.name(them))
            names = [ctx.name(x) for x in (0, 1)]

            def button(key, arg, main, then):
                return h("button", {"type": "button", "class_": "button choice", "id": key,
                                    "data_spot": "choice:" + key.replace("-", ":"),
                                    "data_act": key.split("-")[0], "data_arg": arg},
                         h("span", {"class_": "choice-main"}, main),
                         h("span", {"class_": "choice-then phrased"},       # names whole
                           phrased(then, names)))
            buttons = [button(f"own-{c}", str(c),
                              [MARK[c], " ", t("bossa.choose_own", line=line_name(c, t))],
                              t("bossa.choice.then_own", line=line_name(c, t), mine=mine,
                                theirs=theirs, other=line_name(R.other(c), t), first=first))
                       for c in R.LINES]
            if view["phase"] == "choose":
                buttons.append(button("first", None, ["▶ ", t("bossa.choose_first")],
                                      t("bossa.choice.then_first", name=ctx.name(them))))
            parts.append(h("div", {"class_": "choices"}, buttons))
            if view["hands"][me] is None:
                parts.append(h("p", {"class_": "blind-note"}, t("bossa.choice_blind")))
        else:
            parts.append(h("p", {"class_": "opening-note"}, t("bossa.no_die_yet")))
        return h("div", {"class_": "opening", "aria_labelledby": "choice-title", "role": "group"}, parts)

    # --- deck, tiles not seen yet, out of the game ---------------------------------------------------
    def side(self, view, ctx, look):
        t = ctx.t
        unseen = view["unseen"]
        head = [h("td", {"class_": "corner", "aria_hidden": "true"}, t("bossa.remaining"))]
        head += [h("th", {"scope": "col"}, str(n)) for n in range(1, 7)]
        rows = []
        for c in R.LINES:
            cells = [h("th", {"scope": "row"}, MARK[c], h("span", {"class_": "offscreen"},
                                                          " " + t(f"bossa.{COLOURS[c]}_dots")))]
            for n in range(1, 7):
                total = sum(1 for x in R.ALL_TILES if R.VALUE[c][x] == n)
                left = sum(1 for x in unseen if R.VALUE[c][x] == n)
                cells.append(h("td", {"class_": "left-0" if not left else None,
                                      "aria_label": t("bossa.left_label", left=left, total=total)},
                               str(left), h("span", {"class_": "of", "aria_hidden": "true"}, f"/{total}")))
            rows.append(h("tr", {}, cells))
        table = h("table", {"class_": "unseen", "aria_label": t("bossa.remaining_label"),
                            "data_spot": "unseen"},
                  h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows))
        deck = h("p", {"class_": "deck", "id": "deck", "data_spot": "deck"},
                 h("span", {"class_": "deck-stack", "aria_hidden": "true"}),
                 h("span", {"class_": "deck-n"}, t("bossa.deck", n=view["deck"])))
        parts = [deck, table]
        fx, _, _ = look["fresh"]
        last = look["last"]
        if view["discard"]:
            items = []
            for x in view["discard"]:
                marked = last is not None and last["e"] == "redraw" and last["tile"] == x
                note = t("bossa.note", note=t("bossa.last_short")) if marked else ""
                items.append(h("li", {}, h("span", {
                    "class_": "tile small" + (" last" if marked else ""), "role": "img",
                    "data_fx_key": f"t{x}", "aria_label": tile_name(x, t) + note,
                    "data_fx": "slide" if x in fx else None}, tile_svg(x))))
            parts.append(h("div", {"class_": "discards"},
                           h("h2", {}, t("bossa.discards")), h("ul", {"class_": "pile"}, items)))
        if view["removed"] is not None:
            down = view.get("removed_face_down")
            # on a phone its heading is a word, as the discards' (the sentence is heard):
            # the sentence took a row of its own under the deck, the lines its height
            parts.append(h("p", {"class_": "removed"},
                           h("span", {"class_": "removed-text"},
                             t("bossa.removed_aside" if down else "bossa.removed",
                               tile=tile_name(view["removed"], t))),
                           h("span", {"class_": "removed-short", "aria_hidden": "true"},
                             t("bossa.removed_short")),
                           " ", h("span", {"class_": "tile small" + (" face-down" if down else ""),
                                           "aria_hidden": "true"}, tile_svg(view["removed"]))))
        parts.append(h("div", {"class_": "legend", "aria_hidden": "true"},      # wide screens
                       h("p", {"class_": "legend-title"}, t("bossa.legend.title")),
                       h("ul", {}, [h("li", {}, t(f"bossa.legend.{k}")) for k in LEGEND])))
        return h("aside", {"class_": "bossa-side", "data_region": "table", "aria_label": t("bossa.info")},
                 parts)

    # --- prompt and input ----------------------------------------------------------------------
    def prompt(self, view, sel, ctx):
        """What to do now (``prompt_text``); in Japanese broken between phrases only, the
        names whole (``bodoge.ui.phrases``): a phone broke 「マーカ/ーを使います」."""
        text = self.prompt_text(view, sel, ctx)
        if ctx.i18n.lang != "ja":
            return text
        return h("span", {"class_": "phrased"},
                 phrased(text, [ctx.name(0), ctx.name(1)]))

    def prompt_text(self, view, sel, ctx):
        t = ctx.t
        me = ctx.viewer
        if view["phase"] == "choose":
            return t("bossa.prompt.choose", mine=view["rolls"][me], theirs=view["rolls"][R.other(me)])
        if view["phase"] == "side":
            key = "bossa.prompt.side_blind" if view["hands"][me] is None else "bossa.prompt.side"
            return t(key, name=ctx.name(R.other(me)))
        pending = self.pending(view, sel, ctx)
        if pending is not None:
            return self.preview(view, pending, ctx)
        mode = sel.mode
        chosen = self.chosen(view, sel, me)
        if mode:                 # Redraw, Exchange or Stack: what to select for it
            return t(f"bossa.prompt.{mode}", deck=view["deck"], name=ctx.name(R.other(me)))
        if chosen:
            moves = R.view_moves(view, me)
            spots = [t("bossa.spot", line=line_name(m["line"], t),
                       n=R.place_number(view["lines"][m["line"]], m["end"]))
                     for m in moves if m["a"] == "place" and m["tiles"] == chosen]
            base = t("bossa.prompt.selected", tiles=tiles_name(chosen, t),
                     white=sum(R.VALUE[0][x] for x in chosen), black=sum(R.VALUE[1][x] for x in chosen),
                     n=len(chosen))
            if spots:
                return join(ctx, [base, t("bossa.prompt.fits", places=t("list.sep").join(spots))])
            return join(ctx, [base, t("bossa.prompt.no_fit")])
        text = []
        last = self.last_action(view, ctx)
        if last is not None:
            text.append(self.last_text(last, ctx))
        drawn = view["log"][-1] if view["log"] else {"e": None}
        if drawn["e"] == "draw" and drawn["seat"] == me:
            text.append(t("bossa.prompt.turn_drew", tile=tile_name(drawn["tile"], t)))
        else:
            text.append(t("bossa.prompt.turn"))
        return join(ctx, text)

    def last_text(self, e, ctx):
        """The opponent's last move, in short (the table marks its tiles ◆)."""
        t = ctx.t
        kind = e["e"]
        if kind in ("place", "stack"):
            return ctx.say(f"bossa.last.{kind}", e["seat"], n=len(e["tiles"]), place=e["n"],
                           line=line_name(e["line"], t))
        return ctx.say(f"bossa.last.{kind}", e["seat"], **named(e, t))      # Redraw, Exchange

    def preview(self, view, move, ctx):
        """What ``move`` will do, in words (before Confirm)."""
        t = ctx.t
        a = move["a"]
        me = ctx.viewer
        if a in ("place", "stack"):
            c = move["line"]
            n = R.place_number(view["lines"][c], move["end"]) if a == "place" else move["n"]
            text = t(f"bossa.preview.{a}", place=n, n=len(move["tiles"]), line=line_name(c, t),
                     sum=sum_text(c, move["tiles"], t), tiles=tiles_name(move["tiles"], t))
            end = R.ends_game(view, me, move)
            if end is not None and end["winners"] == [me]:
                text = join(ctx, [text, t(f"bossa.preview.win_{end['how']}")])
            elif end is not None:        # the sixth place of the opponent's side: they win
                text = join(ctx, [text, t(f"bossa.preview.lose_{end['how']}", name=ctx.name(end["winners"][0]))])
            return text
        return t(f"bossa.preview.{a}", **named(move, t), deck=view["deck"],       # Redraw, Exchange
                 name=ctx.name(R.other(me)))

    def selection(self, old=None, seat=None):
        return Choice()

    @action("own", "first")
    def opening_choice(self, arg, view, sel, ctx):
        """The opening: take a line as your own, or let the opponent choose first."""
        if ctx.acted == "first":
            return {"a": "first"}
        try:
            return {"a": "own", "line": int(arg)}
        except ValueError:
            return None

    def playing(self, view, sel, ctx):
        """Whether a click on the table is the viewer's to make now (a new click clears the
        hint or the refusal of the last one)."""
        if not self.my_turn(view, ctx) or view["phase"] != "play":
            return False
        sel.hint, ctx.error = None, ""
        return True

    @action("sel", "take")
    def tile(self, arg, view, sel, ctx):
        """A tile of your hand selected (``sel``) or the opponent's to take (``take``)."""
        if not self.playing(view, sel, ctx):
            return None
        try:
            tile = int(arg)
        except ValueError:
            return None
        self.toggle(view, sel, ctx.viewer, ctx.acted, tile)
        ctx.focus = "confirm-move" if sel.pending else f"tile-{tile}"
        return None

    @action("confirm")
    def confirm(self, arg, view, sel, ctx):
        if not self.playing(view, sel, ctx):
            return None
        move = self.pending(view, sel, ctx)
        sel.pending = None
        return move

    @action("cancel")
    def cancel(self, arg, view, sel, ctx):
        if not self.playing(view, sel, ctx):
            return None
        sel.pending = None
        if sel.mode in ("redraw", "exchange"):
            sel.mode = None
        ctx.focus = "prompt"
        return None

    @action("clear")
    def clear(self, arg, view, sel, ctx):
        if not self.playing(view, sel, ctx):
            return None
        sel.clear()
        ctx.focus = "prompt"
        return None

    @action("place", "stack-on")
    def place(self, arg, view, sel, ctx):
        """An end of a line (``place``) or a place to stack on (``stack-on``): the selected
        tiles go there (pending Confirm when legal)."""
        if not self.playing(view, sel, ctx):
            return None
        chosen = self.chosen(view, sel, ctx.viewer)
        try:
            c, where = arg.split("-")
            c = int(c)
            if ctx.acted == "place":
                move = {"a": "place", "line": c, "end": where, "tiles": chosen}
            else:
                move = {"a": "stack", "line": c, "n": int(where), "tiles": chosen}
        except ValueError:
            return None
        focus = f"end-{c}-{where}" if ctx.acted == "place" else f"place-{c}-{where}"
        if not chosen:
            if sel.mode:     # beside Clear it had no room on a phone (your seat grew 50 px):
                ctx.error = ctx.t("bossa.hint.select")      # the frame's reserved line says it
            else:
                sel.hint = "bossa.hint.select"
            ctx.focus = focus
            return None
        return self.propose(view, sel, ctx, move)

    @action(*R.ACTIONS)
    def mode(self, arg, view, sel, ctx):
        """Redraw, Exchange or Stack chosen (pressed again: left)."""
        if not self.playing(view, sel, ctx):
            return None
        name = ctx.acted
        sel.pending = None
        ctx.focus = f"action-{name}"
        if sel.mode == name:
            sel.mode = None
            return None
        sel.mode = name
        if name in ("redraw", "exchange") and len(self.chosen(view, sel, ctx.viewer)) > 1:
            sel.tiles = []
        self.complete(view, sel, ctx)
        return None

    def toggle(self, view, sel, me, action, tile):
        """Select or unselect a tile (Redraw and Exchange take one of yours; Exchange one of
        theirs: a new one replaces the old)."""
        sel.pending = None
        if action == "take":
            sel.take = [] if sel.take == [tile] else [tile]
            if sel.take and sel.mode != "exchange":
                sel.mode = "exchange"          # taking a tile means an Exchange
                if len(self.chosen(view, sel, me)) > 1:
                    sel.tiles = []
        else:
            chosen = set(sel.tiles)
            if sel.mode in ("redraw", "exchange"):
                chosen = set() if tile in chosen else {tile}
            else:
                chosen ^= {tile}
            sel.tiles = sorted(chosen)
        self.complete(view, sel, _Quiet())

    def complete(self, view, sel, ctx):
        """In Redraw or Exchange, once the tiles are chosen the move is pending."""
        chosen, taken = self.chosen(view, sel, view["seat"]), self.taken(view, sel, view["seat"])
        if sel.mode == "redraw" and len(chosen) == 1:
            self.propose(view, sel, ctx, {"a": "redraw", "tile": chosen[0]})
        elif sel.mode == "exchange" and len(chosen) == 1 and len(taken) == 1:
            self.propose(view, sel, ctx, {"a": "exchange", "give": chosen[0], "take": taken[0]})

    def propose(self, view, sel, ctx, move):
        """A complete move: pending (Confirm plays it) if legal, else sent to the engine, which
        refuses it with its reason."""
        if move in R.view_moves(view, view["seat"]):
            sel.pending = move
            ctx.focus = "confirm-move"
            return None
        sel.pending = None
        return move

    def key(self, key, view, sel, ctx):
        if key == "Escape":
            if sel.pending:
                self.act("cancel", "", view, sel, ctx)
                return True
            if sel:
                sel.clear()
                return True
            return None
        if view["phase"] != "play" or not self.my_turn(view, ctx):
            return None
        if len(key) == 1 and key.isdigit() and key != "0":
            hand = view["hands"][ctx.viewer]
            i = int(key) - 1
            if i < len(hand):
                sel.hint = None
                self.toggle(view, sel, ctx.viewer, "sel", hand[i])
                return True
        return None

    # --- words ---------------------------------------------------------------------------------
    def describe(self, e, ctx):
        t, say = ctx.t, ctx.say
        kind = e["e"]
        if kind == "roll":
            a, b = e["rolls"][-1]
            text = t("bossa.log.roll", a=ctx.name(0), x=a, b=ctx.name(1), y=b)
            if len(e["rolls"]) > 1:
                text = join(ctx, [t("bossa.log.ties", n=len(e["rolls"]) - 1), text])
            return text
        if kind == "choose":
            if e["pick"] == "first":
                return say("bossa.log.first", e["seat"])
            return say("bossa.log.own", e["seat"], line=line_name(e["line"], t))
        if kind == "start":
            dice = t("bossa.log.dice", w=e["dice"][0], b=e["dice"][1])
            return join(ctx, [dice, say("bossa.log.goes_first", e["first"])])
        if kind in ("draw", "redraw", "exchange"):
            return say(f"bossa.log.{kind}", e["seat"], **named(e, t),
                       whose=ctx.whose(R.other(e["seat"])))
        if kind in ("place", "stack"):
            terms = " + ".join(str(R.VALUE[e["line"]][x]) for x in e["tiles"])
            return say(f"bossa.log.{kind}", e["seat"], tiles=tiles_name(e["tiles"], t),
                       line=line_name(e["line"], t), n=e["n"],
                       sum=t("bossa.log.sum", sum=terms) if len(e["tiles"]) > 1 else "")
        if kind == "end":
            return self.end_text(e, ctx)
        return None

    def log_group(self, event, ctx):
        """None: one list. A game of Bossa is one short hand (about a dozen turns, some thirty
        lines, each naming its player): headings per turn would double its length, and it has
        no rounds to group by."""
        return None

    def end_text(self, e, ctx):
        t, say = ctx.t, ctx.say
        how, seat = e["how"], e["seat"]
        if how == "deck":
            if len(e["winners"]) == 2:
                return t("bossa.over.deck_draw")
            return say("bossa.over.deck", e["winners"][0])
        return say(f"bossa.over.{how}", seat)

    # --- the end -------------------------------------------------------------------------------
    def score_text(self, outcome, seat, ctx):
        return ctx.t("bossa.score", n=outcome["scores"][seat])

    def result(self, view, ctx):
        """Why the game ended, both final hands and both lines (and the tile put aside)."""
        t = ctx.t
        how = next((self.end_text(e, ctx) for e in reversed(view["log"]) if e["e"] == "end"), "")
        me = self.me(view, ctx)
        hands = []
        for s in (me, R.other(me)):
            tiles = view["hands"][s] or []
            hands.append(h("li", {},
                           h("span", {"class_": "who"}, ctx.name(s)),
                           h("span", {"class_": "left"}, t("bossa.score", n=len(tiles))),
                           h("span", {"class_": "final-tiles"},
                             [h("span", {"class_": "tile small", "role": "img", "aria_label": tile_name(x, t)},
                                tile_svg(x)) for x in tiles])))
        look = {"me": me, "playing": False, "moves": [], "sel": Choice(), "chosen": [], "taken": [],
                "pending": None, "mode": None, "fresh": ({}, set(), False), "last": None, "new": {},
                "room": set()}
        lines = [self.line(view, c, ctx, look, "h4", final=True) for c in self.line_order(view, me)] \
            if view["lines"][0]["die"] is not None else []
        n, k, _ = self.measure(view)
        parts = [h("p", {"class_": "reason"}, how),
                 h("h3", {}, t("bossa.result.hands")), h("ul", {"class_": "final-hands"}, hands),
                 h("h3", {}, t("bossa.result.lines")),
                 h("div", {"class_": "final-lines", "style": f"--n: {n}; --k: {k}"}, lines)]
        if view["removed"] is not None:
            parts.append(h("p", {"class_": "removed"}, t("bossa.removed", tile=tile_name(view["removed"], t)),
                           " ", h("span", {"class_": "tile small", "aria_hidden": "true"},
                                  tile_svg(view["removed"]))))
        # focusable, so that the overlay's body can be scrolled from the keyboard when it is long
        return h("div", {"class_": "bossa bossa-result", "tabindex": "0", "role": "group",
                         "aria_label": t("bossa.result.detail")}, parts)

    # --- the shelf -----------------------------------------------------------------------------
    def picture(self):
        """Two dice (the white line's dark with ring pips, the black line's light with dots),
        a tile on each side of them."""
        def at(x, y, node):
            return h("g", {"transform": f"translate({x} {y})"}, node)
        return svg("0 0 200 100", "bossa-picture",
                   at(6, 8, tile_svg(R.TILES.index((2, 0)))), at(52, 4, die_svg(R.WHITE, 3)),
                   at(98, 8, tile_svg(R.TILES.index((4, 1)))),
                   at(30, 54, tile_svg(R.TILES.index((1, 2)))), at(76, 52, die_svg(R.BLACK, 5)),
                   at(122, 54, tile_svg(R.TILES.index((0, 6)))),
                   at(150, 8, tile_svg(R.TILES.index((3, 2)))))

    def progress(self, view, ctx):
        """"Turn 7 · You 4 tiles, Ben 5 · deck 12 · your turn" (before the dice are laid: who is
        choosing)."""
        t = ctx.t
        if view["phase"] == "over":
            return None
        if view["phase"] in ("choose", "side"):
            return ctx.say("bossa.progress.choosing", view["turn"])
        turn = sum(1 for e in view["log"] if e["e"] == "draw") + view.get("due", False)
        hands = t("list.sep").join(t("bossa.progress.hand", name=ctx.name(s), n=view["hand_sizes"][s])
                                   for s in (0, 1))
        return t("bossa.progress", turn=turn, hands=hands, deck=view["deck"],
                 who=ctx.say("bossa.progress.turn", view["turn"]))

    # --- analysis --------------------------------------------------------------------------------
    def analysis(self, view, seat, ctx):
        """The strong computer's preferred moves for ``seat`` with their estimated win chances:
        its own search (``bots.StrongBot.race``) from the seat's view alone, capped at
        ANALYSIS_PLAYOUTS playouts or ANALYSIS_SECONDS, run in slices. On the seat's turn:
        its choices; just after its move: that move against the best it had then. A
        spectator of a game in progress sees the tiles the player to move sees (hands are
        open; only the deck order is unknown to both), so it gets that player's choices."""
        if seat is None:
            movers = view.get("to_move") or []
            if view.get("phase") != "play" or not movers or any(x is None for x in view["hands"]):
                return h("p", {"class_": "an-note"}, ctx.t("bossa.an.pick_seat"))
            return self._analysis(view, movers[0], ctx, None)
        return self._analysis(view, seat, ctx, ctx.played)

    def _analysis(self, view, seat, ctx, played):
        t = ctx.t
        if seat in (view.get("to_move") or []):
            moves = R.view_moves(view, seat)
            if len(moves) > 1:
                race = yield from analysis_race(view, seat, moves)
                return self.race_part(view, seat, race, ctx)
        if played is not None and played.last and played.before["phase"] == "play":
            moves = R.view_moves(played.before, seat)
            if len(moves) > 1 and played.move in moves:
                race = yield from analysis_race(played.before, seat, moves, keep=played.move)
                return self.race_part(played.before, seat, race, ctx, played.move)
        return h("p", {"class_": "an-note"}, t("bossa.an.wait"))

    @staticmethod
    def race_rows(race):
        """[(index, chance or None, playouts)] best first: the moves still in the race, then
        the others; a move that wins at once first of all (chance 1)."""
        if race["won"] is not None:
            i = race["alive"].index(race["won"])
            return [(i, 1.0, 0)]
        rate = {i: race["wins"][i] / race["runs"][i] if race["runs"][i] else None
                for i in range(len(race["alive"]))}
        live = sorted(race["live"], key=lambda i: (-(rate[i] or 0), i))
        out = [i for i in range(len(race["alive"])) if i not in race["live"]]
        out.sort(key=lambda i: (-(rate[i] or 0), i))
        return [(i, rate[i], race["runs"][i]) for i in live + out]

    def race_items(self, view, seat, race, ctx, mark=None):
        t = ctx.t
        rows = self.race_rows(race)
        items = []
        for n, (i, chance, runs) in enumerate(rows):
            move = race["alive"][i]
            if race["won"] is not None:
                says = t("bossa.an.wins_now")
            elif chance is None:
                says = t("bossa.an.not_tried")
            else:
                dropped = i not in race["live"] and runs < max(race["runs"].values())
                key = "bossa.an.chance_dropped" if dropped else "bossa.an.chance"
                says = t(key, p=f"{int(chance * 100 + 0.5)}%", n=runs)
            items.append(h("li", {"class_": "an-choice best" if n == 0 else "an-choice",
                                  "data_p": "" if chance is None else f"{chance:.4f}",
                                  "data_runs": str(runs), "data_played": "true" if i == mark else None},
                           h("span", {"class_": "an-what"}, self.move_name(view, seat, move, ctx)), " ",
                           h("span", {"class_": "an-points"}, says),
                           h("span", {"class_": "an-star"}, " ★ ", t("bossa.an.best_mark")) if n == 0 else None,
                           h("span", {"class_": "an-mark"}, " ◀ ", t("bossa.an.played_mark")) if i == mark else None))
        return rows, items

    def race_part(self, view, seat, race, ctx, move=None):
        """The choices of ``race`` best first; with ``move`` (just played, kept in the race)
        that move marked, and whether it was the best."""
        t = ctx.t
        keep = None if move is None else race["keep"]
        rows, items = self.race_items(view, seat, race, ctx, mark=keep)
        if move is None:
            cls, label, verdict = "an-section", "bossa.an.choices", None
            head = ctx.say("bossa.an.choices_for", seat)
        else:
            best = race["alive"][rows[0][0]]
            good = rows[0][0] == keep
            cls, label = "an-section an-move", "bossa.an.move_head"
            head = ctx.say("bossa.an.played", seat, what=self.move_name(view, seat, move, ctx))
            verdict = h("p", {"class_": "an-verdict good" if good else "an-verdict"},
                        t("bossa.an.was_best") if good
                        else t("bossa.an.best_then", what=self.move_name(view, seat, best, ctx)))
        return h("div", {"class_": "bossa-analysis"},
                 h("section", {"class_": cls, "aria_label": t(label)},
                   h("p", {"class_": "an-head"}, head), verdict,
                   h("ol", {"class_": "an-choices"}, items)),
                 h("p", {"class_": "an-note"}, t("bossa.an.model", n=sum(race["runs"].values()))))

    @staticmethod
    def move_name(view, seat, move, ctx):
        """A move in short: "2 tiles at 5 on the white line", "Redraw …", "Go first"."""
        t = ctx.t
        a = move["a"]
        if a == "place":
            c = move["line"]
            return t("bossa.an.place", tiles=tiles_name(move["tiles"], t), line=line_name(c, t),
                     place=R.place_number(view["lines"][c], move["end"]))
        if a == "stack":
            return t("bossa.an.stack", tiles=tiles_name(move["tiles"], t), line=line_name(move["line"], t),
                     place=move["n"])
        if a in ("redraw", "exchange"):
            return t(f"bossa.an.{a}", **named(move, t))
        if a == "own":
            return t("bossa.an.own", line=line_name(move["line"], t))
        return t("bossa.an.first")

    def rules(self, t):
        sections = []
        for key in ("goal", "tiles", "lines", "setup", "choice", "turn", "place", "actions",
                    "end", "basic", "view", "screen", "analysis"):
            sections.append(h("h3", {}, t(f"bossa.rules.{key}.title")))
            sections.append(h("p", {}, t(f"bossa.rules.{key}")))
        rulings = [h("li", {}, t(f"bossa.ruling.{k}")) for k in RULING_KEYS]
        keys = [h("li", {}, t(f"bossa.keys.{k}")) for k in ("tab", "digits", "confirm", "escape")]
        versions = [h("li", {}, t(f"bossa.rules.version.{v}"))
                    for v in range(R.Bossa.rules_version, 0, -1)]
        return h("div", {"class_": "rules"}, sections,
                 h("h3", {}, t("rules.rulings")), h("ul", {}, rulings),
                 h("h3", {}, t("bossa.rules.versions.title")), h("ul", {}, versions),
                 h("h3", {}, t("rules.keys")), h("ul", {}, keys))


ANALYSIS_PLAYOUTS = STRONG_PLAYOUTS     # the analysis plays out at most this many games…
ANALYSIS_SECONDS = 2.0                   # …or stops after this long (it runs in slices)


def analysis_race(view, seat, moves, keep=None):
    """The strong bot's search for the analysis, seeded by the position (the same position
    gives the same playouts, unless the time cap stops it sooner)."""
    bot = StrongBot(seat, len(view["log"]) * 1009 + seat)
    return bot.race(view, moves, keep=keep, playouts=ANALYSIS_PLAYOUTS, seconds=ANALYSIS_SECONDS)


def plain_cell(classes, body, label, spot):
    """A place of a line as it is drawn (an image named ``label``). Keyed by its spot
    (web/morph.js): a placement added to a line is put in beside the others, which are kept."""
    return h("li", {"class_": " ".join(classes), "data_fx_key": spot},
             h("span", {"class_": "cell-face", "role": "img", "aria_label": label, "data_spot": spot}, body))


def target_cell(classes, body, button):
    """A place that can be chosen: drawn as ``plain_cell`` draws it (hidden from screen
    readers), a button over it (``button``'s attributes: named as the place). One element for
    the place whatever the turn: its drawing is patched, not made anew, as the turn passes."""
    return h("li", {"class_": " ".join(classes), "data_fx_key": button["data_spot"]},
             h("span", {"class_": "cell-face", "aria_hidden": "true"}, body),
             h("button", dict(button, type="button", class_="cell-hit")))


class _Quiet:
    """A context whose focus requests go nowhere (a toggle keeps focus on the tile)."""
    focus = None


# A line this many columns long (its ends, die, places, stacks and a Stack's room): on a phone
# its open ends narrow, their words in two rows (issue 26: the line cannot fit its row else)
LONG = 11

# What the marks on the table mean (beside the lines on wide screens; the rules page says it all)
LEGEND = ("pips", "count", "checks", "marks")

# One rules-page line per ruling constant in the engine (a test checks they match).
RULING_KEYS = ("only_ends_open", "six_whoever_filled", "empty_hand_first", "own_roll_own_line",
               "redraw_needs_deck", "last_drawer_plays", "stack_original_count", "discards_open",
               "reveal_removed", "basic_dice")

UI = BossaUI()
