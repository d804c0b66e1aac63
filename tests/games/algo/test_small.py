"""Small things players noticed (issue 26 §5): 詰めアルゴ's English name, its setup without
computers or Training, a mistake in the singular, log lines starting with a capital, an empty
deck without a card back, the default opponents, and no face-up card taken as a target."""

import pytest

from bodoge.games.algo import GAME
from bodoge.games.algo import ui as algo_ui
from bodoge.games.algo.ui_cards import Choice
from bodoge.ui.html import render
from bodoge.ui.i18n import I18n

from ui.fakehost import make_app
from ui.page import Page

from .helpers import rig
from .test_table import ctx_for

UI = algo_ui.UI


def test_tsume_algo_has_an_english_name_in_english():
    en, ja = I18n("en").t, I18n("ja").t
    assert en("algo.mode.puzzle") == "Tsume-algo puzzle (1 player)"
    assert en("algo.slot.puzzle", grade=2) == "Tsume-algo · Grade 2"
    assert ja("algo.mode.puzzle") == "詰めアルゴ（1人）"


def setup_page(mode):
    app, host = make_app()
    app.route("#/new/algo")
    app.act("setup-change", "mode", {"mode": mode})
    return app, Page(host.html)


def test_the_puzzle_setup_offers_no_computer_seat_and_no_training():
    app, page = setup_page("puzzle")
    kinds = page.get("combobox", "Played by")
    assert [o.attrs["value"] for o in kinds.all("option")] == ["human"]
    assert not page.has("checkbox", "Training", exact=False)
    app.act("start", "", {"mode": "puzzle", "kind0": "strong"})     # a stale value: a person
    assert app.screen.bots == {} or not app.screen.bots
    _, page = setup_page("standard")
    assert page.has("checkbox", "Training", exact=False)
    assert "strong" in [o.attrs["value"] for o in page.all("option")]


def test_the_default_opponents_are_normal():
    values = UI.default_setup()
    assert values["kind1"] == values["kind2"] == values["kind3"] == "normal"


def test_one_mistake_is_singular_and_a_log_line_starts_with_a_capital():
    ctx = ctx_for(0)
    assert UI.describe({"e": "solved", "mistakes": 1}, ctx) == "Solved, with 1 mistake."
    assert UI.describe({"e": "solved", "mistakes": 2}, ctx) == "Solved, with 2 mistakes."
    assert UI.describe({"e": "wrong", "r": 1, "p": 2, "n": 5}, ctx) == "Row 2, card 3 is not 5."
    named = UI.describe({"e": "named", "r": 0, "p": 0, "c": 0, "n": 4}, ctx)
    assert named == "Row 1, card 1 is black 4: right."


@pytest.mark.parametrize("deck,back", [(["w10"], False), (["w10", "b8"], True)])   # (one drawn)
def test_an_empty_deck_shows_no_card_back(deck, back):
    state = rig([["b1", "w3"], ["b0", "w2"]], deck=deck)
    page = Page(render(UI.board(GAME.view(state, 0), Choice(), ctx_for(0))))
    stack = next(e for e in page.all(hidden=True) if "deck-stack" in e.attrs.get("class", ""))
    assert ("empty" not in stack.attrs["class"]) is back
    assert page.get("img", f"Deck: {len(deck) - 1}")


def test_a_face_up_card_is_never_taken_as_a_target():
    state = rig([["b1", "w3", "b5", "w9"], ["b0", "w2", "b4", "w6"]], deck=["w10", "b8"],
                up=("w2",))
    view, sel = GAME.view(state, 0), Choice()
    assert UI.act("target", "1-1", view, sel, ctx_for(0)) is None and not sel      # face up
    UI.act("target", "0-0", view, sel, ctx_for(0))                               # own card
    UI.act("target", "1-9", view, sel, ctx_for(0))                               # no such card
    assert sel == Choice()
    UI.act("target", "1-0", view, sel, ctx_for(0))
    assert sel.target == [1, 0]


@pytest.mark.parametrize("touch,lang,text", [
    (True, "en", "Now tap its number to declare it."), (True, "ja", "数字をタップして宣言してください。"),
    (False, "en", "Now declare its number (buttons, or type it and press Enter).")])
