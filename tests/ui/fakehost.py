"""A host for the App that records what the browser would do (see bodoge.ui.app)."""

import json
import re
from html.parser import HTMLParser

from bodoge.ui.app import App
from bodoge.ui.storage import SETTINGS_KEY, MemoryStore


def make_app(store=None, hash_="#/", lang="en", speed="instant", motion=None, safe=False):
    """An App on a FakeHost, started at ``hash_``. Unless ``store`` already has settings, bots
    move at once (``speed``; None: the app's default settings) in ``lang``. ``safe``: started
    without saved games (the app gets an empty memory store; ``store`` is the browser's)."""
    host = FakeHost(store)
    if speed and SETTINGS_KEY not in host.store.data:
        settings = {"lang": lang, "speed": speed}
        if motion:
            settings["motion"] = motion
        host.store.set(SETTINGS_KEY, json.dumps(settings))
    if safe:
        host.browser, host.store = host.store, MemoryStore(persistent=False)
    app = App(host, safe=True) if safe else App(host)
    host.app = app
    app.start(hash_)
    return app, host


class FakeHost:
    def __init__(self, store=None):
        self.store = store if store is not None else MemoryStore()
        self.browser = self.store          # what the browser holds (raw_entries reads it)
        self.html = ""
        self.focused = None
        self.announced = []
        self.timers = []
        self.hash = ""
        self.clock = 1_700_000_000_000.0
        self.copied = []
        self.seed = 12345
        self.app = None
        self.settings_applied = None
        self.elapsed = 0.0            # the timers' clock (ms): a timer runs when it falls due
        self.renders = []             # (elapsed, moves played so far or None) per render
        self.warnings = []
        self.network = None           # a FakeNetwork joins several hosts (devices)
        self.net_calls = []           # (method, key, ...) as the app made them
        self.qr_texts = []            # what QR codes were made of
        self.scanning = None          # the <video> id a scan runs in
        self.held = None              # [fn] held back by after_paint (None: run at once)
        self.persist_calls = []       # storage_persist's ``ask`` per call, in order
        self.persist_pending = []     # its answers, until ``answer_persist`` gives them
        self.persist_answer = False   # what the browser answers (None: it has no such call)
        self.device_info = {"ua": "Mozilla/5.0 (X11; Linux x86_64)", "touch": 0,
                            "standalone": False}
        self.downloads = []           # (name, text) offered as files
        self.picked = []              # file inputs whose picker was opened
        self.files = {}               # input id -> the text (or None: unreadable) chosen in it
        self.file_reads = []          # input ids whose file was read

    # --- the host interface --------------------------------------------------------------------
    def render(self, html, focus):
        self.html = html
        self.focused = focus
        match = getattr(getattr(self.app, "screen", None), "match", None)
        self.renders.append((self.elapsed, None if match is None else len(match.record.moves)))

    def announce(self, text):
        self.announced.append(text)

    def after_paint(self, fn):
        """The browser runs ``fn`` after the next frame; here at once, unless a test holds such
        work back (``painted`` runs what was held)."""
        if self.held is None:
            fn()
        else:
            self.held.append(fn)

    def painted(self):
        held, self.held = self.held, []
        for fn in held:
            fn()

    def later(self, ms, fn):
        self.timers.append((self.elapsed + ms, fn))

    def next_frame(self, fn):
        """The browser runs ``fn`` before its next frame: here as a timer (``run_timers``, or
        a FakeNetwork's ``run``, runs it)."""
        self.later(0, fn)

    def set_hash(self, h, replace=False):
        self.hash = h
        if self.app is not None and not replace:
            self.app.route(h)          # the browser fires hashchange (not for replaceState)

    def copy(self, text):
        self.copied.append(text)
        return True

    def now(self):
        self.clock += 1000
        return self.clock

    def random_seed(self):
        self.seed += 1
        return self.seed

    def format_time(self, ms, lang):
        return f"t{int(ms)}"

    def base_url(self):
        return "https://example.org/bodoge/"

    touch_screen = False          # a test may set it: ``touch()``

    def touch(self):
        return self.touch_screen

    def apply_settings(self, settings):
        self.settings_applied = (settings.lang, settings.motion)

    def raw_entries(self):
        return json.dumps({k: v for k, v in self.browser.data.items() if k.startswith("bodoge:")})

    def warn(self, text):
        self.warnings.append(text)

    # --- keeping saves -------------------------------------------------------------------------
    def storage_persist(self, ask, done):
        """The browser answers later (``answer_persist``), as a promise would."""
        self.persist_calls.append(ask)
        self.persist_pending.append(done)

    def answer_persist(self, *value):
        """Give the pending answers: ``value`` if given (None: the call failed), else
        ``persist_answer``."""
        pending, self.persist_pending = self.persist_pending, []
        for done in pending:
            done(value[0] if value else self.persist_answer)

    def device(self):
        return dict(self.device_info)

    def download(self, name, text):
        self.downloads.append((name, text))
        return True

    def pick_file(self, input_id):
        self.picked.append(input_id)

    def choose_file(self, text, input_id="import-file"):
        """The player picks a file holding ``text`` (str; None: unreadable) and the page
        reads it, as the change event does."""
        self.files[input_id] = text
        self.app.act("import", input_id, {})

    def read_file(self, input_id, max_bytes, done):
        if input_id not in self.files:
            return
        text = self.files.pop(input_id)
        if text is not None and len(text.encode("utf-8")) > max_bytes:
            done(None, "too_large")                   # refused unread
            return
        self.file_reads.append(input_id)
        done(text, None) if text is not None else done(None, "unreadable")

    # --- play on several devices: through a FakeNetwork, if there is one ---------------------
    def net_offer(self, key, stun):
        self.net_calls.append(("offer", key, stun))
        if self.network:
            self.network.offer(self, key)

    def net_answer(self, key, sdp, stun):
        self.net_calls.append(("answer", key, stun))
        if self.network:
            self.network.answer(self, key, sdp)

    def net_accept(self, key, sdp):
        self.net_calls.append(("accept", key))
        if self.network:
            self.network.accept(self, key, sdp)

    def net_send(self, key, text):
        if self.network:
            return self.network.send(self, key, text)
        return False

    def net_hold(self, key, ms, most):
        self.net_calls.append(("hold", key, ms, most))     # (the page's side: tests/unit/test_net_js.py)

    def net_close(self, key):
        self.net_calls.append(("close", key))
        if self.network:
            self.network.close(self, key)

    def qr(self, text):
        self.qr_texts.append(text)
        return ["1110", "1010", "0111", "1001"]     # a stand-in: tests read qr_texts

    def scan(self, video_id):
        self.scanning = video_id

    # --- test helpers --------------------------------------------------------------------------
    def run_timers(self, limit=10000):
        """Run timers in the order they were set (each moves ``elapsed`` on to its time)."""
        n = 0
        while self.timers and n < limit:
            due, fn = self.timers.pop(0)
            self.elapsed = max(self.elapsed, due)
            fn()
            n += 1
        return n

    def text(self):
        return Text.of(self.html)

    def has(self, pattern):
        return re.search(pattern, self.html) is not None


