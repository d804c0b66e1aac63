"""Play on several devices, in CPython: the host's table (invites, answers, the camera, who is
connected), guests joining with their names, whole games of every game where the guests'
devices play their seats over a fake network (every message a guest receives is checked
against the views it may see), refused and forged messages, dropped guests coming back through
a new invite or handed to the computer, Play Me! stamped by the host's clock, and the STUN
setting."""

import json
import re

import pytest

from bodoge.core import remote as R
from bodoge.core import strictjson
from bodoge.core.bot import think
from bodoge.core.record import decode, replay
from bodoge.games import PLAYABLE, get_game, info
from bodoge.ui.storage import SAVE_PREFIX, SETTINGS_KEY

from .fakehost import FakeNetwork, Text, make_app
from .page import Page

ALTER = {"players": "4", "kind0": "human", "name0": "Hana", "kind1": "guest", "kind2": "guest",
         "kind3": "easy"}


def host_game(game_id, form, lang="en"):
    app, host = make_app(hash_=f"#/new/{game_id}", lang=lang)
    net = FakeNetwork(host)
    app.act("start", "", form)
    net.run()
    return app, host, net


def guest_device(net, code, name, lang="en"):
    gapp, ghost = make_app(hash_="#/", lang=lang)
    net.attach(ghost)
    gapp.route("#join=" + code)
    gapp.act("join", "", {"name": name})
    net.run()
    return gapp, ghost


def join(app, net, seat, name, lang="en"):
    """A guest opens seat ``seat``'s invite, answers, and the host pastes the answer."""
    gapp, ghost = guest_device(net, app.screen.table.seats[seat].code, name, lang)
    app.act("table-answer", "", {"answer": gapp.screen.answer})
    net.run()
    assert getattr(gapp.screen, "guest", False), Text.of(ghost.html)
    return gapp, ghost


def drive(devices, net, host_app, limit=5000, level="easy", moves=None):
    """Every device's person plays its own seat with a bot's choice from its own view (as a
    person would click), and goes on after each round summary, until the host's game ends
    (or the people made ``moves`` moves)."""
    bots = {}
    made = 0
    for _ in range(limit):
        if moves is not None and made >= moves:
            net.run()
            return
        net.run()
        if host_app.screen.match.over:
            net.run()
            return
        moved = False
        for a, seat in devices:
            sc = a.screen
            if sc.pause is not None:
                sc.act("next-round", "", {})
                moved = True
                continue
            m = sc.match
            if seat in m.to_move() and not getattr(m, "waiting", False):
                bot = bots.setdefault((id(a), seat), m.game.make_bot(level, seat, 99 + seat))
                sc.play(seat, think(bot, m.view(seat)))
                moved = True
                made += 1
        if not moved and not any(h.timers for h in net.hosts):
            raise AssertionError("nobody can move")
    raise AssertionError("the game did not end")


def received(net, host):
    return [text for _, to, text in net.log if to is host]


def present(host, ident):
    return Page(host.html).by_id(ident) is not None


def guest_offered(host):
    """Whether a seat's kind offers "Guest (another device)"."""
    return bool(Page(host.html).where(tag="option", value="guest"))


# --- the host's table --------------------------------------------------------------------------
def test_setup_offers_a_guest_seat_and_the_save_marks_it():
    app, host = make_app(hash_="#/new/alter")
    assert guest_offered(host) and "Guest (another device)" in host.text()
    net = FakeNetwork(host)
    app.act("start", "", ALTER)
    net.run()
    saves = [json.loads(v) for k, v in host.store.data.items() if k.startswith(SAVE_PREFIX)]
    seats = decode(saves[0]["code"]).meta["seats"]
    assert [s.get("remote", False) for s in seats] == [False, True, True, False]
    screen = app.screen
    assert screen.remote == [1, 2] and screen.humans == [0] and set(screen.bots) == {3}
    # one puzzle player: no guest
    app.route("#/new/algo")
    app.act("setup-change", "", {"mode": "puzzle"})
    assert not guest_offered(host) or app.screen.values["players"] > 1


def test_the_table_shows_an_invite_for_each_guest_seat():
    app, host, net = host_game("alter", ALTER)
    html, text = host.html, host.text()
    assert 'id="dialog-table"' in html                       # opened at once: guests to invite
    assert "Table 0/2" in text and "Invite for seat 2" in text and "Invite for seat 3" in text
    links = [q for q in host.qr_texts if "#join=" in q]
    assert len(links) == 2 and all(q.startswith("https://example.org/bodoge/#join=") for q in links)
    for s in (1, 2):
        page = Page(html)
        link = page.by_id(f"invite-link-{s}")
        assert page.by_id(f"invite-qr-{s}") is not None
        assert link.attrs["value"].startswith("https://")
    inv = R.read_invite(links[0])
    assert (inv.game, inv.seat, inv.host) == ("alter", 1, "Hana")
    app.act("table-copy", "1", {})
    assert host.copied[-1] == links[0]
    assert "The guest's answer" in text and 'id="table-scan"' in html
    # the game itself goes on: the host plays its turn while the guests are invited
    assert "Your turn" in Text.of(html)


