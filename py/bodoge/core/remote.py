"""Play on several devices: the protocol between the host's page (the referee) and its guests.

Pure Python, no browser: the page (``bodoge.ui.table`` and ``web/net.js``) moves the texts made
here over WebRTC data channels, and the tests move them over fake ones.

**Who knows what.** The host's page runs the match (rules, bots, saves) exactly as on one
device. A guest's device gets only ``game.view(state, seat)`` for its own seat, the seat names
and kinds, its refused moves and, once the game is over, the game's save code (the replay
link). Never the state, the seed, the RNG or the moves before the end: a record's moves and
seed reveal everything.

**Connecting** (no server): the host makes an offer per guest seat; its *invite* (the offer's
session description, minimised to what a data channel needs, with the seat, an invite nonce
and a secret) is compressed into a link ``#join=<code>``. The guest's page answers; the
*answer* code (its description, the seat and nonce) goes back to the host by QR code or text.
Once the channel opens the guest says ``hello`` with the secret of the invite: that binds the
channel to the seat, for good. A new invite for a seat makes a new secret (the old is void).

**Messages** are JSON objects with ``"v": VERSION`` and a type ``"t"``, checked strictly
(``read_guest``, ``read_host``): a guest's message is at most ``GUEST_FRAME`` characters, of
known keys only; nothing a guest sends names a seat (the channel is the seat).

Guest → host::

    hello  {key, name}     the invite's secret and the name the guest chose (first, once)
    move   {n, m}          move ``m`` for the guest's own seat (``n`` numbers it: refusals echo it);
                           at a round's summary the game's next-round move (Play Me!'s ``ready``)
                           says only that this guest is ready: the host starts the round
    ack    {seq}           view message ``seq`` was applied (the host measures the delay)
    sync   {}              send the whole view again (a change could not be applied)
    pause  {on}            a real-time game: pause or go on (as anyone at the table may)
    bye    {}              leaving

Host → guest::

    welcome {seat, game, players, rt}   the seat taken, the game, whether it runs in real time
    seats   {seats: [{name, kind, bot, on, ms[, ready]}]}   who plays where: kind "here" (at
                                        the host's device), "guest" or "bot"; connected; delay
                                        (ms); while the next round waits for everyone, who is
                                        ready (a host before that sends no ``ready``)
    view    {seq, base, ch, del[, clock, run, hold]}   the seat's view: ``base`` 0 carries it
                                        whole, else the change from view message ``base``
                                        (``diff``); a real-time game adds the game clock (ms),
                                        whether it runs, and whether the game is paused
    refused {n, key, params}            move ``n`` was refused (a message key and its values)
    end     {code}                      the game is over: its save code (for the replay link)
    bye     {why}                       the host closed this seat's connection

Large messages from the host are deflated (``"z"`` + base64url) and cut into parts (``"p"``)
so that no data-channel message exceeds ``HOST_FRAME`` characters (``frames``, ``Reader``).
"""

import base64
import binascii
import re
import zlib

from . import strictjson
from .errors import BodogeError
from .names import MAX_NAME, clean_name  # noqa: F401  (clean_name: the names guests send)
from .protocol import is_int

VERSION = 1
GUEST_FRAME = 4096          # a guest's message: at most this many characters, one frame
HOST_FRAME = 16_000         # a host's data-channel message: at most this (parts beyond)
MAX_HOST_JSON = 1 << 21     # a host's message, whole, inflated
MAX_PARTS = 256
MAX_CANDIDATES = 8
MAX_CODE_TEXT = 4000        # an invite or answer code (they are about 150–250 characters)
MAX_HOST_DEPTH = 24
MAX_MOVE_NUMBER = (1 << 31) - 1
INVITE_FORMAT = 0x21        # first byte of an invite code (a save code's is 1)
ANSWER_FORMAT = 0x22        # ... of an answer code
GAME_ID = re.compile(r"^[a-z0-9_]{1,32}$")
TOKEN = re.compile(r"^[A-Za-z0-9_-]{6,32}$")      # invite nonces and secrets
_B64URL = re.compile(r"^[A-Za-z0-9_-]*$")
KINDS = ("here", "guest", "bot")


class BadMessage(BodogeError):
    """A message (or code) that is not what the protocol allows; ``key`` says what (a UI
    string), ``str`` says it in English for the log."""

    key = "net.bad_message"


# --- small helpers ------------------------------------------------------------------------------
def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unb64(text: str) -> bytes:
    if not isinstance(text, str) or not _B64URL.match(text) or len(text) % 4 == 1:
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def token(*numbers) -> str:
    """Random numbers (each below 2**53) as a base64url token: nonces and secrets."""
    return b64(b"".join(int(n).to_bytes(7, "big") for n in numbers))


