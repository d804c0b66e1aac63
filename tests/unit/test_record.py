import base64
import json
import zlib

import pytest

from bodoge.core.canon import state_hash
from bodoge.core.errors import BadCode
from bodoge.core.match import Match
from bodoge.core.record import FORMAT, Record, clean, decode, encode
from bodoge.games import CATALOG


def _played(moves=6, seed=11):
    m = Match.new("algo", {"players": 2}, seed, {"seats": [{"name": "<b>A</b>"}, {"name": "B"}]})
    from bodoge.core.bot import think
    from bodoge.games.algo.bots import NormalBot

    bots = [NormalBot(0, 1), NormalBot(1, 2)]
    for _ in range(moves):
        seat = m.to_move()[0]
        m.play(seat, think(bots[seat], m.view(seat)))
    return m


def _raw(obj, fmt=FORMAT):
    blob = bytes([fmt]) + zlib.compress(json.dumps(obj).encode())
    return base64.urlsafe_b64encode(blob).decode().rstrip("=")


def test_round_trip_gives_same_state():
    m = _played()
    code = m.code()
    again = Match.from_code(code)
    assert state_hash(again.state) == state_hash(m.state)
    assert again.record == m.record
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_share_link_and_spaces_accepted():
    code = _played().code()
    assert clean(f"  https://x.github.io/bodoge/#load={code}\n") == code
    assert decode(f"https://x/#load={code}&y=1").game == "algo"
    assert decode(code[:10] + " \n" + code[10:]).game == "algo"


@pytest.mark.parametrize("text,key", [
    ("", "code.empty"), ("   ", "code.empty"),
    ("hello world!", "code.format"), ("<script>", "code.format"), ("abc", "code.format"),
    ("AAAAAAAA", "code.format"),          # format byte 0
])
def test_garbage(text, key):
    with pytest.raises(BadCode) as e:
        decode(text)
    assert e.value.key == key


def test_truncated_code():
    code = _played().code()
    for cut in (5, len(code) // 2, len(code) - 3):
        with pytest.raises(BadCode) as e:
            decode(code[:cut])
        assert e.value.key in ("code.truncated", "code.damaged")
    with pytest.raises(BadCode) as e:
        decode(code[: len(code) - 8])
    assert e.value.key == "code.truncated"


def test_tampered_bytes_are_damaged():
    code = _played().code()
    flipped = code[:20] + ("A" if code[20] != "A" else "B") + code[21:]
    with pytest.raises(BadCode) as e:
        Match.from_code(flipped)
    assert e.value.key in ("code.damaged", "code.truncated", "code.illegal")


def test_future_format():
    with pytest.raises(BadCode) as e:
        decode(_raw({}, fmt=FORMAT + 2))          # (FORMAT + 1 is a public record's: core/public.py)
    assert e.value.key == "code.future"
    with pytest.raises(BadCode) as e:
        decode(_raw({}, fmt=FORMAT + 1))
    assert e.value.key == "code.public"


def test_future_rules_version_and_unknown_game():
    rec = _played().record
    newer = Record(rec.game, rec.version + 1, rec.options, rec.seed, rec.moves)
    with pytest.raises(BadCode) as e:
        Match.from_code(encode(newer))
    assert e.value.key == "code.rules_future"
    other = Record("chess", 1, {}, 1, [])
    with pytest.raises(BadCode) as e:
        Match.from_code(encode(other))
    assert e.value.key == "code.unknown_game"
    for game_id in (g.id for g in CATALOG if not g.playable):   # on the shelf, not playable yet
        with pytest.raises(BadCode) as e:
            Match.from_code(encode(Record(game_id, 1, {}, 1, [])))
        assert e.value.key == "code.unknown_game"


@pytest.mark.parametrize("data", [[], {"g": "algo"}, {"g": "algo", "v": 1, "o": {}, "s": -1},
                                  {"g": "algo", "v": 1, "o": {}, "s": 1, "m": [[0]]},
                                  {"g": "algo", "v": 1, "o": {}, "s": 1 << 60},
                                  {"g": 5, "v": 1, "o": {}, "s": 1}])
def test_malformed_records(data):
    with pytest.raises(BadCode) as e:
        decode(_raw(data))
    assert e.value.key == "code.damaged"


def test_not_json_inside():
    blob = bytes([FORMAT]) + zlib.compress(b"\xff\xfe not json")
    with pytest.raises(BadCode) as e:
        decode(base64.urlsafe_b64encode(blob).decode())
    assert e.value.key == "code.damaged"


def test_zip_bomb_refused():
    blob = bytes([FORMAT]) + zlib.compress(b"[" + b" " * (2 << 20) + b"]")
    with pytest.raises(BadCode):
        decode(base64.urlsafe_b64encode(blob).decode())


def test_illegal_move_reports_its_number():
    rec = _played().record
    rec.moves[3] = [rec.moves[3][0], {"a": "attack", "s": 9, "p": 0, "n": 1}]
    with pytest.raises(BadCode) as e:
        Match.from_code(encode(rec))
    assert e.value.key == "code.illegal" and e.value.params["index"] == 4
    rec.moves[3] = [1 - rec.moves[3][0], rec.moves[3][1]]     # wrong seat
    with pytest.raises(BadCode) as e:
        Match.from_code(encode(rec))
    assert e.value.params["index"] == 4


def test_bad_options_in_code():
    with pytest.raises(BadCode) as e:
        Match.from_code(encode(Record("algo", 1, {"players": 9}, 1, [])))
    assert e.value.key == "code.damaged"


def test_meta_survives_and_is_data():
    m = Match.from_code(_played().code())
    assert m.record.meta["seats"][0]["name"] == "<b>A</b>"


# --- codes anyone can craft: bounded before and while parsing, strict JSON -----------------------
def _text(text: str, fmt=FORMAT):
    """A code holding exactly this JSON text."""
    blob = bytes([fmt]) + zlib.compress(text.encode("utf-8", "surrogatepass"), 9)
    return base64.urlsafe_b64encode(blob).decode().rstrip("=")


GOOD = '{"g":"algo","v":1,"o":{"players":2},"s":1,"m":[],"x":%s}'


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e400", '{"n":NaN}',
                                   '"\\ud800"', '{"\\udc00":1}', '["a\\ud83d"]',
                                   "9007199254740993", "1" * 400, '"' + "x" * 201 + '"'])