def test_a_guest_joins_with_its_name_and_the_host_sees_it():
    app, host, net = host_game("alter", ALTER)
    code = app.screen.table.seats[1].code
    gapp, ghost = make_app(hash_="#/")
    net.attach(ghost)
    gapp.route("#join=" + code)
    assert "Hana invites you to play ALTER" in ghost.text() and "you take seat 2." in ghost.text()
    gapp.act("join", "", {"name": "   "})
    assert "Enter your name" in ghost.text() and ghost.focused == "join-name"
    gapp.act("join", "", {"name": "Ben\n<b>"})
    net.run()
    answer = gapp.screen.answer
    assert R.read_answer(answer).seat == 1 and answer in ghost.qr_texts
    assert "Show this to the host" in ghost.text() and answer in ghost.html
    gapp.act("join-copy", "", {})
    assert ghost.copied[-1] == answer
    app.act("table-answer", "", {"answer": answer})
    net.run()
    assert type(gapp.screen).__name__ == "Session" and gapp.screen.guest
    assert app.screen.seats[1]["name"] == "Ben <b>"
    assert "Ben <b> joined the table." in host.announced
    page = Page(host.html)
    assert not page.where(tag="b") and "Ben <b>" in page.words
    assert "<b>" not in page.words.replace("Ben <b>", "")
    assert "Table 1/2" in host.text()
    # the guest's screen: its own seat, the host's name, the table's people
    gtext = ghost.text()
    assert "Hana is thinking…" in gtext
    gapp.act("table", "", {})
    assert re.search(r"Seat 1 · Hana On this device.*Seat 2 · Ben <b> You Connected", ghost.text())
    # the name is in the host's save (the shelf lists it)
    saves = [json.loads(v) for k, v in host.store.data.items() if k.startswith(SAVE_PREFIX)]
    assert decode(saves[0]["code"]).meta["seats"][1] == {"name": "Ben <b>", "bot": None, "remote": True}


def test_the_answer_box_says_what_is_wrong():
    app, host, net = host_game("alter", ALTER)
    for text, words in (("", "The code is empty."), ("hello!", "not a bodoge connection code"),
                        (app.screen.table.seats[1].code, "an invite link, not a guest's answer"),
                        (app.screen.match.code(), "a save code")):
        app.act("table-answer", "", {"answer": text})
        assert words in host.text(), text
        assert host.focused == "table-answer-box"
    gapp, ghost = guest_device(net, app.screen.table.seats[2].code, "Cy")
    old = gapp.screen.answer
    app.act("table-invite", "2", {})                  # a new invite: the old answer is void
    net.run()
    app.act("table-answer", "", {"answer": old})
    assert "an old invite" in host.text()
    assert type(gapp.screen).__name__ == "JoinScreen"


def test_the_camera_reads_an_answer():
    app, host, net = host_game("alter", ALTER)
    gapp, ghost = guest_device(net, app.screen.table.seats[1].code, "Ben")
    app.act("table-scan", "", {})
    assert host.scanning == "scan-video" and present(host, "scan-video")
    assert "Stop the camera" in host.text()
    app.net_event("scan-error", "", "denied")
    net.run()                                           # drawn in the next frame
    assert host.scanning is None and "The camera was not allowed" in host.text()
    app.act("table-scan", "", {})
    app.net_event("scan", "", gapp.screen.answer)
    assert host.scanning is None
    net.run()
    assert app.screen.table.seats[1].state == "on"


def test_the_game_waits_for_a_guest_and_says_who():
    app, host, net = host_game("bossa", {"kind0": "human", "kind1": "guest"})
    screen = app.screen
    # bossa begins with both choosing (or one roller): play the host's part until the guest is due
    for _ in range(10):
        if 1 in screen.match.to_move() and 0 not in screen.match.to_move():
            break
        screen.play(0, think(screen.match.game.make_bot("easy", 0, 1), screen.match.view(0)))
    assert 1 in screen.match.to_move()
    assert "(disconnected)" not in host.text() and "Waiting for Player 2 to join" in host.text()
    gapp, ghost = join(app, net, 1, "Ben")
    assert "Ben is thinking…" in host.text()


# --- whole games over the network --------------------------------------------------------------
def guest_game(game_id):
    """A game of the demo's size: seat 0 this device's person, seat 1 and (from three players)
    seat 2 guests, any other seat the easiest bot."""
    game = get_game(game_id)
    n = game.options(info(game_id).demo_options)["players"]
    guests = [1, 2][:n - 1]
    form = {"players": str(n), "kind0": "human"}
    form.update({f"kind{s}": "guest" if s in guests else game.bot_levels[0] for s in range(1, n)})
    return game_id, form, guests


GAMES = [guest_game(g) for g in PLAYABLE if not get_game(g).realtime]   # (Play Me!: below)
GAMES.append(("alluvium", {"players": "3", "kind0": "guest", "kind1": "guest", "kind2": "easy"},
              [0, 1]))                                 # and a host without a person of its own


