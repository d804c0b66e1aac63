"""The game screen shared by every game: board, prompt, log, bots, hand-over, share, saves.

It is the *frame* every game's table sits in (see ``bodoge.ui.games`` for the contract): a
header with the tools, the prompt region (with a reserved line for a refusal), the stage the
board fills (the result and round overlays cover it), and the log: a side panel on wide
screens, a drawer over the stage on phones. The page never scrolls (web/css/base.css).

Hot-seat: when the next person to act is not the one at the device, a hand-over screen
replaces the board (nothing private is rendered) until that person confirms; a game whose
UI says nothing is private at that point (``GameUI.private``) passes straight on. Bots act on
timers (``later``) and may think in slices (generator bots) so the page stays responsive.

Take-backs (a game with one person and the rest computers): the Take back button beside the
prompt, U or Ctrl+Z take back that person's latest move with every move after it, when the
policy allows (``Match.takeback``: every one of those moves ``undoable`` by the game, none by
another person); else the button says why not. The computer's reply waits the chosen speed
(``SPEEDS``) before it starts thinking, and a take-back cancels it.

Training (a game against computers started with Training on, ``meta["training"]``) and
replays show the game's analysis (``GameUI.analysis``) above the log; ``Analysis`` runs it,
in slices if it is a generator, for one position and seat at a time.

Saving: every move is saved (``autosave``) unless another tab has moved this game on or
deleted it (``conflict``: the screen stops, says so and offers to load the newer game or keep
this one as a separate save), or the browser will not store it (``unsaved``: the player is told
once that the game is not being saved and how to keep it). A game opened from a code
(``slot.link``) is stored only when someone plays on or the player keeps it.

Remote seats (play on several devices): a seat marked ``remote`` is played by a guest on
another device. It is neither a person here nor a bot: the screen's ``table``
(``bodoge.ui.table.HostTable``) connects the guests, sends each the view of its seat after
every change (``send_views``) and hands their moves to ``remote_move``, which plays them
like any other move (the rules refuse what is not legal; ``refuse`` tells the guest). A
guest's device runs this same screen over a ``RemoteMatch`` (its table is a ``GuestTable``).
"""

import types

from ..core.errors import IllegalMove
from ..core.protocol import Game as Protocol
from ..core.rng import derive_seed
from .games import (Ctx, GameUI, Played, clean_seats, game_name, game_ui, has_analysis, placings,
                    progress_lines, seat_name)
from .html import freeze, h
from .storage import SPEEDS, Slot

SLICE_MS = 12          # a thinking bot (or analysis) yields to the page this often
LOG_LIMIT = 200        # the play screen's log shows this many lines (the newest)
TAKE_BACK_KEYS = ("u", "U", "Ctrl+z")


def has_takebacks(game):
    """Whether a game has a take-back policy (``Game.undoable`` overridden): a game without
    one (real time) shows no Take back at all."""
    return type(game).undoable is not Protocol.undoable


def is_training(meta, seats):
    """A training game: started with Training on, one person against computers."""
    people = [s for s in seats if s["bot"] is None]
    return bool(isinstance(meta, dict) and meta.get("training") is True
                and len(people) == 1 and len(seats) > 1)


def played(match, k, seat):
    """``seat``'s latest move among the first ``k`` moves of ``match``, with its own view of
    the position it moved from (``Played``), or None."""
    if seat is None:
        return None
    moves = match.record.moves
    for i in range(k - 1, -1, -1):
        if moves[i][0] == seat:
            before = match.game.view(match.history.state(i), seat)
            return Played(before, moves[i][1], i, i == k - 1)
    return None


class Analysis:
    """The analysis panel's content for one position at a time: ``GameUI.analysis`` is asked
    once per position, seat and language (``key``); a generator is run in slices, like a
    thinking bot, and the screen is redrawn when it is done. A new key drops the old work."""

    def __init__(self, screen):
        self.screen = screen
        self.key = None
        self.result = None
        self.busy = False
        self.token = 0

    def get(self, key, make):
        """The result for ``key`` (``make()`` gives the view, seat and ctx to analyse when it
        is new): markup, None (nothing to show) or ``Analysis.THINKING``."""
        if key != self.key:
            self.key, self.token, self.busy = key, self.token + 1, False
            view, seat, ctx = make()
            result = self.screen.gui.analysis(view, seat, ctx)
            if isinstance(result, types.GeneratorType):
                self.busy, self.result = True, None
                token = self.token
                self.screen.app.host.later(0, lambda: self.step(token, result))
            else:
                self.result = result
        return self.THINKING if self.busy else self.result

    THINKING = object()

    def step(self, token, gen):
        screen = self.screen
        if screen.closed or token != self.token:
            return
        host = screen.app.host
        start = host.now()
        try:
            while True:
                next(gen)
                if host.now() - start >= SLICE_MS:
                    break
        except StopIteration as stop:
            self.busy, self.result = False, stop.value
            screen.app.refresh()
            return
        host.later(0, lambda: self.step(token, gen))
