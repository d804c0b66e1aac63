"""``window.bodoge`` (the page's test and benchmark surface), run in CPython."""

import json

from bodoge.ui.devapi import Api


def test_bot_times_with_and_without_options():
    api = Api(app=None)
    plain = json.loads(api.botTimes("algo", "normal", 1, 3))
    assert plain["n"] > 0 and plain["max"] >= plain["mean"] >= 0
    pair = json.loads(api.botTimes("algo", "normal", 1, 3, 4, json.dumps({"mode": "pair"})))
    assert pair["n"] > 0


def test_code_for_replays_options():
    api = Api(app=None)
    code = api.codeFor("algo", json.dumps({"mode": "puzzle", "grade": 2}), 5, "[]")
    assert api.stateHash(code) == api.stateHash(code)