def test_a_touch_screen_is_not_told_to_press_enter(touch, lang, text):
    state = rig([["b1", "w3"], ["b0", "w2"]], deck=["w10", "b8"])
    ctx = ctx_for(0, lang)
    ctx.touch = touch
    assert UI.prompt(GAME.view(state, 0), Choice(target=[1, 0]), ctx) == text


@pytest.mark.parametrize("touch,lang,text", [
    (True, "en", "Tap the number of row 1, card 2."),
    (True, "ja", "1列目の2枚目の数字をタップして答えてください。"),
    (False, "en", "Name the number of row 1, card 2 (buttons, or type it and press Enter).")])
def test_a_touch_screen_is_not_told_to_press_enter_in_a_puzzle(touch, lang, text):
    """The walk of issue 26: 詰めアルゴ's prompt after a pick told a phone to type and press
    Enter, as the table's did before its touch wording."""
    from bodoge.core.match import Match

    match = Match.new("algo", {"mode": "puzzle", "players": 1, "grade": 1}, 1)
    ctx = ctx_for(0, lang)
    ctx.touch = touch
    assert UI.prompt(GAME.view(match.state, 0), Choice(pick=[0, 1]), ctx) == text


@pytest.mark.parametrize("lang,text", [
    ("en", "Stay: your drawn black 8 joins your row face down?"),
    ("ja", "ステイして、引いた黒の8を伏せたまま自分の列に置きますか？")])
def test_the_prompt_says_what_a_waiting_stay_will_do(lang, text):
    """The walk of issue 26: with Confirm moves on, a Stay waiting for Confirm left the prompt
    saying "Hit! Attack again, or stay…" beside Confirm; it says what Confirm will do, as a
    waiting declaration's does."""
    from .helpers import attack

    state = GAME.apply(rig([["b1", "w3"], ["b0", "w2"]], deck=["w10", "b8"]), 0, attack(1, 0, 0))
    view = GAME.view(state, 0)
    assert view["phase"] == "again"
    ctx = ctx_for(0, lang)
    assert UI.prompt(view, Choice(), ctx) != text
    ctx.pending = {"a": "stay"}
    assert UI.prompt(view, Choice(), ctx) == text


def test_a_waiting_toss_or_show_has_a_short_prompt():
    """The walk of issue 26 (pair play, 390×844 touch): a Toss waiting for Confirm kept the
    turn's long prompt ("Your turn. Ask your partner for a Toss (they show you …"), eight lines
    beside Confirm, and the table moved 110 px down under the finger about to tap Toss again.
    A waiting Toss, and a waiting Show, say in one short line what Confirm will do."""
    from bodoge.core.match import Match

    match = Match.new("algo", {"players": 4, "mode": "pair"}, 1)
    while match.to_move() != [0]:
        seat = match.to_move()[0]
        match.play(seat, GAME.legal_moves(match.state, seat)[0])
    view = match.view(0)
    assert view["can_toss"]
    for lang, text in (("en", "Toss: your partner shows you one of their cards?"),
                       ("ja", "トスを宣言しますか？（仲間がカードを1枚見せてくれます）")):
        ctx = ctx_for(0, lang)
        long = UI.prompt(view, Choice(), ctx)
        ctx.pending = {"a": "toss"}
        assert UI.prompt(view, Choice(), ctx) == text and len(text) < len(long) / 2
    match.play(0, {"a": "toss"})
    partner = match.to_move()[0]
    view = match.view(partner)
    ctx = ctx_for(partner, "en")
    ctx.pending = {"a": "show", "p": 0}
    card = view["rows"][partner][0]
    colour = "black" if card["c"] == 0 else "white"
    assert UI.prompt(view, Choice(), ctx) == f"Show your {colour} {card['n']} to {ctx.name(0)}?"


@pytest.mark.parametrize("down,six,text", [
    (["w3"], False, "That is 10 points for the 1 card still face down."),
    (["b6"], True, "That is 10 points for the 1 card still face down, and 10 more as it is a 6."),
    (["w3", "b6"], True, "That is 10 points for each of the 2 cards still face down, and 10 more "
                         "for each 6 among them (1).")])