def _deflate(text: str) -> bytes:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return c.compress(text.encode("utf-8")) + c.flush()


def _inflate(blob: bytes, limit: int) -> str:
    d = zlib.decompressobj(-15)
    try:
        raw = d.decompress(blob, limit)
    except zlib.error:
        raise ValueError("damaged") from None
    if d.unconsumed_tail:
        raise ValueError("too large")
    if not d.eof or d.unused_data:
        raise ValueError("damaged")
    return raw.decode("utf-8")


# --- session descriptions -----------------------------------------------------------------------
ICE_CHARS = re.compile(r"^[A-Za-z0-9+/]{4,256}$")      # an ICE user fragment (RFC 8839)
ICE_PWD = re.compile(r"^[A-Za-z0-9+/]{22,256}$")       # ... and password
IPV4 = re.compile(r"^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$")
IPV6 = re.compile(r"^[0-9A-Fa-f:.]{2,45}$")
HOSTNAME = re.compile(r"^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                      r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$")
MDNS = re.compile(r"^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$")
FINGERPRINT_ALGS = {32: "sha-256", 48: "sha-384", 64: "sha-512"}
SCTP_PORT = 5000
MAX_MESSAGE_SIZE = 262144


def _address_ok(addr):
    return bool(IPV4.match(addr) or (":" in addr and IPV6.match(addr)) or HOSTNAME.match(addr))


# --- which addresses a device may be asked to contact ---------------------------------------------
# A code is anyone's text, and the browser sends STUN packets to every candidate in the
# description it is given: so only addresses of the local network get there (private, link-local
# and loopback addresses, and the mDNS names browsers use for them), and, if the player set a
# STUN server (and so chose to reach across the internet), the server-reflexive candidates it
# found (a public address). Everything else is dropped, when a code is made and when it is read.
MIN_PORT = 1024             # browsers' candidates use ephemeral ports


def ipv4(addr):
    """The four numbers of a dotted IPv4 address, or None."""
    return [int(x) for x in addr.split(".")] if IPV4.match(addr) else None


def ipv6(addr):
    """The eight 16-bit groups of an IPv6 address (an IPv4 tail allowed), or None."""
    if not (":" in addr and IPV6.match(addr)) or addr.count("::") > 1:
        return None
    tail = []
    if "." in addr:                              # ::ffff:192.168.1.2
        head, _, last = addr.rpartition(":")
        four = ipv4(last)
        if four is None:
            return None
        tail, addr = [four[0] << 8 | four[1], four[2] << 8 | four[3]], head + ":"
        if addr.endswith(":::"):
            return None
        if not addr.endswith("::"):
            addr = addr[:-1]
    left, gap, right = addr.partition("::")

    def groups(text):
        if not text:
            return []
        out = []
        for g in text.split(":"):
            if not 1 <= len(g) <= 4 or any(c not in "0123456789abcdefABCDEF" for c in g):
                return None
            out.append(int(g, 16))
        return out
    a, b = groups(left), groups(right)
    if a is None or b is None:
        return None
    missing = 8 - len(a) - len(b) - len(tail)
    if (gap and missing < 1) or (not gap and missing != 0):
        return None
    return a + [0] * missing + b + tail


def local_address(addr) -> bool:
    """An address on the local network: a private IPv4 address (10/8, 172.16/12, 192.168/16),
    link-local (169.254/16, fe80::/10), loopback (127/8, ::1), an IPv6 unique local address
    (fc00::/7), an IPv4 one written as IPv6 (::ffff:a.b.c.d), or an mDNS name ``<uuid>.local``."""
    if MDNS.match(addr):
        return True
    four = ipv4(addr)
    if four is None:
        six = ipv6(addr)
        if six is None:
            return False
        if six[:6] == [0, 0, 0, 0, 0, 0xFFFF]:
            four = [six[6] >> 8, six[6] & 255, six[7] >> 8, six[7] & 255]
        else:
            return six == [0] * 7 + [1] or six[0] & 0xFFC0 == 0xFE80 or six[0] & 0xFE00 == 0xFC00
    a, b = four[0], four[1]
    return (a == 10 or a == 127 or (a == 172 and 16 <= b <= 31) or (a == 192 and b == 168)
            or (a == 169 and b == 254))


def unicast_address(addr) -> bool:
    """An IP address a server-reflexive candidate may have: one device's (not unspecified,
    multicast, broadcast or reserved), public or not; never a name."""
    four = ipv4(addr)
    if four is not None:
        return 0 < four[0] < 224 and four != [255] * 4
    six = ipv6(addr)
    return six is not None and any(six) and six[0] >> 8 != 0xFF


