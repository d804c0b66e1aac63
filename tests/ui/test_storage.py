"""Storage anyone may have written, read before start-up: every entry on its own, with strict
types and bounds. A bad entry is set aside on the shelf (with its code when one can be
recovered, and Remove) and never stops the app; settings fall back field by field."""

import json

import pytest

from bodoge.core.match import Match
from bodoge.ui.storage import SAVE_PREFIX, SETTINGS_KEY, MemoryStore, Saves, Settings

from .fakehost import make_app

CODE = Match.new("algo", {"players": 2}, 7, {"seats": [{"name": "Aki"}, {"bot": "normal"}]}).code()


def entry(slot_id="g1", **fields):
    data = {"v": 1, "id": slot_id, "game": "algo", "code": CODE, "created": 1_700_000_000_000,
            "updated": 1_700_000_000_000, "over": False, "title": "Aki · CPU", "rev": 3}
    data.update(fields)
    return json.dumps(data)


def raw_entry(slot_id="g1", **raw):
    """An entry with some fields written as raw JSON text (numbers JSON can spell but a
    browser cannot keep, NaN, ...)."""
    text = entry(slot_id)
    for name, value in raw.items():
        data = json.loads(text)
        old = json.dumps(data[name])
        text = text.replace(f'"{name}": {old}', f'"{name}": {value}')
    assert all(f'"{n}": {v}' in text for n, v in raw.items())
    return text


DEEP = "[" * 100_000
# key suffix, entry text: each is damaged, none may stop the app or hide the good save
BAD_SAVES = {
    "updated 2^53+1": ("b1", raw_entry("b1", updated="9007199254740993")),
    "updated 400 digits": ("b2", raw_entry("b2", updated="1" * 400)),
    "updated 1e400": ("b3", raw_entry("b3", updated="1e400")),
    "updated NaN": ("b4", raw_entry("b4", updated="NaN")),
    "updated Infinity": ("b5", raw_entry("b5", created="Infinity")),
    "updated negative": ("b6", raw_entry("b6", updated="-5")),
    "updated beyond dates": ("b7", raw_entry("b7", updated="8640000000000001")),
    "updated text": ("b8", entry("b8", updated="yesterday")),
    "updated true": ("b9", entry("b9", updated=True)),
    "over a number": ("b10", entry("b10", over=1)),
    "title a list": ("b11", entry("b11", title=[])),
    "title too long": ("b12", entry("b12", title="x" * 5000)),
    "title lone surrogate": ("b13", entry("b13").replace('"Aki \\u00b7 CPU"', '"\\ud800"')),
    "game a dict": ("b14", entry("b14", game={})),
    "game bad syntax": ("b15", entry("b15", game="al go/../x")),
    "code not base64": ("b16", entry("b16", code="<script>alert(1)</script>")),
    "code a number": ("b17", entry("b17", code=5)),
    "rev negative": ("b18", entry("b18", rev=-1)),
    "rev huge": ("b19", raw_entry("b19", rev="99999999999999999999")),
    "future format": ("b20", entry("b20", v=2)),
    "no version": ("b21", json.dumps({"id": "b21"})),
    "null": ("b22", "null"),
    "a list": ("b23", "[]"),
    "a string": ("b24", '"hello"'),
    "a number": ("b25", "5"),
    "not json": ("b26", "{broken"),
    "empty text": ("b27", ""),
    "deep brackets": ("b28", DEEP),
    "deep objects": ("b29", '{"a":' * 50_000 + "1" + "}" * 50_000),
    "deep inside a save": ("b30", entry("b30")[:-1] + ', "x": ' + "[" * 30 + "]" * 30 + "}"),
    "id mismatch": ("b31", entry("other")),
    "id with a slash": ("a/b", entry("a/b")),
    "empty id": ("", entry("")),
    "id with spaces": ("a b", entry("a b")),
    "id too long": ("x" * 41, entry("x" * 41)),
    "too large": ("b32", entry("b32", title="", pad="x" * 70_000)),
    "huge text": ("b33", "x" * 3_000_000),
    "unreadable": ("b34", "\x00unreadable"),
    "NaN elsewhere": ("b35", entry("b35")[:-1] + ', "x": NaN}'),
    "duplicated keys": ("b36", entry("b36")[:-1] + ', "updated": [1]}'),
    "controls": ("b37", "\x00\x01\x02"),
    "settings-like": ("b38", '{"speed":[]}'),
}


def bad_store():
    store = MemoryStore({SAVE_PREFIX + "good": entry("good"),
                         SETTINGS_KEY: json.dumps({"lang": "en", "speed": "instant"})})
    for slot_id, text in BAD_SAVES.values():
        store.data[SAVE_PREFIX + slot_id] = text
    return store


@pytest.mark.parametrize("case", sorted(BAD_SAVES))
def test_each_bad_save_alone_is_set_aside(case):
    slot_id, text = BAD_SAVES[case]
    store = MemoryStore({SAVE_PREFIX + "good": entry("good"), SAVE_PREFIX + slot_id: text})
    app, host = make_app(store)
    assert "Saved games" in host.text()
    good, bad = app.saves.scan()
    assert [s.id for s in good] == ["good"]
    assert [d.key for d in bad] == [SAVE_PREFIX + slot_id]
    assert host.html.count('class="save damaged"') == 1
    assert store.data[SAVE_PREFIX + slot_id] == text          # untouched
    app.route(f"#/play/{slot_id}")                             # opening it says so, changes nothing
    assert type(app.screen).__name__ == "ShelfScreen"
    assert store.data[SAVE_PREFIX + slot_id] == text
    app.route("#/play/good")
    assert type(app.screen).__name__ == "Session"