@pytest.mark.parametrize("game_id,form,guests", GAMES)
def test_a_whole_game_where_guests_see_only_their_own_views(game_id, form, guests):
    app, host, net = host_game(game_id, form)
    devices = [(app, s) for s in app.screen.humans]
    ghosts = {}
    for s in guests:
        gapp, ghost = join(app, net, s, f"G{s}")
        devices.append((gapp, s))
        ghosts[s] = (gapp, ghost)
    drive(devices, net, app)
    match = app.screen.match
    game, record = match.game, match.record
    # every state of the game, and each guest seat's view of it
    state = game.setup(game.options(record.options), record.seed, record.version)
    states = [state]
    for seat, move in record.moves:
        state = game.apply(state, seat, move)
        states.append(state)
    for s, (gapp, ghost) in ghosts.items():
        truth = [json.loads(strictjson.dumps(game.view(st, s))) for st in states]
        texts = received(net, ghost)
        reader, view, at, ended = R.Reader(), None, 0, False
        for text in texts:
            assert str(record.seed) not in text            # never the seed
            msg = reader.feed(text)
            if msg is None:
                continue
            if msg["t"] == "view":
                assert not ended
                view = R.patch(view or {}, msg["ch"], msg["del"]) if msg["base"] else R.patch({}, msg["ch"], msg["del"])
                # the view is exactly one this seat had at some point, later than the last one
                while at < len(truth) and truth[at] != view:
                    at += 1
                assert at < len(truth), f"seat {s} received a view it never had"
            elif msg["t"] == "end":
                assert at == len(truth) - 1 and msg["code"] == match.code()   # only at the end
                ended = True
            else:
                assert msg["t"] in ("welcome", "seats", "refused"), msg["t"]
        assert ended and view == truth[-1]
        # the guest's screen shows the end, and offers the replay link
        assert gapp.screen.match.over and "The game is over." in ghost.text()
        assert 'id="copy-replay"' in ghost.html
        gapp.act("copy", "link", {})
        assert ghost.copied[-1] == f"https://example.org/bodoge/#load={match.code()}"
        assert replay(decode(ghost.copied[-1].split("#load=")[1]))[1] == match.state
    assert host.warnings == []


def test_what_a_guest_sees_of_alter_never_holds_another_seats_hidden_cards():
    """Compared with the other seats' views: a card another seat knows and this one does not
    (their hand, the places they watched) is nowhere in what this guest received."""
    from bodoge.games.alter import rules as AR

    app, host, net = host_game("alter", ALTER)
    gapp, ghost = join(app, net, 1, "Ben")
    gapp2, ghost2 = join(app, net, 2, "Cy")
    drive([(app, 0), (gapp, 1), (gapp2, 2)], net, app)
    game = app.screen.match.game
    record = app.screen.match.record
    state = game.setup(game.options(record.options), record.seed, record.version)
    secret = set()         # (set, round, place) cards some other seat knew and seat 1 never did
    for seat, move in record.moves:
        for other in (0, 2, 3):
            v, mine = game.view(state, other), game.view(state, 1)
            for p, place in enumerate(v["places"]):
                if place["card"] is not None and mine["places"][p]["card"] is None:
                    secret.add((state["set"], state["round"], place["card"]))
        state = game.apply(state, seat, move)
    known = set()
    reader = R.Reader()
    view = {}
    for text in received(net, ghost):
        msg = reader.feed(text)
        if msg and msg["t"] == "view":
            view = R.patch(view if msg["base"] else {}, msg["ch"], msg["del"])
            for place in view.get("places", []):
                if place["card"] is not None:
                    known.add((view["set"], view["round"], place["card"]))
    assert secret and not any(k in known for k in secret)
    assert AR  # the rules module is what made those views


# --- refused and forged messages ---------------------------------------------------------------
def views_of(match):
    n = match.game.num_players(match.state)
    return [json.dumps(match.view(s), sort_keys=True) for s in range(n)]


def test_forged_and_out_of_turn_messages_are_refused_logged_and_change_nothing():
    app, host, net = host_game("alter", ALTER)
    gapp, ghost = join(app, net, 1, "Ben")
    gapp2, ghost2 = join(app, net, 2, "Cy")
    screen = app.screen
    table = screen.table
    key = table.seats[1].link.key
    before = views_of(screen.match)
    moves = len(screen.match.record.moves)
    assert 1 not in screen.match.to_move()             # the host (seat 0) is to move
    forged = [
        "garbage", "{" * 5000, '{"v":1,"t":"move","n":1,"m":' + "[" * 30 + "]" * 30 + "}",
        '{"v":1,"t":"move","n":1,"m":{"a":"watch"},"seat":0}',        # acting for another seat
        '{"v":1,"t":"move","n":1,"m":NaN}', '{"v":9,"t":"move","n":1,"m":1}',
        '{"v":1,"t":"hello","key":"x","name":"Mallory"}',             # a second hello
        '{"v":1,"t":"view","seq":1,"base":0,"ch":{},"del":[]}',        # a host's message
        R.guest_text("move", n=5, m={"a": "watch"}),                   # out of turn
        R.guest_text("move", n=6, m="anything at all"),
        R.guest_text("ack", seq=999),
    ]
    before_refused = len([t for _, to, t in net.log if to is ghost and '"refused"' in t])
    for text in forged:
        app.net_event("message", key, text)
        net.run()
    assert views_of(screen.match) == before and len(screen.match.record.moves) == moves
    assert screen.seats[1]["name"] == "Ben" and screen.seats[2]["name"] == "Cy"
    refusals = [json.loads(t) for _, to, t in net.log if to is ghost and '"refused"' in t][before_refused:]
    assert [(r["n"], r["key"]) for r in refusals] == [(5, "error.not_your_turn"), (6, "error.not_your_turn")]
    assert not any('"refused"' in t for _, to, t in net.log if to is ghost2)   # only to that guest
    assert table.refusals == len(forged) - 1        # every one counted (the stale ack is not news)
    assert all(s == 1 for s, _ in table.log) and len(table.log) == len(forged) - 1
    assert host.warnings == []                      # and none written to the console
    # the guest hears why, in its language; the table lists them
    assert "It is not your turn." in ghost.text()
    app.act("table", "", {})
    assert "Refused messages (10)" in host.text()
    # too many bad messages and the host hangs up
    for _ in range(R.HostLink.MAX_BAD):
        app.net_event("message", key, "garbage")
    net.run()
    assert table.seats[1].state == "off" and table.seats[2].state == "on"
    assert host.warnings == ["bodoge table, seat 2: disconnected: too many refused messages"]


