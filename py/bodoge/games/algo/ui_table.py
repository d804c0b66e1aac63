"""algo's table (``AlgoUI.board``): the others' rows above, the deck and the drawn card in the
middle with what you are about to do, your own row nearest you; while a round summary shows,
the round that ended as it ended.

Sizes come from the stage, a CSS size container (``style.css``): the board tells the
stylesheet how many cards its longest row holds and how many lines of cards there are, with
every row on one line or long rows on two (``geometry``), and a card is as wide as fits, so
every player count and row length fits one screen without scrolling.

Motion (``ctx.fresh_from``): a card turned up flips; every card of a row glides to its new
place when a card joins the row (``data-fx-key`` is its handle), and the drawn card glides
from the middle into its place (its key is the index of its draw in the log).
"""

import math

from ...ui.html import h
from ...ui.phrases import phrased
from . import rules as R
from .ui_cards import (card_at, card_classes, card_element, card_name, card_svg, colour_name,
                       nth, num_class, numpad, pending)

MIN_SLOTS = 5     # a card is never wider than a fifth of the row's room


def geometry(lengths):
    """The CSS variables that size the cards of bands with rows of these lengths: two ways to
    lay them out, every row on one line (``--slots-1`` cards across, ``--lines-1`` lines) or
    long rows on two (``--slots-2``, ``--lines-2``); the stylesheet takes whichever gives the
    larger cards on the stage at hand, and the rows wrap by themselves."""
    slots = max([MIN_SLOTS, *lengths])
    half = max(MIN_SLOTS, math.ceil(slots / 2))
    lines = sum(max(1, math.ceil(n / half)) for n in lengths)
    return (f"--slots-1: {slots}; --lines-1: {len(lengths)}; --slots-2: {half}; "
            f"--lines-2: {lines}; --bands: {len(lengths)}")


def side_of(view, seat):
    """Who wins a round: the seat, or in pair play its team (0 or 1)."""
    return seat % 2 if view["mode"] == "pair" else seat


def turn_draw(log, i, seat):
    """The index of the draw that began ``seat``'s turn, seen from event ``i`` of that turn
    (None: the turn drew nothing: an empty deck, pair play)."""
    for j in range(i - 1, -1, -1):
        e = log[j]
        if e["e"] == "draw":
            return j if e["seat"] == seat else None
        if e["e"] not in ("attack", "out", "toss", "show"):
            return None
    return None


def badge(kind, text, short=None):
    return h("span", {"class_": f"badge {kind}"}, text if short is None else [
        h("span", {"class_": "full"}, text),
        h("span", {"class_": "short", "aria_hidden": "true"}, short)])


def lead(text, ctx=None):
    """"Hit: …" with its first word, up to the colon, in bold (``ctx``: in Japanese, the rest
    broken between phrases only, ``ja``)."""
    for colon in (":", "："):
        head, sep, rest = text.partition(colon)
        if sep and len(head) < 12:
            return [h("strong", {}, head + sep), ja(rest, ctx)]
    return [ja(text, ctx)]


def ja(text, ctx):
    """A line of ours in a ``.phrased`` box: in Japanese, broken between phrases only, names
    whole (「アタ/ック」, 「CPU2（ふつ/う）」 were broken inside); other languages as they are."""
    if ctx is None or ctx.i18n.lang != "ja" or not isinstance(text, str):
        return text
    return phrased(text, ctx.names)


