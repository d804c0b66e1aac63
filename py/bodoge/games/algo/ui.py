"""algo board: rows of SVG cards, the deck, the drawn card and a number pad; pair play with
Toss, the point-chip score bar, and the 詰めアルゴ puzzle screen (``algo_puzzle.py``).

Black and white cards differ in more than colour: black faces carry a filled corner mark and
the label 黒/B, white ones a ring and 白/W; face-down backs have stripes (black) or dots
(white). Keyboard: Tab to a card and press Enter to pick it, then a number button, or type the
number (two digits for 10 and 11) and press Enter; S stays after a hit; T asks for a Toss
(pair play); Esc cancels.

Spots (``data-spot``, for lessons; see ``GameUI.board``): ``row:<seat>`` (a player's row),
``card:<seat>:<position>`` (a card in a row, positions from 0 on the left), ``deck``, ``drawn``
(the card drawn this turn), ``num:<n>`` (the number buttons), ``button:stay``, ``button:toss``,
``button:cancel``.
"""

import datetime

from ...core.record import Record, encode
from ...ui.games import GameUI
from ...ui.html import h
from ...ui.play import PlayScreen
from . import rules as R
from .puzzle import GRADES as PUZZLE_GRADES
from .ui_cards import card_button, card_name, card_svg, colour_name, toggle_card, type_number
from .ui_puzzle import EVENTS as PUZZLE_EVENTS, PuzzleUI