def test_a_wrong_secret_or_words_before_hello_get_nowhere():
    app, host, net = host_game("alter", ALTER)
    gapp, ghost = guest_device(net, app.screen.table.seats[1].code, "Ben")
    gapp.screen.link.invite.secret = app.screen.table.seats[2].link.secret   # seat 3's secret
    app.act("table-answer", "", {"answer": gapp.screen.answer})
    net.run()
    assert app.screen.table.seats[1].state == "failed" and app.screen.seats[1]["name"] == ""
    assert type(gapp.screen).__name__ == "JoinScreen" and "refused this device" in ghost.text()
    assert any("wrong secret" in text for _, text in app.screen.table.log)


def test_a_move_the_rules_refuse_is_told_to_its_guest():
    app, host, net = host_game("bossa", {"kind0": "easy", "kind1": "guest"})
    gapp, ghost = join(app, net, 1, "Ben")
    drive_until = lambda: 1 in app.screen.match.to_move()       # noqa: E731
    net.run(until=drive_until)
    assert drive_until()
    gapp.screen.play(1, {"a": "nonsense"})
    assert "Sending your move…" in ghost.text()
    net.run()
    refusals = [json.loads(text) for text in received(net, ghost) if '"t":"refused"' in text]
    assert [r["key"] for r in refusals] == ["bossa.error.side"]     # the rules' own reason
    assert '<p class="error" role="alert">Choose which line is your side.</p>' in ghost.html
    assert not gapp.screen.match.waiting


# --- dropped guests ----------------------------------------------------------------------------
def test_a_dropped_guest_gets_its_seat_back_through_a_new_invite():
    app, host, net = host_game("alter", ALTER)
    gapp, ghost = join(app, net, 1, "Ben")
    gapp2, ghost2 = join(app, net, 2, "Cy")
    table = app.screen.table
    drive([(app, 0), (gapp, 1), (gapp2, 2)], net, app, moves=6)      # a few moves
    old_code = table.seats[1].code
    gapp.route("#/")                     # Ben closes the game (a closed tab drops the same way)
    net.run()
    assert table.seats[1].state == "off" and "Ben is disconnected." in host.announced
    assert "Ben is disconnected. The game waits for them." in host.text()
    seats_msg = json.loads([t for _, to, t in net.log if to is ghost2 and '"seats"' in t][-1])
    assert [s["on"] for s in seats_msg["seats"]] == [True, False, True, True]
    # if it is Ben's turn, the prompt says whom the game waits for
    screen = app.screen
    net.run(until=lambda: 1 in screen.match.to_move() or screen.pause is not None)
    if 1 in screen.match.to_move():
        assert "Waiting for Ben (disconnected)" in host.text()
    app.act("close-dialog", "table", {})
    assert not present(host, "dialog-table") and present(host, "banner-invite-1")
    app.act("table-invite", "1", {})             # the banner's button: the new invite shows
    net.run()
    assert present(host, "dialog-table") and present(host, "invite-link-1")
    new_code = table.seats[1].code
    assert new_code and new_code != old_code and R.read_invite(new_code).secret != R.read_invite(old_code).secret
    gapp3, ghost3 = guest_device(net, new_code, "Ben")
    app.act("table-answer", "", {"answer": gapp3.screen.answer})
    net.run()
    assert table.seats[1].state == "on" and type(gapp3.screen).__name__ == "Session" and gapp3.screen.guest
    assert "(disconnected)" not in host.text()
    drive([(app, 0), (gapp3, 1), (gapp2, 2)], net, app)
    assert gapp3.screen.match.over and gapp2.screen.match.over


def test_the_host_can_hand_a_dropped_seat_to_the_computer():
    app, host, net = host_game("alter", ALTER)
    gapp, ghost = join(app, net, 1, "Ben")
    gapp2, ghost2 = join(app, net, 2, "Cy")
    gapp.route("#/")
    net.run()
    app.act("table-bot", "1", {})
    screen = app.screen
    assert screen.remote == [2] and 1 in screen.bots and screen.seats[1] == {"name": "", "bot": "normal"}
    saves = [json.loads(v) for k, v in host.store.data.items() if k.startswith(SAVE_PREFIX)]
    assert decode(saves[0]["code"]).meta["seats"][1] == {"name": "", "bot": "normal"}
    assert "CPU 2 (normal)" in host.text() and "Table 1/1" in host.text()
    drive([(app, 0), (gapp2, 2)], net, app)
    assert gapp2.screen.match.over


