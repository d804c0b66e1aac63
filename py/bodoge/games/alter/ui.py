"""ALTER board: the places around the deck (SVG cards with Pick cards in player colours), the
revealed cards, everyone's cards of the set, the score sheet and the bonus table.

Nothing here decides a rule: the legal moves come with the view (``view["moves"]``) and the
engine refuses anything else. Colour is never the only cue: score cards carry their colour's
name and a pattern, and their wings as a word; Pick cards carry the seat's number and a shape
of their own. Keyboard: Tab to a place and press Enter, or press its number (1–5); W watches.
A Change animates the pushed Pick cards one after the other (instant with reduced motion).
"""

import math

from ...ui.games import GameUI
from ...ui.html import h
from . import rules as R

W, H = 60, 84                     # a score card (SVG units)
RADIUS = 35                       # places around the deck, % of the table's width from the centre
INK = {"red": "#c62828", "blue": "#1f5fbf", "yellow": "#f2c230", "green": "#2e7d32",
       "purple": "#7b3fa0"}
TEXT_ON = {"yellow": "#1d1f24"}
SHAPES = ("circle", "square", "triangle", "diamond", "hexagon")
CHAIN_DELAY_MS = 260              # between the Pick cards of a cascade


def place_xy(p, n):
    """Centre of place ``p`` of ``n`` in % of the table (place 0 at the top, then clockwise)."""
    a = math.radians(-90 + 360 * p / n)
    return 50 + RADIUS * math.cos(a), 50 + RADIUS * math.sin(a)


def colour_word(t, c):
    return t(f"alter.colour.{R.COLOURS[c]}")


def card_name(t, cid):
    return t("alter.card", colour=colour_word(t, R.card_colour(cid)), n=R.card_number(cid),
             wings=t(f"alter.wings.{R.card_wings(cid)}"))


def cards_text(t, cards):
    return t("list.sep").join(card_name(t, c) for c in cards)


def card_svg(t, cid, small=False, seen=False):
    """A score card as SVG: its face (``cid``) or its back (``None``)."""
    scale = 0.6 if small else 1
    size = {"width": str(round(W * scale)), "height": str(round(H * scale))}
    if cid is None:
        parts = [h("rect", {"x": "1.5", "y": "1.5", "width": str(W - 3), "height": str(H - 3), "rx": "6",
                            "fill": "#2b2d42", "stroke": "#1d1f24", "stroke_width": "2"}),
                 h("path", {"d": "M30 14 L50 42 L30 70 L10 42 Z", "fill": "none", "stroke": "#8d99ae",
                            "stroke_width": "3"}),
                 h("circle", {"cx": "30", "cy": "42", "r": "6", "fill": "#8d99ae"})]
    else:
        c, n, wings = R.DECK[cid]
        name = R.COLOURS[c]
        ink = INK[name]
        parts = [h("rect", {"x": "1.5", "y": "1.5", "width": str(W - 3), "height": str(H - 3), "rx": "6",
                            "fill": "#fbfaf6", "stroke": ink, "stroke_width": "4"}),
                 pattern(name, ink),
                 h("text", {"x": "30", "y": "50", "text_anchor": "middle", "font_size": "34",
                            "font_weight": "800", "fill": "#1d1f24"}, str(n)),
                 h("text", {"x": "6", "y": "15", "font_size": "10", "font_weight": "700", "fill": "#1d1f24"},
                   t(f"alter.colour_short.{name}")),
                 h("text", {"x": "30", "y": "74", "text_anchor": "middle", "font_size": "10",
                            "font_weight": "700", "fill": "#1d1f24"}, t(f"alter.wings_short.{wings}"))]
        parts += wing_marks(wings)
    if seen:
        parts.append(h("g", {"class_": "seen-mark"},
                       h("ellipse", {"cx": "48", "cy": "12", "rx": "9", "ry": "6", "fill": "#fff",
                                     "stroke": "#1d1f24", "stroke_width": "1.5"}),
                       h("circle", {"cx": "48", "cy": "12", "r": "3", "fill": "#1d1f24"})))
    return h("svg", {"viewBox": f"0 0 {W} {H}", "aria_hidden": "true", "focusable": "false", **size}, parts)