def candidate_ok(addr, port, srflx, stun) -> bool:
    """Whether a device may be asked to contact candidate ``addr``:``port``: a host candidate
    on the local network; a server-reflexive one only when the player set a STUN server."""
    if not (isinstance(port, int) and MIN_PORT <= port < 65536):
        return False
    if srflx:
        return bool(stun) and unicast_address(addr)
    return local_address(addr)


def minimise(sdp: str, stun=False) -> dict:
    """What a data channel needs of a session description: ICE user fragment and password,
    the DTLS fingerprint and role, and the UDP candidates a device may be asked to contact
    (``candidate_ok``: on the local network, or server-reflexive with a STUN server (``stun``
    set). Raises ``BadMessage`` if any is missing."""
    ufrag = pwd = fp = setup = None
    cands = []
    for line in str(sdp).splitlines():
        line = line.strip()
        if line.startswith("a=ice-ufrag:") and ufrag is None:
            ufrag = line[len("a=ice-ufrag:"):]
        elif line.startswith("a=ice-pwd:") and pwd is None:
            pwd = line[len("a=ice-pwd:"):]
        elif line.startswith("a=fingerprint:") and fp is None:
            parts = line[len("a=fingerprint:"):].split()
            if len(parts) == 2:
                try:
                    fp = bytes.fromhex(parts[1].replace(":", ""))
                except ValueError:
                    fp = None
                if fp is not None and FINGERPRINT_ALGS.get(len(fp)) != parts[0].lower():
                    fp = None
        elif line.startswith("a=setup:") and setup is None:
            setup = line[len("a=setup:"):]
        elif line.startswith("a=candidate:"):
            f = line[len("a=candidate:"):].split()
            if len(f) < 8 or f[1] != "1" or f[2].lower() != "udp" or f[6] != "typ":
                continue
            kind, addr = f[7], f[4]
            if kind not in ("host", "srflx") or not f[5].isdigit() or not 0 < int(f[5]) < 65536:
                continue
            cand = [addr, int(f[5])] + (["s"] if kind == "srflx" else [])
            if (_address_ok(addr) and candidate_ok(addr, cand[1], kind == "srflx", stun)
                    and cand not in cands and len(cands) < MAX_CANDIDATES):
                cands.append(cand)
    if not (ufrag and pwd and fp and setup and ICE_CHARS.match(ufrag) and ICE_PWD.match(pwd)):
        raise BadMessage("the session description lacks what a connection needs", key="net.no_sdp")
    if not cands:
        raise BadMessage("the session description has no local candidates", key="net.no_candidates")
    return {"u": ufrag, "p": pwd, "f": b64(fp), "r": setup,
            "c": [[_pack_address(c[0])] + c[1:] for c in cands]}


def _pack_address(addr):
    m = MDNS.match(addr)
    return "~" + b64(bytes.fromhex("".join(m.groups()))) if m else addr


def _unpack_address(text):
    if text.startswith("~"):
        raw = unb64(text[1:])
        if len(raw) != 16:
            raise ValueError("bad name")
        x = raw.hex()
        return f"{x[:8]}-{x[8:12]}-{x[12:16]}-{x[16:20]}-{x[20:]}.local"
    if not _address_ok(text):
        raise ValueError("bad address")
    return text


def _check_mini(mini, stun=False) -> dict:
    """A minimised description from a code (anyone's text), checked field by field, with only
    the candidates this device may contact (``candidate_ok``; ``stun``: a STUN server is set
    here). Raises ``BadMessage`` if it is damaged or no candidate is left."""
    try:
        ok = (isinstance(mini, dict) and set(mini) == {"u", "p", "f", "r", "c"}
              and isinstance(mini["u"], str) and ICE_CHARS.match(mini["u"])
              and isinstance(mini["p"], str) and ICE_PWD.match(mini["p"])
              and mini["r"] in ("actpass", "active", "passive")
              and isinstance(mini["c"], list) and 0 < len(mini["c"]) <= MAX_CANDIDATES
              and len(unb64(mini["f"])) in FINGERPRINT_ALGS)
        if ok:
            for c in mini["c"]:
                ok = ok and (isinstance(c, list) and len(c) in (2, 3) and isinstance(c[0], str)
                             and is_int(c[1]) and 0 < c[1] < 65536
                             and (len(c) == 2 or c[2] == "s"))
                if ok:
                    _unpack_address(c[0])
    except (ValueError, TypeError):
        ok = False
    if not ok:
        raise BadMessage("the code's connection details are damaged", key="net.code_damaged")
    cands = [c for c in mini["c"] if candidate_ok(_unpack_address(c[0]), c[1], len(c) == 3, stun)]
    if not cands:
        raise BadMessage("the code names no device on the local network", key="net.code_not_local")
    return dict(mini, c=cands)


