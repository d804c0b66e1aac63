"""Installable as an app: Chromium's own installability check finds nothing wrong (manifest,
icons, service worker), and on an iPhone-sized screen with the safe-area insets of a notch and
a home indicator (as an iPhone 14 gives a standalone app, viewport-fit=cover: 47 px at the top,
34 px at the bottom; in landscape 47 px at each side, 21 px at the bottom; emulated with CDP
Emulation.setSafeAreaInsetsOverride, Chromium cannot emulate the standalone display mode itself)
no control lies under them, on the shelf, a setup screen, every game's table, a dialog and the
moves drawer; the top bar's colour reaches under the status bar. Screenshots of each go to
build/shots-install/ for a person to look at.
"""

import json
import os
import shutil

from playwright.sync_api import expect

from bodoge.games import CATALOG

from .harness import INSTANT, ROOT, boot, settle, wait_until

SHOTS = os.path.join(ROOT, "build", "shots-install")
CONTROLS = ("button, a[href], input, select, textarea, summary, [role='button'], [tabindex='0'],"
            " [role='slider']")
# The visible controls that are drawn (partly) under an inset: a control whose box reaches
# into an inset's band counts if the control itself is what shows at that spot (one clipped by
# its frame does not: it is not drawn there).
UNDER = """([selector, insets, sides]) => {
  const out = [];
  const W = innerWidth, H = innerHeight;
  const bands = {top: [0, 0, W, insets.top], bottom: [0, H - insets.bottom, W, H],
                 left: [0, 0, insets.left, H], right: [W - insets.right, 0, W, H]};
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect(), style = getComputedStyle(el);
    if (r.width < 1 || r.height < 1 || style.visibility === 'hidden') continue;
    for (const [side, [x0, y0, x1, y1]] of Object.entries(bands)) {
      if (!sides.includes(side)) continue;
      const left = Math.max(r.left, x0), top = Math.max(r.top, y0);
      const right = Math.min(r.right, x1), bottom = Math.min(r.bottom, y1);
      if (right - left < 0.5 || bottom - top < 0.5) continue;
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (hit && (hit === el || el.contains(hit))) {
        out.push({side, what: el.id || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30),
                  top: r.top, bottom: r.bottom, left: r.left, right: r.right});
      }
    }
  }
  return out;
}"""


def under_insets(page, insets):
    """The controls drawn under an inset: under the top one or the sides with the page at its
    top, under the bottom one or the sides scrolled to its end (what scrolls passes under them
    on its way, as in any app)."""
    settle(page)
    bad = []
    for where, sides in (("0", ["top", "left", "right"]),
                         ("document.scrollingElement.scrollHeight", ["bottom", "left", "right"])):
        page.evaluate(f"window.scrollTo(0, {where})")
        bad += page.evaluate(UNDER, [CONTROLS, insets, sides])
    page.evaluate("window.scrollTo(0, 0)")
    return bad


def phone(browser, guard, width, height, insets):
    context = guard.attach(browser.new_context(viewport={"width": width, "height": height},
                                               is_mobile=True, has_touch=True, locale="en-US"))
    context.add_init_script(INSTANT)
    page = context.new_page()
    page.set_default_timeout(30_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setSafeAreaInsetsOverride", {"insets": {
        **insets, **{f"{side}Max": value for side, value in insets.items()}}})
    return context, page


def shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


def check_screens(page, server, insets, tag):
    bad = {}

    def look(name):
        found = under_insets(page, insets)
        shot(page, f"{tag}-{name}")
        if found:
            bad[name] = found

    boot(page, server.url)
    # the band under the status bar is the top bar's colour
    band = page.evaluate("(() => { const s = getComputedStyle(document.body);"
                         " return [s.borderTopWidth, s.borderTopColor]; })()")
    assert band == [f"{insets['top']}px", "rgb(35, 38, 46)"], band
    look("shelf")
    page.goto(server.url + "#/rules/algo")
    expect(page.locator("main")).to_contain_text("algo")
    look("rules-page")
    for info in (g for g in CATALOG if g.playable):
        page.goto(server.url + f"#/new/{info.id}")
        page.locator("#start").wait_for()
        if info.id == "algo":
            look("setup")
        page.locator("#start").click()
        expect(page.locator(f"main.play-screen[data-game='{info.id}']")).to_be_visible()
        look(f"table-{info.id}")
    page.locator("#open-rules").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    look("rules-dialog")
    page.keyboard.press("Escape")
    if page.locator("#open-log").is_visible():          # phones: the moves are a drawer
        page.locator("#open-log").click()
        wait_until(page, "() => document.getElementById('log-close')?.offsetParent !== null")
        look("moves-drawer")
    return bad


def test_no_control_under_the_notch_or_the_home_indicator(browser, guard, server):
    insets = {"top": 47, "bottom": 34, "left": 0, "right": 0}
    context, page = phone(browser, guard, 390, 844, insets)
    try:
        bad = check_screens(page, server, insets, "portrait")
    finally:
        context.close()
    assert bad == {}, json.dumps(bad, indent=1)[:3000]


def test_no_control_under_the_sides_in_landscape(browser, guard, server):
    insets = {"top": 0, "bottom": 21, "left": 47, "right": 47}
    context, page = phone(browser, guard, 844, 390, insets)
    try:
        bad = check_screens(page, server, insets, "landscape")
    finally:
        context.close()
    assert bad == {}, json.dumps(bad, indent=1)[:3000]


def test_chromium_finds_the_site_installable(browser_type, browser_type_launch_args, server, tmp_path):
    """Chromium's own check (what decides whether it offers to install the app); it does not
    run in a private window, so this profile is on disk."""
    profile = tmp_path / "profile"
    context = browser_type.launch_persistent_context(str(profile), **browser_type_launch_args)
    try:
        page = context.new_page()
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        boot(page, server.url)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"].endswith("/web/manifest.webmanifest")
        data = json.loads(manifest["data"])
        assert data["display"] == "standalone" and data["theme_color"] and data["background_color"]
        assert any(i.get("purpose") == "maskable" for i in data["icons"])
        # a theme colour for each colour scheme, and the page reaches under the notch
        for scheme in ("light", "dark"):
            assert page.locator(f"meta[name='theme-color'][media='(prefers-color-scheme: {scheme})']").count() == 1
        assert "viewport-fit=cover" in page.locator("meta[name='viewport']").get_attribute("content")
        assert errors == []
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