def test_the_host_leaving_lets_the_guests_know_and_a_reopened_game_invites_again():
    app, host, net = host_game("alter", ALTER)
    gapp, ghost = join(app, net, 1, "Ben")
    slot = app.screen.slot.id
    app.route("#/")
    net.run()
    assert "The connection to the host was lost" in ghost.text()
    gapp.screen.play(1, {"a": "watch"})           # no connection: nothing sent, a clear word
    assert "No connection to the host." in ghost.text() or not gapp.screen.match.waiting
    app.route(f"#/play/{slot}")
    net.run()
    table = app.screen.table
    assert [ts.state for ts in table.seats.values()] == ["invited", "invited"]
    assert present(host, "dialog-table")


# --- Play Me! ----------------------------------------------------------------------------------
def test_play_me_moves_of_a_guest_are_stamped_by_the_hosts_clock():
    app, host, net = host_game("playme", {"players": "2", "kind0": "human", "kind1": "guest",
                                          "char0": "queen", "char1": "cat"})
    gapp, ghost = join(app, net, 1, "Ben")
    hs, gs = app.screen, gapp.screen
    assert gs.guest and gs.clock is not None and gs.match.realtime
    hs.drive_clock("manual")
    gs.act("start-round", "", {})                   # a guest may start the round, too
    net.run()
    assert hs.match.state["phase"] == "play"
    hs.drive_clock("advance", 3000)                 # the countdown
    net.run()
    assert gs.match.state["phase"] == "play" and not gs.clock.paused
    moves = [m for m in hs.match.game.moves(hs.match.state, 1) if m["a"] in ("advance", "roll")]
    hs.drive_clock("advance", 1234)
    stamp = hs.clock.now()
    gs.play(1, dict(moves[0], t=1))                 # the guest's own time is not what counts
    net.run()
    seat, move = hs.match.record.moves[-1]
    assert seat == 1 and move["t"] == stamp
    # the guest's clock follows the host's (and runs on from there)
    assert gs.clock.time.base >= stamp and gs.clock.running
    # a guest pauses the table; moves are then refused
    gs.act("pause", "", {})
    net.run()
    assert hs.clock.paused and gs.clock.paused
    n = len(hs.match.record.moves)
    gs.play(1, {"a": "roll"})
    net.run()
    assert len(hs.match.record.moves) == n and "The game is paused." in ghost.text()
    gs.key("Escape")                                 # Escape asks to go on
    net.run()
    assert not hs.clock.paused and not gs.clock.paused


def race(screen, seat):
    """A quick player's Play Me! move from what ``screen`` knows: catch, advance, unblock, roll."""
    moves = screen.match.game.moves(screen.match.view(seat), seat)
    for a in ("catch", "advance", "unblock", "roll"):
        for m in moves:
            if m["a"] == a and "keep" not in m:
                return m
    return None


def test_play_me_round_summary_shows_on_both_devices_and_both_start_the_next_round():
    app, host, net = host_game("playme", {"players": "2", "kind0": "human", "kind1": "guest",
                                          "char0": "queen", "char1": "hatter"})
    gapp, ghost = join(app, net, 1, "Ben")
    hs, gs = app.screen, gapp.screen
    hs.drive_clock("manual")
    hs.act("start-round", "", {})
    hs.drive_clock("advance", 3100)
    net.run()
    for _ in range(400):
        if hs.match.state["results"]:
            break
        for screen, seat in ((hs, 0), (gs, 1)):
            move = race(screen, seat)
            if move is not None:
                screen.play(seat, move)
                net.run()
        hs.drive_clock("advance", 100)
        net.run()
    assert hs.match.state["results"] and hs.match.state["phase"] == "ready"
    assert hs.pause is not None and gs.pause is not None        # the summary, on both devices
    assert 'id="round-heading"' in ghost.html and 'id="next-round"' in ghost.html
    gs.act("next-round", "", {})                                # the guest is ready ...
    net.run()
    assert hs.match.state["phase"] == "ready" and hs.pause is not None
    hs.act("next-round", "", {})                                # ... and the host: round 2
    net.run()
    assert hs.match.state["phase"] == "play" and len(hs.match.state["results"]) == 1
    assert hs.pause is None and gs.pause is None                # the round, not the summary
    assert not present(host, "round-heading") and not present(ghost, "round-heading")


def test_play_me_pauses_when_a_guest_drops():
    app, host, net = host_game("playme", {"players": "2", "kind0": "human", "kind1": "guest"})
    gapp, ghost = join(app, net, 1, "Ben")
    hs = app.screen
    hs.drive_clock("manual")
    hs.act("start-round", "", {})
    hs.drive_clock("advance", 3500)
    net.run()
    assert not hs.clock.paused
    gapp.route("#/")
    net.run()
    assert hs.clock.paused and "Ben is disconnected." in host.text()


