"""The New game and Rules screens: imported when first opened, not at the start (the shelf
comes first; see benchmarks/platform.md)."""

from ..core.names import clean_name
from ..games import info
from .games import game_ui, has_analysis, learn_link, lesson_done
from .html import h


class SetupScreen:
    """New game: options and, for each seat, a name and human or bot level."""

    def __init__(self, app, game_id):
        self.app = app
        self.game_id = game_id
        self.gui = game_ui(game_id)
        self.values = self.gui.default_setup()
        self.error = None

    def render(self):
        t = self.app.t
        g = info(self.game_id)
        values = self.values
        players = values["players"]
        levels = self.gui.setup_bot_levels(values)    # (none: no computer seat, no Training)
        seats = []
        for s in range(players):
            kind = values.get(f"kind{s}", "human" if s == 0 else "normal")
            seats.append(h("fieldset", {"class_": "seat"},
                           h("legend", {}, t("setup.seat", n=s + 1)),
                           h("label", {}, t("setup.name"), " ",
                             h("input", {"name": f"name{s}", "value": values.get(f"name{s}", ""),
                                         "maxlength": "24", "autocomplete": "off",
                                         "placeholder": t("setup.name_placeholder")})),
                           h("label", {}, t("setup.kind"), " ",
                             h("select", {"name": f"kind{s}", "id": f"kind{s}"},
                               h("option", {"value": "human", "selected": kind == "human"}, t("setup.human")),
                               h("option", {"value": "guest", "selected": kind == "guest"}, t("setup.guest"))
                               if players > 1 else None,
                               [h("option", {"value": lvl, "selected": kind == lvl}, t(f"setup.bot.{lvl}"))
                                for lvl in levels]))))
        training = None
        if has_analysis(self.gui) and levels:   # a game with an analysis, against computers
            training = h("label", {"class_": "check training"},
                         h("input", {"type": "checkbox", "name": "training", "id": "training",
                                     "checked": bool(values.get("training")),
                                     "aria_describedby": "training-hint"}),
                         h("span", {}, t("training.option"),     # the words, one item beside the box
                           h("span", {"class_": "hint", "id": "training-hint"}, " ", t("training.hint"))))
        return h("main", {"class_": "screen setup-screen"},
                 h("h1", {"id": "main-heading", "tabindex": "-1"},
                   t("setup.title", game=g.name_ja if self.app.i18n.lang == "ja" else g.name_en)),
                 self.lesson_offer(),
                 h("form", {"data_act": "start", "class_": "setup", "id": "setup-form"},
                   self.gui.option_fields(values, t),
                   h("div", {"class_": "seats"}, seats),
                   training,
                   h("p", {"role": "alert", "class_": "form-error"}, self.error) if self.error else None,
                   h("div", {"class_": "actions"},
                     h("button", {"type": "submit", "class_": "button primary", "id": "start"},
                       t("setup.start")),
                     h("a", {"class_": "button", "href": "#/"}, t("setup.back")))))

    @staticmethod
    def take_training(form, new, old):
        """The Training box is the frame's, not the game's: a game's ``setup_values`` may
        keep only its own fields."""
        new = dict(new)
        new["training"] = _training_value(form, old)
        return new

    def act(self, action, arg, form):
        app = self.app
        if action == "setup-change":
            self.values = self.take_training(form, self.gui.setup_values(form, self.values), self.values)
            app.focus_next = arg or None
            app.refresh()
        elif action == "start":
            self.values = self.take_training(form, self.gui.setup_values(form, self.values), self.values)
            try:
                options = self.gui.game.options(self.gui.options_from_setup(self.values))
            except Exception as e:  # BadOptions: keep the form, say why
                self.error = str(e)
                app.refresh()
                return
            seats = []
            for s in range(self.gui.game_players(options)):
                kind = self.values.get(f"kind{s}", "human")
                name = clean_name(str(self.values.get(f"name{s}", "")))
                seat = {"name": name, "bot": kind if kind in self.gui.setup_bot_levels(self.values) else None}
                if kind == "guest" and self.gui.game_players(options) > 1:
                    seat["remote"] = True         # played on another device
                seats.append(seat)
            meta = {"seats": seats, **self.gui.setup_meta(self.values)}
            people = [s for s in seats if s["bot"] is None]
            if (self.values.get("training") is True and has_analysis(self.gui)
                    and len(people) == 1 and len(seats) > 1):
                meta["training"] = True      # one person against computers, analysis on
            app.start_game(self.game_id, options, seats, meta)

    def lesson_offer(self):
        """New to the game: its lesson, a guided first game."""
        status = self.app.lesson_status(self.game_id)
        if status is None:
            return None
        t = self.app.t
        return h("p", {"class_": "lesson-offer"}, t("lesson.offer"), " ",
                 learn_link(t, self.game_id, status), " ", lesson_done(t, status))


def _training_value(form, values):
    if "training" not in form:
        return bool(values.get("training"))
    return form["training"] is True or form["training"] in ("on", "true", "1")


class RulesScreen:
    def __init__(self, app, game_id):
        self.app = app
        self.gui = game_ui(game_id)
        self.game_id = game_id

    def render(self):
        t = self.app.t
        g = info(self.game_id)
        return h("main", {"class_": "screen rules-screen"},
                 h("h1", {"id": "main-heading", "tabindex": "-1"},
                   t("rules.title", game=g.name_ja if self.app.i18n.lang == "ja" else g.name_en)),
                 h("h2", {"class_": "offscreen"}, t("rules.how")),   # the rules' own headings are h3
                 self.gui.rules(t),
                 h("p", {}, h("a", {"class_": "button", "href": "#/"}, t("setup.back")),
                   " ", h("a", {"class_": "button primary", "href": f"#/new/{self.game_id}"},
                          t("shelf.new_game"))))

    def act(self, action, arg, form):
        pass
