"""The join screen (issue 26): it says this game's number of players (the invite carries it),
and a guest's device remembers the name it joined with for the next invite (a rejoin): kept as
text, a damaged or unreadable value ignored."""

import pytest

from bodoge.core import remote as R
from bodoge.ui.storage import MemoryStore
from bodoge.ui.table import GUEST_NAME_KEY

from .fakehost import FakeNetwork, make_app
from .page import Page

ALTER4 = {"players": "4", "kind0": "human", "name0": "Hana", "kind1": "guest", "kind2": "guest",
          "kind3": "easy"}
PLAYME2 = {"players": "2", "kind0": "human", "name0": "Hana", "kind1": "guest"}


def hosted(game_id, form, lang="en"):
    app, host = make_app(hash_=f"#/new/{game_id}", lang=lang)
    net = FakeNetwork(host)
    app.act("start", "", form)
    net.run()
    return app, host, net


def name_box(host):
    return Page(host.html).get("textbox", "Your name")


@pytest.mark.parametrize("game_id, form, n, words", [
    ("alter", ALTER4, 4, "This game has 4 players: you take seat 2."),
    ("playme", PLAYME2, 2, "This game has 2 players: you take seat 2."),
])
def test_the_join_screen_says_this_games_number_of_players(game_id, form, n, words):
    app, host, net = hosted(game_id, form)
    code = app.screen.table.seats[1].code
    assert R.read_invite(code).players == n
    gapp, ghost = make_app(hash_="#join=" + code)
    assert words in ghost.text()
    assert "3–5 players" not in ghost.text() and "2–6 players" not in ghost.text()
    japp, jhost = make_app(hash_="#join=" + code, lang="ja")
    assert f"このゲームは{n}人で、あなたは2番目の席です。" in jhost.text()


def test_an_invite_without_the_number_still_opens_and_a_wrong_one_is_refused():
    sdp = ("v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"
           "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
           "a=ice-ufrag:abcd\r\na=ice-pwd:abcdefghijklmnopqrstuvwx\r\n"
           "a=fingerprint:sha-256 " + ":".join(["AB"] * 32) + "\r\na=setup:actpass\r\na=mid:0\r\n"
           "a=sctp-port:5000\r\na=candidate:1 1 udp 2122260223 192.168.1.2 50000 typ host\r\n")
    old = R.read_invite(R.make_invite(sdp, "alter", 1, "nonce123", "secretsecret1234", "Aki"))
    assert old.players is None
    assert R.read_invite(R.make_invite(sdp, "alter", 1, "nonce123", "secretsecret1234", players=3)).players == 3
    for bad in (1, 0, 65, "3", True, 2.5):        # the seat must be one of the game's seats
        data = {"v": R.VERSION, "g": "alter", "s": 1, "n": "nonce123", "k": "secretsecret1234",
                "d": R.minimise(sdp, False), "p": bad}
        with pytest.raises(R.BadMessage):
            R.read_invite(R._code(R.INVITE_FORMAT, data))


def test_the_guests_name_is_remembered_for_a_rejoin():
    app, host, net = hosted("alter", ALTER4)
    store = MemoryStore()
    gapp, ghost = make_app(store=store, hash_="#/")
    net.attach(ghost)
    gapp.route("#join=" + app.screen.table.seats[1].code)
    assert name_box(ghost).attrs.get("value", "") == ""      # nobody joined from here yet
    gapp.act("join", "", {"name": "  Ben   Ito "})
    net.run()
    assert GUEST_NAME_KEY not in store.data                    # not before the host lets it in
    app.act("table-answer", "", {"answer": gapp.screen.answer})
    net.run()
    assert gapp.screen.guest
    assert store.data[GUEST_NAME_KEY] == "Ben Ito"             # text, as shown at the table
    # the next invite on this device (the same table after a drop, or another game) offers it
    again, ahost = make_app(store=store, hash_="#join=" + app.screen.table.seats[2].code)
    assert name_box(ahost).attrs["value"] == "Ben Ito"


@pytest.mark.parametrize("damaged", ["x" * 25, "Ben\u202e", "  Ben", "<b>Ben", "\x00unreadable", ""])
def test_a_damaged_remembered_name_is_ignored(damaged):
    app, host, net = hosted("alter", ALTER4)
    store = MemoryStore({GUEST_NAME_KEY: damaged})
    gapp, ghost = make_app(store=store, hash_="#join=" + app.screen.table.seats[1].code)
    value = name_box(ghost).attrs.get("value", "")
    if damaged == "<b>Ben":
        assert value == "<b>Ben" and "<b>Ben" not in ghost.html   # a name is text, never markup
    else:
        assert value == ""
    assert "You take seat" in ghost.text() or "you take seat" in ghost.text()


def test_a_store_that_refuses_leaves_the_join_working():
    class Broken(MemoryStore):
        def get(self, key):
            if key == GUEST_NAME_KEY:
                raise OSError("storage blocked")
            return super().get(key)

        def set(self, key, value):
            if key == GUEST_NAME_KEY:
                raise OSError("storage blocked")
            super().set(key, value)

    app, host, net = hosted("alter", ALTER4)
    gapp, ghost = make_app(store=Broken(), hash_="#/")
    net.attach(ghost)
    gapp.route("#join=" + app.screen.table.seats[1].code)
    gapp.act("join", "", {"name": "Ben"})
    net.run()
    app.act("table-answer", "", {"answer": gapp.screen.answer})
    net.run()
    assert gapp.screen.guest
