"""The application controller: router, screens, saves, bots, hand-over and announcements.

It talks to the browser only through a *host* object (``bodoge.ui.dom.BrowserHost`` in the
page, ``FakeHost`` in tests) with these members:

    store                      key–value store (get/set/remove/keys), i.e. localStorage
    render(html, focus)        replace the app's markup; focus the element id ``focus`` (or
                               keep the focused element if ``focus`` is None)
    announce(text)             say ``text`` through the role="status" live region
    later(ms, fn)              call ``fn()`` after ``ms`` milliseconds
    set_hash(h, replace)       go to hash ``h`` (the page then calls ``route``); ``replace``:
                               only rewrite the URL, without a history entry or routing
    copy(text) -> bool         put text on the clipboard
    now() -> float             milliseconds
    random_seed() -> int       a fresh 53-bit seed
    format_time(ms, lang)      a local date and time
    base_url() -> str          the page's URL without its hash (for share links)
    apply_settings(settings)   language and motion on <html>
"""

from ..core.errors import BadCode
from ..core.match import Match
from ..core.record import clean
from ..games import CATALOG, info, is_known
from .html import h, render
from .i18n import I18n
from .storage import Saves, Settings, Slot, SPEEDS
from .games import game_ui
from .play import has_analysis
from .replay import ReplayScreen

REPLAY_PREFIX = "#replay="
NOTICE_MS = 5000      # how long a notice floats over a framed screen


