"""algo's modes in Chromium: a pair-play game with Toss (one person, and two people sharing the
device), and a 詰めアルゴ puzzle solved with a mistake and a hint."""

import re
import time

from playwright.sync_api import expect

from bodoge.core.match import Match

from e2e.harness import algo_attack, boot, humans_turn

# the result overlay's heading names the winner (the game's own heading, below it, may too)
RESULT = re.compile(r"wins the game|win the game|share the win")


def new_game(page, mode, kinds, grade=None, chips=False):
    page.get_by_role("link", name="New game").first.click()
    page.locator("#mode").select_option(mode)
    if grade:
        page.locator("#grade").select_option(str(grade))
    if chips:
        page.locator("#opt-chips").check()
    for s, kind in enumerate(kinds):
        page.get_by_role("group", name=f"Seat {s + 1}").get_by_label("Played by").select_option(kind)
    page.get_by_role("button", name="Start").click()
    expect(page.locator("main.play-screen")).to_be_visible()


def test_pair_play_with_toss_to_the_end(page, server):
    boot(page, server.url)
    new_game(page, "pair", ["human", "normal", "normal", "normal"], chips=True)
    expect(page.get_by_text("Team A", exact=False).first).to_be_visible()
    # each team starts with 400; the CPU players may already have moved points between them
    points = page.get_by_role("region", name="Points")
    expect(points).to_contain_text(re.compile(r"Team A.*-?\d+ points.*Team B.*-?\d+ points"))
    assert sum(map(int, re.findall(r"(-?\d+) points", points.inner_text()))) == 800
    result = page.locator("#result-heading", has_text=RESULT)
    told = page.get_by_role("img", name=re.compile("shown to you by your partner"))
    tossed = 0
    guess = 0
    end = time.time() + 240
    while not result.is_visible():
        assert time.time() < end, "the game did not finish in time"
        if page.get_by_role("button", name="Next round").is_visible():
            page.get_by_role("button", name="Next round").click()
            continue
        if not humans_turn(page):
            page.wait_for_timeout(30)
            continue
        toss = page.get_by_role("button", name="Toss", exact=True)
        if toss.is_visible():
            toss.click()
            tossed += 1
            expect(page.locator("#log-list")).to_contain_text("shows you")
            expect(told.first).to_be_visible()
            continue
        show = page.get_by_role("button", name=re.compile("Show this card to your partner"))
        if show.count():
            show.first.click()
            continue
        if algo_attack(page, guess + 1):
            guess += 1
    assert tossed >= 1
    expect(page.locator(".result")).to_contain_text("points (")
    expect(page.get_by_role("table", name="Rounds")).to_be_visible()


def test_toss_between_two_people_on_one_device(page, server):
    boot(page, server.url)
    new_game(page, "pair", ["human", "normal", "human", "normal"])
    handover = page.get_by_role("dialog", name=re.compile("Pass the device to"))
    expect(handover).to_be_visible()
    first = "Player 1" if "Player 1" in handover.inner_text() else "Player 3"
    partner = "Player 3" if first == "Player 1" else "Player 1"
    page.get_by_role("button", name=f"I am {first}: show my cards").click()
    page.get_by_role("button", name="Toss", exact=True).click()
    # the partner gets the device to choose the card; nothing of the first player is on screen
    expect(handover).to_contain_text(partner)
    assert page.locator(".algo-board").count() == 0
    page.get_by_role("button", name=f"I am {partner}: show my cards").click()
    expect(page.locator("#prompt")).to_contain_text("asked for a Toss")
    page.get_by_role("button", name=re.compile("Show this card to your partner")).first.click()
    expect(handover).to_contain_text(first)
    assert "shown to you" not in page.content()
    page.get_by_role("button", name=f"I am {first}: show my cards").click()
    expect(page.get_by_role("img", name=re.compile("shown to you by your partner"))).to_have_count(1)


def test_puzzle_solved_with_a_mistake_and_a_hint(page, server):
    boot(page, server.url)
    new_game(page, "puzzle", ["human"], grade=2)
    expect(page.locator("#puzzle-status")).to_contain_text("Mistakes: 0")
    page.get_by_role("button", name="Share").click()
    code = page.get_by_label("Puzzle code").input_value()
    page.get_by_role("button", name="Close").click()
    state = Match.from_code(code).state                     # the solution, worked out here
    hidden = [(r, p, c["id"] >> 1) for r, row in enumerate(state["rows"])
              for p, c in enumerate(row) if not c["up"]]
    page.get_by_role("button", name="Show why").click()
    expect(page.get_by_role("region", name="Why")).to_contain_text("lies between")
    r, p, n = hidden[0]
    page.locator(f"#pz-{r}-{p}").click()
    page.get_by_role("button", name=f"Name {(n + 1) % 12}", exact=True).click()
    expect(page.locator("#puzzle-status")).to_contain_text("Mistakes: 1")
    page.locator(f"#pz-{r}-{p}").click()
    expect(page.get_by_role("button", name=f"{(n + 1) % 12}, already tried")).to_be_disabled()
    page.get_by_role("button", name=f"Name {n}", exact=True).click()
    for r, p, n in hidden[1:]:
        page.locator(f"#pz-{r}-{p}").click()
        page.get_by_role("button", name=f"Name {n}", exact=True).click()
    expect(page.get_by_role("heading", name="Solved!")).to_be_visible()
    expect(page.locator(".result")).to_contain_text("Mistakes: 1")
