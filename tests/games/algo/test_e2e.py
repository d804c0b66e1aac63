"""algo in Chromium: the table on one screen at 1280×800 and 390×844 in English and Japanese
(2 and 4 players, pair play with the longest names, the 詰めアルゴ screen, a round summary and
the result), the round that ended drawn behind its summary while the next deal is already in
the state, a pair-play game with Toss (one person, and two people sharing the device), and a
詰めアルゴ puzzle solved with a mistake and a hint."""

import functools
import json
import re
import time

import pytest
from playwright.sync_api import expect

from bodoge.core.match import Match
from bodoge.core.record import Record, encode
from bodoge.core.selfplay import play_one

from e2e.harness import (OPEN_NUMBER, SIZES, algo_attack, assert_regions_in_view, boot, humans_turn,
                         settle)

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
    expect(page.get_by_role("table", name="Points")).to_contain_text("Round wins")
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


# --- one screen at both sizes, in both languages ----------------------------------------------------
LONG = ["Akiko Takahashi-Watanabe", "Benjamin Oyelaran-Smithe", "Chiyo Matsumoto-Ishikawa",
        "Dee Wright Abernathy-Lee"]
assert all(len(name) == 24 for name in LONG)



@functools.lru_cache(maxsize=None)
def game(options_json, seed):
    options = json.loads(options_json)
    return play_one("algo", options, seed, ["normal"] * options["players"]).record


def cut(rec, n, human, names=None):
    """The record cut to ``n`` moves, ``human`` the person at the device, bots elsewhere."""
    seats = [{"name": names[s] if names else "", "bot": None if s == human else "normal"}
             for s in range(rec.options["players"])]
    return encode(Record(rec.game, rec.version, rec.options, rec.seed, rec.moves[:n], {"seats": seats}))


def positions(options, seed):
    """(a move index where a seat is to make its first attack of a turn, past the first third
    of the game, and that seat; the index of the move that ends the first round, its seat and
    move)."""
    rec = game(json.dumps(options, sort_keys=True), seed)
    match = Match.new("algo", rec.options, rec.seed)
    mid = end = None
    for k, (seat, move) in enumerate(rec.moves):
        before = len(match.state["log"])
        if (mid is None and k > len(rec.moves) // 3 and match.state["phase"] == "attack"
                and move["a"] == "attack" and match.state["stake"] in (None, "drawn")):
            mid = (k, seat)
        match.play(seat, move)
        if end is None and any(e["e"] == "round_end" for e in match.state["log"][before:]):
            end = (k, seat, move)
    return rec, mid, end


def open_code(page, code, selector="main.play-screen .algo-board"):
    page.evaluate("(h) => { location.hash = h; }", "#load=" + code)
    page.wait_for_selector(selector)
    page.evaluate("document.getElementById('notice')?.remove()")


def regions(size, *names):
    return list(names) + (["log"] if size == "desktop" else [])


GAMES = [({"players": 2}, 3, None), ({"players": 4, "chips": True}, 9, LONG),
         ({"players": 4, "mode": "pair", "chips": True}, 4, LONG)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ("en", "ja"))
def test_the_table_is_one_screen_for_every_player_count_and_on_every_overlay(at, size, lang):
    page = at(size, lang)
    every = regions(size, "prompt", "table", "hand", "players")
    for options, seed, names in GAMES:
        rec, (k, seat), (end, last, move) = positions(options, seed)
        # the play screen, a card chosen: the pad says what a hit and a miss would do
        open_code(page, cut(rec, k, seat, names))
        assert_regions_in_view(page, every)
        assert_names_whole(page)
        stake = page.locator(".card[data-act=stake]")
        if stake.count():
            stake.first.click()
        page.locator(".card[data-act=target]").first.click()
        expect(page.locator(".center .preview.hit")).to_be_visible()
        expect(page.locator(OPEN_NUMBER).first).to_be_enabled()
        assert_regions_in_view(page, every)
        assert_the_preview_fits(page, size)
        # the round summary over the round that ended
        open_code(page, cut(rec, end, last, names))
        assert page.evaluate("([s, m]) => window.bodoge.play(s, m)", [last, json.dumps(move)])
        expect(page.locator(".overlay.round-over")).to_be_visible()
        expect(page.locator(".algo-board.round-ended")).to_have_count(1)
        assert_regions_in_view(page, every)
        assert_names_whole(page)
        # the result, and the table behind it
        open_code(page, cut(rec, len(rec.moves), 0, names), ".overlay.result")
        assert_regions_in_view(page, every)
        page.click("#look-at-table")
        assert_regions_in_view(page, every)
    # 詰めアルゴ: three rows of 7, 8 and 9 cards, a card picked, a reason shown
    puzzle = Match.new("algo", {"mode": "puzzle", "players": 1, "grade": 3}, 16)
    assert [len(row) for row in puzzle.state["rows"]] == [7, 8, 9]
    open_code(page, cut(puzzle.record, 0, 0), ".puzzle-board")
    page.locator("button.card.target").first.click()
    page.click("#why")
    expect(page.locator("#why-text")).to_be_visible()
    assert_regions_in_view(page, regions(size, "prompt", "table", "hand"))


