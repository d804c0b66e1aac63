"""algo's UI: the table (``ui_table.py``: rows of SVG cards, the deck, the drawn card, a number
pad that says what a hit and a miss would do), pair play with Toss, point chips, the words of
the log, the round summaries and the result, and the 詰めアルゴ puzzle screen
(``ui_puzzle.py``).

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
from ...ui.games import GameUI, action, handlers, result_part
from ...ui.html import h
from ...ui.phrases import phrased
from . import rules as R
from .puzzle import GRADES as PUZZLE_GRADES
from .ui_cards import (W, H, Choice, card_at, card_name, card_svg, colour_name, nth, toggle_card,
                       type_number)
from .ui_puzzle import EVENTS as PUZZLE_EVENTS, PuzzleUI
from .ui_analysis import analysis as algo_analysis
from .ui_table import Table


class AlgoUI(Table, GameUI):
    game_id = "algo"
    takeback_greyed = False      # only a Stay with nothing drawn after it can be taken back

    def default_setup(self):
        return {"players": 2, "mode": "standard", "chips": False, "grade": 1, "daily": False,
                "kind0": "human", "kind1": "normal", "kind2": "normal", "kind3": "normal"}

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
            fields.append(h("label", {"class_": "check phrased"},      # 「決め/る」 was broken
                            h("input", {"type": "checkbox", "name": "chips", "id": "opt-chips",
                                        "checked": bool(values.get("chips"))}),
                            " ", phrased(t("algo.setup.chips"))))
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

    def setup_bot_levels(self, values):
        """A 詰めアルゴ puzzle is solved by the person: no computer seat, no Training."""
        return () if values.get("mode") == "puzzle" else super().setup_bot_levels(values)

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

    # --- a puzzle's Share dialog also offers the *puzzle code*: the same puzzle without your
    # answers, for someone else to solve ----------------------------------------------------------
    @staticmethod
    def puzzle_code(match):
        rec = match.record
        return encode(Record(rec.game, rec.version, rec.options, rec.seed, [], {}))

    def share_extra(self, match, t):
        if match.record.options.get("mode") != "puzzle":
            return None
        return [h("h3", {}, t("algo.puzzle.code_title")),
                h("p", {}, t("algo.puzzle.code_body")),
                h("label", {"for": "puzzle-code"}, t("algo.puzzle.code")),
                h("textarea", {"id": "puzzle-code", "readonly": True, "rows": "2",
                               "spellcheck": "false"}, self.puzzle_code(match)),
                h("button", {"type": "button", "class_": "button", "data_act": "copy",
                             "data_arg": "puzzle"}, t("share.copy_code"))]

    def copy_text(self, kind, match):
        if kind == "puzzle" and match.record.options.get("mode") == "puzzle":
            return self.puzzle_code(match)
        return None

    def opened(self, app):
        """The app a game is opened in: a solved 詰めアルゴ's Next puzzle starts a new game there
        (as ALLUVIUM's UI installs its pointer input on the app)."""
        PUZZLE.app = app

    # --- the table -------------------------------------------------------------------------------
    def board(self, view, sel, ctx):
        if view["mode"] == "puzzle":
            return PUZZLE.board(view, sel, ctx)
        if ctx.pause is not None and self.ends_round(ctx.pause):
            return self.final_board(view, ctx.pause, ctx)
        if view["phase"] == "over":           # the last round as it ended, as after every round
            last = next((e for e in reversed(view["log"]) if self.ends_round(e)), None)
            if last is not None:
                return self.final_board(view, last, ctx)
        return self.live_board(view, sel, ctx)

    def prompt(self, view, sel, ctx):
        if view["mode"] == "puzzle":
            return PUZZLE.prompt(view, sel, ctx)
        t = ctx.t
        pending = ctx.pending
        if view["phase"] == "toss":
            if isinstance(pending, dict) and pending.get("a") == "show":
                card = view["rows"][ctx.viewer][pending["p"]]
                return t("algo.prompt.pending_show", name=ctx.name(view["turn"]),
                         card=card_name(t, card["c"], card["n"]))
            return t("algo.prompt.show", name=ctx.name(view["turn"]))
        if view.get("can_toss") and isinstance(pending, dict) and pending.get("a") == "toss":
            return t("algo.prompt.pending_toss")   # short: beside Confirm, the table stays put
        if view["drawn"] is None and view["stake"] is None and sel.stake is None:
            if view.get("can_toss"):
                return t("algo.prompt.stake_or_toss")
            return t("algo.prompt.stake")
        if sel.target is not None:
            waiting = self.waiting(ctx, sel.target)
            if waiting is not None:      # what Confirm (beside it) will declare, before it is pressed
                s, p = sel.target
                card = card_at(t, ctx.whose(s), p, view["rows"][s][p]["c"])
                return t("algo.prompt.pending", n=waiting, card=card)
            typed = sel.typed
            if typed:
                return t("algo.prompt.number_typed", n=typed)
            return t("algo.prompt.number_touch" if ctx.touch else "algo.prompt.number")   # no Enter
        if view["phase"] == "again" and isinstance(pending, dict) and pending.get("a") == "stay":
            d = view["drawn"]           # what Confirm (beside it) will do, as for a declaration
            if d is not None and d["n"] is not None:
                return t("algo.prompt.pending_stay", card=card_name(t, d["c"], d["n"]))
            return t("algo.prompt.pending_stay_end")
        if view["phase"] == "again":
            return t("algo.prompt.again")
        if view["drawn"] is not None and view["drawn"]["n"] is not None:
            return t("algo.prompt.attack_drawn", card=card_name(t, view["drawn"]["c"], view["drawn"]["n"]))
        if R.partner_attacks(view) and R.partner(view["seat"]) in view["targets"]:
            return t("algo.prompt.attack_pair")
        return t("algo.prompt.attack")

    # --- input: each data-act declared once (``@action``); a puzzle has its own (``PuzzleUI``) ---
    def selection(self, old=None, seat=None):
        return Choice()

    def act(self, action, arg, view, sel, ctx):
        """A puzzle's input goes to ``PuzzleUI``'s ``@action`` handlers, a game's to these."""
        if view["mode"] == "puzzle":
            handler = handlers(PuzzleUI).get(action)
            if handler is None:
                return None
            ctx.acted = action
            return handler(PUZZLE, arg, view, sel, ctx)
        return super().act(action, arg, view, sel, ctx)

    @action("toss")
    def toss(self, arg, view, sel, ctx):
        """Pair play: ask the partner for a Toss."""
        return {"a": "toss"} if view.get("can_toss") else None

    @action("show")
    def show(self, arg, view, sel, ctx):
        """Pair play: show the partner who asked one of your face-down cards."""
        try:
            return {"a": "show", "p": int(arg)}
        except ValueError:
            return None

    @action("target")
    def target(self, arg, view, sel, ctx):
        """Choose (or unchoose) the card to attack; a stale tap (a card turned up since) does
        nothing."""
        if self.targetable(view, arg, ctx):
            toggle_card(sel, "target", arg, ctx)
        return None

    @action("stake")
    def stake(self, arg, view, sel, ctx):
        """With an empty deck: the own face-down card put at stake."""
        try:
            sel.stake = int(arg)
        except ValueError:
            pass
        return None

    @action("declare", "bluff")
    def number(self, arg, view, sel, ctx):
        """A number button (``declare``) or the Bluff button (``bluff``)."""
        try:
            n = int(arg)
        except ValueError:
            return None
        return self.declare(view, sel, ctx, n, bluff=ctx.acted == "bluff")

    @action("stay")
    def stay(self, arg, view, sel, ctx):
        return {"a": "stay"}

    @action("cancel")
    def cancel(self, arg, view, sel, ctx):
        sel.clear()
        return None

    @staticmethod
    def targetable(view, arg, ctx):
        """Whether ``arg`` ("row-position") names a card the viewer may attack now: face down,
        in the row of a player who may be attacked (the board offers only those)."""
        try:
            s, p = (int(x) for x in arg.split("-"))
        except ValueError:
            return False
        return (ctx.viewer in view["to_move"] and view["phase"] in ("attack", "again")
                and s in view["targets"] and not view["out"][s]
                and 0 <= p < len(view["rows"][s]) and not view["rows"][s][p]["up"])

    def move(self, view, sel, n):
        target = sel.target
        if not target:
            return None
        move = {"a": "attack", "s": target[0], "p": target[1], "n": n}
        if view["drawn"] is None and view["stake"] is None and sel.stake is not None:
            move["w"] = sel.stake
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
        if sel.target is None:
            return None
        if type_number(key, sel):
            return True
        if key == "Enter" and sel.typed:
            return self.declare(view, sel, ctx, int(sel.typed)) or True
        return None

    def declare(self, view, sel, ctx, n, bluff=False):
        """A number declared on the chosen card (a tap, or typed and Enter): the move, unless
        the viewer can see it is impossible (refused, saying why) or holds it (a bluff: the
        first time it is only asked about; the Bluff button or the same number again
        declares it)."""
        target = sel.target
        if not target or not 0 <= n < R.NUMBERS:
            return None
        kind, why = self.judged(view, target, ctx).get(n, (None, None))
        if kind == "no":
            ctx.error = why
            sel.bluff = None
            return None
        if kind == "bluff" and not bluff and sel.bluff != n:
            sel.bluff = n
            ctx.focus = "bluff"
            return True
        if kind != "bluff" and bluff:
            return None
        return self.move(view, sel, n)

    def confirms(self, view, move, ctx):
        """A bluff was already asked for twice (the pad's second step): it waits for nothing
        more. Anything else as the rules say (every attack waits, when moves are confirmed)."""
        if (isinstance(move, dict) and move.get("a") == "attack" and view["mode"] != "puzzle"
                and self.judged(view, [move["s"], move["p"]], ctx).get(move["n"], ("",))[0] == "bluff"):
            return False
        return None

    # --- words ---------------------------------------------------------------------------------
    def analysis(self, view, seat, ctx):
        """The strong computer's exact count of the hidden cards (``ui_analysis``)."""
        return algo_analysis(view, seat, ctx)

    def describe(self, e, ctx):
        return self.words(e, ctx)

    def words(self, e, ctx):
        """An event in words: the log's line, and the table's "what just happened"."""
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
        if kind == "attack":      # whose card, and (rules version 3 on) where and which colour
            key = ("algo.log.hit" if e["hit"] else "algo.log.miss") + ("_partner" if e.get("partner") else "")
            if "p" in e:
                return say(key + "_at", e["seat"], n=e["n"], card=self.attacked(e, ctx))
            return say(key, e["seat"], whose=ctx.whose(e["s"]), n=e["n"])
        if kind == "toss":
            return say("algo.log.toss", e["seat"])
        if kind == "show":      # the number only for the two partners (the view hides it)
            at = "_at" if "p" in e else ""
            more = {"nth": nth(t, e["p"])} if at else {}
            if e["n"] is None:
                return say("algo.log.show" + at, e["seat"], to=ctx.name(e["to"]),
                           colour=colour_name(t, e["c"]), **more)
            card = card_name(t, e["c"], e["n"])
            if e["to"] == ctx.viewer:
                return t("algo.log.show_you" + at, name=ctx.name(e["seat"]), card=card, **more)
            return say("algo.log.show_card" + at, e["seat"], to=ctx.name(e["to"]), card=card, **more)
        if kind == "reveal":
            card = card_name(t, e["c"], e["n"])
            if "p" in e:
                key = "algo.log.reveal_drawn" if e.get("drawn") else "algo.log.reveal_at"
                return say(key, e["seat"], card=card, nth=nth(t, e["p"]))
            return say("algo.log.reveal", e["seat"], card=card)
        if kind in ("stay", "out"):
            return say(f"algo.log.{kind}", e["seat"])
        if kind == "round_end":
            text = self.round_winner(e, ctx)
            paid = self.paid_text(e, ctx, log=True)
            return f"{text} {paid}" if paid else text
        if kind == "game_end":
            return t("algo.log.game_end", names=t("list.sep").join(ctx.name(s) for s in e["winners"]))
        return None

    @staticmethod
    def attacked(e, ctx):
        """The attacked card as it is to the reader now (issue 26): "your black 7", "Ben's
        white 2" when the reader knows its number, else by its place in its row now ("Ben's
        3rd card from the left (white)"; the view keeps that up to date), or as it was then."""
        t, whose = ctx.t, ctx.whose(e["s"])
        if e.get("card") is not None:
            return t("algo.card_of", whose=whose, card=card_name(t, e["c"], e["card"]))
        return card_at(t, whose, e.get("at", e["p"]), e["c"])

    def round_winner(self, e, ctx):
        if "team" in e:
            return ctx.t("algo.log.round_end_team", team=ctx.t(f"algo.team.{e['winner']}"),
                         names=self.team_names(e["team"], ctx), round=e["round"] + 1)
        return ctx.say("algo.log.round_end", e["winner"], round=e["round"] + 1)

    def paid_text(self, e, ctx, log=False):
        """Point chips: what the round's winner received."""
        t = ctx.t
        if "paid" not in e:
            return None
        prefix = "algo.log." if log else "algo.round_"
        if "total" in e:          # rules version 2 on, pair play: both losing players pay
            return t(prefix + "paid_each", n=e["paid"], total=e["total"])
        if "team" in e:           # rules version 1, pair play: the losing team pays once
            return t(prefix + "paid_team", n=e["paid"])
        return t(prefix + "paid", n=e["paid"])

    def paid_why(self, e, ctx):
        """How the round win's payment was counted (the event says which cards were still
        face down)."""
        if "paid" not in e:
            return None
        team = e.get("team") or [e["winner"]]
        down = [c for s in team for c in e["rows"][s] if not c["up"]]
        sixes = sum(1 for c in down if c["n"] == R.CHIPS_SIX)
        if not sixes:
            return ctx.t("algo.paid_why_no6", n=len(down))
        return ctx.t("algo.paid_why", n=len(down), sixes=sixes)    # "the 1 card"

    @staticmethod
    def team_names(team, ctx):
        return ctx.t("list.sep").join(ctx.name(s) for s in team)

    def ends_round(self, event):
        return event["e"] == "round_end"

    def log_group(self, event, ctx):
        if event["e"] in PUZZLE_EVENTS:            # a puzzle has no rounds: one list
            return None
        return super().log_group(event, ctx)

    # --- round summaries -----------------------------------------------------------------------
    def round_heading(self, e, ctx):
        """"Aki wins round 2", "You win round 2", "Team A (Aki and Cy) wins round 2"."""
        if "team" in e:
            return ctx.t("algo.round_heading_team", team=ctx.t(f"algo.team.{e['winner']}"),
                         names=self.team_names(e["team"], ctx), round=e["round"] + 1)
        return ctx.say("algo.round_heading", e["winner"], round=e["round"] + 1)

    def round_summary(self, e, ctx):
        """Points moved this round (hits and the round win, from rules version 3 on), the
        payment, round wins so far, and every card as the round ended."""
        t = ctx.t
        parts = []
        paid = self.paid_text(e, ctx)
        if paid:
            # (Japanese puts no space after 。; its lines break between phrases)
            sep = "" if ctx.i18n.lang == "ja" else " "
            parts.append(h("p", {"class_": "paid phrased"},
                           phrased(paid + sep + self.paid_why(e, ctx), ctx.names)))
        if "points" in e:
            parts.append(self.chips_table(e, ctx))
        elif "wins" in e:
            # (a name and its count never apart: 「Cy / 0」 was broken on a phone)
            parts.append(h("p", {"class_": "wins-so-far phrased"}, phrased(
                t("algo.wins_so_far", list=t("list.sep").join(
                    t("algo.wins_n", name=name, n=e["wins"][s])
                    for name, s in self.sides(e, ctx))), ctx.names)))
        parts.append(self.final_rows(e, ctx))
        return h("div", {"class_": "algo-summary"}, parts)

    def sides(self, e, ctx):
        """(name, first seat) of each side: the players, or in pair play the two teams."""
        n = len(e["rows"])
        if "team" in e:
            return [(ctx.t(f"algo.team.{i}"), i) for i in range(2)]
        return [(ctx.name(s), s) for s in range(n)]

    def chips_table(self, e, ctx):
        t = ctx.t

        def signed(x):
            return f"+{x}" if x > 0 else "±0" if x == 0 else f"−{-x}"

        rows = [h("tr", {"class_": "winner" if s == e["winner"] or s in e.get("team", ()) else None},
                  h("th", {"scope": "row"}, name),
                  h("td", {}, signed(e["hits"][s])), h("td", {}, signed(e["won"][s])),
                  h("td", {}, h("strong", {}, str(e["points"][s]))))
                for name, s in self.sides(e, ctx)]
        return h("table", {"class_": "chips phrased"},     # 「CPU4（ふつ/う）」 was broken
                 h("caption", {}, t("algo.chips.title")),
                 h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, t("algo.chips.side")),
                                  h("th", {"scope": "col"}, t("algo.chips.hits")),
                                  h("th", {"scope": "col"}, t("algo.chips.round")),
                                  h("th", {"scope": "col"}, t("algo.chips.now")))),
                 h("tbody", {}, rows))

    def final_rows(self, e, ctx, heading=True):
        """Every row as the round ended: all numbers, the cards still face down marked."""
        t = ctx.t
        team = e.get("team") or [e["winner"]]
        items = []
        for s, row in enumerate(e["rows"]):
            cards = []
            for c in row:
                name = card_name(t, c["c"], c["n"])
                cards.append(name if c["up"] else t("algo.still_down", card=name))
            svgs = [h("span", {"class_": "mini" + ("" if c["up"] else " down")},
                      card_svg(t, c["c"], c["n"], True, mine=not c["up"], small=True))
                    for c in row]
            items.append(h("li", {"class_": "won" if s in team else None},
                           h("span", {"class_": "seat-name"}, ctx.name(s),
                             h("span", {"class_": "badge winner"}, t("algo.winner")) if s in team else None),
                           h("span", {"class_": "mini-row", "role": "img",
                                      "aria_label": ctx.name(s) + ": " + t("list.sep").join(cards)},
                             svgs)))
        return h("div", {"class_": "final-rows"},
                 h("h3", {}, t("algo.all_cards")) if heading else None,
                 h("p", {"class_": "legend phrased"}, phrased(t("algo.legend_down")))
                 if any(not c["up"] for row in e["rows"] for c in row) else None,
                 h("ul", {"class_": "reveal-rows"}, items))

    # --- the result ------------------------------------------------------------------------------
    def result_heading(self, view, outcome, ctx):
        if view.get("mode") == "puzzle":
            return ctx.t("algo.puzzle.solved")
        if view.get("mode") != "pair":
            return super().result_heading(view, outcome, ctx)
        t = ctx.t
        teams = [i for i, team in enumerate(view["teams"]) if team[0] in outcome["winners"]]
        if len(teams) > 1:
            return t("algo.result.teams_share")
        return t("algo.result.team_wins", team=t(f"algo.team.{teams[0]}"),
                 names=self.team_names(view["teams"][teams[0]], ctx))

    def score_text(self, outcome, seat, ctx):
        t = ctx.t
        if "mistakes" in outcome:            # a puzzle
            return t("algo.puzzle.mistakes", n=outcome["mistakes"])
        n = outcome["scores"][seat]
        text = t("algo.points", n=n) if "wins" in outcome else t("algo.rounds_won", n=n)
        if outcome.get("pair"):
            return t("algo.score_team", team=t(f"algo.team.{seat % 2}"), score=text)
        return text

    def result(self, view, ctx):
        if view["mode"] == "puzzle":
            return PUZZLE.result(view, ctx)
        t = ctx.t
        pair = view["mode"] == "pair"
        ends = [e for e in view["log"] if e["e"] == "round_end"]
        chips = view["points"] is not None

        def winner_name(r):
            return t(f"algo.team.{r['winner']}") if pair else ctx.name(r["winner"])

        head = [h("th", {"scope": "col"}, t("algo.result.round")),
                h("th", {"scope": "col"}, t("algo.dealer")),
                h("th", {"scope": "col"}, t("algo.result.round_winner"))]
        detailed = chips and all("won" in e for e in ends)
        if detailed:
            head.append(h("th", {"scope": "col"}, t("algo.chips.round")))
        rows = []
        for r, e in zip(view["results"], ends):
            cells = [h("td", {}, str(r["round"] + 1)), h("td", {}, ctx.name(r["dealer"])),
                     h("td", {}, winner_name(r))]
            if detailed:
                won = f"+{e['won'][r['winner']]}"
                cells.append(h("td", {"class_": "won"}, won))     # never 「+18/0」 (style.css)
            rows.append(h("tr", {}, cells))
        parts = [h("table", {"class_": "rounds phrased"},       # names whole: 「CPU2（ふつう）」
                   h("caption", {}, t("algo.result.rounds")),
                   h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows))]
        if detailed:
            parts.append(self.chips_breakdown(view, ends, ctx))
        elif chips:        # an older game: its totals
            sides = ([(t(f"algo.team.{i}"), team[0]) for i, team in enumerate(view["teams"])] if pair
                     else [(ctx.name(s), s) for s in range(view["players"])])
            parts.append(h("ul", {"class_": "totals"},
                           [h("li", {}, t("algo.result.points", name=name, n=view["points"][s],
                                          wins=view["wins"][s])) for name, s in sides]))
        boards = [result_part(ctx, i, self.round_heading(e, ctx),
                              lambda e=e: self.final_rows(e, ctx, heading=False), class_="round-board")
                  for i, e in enumerate(ends)]
        parts.append(h("div", {"class_": "round-boards"},
                       h("h3", {}, t("algo.result.boards")), boards))
        return h("div", {"class_": "algo-result"}, parts)

    def chips_breakdown(self, view, ends, ctx):
        """Point chips, each side: where it started, won or lost by hits, by round wins, and
        where it ended."""
        t = ctx.t
        first = ends[0]
        sides = self.sides(first, ctx)

        def signed(x):
            return f"+{x}" if x > 0 else "±0" if x == 0 else f"−{-x}"

        rows = []
        for name, s in sides:
            hits = sum(e["hits"][s] for e in ends)
            won = sum(e["won"][s] for e in ends)
            final = view["points"][s]
            rows.append(h("tr", {}, h("th", {"scope": "row"}, name),
                          h("td", {}, str(final - hits - won)), h("td", {}, signed(hits)),
                          h("td", {}, signed(won)), h("td", {}, h("strong", {}, str(final)))))
        return h("table", {"class_": "chips phrased"},     # 「CPU4（ふつ/う）」 was broken
                 h("caption", {}, t("algo.points_title")),
                 h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, t("algo.chips.side")),
                                  h("th", {"scope": "col"}, t("algo.chips.start")),
                                  h("th", {"scope": "col"}, t("algo.chips.hits")),
                                  h("th", {"scope": "col"}, t("algo.chips.rounds")),
                                  h("th", {"scope": "col"}, t("algo.chips.final")))),
                 h("tbody", {}, rows))

    # --- the shelf -------------------------------------------------------------------------------
    def picture(self):
        """A row of four algo cards: black 2 and white 7 face up, a white and a black back."""
        from ...ui.i18n import I18n

        t = I18n("en").t
        cards = [(0, 2, True), (1, None, False), (0, None, False), (1, 7, True)]
        return h("svg", {"viewBox": f"0 0 {4 * (W + 6) + 6} {H + 12}", "aria_hidden": "true",
                         "focusable": "false", "class_": "algo-picture"},
                 [h("g", {"transform": f"translate({6 + i * (W + 6)} 6)"}, card_svg(t, c, n, up))
                  for i, (c, n, up) in enumerate(cards)])

    def progress(self, view, ctx):
        t = ctx.t
        if view["mode"] == "puzzle":
            return t("algo.progress.puzzle", grade=t(f"algo.grade.{view['grade']}"),
                     left=t("algo.puzzle.left", n=view["left"]),
                     mistakes=t("algo.puzzle.mistakes", n=view["mistakes"]))
        if view["phase"] == "over":
            return None
        if view["mode"] == "pair":
            scores = [(t(f"algo.team.{i}"), team[0]) for i, team in enumerate(view["teams"])]
        else:
            scores = [(ctx.name(s), s) for s in range(view["players"])]
        values = view["points"] if view["points"] is not None else view["wins"]
        text = t("list.sep").join(t("algo.name_n", name=name, n=values[s]) for name, s in scores)
        mover = view["to_move"][0] if view["to_move"] else view["turn"]
        return t("algo.progress", round=view["round"] + 1, rounds=view["rounds"],
                 scores=text, turn=ctx.say("algo.progress_turn", mover))

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
                 h("ul", {}, rulings, versioned(4, RULINGS_V4), versioned(3, RULINGS_V3),
                   versioned(2, RULINGS_V2),
                   versioned(1, RULINGS_V1)),
                 h("p", {}, t("algo.rules.versions")),
                 h("h3", {}, t("rules.keys")), h("ul", {}, keys))


