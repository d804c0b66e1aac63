"""Play on several devices: the table of remote seats, on the host's page and on a guest's.

The protocol itself (messages, codes, checks) is ``bodoge.core.remote``; the browser's side
(WebRTC data channels, QR codes, the camera) is ``web/net.js`` behind the host interface
(``net_offer``, ``net_answer``, ``net_accept``, ``net_send``, ``net_close``, ``qr``, ``scan``;
see ``bodoge.ui.app``). Here:

* ``HostTable``: the session's table on the host's page (``Session.table``): an invite
  per guest seat (link, QR code, copy), the answer box and the camera, who is connected and
  their delays; it binds each channel to its seat, sends each guest its view after every
  change (``sync``) and hands the guests' moves to ``Session.remote_move``. A refused or
  malformed message is answered, logged (the table lists the last ones; the console too) and
  never reaches the game.
* ``JoinScreen``: a guest opens the invite link (``#join=…``), chooses a name, shows its answer
  (QR code and text) and waits for the host.
* The guest's game is a session (``bodoge.ui.session.guest_session``) whose every other seat
  is remote, over a ``RemoteMatch``: the view received stands for the state, a move goes to
  the host instead of the rules, and its table is a ``GuestTable``: the link to the host.
"""

import contextlib
import hmac

from ..core.errors import IllegalMove, short
from ..core.names import taken
from ..core.record import Record
from ..core.remote import (BadMessage, GuestLink, HostLink, clean_name, make_answer, make_invite,
                           message, read_answer, read_guest, read_invite, token)
from ..games import info, is_known
from .games import clean_seats, game_name, seat_name
from .html import h

GUEST_NAME_KEY = "bodoge:guest-name"     # the name this device last joined a table with (text)
HELLO_MS = 15_000          # a connection that does not say hello in time is closed
RENAME_MS = 120_000        # ... or, once its name was refused (taken), a new name in time
DELAY_EVERY_MS = 2000      # delays are sent round at most this often
MAX_LOG = 50               # refused messages kept for the table's list
READY_GRACE_MS = 5000      # after the host's own Next round, Start anyway (a guest walked away)


def qr_rows(cache, host, text):
    """``host.qr(text)``, remembered in ``cache`` (a screen is redrawn often, its QR codes
    seldom change)."""
    rows = cache.get(text)
    if rows is None:
        rows = cache[text] = list(host.qr(text))
        while len(cache) > 8:
            cache.pop(next(iter(cache)))
    return rows


