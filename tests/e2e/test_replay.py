"""Replays and take-backs in Chromium: a ``#replay=`` link stepped with the keys gives, at every
move, the state CPython gives; Share copies a link to the move shown that opens there in a
fresh browser (a game in progress: its public record); the log and the buttons jump; the screen fits a phone; a take-back in ALLUVIUM
before the sheets pass; algo's analysis shows the strong bot's posterior as CPython counts it;
every game's table draws in a replay."""

import re

import pytest
from playwright.sync_api import expect

from bodoge.core.canon import state_hash
from bodoge.core.public import is_public, share_code
from bodoge.core.match import Match
from bodoge.core.record import Record, encode
from bodoge.core.selfplay import play_one
from bodoge.games import PLAYABLE, get_game, info
from bodoge.games.algo.bots import strong_posterior
from bodoge.games.algo.ui_analysis import pct
from bodoge.ui.session import has_takebacks

from .harness import INSTANT, assert_regions_in_view, boot

SEATS = [{"name": n, "bot": None} for n in ("Aki", "Ben", "Cy", "Dee", "Eri")]


def game_code(game_id="algo", players=3, level="normal", seed=4, cut=None):
    rec = play_one(game_id, {"players": players}, seed, [level] * players).record
    moves = rec.moves if cut is None else rec.moves[:cut]
    seats = [dict(SEATS[s], bot=None if s == 0 else level) for s in range(players)]
    return Record(rec.game, rec.version, rec.options, rec.seed, list(moves), {"seats": seats})


def hashes(rec):
    """The state hash after each number of moves, in CPython."""
    match = Match.from_record(rec)
    return [state_hash(match.history.state(k)) for k in range(len(rec.moves) + 1)]


def shown(page):
    main = page.locator("main#replay")
    return int(main.get_attribute("data-move")), int(main.get_attribute("data-moves"))


def wait_move(page, n):
    expect(page.locator("main#replay")).to_have_attribute("data-move", str(n))


TABLE = ("(() => { const b = document.querySelector('main#replay .board-wrap').getBoundingClientRect();"
         " return [Math.round(b.top), Math.round(b.height)]; })()")


def test_a_replay_link_stepped_with_keys_matches_cpython_at_every_move(page, server):
    rec = game_code(players=2)
    expected = hashes(rec)
    total = len(rec.moves)
    boot(page, server.url + f"#replay={encode(rec)}")
    wait_move(page, total)
    assert shown(page) == (total, total)
    expect(page.locator("#prompt")).to_contain_text(f"Replay · move {total} of {total}")
    expect(page.locator("section.overlay.result")).to_be_visible()     # the end of a finished game
    page.keyboard.press("Home")
    wait_move(page, 0)
    assert page.evaluate("() => window.bodoge.replayHash()") == expected[0]
    tables = set()         # and the table stays put as the move's words run to one line or more
    for k in range(1, total + 1):
        page.keyboard.press("ArrowRight")
        wait_move(page, k)
        assert page.evaluate("() => window.bodoge.replayHash()") == expected[k], k
        tables.add(tuple(page.evaluate(TABLE)))
    assert len(tables) == 1, f"the table moved from move to move: (top, height) {sorted(tables)}"
    page.keyboard.press("ArrowRight")                  # the end: stays
    wait_move(page, total)
    page.keyboard.press("ArrowLeft")
    wait_move(page, total - 1)
    assert page.url.endswith(f"&move={total - 1}")     # the address follows the move shown
    page.keyboard.press("End")
    wait_move(page, total)


def test_share_copies_a_link_to_the_move_that_opens_there_in_a_fresh_browser(page, server, new_context):
    rec = game_code("alter", players=4, cut=40)
    boot(page, server.url + f"#replay={encode(rec)}&move=12")
    wait_move(page, 12)
    expect(page.locator("#prompt")).to_contain_text("Replay · move 12 of 40")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    wait_move(page, 14)
    page.get_by_role("button", name="Share").click()
    link = page.locator("#share-link").input_value()
    # a game in progress: the link holds what spectators saw (a public record), no seed
    public = share_code(Match.from_record(rec))
    assert is_public(public) and link.endswith(f"#replay={public}&move=14")
    expect(page.locator("#dialog-share")).to_contain_text("Link to move 14")
    assert page.evaluate("() => window.bodoge.replayHash()") == hashes(rec)[14]
    other = new_context().new_page()                   # another browser profile: empty storage
    boot(other, link)
    wait_move(other, 14)
    # it shows the spectator's view of move 14 (its "state" is that view)
    spectator = get_game(rec.game).view(Match.from_record(rec).history.state(14), None)
    assert other.evaluate("() => window.bodoge.replayHash()") == state_hash(spectator)
    # a replay saves nothing on the device that opens it
    assert not any(k.startswith("bodoge:save:") for k in other.evaluate("Object.keys(localStorage)"))
    # a game in progress shared as a code: the spectator view only, no seat to pick
    expect(other.locator("#replay-seat")).to_have_count(0)


