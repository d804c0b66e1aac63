"""Every game's New game form: each checkbox sits beside its own label, on the label's first
line, at 1280×800 and on a 390×844 touch phone, in English and Japanese (issue 26: Play Me!'s
optional rules and algo's chips had their box on one line and the words on the next)."""

import pytest
from playwright.sync_api import expect

from bodoge.games import PLAYABLE
from e2e.harness import SIZES, boot

# for each checkbox of the form: its box, and the box of the first line of its label's words
CHECKS = """() => Array.from(document.querySelectorAll('#setup-form input[type=checkbox]'))
  .filter((box) => box.offsetParent !== null)
  .map((box) => {
    const label = box.closest('label') || document.querySelector(`label[for="${box.id}"]`);
    const walk = document.createTreeWalker(label, NodeFilter.SHOW_TEXT,
      {acceptNode: (n) => n.textContent.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT});
    const text = walk.nextNode();
    const range = document.createRange();
    range.selectNodeContents(text);
    const line = range.getClientRects()[0];
    const b = box.getBoundingClientRect();
    return {name: box.name, words: text.textContent.trim().slice(0, 30),
            gap: Math.round(line.left - b.right), box: [b.top, b.bottom], line: [line.top, line.bottom]};
  })"""

# the forms' variants with checkboxes of their own (algo's modes)
FORMS = {"algo": ("standard", "pair", "puzzle")}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ("en", "ja"))
def test_each_checkbox_sits_beside_its_label(browser, server, guard, size, lang):
    width, height = SIZES[size]
    touch = size == "phone"
    ctx = guard.attach(browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                           is_mobile=touch, locale="en-US"))
    ctx.add_init_script("try { localStorage.setItem('bodoge:settings', JSON.stringify("
                        f"{{lang: '{lang}', speed: 'instant'}})); }} catch (e) {{}}")
    page = ctx.new_page()
    try:
        boot(page, server.url)
        seen = 0
        for game in PLAYABLE:
            page.evaluate("(h) => { location.hash = h; }", f"#/new/{game}")
            expect(page.locator("#setup-form")).to_be_visible()
            expect(page.locator("#main-heading")).to_be_focused()
            for mode in FORMS.get(game, (None,)):
                if mode:
                    page.select_option("#mode", mode)
                    expect(page.locator("#mode")).to_have_value(mode)
                for check in page.evaluate(CHECKS):
                    seen += 1
                    where = f"{game} {mode or ''} {check['name']} ({check['words']}) {size} {lang}"
                    assert 0 <= check["gap"] <= 12, f"{where}: {check['gap']} px from its box"
                    top, bottom = check["box"]
                    # the first line of words is level with the box
                    assert check["line"][0] < bottom and check["line"][1] > top, f"{where}: {check}"
            page.evaluate("() => { location.hash = '#/'; }")
        assert seen >= 5            # Play Me!'s three, algo's chips and daily, Training
    finally:
        ctx.close()