class App:
    def __init__(self, host, default_lang="en"):
        self.host = host
        self.settings = Settings(host.store, default_lang)
        self.i18n = I18n(self.settings.lang)
        self.saves = Saves(host.store)
        self.screen = None
        self.notice = None          # (kind, text) shown once on the next screen
        self.focus_next = None

    def t(self, key, **params):
        return self.i18n.t(key, **params)

    # --- navigation ----------------------------------------------------------------------------
    def start(self, hash_):
        self.host.apply_settings(self.settings)
        self.route(hash_)

    def route(self, hash_):
        hash_ = hash_ or ""
        if hash_.startswith("#load="):
            self.open_code(hash_[len("#load="):], from_link=True)
            return
        parts = [p for p in hash_.lstrip("#").split("/") if p]
        if self.screen is not None and hasattr(self.screen, "close"):
            self.screen.close()
        if hash_.startswith(REPLAY_PREFIX):
            self.screen = self.open_replay(hash_[len(REPLAY_PREFIX):]) or ShelfScreen(self)
            self.focus_next = self.focus_next or "main-heading"
            self.refresh()
            return
        if len(parts) == 2 and parts[0] == "new" and is_known(parts[1]):
            self.screen = SetupScreen(self, parts[1])
        elif len(parts) == 2 and parts[0] == "rules" and is_known(parts[1]):
            self.screen = RulesScreen(self, parts[1])
        elif len(parts) == 2 and parts[0] == "play":
            self.screen = self.open_slot(parts[1]) or ShelfScreen(self)
        elif len(parts) in (2, 3) and parts[0] == "replay":
            self.screen = self.replay_slot(parts[1], parts[2] if len(parts) == 3 else None) or ShelfScreen(self)
        else:
            self.screen = ShelfScreen(self)
        self.focus_next = self.focus_next or "main-heading"
        self.refresh()

    def go(self, hash_):
        """Navigate: the hashchange event calls ``route``."""
        self.host.set_hash(hash_)

    def open_slot(self, slot_id):
        try:
            slot = self.saves.get(slot_id)
        except ValueError:
            self.notice = ("error", self.t("saves.damaged_open"))
            self.host.set_hash("#/", replace=True)
            return None
        if slot is None:
            self.notice = ("error", self.t("saves.missing"))
            self.host.set_hash("#/", replace=True)
            return None
        try:
            match = Match.from_code(slot.code)
        except BadCode as e:
            self.notice = ("error", self.t("saves.damaged_code", reason=self.code_error(e)))
            self.host.set_hash("#/", replace=True)
            return None
        return game_ui(match.game.id).make_screen(self, slot, match)

    # --- replays -------------------------------------------------------------------------------
    def open_replay(self, text):
        """``#replay=<code>`` (at the end) or ``#replay=<code>&move=N``: the replay screen, or
        None (a notice says why) for a code that cannot be opened."""
        code, _, query = text.partition("&")
        params = dict(p.partition("=")[::2] for p in query.split("&") if p)
        try:
            match = Match.from_code(clean(code))
        except BadCode as e:
            self.notice = ("error", self.t("replay.error", reason=self.code_error(e)))
            self.host.set_hash("#/", replace=True)
            self.focus_next = "notice"
            return None
        return ReplayScreen(self, match, self.replay_move(params.get("move"), match))

    def replay_slot(self, slot_id, move=None):
        """The replay of a saved game (at its end, or at ``move``), or None (a notice says
        why)."""
        try:
            slot = self.saves.get(slot_id)
        except ValueError:
            slot = None
        match = None
        if slot is not None:
            try:
                match = Match.from_code(slot.code)
            except BadCode:
                match = None
        if match is None:
            self.notice = ("error", self.t("saves.missing" if slot is None else "saves.damaged_open"))
            self.host.set_hash("#/", replace=True)
            return None
        return ReplayScreen(self, match, self.replay_move(move, match), slot=slot)

    def replay_move(self, text, match):
        """The move a replay opens at: ``text`` (None: the end), clamped to the game, with a
        short notice for a move number that is not one or is out of range."""
        total = len(match.record.moves)
        if text is None:
            return total
        text = str(text)
        try:
            n = int(text) if text.strip().lstrip("-").isdigit() and len(text) <= 9 else None
        except ValueError:
            n = None
        if n is None:
            self.notice = ("error", self.t("replay.bad_move", n=text[:12], total=total))
            return total
        if not 0 <= n <= total:
            n = max(0, min(total, n))
            self.notice = ("info", self.t("replay.clamped", n=n, total=total))
        return n

    def open_code(self, text, from_link=False):
        """Open a save code (pasted or from a #load= link) as a new save slot."""
        code = clean(text)
        try:
            match = Match.from_code(code)
        except BadCode as e:
            self.notice = ("error", self.t("code.error", reason=self.code_error(e)))
            if from_link:
                self.host.set_hash("#/", replace=True)
            self.screen = ShelfScreen(self, code_text=None if from_link else text)
            self.focus_next = "notice"
            self.refresh()
            return
        slot = self.saves.find_code(match.code())
        if slot is None:
            slot = self.new_slot(match, title=self.t("saves.shared_title"))
        self.notice = ("info", self.t("code.opened"))
        self.host.set_hash(f"#/play/{slot.id}", replace=from_link)
        if from_link:
            self.route(f"#/play/{slot.id}")

    def code_error(self, err: BadCode) -> str:
        key = err.key if self.i18n.has(err.key) else "code.damaged"
        params = dict(err.params)
        if "game" in params:
            params["game"] = str(params["game"])[:32]
        return self.t(key, **params)

    def new_slot(self, match, title=""):
        now = self.host.now()
        slot = Slot(f"{int(now):x}{self.host.random_seed() % 4096:03x}", match.game.id,
                    match.code(), now, now, match.over, title)
        self.saves.put(slot)
        return slot

    # --- events from the page ------------------------------------------------------------------
    def act(self, action, arg="", form=None):
        form = form or {}
        if action == "nav":
            self.go(arg)
        elif action == "lang" and arg in ("ja", "en"):
            self.settings.lang = arg
            self.settings.save()
            self.i18n = I18n(arg)
            self.host.apply_settings(self.settings)
            self.focus_next = f"lang-{arg}"
            self.refresh()
        elif action == "speed" and form.get("speed") in SPEEDS:
            self.settings.speed = form["speed"]
            self.settings.save()
        elif action == "motion" and form.get("motion") in ("auto", "reduce"):
            self.settings.motion = form["motion"]
            self.settings.save()
            self.host.apply_settings(self.settings)
        elif self.screen is not None:
            self.screen.act(action, arg, form)

    def key(self, key) -> bool:
        handler = getattr(self.screen, "key", None)
        return bool(handler and handler(key))

    def refresh(self):
        # A framed screen (the play screen) fills the viewport and has the tools in its own
        # header: no top bar above it, and a notice floats over it.
        framed = getattr(self.screen, "framed", False)
        notice = self.notice_box()
        if notice is not None and framed:     # the floating notice goes after a while
            screen = self.screen
            self.host.later(NOTICE_MS, lambda: self.refresh() if self.screen is screen else None)
        body = h("div", {"class_": "app framed" if framed else "app", "lang": self.i18n.lang},
                 None if framed else self.top_bar(), notice, self.screen.render())
        self.host.render(render(body), self.focus_next)
        self.focus_next = None

    # --- shared pieces -------------------------------------------------------------------------
    def top_bar(self):
        return top_bar(self.i18n)

    def notice_box(self):
        if not self.notice:
            return None
        kind, text = self.notice
        self.notice = None
        return h("div", {"id": "notice", "class_": f"notice {kind}", "tabindex": "-1",
                         "role": "alert" if kind == "error" else "status"}, text)


