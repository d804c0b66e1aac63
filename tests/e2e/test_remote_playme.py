"""The join screen on a guest's phone (issue 26): it says how many play this game, and a guest
who closed its tab and opens the host's new invite finds its name filled in (kept in the
device's storage as text)."""

import re

from playwright.sync_api import expect

from e2e.harness import boot
from e2e.test_remote import close_dialog, devices, invite_of, join  # noqa: F401  (fixture)


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
