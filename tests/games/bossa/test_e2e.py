"""Bossa in Chromium: a whole game against a bot through the UI (the opening choice, tiles
selected by click and by key, places, Stack and actions; the human's moves are picked from the
page's own share code), then a reload of the finished game."""

import re
import time

from playwright.sync_api import expect

from bodoge.core.match import Match
from bodoge.games.bossa import GAME

from e2e.harness import boot, wait_ready

RESULT = re.compile(r"You win!|wins!|A draw")


def new_bossa(page, bot="normal", rules="advanced"):
    page.locator("#new-bossa").click()
    expect(page.get_by_role("heading", name="New game: Bossa")).to_be_visible()
    page.get_by_label("Rules").select_option(rules)
    page.get_by_role("group", name="Seat 2").get_by_label("Played by").select_option(bot)
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator("main.play-screen[data-game='bossa']")).to_be_visible()


def my_tiles(page):
    return page.locator(".bossa-player.me button.tile")


def current_match(page):
    """The game as the page has it, from its share code (which also tests the code)."""
    page.locator("#open-share").click()
    code = page.locator("#share-code").input_value()
    page.locator("#dialog-close").click()
    return Match.from_code(code)


def choose(moves):
    """The human's move: the biggest placement, else a Stack, else an action."""
    for kind in ("place", "stack"):
        some = [m for m in moves if m["a"] == kind]
        if some:
            return max(some, key=lambda m: len(m["tiles"]))
    return moves[0]


def click_move(page, move):
    a = move["a"]
    if a == "stack":
        page.locator("#action-stack").click()
    for t in move.get("tiles", ()):
        page.locator(f"#tile-{t}").click()
    if a == "place":
        expect(page.locator(f"#end-{move['line']}-{move['end']}")).to_have_attribute(
            "aria-label", re.compile("your tiles fit here"))
        page.locator(f"#end-{move['line']}-{move['end']}").click()
    elif a == "stack":
        page.locator(f"#place-{move['line']}-{move['n']}").click()
    elif a == "redraw":
        page.locator(f"#tile-{move['tile']}").click()
        page.locator("#action-redraw").click()
    else:
        page.locator(f"#tile-{move['give']}").click()
        page.locator(f"#tile-{move['take']}").click()
        page.locator("#action-exchange").click()


def test_whole_game_against_a_bot(page, server):
    boot(page, server.url)
    new_bossa(page)
    result = page.get_by_role("heading", name=RESULT)
    prompt = page.locator("#prompt")
    keyed = False
    end = time.time() + 240
    while not result.is_visible():
        assert time.time() < end, "the game did not finish in time"
        if page.locator("#first").is_visible():
            expect(page.get_by_text("You rolled higher", exact=False).first).to_be_visible()
            page.locator("#own-0").click()
            continue
        if page.locator("#own-1").is_visible():
            page.locator("#own-1").click()
            continue
        if not my_tiles(page).count():
            page.wait_for_timeout(30)
            continue
        if not keyed:           # once by keyboard: 1 selects the first tile, Esc clears
            page.keyboard.press("1")
            expect(my_tiles(page).first).to_have_attribute("aria-pressed", "true")
            expect(prompt).to_contain_text("Selected:")
            page.keyboard.press("Escape")
            expect(my_tiles(page).first).to_have_attribute("aria-pressed", "false")
            keyed = True
        match = current_match(page)
        assert match.to_move() == [0]
        moves = page.locator("#log-list li").count()
        click_move(page, choose(GAME.legal_moves(match.state, 0)))
        expect(page.locator("#log-list li")).not_to_have_count(moves)
    expect(result).to_be_visible()
    text = page.locator(".result").inner_text()
    assert re.search(r"\b(0 tiles|1 tile|[2-9] tiles) left in hand", text)
    log = page.locator("#log-list").inner_text()
    assert "Opening roll" in log and re.search(r"You (place|use)", log)
    expect(page.get_by_role("table", name=re.compile("Tiles not seen yet"))).to_be_visible()
    expect(page.get_by_text("The tile put aside was", exact=False)).to_be_visible()
    assert page.locator("#live").get_attribute("role") == "status"
    page.reload()
    wait_ready(page)
    expect(page.get_by_role("heading", name=RESULT)).to_be_visible()
