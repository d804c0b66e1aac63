"""ALTER's table: the places around the deck with the players seated around it, as at a real
table. The viewer sits at the bottom (their hand: the cards they took this set, face up, their
Pick card and their buttons); the others sit clockwise from the viewer's left (on a narrow
screen all of them across the top); the round's cards (the ones everyone saw before the
face-down shuffle) and the bonus card beside the table (on a narrow screen above it, and the
bonus card behind a button).

Nothing here decides a rule: the legal moves come with the view (``view["moves"]``), what a
move would do comes from the engine (``rules.preview``), and the engine refuses anything else.

* **See before you commit.** Hovering or focusing a place previews what putting your Pick
  card there does: for a Change, ghosts of every Pick card that would move, arrows along the
  cascade, and a line naming them (also in the place's accessible name); for Watch, the places
  it would show. Change and Watch are chosen first and played by Confirm (Escape cancels; a
  place's number or W pressed again confirms); putting a Pick card on an empty place is one
  click, as nothing moves.
* **See what happened.** When the last Pick card lands the play screen pauses on the round
  (``ends_round`` is true for ``take`` events): the table shows every Pick card on the card
  under it, with the taker's name, the viewer's own card turned up and already in the hand
  (ringed); a small panel says what happened to the viewer's Pick card ("You chose place 3;
  CPU 3's Change moved your Pick to place 4: you take yellow 2") and Next round deals on. A
  set's end pauses on its scores instead.
* **Motion.** Pick cards are keyed (``data-fx-key="pick-<seat>"``) and slide: from a seat to
  its place, along a cascade, and back after the round; a card turned up (Watch, taking)
  flips; a round's cards are dealt in.
* **Spots** (``data-spot``, for lessons; see ``GameUI.board``): ``place:<p>`` (a place around
  the deck, 0 first; on its button while it can be played), ``shown:<i>`` (the round's cards,
  in the order shown), ``seat:<seat>`` (a player's place at the table, the viewer's hand too),
  ``deck``, ``button:watch``, ``button:confirm``, ``button:cancel``.
* **Colour is never the only cue**: a score card carries its colour's name and a pattern, its
  number, its wings as a drawing and a word; a Pick card its seat's shape and number.
"""

import math
from dataclasses import dataclass

from ...ui.games import GameUI, action, joined, result_part
from ...ui.html import Memo, freeze, h
from ...ui.phrases import phrased
from . import rules as R
from .bots import StrongBot

INK = {"red": "#c62828", "blue": "#1f5fbf", "yellow": "#f2c230", "green": "#2e7d32",
       "purple": "#7b3fa0"}
TEXT_ON = {"yellow": "#1d1f24"}
# each seat's Pick card shape: circle, square, triangle (its number lower), diamond, hexagon
SHAPES = (("circle", {"cx": "17", "cy": "17", "r": "15"}),
          ("rect", {"x": "3", "y": "3", "width": "28", "height": "28", "rx": "3"}),
          ("path", {"d": "M17 2 L32 31 L2 31 Z"}), ("path", {"d": "M17 1 L33 17 L17 33 L1 17 Z"}),
          ("path", {"d": "M9 2 L25 2 L33 17 L25 32 L9 32 L1 17 Z"}))
RADIUS = 34.6          # places around the deck: centre distance, % of the table's side
SLOTS = {2: ("left", "right"), 3: ("left", "top", "right"), 4: ("left", "top1", "top2", "right")}


def place_xy(p, n):
    """Centre of place ``p`` of ``n`` in % of the table (place 0 at the top, then clockwise; a
    fraction of a place: a point of the rim between two)."""
    a = math.radians(-90 + 360 * p / n)
    return 50 + RADIUS * math.cos(a), 50 + RADIUS * math.sin(a)


def card_name(t, cid):
    colour = t(f"alter.colour.{R.COLOURS[R.card_colour(cid)]}")
    return t("alter.card", colour=colour, n=R.card_number(cid),
             wings=t(f"alter.wings.{R.card_wings(cid)}"))


def choice_name(t, move):
    """A choice in words: "Watch", "Change onto place 2", "Take place 3"."""
    if move["a"] == "watch":
        return t("alter.an.watch")
    return t(f"alter.an.{move['a']}", p=move["p"] + 1)


def cards_text(t, cards):
    return t("list.sep").join(card_name(t, c) for c in cards)


# --- pieces -------------------------------------------------------------------------------------
ANGEL_WING = "M19 3 C9 4 2 10 1 20 C5 17 8 17 10 18 C7 20 6 22 6 25 C10 21 14 21 16 22 C16 15 18 8 19 3 Z"
DEVIL_WING = "M1 3 C4 9 6 10 9 10 C8 13 8 16 9 18 C11 16 13 15 15 16 C15 19 16 21 19 24 C18 15 19 8 1 3 Z"


def wing_icon(side):
    """A wing as a drawing: angel (white, feathered, points left) or devil (dark, bat)."""
    angel = side == R.ANGEL
    return h("svg", {"class_": f"wing {side}", "viewBox": "0 0 20 26", "aria_hidden": "true",
                     "focusable": "false"},
             h("path", {"d": ANGEL_WING if angel else DEVIL_WING,
                        "fill": "#fff" if angel else "#1d1f24", "stroke": "#1d1f24",
                        "stroke_width": "1.6" if angel else "1", "stroke_linejoin": "round"}),
             angel and h("path", {"d": "M6 12 Q11 11 15 9 M9 19 Q13 17 16 15", "fill": "none",
                                  "stroke": "#1d1f24", "stroke_width": "1.1"}))


def eye_icon():
    """An eye: a card the viewer saw by Watching (and the Watch button and mark)."""
    return h("svg", {"class_": "eye-icon", "viewBox": "0 0 24 16", "aria_hidden": "true", "focusable": "false"},
             h("path", {"d": "M1 8 Q12 -4 23 8 Q12 20 1 8 Z", "fill": "#fff", "stroke": "#1d1f24",
                        "stroke_width": "2", "stroke_linejoin": "round"}),
             h("circle", {"cx": "12", "cy": "8", "r": "3.6", "fill": "#1d1f24"}))


def css(*names):
    """A class attribute: the names given, the empty ones (None, False, "") left out."""
    return " ".join(x for x in names if x)


def phrased_line(cls, text, ctx):
    """A paragraph of the game's own sentences: in Japanese its lines break between phrases
    only, the seats' names whole (``bodoge.ui.phrases``: never 「あな/た」, 「カー/ド」)."""
    return h("p", {"class_": f"{cls} phrased".strip()}, phrased(text, ctx.names))


