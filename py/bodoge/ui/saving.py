"""Saving a game: a part of the session (``Session.saver``; none in a lesson or on a guest's
device).

Every move is saved (``autosave``) unless another tab has moved this game on or deleted it
(``Session.conflict``: the session stops, says so and offers to load the newer game or keep
this one as a separate save), or the browser will not store it (``Session.unsaved``: the
player is told once that the game is not being saved and how to keep it). A game opened from
a code (``slot.link``) is stored only when someone plays on or the player keeps it.

The save waits for the frame that shows the move (``save_soon``; see benchmarks/table.md): a
page that is hidden or closed first saves at once (``bodogeAfterPaint`` in web/morph.js), and
so does leaving the game (``Session.close``).
"""

from .games import progress_lines
from .storage import Slot

SAVE_ACTIONS = ("unsaved-ok", "keep-here", "load-newer")   # the saving banner's buttons


class SlotSaver:
    def __init__(self, session):
        self.session = session
        self.due = False                   # a move is played and not saved yet
        self.opened_moves = len(session.match.record.moves)

    @property
    def app(self):
        return self.session.app

    def save_soon(self):
        if not self.due:
            self.due = True
            self.app.host.after_paint(self.save_now)

    def save_now(self, refresh=True):
        s = self.session
        if self.due:
            before = (s.slot.link, s.unsaved)
            self.autosave()
            if refresh and (s.slot.link, s.unsaved) != before and not s.closed:
                # the banner about saving says what is true now; the move's motion, drawn a
                # frame ago, stays in the markup so that nothing of it is cut short
                s.fresh_from = s.drawn_fresh
                self.app.refresh()

    def autosave(self):
        self.due = False
        s = self.session
        if s.conflict is not None:
            return
        slot, match = s.slot, s.match
        if slot.link and len(match.record.moves) == self.opened_moves:
            return                         # an opened code nobody has played on: not stored
        with match.views_kept():           # the spectator view the move made (progress_lines)
            self.fill(slot)
        self.store()

    def fill(self, slot):
        match = self.session.match
        slot.code = match.code()
        slot.updated = self.app.host.now()
        slot.over = match.over
        slot.progress = progress_lines(match)

    def store(self):
        s, app = self.session, self.app
        slot = s.slot
        why = app.save_slot(slot)
        for _ in range(5):
            if why != "taken" or slot.stored:
                break
            slot.id = app.slot_id(app.host.now())   # a new save's id was in use
            why = app.save_slot(slot)
        if why in ("newer", "deleted", "taken"):
            s.stop("deleted" if why == "deleted" else "newer")
            return
        s.unsaved = why
        if why is None and slot.link:
            slot.link = False              # kept: its own address from now on
            app.host.set_hash(f"#/play/{slot.id}", replace=True)

    def keep(self):
        """Keep this game as a save of its own: an opened code, or (after a conflict) this
        tab's version of the game, under a new id."""
        s, app = self.session, self.app
        slot = s.slot
        if s.conflict is not None or slot.stored:
            now = app.host.now()
            new = Slot(app.slot_id(now), slot.game, s.match.code(), now, now, s.match.over,
                       slot.title, titles=slot.titles)
            s.slot, s.conflict = new, None
            new.link = True
        self.fill(s.slot)
        self.store()
        if s.conflict is None:
            app.host.announce(s.t("saves.kept" if s.unsaved is None else "saves.not_kept"))
            app.focus_next = "prompt"
            s.resume()
        app.refresh()

    def storage_changed(self, key):
        """Another tab wrote ``key`` (None: everything): if it is this game's save and it
        moved on or went away, stop and say so."""
        s = self.session
        slot = s.slot
        if s.conflict is not None or not slot.stored:
            return
        if key is not None and key != self.app.saves.key(slot.id):
            return
        rev = self.app.saves.rev(slot.id)
        if rev is None:
            s.stop("deleted")
        elif rev != slot.rev:
            s.stop("newer")

    def input(self, action):
        """The saving banner's buttons; whether ``action`` was one."""
        s, app = self.session, self.app
        if action == "unsaved-ok":
            app.told.add(s.slot.id)
            app.focus_next = "prompt"
            app.refresh()
        elif action == "keep-here":
            self.keep()
        elif action == "load-newer":
            if s.conflict == "newer":
                app.route(f"#/play/{s.slot.id}")
        else:
            return False
        return True

    def banner(self):
        """What the player must know about saving this game: (kind, what) or None, ``what``
        one of "conflict", "unsaved", "link" (``bodoge.ui.play`` draws it)."""
        s = self.session
        if s.conflict is not None:
            return "error", "conflict"
        if s.unsaved is not None and s.slot.id not in self.app.told:
            return "error", "unsaved"
        if s.slot.link and s.unsaved is None:
            return "info", "link"
        return None
