"""The midend: one game at the table, headless (no HTML here).

A ``Session`` is the match and its *seat controllers* — a person here (``Person``), a bot
(``BotSeat``), a guest on another device (``Guest``) — with what every game shares: the bots'
timers, hand-over between people on one device, take-back, the round summary and next round,
the player's choice in progress (``sel``), saves and conflicts with other tabs (``saver``,
``bodoge.ui.saving``), the guests' connections (``table``, ``bodoge.ui.table``), a lesson
(``script``, ``bodoge.ui.lesson``) and, for a real-time game (``Game.realtime``), the game
clock (``clock``, ``bodoge.ui.realtime``). Each of these is a part the session is composed
of; no part subclasses the session, and the session is never subclassed. A replay is a
session of its own kind over a ``History`` (``bodoge.ui.replay``).

The page talks to a session through ``input(action, arg, form)`` and ``key(key)``; the screen
(``bodoge.ui.play.render``) draws what the session holds, through the game's ``GameUI``. The
session asks the game's UI to turn a click or a key into a move (``GameUI.act``/``key``) and
the rules to play it; it never decides a rule.

Hot-seat: when the next person to act is not the one at the device, a hand-over replaces the
board (nothing private is drawn) until that person confirms; a game whose UI says nothing is
private at that point (``GameUI.private``) passes straight on. Bots act on timers (``later``)
and may think in slices (generator bots) so the page stays responsive.

Take-backs (a game with one person and the rest computers): U or Ctrl+Z or the Take back
button take back that person's latest move with every move after it, when the policy allows
(``Match.takeback``); else the reason is shown. The computer's reply waits the chosen speed
(``SPEEDS``) before it starts thinking, and a take-back cancels it.

Training (a game against computers started with Training on) shows the game's analysis
(``GameUI.analysis``); ``Analysis`` runs it, in slices if it is a generator, for one position
and seat at a time.
"""

import types

from ..core.errors import IllegalMove
from ..core.protocol import Game as Protocol
from ..core.rng import derive_seed
from .games import Action, Ctx, Move, Played, clean_seats, game_ui, has_analysis, seat_name
from .storage import SPEEDS

SLICE_MS = 12          # a thinking bot (or analysis) yields to the page this often
TAKE_BACK_KEYS = ("u", "U", "Ctrl+z")
# the screen's own actions: they change what is shown, never the game
VIEW_ACTIONS = ("log", "overlay", "result-part", "share", "rules", "close-dialog", "copy")


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
    """``seat``'s latest move of its own choosing among the first ``k`` moves of ``match`` (a
    move that made itself is not one), with its own view of the position it moved from
    (``Played``), or None."""
    if seat is None:
        return None
    moves = match.record.moves
    for i in range(k - 1, -1, -1):
        if moves[i][0] == seat and match.chosen(i):
            before = match.game.view(match.history.state(i), seat)
            return Played(before, moves[i][1], i, i == k - 1)
    return None


# --- seat controllers --------------------------------------------------------------------------
class Person:
    """A person at this device: the session shows them the table when they are to move."""
    kind = "person"


class BotSeat:
    """A computer player: it sees only its seat's view, on a timer."""
    kind = "bot"

    def __init__(self, bot):
        self.bot = bot


class Guest:
    """A person on another device (``bodoge.ui.table``): the table sends them their view and
    hands their moves to ``Session.remote_move``."""
    kind = "guest"


class Analysis:
    """The analysis panel's content for one position at a time: ``GameUI.analysis`` is asked
    once per position, seat and language (``key``); a generator is run in slices, like a
    thinking bot, and the page is redrawn when it is done. A new key drops the old work."""

    THINKING = object()

    def __init__(self, session):
        self.session = session
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
            result = self.session.gui.analysis(view, seat, ctx)
            if isinstance(result, types.GeneratorType):
                self.busy, self.result = True, None
                token = self.token
                self.session.app.host.later(0, lambda: self.step(token, result))
            else:
                self.result = result
        return self.THINKING if self.busy else self.result

    def step(self, token, gen):
        session = self.session
        if session.closed or token != self.token:
            return
        result = run_slice(session.app.host, gen)
        if result is not RUNNING:
            self.busy, self.result = False, result
            session.app.refresh()
            return
        session.app.host.later(0, lambda: self.step(token, gen))


