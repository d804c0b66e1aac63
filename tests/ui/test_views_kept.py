"""While a move is handled the screen asks for the same views several times; ``Match.view``
makes each once (``Match.views_kept``). Nothing that reads a kept view may change it: whole
games of every game run here with a check that fails if one does."""

import pytest

from bodoge.core.match import Match
from bodoge.core.protocol import clone
from bodoge.core.record import Record, encode
from bodoge.games import PLAYABLE, get_game, info

from .fakehost import make_app
from .page import Page

# the games played in turns (a game in real time needs a clock: see the Play Me! test below)
TURNS = [g for g in PLAYABLE if not get_game(g).realtime]


@pytest.fixture
def checked(monkeypatch):
    """``Match.view`` that fails when a kept view handed out before was changed since."""
    view = Match.view
    copies = {}                   # id of a kept view -> (the view, a copy of it as made)

    def checking(self, seat):
        got = view(self, seat)
        if self._views is not None:
            was = copies.get(id(got))
            if was is None or was[0] is not got:
                copies[id(got)] = (got, clone(got))
            elif was[1] != got:
                raise AssertionError(f"a view of seat {seat} was changed by its reader")
        return got

    monkeypatch.setattr(Match, "view", checking)


def test_views_are_made_once_per_position_only_while_kept():
    m = Match.new("bossa", {}, 7)
    assert m.view(0) is not m.view(0) and m.view(0) == m.view(0)
    with m.views_kept():
        first = m.view(0)
        assert m.view(0) is first and m.view(1) is not first
        m.play(m.to_move()[0], get_game("bossa").legal_moves(m.state, m.to_move()[0])[0])
        assert m.view(0) is not first                # a new position: a new view
    assert m.view(0) is not m.view(0)


def test_a_reader_that_changes_a_kept_view_is_caught(checked):
    m = Match.new("bossa", {}, 7)
    with m.views_kept():
        m.view(0)["log"].append("scribble")
        with pytest.raises(AssertionError):
            m.view(0)


@pytest.mark.parametrize("game_id", TURNS)
def test_whole_games_through_the_screen_never_change_a_kept_view(checked, game_id):
    game = get_game(game_id)
    n = game.options(info(game_id).demo_options)["players"]
    level = game.bot_levels[-1]
    seats = [{"name": f"Bot {s + 1}", "bot": level} for s in range(n)]
    opts = game.options({"players": n})
    code = encode(Record(game_id, game.rules_version, opts, 11, [], {"seats": seats}))
    app, host = make_app(hash_="#load=" + code, speed="instant")
    screen = app.screen
    for _ in range(400):
        if screen.match.over:
            break
        host.run_timers(2000)
        if getattr(screen, "pause", None) is not None:
            app.act("next-round", "", {})
    assert screen.match.over and len(screen.match.record.moves) > 10


def test_play_me_rounds_with_a_person_pressing_dice_never_change_a_kept_view(checked):
    app, host = make_app(hash_="#/new/playme")
    app.act("start", "", {"players": "3", "kind0": "human", "kind1": "easy", "kind2": "easy"})
    screen = app.screen
    screen.drive_clock("manual")
    played = 0
    for step in range(300):
        if screen.match.over:
            break
        if Page(host.html).by_id("start-round") is not None:
            app.act("start-round", "")
        elif getattr(screen, "pause", None) is not None:
            app.act("next-round", "")
        before = len(screen.match.record.moves)
        app.key(str(1 + step % 3))
        played += any(seat == 0 for seat, _ in screen.match.record.moves[before:])
        screen.drive_clock("advance", 400)
    assert played > 5