def assert_names_whole(page):
    """Every seat's name whole on its line beside its badges (on a phone a name of 24 letters
    lost its end to an ellipsis: 「Chiyo Matsumoto-I…」, up to 26 px short in pair play)."""
    cut_ = page.evaluate("""() => Array.from(document.querySelectorAll('.algo-board .who'))
        .filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.innerText)""")
    assert cut_ == [], cut_


# the preview's lines that are cut (the middle's text box is overflow: hidden), and the pad's
# controls' sizes
PREVIEW = """() => ({lines: Array.from(document.querySelectorAll('.center .action-text > *'))
    .filter((p) => p.getClientRects().length && getComputedStyle(p).position !== 'absolute')
    .filter((p) => { const box = p.closest('.action-text').getBoundingClientRect();
                     const r = p.getBoundingClientRect();
                     return r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5; })
    .map((p) => p.innerText),
  controls: Array.from(document.querySelectorAll('.center button'), (b) => {
    const r = b.getBoundingClientRect();
    return [b.innerText, Math.round(r.width), Math.round(r.height)]; })})"""


def assert_the_preview_fits(page, size):
    """The walk of issue 26: what a hit and a miss will do is never cut (its box is as high as
    the middle leaves it; the numbers missed on the card are under the card and struck in the
    pad), and on a phone every number and button of the pad is 44 px high at least."""
    got = page.evaluate(PREVIEW)
    assert got["lines"] == [], got["lines"]
    if size == "phone":
        assert all(h >= 44 for _, _, h in got["controls"]), got["controls"]


def test_the_round_summary_shows_the_round_that_ended_while_the_next_is_dealt(at):
    page = at("desktop", "en")
    rec, _, (end, last, move) = positions({"players": 2}, 3)
    match = Match.new("algo", rec.options, rec.seed)
    for seat, m in rec.moves[:end + 1]:
        match.play(seat, m)
    ended = next(e for e in match.state["log"] if e["e"] == "round_end")
    assert match.state["round"] == 1                     # the state holds the next deal
    open_code(page, cut(rec, end, last))
    assert page.evaluate("([s, m]) => window.bodoge.play(s, m)", [last, json.dumps(move)])
    expect(page.locator(".overlay.round-over")).to_be_visible()
    labels = page.locator(".board-wrap .algo-board .card").evaluate_all(
        "(cards) => cards.map((c) => c.getAttribute('aria-label'))")
    expected = []
    for s, row in enumerate(ended["rows"]):
        for p, c in enumerate(row):
            name = f"{'black' if c['id'] % 2 == 0 else 'white'} {c['id'] >> 1}"
            state = "face up" if c["up"] else "still face down"
            expected.append(f": card {p + 1} of {len(row)}, {name}, {state}")
    assert sorted(x.split(":", 1)[1] for x in labels) == sorted(x[1:] for x in expected)
    # the log already has the next deal; the summary's heading names the winner
    expect(page.locator("#log-list")).to_contain_text("Round 2:")
    heading = ("You win round 1" if ended["winner"] == last
               else f"CPU {ended['winner'] + 1} (normal) wins round 1")
    expect(page.locator("#round-heading")).to_have_text(heading)
    page.click("#next-round")
    expect(page.locator(".algo-board.round-ended")).to_have_count(0)
    expect(page.locator(".deck")).to_be_visible()


