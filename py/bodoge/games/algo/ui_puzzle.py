"""The 詰めアルゴ screen: rows of cards, a number pad, mistakes, and "show why".

Keyboard: Tab to a face-down card and press Enter, then type its number (two digits for 10
and 11) and press Enter, or use the number buttons; W shows why the next card is forced; Esc
cancels. Numbers already tried on a card are marked on the pad and cannot be chosen again.
"""

from ...ui.games import action
from ...ui.html import h
from ...ui.phrases import phrased
from . import rules as R
from .puzzle import explain_view
from .ui_cards import card_name, card_svg, colour_name, toggle_card, type_number
from .ui_table import geometry

EVENTS = frozenset({"puzzle", "named", "wrong", "solved"})


def place(t, r, p):
    return t("algo.puzzle.place", row=r + 1, i=p + 1)


def bound_name(t, cid, left):
    if cid < 0 or cid >= R.CARDS:
        return t("algo.puzzle.left_end" if left else "algo.puzzle.right_end")
    return card_name(t, cid & 1, cid >> 1)


def capital(text):
    """A sentence that starts with a place ("row 2, card 3 …") starts with a capital."""
    return text[:1].upper() + text[1:]


def id_name(t, cid):
    return card_name(t, cid & 1, cid >> 1)


class PuzzleUI:
    """Rendering and input of the puzzle mode (``AlgoUI`` hands puzzle views to it)."""

    def board(self, view, sel, ctx):
        """The rows (sized to the stage like the game's table, ``ui_table.geometry``), and
        below them the status, the reason ("Show why"), the number pad and the buttons, in a
        panel of fixed height, so nothing moves when a card is picked or a reason shown."""
        t = ctx.t
        playing = ctx.viewer is not None and ctx.viewer in view["to_move"]
        why = sel.why if playing else None
        hint = tuple(why["slot"]) if why else None
        rows = []
        for r, row in enumerate(view["rows"]):
            cards = []
            for p, card in enumerate(row):
                classes = ["card", "black" if card["c"] == R.BLACK else "white",
                           "up" if card["up"] else "down"]
                label = self.label(t, r, p, card)
                svg = card_svg(t, card["c"], card["n"], card["up"])
                if (r, p) == hint:
                    classes.append("hint")
                if playing and not card["up"]:
                    selected = sel.pick == [r, p]
                    classes.append("selected" if selected else "target")
                    el = h("button", {"type": "button", "id": f"pz-{r}-{p}", "class_": " ".join(classes),
                                      "data_act": "pick", "data_arg": f"{r}-{p}", "aria_label": label,
                                      "aria_pressed": "true" if selected else "false"}, svg)
                else:
                    el = h("span", {"id": f"pz-{r}-{p}", "class_": " ".join(classes), "role": "img",
                                    "aria_label": label}, svg)
                cards.append(h("li", {}, el))
            name = t("algo.puzzle.row", n=r + 1)
            rows.append(h("section", {"class_": "seat puzzle-row", "aria_label": name},
                          h("h2", {"class_": "seat-name"},
                            h("span", {"class_": "who full"}, name),
                            h("span", {"class_": "who short", "aria_hidden": "true"}, str(r + 1))),
                          h("ol", {"class_": "row"}, cards)))
        status = h("p", {"class_": "puzzle-status", "id": "puzzle-status"},
                   h("span", {}, t(f"algo.grade.{view['grade']}")), " · ",
                   h("span", {}, t("algo.puzzle.left", n=view["left"])), " · ",
                   h("span", {"class_": "mistakes"}, t("algo.puzzle.mistakes", n=view["mistakes"])))
        text = [status]
        pick = sel.pick if playing else None
        if pick:
            r, p = pick
            text.append(h("p", {"id": "numpad-label", "class_": "declare-for"},
                          t("algo.puzzle.name_for", where=place(t, r, p),
                            colour=colour_name(t, view["rows"][r][p]["c"]))))
        if why:
            text.append(h("section", {"class_": "why", "aria_labelledby": "why-title"},
                          h("h3", {"id": "why-title"}, t("algo.puzzle.why_title")),
                          # the language's colon (a Japanese line ends 「理由：」, not 「理由: 」)
                          h("span", {"aria_hidden": "true"},
                            "：" if ctx.i18n.lang == "ja" else ": "),
                          h("p", {"id": "why-text", "tabindex": "-1", "class_": "phrased"},
                            phrased(self.why_text(why, t)))))
        parts = [h("div", {"class_": "action-text"}, text)]
        if playing:
            parts += self.controls(view, sel, ctx)
        center = h("div", {"class_": "center" + (" acting" if playing else ""),
                           "data_region": "hand" if playing else None}, parts)
        return h("div", {"class_": "algo-board algo-table puzzle-board", "data_region": "table",
                         "style": geometry([len(row) for row in view["rows"]])},
                 h("div", {"class_": "puzzle-rows"}, rows), center)

    def label(self, t, r, p, card):
        where = place(t, r, p)
        if card["up"]:
            return t("algo.puzzle.card_up", where=where, card=card_name(t, card["c"], card["n"]))
        if card["tried"]:
            return t("algo.puzzle.card_tried", where=where, colour=colour_name(t, card["c"]),
                     tried=t("list.sep").join(str(n) for n in card["tried"]))
        return t("algo.puzzle.card_down", where=where, colour=colour_name(t, card["c"]))

    def controls(self, view, sel, ctx):
        """The number pad (for the picked card; disabled until one is picked) and the buttons."""
        t = ctx.t
        pick = sel.pick
        card = view["rows"][pick[0]][pick[1]] if pick else None
        typed = sel.typed
        buttons = []
        for n in range(R.NUMBERS):
            tried = card is not None and n in card["tried"]
            classes = "num" + ("" if card is None else " black" if card["c"] == R.BLACK else " white")
            classes += (" typed" if typed and int(typed) == n else "") + (" tried" if tried else "")
            buttons.append(h("button", {"type": "button", "id": f"num-{n}", "class_": classes,
                                        "data_act": "name", "data_arg": str(n),
                                        "disabled": tried or card is None,
                                        "aria_label": t("algo.puzzle.tried_n" if tried else "algo.puzzle.name_n",
                                                        n=n)}, str(n)))
        pad = {"class_": "numpad", "role": "group"}
        if pick:
            pad["aria_labelledby"] = "numpad-label"
        else:
            pad["aria_label"] = t("algo.numbers")
        acts = [h("button", {"type": "button", "id": "why", "class_": "button", "data_act": "why",
                             "aria_keyshortcuts": "W"}, t("algo.puzzle.why"))]
        if pick:
            acts.append(h("button", {"type": "button", "id": "cancel", "class_": "button",
                                     "data_act": "cancel", "aria_keyshortcuts": "Escape"},
                          t("algo.cancel")))
        return [h("div", pad, buttons), h("div", {"class_": "acts"}, acts)]

    def why_text(self, st, t):
        return capital(self.why_sentence(st, t))       # "row 2, …" starts a sentence

    def why_sentence(self, st, t):
        r, p = st["slot"]
        colour = colour_name(t, st["card"] & 1)
        card, where = id_name(t, st["card"]), place(t, r, p)
        lo, hi = bound_name(t, st["lo"], True) if "lo" in st else "", bound_name(t, st["hi"], False) if "hi" in st else ""
        kind = st["kind"]
        if kind == "bounds" and st["seen"]:
            return t("algo.why.bounds_seen", where=where, lo=lo, hi=hi, colour=colour,
                     seen=t("list.sep").join(id_name(t, x) for x in st["seen"]), card=card)
        if kind == "bounds":
            return t("algo.why.bounds", where=where, lo=lo, hi=hi, colour=colour, card=card)
        if kind == "only":
            return t("algo.why.only", where=where, colour=colour, card=card)
        if kind == "count":
            return t("algo.why.count", where=where, lo=lo, hi=hi, colour=colour, row=r + 1,
                     k=len(st["cards"]), cards=t("list.sep").join(id_name(t, x) for x in st["cards"]),
                     card=card)
        return t("algo.why.order", where=where, lo=lo, hi=hi, colour=colour, card=card)

    def prompt(self, view, sel, ctx):
        t = ctx.t
        pick = sel.pick
        if pick:
            typed = sel.typed
            where = place(t, *pick)
            move = ctx.pending            # waiting for Confirm (beside it): say what it answers
            if (isinstance(move, dict) and move.get("a") == "name"
                    and [move["r"], move["p"]] == list(pick)):
                return t("algo.puzzle.prompt_pending", n=move["n"], where=where)
            return (t("algo.puzzle.prompt_typed", n=typed, where=where) if typed
                    else t("algo.puzzle.prompt_number_touch" if ctx.touch      # no Enter to press
                           else "algo.puzzle.prompt_number", where=where))
        return t("algo.puzzle.prompt")

    # --- input: each data-act declared once (``AlgoUI.act`` dispatches a puzzle's here) --------
    app = None            # the app the game is opened in (``AlgoUI.opened``), for Next puzzle

    @action("pick")
    def pick(self, arg, view, sel, ctx):
        """Choose (or unchoose) a face-down card to name; never a face-up one (a stale tap)."""
        try:
            r, p = (int(x) for x in arg.split("-"))
            down = r >= 0 and p >= 0 and not view["rows"][r][p]["up"]
        except (ValueError, IndexError):
            down = False
        if down:
            toggle_card(sel, "pick", arg, ctx)
        return None

    @action("name")
    def name(self, arg, view, sel, ctx):
        """A number button: name the picked card."""
        try:
            return self.move(sel, int(arg))
        except ValueError:
            return None

    @action("why")
    def why(self, arg, view, sel, ctx):
        self.show_why(view, sel, ctx)
        return None

    @action("cancel")
    def cancel(self, arg, view, sel, ctx):
        sel.pick, sel.typed = None, ""
        return None

    @action("next-puzzle")
    def next_puzzle(self, arg, view, sel, ctx):
        """A solved puzzle's Next puzzle: a new puzzle of the same grade (the daily puzzle's
        next is a random one), for the same person, in a new save."""
        if view.get("outcome") is None or self.app is None:
            return None
        self.app.start_game("algo", {"mode": "puzzle", "players": 1, "grade": view["grade"]},
                            [{"name": "", "bot": None}])
        return None

    def show_why(self, view, sel, ctx):
        step = explain_view(view)
        if step is not None:
            sel.why = step
            ctx.focus = "why-text"

    def move(self, sel, n):
        pick = sel.pick
        if not pick:
            return None
        sel.why = None
        return {"a": "name", "r": pick[0], "p": pick[1], "n": n}

    def key(self, key, view, sel, ctx):
        if key == "Escape":
            if sel.pick or sel.why:
                sel.clear()
                return True
            return None
        if key in ("w", "W"):
            self.show_why(view, sel, ctx)
            return True
        if sel.pick is None:
            return None
        if type_number(key, sel):
            return True
        if key == "Enter" and sel.typed:
            return self.move(sel, int(sel.typed))
        return None

    # --- words ---------------------------------------------------------------------------------
    def describe(self, e, ctx):
        t = ctx.t
        kind = e["e"]
        if kind == "puzzle":
            return t("algo.log.puzzle", grade=t(f"algo.grade.{e['grade']}"), n=e["hidden"])
        if kind == "named":           # "Row 2, card 3 is …": a line starts with a capital
            return capital(t("algo.log.named", where=place(t, e["r"], e["p"]),
                             card=card_name(t, e["c"], e["n"])))
        if kind == "wrong":
            return capital(t("algo.log.wrong", where=place(t, e["r"], e["p"]), n=e["n"]))
        if kind == "solved":
            return t("algo.log.solved", n=e["mistakes"])
        return None

    def result(self, view, ctx):
        t = ctx.t
        out = view["outcome"]
        return [h("p", {"class_": "puzzle-result"}, t(f"algo.grade.{out['grade']}"), " · ",
                  t("algo.puzzle.mistakes", n=out["mistakes"])),
                h("p", {}, h("button", {"type": "button", "class_": "button primary", "id": "next-puzzle",
                                        "data_act": "next-puzzle"}, t("algo.puzzle.next")))]
