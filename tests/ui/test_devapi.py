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


def test_play_a_move_on_the_open_screen():
    from .fakehost import make_app

    app, host = make_app(hash_="#/new/bossa")
    api = Api(app)
    assert api.play(0, "{}") is False                  # no game open: nothing played
    app.act("start", "", {"players": "2", "kind0": "human", "kind1": "human"})
    screen = app.screen
    seat = screen.match.to_move()[0]
    move = screen.match.game.legal_moves(screen.match.state, seat)[0]
    assert api.play(seat, json.dumps(move)) is True
    assert screen.match.record.moves == [[seat, move]]
    assert api.play(seat, json.dumps({"a": "nonsense"})) is False and screen.error


def test_replay_hash_is_the_state_at_the_move_shown():
    from bodoge.core.canon import state_hash
    from bodoge.core.match import Match
    from bodoge.core.record import Record, encode
    from bodoge.core.selfplay import play_one

    from .fakehost import make_app

    rec = play_one("bossa", {"players": 2}, 2, ["easy", "easy"]).record
    app, host = make_app()
    api = Api(app)
    assert api.replayHash() == ""
    app.route(f"#replay={encode(rec)}&move=3")
    cut = Record(rec.game, rec.version, rec.options, rec.seed, rec.moves[:3])
    assert api.replayHash() == state_hash(Match.from_record(cut).state)