def rebuild(mini: dict) -> str:
    """A session description a browser accepts, from ``minimise``'s output (already checked)."""
    fp = unb64(mini["f"])
    session = int.from_bytes(fp[:7], "big")
    lines = ["v=0", f"o=- {session} 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
             "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
             "c=IN IP4 0.0.0.0"]
    for i, c in enumerate(mini["c"]):
        addr = _unpack_address(c[0])
        if len(c) == 3:      # server-reflexive: type preference 100
            lines.append(f"a=candidate:{i + 1} 1 udp {1677729535 - i} {addr} {c[1]} typ srflx "
                         "raddr 0.0.0.0 rport 0 generation 0")
        else:                # host: type preference 126
            lines.append(f"a=candidate:{i + 1} 1 udp {2122260223 - i} {addr} {c[1]} typ host "
                         "generation 0")
    lines += ["a=end-of-candidates", f"a=ice-ufrag:{mini['u']}", f"a=ice-pwd:{mini['p']}",
              "a=ice-options:trickle",
              f"a=fingerprint:{FINGERPRINT_ALGS[len(fp)]} " + ":".join(f"{b:02X}" for b in fp),
              f"a=setup:{mini['r']}", "a=mid:0", f"a=sctp-port:{SCTP_PORT}",
              f"a=max-message-size:{MAX_MESSAGE_SIZE}"]
    return "\r\n".join(lines) + "\r\n"


# --- invite and answer codes --------------------------------------------------------------------
class Invite:
    def __init__(self, game, seat, nonce, secret, host, sdp, players=None):
        self.game, self.seat, self.nonce, self.secret = game, seat, nonce, secret
        self.host = host          # the inviting player's name ("" if none)
        self.players = players    # how many seats this game has (None: an invite without it)
        self.sdp = sdp            # the offer, rebuilt


class Answer:
    def __init__(self, seat, nonce, sdp):
        self.seat, self.nonce, self.sdp = seat, nonce, sdp


def _code(fmt, data) -> str:
    return b64(bytes([fmt]) + _deflate(strictjson.dumps(data)))


def _uncode(text, fmt) -> dict:
    code = "".join(str(text).split())
    if "join=" in code:
        code = code.split("join=", 1)[1].split("&", 1)[0]
    code = code.rstrip("=")
    if not code:
        raise BadMessage("the code is empty", key="net.code_empty")
    if len(code) > MAX_CODE_TEXT:
        raise BadMessage("the code is too long", key="net.code_damaged")
    if not _B64URL.match(code):
        raise BadMessage("this is not a bodoge code", key="net.code_format")
    try:
        blob = unb64(code)
    except (ValueError, binascii.Error):
        raise BadMessage("the code is cut off", key="net.code_damaged") from None
    if not blob:
        raise BadMessage("this is not a bodoge code", key="net.code_format")
    if blob[0] != fmt:
        other = {INVITE_FORMAT: "net.code_is_invite", ANSWER_FORMAT: "net.code_is_answer",
                 1: "net.code_is_save"}.get(blob[0], "net.code_format")
        raise BadMessage("this is not the code asked for", key=other)
    try:
        data = strictjson.loads(_inflate(blob[1:], 16_000), 16_000, max_depth=4, max_string=300)
    except (ValueError, UnicodeDecodeError):
        raise BadMessage("the code is damaged or cut off", key="net.code_damaged") from None
    if not isinstance(data, dict) or data.get("v") != VERSION:
        raise BadMessage("the code was made by another version of bodoge", key="net.code_version")
    return data


def make_invite(sdp, game, seat, nonce, secret, host="", stun=False, players=None) -> str:
    """``players``: the game's number of seats, for the join screen (optional in an invite)."""
    data = {"v": VERSION, "g": game, "s": seat, "n": nonce, "k": secret, "d": minimise(sdp, stun)}
    if host:
        data["h"] = clean_name(host)
    if players is not None:
        data["p"] = players
    return _code(INVITE_FORMAT, data)


def read_invite(text, stun=False) -> Invite:
    """An invite code (or a whole ``#join=`` link): raises ``BadMessage``. Its candidates are
    those this device may contact (``stun``: a STUN server is set here)."""
    data = _uncode(text, INVITE_FORMAT)
    ok = (set(data) - {"h", "p"} == {"v", "g", "s", "n", "k", "d"}
          and isinstance(data["g"], str) and GAME_ID.match(data["g"])
          and is_int(data["s"]) and 0 <= data["s"] < 64
          and isinstance(data["n"], str) and TOKEN.match(data["n"])
          and isinstance(data["k"], str) and TOKEN.match(data["k"])
          and isinstance(data.get("h", ""), str)
          and ("p" not in data or (is_int(data["p"]) and data["s"] < data["p"] <= 64)))
    if not ok:
        raise BadMessage("the invite is damaged", key="net.code_damaged")
    sdp = rebuild(_check_mini(data["d"], stun))
    return Invite(data["g"], data["s"], data["n"], data["k"], clean_name(data.get("h", "")), sdp,
                  data.get("p"))