def qr_svg(rows, label, id_=None):
    """A QR code as an SVG drawing (one path of dark runs, a quiet zone of 4 modules), from
    the rows of its modules ("1" dark) as ``host.qr`` gives them."""
    if not rows:
        return None
    n = len(rows)
    d = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x] == "1":
                start = x
                while x < len(row) and row[x] == "1":
                    x += 1
                d.append(f"M{start + 4} {y + 4}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    size = n + 8
    return h("svg", {"class_": "qr", "id": id_, "viewBox": f"0 0 {size} {size}", "role": "img",
                     "aria_label": label, "shape_rendering": "crispEdges"},
             h("rect", {"width": str(size), "height": str(size), "fill": "#fff"}),
             h("path", {"d": "".join(d), "fill": "#000"}))


def waiting_text(t, names):
    return (t("net.ready_waiting", names=t("list.sep").join(names)) if names
            else t("net.ready_waiting_others"))


def waiting_buttons(t, names, anyway):
    """The round summary's Next round once pressed: "Waiting for Ben…" (greyed), and the
    host's Start anyway (``anyway``)."""
    label = waiting_text(t, names)
    wait = h("button", {"type": "button", "class_": "button waiting", "id": "next-round",
                        "aria_disabled": "true"}, label)
    if not anyway:
        return wait
    return [wait, h("button", {"type": "button", "class_": "button primary", "id": "start-anyway",
                               "data_act": "table-start"}, t("net.start_anyway"))]


def _params(err):
    """A refusal's parameters, safe to send: short texts and integers only."""
    out = {}
    for k, v in list(err.params.items())[:8]:
        if isinstance(v, bool) or not isinstance(v, (int, str)):
            v = str(v)
        out[str(k)[:40]] = short(v, 100) if isinstance(v, str) else v
    return out


class TableSeat:
    """A guest seat on the host: its current invite (a ``HostLink``) and what became of it."""

    def __init__(self, seat):
        self.seat = seat
        self.link = None
        self.state = "making"     # making | invited | joining | on | off (dropped) | failed
        self.code = None          # the invite code (the link's #join=)
        self.joined = False       # a guest has sat here since the page opened
        self.kicked = False       # the last guest here was let go (a flood, refused moves)


class HostTable:
    def __init__(self, session):
        self.session = session
        self.app = session.app
        self.host = session.app.host
        self.seats = {s: TableSeat(s) for s in session.remote}
        self.links = {}                # connection key -> HostLink (current invites only)
        self.answer = ""               # what is in the answer box
        self.answer_error = None
        self.scanning = False
        self.scan_error = None
        self.log = []                  # (seat, text) of refused messages, newest last
        self.refusals = 0              # refused messages in all
        self.current = None            # (link, n): the guest's move being played
        self.closed = False
        self.delays_sent = None        # host time delays were last sent round
        self.qr = {}
        self.ready = None              # the seats ready for the next round, while it waits
        self.pressed = False           # the host pressed Next round (its people are ready)
        self.anyway = False            # ... READY_GRACE_MS ago: Start anyway is offered
        self.ready_token = 0           # a wait's grace timer (a later wait's starts anew)
        for s in self.seats:
            self.invite(s)
        session.dialog = "table"       # who is to join: the invites show at once

    @property
    def t(self):
        return self.app.t

    # --- connections --------------------------------------------------------------------------
    def invite(self, seat):
        """A new invite for ``seat`` (any earlier one for it is void)."""
        ts = self.seats[seat]
        if ts.link is not None:
            self.hang_up(ts.link, "replaced")
        rnd = self.host.random_seed
        nonce, secret = token(rnd()), token(rnd(), rnd())
        link = HostLink(seat, f"h{seat}-{nonce}", nonce, secret)
        ts.link, ts.state, ts.code, ts.kicked = link, "making", None, False
        self.links[link.key] = link
        self.host.net_offer(link.key, self.app.settings.stun)

    def hang_up(self, link, why=None):
        if why and link.open:
            self.send(link, message("bye", why=why))
        link.open = False
        self.links.pop(link.key, None)
        self.host.net_close(link.key)

    def close(self):
        """The host leaves the table (another screen): every guest is told and let go."""
        if self.closed:
            return
        self.closed = True
        self.stop_scan()
        for ts in self.seats.values():
            if ts.link is not None:
                self.hang_up(ts.link, "left")

    def seat_gone(self, seat):
        """``seat`` is no longer remote (the computer plays it)."""
        ts = self.seats.pop(seat, None)
        if ts is not None and ts.link is not None:
            self.hang_up(ts.link, "bot")
        self.send_seats()
        if self.ready is not None and not self.unready():
            self.start_round()               # the computer is always ready

    def send(self, link, msg):
        for text in link.frames(msg):
            self.host.net_send(link.key, text)

    def bound(self):
        return [ts.link for ts in self.seats.values()
                if ts.link is not None and ts.link.bound and ts.link.open]

    def net_event(self, kind, key, data):
        if self.closed:
            return
        if kind in ("scan", "scan-error"):
            self.scanned(kind, data)
            return
        link = self.links.get(key)
        ts = self.seats.get(link.seat) if link is not None else None
        if ts is None or ts.link is not link:
            return                       # an old invite's connection: nothing to do with it
        if kind == "offer":
            try:
                ts.code = make_invite(data, self.session.match.game.id, ts.seat, link.nonce,
                                      link.secret, self.host_name(), bool(self.app.settings.stun),
                                      players=len(self.session.seats))
                ts.state = "invited"
            except BadMessage as e:
                ts.state = "failed"
                self.warn(ts.seat, f"no invite: {e}")
            self.app.refresh()
        elif kind == "open":
            link.open = True
            ts.state = "joining"
            self.hello_by(link, HELLO_MS)
            self.app.refresh()
        elif kind == "message":
            self.receive(link, data)
        elif kind == "dropped":
            self.skipped(link, data)
        elif kind in ("closed", "error"):
            self.dropped(link)

    def hello_by(self, link, ms):
        """The guest on ``link`` must say hello (with a name that is free) within ``ms``."""
        link.hellos += 1
        token = link.hellos
        self.host.later(ms, lambda: self.hello_late(link, token))

    def hello_late(self, link, token):
        if link.open and not link.bound and self.links.get(link.key) is link and token == link.hellos:
            self.warn(link.seat, "no hello in time")
            self.dropped(link)

    def dropped(self, link):
        """The guest's connection is gone (its tab closed, its network went away)."""
        ts = self.seats.get(link.seat)
        was = link.open or link.bound
        self.hang_up(link)
        if ts is None or ts.link is not link:
            return
        ts.state = "off" if link.bound else "failed"
        if link.bound:
            self.app.host.announce(self.t("net.kicked" if ts.kicked else "net.dropped",
                                          name=self.name(ts.seat)))
            self.send_seats()
            self.session.guest_dropped(ts.seat)
        if was or ts.state == "failed":
            self.app.refresh()

    # --- messages from guests -----------------------------------------------------------------
    def receive(self, link, text):
        link.messages_in += 1
        link.bytes_in += len(text) if text.isascii() else len(text.encode("utf-8"))
        verdict = link.admit(self.host.now())
        if verdict != "ok":                  # beyond the guest's budget: not even read
            self.over_budget(link, verdict)
            return
        try:
            msg = read_guest(text)
        except BadMessage as e:
            self.bad(link, str(e))
            return
        kind = msg["t"]
        if not link.bound:
            if kind != "hello":
                self.bad(link, f"{kind} before hello")
            elif not hmac.compare_digest(msg["key"].encode(), link.secret.encode()):
                self.warn(link.seat, "hello with a wrong secret")
                self.hang_up(link, "refused")
                self.seats[link.seat].state = "failed"
                self.app.refresh()
            else:
                name = clean_name(msg["name"])
                if self.name_taken(link.seat, name):
                    self.bad(link, "a name already taken")
                    if link.open:            # the guest chooses another (the channel stays)
                        self.send(link, message("refused", n=0, key="net.name_taken",
                                                params={"name": name}))
                        self.hello_by(link, RENAME_MS)
                else:
                    self.joined(link, name)
            return
        if kind == "hello":
            self.bad(link, "hello again")
        elif kind == "move":
            self.current = (link, msg["n"])
            due = self.app.redraw_due
            try:
                played = self.session.remote_move(link.seat, msg["m"])
            finally:
                self.current = None
            if not played and self.links.get(link.key) is link and self.session.dialog != "table":
                self.app.redraw_due = due    # refused: nothing the host's page shows has changed
        elif kind == "ack":
            if link.acked(msg["seq"], self.host.now()):
                link.refund()                # one a view sent: outside the budget
                self.delay_changed()
        elif kind == "sync":
            if link.sync_wanted():           # at most one whole view waiting for its ack
                self.sync_link(link)
        elif kind == "pause":
            clock = self.session.clock
            if clock is not None and msg["on"] != clock.paused:
                clock.set_paused(msg["on"])
                self.app.refresh()
        elif kind == "bye":
            self.dropped(link)

    def bad(self, link, why):
        """A message the protocol does not allow: logged, never played; too many and the
        guest is let go."""
        link.bad += 1
        self.warn(link.seat, f"refused message: {why}")
        if link.bad >= link.MAX_BAD and self.links.get(link.key) is link:
            self.kick(link, "too many refused messages")

    def over_budget(self, link, verdict):
        """A message beyond the guest's budget (``HostLink.admit``): counted (logged once a
        run), and a flood is let go. Until the budget has room again the page drops the
        guest's messages itself, unread, without calling Python (``net_hold``: thousands of
        calls into Python held the host's page, its own click behind them), and says how many
        (``skipped``)."""
        self.refusals += 1
        if link.over == 1:
            self.log_line(link.seat, f"more than {link.RATE:g} messages a second: dropped")
        if verdict == "flood" and self.links.get(link.key) is link:
            self.kick(link, "a flood of messages")
        elif verdict == "drop" and link.open:
            self.host.net_hold(link.key, link.wait_ms(), link.MAX_OVER - link.over)

    def skipped(self, link, data):
        """The page dropped ``data`` ("n bytes") of the guest's messages unread while it held
        them (``over_budget``): counted as if read and dropped here; a flood is let go."""
        try:
            n, size = (max(0, int(x)) for x in data.split())
        except ValueError:
            return
        link.messages_in += n
        link.bytes_in += size
        self.refusals += n
        if link.skip(n) == "flood" and self.links.get(link.key) is link:
            self.kick(link, "a flood of messages")

    def kick(self, link, why):
        """Let go a guest that broke its budget (a flood, too many refused moves or malformed
        messages): it is told, its seat waits for a new invite or goes to the computer as on
        a drop, and the host is told why (the console once)."""
        self.host.warn(f"bodoge table, seat {link.seat + 1}: disconnected: {why}")
        self.log_line(link.seat, f"disconnected: {why}")
        ts = self.seats.get(link.seat)
        if ts is not None and ts.link is link:
            ts.kicked = True
        self.hang_up(link, "refused")
        self.dropped(link)

    def warn(self, seat, text):
        """A refused message (or another thing gone wrong with a guest): counted and kept for
        the Table dialog's list, never written to the console one by one (a hostile guest's
        thousands would slow the page)."""
        self.refusals += 1
        self.log_line(seat, text)

    def log_line(self, seat, text):
        self.log.append((seat, short(text, 120)))
        del self.log[:-MAX_LOG]

    def refused(self, seat, err):
        """``PlayScreen.refuse`` for a remote seat: the guest hears why, the table logs it;
        too many refused moves in a short time and the guest is let go."""
        ts = self.seats.get(seat)
        if ts is None or ts.link is None:
            return
        link = ts.link
        n = self.current[1] if self.current is not None and self.current[0] is link else 0
        link.refused += 1
        self.warn(seat, f"refused move {n}: {err}")
        if link.bound and link.open:
            self.send(link, message("refused", n=n, key=str(err.key)[:80], params=_params(err)))
            if link.strike(self.host.now()):
                self.kick(link, "too many refused moves")

    def joined(self, link, name):
        ts = self.seats[link.seat]
        link.bound, link.name = True, name
        ts.state, ts.joined = "on", True
        self.session.name_seat(link.seat, name)
        game = self.session.match.game
        self.send(link, message("welcome", seat=link.seat, game=game.id,
                                players=len(self.session.seats),
                                rt=self.session.clock is not None))
        self.send_seats()
        self.sync_link(link)
        self.app.host.announce(self.t("net.joined", name=self.name(link.seat)))
        if all(t.state == "on" for t in self.seats.values()) and self.session.dialog == "table":
            self.session.dialog = None
            self.app.focus_next = "prompt"
        self.app.refresh()

    # --- the next round: when everyone is ready ------------------------------------------------
    # A game whose next round starts by a move (``GameUI.next_round_move``: Play Me!) waits at a
    # round's summary until every person at the table pressed Next round: the host's people
    # here (one press for the device) and each guest (its ``ready`` move: what a guest's Next
    # round has always sent, so an older guest's press counts too, and a guest's channel is its
    # seat: it can mark no other). Computers are always ready. Only the host starts the round,
    # when nobody is missing, or by Start anyway ``READY_GRACE_MS`` after its own press.
    def people(self):
        session = self.session
        return [s for s in range(len(session.seats)) if s in session.humans or s in self.seats]

    def unready(self):
        """The people not ready yet for the next round, in seat order."""
        return [s for s in self.people() if s not in (self.ready or ())]

    def wait_ready(self):
        """The host's Next round: its people are ready. Whether the round waits (there are
        guests at the table; if they are all ready it starts at once)."""
        if not self.seats:
            return False
        if not self.pressed:
            self.pressed = True
            self.ready_token += 1
            token = self.ready_token
            self.host.later(READY_GRACE_MS, lambda: self.grace_over(token))
        self.mark_ready(self.session.humans)
        if self.ready is not None:               # still waiting: said, as the button says it
            self.host.announce(waiting_text(self.t, [self.name(s) for s in self.unready()]))
        return True

    def grace_over(self, token):
        if not self.closed and self.pressed and token == self.ready_token:
            self.anyway = True
            self.app.refresh()                   # Start anyway shows

    def may_start_anyway(self):
        return self.pressed and self.anyway and self.unready() != []

    def guest_ready(self, seat, move):
        """A guest's move: whether it is its Next round at a round's summary (then it marks
        that guest ready, and is not played)."""
        session = self.session
        if seat not in self.seats or session.pause is None or session.match.over:
            return False
        next_move = session.gui.next_round_move(session.match.view(None), session.ctx(None))
        if next_move is None:
            return False
        if session.clock is not None and isinstance(move, dict):
            move = {k: v for k, v in move.items() if k != "t"}      # (the clock's stamp)
        if move != next_move.move:
            return False
        self.mark_ready([seat])
        return True

    def mark_ready(self, seats):
        """``seats`` are ready: the round starts if nobody is missing; else the guests hear
        who is ready (only when that changed: a guest pressing again costs nobody anything)."""
        was = self.ready
        self.ready = set(was or ()) | set(seats)
        if not self.unready():
            self.start_round()
            return
        if self.ready != was:                    # (a first press of nobody's begins the wait)
            self.send_seats()
        self.app.refresh()

    def start_round(self):
        """Everyone is ready (or the host started anyway): the host plays the next round's
        move, and the guests hear nobody is waiting any more."""
        self.ready, self.pressed, self.anyway = None, False, False
        self.ready_token += 1
        self.send_seats()
        session = self.session
        session.start_round(session.gui.next_round_move(session.match.view(None),
                                                        session.ctx(None)))

    def start_anyway(self):
        if self.may_start_anyway() and self.session.pause is not None:
            self.start_round()

    def round_button(self):
        """The round summary's Next round while this table waits for someone: who it waits
        for, and Start anyway once allowed; None: the usual button."""
        if not self.pressed or self.ready is None:
            return None
        return waiting_buttons(self.t, [self.name(s) for s in self.unready()],
                               self.may_start_anyway())

    # --- what guests are sent -----------------------------------------------------------------
    def clock(self):
        clock = self.session.clock
        return None if clock is None else clock.message()

    def sync(self):
        """Send every connected guest what changed in its view (and the end of the game)."""
        for link in self.bound():
            self.sync_link(link)

    def sync_link(self, link):
        match = self.session.match
        for text in link.view_frames(match.view(link.seat), self.host.now(), self.clock()):
            self.host.net_send(link.key, text)
        if match.over and not link.ended:
            link.ended = True
            self.send(link, message("end", code=match.code()))

    def seats_message(self):
        session = self.session
        out = []
        for s, seat in enumerate(session.seats):
            ts = self.seats.get(s)
            link = ts.link if ts is not None else None
            kind = "guest" if s in session.remote else ("bot" if seat["bot"] else "here")
            out.append({"name": seat["name"], "kind": kind, "bot": seat["bot"],
                        "on": kind != "guest" or (link is not None and link.bound and link.open),
                        "ms": link.ms if link is not None and kind == "guest" else None})
            if self.ready is not None:       # only while a round waits (older guests)
                out[-1]["ready"] = kind == "bot" or s in self.ready
        return message("seats", seats=out)

    def send_seats(self):
        msg = self.seats_message()
        for link in self.bound():
            self.send(link, msg)
        self.delays_sent = self.host.now()

    def delay_changed(self):
        now = self.host.now()
        if self.delays_sent is None or now - self.delays_sent >= DELAY_EVERY_MS:
            self.send_seats()
            if self.session.dialog == "table":
                self.app.refresh()

    # --- the host's actions -------------------------------------------------------------------
    def act(self, action, arg, form):
        app = self.app
        if action == "table-answer":
            self.answer = str(form.get("answer", ""))[:5000]
            self.accept(self.answer)
        elif action == "table-invite" and arg.isdigit() and int(arg) in self.seats:
            self.invite(int(arg))
            if self.session.dialog != "table":      # from the banner: show the new invite
                self.session.dialog = "table"
                app.focus_next = "dialog-close"
            app.refresh()
        elif action == "table-start":
            self.start_anyway()
        elif action == "table-bot" and arg.isdigit() and int(arg) in self.seats:
            self.session.seat_to_bot(int(arg))
        elif action == "table-copy" and arg.isdigit() and int(arg) in self.seats:
            ts = self.seats[int(arg)]
            if ts.code:
                ok = self.host.copy(self.invite_link(ts))
                self.host.announce(self.t("share.copied" if ok else "share.copy_failed"))
        elif action == "table-scan":
            if self.scanning:
                self.stop_scan()
            else:
                self.scanning, self.scan_error = True, None
                self.host.scan("scan-video")
            app.focus_next = "table-scan"
            app.refresh()

    def stop_scan(self):
        if self.scanning:
            self.scanning = False
            self.host.scan(None)

    def scanned(self, kind, data):
        if not self.scanning:
            return
        self.stop_scan()
        if kind == "scan-error":
            self.scan_error = self.t(f"net.scan.{data}" if data in ("denied", "none") else "net.scan.failed")
            self.app.refresh()
            return
        self.answer = str(data)[:5000]
        self.accept(self.answer)

    def accept(self, text):
        """A guest's answer, pasted or scanned: it completes the connection of its seat."""
        self.answer_error = None
        try:
            answer = read_answer(text, bool(self.app.settings.stun))
            ts = self.seats.get(answer.seat)
            if (ts is None or ts.link is None or ts.link.nonce != answer.nonce
                    or ts.link.key not in self.links):
                raise BadMessage("an answer to an old invite", key="net.answer_old")
            if ts.link.bound or ts.state in ("joining", "on"):
                raise BadMessage("that seat is already taken", key="net.answer_used")
        except BadMessage as e:
            self.answer_error = self.t(e.key) if self.app.i18n.has(e.key) else str(e)
            self.app.focus_next = "table-answer-box"
            self.app.refresh()
            return
        self.answer = ""
        ts.state = "joining"
        self.host.net_accept(ts.link.key, answer.sdp)
        self.app.host.announce(self.t("net.connecting", seat=answer.seat + 1))
        self.app.refresh()

    # --- words ---------------------------------------------------------------------------------
    def name(self, seat):
        return seat_name(self.app.i18n, self.session.seats, seat)

    def name_taken(self, seat, name):
        """Whether ``name`` is already another seat's at this table (as shown here), whatever
        its case or width."""
        return taken(name, [self.name(s) for s in range(len(self.session.seats)) if s != seat])

    def host_name(self):
        here = [s for s in self.session.humans if self.session.seats[s]["name"]]
        return self.session.seats[here[0]]["name"] if here else ""

    def invite_link(self, ts):
        return f"{self.host.base_url()}#join={ts.code}"

    def status(self, seat):
        """How a remote seat stands, in words."""
        t = self.t
        ts = self.seats[seat]
        if ts.state == "on":
            ms = ts.link.ms
            return t("net.state.on") + ("" if ms is None else " · " + t("net.ms", ms=ms))
        return t(f"net.state.{ts.state}")

    def waiting(self, movers, ctx):
        """The prompt while a remote seat is to move: whose move, and whether they are here."""
        for s in movers:
            if s in self.seats and self.seats[s].state != "on":
                off = self.seats[s].state == "off"
                return self.t("net.waiting_off" if off else "net.waiting_join", name=ctx.name(s))
        return None

    # --- rendering ----------------------------------------------------------------------------
    def tool(self):
        from .play import tool

        on = sum(1 for ts in self.seats.values() if ts.state == "on")
        label = self.t("net.table_tool", on=on, n=len(self.seats))
        return tool("button", "open-table", "table", label,
                    {"data_act": "table", "class_": "tool table-tool"
                     + ("" if on == len(self.seats) else " table-waiting")})

    def banner(self):
        """Above the board: a guest who dropped out, and what the host can do about it."""
        off = [s for s, ts in self.seats.items() if ts.state == "off"]
        if not off or self.session.match.over:
            return None
        t = self.t
        s = off[0]
        buttons = [h("button", {"type": "button", "class_": "button primary", "data_act": "table-invite",
                                "data_arg": str(s), "id": f"banner-invite-{s}"}, t("net.new_invite")),
                   h("button", {"type": "button", "class_": "button", "data_act": "table-bot",
                                "data_arg": str(s), "id": f"banner-bot-{s}"}, t("net.to_bot"))]
        text = t("net.kicked_banner" if self.seats[s].kicked else "net.off_banner", name=self.name(s))
        return h("div", {"class_": "notice error save-banner table-banner", "id": "table-banner",
                         "role": "status"},
                 h("p", {}, text), h("p", {"class_": "actions"}, buttons))

    def render(self):
        """The Table dialog's body: every seat, the invites, the answer box and the camera."""
        t = self.t
        session = self.session
        rows = []
        for s, seat in enumerate(session.seats):
            if s in self.seats:
                kind, status = t("net.kind.guest"), self.status(s)
            elif seat["bot"]:
                kind, status = t("net.kind.bot"), ""
            else:
                kind, status = t("net.kind.here"), ""
            if self.ready is not None and s in self.ready:
                status = (status + " · " if status else "") + t("net.ready")
            rows.append(h("li", {"class_": "table-seat", "id": f"table-seat-{s}"},
                          h("span", {"class_": "who"}, t("setup.seat", n=s + 1), " · ", self.name(s)),
                          h("span", {"class_": "kind"}, kind),
                          h("span", {"class_": "status", "data_state": self.seats[s].state
                                     if s in self.seats else None}, status)))
        parts = [h("ul", {"class_": "table-seats", "aria_label": t("net.seats")}, rows)]
        for s, ts in self.seats.items():
            parts.append(self.render_invite(s, ts))
        if any(ts.state in ("invited", "failed") for ts in self.seats.values()):
            parts.append(self.render_answer())
        if self.refusals:
            parts.append(h("details", {"class_": "table-log", "id": "table-log"},
                           h("summary", {}, t("net.refusals", n=self.refusals)),
                           h("ul", {}, [h("li", {}, t("setup.seat", n=s + 1), ": ", text)
                                        for s, text in self.log[-10:]])))
        parts.append(h("p", {"class_": "hint"}, t("net.about")))
        return h("div", {"class_": "table-panel"}, parts)

    def render_invite(self, s, ts):
        t = self.t
        name = self.name(s)
        head = h("h3", {}, t("net.invite_for", seat=s + 1, name=name))
        if ts.state == "on":
            return None
        if ts.state == "making":
            return h("section", {"class_": "invite", "id": f"invite-{s}"}, head,
                     h("p", {}, t("net.making")))
        buttons = [h("button", {"type": "button", "class_": "button", "data_act": "table-invite",
                                "data_arg": str(s), "id": f"table-invite-{s}"}, t("net.new_invite")),
                   h("button", {"type": "button", "class_": "button", "data_act": "table-bot",
                                "data_arg": str(s), "id": f"table-bot-{s}"}, t("net.to_bot"))]
        if ts.state in ("off", "failed", "joining") or ts.code is None:
            text = t(f"net.invite.{ts.state}", name=name)
            return h("section", {"class_": "invite", "id": f"invite-{s}"}, head,
                     h("p", {}, text), h("p", {"class_": "actions"}, buttons))
        link = self.invite_link(ts)
        qr = qr_svg(qr_rows(self.qr, self.host, link), t("net.qr_invite", seat=s + 1), f"invite-qr-{s}")
        return h("section", {"class_": "invite", "id": f"invite-{s}"}, head,
                 h("div", {"class_": "invite-body"},
                   qr,
                   h("div", {"class_": "invite-text"},
                     h("p", {}, t("net.invite_how")),
                     h("label", {"for": f"invite-link-{s}"}, t("net.invite_link")),
                     h("input", {"id": f"invite-link-{s}", "readonly": True, "value": link,
                                 "class_": "invite-link", "spellcheck": "false"}),
                     h("p", {"class_": "actions"},
                       h("button", {"type": "button", "class_": "button", "data_act": "table-copy",
                                    "data_arg": str(s), "id": f"table-copy-{s}"}, t("share.copy_link")),
                       buttons))))

    def render_answer(self):
        t = self.t
        scan = [h("button", {"type": "button", "class_": "button", "id": "table-scan",
                             "data_act": "table-scan", "aria_pressed": str(self.scanning).lower()},
                  t("net.scan_stop") if self.scanning else t("net.scan"))]
        if self.scanning:
            scan.append(h("video", {"id": "scan-video", "class_": "scan-video", "muted": True,
                                    "playsinline": True, "aria_label": t("net.scan_video")}))
        if self.scan_error:
            scan.append(h("p", {"class_": "error", "role": "alert"}, self.scan_error))
        return h("section", {"class_": "answer-box", "aria_labelledby": "answer-title"},
                 h("h3", {"id": "answer-title"}, t("net.answer_title")),
                 h("p", {}, t("net.answer_how")),
                 h("div", {"class_": "scan"}, scan),
                 h("form", {"data_act": "table-answer", "class_": "answer-form"},
                   h("label", {"for": "table-answer-box"}, t("net.answer_label")),
                   h("textarea", {"id": "table-answer-box", "name": "answer", "rows": "3",
                                  "spellcheck": "false", "autocomplete": "off",
                                  "aria_invalid": "true" if self.answer_error else None,
                                  "aria_describedby": "answer-error" if self.answer_error else None},
                     self.answer),
                   h("p", {"class_": "error", "id": "answer-error", "role": "alert"}, self.answer_error or ""),
                   h("button", {"type": "submit", "class_": "button primary", "id": "table-connect"},
                     t("net.connect"))))


# --- the guest's side ---------------------------------------------------------------------------
class RemoteMatch:
    """What a guest's play screen takes for the match: the view received stands for the state
    (``view`` answers with it whatever seat is asked about: it is all this device knows), and
    ``play`` sends the move to the host (the answer comes back as a new view, or a refusal)."""

    def __init__(self, game, seat, view, seats, send, realtime):
        self.game = game
        self.seat = seat
        self.state = view
        self.record = Record(game.id, game.rules_version, {}, 0, [], {"seats": seats})
        self.send = send             # fn(move)
        self.realtime = realtime
        self.waiting = False         # a move sent and not answered yet (games in turns)
        self.replay = None           # the game's save code, once the host sent it

    def view(self, seat=None):
        return self.state

    @contextlib.contextmanager
    def views_kept(self):
        yield                        # the view is already kept: it is the state

    def to_move(self):
        movers = list(self.state["to_move"])
        if self.waiting and not self.realtime and self.seat in movers:
            movers.remove(self.seat)
        return movers

    def outcome(self):
        return self.state["outcome"]

    @property
    def over(self):
        return self.state["outcome"] is not None

    def play(self, seat, move):
        if seat != self.seat:
            raise IllegalMove("not this device's seat", key="error.not_your_turn")
        if self.waiting and not self.realtime:
            raise IllegalMove("a move is on its way", key="net.sending")
        self.waiting = True
        self.send(move)

    def code(self):
        return self.replay or ""


def guest_seats(msg_seats, me, name):
    """The play screen's seats on a guest's device: its own, and every other one remote."""
    seats = []
    for s, seat in enumerate(msg_seats):
        if s == me:
            seats.append({"name": name or seat["name"], "bot": None})
        else:
            seats.append({"name": seat["name"], "bot": seat["bot"], "remote": True})
    return seats


class GuestTable:
    """The table on a guest's device (``Session.table``): its link to the host, and what it
    hears: a new view (``Session.heard``), the seats, a refusal, the game's code at its end,
    or the end of the connection."""

    def __init__(self, session, link):
        self.session = session
        self.app = session.app
        self.link = link
        self.lost = None             # why the connection ended (None: it is up)
        self.ready_for = None        # the round summary this device pressed Next round on

    @property
    def t(self):
        return self.app.t

    def close(self):
        if self.lost is None:
            self.lost = "closed"
            self.app.host.net_send(self.link.key, self.link.text("bye"))
        self.app.host.net_close(self.link.key)

    def sync(self):
        pass

    def refused(self, seat, err):
        pass

    def seat_gone(self, seat):
        pass

    def waiting(self, movers, ctx):
        return None

    def guest_ready(self, seat, move):
        return False

    def wait_ready(self):
        """Next round on a guest's device: the host hears this person is ready (the move that
        starts a round: an older host starts it at once) and the summary stays until the
        host starts the round. Whether it waits (True: always, once sent)."""
        session = self.session
        if self.ready_for is session.pause:
            return True
        move = session.gui.next_round_move(session.match.view(None), session.ctx(None))
        self.ready_for = session.pause           # (before: the move's frame shows the wait)
        if not session.play(session.humans[0], move.move):
            self.ready_for = None                # not sent (the connection is lost): say so
            self.app.refresh()
        else:
            self.app.host.announce(waiting_text(self.t, self.waits()))
        return True

    def waits(self):
        """The names of the people the table still waits for, as the host last said (none
        from an older host)."""
        names = self.session.names()
        return [names[s] for s, seat in enumerate(self.link.seats or [])
                if s != self.link.seat and seat.get("ready") is False]

    def round_button(self):
        """The summary's Next round once pressed: who the table still waits for (the host's
        seats message says; none from an older host)."""
        session = self.session
        if session.pause is None or self.ready_for is not session.pause:
            return None
        return waiting_buttons(self.t, self.waits(), False)

    def send_move(self, move):
        if self.lost is not None:
            raise IllegalMove("no connection to the host", key="net.lost")
        _, text = self.link.move(move)
        self.app.host.net_send(self.link.key, text)

    def pause(self, on):
        if self.lost is None:
            self.app.host.net_send(self.link.key, self.link.text("pause", on=bool(on)))

    def net_event(self, kind, key, data):
        if key != self.link.key:
            return
        if kind == "message":
            try:
                msg, replies = self.link.receive(data, self.app.host.now())
            except BadMessage as e:
                self.app.host.warn(f"bodoge: a message from the host was refused: {e}")
                return
            for text in replies:
                self.app.host.net_send(self.link.key, text)
            if msg is not None:
                self.heard(msg)
        elif kind in ("closed", "error") and self.lost is None:
            self.lost = "lost"
            self.heard(message("bye", why="lost"))

    def heard(self, msg):
        """A message from the host: bring the session up to date."""
        session, app = self.session, self.app
        kind = msg["t"]
        link = self.link
        if kind == "view":
            session.heard(link.view)
        elif kind == "seats":
            me = link.seat
            session.seats = clean_seats({"seats": guest_seats(link.seats, me, session.seats[me]["name"])},
                                        len(session.seats), session.game.bot_levels)
            session.described = None
            app.refresh()
        elif kind == "refused":
            session.match.waiting = False
            key, params = msg["key"], msg["params"]
            try:
                session.error = self.t(key, **params) if app.i18n.has(key) else self.t("error.illegal_move")
            except (KeyError, ValueError, IndexError):
                session.error = self.t("error.illegal_move")
            app.refresh()
        elif kind == "end":
            session.match.replay = link.code
            app.refresh()
        elif kind == "bye":
            self.lost = msg["why"]
            session.match.waiting = False
            app.host.announce(self.t("net.lost_bot" if msg["why"] == "bot" else "net.lost_banner"))
            app.refresh()

    def tool(self):
        from .play import tool

        return tool("button", "open-table", "table", self.t("net.table"),
                    {"data_act": "table", "class_": "tool table-tool"
                     + (" table-waiting" if self.lost else "")})

    def banner(self):
        t = self.t
        if self.lost is not None and not (self.session.match.over and self.link.code):
            key = "net.lost_bot" if self.lost == "bot" else "net.lost_banner"
            return h("div", {"class_": "notice error save-banner table-banner", "id": "table-banner",
                             "role": "alert"}, h("p", {}, t(key)))
        return None

    def render(self):
        t = self.t
        seats = self.link.seats or []
        rows = []
        for s, seat in enumerate(seats):
            kind = t(f"net.kind.{seat['kind']}") if s != self.link.seat else t("net.kind.you")
            state = ""
            if seat["kind"] == "guest" or s == self.link.seat:
                state = t("net.state.on" if seat["on"] else "net.state.off")
                if seat["ms"] is not None and seat["on"]:
                    state += " · " + t("net.ms", ms=seat["ms"])
            if seat.get("ready"):
                state = (state + " · " if state else "") + t("net.ready")
            rows.append(h("li", {"class_": "table-seat", "id": f"table-seat-{s}"},
                          h("span", {"class_": "who"}, t("setup.seat", n=s + 1), " · ",
                            self.session.names()[s]),
                          h("span", {"class_": "kind"}, kind), h("span", {"class_": "status"}, state)))
        return h("div", {"class_": "table-panel"},
                 h("ul", {"class_": "table-seats", "aria_label": t("net.seats")}, rows),
                 h("p", {"class_": "hint"}, t("net.guest_about")))


def remembered_name(store) -> str:
    """The name this device last joined a table with, or "" (none; a value that is not such a
    name as ``clean_name`` keeps, or that storage will not give, is ignored)."""
    try:
        value = store.get(GUEST_NAME_KEY)
    except Exception:     # a blocked or broken store: no name, the page goes on
        return ""
    return value if isinstance(value, str) and value and clean_name(value) == value else ""


def remember_name(store, name):
    """Keep ``name`` for the next invite (as text); a full or blocked storage keeps nothing."""
    with contextlib.suppress(Exception):
        store.set(GUEST_NAME_KEY, clean_name(name))


class JoinScreen:
    """A guest opened an invite link: its name, then its answer for the host, then the game."""

    framed = False

    def __init__(self, app, code):
        self.app = app
        self.invite = read_invite(code, bool(app.settings.stun))     # BadMessage: the app says why
        if not is_known(self.invite.game):
            raise BadMessage("an invite to an unknown game", key="net.code_damaged")
        self.state = "name"          # name | answering | answer | joining | rename | failed
        self.name = remembered_name(app.host.store)      # a rejoin: the name given last time
        self.error = None
        self.answer = None
        self.link = None
        self.tries = 0
        self.qr = {}

    @property
    def t(self):
        return self.app.t

    def close(self):
        if self.link is not None and self.state != "done":
            self.app.host.net_close(self.link.key)

    def act(self, action, arg, form):
        app = self.app
        if action == "join" and self.state in ("name", "failed", "rename"):
            self.name = clean_name(form.get("name", ""))
            if not self.name:
                self.error = self.t("net.join_name_needed")
                app.focus_next = "join-name"
                app.refresh()
                return
            self.error = None
            if self.state == "rename":         # connected, the name was taken: another name
                self.state = "joining"
                app.host.net_send(self.link.key, self.link.hello(self.name))
                app.refresh()
                return
            self.tries += 1
            if self.link is not None:
                app.host.net_close(self.link.key)
            self.link = GuestLink(self.invite, f"g{self.invite.seat}-{self.invite.nonce}-{self.tries}")
            self.state = "answering"
            app.host.net_answer(self.link.key, self.invite.sdp, app.settings.stun)
            app.refresh()
        elif action == "join-copy" and self.answer:
            ok = app.host.copy(self.answer)
            app.host.announce(self.t("share.copied" if ok else "share.copy_failed"))

    def net_event(self, kind, key, data):
        app = self.app
        if self.link is None or key != self.link.key:
            return
        if kind == "answer":
            try:
                self.answer = make_answer(data, self.invite.seat, self.invite.nonce,
                                          bool(app.settings.stun))
                self.state = "answer"
            except BadMessage as e:
                self.state, self.error = "failed", self.t(e.key)
            app.focus_next = "join-answer-title"
            app.refresh()
        elif kind == "open":
            self.state = "joining"
            app.host.net_send(key, self.link.hello(self.name))
            app.refresh()
        elif kind == "message":
            try:
                msg, replies = self.link.receive(data, app.host.now())
            except BadMessage as e:
                app.host.warn(f"bodoge: a message from the host was refused: {e}")
                return
            for text in replies:
                app.host.net_send(key, text)
            if msg is not None and msg["t"] == "bye":
                self.lost("net.join_refused")
            elif msg is not None and msg["t"] == "refused" and msg["key"] == "net.name_taken" \
                    and self.state == "joining" and not self.link.welcome:
                self.state = "rename"
                self.error = self.t("net.name_taken", name=self.name)
                app.focus_next = "join-name"
                app.refresh()
            elif self.link.welcome and self.link.seats and self.link.view is not None:
                self.state = "done"
                remember_name(app.host.store, self.name)
                app.screen = app.open_guest(self.link, self.name)
                app.focus_next = "prompt"
                app.refresh()
        elif kind in ("closed", "error") and self.state != "failed":
            self.lost("net.join_failed")

    def lost(self, key):
        self.state, self.error = "failed", self.t(key)
        self.app.refresh()

    def render(self):
        t = self.t
        inv = self.invite
        g = info(inv.game)
        title = (t("net.join_title_host", host=inv.host, game=game_name(self.app.i18n, inv.game))
                 if inv.host else t("net.join_title", game=game_name(self.app.i18n, inv.game)))
        parts = [h("h1", {"id": "main-heading", "tabindex": "-1"}, title),
                 h("p", {"class_": "lead"}, self.seat_line(t, inv, g))]
        if self.state in ("name", "failed", "answering", "rename"):
            parts.append(h("form", {"data_act": "join", "class_": "join-form panel"},
                           h("label", {"for": "join-name"}, t("net.join_name")),
                           h("input", {"id": "join-name", "name": "name", "maxlength": "24",
                                       "autocomplete": "nickname", "value": self.name,
                                       "aria_invalid": "true" if self.error and self.state in ("name", "rename")
                                       else None}),
                           h("p", {"class_": "error", "role": "alert"}, self.error or ""),
                           h("button", {"type": "submit", "class_": "button primary", "id": "join-go",
                                        "disabled": self.state == "answering"},
                             t("net.join_again") if self.state == "failed" else t("net.join_go"))))
            if self.state == "answering":
                parts.append(h("p", {"role": "status"}, t("net.making")))
        elif self.state in ("answer", "joining"):
            qr = qr_svg(qr_rows(self.qr, self.app.host, self.answer), t("net.qr_answer"), "answer-qr")
            status = t("net.join_waiting") if self.state == "answer" else t("net.join_joining")
            parts.append(h("section", {"class_": "panel join-answer", "aria_labelledby": "join-answer-title"},
                           h("h2", {"id": "join-answer-title", "tabindex": "-1"}, t("net.join_answer_title")),
                           h("p", {}, t("net.join_answer_how")),
                           qr,
                           h("label", {"for": "join-answer"}, t("net.join_answer_code")),
                           h("textarea", {"id": "join-answer", "readonly": True, "rows": "4",
                                          "spellcheck": "false"}, self.answer),
                           h("p", {"class_": "actions"},
                             h("button", {"type": "button", "class_": "button", "data_act": "join-copy",
                                          "id": "join-copy"}, t("share.copy_code"))),
                           h("p", {"role": "status", "id": "join-status"}, status)))
        parts.append(h("p", {}, h("a", {"class_": "button", "href": "#/"}, t("setup.back"))))
        return h("main", {"class_": "screen join-screen"}, parts)

    @staticmethod
    def seat_line(t, inv, g):
        """The seat taken and this game's number of players (the catalogue's range only for an
        invite that does not say)."""
        if inv.players is not None:
            return t("net.join_seat_of", seat=inv.seat + 1, n=inv.players)
        return [t("net.join_seat", seat=inv.seat + 1), " ",
                t("shelf.players", lo=g.min_players, hi=g.max_players)
                if g.min_players != g.max_players else t("shelf.players_fixed", n=g.min_players)]
