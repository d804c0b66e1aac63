"""Property: the replay of a shared code of an unfinished game, in any game of the catalogue, shows
at every move exactly the spectator's view and nothing more: the game is never asked for a
seat's view or for ``reveal`` (so no hidden number, watched card, private sheet or Toss card can
reach the page), and what is drawn is what the game's UI draws from ``view(state, None)``."""

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bodoge.core.record import Record, encode
from bodoge.core.selfplay import play_one
from bodoge.games import PLAYABLE, get_game
from bodoge.ui.html import render

from games.suite import spec

from .fakehost import make_app
from .page import Page

# options and the bot levels that self-play them, each game's (its protocol.py's SELFPLAY)
SETUPS = {g: spec(g).selfplay for g in PLAYABLE}
_RECORDS = {}


def record(game_id, setup, seed):
    key = (game_id, setup, seed)
    if key not in _RECORDS:
        options, level = SETUPS[game_id][setup]
        game = get_game(game_id)
        options = game.options(options)
        _RECORDS[key] = play_one(game_id, options, seed, [level] * options["players"]).record
    return _RECORDS[key]


@st.composite
def unfinished(draw):
    game_id = draw(st.sampled_from(sorted(SETUPS)))
    setup = draw(st.integers(0, len(SETUPS[game_id]) - 1))
    seed = draw(st.integers(0, 2))
    rec = record(game_id, setup, seed)
    cut = draw(st.integers(0, len(rec.moves) - 1))          # never the last move: unfinished
    people = draw(st.integers(0, rec.options["players"]))
    seats = [{"name": f"P{s}", "bot": None if s < people else "normal"}
             for s in range(rec.options["players"])]
    visits = draw(st.lists(st.integers(0, cut), min_size=1, max_size=8))
    return game_id, encode(Record(rec.game, rec.version, rec.options, rec.seed, rec.moves[:cut],
                                  {"seats": seats})), visits


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(unfinished())
def test_a_shared_unfinished_game_is_replayed_as_a_spectator_sees_it(case):
    game_id, code, visits = case
    event(game_id)
    game = get_game(game_id)
    asked = []
    real_view, real_reveal = type(game).view, type(game).reveal

    def view(self, state, seat):
        asked.append(seat)
        return real_view(self, state, seat)

    def reveal(self, state):
        asked.append("reveal")
        return real_reveal(self, state)

    type(game).view, type(game).reveal = view, reveal
    try:
        app, host = make_app(hash_=f"#replay={code}&move={visits[0]}")
        screen = app.screen
        assert type(screen).__name__ == "ReplaySession" and not screen.finished
        assert screen.perspectives() == ["table"] and Page(host.html).by_id("replay-seat") is None
        prev, fresh = screen.at, None
        for k in visits:
            app.act("replay-go", str(k))
            assert screen.at == k
            state = screen.history.state(k)
            spectator = real_view(game, state, None)
            assert screen.view_at(k) == spectator
            # what the stage shows is what the game draws from the spectator's view
            ctx = screen.ctx(None)
            ctx.replay = True
            ctx.pause = screen.round_end(spectator, k)
            if k != prev:                    # (the same move again draws nothing new)
                fresh = screen.history.log_end[prev] if k == prev + 1 else None
            ctx.fresh_from = fresh
            stage = render(screen.gui.replay_board(spectator, ctx))
            assert stage in host.html
            prev = k
        app.key("ArrowRight")
        app.key("End")
        app.act("share")
        app.act("log", "open")
        assert set(asked) == {None}, f"{game_id} asked for {set(asked) - {None}}"
    finally:
        type(game).view, type(game).reveal = real_view, real_reveal