def make_answer(sdp, seat, nonce, stun=False) -> str:
    return _code(ANSWER_FORMAT, {"v": VERSION, "s": seat, "n": nonce, "d": minimise(sdp, stun)})


def read_answer(text, stun=False) -> Answer:
    """A guest's answer code: raises ``BadMessage``. Its candidates are those this device may
    contact (``stun``: a STUN server is set here)."""
    data = _uncode(text, ANSWER_FORMAT)
    ok = (set(data) == {"v", "s", "n", "d"} and is_int(data["s"]) and 0 <= data["s"] < 64
          and isinstance(data["n"], str) and TOKEN.match(data["n"]))
    if not ok:
        raise BadMessage("the answer is damaged", key="net.code_damaged")
    return Answer(data["s"], data["n"], rebuild(_check_mini(data["d"], stun)))


# --- framing ------------------------------------------------------------------------------------
COMPRESS_OVER = 1024        # a host's message longer than this is deflated


def frames(msg: dict) -> list:
    """A host's message as data-channel texts: plain JSON, or deflated, or deflated in parts."""
    text = strictjson.dumps(msg)
    if len(text) <= COMPRESS_OVER:
        return [text]
    packed = "z" + b64(_deflate(text))
    if len(packed) >= len(text) and len(text) <= HOST_FRAME:
        return [text]
    if len(packed) <= HOST_FRAME:
        return [packed]
    size = HOST_FRAME - 32
    chunks = [packed[i:i + size] for i in range(0, len(packed), size)]
    if len(chunks) > MAX_PARTS:
        raise ValueError("message too large")
    return [f"p{i},{len(chunks)}:{c}" for i, c in enumerate(chunks)]


class Reader:
    """The guest's side of ``frames``: ``feed`` each text as it comes; it returns the whole
    message (a dict, checked by ``read_host``) or None while parts are missing. Raises
    ``BadMessage`` for anything else (and forgets a message in parts)."""

    _PART = re.compile(r"^p(\d{1,3}),(\d{1,3}):")

    def __init__(self):
        self.parts = []

    def feed(self, text) -> dict | None:
        if not isinstance(text, str) or not text or len(text) > HOST_FRAME + 64:
            raise BadMessage("a message from the host is too long")
        if text[0] == "p":
            m = self._PART.match(text)
            if not m:
                self.parts = []
                raise BadMessage("a damaged part")
            i, n = int(m.group(1)), int(m.group(2))
            if not 0 <= i < n <= MAX_PARTS or i != len(self.parts):
                self.parts = []
                raise BadMessage("a part out of order")
            self.parts.append(text[m.end():])
            if len(self.parts) < n:
                return None
            text, self.parts = "".join(self.parts), []
            if not text.startswith("z"):
                raise BadMessage("damaged parts")
        elif self.parts:
            self.parts = []
            raise BadMessage("a message in the middle of another")
        if text[0] == "z":
            try:
                text = _inflate(unb64(text[1:]), MAX_HOST_JSON)
            except (ValueError, UnicodeDecodeError, binascii.Error):
                raise BadMessage("a damaged message from the host") from None
        return read_host(text)


# --- views: whole or as changes -----------------------------------------------------------------
def diff(old: dict, new: dict):
    """The change from view ``old`` to view ``new``, by top-level key: ``ch`` maps a key to
    ``[value]`` (the new value) or ``[p, tail]`` (a list that keeps its first ``p`` items and
    then has ``tail``: a log that grew); ``dels``: keys gone."""
    ch = {}
    for key, value in new.items():
        if key in old and old[key] == value:
            continue
        was = old.get(key)
        if isinstance(was, list) and isinstance(value, list):
            p = 0
            for a, b in zip(was, value):
                if a != b:
                    break
                p += 1
            if p:
                ch[key] = [p, value[p:]]
                continue
        ch[key] = [value]
    return ch, [key for key in old if key not in new]


def patch(old: dict, ch, dels) -> dict:
    """``old`` changed by ``diff``'s output; raises ``BadMessage`` if it does not fit."""
    if not isinstance(ch, dict) or not isinstance(dels, list):
        raise BadMessage("a damaged view change")
    new = dict(old)
    for key in dels:
        if not isinstance(key, str) or key not in new:
            raise BadMessage("a damaged view change")
        del new[key]
    for key, change in ch.items():
        if not isinstance(change, list) or len(change) not in (1, 2):
            raise BadMessage("a damaged view change")
        if len(change) == 1:
            new[key] = change[0]
            continue
        p, tail = change
        was = new.get(key)
        if not (isinstance(was, list) and is_int(p) and 0 < p <= len(was) and isinstance(tail, list)):
            raise BadMessage("a view change that does not fit")
        new[key] = was[:p] + tail
    return new


