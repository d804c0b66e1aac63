"""axe-core (npm, pinned in package.json, served to the page from node_modules by the test,
never shipped with the site) over every kind of screen, in both languages: the shelf, each
game's setup, first play screen, result screen, rules page and replay (a seat's view, with the
analysis where the game has one), and the share dialog. No
serious or critical violation, and headings in order."""

import os

import pytest

from bodoge.core.selfplay import play_one
from bodoge.games import CATALOG, info
from bodoge.ui.games import game_ui
from bodoge.ui.games import has_analysis

from .harness import AXE, add_axe, boot, seed_storage, settle

RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ["violations"]});
  return r.violations.filter(v => ["serious", "critical"].includes(v.impact) || v.id === "heading-order")
    .map(v => [v.id, v.impact, v.nodes.slice(0, 3).map(n => n.html.slice(0, 200))]);
}"""
def finished_code(game_id):
    """A finished game (bots played it in CPython: the catalogue's demo), seat 0 a person's."""
    g = info(game_id)
    n, level = g.demo_options["players"], g.demo_level
    match = play_one(game_id, {"players": n}, 5, [level] * n)
    match.record.meta = {"seats": [{"name": "Aki"}] + [{"bot": level}] * (n - 1)}
    return match.code()


@pytest.fixture(scope="module")
def results():
    return {g.id: finished_code(g.id) for g in CATALOG if g.playable}


def test_axe_finds_nothing_serious_on_any_screen(context, page, server, results):
    assert os.path.isfile(AXE), "axe-core is missing: npm ci installs it (devDependencies)"
    damaged = '{"v":1,"id":"a/b","game":"algo","code":"%s"}' % results["algo"]
    seed_storage(context, {"bodoge:save:a/b": damaged, "bodoge:save:x": "[[["})  # on the shelf
    boot(page, server.url)
    add_axe(page)             # the same document throughout: hash routes
    found = {}

    def check(name):
        page.wait_for_timeout(150)            # let a redraw that is due land first
        settle(page)                          # colours are measured once nothing fades in
        violations = page.evaluate(RUN)
        if violations:
            found[name] = violations

    for lang in ("en", "ja"):
        page.goto(server.url + "#/")
        page.click(f"#lang-{lang}")
        page.wait_for_selector(f"html[lang='{lang}']")
        assert page.locator("li.save.damaged").count() == 2     # damaged saves are checked too
        check(f"{lang} shelf")
        for g in (g for g in CATALOG if g.playable):
            page.goto(server.url + f"#/new/{g.id}")
            page.wait_for_selector("#setup-form")
            check(f"{lang} {g.id} setup")
            page.click("#start")
            page.wait_for_selector("main.play-screen")
            check(f"{lang} {g.id} first play screen")
            if g.id == "algo":
                page.click("#open-share")
                page.wait_for_selector("#dialog-share")
                check(f"{lang} share dialog")
            page.goto(server.url + f"#/rules/{g.id}")
            page.wait_for_selector("main.rules-screen")
            check(f"{lang} {g.id} rules")
            page.goto(server.url + "#load=" + results[g.id])
            page.wait_for_selector("main.play-screen .result")
            check(f"{lang} {g.id} result")
            # its replay, as Aki saw it, with the analysis where the game has one
            page.goto(server.url + f"#replay={results[g.id]}&move=3")
            page.wait_for_selector("main#replay[data-move='3']")
            page.locator("#replay-seat").select_option("0")
            if has_analysis(game_ui(g.id)):
                page.wait_for_selector("main#replay .analysis-body :not(.analysis-busy)", state="attached")
            check(f"{lang} {g.id} replay")
    assert found == {}


def test_the_site_does_not_ship_axe(site):
    for folder, _, files in os.walk(site):
        for name in files:
            assert "axe" not in name.lower(), os.path.join(folder, name)
            if name.endswith((".js", ".html", ".mjs")) and "pyodide" not in folder and "pyscript" not in folder:
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    assert "axe-core" not in f.read(), name