# every row's cards: how many lines they take, whether each lies inside its band, the smallest
# card's width, and whether the page scrolls sideways
ROWS = """() => ({rows: Array.from(document.querySelectorAll('.algo-board .row'), (row) => {
  const band = row.closest('.seat').getBoundingClientRect();
  const cards = Array.from(row.querySelectorAll('.card'), (c) => c.getBoundingClientRect());
  return {n: cards.length, lines: new Set(cards.map((r) => Math.round(r.top))).size,
          inside: cards.every((r) => r.left >= band.left - 0.5 && r.right <= band.right + 0.5
                                     && r.bottom <= band.bottom + 0.5),
          width: Math.min(...cards.map((r) => r.width))};
}), sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth})"""


# the cards to tap whose taps do not reach 44 px down from their top (a card narrowed by a long
# row takes the taps on the line of its marks below it)
TALL = """() => Array.from(document.querySelectorAll('.card[data-act=target]'), (c) => {
  const r = c.getBoundingClientRect(), x = r.left + r.width / 2;
  const at = (y) => document.elementFromPoint(x, y)?.closest(".card") === c;
  return at(r.top + 1) && at(r.top + 44) ? null : c.id; }).filter(Boolean)"""


def longest_row(options, seed):
    """(k, seat, length): the position where a seat is to attack with the longest row."""
    rec = game(json.dumps(options, sort_keys=True), seed)
    match = Match.new("algo", rec.options, rec.seed)
    best = (0, 0, 0)
    for k, (seat, move) in enumerate(rec.moves):
        longest = max(len(row) for row in match.state["rows"])
        if match.state["phase"] == "attack" and move["a"] == "attack" and longest > best[2]:
            best = (k, seat, longest)
        match.play(seat, move)
    return rec, best


@pytest.mark.parametrize("lang", ("en", "ja"))
def test_a_long_row_stays_one_line_on_a_phone(at, lang):
    """issue 26: a row of six or more cards never wraps at 390×844; its cards shrink (and
    overlap past the smallest size), each inside its band, with their miss marks below."""
    page = at("phone", lang)
    for options, seed in (({"players": 2}, 3), ({"players": 4, "chips": True}, 9)):
        rec, (k, seat, longest) = longest_row(options, seed)
        assert longest >= 7
        open_code(page, cut(rec, k, seat))
        page.locator(".card[data-act=target]").first.click()
        expect(page.locator(".center .preview.hit")).to_be_visible()
        settle(page)                    # the cards' slides over (a sliding card is off its line)
        got = page.evaluate(ROWS)
        assert not got["sideways"]
        assert max(r["n"] for r in got["rows"]) == longest
        for row in got["rows"]:
            assert row["lines"] == 1 and row["inside"], row
            assert row["width"] >= 20, row            # a card still big enough to read
        assert page.evaluate(TALL) == [], "a card to tap less than 44 px high"
        assert_regions_in_view(page, ["prompt", "table", "hand", "players"])


@pytest.mark.parametrize("lang", ("en", "ja"))
def test_the_pad_s_greyed_numbers_and_a_bluff_are_accessible(at, lang):
    """axe-core finds nothing serious on the pad with greyed numbers (aria-disabled, each with
    its reason) and with a bluff asked about (issue 26), whose Bluff button is 44 px high on a
    phone (it was 30) and not cut."""
    from e2e.harness import add_axe
    from e2e.test_a11y import RUN

    page = at("phone", lang)
    rec, (k, seat, _) = longest_row({"players": 2}, 3)
    open_code(page, cut(rec, k, seat))
    add_axe(page)
    page.locator(".card[data-act=target]").first.press("Enter")      # (a span: ui/dom.py)
    expect(page.locator(".num.ruled").first).to_be_visible()
    settle(page)
    assert page.evaluate(RUN) == []
    bluff = page.locator(".num.bluff")
    assert bluff.count()                   # (the person holds cards of the target's colour)
    bluff.first.click()
    expect(page.locator("#bluff")).to_be_visible()
    box = page.locator("#bluff").bounding_box()            # it declares: a thumb's 44 px
    assert box["height"] >= 44 and box["width"] >= 44, box
    assert page.evaluate(PREVIEW)["lines"] == []           # and the note and it are not cut
    settle(page)
    assert page.evaluate(RUN) == []