SAVE_ACTIONS = ("unsaved-ok", "keep-here", "load-newer")   # the saving banner's buttons


class PlayScreen:
    save_due = False           # a move is played and not saved yet (``save_soon``)
    drawn_fresh = None         # the ``fresh_from`` the latest drawing showed
    result_pick = None         # the part of the result the player opened (``result_part``)
    overlay_held = False       # a move's summary or result waits a frame (``hold_overlay``)

    def __init__(self, app, slot, match):
        self.app = app
        self.slot = slot
        self.match = match
        self.gui = game_ui(match.game.id)
        game = match.game
        n = game.num_players(match.state)
        self.seats = clean_seats(match.record.meta, n, game.bot_levels)
        self.remote = [s for s in range(n) if self.seats[s].get("remote")]   # on other devices
        self.humans = [s for s in range(n) if self.seats[s]["bot"] is None and s not in self.remote]
        self.bots = {s: game.make_bot(seat["bot"], s, derive_seed(match.record.seed, s, "bot"))
                     for s, seat in enumerate(self.seats) if seat["bot"] and s not in self.remote}
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.present = self.viewer         # the person at the device, if known
        self.handover = None
        self.sel = {}
        self.pause = None                  # a round-end event shown until "next round"
        self.dialog = None                 # "share" | "rules"
        self.log_open = False              # phones: the log drawer is open over the table
        self.overlay_hidden = False        # "Look at the table": the result/round overlay is put away
        self.error = None
        self.thinking = None               # seat of the bot that is thinking
        self.token = 0                     # bumps on every move: stale timers do nothing
        self.closed = False
        self.fresh_from = None             # log index of the last move's first event
        self.described = None              # see ``log_items``
        self.lines = {}                    # (n, text) -> the log's line, rendered (``log_line``)
        self.announced = len(self.match.view(None)["log"])
        self.training = is_training(match.record.meta, self.seats) and has_analysis(self.gui)
        self.analysis = Analysis(self)
        self.undo_cache = None             # (token, (k, reason)) of ``takeback_status``
        self.conflict = None               # "newer" | "deleted": another tab has this game
        self.unsaved = None                # why this game is not being saved (see not_saved)
        self.opened_moves = len(match.record.moves)
        self.table = self.make_table()     # remote seats: the guests' connections
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
        self.save_now(refresh=False)       # a move's save still to come is made before leaving
        self.closed = True
        if self.table is not None:
            self.table.close()

    # --- remote seats ---------------------------------------------------------------------------
    paused = False             # a real-time screen that is paused takes no moves

    def make_table(self):
        """The connections of the guests who play the remote seats (None: there are none)."""
        if not self.remote:
            return None
        from .table import HostTable

        return HostTable(self)

    def table_act(self, action, arg, form):
        """The Table tool and what is done in its dialog (``App.act`` sends them here, whatever
        the screen does with other actions)."""
        if self.table is None:
            return
        if action == "table":
            self.dialog = "table"
            self.app.focus_next = "dialog-close"
            self.app.refresh()
        else:
            self.table.act(action, arg, form)

    def net_event(self, kind, key, data):
        """The page's connections (``App.net_event``): the table's business."""
        if self.table is not None:
            self.table.net_event(kind, key, data)

    def send_views(self):
        """Bring every connected guest's view up to date (after any change of the game)."""
        if self.table is not None:
            self.table.sync()

    def remote_move(self, seat, move):
        """A move from the guest at remote seat ``seat``: played like any other move (the rules
        refuse what is not legal, and ``refuse`` tells the guest). Whether it was played."""
        if seat not in self.remote:
            return False
        if self.closed or self.conflict is not None or self.paused:
            key = "net.refused.paused" if self.paused else "net.refused.stopped"
            self.refuse(seat, IllegalMove("the game does not take moves now", key=key))
            return False
        try:
            return self.play(seat, move)
        except IllegalMove:
            raise
        except Exception as e:   # a forged move a screen did not expect (not JSON it knows)
            self.refuse(seat, IllegalMove(f"a move the game cannot read ({type(e).__name__})"))
            self.app.refresh()
            return False

    def refuse(self, seat, err):
        """``seat``'s move was refused (``err``, an ``IllegalMove``): say why to whoever made
        it, here (the prompt's reserved line) or on a guest's device."""
        if self.table is not None and seat in self.remote:
            self.table.refused(seat, err)
        else:
            self.error = self.t(err.key, **err.params) if self.app.i18n.has(err.key) else str(err)

    def store_seats(self):
        """Write the seats (names, bots, remote) into the record, and save."""
        seats = [dict(seat) for seat in self.seats]
        self.match.record.meta = dict(self.match.record.meta, seats=seats)
        self.slot.title = self.gui.title(seats, self.app.i18n, self.match.record.options)
        self.described = None              # the log names the seats
        self.autosave()

    def name_seat(self, seat, name):
        """A guest chose a name for its seat."""
        if name and self.seats[seat]["name"] != name:
            self.seats[seat]["name"] = name
            self.store_seats()

    def seat_to_bot(self, seat):
        """The host hands a remote seat to the computer (a dropped guest who does not come
        back): a bot of the game's middle level plays it from now on."""
        if seat not in self.remote or self.match.over:
            return
        levels = self.match.game.bot_levels
        level = levels[len(levels) // 2]
        self.seats[seat] = {"name": "", "bot": level}
        self.remote.remove(seat)
        bot = self.match.game.make_bot(level, seat, derive_seed(self.match.record.seed, seat, "bot"))
        self.bots[seat] = bot
        driver = getattr(self, "driver", None)       # a real-time screen's bots
        if driver is not None:
            driver.bots[seat] = bot
            driver.look(self.clock.now(), only=seat)
        if self.table is not None:
            self.table.seat_gone(seat)
        self.store_seats()
        self.resume()
        self.app.refresh()

    def guest_dropped(self, seat):
        """The guest at ``seat`` lost its connection: a real-time game pauses until it is back
        (a game in turns waits for it anyway when it is its turn)."""
        pause = getattr(self, "set_paused", None)
        if pause is not None and not self.paused and not self.match.over:
            pause(True)

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

    def save_soon(self):
        """Save once the move is on screen: the frame that shows it comes first (see
        benchmarks/table.md). A page that is hidden or closed first saves at once
        (``bodogeAfterPaint`` in web/morph.js), and so does leaving this screen (``close``)."""
        if not self.save_due:
            self.save_due = True
            self.app.host.after_paint(self.save_now)

    def hold_overlay(self):
        """The move that ends a round or the game is drawn first, and the summary or result
        over the table in the frame after it (``release_overlay``): the move is on screen
        within a frame, and the overlay, the largest redraw of a game, comes as the move's
        motion starts (see benchmarks/table.md). Nothing waits for it: Next round and the
        other buttons are there a frame later."""
        if not self.overlay_held:
            self.overlay_held = True
            self.app.host.after_paint(self.release_overlay)

    def release_overlay(self):
        if self.overlay_held:
            self.overlay_held = False
            if not self.closed and not self.overlay_hidden:
                self.app.focus_next = self.app.focus_next or self.overlay_focus()
                self.app.refresh()

    def save_now(self, refresh=True):
        if self.save_due:
            before = (self.slot.link, self.unsaved)
            self.autosave()
            if refresh and (self.slot.link, self.unsaved) != before:
                # the banner about saving says what is true now; the move's motion, drawn a
                # frame ago, stays in the markup so that nothing of it is cut short
                self.fresh_from = self.drawn_fresh
                self.app.refresh()

    def autosave(self):
        self.save_due = False
        if self.conflict is not None:
            return
        slot = self.slot
        if slot.link and len(self.match.record.moves) == self.opened_moves:
            return                         # an opened code nobody has played on: not stored
        slot.code = self.match.code()
        slot.updated = self.app.host.now()
        slot.over = self.match.over
        slot.progress = progress_lines(self.match)
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
        self.slot.progress = progress_lines(self.match)
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
            text = [h("span", {"class_": "long"}, t("saves.link")),      # a phone: one line
                    h("span", {"class_": "short", "aria_hidden": "true"}, t("saves.link_short"))]
            return self._banner("info", text, [
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
        # a round summary holds the game until the person here goes on; a host with no seat
        # of its own (its guests play on their devices) does not hold its guests up
        held = self.pause is not None and (self.humans or not self.remote)
        if self.closed or self.match.over or held or self.conflict is not None:
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
        """Apply a move from a human, a guest or a bot; refused moves leave everything as it
        was."""
        with self.match.views_kept():
            return self._play(seat, move)

    def _play(self, seat, move):
        before = len(self.match.state.get("log", ()))
        try:
            self.match.play(seat, move)
        except IllegalMove as e:
            if seat in self.bots:
                raise             # a bot bug: make it loud
            self.refuse(seat, e)
            self.app.refresh()
            return False
        self.token += 1            # any bot still thinking saw an old state: it will be restarted
        self.thinking = None
        self.fresh_from = before
        self.error = None
        if seat in self.humans:
            self.present = seat
            self.sel = {}
        self.save_soon()
        pause_before = self.pause
        self.announce_new()
        self.advance()
        if self.match.over:
            self.overlay_hidden = False
        if self.match.over or self.pause is not pause_before:
            self.hold_overlay()
        elif seat in self.humans and self.viewer is not None:
            self.app.focus_next = self.app.focus_next or "prompt"
        self.send_views()
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
                self.overlay_hidden = False
        self.announced = len(view["log"])
        if texts:
            self.app.host.announce(" ".join(texts))

    # --- take-backs ----------------------------------------------------------------------------
    def takeback_status(self):
        """None when there is no Take back here (not one person against computers, a game
        without take-backs, the game is over, that person has not moved yet); else ``(k, reason)`` (``Match.takeback``:
        the moves that would stand, and None or why not)."""
        if (len(self.humans) != 1 or not self.bots or self.match.over
                or self.conflict is not None or not has_takebacks(self.match.game)):
            return None
        if self.undo_cache is None or self.undo_cache[0] != (self.token, len(self.match.record.moves)):
            status = self.match.takeback(self.humans[0], self.humans)
            self.undo_cache = ((self.token, len(self.match.record.moves)), status)
        k, reason = self.undo_cache[1]
        return None if k is None else (k, reason)

    def reason_text(self, reason):
        return self.t(reason) if self.app.i18n.has(reason) else self.t("undo.no")

    def take_back(self):
        """Take back the person's latest move and every move after it, if the policy allows;
        else say why not."""
        status = self.takeback_status()
        if status is None:
            return False
        k, reason = status
        app = self.app
        if reason is not None:
            self.error = self.reason_text(reason)
            app.host.announce(self.t("undo.refused", why=self.error))
            app.refresh()
            return False
        seat = self.humans[0]
        history = self.match.history
        view = self.match.view(seat)
        ctx = self.ctx(seat)
        what = " ".join(text for text in (self.gui.describe(e, ctx) for e in
                                          view["log"][history.log_end[k]:history.log_end[k + 1]])
                        if text)
        self.match.truncate(k)
        self.token += 1            # the computer's pending reply is void
        self.thinking = None
        self.pause = None
        self.overlay_hidden = False
        self.fresh_from = None
        self.error = None
        self.sel = {}
        self.viewer = self.present = seat
        self.announced = len(self.match.view(None)["log"])
        self.autosave()
        app.host.announce(self.t("undo.done", what=what) if what else self.t("undo.done_plain"))
        self.advance()
        app.focus_next = "prompt"
        app.refresh()
        return True

    def takeback_button(self):
        """The Take back button beside the prompt (disabled, saying why, when not allowed)."""
        status = self.takeback_status()
        if status is None or self.pause is not None:
            return None
        reason = status[1]
        return h("button", {"type": "button", "class_": "button takeback", "id": "take-back",
                            "data_act": "take-back", "aria_keyshortcuts": "U Control+Z",
                            "aria_disabled": "true" if reason else None},
                 h("span", {"class_": "takeback-label"},
                   h("span", {"aria_hidden": "true"}, "↶ "), self.t("undo.button")),
                 h("span", {"class_": "takeback-why"}, self.reason_text(reason)) if reason else None)

    # --- analysis --------------------------------------------------------------------------------
    def analysis_subject(self):
        """What the analysis panel looks at: (key, make) for ``Analysis.get``, or None for no
        panel. The play screen: in a training game, the person's own view."""
        if not self.training or self.handover is not None:
            return None
        seat = self.humans[0]
        key = (self.token, len(self.match.record.moves), seat, self.app.i18n.lang)
        k = len(self.match.record.moves)

        def make():
            ctx = self.ctx(seat)
            ctx.played = played(self.match, k, seat)
            return self.match.view(seat), seat, ctx
        return key, make

    def analysis_panel(self):
        subject = self.analysis_subject()
        if subject is None:
            return None
        result = self.analysis.get(*subject)
        t = self.t
        if result is Analysis.THINKING:
            body = h("p", {"class_": "analysis-busy", "role": "status"}, t("analysis.thinking"))
        elif result is None:
            body = h("p", {"class_": "analysis-none"}, t("analysis.none"))
        else:
            body = result
        # it may scroll (a long analysis on a phone): reachable from the keyboard, as the log
        return h("section", {"class_": "analysis", "id": "analysis", "aria_labelledby": "analysis-title",
                             "tabindex": "0"},
                 h("h2", {"id": "analysis-title"}, t("analysis.title")),
                 h("div", {"class_": "analysis-body"}, body))

    # --- input ---------------------------------------------------------------------------------
    def act(self, action, arg, form):
        app = self.app
        if action == "take-back":
            self.take_back()
        elif action == "handover-ok" and self.handover is not None:
            self.viewer = self.present = self.handover
            self.handover = None
            app.focus_next = "prompt"
            app.refresh()
        elif action == "next-round" and self.pause is not None:
            self.pause = None
            self.overlay_hidden = False
            self.advance()
            app.focus_next = "prompt"
            app.refresh()
        elif action == "log":
            self.log_open = arg == "open"
            app.focus_next = "log-close" if self.log_open else "open-log"
            app.refresh()
        elif action == "overlay":
            self.overlay_hidden = arg == "hide"
            app.focus_next = "show-overlay" if self.overlay_hidden else self.overlay_focus()
            app.refresh()
        elif action == "result-part":
            self.result_pick = int(arg) if arg == "-1" or (arg.isascii() and arg.isdigit()) else None
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
            text = {"link": self.share_link(), "replay": self.replay_link()}.get(arg) or self.match.code()
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
        if key == "Escape" and self.log_open:
            self.act("log", "close", {})
            return True
        if (self.viewer is None or self.handover is not None or self.pause is not None
                or self.dialog or self.conflict is not None):
            return False
        if key in TAKE_BACK_KEYS and self.takeback_status() is not None:
            self.take_back()
            return True
        result = self.gui.key(key, self.match.view(self.viewer), self.sel, self.ctx(self.viewer))
        if result is None:
            return False
        if result is True:
            self.app.refresh()
        else:
            self.play(self.viewer, result)
        return True

    def log_items(self, view, ctx):
        """The log as ``ctx``'s viewer reads it: [(group heading or None, text)] for each
        described event (see ``log_entries``)."""
        return [(head, text) for _, head, text in self.log_entries(view, ctx)]

    def log_entries(self, view, ctx):
        """The log as ``ctx``'s viewer reads it: [(event index, group heading or None, text)]
        for each described event (a heading where ``GameUI.log_group`` starts a group; a group that
        starts on an event without a line starts at the next line). Each event is described
        once (a long game's log was described again on every redraw) and again only if the
        view shows it differently now, or the viewer, language or names changed."""
        key = (ctx.viewer, self.app.i18n.lang, tuple(ctx.names))
        if self.described is None or self.described[0] != key:
            self.described = (key, [], [], [], [])
        _, events, texts, heads, rounds = self.described
        log = view["log"]
        same = 0
        for old, new in zip(events, log):
            if old != new:
                break
            same += 1
        del events[same:], texts[same:], heads[same:], rounds[same:]
        for i in range(same, len(log)):
            event = log[i]
            ctx.log_prev = log[i - 1] if i else None
            ctx.rounds_done = (rounds[i - 1] + (1 if self.gui.ends_round(log[i - 1]) else 0)) if i else 0
            events.append(event)
            texts.append(self.gui.describe(event, ctx))
            heads.append(self.gui.log_group(event, ctx))
            rounds.append(ctx.rounds_done)
        ctx.log_prev, ctx.rounds_done = None, 0
        heads = list(heads)
        if self.match.over and len(log) > 1:   # what follows the last round is the game's end
            last = max((i for i, e in enumerate(log) if self.gui.ends_round(e)), default=len(log))
            if last + 1 < len(log) and heads[last + 1] == ctx.t("play.log_round", n=rounds[last + 1] + 1):
                heads[last + 1] = ctx.t("play.log_end")
        items, pending = [], None
        for index, (text, head) in enumerate(zip(texts, heads)):
            pending = head or pending
            if text:
                items.append((index, pending, text))
                pending = None
        return items

    def log_lines(self, view, ctx):
        """The log's lines (texts only) as ``ctx``'s viewer reads them."""
        return [text for _, text in self.log_items(view, ctx)]

    def share_link(self):
        return f"{self.app.host.base_url()}#load={self.match.code()}"

    def replay_link(self, move=None):
        """A link that opens this game's replay (at its end, or at ``move``), for anyone to
        watch: while the game is in progress it holds what spectators saw, nothing hidden
        (``share.watch_code``)."""
        from .share import watch_code

        tail = "" if move is None else f"&move={move}"
        return f"{self.app.host.base_url()}#replay={watch_code(self.match)}{tail}"

    def overlay_focus(self):
        return "result-heading" if self.match.over else "next-round"

    # --- rendering -----------------------------------------------------------------------------
    framed = True             # the App draws no top bar: the header below has the tools
    replay_button = True      # the result offers the replay

    def render(self):
        t = self.t
        parts = [self.render_head(), self.banner(),
                 self.table.banner() if self.table is not None else None]
        if self.handover is not None:
            parts.append(self.render_handover(self.names()[self.handover]))
        else:
            parts.append(self.render_game())
        if self.dialog == "share":
            parts.append(self.render_share())
        elif self.dialog == "rules":
            parts.append(dialog(t("play.rules"), self.gui.rules(t), t, "rules"))
        elif self.dialog == "table" and self.table is not None:
            parts.append(dialog(t("net.table"), self.table.render(), t, "table"))
        return h("main", {"class_": "screen play-screen", "data_game": self.match.game.id,
                          "data_log": "open" if self.log_open else None}, parts)

    def render_head(self):
        """The compact header: the game's name and the tools (on phones, icons)."""
        t = self.t
        lang = self.app.i18n.lang
        other = "en" if lang == "ja" else "ja"
        log = self.handover is None
        tools = h("nav", {"class_": "tools", "aria_label": t("play.tools")},
                  tool("button", "open-share", "share", t("play.share"), {"data_act": "share"}),
                  tool("button", "open-rules", "rules", t("play.rules"), {"data_act": "rules"}),
                  self.table.tool() if self.table is not None else None,
                  tool("button", "open-log", "log", t("play.log"),
                       {"data_act": "log", "data_arg": "close" if self.log_open else "open",
                        "aria_controls": "log", "aria_expanded": str(self.log_open).lower(),
                        "class_": "tool log-tool"}) if log else None,
                  self.replay_tool(),
                  tool("a", "go-shelf", "shelf", t("play.shelf"), {"href": "#/"}),
                  h("button", {"type": "button", "class_": "tool lang-tool", "id": "lang-switch",
                               "data_act": "lang", "data_arg": other, "lang": other},
                    h("span", {"class_": "tool-short", "aria_hidden": "true"},
                      "A" if other == "en" else "あ"),
                    h("span", {"class_": "tool-text"}, t("play.language"))))
        return h("header", {"class_": "play-head"},
                 h("h1", {"id": "main-heading", "tabindex": "-1"},
                   game_name(self.app.i18n, self.match.game.id)), tools)

    def replay_tool(self):
        """The header's way to the replay (a saved game's, from its first move to now; a game
        not in the store, such as an opened code nobody has played on, by its code)."""
        if self.slot is None:
            return None
        return tool("a", "open-replay", "replay", self.t("play.replay"), {"href": self.replay_href()})

    def replay_href(self, move=None):
        """This game's replay (at its end, or at ``move``): by the save's id, or by its code
        for a game not in the store (an opened code nobody has played on, a game the browser
        would not store)."""
        if self.slot is not None and self.slot.stored:
            return f"#/replay/{self.slot.id}" + ("" if move is None else f"/{move}")
        return f"#replay={self.match.code()}" + ("" if move is None else f"&move={move}")

    def render_handover(self, name):
        t = self.t
        box = h("section", {"class_": "handover", "role": "dialog", "aria_modal": "true",
                            "aria_labelledby": "handover-title"},
                h("h2", {"id": "handover-title"}, t("handover.title", name=name)),
                h("p", {}, t("handover.body")),
                h("button", {"type": "button", "class_": "button primary", "id": "handover-ok",
                             "data_act": "handover-ok"}, t("handover.ok", name=name)))
        return self.frame([h("p", {"id": "prompt", "class_": "prompt", "tabindex": "-1"},
                             t("handover.title", name=name))],
                          h("div", {"class_": "stage"}, box), None)

    def render_game(self):
        view = self.match.view(self.viewer)
        ctx = self.ctx(self.viewer)
        ctx.fresh_from, self.fresh_from = self.fresh_from, None   # animate a move only once
        self.drawn_fresh = ctx.fresh_from
        ctx.pause = self.pause
        overlay = self.render_overlay(view, ctx)
        # behind the round summary the next round may already be dealt: nothing there can be
        # clicked, focused or read until the player goes on; behind the result, nothing
        # until the player puts it away to look at the table
        inert = self.pause is not None or overlay is not None
        stage = h("div", {"class_": "stage"},
                  h("h2", {"class_": "offscreen"}, self.t("play.table")),   # the board's own headings are h3
                  h("div", {"class_": "board-wrap", "inert": inert}, self.board_region(view, ctx)),
                  overlay)
        prompt = self.prompt_region(view, ctx)
        back = self.overlay_back() or self.takeback_button()
        if back:
            prompt = h("div", {"class_": "prompt-row"}, prompt, h("div", {"class_": "prompt-actions"}, back))
        return self.frame(prompt, stage, self.render_log(view, ctx))

    def frame(self, prompt, stage, log, reserve=True):
        """The table frame: the prompt region (with the reserved line for a refusal, unless
        not ``reserve``), the stage and the log."""
        return h("div", {"class_": "table-frame"},
                 h("div", {"class_": "prompt-bar", "data_region": "prompt"},
                   prompt, h("div", {"class_": "error-slot"},
                             h("p", {"class_": "error", "role": "alert"}, self.error or ""))
                   if reserve else None),
                 stage, log)

    def prompt_region(self, view, ctx):
        """What the prompt region says (a screen with its own flow may override it)."""
        t = self.t
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
            if who and self.table is not None:
                prompt = self.table.waiting(who, ctx) or prompt
        return h("p", {"id": "prompt", "class_": "prompt", "tabindex": "-1"}, prompt)

    def overlay_back(self):
        """Beside the prompt while an overlay is put away: the way back to it (and Next
        round)."""
        t = self.t
        if not self.overlay_hidden:
            return None
        if self.match.over:
            return [self.back_button("play.overlay_back_result")]
        if self.pause is not None:
            return [self.back_button("play.overlay_back_round"),
                    h("button", {"type": "button", "class_": "button primary", "id": "next-round",
                                 "data_act": "next-round"}, t("play.next_round"))]
        return None

    def back_button(self, key):
        return h("button", {"type": "button", "class_": "button", "id": "show-overlay",
                            "data_act": "overlay", "data_arg": "show"}, self.t(key))

    def board_region(self, view, ctx):
        """The board in the stage (a screen with its own flow may override it)."""
        return self.gui.board(view, self.sel, ctx)

    def render_overlay(self, view, ctx):
        """The result (game over) or round summary over the stage, unless put away or held
        for a frame (``hold_overlay``)."""
        if self.overlay_hidden or self.overlay_held:
            return None
        if self.match.over:
            return self.result_overlay(view, ctx)
        if self.pause is not None:
            self.app.focus_next = self.app.focus_next or "next-round"
            return self.round_overlay(ctx)
        return None

    def result_overlay(self, view, ctx):
        t = self.t
        ctx.result_pick = self.result_pick
        outcome = self.match.outcome()
        rows = [h("li", {"class_": "winner" if place == 1 else None},
                  h("span", {"class_": "place"}, t(f"result.place.{min(place, 6)}")),
                  h("span", {"class_": "who"}, ctx.name(seat)),
                  h("span", {"class_": "score"}, self.gui.score_text(outcome, seat, ctx)))
                for place, seat in placings(outcome, self.gui.lower_scores_win)]
        body = [h("p", {"class_": "training-note"}, t("training.result")) if self.training else None,
                h("ol", {"class_": "placings", "aria_label": t("result.placings")}, rows),
                h("div", {"class_": "result-body"}, self.gui.result(view, ctx))]
        return overlay("result", self.gui.result_heading(view, outcome, ctx), "result-heading",
                       body, self.result_actions())

    def result_actions(self):
        """The result overlay's buttons."""
        t = self.t
        return [h("a", {"class_": "button primary", "href": f"#/new/{self.match.game.id}",
                        "id": "play-again"}, t("play.again")),
                h("a", {"class_": "button", "href": self.replay_href(0), "id": "replay-game"},
                  t("play.replay")) if self.slot is not None and self.replay_button else None,
                h("button", {"type": "button", "class_": "button", "id": "look-at-table",
                             "data_act": "overlay", "data_arg": "hide"}, t("play.overlay_look")),
                h("a", {"class_": "button", "href": "#/"}, t("play.shelf"))]

    def round_overlay(self, ctx):
        t = self.t
        heading = self.gui.round_heading(self.pause, ctx)
        actions = [h("button", {"type": "button", "class_": "button primary", "id": "next-round",
                                "data_act": "next-round"}, t("play.next_round")),
                   h("button", {"type": "button", "class_": "button", "id": "look-at-table",
                                "data_act": "overlay", "data_arg": "hide"}, t("play.overlay_look"))]
        return overlay("round-over", heading, "round-heading" if heading else "round-title",
                       self.gui.round_summary(self.pause, ctx), actions)

    def render_log(self, view, ctx, limit=LOG_LIMIT):
        """The log region: the lines of ``log_window`` (the last ``limit``), numbered from the
        first move, under the heading of the group each belongs to; the analysis panel, if
        any, above them."""
        t = self.t
        entries = self.log_entries(view, ctx)
        first, last = self.log_window(entries, limit)
        head = next((entries[i][1] for i in range(first, -1, -1) if entries[i][1]), None) if entries else None
        groups, lines = [], []
        for n, (index, group, text) in enumerate(entries[first:last], start=first + 1):
            if group and n > first + 1:
                groups.append((head, lines))
                head, lines = group, []
            lines.append(self.log_line(n, index, text))
        if lines:
            groups.append((head, lines))
        body = []
        for head, lines in groups:
            if head:
                body.append(h("h3", {"class_": "log-group"}, head))
            body.append(h("ol", {"class_": "log-lines"}, lines))
        return h("section", {"class_": "log panel", "id": "log", "data_region": "log",
                             "aria_labelledby": "log-title"},
                 self.analysis_panel(),
                 h("div", {"class_": "log-head"},
                   h("h2", {"id": "log-title"}, t("play.log")),
                   h("button", {"type": "button", "class_": "button log-close", "id": "log-close",
                                "data_act": "log", "data_arg": "close",
                                "aria_label": t("play.log_close")}, t("dialog.close"))),
                 h("div", {"class_": "log-list", "id": "log-list", "tabindex": "0",
                           "aria_labelledby": "log-title"}, body))

    def log_window(self, entries, limit):
        """Which entries the log shows: [first, last) (the play screen: the last ``limit``)."""
        return max(0, len(entries) - limit), len(entries)

    def log_line(self, n, index, text):
        """Line ``n`` of the log (event ``index``), rendered once (the page is rendered after
        every move, and a long game's log is most of it)."""
        key = (n, text)
        line = self.lines.get(key)
        if line is None:
            if len(self.lines) > 4 * LOG_LIMIT:
                self.lines.clear()
            line = self.lines[key] = freeze(h("li", {}, h("span", {"class_": "log-n"}, f"{n}."), " ",
                                              h("span", {"class_": "log-text"}, text)))
        return line

    def render_share(self):
        from .share import share_body      # what each link holds (ui/share.py)

        return dialog(self.t("share.title"), share_body(self), self.t, "share")


def overlay(kind, heading, heading_id, body, actions):
    """A result or round overlay over the stage: heading, a body that scrolls, and the
    buttons always in view. ``heading`` None: the body has its own (``heading_id``)."""
    return h("section", {"class_": f"overlay {kind}", "id": kind, "role": "dialog",
                         "aria_labelledby": heading_id},
             h("div", {"class_": "overlay-card"},
               h("h2", {"id": heading_id, "tabindex": "-1", "class_": "overlay-heading"}, heading)
               if heading else None,
               # focusable, so a long body scrolls from the keyboard (axe: scrollable-region-focusable)
               h("div", {"class_": "overlay-body", "tabindex": "0", "role": "group",
                         "aria_labelledby": heading_id}, body),
               h("div", {"class_": "overlay-actions actions"}, actions)))


ICONS = {   # 24×24 line icons for the header's tools (their words stay for screen readers)
    "share": "M12 15V3M7 8l5-5 5 5M5 12v8h14v-8",
    "rules": "M4 4h7a3 3 0 0 1 3 3v13a2 2 0 0 0-2-2H4zM20 4h-4a3 3 0 0 0-2 1v15a2 2 0 0 1 2-2h4z",
    "log": "M9 6h11M9 12h11M9 18h11M4 6h1M4 12h1M4 18h1",
    "table": "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20v-1a5 5 0 0 1 10 0v1M17 11a2.5 2.5 0 1 0 0-5M16 14.5a4.5 4.5 0 0 1 5 4.5v1",
    "shelf": "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
    "replay": "M3 12a9 9 0 1 0 3-6.7M3 4v5h5M10 9l5 3-5 3z",
    "back": "M10 6l-6 6 6 6M4 12h16",
}


def tool(tag, id_, icon, label, attrs):
    """A header tool: an icon and its word (on phones the word is for screen readers only)."""
    base = {"id": id_, "class_": "tool"}
    if tag == "button":
        base["type"] = "button"
    base.update(attrs)
    return h(tag, base,
             h("svg", {"viewBox": "0 0 24 24", "width": "20", "height": "20", "aria_hidden": "true",
                       "focusable": "false", "class_": "tool-icon"},
               h("path", {"d": ICONS[icon], "fill": "none", "stroke": "currentColor",
                          "stroke_width": "2", "stroke_linecap": "round", "stroke_linejoin": "round"})),
             h("span", {"class_": "tool-text"}, label))


def dialog(title, body, t, name):
    """A modal dialog (Share, Rules). The close button is at the top, beside the title: the
    dialog opens with focus on it, and so shows its beginning (focus on a close button at
    the bottom scrolled a long dialog, the rules, to its end)."""
    return h("div", {"class_": "dialog-backdrop"},
             h("section", {"class_": "dialog", "role": "dialog", "aria_modal": "true",
                           "aria_labelledby": f"dialog-{name}-title", "id": f"dialog-{name}"},
               h("div", {"class_": "dialog-head"},
                 h("h2", {"id": f"dialog-{name}-title"}, title),
                 h("button", {"type": "button", "class_": "button", "id": "dialog-close",
                              "data_act": "close-dialog", "data_arg": name}, t("dialog.close"))),
               h("div", {"class_": "dialog-body"}, body)))