def top_bar(i18n):
    t = i18n.t
    return h("header", {"class_": "topbar"},
             h("a", {"class_": "brand", "href": "#/"}, t("app.name")),
             h("div", {"class_": "lang", "role": "group", "aria_label": t("app.language")},
               [h("button", {"type": "button", "id": f"lang-{code}", "data_act": "lang",
                             "data_arg": code, "aria_pressed": str(i18n.lang == code).lower(),
                             "lang": code}, label)
                for code, label in (("ja", "日本語"), ("en", "English"))]))


def static_page(lang):
    """The markup the build puts in index.html: painted at once, before Python runs."""
    i18n = I18n(lang)
    return render(h("div", {"class_": "app", "lang": lang}, top_bar(i18n),
                    shelf(i18n, ([], []), None, static=True)))


# --- screens --------------------------------------------------------------------------------
class ShelfScreen:
    def __init__(self, app, code_text=None):
        self.app = app
        self.code_text = code_text
        self.confirm_delete = None

    def render(self):
        return shelf(self.app.i18n, self.app.saves.scan(), self.app.host.format_time,
                     confirm_delete=self.confirm_delete, code_text=self.code_text,
                     settings=self.app.settings)

    def act(self, action, arg, form):
        app = self.app
        if action == "open-code":
            app.open_code(form.get("code", ""))
        elif action == "delete":
            self.confirm_delete = arg
            app.focus_next = "confirm-delete-yes"
            app.refresh()
        elif action == "delete-yes" and self.confirm_delete:
            app.saves.delete(self.confirm_delete)
            self.confirm_delete = None
            app.notice = ("info", app.t("saves.deleted"))
            app.focus_next = "saved-games"
            app.refresh()
        elif action == "delete-no":
            self.confirm_delete = None
            app.focus_next = "saved-games"
            app.refresh()

    def key(self, key):
        if key == "Escape" and self.confirm_delete:
            self.act("delete-no", "", {})
            return True
        return False