RUNNING = object()


def run_slice(host, gen):
    """Run a thinking generator for one slice (at least one step, however slow the clock):
    its result, or ``RUNNING``."""
    start = host.now()
    try:
        while True:
            next(gen)
            if host.now() - start >= SLICE_MS:
                return RUNNING
    except StopIteration as stop:
        return stop.value


class Session:
    """One game at the table (see the module doc). Made by ``open_game`` (a saved or new
    game), ``bodoge.ui.lesson.open_lesson`` (``script``) and ``guest_session`` (``guest``: the
    link to the host)."""

    framed = True              # the App draws no top bar: the screen's header has the tools

    def __init__(self, app, slot, match, script=None, guest=None):
        from .saving import SlotSaver
        from .table import GuestTable, HostTable

        self.app = app
        self.slot = slot
        self.match = match
        self.game = game = match.game
        self.gui = game_ui(game.id)
        n = game.num_players(match.state)
        self.seats = clean_seats(match.record.meta, n, game.bot_levels)
        self.script = script               # a lesson: it plays the computers' moves itself
        self.guest = guest is not None     # this device is a guest's: the host keeps the game
        self.touch = app.host.touch()      # a touch screen (asked once: it does not change)
        self.controllers = {}
        for s, seat in enumerate(self.seats):
            if seat.get("remote"):
                self.controllers[s] = Guest()
            elif seat["bot"] and script is None:
                bot = game.make_bot(seat["bot"], s, derive_seed(match.record.seed, s, "bot"))
                self.controllers[s] = BotSeat(bot)
            elif seat["bot"] is None:
                self.controllers[s] = Person()
        self.humans = [s for s, c in self.controllers.items() if c.kind == "person"]
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.present = self.viewer         # the person at the device, if known
        self.handover = None
        self.sel = self.gui.selection()    # the person's choice in progress (the game's own)
        self.pause = None                  # a round-end event shown until "next round"
        self.dialog = None                 # "share" | "rules" | "table"
        self.log_open = False              # phones: the log drawer is open over the table
        self.overlay_hidden = False        # "Look at the table": the overlay is put away
        self.overlay_held = False          # a move's summary or result waits a frame
        self.held_board = None             # (what it showed, the board) drawn meanwhile (play.py)
        self.result_pick = None            # the part of the result the player opened
        self.error = None                  # the refusal's line
        self.pending = None                # (seat, move, input): a move waiting for Confirm
        self.thinking = None               # seat of the bot that is thinking
        self.token = 0                     # bumps on every move: stale timers do nothing
        self.closed = False
        self.fresh_from = None             # log index of the last move's first event
        self.drawn_fresh = None            # the ``fresh_from`` the latest drawing showed
        self.described = None              # see ``log_entries``
        self.lines = {}                    # the log's rendered lines (``bodoge.ui.play``)
        self.announced = len(match.view(None)["log"])
        self.training = is_training(match.record.meta, self.seats) and has_analysis(self.gui)
        self.analysis = Analysis(self)
        self.undo_cache = None             # (token, moves) -> (k, reason), ``takeback_status``
        self.conflict = None               # "newer" | "deleted": another tab has this game
        self.unsaved = None                # why this game is not being saved
        self.memory = self.gui.memory(match.view(None))   # what the game's UI keeps between moves
        self.saver = None if script is not None or guest is not None else SlotSaver(self)
        self.clock = None
        if game.realtime:
            from .realtime import RealTime

            self.clock = RealTime(self)
        self.table = None
        if guest is not None:
            self.table = GuestTable(self, guest)
        elif self.remote:
            self.table = HostTable(self)
        if script is not None:
            script.attach(self)
        else:
            self.pause = self.gui.reopened(match.view(None), self.ctx(None))
        if self.clock is not None:
            self.clock.start()
        self.settle()         # a game opened where a move that makes itself is due (a code cut there)
        self.advance()

    # --- who plays --------------------------------------------------------------------------
    @property
    def remote(self):
        """The seats played on other devices (on a guest's device: every seat but its own)."""
        return [s for s, c in self.controllers.items() if c.kind == "guest"]

    @property
    def bots(self):
        return {s: c.bot for s, c in self.controllers.items() if c.kind == "bot"}

    @property
    def t(self):
        return self.app.t

    def names(self):
        return [seat_name(self.app.i18n, self.seats, s) for s in range(len(self.seats))]

    def ctx(self, viewer):
        ctx = Ctx(self.app.i18n, self.names(), viewer, self.humans, self.app.settings.motion)
        ctx.clock = self.clock
        ctx.memory = self.memory
        ctx.earlier = self.earlier
        ctx.pending = self.pending[1] if self.pending is not None else None
        ctx.confirm = self.confirming()
        ctx.touch = self.touch
        ctx.lesson = self.script is not None
        return ctx

    def earlier(self):
        """The spectator view of the position before the latest move (the table as a round
        that ended a game left it); the view now if there is none (a guest's device)."""
        rec = self.match.record
        if not rec.moves or not hasattr(self.match, "history"):
            return self.match.view(None)
        return self.game.view(self.match.history.state(len(rec.moves) - 1), None)

    def close(self):
        if self.closed:
            return
        if self.clock is not None:
            self.clock.close()
        if self.saver is not None:
            self.saver.save_now(refresh=False)     # a move's save still to come is made first
        self.closed = True
        if self.table is not None:
            self.table.close()

    def render(self):
        from .play import render

        with self.match.views_kept():        # (a redraw after a move's frame: the move's views)
            return render(self)

    # --- flow --------------------------------------------------------------------------------
    def advance(self):
        """Start a bot that is to move, and show the person who is to move (after a hand-over
        if someone else was at the device). Simultaneous games may need both at once. A
        real-time game's flow is its clock's."""
        # a round summary holds the game until the person here goes on; a host with no seat
        # of its own (its guests play on their devices) does not hold its guests up
        held = self.pause is not None and (self.humans or not self.remote)
        if (self.closed or self.match.over or held or self.conflict is not None
                or self.clock is not None):
            return
        movers = self.match.to_move()
        bot_movers = [s for s in movers if s in self.bots]
        if bot_movers and self.thinking is None and self.script is None:
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
        result = run_slice(self.app.host, gen)
        if result is RUNNING:
            self.app.host.later(0, lambda: self.step_bot(seat, token, gen))
        else:
            self.decided(seat, token, result)

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
        """Apply a move from a person, a guest, a bot or a lesson's script; a refused move
        leaves everything as it was (and says why to whoever made it). A real-time game's move
        carries the clock's time from here on."""
        if self.clock is not None:
            move = self.clock.stamp(move)
        if self.script is not None:
            hint = self.script.vet(seat, move)
            if hint is not None:
                return self.script.refuse(hint)
        with self.match.views_kept():
            played = self._play(seat, move)
        if played and self.script is not None:
            self.script.played(seat, move)
        return played

    def _play(self, seat, move):
        if self.conflict is not None:
            return False
        before = len(self.match.state.get("log", ()))
        try:
            self.apply(seat, move)
            self.settle()
        except IllegalMove as e:
            if seat in self.bots:
                raise             # a bot bug: make it loud
            self.refuse(seat, e)
            if seat in self.remote and len(self.match.state.get("log", ())) == before:
                # nothing changed: no views to send, no events (a hostile guest may send
                # thousands of refused moves; the table counts them and lets it go)
                self.app.refresh()
            else:
                self.after(before, seat, force=True)
            return False
        self.token += 1            # any bot still thinking saw an old state: it will be restarted
        self.thinking = None
        self.error = None
        self.pending = None
        if seat in self.humans:
            self.present = seat
            self.sel = self.gui.selection(self.sel, seat)
        self.after(before, seat, force=True, moved=True)
        return True

    def apply(self, seat, move):
        """The rules play the move (a real-time game's clock plays it with the bots due
        before it); the game's UI sees every move, for its motion."""
        if self.clock is not None:
            self.clock.play(seat, move)
        else:
            self.match.play(seat, move)
            self.moved(seat, move)

    def settle(self):
        """Make the moves that make themselves (``Game.automatic``: Bossa's draw at the start
        of a turn) for the seats not played by a computer here, at once: a computer makes its
        own when its turn comes, so a person's move that revealed nothing can be taken back
        until then. In a lesson every seat's (the script plays the computer's moves). A
        guest's device leaves them to the host."""
        if self.guest or self.clock is not None:
            return
        seats = None if self.script is not None else [
            s for s in range(self.game.num_players(self.match.state)) if s not in self.bots]
        self.match.settle(seats, self.apply)

    def moved(self, seat, move):
        self.gui.moved(self.memory, self.match.view(None), seat, move)

    def after(self, before, seat=None, force=False, moved=False):
        """After events from log index ``before`` (a move, a real-time game's bots, or a view
        from the host): say and save what happened, pause for a round's summary, send the
        guests their views, and redraw (a real-time game's bots at most so often, unless
        ``force``)."""
        grew = len(self.match.state.get("log", ())) > before
        pause_before = self.pause
        events = self.announce_new()
        if moved or grew:
            self.fresh_from = before
        if grew or (moved and self.clock is None):
            self.save_soon()
        if grew:
            if self.pause is not None and self.gui.pause_ends(self.match.view(None)):
                self.pause = None
                self.overlay_hidden = False
            private = self.viewer if len(self.humans) == 1 else None
            pause = self.gui.pause_for(self.match.view(private), events, self.ctx(private))
            if pause is not None and not self.match.over:
                self.pause = pause
                self.overlay_hidden = False
            if self.pause is not pause_before:
                self.error = None          # a refusal does not outlive its round
        if moved or grew:
            self.advance()
        if self.match.over and grew:
            self.overlay_hidden = False
        if (self.match.over and grew) or self.pause is not pause_before:
            self.hold_overlay()
        elif moved and seat in self.humans and self.viewer is not None:
            self.app.focus_next = self.app.focus_next or "prompt"
        if self.clock is not None:
            self.clock.sync()
        self.send_views()
        if self.clock is not None and not force:
            self.clock.redraw()
        else:
            self.app.refresh()

    def announce_new(self):
        """Say what happened (from the public log when several people share the device); the
        new events, as said."""
        private = self.viewer if len(self.humans) == 1 else None
        view = self.match.view(private)
        ctx = self.ctx(private)
        events = view["log"][self.announced:]
        texts = [text for text in (self.gui.describe(e, ctx) for e in events) if text]
        self.announced = len(view["log"])
        if texts:
            self.app.host.announce(" ".join(texts))
        return events

    def hold_overlay(self):
        """The move that ends a round or the game is drawn first, and the summary or result
        over the table in the frame after it (``release_overlay``): the move is on screen
        within a frame, and the overlay, the largest redraw of a game, comes as the move's
        motion starts (see benchmarks/table.md). Nothing waits for it."""
        if not self.overlay_held:
            self.overlay_held = True
            self.app.host.after_paint(self.release_overlay)

    def release_overlay(self):
        if self.overlay_held:
            self.overlay_held = False
            if not self.closed and not self.overlay_hidden:
                self.app.focus_next = self.app.focus_next or self.overlay_focus()
                self.app.refresh()

    def overlay_focus(self):
        return "result-heading" if self.match.over else "next-round"

    def next_round(self):
        """Go on after a round's summary (or start a real-time game's next round)."""
        if self.script is not None:
            self.script.next()
            return
        move = self.gui.next_round_move(self.match.view(None), self.ctx(self.viewer))
        if self.pause is None and move is None:
            return
        if self.pause is not None and move is not None and self.table is not None \
                and self.table.wait_ready():
            return                         # the table starts it once everyone is ready
        self.start_round(move)

    def start_round(self, move=None):
        """Close the round's summary and play the move that starts the next round, if the
        game has one (``GameUI.next_round_move``; the table calls this once everyone is
        ready)."""
        self.pause = None
        self.error = None                  # (a refusal of the round that ended)
        self.overlay_hidden = False
        self.app.focus_next = "prompt"
        if move is not None:
            seat, move = move.seat, move.move
            if self.clock is not None:
                self.clock.paused = False
            self.play(seat if seat is not None else (self.humans[0] if self.humans else 0), move)
            return
        self.advance()
        self.app.refresh()

    # --- saving (``saver``: none in a lesson or on a guest's device) -------------------------
    def save_soon(self):
        if self.saver is not None:
            if self.clock is not None:
                self.clock.save()
            else:
                self.saver.save_soon()

    def not_saved(self, why):
        """The browser does not store this game: said once, with how to keep it."""
        if self.saver is not None:
            self.unsaved = why

    def storage_changed(self, key):
        if self.saver is not None:
            self.saver.storage_changed(key)

    def stop(self, conflict):
        """Another tab has this game: no more moves or saves here until the player chooses."""
        self.conflict = conflict
        self.token += 1                    # bots thinking now will not move
        self.thinking = None
        if self.clock is not None:
            self.clock.sync()
        self.app.focus_next = "save-banner"
        self.app.refresh()

    def resume(self):
        """Go on after the player chose (bots move again; one that was thinking starts over)."""
        self.token += 1
        self.thinking = None
        if self.clock is not None:
            self.clock.resume()
        self.advance()

    # --- remote seats ------------------------------------------------------------------------
    def send_views(self):
        """Bring every connected guest's view up to date (after any change of the game)."""
        if self.table is not None:
            self.table.sync()

    def remote_move(self, seat, move):
        """A move from the guest at remote seat ``seat``: played like any other move (the rules
        refuse what is not legal, and ``refuse`` tells the guest). Whether it was played."""
        if seat not in self.remote:
            return False
        if (not self.closed and self.conflict is None and self.table is not None
                and self.table.guest_ready(seat, move)):
            return True                    # ready for the next round: the table decides
        paused = self.clock is not None and self.clock.paused
        if self.closed or self.conflict is not None or paused:
            key = "net.refused.paused" if paused else "net.refused.stopped"
            self.refuse(seat, IllegalMove("the game does not take moves now", key=key))
            return False
        try:
            return self.play(seat, move)
        except IllegalMove:
            raise
        except Exception as e:   # a forged move the rules could not read (not JSON they know)
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
        if self.saver is not None:
            self.saver.autosave()

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
        levels = self.game.bot_levels
        level = levels[len(levels) // 2]
        self.seats[seat] = {"name": "", "bot": level}
        bot = self.game.make_bot(level, seat, derive_seed(self.match.record.seed, seat, "bot"))
        self.controllers[seat] = BotSeat(bot)
        if self.clock is not None:
            self.clock.bot_joined(seat, bot)
        if self.table is not None:
            self.table.seat_gone(seat)
        self.store_seats()
        self.resume()
        self.app.refresh()

    def guest_dropped(self, seat):
        """The guest at ``seat`` lost its connection: a real-time game pauses until it is back
        (a game in turns waits for it anyway when it is its turn)."""
        if self.clock is not None and not self.clock.paused and not self.match.over:
            self.clock.set_paused(True)

    def heard(self, view):
        """A guest's device: a new view from the host (``GuestTable``) stands for the state."""
        old = self.match.state
        before = len(old["log"]) if isinstance(old.get("log"), list) else len(view["log"])
        self.match.state = view
        self.match.waiting = False
        if self.clock is not None:
            self.clock.follow()
            self.clock.schedule()
        self.advance()
        self.after(before, force=True)
        if self.match.over:
            self.overlay_hidden = False
            self.app.focus_next = self.app.focus_next or "result-heading"

    # --- take-backs ----------------------------------------------------------------------------
    def takeback_status(self):
        """None when there is no Take back here (not one person against computers, a game
        without take-backs, the game is over, that person has not moved yet); else ``(k,
        reason)`` (``Match.takeback``: the moves that would stand, and None or why not)."""
        if (len(self.humans) != 1 or not self.bots or self.match.over or self.script is not None
                or self.conflict is not None or not has_takebacks(self.game)):
            return None
        key = (self.token, len(self.match.record.moves))
        if self.undo_cache is None or self.undo_cache[0] != key:
            self.undo_cache = (key, self.match.takeback(self.humans[0], self.humans))
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
        self.pending = None
        self.token += 1            # the computer's pending reply is void
        self.thinking = None
        self.pause = None
        self.overlay_hidden = False
        self.fresh_from = None
        self.error = None
        self.sel = self.gui.selection()
        self.viewer = self.present = seat
        self.announced = len(self.match.view(None)["log"])
        self.saver.autosave()
        app.host.announce(self.t("undo.done", what=what) if what else self.t("undo.done_plain"))
        self.advance()
        app.focus_next = "prompt"
        app.refresh()
        return True

    # --- analysis --------------------------------------------------------------------------------
    def analysis_subject(self):
        """What the analysis panel looks at: (key, make) for ``Analysis.get``, or None for no
        panel: in a training game, the person's own view."""
        if not self.training or self.handover is not None:
            return None
        seat = self.humans[0]
        k = len(self.match.record.moves)
        key = (self.token, k, seat, self.app.i18n.lang)

        def make():
            ctx = self.ctx(seat)
            ctx.played = played(self.match, k, seat)
            return self.match.view(seat), seat, ctx
        return key, make

    # --- input ---------------------------------------------------------------------------------
    def input(self, action, arg="", form=None):
        """A click (or a form) on this screen: the screen's own actions, the session's, the
        lesson's, the table's, else the game's (``GameUI.act``)."""
        form = form or {}
        app = self.app
        if self.pending is not None and action not in VIEW_ACTIONS:
            if action == "confirm-move" or self.pending[2] == ("act", action, arg):
                self.confirm()
                return
            self.pending = None                # a tap elsewhere: the move is not made
            if action == "confirm-cancel":
                app.focus_next = "prompt"
                app.refresh()
                return
        if action in VIEW_ACTIONS:
            self.view_action(action, arg)
        elif action == "table" or action.startswith("table-"):
            self.table_act(action, arg, form)
        elif self.script is not None and self.script.input(action, arg):
            return
        elif action == "take-back":
            self.take_back()
        elif action == "handover-ok" and self.handover is not None:
            self.viewer = self.present = self.handover
            self.handover = None
            app.focus_next = "prompt"
            app.refresh()
        elif action in ("next-round", "start-round"):
            self.next_round()
        elif action == "pause" and self.clock is not None:
            if self.guest:
                self.table.pause(not self.clock.paused)
                return
            self.clock.set_paused(not self.clock.paused)
            app.focus_next = "pause"
            app.refresh()
        elif self.saver is not None and self.saver.input(action):
            return
        elif self.conflict is not None:
            return                          # no moves in a game another tab has moved on
        elif self.accepting():
            ctx = self.ctx(self.viewer)
            result = self.gui.act(action, arg, self.match.view(self.viewer), self.sel, ctx)
            self.answer(result, ctx, ("act", action, arg))

    act = input                 # the App calls ``screen.act``

    def accepting(self):
        """Whether the person here may act on the table now (in real time the game's UI
        knows: there are no turns)."""
        if self.clock is not None:
            return True
        return self.viewer is not None and self.handover is None and self.pause is None

    def answer(self, result, ctx, source):
        """What the game's UI made of an input (``source``): a move (the viewer's, or
        ``Move`` for another person at the device), an ``Action`` of the session's, True
        (redraw), or None. A move that cannot be taken back waits for Confirm when moves are
        confirmed (``wants_confirm``)."""
        self.app.focus_next = ctx.focus or self.app.focus_next
        if ctx.error is not None:
            self.error = ctx.error
        if isinstance(result, Action):
            self.input(result.name, result.arg)
            return True
        if isinstance(result, Move) or (result is not None and result is not True):
            seat, move = (result.seat, result.move) if isinstance(result, Move) else (self.viewer, result)
            if self.wants_confirm(seat, move, ctx):
                self.pending = (seat, move, source)
                self.error = None
                self.app.focus_next = "pending-confirm"
                self.app.refresh()
            else:
                self.play(seat, move)
            return True
        self.app.refresh()
        return result is not None

    # --- confirming moves ------------------------------------------------------------------------
    def confirming(self):
        """Whether moves that cannot be taken back wait for Confirm: the setting (auto: on a
        touch screen); never in real time, nor in a lesson (its steps say what to do)."""
        mode = self.app.settings.confirm
        if self.clock is not None or self.script is not None:
            return False
        return mode == "on" or (mode == "auto" and self.touch)

    def wants_confirm(self, seat, move, ctx):
        """Whether ``move`` waits for Confirm: moves are confirmed, and the game's UI says so
        (``GameUI.confirms``), or else the rules say it cannot be taken back (it reveals
        something, or the game has no take-backs)."""
        if not self.confirming() or seat not in self.humans:
            return False
        said = self.gui.confirms(self.match.view(seat), move, ctx)
        if said is not None:
            return bool(said)
        before = self.match.state
        try:
            after = self.game.apply(before, seat, move)
        except IllegalMove:
            return False                   # the rules refuse it: said at once
        return self.game.undoable(before, seat, move, after) is not True

    def confirm(self):
        """Play the move that waits for Confirm."""
        seat, move, _ = self.pending
        self.pending = None
        self.play(seat, move)

    def view_action(self, action, arg):
        """The screen's own actions (``bodoge.ui.play.view_action``); Copy; a dialog opened over
        a real-time round pauses it."""
        if action == "copy":
            text = self.copy_text(arg)
            if text:
                ok = self.app.host.copy(text)
                self.app.host.announce(self.t("share.copied" if ok else "share.copy_failed"))
            return
        if action in ("share", "rules") and self.clock is not None:
            self.clock.dialog_opened()
        from .play import view_action

        view_action(self, action, arg, self.overlay_focus())

    def copy_text(self, kind):
        """What Copy puts on the clipboard: the code, a link, the replay link, or what the
        game's UI offers (a puzzle's code); "" when there is nothing to copy (a guest before
        the host sent the game's code)."""
        from .play import replay_link, share_link

        code = self.match.code()
        if not code:
            return ""
        if kind == "link":
            return share_link(self)
        if kind == "replay":
            return replay_link(self)
        return self.gui.copy_text(kind, self.match) or code

    def table_act(self, action, arg, form):
        """The Table tool and what is done in its dialog."""
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

    def key(self, key):
        if self.pending is not None and not self.dialog:
            if key == "Enter" or self.pending[2] == ("key", key):
                self.confirm()
                return True
            self.pending = None
            if key == "Escape":
                self.app.refresh()
                return True
        from .play import escape

        if escape(self, key):
            return True
        if self.dialog or self.conflict is not None:
            return False
        if self.script is not None and self.script.finished:
            return False
        if self.clock is None and (self.viewer is None or self.handover is not None
                                   or self.pause is not None):
            return False
        if key in TAKE_BACK_KEYS and self.takeback_status() is not None:
            self.take_back()
            return True
        if self.clock is not None and not self.humans:
            return False
        ctx = self.ctx(self.viewer)
        result = self.gui.key(key, self.match.view(self.viewer), self.sel, ctx)
        if result is None:
            return False
        if self.clock is None:
            ctx.focus = None               # (a key keeps focus where it is; Play Me!'s picks move it)
        self.answer(result, ctx, ("key", key))
        return True

    # --- tests and benchmarks ------------------------------------------------------------------
    def snapshot(self):
        """What the screen shows now, as plain data: tests assert on it (and
        ``window.bodoge.status`` reports it) rather than on markup."""
        from .html import text_of
        from .play import prompt_region

        view = self.match.view(self.viewer)
        ctx = self.ctx(self.viewer)
        ctx.pause = self.pause
        status = self.takeback_status()
        if self.script is not None and self.script.finished:
            overlay = "lesson-end"
        elif self.overlay_hidden or self.overlay_held:
            overlay = None
        else:
            overlay = "result" if self.match.over else ("round" if self.pause is not None else None)
        return {"game": self.game.id, "moves": len(self.match.record.moves),
                "to_move": list(self.match.to_move()), "viewer": self.viewer,
                "handover": self.handover, "over": self.match.over, "pause": self.pause is not None,
                "overlay": overlay, "dialog": self.dialog, "error": self.error or None,
                "conflict": self.conflict, "unsaved": self.unsaved,
                "prompt": text_of(prompt_region(self, view, ctx)) if self.handover is None else None,
                "takeback": None if status is None else {"ok": status[1] is None,
                                                         "why": status[1]},
                "paused": None if self.clock is None else bool(self.clock.paused),
                "thinking": self.thinking, "pending": self.pending[1] if self.pending else None,
                "log": self.log_lines(view, ctx)}

    def drive_clock(self, action, ms=0):
        """A real-time game's clock, driven by tests (``RealTime.drive``); -1 without one."""
        return -1 if self.clock is None else self.clock.drive(action, ms)

    # --- the log -------------------------------------------------------------------------------
    def log_entries(self, view, ctx):
        return log_entries(self, self.gui, self.match.over, view, ctx)

    def log_items(self, view, ctx):
        return [(head, text) for _, head, text in self.log_entries(view, ctx)]

    def log_lines(self, view, ctx):
        """The log's lines (texts only) as ``ctx``'s viewer reads them."""
        return [text for _, text in self.log_items(view, ctx)]


def log_entries(holder, gui, over, view, ctx):
    """The log as ``ctx``'s viewer reads it: [(event index, group heading or None, text)] for
    each described event (a heading where ``GameUI.log_group`` starts a group; a group that
    starts on an event without a line starts at the next line). Each event is described once
    (kept in ``holder.described``) and again only if the view shows it differently now, or the
    viewer, language or names changed; ``over``: the game is over (what follows its last
    round is its end)."""
    key = (ctx.viewer, ctx.i18n.lang, tuple(ctx.names))
    if holder.described is None or holder.described[0] != key:
        holder.described = (key, [], [], [], [])
    _, events, texts, heads, rounds = holder.described
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
        ctx.rounds_done = (rounds[i - 1] + (1 if gui.ends_round(log[i - 1]) else 0)) if i else 0
        events.append(event)
        texts.append(gui.describe(event, ctx))
        heads.append(gui.log_group(event, ctx))
        rounds.append(ctx.rounds_done)
    ctx.log_prev, ctx.rounds_done = None, 0
    heads = list(heads)
    if over and len(log) > 1:
        last = max((i for i, e in enumerate(log) if gui.ends_round(e)), default=len(log))
        if last + 1 < len(log) and heads[last + 1] == ctx.t("play.log_round", n=rounds[last + 1] + 1):
            heads[last + 1] = ctx.t("play.log_end")
    items, pending = [], None
    for index, (text, head) in enumerate(zip(texts, heads)):
        pending = head or pending
        if text:
            items.append((index, pending, text))
            pending = None
    return items


def open_game(app, slot, match, why=None):
    """The session of a saved, new or opened game (``why``: the browser would not store it)."""
    game_ui(match.game.id).opened(app)
    session = Session(app, slot, match)
    if why is not None:
        session.not_saved(why)
    return session


def guest_session(app, link, name):
    """A guest's game, from the first whole view the host sent (``bodoge.ui.table``): every
    other seat is remote, the view received stands for the state."""
    from ..games import get_game
    from .storage import Slot
    from .table import RemoteMatch, guest_seats

    game = get_game(link.welcome["game"])
    seats = guest_seats(link.seats, link.seat, name)
    holder = {}

    def send(move):
        holder["session"].table.send_move(move)

    match = RemoteMatch(game, link.seat, link.view, seats, send, bool(link.welcome["rt"]))
    slot = Slot(f"guest-{link.invite.nonce}", game.id, "", app.host.now(), app.host.now())
    session = holder["session"] = Session(app, slot, match, guest=link)
    if session.clock is not None:
        session.clock.follow()
        session.clock.schedule()
    return session
