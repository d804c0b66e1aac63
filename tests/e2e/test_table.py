"""The table frame in Chromium: every game's play screen at 1280×800 and 390×844 in English
and Japanese (one screen, nothing sideways, the prompt and log regions in view, the log a
drawer on the phone), the result overlay naming the winner, the log's numbers and newest
line, the Rules dialog opening at its top, and the motion convention of web/morph.js."""

import json
import re

import pytest
from playwright.sync_api import expect

from bodoge.core.record import Record, encode
from bodoge.core.selfplay import play_one
from bodoge.games import CATALOG, get_game
from bodoge.ui.games import Ctx, winners_text
from bodoge.ui.i18n import I18n

from .harness import SIZES, algo_attack, assert_regions_in_view, boot, humans_turn

NAMES = ("Aki", "Ben", "Cy", "Dee", "Eri", "Fumi")
# a finished game of each: options and the self-play bots (the catalogue's demo)
FINISHED = {g.id: g.demo for g in CATALOG if g.playable}



def go(page, hash_, selector):
    page.evaluate("(h) => { location.hash = h; }", hash_)
    page.wait_for_selector(selector)


def code(game_id, seats, moves=None, seed=1):
    options, level = FINISHED[game_id]
    match = play_one(game_id, options, seed, [level] * options["players"])
    rec = match.record
    cut = rec.moves if moves is None else rec.moves[:moves]
    return encode(Record(rec.game, rec.version, rec.options, rec.seed, cut, {"seats": seats})), match


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ("en", "ja"))
def test_every_game_is_one_screen_with_prompt_and_log(at, size, lang):
    page = at(size, lang)
    for game in CATALOG:
        go(page, f"#/new/{game.id}", "#setup-form")
        page.click("#start")
        page.wait_for_selector("main.play-screen")
        expect(page.locator("#prompt")).not_to_be_empty()
        log = page.locator("#log")
        if size == "desktop":                    # the log is a panel beside the table
            expect(page.locator("#open-log")).to_be_hidden()
            assert_regions_in_view(page, ["prompt", "log"])
            continue
        # the phone: the log is a drawer over the table, under the prompt
        expect(log).to_be_hidden()
        assert_regions_in_view(page, ["prompt"])
        page.click("#open-log")
        expect(log).to_be_visible()
        expect(page.locator("#open-log")).to_have_attribute("aria-expanded", "true")
        assert_regions_in_view(page, ["prompt", "log"])
        prompt, drawer = (page.locator(s).bounding_box() for s in ("[data-region=prompt]", "#log"))
        assert drawer["y"] >= prompt["y"] + prompt["height"] - 1, "the drawer covers the prompt"
        expect(page.locator("#log-close")).to_be_focused()
        page.keyboard.press("Escape")
        expect(log).to_be_hidden()
        expect(page.locator("#open-log")).to_be_focused()
        page.click("#open-log")
        page.click("#log-close")
        expect(log).to_be_hidden()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ("en", "ja"))
def test_result_overlay_names_the_winner_over_the_table(at, size, lang):
    page = at(size, lang)
    i18n = I18n(lang)
    for game_id, (options, level) in FINISHED.items():
        seats = [{"name": NAMES[s], "bot": level} for s in range(options["players"])]
        text, match = code(game_id, seats)
        winners = match.outcome()["winners"]
        go(page, f"#load={text}", ".overlay.result")
        ctx = Ctx(i18n, list(NAMES[:options["players"]]), None, [])
        heading = page.locator("#result-heading")
        expect(heading).to_have_text(winners_text(ctx, winners))
        place = i18n.t("result.place.1")
        placings = page.get_by_role("list", name=i18n.t("result.placings"))
        for s in winners:
            expect(placings.get_by_role("listitem").filter(has_text=NAMES[s]).first).to_contain_text(place)
        # over the table, not below it; its buttons in view; the page still one screen
        stage = page.locator(".stage").bounding_box()
        over = page.locator(".overlay.result").bounding_box()
        assert abs(over["y"] - stage["y"]) < 2 and abs(over["height"] - stage["height"]) < 2
        assert_regions_in_view(page, ["prompt"])
        for button in ("#play-again", "#look-at-table"):
            box = page.locator(button).bounding_box()
            assert box["y"] + box["height"] <= SIZES[size][1], button
        page.click("#look-at-table")
        expect(page.locator(".overlay.result")).to_have_count(0)
        expect(page.locator("#show-overlay")).to_be_focused()
        assert_regions_in_view(page, ["prompt"])
        page.click("#show-overlay")
        expect(heading).to_have_text(winners_text(ctx, winners))