# --- checking messages --------------------------------------------------------------------------
GUEST_KEYS = {"hello": {"key", "name"}, "move": {"n", "m"}, "ack": {"seq"}, "sync": set(),
              "pause": {"on"}, "bye": set()}


def read_guest(text) -> dict:
    """A message from a guest, checked strictly (size, nesting, strict JSON, version, type,
    exactly the keys of its type, their types); raises ``BadMessage``."""
    if not isinstance(text, str) or not text.startswith("{") or len(text) > GUEST_FRAME:
        raise BadMessage("not a message, or too long", key="net.refused.format")
    try:
        msg = strictjson.loads(text, GUEST_FRAME, max_depth=8, max_string=200)
    except strictjson.JSONError as e:
        raise BadMessage(f"not strict JSON ({e})", key="net.refused.format") from None
    if not isinstance(msg, dict):
        raise BadMessage("not an object", key="net.refused.format")
    if msg.get("v") != VERSION:
        raise BadMessage("another version of the protocol", key="net.refused.version")
    kind = msg.get("t")
    if kind not in GUEST_KEYS or set(msg) != GUEST_KEYS[kind] | {"v", "t"}:
        raise BadMessage("an unknown message, or unknown fields", key="net.refused.format")
    ok = {"hello": lambda: isinstance(msg["key"], str) and isinstance(msg["name"], str),
          "move": lambda: is_int(msg["n"]) and 0 < msg["n"] <= MAX_MOVE_NUMBER,
          "ack": lambda: is_int(msg["seq"]) and 0 < msg["seq"] <= MAX_MOVE_NUMBER,
          "pause": lambda: isinstance(msg["on"], bool)}.get(kind, lambda: True)()
    if not ok:
        raise BadMessage("a field of the wrong type", key="net.refused.format")
    return msg


def _seat_ok(s):
    return (isinstance(s, dict) and set(s) - {"ready"} == {"name", "kind", "bot", "on", "ms"}
            and isinstance(s.get("ready", False), bool)
            and isinstance(s["name"], str) and len(s["name"]) <= MAX_NAME and s["kind"] in KINDS
            and (s["bot"] is None or (isinstance(s["bot"], str) and GAME_ID.match(s["bot"])))
            and isinstance(s["on"], bool) and (s["ms"] is None or (is_int(s["ms"]) and 0 <= s["ms"] < 10**7)))


HOST_CHECKS = {
    "welcome": ({"seat", "game", "players", "rt"}, lambda m: is_int(m["seat"]) and is_int(m["players"])
                and 0 <= m["seat"] < m["players"] <= 64 and isinstance(m["game"], str)
                and GAME_ID.match(m["game"]) and isinstance(m["rt"], bool)),
    "seats": ({"seats"}, lambda m: isinstance(m["seats"], list) and 0 < len(m["seats"]) <= 64
              and all(_seat_ok(s) for s in m["seats"])),
    "view": ({"seq", "base", "ch", "del"}, lambda m: is_int(m["seq"]) and is_int(m["base"])
             and 0 <= m["base"] < m["seq"] and isinstance(m["ch"], dict) and isinstance(m["del"], list)
             and (("clock" not in m) or (is_int(m["clock"]) and m["clock"] >= 0))
             and isinstance(m.get("run", False), bool) and isinstance(m.get("hold", False), bool)),
    "refused": ({"n", "key", "params"}, lambda m: is_int(m["n"]) and isinstance(m["key"], str)
                and len(m["key"]) <= 80 and isinstance(m["params"], dict)
                and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in m["params"].values())),
    "end": ({"code"}, lambda m: isinstance(m["code"], str) and 0 < len(m["code"]) <= 100_000),
    "bye": ({"why"}, lambda m: m["why"] in ("left", "replaced", "bot", "refused", "version")),
}
HOST_OPTIONAL = {"view": {"clock", "run", "hold"}}


def read_host(text) -> dict:
    """A message from the host, checked (the host is the referee, but a page must never fail
    on what arrives: any surprise is a ``BadMessage``)."""
    try:
        msg = strictjson.loads(text, MAX_HOST_JSON, max_depth=MAX_HOST_DEPTH, max_string=100_000)
    except strictjson.JSONError as e:
        raise BadMessage(f"a damaged message from the host ({e})") from None
    if not isinstance(msg, dict) or msg.get("v") != VERSION:
        raise BadMessage("a message of another version", key="net.version")
    kind = msg.get("t")
    if kind not in HOST_CHECKS:
        raise BadMessage("an unknown message from the host")
    keys, check = HOST_CHECKS[kind]
    extra = set(msg) - keys - {"v", "t"}
    if not keys <= set(msg) or extra - HOST_OPTIONAL.get(kind, set()) or not check(msg):
        raise BadMessage(f"a damaged {kind} message from the host")
    return msg