# the prompt bar, the rows, the pad (its box and its columns' widths: a pressed number sinks by
# design) and the buttons beside it
BOXES = """() => { const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
                                  return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; };
  return {bar: box('.prompt-bar'), players: box('[data-region=players]'), hand: box('.seat.me'),
          pad: box('.numpad'), columns: getComputedStyle(document.querySelector('.numpad')).gridTemplateColumns,
          acts: box('.center .acts')}; }"""

# the longest prompts beside Confirm and Cancel: a declaration on the 10th card of a name of 24
# letters and no space
LONGEST = {"en": "Declare 10: WWWWWWWWWWWWWWWWWWWWWWWW's 10th card from the left (white)?",
           "ja": "WWWWWWWWWWWWWWWWWWWWWWWWの左から10枚目（白）に10と宣言しますか？"}


def stay_position():
    """4 players with point chips and the longest names: a seat that has hit and may stay."""
    rec = game(json.dumps({"players": 4, "chips": True}, sort_keys=True), 9)
    k = next(k for k, (_, move) in enumerate(rec.moves) if k > 10 and move["a"] == "stay")
    return rec, k, rec.moves[k][0]


@pytest.mark.parametrize("lang", ("en", "ja"))
def test_nothing_moves_between_the_taps_of_a_turn(at, lang):
    """A touch screen (Confirm moves on), 390×844 then 1280×800: after a hit, Stay shows; a
    card tapped brings Cancel beside the pad; a number tapped leaves the declaration waiting,
    with Confirm and Cancel beside the prompt, which names the card of a 24-letter name. The
    prompt bar, the rows, the pad (place and every column's width) and the buttons' column keep
    their boxes, so the next tap lands where it was aimed (issue 26: the pad's numbers were 57,
    47 then 44 px wide as Stay and Cancel came; the prompt grew by a line; in Japanese at
    1280×800 a Stay and a Cancel took the numbers from 43 to 38 px). The pad is where it was
    on the seat's earlier turn too, and 44 px a number in the lesson's narrower table."""
    page = at("phone", lang, touch=True)
    rec, k, seat = stay_position()
    match = Match.new("algo", rec.options, rec.seed)
    earlier = None
    for i, (s, move) in enumerate(rec.moves[:k]):
        if s == seat and match.state["phase"] == "attack" and len(match.state["deck"]) >= 10:
            earlier = i
        match.play(s, move)
    assert len(match.state["deck"]) == 9 and earlier is not None
    open_code(page, cut(rec, k, seat, LONG))
    for size in ("phone", "desktop"):
        page.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
        expect(page.locator("#stay")).to_be_visible()
        before = page.evaluate(BOXES)
        page.locator(".card[data-act=target]").first.tap()
        expect(page.locator(".center #cancel")).to_be_visible()
        assert page.evaluate(BOXES) == before, size
        number = page.locator("button.num:not([aria-disabled='true']):not(.bluff)").first
        number.tap()
        expect(page.locator("#pending-confirm")).to_be_visible()
        expect(number).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#prompt")).to_contain_text(LONG[0])
        assert page.evaluate(BOXES) == before, size
        page.evaluate("(text) => { document.querySelector('#prompt').textContent = text; }", LONGEST[lang])
        assert page.evaluate(BOXES) == before, size
        if size == "phone":
            assert all(float(w[:-2]) >= 44 for w in before["columns"].split()), before["columns"]
        page.locator("#pending-cancel").tap()            # the number, then the card, let go
        page.locator(".center #cancel").tap()
        expect(page.locator(".center #cancel")).to_have_count(0)
    # and from one turn to the next: the pad where it was with 12 cards in the deck (9 above)
    open_code(page, cut(rec, earlier, seat, LONG))
    expect(page.locator(".deck-count")).to_contain_text(re.compile(r"\d\d"))
    assert page.evaluate(BOXES)["pad"] == before["pad"]
    # the lesson's table, 12 px inside its frame (for its highlights' outlines): 44 px a number
    page.set_viewport_size(dict(zip(("width", "height"), SIZES["phone"])))
    page.evaluate("() => { location.hash = '#/learn/algo'; }")
    expect(page.locator("#lesson-next")).to_be_visible()
    columns = page.locator(".numpad").evaluate("(pad) => getComputedStyle(pad).gridTemplateColumns")
    assert all(float(w[:-2]) >= 44 for w in columns.split()), columns
