"""``window.bodoge`` in the page: what tests and benchmarks ask the running Python.

Plain values only (strings, numbers), so it is easy to call from Playwright.
"""

import json

from ..core.canon import state_hash
from ..core.match import Match
from ..core.rng import derive_seed
from ..core.selfplay import _percentile


class Api:
    def __init__(self, app):
        self.app = app

    def stateHash(self, code):
        """sha256 of the canonical state that a save code replays to."""
        return state_hash(Match.from_code(str(code)).state)

    def codeFor(self, game_id, options_json, seed, moves_json):
        """Replay moves from a seed and return the save code (to compare with CPython)."""
        match = Match.new(str(game_id), json.loads(str(options_json)), int(seed))
        for seat, move in json.loads(str(moves_json)):
            match.play(seat, move)
        return match.code()

    def botTimes(self, game_id, level, games, seed, players=2, options_json=""):
        """Play ``games`` bot-vs-bot games here; decision times (ms) of ``level`` at seat 0.
        ``options_json``: more game options (e.g. a mode), as JSON."""
        from ..core.selfplay import play_one

        options = dict(json.loads(str(options_json)) if options_json else {}, players=int(players))
        times = []
        for g in range(int(games)):
            levels = [str(level)] + ["normal"] * (int(players) - 1)

            def rec(seat, secs):
                if seat == 0:
                    times.append(secs * 1000)

            play_one(str(game_id), options, derive_seed(int(seed), g), levels, on_decision=rec)
        return json.dumps({"n": len(times), "mean": sum(times) / max(1, len(times)),
                           "p95": _percentile(times, 0.95), "max": max(times, default=0)})

    def clock(self, action="now", ms=0):
        """Drive the game clock of a real-time game (``Session.drive_clock``): "manual" (the
        clock stops following real time), "advance" (by ``ms``, running all that falls due),
        "real", or "now". Returns the game time in ms, or -1 if the screen has no clock."""
        drive = getattr(self.app.screen, "drive_clock", None)
        return -1 if drive is None else drive(str(action), int(ms))

    def play(self, seat, move_json):
        """Play a move for ``seat`` on the open game screen as if that player made it (the
        screenshots tool uses it to end a round in front of the camera). Whether it was
        played (False: refused, or no game open)."""
        play = getattr(self.app.screen, "play", None)
        return bool(play and play(int(seat), json.loads(str(move_json))))

    def replayHash(self):
        """sha256 of the state at the move a replay shows ("" if no replay is open)."""
        screen = self.app.screen
        history = getattr(screen, "history", None)
        return "" if history is None or not hasattr(screen, "at") else state_hash(history.state(screen.at))

    def screen(self):
        """What is open: the screen's kind ("ShelfScreen", "Session", "ReplaySession"...),
        "GuestSession" on a guest's device."""
        screen = self.app.screen
        return ("Guest" if getattr(screen, "guest", False) else "") + type(screen).__name__

    def keptSent(self):
        """How many kept parts the page's patches have had as markers (``html.Page``)."""
        page = getattr(self.app.host, "page", None)
        return -1 if page is None else page.sent

    def frozen(self):
        """How many objects the garbage collector leaves alone (frozen by ui/dom.py's
        settle_memory once the first screen is painted)."""
        import gc

        return gc.get_freeze_count()

    def stdlibSources(self):
        """JSON: the standard modules this page has compiled from source, sorted (tools/build.py
        ships those a boot imports as bytecode: the list stays empty through a boot and a game)."""
        from ..warm import stdlib_files

        return json.dumps(sorted(name for name, f in stdlib_files().items() if f.endswith(".py")))

    def stdlibMissing(self):
        """JSON: the package's import statements that do not resolve in this page (the site's
        standard library holds only the modules the site imports: the list stays empty)."""
        from ..warm import unresolved_imports

        return json.dumps(unresolved_imports())

    def status(self):
        """The open game screen as this device knows it, as JSON: the seats to move, how many
        lines its view's log has, how many moves its record has (none on a guest's device:
        the host keeps the record), whether the game is over, and whether a round summary is
        up ("" if no game is open). On a guest's device this is the view the host last sent."""
        screen = self.app.screen
        match = getattr(screen, "match", None)
        if match is None:
            return ""
        view = match.view(getattr(screen, "viewer", None))
        return json.dumps({"to_move": list(match.to_move()), "log": len(view.get("log", ())),
                           "moves": len(match.record.moves),
                           "over": bool(match.over), "pause": getattr(screen, "pause", None) is not None})

    def view(self, seat):
        """The open game screen's view for ``seat``, as JSON ("" if no game is open). On a
        guest's device this is the view the host last sent: all the device knows."""
        match = getattr(self.app.screen, "match", None)
        return "" if match is None else json.dumps(match.view(int(seat)))

    def table(self):
        """The host's connections to its guests (play on several devices), as JSON: per remote
        seat its state, the bytes and messages sent each way, its moves the rules refused, the
        messages dropped unread (beyond its budget; ``skipped``: of them, those the page
        dropped without calling Python) and the smoothed delay in ms
        ("" if this screen has no host's table)."""
        seats = getattr(getattr(self.app.screen, "table", None), "seats", None)
        if not isinstance(seats, dict):
            return ""
        out = {}
        for s, ts in seats.items():
            link = ts.link
            out[str(s)] = {"state": ts.state} if link is None else {
                "state": ts.state, "bytes_out": link.bytes_out, "bytes_in": link.bytes_in,
                "messages_out": link.messages_out, "messages_in": link.messages_in,
                "refused": link.refused, "dropped": link.dropped, "skipped": link.skipped,
                "ms": link.ms}
        return json.dumps(out)

    def lesson(self):
        """The open lesson (tests follow it): JSON with ``step`` (0-based, the one shown),
        ``total``, ``busy`` (scripted moves still playing), ``finished``, ``moves`` (played so
        far), and the shown step's ``look`` (its own spots: on screen now), ``spots`` (all it
        highlights, those its moves click included), ``expect`` (whether it asks for a
        move), ``do`` (the actions that make its first accepted move), ``wrong``, and its
        ``text`` and ``hint`` as shown; "" when no lesson is open."""
        from .lesson import Lesson, text_of

        screen = self.app.screen
        script = getattr(screen, "script", None)
        lesson = getattr(script, "lesson", None)
        if not isinstance(lesson, Lesson):
            return ""
        step = script.step() or {}
        expect = step.get("expect") or []
        return json.dumps({"game": lesson.game_id, "step": script.at, "total": lesson.total,
                           "busy": bool(script.queue), "finished": script.finished,
                           "moves": len(screen.match.record.moves), "look": list(step.get("spots", ())),
                           "spots": Lesson.spots(step),
                           "expect": bool(expect), "do": expect[0]["do"] if expect else [],
                           "wrong": step.get("wrong", []),
                           "text": text_of(self.app.t, step["text"], screen.touch) if step else "",
                           "hint": text_of(self.app.t, step.get("hint", "lesson.next_hint"),
                                           screen.touch)})

    # --- where a move's time goes (tools/bench_table.py --only breakdown) ----------------------
    def profileStart(self):
        """Time the stages of what follows (a move, its redraw, what it leaves for after the
        frame) with ``time.perf_counter``, until ``profileTake``: the rules, the game's
        ``moved`` hook, announcing, the pause check, saving, the screen's tree, the markup,
        the page patch (web/morph.js, with the focus and scroll around it), and the garbage
        collector. ``profileMark`` splits what the move's own call did from what came
        after it."""
        self._profile = Profile(self.app)
        return True

    def profileMark(self):
        if getattr(self, "_profile", None) is not None:
            self._profile.drain()
            self._profile.phase = "after:"
        return True

    def profileTake(self):
        """JSON {stage: [ms, calls]} since ``profileStart`` (inclusive times: "tree" holds
        "board" and "log"); the hooks are removed."""
        prof, self._profile = getattr(self, "_profile", None), None
        return json.dumps(prof.take() if prof is not None else {})


