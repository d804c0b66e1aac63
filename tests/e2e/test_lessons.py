"""Learn to play in Chromium, for every game that has a lesson, in both languages: the lesson
is completed by following only what it shows (each step's highlighted spots, and the clicks
and keys its expected move names, read from ``window.bodoge.lesson()``); its wrong try shows
the hint and changes nothing; a reload in the middle resumes at the same step (in English: a
reload boots the page again, and tests/ui/test_lessons.py resumes every lesson); at the end
"Play your first game" starts a game against easy computers and the shelf marks the lesson
done. English runs at the desktop size, Japanese at a phone's. axe-core checks the lesson's
screens on the way (a step with highlights, the last step, the end)."""

import json
import re

import pytest
from playwright.sync_api import expect

from bodoge.games import CATALOG
from bodoge.ui.games import has_lesson

from e2e.harness import add_axe, assert_regions_in_view, boot, settle, wait_ready, wait_until
from e2e.test_a11y import RUN

GAMES = [g.id for g in CATALOG if g.playable and has_lesson(g.id)]
SIZES = {"en": (1280, 800), "ja": (390, 844)}
FIRST_GAME = {"en": "Play your first game", "ja": "最初のゲームを遊ぶ"}
DONE_MARK = {"en": "lesson done", "ja": "レッスン修了"}

STATE = "() => window.bodoge && window.bodoge.lesson ? window.bodoge.lesson() : ''"


PLACES = """() => {
  const box = (q) => document.querySelector(q).getBoundingClientRect();
  const wrap = box('.board-wrap'), restart = box('#lesson-restart');
  return [wrap.top, wrap.height, restart.left, restart.top].map(Math.round);
}"""


def lesson(page):
    text = page.evaluate(STATE)
    return json.loads(text) if text else None


def settled(page, after=None):
    """The lesson once no scripted move is playing (and, with ``after``, past that step)."""
    script = """(after) => {
      const text = window.bodoge && window.bodoge.lesson ? window.bodoge.lesson() : '';
      if (!text) return false;
      const s = JSON.parse(text);
      return !s.busy && (after === null || s.step > after || s.finished) ? text : false;
    }"""
    return json.loads(wait_until(page, script, after, timeout=60_000, interval=100))


def on_screen(page, name):
    """The one element with this spot: visible, highlighted, inside the viewport."""
    loc = page.locator(f'[data-spot="{name}"]')
    expect(loc).to_have_count(1)
    expect(loc).to_be_visible()
    expect(loc).to_have_class(re.compile(r"(^|\s)lesson-spot(\s|$)"))
    expect(loc).to_have_attribute("aria-describedby", re.compile(r"(^|\s)lesson-look(\s|$)"))
    loc.scroll_into_view_if_needed()
    box = loc.bounding_box()
    size = page.viewport_size
    assert box and box["x"] >= -1 and box["y"] >= -1, name
    assert box["x"] + box["width"] <= size["width"] + 1 and box["y"] + box["height"] <= size["height"] + 1, name
    # and its outline (4 px set off by 4, pulsing to 8) is not clipped by the table's area
    room = loc.evaluate("""(el) => {
      const wrap = el.closest('.board-wrap');
      if (!wrap) return null;
      const r = el.getBoundingClientRect(), w = wrap.getBoundingClientRect();
      return Math.min(r.left - w.left, r.top - w.top, w.right - r.right, w.bottom - r.bottom);
    }""")
    assert room is None or room >= 12 - 0.5, (name, room)
    return loc


def perform(page, action):
    if "click" in action:
        page.locator(f'[data-spot="{action["click"]}"]').click()
    else:
        page.keyboard.press(action["key"])


def axe(page, found, name):
    if not page.evaluate("typeof axe !== 'undefined'"):
        add_axe(page)
    settle(page)
    violations = page.evaluate(RUN)
    if violations:
        found[name] = violations


