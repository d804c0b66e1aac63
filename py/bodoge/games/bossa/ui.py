"""Bossa board: two lines of die-face tiles growing out of their dice, both hands, the action
markers, the deck and the table of tiles not yet seen.

White and black pips differ in shape, not only colour: white pips are rings, black pips are
filled dots (and every tile, die and place has a text label for screen readers). The open
places say what they need (number and tile counts). Select tiles in your hand (click, or
keys 1–9), then an open place; actions: select one own tile for Redraw, one own and one of
the opponent's for Exchange, or press Stack and then a filled place. Esc clears.

The engine decides what is legal: the screen asks ``rules.view_moves`` (computed from the
view) which places the selected tiles fit, only to highlight them.
"""

from ...core.protocol import rules_of
from ...ui.games import GameUI
from ...ui.html import h
from . import rules as R

TILE = 40
PIPS = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)],
        3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.27, 0.27), (0.27, 0.73), (0.73, 0.27), (0.73, 0.73)],
        5: [(0.27, 0.27), (0.27, 0.73), (0.5, 0.5), (0.73, 0.27), (0.73, 0.73)],
        6: [(0.27, 0.22), (0.27, 0.5), (0.27, 0.78), (0.73, 0.22), (0.73, 0.5), (0.73, 0.78)]}
INK, PAPER = "#1d1f24", "#fbfaf6"
COLOURS = ("white", "black")


def pips(white, black, size, body=PAPER):
    """Pips of a die face: the first ``white`` as rings, the rest filled."""
    out = []
    r = size * 0.085
    for i, (x, y) in enumerate(PIPS[white + black]):
        ring = i < white
        out.append(h("circle", {"cx": f"{x * size:.1f}", "cy": f"{y * size:.1f}", "r": f"{r:.1f}",
                                "fill": "#fff" if ring else (INK if body == PAPER else "#fff"),
                                "stroke": INK, "stroke_width": f"{size * 0.045:.1f}",
                                "class_": "pip-w" if ring else "pip-b"}))
    return out