def test_log_numbers_are_never_clipped_and_the_newest_line_is_in_view(at):
    seats = [{"name": "", "bot": None}] + [{"name": NAMES[s], "bot": "normal"} for s in (1, 2, 3)]
    match = play_one("algo", {"players": 4}, 1, ["normal"] * 4)
    rec = match.record
    text = encode(Record(rec.game, rec.version, rec.options, rec.seed, rec.moves, {"seats": seats}))
    page = at("phone", "en")
    go(page, f"#load={text}", "main.play-screen")
    page.click("#look-at-table")
    page.click("#open-log")
    lines = page.locator("#log-list li")
    assert lines.count() >= 150
    # opened at its end: the newest line is in view
    in_view = """(el) => { const list = document.getElementById('log-list').getBoundingClientRect();
                           const r = el.getBoundingClientRect();
                           return r.top >= list.top - 1 && r.bottom <= list.bottom + 1; }"""
    assert lines.last.evaluate(in_view)
    line = page.locator("#log-list li", has=page.locator(".log-n", has_text=re.compile(r"^141\.$")))
    line.scroll_into_view_if_needed()
    number = line.locator(".log-n")
    expect(number).to_have_text("141.")
    assert line.inner_text().startswith("141.")
    # the whole number is drawn inside the log: nothing cut off on either side
    fits = number.evaluate("""(el) => { const list = document.getElementById('log-list').getBoundingClientRect();
                                        const r = el.getBoundingClientRect();
                                        return el.scrollWidth <= el.clientWidth && r.left >= list.left
                                               && r.right <= list.right; }""")
    assert fits
    # grouped by round, the game's end last
    groups = page.locator("#log-list .log-group").all_inner_texts()
    assert [g.lower() for g in groups[:2]] == ["round 1", "round 2"] and groups[-1].lower() == "end of the game"
    # at the end of the log one round's heading is stuck at its top, not every earlier one
    # behind it (a taller one showed below the next: issue 26)
    stuck = page.evaluate("""() => { const list = document.getElementById('log-list');
        list.scrollTop = list.scrollHeight; const top = list.getBoundingClientRect().top;
        return [...list.querySelectorAll('.log-group')].filter((el) => {
            const r = el.getBoundingClientRect();
            return r.bottom > top + 1 && r.top < top + 2; }).length; }""")
    assert stuck == 1, stuck


def test_the_newest_line_stays_in_view_as_moves_come(at):
    page = at("desktop", "en")
    go(page, "#/new/algo", "#setup-form")
    page.click("#start")
    lines = page.locator("#log-list li")
    guess = 0
    while lines.count() < 40:          # more lines than the panel holds
        if page.get_by_role("button", name="Next round").is_visible():
            page.get_by_role("button", name="Next round").click()
        elif page.locator(".overlay.result").count():
            break
        elif humans_turn(page):
            guess += algo_attack(page, guess)
        else:
            page.wait_for_timeout(30)
    assert page.locator("#log-list").evaluate("(el) => el.scrollHeight > el.clientHeight")
    expect(lines.last).to_be_in_viewport()
    box, frame = lines.last.bounding_box(), page.locator("#log-list").bounding_box()
    assert box["y"] + box["height"] <= frame["y"] + frame["height"] + 1


def before_my_turn(game_id):
    """A finished game's save code cut where the turn has just come to seat 0 (the person; the
    others bots): (code, moves so far, seat 0's recorded move)."""
    options, level = FINISHED[game_id]
    _, match = code(game_id, [])
    moves = match.record.moves
    # seat 0's first move of its own choosing after another seat's (a draw that makes itself,
    # Bossa's, comes between them: it is made as the game opens)
    chosen = [i for i in range(len(moves)) if match.chosen(i)]
    k = next(i for j, i in enumerate(chosen) if i >= 4 and moves[i][0] == 0 and moves[chosen[j - 1]][0] != 0)
    seats = [{"name": NAMES[s], "bot": None if s == 0 else level} for s in range(options["players"])]
    return code(game_id, seats, moves=k)[0], k, moves[k][1]