CARDS = Memo(1024)      # score cards as drawn (``card``): a move draws again only the new ones


def card(t, cid, cls="", id_=None, fx=None, key=None, seen=False, peek=False):
    """A score card: its face (``cid``), or its back (``None``). ``seen``: the viewer knows it
    from a Watch (an eye in its corner); ``peek``: shown only because everything is turned up
    (a replay): it lies face down at the table (dashed edge and a "face down" corner). Its
    markup is made once for all that (``CARDS``; its words say the language), frozen whole,
    never sent as a kept part's marker: a card moves (into a hand, an ended round's places),
    and web/morph.js resolves no marker inside an element it inserts."""
    words = None
    if cid is not None:
        c, _, wings = R.DECK[cid]
        words = (t(f"alter.colour_short.{R.COLOURS[c]}"), t(f"alter.wings_short.{wings}"))
    return CARDS((cid, cls, id_, fx, key, seen, peek, words),
                 lambda: freeze([draw_card(cid, cls, id_, fx, key, seen, peek, words)]))


def draw_card(cid, cls, id_, fx, key, seen, peek, words):
    attrs = {"class_": None, "id": id_, "data_fx": fx, "data_fx_key": key, "aria_hidden": "true"}
    if cid is None:
        attrs["class_"] = f"acard back {cls}".strip()
        return h("span", attrs, h("span", {"class_": "back-mark"}))
    c, n, wings = R.DECK[cid]
    attrs["class_"] = css("acard face", f"c-{R.COLOURS[c]}", f"w-{wings}", cls, seen and "seen",
                          peek and "peek")
    left = wing_icon(R.ANGEL) if wings in (R.ANGEL, R.BOTH) else h("span", {"class_": "wing none"})
    right = wing_icon(R.DEVIL) if wings in (R.DEVIL, R.BOTH) else h("span", {"class_": "wing none"})
    return h("span", attrs,
             h("span", {"class_": "acard-colour"}, words[0]),
             h("span", {"class_": "acard-mid"}, left, h("span", {"class_": "acard-num"}, str(n)), right),
             h("span", {"class_": "acard-wing-word"}, words[1]),
             h("span", {"class_": "eye"}, eye_icon()) if seen else None)


def pick_svg(seat):
    """A Pick card: the seat's colour, shape and number."""
    name = R.COLOURS[seat]
    tag, shape = SHAPES[seat]
    body = h(tag, {**shape, "fill": INK[name], "stroke": "#1d1f24", "stroke_width": "2"})
    return h("svg", {"viewBox": "0 0 34 34", "aria_hidden": "true", "focusable": "false",
                     "class_": "pick-svg"},
             body, h("text", {"x": "17", "y": "27" if seat == 2 else "23", "text_anchor": "middle",
                              "font_size": "15", "font_weight": "800",
                              "fill": TEXT_ON.get(name, "#fff")}, str(seat + 1)))


def pick(seat, cls=""):
    """A seat's Pick card where it is now: keyed, so it slides from where it was."""
    return h("span", {"class_": f"pick {cls}".strip(), "data_fx": "slide", "data_fx_key": f"pick-{seat}",
                      "aria_hidden": "true"}, pick_svg(seat))


def ghost(seat, cls):
    """Where a Pick card would go (a preview): the seat's Pick card, see-through, dashed."""
    return h("span", {"class_": f"pick ghost {cls}", "aria_hidden": "true"}, pick_svg(seat))


# --- what the table shows -------------------------------------------------------------------------
class Table:
    """The round the table shows: the one being played (from the view), or, while its summary
    shows or after the game, the round that ended, drawn from its event alone (the rules
    record the whole round in a ``take`` event, and a set's last round in its ``score`` event:
    nothing of the next deal).

    ``places``: [{"pick", "card"}], ``hands``: each seat's cards taken before this round
    (None: face down to the viewer), ``resolved``: the round is over (every Pick card on the
    card it takes), ``watched``: the seats that Watched this round, ``taken``: the card the
    hand's seat (the viewer's, or seat 0's for a watcher) took in the ended round (None: none,
    or unknown), in the hand while the round's summary shows."""

    def __init__(self, view, ctx):
        self.me = ctx.viewer if ctx.viewer is not None else 0       # the hand's seat
        self.peek = bool(view.get("revealed"))
        event = ctx.pause
        if event is None and view["phase"] == "over":
            event = next((e for e in reversed(view["log"]) if e["e"] == "score"), None)
        rec = view if event is None else event if event["e"] == "take" else event["take"]
        self.set, self.round, self.dealer = rec["set"], rec["round"], rec["dealer"]
        self.shown = list(rec["shown"])
        self.resolved = event is not None
        self.turn = self.taken = None
        if event is None:                       # the round being played
            self.places = [dict(pl) for pl in view["places"]]
            self.hands = [[r["cards"][r["picks"].index(s)] for r in view["past"]]
                          for s in range(view["players"])]
            self.deck = len(view["deck_left"])
            self.watched = set(view["watchers"])
            self.turn = view["turn"]
            return
        if event["e"] == "score":
            self.peek = False                   # a scored set: every hand is turned up
        self.places = [{"pick": s, "card": c} for s, c in zip(rec["picks"], rec["under"])]
        self.hands = [list(hand) for hand in rec["hands"]]
        self.deck = rec["deck"]
        self.watched = set(rec["watched"])
        self.taken = rec["under"][rec["picks"].index(self.me)] if self.me in rec["picks"] else None


@dataclass(slots=True, eq=False)
class Choice:
    """The player's choice in progress at this table (the session's ``sel``): the Change or
    Watch chosen and waiting for Confirm (``move``), and whether the bonus card is open over
    the table (``ref``, on a narrow screen). A move clears both."""

    move: dict | None = None
    ref: bool = False