class AlgoUI(GameUI):
    game_id = "algo"

    def default_setup(self):
        return {"players": 2, "mode": "standard", "chips": False, "grade": 1, "daily": False,
                "kind0": "human", "kind1": "strong", "kind2": "normal", "kind3": "normal"}

    def option_fields(self, values, t):
        mode = values.get("mode", "standard")
        # labels point at their selects (not wrapping them), so a label's name is only its text
        fields = [h("p", {}, h("label", {"for": "mode"}, t("algo.setup.mode")), " ",
                    h("select", {"name": "mode", "id": "mode", "data_act": "setup-change"},
                      [h("option", {"value": m, "selected": mode == m}, t(f"algo.mode.{m}"))
                       for m in R.MODES]))]
        if mode == "standard":
            fields.append(super().option_fields(values, t))
        elif mode == "pair":
            fields.append(h("p", {}, t("algo.setup.pair_note")))
        if mode in ("standard", "pair"):
            fields.append(h("label", {"class_": "check"},
                            h("input", {"type": "checkbox", "name": "chips", "id": "opt-chips",
                                        "checked": bool(values.get("chips"))}),
                            " ", t("algo.setup.chips")))
        else:
            fields.append(h("p", {}, h("label", {"for": "grade"}, t("algo.setup.grade")), " ",
                            h("select", {"name": "grade", "id": "grade"},
                              [h("option", {"value": str(g), "selected": values.get("grade") == g},
                                 t(f"algo.grade.{g}")) for g in PUZZLE_GRADES])))
            fields.append(h("label", {"class_": "check"},
                            h("input", {"type": "checkbox", "name": "daily", "id": "opt-daily",
                                        "checked": bool(values.get("daily"))}),
                            " ", t("algo.setup.daily", date=today())))
        return h("div", {"class_": "algo-setup"}, fields)

    def setup_values(self, form, values):
        new = dict(values)
        mode = form.get("mode", values.get("mode", "standard"))
        new["mode"] = mode if mode in R.MODES else "standard"
        for name in ("chips", "daily"):
            if name in form:
                new[name] = form[name] is True or form[name] in ("on", "true", "1")
        try:
            grade = int(form.get("grade", values.get("grade", 1)))
        except (TypeError, ValueError):
            grade = 1
        new["grade"] = grade if grade in PUZZLE_GRADES else 1
        for key, value in form.items():
            if key.startswith(("kind", "name")):
                new[key] = value
        if new["mode"] == "standard":
            try:
                players = int(form.get("players", values.get("players", 2)))
            except (TypeError, ValueError):
                players = 2
            new["players"] = players if players in R.DEAL else 2
        else:
            new["players"] = R.PAIR_PLAYERS if new["mode"] == "pair" else 1
        return new

    def options_from_setup(self, values):
        mode = values.get("mode", "standard")
        if mode == "puzzle":
            options = {"mode": "puzzle", "players": 1, "grade": values.get("grade", 1)}
            if values.get("daily"):
                options["daily"] = today()
            return options
        options = {"players": values["players"]}
        if mode == "pair":
            options["mode"] = "pair"
        if values.get("chips"):
            options["chips"] = True
        return options

    def title(self, seats, i18n, options):
        if options.get("mode") != "puzzle":
            return super().title(seats, i18n, options)
        if options.get("daily"):
            return i18n.t("algo.slot.daily", date=options["daily"], grade=options["grade"])
        return i18n.t("algo.slot.puzzle", grade=options["grade"])

    def make_screen(self, app, slot, match):
        if match.state["options"].get("mode") == "puzzle":
            return PuzzleScreen(app, slot, match)
        return super().make_screen(app, slot, match)

    # --- board ---------------------------------------------------------------------------------
    def board(self, view, sel, ctx):
        if view["mode"] == "puzzle":
            return PUZZLE.board(view, sel, ctx)
        me = ctx.viewer
        n = view["players"]
        my_turn = me is not None and me in view["to_move"] and view["phase"] != "toss"
        need_stake = my_turn and view["drawn"] is None and view["stake"] is None
        order = [(me + i) % n for i in range(1, n)] if me is not None else list(range(n))
        if ctx.fresh_from is not None:     # cards turned up by the latest move animate once
            sel = dict(sel, fresh={e["k"] for e in view["log"][ctx.fresh_from:]
                                   if e["e"] == "reveal" or (e["e"] == "attack" and e["hit"])})
        seats = [self.seat_row(view, s, sel, ctx, my_turn and not (need_stake and "stake" not in sel))
                 for s in order]
        center = self.center(view, ctx)
        parts = [self.score_bar(view, ctx), h("div", {"class_": "opponents"}, seats), center]
        if me is not None:
            showing = view["phase"] == "toss" and me in view["to_move"]
            parts.append(self.seat_row(view, me, sel, ctx, False, stake_pick=need_stake,
                                       show_pick=showing))
        if my_turn:
            parts.append(self.controls(view, sel, ctx))
        return h("div", {"class_": f"algo-board players-{n} mode-{view['mode']}"}, parts)

    def team_of(self, view, s):
        """Pair play: 0 or 1 (team A: seats 1 and 3, team B: seats 2 and 4); None otherwise."""
        if view["mode"] != "pair":
            return None
        return 0 if s in view["teams"][0] else 1

    def team_badge(self, view, s, t):
        team = self.team_of(view, s)
        if team is None:
            return None
        return h("span", {"class_": f"badge team team-{team}"}, t(f"algo.team.{team}"))

    def score_bar(self, view, ctx):
        """Point chips: each side's points as text and as a bar (its length is the share of the
        highest score; a negative score shows an empty bar and a minus sign)."""
        points = view["points"]
        if points is None:
            return None
        t = ctx.t
        if view["mode"] == "pair":
            sides = [(t(f"algo.team.{i}") + " (" + t("list.sep").join(ctx.name(s) for s in team) + ")",
                      points[team[0]], i) for i, team in enumerate(view["teams"])]
        else:
            sides = [(ctx.name(s), points[s], s) for s in range(view["players"])]
        top = max(max(p for _, p, _ in sides), 1)
        items = []
        for name, pts, key in sides:
            width = max(0, min(100, round(100 * pts / top)))
            items.append(h("li", {"class_": "score"},
                           h("span", {"class_": "score-name"}, name),
                           h("span", {"class_": "score-bar", "aria_hidden": "true"},
                             h("span", {"class_": "score-fill", "style": f"width: {width}%"})),
                           h("span", {"class_": "score-points"}, t("algo.points", n=pts))))
        return h("section", {"class_": "scores", "aria_label": t("algo.points_title")},
                 h("h3", {"class_": "visually-hidden"}, t("algo.points_title")),
                 h("ul", {"class_": "score-list"}, items))

    def seat_row(self, view, s, sel, ctx, targetable, stake_pick=False, show_pick=False):
        t = ctx.t
        name = ctx.name(s)
        mine = s == ctx.viewer
        row = view["rows"][s]
        targetable = targetable and s in view["targets"]
        shown = set(view.get("shown", ()))
        badges = [self.team_badge(view, s, t)]
        if view["dealer"] == s:
            badges.append(h("span", {"class_": "badge dealer"}, t("algo.dealer")))
        if view["turn"] == s and view["phase"] != "over":
            badges.append(h("span", {"class_": "badge turn"}, t("algo.turn")))
        if view["out"][s]:
            badges.append(h("span", {"class_": "badge out"}, t("algo.out")))
        badges.append(h("span", {"class_": "badge wins"}, t("algo.wins", n=view["wins"][s])))
        cards = []
        for p, card in enumerate(row):
            told = not mine and card["k"] in shown and not card["up"]
            label = self.card_label(card, p, len(row), name, mine, t, told)
            svg = card_svg(t, card["c"], card["n"], card["up"], mine=mine or told)
            classes = ["card", "black" if card["c"] == R.BLACK else "white",
                       "up" if card["up"] else "down"]
            if card["k"] in sel.get("fresh", ()):
                classes.append("fresh")
            attrs = {"id": f"card-{s}-{p}", "aria_label": label, "data_spot": f"card:{s}:{p}"}
            if targetable and not mine and not card["up"] and not view["out"][s]:
                selected = sel.get("target") == [s, p]
                classes.append("selected" if selected else "target")
                attrs.update(type="button", data_act="target", data_arg=f"{s}-{p}",
                             aria_pressed="true" if selected else "false")
                el = card_button(attrs, classes, svg)
            elif stake_pick and mine and not card["up"]:
                selected = sel.get("stake") == p
                classes.append("selected" if selected else "target")
                attrs.update(type="button", data_act="stake", data_arg=str(p),
                             aria_pressed="true" if selected else "false")
                el = card_button(attrs, classes, svg)
            elif show_pick and mine and not card["up"]:
                classes.append("target")
                attrs.update(type="button", data_act="show", data_arg=str(p),
                             aria_label=t("algo.show_card", card=label))
                el = card_button(attrs, classes, svg)
            else:
                if view["stake"] is not None and card["k"] == view["stake"]:
                    classes.append("staked")
                if told:
                    classes.append("told")
                el = h("span", {**attrs, "role": "img", "class_": " ".join(classes)}, svg)
            cards.append(h("li", {}, el))
        heading = h("h3", {"class_": "seat-name"}, name, " ", badges)
        return h("section", {"class_": "seat" + (" me" if mine else "") + (" active" if view["turn"] == s else "")
                             + (" is-out" if view["out"][s] else ""),
                             "aria_label": t("algo.row_of", whose=ctx.whose(s)), "data_spot": f"row:{s}"},
                 heading, h("ol", {"class_": "row"}, cards))

    def card_label(self, card, p, total, name, mine, t, told=False):
        where = t("algo.position", i=p + 1, n=total)
        if card["n"] is None:
            what = t("algo.face_down", colour=colour_name(t, card["c"]))
        elif card["up"]:
            what = t("algo.face_up", card=card_name(t, card["c"], card["n"]))
        elif told:
            what = t("algo.told", card=card_name(t, card["c"], card["n"]))
        else:
            what = t("algo.mine_hidden", card=card_name(t, card["c"], card["n"]))
        return f"{name}: {where}, {what}"

    def center(self, view, ctx):
        t = ctx.t
        parts = []
        if view["mode"] != "pair":       # pair play has no deck
            parts.append(h("div", {"class_": "deck", "role": "img", "data_spot": "deck",
                                   "aria_label": t("algo.deck_count", n=view["deck"])},
                           h("span", {"class_": "deck-stack", "aria_hidden": "true"}),
                           h("span", {"class_": "deck-count", "aria_hidden": "true"},
                             t("algo.deck_count", n=view["deck"]))))
        d = view["drawn"]
        if d is not None and view["phase"] != "over":
            who = ctx.name(view["turn"])
            label = (t("algo.drawn_own", card=card_name(t, d["c"], d["n"])) if d["n"] is not None
                     else t("algo.drawn_other", name=who, colour=colour_name(t, d["c"])))
            parts.append(h("div", {"class_": "drawn", "role": "img", "aria_label": label, "data_spot": "drawn"},
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
            told = card["k"] in view.get("shown", ()) and not card["up"]
            parts.append(h("div", {"class_": "numpad", "role": "group", "aria_labelledby": "numpad-label"},
                           h("p", {"id": "numpad-label"},
                             t("algo.declare_for", card=self.card_label(card, p, len(view["rows"][s]),
                                                                         ctx.name(s), False, t, told))),
                           h("p", {"class_": "partner-note"}, t("algo.partner_target"))
                           if R.is_pair(view) and s == R.partner(view["seat"]) else None,
                           [h("button", {"type": "button", "id": f"num-{n}",
                                         "class_": "num " + ("black" if card["c"] == R.BLACK else "white")
                                         + (" typed" if typed and int(typed) == n else ""),
                                         "data_act": "declare", "data_arg": str(n), "data_spot": f"num:{n}",
                                         "aria_label": t("algo.declare_n", n=n)}, str(n))
                            for n in range(R.NUMBERS)]))
        buttons = []
        if view.get("can_toss"):
            buttons.append(h("button", {"type": "button", "id": "toss", "class_": "button", "data_spot": "button:toss",
                                        "data_act": "toss", "aria_keyshortcuts": "T"}, t("algo.toss")))
        if view["phase"] == "again":
            buttons.append(h("button", {"type": "button", "id": "stay", "class_": "button primary", "data_spot": "button:stay",
                                        "data_act": "stay", "aria_keyshortcuts": "S"}, t("algo.stay")))
        if target or "stake" in sel:
            buttons.append(h("button", {"type": "button", "class_": "button", "data_act": "cancel", "data_spot": "button:cancel",
                                        "aria_keyshortcuts": "Escape"}, t("algo.cancel")))
        if buttons:
            parts.append(h("div", {"class_": "controls"}, buttons))
        return h("div", {"class_": "algo-controls"}, parts)

    def prompt(self, view, sel, ctx):
        if view["mode"] == "puzzle":
            return PUZZLE.prompt(view, sel, ctx)
        t = ctx.t
        if view["phase"] == "toss":
            return t("algo.prompt.show", name=ctx.name(view["turn"]))
        if view["drawn"] is None and view["stake"] is None and "stake" not in sel:
            if view.get("can_toss"):
                return t("algo.prompt.stake_or_toss")
            return t("algo.prompt.stake")
        if "target" in sel:
            typed = sel.get("typed")
            return t("algo.prompt.number_typed", n=typed) if typed else t("algo.prompt.number")
        if view["phase"] == "again":
            return t("algo.prompt.again")
        if view["drawn"] is not None and view["drawn"]["n"] is not None:
            return t("algo.prompt.attack_drawn", card=card_name(t, view["drawn"]["c"], view["drawn"]["n"]))
        if R.partner_attacks(view) and R.partner(view["seat"]) in view["targets"]:
            return t("algo.prompt.attack_pair")
        return t("algo.prompt.attack")

    # --- input ---------------------------------------------------------------------------------
    def act(self, action, arg, view, sel, ctx):
        if view["mode"] == "puzzle":
            return PUZZLE.act(action, arg, view, sel, ctx)
        if action == "toss" and view.get("can_toss"):
            return {"a": "toss"}
        if action == "show":
            try:
                return {"a": "show", "p": int(arg)}
            except ValueError:
                return None
        if action == "target":
            toggle_card(sel, "target", arg, ctx)
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
        if view["mode"] == "puzzle":
            return PUZZLE.key(key, view, sel, ctx)
        if key == "Escape":
            if sel:
                sel.clear()
                return True
            return None
        if key in ("s", "S") and view["phase"] == "again":
            return {"a": "stay"}
        if key in ("t", "T") and view.get("can_toss"):
            return {"a": "toss"}
        if "target" not in sel:
            return None
        if type_number(key, sel):
            return True
        if key == "Enter" and sel.get("typed"):
            return self.move(view, sel, int(sel["typed"]))
        return None

    # --- words ---------------------------------------------------------------------------------
    def describe(self, e, ctx):
        t, say = ctx.t, ctx.say
        kind = e["e"]
        if kind in PUZZLE_EVENTS:
            return PUZZLE.describe(e, ctx)
        if kind == "first_dealer":
            d = e["draws"][e["dealer"]]
            return say("algo.log.first_dealer", e["dealer"], card=card_name(t, d["c"], d["n"]))
        if kind == "deal":
            return say("algo.log.deal", e["dealer"], round=e["round"] + 1)
        if kind == "draw":
            if e["n"] is not None and e["seat"] == ctx.viewer:
                return t("algo.log.draw_own", card=card_name(t, e["c"], e["n"]))
            return say("algo.log.draw", e["seat"], colour=colour_name(t, e["c"]))
        if kind == "attack":      # names whose card it was, and says so when it was a partner's
            key = ("algo.log.hit" if e["hit"] else "algo.log.miss") + ("_partner" if e.get("partner") else "")
            return say(key, e["seat"], whose=ctx.whose(e["s"]), n=e["n"])
        if kind == "toss":
            return say("algo.log.toss", e["seat"])
        if kind == "show":      # the number only for the two partners (the view hides it)
            if e["n"] is None:
                return say("algo.log.show", e["seat"], to=ctx.name(e["to"]),
                           colour=colour_name(t, e["c"]))
            card = card_name(t, e["c"], e["n"])
            if e["to"] == ctx.viewer:
                return t("algo.log.show_you", name=ctx.name(e["seat"]), card=card)
            return say("algo.log.show_card", e["seat"], to=ctx.name(e["to"]), card=card)
        if kind == "reveal":
            return say("algo.log.reveal", e["seat"], card=card_name(t, e["c"], e["n"]))
        if kind in ("stay", "out"):
            return say(f"algo.log.{kind}", e["seat"])
        if kind == "round_end":
            text = self.round_winner(e, ctx)
            if "total" in e:          # rules version 2, pair play: both losing players pay
                text += " " + t("algo.log.paid_each", n=e["paid"], total=e["total"])
            elif "paid" in e:
                text += " " + t("algo.log.paid", n=e["paid"])
            return text
        if kind == "game_end":
            return t("algo.log.game_end", names=t("list.sep").join(ctx.name(s) for s in e["winners"]))
        return None

    def round_winner(self, e, ctx):
        if "team" in e:
            return ctx.t("algo.log.round_end_team", team=ctx.t(f"algo.team.{e['winner']}"),
                         names=ctx.t("list.sep").join(ctx.name(s) for s in e["team"]),
                         round=e["round"] + 1)
        return ctx.say("algo.log.round_end", e["winner"], round=e["round"] + 1)

    def ends_round(self, event):
        return event["e"] == "round_end"

    def round_summary(self, e, ctx):
        t = ctx.t
        rows = [h("li", {}, h("span", {"class_": "seat-name"}, ctx.name(s)),
                  h("span", {"class_": "mini-row", "role": "img",
                             "aria_label": t("list.sep").join(card_name(t, c["c"], c["n"]) for c in row)},
                    [card_svg(t, c["c"], c["n"], True, small=True) for c in row]))
                for s, row in enumerate(e["rows"])]
        title = (t("algo.round_won_team", team=t(f"algo.team.{e['winner']}"), round=e["round"] + 1)
                 if "team" in e else ctx.say("algo.round_won", e["winner"], round=e["round"] + 1))
        return h("div", {},
                 h("h2", {"id": "round-title"}, title),
                 h("p", {}, t("algo.round_paid_each", n=e["paid"], total=e["total"]) if "total" in e
                   else t("algo.round_paid", n=e["paid"])) if "paid" in e else None,
                 h("p", {}, t("algo.all_cards")),
                 h("ul", {"class_": "reveal-rows"}, rows))

    def result(self, view, ctx):
        if view["mode"] == "puzzle":
            return PUZZLE.result(view, ctx)
        t = ctx.t
        out = view["outcome"]
        pair = view["mode"] == "pair"
        if pair:      # a team wins (or both share): name the team and its players
            teams = [i for i, team in enumerate(view["teams"]) if team[0] in out["winners"]]
            winners = t("list.sep").join(t(f"algo.team.{i}") for i in teams)
            head = (t("algo.result.shared", names=winners) if len(teams) > 1
                    else t("algo.result.team", team=winners,
                           names=t("list.sep").join(ctx.name(s) for s in view["teams"][teams[0]])))
        else:
            winners = t("list.sep").join(ctx.name(s) for s in out["winners"])
            head = (t("algo.result.shared", names=winners) if len(out["winners"]) > 1
                    else ctx.say("algo.result.winner", out["winners"][0]))

        def winner_name(r):
            return t(f"algo.team.{r['winner']}") if pair else ctx.name(r["winner"])

        rows = [h("tr", {}, h("td", {}, str(r["round"] + 1)), h("td", {}, ctx.name(r["dealer"])),
                  h("td", {}, winner_name(r))) for r in view["results"]]
        sides = ([(t(f"algo.team.{i}"), team[0]) for i, team in enumerate(view["teams"])] if pair
                 else [(ctx.name(s), s) for s in range(view["players"])])
        if view["points"] is not None:
            totals = [h("li", {}, t("algo.result.points", name=name, n=view["points"][s],
                                    wins=view["wins"][s])) for name, s in sides]
        else:
            totals = [h("li", {}, t("algo.result.total", name=name, n=view["wins"][s]))
                      for name, s in sides]
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
        def section(key):
            return [h("h3", {}, t(f"algo.rules.{key}.title")), h("p", {}, t(f"algo.rules.{key}"))]

        def versioned(version, keys):
            return [h("li", {"class_": f"ruling-v{version}"},
                      h("strong", {}, t(f"algo.ruling.version{version}")), " ", t(f"algo.ruling.{k}"))
                    for k in keys]

        standard = [section(k) for k in RULES_STANDARD]
        variants = [section(k) for k in RULES_VARIANTS]
        rulings = [h("li", {}, t(f"algo.ruling.{k}")) for k in RULINGS]
        keys = [h("li", {}, t(f"algo.keys.{k}")) for k in KEYS]
        return h("div", {"class_": "rules"}, standard, variants,
                 h("h3", {}, t("rules.rulings")),
                 h("ul", {}, rulings, versioned(2, RULINGS_V2), versioned(1, RULINGS_V1)),
                 h("p", {}, t("algo.rules.versions")),
                 h("h3", {}, t("rules.keys")), h("ul", {}, keys))


RULES_STANDARD = ("goal", "setup", "turn", "hit", "miss", "empty", "out", "end", "view")
RULES_VARIANTS = ("chips", "pair", "toss", "puzzle", "grades")
# Every ruling of the spec and every decision of ours (engine constants in rules.py/puzzle.py):
# those of every rules version, the corrections of rules version 2 (rules.PARTNER_ATTACK_SINCE,
# rules.EACH_LOSER_PAYS_SINCE), and what games of rules version 1 keep (older save codes).
RULINGS = ("colour", "first_dealer", "winner", "last_hit", "reveal", "sorted",
           "toss_before_attack", "toss_public", "chips_points", "chips_all_pay", "chips_pair",
           "puzzle_all_cards", "puzzle_no_repeat", "puzzle_grades", "daily")
RULINGS_V2 = ("partner_attack", "partner_out", "chips_pair_each", "chips_partner_hit")
RULINGS_V1 = ("pair_opponents", "chips_pair_once")
KEYS = ("tab", "digits", "stay", "toss", "escape", "why")


def today():
    """The local date (YYYY-MM-DD) of the daily puzzle."""
    return datetime.date.today().isoformat()


class PuzzleScreen(PlayScreen):
    """The puzzle is played on the shared game screen; its share dialog also offers the
    *puzzle code*: the same puzzle without your answers, for someone else to solve."""

    def puzzle_code(self):
        rec = self.match.record
        return encode(Record(rec.game, rec.version, rec.options, rec.seed, [], {}))

    def render_share(self):
        t = self.t
        dlg = super().render_share()
        code = self.puzzle_code()
        extra = [h("h3", {}, t("algo.puzzle.code_title")),
                 h("p", {}, t("algo.puzzle.code_body")),
                 h("label", {"for": "puzzle-code"}, t("algo.puzzle.code")),
                 h("textarea", {"id": "puzzle-code", "readonly": True, "rows": "2",
                                "spellcheck": "false"}, code),
                 h("button", {"type": "button", "class_": "button", "data_act": "copy",
                              "data_arg": "puzzle"}, t("share.copy_code"))]
        dlg.children[0].children[1].children = tuple(extra) + tuple(dlg.children[0].children[1].children)
        return dlg

    def act(self, action, arg, form):
        if action == "copy" and arg == "puzzle":
            ok = self.app.host.copy(self.puzzle_code())
            self.app.host.announce(self.t("share.copied" if ok else "share.copy_failed"))
            return
        super().act(action, arg, form)


PUZZLE = PuzzleUI()
UI = AlgoUI()