class Profile:
    """Wrappers timing named stages, installed on the classes and the open screen, and removed
    by ``take``."""

    def __init__(self, app):
        import gc
        import time

        from . import app as app_module
        from . import play, session
        from ..core import match

        self.clock = time.perf_counter
        self.phase = ""
        self.times = {}
        self.undo = []
        screen = app.screen
        gui = getattr(screen, "gui", None)
        self.wrap(match.Match, "play", "rules")
        self.wrap(session.Session, "moved", "moved")
        self.wrap(session.Session, "announce_new", "announce")
        self.wrap(session.Session, "advance", "advance")
        self.wrap(session.Session, "send_views", "send_views")
        self.wrap(session.Session, "log_entries", "log")
        self.wrap(play, "render", "tree")
        self.wrap(app_module, "render", "markup")
        self.wrap(app.host, "render", "patch", instance=True)
        if getattr(app.host, "page", None) is not None:     # the browser's: html.Page
            self.wrap(app.host.page, "markup", "markup", instance=True)
        self.js_times = None
        try:                                   # in the page: web/morph.js's own split
            from pyscript import window

            window.bodogeMorph.times = self.js_times = window.Array.new()
            self.undo.append(lambda: setattr(window.bodogeMorph, "times", None))
        except ImportError:
            pass
        saver = getattr(screen, "saver", None)
        if saver is not None:
            self.wrap(saver, "autosave", "save", instance=True)
        if gui is not None:
            for name in ("board", "pause_for", "round_summary", "prompt"):
                self.wrap(gui, name, name, instance=True)
        self.gc_started = None
        gc.callbacks.append(self.on_gc)
        self.undo.append(lambda: gc.callbacks.remove(self.on_gc))

    def on_gc(self, phase, info):
        if phase == "start":
            self.gc_started = self.clock()
        elif self.gc_started is not None:
            self.add("gc", self.clock() - self.gc_started)
            self.gc_started = None

    def add(self, stage, seconds):
        entry = self.times.setdefault(self.phase + stage, [0.0, 0])
        entry[0] += seconds * 1000
        entry[1] += 1

    def wrap(self, owner, name, stage, instance=False):
        original = getattr(owner, name)
        had = name in vars(owner) if not instance else name in getattr(owner, "__dict__", {})
        clock, add = self.clock, self.add

        def timed(*args, **kwargs):
            t0 = clock()
            try:
                return original(*args, **kwargs)
            finally:
                add(stage, clock() - t0)

        if instance:
            setattr(owner, name, timed)
            self.undo.append(lambda: setattr(owner, name, original) if had
                             else delattr(owner, name))
        else:
            raw = vars(owner)[name]
            setattr(owner, name, timed)
            self.undo.append(lambda: setattr(owner, name, raw))

    def drain(self):
        """web/morph.js's times of the patches so far: "patch: parse" and so on."""
        if self.js_times is not None:
            for entry in self.js_times.to_py():
                for part, ms in dict(entry).items():
                    self.add(f"patch: {part}", ms / 1000)
            self.js_times.length = 0

    def take(self):
        self.drain()
        times = self.times
        for undo in reversed(self.undo):
            undo()
        self.undo = []
        return {k: [round(v[0], 2), v[1]] for k, v in times.items()}