RULES_STANDARD = ("goal", "setup", "turn", "hit", "miss", "empty", "out", "end", "view")
RULES_VARIANTS = ("chips", "pair", "toss", "puzzle", "grades")
# Every ruling of the spec and every decision of ours (engine constants in rules.py/puzzle.py):
# those of every rules version (and of the table: "preview", "undo"), what rules version 3 adds
# (rules.DETAILED_LOG_SINCE: more in the log, no change of play), what rules version 4 adds
# (rules.ROUND_BOARD_SINCE: a round's end recorded whole, no change of play), the corrections of
# rules version 2 (rules.PARTNER_ATTACK_SINCE, rules.EACH_LOSER_PAYS_SINCE), and what games of rules
# version 1 keep (older save codes).
RULINGS = ("colour", "first_dealer", "winner", "last_hit", "reveal", "sorted",
           "toss_before_attack", "toss_public", "chips_points", "chips_all_pay", "chips_pair",
           "puzzle_all_cards", "puzzle_no_repeat", "puzzle_grades", "daily", "preview", "pad", "undo",
           "analysis")
RULINGS_V4 = ("round_record",)
RULINGS_V3 = ("detailed_log",)
RULINGS_V2 = ("partner_attack", "partner_out", "chips_pair_each", "chips_partner_hit")
RULINGS_V1 = ("pair_opponents", "chips_pair_once")
KEYS = ("tab", "digits", "stay", "toss", "escape", "why")


def today():
    """The local date (YYYY-MM-DD) of the daily puzzle."""
    return datetime.date.today().isoformat()


PUZZLE = PuzzleUI()
UI = AlgoUI()