def test_buttons_slider_and_log_jump_and_a_phone_fits_it(browser, server, guard):
    rec = game_code(players=3)
    total = len(rec.moves)
    ctx = guard.attach(browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US"))
    ctx.add_init_script(INSTANT)
    page = ctx.new_page()
    try:
        boot(page, server.url + f"#replay={encode(rec)}&move=5")
        wait_move(page, 5)
        assert_regions_in_view(page, ["prompt"])
        steps = page.evaluate("[...document.querySelectorAll('.replay-step')].map(b => "
                              "[b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
        assert len(steps) == 4 and all(w >= 44 and h >= 44 for w, h in steps), steps  # a thumb's
        page.get_by_role("button", name="Next move").click()
        wait_move(page, 6)
        page.get_by_role("button", name="First move").click()
        wait_move(page, 0)
        page.get_by_role("button", name="Last move").click()
        wait_move(page, total)
        page.get_by_role("button", name="Look at the table").click()
        page.get_by_role("button", name="Previous move").click()
        wait_move(page, total - 1)
        page.locator("#replay-move").fill("9")          # the slider
        wait_move(page, 9)
        page.locator("#open-log").click()                # the log drawer: a line jumps to its move
        line = page.locator("#log-list .log-jump").nth(3)
        target = int(line.get_attribute("data-arg"))
        line.click()
        wait_move(page, target)
        expect(page.locator("#log-list [aria-current='step']").first).to_be_in_viewport()
        # everything is shown at the end of a finished game; a seat's view may be picked
        page.locator("#log-close").click()
        page.locator("#replay-seat").select_option("1")
        expect(page.locator("#replay-seat")).to_have_value("1")
        wait_move(page, target)
    finally:
        ctx.close()


def test_a_bad_replay_link_gets_a_short_message(page, server):
    boot(page, server.url + "#replay=AXjaNOTACODE&move=3")
    expect(page.locator("#notice")).to_contain_text("This replay cannot be opened:")
    expect(page.locator("main.shelf-screen")).to_be_visible()


ALLUVIUM = get_game("alluvium")


def test_a_take_back_in_alluvium_before_the_sheets_pass(page, server):
    assert has_takebacks(ALLUVIUM)
    boot(page, server.url)
    page.get_by_role("list", name="Games").get_by_role("listitem").filter(has_text="ALLUVIUM") \
        .get_by_role("link", name="New game").click()
    page.locator("#players").select_option("3")
    for s, kind in enumerate(("human", "normal", "normal")):
        page.get_by_role("group", name=f"Seat {s + 1}").get_by_label("Played by").select_option(kind)
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator("main.play-screen[data-game='alluvium']")).to_be_visible()
    preview = page.locator("#alv-preview")
    if "fits." not in preview.inner_text():
        page.keyboard.press("n")
    log = page.locator("#log-list li")
    before = log.count()
    page.keyboard.press("Enter")                       # the first piece of round 1, on my map
    expect(page.locator("#log-list")).to_contain_text("on your map")
    take_back = page.get_by_role("button", name=re.compile("^↶ Take back|^Take back"))
    expect(take_back).to_be_visible()
    expect(take_back).not_to_have_attribute("aria-disabled", "true")
    page.keyboard.press("u")
    expect(page.locator("#log-list")).not_to_contain_text("on your map")
    expect(page.locator("#prompt")).to_contain_text("each over a start square")
    assert log.count() <= before + 3                   # (the computers may have drawn again)


# --- analysis ---------------------------------------------------------------------------------------
SHOWN_CHANCES = """() => [...document.querySelectorAll('#analysis .an-card')].map(li => [
    li.dataset.card,
    [...li.querySelectorAll('.an-n')].map(n => [Number(n.dataset.n), Number(n.dataset.p), n.textContent])])"""


def expected_chances(match, k, seat):
    """What CPython's strong bot counts from ``seat``'s view of position ``k``: {card: [(n, p)]}
    (the three likeliest, as shown)."""
    view = match.game.view(match.history.state(k), seat)
    _, post = strong_posterior(view)
    out = {}
    for (s, p), d in post.dist.items():
        ranked = sorted(d.items(), key=lambda x: (-x[1], x[0]))[:3]
        out[f"{s}-{p}"] = [(cid >> 1, pr) for cid, pr in ranked]
    return out


def test_algo_analysis_numbers_are_the_strong_bot_s_posterior_for_the_same_view(page, server):
    rec = game_code(players=3, seed=6)
    match = Match.from_record(rec)
    boot(page, server.url + f"#replay={encode(rec)}&move=4")
    wait_move(page, 4)
    page.locator("#replay-seat").select_option("0")     # as Aki saw it
    compared = 0
    for k in (4, 5, 6, 12):
        if k != 4:
            page.locator("#replay-move").fill(str(k))
            wait_move(page, k)
        expected = expected_chances(match, k, 0)
        if not expected:
            continue
        cards = page.locator("#analysis .an-card")
        expect(cards).to_have_count(len(expected))
        shown = {card: rows for card, rows in page.evaluate(SHOWN_CHANCES)}
        assert set(shown) == set(expected), k
        for card, rows in shown.items():
            assert [n for n, _, _ in rows] == [n for n, _ in expected[card]], (k, card)
            for (n, p, text), (_, q) in zip(rows, expected[card]):
                assert p == pytest.approx(q, abs=1e-6), (k, card, n)
                assert text.endswith(pct(q)), (k, card, text)
        compared += 1
    assert compared >= 3
    # the seat's latest declaration, judged from its view before it
    k = next(i + 1 for i in range(12, len(rec.moves)) if rec.moves[i][0] == 0
             and rec.moves[i][1].get("a") == "attack")
    page.locator("#replay-move").fill(str(k))
    wait_move(page, k)
    seat, move = rec.moves[k - 1]
    before = match.game.view(match.history.state(k - 1), 0)
    _, post = strong_posterior(before)
    card = before["rows"][move["s"]][move["p"]]
    chance = post.dist[(move["s"], move["p"])].get(move["n"] * 2 + card["c"], 0.0)
    played = page.locator("#analysis .an-played")
    expect(played).to_contain_text(f"You declared {move['n']} on ")      # (as Aki saw it)
    assert float(played.get_attribute("data-p")) == pytest.approx(chance, abs=1e-6)
    expect(played).to_contain_text(f"a {pct(chance)} chance then")


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_game_s_table_draws_in_a_replay(page, server, game_id):
    g = info(game_id)
    rec = game_code(game_id, players=g.demo_options["players"], level=g.demo_level)
    total = len(rec.moves)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    boot(page, server.url + f"#replay={encode(rec)}&move={total // 2}")
    wait_move(page, total // 2)
    for key in ("ArrowRight", "ArrowRight", "End", "Home"):
        page.keyboard.press(key)
    wait_move(page, 0)
    expect(page.locator("main#replay .board-wrap").first).not_to_be_empty()
    page.keyboard.press("ArrowRight")
    wait_move(page, 1)
    assert page.evaluate("() => window.bodoge.replayHash()") == hashes(rec)[1]
    assert not errors


@pytest.mark.parametrize("lang", ("en", "ja"))
def test_the_step_buttons_stay_put_on_a_phone_whatever_the_move_says(at, lang):
    """The walk of issue 26: on a phone ▶ moved 25-50 px between two taps, as the words of the
    move above it ran from one line to six (twelve at ALTER's round end, which left the board
    ~60 px): the buttons come first, and the words keep four lines, the rest cut, so that the
    table under them stays put too (it moved 25-223 px; 16 moves of an ALTER game: two round
    ends)."""
    page = at("phone", lang, touch=True)
    rec = game_code("alter", players=3, seed=4)
    page.evaluate("(h) => { location.hash = h; }", "#replay=" + encode(rec))
    expect(page.locator("main#replay")).to_be_visible()
    page.locator("#replay-first").tap()
    wait_move(page, 0)
    boxes, stages, tables, total = set(), [], set(), len(rec.moves)
    for k in range(1, min(total, 16) + 1):          # (two round ends of six and more lines)
        page.locator("#replay-next").tap()
        wait_move(page, k)
        box = page.locator("#replay-next").bounding_box()
        boxes.add((round(box["x"]), round(box["y"])))
        stages.append(page.locator("main#replay .stage").bounding_box()["height"])
        tables.add(tuple(page.evaluate(TABLE)))
    assert len(boxes) == 1, boxes
    assert min(stages) >= 250, stages
    assert len(tables) == 1, f"the table moved from move to move: (top, height) {sorted(tables)}"