# --- settings ----------------------------------------------------------------------------------
@pytest.mark.parametrize("text,ok", [
    ("stun:stun.example.org:3478", True), ("stun:192.0.2.1:19302", True), ("stun:[2001:db8::1]:3478", True),
    ("", True), (" stun:a.b:1 ", True),
    ("turn:stun.example.org:3478", False), ("stun:stun.example.org", False), ("stun:host:0", False),
    ("stun:host:70000", False), ("http://stun.example.org:3478", False), ("stun:-bad-:3478", False),
    ("stun:a b:3478", True),      # spaces are taken out
    ('stun:x:1"><script>', False), ("stun:" + "a" * 300 + ":1", False),
])
def test_the_stun_setting_takes_stun_host_port_only(text, ok):
    app, host = make_app()
    app.act("stun", "", {"stun": text})
    stored = json.loads(host.store.data[SETTINGS_KEY]).get("stun")
    if ok:
        assert stored == "".join(text.split()) and app.settings.stun == stored
    else:
        assert stored is None and app.settings.stun == ""
        assert "That is not a STUN address" in host.text() and host.focused == "stun"
        assert Page(host.html).by_id("stun").attrs.get("aria-invalid") == "true"


def test_invites_use_the_stun_server_only_when_set():
    app, host, net = host_game("alter", ALTER)
    assert {c[2] for c in host.net_calls if c[0] == "offer"} == {""}
    app2, host2 = make_app()
    app2.act("stun", "", {"stun": "stun:stun.example.org:3478"})
    net2 = FakeNetwork(host2)
    app2.route("#/new/alter")
    app2.act("start", "", ALTER)
    net2.run()
    assert {c[2] for c in host2.net_calls if c[0] == "offer"} == {"stun:stun.example.org:3478"}


def test_a_bad_invite_link_says_so_on_the_shelf():
    app, host = make_app()
    app.route("#join=nonsense!")
    assert type(app.screen).__name__ == "ShelfScreen"
    assert "That invite cannot be used: That is not a bodoge connection code." in host.text()
    assert host.hash == "#/"


def test_the_table_in_japanese():
    app, host, net = host_game("alter", ALTER, lang="ja")
    assert "への招待" in host.text() and "応答コード" in host.text()
    gapp, ghost = join(app, net, 1, "ベン", lang="ja")
    assert "ベンがテーブルに着きました。" in host.announced
    assert "テーブル 1/2" in host.text()


# --- names -------------------------------------------------------------------------------------
def next_frame(device):
    """Run what is due on ``device`` now (its next frame's redraw), nothing later."""
    while any(t[0] <= device.elapsed for t in device.timers):
        i = next(i for i, t in enumerate(device.timers) if t[0] <= device.elapsed)
        device.timers.pop(i)[1]()


def test_a_name_already_at_the_table_is_refused_and_the_guest_chooses_another():
    app, host, net = host_game("alter", ALTER)
    gapp, ghost = join(app, net, 1, "Ben")
    table = app.screen.table
    # Cy types Ben's name in capitals, then the host's in full-width letters
    gapp2, ghost2 = guest_device(net, table.seats[2].code, "BEN")
    app.act("table-answer", "", {"answer": gapp2.screen.answer})
    renamed = lambda: getattr(gapp2.screen, "state", None) == "rename"    # noqa: E731
    net.run(until=renamed)             # (not on to the end of the time to choose another)
    next_frame(ghost2)
    join_screen = gapp2.screen
    assert type(join_screen).__name__ == "JoinScreen" and join_screen.state == "rename"
    assert "“BEN” is already playing at this table: choose another name." in ghost2.text()
    assert ghost2.focused == "join-name" and 'aria-invalid="true"' in ghost2.html
    assert table.seats[2].state == "joining" and app.screen.seats[2]["name"] == ""
    gapp2.act("join", "", {"name": "Ｈａｎａ"})
    net.run(until=lambda: gapp2.screen.state == "rename" and gapp2.screen.error and "Ｈ" in gapp2.screen.error)
    next_frame(ghost2)
    assert gapp2.screen.state == "rename" and "“Ｈａｎａ” is already playing" in ghost2.text()
    gapp2.act("join", "", {"name": "\u202eyC\u200b"})     # reordering and invisible characters go
    net.run()
    assert type(gapp2.screen).__name__ == "Session" and gapp2.screen.guest
    assert app.screen.seats[2]["name"] == "yC" and table.seats[2].state == "on"
    assert "Table 2/2" in host.text()


def test_a_guest_who_never_gives_a_free_name_is_let_go_in_time():
    app, host, net = host_game("bossa", {"kind0": "human", "name0": "Hana", "kind1": "guest"})
    gapp, ghost = guest_device(net, app.screen.table.seats[1].code, "hana")
    app.act("table-answer", "", {"answer": gapp.screen.answer})
    net.run(until=lambda: gapp.screen.state == "rename")
    next_frame(ghost)
    assert "“hana” is already playing at this table" in ghost.text()
    net.run()                    # the time to choose another name runs out
    assert app.screen.table.seats[1].state == "failed" and gapp.screen.state == "failed"
    assert "Could not connect to the host" in ghost.text()


# --- a hostile guest ---------------------------------------------------------------------------
def frozen_clock(*hosts):
    """The hosts' clocks stand still (a burst arrives in no time) until moved on by hand
    (``del host.now`` lets it go on again)."""
    clock = [1_800_000_000_000.0]
    for h in hosts:
        h.now = lambda: clock[0]
    return clock