def shelf(i18n, scanned, format_time, confirm_delete=None, code_text=None, settings=None,
          static=False):
    """The shelf of games. ``static=True``: the build's pre-rendered copy (no saves yet)."""
    t = i18n.t
    slots, damaged = scanned
    in_progress = {}
    for slot in slots:
        if not slot.over and slot.game not in in_progress:
            in_progress[slot.game] = slot
    cards = []
    for g in CATALOG:
        actions = []
        if g.playable:
            if g.id in in_progress:
                actions.append(h("a", {"class_": "button primary", "href": f"#/play/{in_progress[g.id].id}",
                                       "id": f"continue-{g.id}"},
                                 t("shelf.continue")))
            actions.append(h("a", {"class_": "button" + ("" if g.id in in_progress else " primary"),
                                   "href": f"#/new/{g.id}", "id": f"new-{g.id}"},
                             t("shelf.new_game")))
            actions.append(h("a", {"class_": "button subtle", "href": f"#/rules/{g.id}"}, t("shelf.rules")))
        else:
            actions.append(h("span", {"class_": "soon"}, t("shelf.coming_soon")))
        players = (t("shelf.players_fixed", n=g.min_players) if g.min_players == g.max_players
                   else t("shelf.players", lo=g.min_players, hi=g.max_players))
        cards.append(h("li", {"class_": "game-card" + ("" if g.playable else " disabled"),
                              "aria_disabled": None if g.playable else "true"},
                       h("h3", {}, h("span", {"lang": "ja", "class_": "name-ja"}, g.name_ja), " ",
                         h("span", {"lang": "en", "class_": "name-en"}, g.name_en)),
                       h("p", {"class_": "meta"}, players, " · ", t("shelf.minutes", n=g.minutes)),
                       h("p", {"class_": "blurb"}, t(f"shelf.blurb.{g.id}")),
                       h("div", {"class_": "actions"}, actions)))
    parts = [h("h1", {"id": "main-heading", "tabindex": "-1"}, t("shelf.title")),
             h("p", {"class_": "lead"}, t("shelf.lead")),
             h("ul", {"class_": "shelf", "aria_label": t("shelf.games")}, cards)]
    if not static:
        parts.append(saved_games(i18n, slots, damaged, format_time, confirm_delete))
        parts.append(h("section", {"class_": "panel", "aria_labelledby": "load-heading"},
                       h("h2", {"id": "load-heading"}, t("code.heading")),
                       h("form", {"data_act": "open-code", "class_": "load-form"},
                         h("label", {"for": "code-input"}, t("code.label")),
                         h("textarea", {"id": "code-input", "name": "code", "rows": "2",
                                        "spellcheck": "false", "autocomplete": "off"},
                           code_text or ""),
                         h("button", {"type": "submit", "class_": "button"}, t("code.open")))))
        parts.append(settings_panel(i18n, settings))
    return h("main", {"class_": "screen shelf-screen"}, parts)


def saved_games(i18n, slots, damaged, format_time, confirm_delete):
    t = i18n.t
    rows = []
    for slot in slots:
        g = info(slot.game) if slot.game in {c.id for c in CATALOG} else None
        name = (g.name_ja if i18n.lang == "ja" else g.name_en) if g else slot.game
        status = t("saves.finished") if slot.over else t("saves.in_progress")
        if confirm_delete == slot.id:
            buttons = [h("span", {}, t("saves.confirm_delete")),
                       h("button", {"type": "button", "id": "confirm-delete-yes", "data_act": "delete-yes",
                                    "class_": "button danger"}, t("saves.delete_yes")),
                       h("button", {"type": "button", "data_act": "delete-no", "class_": "button"},
                         t("saves.delete_no"))]
        else:
            buttons = [h("a", {"class_": "button", "href": f"#/play/{slot.id}"},
                         t("saves.open") if slot.over else t("shelf.continue")),
                       h("button", {"type": "button", "data_act": "delete", "data_arg": slot.id,
                                    "class_": "button subtle",
                                    "aria_label": t("saves.delete_label", game=name,
                                                    when=format_time(slot.updated, i18n.lang))},
                         t("saves.delete"))]
        rows.append(h("li", {"class_": "save"},
                      h("span", {"class_": "save-game"}, name),
                      h("span", {"class_": "save-title"}, slot.title),
                      h("span", {"class_": "save-status"}, status),
                      h("time", {"class_": "save-time"}, format_time(slot.updated, i18n.lang)),
                      h("span", {"class_": "save-buttons"}, buttons)))
    for slot_id in damaged:
        if confirm_delete == slot_id:
            buttons = [h("button", {"type": "button", "id": "confirm-delete-yes", "data_act": "delete-yes",
                                    "class_": "button danger"}, t("saves.delete_yes")),
                       h("button", {"type": "button", "data_act": "delete-no", "class_": "button"},
                         t("saves.delete_no"))]
        else:
            buttons = [h("button", {"type": "button", "data_act": "delete", "data_arg": slot_id,
                                    "class_": "button subtle"}, t("saves.delete"))]
        rows.append(h("li", {"class_": "save damaged"}, h("span", {}, t("saves.damaged")),
                      h("span", {"class_": "save-buttons"}, buttons)))
    body = h("ul", {"class_": "saves"}, rows) if rows else h("p", {}, t("saves.none"))
    return h("section", {"class_": "panel", "aria_labelledby": "saved-games"},
             h("h2", {"id": "saved-games", "tabindex": "-1"}, t("saves.heading")), body)


