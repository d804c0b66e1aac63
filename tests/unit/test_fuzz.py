"""Decoder fuzz (hypothesis): random bytes and text, mutated valid codes (characters changed,
cut, doubled; records with values swapped for random JSON), deep nesting. Every input gives a
game or a ``BadCode`` with a short message, never another exception.

``BODOGE_FUZZ_EXAMPLES`` sets the number of inputs per strategy (``make soak`` runs many)."""

import base64
import json
import os
import zlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bodoge.core import strictjson
from bodoge.core.errors import BadCode
from bodoge.core.match import Match
from bodoge.core.record import MAX_DEPTH, decode
from bodoge.core.selfplay import play_one
from bodoge.games import CATALOG, get_game

EXAMPLES = int(os.environ.get("BODOGE_FUZZ_EXAMPLES", "300"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _valid_codes():
    codes = []
    for g in (g for g in CATALOG if g.playable):            # each game's demo
        game_id, level = g.id, g.demo_level
        n = get_game(game_id).options(g.demo_options)["players"]
        match = play_one(game_id, {"players": n}, 3, [level] * n)
        match.record.meta = {"seats": [{"name": "Aki"}] + [{"bot": level}] * (n - 1)}
        codes.append(match.code())
        codes.append(Match.new(game_id, {"players": n}, 4).code())
    return codes


VALID = _valid_codes()
RECORDS = [decode(code).to_json() for code in VALID]


def code_of(raw: bytes, fmt=1):
    return base64.urlsafe_b64encode(bytes([fmt]) + zlib.compress(raw, 9)).decode().rstrip("=")


def opens(text):
    """The one thing every input may do: open as a game, or be refused with a BadCode."""
    try:
        match = Match.from_code(text)
    except BadCode as e:
        assert len(str(e)) <= 200 and "\n" not in str(e)
        assert all(len(v) <= 100 for v in e.params.values() if isinstance(v, str))
        return None
    json.loads(json.dumps(match.record.to_json(), allow_nan=False))   # strict JSON, UTF-8
    match.code().encode("ascii")
    return match


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.floats(allow_nan=True)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=5),
    max_leaves=20)


@FUZZ
@given(st.binary(max_size=600))
def test_random_bytes(blob):
    opens(base64.urlsafe_b64encode(blob).decode())
    opens(code_of(blob))                                    # random bytes behind a good header
    opens(blob.decode("latin-1"))


@FUZZ
@given(st.text(max_size=300))
def test_random_text(text):
    opens(text)
    opens("https://x.github.io/bodoge/#load=" + text)


@FUZZ
@given(code=st.sampled_from(VALID), data=st.data())
def test_mutated_codes(code, data):
    """Characters changed, cut, inserted or doubled anywhere in a valid code."""
    chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/ !"
    kind = data.draw(st.sampled_from(["change", "cut", "insert", "double", "swap"]))
    i = data.draw(st.integers(0, len(code) - 1))
    if kind == "change":
        mutated = code[:i] + data.draw(st.sampled_from(chars)) + code[i + 1:]
    elif kind == "cut":
        mutated = code[:i] + code[i + data.draw(st.integers(1, 20)):]
    elif kind == "insert":
        mutated = code[:i] + data.draw(st.text(chars, min_size=1, max_size=8)) + code[i:]
    elif kind == "double":
        mutated = code + code[i:]
    else:
        j = data.draw(st.integers(0, len(code) - 1))
        a, b = sorted((i, j))
        mutated = code[:a] + code[b:b + 1] + code[a + 1:b] + code[a:a + 1] + code[b + 1:]
    opens(mutated)


@FUZZ
@given(record=st.sampled_from(RECORDS), data=st.data())
def test_mutated_records(record, data):
    """A valid record with one value (anywhere in it) swapped for random JSON, re-encoded:
    the rules must refuse it with a BadCode (or accept it), never crash on it."""
    record = json.loads(json.dumps(record))
    paths = []

    def walk(node, path):
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + [k])
        elif isinstance(node, list):
            for k, v in enumerate(node):
                walk(v, path + [k])

    walk(record, [])
    path = data.draw(st.sampled_from(paths[1:]))
    node = record
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = data.draw(json_values)
    raw = json.dumps(record, ensure_ascii=data.draw(st.booleans())).encode("utf-8", "surrogatepass")
    opens(code_of(raw))


@FUZZ
@given(depth=st.integers(1, 200_000), bracket=st.sampled_from(["[", "{\"a\":", "[[{\"x\":"]),
       where=st.sampled_from(["top", "meta", "move", "options"]), closed=st.booleans())
def test_deep_nesting(depth, bracket, where, closed):
    close = {"[": "]", "{\"a\":": "}", "[[{\"x\":": "}]]"}[bracket]
    deep = bracket * depth + "1" + (close * depth if closed else "")
    record = {"top": "%s",
              "meta": '{"g":"algo","v":1,"o":{"players":2},"s":1,"m":[],"x":{"k":%s}}',
              "move": '{"g":"algo","v":1,"o":{"players":2},"s":1,"m":[[0,%s]],"x":{}}',
              "options": '{"g":"algo","v":1,"o":%s,"s":1,"m":[],"x":{}}'}[where]
    text = record % deep
    opened = opens(code_of(text.encode()))
    assert opened is None or strictjson.depth(text) <= MAX_DEPTH


def test_the_valid_codes_open():
    for code in VALID:
        assert opens(code) is not None
