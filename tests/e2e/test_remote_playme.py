"""The join screen on a guest's phone (issue 26): it says how many play this game, and a guest
who closed its tab and opens the host's new invite finds its name filled in (kept in the
device's storage as text)."""

import json
import os
import re
import time

from playwright.sync_api import expect

from e2e.harness import boot
from e2e.harness import wait_until
from e2e.test_remote import close_dialog, devices, invite_of, join, race_move  # noqa: F401  (fixture)


def test_the_join_screen_says_the_count_and_remembers_the_name_for_a_rejoin(devices, guard):
    host, = devices("#/new/playme")
    host.select_option("#players", "3")
    host.get_by_role("group", name="Seat 1").get_by_label("Name").fill("Hana")
    host.get_by_role("group", name="Seat 2").get_by_label("Played by").select_option("guest")
    host.get_by_role("button", name="Start", exact=True).click()
    link = invite_of(host, 1)
    phone = guard.attach(host.context.browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-US"))
    try:
        guest = phone.new_page()
        guest.set_default_timeout(30_000)
        boot(guest, link)
        expect(guest.locator("#main-heading")).to_contain_text("Hana invites you to play Play Me!")
        expect(guest.get_by_text("This game has 3 players: you take seat 2.")).to_be_visible()
        expect(guest.locator("#join-name")).to_have_value("")          # nobody joined from here
        guest.evaluate("() => { location.hash = '#/'; }")
        guest, _ = join(phone, host, 1, "Ben", 1, of=1)
        close_dialog(host)
        assert guest.evaluate("localStorage.getItem('bodoge:guest-name')") == "Ben"
        guest.close()                                                  # Ben closes the tab
        expect(host.locator("#table-banner")).to_contain_text("Ben is disconnected")
        host.click("#banner-invite-1")
        again = phone.new_page()
        again.set_default_timeout(30_000)
        boot(again, invite_of(host, 1))
        expect(again.locator("#join-name")).to_have_value("Ben")       # the rejoin: filled in
        again.click("#join-go")
        expect(again.locator("#join-answer")).to_have_value(re.compile(r"^[A-Za-z0-9_-]{100,}$"))
    finally:
        phone.close()


SHOTS = os.environ.get("BODOGE_SHOTS")          # a folder: the waiting states are kept there


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name + ".png"))


def play_round(pages, only=None):
    """Both devices race through a round (a quick player's moves) until its summary; with
    ``only``, that seat alone moves (the other's person looks away). Returns the winner."""
    host = pages[0]
    wait_until(host, "() => JSON.parse(window.bodoge.view(0)).phase === 'play'", timeout=10_000)
    host.wait_for_timeout(3100)                              # the 3-2-1 countdown
    end = time.monotonic() + 90
    rounds = len(json.loads(host.evaluate("window.bodoge.view(0)"))["results"])
    while len(json.loads(host.evaluate("window.bodoge.view(0)"))["results"]) == rounds:
        assert time.monotonic() < end, "the round did not end"
        for seat, page in pages.items():
            if only is not None and seat != only:
                continue
            view = json.loads(page.evaluate("(s) => window.bodoge.view(s)", seat))
            move = race_move(view, seat) if view["phase"] == "play" else None
            if move is not None:
                page.evaluate("([s, m]) => window.bodoge.play(s, m)", [seat, json.dumps(move)])
        host.wait_for_timeout(30)
    for page in pages.values():
        expect(page.locator("#next-round")).to_be_visible()
    return json.loads(host.evaluate("window.bodoge.view(0)"))["results"][-1]["winner"]


def test_a_round_starts_when_both_are_ready_or_when_the_host_starts_anyway(devices, guard):
    """Issue 26 §4, on a phone in Japanese: the guest's Next round waits for the host; the next
    time the guest walks away, and the host starts anyway five seconds after its own press."""
    host, = devices("#/new/playme")
    host.select_option("#players", "2")
    host.get_by_role("group", name="Seat 1").get_by_label("Name").fill("Hana")
    host.get_by_role("group", name="Seat 2").get_by_label("Played by").select_option("guest")
    host.select_option("#char0", "queen")
    host.select_option("#char1", "hatter")
    host.get_by_role("button", name="Start", exact=True).click()
    phone = guard.attach(host.context.browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-US"))
    try:
        guest, _ = join(phone, host, 1, "Ben", 1, of=1)
        close_dialog(host)
        host.locator("#start-round").click()
        first = play_round({0: host, 1: guest})
        guest.evaluate("""() => {                            // Ben's phone speaks Japanese
          localStorage.setItem('bodoge:settings', JSON.stringify({lang: 'ja', speed: 'instant'}));
          window.dispatchEvent(new StorageEvent('storage', {key: 'bodoge:settings'}));
        }""")                                                # (as a setting from another tab)
        expect(guest.locator("html")).to_have_attribute("lang", "ja")
        guest.click("#next-round")                           # the guest is ready first
        waiting = guest.locator("#next-round")
        expect(waiting).to_have_text(re.compile("^(Waiting for Hana…|Hanaを待っています…)$"))
        expect(waiting).to_have_attribute("aria-disabled", "true")
        expect(guest.locator("#round-heading")).to_be_visible()        # the summary stays
        assert host.evaluate("JSON.parse(window.bodoge.view(0)).phase") == "ready"
        shot(guest, "playme-guest-waiting-phone")
        host.click("#next-round")                            # the host too: round 2 for both
        expect(guest.locator("#round-heading")).to_have_count(0)
        expect(host.locator("#round-heading")).to_have_count(0)
        # round 2: the first round's winner is mad, and would win the game by winning again
        # (no summary to wait at): only the other races, and wins (the Jabberwocky follows)
        play_round({0: host, 1: guest}, only=1 - first)
        # round 2's end: the guest walked away; the host presses, and may start anyway later
        pressed = time.monotonic()
        host.click("#next-round")
        expect(host.locator("#next-round")).to_have_text("Waiting for Ben…")
        expect(host.locator("#start-anyway")).to_have_count(0)
        shot(host, "playme-host-waiting")
        expect(host.locator("#start-anyway")).to_be_visible(timeout=15_000)
        assert time.monotonic() - pressed >= 4.5                        # (about 5 s after)
        assert host.evaluate("JSON.parse(window.bodoge.view(0)).phase") == "ready"
        shot(host, "playme-host-start-anyway")
        expect(guest.locator("#start-anyway")).to_have_count(0)
        host.click("#start-anyway")
        wait_until(host, "() => JSON.parse(window.bodoge.view(0)).phase === 'play'", timeout=10_000)
        expect(guest.locator("#round-heading")).to_have_count(0)        # the guest's summary goes
    finally:
        phone.close()
