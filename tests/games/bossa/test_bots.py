"""Bossa's bots think in slices: the page runs a thinking bot a slice at a time (about 12 ms,
``bodoge.ui.session.SLICE_MS``), so a step of its generator must be short, or a phone's page
stalls: scoring 30-odd moves took 13 ms in CPython, over 100 ms at 4× in the page, and a
round of six playouts more."""

import types

from bodoge.core.bot import think
from bodoge.core.match import Match
from bodoge.core.selfplay import play_one
from bodoge.games.bossa import bots as B


def mid_game_views(seed=3, every=3):
    rec = play_one("bossa", {}, seed, ["normal", "normal"]).record
    match = Match.from_record(rec)
    for k in range(0, len(rec.moves), every):
        state = match.history.state(k)
        for seat in match.game.to_move(state):
            view = match.game.view(state, seat)
            if view["phase"] == "play" and not view.get("due"):
                yield seat, view


def steps(gen, between=None):
    """Run a thinking generator to its end: (its move, its steps, the most ``between()`` grew
    in one step)."""
    n, most, last = 0, 0, between() if between else 0
    while True:
        try:
            next(gen)
        except StopIteration as done:
            return done.value, n, most
        n += 1
        if between:
            now = between()
            most, last = max(most, now - last), now


def test_normal_scores_one_move_a_step_and_decides_as_before():
    views = list(mid_game_views())
    assert len(views) >= 5
    for seat, view in views:
        moves = B.NormalBot(seat, 5).moves(view)
        gen = B.NormalBot(seat, 5).act(view)
        assert isinstance(gen, types.GeneratorType)
        move, n, _ = steps(gen)
        assert n >= len(moves)                               # a step per move scored
        assert move == B.NormalBot(seat, 5).score_moves(view, moves)[0][2] == think(B.NormalBot(seat, 5), view)


def test_strong_plays_out_at_most_once_a_step(monkeypatch):
    monkeypatch.setattr(B.StrongBot, "seconds", 1e6)         # the playout budget only
    monkeypatch.setattr(B.StrongBot, "playouts", 60)
    runs = [0]
    playout = B.StrongBot.playout

    def counted(self, *args):
        runs[0] += 1
        return playout(self, *args)

    monkeypatch.setattr(B.StrongBot, "playout", counted)
    searched = 0
    for seat, view in list(mid_game_views())[:6]:
        result = B.StrongBot(seat, 5).act(view)
        if not isinstance(result, types.GeneratorType):
            continue                                     # one move only: nothing to search
        before = runs[0]
        move, n, most = steps(result, lambda: runs[0])
        assert most <= 1, "a step plays out once at the most"
        assert n >= len(B.StrongBot(seat, 5).moves(view))   # scoring: a step per move
        searched += runs[0] > before
        runs_now = runs[0]
        assert think(B.StrongBot(seat, 5), view) == move     # the same decision, drained
        runs[0] = runs_now
    assert searched
