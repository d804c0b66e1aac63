"""Play Me! over several devices (issue 26): a refusal said in a round does not outlive it (a
guest's move that reached the host after the rabbit was caught was refused, and its banner
stayed through the whole next round); a new round starts when every person at the table is
ready (each presses Next round; the host may start anyway some seconds after its own press)."""

from bodoge.core import remote as R
from bodoge.ui.table import HostTable

from .fakehost import Text
from .page import Page
from .test_table import host_game, join, race


def play_a_round(hs, gs, net):
    for _ in range(400):
        if hs.match.state["phase"] == "ready" and hs.match.state["results"]:
            return
        for screen, seat in ((hs, 0), (gs, 1)):
            move = race(screen, seat)
            if move is not None:
                screen.play(seat, move)
                net.run()
        hs.drive_clock("advance", 100)
        net.run()
    raise AssertionError("the round did not end")


def test_a_refusal_does_not_outlive_its_round():
    app, host, net = host_game("playme", {"players": "2", "kind0": "human", "kind1": "guest",
                                          "char0": "queen", "char1": "hatter"})
    gapp, ghost = join(app, net, 1, "Ben")
    hs, gs = app.screen, gapp.screen
    hs.drive_clock("manual")
    hs.act("start-round", "", {})
    hs.drive_clock("advance", 3100)
    net.run()
    play_a_round(hs, gs, net)
    assert gs.pause is not None                       # the summary, on the guest's device too
    # the guest's last tap reached the host after the catch: refused, and said so
    gs.play(1, {"a": "roll"})
    net.run()
    refusal = gs.error
    assert refusal and refusal in Text.of(ghost.html)
    # both start the next round: the refusal was about the last one
    hs.act("next-round", "", {})
    gs.act("next-round", "", {})
    net.run()
    assert hs.match.state["phase"] == "play" and gs.pause is None
    assert gs.error is None and refusal not in Text.of(ghost.html)
    # and on the host's own device: a refusal in a round is gone with the summary's end
    hs.drive_clock("advance", 3100)
    net.run()
    play_a_round(hs, gs, net)
    hs.play(0, {"a": "roll"})
    assert hs.error and hs.error in Text.of(host.html)
    gs.act("next-round", "", {})                      # (the guest is ready first this time)
    net.run()
    assert hs.match.state["phase"] == "ready" and hs.error           # the host's summary waits
    hs.act("next-round", "", {})
    net.run()
    assert hs.match.state["phase"] == "play" and hs.error is None


# --- the next round starts when every person at the table is ready (issue 26 §4) ---------------
def round_ended(form=None, lang="en"):
    """A host (Ann, seat 0) and a guest (Ben, seat 1) at the summary of round 1."""
    app, host, net = host_game("playme", dict({"players": "2", "kind0": "human", "name0": "Ann",
                                               "kind1": "guest", "char0": "queen",
                                               "char1": "hatter"}, **(form or {})), lang=lang)
    gapp, ghost = join(app, net, 1, "Ben", lang=lang)
    hs, gs = app.screen, gapp.screen
    hs.drive_clock("manual")
    hs.act("start-round", "", {})                     # (the first round: as before, one press)
    hs.drive_clock("advance", 3100)
    net.run()
    play_a_round(hs, gs, net)
    net.run()
    assert hs.pause is not None and gs.pause is not None
    return app, host, gapp, ghost, net


def started(app, gapp):
    hs, gs = app.screen, gapp.screen
    return hs.match.state["phase"] == "play" and hs.pause is None and gs.pause is None


def next_round_button(host):
    return Page(host.html).by_id("next-round")


def test_the_round_starts_only_when_the_host_and_the_guest_are_both_ready():
    app, host, gapp, ghost, net = round_ended()
    app.act("next-round", "", {})                      # the host's person is ready
    assert next_round_button(host).text == "Waiting for Ben…" and next_round_button(host).disabled
    assert "Start anyway" not in host.text()           # (not yet: see below)
    net.run()
    assert not started(app, gapp) and app.screen.pause is not None   # the summary stays
    assert Page(host.html).by_id("round-heading") is not None and "Waiting for Ben…" in host.text()
    # the guest hears who is ready, and sees it at the table
    assert [s.get("ready") for s in gapp.screen.table.link.seats] == [True, False]
    gapp.act("table", "", {})
    assert "Ready" in Page(ghost.html).by_id("table-seat-0").text
    gapp.act("close-dialog", "", {})
    gapp.act("next-round", "", {})                     # the guest is ready: the host starts it
    net.run()
    assert started(app, gapp) and len(app.screen.match.state["results"]) == 1
    assert Page(host.html).by_id("round-heading") is None and Page(ghost.html).by_id("round-heading") is None
    # nobody waits any more: the seats the guest heard carry no flags
    assert all("ready" not in s for s in gapp.screen.table.link.seats)


