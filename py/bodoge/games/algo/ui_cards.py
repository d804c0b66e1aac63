"""algo cards as SVG, their names, choosing one and its number (the pad, typed digits, a move
waiting for Confirm): shared by the game board and the puzzle screen.

Black and white cards differ in more than colour: black faces carry a filled corner mark and
the label 黒/B, white ones a ring and 白/W; face-down backs have stripes (black) or dots
(white).
"""

from ...ui.html import Memo, freeze, h
from . import rules as R

W, H = 48, 72


class Choice:
    """The player's choice in progress (the session's ``sel``): in a game, the card to attack
    (``target``: [row, position]), the own card put at stake with an empty deck (``stake``:
    a position), the number typed so far (``typed``: "" or digits) and the number held by the
    player that the pad asks about before a bluff (``bluff``); in a 詰めアルゴ puzzle, the card
    to name (``pick``: [row, position]) and the reason shown (``why``: a step of
    ``puzzle.explain_view``)."""

    __slots__ = ("target", "stake", "typed", "bluff", "pick", "why")

    def __init__(self, target=None, stake=None, typed="", bluff=None, pick=None, why=None):
        self.target, self.stake, self.typed, self.bluff = target, stake, typed, bluff
        self.pick, self.why = pick, why

    def clear(self):
        self.__init__()

    def __bool__(self):
        return any(getattr(self, name) not in (None, "") for name in self.__slots__)

    def __eq__(self, other):
        return isinstance(other, Choice) and all(
            getattr(self, name) == getattr(other, name) for name in self.__slots__)

    def __repr__(self):
        return "Choice(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__
                                     if getattr(self, name) not in (None, "")) + ")"


def toggle_card(sel, key, arg, ctx):
    """Choose the card ``arg`` ("row-position") as ``sel``'s ``key`` ("target", "pick"), or
    unchoose it if it was; choosing moves focus to the number buttons. Either way a typed
    number (and a bluff asked about) is forgotten."""
    try:
        a, b = (int(x) for x in arg.split("-"))
    except ValueError:
        return
    if getattr(sel, key) == [a, b]:
        setattr(sel, key, None)
    else:
        setattr(sel, key, [a, b])
        ctx.focus = "num-0"
    sel.typed, sel.bluff = "", None


def type_number(key, sel, enter):
    """Typing the number for the chosen card: a digit extends ``sel.typed`` (starting over
    when that would pass the highest card), Backspace takes one back (True: ``key`` did);
    Enter gives ``enter(the number typed)``."""
    if key.isdigit() and len(key) == 1:
        typed = sel.typed + key
        sel.typed = typed if int(typed) < R.NUMBERS else key
        return True
    if key == "Backspace" and sel.typed:
        sel.typed = sel.typed[:-1]
        return True
    return enter(int(sel.typed)) if key == "Enter" and sel.typed else None


def whole(text, allowed=None, default=None):
    """``text`` as a whole number (else ``default``; also if it is not among ``allowed``)."""
    try:
        n = int(text)
    except (TypeError, ValueError):
        return default
    return n if allowed is None or n in allowed else default


def pending(ctx, a):
    """The move waiting for Confirm (``ctx.pending``) if it is an ``a`` ("attack", "show", …)."""
    move = ctx.pending
    return move if isinstance(move, dict) and move.get("a") == a else None


def card_element(attrs, classes, svg, pressable=False):
    """A card in a row: one ``<span>`` whatever its state, so that when the turn passes the page
    keeps it and changes only its attributes (web/morph.js rebuilt every card that went from a
    button to a picture and back: 150-190 elements a move). ``pressable``: the role and focus
    of a button (Enter and Space press it: ``ui/dom.py``), its name text a screen reader reads
    but nobody sees (the picture is aria-hidden), not an aria-label: the letters drawn on the
    card (B, ?) are not its name, and a name that does not contain them would not match what is
    seen. Otherwise a picture named by its ``aria_label``."""
    if not pressable:
        return h("span", {**attrs, "role": "img", "class_": " ".join(classes)}, svg)
    attrs = dict(attrs)
    label = attrs.pop("aria_label")
    return h("span", {**attrs, "role": "button", "tabindex": "0", "class_": " ".join(classes)}, svg,
             h("span", {"class_": "offscreen"}, label))