class Text(HTMLParser):
    """The visible text of rendered markup (to check what a player would read)."""

    def __init__(self):
        super().__init__()
        self.parts = []

    def handle_data(self, data):
        self.parts.append(data)

    @classmethod
    def of(cls, html):
        p = cls()
        p.feed(html)
        return " ".join(" ".join(p.parts).split())


def sdp(ufrag, setup, port):
    """A session description as a browser makes one (a data channel, one host candidate)."""
    fp = ":".join(f"{(ord(c) * 7 + i) % 256:02X}" for i, c in enumerate((ufrag * 32)[:32]))
    return "\r\n".join([
        "v=0", "o=- 4611731400430051336 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
        "a=extmap-allow-mixed", "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
        f"a=candidate:2066764865 1 udp 2113937151 192.168.1.{port % 200 + 2} {port} typ host "
        "generation 0 network-cost 999",
        f"a=candidate:1 1 tcp 1518280447 192.168.1.{port % 200 + 2} 9 typ host tcptype active",
        f"a=ice-ufrag:{ufrag}", f"a=ice-pwd:{ufrag}pwdpwdpwdpwdpwdpwd", "a=ice-options:trickle",
        f"a=fingerprint:sha-256 {fp}", f"a=setup:{setup}", "a=mid:0", "a=sctp-port:5000",
        "a=max-message-size:262144", ""])