def test_all_bad_saves_at_once_and_the_good_one_still_plays():
    store = bad_store()
    before = dict(store.data)
    app, host = make_app(store)
    good, bad = app.saves.scan()
    assert [s.id for s in good] == ["good"] and len(bad) == len(BAD_SAVES)
    assert host.html.count('class="save damaged"') == len(BAD_SAVES)
    assert len(host.html) < 200_000                          # nothing attacker-sized on the page
    app.route("#/play/good")
    assert type(app.screen).__name__ == "Session"
    assert {k: v for k, v in store.data.items() if k != SAVE_PREFIX + "good"} == \
        {k: v for k, v in before.items() if k != SAVE_PREFIX + "good"}


@pytest.mark.parametrize("case", ["updated 2^53+1", "updated 400 digits", "id with a slash",
                                  "empty id", "title lone surrogate", "deep inside a save"])
def test_a_damaged_save_with_its_code_can_be_opened_as_a_copy_and_removed(case):
    slot_id, text = BAD_SAVES[case]
    store = MemoryStore({SAVE_PREFIX + slot_id: text})
    app, host = make_app(store)
    (damaged,) = app.saves.scan()[1]
    assert damaged.code == CODE and damaged.game == "algo"
    assert "Open a copy" in host.text() and "Copy its code" in host.text()
    app.act("damaged-copy", damaged.ref)
    assert host.copied[-1] == CODE and host.announced[-1] == "Copied."
    app.act("damaged-open", damaged.ref)
    assert type(app.screen).__name__ == "Session"
    assert app.screen.match.code() == CODE
    assert store.data[SAVE_PREFIX + slot_id] == text          # the damaged entry stays
    app.route("#/")
    app.act("delete", damaged.ref)
    assert "Remove this damaged save for good?" in host.text()
    app.act("delete-yes")
    assert SAVE_PREFIX + slot_id not in store.data
    assert app.saves.scan()[1] == []


def test_a_damaged_save_without_a_code_can_only_be_removed():
    store = MemoryStore({SAVE_PREFIX + "x": DEEP, SAVE_PREFIX + "y": "{broken"})
    app, host = make_app(store)
    assert "Open a copy" not in host.text() and host.text().count("Remove") == 2
    ref = app.saves.scan()[1][0].ref
    app.act("delete", ref)
    app.act("delete-no")
    assert SAVE_PREFIX + "x" in store.data
    app.act("delete", ref)
    app.act("delete-yes")
    assert list(k for k in store.data if k.startswith(SAVE_PREFIX)) == [SAVE_PREFIX + "y"]


@pytest.mark.parametrize("text,expected", [
    ('{"speed":[]}', ("en", "normal", "auto")),
    ('{"speed":[],"lang":"ja","motion":"reduce"}', ("ja", "normal", "reduce")),
    ('{"lang":{"a":1},"speed":"fast"}', ("en", "fast", "auto")),
    ('{"lang":"fr","speed":"warp","motion":null}', ("en", "normal", "auto")),
    (DEEP, ("en", "normal", "auto")),
    ('{"lang":"ja","x":' + "[" * 100 + "]" * 100 + "}", ("en", "normal", "auto")),
    ('{"lang":"ja","speed":NaN}', ("en", "normal", "auto")),
    ("[1,2,3]", ("en", "normal", "auto")),
    ('"ja"', ("en", "normal", "auto")),
    ('{"lang":"ja","pad":"' + "x" * 5000 + '"}', ("en", "normal", "auto")),
    ("\x00unreadable", ("en", "normal", "auto")),
])
def test_settings_fall_back_to_defaults_field_by_field(text, expected):
    store = MemoryStore({SETTINGS_KEY: text, SAVE_PREFIX + "good": entry("good")})
    app, host = make_app(store, speed=None)
    s = app.settings
    assert (s.lang, s.speed, s.motion) == expected
    assert host.settings_applied == (expected[0], expected[2])
    assert "Saved games" in host.text() or "セーブデータ" in host.text()
    assert store.data[SETTINGS_KEY] == text                   # left alone until a setting changes
    app.act("speed", "", {"speed": "fast"})
    stored = json.loads(store.data[SETTINGS_KEY])
    assert stored["speed"] == "fast"


def test_slot_ids_are_checked_when_opened_by_url():
    store = MemoryStore({SAVE_PREFIX + "good": entry("good")})
    app, host = make_app(store)
    for bad in ("../good", "", "x" * 500, "g%00", "good/x"):
        app.route(f"#/play/{bad}")
        assert type(app.screen).__name__ == "ShelfScreen"
    assert Saves(store).get("good/../good") is None


def test_new_saves_are_strict_json_with_a_revision():
    app, host = make_app()
    app.route("#/new/algo")
    app.act("start", "", {"players": "2", "kind0": "human", "kind1": "normal"})
    (key,) = [k for k in host.store.data if k.startswith(SAVE_PREFIX)]
    data = json.loads(host.store.data[key])
    assert data["rev"] == 1 and data["id"] == key[len(SAVE_PREFIX):]


def test_settings_object_reads_each_field_alone():
    store = MemoryStore({SETTINGS_KEY: '{"lang":"ja","speed":{"x":[]},"motion":"reduce"}'})
    s = Settings(store)
    assert (s.lang, s.speed, s.motion) == ("ja", "normal", "reduce")
