"""ALTER's analysis: the strong computer's expected points of each choice for the seat, from
its view alone (the very calculation it plays with), its latest choice against the best it had
then, run in slices; a spectator is asked to pick a seat."""

import types

import pytest

from bodoge.core.match import Match
from bodoge.core.selfplay import play_one
from bodoge.games.alter import GAME
from bodoge.games.alter.bots import StrongBot
from bodoge.ui.games import Ctx, Played, game_ui
from bodoge.ui.html import render
from bodoge.ui.i18n import I18n

from ui.fakehost import Text
from ui.page import Page

GUI = game_ui("alter")


def ctx_for(seat, n, lang="en", played=None):
    ctx = Ctx(I18n(lang), [f"P{s}" for s in range(n)], seat, [0])
    ctx.played = played
    return ctx


def run(result):
    """Run an analysis to its end as the frame does (a generator, in slices), counting slices."""
    if not isinstance(result, types.GeneratorType):
        return result, 0
    slices = 0
    while True:
        try:
            next(result)
            slices += 1
        except StopIteration as done:
            return done.value, slices


def game(n=4, seed=2):
    rec = play_one("alter", {"players": n}, seed, ["normal"] * n).record
    match = Match.from_record(rec)
    return match, [match.history.state(k) for k in range(len(rec.moves) + 1)]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_each_choice_shows_the_strong_bot_s_expected_points_for_the_seat(n):
    match, states = game(n)
    checked = 0
    for state in states[:40]:
        for seat in GAME.to_move(state):
            view = GAME.view(state, seat)
            if len(view["moves"]) < 2:
                continue
            html, slices = run(GUI.analysis(view, seat, ctx_for(seat, n)))
            html = render(html)
            assert slices > len(view["moves"])             # it yields to the page as it goes
            expected = sorted((v for v, _ in StrongBot(seat, 9).score_moves(view)), reverse=True)
            shown = [float(li.attrs["data-v"]) for li in Page(html).where(cls="an-choice")]
            assert shown == pytest.approx(expected, abs=1e-4)
            best = max(expected)
            assert Page(html).where(cls="an-choice best", data_v=f"{best:.4f}")
            checked += 1
    assert checked > 5


def test_the_latest_choice_is_judged_from_the_view_before_it():
    match, states = game(4, 5)
    judged = 0
    for i, (seat, move) in enumerate(match.record.moves[:60]):
        before = GAME.view(states[i], seat)
        if len(before["moves"]) < 2:
            continue
        scored = StrongBot(seat, 1).score_moves(before)
        value = next(v for v, m in scored if m == move)
        top = max(v for v, _ in scored)
        ctx = ctx_for(seat, 4, played=Played(before, move, i, True))
        html = render(run(GUI.analysis(GAME.view(states[i + 1], seat), seat, ctx))[0])
        played = Page(html).where(cls="an-played")[0]
        assert float(played.attrs["data-v"]) == pytest.approx(value, abs=1e-4)
        text = Text.of(html)
        assert "You chose " in text
        assert ("That was the best choice." in text) == (value >= top - 1e-9)
        judged += 1
    assert judged > 5


def test_a_spectator_is_asked_to_pick_a_seat_and_a_seat_not_to_move_waits():
    match, states = game(4, 2)
    state = states[3]
    view = GAME.view(state, None)
    html = render(GUI.analysis(view, None, ctx_for(None, 4)))
    assert "Pick a player's seat" in Text.of(html)
    waiting = next(s for s in range(4) if s not in GAME.to_move(state))
    html = render(run(GUI.analysis(GAME.view(state, waiting), waiting, ctx_for(waiting, 4)))[0])
    assert "Nothing to choose here" in Text.of(html)


def test_japanese_analysis():
    match, states = game(4, 2)
    for state in states:
        seat = GAME.to_move(state)[0] if GAME.to_move(state) else None
        if seat is not None and len(GAME.view(state, seat)["moves"]) > 1:
            break
    html = render(run(GUI.analysis(GAME.view(state, seat), seat, ctx_for(seat, 4, lang="ja")))[0])
    assert "各選択の期待点" in Text.of(html) and "点" in Text.of(html)
