"""The number pad refuses what the viewer can see is impossible (issue 26 §1): a number a
face-up card, a Toss, an earlier miss or the row's order rules out is greyed, says why, and is
refused if tapped or typed; a number the viewer holds is a bluff, declared only as a second,
deliberate step (it must miss; it is legal)."""

import copy

import pytest

from bodoge.games.algo import GAME
from bodoge.games.algo import ui as algo_ui
from bodoge.games.algo.ui_cards import Choice
from bodoge.ui.html import render

from ui.page import Page

from .helpers import attack, rig
from .test_table import ctx_for

UI = algo_ui.UI


# Aki (seat 0) holds b1 w3 b5 w9 and has drawn b8; Ben holds b0 w2 (face up) b4 w6
def state():
    return rig([["b1", "w3", "b5", "w9"], ["b0", "w2", "b4", "w6"]], deck=["w10", "b8"],
               up=("w2",))


def pad(sel, lang="en"):
    sel = Choice(**sel) if isinstance(sel, dict) else sel
    view = GAME.view(state(), 0)
    return Page(render(UI.board(view, sel, ctx_for(0, lang))))


def test_numbers_the_row_order_rules_out_are_greyed_with_the_reason():
    page = pad({"target": [1, 0]})                 # Ben's 1st card, black, left of white 2
    for n in (0, 2):
        assert not page.get("button", f"Declare {n}").disabled
    for n in (3, 4, 11):
        button = page.get("button", f"Declare {n}")
        assert button.disabled
        assert page.by_id(button.attrs["aria-describedby"]).text == \
            "By the row's order this card is 0 to 2."
    # black 1, 5 and (the drawn) 8 are Aki's own: a bluff, not greyed, and said so
    for n in (1, 5, 8):
        button = page.get("button", f"Declare {n}")
        assert not button.disabled
        assert page.by_id(button.attrs["aria-describedby"]).text == \
            f"You hold black {n}: a bluff, it will miss."


def test_a_face_up_card_rules_its_number_out_elsewhere():
    page = pad({"target": [1, 3]}, "ja")           # Ben's white 6: white 2 is face up
    button = page.get("button", "2と宣言")
    assert button.disabled
    assert page.by_id(button.attrs["aria-describedby"]).text == "白の2はBenの列で表になっています。"


def act(action, arg, sel):
    sel = Choice(**sel) if isinstance(sel, dict) else sel
    ctx = ctx_for(0)
    return UI.act(action, arg, GAME.view(state(), 0), sel, ctx), ctx


def test_an_impossible_number_is_refused_tapped_or_typed():
    sel = Choice(target=[1, 0])
    move, ctx = act("declare", "3", sel)
    assert move is None and ctx.error == "By the row's order this card is 0 to 2."
    ctx = ctx_for(0)
    view = GAME.view(state(), 0)
    assert UI.key("3", view, sel, ctx) is True
    assert UI.key("Enter", view, sel, ctx) is True and ctx.error.startswith("By the row's order")
    assert act("declare", "2", {"target": [1, 0]})[0] == attack(1, 0, 2)


def test_a_bluff_takes_a_second_deliberate_step():
    sel = Choice(target=[1, 0])
    assert act("declare", "1", sel)[0] is True and sel.bluff == 1   # only asked about
    page = pad(sel)
    assert page.by_id("bluff-note").text == "You hold black 1: a bluff, it will miss."
    assert page.get("button", "Bluff: declare 1")
    assert "Hit:" not in page.text and "Miss:" not in page.text       # it cannot hit
    assert act("bluff", "1", copy.copy(sel))[0] == attack(1, 0, 1)         # the Bluff button
    assert act("declare", "1", copy.copy(sel))[0] == attack(1, 0, 1)       # or the same number again
    other = copy.copy(sel)
    assert act("declare", "5", other)[0] is True and other.bluff == 5   # another: asked anew
    assert act("bluff", "2", copy.copy(sel))[0] is None                    # not a bluff: no move
    again = copy.copy(sel)
    act("target", "1-2", again)                                       # another card: forgotten
    assert again.bluff is None


