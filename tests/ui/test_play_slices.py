"""The play screen runs a thinking (generator) bot in slices and always makes progress, even
when a single step of the bot takes longer than a slice."""

import json

from bodoge.core.bot import Bot
from bodoge.ui.app import App
from bodoge.ui.storage import SETTINGS_KEY

from .fakehost import FakeHost


class SlowThinker(Bot):
    """Yields a few times (each step "takes" a whole second of the fake clock), then stays."""

    level = "strong"
    steps = 0

    def act(self, view):
        def gen():
            for _ in range(3):
                SlowThinker.steps += 1
                yield
            return {"a": "stay"} if view["phase"] == "again" else self.attack(view)
        return gen()

    def attack(self, view):
        s = 1 - self.seat
        p = next(p for p, c in enumerate(view["rows"][s]) if not c["up"])
        move = {"a": "attack", "s": s, "p": p, "n": 0}
        if view["drawn"] is None and view["stake"] is None:
            move["w"] = next(p for p, c in enumerate(view["rows"][self.seat]) if not c["up"])
        return move


def test_generator_bot_progresses_with_a_clock_slower_than_a_slice(monkeypatch):
    host = FakeHost()
    host.store.set(SETTINGS_KEY, json.dumps({"lang": "en", "speed": "instant"}))
    app = App(host)
    host.app = app
    app.start("#/")
    from bodoge.games.algo import GAME

    monkeypatch.setattr(GAME, "make_bot", lambda level, seat, seed: SlowThinker(seat, seed))
    app.route("#/new/algo")
    app.act("start", "", {"players": "2", "kind0": "human", "kind1": "strong"})
    screen = app.screen
    view = screen.match.view(0)
    s, p = 1, next(p for p, c in enumerate(view["rows"][1]) if not c["up"])
    real = screen.match.state["rows"][1][p]["id"] >> 1
    app.act("target", f"{s}-{p}")
    from .test_app import open_numbers

    app.act("declare", str(next(n for n in open_numbers(view, s, p) if n != real)))   # a miss
    assert screen.match.to_move() == [1]
    moves = len(screen.match.record.moves)
    host.run_timers(limit=200)
    assert SlowThinker.steps >= 3
    assert len(screen.match.record.moves) > moves      # the bot's move was played
