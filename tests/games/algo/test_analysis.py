"""algo's analysis: the strong computer's exact counting from the seat's own view (the very
code the strong bot plays with), each hidden card's chances, and the seat's latest declaration
against the best guess it had then."""

import re
import types

import pytest

from bodoge.core.match import Match
from bodoge.core.selfplay import play_one
from bodoge.games.algo import GAME
from bodoge.games.algo.bots import StrongBot, best_guess, strong_posterior
from bodoge.games.algo.infer import card_id
from bodoge.ui.games import Ctx, Played, game_ui
from bodoge.ui.html import render
from bodoge.ui.i18n import I18n

from ui.fakehost import Text
from ui.page import Page

GUI = game_ui("algo")


def ctx_for(seat, n, lang="en", played=None):
    ctx = Ctx(I18n(lang), [f"P{s}" for s in range(n)], seat, [0])
    ctx.played = played
    return ctx


def analyse(view, seat, ctx):
    """Run the analysis to its end, as the frame does (it is a generator, run in slices)."""
    gen = GUI.analysis(view, seat, ctx)
    assert isinstance(gen, types.GeneratorType)
    while True:
        try:
            next(gen)
        except StopIteration as done:
            return done.value


def shown_chances(html):
    """{(seat, pos): {number: chance}} read from the markup's data attributes."""
    out = {}
    for m in re.finditer(r'data-card="(\d+)-(\d+)"(.*?)</li>', html, re.S):
        key = (int(m.group(1)), int(m.group(2)))
        out[key] = {int(n): float(p) for n, p in re.findall(r'data-n="(\d+)" data-p="([0-9.]+)"', m.group(3))}
    return out


def positions(opts, seed, levels):
    rec = play_one("algo", opts, seed, levels).record
    match = Match.from_record(rec)
    return match, [match.history.state(k) for k in range(len(rec.moves) + 1)]


@pytest.mark.parametrize("opts,levels", [({"players": 2}, ["strong", "normal"]),
                                          ({"players": 4}, ["normal"] * 4),
                                          ({"players": 4, "mode": "pair"}, ["normal"] * 4)])
def test_the_chances_shown_are_the_strong_bot_s_counting_of_the_seat_s_view(opts, levels):
    match, states = positions(opts, 3, levels)
    n = match.state["players"]
    checked = 0
    for state in states[::5]:
        if state["phase"] == "over":
            continue
        for seat in (0, 1, None):
            view = GAME.view(state, seat)
            html = render(analyse(view, seat, ctx_for(seat, n)))
            kn, post = strong_posterior(view)
            got = shown_chances(html)
            hidden = {key for key, d in post.dist.items()}
            assert set(got) == hidden
            for key, shown in got.items():
                ranked = sorted(post.dist[key].items(), key=lambda x: (-x[1], x[0]))[:3]
                assert shown == pytest.approx({cid >> 1: pr for cid, pr in ranked}, abs=1e-6)
            # nothing of the seat's own row is guessed at; a spectator guesses at every row
            assert all(s != seat for s, _ in got)
            if seat is None:
                assert {s for s, _ in got} == {s for s in range(n) if any(
                    not c["up"] for c in view["rows"][s])}
            best = best_guess(kn, post)
            if best is not None:
                assert f'data-card="{best[1]}-{best[2]}"' in re.search(
                    r'<li class="an-card best" data-card="\d+-\d+"', html).group(0)
            checked += 1
    assert checked > 10


def test_the_best_guess_is_the_strong_bot_s_attack():
    match, states = positions({"players": 3}, 5, ["normal"] * 3)
    compared = 0
    for state in states:
        if state["phase"] not in ("attack", "again"):
            continue
        seat = GAME.to_move(state)[0]
        view = GAME.view(state, seat)
        bot = StrongBot(seat, 1)
        kn = bot.knowledge(view)
        p, s, pos, n = bot.choose_attack(view, kn)
        best = best_guess(*strong_posterior(view))
        assert (best[0], best[1], best[2], best[3] >> 1) == (p, s, pos, n)
        html = render(analyse(view, seat, ctx_for(seat, 3)))
        assert f"Best guess: {n} on " in Text.of(html)
        compared += 1
    assert compared > 10


def test_the_latest_declaration_is_judged_from_the_view_before_it():
    match, states = positions({"players": 3}, 7, ["normal"] * 3)
    moves = match.record.moves
    judged = 0
    for i, (seat, move) in enumerate(moves):
        if move.get("a") != "attack":
            continue
        before = GAME.view(states[i], seat)
        kn, post = strong_posterior(before)
        card = before["rows"][move["s"]][move["p"]]
        chance = post.dist[(move["s"], move["p"])].get(card_id(move["n"], card["c"]), 0.0)
        best = best_guess(kn, post)
        ctx = ctx_for(seat, 3, played=Played(before, move, i, True))
        html = render(analyse(GAME.view(states[i + 1], seat), seat, ctx))
        shown = float(Page(html).where(cls="an-played")[0].attrs["data-p"])
        assert shown == pytest.approx(chance, abs=1e-6)
        text = Text.of(html)
        assert f"You declared {move['n']} on " in text
        if chance >= best[0] - 1e-12:
            assert "That was the best guess." in text
        else:
            assert f"The best guess then: {best[3] >> 1} on " in text
        judged += 1
    assert judged > 10


def test_a_stay_is_not_judged_and_the_end_of_the_game_has_no_cards_to_guess():
    match, states = positions({"players": 2}, 2, ["normal"] * 2)
    moves = match.record.moves
    i = next(i for i, (_, m) in enumerate(moves) if m.get("a") == "stay")
    seat = moves[i][0]
    played = Played(GAME.view(states[i], seat), moves[i][1], i, True)
    html = render(analyse(GAME.view(states[i + 1], seat), seat, ctx_for(seat, 2, played=played)))
    assert "an-played" not in html and "data-card=" in html
    end = GAME.view(states[-1], 0)
    assert end["phase"] == "over"
    assert analyse(end, 0, ctx_for(0, 2)) is None


def test_japanese_analysis():
    match, states = positions({"players": 2}, 2, ["normal"] * 2)
    view = GAME.view(states[3], 0)
    text = Text.of(render(analyse(view, 0, ctx_for(0, 2, lang="ja"))))
    assert "あなたの視点" in text and "最善の推理" in text


def test_no_analysis_for_a_puzzle():
    state = GAME.setup({"mode": "puzzle", "grade": 1}, 4)
    assert GUI.analysis(GAME.view(state, 0), 0, ctx_for(0, 1)) is None
