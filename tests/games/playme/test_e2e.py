"""Play Me! in Chromium: a round won by the human against slow bots, with the game clock driven
by the test (``window.bodoge.clock``), never by wall-clock speed; pause; reload mid-round; a
block chosen with a die that could also advance (two clicks, and the board does not move)."""

import re

from playwright.sync_api import expect

from e2e.harness import boot, wait_ready

STEP_MS = 250          # game time between two of the human's actions


def new_playme(page, players=3, kinds=("human", "slow", "slow"), chars=()):
    page.get_by_role("list", name="Games").get_by_role("listitem").filter(has_text="Play Me!") \
        .get_by_role("link", name="New game").click()
    expect(page.get_by_role("heading", name="New game: Play Me!")).to_be_visible()
    page.locator("#players").select_option(str(players))
    for s, kind in enumerate(kinds):
        page.get_by_role("group", name=f"Seat {s + 1}").get_by_label("Played by").select_option(kind)
    for s, char in enumerate(chars):
        page.locator(f"#char{s}").select_option(char)
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator("main.play-screen[data-game='playme']")).to_be_visible()


def clock(page, action, ms=0):
    return page.evaluate("([a, ms]) => window.bodoge.clock(a, ms)", [action, ms])


def test_human_wins_a_round_against_slow_bots(page, server):
    boot(page, server.url)
    new_playme(page)
    assert clock(page, "manual") == 0
    expect(page.get_by_text("This game is played in real time", exact=False)).to_have_count(0)
    page.get_by_role("button", name=re.compile("Start: 3, 2, 1")).click()
    expect(page.locator("#prompt")).to_have_text("3…")
    expect(page.get_by_role("img", name="Die (hidden until the start)").first).to_be_visible()
    clock(page, "advance", 3000)
    expect(page.locator("#prompt")).to_contain_text("Round 1: Play me!")
    hint = page.locator(".pm-mine .hint")
    won = page.get_by_role("heading", name="Round 1: you win")
    for _ in range(400):
        if won.is_visible():
            break
        text = hint.inner_text()
        number = re.search(r"(Advance|Unblock) with your (\d)", text)
        if number:
            page.keyboard.press(number.group(2))
        elif "Catch" in text:
            page.get_by_role("button", name="Catch!", exact=True).click()
            continue
        elif page.get_by_role("button", name=re.compile("Roll again")).is_enabled():
            page.keyboard.press(" ")
        clock(page, "advance", STEP_MS)
    expect(won).to_be_visible()
    log = page.locator("#log-list")
    expect(log).to_contain_text("You: 6, Advance!")
    expect(log).to_contain_text("You catch the White Rabbit!")
    expect(page.get_by_role("region", name=re.compile("your card: .*Madness"))).to_be_visible()
    assert page.locator("#live").get_attribute("role") == "status"
    # the next round starts with the button (or Space) and a new countdown
    page.keyboard.press(" ")
    expect(page.locator("#prompt")).to_have_text("3…")


def test_pause_freezes_everything_and_reload_resumes_paused(page, server):
    boot(page, server.url)
    new_playme(page, players=2, kinds=("human", "slow"))
    clock(page, "manual")
    page.get_by_role("button", name=re.compile("Start: 3, 2, 1")).click()
    assert clock(page, "advance", 3000 + 5000) == 8000   # the bot acts a few times
    bot_lines = page.locator("#log-list li").count()
    bot_card = page.locator("#card-1")
    frozen = bot_card.inner_text()
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name="Resume")).to_be_visible()
    expect(page.locator("#prompt")).to_contain_text("Paused")
    before = clock(page, "now")
    assert clock(page, "advance", 10_000) == before   # paused: time stands still
    assert page.locator("#log-list li").count() == bot_lines
    expect(page.get_by_role("img", name="Die (hidden until the start)").first).to_be_visible()
    expect(page.locator("#card-1 .rolled")).to_have_text("")   # everyone's dice are hidden
    page.get_by_role("button", name="Resume").click()
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    assert bot_card.inner_text() == frozen          # the dice show again, unchanged
    clock(page, "advance", 4000)                    # the bot rolls or advances again
    assert bot_card.inner_text() != frozen
    # a reload reopens the round paused, exactly where it was saved
    page.keyboard.press("Escape")
    log = page.locator("#log-list li").all_inner_texts()
    page.reload()
    wait_ready(page)
    expect(page.get_by_role("button", name="Resume")).to_be_visible()
    assert page.locator("#log-list li").all_inner_texts() == log


def test_human_blocks_with_a_die_that_could_advance(page, server):
    boot(page, server.url)
    new_playme(page, players=2, kinds=("human", "slow"), chars=("queen", "alice"))
    clock(page, "manual")
    page.get_by_role("button", name=re.compile("Start: 3, 2, 1")).click()
    clock(page, "advance", 3000)
    expect(page.locator("#prompt")).to_contain_text("Round 1: Play me!")
    # the clock stands still while the human rolls until a 1 shows: it can advance (the first
    # number of the Queen's card) or, with the Queen's 1, block the bot's card
    one = page.get_by_role("button", name="Die showing 1 (key 1)")
    for _ in range(60):
        if one.count():
            break
        page.keyboard.press(" ")
        expect(page.locator(".pm-mine .hint")).to_be_visible()
    expect(one.first).to_be_enabled()
    expect(page.locator(".pm-mine .hint")).to_have_text("Advance with your 1!")
    card, mine = page.locator("#card-1"), page.locator(".pm-mine")
    before = (card.bounding_box(), mine.bounding_box())
    more = page.get_by_role("button", name="Other uses of the 1").first
    more.click()                                               # 1st click: the die's ⋯
    uses = page.get_by_role("group", name="What your 1 can do")
    expect(uses.get_by_role("button", name="1: advance")).to_be_visible()
    block = uses.get_by_role("button", name=re.compile("1: block CPU 2"))
    expect(block).to_be_visible()
    assert (card.bounding_box(), mine.bounding_box()) == before   # nothing moved
    block.click()                                              # 2nd click: the block
    expect(page.locator("#log-list")).to_contain_text("You: 1, Block! on CPU 2")
    expect(page.locator("#card-1 .slot.foreign")).to_have_count(1)
    expect(page.locator("#card-0 .slot.own")).to_have_count(0)  # the 1 did not advance
    expect(uses).to_have_count(0)
    assert mine.bounding_box() == before[1]                    # (the card now holds a block)
    assert {k: card.bounding_box()[k] for k in "xy"} == {k: before[0][k] for k in "xy"}