class FakeNetwork:
    """Connections between FakeHosts (devices), with the offer/answer dance of WebRTC: an
    answer connects only to the offer it answers. Every message goes through ``run``, so a
    test sees the order in which devices hear things; ``log`` keeps (from, to, text)."""

    def __init__(self, *hosts):
        self.hosts = []
        self.n = 0
        self.offers = {}         # ufrag -> (host, key)
        self.answers = {}        # ufrag -> (guest host, key, offer ufrag)
        self.peer = {}           # (id(host), key) -> (host, key)
        self.log = []
        self.drop = False        # lose every message (a network gone)
        for host in hosts:
            self.attach(host)

    def attach(self, host):
        host.network = self
        self.hosts.append(host)
        return host

    def ufrag(self, sdp_text):
        for line in sdp_text.split("\r\n"):
            if line.startswith("a=ice-ufrag:"):
                return line.split(":", 1)[1]
        return None

    def offer(self, host, key):
        self.n += 1
        ufrag = f"off{self.n}"
        self.offers[ufrag] = (host, key)
        text = sdp(ufrag, "actpass", 40000 + self.n)
        host.later(0, lambda: host.app.net_event("offer", key, text))

    def answer(self, host, key, offer_sdp):
        self.n += 1
        ufrag = f"ans{self.n}"
        self.answers[ufrag] = (host, key, self.ufrag(offer_sdp))
        text = sdp(ufrag, "active", 40000 + self.n)
        host.later(0, lambda: host.app.net_event("answer", key, text))

    def accept(self, host, key, answer_sdp):
        got = self.answers.get(self.ufrag(answer_sdp))
        if got is None:
            return
        guest, gkey, offer = got
        if self.offers.get(offer) != (host, key):
            return                      # an answer to another offer: ICE would never connect
        self.peer[(id(host), key)] = (guest, gkey)
        self.peer[(id(guest), gkey)] = (host, key)
        host.later(0, lambda: host.app.net_event("open", key))
        guest.later(0, lambda: guest.app.net_event("open", gkey))

    def send(self, host, key, text):
        peer = self.peer.get((id(host), key))
        if peer is None:
            return False
        other, okey = peer
        self.log.append((host, other, text))
        if not self.drop:
            other.later(0, lambda: other.app.net_event("message", okey, text))
        return True

    def close(self, host, key):
        peer = self.peer.pop((id(host), key), None)
        if peer is None:
            return
        other, okey = peer
        self.peer.pop((id(other), okey), None)
        other.later(0, lambda: other.app.net_event("closed", okey))

    def run(self, limit=20000, until=None):
        """Run the devices' timers, the one due first first (all clocks start at 0), until
        none is left (or ``until()`` holds); how many ran."""
        n = 0
        while n < limit and not (until and until()):
            due = [(t[0], i, h, j) for i, h in enumerate(self.hosts) for j, t in enumerate(h.timers)]
            if not due:
                break
            when, _, h, j = min(due, key=lambda x: (x[0], x[1], x[3]))
            _, fn = h.timers.pop(j)
            h.elapsed = max(h.elapsed, when)
            fn()
            n += 1
        return n