def settings_panel(i18n, settings):
    t = i18n.t
    speed = h("label", {}, t("settings.speed"), " ",
              h("select", {"name": "speed", "data_act": "speed", "id": "speed"},
                [h("option", {"value": s, "selected": settings.speed == s}, t(f"settings.speed.{s}"))
                 for s in SPEEDS]))
    motion = h("label", {}, t("settings.motion"), " ",
               h("select", {"name": "motion", "data_act": "motion", "id": "motion"},
                 [h("option", {"value": m, "selected": settings.motion == m}, t(f"settings.motion.{m}"))
                  for m in ("auto", "reduce")]))
    return h("section", {"class_": "panel", "aria_labelledby": "settings-heading"},
             h("h2", {"id": "settings-heading"}, t("settings.heading")),
             h("form", {"class_": "settings"}, speed, " ", motion))


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
        game = self.gui.game
        values = self.values
        players = values["players"]
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
                               [h("option", {"value": lvl, "selected": kind == lvl}, t(f"setup.bot.{lvl}"))
                                for lvl in game.bot_levels]))))
        training = None
        if has_analysis(self.gui):       # only a game with an analysis has something to train with
            training = h("label", {"class_": "check training"},
                         h("input", {"type": "checkbox", "name": "training", "id": "training",
                                     "checked": bool(values.get("training")),
                                     "aria_describedby": "training-hint"}),
                         " ", t("training.option"),
                         h("span", {"class_": "hint", "id": "training-hint"}, " ", t("training.hint")))
        return h("main", {"class_": "screen setup-screen"},
                 h("h1", {"id": "main-heading", "tabindex": "-1"},
                   t("setup.title", game=g.name_ja if self.app.i18n.lang == "ja" else g.name_en)),
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
                name = str(self.values.get(f"name{s}", "")).strip()[:24]
                seats.append({"name": name, "bot": kind if kind in self.gui.game.bot_levels else None})
            meta = {"seats": seats}
            people = [s for s in seats if s["bot"] is None]
            if (self.values.get("training") is True and has_analysis(self.gui)
                    and len(people) == 1 and len(seats) > 1):
                meta["training"] = True      # one person against computers, analysis on
            match = Match.new(self.game_id, options, app.host.random_seed(), meta)
            slot = app.new_slot(match, title=self.gui.title(seats, app.i18n, options))
            app.go(f"#/play/{slot.id}")


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
                 self.gui.rules(t),
                 h("p", {}, h("a", {"class_": "button", "href": "#/"}, t("setup.back")),
                   " ", h("a", {"class_": "button primary", "href": f"#/new/{self.game_id}"},
                          t("shelf.new_game"))))

    def act(self, action, arg, form):
        pass