def test_a_guest_ready_first_waits_for_the_host_and_its_press_starts_nothing():
    app, host, gapp, ghost, net = round_ended()
    gapp.act("next-round", "", {})
    net.run()
    assert not started(app, gapp) and gapp.screen.pause is not None
    assert next_round_button(ghost).text == "Waiting for Ann…"
    assert next_round_button(ghost).disabled
    gapp.act("next-round", "", {})                     # again: nothing more is sent, nothing starts
    net.run()
    assert not started(app, gapp)
    assert next_round_button(host).text == "Next round"      # the host has not pressed
    app.act("table", "", {})
    assert "Ready" in Page(host.html).by_id("table-seat-1").text
    app.act("close-dialog", "", {})
    app.act("next-round", "", {})
    net.run()
    assert started(app, gapp)


def test_start_anyway_comes_some_seconds_after_the_hosts_press_and_starts_the_round():
    from bodoge.ui.table import READY_GRACE_MS

    app, host, gapp, ghost, net = round_ended()
    host.timers = [(due, fn) for due, fn in host.timers if due <= host.elapsed]   # (stale ones)
    pressed = host.elapsed
    app.act("next-round", "", {})
    app.act("table-start", "", {})                     # too early: nothing
    assert not started(app, gapp) and "Start anyway" not in host.text()
    grace = [(due, fn) for due, fn in host.timers if due == pressed + READY_GRACE_MS]
    assert len(grace) == 1 and READY_GRACE_MS == 5000
    host.timers = [t for t in host.timers if t not in grace]
    net.run()
    assert "Start anyway" not in host.text() and not started(app, gapp)
    host.elapsed = grace[0][0]
    grace[0][1]()                                      # five seconds after the press
    assert Page(host.html).get("button", "Start anyway") is not None
    assert "Start anyway" not in ghost.text()          # the host's, only
    app.act("table-start", "", {})
    net.run()
    assert started(app, gapp)
    assert "Start anyway" not in host.text()


def test_a_guest_can_mark_only_its_own_seat_ready_and_never_starts_the_round():
    app, host, gapp, ghost, net = round_ended({"players": "3", "kind2": "guest", "char2": "cat"})
    table = app.screen.table
    link = table.seats[1].link
    refusals = table.refusals

    def send(text):
        app.net_event("message", link.key, text)
        net.run()
    send('{"v":1,"t":"ready","seat":0}')               # no such message: refused unread
    send(R.guest_text("move", n=90, m={"a": "ready", "s": 0}))     # a seat in the move: refused
    send(R.guest_text("move", n=91, m={"a": "ready", "seat": 2}))
    assert table.refusals == refusals + 3 and not table.ready
    for n in (92, 93, 94):                             # ready, again and again: its own seat only
        send(R.guest_text("move", n=n, m={"a": "ready", "t": 1}))
    assert table.ready == {1} and app.screen.match.state["phase"] == "ready"
    app.act("next-round", "", {})
    net.run()
    assert table.ready == {0, 1} and app.screen.match.state["phase"] == "ready"   # Cy is missing
    waiting = next_round_button(host).text
    assert waiting.startswith("Waiting for ") and "Ben" not in waiting and "Ann" not in waiting
    assert next_round_button(host).disabled


def test_a_guest_that_predates_ready_still_counts_and_a_guest_of_an_older_host_plays_on(monkeypatch):
    app, host, gapp, ghost, net = round_ended()
    table = app.screen.table
    # an older guest's Next round closed its own summary and sent the ready move: it counts
    link = table.seats[1].link
    app.net_event("message", link.key, R.guest_text("move", n=50, m={"a": "ready", "t": 77}))
    net.run()
    assert table.ready == {1} and not started(app, gapp)
    app.act("next-round", "", {})
    net.run()
    assert started(app, gapp)
    # a host that predates it (no ready flags, a guest's ready move starts the round): the
    # guest's press starts the round for both, as it did
    monkeypatch.setattr(HostTable, "wait_ready", lambda self: False)
    monkeypatch.setattr(HostTable, "guest_ready", lambda self, seat, move: False)
    app, host, gapp, ghost, net = round_ended()
    assert all("ready" not in s for s in gapp.screen.table.link.seats)
    gapp.act("next-round", "", {})
    assert next_round_button(ghost).text == "Waiting for the others…"   # (until the host answers)
    net.run()
    assert started(app, gapp)


def test_a_host_with_only_computers_or_a_hot_seat_starts_the_round_at_one_press():
    from .fakehost import make_app
    for form in ({"players": "2", "kind0": "human", "kind1": "easy"},
                 {"players": "2", "kind0": "human", "kind1": "human"}):
        app, host = make_app(hash_="#/new/playme")
        app.act("start", "", form)
        s = app.screen
        s.drive_clock("manual")
        app.act("start-round", "")
        s.drive_clock("advance", 3100)
        for _ in range(2000):
            if s.pause is not None:
                break
            for seat in s.humans:
                move = race(s, seat)
                if move is not None:
                    s.play(seat, move)
            s.drive_clock("advance", 100)
        assert s.pause is not None and s.table is None
        app.act("next-round")
        assert s.pause is None and s.match.state["phase"] == "play"