def pattern(name, ink):
    """A strip whose pattern names the colour too (stripes, dots, zigzag, waves, checks)."""
    y = 56
    if name == "red":
        return h("g", {}, [h("line", {"x1": str(x), "y1": str(y), "x2": str(x + 6), "y2": str(y + 6),
                                      "stroke": ink, "stroke_width": "2.5"}) for x in range(8, 50, 7)])
    if name == "blue":
        return h("g", {}, [h("circle", {"cx": str(x), "cy": str(y + 3), "r": "2.3", "fill": ink})
                           for x in range(10, 52, 7)])
    if name == "yellow":
        d = "M8 62 " + " ".join(f"L{x} {56 if i % 2 == 0 else 62}" for i, x in enumerate(range(12, 54, 4)))
        return h("path", {"d": d, "fill": "none", "stroke": "#a07800", "stroke_width": "2.5"})
    if name == "green":
        return h("path", {"d": "M8 59 q5 -5 10 0 t10 0 t10 0 t10 0 t6 0", "fill": "none", "stroke": ink,
                          "stroke_width": "2.5"})
    return h("g", {}, [h("rect", {"x": str(x), "y": str(y + (3 if i % 2 else 0)), "width": "4", "height": "3",
                                  "fill": ink}) for i, x in enumerate(range(8, 52, 5))])


def wing_marks(wings):
    """Small wings beside the number: white feathered (angel), dark pointed (devil), or both."""
    angel = h("path", {"d": "M8 36 q-4 6 0 12 q3 -2 6 -2 q-3 -4 -6 -10 Z", "fill": "#fff", "stroke": "#1d1f24",
                       "stroke_width": "1.3"})
    devil = h("path", {"d": "M52 36 l4 6 l-3 0 l3 6 l-8 -3 Z", "fill": "#1d1f24"})
    return {R.ANGEL: [angel], R.DEVIL: [devil], R.BOTH: [angel, devil]}[wings]


def pick_svg(seat, size=34):
    """A Pick card: the seat's colour, shape and number."""
    name = R.COLOURS[seat]
    ink, fg = INK[name], TEXT_ON.get(name, "#fff")
    shape = SHAPES[seat]
    common = {"fill": ink, "stroke": "#1d1f24", "stroke_width": "2"}
    if shape == "circle":
        body = h("circle", {"cx": "17", "cy": "17", "r": "15", **common})
    elif shape == "square":
        body = h("rect", {"x": "3", "y": "3", "width": "28", "height": "28", "rx": "3", **common})
    elif shape == "triangle":
        body = h("path", {"d": "M17 2 L32 31 L2 31 Z", **common})
    elif shape == "diamond":
        body = h("path", {"d": "M17 1 L33 17 L17 33 L1 17 Z", **common})
    else:
        body = h("path", {"d": "M9 2 L25 2 L33 17 L25 32 L9 32 L1 17 Z", **common})
    return h("svg", {"viewBox": "0 0 34 34", "width": str(size), "height": str(size), "aria_hidden": "true",
                     "focusable": "false", "class_": "pick-svg"},
             body, h("text", {"x": "17", "y": "23" if shape != "triangle" else "27", "text_anchor": "middle",
                              "font_size": "15", "font_weight": "800", "fill": fg}, str(seat + 1)))