def message(kind, **fields) -> dict:
    return {"v": VERSION, "t": kind, **fields}


def guest_text(kind, **fields) -> str:
    """A guest's message as the text it sends (checked as the host will check it)."""
    text = strictjson.dumps(message(kind, **fields))
    read_guest(text)
    return text


# --- the two ends -------------------------------------------------------------------------------
class HostLink:
    """One guest seat's connection, as the host sees it: bound to its seat by the invite's
    secret, the last view it was sent (changes go from there), delays measured by acks.

    **Its budget** (a guest's device may be hostile; the host must stay responsive): at most
    ``RATE`` messages a second on average and ``BURST`` at once (``admit``: a token bucket;
    what is beyond it is dropped unread, and ``MAX_OVER`` more dropped than read is a flood:
    a burst of them, or a steady stream at a few times the rate), an ack of a view
    the host sent given back (``refund``: a guest acknowledges every view, as many as the host
    sends, and there can be no more of them); refused moves are strikes that fade one a
    ``STRIKE_MS`` (``strike``: ``MAX_STRIKES`` is too many: an honest player's move refused on
    a view already behind now and then never gets there); ``MAX_BAD`` malformed messages in
    all; and at most one whole view asked for by ``sync`` pending until the guest acknowledges
    it (``sync_wanted``)."""

    MAX_BAD = 20        # malformed messages before the host hangs up
    RATE = 20.0         # messages a second, on average ...
    BURST = 20          # ... and at once
    MAX_OVER = 60       # messages beyond the budget (less those read meanwhile) before the host hangs up
    MAX_STRIKES = 10    # refused moves (each fading after STRIKE_MS) before the host hangs up
    STRIKE_MS = 1000

    def __init__(self, seat, key, nonce, secret):
        self.seat, self.key, self.nonce, self.secret = seat, key, nonce, secret
        self.bound = False          # hello with the right secret received
        self.hellos = 0             # times the host asked for a hello (the last one counts)
        self.open = False           # the data channel is open
        self.name = ""
        self.last = None            # the last view sent (None: send it whole next)
        self.seq = 0
        self.clock = None           # (run, hold) last sent, real-time games
        self.sent_at = {}           # seq -> host time sent (for the delay)
        self.rtt = None             # ms, smoothed
        self.bad = 0
        self.refused = 0
        self.tokens = float(self.BURST)
        self.tokens_at = None       # host time the bucket was last filled
        self.over = 0               # messages dropped in a row for the budget
        self.dropped = 0            # ... in all
        self.skipped = 0            # ... of which the page dropped before Python (web/net.js)
        self.strikes = 0.0
        self.strikes_at = None
        self.syncing = False        # a sync is answered by the next view sent (whole)
        self.sync_seq = None        # the whole view sent for a sync, until acknowledged
        self.bytes_out = self.bytes_in = self.messages_out = self.messages_in = 0
        self.ended = False

    def admit(self, now) -> str:
        """Whether a message that arrived at host time ``now`` (ms) is read: "ok", "drop"
        (beyond the budget: not even parsed) or "flood" (``MAX_OVER`` more dropped than read
        since the guest was last within its budget)."""
        if self.tokens_at is not None:
            self.tokens = min(float(self.BURST), self.tokens + max(0.0, now - self.tokens_at) * self.RATE / 1000)
        self.tokens_at = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.over = max(0, self.over - 1)   # (not 0: a sustained flood, each message the
            return "ok"                         # bucket refills let through, still adds up)
        self.over += 1
        self.dropped += 1
        return "flood" if self.over >= self.MAX_OVER else "drop"

    def wait_ms(self) -> float:
        """How long from the last ``admit`` until the bucket holds a token again (ms): what the
        page may drop unread meanwhile (``skip``), without asking."""
        return max(0.0, (1.0 - self.tokens) * 1000 / self.RATE)

    def skip(self, n) -> str:
        """``n`` messages the page dropped unread for this budget (within ``wait_ms``, never
        more than the ``MAX_OVER`` left): counted as ``admit`` would; "flood" or "drop"."""
        n = max(0, int(n))
        self.skipped += n
        self.dropped += n
        self.over += n
        return "flood" if self.over >= self.MAX_OVER else "drop"

    def refund(self):
        """Give back the token of a message that cost nothing worth counting (an ack of a view
        the host sent: the host sent as many as it chose)."""
        self.tokens = min(float(self.BURST), self.tokens + 1)

    def strike(self, now) -> bool:
        """A move of this guest was refused at host time ``now``: whether that makes too many."""
        if self.strikes_at is not None:
            self.strikes = max(0.0, self.strikes - max(0.0, now - self.strikes_at) / self.STRIKE_MS)
        self.strikes_at = now
        self.strikes += 1
        return self.strikes >= self.MAX_STRIKES

    def sync_wanted(self) -> bool:
        """The guest asked for its whole view again (``sync``): whether to send it (not while
        the whole view sent for an earlier sync is unacknowledged). If so, the next view is
        whole."""
        if self.sync_seq is not None or self.syncing:
            return False
        self.last, self.syncing = None, True
        return True

    def view_frames(self, view, now, clock=None):
        """The texts that bring this guest's view up to ``view`` (none if nothing changed).
        ``clock``: (ms, running, paused) of a real-time game."""
        state = None if clock is None else (clock[1], clock[2])
        if self.last is not None and view == self.last and state == self.clock:
            return []
        if self.last is None:
            ch, dels, base = {k: [v] for k, v in view.items()}, [], 0
        else:
            (ch, dels), base = diff(self.last, view), self.seq
        self.seq += 1
        fields = {"seq": self.seq, "base": base, "ch": ch, "del": dels}
        if clock is not None:
            fields.update(clock=max(0, int(clock[0])), run=bool(clock[1]), hold=bool(clock[2]))
        self.last, self.clock = view, state
        if base == 0 and self.syncing:
            self.sync_seq, self.syncing = self.seq, False     # the whole view a sync asked for
        self.sent_at[self.seq] = now
        if len(self.sent_at) > 64:
            self.sent_at.pop(min(self.sent_at))
        return self.frames(message("view", **fields))

    def frames(self, msg):
        out = frames(msg)
        self.messages_out += 1
        self.bytes_out += sum(len(f.encode("utf-8")) for f in out)
        return out

    def acked(self, seq, now):
        if self.sync_seq is not None and self.sync_seq <= seq <= self.seq:
            self.sync_seq = None
        sent = self.sent_at.pop(seq, None)
        if sent is None:
            return False
        ms = max(0.0, now - sent)
        self.rtt = ms if self.rtt is None else 0.7 * self.rtt + 0.3 * ms
        return True

    @property
    def ms(self):
        return None if self.rtt is None else int(round(self.rtt))