def test_a_guest_sending_refused_moves_is_let_go_and_the_game_goes_on():
    app, host, net = host_game("alter", ALTER)
    gapp, ghost = join(app, net, 1, "Ben")
    gapp2, ghost2 = join(app, net, 2, "Cy")
    screen, table = app.screen, app.screen.table
    key = table.seats[1].link.key
    clock = frozen_clock(host)
    # a few refused moves, spread out, are an honest player's: nothing happens
    for i in range(3 * R.HostLink.MAX_STRIKES):
        app.net_event("message", key, R.guest_text("move", n=i + 1, m={"a": "watch"}))
        clock[0] += 2 * R.HostLink.STRIKE_MS
    net.run()
    assert table.seats[1].state == "on" and table.seats[1].link.refused == 3 * R.HostLink.MAX_STRIKES
    # a burst of them: let go at the limit, the rest never read
    renders = len(host.renders)
    before = views_of(screen.match)
    for i in range(5000):
        app.net_event("message", key, R.guest_text("move", n=1000 + i, m={"a": "watch"}))
    assert len(host.renders) == renders                 # nothing drawn yet: in the next frame
    net.run()
    assert len(host.renders) <= renders + 2             # the frame, and the overlay's if any
    assert views_of(screen.match) == before
    assert table.seats[1].state == "off" and table.seats[1].kicked and table.seats[2].state == "on"
    assert table.seats[1].link.refused <= 3 * R.HostLink.MAX_STRIKES + R.HostLink.MAX_STRIKES
    assert "Ben was disconnected: their device sent too many messages, or moves that were refused." \
        in host.announced
    assert "Ben was disconnected" in host.text() and present(host, "banner-bot-1")
    assert host.warnings == ["bodoge table, seat 2: disconnected: too many refused moves"]
    assert "The connection to the host was lost" in ghost.text()
    app.act("table", "", {})
    assert f"Refused messages ({table.refusals})" in host.text() and table.refusals >= 4 * R.HostLink.MAX_STRIKES
    # the host hands the seat to the computer; Cy and the host play on to the end
    del host.now
    app.act("table-bot", "1", {})
    drive([(app, 0), (gapp2, 2)], net, app)
    assert gapp2.screen.match.over


def test_a_flood_beyond_the_budget_is_dropped_unread_and_let_go():
    app, host, net = host_game("bossa", {"kind0": "human", "kind1": "guest"})
    gapp, ghost = join(app, net, 1, "Ben")
    table = app.screen.table
    link = table.seats[1].link
    clock = frozen_clock(host)
    sent = len([1 for _, to, _ in net.log if to is ghost])
    # the budget: BURST at once, then RATE a second
    for _ in range(R.HostLink.BURST + 10):
        app.net_event("message", link.key, R.guest_text("ack", seq=1))
    assert link.dropped == 10 and table.seats[1].state == "on"
    clock[0] += 1000
    for _ in range(int(R.HostLink.RATE)):
        app.net_event("message", link.key, R.guest_text("ack", seq=1))
    assert link.dropped == 10 and link.over == 0
    # ... and a flood of syncs: MAX_OVER in a row beyond it and the guest is let go
    for _ in range(5000):
        app.net_event("message", link.key, R.guest_text("sync"))
    net.run()
    assert table.seats[1].state == "off" and table.seats[1].kicked
    assert link.dropped == 10 + R.HostLink.MAX_OVER
    assert len([1 for _, to, _ in net.log if to is ghost]) <= sent + 5       # no flood back
    assert host.warnings == ["bodoge table, seat 2: disconnected: a flood of messages"]
    assert any("messages a second: dropped" in text for _, text in table.log)


def test_beyond_the_budget_the_page_drops_the_messages_itself_and_python_counts_them():
    """The first message beyond the budget has the page hold the guest's messages (dropped
    there, unread, without a call into Python: web/net.js, tests/unit/test_net_js.py) until the
    bucket has a token again, and at most the MAX_OVER left; their count comes as "dropped" and
    is counted as if read and dropped here: a flood is let go."""
    app, host, net = host_game("bossa", {"kind0": "human", "kind1": "guest"})
    gapp, ghost = join(app, net, 1, "Ben")
    table = app.screen.table
    link = table.seats[1].link
    clock = frozen_clock(host)
    for _ in range(R.HostLink.BURST):
        app.net_event("message", link.key, R.guest_text("sync"))
    assert not [c for c in host.net_calls if c[0] == "hold"]
    app.net_event("message", link.key, R.guest_text("sync"))
    assert host.net_calls[-1] == ("hold", link.key, 1000 / R.HostLink.RATE, R.HostLink.MAX_OVER - 1)
    # the page dropped 30 more (of 17 bytes each) while it held them
    refusals, messages, size = table.refusals, link.messages_in, link.bytes_in
    app.net_event("dropped", link.key, "30 510")
    assert (link.dropped, link.skipped, link.over) == (31, 30, 31) and table.seats[1].state == "on"
    assert (link.messages_in, link.bytes_in) == (messages + 30, size + 510)
    assert table.refusals == refusals + 30
    app.net_event("dropped", link.key, "nonsense")           # (never from net.js) changes nothing
    assert link.dropped == 31
    # the bucket has a token again: the next message is read
    clock[0] += 1000 / R.HostLink.RATE
    app.net_event("message", link.key, R.guest_text("ack", seq=1))
    assert link.dropped == 31 and link.over == 30
    # and MAX_OVER beyond it in all is a flood
    app.net_event("message", link.key, R.guest_text("sync"))
    assert host.net_calls[-1][0] == "hold" and host.net_calls[-1][3] == R.HostLink.MAX_OVER - 31
    app.net_event("dropped", link.key, f"{R.HostLink.MAX_OVER - 31} 0")
    net.run()
    assert table.seats[1].state == "off" and table.seats[1].kicked
    assert host.net_calls[-1] == ("close", link.key)
    assert host.warnings == ["bodoge table, seat 2: disconnected: a flood of messages"]


