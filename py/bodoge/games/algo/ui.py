"""algo's UI: the table (``ui_table.py``: rows of SVG cards, the deck, the drawn card, a number
pad that says what a hit and a miss would do), pair play with Toss, point chips, the words of
the log, the round summaries and the result, and the 詰めアルゴ puzzle screen
(``ui_puzzle.py``). The cards, black and white told apart by more than colour: ``ui_cards.py``.

Keyboard: Tab to a card and press Enter to pick it, then a number button, or type the number
(two digits for 10 and 11) and press Enter; S stays after a hit; T asks for a Toss (pair
play); Esc cancels.

Spots (``data-spot``, for lessons; see ``GameUI.board``): ``row:<seat>`` (a player's row),
``card:<seat>:<position>`` (a card in a row, positions from 0 on the left), ``deck``, ``drawn``
(the card drawn this turn), ``num:<n>`` (the number buttons), ``button:stay``, ``button:toss``,
``button:cancel``.
"""

import datetime

from ...core.record import Record, encode
from ...ui.games import GameUI, action, result_part
from ...ui.html import h
from ...ui.phrases import phrased
from . import rules as R
from .puzzle import GRADES as PUZZLE_GRADES
from .ui_cards import (W, H, Choice, card_at, card_name, card_svg, colour_name, nth, pending,
                       toggle_card, type_number, whole)
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
        fields = [choose(t, "mode", mode, R.MODES, "setup-change")]
        if mode == "standard":
            fields.append(super().option_fields(values, t))
        elif mode == "pair":
            fields.append(h("p", {}, t("algo.setup.pair_note")))
        if mode in ("standard", "pair"):          # 「決め/る」 was broken
            fields.append(check("chips", values, phrased(t("algo.setup.chips")), " phrased"))
        else:
            fields += [choose(t, "grade", values.get("grade"), PUZZLE_GRADES),
                       check("daily", values, t("algo.setup.daily", date=today()))]
        return h("div", {"class_": "algo-setup"}, fields)

    def setup_values(self, form, values):
        new = dict(values)
        mode = form.get("mode", values.get("mode", "standard"))
        new["mode"] = mode if mode in R.MODES else "standard"
        new.update((name, form[name] is True or form[name] in ("on", "true", "1"))
                   for name in ("chips", "daily") if name in form)
        new["grade"] = whole(form.get("grade", values.get("grade", 1)), PUZZLE_GRADES, 1)
        new.update((k, v) for k, v in form.items() if k.startswith(("kind", "name")))
        players = whole(form.get("players", values.get("players", 2)), R.DEAL, 2)
        new["players"] = {"standard": players, "pair": R.PAIR_PLAYERS}.get(new["mode"], 1)
        return new

    def setup_bot_levels(self, values):
        """A 詰めアルゴ puzzle is solved by the person: no computer seat, no Training."""
        return () if values.get("mode") == "puzzle" else super().setup_bot_levels(values)

    def options_from_setup(self, values):
        mode = values.get("mode", "standard")
        if mode == "puzzle":
            daily = {"daily": today()} if values.get("daily") else {}
            return {"mode": "puzzle", "players": 1, "grade": values.get("grade", 1), **daily}
        return {"players": values["players"], **({"mode": "pair"} if mode == "pair" else {}),
                **({"chips": True} if values.get("chips") else {})}

    def title(self, seats, i18n, options):
        if options.get("mode") != "puzzle":
            return super().title(seats, i18n, options)
        return i18n.t("algo.slot.daily" if options.get("daily") else "algo.slot.puzzle",
                      date=options.get("daily"), grade=options["grade"])

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
        puzzle = kind == "puzzle" and match.record.options.get("mode") == "puzzle"
        return self.puzzle_code(match) if puzzle else None

    def opened(self, app):
        """The app a game is opened in: a solved 詰めアルゴ's Next puzzle starts a new game there
        (as ALLUVIUM's UI installs its pointer input on the app)."""
        PUZZLE.app = app

    # --- the table -------------------------------------------------------------------------------
    def board(self, view, sel, ctx):
        if view["mode"] == "puzzle":
            return PUZZLE.board(view, sel, ctx)
        ended = ctx.pause if ctx.pause is not None and self.ends_round(ctx.pause) else None
        if ended is None and view["phase"] == "over":   # the last round as it ended, as after each
            ended = next((e for e in reversed(view["log"]) if self.ends_round(e)), None)
        if ended is None:
            return self.live_board(view, sel, ctx)
        return self.final_board(view, ended, ctx)

    def prompt(self, view, sel, ctx):
        if view["mode"] == "puzzle":
            return PUZZLE.prompt(view, sel, ctx)
        t, d = ctx.t, view["drawn"]
        if view["phase"] == "toss":
            show = pending(ctx, "show")
            if show:
                card = view["rows"][ctx.viewer][show["p"]]
                return t("algo.prompt.pending_show", name=ctx.name(view["turn"]),
                         card=card_name(t, card["c"], card["n"]))
            return t("algo.prompt.show", name=ctx.name(view["turn"]))
        if view.get("can_toss") and pending(ctx, "toss"):
            return t("algo.prompt.pending_toss")   # short: beside Confirm, the table stays put
        if d is None and view["stake"] is None and sel.stake is None:
            return t("algo.prompt.stake_or_toss" if view.get("can_toss") else "algo.prompt.stake")
        if sel.target is not None:
            waiting = self.waiting(ctx, sel.target)
            if waiting is not None:      # what Confirm (beside it) will declare, before it is pressed
                s, p = sel.target
                card = card_at(t, ctx.whose(s), p, view["rows"][s][p]["c"])
                return t("algo.prompt.pending", n=waiting, card=card)
            if sel.typed:
                return t("algo.prompt.number_typed", n=sel.typed)
            return t("algo.prompt.number_touch" if ctx.touch else "algo.prompt.number")   # no Enter
        known = d is not None and d["n"] is not None       # the drawn card, its number seen
        if view["phase"] == "again" and pending(ctx, "stay"):
            # what Confirm (beside it) will do, as for a declaration
            if known:
                return t("algo.prompt.pending_stay", card=card_name(t, d["c"], d["n"]))
            return t("algo.prompt.pending_stay_end")
        if view["phase"] == "again":
            return t("algo.prompt.again")
        if known:
            return t("algo.prompt.attack_drawn", card=card_name(t, d["c"], d["n"]))
        if R.partner_attacks(view) and R.partner(view["seat"]) in view["targets"]:
            return t("algo.prompt.attack_pair")
        return t("algo.prompt.attack")

    # --- input: each data-act declared once (``@action``); a puzzle has its own (``PuzzleUI``) ---
    def selection(self, old=None, seat=None):
        return Choice()

    def act(self, action, arg, view, sel, ctx):
        """A puzzle's input goes to ``PuzzleUI``'s ``@action`` handlers (the same dispatch), a
        game's to these."""
        return GameUI.act(PUZZLE if view["mode"] == "puzzle" else self, action, arg, view, sel, ctx)

    @action("toss")
    def toss(self, arg, view, sel, ctx):
        """Pair play: ask the partner for a Toss."""
        return {"a": "toss"} if view.get("can_toss") else None

    @action("show")
    def show(self, arg, view, sel, ctx):
        """Pair play: show the partner who asked one of your face-down cards."""
        p = whole(arg)
        return None if p is None else {"a": "show", "p": p}

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
        sel.stake = whole(arg, default=sel.stake)
        return None

    @action("declare", "bluff")
    def number(self, arg, view, sel, ctx):
        """A number button (``declare``) or the Bluff button (``bluff``)."""
        n = whole(arg)
        return None if n is None else self.declare(view, sel, ctx, n, bluff=ctx.acted == "bluff")

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
        return type_number(key, sel, lambda n: self.declare(view, sel, ctx, n) or True)

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
        move = {"a": "attack", "s": target[0], "p": target[1], "n": n}
        if view["drawn"] is None and view["stake"] is None and sel.stake is not None:
            move["w"] = sel.stake        # with an empty deck: the own card put at stake
        return move

    def confirms(self, view, move, ctx):
        """A bluff was already asked for twice (the pad's second step): it waits for nothing
        more. Anything else as the rules say (every attack waits, when moves are confirmed)."""
        bluff = (isinstance(move, dict) and move.get("a") == "attack"
                 and view["mode"] != "puzzle" and self.judged(
                     view, [move["s"], move["p"]], ctx).get(move["n"], ("",))[0] == "bluff")
        return False if bluff else None

    # --- words ---------------------------------------------------------------------------------
    def analysis(self, view, seat, ctx):
        """The strong computer's exact count of the hidden cards (``ui_analysis``)."""
        return algo_analysis(view, seat, ctx)

    def describe(self, e, ctx):
        return self.words(e, ctx)

    def words(self, e, ctx):
        """An event in words: the log's line, and the table's "what just happened"."""
        t, say, kind = ctx.t, ctx.say, e["e"]
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
            key = ("algo.log.hit" if e["hit"] else "algo.log.miss") + (
                "_partner" if e.get("partner") else "")
            if "p" in e:
                return say(key + "_at", e["seat"], n=e["n"], card=self.attacked(e, ctx))
            return say(key, e["seat"], whose=ctx.whose(e["s"]), n=e["n"])
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
        if kind in ("toss", "stay", "out"):
            return say(f"algo.log.{kind}", e["seat"])
        if kind == "round_end":
            text = self.round_won(e, ctx, "algo.log.round_end")
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

    def paid_text(self, e, ctx, log=False):
        """Point chips: what the round's winner received."""
        t = ctx.t
        if "paid" not in e:
            return None
        # pair play: from rules version 2 on both losing players pay ("total"), in version 1
        # the losing team pays once
        key = "paid_each" if "total" in e else "paid_team" if "team" in e else "paid"
        return t(("algo.log." if log else "algo.round_") + key, n=e["paid"], total=e.get("total"))

    def paid_why(self, e, ctx):
        """How the round win's payment was counted (the event says which cards were still
        face down)."""
        if "paid" not in e:
            return None
        team = e.get("team") or [e["winner"]]
        down = [c for s in team for c in e["rows"][s] if not c["up"]]
        sixes = sum(1 for c in down if c["n"] == R.CHIPS_SIX)     # (n=1: "the 1 card")
        return ctx.t("algo.paid_why" if sixes else "algo.paid_why_no6", n=len(down), sixes=sixes)

    @staticmethod
    def team_names(team, ctx):
        return ctx.t("list.sep").join(ctx.name(s) for s in team)

    def ends_round(self, event):
        return event["e"] == "round_end"

    def log_group(self, event, ctx):
        # (a puzzle has no rounds: one list)
        return None if event["e"] in PUZZLE_EVENTS else super().log_group(event, ctx)

    # --- round summaries -----------------------------------------------------------------------
    def round_heading(self, e, ctx):
        """"Aki wins round 2", "You win round 2", "Team A (Aki and Cy) wins round 2"."""
        return self.round_won(e, ctx, "algo.round_heading")

    def round_won(self, e, ctx, key):
        """``key`` (in pair play ``key_team``) said of the round's winner."""
        if "team" in e:
            return ctx.t(key + "_team", team=ctx.t(f"algo.team.{e['winner']}"),
                         names=self.team_names(e["team"], ctx), round=e["round"] + 1)
        return ctx.say(key, e["winner"], round=e["round"] + 1)

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
                    for name, s in self.sides("team" in e, len(e["rows"]), ctx))), ctx.names)))
        parts.append(self.final_rows(e, ctx))
        return h("div", {"class_": "algo-summary"}, parts)

    @staticmethod
    def sides(pair, players, ctx):
        """(name, first seat) of each side: the players, or in pair play the two teams (team A
        is seats 0 and 2, team B 1 and 3: ``rules.partner``)."""
        if pair:
            return [(ctx.t(f"algo.team.{i}"), i) for i in range(2)]
        return [(ctx.name(s), s) for s in range(players)]

    def chips_table(self, e, ctx):
        rows = [chips_row(name, (signed(e["hits"][s]), signed(e["won"][s])), e["points"][s],
                          s == e["winner"] or s in e.get("team", ()))
                for name, s in self.sides("team" in e, len(e["rows"]), ctx)]
        return chips_grid(ctx.t, "algo.chips.title", ("side", "hits", "round", "now"), rows)

    def final_rows(self, e, ctx, heading=True):
        """Every row as the round ended: all numbers, the cards still face down marked."""
        t = ctx.t
        team = e.get("team") or [e["winner"]]
        items = []
        for s, row in enumerate(e["rows"]):
            names = [card_name(t, c["c"], c["n"]) for c in row]
            cards = [x if c["up"] else t("algo.still_down", card=x) for c, x in zip(row, names)]
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
        text = t("algo.points" if "wins" in outcome else "algo.rounds_won",
                 n=outcome["scores"][seat])
        if outcome.get("pair"):
            return t("algo.score_team", team=t(f"algo.team.{seat % 2}"), score=text)
        return text

    def result(self, view, ctx):
        if view["mode"] == "puzzle":
            return PUZZLE.result(view, ctx)
        t, pair = ctx.t, view["mode"] == "pair"
        ends = [e for e in view["log"] if e["e"] == "round_end"]
        chips = view["points"] is not None
        detailed = chips and all("won" in e for e in ends)
        head = [h("th", {"scope": "col"}, t(k)) for k in ("algo.result.round", "algo.dealer",
                                                          "algo.result.round_winner",
                                                          "algo.chips.round")[:3 + detailed]]
        rows = []
        for r, e in zip(view["results"], ends):
            w = r["winner"]
            cells = [str(r["round"] + 1), ctx.name(r["dealer"]),
                     t(f"algo.team.{w}") if pair else ctx.name(w)]
            # (the round's chips: never 「+18/0」, style.css)
            won = h("td", {"class_": "won"}, f"+{e['won'][w]}") if detailed else None
            rows.append(h("tr", {}, [h("td", {}, c) for c in cells], won))
        parts = [h("table", {"class_": "rounds phrased"},       # names whole: 「CPU2（ふつう）」
                   h("caption", {}, t("algo.result.rounds")),
                   h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows))]
        if detailed:
            parts.append(self.chips_breakdown(view, ends, ctx))
        elif chips:        # an older game: its totals
            parts.append(h("ul", {"class_": "totals"},
                           [h("li", {}, t("algo.result.points", name=name, n=view["points"][s],
                                          wins=view["wins"][s]))
                            for name, s in self.sides(pair, view["players"], ctx)]))
        boards = [result_part(ctx, i, self.round_heading(e, ctx),
                              lambda e=e: self.final_rows(e, ctx, heading=False), class_="round-board")
                  for i, e in enumerate(ends)]
        parts.append(h("div", {"class_": "round-boards"},
                       h("h3", {}, t("algo.result.boards")), boards))
        return h("div", {"class_": "algo-result"}, parts)

    def chips_breakdown(self, view, ends, ctx):
        """Point chips, each side: where it started, won or lost by hits, by round wins, and
        where it ended."""
        rows = []
        for name, s in self.sides("team" in ends[0], len(ends[0]["rows"]), ctx):
            hits = sum(e["hits"][s] for e in ends)
            won = sum(e["won"][s] for e in ends)
            final = view["points"][s]
            rows.append(chips_row(name, (str(final - hits - won), signed(hits), signed(won)),
                                  final))
        return chips_grid(ctx.t, "algo.points_title", ("side", "start", "hits", "rounds", "final"),
                          rows)

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
        values = view["points"] if view["points"] is not None else view["wins"]
        text = t("list.sep").join(t("algo.name_n", name=name, n=values[s])
                                  for name, s in self.sides(view["mode"] == "pair",
                                                            view["players"], ctx))
        mover = view["to_move"][0] if view["to_move"] else view["turn"]
        return t("algo.progress", round=view["round"] + 1, rounds=view["rounds"],
                 scores=text, turn=ctx.say("algo.progress_turn", mover))

    def rules(self, t):
        sections = [[h("h3", {}, t(f"algo.rules.{k}.title")), h("p", {}, t(f"algo.rules.{k}"))]
                    for k in RULES_STANDARD + RULES_VARIANTS]
        versioned = [h("li", {"class_": f"ruling-v{v}"},
                       h("strong", {}, t(f"algo.ruling.version{v}")), " ", t(f"algo.ruling.{k}"))
                     for v, keys in ((4, RULINGS_V4), (3, RULINGS_V3), (2, RULINGS_V2),
                                     (1, RULINGS_V1)) for k in keys]
        return h("div", {"class_": "rules"}, sections,
                 h("h3", {}, t("rules.rulings")),
                 h("ul", {}, [h("li", {}, t(f"algo.ruling.{k}")) for k in RULINGS], versioned),
                 h("p", {}, t("algo.rules.versions")),
                 h("h3", {}, t("rules.keys")),
                 h("ul", {}, [h("li", {}, t(f"algo.keys.{k}")) for k in KEYS]))


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