# --- the UI -------------------------------------------------------------------------------------
class AlterUI(GameUI):
    game_id = "alter"

    def confirms(self, view, move, ctx):
        """Its own flow confirms its moves (a Change and a Watch wait for Confirm (or the same key again) already):
        the session asks nothing more."""
        return False

    # --- new-game form -------------------------------------------------------------------------
    def default_setup(self):
        return {"players": R.DEFAULT_PLAYERS, "first": "", "kind0": "human", "kind1": "strong",
                "kind2": "normal", "kind3": "normal", "kind4": "normal"}

    def option_fields(self, values, t):
        n = values["players"]
        players = h("label", {}, t("setup.players"), " ",
                    h("select", {"name": "players", "id": "players", "data_act": "setup-change"},
                      [h("option", {"value": str(k), "selected": n == k},
                         t("alter.setup.official" if k == R.DEFAULT_PLAYERS else "alter.setup.variant", n=k))
                       for k in (4, 3, 5)]))
        first = values.get("first", "")
        dealer = h("label", {}, t("alter.setup.first"), " ",
                   h("select", {"name": "first", "id": "first"},
                     h("option", {"value": "", "selected": first == ""}, t("alter.setup.first_random")),
                     [h("option", {"value": str(s), "selected": first == str(s)}, t("setup.seat", n=s + 1))
                      for s in range(n)]))
        note = h("p", {"class_": "setup-note"}, t("alter.setup.first_note"))
        return h("div", {"class_": "alter-setup"}, players, dealer, note)

    def setup_values(self, form, values):
        new = super().setup_values(form, values)
        first = str(new.get("first", ""))
        new["first"] = first if first.isdigit() and int(first) < new["players"] else ""
        return new

    def options_from_setup(self, values):
        first = values.get("first", "")
        return {"players": values["players"], "first": int(first) if first else None}

    # --- choices in progress -----------------------------------------------------------------
    def selection(self, old=None, seat=None):
        """A new ``Choice``: after a move nothing stays chosen and the bonus card closes."""
        return Choice()

    @staticmethod
    def chosen(view, sel):
        """The Change or Watch chosen and waiting for Confirm (None if none, or no longer legal)."""
        return sel.move if sel.move in view["moves"] else None

    def pushed_text(self, pushed, ctx, short=False):
        """Whose Pick cards a Change pushes, from where to where; ``short``: only yours is
        said to be whose ("Pick 2→3, your Pick 3→4")."""
        t = ctx.t
        return t("list.sep").join(
            t("alter.push", whose="" if short and not ctx.is_you(s) else ctx.whose(s), a=a + 1, b=b + 1).strip()
            for s, a, b in pushed)

    def effect_text(self, view, move, ctx, short=False):
        """What ``move`` will do, in words (from the engine's preview); ``short``: the pushed
        Pick cards without the others' names (the table's callout shows whose they are)."""
        t = ctx.t
        pv = R.preview(view, move)
        if move["a"] == "change":
            return t("alter.effect.change", p=move["p"] + 1, pushed=self.pushed_text(pv["pushed"], ctx, short))
        if move["a"] == "watch":
            return t("alter.effect.watch_last" if view["last"] else "alter.effect.watch",
                     places=joined(t, [str(p + 1) for p in pv["seen"]]))
        return t("alter.effect.place", p=move["p"] + 1)

    # --- board ---------------------------------------------------------------------------------
    def board(self, view, sel, ctx):
        tb = Table(view, ctx)
        n = view["players"]
        # the viewer's legal moves on the board (only on their turn)
        moves = view["moves"] if not tb.resolved and ctx.viewer in view["to_move"] else []
        chosen = self.chosen(view, sel) if moves else None
        others = [(tb.me + k) % n for k in range(1, n)]
        classes = css("alter-board", f"n-{n}", tb.resolved and "resolved",
                      chosen and "choosing sel-" + str(chosen.get("p", "watch")),
                      sel.ref and "ref-open")
        return h("div", {"class_": classes},
                 self.info(view, tb, sel, ctx),
                 h("div", {"class_": "alter-opponents"},
                   [self.seat(view, tb, s, ctx, slot) for s, slot in zip(others, SLOTS[n - 1])]),
                 self.table(view, tb, moves, chosen, ctx),
                 self.hand(view, tb, tb.me, moves, chosen, ctx))

    def info(self, view, tb, sel, ctx):
        """The round's cards (everyone saw them; then they were shuffled face down), where
        the set stands, and the bonus card."""
        t = ctx.t
        known = {pl["card"]: p for p, pl in enumerate(tb.places) if pl["card"] is not None}
        cards = [h("span", {"class_": "shown-card", "data_spot": f"shown:{i}"},
                   card(t, cid, id_=f"shown-{tb.set}-{tb.round}-{i}", fx="flip"),
                   cid in known and not tb.resolved and h(         # where it lies, once watched
                       "span", {"class_": "at", "aria_hidden": "true"},
                       t("alter.at_place", p=known[cid] + 1)))
                 for i, cid in enumerate(tb.shown)]
        known_text = [t("alter.known_at", card=card_name(t, c), p=p + 1) for c, p in known.items()]
        words = t("alter.round_cards", cards=cards_text(t, tb.shown))
        if known_text and not tb.resolved and not tb.peek:
            words += " " + t("alter.you_know", cards=t("list.sep").join(known_text))
        return h("section", {"class_": "alter-info", "data_region": "table",
                             "aria_label": t("alter.revealed")},
                 h("div", {"class_": "info-top"},
                   h("p", {"class_": "alter-status phrased"},
                     t("alter.status", set=tb.set + 1, sets=view["sets"], round=tb.round + 1,
                       rounds=view["rounds"])),
                   h("button", {"type": "button", "class_": "button ref-toggle", "id": "ref-toggle",
                                "data_act": "ref", "data_arg": "close" if sel.ref else "open",
                                "aria_expanded": "true" if sel.ref else "false",
                                "aria_controls": "alter-ref"}, t("alter.bonuses"))),
                 h("p", {"class_": "info-label", "aria_hidden": "true"}, t("alter.revealed")),
                 h("div", {"class_": "round-cards"}, cards),
                 h("p", {"class_": "offscreen"}, words),
                 phrased_line("a-hint", t("alter.revealed_hint"), ctx),
                 self.reference(ctx))

    def reference(self, ctx):
        """The bonus card (each player's Select&Bonus card): what four cards score."""
        t = ctx.t
        rows = []
        for key, points, need in R.BONUSES:
            if isinstance(need, dict):                  # the numbers four cards need, drawn
                nums = [h("span", {"class_": "ref-num"}, str(k)) for k in sorted(need) for _ in range(need[k])]
                what = (h("span", {"class_": "nums", "aria_hidden": "true"}, nums),
                        h("span", {"class_": "offscreen"}, t(f"alter.bonus.{key}.when")))
            else:
                what = h("span", {"class_": "ref-when"}, t(f"alter.ref.{key}"))
            value = t("alter.bonus.victory_short") if key == R.VICTORY else f"+{points}"
            rows.append(h("li", {"class_": f"ref-{key}"},
                          h("span", {"class_": "ref-name"}, t(f"alter.bonus.{key}")), what,
                          h("span", {"class_": "ref-points"}, value)))
        return h("div", {"class_": "alter-ref", "id": "alter-ref", "role": "group",
                         "aria_labelledby": "alter-ref-title"},
                 h("p", {"class_": "ref-title", "id": "alter-ref-title"}, t("alter.bonuses")),
                 h("ul", {}, rows),
                 h("p", {"class_": "ref-base"}, t("alter.ref.base")),
                 h("button", {"type": "button", "class_": "button ref-close", "data_act": "ref",
                              "data_arg": "close"}, t("dialog.close")))

    def table(self, view, tb, moves, chosen, ctx):
        t = ctx.t
        n = view["players"]
        flipped = set()                 # the cards the latest move turned up
        for e in view["log"][ctx.fresh_from:] if ctx.fresh_from is not None else []:
            if e["e"] == "watch" and e.get("cards") is not None and e["seat"] == ctx.viewer:
                flipped.update(e["places"])
            elif e["e"] == "take" and tb.resolved and ctx.viewer is not None:
                flipped.update(p for p, pl in enumerate(tb.places) if pl["pick"] == ctx.viewer)
            elif e["e"] == "score" and tb.resolved:
                flipped.update(range(n))
        targets = {m["p"]: m for m in moves if "p" in m}
        previews = {p: R.preview(view, m) for p, m in targets.items()}
        items = []
        for p, pl in enumerate(tb.places):
            move, who, known = targets.get(p), pl["pick"], pl["card"] is not None
            face = card(t, pl["card"], fx="flip" if p in flipped else None,
                        seen=known and not tb.resolved and not tb.peek, peek=tb.peek and known)
            label = self.place_label(view, tb, p, pl, ctx, move)
            parts = [h("span", {"class_": "place-card", "id": f"pc-{tb.set}-{tb.round}-{p}",
                                "data_fx": "drop"}, face),
                     h("span", {"class_": "place-no", "aria_hidden": "true"}, str(p + 1)),
                     who is not None and pick(who),
                     tb.resolved and who is not None and h(
                         "span", {"class_": css("taker phrased", who == ctx.viewer and "me"),
                                  "aria_hidden": "true"}, ctx.name(who)),
                     move and ghost(ctx.viewer, f"pv pv-{p}"),
                     # the Pick cards a Change would push here: ghosts where they land
                     [ghost(s, f"pv pv-{q}") for q in targets for s, _, b in previews[q]["pushed"]
                      if b == p]]
            if move is not None:
                selected = chosen == move
                parts.append(h("button", {
                    "type": "button", "id": f"place-{p}",
                    "class_": css(f"place-hit do-{move['a']}", selected and "selected"),
                    "data_act": move["a"], "data_arg": str(p), "data_spot": f"place:{p}",
                    "aria_label": label,
                    "aria_pressed": ("true" if selected else "false")
                    if move["a"] == "change" else None,
                    "aria_keyshortcuts": str(p + 1)}))
            classes = css("place", "has-pick" if who is not None else "empty", known and "known",
                          move and f"target do-{move['a']}",
                          {"a": "watch"} in moves and who is None and "watchable")
            items.append(h("div", {"class_": classes, "id": f"place-wrap-{p}",
                                   "data_spot": None if move is not None else f"place:{p}",
                                   "style": "left:%.1f%%;top:%.1f%%" % place_xy(p, n),
                                   "role": None if move is not None else "img",
                                   "aria_label": None if move is not None else label}, parts))
        # the Change's arrows along the rim, and what it does in a callout
        arrows = [self.arrow(a, b, n, f"pv pv-{q}")
                  for q in targets for _, a, b in previews[q]["pushed"]]
        texts = [h("div", {"class_": f"pv-text pv pv-{q}", "aria_hidden": "true"},
                   h("span", {"class_": "pv-head"}, t(f"alter.pv.{m['a']}", p=q + 1)),
                   [h("span", {"class_": "pv-step"},
                      h("span", {"class_": "pick mini"}, pick_svg(s)), f"{a + 1}→{b + 1}")
                    for s, a, b in previews[q]["pushed"]])
                 for q, m in targets.items()]
        if {"a": "watch"} in moves:
            seen = R.preview(view, {"a": "watch"})["seen"]
            texts.append(h("div", {"class_": "pv-text pv pv-watch", "aria_hidden": "true"},
                           h("span", {"class_": "pv-head"}, eye_icon(),
                             t("alter.pv.watch", places=joined(t, [str(p + 1) for p in seen])))))
        deck = h("div", {"class_": "a-deck", "role": "img", "aria_label": t("alter.deck", n=tb.deck),
                         "data_spot": "deck"},
                 h("span", {"class_": "a-deck-stack", "aria_hidden": "true"}),
                 h("span", {"class_": "a-deck-count", "aria_hidden": "true"}, str(tb.deck)))
        svg = h("svg", {"class_": "arrows", "viewBox": "0 0 100 100", "aria_hidden": "true",
                        "focusable": "false"},
                h("defs", {}, h("marker", {"id": "alter-head", "viewBox": "0 0 10 10", "refX": "6", "refY": "5",
                                           "markerWidth": "4", "markerHeight": "4", "orient": "auto-start-reverse"},
                                h("path", {"d": "M0 0 L10 5 L0 10 Z", "fill": "#1d1f24"}))),
                arrows) if arrows else None
        return h("section", {"class_": "alter-table", "data_region": "table", "aria_label": t("alter.table")},
                 deck, items, svg, texts)

    @staticmethod
    def arrow(a, b, n, cls):
        """An arrow along the table's rim, clockwise from place ``a`` to place ``b``."""
        (x0, y0), (x1, y1) = place_xy(a + 0.3, n), place_xy(a + 0.7, n)
        d = f"M{x0:.1f} {y0:.1f} A{RADIUS} {RADIUS} 0 0 1 {x1:.1f} {y1:.1f}"
        return h("g", {"class_": cls},
                 h("path", {"d": d, "class_": "arrow-halo"}),
                 h("path", {"d": d, "class_": "arrow", "marker_end": "url(#alter-head)"}))

    def place_label(self, view, tb, p, pl, ctx, move):
        t = ctx.t
        if pl["card"] is None:
            what = t("alter.place.face_down")
        else:                           # turned up for a replay, taken, or seen by a Watch
            note = "face_down_peek" if tb.peek else None if tb.resolved else "seen"
            what = card_name(t, pl["card"]) + (" " + t(f"alter.place.{note}") if note else "")
        if pl["pick"] is None:
            who = t("alter.place.no_pick")
        elif tb.resolved:
            who = ctx.say("alter.place.taken", pl["pick"])
        else:
            who = t("alter.place.pick", whose=ctx.whose(pl["pick"]))
        label = t("alter.place", p=p + 1, what=what, who=who)
        if move is not None and move["a"] == "change":
            label += " " + t("alter.place.do_change") + " " + self.effect_text(view, move, ctx)
        elif move is not None:
            label += " " + t("alter.place.do_place")
        return label

    def seat_line(self, view, tb, s, ctx):
        """What everyone can see of seat ``s`` (for its accessible name)."""
        t = ctx.t
        bits = [ctx.name(s)] + [t(f"alter.{mark}") for mark in self.marks(tb, s)]
        cards = tb.hands[s]
        bits.append(t("alter.taken", n=len(cards)))
        known = [card_name(t, c) for c in cards if c is not None]
        if known and (s != ctx.viewer or tb.peek):
            bits.append(t("alter.hand_known", cards=t("list.sep").join(known)))
        bits.append(t("alter.total", n=view["totals"][s]))
        return t("list.sep").join(bits)

    @staticmethod
    def marks(tb, s):
        """Seat ``s``'s marks: "dealer", "turn", "watched" (a Watch in the round being played)."""
        return [mark for mark, on in (("dealer", tb.dealer == s), ("turn", tb.turn == s),
                                      ("watched", s in tb.watched and not tb.resolved)) if on]

    def badges(self, tb, s, ctx):
        t = ctx.t
        return [h("span", {"class_": f"a-badge a-{mark}"},
                  t("alter.dealer_mark") if mark == "dealer" else
                  ["▶" if mark == "turn" else eye_icon(),
                   h("span", {"class_": "mark-word"}, t(f"alter.{mark}_mark"))])
                for mark in self.marks(tb, s)]

    def pick_slot(self, tb, s):
        """A seat's Pick card while it is not on the table, else the empty slot it left. Its
        id tells web/morph.js the slot from the name beside it: an item is known by its first
        element's key (the Pick card's), so the slot the card left was taken for the name, and
        the name, the marks and the total were each rewritten as the one before it."""
        on_table = any(pl["pick"] == s for pl in tb.places)
        return h("span", {"class_": "pick-slot", "id": f"pick-slot-{s}"}, None if on_table else pick(s))

    def seat(self, view, tb, s, ctx, slot):
        """Another player's place at the table: Pick card, name, dealer and turn marks, the
        cards taken this set (face down, with their number), the total so far."""
        t = ctx.t
        cards = tb.hands[s]
        minis = [card(t, c, "mini", peek=tb.peek and c is not None, seen=c is not None and not tb.peek)
                 for c in cards]
        return h("div", {"class_": css("a-seat", f"slot-{slot}", tb.turn == s and "is-turn"),
                         "data_region": "players", "role": "group",
                         "data_spot": f"seat:{s}",
                         "aria_label": self.seat_line(view, tb, s, ctx)},
                 h("div", {"class_": "seat-top", "aria_hidden": "true"},
                   self.pick_slot(tb, s), h("span", {"class_": "a-name phrased"}, ctx.name(s))),
                 h("div", {"class_": "seat-row", "aria_hidden": "true"},
                   h("span", {"class_": "seat-marks"}, self.badges(tb, s, ctx)),
                   h("span", {"class_": "seat-cards"},
                     h("span", {"class_": "minis"}, minis),
                     h("span", {"class_": "count"}, t("alter.taken_short", n=len(cards)))),
                   h("span", {"class_": "seat-total"}, t("alter.total_short", n=view["totals"][s]))))

    def hand(self, view, tb, me, moves, chosen, ctx):
        """The viewer's own place: their Pick card, the cards they took this set (face up: they
        may look at them any time), their total and their buttons. A spectator sees seat 0
        here, as one of the players."""
        t = ctx.t
        own = ctx.viewer is not None and not tb.peek
        cards = tb.hands[me] + ([tb.taken] if tb.taken is not None else [])
        last = len(cards) - 1 if tb.taken is not None else None     # just taken: ringed
        shown = [card(t, c, css("in-hand", i == last and "just-taken"),
                      key=f"card-{c}" if own and c is not None else None,
                      fx="slide" if own and c is not None else None, peek=tb.peek and c is not None)
                 for i, c in enumerate(cards)]
        empty = (h("span", {"class_": "hand-empty phrased"}, phrased(t("alter.hand_empty")))
                 if not cards else None)
        return h("section", {"class_": css("a-seat", "alter-hand", tb.turn == me and "is-turn"),
                             "data_region": "hand" if own else "players", "data_spot": f"seat:{me}",
                             "aria_label": t("alter.your_seat") if own
                             else self.seat_line(view, tb, me, ctx)},
                 h("div", {"class_": "seat-top"},
                   self.pick_slot(tb, me),
                   h("span", {"class_": "a-name phrased"}, ctx.name(me)),
                   h("span", {"class_": "seat-marks"}, self.badges(tb, me, ctx)),
                   h("span", {"class_": "seat-total"}, t("alter.total", n=view["totals"][me]))),
                 h("div", {"class_": "hand-row"},
                   h("div", {"class_": "hand-cards"}, shown, empty,
                     h("span", {"class_": "offscreen"}, t("alter.hand_mine", cards=cards_text(t, cards)))
                     if own and cards else None),
                   h("div", {"class_": "a-controls"}, own and self.controls(moves, chosen, ctx))))

    def controls(self, moves, chosen, ctx):
        """Watch (while it may be chosen), and Confirm and Cancel while a choice waits."""
        t = ctx.t
        out = []
        if {"a": "watch"} in moves:
            selected = chosen == {"a": "watch"}
            out.append(h("button", {"type": "button", "id": "watch",
                                    "class_": css("button watch", selected and "selected"),
                                    "data_act": "watch", "aria_keyshortcuts": "W", "data_spot": "button:watch",
                                    "aria_pressed": "true" if selected else "false"}, eye_icon(), t("alter.watch")))
        if chosen is not None:
            out.append(h("button", {"type": "button", "id": "alter-confirm", "class_": "button primary",
                                    "data_act": "confirm", "data_spot": "button:confirm"}, t("alter.confirm")))
            out.append(h("button", {"type": "button", "id": "alter-cancel", "class_": "button",
                                    "data_act": "cancel", "aria_keyshortcuts": "Escape",
                                    "data_spot": "button:cancel"}, t("alter.cancel")))
        return out

    def prompt(self, view, sel, ctx):
        t = ctx.t
        chosen = self.chosen(view, sel)
        if chosen is not None:
            # on a touch screen (a phone: the prompt's five lines beside Take back) the others'
            # names are left out: four of 24 letters took twelve lines (issue 26)
            return t("alter.prompt.chosen", effect=self.effect_text(view, chosen, ctx, short=ctx.touch), confirm=t(
                "alter.prompt.confirm.touch" if ctx.touch else "alter.prompt.confirm"))
        if view["phase"] == "place":
            return t("alter.prompt.deal")
        if view["phase"] == "choose":
            return t("alter.prompt.last" if view["last"] else "alter.prompt.choose")
        return t("alter.prompt.watched_last" if view["last"] else "alter.prompt.watched")

    # --- input ---------------------------------------------------------------------------------
    @action("ref")
    def toggle_ref(self, arg, view, sel, ctx):
        """The bonus card: open (over the table on a narrow screen) or closed."""
        sel.ref = arg == "open"
        ctx.focus = "alter-ref-title" if sel.ref else "ref-toggle"
        return True

    @action("cancel")
    def cancel(self, arg, view, sel, ctx):
        move, sel.move = sel.move, None       # the focus back on what was chosen
        ctx.focus = ("prompt" if not move else "watch" if move["a"] == "watch"
                     else f"place-{move['p']}")
        return True

    @action("confirm")
    def confirm(self, arg, view, sel, ctx):
        move, sel.move = self.chosen(view, sel), None
        return move

    @action("watch", "place", "change")
    def choose(self, arg, view, sel, ctx):
        """Watch, or a place (``ctx.acted``: put a Pick card there, or Change onto it)."""
        try:
            move = {"a": "watch"} if ctx.acted == "watch" else {"a": ctx.acted, "p": int(arg)}
        except (TypeError, ValueError):
            return None
        if move["a"] == "place" or move not in view["moves"]:
            return move                  # one click (or refused by the engine, with its message)
        sel.move = move                  # Change and Watch wait for Confirm
        ctx.focus = "alter-confirm"
        return True

    def key(self, key, view, sel, ctx):
        if key == "Escape":
            if sel.move is not None or sel.ref:
                sel.move, sel.ref = None, False
                return True
            return None
        # W: Watch; a digit: that place (a Watch move has no place)
        aim = "watch" if key in ("w", "W") else (
            int(key) - 1 if key.isdigit() and len(key) == 1 else None)
        move = next((m for m in view["moves"] if m.get("p", "watch") == aim), None)
        if move is None:
            return None
        if move["a"] == "place" or self.chosen(view, sel) == move:
            sel.move = None
            return move                  # a place at once; a Change or Watch pressed again
        sel.move = move
        return True

    # --- analysis --------------------------------------------------------------------------------
    def analysis(self, view, seat, ctx):
        """The strong computer's expected points of each choice for ``seat``, from its view
        alone (``bots.StrongBot.scoring``, the calculation it plays with), and the seat's
        latest choice against the best one it had then. A spectator has no cards to weigh
        them with: it is told to pick a seat. Runs in slices (a generator)."""
        if seat is None:
            return h("p", {"class_": "an-note"}, ctx.t("alter.an.pick_seat"))
        return self._analysis(view, seat, ctx)

    def _analysis(self, view, seat, ctx):
        t = ctx.t
        parts = []
        played = ctx.played
        if played is not None and played.move in played.before.get("moves", ()) \
                and len(played.before["moves"]) > 1:
            scored = yield from StrongBot(seat, 0).scoring(played.before)
            parts.append(self.judged(scored, played.move, seat, ctx))
        if view.get("moves") and len(view["moves"]) > 1:
            scored = yield from StrongBot(seat, 0).scoring(view)
            top = max(v for v, _ in scored)
            items = [h("li", {"class_": "an-choice best" if v >= top - 1e-9 else "an-choice",
                              "data_v": f"{v:.4f}"},
                       h("span", {"class_": "an-what"}, choice_name(t, m)), " ",
                       h("span", {"class_": "an-points"}, t("alter.an.points", v=f"{v:.1f}")),
                       h("span", {"class_": "an-star"}, " ★ ", t("alter.an.best_mark")) if v >= top - 1e-9 else None)
                     for v, m in sorted(scored, key=lambda x: -x[0])]
            parts.append(h("section", {"class_": "an-section", "aria_label": t("alter.an.choices")},
                           h("p", {"class_": "an-head"}, t("alter.an.choices")),
                           h("ol", {"class_": "an-choices"}, items)))
        if not parts:
            return h("p", {"class_": "an-note"}, t("alter.an.wait"))
        return h("div", {"class_": "alter-analysis"}, parts,
                 h("p", {"class_": "an-note"}, t("alter.an.model")))

    @staticmethod
    def judged(scored, move, seat, ctx):
        t = ctx.t
        value = next(v for v, m in scored if m == move)
        top_v, top_m = max(scored, key=lambda x: x[0])
        return h("section", {"class_": "an-section an-move", "aria_label": t("alter.an.move_head")},
                 h("p", {"class_": "an-head"}, t("alter.an.move_head")),
                 h("p", {"class_": "an-played", "data_v": f"{value:.4f}"},
                   ctx.say("alter.an.played", seat, what=choice_name(t, move), v=f"{value:.1f}")),
                 h("p", {"class_": "an-verdict good"}, t("alter.an.was_best"))
                 if value >= top_v - 1e-9 else
                 h("p", {"class_": "an-verdict", "data_v": f"{top_v:.4f}"},
                   t("alter.an.best_then", what=choice_name(t, top_m), v=f"{top_v:.1f}")))

    def describe(self, e, ctx):
        t, say = ctx.t, ctx.say
        kind = e["e"]
        if kind == "first_dealer":
            return say("alter.log.first_chosen" if e["chosen"] else "alter.log.first_random", e["dealer"])
        if kind == "set":
            return t("alter.log.set", n=e["set"] + 1)
        if kind == "round":
            return say("alter.log.round", e["dealer"], round=e["round"] + 1, cards=cards_text(t, e["shown"]))
        if kind == "place":
            return say("alter.log.place", e["seat"], p=e["p"] + 1)
        if kind == "watch":
            if e.get("cards") is not None:
                seen = t("list.sep").join(t("alter.log.at", p=p + 1, card=card_name(t, c))
                                          for p, c in zip(e["places"], e["cards"]))
                return say("alter.log.watch_own", e["seat"], cards=seen)
            places = t("list.sep").join(str(p + 1) for p in e["places"])
            return say("alter.log.watch", e["seat"], places=places)
        if kind == "change":
            return say("alter.log.change", e["seat"], p=e["p"] + 1, pushed=self.pushed_text(e["moves"], ctx))
        if kind == "take":
            text = t("alter.log.take", round=e["round"] + 1)
            if e.get("cards"):
                rest = t("list.sep").join(say("alter.log.took", s, card=card_name(t, e["cards"][p]))
                                          for p, s in enumerate(e["picks"]))
                return t("alter.log.take_all", take=text, rest=rest)
            if e.get("card") is not None:
                return t("alter.log.take_then", take=text, rest=t("alter.log.take_own",
                                                                  card=card_name(t, e["card"])))
            return text
        if kind == "score":
            points = t("list.sep").join(t("alter.log.points", name=ctx.name(s), n=p)
                                        for s, p in enumerate(e["points"]))
            return t("alter.log.score", n=e["set"] + 1, points=points)
        if kind == "game_end":
            names = joined(t, [ctx.name(s) for s in e["winners"]])
            return t("alter.log.victory" if e["victory"] else "alter.log.game_end", names=names)
        return None

    def log_group(self, e, ctx):
        """"Set 2 · Round 3": a group starts with each round's deal (a set's first round
        with the set's shuffle, the game's first with its first dealer); the game's end last."""
        kind = e["e"]
        if kind == "game_end":
            return ctx.t("play.log_end")
        if kind == "first_dealer" or (kind == "set" and ctx.log_prev is not None
                                      and ctx.log_prev["e"] != "first_dealer"):
            return ctx.t("alter.log.group", set=e.get("set", 0) + 1, round=1)
        if kind == "round" and e["round"] > 0:
            return ctx.t("alter.log.group", set=e["set"] + 1, round=e["round"] + 1)
        return None

    def ends_round(self, event):
        """A round ends when everyone takes their card (the table pauses on it); the round that
        ends a set ends with the set's scores."""
        return event["e"] in ("take", "score")

    def round_heading(self, e, ctx):
        t = ctx.t
        if e["e"] == "take":
            if e.get("card") is not None:
                return t("alter.took", card=card_name(t, e["card"]), round=e["round"] + 1)
            return t("alter.taken_round", round=e["round"] + 1)
        best = max(e["points"])
        top = [s for s, p in enumerate(e["points"]) if p == best]
        if len(top) == 1:
            return ctx.say("alter.set_won", top[0], set=e["set"] + 1, n=best)
        return t("alter.set_shared", names=joined(t, [ctx.name(s) for s in top]), set=e["set"] + 1, n=best)

    def round_summary(self, e, ctx):
        t = ctx.t
        if e["e"] == "take":
            who = t("list.sep").join(t("alter.took_place", name=ctx.name(s), p=p + 1)
                                     for p, s in enumerate(e["picks"]) if s != ctx.viewer)
            left = R.ROUNDS_PER_SET - 1 - e["round"]
            mine = self.my_round(e, ctx)
            return h("div", {"class_": "alter-take"},
                     phrased_line("a-mine", mine, ctx) if mine else None,
                     phrased_line("", t("alter.sentence", text=who), ctx),
                     phrased_line("a-hint", t("alter.rounds_left", n=left), ctx))
        return h("div", {"class_": "alter-results"},
                 self.set_block(e, ctx),
                 h("p", {"class_": "running"}, t("alter.running", totals=t("list.sep").join(
                     t("alter.log.points", name=ctx.name(s), n=e["totals"][s]) for s in range(len(e["totals"]))))))

    def my_round(self, e, ctx):
        """What happened to the viewer's Pick card in a round, from its ``take`` event: "You
        chose place 3; CPU 3's Change moved your Pick to place 4: you take yellow 2 (angel)."
        None for a watcher."""
        t, me = ctx.t, ctx.viewer
        paths, card_id = e.get("paths"), e.get("card")
        if me is None or not paths or paths[me] is None or card_id is None:
            return None
        path = paths[me]
        steps = [t(f"alter.mine.{path['how']}", p=path["p"] + 1)]
        steps += [t("alter.mine.moved", whose=ctx.whose(changer), b=b + 1)
                  for changer, _, b in path["moved"]]
        return t("alter.mine.take", how=t("alter.mine.sep").join(steps), card=card_name(t, card_id))

    def bonus_words(self, e, s, ctx):
        """"Base 5 · +6 Zero-One · +3 Wings ×2 · +1 Min" (Victory by name)."""
        t = ctx.t
        bonuses = e["bonuses"][s]
        return [t("alter.base_is", n=e["base"][s])] + [
            "★ " + t("alter.bonus.victory") if b == R.VICTORY
            else t("alter.bonus_is", n=R.BONUS_POINTS[b], name=t(f"alter.bonus.{b}"))
            + (f" ×{bonuses.count(b)}" if bonuses.count(b) > 1 else "")
            for b in dict.fromkeys(bonuses)]                # each once, in order

    def set_block(self, e, ctx, title=True):
        """One set's breakdown: per player (best first) the four cards, base, every bonus with
        its points, and the set's points (under its title, unless the title is a summary's)."""
        t = ctx.t
        order = sorted(range(len(e["points"])), key=lambda s: (-e["points"][s], s))
        rows = [h("li", {"class_": css("set-row", s in e["victory"] and "victory")},
                  h("span", {"class_": "set-who"}, ctx.name(s)),
                  h("span", {"class_": "set-points"}, t("alter.points", n=e["points"][s])),
                  h("span", {"class_": "set-cards", "aria_hidden": "true"},
                    [card(t, c, "mini") for c in e["hands"][s]]),
                  h("span", {"class_": "offscreen"},
                    t("alter.sentence", text=cards_text(t, e["hands"][s]))),
                  h("span", {"class_": "set-bonuses"},
                    [h("span", {"class_": "bonus-bit"}, w) for w in self.bonus_words(e, s, ctx)]))
                for s in order]
        return h("section", {"class_": "set-block",
                             "aria_labelledby": f"set-title-{e['set']}" if title else None},
                 h("h3", {"id": f"set-title-{e['set']}"}, t("alter.set_title", n=e["set"] + 1)) if title else None,
                 h("ol", {"class_": "set-rows"}, rows))

    def score_text(self, outcome, seat, ctx):
        text = ctx.t("alter.points", n=outcome["scores"][seat])
        if seat in outcome.get("victory", []):
            return "★ " + ctx.t("alter.bonus.victory") + " · " + text
        return text

    def result(self, view, ctx):
        """Victory (if any), the score sheet (each player's points per set and total) and
        every set's breakdown, the last first."""
        t = ctx.t
        out = view["outcome"]
        scored = [e for e in view["log"] if e["e"] == "score"]
        parts = []
        if out["victory"]:
            parts.append(h("p", {"class_": "victory-banner"}, "★ ", t(
                "alter.result.victory_how", names=joined(t, [ctx.name(s) for s in out["victory"]]),
                set=scored[-1]["set"] + 1)))
        head = h("tr", {}, h("th", {"scope": "col"}, t("alter.col.player")),
                 [h("th", {"scope": "col"}, t("alter.sheet.set_short", n=e["set"] + 1)) for e in scored],
                 h("th", {"scope": "col"}, t("alter.sheet.total")))
        rows = [h("tr", {"class_": "winner" if s in out["winners"] else None},
                  h("th", {"scope": "row"}, h("span", {"class_": "sheet-name phrased"}, ctx.name(s))),
                  [h("td", {}, str(e["points"][s])) for e in scored],
                  h("td", {"class_": "total"}, str(p))) for s, p in enumerate(out["scores"])]
        parts.append(h("table", {"class_": "alter-sheet"},
                       h("caption", {}, t("alter.sheet")), h("thead", {}, head), h("tbody", {}, rows)))
        parts += [result_part(ctx, e["set"], t("alter.set_title", n=e["set"] + 1),
                              lambda e=e: self.set_block(e, ctx, title=False),
                              default=scored[-1]["set"], class_="set-part") for e in reversed(scored)]
        return h("div", {"class_": "alter-results"}, parts)

    # --- the shelf -----------------------------------------------------------------------------
    def picture(self):
        """Four face-down cards around the deck, Pick cards on three, one card turned up."""
        parts = [h("circle", {"cx": "60", "cy": "45", "r": "42", "fill": "#d9d2bf", "stroke": "#b9b09a",
                              "stroke_width": "2"}),
                 h("rect", {"x": "53", "y": "36", "width": "14", "height": "19", "rx": "2", "fill": "#2b2d42"})]
        for p, (x, y) in enumerate(((60, 15), (92, 45), (60, 75), (28, 45))):
            if p == 1:
                parts.append(h("rect", {"x": str(x - 10), "y": str(y - 14), "width": "20", "height": "28", "rx": "3",
                                        "fill": "#fbfaf6", "stroke": INK["blue"], "stroke_width": "2"}))
                parts.append(h("text", {"x": str(x), "y": str(y + 6), "text_anchor": "middle", "font_size": "16",
                                        "font_weight": "800", "fill": "#1d1f24"}, "1"))
            else:
                parts.append(h("rect", {"x": str(x - 10), "y": str(y - 14), "width": "20", "height": "28", "rx": "3",
                                        "fill": "#2b2d42", "stroke": "#1d1f24"}))
                parts.append(h("path", {"d": f"M{x} {y - 8} L{x + 6} {y} L{x} {y + 8} L{x - 6} {y} Z",
                                        "fill": "none", "stroke": "#8d99ae", "stroke_width": "1.5"}))
        for seat, (x, y) in ((0, (68, 24)), (2, (100, 54)), (3, (36, 54))):
            parts.append(h("g", {"transform": f"translate({x - 6} {y - 6}) scale(0.36)"},
                           pick_svg(seat).children))
        return h("svg", {"viewBox": "0 0 120 90", "aria_hidden": "true", "focusable": "false"}, parts)

    def progress(self, view, ctx):
        """"Set 2 of 4 · round 3 · Aki 14, Ben 9, Cy 7, Dee 3" (the game over: who won)."""
        t = ctx.t
        scores = t("list.sep").join(t("alter.log.points", name=ctx.name(s), n=view["totals"][s])
                                    for s in range(view["players"]))
        if view["phase"] == "over":
            return t("alter.progress.over", scores=scores)
        return t("alter.progress", set=view["set"] + 1, sets=view["sets"], round=view["round"] + 1,
                 scores=scores, turn=ctx.say("alter.progress.turn", view["turn"]))

    # --- rules page ----------------------------------------------------------------------------
    def bonus_table(self, t):
        """The bonuses in the order the source names them; what is our reading of a picture
        missing from the source (every value but Min's, and Victory's condition) is marked."""
        mark = h("span", {"class_": "ruling-mark"}, t("alter.bonus.ruling_mark"))
        rows = []
        for key, _, _ in R.BONUSES:
            # Victory's effect (wins at once) is the source's; which hand it is, is ours
            ruled = key not in R.PRINTED_BONUS_VALUES and key != R.VICTORY
            value = t("alter.bonus.victory_points") if key == R.VICTORY else f"+{R.BONUS_POINTS[key]}"
            rows.append(h("tr", {}, h("th", {"scope": "row"}, t(f"alter.bonus.{key}")),
                          h("td", {}, t(f"alter.bonus.{key}.when"),
                            [" ", mark] if key == R.VICTORY else None),
                          h("td", {}, value, [" ", mark] if ruled else None)))
        return h("div", {"class_": "bonus-table", "id": "bonus-table"},
                 h("table", {"class_": "rounds"},
                   h("caption", {}, t("alter.bonuses")),
                   h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, t("alter.bonus")),
                                    h("th", {"scope": "col"}, t("alter.bonus.condition")),
                                    h("th", {"scope": "col"}, t("alter.bonus.points")))),
                   h("tbody", {}, rows)),
                 h("p", {}, t("alter.bonus.note")),
                 h("p", {}, t("alter.bonus.ruling_note")))

    def rules(self, t):
        topics = ("goal", "cards", "round", "change", "watch", "last", "take", "score", "end",
                  "view")
        sections = [(h("h3", {}, t(f"alter.rules.{k}.title")), h("p", {}, t(f"alter.rules.{k}")))
                    for k in topics]
        lists = (("rules.rulings", "alter.ruling", RULINGS),          # (title, items' key, items)
                 ("alter.rules.table.title", "alter.table_rule", TABLE_RULES),
                 ("rules.keys", "alter.keys", KEYS))
        bullets = [(h("h3", {}, t(title)), h("ul", {}, [h("li", {}, t(f"{kind}.{k}")) for k in ks]))
                   for title, kind, ks in lists]
        return h("div", {"class_": "rules alter-rules"}, sections, self.bonus_table(t), bullets)


RULINGS = ("deck", "bonus_values", "victory", "variants", "first_dealer", "wings_twice",
           "victory_timing", "ties", "min", "hidden", "sets")
TABLE_RULES = ("confirm", "pause", "preview", "takeback", "analysis")   # how the app's table plays
KEYS = ("tab", "digits", "watch", "confirm", "escape")

UI = AlterUI()