def table(page):
    """What a wrong move must not change: the board and the log (read with the pointer and the
    focus away from the board: a place hovered or focused previews its move, which is no change)."""
    page.mouse.move(0, 0)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    return page.evaluate("""() => [document.querySelector('.board-wrap').innerText,
                                   document.getElementById('log-list').innerText]""")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_lesson_completed_by_following_its_hints(browser, guard, server, game, lang):
    # Reduced motion: the spot's pulse (three slow beats) would hold up every measurement,
    # which waits for animations to end; the outline it pulses stays.
    width, height = SIZES[lang]
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    settings = json.dumps({"lang": lang, "speed": "instant", "motion": "reduce"})
    ctx.add_init_script("try { localStorage.getItem('bodoge:settings') || "
                        f"localStorage.setItem('bodoge:settings', '{settings}'); }} catch (e) {{}}")
    guard.attach(ctx)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    try:
        boot(page, server.url + f"#/learn/{game}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        state = settled(page)
        total = state["total"]
        reload_at = total // 2 if lang == "en" else None
        reloaded = tried = checked = False
        found = {}
        tops, narrow, narrowed = set(), set(), set()
        while not state["finished"]:
            i = state["step"]
            prompt = page.locator("#prompt")
            expect(prompt).to_contain_text(f"{i + 1} / {total}")
            expect(prompt).to_contain_text(state["text"])
            for name in state["look"]:
                on_screen(page, name)
            if i in (0, reload_at):
                assert_regions_in_view(page, regions=("prompt",))
            # the table stays put from step to step: on a phone the bar above it keeps room for
            # the longest text (2 to 7 lines); on a desktop the bar heads the side column (above
            # the table its text moved it 84 px); and Restart stays where it is when Next goes
            # (it slid under the thumb that had pressed Next)
            tops.add(tuple(page.evaluate(PLACES)))
            kind = "move" if state["expect"] else "next"
            if width > 600 and kind not in narrowed:
                # and in a window 800 px wide (the bar above the table), at a step with Next and
                # one without: the text's width changed with it, and the table's top (24-47 px)
                page.set_viewport_size({"width": 800, "height": 1000})
                narrow.add(tuple(page.evaluate(PLACES)))
                narrowed.add(kind)
                page.set_viewport_size({"width": width, "height": height})
            if i == 0 and width < 600:          # on a phone, Next, Restart and Skip take a thumb
                heights = page.evaluate("[...document.querySelectorAll('.lesson-actions .button')]"
                                        ".map(b => b.getBoundingClientRect().height)")
                assert heights and min(heights) >= 44, heights
            if (state["expect"] and not checked) or i == total - 1:
                axe(page, found, f"step {i + 1}")     # the first step that asks for a move
                checked = True
            if i == reload_at and not reloaded:
                moves = state["moves"]
                page.reload()
                wait_ready(page)
                state = settled(page)
                assert (state["step"], state["moves"]) == (i, moves), "the reload resumed elsewhere"
                expect(page.locator("#prompt")).to_contain_text(f"{i + 1} / {total}")
                reloaded = True
                continue
            if not state["expect"]:
                page.locator("#lesson-next").click()
            else:
                if state["wrong"]:
                    before = table(page)
                    for action in state["wrong"]:
                        perform(page, action)
                    expect(page.locator(".error-slot .error")).to_have_text(state["hint"])
                    again = lesson(page)
                    assert (again["step"], again["moves"]) == (i, state["moves"])
                    assert table(page) == before, "a wrong move changed the table"
                    tried = True
                for action in state["do"]:
                    if "click" in action:
                        on_screen(page, action["click"])
                    perform(page, action)
            state = settled(page, after=i)
        assert (reloaded or reload_at is None) and tried
        assert len(tops) <= 1, ("the table or Restart moved between the lesson's steps: "
                                f"[table's top, height, Restart's left, top] {sorted(tops)}")
        assert len(narrowed) == 2 or width < 600
        assert len(narrow) <= 1, f"800 px wide, the table or Restart moved: {sorted(narrow)}"
        expect(page.locator("#lesson-end-heading")).to_be_visible()
        axe(page, found, "the end")
        assert found == {}
        page.get_by_role("button", name=FIRST_GAME[lang]).click()
        expect(page.locator("main.play-screen")).to_be_visible()
        assert re.search(r"#/play/[0-9a-zA-Z_-]+$", page.url)
        # the hash changes at the click; the lesson's screen gives way on the hashchange after
        # it (both are main.play-screen), so the lesson's end is waited for, not read at once
        wait_until(page, "() => window.bodoge.lesson() === ''", timeout=30_000, interval=100)
        page.locator("#go-shelf").click()
        card = page.locator(".game-card", has=page.locator(f"#learn-{game}"))
        expect(card.locator(".lesson-done")).to_have_text("✓ " + DONE_MARK[lang])
    finally:
        ctx.close()