def card_classes(card, ended=False):
    """A card's classes: its colour and side (``ended``: one left face down when its round
    ended)."""
    down = "down ended-down" if ended else "down"
    return ["card", "black" if card["c"] == R.BLACK else "white", "up" if card["up"] else down]


def num_class(card):
    """A number button's classes, tinted as the card it is for (None: no card chosen)."""
    return "num" + ("" if card is None else " black" if card["c"] == R.BLACK else " white")


def numpad(t, labelled, buttons, *more):
    """The number pad, named by the line that says which card it is for (``labelled``) or
    else "Numbers"."""
    name = {"aria_labelledby": "numpad-label"} if labelled else {"aria_label": t("algo.numbers")}
    return h("div", {"class_": "numpad", "role": "group", **name}, buttons, *more)


def colour_name(t, c):
    return t("algo.black") if c == R.BLACK else t("algo.white")


def colour_short(t, c):
    return t("algo.black_short") if c == R.BLACK else t("algo.white_short")


def card_name(t, c, n):
    return t("algo.card", colour=colour_name(t, c), n=n)


def nth(t, p):
    """Position ``p`` (0-based) as an ordinal: "3rd" (ja: "3", the sentence adds 枚目)."""
    return t(f"algo.nth.{p + 1}") if p < 3 else t("algo.nth", i=p + 1)


def card_at(t, whose, p, c):
    """A card named by whose row, position from the left and colour: "Aki's 3rd card from the
    left (white)" (ja: 「Akiの左から3枚目（白）」)."""
    return t("algo.card_at", whose=whose, nth=nth(t, p), colour=colour_name(t, c))


PICTURES = Memo(512)     # cards as drawn (``card_svg``): a move draws again only the new ones


def card_svg(t, c, n, face_up, mine=False, small=False):
    """One card as SVG. ``n`` None: its back. ``mine``: own card still hidden from others. Its
    markup is made once for what it shows (``PICTURES``: its colour's letter says the
    language), frozen whole, never sent as a kept part's marker: a picture moves (the drawn
    card into its row), and web/morph.js resolves no marker inside an element it inserts."""
    label, closed = colour_short(t, c), mine and not face_up
    return PICTURES((c, n, closed, small, label), lambda: freeze([draw_card(c, n, closed, small, label)]))


def draw_card(c, n, closed, small, label):
    black = c == R.BLACK
    fg, bg = ("#fff", "#1d1f24") if black else ("#1d1f24", "#fbfaf6")
    size = {"width": str(W // 2 if small else W), "height": str(H // 2 if small else H)}
    parts = [h("rect", {"x": "1.5", "y": "1.5", "width": str(W - 3), "height": str(H - 3), "rx": "6",
                        "fill": bg, "stroke": "#1d1f24", "stroke_width": "2"})]
    if n is None:
        # back: stripes on black, dots on white, so colour is never the only cue
        parts += ([h("line", {"x1": str(x), "y1": "6", "x2": str(x - 24), "y2": "66",
                              "stroke": "#5b606b", "stroke_width": "3"}) for x in range(30, 80, 10)]
                  if black else
                  [h("circle", {"cx": str(x), "cy": str(y), "r": "2.2", "fill": "#b9b4a6"})
                   for x in range(10, 44, 9) for y in range(12, 66, 10)])
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
    parts.append(h("path", {"d": f"M{W - 14} 4 L{W - 4} 4 L{W - 4} 14 Z", "fill": fg}) if black
                 else h("circle", {"cx": str(W - 9), "cy": "9", "r": "4", "fill": "none",
                                   "stroke": fg, "stroke_width": "1.5"}))
    if closed:
        # own card still hidden from the others: a closed-eye mark at the bottom
        parts += [h("path", {"d": "M16 62 Q24 56 32 62", "fill": "none", "stroke": fg,
                             "stroke_width": "2"}),
                  h("line", {"x1": "15", "y1": "57", "x2": "33", "y2": "66", "stroke": fg,
                             "stroke_width": "2"})]
    return h("svg", {"viewBox": f"0 0 {W} {H}", "aria_hidden": "true", "focusable": "false",
                     **size}, parts)
