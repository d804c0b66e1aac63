"""The replay screen: any game, move by move, in the table frame.

A save code holds the whole game, so any game can be replayed: a saved game (its Replay tool,
or Replay on a finished game's result), or a shared code (``#replay=<code>``, at its end, or
``#replay=<code>&move=N`` at move N). The layout is the play screen's: the prompt region says
where the replay is ("Replay · move 37 of 120 · <what that move was>") with the controls under
it (⏮ ◀ slider ▶ ⏭, and a picker of whose view to show where that is allowed); the stage shows
the game's table at that move (``GameUI.replay_board``), inert; the log lists every move, the
current one marked, and each line jumps to its move. Keys: ← → one move, Home and End. The
``main`` element carries ``data-move`` (the move shown, 0 = the start) and ``data-moves``.

What a replay shows (``perspectives``):
* a finished game: everything (``Game.reveal``), as when the cards are turned up at the end of
  a real game, or any seat's own view;
* a game in progress: the spectator view (``Game.view(state, None)``) only; a saved game of
  this device may also be shown as a seat played by a person here sees it. A shared code of
  a game in progress never shows more than a spectator sees: for it this screen never asks
  the game for a seat's view or ``reveal``;
* a public record (``core.public.PublicMatch``, what a replay link of a game in progress
  holds: the spectator's views, no seed): those views, and nothing else (``public``).

A link this screen shares of a game in progress holds its public record (``the_code``).
"""

from ..core.match import Match
from ..core.record import Record
from .games import GameUI, clean_seats, game_ui
from .html import h
from .play import Analysis, PlayScreen, dialog, has_analysis, is_training, overlay, played, tool
from .share import watch_code

LOG_WINDOW = 100        # log lines drawn around the current move
STEP_ICONS = {          # ⏮ ◀ ▶ ⏭ drawn (a font may lack the glyphs)
    "first": "M6 5v14M18 5l-9 7 9 7z", "prev": "M16 5l-9 7 9 7z",
    "next": "M8 5l9 7-9 7z", "last": "M18 5v14M6 5l9 7-9 7z",
}


