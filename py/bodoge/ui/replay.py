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

from ..core.public import share_code
from . import play
from .games import clean_seats, game_ui, has_analysis, seat_name
from .html import h
from .play import dialog, overlay, tool
from .session import Analysis, is_training, log_entries, played

LOG_WINDOW = 100        # log lines drawn around the current move
STEP_ICONS = {          # ⏮ ◀ ▶ ⏭ drawn (a font may lack the glyphs)
    "first": "M6 5v14M18 5l-9 7 9 7z", "prev": "M16 5l-9 7 9 7z",
    "next": "M8 5l9 7-9 7z", "last": "M18 5v14M6 5l9 7-9 7z",
}


class ReplaySession:
    """A replay of ``match`` (its whole record, through its ``History``) at move ``at`` (None:
    the end). ``slot``: the saved game it belongs to (None for a shared code). Headless, as a
    ``Session``; ``render`` draws it in the play screen's frame."""

    framed = True
    script = None               # (what the frame asks of a session: a replay has none of it)
    guest = False
    clock = None
    table = None
    saver = None
    overlay_held = False
    conflict = None
    handover = None
    pending = None

    def __init__(self, app, match, at=None, slot=None):
        self.app = app
        self.slot = slot
        self.match = match
        self.game = game = match.game
        self.gui = game_ui(game.id)
        self.history = match.history
        self.total = len(match.record.moves)
        n = game.num_players(match.state)
        self.seats = clean_seats(match.record.meta, n, game.bot_levels)
        self.humans = [s for s in range(n) if self.seats[s]["bot"] is None]
        self.finished = match.over
        self.public = getattr(match, "public", False)    # views only (core.public)
        self.at = self.total if at is None else max(0, min(self.total, at))
        self.perspective = "all" if self.finished and not self.public else "table"
        self.viewer = None
        self.pause = None
        self.dialog = None
        self.log_open = False
        self.overlay_hidden = False
        self.error = None
        self.closed = False
        self.fresh_from = None
        self.described = None
        self.lines = {}
        self.result_pick = None
        self.training = is_training(match.record.meta, self.seats)
        self.analysis = Analysis(self)
        self.log_views = {}            # perspective -> the view at the end (the log's lines)
        self.here = None               # see ``log_window``
        self.views = {}                # (k, perspective) -> view, for the move shown
        self.the_code = share_code(match)   # (public while in progress) the record never changes here

    @property
    def t(self):
        return self.app.t

    def close(self):
        self.closed = True

    def render(self):
        return render(self)

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
            if self.public:                        # a public record: its views are all there is
                self.views[k, p] = self.history.view(k)
            else:
                state = self.history.state(k)
                game = self.game
                self.views[k, p] = game.reveal(state) if p == "all" else game.view(state, None if p == "table" else p)
        return self.views[k, p]

    def lone(self):
        """The one person of a game against computers who left their name blank, or None."""
        if len(self.humans) == 1 and not self.seats[self.humans[0]]["name"]:
            return self.humans[0]
        return None

    def you(self):
        """The lone person in the replay of a game saved on this device (theirs: they are "You"
        in it, as the game named them), or None. A shared code is watched by someone else:
        there they are "Player 1"."""
        return self.lone() if self.slot is not None else None

    def names(self):
        """Seat names; the one person of a game against computers with no name is "You" in
        their own view and in the replay of their own game (``you``); in a shared code's
        replay, elsewhere than their view, by number, "Player 1"."""
        names = [seat_name(self.app.i18n, self.seats, s) for s in range(len(self.seats))]
        lone = self.lone()
        if lone is not None and self.you() is None and self.seat_shown() != lone:
            names[lone] = self.t("seat.player", n=lone + 1)
        return names

    def ctx(self, viewer):
        from .games import Ctx

        ctx = Ctx(self.app.i18n, self.names(), viewer, self.humans, self.app.settings.motion)
        ctx.replay = True
        ctx.you = self.you()        # "You drew", "your map" (never "You draws", "You's map")
        return ctx

    def seat_shown(self):
        return self.perspective if isinstance(self.perspective, int) else None

    def log_view(self):
        p = self.perspective
        if p not in self.log_views:
            self.log_views[p] = self.view_at(self.total, p)
        return self.log_views[p]

    def log_entries(self, view, ctx):
        return log_entries(self, self.gui, self.finished, view, ctx)

    def log_lines(self, view, ctx):
        return [text for _, _, text in self.log_entries(view, ctx)]

    def move_events(self, view, k):
        """The log events move ``k`` wrote, in ``view`` (a view of position ``k`` or later)."""
        if k == 0:
            return []
        end = self.history.log_end
        return view.get("log", [])[end[k - 1]:end[k]]

    def what(self, k, view, ctx):
        """What move ``k`` was, in words (its log lines, or who moved), and how many lines."""
        texts = [text for text in (self.gui.describe(e, ctx) for e in self.move_events(view, k)) if text]
        if texts:
            # Japanese sentences follow each other with no space (「…。 次…」 was English)
            return ("" if self.app.i18n.lang == "ja" else " ").join(texts), len(texts)
        return self.t("replay.moved", name=ctx.name(self.match.record.moves[k - 1][0])), 1

    def where(self, k):
        if k == 0:
            return self.t("replay.start", n=self.total)
        return self.t("replay.at", n=k, total=self.total)

    def round_end(self, view, k, ctx=None):
        """The round summary of move ``k`` (not the game's last move), or None: as the play
        screen pauses on (``GameUI.pause_for``)."""
        if (self.finished and k == self.total) or k == 0:
            return None
        ctx = ctx or self.ctx(self.seat_shown())
        ctx.earlier = ((lambda: self.history.view(k - 1)) if self.public   # (views are all it has)
                       else (lambda: self.game.view(self.history.state(k - 1), None)))
        return self.gui.pause_for(view, self.move_events(view, k), ctx)

    def takeback_status(self):
        return None

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
            said = self.where(k) + (" · " + self.what(k, view, ctx)[0] if k else "")
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
    def input(self, action, arg="", form=None):
        form = form or {}
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
                # the picker keeps no focus: ← → step through the moves again, not the seats
                app.focus_next = "prompt"
                app.refresh()
        elif action == "share":
            ok = app.host.copy(self.replay_link())
            app.host.announce(self.t("replay.link_copied" if ok else "share.copy_failed", n=self.at))
            self.view_action(action, arg)
        elif action == "copy":
            ok = app.host.copy(self.replay_link() if arg == "replay" else self.the_code)
            app.host.announce(self.t("share.copied" if ok else "share.copy_failed"))
        elif action in ("rules", "close-dialog", "log", "overlay", "result-part"):
            self.view_action(action, arg)

    act = input

    def view_action(self, action, arg):
        play.view_action(self, action, arg, "prompt")

    def key(self, key):
        if play.escape(self, key):
            return True
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
                movers = self.game.to_move(self.history.state(k))
                if movers:
                    seat = movers[0]
                else:                        # the end: the seat that made the last move
                    seat = self.match.record.moves[k - 1][0] if k else None
                view = self.game.view(self.history.state(k), seat)
            else:
                seat = self.seat_shown()
                view = self.view_at(k)
            # everything shown: the seat is named, never "you" ("You chose Watch" was said of
            # a computer's move); a seat picked is "you", as the board draws it
            ctx = self.ctx(None if p == "all" else seat)
            ctx.played = played(self.match, k, seat)
            return view, seat, ctx
        return key, make

    # --- the log's window ------------------------------------------------------------------------------
    def log_window(self, entries):
        """The lines around the current move (and which line is the last one before it,
        ``here``, kept in view when the current move wrote none: a roll)."""
        end = self.history.log_end[self.at]
        current = sum(1 for index, _, _ in entries if index < end)
        self.here = entries[current - 1][0] if current else None
        first = max(0, min(current - LOG_WINDOW // 2, len(entries) - LOG_WINDOW))
        return first, min(len(entries), first + LOG_WINDOW)

    def log_line(self, n, index, text):
        """A line of the log: a button to its move, numbered by that move (the replay's one
        numbering: "move 37 of 120" is the lines numbered 37; the setup's are 0)."""
        move = self.history.move_of(index)
        now = move == self.at
        here = index == self.here and not now
        return h("li", {"class_": "now" if now else ("future" if move > self.at else None)},
                 h("button", {"type": "button", "class_": "log-jump" + (" log-here" if here else ""),
                              "data_act": "replay-go",
                              "data_arg": str(move), "aria_current": "step" if now else None},
                   h("span", {"class_": "log-n"}, f"{move}."), " ",
                   h("span", {"class_": "log-text"}, play.log_text(self, text))))


# --- drawing -------------------------------------------------------------------------------------------
def render(r):
    t = r.t
    back = (tool("a", "back-to-game", "back", t("replay.back"), {"href": f"#/play/{r.slot.id}"})
            if r.slot is not None else None)
    parts = [play.render_head(r, back), render_game_safely(r)]
    if r.dialog == "share":
        parts.append(render_share(r))
    elif r.dialog == "rules":
        parts.append(dialog(t("play.rules"), r.gui.rules(t), t, "rules"))
    return h("main", {"class_": "screen play-screen replay-screen", "id": "replay",
                      "data_game": r.game.id, "data_move": str(r.at),
                      "data_moves": str(r.total),
                      "data_log": "open" if r.log_open else None}, parts)


def render_game_safely(r):
    """``render_game``; for a public record (anyone's text: its views are what its maker says)
    a view the game's screen cannot draw gives a short message, not a broken page."""
    if not r.public:
        return render_game(r)
    try:
        return render_game(r)
    except Exception:                 # a forged view: the page goes on (the controls still work)
        r.pause = None
        return play.frame(r, [controls(r), h("p", {"id": "prompt", "class_": "prompt error", "tabindex": "-1"},
                                             r.t("replay.damaged"))],
                          h("div", {"class_": "stage"}), None, reserve=False)


def render_game(r):
    k = r.at
    view = r.view_at(k)
    seat = r.seat_shown()
    ctx = r.ctx(seat)
    ctx.fresh_from, r.fresh_from = r.fresh_from, None
    r.pause = ctx.pause = r.round_end(view, k, r.ctx(seat))
    overlay_ = render_overlay(r, view, ctx)
    board = r.gui.replay_board(view, ctx)
    stage = h("div", {"class_": "stage"},
              h("div", {"class_": "board-wrap", "inert": True}, board),
              overlay_)
    what = r.what(k, view, ctx)[0] if k else None
    # the step buttons come first: the move's words under them never move them between two
    # taps of ▶ (they did, by 25-50 px, on a phone); and the words keep a fixed number of
    # lines, the rest cut with "…" (web/css/base.css), so that the table under them stays put
    # too (it moved 24-74 px on a desktop, 25-223 px on a phone): the log says the move whole
    # (its lines marked), a round's end has its summary, and a screen reader hears it whole
    prompt = [controls(r),
              h("p", {"id": "prompt", "class_": "prompt", "tabindex": "-1"},
                h("span", {"class_": "replay-said"},
                  h("span", {"class_": "replay-where"}, r.where(k)),
                  [" · ", h("span", {"class_": "replay-what"}, play.phrased_text(r, what))] if k else None))]
    log = play.render_log(r, r.log_view(), r.ctx(seat), window=r.log_window, line=r.log_line)
    return play.frame(r, prompt, stage, log, reserve=False)


def controls(r):
    t = r.t
    k, total = r.at, r.total

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
    choices = r.perspectives()
    if len(choices) > 1:
        names = r.names()
        options = []
        for p in choices:
            if p == "all":
                label = t("replay.view_all")
            elif p == "table":
                label = t("replay.view_table")
            else:
                label = t("replay.view_seat", name=names[p])
            options.append(h("option", {"value": str(p), "selected": p == r.perspective}, label))
        picker = h("label", {"class_": "replay-seat"},
                   h("span", {"class_": "replay-seat-label"}, t("replay.show")), " ",
                   h("select", {"name": "seat", "id": "replay-seat", "data_act": "replay-seat"}, options))
    back = None
    if r.overlay_hidden and r.pause is not None:
        back = play.back_button(r, "play.overlay_back_round")
    elif r.overlay_hidden and r.finished and k == total:
        back = play.back_button(r, "play.overlay_back_result")
    return h("form", {"class_": "replay-bar", "data_act": "replay-form", "aria_label": t("replay.controls")},
             step("first", t("replay.first"), "Home", k == 0),
             step("prev", t("replay.prev"), "ArrowLeft", k == 0),
             h("input", {"type": "range", "name": "move", "id": "replay-move", "min": "0",
                         "max": str(total), "value": str(k), "step": "1", "data_act": "replay-move",
                         "aria_label": t("replay.slider"),
                         "aria_valuetext": r.where(k), "disabled": total == 0}),
             step("next", t("replay.next"), "ArrowRight", k == total),
             step("last", t("replay.last"), "End", k == total),
             picker, back)


def render_overlay(r, view, ctx):
    t = r.t
    if r.overlay_hidden:
        return None
    if r.finished and r.at == r.total:
        actions = [h("a", {"class_": "button primary", "href": f"#/new/{r.game.id}", "id": "play-again"},
                     t("play.again")),
                   h("button", {"type": "button", "class_": "button", "id": "look-at-table",
                                "data_act": "overlay", "data_arg": "hide"}, t("play.overlay_look")),
                   h("a", {"class_": "button", "href": "#/"}, t("play.shelf"))]
        return play.result_overlay(r, view, ctx, actions)
    if r.pause is not None:
        next_button = h("button", {"type": "button", "class_": "button primary", "id": "replay-overlay-next",
                                   "data_act": "replay-go", "data_arg": "next"}, t("replay.next"))
        return play.round_overlay(r, ctx, next_button=next_button)
    return None


def render_share(r):
    t = r.t
    body = [h("p", {}, t("replay.share_body", n=r.at)),
            h("label", {"for": "share-link"}, t("replay.share_link", n=r.at)),
            h("input", {"id": "share-link", "readonly": True, "value": r.replay_link()}),
            h("button", {"type": "button", "class_": "button", "data_act": "copy", "data_arg": "replay"},
              t("share.copy_link")),
            h("label", {"for": "share-code"},
              t("share.code") if r.finished and not r.public else t("replay.share_code_public")),
            h("textarea", {"id": "share-code", "readonly": True, "rows": "3", "spellcheck": "false"},
              r.the_code),
            h("button", {"type": "button", "class_": "button", "data_act": "copy", "data_arg": "code"},
              t("share.copy_code"))]
    return dialog(t("replay.share_title"), body, t, "share")