def test_syncs_get_one_whole_view_until_it_is_acknowledged():
    app, host, net = host_game("bossa", {"kind0": "human", "kind1": "guest"})
    gapp, ghost = join(app, net, 1, "Ben")
    link = app.screen.table.seats[1].link
    frozen_clock(host)
    def whole():
        """The whole views the guest was sent (every message here is one frame)."""
        msgs = [R.Reader().feed(t) for _, to, t in net.log if to is ghost]
        return [m for m in msgs if m["t"] == "view" and m["base"] == 0]

    before = len(whole())
    for _ in range(R.HostLink.BURST // 2):              # within the budget
        app.net_event("message", link.key, R.guest_text("sync"))
    assert len(whole()) == before + 1                   # one whole view, until it is acknowledged
    app.net_event("message", link.key, R.guest_text("ack", seq=link.seq))
    app.net_event("message", link.key, R.guest_text("sync"))
    app.net_event("message", link.key, R.guest_text("sync"))
    assert len(whole()) == before + 2
    net.run()
    assert app.screen.table.seats[1].state == "on"       # syncs are allowed: nobody let go


def test_messages_from_guests_are_drawn_once_a_frame():
    app, host, net = host_game("alter", ALTER)
    gapp, ghost = join(app, net, 1, "Ben")
    gapp2, ghost2 = join(app, net, 2, "Cy")
    screen = app.screen
    drive([(app, 0), (gapp, 1), (gapp2, 2)], net, app, moves=3)
    for _ in range(20):                        # on to a guest's turn
        net.run()
        if screen.match.to_move()[0] in (1, 2) and screen.pause is None:
            break
        if screen.pause is not None:
            screen.act("next-round", "", {})
        elif screen.match.to_move()[0] == 0:
            screen.play(0, think(screen.match.game.make_bot("easy", 0, 0), screen.match.view(0)))
    mover = screen.match.to_move()[0]
    assert mover in (1, 2)
    ben, cy = screen.table.seats[mover].link, screen.table.seats[3 - mover].link
    renders = len(host.renders)
    # what changes nothing the host's page shows draws nothing: acks, garbage, refused moves
    for seq in range(1, 30):
        app.net_event("message", cy.key, R.guest_text("ack", seq=seq))
    app.net_event("message", cy.key, "garbage")
    app.net_event("message", cy.key, R.guest_text("move", n=99, m={"a": "watch"}))
    host.run_timers()
    assert len(host.renders) == renders
    # a burst with a move in it: drawn once, in the next frame
    bot = screen.match.game.make_bot("easy", mover, 1)
    app.net_event("message", cy.key, R.guest_text("move", n=100, m={"a": "watch"}))
    app.net_event("message", ben.key, R.guest_text("move", n=1, m=think(bot, screen.match.view(mover))))
    app.net_event("message", cy.key, R.guest_text("move", n=101, m={"a": "watch"}))
    assert len(host.renders) == renders
    next_frame(host)
    assert len(host.renders) == renders + 1
    # the host's own click draws at once
    app.act("table", "", {})
    assert len(host.renders) == renders + 2


# --- only the local network --------------------------------------------------------------------
def test_an_invite_naming_no_local_device_is_refused_with_a_clear_word():
    mini = R.minimise(R.rebuild({"u": "abcd", "p": "p" * 22, "f": R.b64(b"\x01" * 32), "r": "actpass",
                                 "c": [["192.168.1.2", 40000]]}))
    code = R._code(R.INVITE_FORMAT, {"v": 1, "g": "algo", "s": 1, "n": "nonce123", "k": "secretsecret1234",
                                     "d": dict(mini, c=[["8.8.8.8", 40000], ["203.0.113.9", 50000, "s"]])})
    gapp, ghost = make_app(hash_="#join=" + code)
    assert "That invite cannot be used: The code names no device on your local network." in ghost.text()
    assert type(gapp.screen).__name__ == "ShelfScreen"


def test_a_refused_move_of_a_guest_changes_nothing_and_costs_little():
    """A guest's refused move sends no views and announces nothing (a hostile guest sends them
    by the thousand: each once went through the whole after-a-move path, views for every guest
    made again, and the host's page fell behind by hundreds of ms)."""
    app, host, net = host_game("algo", {"players": "3", "kind0": "human", "name0": "Hana",
                                        "kind1": "guest", "kind2": "guest"})
    join(app, net, 1, "Ben")
    join(app, net, 2, "Mal")
    session = app.screen
    mal = session.table.seats[2].link
    assert 2 not in session.match.to_move()
    calls = []
    session.send_views = lambda *a, **k: calls.append(a)
    said = len(host.announced)
    for i in range(5):
        app.net_event("message", mal.key, R.guest_text("move", n=i + 1, m={"a": "attack", "t": 0, "p": 0, "n": 11}))
    assert mal.refused == 5 and calls == [] and len(host.announced) == said