def test_strict_json_refuses_what_cannot_be_written_back(value):
    code = _text(GOOD % ('{"k":%s}' % value))
    with pytest.raises(BadCode) as e:
        decode(code)
    assert e.value.key == "code.damaged"
    assert len(str(e.value)) <= 200


def test_strict_json_keeps_what_is_fine():
    rec = decode(_text(GOOD % '{"seats":[{"name":"あ😀"}],"f":1.5,"n":-9007199254740992}'))
    assert rec.meta["seats"][0]["name"] == "あ😀" and rec.meta["f"] == 1.5


@pytest.mark.parametrize("text", ["[" * 100_000, "[" * 100_000 + "]" * 100_000,
                                  '{"a":' * 50_000 + "1" + "}" * 50_000,
                                  GOOD % ("[" * 13 + "]" * 13)])
def test_deep_nesting_is_refused_before_parsing(text):
    code = _text(text)
    with pytest.raises(BadCode) as e:
        decode(code)
    assert e.value.key == "code.damaged"
    assert "deeply" in str(e.value)


def test_deep_nesting_link_is_short():
    """The issue's crashing link: 295 characters, 100,000 brackets inside."""
    code = _text("[" * 100_000)
    assert len(code) < 400
    with pytest.raises(BadCode):
        Match.from_code("https://x.github.io/bodoge/#load=" + code)


def test_too_many_moves_and_too_long_codes():
    moves = ",".join(["[0,0]"] * 20_001)
    with pytest.raises(BadCode) as e:
        decode(_text('{"g":"algo","v":1,"o":{},"s":1,"m":[%s]}' % moves))
    assert e.value.key == "code.too_large"
    with pytest.raises(BadCode) as e:
        decode("A" * 100_001)
    assert e.value.key == "code.too_large"
    with pytest.raises(BadCode) as e:
        decode(_text(" " * (1 << 19) + "[]"))
    assert e.value.key == "code.too_large"


@pytest.mark.parametrize("text", ["hello world", "abcdefgh", "zzzzzzzzzzzz", "Nothing-to-see_here",
                                  "https://example.org/#load=qwertyuiop"])
def test_random_text_is_not_called_a_newer_version(text):
    with pytest.raises(BadCode) as e:
        decode(text)
    assert e.value.key in ("code.format", "code.truncated")


def test_messages_repeat_at_most_a_little_of_the_code():
    """A short code whose illegal move or options would quote hundreds of thousands of
    characters gives a short message all the same."""
    huge_move = '{"a":"attack","s":1,"p":0,"n":["%s"]}' % '","'.join(["x" * 200] * 1500)
    code = _text('{"g":"algo","v":1,"o":{"players":2},"s":1,"m":[[0,%s]]}' % huge_move)
    assert len(code) < 2000
    with pytest.raises(BadCode) as e:
        Match.from_code(code)
    assert e.value.key == "code.illegal"
    assert len(str(e.value)) <= 200 and len(e.value.params["reason"]) <= 100
    names = ",".join(f'"option{i}\\n{"y" * 150}":1' for i in range(2000))
    with pytest.raises(BadCode) as e:
        Match.from_code(_text('{"g":"algo","v":1,"o":{%s},"s":1,"m":[]}' % names))
    assert len(str(e.value)) <= 200 and "\n" not in str(e.value)
