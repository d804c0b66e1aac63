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

    # --- the host interface --------------------------------------------------------------------
    def render(self, html, focus):
        self.html = html
        self.focused = focus
        match = getattr(getattr(self.app, "screen", None), "match", None)
        self.renders.append((self.elapsed, None if match is None else len(match.record.moves)))

    def announce(self, text):
        self.announced.append(text)

    def later(self, ms, fn):
        self.timers.append((self.elapsed + ms, fn))

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

    def apply_settings(self, settings):
        self.settings_applied = (settings.lang, settings.motion)

    def raw_entries(self):
        return json.dumps({k: v for k, v in self.browser.data.items() if k.startswith("bodoge:")})

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