def test_a_bluff_typed_asks_first_then_declares():
    sel = Choice(target=[1, 0])
    view, ctx = GAME.view(state(), 0), ctx_for(0)
    UI.key("8", view, sel, ctx)
    assert UI.key("Enter", view, sel, ctx) is True and sel.bluff == 8
    assert UI.key("Enter", view, sel, ctx) == attack(1, 0, 8)


@pytest.mark.parametrize("move,waits", [(attack(1, 0, 1), False), (attack(1, 0, 2), None)])
def test_a_bluff_asked_for_twice_needs_no_confirm(move, waits):
    assert UI.confirms(GAME.view(state(), 0), move, ctx_for(0)) is waits


def test_the_engine_still_allows_a_bluff_and_it_misses():
    after = GAME.apply(state(), 0, attack(1, 0, 1))
    attack_ = next(e for e in reversed(after["log"]) if e["e"] == "attack")
    assert attack_["n"] == 1 and attack_["hit"] is False


@pytest.mark.parametrize("lang,words", [("en", "is a bluff"), ("ja", "ブラフになり")])
def test_the_rules_page_says_the_decision(lang, words):
    from bodoge.ui.i18n import I18n

    page = Page(render(UI.rules(I18n(lang).t)))
    assert any(words in item.text for item in page.all("listitem"))


def test_a_declaration_waiting_for_confirm_shows_its_number_pressed_on_the_pad():
    """On a touch screen (Confirm moves on), the first tap on a number leaves the declaration
    waiting: the pad shows that number pressed (aria-pressed, and a pressed look) until the
    second tap, Confirm or Cancel (issue 26 §1)."""
    from ui.test_session import algo_game

    app, host = algo_game(touch=True)
    app.act("target", app.target)
    first, other = (int(n) for n in app.free)
    assert not Page(host.html).get("button", f"Declare {first}").attrs.get("aria-pressed")
    app.act("declare", str(first))
    assert app.screen.snapshot()["pending"]["n"] == first
    page = Page(host.html)
    pressed = page.get("button", f"Declare {first}")
    assert pressed.attrs["aria-pressed"] == "true" and "pending" in pressed.attrs["class"].split()
    assert page.get("button", f"Declare {other}").attrs["aria-pressed"] == "false"
    app.act("declare", str(other))                     # another number: that one waits now
    page = Page(host.html)
    assert page.get("button", f"Declare {other}").attrs["aria-pressed"] == "true"
    assert page.get("button", f"Declare {first}").attrs["aria-pressed"] == "false"
    app.act("confirm-cancel")
    assert not Page(host.html).get("button", f"Declare {other}").attrs.get("aria-pressed")


@pytest.mark.parametrize("touch,lang", [(True, "en"), (True, "ja"), (False, "en")])
def test_the_prompt_says_what_a_waiting_declaration_will_declare(touch, lang):
    """While a declaration waits for Confirm the prompt names the number and the card (the
    Confirm button is beside it), not "tap its number" (issue 26 §1)."""
    from ui.test_session import algo_game

    app, host = algo_game(touch=touch, confirm="auto" if touch else "on")
    if lang == "ja":
        app.act("lang", "ja")
    app.act("target", app.target)
    n = int(app.free[0])
    app.act("declare", str(n))
    p = int(app.target[2:])
    prompt = app.screen.snapshot()["prompt"]
    assert f"{p + 1}" in prompt                     # the card: its place from the left
    if lang == "ja":
        assert f"枚目" in prompt and f"に{n}と宣言しますか？" in prompt, prompt
        assert "数字をタップして" not in prompt
    else:
        assert f"Declare {n}: CPU 2 (easy)'s " in prompt and "card from the left" in prompt, prompt
