"""The shelf in Chromium (issue 14): every game's picture on its card, and each saved game's
row with where it stands (in the page's language) and when it was played; at 1280×800 and
390×844, in both languages, nothing scrolls sideways and axe finds nothing serious."""

import json
import re
import time

import pytest

from bodoge.core.match import Match
from bodoge.core.selfplay import play_one
from bodoge.games import CATALOG, info
from bodoge.ui.games import progress_lines
from bodoge.ui.storage import SAVE_PREFIX, Slot

from .harness import add_axe, algo_attack, boot, humans_turn, seed_storage, settle, storage, wait_until
from .test_a11y import RUN

PLAYABLE = [g.id for g in CATALOG if g.playable]
MIN = 60_000
SIZES = [(1280, 800), (390, 844)]

_ROWS = """() => Array.from(document.querySelectorAll("li.save:not(.damaged)")).map((li) => {
  const r = li.getBoundingClientRect();
  const q = (s) => li.querySelector(s);
  return {line: q(".save-line") && q(".save-line").textContent,
          status: q(".save-status") && q(".save-status").textContent,
          time: q(".save-time").textContent, datetime: q(".save-time").getAttribute("datetime"),
          left: r.left, right: r.right};
})"""
_PICTURES = """() => Array.from(document.querySelectorAll(".game-card")).map((card) => {
  const svg = card.querySelector(".game-picture svg");
  const r = svg ? svg.getBoundingClientRect() : null;
  return {game: card.querySelector("h3 .name-en").textContent,
          w: r ? r.width : 0, h: r ? r.height : 0,
          hidden: svg ? svg.getAttribute("aria-hidden") : null};
})"""
_WIDTH = "() => [document.scrollingElement.scrollWidth, innerWidth]"


def seeded_saves(now):
    """A game of each kind, every one a few moves in, with its progress line; an old save
    without one (written before lines were kept), 3 hours old; a finished game, 3 days old."""
    entries, expected = {}, []
    for i, game_id in enumerate(PLAYABLE):
        g = info(game_id)
        n = g.demo_options["players"]
        seats = [{"name": "Aki"}] + [{"bot": g.demo_level}] * (n - 1)
        match = Match.new(game_id, {"players": n}, 11 + i, {"seats": seats})
        slot = Slot(f"g{i}", game_id, match.code(), now - DAY3, now - (i + 1) * 7 * MIN,
                    title="Aki", progress=progress_lines(match))
        entries[SAVE_PREFIX + slot.id] = slot.to_json(rev=1)
        expected.append(slot.progress)
    old = Slot("old", "algo", Match.new("algo", {"players": 2}, 3).code(), now - DAY3,
               now - 3 * 60 * MIN - 5 * MIN, title="Old save")
    entries[SAVE_PREFIX + "old"] = old.to_json(rev=1)
    done = play_one("algo", {"players": 2}, 5, ["easy", "easy"])
    done.record.meta = {"seats": [{"name": "Aki"}, {"name": "Ben"}]}
    fin = Slot("fin", "algo", done.code(), now - DAY3, now - DAY3, True, "Aki · Ben",
               progress=progress_lines(done))
    entries[SAVE_PREFIX + "fin"] = fin.to_json(rev=1)
    return entries, expected, fin.progress


DAY3 = 3 * 24 * 60 * MIN


@pytest.mark.parametrize("width,height", SIZES, ids=["1280x800", "390x844"])
def test_shelf_pictures_progress_and_when_in_both_languages(context, page, server, width, height):
    entries, expected, finished = seeded_saves(time.time() * 1000)
    seed_storage(context, entries)
    page.set_viewport_size({"width": width, "height": height})
    boot(page, server.url)
    add_axe(page)
    for lang in ("en", "ja"):
        page.click(f"#lang-{lang}")
        page.wait_for_selector(f"html[lang='{lang}']")
        page.wait_for_selector(f".app[lang='{lang}'] li.save")
        settle(page)
        pictures = page.evaluate(_PICTURES)
        drawn = [p for p in pictures if p["w"] > 40 and p["h"] > 40 and p["hidden"] == "true"]
        assert len(drawn) == len(PLAYABLE), pictures
        rows = page.evaluate(_ROWS)
        assert len(rows) == len(PLAYABLE) + 2
        # newest first: the five games (7, 14, … minutes ago), the old save, the finished one
        for row, lines in zip(rows, expected):
            assert row["line"] == lines[lang] and row["status"] is None, (lang, row)
            assert re.fullmatch(r"\d+ min ago" if lang == "en" else r"\d+分前", row["time"]), row
            assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\dZ", row["datetime"])
        old, fin = rows[len(PLAYABLE)], rows[len(PLAYABLE) + 1]
        assert old["line"] is None and old["status"] == ("In progress" if lang == "en" else "プレイ中")
        assert old["time"] == ("3 hours ago" if lang == "en" else "3時間前")
        assert fin["status"] == ("Finished" if lang == "en" else "終了") and fin["line"] == finished[lang]
        assert re.search(r"\d", fin["time"]) and "ago" not in fin["time"] and "前" not in fin["time"]
        scroll_width, inner = page.evaluate(_WIDTH)
        assert scroll_width <= inner, f"{lang}: the shelf scrolls sideways ({scroll_width} > {inner})"
        for row in rows:
            assert row["left"] >= 0 and row["right"] <= inner + 1, row
        assert page.evaluate(RUN) == [], lang


def test_a_move_played_in_the_page_shows_on_the_shelf(page, server):
    """Autosave in Pyodide writes the line in both languages; the shelf shows it."""
    boot(page, server.url)
    page.goto(server.url + "#/new/algo")
    page.wait_for_selector("#setup-form")
    page.select_option("#kind1", "easy")
    page.click("#start")
    page.wait_for_selector("main.play-screen")
    wait_until(page, "() => !document.querySelector('#prompt').textContent.endsWith('is thinking…')")
    if humans_turn(page):
        algo_attack(page, 5)
    saved = wait_until(page, """() => {
      const k = Object.keys(localStorage).find((k) => k.startsWith("bodoge:save:"));
      const e = k && JSON.parse(localStorage.getItem(k));
      return e && e.rev >= 2 && e.progress && e;
    }""")
    assert saved["progress"]["en"].startswith("Round 1 of 2 · You 0, ")
    assert saved["progress"]["ja"].startswith("第1ラウンド（全2）・あなた 0、")
    page.goto(server.url + "#/")
    page.wait_for_selector("li.save")
    entry = next(v for k, v in storage(page).items() if k.startswith(SAVE_PREFIX))
    line = json.loads(entry)["progress"]["en"]
    assert page.locator("li.save .save-line").inner_text() == line
    assert page.locator("li.save .save-time").inner_text() in ("just now", "1 min ago", "2 min ago")
    page.click("#lang-ja")
    page.wait_for_selector("html[lang='ja']")
    assert page.locator("li.save .save-line").inner_text() == json.loads(entry)["progress"]["ja"]
