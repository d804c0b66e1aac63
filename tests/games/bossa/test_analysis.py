"""Bossa's analysis: the strong computer's own search (``StrongBot.race``) from the seat's view,
capped, run in slices: its preferred moves with estimated win chances, and the seat's move
just played against the best then."""

import types

import pytest

from bodoge.core.match import Match
from bodoge.core.selfplay import play_one
from bodoge.games.bossa import GAME
from bodoge.games.bossa import rules as R
from bodoge.games.bossa.bots import StrongBot
from bodoge.games.bossa import ui as bossa_ui
from bodoge.ui.games import Ctx, Played, game_ui
from bodoge.ui.html import render
from bodoge.ui.i18n import I18n

from ui.fakehost import Text
from ui.page import Page

GUI = game_ui("bossa")


@pytest.fixture(autouse=True)
def no_time_cap(monkeypatch):
    """The playout cap only (a loaded test machine must not cut the search short)."""
    monkeypatch.setattr(bossa_ui, "ANALYSIS_SECONDS", 1e6)


def ctx_for(seat, lang="en", played=None):
    ctx = Ctx(I18n(lang), ["Aki", "Ben"], seat, [0])
    ctx.played = played
    return ctx


def run(result):
    if not isinstance(result, types.GeneratorType):
        return result, 0
    slices = 0
    while True:
        try:
            next(result)
            slices += 1
        except StopIteration as done:
            return done.value, slices


def game(seed=3, options=None):
    rec = play_one("bossa", options or {}, seed, ["normal", "normal"]).record
    match = Match.from_record(rec)
    return match, [match.history.state(k) for k in range(len(rec.moves) + 1)]


def choices(html):
    return [(float(li.attrs["data-p"]) if li.attrs["data-p"] else None, int(li.attrs["data-runs"]))
            for li in Page(html).where(tag="li", cls="an-choice")]


def test_the_preferred_moves_are_the_strong_bot_s_search_from_the_seat_s_view():
    match, states = game()
    checked = 0
    # (a draw that is due is a position with one move: rules version 3)
    for state in [s for s in states[4:] if not s.get("due") and GAME.to_move(s)][:36:4]:
        seat = GAME.to_move(state)[0]
        view = GAME.view(state, seat)
        moves = R.view_moves(view, seat)
        if len(moves) < 2:
            continue
        html, slices = run(GUI.analysis(view, seat, ctx_for(seat)))
        html = render(html)
        race = run(bossa_ui.analysis_race(view, seat, moves))[0]
        rows = GUI.race_rows(race)
        if race["won"] is not None:
            assert "wins at once" in Text.of(html)
            continue
        assert slices > 1                                   # it yields to the page
        assert len(rows) == len(race["alive"]) <= StrongBot.candidates + 1
        got = choices(html)
        assert [n for _, n in got] == [runs for _, _, runs in rows]
        assert [p for p, _ in got] == pytest.approx([c for _, c, _ in rows], abs=1e-4)
        assert sum(n for _, n in got) <= bossa_ui.ANALYSIS_PLAYOUTS + len(rows)
        # the first is the move the strong bot would pick from these playouts
        best = max(race["live"], key=lambda i: (race["wins"][i] / max(1, race["runs"][i]), -i))
        assert rows[0][0] == best
        assert Page(html).where(cls="an-choice best") and "★ preferred" in Text.of(html)
        # "then dropped" only for a move the search stopped playing out early
        most = max(n for _, n in got)
        for li in Page(html).where(tag="li", cls="an-choice"):
            runs = int(li.attrs["data-runs"])
            assert ("then dropped" in li.words) == (runs < most)
        checked += 1
    assert checked >= 3


def test_the_move_just_played_is_judged_from_the_view_before_it():
    match, states = game(5)
    for i, (seat, move) in enumerate(match.record.moves):
        before = GAME.view(states[i], seat)
        if before["phase"] == "play" and len(R.view_moves(before, seat)) > 8:
            break
    after = GAME.view(states[i + 1], seat)
    played = Played(before, move, i, True)
    html = render(run(GUI.analysis(after, seat, ctx_for(seat, played=played)))[0])
    text = Text.of(html)
    assert text.startswith("You played ")
    assert html.count('data-played="true"') == 1           # the move played is always weighed
    race = run(bossa_ui.analysis_race(before, seat, R.view_moves(before, seat), keep=move))[0]
    assert race["alive"][race["keep"]] == move
    rows = GUI.race_rows(race)
    if rows[0][0] == race["keep"]:
        assert "That was the strong computer's preferred move." in text
    else:
        assert "The strong computer preferred: " in text


def test_a_spectator_gets_the_choices_of_the_player_to_move_once_hands_are_open():
    match, states = game()
    opening = GAME.view(states[0], None)
    assert "Pick a player's seat" in Text.of(render(GUI.analysis(opening, None, ctx_for(None))))
    state = next(s for s in states[4:] if len(R.view_moves(GAME.view(s, GAME.to_move(s)[0]),
                                                           GAME.to_move(s)[0])) > 1)
    mover = GAME.to_move(state)[0]
    spectator = GAME.view(state, None)
    html = render(run(GUI.analysis(spectator, None, ctx_for(None)))[0])
    assert f"preferred moves for {['Aki', 'Ben'][mover]}" in Text.of(html)
    # the same search as from the mover's own view: nothing more is known to either
    own = render(run(GUI.analysis(GAME.view(state, mover), mover, ctx_for(None)))[0])
    assert choices(html) == choices(own)


def test_japanese_analysis():
    match, states = game()
    state = next(s for s in states[8:] if not s.get("due"))
    seat = GAME.to_move(state)[0]
    text = Text.of(render(run(GUI.analysis(GAME.view(state, seat), seat, ctx_for(seat, "ja")))[0]))
    assert "推定勝率" in text or "即座に勝ち" in text