def tile_svg(t, size=TILE):
    w, b = R.TILES[t]
    return h("svg", {"viewBox": f"0 0 {size} {size}", "width": str(size), "height": str(size),
                     "aria_hidden": "true", "focusable": "false", "class_": "tile-face"},
             h("rect", {"x": "1", "y": "1", "width": str(size - 2), "height": str(size - 2),
                        "rx": str(size // 6), "fill": PAPER, "stroke": INK, "stroke_width": "2"}),
             pips(w, b, size))


def die_svg(c, n, size=TILE + 8):
    """A line's die: the white die is dark with ring pips, the black die light with dots."""
    dark = c == R.WHITE
    body = INK if dark else "#e9e4d6"
    parts = [h("rect", {"x": "1.5", "y": "1.5", "width": str(size - 3), "height": str(size - 3),
                        "rx": str(size // 5), "fill": body, "stroke": INK, "stroke_width": "3"})]
    r = size * 0.085
    for x, y in PIPS[n]:
        parts.append(h("circle", {"cx": f"{x * size:.1f}", "cy": f"{y * size:.1f}", "r": f"{r:.1f}",
                                  "fill": "#fff" if dark else INK,
                                  "stroke": "#fff" if dark else INK, "stroke_width": "1.5"}))
    return h("svg", {"viewBox": f"0 0 {size} {size}", "width": str(size), "height": str(size),
                     "aria_hidden": "true", "focusable": "false"}, parts)


def tile_name(t, tt):
    w, b = R.TILES[t]
    if w and b:
        return tt("bossa.tile.both", w=w, b=b)
    return tt("bossa.tile.white", n=w) if w else tt("bossa.tile.black", n=b)


def tiles_name(tiles, tt):
    return tt("list.sep").join(tile_name(t, tt) for t in tiles)


def line_name(c, tt):
    return tt(f"bossa.line.{COLOURS[c]}")


class BossaUI(GameUI):
    game_id = "bossa"

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

    # --- board ---------------------------------------------------------------------------------
    def me(self, view, ctx):
        return ctx.viewer if ctx.viewer is not None else 0

    def my_turn(self, view, ctx):
        return ctx.viewer is not None and ctx.viewer in view["to_move"]

    def board(self, view, sel, ctx):
        me = self.me(view, ctx)
        playing = self.my_turn(view, ctx) and view["phase"] == "play"
        fresh = self.fresh_tiles(view, ctx)
        moves = R.view_moves(view, me) if playing else []
        parts = [self.player(view, R.other(me), sel, ctx, playing, fresh),
                 h("section", {"class_": "bossa-lines", "aria_label": ctx.t("bossa.lines")},
                   [self.line(view, c, sel, ctx, playing, moves, fresh) for c in R.LINES]),
                 self.player(view, me, sel, ctx, playing, fresh)]
        if self.my_turn(view, ctx) and view["phase"] in ("choose", "side"):
            parts.insert(1, self.choices(view, ctx))
        if sel.get("hint"):
            parts.insert(0, h("p", {"class_": "error", "role": "alert"}, ctx.t(sel["hint"])))
        return h("div", {"class_": "bossa-board"},
                 h("div", {"class_": "bossa-main"}, parts), self.info(view, ctx))

    def fresh_tiles(self, view, ctx):
        if ctx.fresh_from is None:
            return set()
        out = set()
        for e in view["log"][ctx.fresh_from:]:
            if e["e"] in ("place", "stack"):
                out.update(e["tiles"])
            elif e["e"] == "draw":
                out.add(e["tile"])
            elif e["e"] == "redraw":
                out.add(e["drew"])
            elif e["e"] == "exchange":
                out.update((e["give"], e["take"]))
        return out

    def player(self, view, s, sel, ctx, playing, fresh):
        t = ctx.t
        me = self.me(view, ctx)
        mine = s == me
        badges = []
        if view["phase"] != "over" and view["turn"] == s:
            badges.append(h("span", {"class_": "badge turn"}, t("bossa.turn")))
        if view["own"][s] is not None:
            c = view["own"][s]
            badges.append(h("span", {"class_": f"badge side side-{COLOURS[c]}"},
                            t("bossa.side_badge", line=line_name(c, t))))
        hand = view["hands"][s]
        items = []
        note = None
        if hand is None:
            items = [h("li", {}, h("span", {"class_": "tile hidden-tile", "role": "img",
                                            "aria_label": t("bossa.hidden_tile")}, "?"))
                     for _ in range(view["hand_sizes"][s])]
            if mine and ctx.viewer is not None and not self.my_turn(view, ctx):
                # the lower roller waiting for the higher roller's choice (rules version 2);
                # on their own turn to choose, the choice panel says it
                note = h("p", {"class_": "hand-note"}, t("bossa.own_hand_hidden"))
        else:
            pick = "sel" if mine else "take"
            clickable = playing and (mine or not view["used"][me]["exchange"])
            for i, tile in enumerate(hand):
                label = tile_name(tile, t)
                classes = ["tile"] + (["fresh"] if tile in fresh else [])
                if clickable:
                    pressed = tile in sel.get(pick, ())
                    if pressed:
                        classes.append("selected")
                    key = f" ({i + 1})" if mine and i < 9 else ""
                    items.append(h("li", {}, h("button", {
                        "type": "button", "id": f"tile-{tile}", "class_": " ".join(classes),
                        "data_act": pick, "data_arg": str(tile),
                        "aria_pressed": "true" if pressed else "false",
                        "aria_label": (label if mine else t("bossa.take_label", tile=label)) + key,
                        "aria_keyshortcuts": str(i + 1) if mine and i < 9 else None},
                        tile_svg(tile, 48))))
                else:
                    items.append(h("li", {}, h("span", {"class_": " ".join(classes), "role": "img",
                                                        "aria_label": label}, tile_svg(tile, 48))))
        heading = h("h3", {"class_": "seat-name"}, ctx.name(s), " ", badges)
        return h("section", {"class_": "bossa-player" + (" me" if mine else "")
                             + (" active" if view["turn"] == s and view["phase"] != "over" else ""),
                             "aria_label": t("bossa.hand_of", whose=ctx.whose(s))},
                 heading,
                 h("ol", {"class_": "hand", "aria_label": t("bossa.hand_count", n=view["hand_sizes"][s])},
                   items), note,
                 self.markers(view, s, sel, ctx, playing and mine))

    def markers(self, view, s, sel, ctx, active):
        t = ctx.t
        out = []
        for a in R.ACTIONS:
            used = view["used"][s][a]
            name = t(f"bossa.action.{a}")
            if used:
                out.append(h("li", {}, h("span", {"class_": "marker used", "role": "img",
                                                  "aria_label": t("bossa.marker_used", action=name)},
                                         h("s", {"aria_hidden": "true"}, name),
                                         h("span", {"class_": "marker-state", "aria_hidden": "true"},
                                           t("bossa.used")))))
            elif active:
                pressed = a == "stack" and sel.get("mode") == "stack"
                out.append(h("li", {}, h("button", {
                    "type": "button", "id": f"action-{a}", "class_": "marker button" + (" selected" if pressed else ""),
                    "data_act": a, "aria_pressed": ("true" if pressed else "false") if a == "stack" else None,
                    "aria_describedby": f"help-{a}"}, name)))
            else:
                out.append(h("li", {}, h("span", {"class_": "marker", "role": "img",
                                                  "aria_label": t("bossa.marker_ready", action=name)},
                                         name)))
        help_ = [h("p", {"id": f"help-{a}", "class_": "offscreen"}, t(f"bossa.help.{a}"))
                 for a in R.ACTIONS] if active else []
        return h("div", {"class_": "markers-wrap"},
                 h("ul", {"class_": "markers", "aria_label": t("bossa.markers")}, out), help_)

    def line(self, view, c, sel, ctx, playing, moves, fresh):
        t = ctx.t
        line = view["lines"][c]
        owner = next((s for s in (0, 1) if view["own"][s] == c), None)
        title = line_name(c, t)
        if owner is not None:
            title = t("bossa.line_of", line=title, whose=ctx.whose(owner))
        count = R.places_count(line) if line["die"] is not None else 0
        head = h("h3", {"class_": f"line-title line-{COLOURS[c]}"},
                 h("span", {"class_": "line-mark", "aria_hidden": "true"}, "○" if c == R.WHITE else "●"),
                 " ", title,
                 h("span", {"class_": "line-count"},
                   t("bossa.places_filled", n=count) + (t("bossa.of_six") if owner is not None else "")))
        if line["die"] is None:
            return h("section", {"class_": f"line line-{COLOURS[c]}"}, head,
                     h("p", {"class_": "line-empty"}, t("bossa.no_die_yet")))
        cells = []
        ends = {end: (n, counts) for end, n, counts in R.open_ends(line, view["variant"])}
        selected = sorted(sel.get("sel", ()))
        stack_mode = playing and sel.get("mode") == "stack"
        if "lo" in ends:
            cells.append(self.end_cell(view, c, "lo", *ends["lo"], selected, ctx, playing, moves))
        else:
            cells.append(h("div", {"class_": "cell line-end", "aria_hidden": "true"}))
        for place in reversed(line["lo"]):
            cells.append(self.place_cell(view, c, place, selected, ctx, stack_mode, moves, fresh))
        cells.append(h("div", {"class_": "cell die-cell", "role": "img",
                              "aria_label": t("bossa.die_label", line=line_name(c, t), n=line["die"])},
                       die_svg(c, line["die"]), h("span", {"class_": "pnum", "aria_hidden": "true"},
                                                   str(line["die"]))))
        for place in line["hi"]:
            cells.append(self.place_cell(view, c, place, selected, ctx, stack_mode, moves, fresh))
        cells.append(self.end_cell(view, c, "hi", *ends["hi"], selected, ctx, playing, moves))
        return h("section", {"class_": f"line line-{COLOURS[c]}",
                             "aria_label": title}, head,
                 h("div", {"class_": "line-row"}, cells))

    def end_cell(self, view, c, end, n, counts, selected, ctx, playing, moves):
        t = ctx.t
        if not counts:
            need = t("bossa.closed")
        elif len(counts) == 1:
            need = t("bossa.need1", n=counts[0])
        else:
            need = t("bossa.need2", a=counts[0], b=counts[1])
        where = t(f"bossa.end.{end}")
        label = t("bossa.open_label", line=line_name(c, t), n=n, need=need, end=where)
        fits = bool(selected) and {"a": "place", "line": c, "end": end, "tiles": selected} in moves
        body = [h("span", {"class_": "pnum"}, str(n)), " ", h("span", {"class_": "need"}, need)]
        classes = "cell open-end" + (" closed" if not counts else "") + (" fits" if fits else "")
        if fits:
            label = t("bossa.fits", place=label)
            body.append(h("span", {"class_": "fits-mark", "aria_hidden": "true"}, "✓"))
        if playing and counts:
            return h("div", {"class_": classes},
                     h("button", {"type": "button", "id": f"end-{c}-{end}", "class_": "end-button",
                                  "data_act": "place", "data_arg": f"{c}-{end}", "aria_label": label},
                       body))
        return h("div", {"class_": classes, "role": "img", "aria_label": label}, body)

    def place_cell(self, view, c, place, selected, ctx, stack_mode, moves, fresh):
        t = ctx.t
        groups = [place["t"]] + place["s"]
        label = t("bossa.place_label", line=line_name(c, t), n=place["n"],
                  count=t("bossa.need1", n=place["k"]),
                  tiles=" / ".join(tiles_name(g, t) for g in groups))
        if place["s"]:
            label += " " + t("bossa.stacked", n=len(place["s"]))
        columns = [h("span", {"class_": "group" + (" stacked" if i else "")},
                     [h("span", {"class_": "tile small" + (" fresh" if tile in fresh else "")},
                        tile_svg(tile, 30)) for tile in g])
                   for i, g in enumerate(groups)]
        body = [h("span", {"class_": "pnum"}, str(place["n"])), h("span", {"class_": "groups"}, columns),
                h("span", {"class_": "by", "aria_hidden": "true"}, t("bossa.count_short", k=place["k"]))]
        fits = stack_mode and bool(selected) and \
            {"a": "stack", "line": c, "n": place["n"], "tiles": selected} in moves
        if stack_mode:
            if fits:
                label = t("bossa.fits", place=label)
            return h("div", {"class_": "cell place" + (" fits" if fits else "")},
                     h("button", {"type": "button", "id": f"place-{c}-{place['n']}", "class_": "place-button",
                                  "data_act": "stack-on", "data_arg": f"{c}-{place['n']}",
                                  "aria_label": t("bossa.stack_on", place=label)}, body))
        return h("div", {"class_": "cell place", "role": "img", "aria_label": label}, body)

    def choices(self, view, ctx):
        t = ctx.t
        buttons = [h("button", {"type": "button", "class_": "button primary", "id": f"own-{c}",
                                "data_act": "own", "data_arg": str(c)},
                     t("bossa.choose_own", line=line_name(c, t))) for c in R.LINES]
        if view["phase"] == "choose":
            buttons.append(h("button", {"type": "button", "class_": "button primary", "id": "first",
                                        "data_act": "first"}, t("bossa.choose_first")))
        return h("section", {"class_": "bossa-choice panel", "aria_labelledby": "choice-title"},
                 h("h3", {"id": "choice-title"}, t(f"bossa.choice.{view['phase']}")),
                 h("p", {}, t("bossa.choice_help", mine=view["rolls"][ctx.viewer],
                              theirs=view["rolls"][R.other(ctx.viewer)])),
                 h("p", {"class_": "blind-note"}, t("bossa.choice_blind"))
                 if view["hands"][ctx.viewer] is None else None,
                 h("div", {"class_": "controls"}, buttons))

    def info(self, view, ctx):
        t = ctx.t
        unseen = view["unseen"]
        rows = []
        for n in range(1, 7):
            cells = [h("th", {"scope": "row"}, str(n))]
            for c in R.LINES:
                total = sum(1 for tile in R.ALL_TILES if R.VALUE[c][tile] == n)
                left = sum(1 for tile in unseen if R.VALUE[c][tile] == n)
                cells.append(h("td", {"class_": "left-0" if not left else None},
                               t("bossa.left_of", left=left, total=total)))
            rows.append(h("tr", {}, cells))
        table = h("table", {"class_": "remaining"},
                  h("caption", {}, t("bossa.remaining")),
                  h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, t("bossa.dots")),
                                   h("th", {"scope": "col"}, "○ " + t("bossa.white_dots")),
                                   h("th", {"scope": "col"}, "● " + t("bossa.black_dots")))),
                  h("tbody", {}, rows))
        parts = [h("p", {"class_": "deck"}, h("span", {"class_": "deck-stack", "aria_hidden": "true"}),
                   t("bossa.deck", n=view["deck"])), table]
        if view["discard"]:
            parts.append(h("div", {"class_": "discards"},
                           h("h3", {}, t("bossa.discards")),
                           h("ul", {"class_": "hand"},
                             [h("li", {}, h("span", {"class_": "tile", "role": "img",
                                                     "aria_label": tile_name(x, t)}, tile_svg(x, 32)))
                              for x in view["discard"]])))
        if view["removed"] is not None:
            parts.append(h("p", {"class_": "removed"}, t("bossa.removed", tile=tile_name(view["removed"], t)),
                           " ", h("span", {"class_": "tile", "aria_hidden": "true"},
                                  tile_svg(view["removed"], 32))))
        return h("aside", {"class_": "bossa-info panel", "aria_label": t("bossa.info")}, parts)

    # --- prompt and input ----------------------------------------------------------------------
    def prompt(self, view, sel, ctx):
        t = ctx.t
        me = ctx.viewer
        if view["phase"] == "choose":
            return t("bossa.prompt.choose")
        if view["phase"] == "side":
            key = "bossa.prompt.side_blind" if view["hands"][me] is None else "bossa.prompt.side"
            return t(key, name=ctx.name(R.other(me)))
        if sel.get("mode") == "stack":
            return t("bossa.prompt.stack")
        chosen = sorted(sel.get("sel", ()))
        if chosen:
            moves = R.view_moves(view, me)
            spots = [self.spot(m, t) for m in moves if m["a"] == "place" and m["tiles"] == chosen]
            base = t("bossa.prompt.selected", tiles=tiles_name(chosen, t),
                     white=sum(R.VALUE[0][x] for x in chosen), black=sum(R.VALUE[1][x] for x in chosen))
            if spots:
                return base + " " + t("bossa.prompt.fits", places=t("list.sep").join(spots))
            return base + " " + t("bossa.prompt.no_fit")
        drawn = next((e["tile"] for e in reversed(view["log"]) if e["e"] == "draw"), None)
        if drawn is not None and view["log"][-1]["e"] == "draw":
            return t("bossa.prompt.turn_drew", tile=tile_name(drawn, t))
        return t("bossa.prompt.turn")

    @staticmethod
    def spot(move, t):
        return t("bossa.spot", line=line_name(move["line"], t), end=t(f"bossa.end.{move['end']}"))

    def act(self, action, arg, view, sel, ctx):
        if action in ("own", "first"):
            if action == "first":
                return {"a": "first"}
            try:
                return {"a": "own", "line": int(arg)}
            except ValueError:
                return None
        if action in ("sel", "take"):
            try:
                tile = int(arg)
            except ValueError:
                return None
            chosen = set(sel.get(action, ()))
            chosen ^= {tile}
            if action == "take":
                chosen &= {tile}        # one of the opponent's tiles at a time
            sel[action] = sorted(chosen)
            sel.pop("hint", None)
            ctx.focus = f"tile-{tile}"
            return None
        if action == "cancel":
            sel.clear()
            return None
        chosen = sorted(sel.get("sel", ()))
        if action == "place":
            try:
                c, end = arg.split("-")
                c = int(c)
            except ValueError:
                return None
            if not chosen:
                return self.hint(sel, ctx, "bossa.hint.select", f"end-{c}-{end}")
            return {"a": "place", "line": c, "end": end, "tiles": chosen}
        if action == "stack":
            sel["mode"] = None if sel.get("mode") == "stack" else "stack"
            ctx.focus = "action-stack"
            return None
        if action == "stack-on":
            try:
                c, n = (int(x) for x in arg.split("-"))
            except ValueError:
                return None
            if not chosen:
                return self.hint(sel, ctx, "bossa.hint.select", f"place-{c}-{n}")
            return {"a": "stack", "line": c, "n": n, "tiles": chosen}
        if action == "redraw":
            if len(chosen) != 1:
                return self.hint(sel, ctx, "bossa.hint.redraw", "action-redraw")
            return {"a": "redraw", "tile": chosen[0]}
        if action == "exchange":
            take = sel.get("take", [])
            if len(chosen) != 1 or len(take) != 1:
                return self.hint(sel, ctx, "bossa.hint.exchange", "action-exchange")
            return {"a": "exchange", "give": chosen[0], "take": take[0]}
        return None

    @staticmethod
    def hint(sel, ctx, key, focus):
        sel["hint"] = key
        ctx.focus = focus
        return None

    def key(self, key, view, sel, ctx):
        if key == "Escape":
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
                chosen = set(sel.get("sel", ())) ^ {hand[i]}
                sel["sel"] = sorted(chosen)
                sel.pop("hint", None)
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
                text = t("bossa.log.ties", n=len(e["rolls"]) - 1) + " " + text
            return text
        if kind == "choose":
            if e["pick"] == "first":
                return say("bossa.log.first", e["seat"])
            return say("bossa.log.own", e["seat"], line=line_name(e["line"], t))
        if kind == "start":
            dice = t("bossa.log.dice", w=e["dice"][0], b=e["dice"][1])
            return dice + " " + say("bossa.log.goes_first", e["first"])
        if kind == "draw":
            return say("bossa.log.draw", e["seat"], tile=tile_name(e["tile"], t))
        if kind in ("place", "stack"):
            return say(f"bossa.log.{kind}", e["seat"], tiles=tiles_name(e["tiles"], t),
                       line=line_name(e["line"], t), n=e["n"])
        if kind == "redraw":
            return say("bossa.log.redraw", e["seat"], tile=tile_name(e["tile"], t),
                       drew=tile_name(e["drew"], t))
        if kind == "exchange":
            return say("bossa.log.exchange", e["seat"], give=tile_name(e["give"], t),
                       take=tile_name(e["take"], t), whose=ctx.whose(R.other(e["seat"])))
        if kind == "end":
            return self.end_text(e, ctx)
        return None

    def end_text(self, e, ctx):
        t, say = ctx.t, ctx.say
        how, seat = e["how"], e["seat"]
        if how == "deck":
            if len(e["winners"]) == 2:
                return t("bossa.over.deck_draw")
            return say("bossa.over.deck", e["winners"][0])
        return say(f"bossa.over.{how}", seat)

    def result(self, view, ctx):
        t = ctx.t
        out = view["outcome"]
        if len(out["winners"]) == 2:
            head = t("bossa.result.draw")
        else:
            head = ctx.say("bossa.result.winner", out["winners"][0])
        how = next((self.end_text(e, ctx) for e in reversed(view["log"]) if e["e"] == "end"), "")
        left = [h("li", {}, t("bossa.result.left", name=ctx.name(s), n=n)) for s, n in enumerate(out["scores"])]
        return h("div", {}, h("h2", {"id": "result-title"}, head), h("p", {}, how),
                 h("ul", {"class_": "totals"}, left))

    def rules(self, t):
        sections = []
        for key in ("goal", "tiles", "lines", "setup", "choice", "turn", "place", "actions",
                    "end", "basic", "view"):
            sections.append(h("h3", {}, t(f"bossa.rules.{key}.title")))
            sections.append(h("p", {}, t(f"bossa.rules.{key}")))
        rulings = [h("li", {}, t(f"bossa.ruling.{k}")) for k in RULING_KEYS]
        keys = [h("li", {}, t(f"bossa.keys.{k}")) for k in ("tab", "digits", "escape")]
        versions = [h("li", {}, t(f"bossa.rules.version.{v}"))
                    for v in range(R.Bossa.rules_version, 0, -1)]
        return h("div", {"class_": "rules"}, sections,
                 h("h3", {}, t("rules.rulings")), h("ul", {}, rulings),
                 h("h3", {}, t("bossa.rules.versions.title")), h("ul", {}, versions),
                 h("h3", {}, t("rules.keys")), h("ul", {}, keys))


# One rules-page line per ruling constant in the engine (a test checks they match).
RULING_KEYS = ("only_ends_open", "six_whoever_filled", "empty_hand_first", "own_roll_own_line",
               "redraw_needs_deck", "last_drawer_plays", "stack_original_count", "discards_open",
               "reveal_removed", "basic_dice")

UI = BossaUI()