def test_a_round_win_s_payment_says_1_card(down, six, text):
    """The walk of issue 26: "for each of the 1 cards still face down" in a round summary."""
    rows = [[{"c": 1 if x[0] == "w" else 0, "n": int(x[1:]), "up": False} for x in down],
            [{"c": 0, "n": 0, "up": True}]]
    e = {"e": "round_end", "winner": 0, "paid": 10, "rows": rows}
    assert UI.paid_why(e, ctx_for(0)) == text


def unbroken_runs(nodes):
    """The runs of a ``.phrased`` line that the browser may not break (keep-all: no break
    between two letters; <wbr>, spaces and punctuation allow one; a name is one run)."""
    import re

    text = "".join(n if isinstance(n, str) else "|" if n.tag == "wbr" else "N" for n in nodes)
    return [r for r in re.split(r"[|\s、。，）（！？：]", text) if r]


@pytest.mark.parametrize("down", [["w3", "b5", "w9"], ["w3", "b6", "w9"]])
@pytest.mark.parametrize("pair", [False, True])
def test_a_round_win_s_payment_breaks_between_phrases_in_japanese(down, pair):
    """The walk of issue 26: 「裏向きのまま残ったカード3枚につき10点です」 had no place to break
    but before its 「。」, which a phone's round summary put alone on the last line; and 「負けた
    チームの2人がそれぞれ勝ったチームに」 was one run of 21 letters. Now no run is longer than
    12 letters."""
    from bodoge.ui.phrases import phrased

    rows = [[{"c": 1 if x[0] == "w" else 0, "n": int(x[1:]), "up": False} for x in down],
            [{"c": 0, "n": 0, "up": True}], [], []]
    e = {"e": "round_end", "winner": 0, "paid": 30, "rows": rows}
    if pair:
        e.update(team=[0, 2], total=60)
    ctx = ctx_for(0, "ja")
    for text in (UI.paid_text(e, ctx), UI.paid_text(e, ctx, log=True), UI.paid_why(e, ctx)):
        runs = unbroken_runs(phrased(text, ctx.names))
        assert max(map(len, runs)) <= 12, (text, runs)


@pytest.mark.parametrize("lang,text", [("en", "Answer 5 for row 1, card 2?"),
                                       ("ja", "1列目の2枚目を5と答えますか？")])
def test_a_puzzle_answer_waiting_for_confirm_is_said_in_the_prompt(lang, text):
    """The walk of issue 26 (詰めアルゴ at 390×844 touch): an answer waiting for Confirm left
    the prompt saying "Tap the number of row 1, card 2." beside Confirm."""
    from bodoge.core.match import Match

    match = Match.new("algo", {"mode": "puzzle", "players": 1, "grade": 1}, 1)
    ctx = ctx_for(0, lang)
    ctx.touch = True
    ctx.pending = {"a": "name", "r": 0, "p": 1, "n": 5}
    assert UI.prompt(GAME.view(match.state, 0), Choice(pick=[0, 1]), ctx) == text


def test_a_puzzle_s_reason_in_japanese():
    """The walk of issue 26 (詰めアルゴ at 390×844 in Japanese): the reason read 「理由: 」 with
    an ASCII colon, broke 「そ/の間」 and 「てい/るので」, and the 「なぜ？（ヒント）」 button
    narrowed the numbers to 34 px: 「理由：」, the reason's line between phrases, 「なぜ？」 (as
    the rules page calls it)."""
    from bodoge.core.match import Match

    match = Match.new("algo", {"mode": "puzzle", "players": 1, "grade": 2}, 1)
    view, sel, ctx = GAME.view(match.state, 0), Choice(), ctx_for(0, "ja")
    UI.act("why", "", view, sel, ctx)
    page = Page(render(UI.board(view, sel, ctx)))
    why = page.by_id("why-text")
    assert "phrased" in why.attrs["class"].split()
    assert any(getattr(c, "tag", None) == "wbr" for c in why.children)
    section = why.parent
    assert section.all_text.startswith("理由： ") or section.all_text.startswith("理由：")
    assert ": " not in section.all_text
    assert page.by_id("why").text == "なぜ？"