def signed(x):
    return f"+{x}" if x > 0 else "±0" if x == 0 else f"−{-x}"


def chips_row(name, cells, total, winner=False):
    """A side's row of a chips table: its name, ``cells``, and its total in bold."""
    return h("tr", {"class_": "winner" if winner else None}, h("th", {"scope": "row"}, name),
             [h("td", {}, c) for c in cells], h("td", {}, h("strong", {}, str(total))))


def chips_grid(t, caption, columns, rows):
    """A table of point chips, a side a row (``columns``: ``algo.chips.*`` keys)."""
    return h("table", {"class_": "chips phrased"},     # 「CPU4（ふつ/う）」 was broken
             h("caption", {}, t(caption)),
             h("thead", {}, h("tr", {}, [h("th", {"scope": "col"}, t(f"algo.chips.{c}"))
                                         for c in columns])),
             h("tbody", {}, rows))


def choose(t, name, chosen, choices, act=None):
    """A setup select (``algo.setup.<name>``; its options ``algo.<name>.<choice>``). Its label
    points at it (not wrapping it), so a label's name is only its text."""
    return h("p", {}, h("label", {"for": name}, t(f"algo.setup.{name}")), " ",
             h("select", {"name": name, "id": name, "data_act": act},
               [h("option", {"value": str(c), "selected": chosen == c}, t(f"algo.{name}.{c}"))
                for c in choices]))


def check(name, values, text, more=""):
    return h("label", {"class_": "check" + more},
             h("input", {"type": "checkbox", "name": name, "id": f"opt-{name}",
                         "checked": bool(values.get(name))}), " ", text)


def today():
    """The local date (YYYY-MM-DD) of the daily puzzle."""
    return datetime.date.today().isoformat()


PUZZLE = PuzzleUI()
UI = AlgoUI()
