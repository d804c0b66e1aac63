"""ALLUVIUM in Chromium: a whole 4-player game with one human against three bots. The piece is
moved by a click on the map, turned by a button and drawn by keys; the preview, the track, the
round summary, the final scoring step by step and the announcements are checked on the way;
a reload mid-game continues the same game."""

import re
import time

from playwright.sync_api import expect

from e2e.harness import boot, wait_ready


def new_alluvium(page, kinds=("human", "strong", "normal", "easy")):
    page.get_by_role("list", name="Games").get_by_role("listitem").filter(has_text="ALLUVIUM") \
        .get_by_role("link", name="New game").click()
    expect(page.get_by_role("heading", name="New game: ALLUVIUM")).to_be_visible()
    page.locator("#players").select_option(str(len(kinds)))
    for s, kind in enumerate(kinds):
        page.get_by_role("group", name=f"Seat {s + 1}").get_by_label("Played by").select_option(kind)
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator("main.play-screen[data-game='alluvium']")).to_be_visible()


def draw_once(page):
    """Draw the piece in hand where it fits (N finds a place if it does not fit where it is);
    where it fits nowhere on another's map, fill one enclosed cell instead (B, then Enter)."""
    preview = page.locator("#alv-preview")
    if "fits." not in preview.inner_text():
        page.keyboard.press("n")
    if "fits." not in preview.inner_text():
        page.keyboard.press("b")
        expect(page.get_by_role("button", name="Back to the piece (B)")).to_be_visible()
    page.keyboard.press("Enter")


def test_four_player_game_with_one_human(page, server):
    boot(page, server.url)
    new_alluvium(page)
    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text("Round 1: draw both pieces")
    preview = page.locator("#alv-preview")
    expect(preview).to_contain_text("fits.")
    # the map is one labelled picture; the start squares are outlined
    expect(page.get_by_role("img", name=re.compile("^Your map: "))).to_be_visible()
    assert page.locator(".alv-start").count() == 2
    # a click on a far cell moves the piece there: it may not go there in round 1
    page.locator(".alv-cell[data-arg='72']").click()
    expect(preview).to_contain_text("cannot go here")
    expect(page.locator(".alv-ghost.bad").first).to_be_visible()
    # the buttons turn it; N finds a place where it fits; Enter draws it
    page.get_by_role("button", name="Turn (R)").click()
    expect(preview).to_contain_text("turned 90°")
    page.get_by_role("button", name="Next place it fits (N)").click()
    expect(preview).to_contain_text("fits.")
    page.keyboard.press("Enter")
    expect(page.locator("#log-list")).to_contain_text("on your map")
    draw_once(page)                                   # the second piece of round 1
    # the bots have drawn on their own maps; the sheets pass on
    expect(prompt).to_contain_text("draw your", timeout=30_000)
    expect(page.get_by_role("heading", name="CPU 4 (easy)'s map", exact=True)).to_be_visible()
    expect(page.get_by_role("region", name=re.compile("Ticks on CPU 4"))).to_be_visible()
    expect(preview).to_contain_text("Ticks for you:")
    assert page.locator("#live").get_attribute("role") == "status"

    # reload in the middle: the same game continues
    page.reload()
    wait_ready(page)
    expect(page.locator("main.play-screen[data-game='alluvium']")).to_be_visible()
    expect(prompt).to_contain_text("draw your")

    summary_seen = False
    end = time.time() + 240
    result = page.get_by_role("heading", name=re.compile("wins!|You win!|Shared win"))
    while not result.is_visible():
        assert time.time() < end, "the game did not finish in time"
        next_round = page.get_by_role("button", name="Next round")
        if next_round.is_visible():
            expect(page.get_by_role("heading", name=re.compile("Round \\d: area bonuses"))).to_be_visible()
            summary_seen = True
            next_round.click()
            continue
        if page.locator("#alv-draw").is_visible():
            draw_once(page)
            continue
        page.wait_for_timeout(30)
    assert summary_seen
    # the final scoring, step by step, on the table behind the result
    page.get_by_role("button", name="Look at the table").click()
    expect(page.get_by_role("heading", name="Final scoring, step by step")).to_be_visible()
    expect(page.get_by_text("Step 1 of 5")).to_be_visible()
    page.get_by_role("button", name="Next step").click()
    expect(page.get_by_text("Step 2 of 5")).to_be_visible()
    expect(page.get_by_role("heading", name="Cooperation bonuses on Your map")).to_be_visible()
    expect(page.get_by_role("table", name=re.compile("Ranked by ticks"))).to_be_visible()
    page.get_by_role("button", name="Show all steps").click()
    expect(page.get_by_role("heading", name=re.compile("Cooperation bonuses on"))).to_have_count(4)
    page.get_by_role("button", name="Show the result").click()
    expect(page.get_by_role("table", name="Totals")).to_be_visible()
    expect(page.locator("#log-list")).to_contain_text("Game over. Winner:")