class ReplayScreen(PlayScreen):
    """A replay of ``match`` (its whole record) at move ``at`` (None: the end). ``slot``: the
    saved game it belongs to (None for a shared code)."""

    replay_button = False

    def __init__(self, app, match, at=None, slot=None):
        self.app = app
        self.slot = slot
        self.match = match
        self.gui = game_ui(match.game.id)
        game = match.game
        self.history = match.history
        self.total = len(match.record.moves)
        n = game.num_players(match.state)
        self.seats = clean_seats(match.record.meta, n, game.bot_levels)
        self.humans = [s for s in range(n) if self.seats[s]["bot"] is None]
        self.remote = []               # a replay connects to nobody
        self.table = None
        self.bots = {}
        self.finished = match.over
        self.public = getattr(match, "public", False)    # views only (core.public)
        self.at = self.total if at is None else max(0, min(self.total, at))
        self.perspective = "all" if self.finished and not self.public else "table"
        self.viewer = self.present = None
        self.handover = None
        self.sel = {}
        self.pause = None
        self.dialog = None
        self.log_open = False
        self.overlay_hidden = False
        self.error = None
        self.thinking = None
        self.token = 0
        self.closed = False
        self.fresh_from = None
        self.described = None
        self.training = is_training(match.record.meta, self.seats)
        self.analysis = Analysis(self)
        self.undo_cache = None
        self.log_views = {}            # perspective -> the view at the end (the log's lines)
        self.here = None               # see ``log_window``
        self.views = {}                # (k, perspective) -> view, for the move shown
        self.the_code = watch_code(match)   # the record never changes here

    # --- what is shown -----------------------------------------------------------------------------
    def perspectives(self):
        """Whose view may be shown: "all" (a finished game, everything), "table" (the
        spectator view) or a seat."""
        if self.public:
            return ["table"]
        if self.finished:
            return ["all"] + list(range(len(self.seats)))
        if self.slot is not None:
            return ["table"] + self.humans
        return ["table"]

    def view_at(self, k, perspective=None):
        """The view of position ``k`` from ``perspective`` (the one picked)."""
        p = self.perspective if perspective is None else perspective
        if p not in self.perspectives():          # never: the picker offers no other
            raise ValueError(f"perspective {p!r} is not allowed here")
        if (k, p) not in self.views:
            if len(self.views) > 8:
                self.views.clear()
            if self.public:
                self.views[k, p] = self.history.view(k)
            else:
                state = self.history.state(k)
                game = self.match.game
                self.views[k, p] = game.reveal(state) if p == "all" else game.view(state, None if p == "table" else p)
        return self.views[k, p]

    def names(self):
        """Seat names; the one person of a game against computers is "You" only in their own
        view (elsewhere the replay is watched, and "You declares…" would be wrong): else by
        number, "Player 1"."""
        names = super().names()
        if len(self.humans) == 1 and not self.seats[self.humans[0]]["name"] and self.seat_shown() != self.humans[0]:
            names[self.humans[0]] = self.t("seat.player", n=self.humans[0] + 1)
        return names

    def seat_shown(self):
        return self.perspective if isinstance(self.perspective, int) else None

    def log_view(self):
        p = self.perspective
        if p not in self.log_views:
            self.log_views[p] = self.view_at(self.total, p)
        return self.log_views[p]

    def move_events(self, view, k):
        """The log events move ``k`` wrote, in ``view`` (a view of position ``k`` or later)."""
        if k == 0:
            return []
        end = self.history.log_end
        return view.get("log", [])[end[k - 1]:end[k]]

    def what(self, k, view, ctx):
        """What move ``k`` was, in words (its log lines, or who moved)."""
        texts = [text for text in (self.gui.describe(e, ctx) for e in self.move_events(view, k)) if text]
        if texts:
            return " ".join(texts)
        return self.t("replay.moved", name=ctx.name(self.match.record.moves[k - 1][0]))

    def where(self, k):
        if k == 0:
            return self.t("replay.start", n=self.total)
        return self.t("replay.at", n=k, total=self.total)

    def round_end(self, view, k):
        """The round-ending event move ``k`` wrote (not the game's last move), or None: the
        last one, as the play screen pauses on (a move that ends a round and a set pauses on
        the set's scores)."""
        if self.finished and k == self.total:
            return None
        return next((e for e in reversed(self.move_events(view, k)) if self.gui.ends_round(e)), None)

    # --- moving about --------------------------------------------------------------------------------
    def go(self, k):
        k = max(0, min(self.total, k))
        if k == self.at:
            return
        self.fresh_from = self.history.log_end[self.at] if k == self.at + 1 else None
        self.at = k
        self.overlay_hidden = False
        self.app.host.set_hash(self.url(), replace=True)
        try:
            view = self.view_at(k)
            ctx = self.ctx(self.seat_shown())
            said = self.where(k) + (" · " + self.what(k, view, ctx) if k else "")
        except Exception:
            if not self.public:
                raise
            said = self.t("replay.damaged")      # a forged view (see render_game_safely)
        self.app.host.announce(said)
        self.app.refresh()

    def url(self):
        if self.slot is not None:
            return f"#/replay/{self.slot.id}/{self.at}"
        return f"#replay={self.the_code}&move={self.at}"

    def replay_link(self, move=None):
        return f"{self.app.host.base_url()}#replay={self.the_code}&move={self.at if move is None else move}"

    # --- input -----------------------------------------------------------------------------------------
    def act(self, action, arg, form):
        app = self.app
        if action == "replay-go":
            steps = {"first": 0, "prev": self.at - 1, "next": self.at + 1, "last": self.total}
            if arg in steps:
                self.go(steps[arg])
            elif arg.isdigit():
                self.go(int(arg))
        elif action == "replay-move":
            value = str(form.get("move", ""))
            if value.isdigit():
                self.go(int(value))
        elif action == "replay-seat":
            value = str(form.get("seat", ""))
            p = int(value) if value.isdigit() else value
            if p in self.perspectives() and p != self.perspective:
                self.perspective = p
                self.fresh_from = None
                app.focus_next = "replay-seat"
                app.refresh()
        elif action == "share":
            ok = app.host.copy(self.replay_link())
            app.host.announce(self.t("replay.link_copied" if ok else "share.copy_failed", n=self.at))
            super().act(action, arg, form)
        elif action == "copy":          # what this replay shares: ``the_code`` (public while in progress)
            text = self.the_code if arg == "code" else self.replay_link()
            if arg == "link" and self.finished and not self.public:
                text = self.share_link()
            ok = app.host.copy(text)
            app.host.announce(self.t("share.copied" if ok else "share.copy_failed"))
        elif action in ("rules", "close-dialog", "log", "overlay", "result-part"):
            super().act(action, arg, form)

    def key(self, key):
        if key == "Escape" and (self.dialog or self.log_open):
            return super().key(key)
        if self.dialog:
            return False
        steps = {"ArrowLeft": self.at - 1, "ArrowRight": self.at + 1, "Home": 0, "End": self.total}
        if key in steps:
            self.go(steps[key])
            return True
        return False

    # --- analysis --------------------------------------------------------------------------------------
    def analysis_subject(self):
        """The seat picked; with everything shown (a finished game), the seat to move, from
        its own view; with the spectator view, the spectator (seat None)."""
        if not has_analysis(self.gui):
            return None
        p, k = self.perspective, self.at
        key = ("replay", k, p, self.app.i18n.lang)

        def make():
            if p == "all":
                movers = self.match.game.to_move(self.history.state(k))
                if movers:
                    seat = movers[0]
                else:                        # the end: the seat that made the last move
                    seat = self.match.record.moves[k - 1][0] if k else None
                view = self.match.game.view(self.history.state(k), seat)
            else:
                seat = self.seat_shown()
                view = self.view_at(k)
            ctx = self.ctx(seat)
            ctx.played = played(self.match, k, seat)
            return view, seat, ctx
        return key, make

    # --- rendering ---------------------------------------------------------------------------------------
    def render(self):
        t = self.t
        parts = [self.render_head(), self.render_game_safely()]
        if self.dialog == "share":
            parts.append(self.render_share())
        elif self.dialog == "rules":
            parts.append(dialog(t("play.rules"), self.gui.rules(t), t, "rules"))
        return h("main", {"class_": "screen play-screen replay-screen", "id": "replay",
                          "data_game": self.match.game.id, "data_move": str(self.at),
                          "data_moves": str(self.total),
                          "data_log": "open" if self.log_open else None}, parts)

    def render_game_safely(self):
        """``render_game``; for a public record (anyone's text: its views are what its maker
        says) a view the game's screen cannot draw gives a short message, not a broken page."""
        if not self.public:
            return self.render_game()
        try:
            return self.render_game()
        except Exception:             # a forged view: the page goes on (the controls still work)
            self.pause = None
            return self.frame([h("p", {"id": "prompt", "class_": "prompt error", "tabindex": "-1"},
                                 self.t("replay.damaged")), self.controls()],
                              h("div", {"class_": "stage"}), None, reserve=False)

    def replay_tool(self):
        """In a saved game's replay: the way back to the game."""
        if self.slot is None:
            return None
        return tool("a", "back-to-game", "back", self.t("replay.back"), {"href": f"#/play/{self.slot.id}"})

    def render_game(self):
        k = self.at
        view = self.view_at(k)
        seat = self.seat_shown()
        ctx = self.ctx(seat)
        ctx.replay = True
        ctx.fresh_from, self.fresh_from = self.fresh_from, None
        self.pause = ctx.pause = self.round_end(view, k)
        still = None
        if type(self.gui).board is GameUI.board and type(self.gui).replay_board is GameUI.replay_board:
            # a game whose screen draws its table also makes its round's summary (Play Me!:
            # from the round's story, not one log event): the still of that screen has it
            still = self.still_screen(ctx)
            if self.pause is not None:
                self.pause = ctx.pause = getattr(still, "pause", None)
        overlay_ = self.render_overlay(view, ctx)
        board = still.board_region(view, ctx) if still is not None else self.board_region(view, ctx)
        stage = h("div", {"class_": "stage"},
                  h("div", {"class_": "board-wrap", "inert": True}, board),
                  overlay_)
        prompt = [h("p", {"id": "prompt", "class_": "prompt", "tabindex": "-1"},
                    h("span", {"class_": "replay-where"}, self.where(k)),
                    [" · ", h("span", {"class_": "replay-what"}, self.what(k, view, ctx))] if k else None),
                  self.controls()]
        log_ctx = self.ctx(seat)
        return self.frame(prompt, stage, self.render_log(self.log_view(), log_ctx), reserve=False)

    def controls(self):
        t = self.t
        k, total = self.at, self.total

        def step(arg, label, key, off):
            return h("button", {"type": "button", "class_": "button replay-step", "id": f"replay-{arg}",
                                "data_act": "replay-go", "data_arg": arg, "aria_label": label,
                                "aria_keyshortcuts": key, "aria_disabled": "true" if off else None,
                                "title": label},
                     h("svg", {"viewBox": "0 0 24 24", "width": "20", "height": "20", "aria_hidden": "true",
                               "focusable": "false"},
                       h("path", {"d": STEP_ICONS[arg], "fill": "currentColor", "stroke": "currentColor",
                                  "stroke_width": "2", "stroke_linejoin": "round"})))
        picker = None
        choices = self.perspectives()
        if len(choices) > 1:
            names = self.names()
            options = []
            for p in choices:
                if p == "all":
                    label = t("replay.view_all")
                elif p == "table":
                    label = t("replay.view_table")
                else:
                    label = t("replay.view_seat", name=names[p])
                options.append(h("option", {"value": str(p), "selected": p == self.perspective}, label))
            picker = h("label", {"class_": "replay-seat"},
                       h("span", {"class_": "replay-seat-label"}, t("replay.show")), " ",
                       h("select", {"name": "seat", "id": "replay-seat", "data_act": "replay-seat"}, options))
        back = None
        if self.overlay_hidden and self.pause is not None:
            back = self.back_button("play.overlay_back_round")
        elif self.overlay_hidden and self.finished and k == total:
            back = self.back_button("play.overlay_back_result")
        return h("form", {"class_": "replay-bar", "data_act": "replay-form", "aria_label": t("replay.controls")},
                 step("first", t("replay.first"), "Home", k == 0),
                 step("prev", t("replay.prev"), "ArrowLeft", k == 0),
                 h("input", {"type": "range", "name": "move", "id": "replay-move", "min": "0",
                             "max": str(total), "value": str(k), "step": "1", "data_act": "replay-move",
                             "aria_label": t("replay.slider"),
                             "aria_valuetext": self.where(k), "disabled": total == 0}),
                 step("next", t("replay.next"), "ArrowRight", k == total),
                 step("last", t("replay.last"), "End", k == total),
                 picker, back)

    def board_region(self, view, ctx):
        try:
            return self.gui.replay_board(view, ctx)
        except NotImplementedError:
            return self.still_board(view, ctx)

    def still_board(self, view, ctx):
        return self.still_screen(ctx).board_region(view, ctx)

    def still_screen(self, ctx):
        """For a game whose board is drawn by its own screen (``make_screen``) and not by
        ``GameUI.board``: a still of that screen, made for this position with every seat a
        person (so no bot starts) and an app whose timers, storage and announcements are off,
        with nobody at the table (no controls); its ``board_region`` draws a view, its
        ``pause`` is the summary of a round that ended just then."""
        rec = self.match.record
        people = [{"name": s["name"], "bot": None} for s in self.seats]
        record = Record(rec.game, rec.version, rec.options, rec.seed, rec.moves[:self.at], {"seats": people})
        # (a public record's "state" is the spectator view: its screen draws that)
        still = self.gui.make_screen(StillApp(self.app), None, Match(self.match.game, record,
                                                                     self.history.state(self.at)))
        still.humans, still.viewer = [], ctx.viewer
        return still

    def render_overlay(self, view, ctx):
        if self.overlay_hidden:
            return None
        if self.finished and self.at == self.total:
            return self.result_overlay(view, ctx)
        if self.pause is not None:
            t = self.t
            heading = self.gui.round_heading(self.pause, ctx)
            actions = [h("button", {"type": "button", "class_": "button primary", "id": "replay-overlay-next",
                                    "data_act": "replay-go", "data_arg": "next"}, t("replay.next")),
                       h("button", {"type": "button", "class_": "button", "id": "look-at-table",
                                    "data_act": "overlay", "data_arg": "hide"}, t("play.overlay_look"))]
            return overlay("round-over", heading, "round-heading" if heading else "round-title",
                           self.gui.round_summary(self.pause, ctx), actions)
        return None

    def overlay_focus(self):
        return "prompt"

    def log_window(self, entries, limit=LOG_WINDOW):
        """The lines around the current move (and which line is the last one before it,
        ``here``, kept in view when the current move wrote none: a roll)."""
        end = self.history.log_end[self.at]
        current = sum(1 for index, _, _ in entries if index < end)
        self.here = entries[current - 1][0] if current else None
        first = max(0, min(current - LOG_WINDOW // 2, len(entries) - LOG_WINDOW))
        return first, min(len(entries), first + LOG_WINDOW)

    def log_line(self, n, index, text):
        move = self.history.move_of(index)
        now = move == self.at
        here = index == self.here and not now
        return h("li", {"class_": "now" if now else ("future" if move > self.at else None)},
                 h("button", {"type": "button", "class_": "log-jump" + (" log-here" if here else ""),
                              "data_act": "replay-go",
                              "data_arg": str(move), "aria_current": "step" if now else None},
                   h("span", {"class_": "log-n"}, f"{n}."), " ",
                   h("span", {"class_": "log-text"}, text)))

    def render_share(self):
        t = self.t
        body = [h("p", {}, t("replay.share_body", n=self.at)),
                h("label", {"for": "share-link"}, t("replay.share_link", n=self.at)),
                h("input", {"id": "share-link", "readonly": True, "value": self.replay_link()}),
                h("button", {"type": "button", "class_": "button", "data_act": "copy", "data_arg": "replay"},
                  t("share.copy_link")),
                h("label", {"for": "share-code"},
                  t("share.code") if self.finished and not self.public else t("replay.share_code_public")),
                h("textarea", {"id": "share-code", "readonly": True, "rows": "3", "spellcheck": "false"},
                  self.the_code),
                h("button", {"type": "button", "class_": "button", "data_act": "copy", "data_arg": "code"},
                  t("share.copy_code"))]
        return dialog(t("replay.share_title"), body, t, "share")


class StillHost:
    """A host that draws nothing, waits for nothing and keeps nothing (for a still screen)."""

    def __init__(self, host):
        self.now = host.now
        self.base_url = host.base_url
        self.format_time = host.format_time

    def later(self, ms, fn):
        pass

    def after_paint(self, fn):
        pass

    def announce(self, text):
        pass

    def render(self, html, focus):
        pass

    def copy(self, text):
        return False

    def set_hash(self, h_, replace=False):
        pass


class StillApp:
    """What a still screen sees of the app: its language and settings, and a host that does
    nothing (``StillHost``)."""

    def __init__(self, app):
        self.host = StillHost(app.host)
        self.settings = app.settings
        self.i18n = app.i18n
        self.saves = None
        self.focus_next = None

    def t(self, key, **params):
        return self.i18n.t(key, **params)

    def refresh(self):
        pass