class Table:
    """The board's drawing, mixed into ``AlgoUI``."""

    # --- what the latest move changed ------------------------------------------------------------
    def motion(self, view, ctx, ended=False):
        """(handles of cards the latest move turned face up, (handle, draw index) of the drawn
        card that joined a row or None, whether the latest move drew the card in the middle).
        ``ended``: for the round that the latest move ended (what follows is the next deal)."""
        flips, joined, drew = set(), None, False
        log = view["log"]
        if ctx.fresh_from is None:
            return flips, joined, drew
        newest = max((c["k"] for row in view["rows"] for c in row), default=None)
        for i, e in enumerate(log[ctx.fresh_from:], ctx.fresh_from):
            kind = e["e"]
            if kind == "attack" and e["hit"]:
                flips.add(e["k"])
            elif kind in ("reveal", "stay"):
                d = turn_draw(log, i, e["seat"])
                if d is not None and (kind == "stay" or e["k"] == newest):
                    joined = (newest, d)          # the drawn card entered the row
                elif kind == "reveal":
                    flips.add(e["k"])
            elif kind == "draw":
                drew = True
            elif kind == "round_end" and ended:
                break
            elif kind == "deal":                  # a new round: nothing of the old one moves
                flips, joined, drew = set(), None, False
        return flips, joined, drew

    # --- the whole board -----------------------------------------------------------------------
    def seats_in_order(self, n, ctx):
        """The others in turn order after the viewer (the next player first, a partner in the
        middle, across the table), then the viewer (None: a spectator)."""
        me = ctx.viewer if ctx.viewer is not None and 0 <= ctx.viewer < n else None
        if me is None:
            return list(range(n)), None
        return [(me + i) % n for i in range(1, n)], me

    def frame_board(self, view, rows, ctx, band, center, extra=""):
        """The others' bands (``band(seat)``) above the middle, the viewer's below it."""
        others, me = self.seats_in_order(len(rows), ctx)
        seats = others + ([me] if me is not None else [])
        return h("div", {"class_": f"algo-board algo-table players-{view['players']} "
                                   f"mode-{view['mode']}{extra}",
                         "data_region": "table", "style": geometry([len(rows[s]) for s in seats])},
                 h("div", {"class_": "opponents", "data_region": "players"},
                   [band(s) for s in others]), center, band(me) if me is not None else None)

    def live_board(self, view, sel, ctx):
        me = self.seats_in_order(view["players"], ctx)[1]
        mover = me is not None and me in view["to_move"] and view["phase"] != "over"
        showing = mover and view["phase"] == "toss"
        attacking = mover and view["phase"] in ("attack", "again")
        need_stake = attacking and view["drawn"] is None and view["stake"] is None
        armed = attacking and (not need_stake or sel.stake is not None)
        flips, joined, drew = self.motion(view, ctx)
        center = self.center(view, sel, ctx, attacking=attacking, armed=armed, drew=drew)

        def band(s):      # (the others' cards may be targets, the viewer's staked or shown)
            return self.live_band(view, s, sel, ctx, flips, joined, armed, need_stake, showing)
        return self.frame_board(view, view["rows"], ctx, band, center)

    # --- a seat's band ---------------------------------------------------------------------------
    def badges(self, view, s, ctx, *, turn=False, out=False, winner=False, dealer=None):
        """A seat's badges. On a narrow stage some shrink to their mark (``short``): the team
        to its letter, the turn to ▶, the winner to ★; the words stay for screen readers."""
        t = ctx.t
        items = []
        if view["mode"] == "pair":        # a partner is on your team: "Partner" says both
            team = 0 if s in view["teams"][0] else 1
            if ctx.viewer is not None and ctx.viewer != s and s == R.partner(ctx.viewer):
                items.append(badge(f"partner team-{team}", t("algo.partner")))
            else:
                items.append(badge(f"team team-{team}", t(f"algo.team.{team}"), "AB"[team]))
        dealt = (view["dealer"] if dealer is None else dealer) == s
        for kind, shown, short in (("dealer", dealt, None), ("turn", turn, ""),
                                   ("winner", winner, ""), ("out", out, None)):
            if shown:
                items.append(badge(kind, t(f"algo.{kind}"), short))
        if view["points"] is not None:   # with chips the points decide (round wins: the result)
            return items + [badge("points", t("algo.pts", n=view["points"][s]))]
        return items + [badge("wins", t("algo.wins_short", n=view["wins"][s]))]

    def band(self, ctx, s, cards, badges, classes=""):
        me = s == ctx.viewer
        return h("section", {"class_": "seat" + (" me" if me else "") + classes,
                             "aria_label": ctx.t("algo.row_of", whose=ctx.whose(s)),
                             "data_region": "hand" if me else None, "data_spot": f"row:{s}"},
                 h("h2", {"class_": "seat-name"}, h("span", {"class_": "who"}, ctx.name(s)), " ",
                   h("span", {"class_": "badges"}, badges)),
                 h("ol", {"class_": "row"}, cards))

    def live_band(self, view, s, sel, ctx, flips, joined, armed, stake_pick, show_pick):
        t = ctx.t
        mine = s == ctx.viewer
        row = view["rows"][s]
        over = view["phase"] == "over"
        targetable = armed and not mine and s in view["targets"] and not view["out"][s]
        shown = set(view.get("shown", ()))
        cards = []
        for p, card in enumerate(row):
            told = not mine and card["k"] in shown and not card["up"]
            label = self.card_label(card, p, len(row), ctx.name(s), mine, t, told, ended=over)
            missed = [] if card["up"] else self.tried(view, card)
            if missed:            # what was declared on it and missed, by anyone (issue 26)
                label += "; " + t("algo.missed_on", numbers=t("list.sep").join(map(str, missed)))
            classes = card_classes(card) + [name for name, on in (
                ("staked", card["k"] == view["stake"]), ("told", told)) if on]
            attrs = self.card_attrs(s, p, card, label, flips)
            if joined and joined[0] == card["k"] and card["k"] not in flips:
                attrs["data_fx_key"] = f"drawn-{joined[1]}"
            action = None
            if not card["up"]:
                if targetable:
                    action, picked = "target", sel.target == [s, p]
                elif stake_pick and mine:
                    action, picked = "stake", sel.stake == p
                elif show_pick and mine:
                    action, picked = "show", False
                    attrs["aria_label"] = t("algo.show_card", card=label)
            if action:
                classes.append("selected" if picked else "target")
                attrs.update(data_act=action,
                             data_arg=f"{s}-{p}" if action == "target" else str(p))
                if action != "show":
                    attrs["aria_pressed"] = "true" if picked else "false"
            el = card_element(attrs, classes, self.svg(t, card), pressable=action is not None)
            marks = " ".join(f"≠{n}" for n in missed)
            cards.append(h("li", {}, el,
                           h("span", {"class_": "misses", "aria_hidden": "true"}, marks)))
        active = view["turn"] == s and not over
        badges = self.badges(view, s, ctx, turn=active, out=view["out"][s])
        classes = (" active" if active else "") + (" is-out" if view["out"][s] else "")
        if view["mode"] == "pair" and ctx.viewer is not None and s == R.partner(ctx.viewer):
            classes += " partner"
        return self.band(ctx, s, cards, badges, classes)

    @staticmethod
    def card_attrs(s, p, card, label, flips):
        """A card's place, name and motion: it flips if the latest move turned it up, else
        glides with its row (``data-fx-key``: its handle)."""
        return {"id": f"card-{s}-{p}", "aria_label": label,
                "data_fx": "flip" if card["k"] in flips else "slide",
                "data_fx_key": f"k{card['k']}", "data_spot": f"card:{s}:{p}"}

    def svg(self, t, card):
        # a number seen face down (one's own, a Toss, the end of a round) has the closed-eye mark
        return card_svg(t, card["c"], card["n"], card["up"],
                        mine=not card["up"] and card["n"] is not None)

    def card_label(self, card, p, total, name, mine, t, told=False, ended=False):
        where = t("algo.position", i=p + 1, n=total)
        key = ("face_down" if card["n"] is None else "face_up" if card["up"] else "told" if told
               else "mine_hidden" if mine and not ended else "ended_down")
        return f"{name}: {where}, " + t(f"algo.{key}", colour=colour_name(t, card["c"]),
                                        card=card_name(t, card["c"], card["n"]))

    # --- the middle: deck, drawn card, what happens -------------------------------------------------
    def pile(self, view, ctx, drew):
        t = ctx.t
        count = t("algo.deck_count", n=view["deck"])
        parts = [self.team_list(view, ctx) if view["mode"] == "pair" else
                 h("div", {"class_": "deck", "role": "img", "data_spot": "deck",
                           "aria_label": count},
                   # an empty deck shows its place, not a back
                   h("span", {"class_": "deck-stack" + ("" if view["deck"] else " empty"),
                              "aria_hidden": "true"}),
                   h("span", {"class_": "deck-count phrased", "aria_hidden": "true"}, count))]
        d = view["drawn"]
        if d is not None and view["phase"] != "over":
            label = (t("algo.drawn_own", card=card_name(t, d["c"], d["n"])) if d["n"] is not None
                     else t("algo.drawn_other", name=ctx.name(view["turn"]),
                            colour=colour_name(t, d["c"])))
            at = max(i for i, e in enumerate(view["log"]) if e["e"] == "draw")
            parts.append(h("div", {"class_": "drawn", "role": "img", "aria_label": label, "data_spot": "drawn"},
                           h("span", {"class_": "drawn-card", "data_fx": "drop" if drew else None,
                                      "data_fx_key": f"drawn-{at}", "id": f"drawn-{at}"},
                             card_svg(t, d["c"], d["n"], False, mine=d["n"] is not None)),
                           h("span", {"class_": "drawn-label phrased", "aria_hidden": "true"},
                             ja(ctx.say("algo.drew", view["turn"]), ctx))))
        return h("div", {"class_": "pile"}, parts)

    def team_list(self, view, ctx):
        """Pair play: the two teams, with their points (point chips) or round wins (who plays
        in which is said by each row's badge; here only for screen readers)."""
        t, chips = ctx.t, view["points"] is not None
        items = [h("li", {"class_": f"team-{i}"},
                   h("span", {"class_": f"badge team team-{i}"}, t(f"algo.team.{i}")), " ",
                   h("span", {"class_": "team-names visually-hidden"}, self.team_names(team, ctx)),
                   " ", h("strong", {"class_": "team-score"},
                          t("algo.points", n=view["points"][team[0]]) if chips
                          else t("algo.wins", n=view["wins"][team[0]])))
                 for i, team in enumerate(view["teams"])]
        name = t("algo.points_title") if chips else t("algo.teams")
        return h("section", {"class_": "teams", "aria_label": name}, h("ul", {}, items))

    def center(self, view, sel, ctx, attacking, armed, drew):
        target = sel.target if armed else None
        text = (self.preview(view, sel, ctx) if target
                else [h("p", {}, ja(line, ctx)) for line in self.last_action(view, ctx)])
        parts = [self.pile(view, ctx, drew),
                 h("div", {"class_": "action-text phrased", "id": "action-text"}, text)]
        if attacking:
            parts += [self.numpad(view, sel, ctx, target), self.buttons(view, sel, ctx, target)]
        return h("div", {"class_": "center" + (" acting" if attacking else ""),
                         "data_region": "hand" if attacking else None}, parts)

    def last_action(self, view, ctx):
        """What just happened in this round, in words: the latest attack and what it did (or the
        deal, before anyone has attacked)."""
        log = view["log"]
        start = max((i for i, e in enumerate(log) if e["e"] == "deal"), default=0)
        attacks = [i for i in range(start, len(log)) if log[i]["e"] in ("attack", "toss")]
        if not attacks:
            return [x for x in (self.words(log[start], ctx),) if x] if log else []
        lines = [self.words(e, ctx) for e in log[attacks[-1]:] if e["e"] not in ("draw", "deal")]
        return [text for text in lines if text][:2]

    def preview(self, view, sel, ctx):
        """What declaring a number on the chosen card does, before it is declared: on a hit,
        on a miss (and whose card it is, and the numbers already missed on it)."""
        t = ctx.t
        me = ctx.viewer
        s, p = sel.target
        row = view["rows"][s]
        card = row[p]
        lines = [h("p", {"id": "numpad-label", "class_": "declare-for"},
                   t("algo.declare_for", card=card_at(t, ctx.whose(s), p, card["c"])))]
        left = sum(1 for c in row if not c["up"]) - 1
        partner = view["mode"] == "pair" and s == R.partner(me)
        gone = {x for x in range(view["players"]) if view["out"][x]} | {s}
        sides = {side_of(view, x) for x in range(view["players"]) if x not in gone}
        if left > 0:
            hit = t("algo.preview.hit_again")
        elif sides == {side_of(view, me)}:
            hit = t("algo.preview.hit_team_win" if view["mode"] == "pair"
                    else "algo.preview.hit_win")
        else:
            hit = t("algo.preview.hit_out", name=ctx.name(s))
        if view["points"] is not None and not partner:
            payer = (t(f"algo.team.{side_of(view, s)}") if view["mode"] == "pair" else ctx.name(s))
            hit += " " + t("algo.preview.chips", name=payer, n=R.CHIPS_HIT, six=2 * R.CHIPS_HIT)
        bluff = sel.bluff
        if bluff is None:
            lines.append(h("p", {"class_": "preview hit"}, *lead(hit, ctx)))
        else:                 # a number the viewer holds: it cannot hit; declared only if asked
            lines.append(h("p", {"class_": "bluff-note"},
                           h("span", {"id": "bluff-note"},
                             ja(t("algo.pad.bluff", card=card_name(t, card["c"], bluff)), ctx)),
                           " ", h("button", {"type": "button", "id": "bluff", "class_": "button primary",
                                             "data_act": "bluff", "data_arg": str(bluff),
                                             "aria_describedby": "bluff-note"},
                                  t("algo.bluff_button", n=bluff))))
        d = view["drawn"]
        if d is not None:
            miss = t("algo.preview.miss_drawn", card=card_name(t, d["c"], d["n"]))
        else:
            own = view["rows"][me]
            sp = (sel.stake if view["stake"] is None
                  else next((i for i, c in enumerate(own) if c["k"] == view["stake"]), None))
            miss = None
            if sp is not None and 0 <= sp < len(own):
                last = sum(1 for c in own if not c["up"]) == 1
                miss = t("algo.preview.miss_own_out" if last else "algo.preview.miss_own",
                         nth=nth(t, sp), card=card_name(t, own[sp]["c"], own[sp]["n"]))
        if miss and bluff is None:          # (a bluff's line says it: it will miss)
            lines.append(h("p", {"class_": "preview miss"}, *lead(miss, ctx)))
        if partner:
            lines.append(h("p", {"class_": "partner-note"}, ja(t("algo.partner_target"), ctx)))
        tried = self.tried(view, card)
        if tried:
            lines.append(h("p", {"class_": "tried-note", "id": "tried-note"},
                           t("algo.tried", numbers=t("list.sep").join(str(x) for x in tried))))
        return lines

    @staticmethod
    def tried(view, card):
        """The numbers already declared on this card and missed (by anyone)."""
        return sorted({e["n"] for e in view["log"]
                       if e["e"] == "attack" and not e["hit"] and e["k"] == card["k"]})

    def judged(self, view, target, ctx):
        """What the pad says of each number for the chosen card, from what the view shows
        (``rules.ruled_out``): {n: ("bluff", why)} for a number the viewer holds (legal, but
        it must miss: declared only as a deliberate second step), {n: ("no", why)} for one the
        viewer can see is impossible (greyed, refused). The rules decide nothing here: every
        number stays a legal move."""
        if not target:
            return {}
        t = ctx.t
        s, p = target
        me = view.get("seat")
        colour = view["rows"][s][p]["c"]
        out = {}
        for n, (why, where) in R.ruled_out(view, s, p).items():
            card = card_name(t, colour, n)
            if why == "mine" or (why == "up" and where == me):
                out[n] = ("bluff", t("algo.pad.bluff", card=card))
            elif why == "up":
                out[n] = ("no", t("algo.pad.up", card=card, whose=ctx.whose(where)))
            elif why == "told":
                out[n] = ("no", t("algo.pad.told", card=card, name=ctx.name(where)))
            elif why == "tried":
                out[n] = ("no", t("algo.pad.tried", n=n))
            else:
                out[n] = ("no", t("algo.pad.order", lo=where[0], hi=where[1]))
        return out

    @staticmethod
    def waiting(ctx, target):
        """The number a declaration on ``target`` waiting for Confirm (``ctx.pending``) will
        declare, or None: the pad shows it pressed until the second tap or Confirm."""
        move = pending(ctx, "attack")
        return move["n"] if target and move and [move["s"], move["p"]] == list(target) else None

    def numpad(self, view, sel, ctx, target):
        t, typed = ctx.t, sel.typed
        card = view["rows"][target[0]][target[1]] if target else None
        judged = self.judged(view, target, ctx)
        waiting = self.waiting(ctx, target)
        buttons, reasons = [], []
        for n in range(R.NUMBERS):
            kind, why = judged.get(n, (None, None))
            typed_n = (typed and int(typed) == n) or sel.bluff == n
            classes = (num_class(card) + (" typed" if typed_n else "")
                       + {"no": " ruled", "bluff": " bluff"}.get(kind, "")
                       + (" pending" if waiting == n else ""))
            if why:
                reasons.append(h("span", {"id": f"num-why-{n}"}, why))
            buttons.append(h("button", {"type": "button", "id": f"num-{n}", "class_": classes,
                                        "data_act": "declare", "data_arg": str(n), "data_spot": f"num:{n}",
                                        "disabled": card is None,
                                        "aria_disabled": "true" if kind == "no" else None,
                                        "aria_describedby": f"num-why-{n}" if why else None,
                                        "title": why,
                                        "aria_pressed": None if waiting is None else
                                        ("true" if waiting == n else "false"),
                                        "aria_label": t("algo.declare_n", n=n)}, str(n)))
        return numpad(t, target, buttons,
                      h("div", {"class_": "offscreen"}, reasons) if reasons else None)

    def buttons(self, view, sel, ctx, target):
        shown = {"toss": view.get("can_toss"), "stay": view["phase"] == "again",
                 "cancel": target or sel.stake is not None}
        return h("div", {"class_": "acts"}, [
            h("button", {"type": "button", "id": act, "class_": "button" + primary,
                         "data_act": act, "data_spot": f"button:{act}", "aria_keyshortcuts": key},
              ctx.t(f"algo.{act}"))
            for act, key, primary in (("toss", "T", ""), ("stay", "S", " primary"),
                                      ("cancel", "Escape", "")) if shown[act]])

    # --- a round that ended, while its summary shows ----------------------------------------------
    def final_board(self, view, e, ctx):
        """The round that ``e`` ended, drawn from its ``round_end`` event alone (the rules
        record the round whole: its rows of cards, every number shown, face up or down, its
        dealer and who was out): the winner, and the points and round wins after the round.
        Nothing of the next deal."""
        t = ctx.t
        rows = e["rows"]
        team = e.get("team") or [e["winner"]]
        flips = self.motion(view, ctx, ended=True)[0]

        def band(s):
            cards = []
            for p, card in enumerate(rows[s]):
                label = self.card_label(card, p, len(rows[s]), ctx.name(s), False, t, ended=True)
                cards.append(h("li", {}, card_element(self.card_attrs(s, p, card, label, flips),
                                                      card_classes(card, ended=True),
                                                      self.svg(t, card))))
            won, out = s in team, e["out"][s]
            badges = self.badges(view, s, ctx, out=out, winner=won, dealer=e["dealer"])
            return self.band(ctx, s, cards, badges, " won" if won else " is-out" if out else "")

        paid = self.paid_text(e, ctx)
        text = [h("p", {"class_": "ended-title"}, self.round_heading(e, ctx)),
                h("p", {}, paid) if paid else None]
        center = h("div", {"class_": "center ended"},
                   h("div", {"class_": "pile"},
                     self.team_list(view, ctx) if view["mode"] == "pair" else None),
                   h("div", {"class_": "action-text", "id": "action-text"}, text))
        return self.frame_board(view, rows, ctx, band, center, extra=" round-ended")