class AlterUI(GameUI):
    game_id = "alter"

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

    # --- board ---------------------------------------------------------------------------------
    def board(self, view, sel, ctx):
        t = ctx.t
        if view["phase"] == "over":
            return h("div", {"class_": "alter-board over"}, self.sheet(view, ctx), self.bonus_table(t, open_=False))
        return h("div", {"class_": f"alter-board players-{view['players']}"},
                 self.status(view, ctx),
                 h("div", {"class_": "alter-main"},
                   self.table(view, ctx),
                   h("div", {"class_": "alter-side"}, self.revealed(view, ctx), self.controls(view, ctx))),
                 self.hands(view, ctx),
                 self.sheet(view, ctx),
                 self.bonus_table(t))

    def status(self, view, ctx):
        t = ctx.t
        return h("p", {"class_": "alter-status"},
                 t("alter.status", set=view["set"] + 1, sets=view["sets"], round=view["round"] + 1,
                   rounds=view["rounds"], dealer=ctx.name(view["dealer"])))

    def revealed(self, view, ctx):
        t = ctx.t
        return h("section", {"class_": "revealed", "aria_labelledby": "revealed-title"},
                 h("h3", {"id": "revealed-title"}, t("alter.revealed")),
                 h("p", {"class_": "mini-row", "role": "img", "aria_label": cards_text(t, view["shown"])},
                   [card_svg(t, c, small=True) for c in view["shown"]]),
                 h("p", {"class_": "hint"}, t("alter.revealed_hint")))

    def table(self, view, ctx):
        t = ctx.t
        n = view["players"]
        moves = {m["p"]: m for m in view["moves"] if "p" in m} if ctx.viewer in view["to_move"] else {}
        fresh, revealed = self.fresh(view, ctx)
        places = []
        for p, pl in enumerate(view["places"]):
            x, y = place_xy(p, n)
            label = self.place_label(view, p, pl, ctx, moves.get(p))
            token = None
            if pl["pick"] is not None:
                style = None
                classes = ["pick"]
                if (pl["pick"], p) in fresh:
                    i, src, parity = fresh[(pl["pick"], p)]
                    if src is None:
                        classes.append("dropped")
                    else:
                        fx, fy = place_xy(src, n)
                        classes += ["pushed", f"pushed-{parity}"]   # a new name restarts it
                        style = (f"--dx:{fx - x:.1f}cqw;--dy:{fy - y:.1f}cqw;"
                                 f"animation-delay:{i * CHAIN_DELAY_MS}ms")
                token = h("span", {"class_": " ".join(classes), "style": style, "aria_hidden": "true"},
                          pick_svg(pl["pick"]))
            body = [card_svg(t, pl["card"], seen=pl["card"] is not None), token,
                    h("span", {"class_": "place-no", "aria_hidden": "true"}, str(p + 1))]
            attrs = {"id": f"place-{p}", "style": f"left:{x:.1f}%;top:{y:.1f}%", "aria_label": label}
            classes = "place" + (" has-pick" if pl["pick"] is not None else " empty") + (
                " known" if pl["card"] is not None else "") + (" revealing" if p in revealed else "")
            move = moves.get(p)
            if move is not None:
                # named by hidden text, not aria-label: the marks drawn on it are not its name
                attrs.pop("aria_label")
                el = h("button", {**attrs, "type": "button", "class_": f"{classes} target {move['a']}",
                                  "data_act": move["a"], "data_arg": str(p),
                                  "aria_keyshortcuts": str(p + 1)},
                       body, h("span", {"class_": "offscreen"}, label))
            else:
                el = h("div", {**attrs, "role": "img", "class_": classes}, body)
            places.append(el)
        deck = h("div", {"class_": "deck", "role": "img",
                         "aria_label": t("alter.deck", n=len(view["deck_left"]))},
                 h("span", {"class_": "deck-stack", "aria_hidden": "true"}),
                 h("span", {"class_": "deck-count", "aria_hidden": "true"}, str(len(view["deck_left"]))))
        return h("section", {"class_": "alter-table", "aria_label": t("alter.table")}, deck, places)

    def fresh(self, view, ctx):
        """What the latest move changed, to animate it once: the Pick cards it put or pushed
        ({(seat, place): (order in the cascade, from or None, parity of the event)}) and the
        places a Watch by this seat revealed. The parity alternates the animation's name, so
        that a page patched in place (not rebuilt) still restarts it on the next cascade."""
        fresh, revealed = {}, set()
        if ctx.fresh_from is None:
            return fresh, revealed
        for k, e in enumerate(view["log"][ctx.fresh_from:], ctx.fresh_from):
            if e["e"] == "watch" and e["cards"] is not None:
                revealed.update(e["places"])
            elif e["e"] == "place":
                fresh[(e["seat"], e["p"])] = (0, None, 0)
            elif e["e"] == "change":
                fresh[(e["seat"], e["p"])] = (0, None, 0)
                for i, (seat, src, dst) in enumerate(e["moves"]):
                    fresh[(seat, dst)] = (i, src, k % 2)
        return fresh, revealed

    def place_label(self, view, p, pl, ctx, move):
        t = ctx.t
        what = card_name(t, pl["card"]) + " " + t("alter.place.seen") if pl["card"] is not None \
            else t("alter.place.face_down")
        who = (t("alter.place.pick", whose=ctx.whose(pl["pick"])) if pl["pick"] is not None
               else t("alter.place.no_pick"))
        label = t("alter.place", p=p + 1, what=what, who=who)
        if move is not None:
            label += " " + t(f"alter.place.do_{move['a']}")
        return label

    def controls(self, view, ctx):
        t = ctx.t
        if ctx.viewer not in view["to_move"]:
            return None
        buttons = []
        if {"a": "watch"} in view["moves"]:
            buttons.append(h("button", {"type": "button", "id": "watch", "class_": "button primary",
                                        "data_act": "watch", "aria_keyshortcuts": "W"}, t("alter.watch")))
        if not buttons:
            return None
        return h("div", {"class_": "controls"}, buttons)

    def hands(self, view, ctx):
        """Everyone's cards of this set: own face up, others face down unless this seat knows them."""
        t = ctx.t
        items = []
        for s in range(view["players"]):
            cards = []
            for r in view["past"]:
                cid = r["cards"][r["picks"].index(s)]
                cards.append((cid, cid is not None and s != ctx.viewer))
            label = t("alter.hand_of", whose=ctx.whose(s), n=len(cards))
            known = [card_name(t, c) for c, _ in cards if c is not None]
            if known:
                label += " " + t("alter.hand_known", cards=t("list.sep").join(known))
            badges = []
            if view["dealer"] == s:
                badges.append(h("span", {"class_": "badge dealer"}, t("alter.dealer")))
            if view["turn"] == s:
                badges.append(h("span", {"class_": "badge turn"}, t("alter.turn")))
            items.append(h("li", {"class_": "hand" + (" me" if s == ctx.viewer else "")},
                           h("span", {"class_": "hand-name"}, pick_svg(s, 22), " ", ctx.name(s), " ", badges,
                             h("span", {"class_": "hand-total"}, t("alter.total", n=view["totals"][s]))),
                           h("span", {"class_": "mini-row", "role": "img", "aria_label": label},
                             [card_svg(t, c, small=True, seen=seen) for c, seen in cards])))
        return h("section", {"class_": "hands", "aria_labelledby": "hands-title"},
                 h("h3", {"id": "hands-title"}, t("alter.hands")), h("ul", {}, items))

    def sheet(self, view, ctx):
        t = ctx.t
        n = view["players"]
        rows = [h("tr", {}, h("th", {"scope": "row"}, t("alter.sheet.set", n=k + 1)),
                  [h("td", {}, str(points[s])) for s in range(n)])
                for k, points in enumerate(view["scores"])]
        rows.append(h("tr", {"class_": "totals"}, h("th", {"scope": "row"}, t("alter.sheet.total")),
                      [h("td", {}, str(view["totals"][s])) for s in range(n)]))
        # A narrow screen scrolls the sheet sideways rather than the page.
        return h("div", {"class_": "table-scroll"},
                 h("table", {"class_": "sheet rounds"},
                   h("caption", {}, t("alter.sheet")),
                   h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, t("alter.sheet.set_col")),
                                    [h("th", {"scope": "col"}, ctx.name(s)) for s in range(n)])),
                   h("tbody", {}, rows)))

    def bonus_table(self, t, open_=False):
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
        return h("details", {"class_": "bonus-table", "id": "bonus-table", "open": open_},
                 h("summary", {}, t("alter.bonuses")),
                 h("table", {"class_": "rounds"},
                   h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, t("alter.bonus")),
                                    h("th", {"scope": "col"}, t("alter.bonus.condition")),
                                    h("th", {"scope": "col"}, t("alter.bonus.points")))),
                   h("tbody", {}, rows)),
                 h("p", {}, t("alter.bonus.note")),
                 h("p", {}, t("alter.bonus.ruling_note")))

    def prompt(self, view, sel, ctx):
        t = ctx.t
        phase = view["phase"]
        if phase == "place":
            return t("alter.prompt.deal")
        if phase == "choose":
            return t("alter.prompt.last" if view["last"] else "alter.prompt.choose")
        return t("alter.prompt.watched_last" if view["last"] else "alter.prompt.watched")

    # --- input ---------------------------------------------------------------------------------
    def act(self, action, arg, view, sel, ctx):
        if action == "watch":
            ctx.focus = "prompt"
            return {"a": "watch"}
        if action in ("place", "change"):
            try:
                return {"a": action, "p": int(arg)}
            except (TypeError, ValueError):
                return None
        return None

    def key(self, key, view, sel, ctx):
        if key in ("w", "W") and {"a": "watch"} in view["moves"]:
            return {"a": "watch"}
        if key.isdigit() and len(key) == 1:
            p = int(key) - 1
            for move in view["moves"]:
                if move.get("p") == p:
                    return move
        return None

    # --- words ---------------------------------------------------------------------------------
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
            if e["cards"] is not None:
                seen = t("list.sep").join(t("alter.log.at", p=p + 1, card=card_name(t, c))
                                          for p, c in zip(e["places"], e["cards"]))
                return say("alter.log.watch_own", e["seat"], cards=seen)
            places = t("list.sep").join(str(p + 1) for p in e["places"])
            return say("alter.log.watch", e["seat"], places=places)
        if kind == "change":
            pushed = t("list.sep").join(t("alter.log.push", whose=ctx.whose(s), a=a + 1, b=b + 1)
                                        for s, a, b in e["moves"])
            return say("alter.log.change", e["seat"], p=e["p"] + 1, pushed=pushed)
        if kind == "take":
            text = t("alter.log.take", round=e["round"] + 1)
            if e["card"] is not None:
                text += " " + t("alter.log.take_own", card=card_name(t, e["card"]))
            return text
        if kind == "score":
            points = t("list.sep").join(t("alter.log.points", name=ctx.name(s), n=p)
                                        for s, p in enumerate(e["points"]))
            return t("alter.log.score", n=e["set"] + 1, points=points)
        if kind == "game_end":
            names = t("list.sep").join(ctx.name(s) for s in e["winners"])
            return t("alter.log.victory" if e["victory"] else "alter.log.game_end", names=names)
        return None

    def ends_round(self, event):
        return event["e"] == "score"

    def round_summary(self, e, ctx):
        return h("div", {}, h("h2", {"id": "round-title"}, ctx.t("alter.set_scored", n=e["set"] + 1)),
                 self.score_table(e, ctx))

    def score_table(self, e, ctx):
        t = ctx.t
        rows = []
        for s, hand in enumerate(e["hands"]):
            bonuses = t("list.sep").join(t(f"alter.bonus.{b}") for b in e["bonuses"][s]) or "—"
            rows.append(h("tr", {"class_": "victory" if s in e["victory"] else None},
                          h("th", {"scope": "row"}, ctx.name(s)),
                          h("td", {}, h("span", {"class_": "mini-row", "role": "img",
                                                 "aria_label": cards_text(t, hand)},
                                        [card_svg(t, c, small=True) for c in hand])),
                          h("td", {}, str(e["base"][s])), h("td", {}, bonuses),
                          h("td", {}, str(e["points"][s])), h("td", {}, str(e["totals"][s]))))
        return h("table", {"class_": "rounds set-score"},
                 h("caption", {}, t("alter.set_sheet", n=e["set"] + 1)),
                 h("thead", {}, h("tr", {}, [h("th", {"scope": "col"}, t(f"alter.col.{c}"))
                                             for c in ("player", "cards", "base", "bonuses", "points", "total")])),
                 h("tbody", {}, rows))

    def result(self, view, ctx):
        t = ctx.t
        out = view["outcome"]
        names = t("list.sep").join(ctx.name(s) for s in out["winners"])
        if out["victory"]:
            head = t("alter.result.victory", names=names)
        elif len(out["winners"]) > 1:
            head = t("alter.result.shared", names=names)
        else:
            head = ctx.say("alter.result.winner", out["winners"][0])
        last = next(e for e in reversed(view["log"]) if e["e"] == "score")
        return h("div", {}, h("h2", {"id": "result-title"}, head), self.score_table(last, ctx))

    def rules(self, t):
        sections = []
        for key in ("goal", "cards", "round", "change", "watch", "last", "take", "score", "end", "view"):
            sections.append(h("h3", {}, t(f"alter.rules.{key}.title")))
            sections.append(h("p", {}, t(f"alter.rules.{key}")))
        rulings = [h("li", {}, t(f"alter.ruling.{k}")) for k in RULINGS]
        keys = [h("li", {}, t(f"alter.keys.{k}")) for k in ("tab", "digits", "watch")]
        return h("div", {"class_": "rules"}, sections, self.bonus_table(t, open_=True),
                 h("h3", {}, t("rules.rulings")), h("ul", {}, rulings),
                 h("h3", {}, t("rules.keys")), h("ul", {}, keys))


RULINGS = ("deck", "bonus_values", "victory", "variants", "first_dealer", "wings_twice",
           "victory_timing", "ties", "min", "hidden", "sets")

UI = AlterUI()
