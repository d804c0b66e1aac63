"""ALTER in Chromium: a full 4-seat game with one human against three bots (by mouse and by
keyboard), the set score sheets, the bonus table, announcements and the final result."""

import re
import time

from playwright.sync_api import expect

from e2e.harness import boot, humans_turn

# the result overlay's heading names the winner (the game's own heading, below it, may too)
RESULT = re.compile(r"wins the game|win the game|share the win")
PLACE = re.compile(r"Put your Pick card here|Change here")


def new_alter(page, kinds):
    shelf = page.get_by_role("list", name="Games").get_by_role("listitem")
    shelf.filter(has_text="ALTER").get_by_role("link", name="New game").click()
    expect(page.get_by_role("heading", name="New game: ALTER")).to_be_visible()
    expect(page.locator("#players")).to_have_value("4")
    for s, kind in enumerate(kinds):
        page.get_by_role("group", name=f"Seat {s + 1}").get_by_label("Played by").select_option(kind)
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator("main.play-screen[data-game='alter']")).to_be_visible()


def test_full_four_seat_game_with_one_human(page, server):
    boot(page, server.url)
    new_alter(page, ["human", "strong", "normal", "easy"])
    result = page.locator("#result-heading", has_text=RESULT)
    table = page.get_by_role("region", name=re.compile("The table"))
    expect(table).to_be_visible()
    # the bonus table is one click away
    page.get_by_text("Bonus table", exact=True).click()
    expect(page.get_by_role("row", name=re.compile("Zero-One"))).to_be_visible()
    turns = sets = 0
    by_key = True
    end = time.time() + 240
    while not result.is_visible():
        assert time.time() < end, "the game did not finish in time"
        next_set = page.get_by_role("button", name="Next round")
        if next_set.is_visible():
            expect(page.get_by_role("table", name=re.compile(r"Set \d: cards, base"))).to_be_visible()
            sets += 1
            next_set.click()
            continue
        if not humans_turn(page):
            page.wait_for_timeout(30)
            continue
        watch = page.get_by_role("button", name="Watch", exact=True)
        if watch.is_visible() and turns % 2 == 0:
            if by_key:                   # once by keyboard: W, then the place's number
                page.keyboard.press("w")
                expect(page.get_by_role("button", name=re.compile("you watched it")).first).to_be_visible()
                label = page.get_by_role("button", name=re.compile("you watched it")).first.text_content()
                page.keyboard.press(re.search(r"Place (\d)", label).group(1))
                expect(page.locator("#log-list")).to_contain_text("You put your Pick card on place")
                by_key = False
            else:
                watch.click()
                expect(page.locator("#prompt")).to_contain_text("Take")
            turns += 1
            continue
        targets = page.get_by_role("button", name=PLACE)
        if targets.count():
            targets.first.click()
            turns += 1
            continue
        page.wait_for_timeout(30)
    assert turns >= 8
    expect(result).to_be_visible()
    expect(page.get_by_role("table", name="Score sheet")).to_be_visible()
    assert page.locator("#live").get_attribute("role") == "status"
    assert "CPU 2 (strong)" in page.locator(".result").inner_text()
    assert sets >= 1 or "Victory" in result.inner_text()
