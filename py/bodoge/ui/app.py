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
    raw_entries() -> str       every bodoge entry in the browser's storage, as JSON text
                               (read afresh: in safe mode ``store`` is not the browser's)
    warn(text)                 a line in the browser's console (a refused message)

and for keeping saves (``bodoge.ui.backup``; the shelf's Settings):

    storage_persist(ask, done) ``ask`` False: whether the browser keeps this site's storage for
                               good (``navigator.storage.persisted``); True: ask it to
                               (``persist``). Later, ``done(True | False)``, or ``done(None)``
                               where the browser has no such call or it failed
    device() -> dict           {"ua": the user agent, "touch": most touch points,
                               "standalone": opened from the Home Screen (an installed app)}
    download(name, text)       offer ``text`` as a file ``name`` (JSON) to save; False if not
    pick_file(input_id)        open the file picker of <input type=file id=input_id>
    read_file(input_id, max_bytes, done)
                               the file chosen in that input: later ``done(text, None)``, or
                               ``done(None, "too_large" | "unreadable")``; a file of more
                               than ``max_bytes`` is not read at all

and for play on several devices (``bodoge.ui.table``; WebRTC data channels in web/net.js):

    net_offer(key, stun)       host: a new connection ``key`` and its offer; the page answers
                               with net_event("offer", key, sdp) once its candidates are known
    net_answer(key, sdp, stun) guest: a connection ``key`` answering offer ``sdp``:
                               net_event("answer", key, sdp)
    net_accept(key, sdp)       host: the guest's answer to connection ``key``
    net_send(key, text)        one data-channel message (dropped if the channel is not open)
    net_close(key)             close connection ``key`` (no events follow)
    net_hold(key, ms, most)    drop connection ``key``'s messages unread for ``ms`` (its
                               budget is spent), counted: net_event("dropped", key, "n bytes")
                               before the next message, or at once when ``most`` were dropped
    qr(text) -> [str]          the modules of a QR code for ``text``, row by row ("1": dark)
    scan(video_id)             read a QR code with the camera into <video id=video_id>:
                               net_event("scan", "", text), or ("scan-error", "", "denied" |
                               "none" | "failed"); scan(None) stops

``stun``: the STUN server of the settings ("" for none: host candidates only). The page calls
``net_event(kind, key, data)`` for "offer", "answer", "open", "message", "dropped", "closed",
"error" (data: the text), "scan" and "scan-error".

The page also calls ``storage_changed(key)`` when another tab changed ``key`` (None: all).
"""

from contextlib import contextmanager

from ..core.errors import BadCode, short
from ..core.match import Match
from ..core.record import clean
from ..games import CATALOG, info, is_known
from .html import h, render
from .i18n import I18n
from .storage import (LESSON_PREFIX, SAVE_PREFIX, SETTINGS_KEY, Conflict, DamagedEntry, Lessons,
                      Saves, Settings, Slot, SPEEDS, StorageError, CONFIRMS, stun_ok)
from .games import game_ui, has_lesson, learn_link, lesson_done, progress_lines

REPLAY_PREFIX = "#replay="
NOTICE_MS = 5000      # how long a notice floats over a framed screen


class App:
    def __init__(self, host, default_lang="en", safe=False):
        self.host = host
        self.safe = safe            # started without reading storage ("Start without saved games")
        self.settings = Settings(host.store, default_lang)
        self.i18n = I18n(self.settings.lang)
        self.saves = Saves(host.store)
        self.lessons = Lessons(host.store)
        self.unsaved = {}           # slot id -> (Slot, why): games this tab holds but has not stored
        self.told = set()           # slot ids whose player was told the game is not being saved
        self.screen = None
        self.notice = None          # (kind, text) shown once on the next screen
        self.shown_notice = None    # ... the one the screen on show has
        self.focus_next = None
        self.stun_error = None      # a STUN address the settings refused (shown once)
        self.holding = 0            # > 0: redraws wait for the next frame (``one_frame``)
        self.redraw_due = False     # a redraw was asked for while holding
        self.frame_asked = False    # the host will call ``frame`` before the next frame
        self.kept = None            # whether the browser keeps saves for good (None: not known)
        self.kept_checked = False   # asked the browser whether it does (once per page)
        self.keep_asked = False     # asked it to (at the first save; once per page)
        self._device = None

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
        if hash_.startswith("#join="):
            self.join(hash_[len("#join="):])
            return
        parts = [p for p in hash_.lstrip("#").split("/") if p]
        self.close_screen()
        if hash_.startswith(REPLAY_PREFIX):
            self.screen = self.open_replay(hash_[len(REPLAY_PREFIX):]) or ShelfScreen(self)
            self.focus_next = self.focus_next or "main-heading"
            self.refresh()
            return
        if len(parts) == 2 and parts[0] == "new" and is_known(parts[1]):
            from .pages import SetupScreen

            self.screen = SetupScreen(self, parts[1])
        elif len(parts) == 2 and parts[0] == "rules" and is_known(parts[1]):
            from .pages import RulesScreen

            self.screen = RulesScreen(self, parts[1])
        elif len(parts) == 2 and parts[0] == "play":
            self.screen = self.open_slot(parts[1]) or ShelfScreen(self)
        elif len(parts) == 2 and parts[0] == "learn" and is_known(parts[1]) and has_lesson(parts[1]):
            from .lesson import open_lesson

            self.screen = open_lesson(self, parts[1])
        elif len(parts) in (2, 3) and parts[0] == "replay":
            self.screen = self.replay_slot(parts[1], parts[2] if len(parts) == 3 else None) or ShelfScreen(self)
        else:
            self.screen = ShelfScreen(self)
        self.focus_next = self.focus_next or "main-heading"
        self.refresh()

    def join(self, code):
        """A guest opened an invite link (play on several devices)."""
        from ..core.remote import BadMessage
        from .table import JoinScreen

        self.close_screen()
        try:
            self.screen = JoinScreen(self, code)
        except BadMessage as e:
            self.notice = ("error", self.t("net.join_bad", reason=self.t(e.key)
                                           if self.i18n.has(e.key) else str(e)))
            self.host.set_hash("#/", replace=True)
            self.screen = ShelfScreen(self)
            self.focus_next = "notice"
            self.refresh()
            return
        self.focus_next = "join-name"
        self.refresh()

    def open_guest(self, link, name):
        """The guest's game, once the host has sent its first view (``JoinScreen``)."""
        from .session import guest_session

        return guest_session(self, link, name)

    def net_event(self, kind, key, data=""):
        """The page's connections (``web/net.js``): an event for the screen that made them.
        What they change is drawn in the next frame, once however many arrive (``one_frame``):
        another device may send thousands of messages a second."""
        handler = getattr(self.screen, "net_event", None)
        if handler is not None:
            with self.one_frame():
                handler(str(kind), str(key), "" if data is None else str(data))

    @contextmanager
    def one_frame(self):
        """While this lasts, ``refresh`` only notes that a redraw is due; the redraw is made
        before the next frame (``host.next_frame``), once for all that asked (and not at all
        if something else redrew meanwhile: a click on this device redraws at once)."""
        self.holding += 1
        try:
            yield
        finally:
            self.holding -= 1
            if not self.holding and self.redraw_due and not self.frame_asked:
                self.frame_asked = True
                self.host.next_frame(self.frame)

    def frame(self):
        self.frame_asked = False
        if self.redraw_due and not self.holding:
            self.refresh()

    def go(self, hash_):
        """Navigate: the hashchange event calls ``route``."""
        self.host.set_hash(hash_)

    def open_slot(self, slot_id):
        if slot_id in self.unsaved:                 # a game this tab could not store (yet)
            slot, why = self.unsaved[slot_id]
        else:
            why = None
            try:
                slot = self.saves.get(slot_id)
            except DamagedEntry:
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
        return self.play_screen(slot, match, why)

    def play_screen(self, slot, match, why=None):
        from .session import open_game

        if why is None and not self.host.store.persistent:
            why = "blocked"
        return open_game(self, slot, match, why)

    # --- replays -------------------------------------------------------------------------------
    def open_replay(self, text):
        """``#replay=<code>`` (at the end) or ``#replay=<code>&move=N``: the replay screen, or
        None (a notice says why) for a code that cannot be opened."""
        code, _, query = text.partition("&")
        params = dict(p.partition("=")[::2] for p in query.split("&") if p)
        from ..core.public import open_code

        try:
            match = open_code(clean(code))         # a save code, or a public record
        except BadCode as e:
            self.notice = ("error", self.t("replay.error", reason=self.code_error(e)))
            self.host.set_hash("#/", replace=True)
            self.focus_next = "notice"
            return None
        from .replay import ReplaySession

        return ReplaySession(self, match, self.replay_move(params.get("move"), match))

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
        from .replay import ReplaySession

        return ReplaySession(self, match, self.replay_move(move, match), slot=slot)

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
        """Open a save code (pasted or from a #load= link). It is stored only when the player
        plays on or keeps it (``Slot.link``); the same code already saved opens that save."""
        code = clean(text)
        try:
            match = Match.from_code(code)
        except BadCode as e:
            self.notice = ("error", self.t("code.error", reason=self.code_error(e)))
            if from_link:
                self.host.set_hash("#/", replace=True)
            self.close_screen()
            self.screen = ShelfScreen(self, code_text=None if from_link else str(text)[:100_000])
            self.focus_next = "notice"
            self.refresh()
            return
        code = match.code()
        if not from_link:                # through the URL, so that a reload opens it again
            self.host.set_hash("#load=" + code)
            return
        slot = self.saves.find_code(code)
        if slot is not None:
            self.notice = ("info", self.t("code.opened_saved"))
            self.host.set_hash(f"#/play/{slot.id}", replace=True)
            self.route(f"#/play/{slot.id}")
            return
        now = self.host.now()
        slot = Slot(self.slot_id(now), match.game.id, code, now, now, match.over,
                    self.t("saves.shared_title"), progress=progress_lines(match),
                    titles={lang: I18n(lang).t("saves.shared_title") for lang in ("en", "ja")})
        slot.link = True
        self.close_screen()
        self.screen = self.play_screen(slot, match)
        self.focus_next = "main-heading"
        self.refresh()

    def code_error(self, err: BadCode) -> str:
        key = err.key if self.i18n.has(err.key) else "code.damaged"
        params = {k: short(v, 100) if isinstance(v, str) else v for k, v in err.params.items()}
        if "game" in params:
            params["game"] = short(params["game"], 32)
        return self.t(key, **params)

    def start_game(self, game_id, options, seats, meta=None):
        """Start a new game (``options`` already checked by the rules) and open it; ``meta``:
        the record's metadata (default: just the seats)."""
        gui = game_ui(game_id)
        match = Match.new(game_id, options, self.host.random_seed(), meta or {"seats": seats})
        titles = {lang: gui.title(seats, I18n(lang), options) for lang in ("en", "ja")}
        slot = self.new_slot(match, title=titles[self.i18n.lang], titles=titles)
        self.go(f"#/play/{slot.id}")

    def lesson_status(self, game_id):
        """A game's lesson on this device: None (no lesson), "new", "started" or "done"."""
        if not has_lesson(game_id):
            return None
        progress = self.lessons.get(game_id)
        if progress is not None and progress.done:
            return "done"
        if progress is None or progress.step <= 0:
            return "new"                  # the lesson itself is read only when it is needed
        from .lesson import Lesson

        return "started" if progress.sig == Lesson.of(game_id).sig else "new"

    def slot_id(self, now):
        return f"{int(now):x}{self.host.random_seed() % 4096:03x}"

    def new_slot(self, match, title="", titles=None):
        """A save for a new game, stored at once if the browser lets us; else this tab keeps
        it (``unsaved``) and its screen says so."""
        now = self.host.now()
        slot = Slot(self.slot_id(now), match.game.id, match.code(), now, now, match.over, title,
                    progress=progress_lines(match), titles=titles)
        for _ in range(5):
            why = self.save_slot(slot)
            if why != "taken":
                break
            slot.id = self.slot_id(self.host.now())
        return slot

    def save_slot(self, slot):
        """Write ``slot``: None when it is stored, else why not ("newer" or "deleted": another
        tab; "taken": the id is in use; "full", "blocked", "too_large": the browser). A slot
        the browser would not take is kept in memory (``unsaved``) for this tab."""
        try:
            self.saves.write(slot)
        except Conflict as c:
            return c.kind
        except StorageError as e:
            why = e.reason
        except Exception:            # a browser may refuse in ways of its own: never uncaught
            why = "full"
        else:
            if self.host.store.persistent:
                self.unsaved.pop(slot.id, None)
                self.ask_to_keep()
                return None
            why = "blocked"
        self.unsaved[slot.id] = (slot, why)
        return why

    # --- keeping saves: the browser's persistent storage ---------------------------------------
    def ask_to_keep(self):
        """At the first save of this page, ask the browser to keep the site's storage for good
        (``navigator.storage.persist``), so that it does not delete saves when space runs low:
        once per page, not at start-up (Firefox asks the player; a save is when it makes
        sense). Whatever the browser answers, the game goes on; Settings shows the answer."""
        if self.keep_asked or self.safe or self.kept:
            return
        self.keep_asked = True
        self.host.storage_persist(True, self.kept_answer)

    def check_kept(self):
        """Whether the browser already keeps the site's storage (asks nothing of the player):
        once per page, when the shelf is first shown."""
        if self.kept_checked or self.safe:
            return
        self.kept_checked = True
        self.host.storage_persist(False, self.kept_answer)

    def kept_answer(self, value):
        value = value if value in (True, False) else None
        if value is None and self.kept is not None:
            return                      # a failed call does not undo an answer
        changed = value != self.kept
        self.kept = value
        if changed and isinstance(self.screen, ShelfScreen):
            self.notice = self.notice or self.shown_notice   # not news: the page's notice stays
            self.refresh()

    def device(self):
        if self._device is None:
            try:
                self._device = dict(self.host.device())
            except Exception:           # whatever the browser says, the shelf is drawn
                self._device = {}
        return self._device

    def close_screen(self):
        if self.screen is not None and hasattr(self.screen, "close"):
            self.screen.close()

    def storage_changed(self, key):
        """Another tab wrote ``key`` (None: it cleared everything)."""
        if key is None or key == SETTINGS_KEY:
            changed = self.settings.reload()
            if changed:
                if "lang" in changed:
                    self.i18n = I18n(self.settings.lang)
                self.host.apply_settings(self.settings)
                self.refresh()
        if key is None or key.startswith(SAVE_PREFIX) or key.startswith(LESSON_PREFIX):
            handler = getattr(self.screen, "storage_changed", None)
            if handler is not None:
                handler(key)

    # --- events from the page ------------------------------------------------------------------
    def act(self, action, arg="", form=None):
        form = form or {}
        if action == "nav":
            self.go(arg)
        elif action == "lang" and arg in ("ja", "en"):
            self.settings.set("lang", arg)            # applies even if it cannot be stored
            self.i18n = I18n(arg)
            self.host.apply_settings(self.settings)
            self.focus_next = f"lang-{arg}"
            self.refresh()
        elif action == "speed" and form.get("speed") in SPEEDS:
            self.settings.set("speed", form["speed"])
        elif action == "set-confirm" and form.get("confirm") in CONFIRMS:
            self.settings.set("confirm", form["confirm"])
        elif action == "motion" and form.get("motion") in ("auto", "reduce"):
            self.settings.set("motion", form["motion"])
            self.host.apply_settings(self.settings)
        elif action == "stun":
            text = "".join(str(form.get("stun", "")).split())
            if stun_ok(text):
                self.settings.set("stun", text)
                self.stun_error = None
                self.notice = ("info", self.t("settings.stun_saved" if text else "settings.stun_none"))
                self.focus_next = "notice"
            else:
                self.stun_error = text[:100]
                self.focus_next = "stun"
            self.refresh()
        elif (action == "table" or action.startswith("table-")) and hasattr(self.screen, "table_act"):
            self.screen.table_act(action, arg, form)          # play on several devices
        elif action == "copy-entries":
            ok = self.host.copy(self.host.raw_entries())
            self.host.announce(self.t("share.copied" if ok else "share.copy_failed"))
        elif self.screen is not None:
            self.screen.act(action, arg, form)

    def key(self, key) -> bool:
        handler = getattr(self.screen, "key", None)
        return bool(handler and handler(key))

    def refresh(self):
        if self.holding:
            self.redraw_due = True
            return
        self.redraw_due = False
        # A framed screen (the play screen) fills the viewport and has the tools in its own
        # header: no top bar above it, and a notice floats over it.
        framed = getattr(self.screen, "framed", False)
        notice = self.notice_box()
        if notice is not None and framed:     # the floating notice goes after a while
            screen = self.screen
            self.host.later(NOTICE_MS, lambda: self.refresh() if self.screen is screen else None)
        body = h("div", {"class_": "app framed" if framed else "app", "lang": self.i18n.lang},
                 None if framed else self.top_bar(), notice, self.screen.render())
        page = getattr(self.host, "page", None)     # a patcher that keeps parts (html.Page)
        if page is None:
            self.host.render(render(body), self.focus_next)
        else:
            self.host.render(page.markup(body), self.focus_next,
                             lambda: page.markup(body, fresh=True))
        self.focus_next = None
        if isinstance(self.screen, ShelfScreen) and not self.kept_checked:
            self.host.after_paint(self.check_kept)     # once the shelf is drawn (Settings)

    # --- shared pieces -------------------------------------------------------------------------
    def top_bar(self):
        return top_bar(self.i18n)

    def notice_box(self):
        self.shown_notice, self.notice = self.notice, None   # shown once (see kept_answer)
        if not self.shown_notice:
            return None
        kind, text = self.shown_notice
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
        self.confirm_delete = None        # a slot id, or a damaged entry's ref
        self.result = None                # what the last export or import did: (kind, [lines])

    def render(self):
        app = self.app
        note = "safe" if app.safe else (None if app.host.store.persistent else "blocked")
        stun_error, app.stun_error = app.stun_error, None
        keep = None
        if note is None:                  # saves are stored: they can be exported and imported
            ios = ios_outside_home(app.device())
            keep = Keep(app.kept, ios, self.result, ios and app.settings.home_note == "show")
        return shelf(app.i18n, app.saves.scan(), app.host.format_time,
                     confirm_delete=self.confirm_delete, code_text=self.code_text,
                     settings=app.settings, note=note, stun_error=stun_error, now=app.host.now(),
                     lessons={g.id: app.lesson_status(g.id) for g in CATALOG if g.playable},
                     keep=keep)

    def storage_changed(self, key):
        """Another tab saved, deleted or damaged a game, or went on with a lesson: show the
        shelf as it is now."""
        self.app.refresh()

    def act(self, action, arg, form):
        app = self.app
        if action == "open-code":
            app.open_code(form.get("code", ""))
        elif action == "delete":
            self.confirm_delete = arg
            app.focus_next = "confirm-delete-yes"
            app.refresh()
        elif action == "delete-yes" and self.confirm_delete:
            damaged = app.saves.damaged(self.confirm_delete)
            if damaged is not None:
                app.saves.remove_key(damaged.key)
            else:
                app.saves.delete(self.confirm_delete)
            self.confirm_delete = None
            app.notice = ("info", app.t("saves.deleted"))
            app.focus_next = "saved-games"
            app.refresh()
        elif action == "delete-no":
            self.confirm_delete = None
            app.focus_next = "saved-games"
            app.refresh()
        elif action == "home-note-hide":
            app.settings.set("home_note", "hidden")     # applies even if it cannot be stored
            app.focus_next = "main-heading"
            app.refresh()
        elif action == "export":
            self.export()
        elif action == "import-pick":
            app.host.pick_file("import-file")
        elif action == "import":
            from .backup import MAX_FILE_BYTES

            app.host.read_file("import-file", MAX_FILE_BYTES, self.imported)
        elif action in ("damaged-open", "damaged-copy"):
            damaged = app.saves.damaged(arg)
            if damaged is None or damaged.code is None:
                return
            if action == "damaged-open":
                app.open_code(damaged.code)
            else:
                ok = app.host.copy(damaged.code)
                app.host.announce(app.t("share.copied" if ok else "share.copy_failed"))

    def key(self, key):
        if key == "Escape" and self.confirm_delete:
            self.act("delete-no", "", {})
            return True
        return False

    # --- export and import (``bodoge.ui.backup``) ---------------------------------------------
    def export(self):
        """Every save, the settings and the lessons' progress, as one file to download."""
        from . import backup

        app = self.app
        name, text, counts = backup.export(app.host.store, app.settings, app.host.now())
        if app.host.download(name, text):
            lines = [app.t("backup.exported", n=counts["saves"], name=name)]
            if counts["damaged"]:
                lines.append(app.t("backup.damaged_left", n=counts["damaged"]))
            self.show_result("info", lines)
        else:
            self.show_result("error", [app.t("backup.download_failed")])

    def imported(self, text, error):
        """The chosen file's text (or why it could not be read): merged into the saves."""
        from . import backup

        app = self.app
        if error is not None:
            reason = error if error in ("too_large", "unreadable") else "unreadable"
            self.refused(reason)
            return
        try:
            parsed = backup.read(text)
        except backup.BadFile as e:
            self.refused(e.key)
            return
        lang = app.settings.lang
        report = backup.merge(app.host.store, parsed, app.settings,
                              lambda: app.slot_id(app.host.now()))
        if report.settings:
            if app.settings.lang != lang:
                app.i18n = I18n(app.settings.lang)
            app.host.apply_settings(app.settings)
        if report.changed:
            app.ask_to_keep()
        kind = "error" if report.bad or report.stopped else "info"
        self.show_result(kind, import_lines(app.i18n, report, len(parsed.saves)))

    def refused(self, key):
        """A file that cannot be imported at all: why (``backup.BadFile``'s keys)."""
        t = self.app.t
        self.show_result("error", [t("backup.refused", reason=t(f"backup.bad.{key}"))])

    def show_result(self, kind, lines):
        self.result = (kind, lines)
        if self.app.screen is self:
            self.app.focus_next = "backup-result"
            self.app.refresh()


class Keep:
    """What the shelf shows about keeping saves: ``kept`` (the browser keeps them for good:
    True, False, or None when it has not said), ``ios`` (an iPhone or iPad outside the Home
    Screen, where Safari may delete them), the last export's or import's ``result`` (kind,
    lines), and whether the Home Screen note is shown (``home_note``)."""

    def __init__(self, kept=None, ios=False, result=None, home_note=False):
        self.kept, self.ios, self.result, self.home_note = kept, ios, result, home_note


def ios_outside_home(device):
    """An iPhone or iPad (iPadOS says it is a Mac, but has touch) not opened from the Home
    Screen: there Safari deletes a site's storage after 7 days without a visit."""
    ua = device.get("ua") if isinstance(device.get("ua"), str) else ""
    touch = device.get("touch") if isinstance(device.get("touch"), int) else 0
    ios = any(f"({name}" in ua or f" {name};" in ua for name in ("iPhone", "iPad", "iPod"))
    ios = ios or ("Macintosh" in ua and touch > 1)
    return ios and not device.get("standalone")


def import_lines(i18n, report, total):
    """What an import did, a line for each kind of outcome (a bad entry's line names its place
    in the file and its game, never any text of the file)."""
    t = i18n.t
    lines = []
    for name in ("added", "updated", "copied", "same", "older"):
        n = getattr(report, name)
        if n:
            lines.append(t(f"backup.{name}", n=n))
    if report.settings:
        lines.append(t("backup.settings", n=len(report.settings)))
    if report.lessons:
        lines.append(t("backup.lessons", n=report.lessons))
    if report.stopped:
        lines.append(t("backup.stopped"))
    if report.bad:
        lines.append(t("backup.bad_entries", n=len(report.bad)))
        for kind, number, game, reason in report.bad[:MAX_BAD_LISTED]:
            what = (t("backup.entry.save", n=number) if kind == "save" else
                    t("backup.entry.lesson") if kind == "lesson" else t("backup.entry.settings"))
            if game:
                what = t("backup.entry.game", what=what, game=_game_name(i18n, game))
            lines.append(t("backup.entry", what=what, reason=t(f"backup.why.{reason}")))
        if len(report.bad) > MAX_BAD_LISTED:
            lines.append(t("backup.more", n=len(report.bad) - MAX_BAD_LISTED))
    if not lines:
        lines.append(t("backup.empty" if not total else "backup.nothing"))
    return lines


MAX_BAD_LISTED = 5


def shelf(i18n, scanned, format_time, confirm_delete=None, code_text=None, settings=None,
          static=False, note=None, stun_error=None, now=None, lessons=None, keep=None):
    """The shelf of games. ``static=True``: the build's pre-rendered copy (no saves yet).
    ``note``: "blocked" (the browser stores nothing) or "safe" (started without saved games).
    ``now`` (ms): what the saved games' times are counted back from ("2 min ago").
    ``lessons``: {game id: ``App.lesson_status``} (absent: every lesson as new).
    ``keep``: keeping saves (``Keep``: the Home Screen note, and Settings' export and import);
    None where nothing is stored."""
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
            status = (lessons or {}).get(g.id, "new" if has_lesson(g.id) else None)
            if status is not None:
                actions.append(learn_link(t, g.id, status))
        else:
            status = None
            actions.append(h("span", {"class_": "soon"}, t("shelf.coming_soon")))
        players = (t("shelf.players_fixed", n=g.min_players) if g.min_players == g.max_players
                   else t("shelf.players", lo=g.min_players, hi=g.max_players))
        art = picture(g.id) if g.playable else None
        cards.append(h("li", {"class_": "game-card" + ("" if g.playable else " disabled"),
                              "aria_disabled": None if g.playable else "true"},
                       h("div", {"class_": "game-picture"}, art) if art is not None else None,
                       h("h3", {}, h("span", {"lang": "ja", "class_": "name-ja"}, g.name_ja), " ",
                         h("span", {"lang": "en", "class_": "name-en"}, g.name_en)),
                       h("p", {"class_": "meta"}, players, " · ", t("shelf.minutes", n=g.minutes),
                         [" · ", lesson_done(t, status)] if status == "done" else None),
                       h("p", {"class_": "blurb"}, g.blurb(i18n.lang)),
                       h("div", {"class_": "actions"}, actions)))
    parts = [h("h1", {"id": "main-heading", "tabindex": "-1"}, t("shelf.title")),
             h("p", {"class_": "lead"}, t("shelf.lead")),
             storage_note(t, note),
             home_note(t) if keep is not None and keep.home_note else None,
             h("h2", {"class_": "offscreen"}, t("shelf.games")),
             h("ul", {"class_": "shelf", "aria_label": t("shelf.games")}, cards)]
    if not static:
        parts.append(saved_games(i18n, slots, damaged, format_time, confirm_delete, note, now))
        parts.append(h("section", {"class_": "panel", "aria_labelledby": "load-heading"},
                       h("h2", {"id": "load-heading"}, t("code.heading")),
                       h("form", {"data_act": "open-code", "class_": "load-form"},
                         h("label", {"for": "code-input"}, t("code.label")),
                         h("textarea", {"id": "code-input", "name": "code", "rows": "2",
                                        "spellcheck": "false", "autocomplete": "off"},
                           code_text or ""),
                         h("button", {"type": "submit", "class_": "button"}, t("code.open")))))
        parts.append(settings_panel(i18n, settings, stun_error, keep))
    return h("main", {"class_": "screen shelf-screen"}, parts)


def _game_name(i18n, game_id):
    g = info(game_id) if game_id in {c.id for c in CATALOG} else None
    return (g.name_ja if i18n.lang == "ja" else g.name_en) if g else game_id


def _confirm_buttons(t, question):
    return [h("span", {}, t(question)),
            h("button", {"type": "button", "id": "confirm-delete-yes", "data_act": "delete-yes",
                         "class_": "button danger"}, t("saves.delete_yes")),
            h("button", {"type": "button", "data_act": "delete-no", "class_": "button"},
              t("saves.delete_no"))]


def storage_note(t, note):
    """Why saved games are not shown or kept: blocked storage, or safe mode."""
    if note == "blocked":
        return h("div", {"class_": "notice error storage-note", "id": "storage-note"},
                 t("saves.blocked"))
    if note == "safe":
        return h("div", {"class_": "notice info storage-note", "id": "storage-note"},
                 h("p", {}, t("safe.body")),
                 h("p", {"class_": "actions"},
                   h("button", {"type": "button", "class_": "button", "data_act": "copy-entries",
                                "id": "copy-entries"}, t("safe.copy")),
                   " ", h("a", {"class_": "button primary", "href": "./", "id": "start-normally"},
                          t("safe.normal"))))
    return None


def picture(game_id):
    """A game's picture for its shelf card (``GameUI.picture``; see ``bodoge.ui.pictures``)."""
    from . import pictures

    return pictures.get(game_id)


def when_text(i18n, ms, now, format_time):
    """When a save was last played: "just now", "5 min ago", "3 hours ago", then the date and
    time (the browser's local format); the date also when the clock is behind the save."""
    if now is not None:
        age = now - ms
        if 0 <= age < 60_000:
            return i18n.t("saves.just_now")
        if 0 <= age < 3_600_000:
            return i18n.t("saves.minutes_ago", n=int(age // 60_000))
        if 0 <= age < 86_400_000:
            return i18n.t("saves.hours_ago", n=int(age // 3_600_000))
    return format_time(ms, i18n.lang)


def iso_time(ms):
    """``ms`` as a machine-readable UTC time for ``<time datetime>`` (None if out of range)."""
    import datetime

    try:
        when = datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc)
    except (OverflowError, OSError, ValueError):
        return None
    return when.strftime("%Y-%m-%dT%H:%MZ")


def saved_games(i18n, slots, damaged, format_time, confirm_delete, note=None, now=None):
    """The saved games, newest first: each row names the game and its players, says where it
    stands (its stored progress line in this language; "In progress" for a save from before
    lines were kept) and when it was last played."""
    t = i18n.t
    rows = []
    for slot in slots:
        name = _game_name(i18n, slot.game)
        line = (slot.progress or {}).get(i18n.lang)
        stamp = format_time(slot.updated, i18n.lang)
        if confirm_delete == slot.id:
            buttons = _confirm_buttons(t, "saves.confirm_delete")
        else:
            buttons = [h("a", {"class_": "button", "href": f"#/play/{slot.id}"},
                         t("saves.open") if slot.over else t("shelf.continue")),
                       h("button", {"type": "button", "data_act": "delete", "data_arg": slot.id,
                                    "class_": "button subtle",
                                    "aria_label": t("saves.delete_label", game=name, when=stamp)},
                         t("saves.delete"))]
        status = None
        if slot.over or not line:
            status = h("span", {"class_": "save-status"},
                       t("saves.finished") if slot.over else t("saves.in_progress"))
        rows.append(h("li", {"class_": "save" + (" over" if slot.over else "")},
                      h("span", {"class_": "save-head"},
                        h("span", {"class_": "save-game"}, name), " ",
                        h("span", {"class_": "save-title"}, slot.title_in(i18n.lang))),
                      h("span", {"class_": "save-progress"}, status,
                        " · " if status is not None and line else None,
                        h("span", {"class_": "save-line"}, line) if line else None),
                      h("time", {"class_": "save-time", "datetime": iso_time(slot.updated),
                                 "title": stamp},
                        when_text(i18n, slot.updated, now, format_time)),
                      h("span", {"class_": "save-buttons"}, buttons)))
    for entry in damaged:
        name = _game_name(i18n, entry.game) if entry.game else t("saves.unknown_game")
        if confirm_delete == entry.ref:
            buttons = _confirm_buttons(t, "saves.confirm_remove")
        else:
            buttons = []
            if entry.code is not None:
                buttons += [h("button", {"type": "button", "data_act": "damaged-open",
                                         "data_arg": entry.ref, "class_": "button",
                                         "aria_label": t("saves.damaged_open_label", game=name)},
                              t("saves.damaged_open_copy")),
                            h("button", {"type": "button", "data_act": "damaged-copy",
                                         "data_arg": entry.ref, "class_": "button",
                                         "aria_label": t("saves.damaged_copy_label", game=name)},
                              t("saves.damaged_copy"))]
            buttons.append(h("button", {"type": "button", "data_act": "delete",
                                        "data_arg": entry.ref, "class_": "button subtle",
                                        "aria_label": t("saves.remove_label", game=name)},
                             t("saves.remove")))
        text = t("saves.damaged_code_kept" if entry.code is not None else "saves.damaged")
        rows.append(h("li", {"class_": "save damaged"},
                      h("span", {"class_": "save-game"}, name),
                      h("span", {"class_": "save-status"}, text),
                      h("span", {"class_": "save-buttons"}, buttons)))
    if rows:
        body = h("ul", {"class_": "saves"}, rows)
    else:
        body = h("p", {}, t({"safe": "safe.none", "blocked": "saves.none_blocked"}.get(note, "saves.none")))
    return h("section", {"class_": "panel", "aria_labelledby": "saved-games"},
             h("h2", {"id": "saved-games", "tabindex": "-1"}, t("saves.heading")), body)


def home_note(t):
    """On an iPhone or iPad outside the Home Screen: Safari may delete saves after a week
    without a visit; how to add bodoge to the Home Screen, and that the icon keeps saves of its
    own (so export here, import there). Shown until dismissed (``settings.home_note``)."""
    return h("section", {"class_": "notice info home-note", "id": "home-note",
                         "aria_labelledby": "home-note-title"},
             h("h2", {"id": "home-note-title"}, t("keep.home_title")),
             h("p", {}, t("keep.home_body")),
             h("ol", {"class_": "home-steps"},
               h("li", {}, t("keep.home_step1")), h("li", {}, t("keep.home_step2")),
               h("li", {}, t("keep.home_step3"))),
             h("p", {}, t("keep.home_own")),
             h("p", {"class_": "actions"},
               h("button", {"type": "button", "class_": "button", "data_act": "home-note-hide",
                            "id": "home-note-hide"}, t("keep.home_hide"))))


def keep_part(t, keep):
    """Settings: whether the browser keeps saves for good, and Export all saves / Import."""
    status = {True: "keep.kept", False: "keep.not_kept"}.get(keep.kept, "keep.unknown")
    result = None
    if keep.result is not None:
        kind, lines = keep.result
        result = h("div", {"id": "backup-result", "class_": f"notice {kind} backup-result",
                           "tabindex": "-1", "role": "alert" if kind == "error" else "status"},
                   [h("p", {}, line) for line in lines])
    return h("div", {"class_": "keep-saves", "role": "group", "aria_labelledby": "keep-heading"},
             h("h3", {"id": "keep-heading"}, t("keep.heading")),
             h("p", {"id": "kept-status", "class_": "kept-status " + status.split(".")[1]
                     .replace("_", "-")}, t(status)),
             h("p", {"class_": "hint"}, t("keep.ios_hint")) if keep.ios else None,
             h("p", {"class_": "actions"},
               h("button", {"type": "button", "class_": "button", "data_act": "export",
                            "id": "export-saves"}, t("keep.export")),
               " ",
               h("button", {"type": "button", "class_": "button", "data_act": "import-pick",
                            "id": "import-saves", "aria_describedby": "keep-help"},
                 t("keep.import")),
               h("input", {"type": "file", "id": "import-file", "data_act": "import",
                           "accept": ".json,application/json", "hidden": True,
                           "aria_label": t("keep.import")})),
             h("p", {"class_": "hint", "id": "keep-help"}, t("keep.help")),
             result)


def settings_panel(i18n, settings, stun_error=None, keep=None):
    t = i18n.t
    speed = h("label", {}, t("settings.speed"), " ",
              h("select", {"name": "speed", "data_act": "speed", "id": "speed"},
                [h("option", {"value": s, "selected": settings.speed == s}, t(f"settings.speed.{s}"))
                 for s in SPEEDS]))
    motion = h("label", {}, t("settings.motion"), " ",
               h("select", {"name": "motion", "data_act": "motion", "id": "motion"},
                 [h("option", {"value": m, "selected": settings.motion == m}, t(f"settings.motion.{m}"))
                  for m in ("auto", "reduce")]))
    confirm = h("label", {}, t("settings.confirm"), " ",
                h("select", {"name": "confirm", "data_act": "set-confirm", "id": "confirm"},
                  [h("option", {"value": c, "selected": settings.confirm == c}, t(f"settings.confirm.{c}"))
                   for c in CONFIRMS]))
    value = settings.stun if stun_error is None else stun_error
    stun = h("form", {"class_": "settings stun-form", "data_act": "stun"},
             h("label", {"for": "stun"}, t("settings.stun")),
             h("input", {"id": "stun", "name": "stun", "value": value, "placeholder": "stun:host:port",
                         "spellcheck": "false", "autocomplete": "off", "maxlength": "100",
                         "aria_describedby": "stun-help", "aria_invalid": "true" if stun_error is not None else None}),
             h("button", {"type": "submit", "class_": "button"}, t("settings.stun_save")),
             h("p", {"id": "stun-help", "class_": "hint" if stun_error is None else "error",
                     "role": "alert" if stun_error is not None else None},
               t("settings.stun_bad") if stun_error is not None else t("settings.stun_help")))
    return h("section", {"class_": "panel", "aria_labelledby": "settings-heading"},
             h("h2", {"id": "settings-heading"}, t("settings.heading")),
             h("form", {"class_": "settings"}, speed, " ", motion, " ", confirm), stun,
             keep_part(t, keep) if keep is not None else None)
