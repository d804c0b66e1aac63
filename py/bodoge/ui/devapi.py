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
        messages dropped unread (beyond its budget) and the smoothed delay in ms
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
                "refused": link.refused, "dropped": link.dropped, "ms": link.ms}
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
