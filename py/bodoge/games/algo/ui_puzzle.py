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
from .ui_cards import (card_classes, card_name, card_svg, colour_name, num_class, numpad,
                       pending, toggle_card, type_number, whole)
from .ui_table import geometry

EVENTS = frozenset({"puzzle", "named", "wrong", "solved"})


def place(t, r, p):
    return t("algo.puzzle.place", row=r + 1, i=p + 1)


def bound_name(t, cid, left):
    if cid < 0 or cid >= R.CARDS:
        return t("algo.puzzle.left_end" if left else "algo.puzzle.right_end")
    return id_name(t, cid)


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
                classes = card_classes(card) + (["hint"] if (r, p) == hint else [])
                pickable, selected = playing and not card["up"], sel.pick == [r, p]
                if pickable:
                    classes.append("selected" if selected else "target")
                attrs = ({"type": "button", "data_act": "pick", "data_arg": f"{r}-{p}",
                          "aria_pressed": "true" if selected else "false"} if pickable
                         else {"role": "img"})
                cards.append(h("li", {}, h("button" if pickable else "span",
                                           {"id": f"pz-{r}-{p}", "class_": " ".join(classes),
                                            "aria_label": self.label(t, r, p, card), **attrs},
                                           card_svg(t, card["c"], card["n"], card["up"]))))
            name = t("algo.puzzle.row", n=r + 1)
            rows.append(h("section", {"class_": "seat puzzle-row", "aria_label": name},
                          h("h2", {"class_": "seat-name"},
                            h("span", {"class_": "who full"}, name),
                            h("span", {"class_": "who short", "aria_hidden": "true"}, str(r + 1))),
                          h("ol", {"class_": "row"}, cards)))
        text = [h("p", {"class_": "puzzle-status", "id": "puzzle-status"},
                  h("span", {}, t(f"algo.grade.{view['grade']}")), " · ",
                  h("span", {}, t("algo.puzzle.left", n=view["left"])), " · ",
                  h("span", {"class_": "mistakes"}, t("algo.puzzle.mistakes", n=view["mistakes"])))]
        pick = sel.pick if playing else None
        if pick:
            text.append(h("p", {"id": "numpad-label", "class_": "declare-for"},
                          t("algo.puzzle.name_for", where=place(t, *pick),
                            colour=colour_name(t, view["rows"][pick[0]][pick[1]]["c"]))))
        if why:
            text.append(h("section", {"class_": "why", "aria_labelledby": "why-title"},
                          h("h3", {"id": "why-title"}, t("algo.puzzle.why_title")),
                          # the language's colon (a Japanese line ends 「理由：」, not 「理由: 」)
                          h("span", {"aria_hidden": "true"},
                            "：" if ctx.i18n.lang == "ja" else ": "),
                          h("p", {"id": "why-text", "tabindex": "-1", "class_": "phrased"},
                            phrased(self.why_text(why, t)))))
        parts = [h("div", {"class_": "action-text"}, text)] + (
            self.controls(view, sel, ctx) if playing else [])
        center = h("div", {"class_": "center" + (" acting" if playing else ""),
                           "data_region": "hand" if playing else None}, parts)
        return h("div", {"class_": "algo-board algo-table puzzle-board", "data_region": "table",
                         "style": geometry([len(row) for row in view["rows"]])},
                 h("div", {"class_": "puzzle-rows"}, rows), center)

    def label(self, t, r, p, card):
        key = "card_up" if card["up"] else "card_tried" if card["tried"] else "card_down"
        return t(f"algo.puzzle.{key}", where=place(t, r, p), colour=colour_name(t, card["c"]),
                 card=card_name(t, card["c"], card["n"]),
                 tried=t("list.sep").join(str(n) for n in card["tried"]))

    def controls(self, view, sel, ctx):
        """The number pad (for the picked card; disabled until one is picked) and the buttons."""
        t, pick, typed = ctx.t, sel.pick, sel.typed
        card = view["rows"][pick[0]][pick[1]] if pick else None
        buttons = []
        for n in range(R.NUMBERS):
            tried = card is not None and n in card["tried"]
            classes = num_class(card) + (" typed" if typed and int(typed) == n else "")
            classes += " tried" if tried else ""
            buttons.append(h("button", {"type": "button", "id": f"num-{n}", "class_": classes,
                                        "data_act": "name", "data_arg": str(n),
                                        "disabled": tried or card is None,
                                        "aria_label": t("algo.puzzle.tried_n" if tried else "algo.puzzle.name_n",
                                                        n=n)}, str(n)))
        acts = [h("button", {"type": "button", "id": "why", "class_": "button", "data_act": "why",
                             "aria_keyshortcuts": "W"}, t("algo.puzzle.why")),
                h("button", {"type": "button", "id": "cancel", "class_": "button",
                             "data_act": "cancel", "aria_keyshortcuts": "Escape"},
                  t("algo.cancel")) if pick else None]
        return [numpad(t, pick, buttons), h("div", {"class_": "acts"}, acts)]

    def why_text(self, st, t):
        """A step (``puzzle.explain_view``) in words: ``algo.why.<kind>``, or ``bounds_seen`` for
        a step by bounds with cards in between already seen; "row 2, …" starts a sentence."""
        r, p = st["slot"]
        lo, hi = (bound_name(t, st[k], k == "lo") if k in st else "" for k in ("lo", "hi"))
        kind = "bounds_seen" if st["kind"] == "bounds" and st["seen"] else st["kind"]
        return capital(t(f"algo.why.{kind}", where=place(t, r, p), lo=lo, hi=hi, row=r + 1,
                 colour=colour_name(t, st["card"] & 1), card=id_name(t, st["card"]),
                 seen=t("list.sep").join(id_name(t, x) for x in st.get("seen", ())),
                 k=len(st.get("cards", ())),
                 cards=t("list.sep").join(id_name(t, x) for x in st.get("cards", ()))))

    def prompt(self, view, sel, ctx):
        t, pick = ctx.t, sel.pick
        if not pick:
            return t("algo.puzzle.prompt")
        where = place(t, *pick)
        move = pending(ctx, "name")        # waiting for Confirm (beside it): say what it answers
        if move and [move["r"], move["p"]] == list(pick):
            return t("algo.puzzle.prompt_pending", n=move["n"], where=where)
        if sel.typed:
            return t("algo.puzzle.prompt_typed", n=sel.typed, where=where)
        return t("algo.puzzle.prompt_number_touch" if ctx.touch      # no Enter to press
                 else "algo.puzzle.prompt_number", where=where)

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
        n = whole(arg)
        return None if n is None else self.move(sel, n)

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
        return type_number(key, sel, lambda n: self.move(sel, n))

    # --- words ---------------------------------------------------------------------------------
    def describe(self, e, ctx):
        t, kind = ctx.t, e["e"]
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
