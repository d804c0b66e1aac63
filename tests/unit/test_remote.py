"""The protocol of play on several devices (bodoge.core.remote): connection codes, message
checks, framing and view changes. Pure Python; the UI over fake channels is tests/ui/test_table.py."""

import json
import random

import pytest

from bodoge.core import remote as R
from bodoge.core import strictjson
from bodoge.core.record import Record, encode
from bodoge.core.selfplay import play_one
from bodoge.games import CATALOG

# What Chromium 150 gives for a data channel (from a real run): mDNS host candidates, and with
# the local addresses shown, IPv4 and IPv6 ones (UDP; a TCP one added to be left out), and a
# server-reflexive one as a STUN server gives it.
CHROME_MDNS = "\r\n".join([
    "v=0", "o=- 3791759319620285392 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
    "a=extmap-allow-mixed", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=candidate:4064213362 1 udp 2113937151 2b15e159-3e25-457a-b77b-947e06e89798.local 44649 typ host generation 0 network-cost 999",
    "a=candidate:962082962 1 udp 2113942271 62caeb82-4636-4aa1-ac04-c00cda9e909c.local 42575 typ host generation 0 network-cost 999",
    "a=candidate:3 1 tcp 1518280447 62caeb82-4636-4aa1-ac04-c00cda9e909c.local 9 typ host tcptype active generation 0",
    "a=ice-ufrag:JA7R", "a=ice-pwd:hzfkWmU9YruUhMZXFBiqMaqb", "a=ice-options:trickle",
    "a=fingerprint:sha-256 88:5A:25:69:0C:3B:32:A4:8E:57:E6:A4:4E:7A:8C:05:88:FC:38:C7:AF:73:E5:E6:7B:4F:E4:2E:FA:BF:89:35",
    "a=setup:active", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", ""])
CHROME_IP = CHROME_MDNS.replace(
    "2b15e159-3e25-457a-b77b-947e06e89798.local 44649", "192.168.1.20 45337").replace(
    "62caeb82-4636-4aa1-ac04-c00cda9e909c.local 42575", "fd00::2 50722").replace(
    "a=setup:active", "a=setup:actpass").replace(
    "a=candidate:3 1 tcp", "a=candidate:9 1 udp 1677729535 203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0 generation 0\r\na=candidate:3 1 tcp")


def lines(sdp, prefix):
    return [x for x in sdp.split("\r\n") if x.startswith(prefix)]


# --- session descriptions and codes ------------------------------------------------------------
def test_minimise_keeps_what_a_data_channel_needs_and_rebuild_gives_it_back():
    for sdp in (CHROME_MDNS, CHROME_IP):
        mini = R.minimise(sdp, stun=True)
        back = R.rebuild(mini)
        for prefix in ("a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:", "a=setup:"):
            assert lines(back, prefix) == lines(sdp, prefix)
        got = [c.split()[4:8] for c in lines(back, "a=candidate:")]
        want = [c.split()[4:8] for c in lines(sdp, "a=candidate:") if " udp " in c]
        assert got == want                      # UDP only (host and server-reflexive), in order
        assert "m=application 9 UDP/DTLS/SCTP webrtc-datachannel" in back
        assert R.minimise(back, stun=True) == mini          # stable


def test_mdns_names_are_packed_small_and_come_back_exactly():
    mini = R.minimise(CHROME_MDNS)
    assert all(c[0].startswith("~") and len(c[0]) == 23 for c in mini["c"])
    assert "2b15e159-3e25-457a-b77b-947e06e89798.local 44649" in R.rebuild(mini)


@pytest.mark.parametrize("drop", ["a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:", "a=setup:",
                                  "a=candidate:"])
def test_a_description_without_what_is_needed_is_refused(drop):
    sdp = "\r\n".join(x for x in CHROME_IP.split("\r\n") if not x.startswith(drop))
    with pytest.raises(R.BadMessage):
        R.minimise(sdp)


def test_invite_and_answer_codes_round_trip_and_stay_small():
    code = R.make_invite(CHROME_MDNS, "alter", 2, "nonce123", "secretsecret1234", "Aki")
    assert len(code) < 320 and set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    inv = R.read_invite("https://example.org/bodoge/#join=" + code)     # the whole link is fine
    assert (inv.game, inv.seat, inv.nonce, inv.secret, inv.host) == ("alter", 2, "nonce123",
                                                                       "secretsecret1234", "Aki")
    assert R.minimise(inv.sdp) == R.minimise(CHROME_MDNS)
    ans = R.make_answer(CHROME_IP, 2, "nonce123", stun=True)
    assert len(ans) < 320
    got = R.read_answer("  " + ans[:50] + "\n" + ans[50:] + " ", stun=True)     # spaces and breaks pasted in
    assert (got.seat, got.nonce) == (2, "nonce123")
    assert R.minimise(got.sdp, stun=True) == R.minimise(CHROME_IP, stun=True)


def test_bad_codes_get_a_clear_key():
    invite = R.make_invite(CHROME_MDNS, "alter", 2, "nonce123", "secretsecret1234")
    answer = R.make_answer(CHROME_IP, 2, "nonce123")
    save = encode(Record("algo", 1, {}, 1, [], {}))
    cases = [("", "net.code_empty"), ("!!!!", "net.code_format"), ("A", "net.code_damaged"),
             (answer[:-30], "net.code_damaged"), (save, "net.code_is_save"),
             (invite, "net.code_is_invite"), ("x" * 5000, "net.code_damaged")]
    for text, key in cases:
        with pytest.raises(R.BadMessage) as e:
            R.read_answer(text)
        assert e.value.key == key, text[:20]
    with pytest.raises(R.BadMessage) as e:
        R.read_invite(answer)
    assert e.value.key == "net.code_is_answer"


def forged(fmt, data):
    return R._code(fmt, data)


def test_a_forged_code_cannot_smuggle_lines_into_a_description():
    good = json.loads(R._inflate(R.unb64(R.make_answer(CHROME_IP, 1, "nonce123"))[1:], 9999))
    bad_fields = [
        {"u": "JA7R\r\na=candidate:1 1 udp 1 6.6.6.6 1 typ host"},
        {"p": "short"},
        {"f": R.b64(b"x" * 31)},
        {"r": "holdconn"},
        {"c": [["192.0.2.2 9 typ relay", 5]]},
        {"c": [["1.2.3.4", 0]]},
        {"c": [["1.2.3.4", 70000]]},
        {"c": [["1.2.3.4", 5000, "r"]]},
        {"c": [["1.2.3.4", True]]},
        {"c": []},
        {"c": [["1.2.3.4", 5000]] * 9},
        {"c": [["~AAAA", 5000]]},
        {"x": 1},
    ]
    for change in bad_fields:
        d = dict(good["d"], **change)
        with pytest.raises(R.BadMessage, match="damaged") as e:
            R.read_answer(forged(R.ANSWER_FORMAT, dict(good, d=d)))
        assert e.value.key == "net.code_damaged", change
    for change in ({"s": -1}, {"s": 64}, {"s": "1"}, {"n": "short"}, {"n": "a" * 40}, {"extra": 1}):
        with pytest.raises(R.BadMessage):
            R.read_answer(forged(R.ANSWER_FORMAT, dict(good, **change)))
    with pytest.raises(R.BadMessage) as e:
        R.read_answer(forged(R.ANSWER_FORMAT, dict(good, v=2)))
    assert e.value.key == "net.code_version"


# --- only the local network ----------------------------------------------------------------------
LOCAL = ["10.0.0.1", "10.255.255.254", "172.16.0.1", "172.31.255.1", "192.168.0.1", "192.168.1.255",
         "169.254.10.20", "127.0.0.1", "127.8.8.8", "::1", "fe80::1", "FE80::abcd:1", "febf::1",
         "fd00::2", "fc00::1", "fdff:ffff::1", "::ffff:192.168.1.2", "0:0:0:0:0:ffff:10.1.2.3",
         "2b15e159-3e25-457a-b77b-947e06e89798.local"]
NOT_LOCAL = ["8.8.8.8", "192.0.2.2", "203.0.113.7", "172.32.0.1", "172.15.0.1", "192.169.0.1",
             "169.253.0.1", "100.64.0.1", "0.0.0.0", "255.255.255.255", "224.0.0.251", "239.1.1.1",
             "2001:db8::1", "2606:4700::1111", "fec0::1", "::", "::ffff:8.8.8.8", "ff02::1",
             "fe80::1::2", "1:2:3:4:5:6:7:8:9", "12345::1", "::ffff:300.1.1.1", "printer.local",
             "evil.example.org", "localhost", "my-router", "2b15e159-3e25-457a-b77b-947e06e89798.local.evil.org"]


def test_local_addresses_are_private_link_local_loopback_and_mdns_names():
    for addr in LOCAL:
        assert R.local_address(addr), addr
    for addr in NOT_LOCAL:
        assert not R.local_address(addr), addr


def test_ipv6_addresses_are_read_as_eight_groups():
    assert R.ipv6("::1") == [0] * 7 + [1]
    assert R.ipv6("1:2:3:4:5:6:7:8") == [1, 2, 3, 4, 5, 6, 7, 8]
    assert R.ipv6("fe80::") == [0xFE80] + [0] * 7
    assert R.ipv6("::ffff:192.168.1.2") == [0, 0, 0, 0, 0, 0xFFFF, 0xC0A8, 0x0102]
    assert R.ipv6("1::2:3.4.5.6") == [1, 0, 0, 0, 0, 2, 0x0304, 0x0506]
    for bad in ("1::2::3", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7::8", "12345::",
                ":::", "::g", "1.2.3.4", "::1.2.3", "1:2:3:4:5:6:7:1.2.3.4"):
        assert R.ipv6(bad) is None, bad


def sdp_with(*candidates):
    """CHROME_MDNS with these candidate lines instead of its own."""
    lines_ = [x for x in CHROME_MDNS.split("\r\n") if not x.startswith("a=candidate:")]
    at = lines_.index("a=ice-ufrag:JA7R")
    return "\r\n".join(lines_[:at] + [f"a=candidate:{i} 1 udp {2113937151 - i} {c} generation 0"
                                       for i, c in enumerate(candidates)] + lines_[at:])


HOSTILE = sdp_with("8.8.8.8 40000 typ host",                     # a public address, as "host"
                   "255.255.255.255 40001 typ host",              # broadcast
                   "router.example.org 40002 typ host",           # a name
                   "192.168.1.1 53 typ host",                     # a local service's port
                   "203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0",
                   "224.0.0.251 5353 typ srflx raddr 0.0.0.0 rport 0",
                   "192.168.1.20 45337 typ host",
                   "2b15e159-3e25-457a-b77b-947e06e89798.local 44649 typ host")


def cands(sdp):
    return [c.split()[4:8] for c in lines(sdp, "a=candidate:")]


def test_a_code_made_here_names_only_local_candidates_and_stuns_with_a_stun_server():
    local = [["192.168.1.20", "45337", "typ", "host"],
             ["2b15e159-3e25-457a-b77b-947e06e89798.local", "44649", "typ", "host"]]
    assert cands(R.rebuild(R.minimise(HOSTILE))) == local
    assert cands(R.rebuild(R.minimise(HOSTILE, stun=True))) == \
        [["203.0.113.7", "61000", "typ", "srflx"]] + local
    assert "8.8.8.8" not in R.rebuild(R.minimise(HOSTILE, stun=True))     # never as "host"
    invite = R.read_invite(R.make_invite(HOSTILE, "algo", 1, "nonce123", "secretsecret1234"))
    assert cands(invite.sdp) == local
    with pytest.raises(R.BadMessage) as e:            # nothing local: no code at all
        R.minimise(sdp_with("8.8.8.8 40000 typ host", "203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0"))
    assert e.value.key == "net.no_candidates"


def test_a_code_read_here_gives_the_browser_only_the_candidates_it_may_contact():
    """A crafted invite or answer (made without ``minimise``) naming other addresses: they are
    dropped before the description reaches the browser; with none left, a clear message."""
    mini = R.minimise(CHROME_MDNS)
    hostile = dict(mini, c=[["8.8.8.8", 40000], ["router.example.org", 40002], ["192.168.1.1", 53],
                            ["203.0.113.7", 61000, "s"], ["10.1.2.3", 50000]])
    invite = forged(R.INVITE_FORMAT, {"v": 1, "g": "algo", "s": 1, "n": "nonce123",
                                      "k": "secretsecret1234", "d": hostile})
    answer = forged(R.ANSWER_FORMAT, {"v": 1, "s": 1, "n": "nonce123", "d": hostile})
    for sdp in (R.read_invite(invite).sdp, R.read_answer(answer).sdp):
        assert cands(sdp) == [["10.1.2.3", "50000", "typ", "host"]]
        for addr in ("8.8.8.8", "router.example.org", "203.0.113.7", " 53 "):
            assert addr not in sdp
    for sdp in (R.read_invite(invite, stun=True).sdp, R.read_answer(answer, stun=True).sdp):
        assert cands(sdp) == [["203.0.113.7", "61000", "typ", "srflx"], ["10.1.2.3", "50000", "typ", "host"]]
    public = dict(mini, c=[["8.8.8.8", 40000], ["203.0.113.7", 61000, "s"]])
    for read, fmt, extra in ((R.read_invite, R.INVITE_FORMAT, {"g": "algo", "k": "secretsecret1234"}),
                             (R.read_answer, R.ANSWER_FORMAT, {})):
        code = forged(fmt, {"v": 1, "s": 1, "n": "nonce123", "d": public, **extra})
        with pytest.raises(R.BadMessage) as e:
            read(code)
        assert e.value.key == "net.code_not_local"
        assert cands(read(code, stun=True).sdp) == [["203.0.113.7", "61000", "typ", "srflx"]]


def test_names_are_one_short_line_of_text():
    assert R.clean_name("  Aki  ") == "Aki"
    assert R.clean_name("Aki \t\u3000 Ben") == "Aki Ben"
    assert R.clean_name("A\u2028k\ni\x00") == "A k i"
    assert R.clean_name("x" * 100) == "x" * 24
    assert R.clean_name(["Aki"]) == "" and R.clean_name(None) == ""
    assert R.clean_name("<b>Aki</b>") == "<b>Aki</b>"      # text: the markup escapes it


# --- messages from guests ----------------------------------------------------------------------
GOOD = [
    {"v": 1, "t": "hello", "key": "secret", "name": "Aki"},
    {"v": 1, "t": "move", "n": 1, "m": {"a": "watch"}},
    {"v": 1, "t": "move", "n": 7, "m": [1, [2, [3]]]},
    {"v": 1, "t": "ack", "seq": 3},
    {"v": 1, "t": "sync"},
    {"v": 1, "t": "pause", "on": True},
    {"v": 1, "t": "bye"},
]


def test_guest_messages_that_are_allowed():
    for msg in GOOD:
        assert R.read_guest(json.dumps(msg)) == msg


@pytest.mark.parametrize("text", [
    "", "null", "[]", "hello", '{"v":1,"t":"move","n":1,"m":NaN}',
    '{"v":1,"t":"move","n":1,"m":Infinity}',
    '{"v":1,"t":"move","n":1,"m":' + "[" * 20 + "]" * 20 + "}",
    '{"v":1,"t":"move","n":1,"m":"' + "x" * 5000 + '"}',
    '{"v":1,"t":"move","n":1,"m":"\\ud800"}',
    '{"v":1,"t":"move","n":1,"m":1,"seat":2}',          # a guest never names a seat
    '{"v":1,"t":"move","n":0,"m":1}', '{"v":1,"t":"move","n":true,"m":1}',
    '{"v":1,"t":"move","n":99999999999999999999,"m":1}',
    '{"v":1,"t":"move","m":1}', '{"v":2,"t":"move","n":1,"m":1}', '{"t":"move","n":1,"m":1}',
    '{"v":1,"t":"view","seq":1}', '{"v":1,"t":"hello","key":1,"name":"x"}',
    '{"v":1,"t":"pause","on":1}', '{"v":1,"t":"ack","seq":-1}', '{"v":1,"t":"sync","x":1}',
    ' {"v":1,"t":"sync"}', '{"v":1,"t":"sync"}{"v":1}',
])
def test_guest_messages_that_are_refused(text):
    with pytest.raises(R.BadMessage):
        R.read_guest(text)


def test_a_guests_message_text_is_checked_before_it_is_sent_too():
    with pytest.raises(R.BadMessage):
        R.guest_text("move", n=1, m={"deep": [[[[[[[[[]]]]]]]]]})
    assert json.loads(R.guest_text("pause", on=False)) == {"v": 1, "t": "pause", "on": False}


def test_a_seats_message_may_say_who_is_ready_and_one_that_does_not_is_read_too():
    """While the next round waits for everyone (issue 26 §4), each seat carries ``ready``;
    a host that predates it (or a table not waiting) sends no flag: both are read."""
    seat = {"name": "Ann", "kind": "here", "bot": None, "on": True, "ms": None}
    old = R.message("seats", seats=[seat, dict(seat, name="Ben", kind="guest", ms=20)])
    assert R.read_host(strictjson.dumps(old)) == old
    new = R.message("seats", seats=[dict(seat, ready=True),
                                    dict(seat, name="Ben", kind="guest", ms=20, ready=False)])
    assert R.read_host(strictjson.dumps(new)) == new
    for bad in (1, None, "yes"):
        with pytest.raises(R.BadMessage):
            R.read_host(strictjson.dumps(R.message("seats", seats=[dict(seat, ready=bad)])))
    with pytest.raises(R.BadMessage):
        R.read_host(strictjson.dumps(R.message("seats", seats=[dict(seat, steady=True)])))


def test_a_guest_says_it_is_ready_by_its_ready_move_and_names_no_seat():
    """A guest's Next round is the game's ready move: no message of its own, no seat in it."""
    assert R.read_guest(R.guest_text("move", n=3, m={"a": "ready"}))["m"] == {"a": "ready"}
    for text in ('{"v":1,"t":"ready"}', '{"v":1,"t":"ready","seat":0}',
                 '{"v":1,"t":"move","n":1,"m":{"a":"ready"},"seat":0}'):
        with pytest.raises(R.BadMessage):
            R.read_guest(text)


# --- framing -----------------------------------------------------------------------------------
def read_all(texts):
    reader, out = R.Reader(), []
    for text in texts:
        got = reader.feed(text)
        if got is not None:
            out.append(got)
    return out


def test_frames_plain_deflated_and_in_parts():
    small = R.message("refused", n=1, key="error.not_your_turn", params={})
    assert R.frames(small) == [strictjson.dumps(small)]
    log = [{"e": "move", "s": i % 4, "p": i % 7} for i in range(3000)]
    big = R.message("view", seq=1, base=0, ch={"log": [log]}, **{"del": []})
    one = R.frames(big)
    assert len(one) == 1 and one[0].startswith("z") and len(one[0]) < len(strictjson.dumps(big)) / 5
    rnd = random.Random(5)
    noise = [rnd.getrandbits(50) for _ in range(6000)]       # does not compress: cut in parts
    huge = R.message("view", seq=1, base=0, ch={"x": [noise]}, **{"del": []})
    parts = R.frames(huge)
    assert len(parts) > 3 and all(len(p) <= R.HOST_FRAME for p in parts)
    assert read_all([R.frames(small)[0], one[0]] + parts) == [small, big, huge]


def test_the_reader_refuses_what_frames_never_make():
    rnd = random.Random(1)
    parts = R.frames(R.message("view", seq=1, base=0, ch={"x": [[rnd.getrandbits(50) for _ in range(6000)]]},
                               **{"del": []}))
    bomb = "z" + R.b64(R._deflate("[" + "0," * (R.MAX_HOST_JSON // 2) + "0]"))
    for texts in ([parts[1]], [parts[0], parts[2]], [parts[0], "{}"], ["z!!!"], ["zAAAA"], [bomb],
                  ["p0,1:" + "x" * 10], ["x" * (R.HOST_FRAME + 100)], ['{"v":1,"t":"nope"}'],
                  ['{"v":2,"t":"bye","why":"left"}'], ['{"v":1,"t":"bye","why":"because"}']):
        with pytest.raises(R.BadMessage):
            read_all(texts)


# --- views: whole and as changes ---------------------------------------------------------------
@pytest.mark.parametrize("game_id,levels", [(g.id, [g.demo_level] * g.demo_options["players"])
                                            for g in CATALOG if g.playable])
def test_changes_rebuild_every_view_of_a_whole_game(game_id, levels):
    match = play_one(game_id, {"players": len(levels)}, 11, levels)
    game = match.game
    state = game.setup(game.options(match.record.options), match.record.seed, match.record.version)
    link = R.HostLink(1, "k", "nonce123", "secret123")
    guest = R.GuestLink(R.Invite(game_id, 1, "nonce123", "secret123", "", ""), "g")
    guest.receive(strictjson.dumps(R.message("welcome", seat=1, game=game_id, players=len(levels), rt=False)))
    whole = changes = 0
    for i, (seat, move) in enumerate([(None, None)] + match.record.moves):
        if seat is not None:
            state = game.apply(state, seat, move)
        view = game.view(state, 1)
        for text in link.view_frames(view, float(i)):
            msg, replies = guest.receive(text)
            assert replies == [R.guest_text("ack", seq=link.seq)]
            if msg["base"] == 0:
                whole += 1
            else:
                changes += 1
        assert guest.view == view
        assert link.view_frames(view, float(i)) == []            # nothing new: nothing sent
    assert whole == 1 and changes >= 1
    assert json.loads(json.dumps(guest.view)) == game.view(state, 1)


def test_a_change_that_does_not_fit_asks_for_the_whole_view():
    link = R.HostLink(0, "k", "nonce123", "secret123")
    guest = R.GuestLink(R.Invite("algo", 0, "nonce123", "secret123", "", ""), "g")
    base = {"players": 2, "to_move": [0], "log": [1, 2], "outcome": None}
    for text in link.view_frames(base, 0):
        guest.receive(text)
    lost = link.view_frames(dict(base, log=[1, 2, 3]), 1)        # this one never arrives
    assert lost
    msg, replies = guest.receive(link.view_frames(dict(base, log=[1, 2, 3, 4]), 2)[0])
    assert msg is None and replies == [R.guest_text("sync")]
    link.last = None                                             # the host's answer to sync
    msg, _ = guest.receive(link.view_frames(dict(base, log=[1, 2, 3, 4]), 3)[0])
    assert guest.view["log"] == [1, 2, 3, 4]
    with pytest.raises(R.BadMessage):
        R.patch({"log": [1]}, {"log": [5, []]}, [])
    with pytest.raises(R.BadMessage):
        R.patch({"log": [1]}, {"log": [1, 2, 3]}, [])
    with pytest.raises(R.BadMessage):
        R.patch({"log": [1]}, {}, ["nope"])


def test_a_real_time_view_carries_the_host_clock_and_pause():
    link = R.HostLink(0, "k", "nonce123", "secret123")
    view = {"players": 2, "to_move": [0, 1], "log": [], "outcome": None}
    first = json.loads(link.view_frames(view, 0, clock=(1500, True, False))[0])
    assert (first["clock"], first["run"], first["hold"]) == (1500, True, False)
    assert link.view_frames(view, 1, clock=(1700, True, False)) == []   # a running clock is not news
    paused = json.loads(link.view_frames(view, 2, clock=(1800, False, True))[0])
    assert paused["ch"] == {} and (paused["run"], paused["hold"]) == (False, True)


def test_delay_from_acks():
    link = R.HostLink(0, "k", "nonce123", "secret123")
    view = {"players": 2, "to_move": [0], "log": [], "outcome": None}
    link.view_frames(view, 1000.0)
    assert link.acked(1, 1012.0) and link.ms == 12
    assert not link.acked(1, 1100.0) and not link.acked(99, 1100.0)     # once, and only if sent


# --- a guest's budget at the host ---------------------------------------------------------------
def test_the_budget_lets_a_burst_then_the_rate_through_and_calls_a_long_run_beyond_a_flood():
    link = R.HostLink(1, "k", "nonce123", "secretsecret1234")
    t = 1000.0
    assert [link.admit(t) for _ in range(link.BURST)] == ["ok"] * link.BURST
    assert link.admit(t) == "drop" and link.over == 1 and link.dropped == 1
    t += 1000 / link.RATE                                  # one more a 1/RATE s
    assert link.admit(t) == "ok" and link.over == 0
    t += 10_000                                            # a pause refills the bucket, no more
    assert [link.admit(t) for _ in range(link.BURST)] == ["ok"] * link.BURST
    verdicts = [link.admit(t) for _ in range(link.MAX_OVER)]
    assert verdicts == ["drop"] * (link.MAX_OVER - 1) + ["flood"]
    # a guest within the rate is never dropped
    honest = R.HostLink(1, "k", "nonce123", "secretsecret1234")
    assert all(honest.admit(1000 + i * 1000 / honest.RATE) == "ok" for i in range(1000))


@pytest.mark.parametrize("rate", [100, 300, 1000])
def test_a_steady_stream_a_few_times_the_rate_is_a_flood_within_seconds(rate):
    """A guest that sends 100 messages a second never has MAX_OVER dropped in a row (the
    bucket lets one through every 1/RATE s), yet it is a flood: let go within about a second
    and a half, not dropped from for ever."""
    link = R.HostLink(1, "k", "nonce123", "secretsecret1234")
    verdicts = [link.admit(1000 + i * 1000 / rate) for i in range(rate * 3)]
    assert "flood" in verdicts
    assert verdicts.index("flood") * 1000 / rate < 1500


@pytest.mark.parametrize("rate", [20, 30])
def test_a_stream_near_the_rate_is_not_a_flood(rate):
    """Slightly beyond the rate (a fast player's bursts, a slow page catching up) drops some
    messages, and never lets the guest go."""
    link = R.HostLink(1, "k", "nonce123", "secretsecret1234")
    assert "flood" not in [link.admit(1000 + i * 1000 / rate) for i in range(rate * 60)]


def test_acks_of_views_sent_are_given_back():
    link = R.HostLink(1, "k", "nonce123", "secretsecret1234")
    t = 0.0
    for i in range(200):                                   # 200 views acknowledged at once
        link.view_frames({"players": 2, "to_move": [0], "log": [i], "outcome": None}, t)
        assert link.admit(t) == "ok"
        assert link.acked(link.seq, t)
        link.refund()
    assert link.dropped == 0 and link.tokens == link.BURST


def test_refused_moves_are_strikes_that_fade():
    link = R.HostLink(1, "k", "nonce123", "secretsecret1234")
    assert not any(link.strike(i * link.STRIKE_MS) for i in range(100))   # one a second: never
    link = R.HostLink(1, "k", "nonce123", "secretsecret1234")
    assert [link.strike(5000.0) for _ in range(link.MAX_STRIKES)] == [False] * (link.MAX_STRIKES - 1) + [True]


def test_one_whole_view_for_syncs_until_it_is_acknowledged():
    link = R.HostLink(1, "k", "nonce123", "secretsecret1234")
    view = {"players": 2, "to_move": [0], "log": [], "outcome": None}
    link.view_frames(view, 0)
    assert link.acked(1, 0)
    assert link.sync_wanted() and not link.sync_wanted()
    whole = R.Reader().feed(link.view_frames(view, 0)[0])
    assert whole["base"] == 0 and whole["seq"] == 2
    assert not link.sync_wanted()                      # not acknowledged yet
    link.view_frames(dict(view, log=[1]), 0)           # a change goes out meanwhile (seq 3)
    assert not link.acked(99, 0) and not link.sync_wanted()
    assert link.acked(3, 0) and link.sync_wanted()     # a later view acknowledged: it arrived