def test_the_table_keeps_its_place_when_the_turn_passes(at):
    """On a wide screen the prompt keeps one height, so the table neither jumps nor is laid out
    again (it is sized from its stage) when a move passes the turn."""
    page = at("desktop", "en")
    for game_id in [g for g in FINISHED if not get_game(g).realtime]:     # played in turns
        c, k, move = before_my_turn(game_id)
        go(page, "#/", "main.shelf-screen")
        go(page, f"#load={c}", "main.play-screen")
        keep = page.get_by_role("button", name="Keep it now")     # the shared game's banner
        # (gone if a bot played on: ALTER's seats choose at once, and the move saved the game;
        # a count then a click raced it, so the click is one step in the page)
        page.evaluate("() => { const b = document.querySelector('[data-act=keep-here]'); if (b) b.click(); }")
        expect(keep).to_have_count(0)
        stage = page.locator(".stage")
        before = stage.bounding_box()
        assert page.evaluate("([s, m]) => window.bodoge.play(s, m)", [0, json.dumps(move)]), game_id
        assert page.evaluate("JSON.parse(window.bodoge.status()).moves") > k      # and the bots, at once
        assert stage.bounding_box() == before, game_id


def test_on_a_phone_take_back_is_one_line_and_says_why_when_pressed(at):
    page = at("phone", "en")
    c, _, _ = before_my_turn("alter")
    go(page, f"#load={c}", "main.play-screen")
    button = page.locator("#take-back")
    expect(button).to_have_attribute("aria-disabled", "true")
    why = "A Watch showed cards"                # ALTER's own words (a CPU watched since)
    expect(button).to_have_accessible_name(re.compile(f"Take back.*{why}"))    # read out with it
    assert button.bounding_box()["height"] <= 48                                  # one line
    expect(page.locator(".error-slot .error")).to_be_empty()
    button.click(force=True)            # aria-disabled: Playwright would wait for it to enable
    expect(page.locator(".error-slot .error")).to_have_text(why)                  # shown when pressed
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_rules_dialog_opens_at_its_top(at):
    page = at("desktop", "en")
    go(page, "#/new/alter", "#setup-form")
    page.click("#start")
    page.click("#open-rules")
    dialog = page.locator("#dialog-rules")
    expect(dialog).to_be_visible()
    page.wait_for_timeout(200)
    assert dialog.evaluate("(d) => d.scrollHeight > d.clientHeight")      # long enough to scroll
    assert dialog.evaluate("(d) => d.scrollTop") == 0
    expect(page.locator("#dialog-close")).to_be_focused()
    expect(page.get_by_role("heading", name="Rules").first).to_be_in_viewport()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)


MOTION = """([html1, html2]) => {
  const root = document.createElement('div');
  root.className = 'board-wrap';
  root.style.cssText = 'position: fixed; inset: 0; width: 400px; height: 300px;';
  document.body.appendChild(root);
  bodogeMorph(root, html1);
  const before = root.querySelector('[data-fx-key=a]');
  bodogeMorph(root, html2);
  const moved = root.querySelector('[data-fx-key=a]');
  const result = {
    slides: moved.getAnimations().length,
    flips: Array.from(root.querySelectorAll('[data-fx=flip]')).map(e => getComputedStyle(e).animationName),
    duration: getComputedStyle(root.querySelector('[data-fx=flip]')).animationDuration,
  };
  root.remove();
  return result;
}"""
CARDS = ["<p data-fx='slide' data-fx-key='a' style='position:absolute; left:0; top:0'>A</p>",
         "<p data-fx='slide' data-fx-key='a' style='position:absolute; left:200px; top:100px'>A</p>"
         "<b id='c' data-fx='flip'>C</b>"]


def test_motion_convention_and_reduced_motion(at):
    page = at("desktop", "en")
    got = page.evaluate(MOTION, CARDS)
    assert got["slides"] == 1 and got["flips"] == ["fx-flip"]
    d = got["duration"]
    assert 0 < (float(d[:-2]) / 1000 if d.endswith("ms") else float(d[:-1])) <= 0.3, d
    page.emulate_media(reduced_motion="reduce")
    got = page.evaluate(MOTION, CARDS)
    assert got["slides"] == 0 and got["flips"] == ["none"]
    page.emulate_media(reduced_motion="no-preference")
    page.evaluate("document.documentElement.dataset.motion = 'reduce'")   # the setting
    got = page.evaluate(MOTION, CARDS)
    assert got["slides"] == 0 and got["flips"] == ["none"]
