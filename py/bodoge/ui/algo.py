"""algo board: rows of SVG cards, the deck, the drawn card and a number pad.

Black and white cards differ in more than colour: black faces carry a filled corner mark and
the label 黒/B, white ones a ring and 白/W; face-down backs have stripes (black) or dots
(white). Keyboard: Tab to a card and press Enter to pick it, then a number button, or type the
number (two digits for 10 and 11) and press Enter; S stays after a hit; Esc cancels.
"""

from ..games.algo import rules as R
from .games import GameUI
from .html import h

W, H = 48, 72


def colour_name(t, c):
    return t("algo.black") if c == R.BLACK else t("algo.white")


def card_name(t, c, n):
    return t("algo.card", colour=colour_name(t, c), n=n)


def card_svg(t, c, n, face_up, mine=False, small=False):
    """One card as SVG. ``n`` None: its back. ``mine``: own card still hidden from others."""
    black = c == R.BLACK
    fg, bg = ("#fff", "#1d1f24") if black else ("#1d1f24", "#fbfaf6")
    size = {"width": str(W // 2 if small else W), "height": str(H // 2 if small else H)}
    parts = [h("rect", {"x": "1.5", "y": "1.5", "width": str(W - 3), "height": str(H - 3), "rx": "6",
                        "fill": bg, "stroke": "#1d1f24", "stroke_width": "2"})]
    label = t("algo.black_short") if black else t("algo.white_short")
    if n is None:
        # back: stripes on black, dots on white, so colour is never the only cue
        if black:
            parts += [h("line", {"x1": str(x), "y1": "6", "x2": str(x - 24), "y2": "66",
                                 "stroke": "#5b606b", "stroke_width": "3"})
                      for x in range(30, 80, 10)]
        else:
            parts += [h("circle", {"cx": str(x), "cy": str(y), "r": "2.2", "fill": "#b9b4a6"})
                      for x in range(10, 44, 9) for y in range(12, 66, 10)]
        parts.append(h("text", {"x": str(W / 2), "y": "44", "text_anchor": "middle", "font_size": "22",
                                "font_weight": "700", "fill": fg, "class_": "back-mark"}, "?"))
    else:
        parts.append(h("text", {"x": str(W / 2), "y": "47", "text_anchor": "middle",
                                "font_size": "28" if n < 10 else "24", "font_weight": "700",
                                "fill": fg}, str(n)))
        if n in (6, 9):   # underline to tell 6 from 9
            parts.append(h("line", {"x1": "16", "y1": "52", "x2": "32", "y2": "52", "stroke": fg,
                                    "stroke_width": "2"}))
    parts.append(h("text", {"x": "6", "y": "14", "font_size": "10", "fill": fg}, label))
    if black:
        parts.append(h("path", {"d": f"M{W - 14} 4 L{W - 4} 4 L{W - 4} 14 Z", "fill": fg}))
    else:
        parts.append(h("circle", {"cx": str(W - 9), "cy": "9", "r": "4", "fill": "none", "stroke": fg,
                                  "stroke_width": "1.5"}))
    if mine and not face_up:
        # own card still hidden from the others: a closed-eye mark at the bottom
        parts.append(h("path", {"d": "M16 62 Q24 56 32 62", "fill": "none", "stroke": fg,
                                "stroke_width": "2"}))
        parts.append(h("line", {"x1": "15", "y1": "57", "x2": "33", "y2": "66", "stroke": fg,
                                "stroke_width": "2"}))
    return h("svg", {"viewBox": f"0 0 {W} {H}", "aria_hidden": "true", "focusable": "false",
                     **size}, parts)


class AlgoUI(GameUI):
    game_id = "algo"

    def default_setup(self):
        return {"players": 2, "kind0": "human", "kind1": "strong", "kind2": "normal",
                "kind3": "normal"}

    # --- board ---------------------------------------------------------------------------------
    def board(self, view, sel, ctx):
        t = ctx.t
        me = ctx.viewer
        n = view["players"]
        my_turn = me is not None and me in view["to_move"]
        need_stake = my_turn and view["drawn"] is None and view["stake"] is None
        order = [(me + i) % n for i in range(1, n)] if me is not None else list(range(n))
        if ctx.fresh_from is not None:     # cards turned up by the latest move animate once
            sel = dict(sel, fresh={e["k"] for e in view["log"][ctx.fresh_from:]
                                   if e["e"] == "reveal" or (e["e"] == "attack" and e["hit"])})
        seats = [self.seat_row(view, s, sel, ctx, my_turn and not (need_stake and "stake" not in sel))
                 for s in order]
        center = self.center(view, ctx)
        parts = [h("div", {"class_": "opponents"}, seats), center]
        if me is not None:
            parts.append(self.seat_row(view, me, sel, ctx, False, stake_pick=need_stake))
        if my_turn:
            parts.append(self.controls(view, sel, ctx))
        return h("div", {"class_": f"algo-board players-{n}"}, parts)

    def seat_row(self, view, s, sel, ctx, targetable, stake_pick=False):
        t = ctx.t
        name = ctx.name(s)
        mine = s == ctx.viewer
        row = view["rows"][s]
        badges = []
        if view["dealer"] == s:
            badges.append(h("span", {"class_": "badge dealer"}, t("algo.dealer")))
        if view["turn"] == s and view["phase"] != "over":
            badges.append(h("span", {"class_": "badge turn"}, t("algo.turn")))
        if view["out"][s]:
            badges.append(h("span", {"class_": "badge out"}, t("algo.out")))
        badges.append(h("span", {"class_": "badge wins"}, t("algo.wins", n=view["wins"][s])))
        cards = []
        for p, card in enumerate(row):
            label = self.card_label(card, p, len(row), name, mine, t)
            svg = card_svg(t, card["c"], card["n"], card["up"], mine=mine)
            classes = ["card", "black" if card["c"] == R.BLACK else "white",
                       "up" if card["up"] else "down"]
            if card["k"] in sel.get("fresh", ()):
                classes.append("fresh")
            attrs = {"id": f"card-{s}-{p}", "aria_label": label}
            if targetable and not mine and not card["up"] and not view["out"][s]:
                selected = sel.get("target") == [s, p]
                classes.append("selected" if selected else "target")
                attrs.update(type="button", data_act="target", data_arg=f"{s}-{p}",
                             aria_pressed="true" if selected else "false")
                el = h("button", {**attrs, "class_": " ".join(classes)}, svg)
            elif stake_pick and mine and not card["up"]:
                selected = sel.get("stake") == p
                classes.append("selected" if selected else "target")
                attrs.update(type="button", data_act="stake", data_arg=str(p),
                             aria_pressed="true" if selected else "false")
                el = h("button", {**attrs, "class_": " ".join(classes)}, svg)
            else:
                if view["stake"] is not None and card["k"] == view["stake"]:
                    classes.append("staked")
                el = h("span", {**attrs, "role": "img", "class_": " ".join(classes)}, svg)
            cards.append(h("li", {}, el))
        heading = h("h3", {"class_": "seat-name"}, name, " ", badges)
        return h("section", {"class_": "seat" + (" me" if mine else "") + (" active" if view["turn"] == s else "")
                             + (" is-out" if view["out"][s] else ""),
                             "aria_label": t("algo.row_of", whose=ctx.whose(s))},
                 heading, h("ol", {"class_": "row"}, cards))

    def card_label(self, card, p, total, name, mine, t):
        where = t("algo.position", i=p + 1, n=total)
        if card["n"] is None:
            what = t("algo.face_down", colour=colour_name(t, card["c"]))
        elif card["up"]:
            what = t("algo.face_up", card=card_name(t, card["c"], card["n"]))
        else:
            what = t("algo.mine_hidden", card=card_name(t, card["c"], card["n"]))
        return f"{name}: {where}, {what}"

    def center(self, view, ctx):
        t = ctx.t
        parts = [h("div", {"class_": "deck", "role": "img",
                           "aria_label": t("algo.deck_count", n=view["deck"])},
                   h("span", {"class_": "deck-stack", "aria_hidden": "true"}),
                   h("span", {"class_": "deck-count", "aria_hidden": "true"},
                     t("algo.deck_count", n=view["deck"])))]
        d = view["drawn"]
        if d is not None and view["phase"] != "over":
            who = ctx.name(view["turn"])
            label = (t("algo.drawn_own", card=card_name(t, d["c"], d["n"])) if d["n"] is not None
                     else t("algo.drawn_other", name=who, colour=colour_name(t, d["c"])))
            parts.append(h("div", {"class_": "drawn", "role": "img", "aria_label": label},
                           card_svg(t, d["c"], d["n"], False, mine=d["n"] is not None),
                           h("span", {"class_": "drawn-label", "aria_hidden": "true"}, label)))
        return h("div", {"class_": "center"}, parts)

    def controls(self, view, sel, ctx):
        t = ctx.t
        parts = []
        target = sel.get("target")
        if target:
            s, p = target
            card = view["rows"][s][p]
            typed = sel.get("typed", "")
            parts.append(h("div", {"class_": "numpad", "role": "group", "aria_labelledby": "numpad-label"},
                           h("p", {"id": "numpad-label"},
                             t("algo.declare_for", card=self.card_label(card, p, len(view["rows"][s]),
                                                                         ctx.name(s), False, t))),
                           [h("button", {"type": "button", "id": f"num-{n}",
                                         "class_": "num " + ("black" if card["c"] == R.BLACK else "white")
                                         + (" typed" if typed and int(typed) == n else ""),
                                         "data_act": "declare", "data_arg": str(n),
                                         "aria_label": t("algo.declare_n", n=n)}, str(n))
                            for n in range(R.NUMBERS)]))
        buttons = []
        if view["phase"] == "again":
            buttons.append(h("button", {"type": "button", "id": "stay", "class_": "button primary",
                                        "data_act": "stay", "aria_keyshortcuts": "S"}, t("algo.stay")))
        if target or "stake" in sel:
            buttons.append(h("button", {"type": "button", "class_": "button", "data_act": "cancel",
                                        "aria_keyshortcuts": "Escape"}, t("algo.cancel")))
        if buttons:
            parts.append(h("div", {"class_": "controls"}, buttons))
        return h("div", {"class_": "algo-controls"}, parts)

    def prompt(self, view, sel, ctx):
        t = ctx.t
        if view["drawn"] is None and view["stake"] is None and "stake" not in sel:
            return t("algo.prompt.stake")
        if "target" in sel:
            typed = sel.get("typed")
            return t("algo.prompt.number_typed", n=typed) if typed else t("algo.prompt.number")
        if view["phase"] == "again":
            return t("algo.prompt.again")
        if view["drawn"] is not None and view["drawn"]["n"] is not None:
            return t("algo.prompt.attack_drawn", card=card_name(t, view["drawn"]["c"], view["drawn"]["n"]))
        return t("algo.prompt.attack")

    # --- input ---------------------------------------------------------------------------------
    def act(self, action, arg, view, sel, ctx):
        if action == "target":
            try:
                s, p = (int(x) for x in arg.split("-"))
            except ValueError:
                return None
            if sel.get("target") == [s, p]:
                sel.pop("target")
            else:
                sel["target"] = [s, p]
                ctx.focus = "num-0"
            sel.pop("typed", None)
            return None
        if action == "stake":
            try:
                sel["stake"] = int(arg)
            except ValueError:
                pass
            return None
        if action == "declare":
            try:
                return self.move(view, sel, int(arg))
            except ValueError:
                return None
        if action == "stay":
            return {"a": "stay"}
        if action == "cancel":
            sel.clear()
        return None

    def move(self, view, sel, n):
        target = sel.get("target")
        if not target:
            return None
        move = {"a": "attack", "s": target[0], "p": target[1], "n": n}
        if view["drawn"] is None and view["stake"] is None and "stake" in sel:
            move["w"] = sel["stake"]
        return move

    def key(self, key, view, sel, ctx):
        if key == "Escape":
            if sel:
                sel.clear()
                return True
            return None
        if key in ("s", "S") and view["phase"] == "again":
            return {"a": "stay"}
        if "target" not in sel:
            return None
        if key.isdigit() and len(key) == 1:
            typed = sel.get("typed", "") + key
            sel["typed"] = typed if int(typed) < R.NUMBERS else key
            return True
        if key == "Backspace" and sel.get("typed"):
            sel["typed"] = sel["typed"][:-1]
            return True
        if key == "Enter" and sel.get("typed"):
            return self.move(view, sel, int(sel["typed"]))
        return None

    # --- words ---------------------------------------------------------------------------------
    def describe(self, e, ctx):
        t, say = ctx.t, ctx.say
        kind = e["e"]
        if kind == "first_dealer":
            d = e["draws"][e["dealer"]]
            return say("algo.log.first_dealer", e["dealer"], card=card_name(t, d["c"], d["n"]))
        if kind == "deal":
            return say("algo.log.deal", e["dealer"], round=e["round"] + 1)
        if kind == "draw":
            if e["n"] is not None and e["seat"] == ctx.viewer:
                return t("algo.log.draw_own", card=card_name(t, e["c"], e["n"]))
            return say("algo.log.draw", e["seat"], colour=colour_name(t, e["c"]))
        if kind == "attack":
            key = "algo.log.hit" if e["hit"] else "algo.log.miss"
            return say(key, e["seat"], whose=ctx.whose(e["s"]), n=e["n"])
        if kind == "reveal":
            return say("algo.log.reveal", e["seat"], card=card_name(t, e["c"], e["n"]))
        if kind in ("stay", "out"):
            return say(f"algo.log.{kind}", e["seat"])
        if kind == "round_end":
            return say("algo.log.round_end", e["winner"], round=e["round"] + 1)
        if kind == "game_end":
            return t("algo.log.game_end", names=t("list.sep").join(ctx.name(s) for s in e["winners"]))
        return None

    def ends_round(self, event):
        return event["e"] == "round_end"

    def round_summary(self, e, ctx):
        t = ctx.t
        rows = [h("li", {}, h("span", {"class_": "seat-name"}, ctx.name(s)),
                  h("span", {"class_": "mini-row", "role": "img",
                             "aria_label": t("list.sep").join(card_name(t, c["c"], c["n"]) for c in row)},
                    [card_svg(t, c["c"], c["n"], True, small=True) for c in row]))
                for s, row in enumerate(e["rows"])]
        return h("div", {},
                 h("h2", {"id": "round-title"}, ctx.say("algo.round_won", e["winner"], round=e["round"] + 1)),
                 h("p", {}, t("algo.all_cards")),
                 h("ul", {"class_": "reveal-rows"}, rows))

    def result(self, view, ctx):
        t = ctx.t
        out = view["outcome"]
        winners = t("list.sep").join(ctx.name(s) for s in out["winners"])
        head = (t("algo.result.shared", names=winners) if len(out["winners"]) > 1
                else ctx.say("algo.result.winner", out["winners"][0]))
        rows = [h("tr", {}, h("td", {}, str(r["round"] + 1)), h("td", {}, ctx.name(r["dealer"])),
                  h("td", {}, ctx.name(r["winner"]))) for r in view["results"]]
        totals = [h("li", {}, t("algo.result.total", name=ctx.name(s), n=w))
                  for s, w in enumerate(view["wins"])]
        return h("div", {},
                 h("h2", {"id": "result-title"}, head),
                 h("table", {"class_": "rounds"},
                   h("caption", {}, t("algo.result.rounds")),
                   h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, t("algo.result.round")),
                                    h("th", {"scope": "col"}, t("algo.dealer")),
                                    h("th", {"scope": "col"}, t("algo.result.round_winner")))),
                   h("tbody", {}, rows)),
                 h("ul", {"class_": "totals"}, totals))

    def rules(self, t):
        sections = []
        for key in ("goal", "setup", "turn", "hit", "miss", "empty", "out", "end", "view"):
            sections.append(h("h3", {}, t(f"algo.rules.{key}.title")))
            sections.append(h("p", {}, t(f"algo.rules.{key}")))
        rulings = [h("li", {}, t(f"algo.ruling.{k}")) for k in
                   ("colour", "first_dealer", "winner", "last_hit", "reveal", "sorted")]
        keys = [h("li", {}, t(f"algo.keys.{k}")) for k in ("tab", "digits", "stay", "escape")]
        return h("div", {"class_": "rules"}, sections,
                 h("h3", {}, t("rules.rulings")), h("ul", {}, rulings),
                 h("h3", {}, t("rules.keys")), h("ul", {}, keys))


UI = AlgoUI()
