"""The game screen shared by every game: board, prompt, log, bots, hand-over, share, saves.

Hot-seat: when the next person to act is not the one at the device, a hand-over screen
replaces the board (nothing private is rendered) until that person confirms; a game whose
UI says nothing is private at that point (``GameUI.private``) passes straight on. Bots act on
timers (``later``) and may think in slices (generator bots) so the page stays responsive.

Saving: every move is saved (``autosave``) unless another tab has moved this game on or
deleted it (``conflict``: the screen stops, says so and offers to load the newer game or keep
this one as a separate save), or the browser will not store it (``unsaved``: the player is told
once that the game is not being saved and how to keep it). A game opened from a code
(``slot.link``) is stored only when someone plays on or the player keeps it.
"""

import types

from ..core.errors import IllegalMove
from ..core.rng import derive_seed
from .games import Ctx, clean_seats, game_name, game_ui, seat_name
from .html import h
from .storage import SPEEDS, Slot

SLICE_MS = 12          # a thinking bot yields to the page this often
SAVE_ACTIONS = ("unsaved-ok", "keep-here", "load-newer")   # the saving banner's buttons


class PlayScreen:
    def __init__(self, app, slot, match):
        self.app = app
        self.slot = slot
        self.match = match
        self.gui = game_ui(match.game.id)
        game = match.game
        n = game.num_players(match.state)
        self.seats = clean_seats(match.record.meta, n, game.bot_levels)
        self.humans = [s for s in range(n) if self.seats[s]["bot"] is None]
        self.bots = {s: game.make_bot(seat["bot"], s, derive_seed(match.record.seed, s, "bot"))
                     for s, seat in enumerate(self.seats) if seat["bot"]}
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.present = self.viewer         # the person at the device, if known
        self.handover = None
        self.sel = {}
        self.pause = None                  # a round-end event shown until "next round"
        self.dialog = None                 # "share" | "rules"
        self.error = None
        self.thinking = None               # seat of the bot that is thinking
        self.token = 0                     # bumps on every move: stale timers do nothing
        self.closed = False
        self.fresh_from = None             # log index of the last move's first event
        self.described = None              # see ``log_lines``
        self.announced = len(self.match.view(None)["log"])
        self.conflict = None               # "newer" | "deleted": another tab has this game
        self.unsaved = None                # why this game is not being saved (see not_saved)
        self.opened_moves = len(match.record.moves)
        self.advance()

    # --- helpers -------------------------------------------------------------------------------
    @property
    def t(self):
        return self.app.t

    def names(self):
        return [seat_name(self.app.i18n, self.seats, s) for s in range(len(self.seats))]

    def ctx(self, viewer):
        return Ctx(self.app.i18n, self.names(), viewer, self.humans, self.app.settings.motion)

    def close(self):
        self.closed = True

    # --- saving ---------------------------------------------------------------------------------
    def not_saved(self, why):
        """The browser does not store this game ("full", "blocked", "too_large"): say so, once
        per game and page, with how to keep it."""
        self.unsaved = why

    def storage_changed(self, key):
        """Another tab wrote ``key`` (None: everything): if it is this game's save and it
        moved on or went away, stop and say so."""
        slot = self.slot
        if self.conflict is not None or not slot.stored:
            return
        if key is not None and key != self.app.saves.key(slot.id):
            return
        rev = self.app.saves.rev(slot.id)
        if rev is None:
            self.stop("deleted")
        elif rev != slot.rev:
            self.stop("newer")

    def stop(self, conflict):
        """Another tab has this game: no more moves or saves here until the player chooses."""
        self.conflict = conflict
        self.token += 1                    # bots thinking now will not move
        self.thinking = None
        self.app.focus_next = "save-banner"
        self.app.refresh()

    def autosave(self):
        if self.conflict is not None:
            return
        slot = self.slot
        if slot.link and len(self.match.record.moves) == self.opened_moves:
            return                         # an opened code nobody has played on: not stored
        slot.code = self.match.code()
        slot.updated = self.app.host.now()
        slot.over = self.match.over
        self.store_slot()

    def store_slot(self):
        slot = self.slot
        why = self.app.save_slot(slot)
        for _ in range(5):
            if why != "taken" or slot.stored:
                break
            slot.id = self.app.slot_id(self.app.host.now())   # a new save's id was in use
            why = self.app.save_slot(slot)
        if why in ("newer", "deleted", "taken"):
            self.stop("deleted" if why == "deleted" else "newer")
            return
        self.unsaved = why
        if why is None and slot.link:
            slot.link = False              # kept: its own address from now on
            self.app.host.set_hash(f"#/play/{slot.id}", replace=True)

    def keep(self):
        """Keep this game as a save of its own: an opened code, or (after a conflict) this
        tab's version of the game, under a new id."""
        app, slot = self.app, self.slot
        if self.conflict is not None or slot.stored:
            now = app.host.now()
            new = Slot(app.slot_id(now), slot.game, self.match.code(), now, now, self.match.over,
                       slot.title)
            self.slot, self.conflict = new, None
            new.link = True
        self.slot.code = self.match.code()
        self.slot.updated = app.host.now()
        self.slot.over = self.match.over
        self.store_slot()
        if self.conflict is None:
            app.host.announce(self.t("saves.kept" if self.unsaved is None else "saves.not_kept"))
            app.focus_next = "prompt"
            self.resume()
        app.refresh()

    def resume(self):
        """Go on after the player chose (bots move again; one that was thinking starts over)."""
        self.token += 1
        self.thinking = None
        self.advance()

    def banner(self):
        """What the player must know about saving this game, above the board."""
        t = self.t
        slot = self.slot
        if self.conflict is not None:
            text = t(f"saves.conflict.{self.conflict}")
            buttons = [h("button", {"type": "button", "class_": "button",
                                    "data_act": "keep-here"}, t("saves.keep_separate"))]
            if self.conflict == "newer":
                buttons.insert(0, h("button", {"type": "button", "class_": "button primary",
                                               "data_act": "load-newer"}, t("saves.load_newer")))
            return self._banner("error", text, buttons)
        if self.unsaved is not None and slot.id not in self.app.told:
            return self._banner("error", t(f"saves.unsaved.{self.unsaved}"), [
                h("button", {"type": "button", "class_": "button", "data_act": "copy",
                             "data_arg": "code"}, t("share.copy_code")),
                h("button", {"type": "button", "class_": "button", "data_act": "unsaved-ok"},
                  t("saves.understood"))])
        if slot.link and self.unsaved is None:
            return self._banner("info", t("saves.link"), [
                h("button", {"type": "button", "class_": "button", "data_act": "keep-here"},
                  t("saves.keep"))])
        return None

    @staticmethod
    def _banner(kind, text, buttons):
        return h("div", {"class_": f"notice {kind} save-banner", "id": "save-banner",
                         "tabindex": "-1", "role": "alert" if kind == "error" else "status"},
                 h("p", {}, text), h("p", {"class_": "actions"}, buttons))

    # --- flow ----------------------------------------------------------------------------------
    def advance(self):
        """Start a bot that is to move, and show the human who is to move (after a hand-over
        if someone else was at the device). Simultaneous games may need both at once."""
        if self.closed or self.match.over or self.pause is not None or self.conflict is not None:
            return
        movers = self.match.to_move()
        bot_movers = [s for s in movers if s in self.bots]
        if bot_movers and self.thinking is None:
            self.schedule_bot(bot_movers[0])
        human_movers = [s for s in movers if s in self.humans]
        if not human_movers or self.handover is not None:
            return
        seat = self.present if self.present in human_movers else human_movers[0]
        if len(self.humans) > 1 and self.present != seat and self.gui.private(self.match.view(None)):
            self.handover = seat
            self.viewer = None
        else:
            self.viewer = self.present = seat

    def schedule_bot(self, seat):
        token = self.token
        self.thinking = seat
        self.app.host.later(SPEEDS[self.app.settings.speed], lambda: self.run_bot(seat, token))

    def run_bot(self, seat, token):
        if self.closed or token != self.token or self.conflict is not None:
            return
        result = self.bots[seat].act(self.match.view(seat))
        if isinstance(result, types.GeneratorType):
            self.step_bot(seat, token, result)
        else:
            self.decided(seat, token, result)

    def step_bot(self, seat, token, gen):
        if self.closed or token != self.token:
            return
        host = self.app.host
        start = host.now()
        try:
            while True:            # at least one step per slice, however slow the clock
                next(gen)
                if host.now() - start >= SLICE_MS:
                    break
        except StopIteration as stop:
            self.decided(seat, token, stop.value)
            return
        host.later(0, lambda: self.step_bot(seat, token, gen))

    def decided(self, seat, token, move):
        """The move is played in a task of its own: thinking, then saving and redrawing, in one
        task could hold the page up for longer than a frame or two."""
        self.app.host.later(0, lambda: self.bot_done(seat, token, move))

    def bot_done(self, seat, token, move):
        if self.closed or token != self.token or self.conflict is not None:
            return
        self.thinking = None
        self.play(seat, move)

    def play(self, seat, move):
        """Apply a move from a human or a bot; refused moves leave everything as it was."""
        before = len(self.match.state.get("log", ()))
        try:
            self.match.play(seat, move)
        except IllegalMove as e:
            if seat in self.bots:
                raise             # a bot bug: make it loud
            self.error = self.t(e.key, **e.params) if self.app.i18n.has(e.key) else str(e)
            self.app.refresh()
            return False
        self.token += 1            # any bot still thinking saw an old state: it will be restarted
        self.thinking = None
        self.fresh_from = before
        self.error = None
        if seat in self.humans:
            self.present = seat
            self.sel = {}
        self.autosave()
        self.announce_new()
        self.advance()
        if seat in self.humans and self.viewer is not None:
            self.app.focus_next = self.app.focus_next or "prompt"
        self.app.refresh()
        return True

    def announce_new(self):
        """Say what happened (from the public log when several people share the device)."""
        private = self.viewer if len(self.humans) == 1 else None
        view = self.match.view(private)
        ctx = self.ctx(private)
        texts = []
        for event in view["log"][self.announced:]:
            text = self.gui.describe(event, ctx)
            if text:
                texts.append(text)
            if self.gui.ends_round(event) and not self.match.over:
                self.pause = event
        self.announced = len(view["log"])
        if texts:
            self.app.host.announce(" ".join(texts))

    # --- input ---------------------------------------------------------------------------------
    def act(self, action, arg, form):
        app = self.app
        if action == "handover-ok" and self.handover is not None:
            self.viewer = self.present = self.handover
            self.handover = None
            app.focus_next = "prompt"
            app.refresh()
        elif action == "next-round" and self.pause is not None:
            self.pause = None
            self.advance()
            app.focus_next = "prompt"
            app.refresh()
        elif action in ("share", "rules"):
            self.dialog = action
            app.focus_next = "dialog-close"
            app.refresh()
        elif action == "close-dialog":
            self.dialog = None
            app.focus_next = f"open-{arg}" if arg else "prompt"
            app.refresh()
        elif action == "copy":
            text = self.share_link() if arg == "link" else self.match.code()
            ok = app.host.copy(text)
            app.host.announce(self.t("share.copied" if ok else "share.copy_failed"))
        elif action == "unsaved-ok":
            app.told.add(self.slot.id)
            app.focus_next = "prompt"
            app.refresh()
        elif action == "keep-here":
            self.keep()
        elif action == "load-newer" and self.conflict == "newer":
            app.route(f"#/play/{self.slot.id}")
        elif self.conflict is not None:
            return                          # no moves in a game another tab has moved on
        elif self.viewer is not None and self.handover is None and self.pause is None:
            ctx = self.ctx(self.viewer)
            move = self.gui.act(action, arg, self.match.view(self.viewer), self.sel, ctx)
            app.focus_next = ctx.focus
            if move is not None:
                self.play(self.viewer, move)
            else:
                app.refresh()

    def key(self, key):
        if key == "Escape" and self.dialog:
            self.act("close-dialog", self.dialog, {})
            return True
        if (self.viewer is None or self.handover is not None or self.pause is not None
                or self.dialog or self.conflict is not None):
            return False
        result = self.gui.key(key, self.match.view(self.viewer), self.sel, self.ctx(self.viewer))
        if result is None:
            return False
        if result is True:
            self.app.refresh()
        else:
            self.play(self.viewer, result)
        return True

    def log_lines(self, view, ctx):
        """The log's lines as ``ctx``'s viewer reads them. Each event is described once (a long
        game's log was described again on every redraw) and again only if the view shows it
        differently now, or the viewer, language or names changed."""
        key = (ctx.viewer, self.app.i18n.lang, tuple(ctx.names))
        if self.described is None or self.described[0] != key:
            self.described = (key, [], [])
        _, events, texts = self.described
        log = view["log"]
        same = 0
        for old, new in zip(events, log):
            if old != new:
                break
            same += 1
        del events[same:], texts[same:]
        for event in log[same:]:
            events.append(event)
            texts.append(self.gui.describe(event, ctx))
        return [text for text in texts if text]

    def share_link(self):
        return f"{self.app.host.base_url()}#load={self.match.code()}"

    # --- rendering -----------------------------------------------------------------------------
    def render(self):
        t = self.t
        names = self.names()
        title = game_name(self.app.i18n, self.match.game.id)
        tools = h("nav", {"class_": "tools", "aria_label": t("play.tools")},
                  h("button", {"type": "button", "class_": "button", "id": "open-share",
                               "data_act": "share"}, t("play.share")),
                  h("button", {"type": "button", "class_": "button", "id": "open-rules",
                               "data_act": "rules"}, t("play.rules")),
                  h("a", {"class_": "button", "href": "#/"}, t("play.shelf")))
        parts = [h("div", {"class_": "play-head"},
                   h("h1", {"id": "main-heading", "tabindex": "-1"}, title), tools),
                 self.banner()]
        if self.handover is not None:
            parts.append(self.render_handover(names[self.handover]))
        else:
            parts.append(self.render_game())
        if self.dialog == "share":
            parts.append(self.render_share())
        elif self.dialog == "rules":
            parts.append(dialog(t("play.rules"), self.gui.rules(t), t, "rules"))
        return h("main", {"class_": "screen play-screen", "data_game": self.match.game.id}, parts)

    def render_handover(self, name):
        t = self.t
        return h("section", {"class_": "handover", "role": "dialog", "aria_modal": "true",
                             "aria_labelledby": "handover-title"},
                 h("h2", {"id": "handover-title"}, t("handover.title", name=name)),
                 h("p", {}, t("handover.body")),
                 h("button", {"type": "button", "class_": "button primary", "id": "handover-ok",
                              "data_act": "handover-ok"}, t("handover.ok", name=name)))

    def render_game(self):
        t = self.t
        view = self.match.view(self.viewer)
        ctx = self.ctx(self.viewer)
        ctx.fresh_from, self.fresh_from = self.fresh_from, None   # animate a move only once
        if self.match.over:
            prompt = t("play.over")
        elif self.conflict is not None:
            prompt = t("saves.stopped")
        elif self.pause is not None:
            prompt = t("play.round_over")
        elif self.viewer is not None and self.viewer in self.match.to_move():
            prompt = self.gui.prompt(view, self.sel, ctx)
        else:
            who = self.match.to_move()
            prompt = t("play.waiting", name=ctx.name(who[0])) if who else ""
        log_items = self.log_lines(view, ctx)
        parts = [
            h("p", {"id": "prompt", "class_": "prompt", "tabindex": "-1"}, prompt),
            h("p", {"class_": "error", "role": "alert"}, self.error) if self.error else None,
            h("h2", {"class_": "offscreen"}, t("play.table")),   # the board's own headings are h3
            # behind the round-over dialog the next round may already be dealt: nothing there
            # can be clicked, focused or read until the player goes on
            h("div", {"class_": "board-wrap", "inert": self.pause is not None},
              self.gui.board(view, self.sel, ctx)),
        ]
        if self.match.over:
            parts.append(h("section", {"class_": "result panel", "aria_labelledby": "result-title"},
                           self.gui.result(view, ctx),
                           h("p", {"class_": "actions"},
                             h("a", {"class_": "button primary", "href": f"#/new/{self.match.game.id}"},
                               t("play.again")),
                             " ", h("a", {"class_": "button", "href": "#/"}, t("play.shelf")))))
        if self.pause is not None:
            parts.append(h("section", {"class_": "round-over", "role": "dialog", "aria_modal": "true",
                                       "aria_labelledby": "round-title"},
                           self.gui.round_summary(self.pause, ctx),
                           h("button", {"type": "button", "class_": "button primary",
                                        "id": "next-round", "data_act": "next-round"},
                             t("play.next_round"))))
            self.app.focus_next = self.app.focus_next or "next-round"
        parts.append(h("section", {"class_": "log panel", "aria_labelledby": "log-title"},
                       h("h2", {"id": "log-title"}, t("play.log")),
                       h("ol", {"class_": "log-list", "id": "log-list", "tabindex": "0"},  # it scrolls
                         [h("li", {}, text) for text in log_items[-200:]])))
        return h("div", {"class_": "game"}, parts)

    def render_share(self):
        t = self.t
        code = self.match.code()
        body = [h("p", {}, t("share.body")),
                h("label", {"for": "share-code"}, t("share.code")),
                h("textarea", {"id": "share-code", "readonly": True, "rows": "3",
                               "spellcheck": "false"}, code),
                h("button", {"type": "button", "class_": "button", "data_act": "copy", "data_arg": "code"},
                  t("share.copy_code")),
                h("label", {"for": "share-link"}, t("share.link")),
                h("input", {"id": "share-link", "readonly": True, "value": self.share_link()}),
                h("button", {"type": "button", "class_": "button", "data_act": "copy", "data_arg": "link"},
                  t("share.copy_link"))]
        return dialog(t("share.title"), body, t, "share")


def dialog(title, body, t, name):
    return h("div", {"class_": "dialog-backdrop"},
             h("section", {"class_": "dialog", "role": "dialog", "aria_modal": "true",
                           "aria_labelledby": f"dialog-{name}-title", "id": f"dialog-{name}"},
               h("h2", {"id": f"dialog-{name}-title"}, title),
               h("div", {"class_": "dialog-body"}, body),
               h("button", {"type": "button", "class_": "button", "id": "dialog-close",
                            "data_act": "close-dialog", "data_arg": name}, t("dialog.close"))))