class GuestLink:
    """The guest's end: the invite it answers, the view as received so far, who sits where."""

    def __init__(self, invite: Invite, key):
        self.invite, self.key = invite, key
        self.reader = Reader()
        self.seat = invite.seat
        self.welcome = None
        self.seats = None
        self.view = None
        self.seq = 0
        self.clock = None          # (ms, running, paused, host time received) of a real-time game
        self.code = None           # the replay code, once the game is over
        self.n = 0                 # moves sent
        self.bytes_in = self.bytes_out = self.messages_in = self.messages_out = 0

    def text(self, kind, **fields):
        out = guest_text(kind, **fields)
        self.messages_out += 1
        self.bytes_out += len(out.encode("utf-8"))
        return out

    def hello(self, name):
        return self.text("hello", key=self.invite.secret, name=clean_name(name))

    def move(self, move):
        self.n += 1
        return self.n, self.text("move", n=self.n, m=move)

    def receive(self, text, now=0.0):
        """Take a text from the host: the message once whole (view messages already applied
        to ``view``), with the texts to answer (acks); (None, []) while parts are missing.
        Raises ``BadMessage``."""
        self.bytes_in += len(str(text).encode("utf-8"))
        msg = self.reader.feed(text)
        if msg is None:
            return None, []
        self.messages_in += 1
        kind = msg["t"]
        replies = []
        if kind == "welcome":
            if msg["seat"] != self.seat or msg["game"] != self.invite.game:
                raise BadMessage("the host seated this device elsewhere")
            self.welcome = msg
        elif kind == "seats":
            if self.welcome is not None and len(msg["seats"]) != self.welcome["players"]:
                raise BadMessage("seats do not match the game")
            self.seats = msg["seats"]
        elif kind == "view":
            if msg["base"] == 0:
                view = patch({}, msg["ch"], msg["del"])
            elif self.view is not None and msg["base"] == self.seq:
                try:
                    view = patch(self.view, msg["ch"], msg["del"])
                except BadMessage:
                    self.seq = msg["seq"]
                    return None, [self.text("sync")]
            else:                        # a change from a view we do not have: ask for it whole
                self.seq = msg["seq"]
                return None, [self.text("sync")]
            if not all(k in view for k in ("players", "to_move", "log", "outcome")):
                raise BadMessage("a view without what every view has")
            self.view, self.seq = view, msg["seq"]
            if "clock" in msg:
                self.clock = (msg["clock"], msg.get("run", False), msg.get("hold", False), now)
            replies.append(self.text("ack", seq=msg["seq"]))
        elif kind == "end":
            self.code = msg["code"]
        return msg, replies
