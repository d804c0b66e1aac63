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


def test_status_of_the_open_screen():
    from .fakehost import make_app

    app, host = make_app(hash_="#/new/bossa")
    api = Api(app)
    assert api.status() == "" and api.view(0) == ""    # the setup screen: no game
    app.act("start", "", {"players": "2", "kind0": "human", "kind1": "human"})
    screen = app.screen
    got = json.loads(api.status())
    assert got == {"to_move": screen.match.to_move(), "log": len(screen.match.view(screen.viewer)["log"]),
                   "moves": 0, "over": False, "pause": False}
    seat = screen.match.to_move()[0]
    api.play(seat, json.dumps(screen.match.game.legal_moves(screen.match.state, seat)[0]))
    assert json.loads(api.status())["log"] > got["log"] and json.loads(api.status())["moves"] == 1
    assert json.loads(api.view(1)) == json.loads(json.dumps(screen.match.view(1)))


def test_table_counts_what_went_to_each_guest():
    from .fakehost import FakeNetwork, make_app

    app, host = make_app(hash_="#/new/bossa")
    api = Api(app)
    assert api.table() == ""
    net = FakeNetwork(host)
    app.act("start", "", {"kind0": "human", "kind1": "guest"})
    net.run()
    got = json.loads(api.table())
    assert got == {"1": {"state": "invited", "bytes_out": 0, "bytes_in": 0, "messages_out": 0,
                         "messages_in": 0, "refused": 0, "dropped": 0, "skipped": 0, "ms": None}}
    gapp, ghost = make_app(hash_="#/")
    net.attach(ghost)
    gapp.route("#join=" + app.screen.table.seats[1].code)
    gapp.act("join", "", {"name": "Ben"})
    net.run()
    app.act("table-answer", "", {"answer": gapp.screen.answer})
    net.run()
    got = json.loads(api.table())["1"]
    sent = [t for _, to, t in net.log if to is ghost]
    assert got["state"] == "on" and got["messages_out"] == len(sent) >= 3
    assert got["bytes_out"] == sum(len(t.encode()) for t in sent) and got["bytes_in"] > 0


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


def test_the_lesson_state_says_the_texts_as_a_touch_screen_shows_them():
    """(The end-to-end lesson tests compare the page with it.)"""
    from bodoge.ui.i18n import I18n
    from bodoge.ui.lesson import Lesson, text_of

    from .fakehost import make_app
    from .test_lessons import follow

    app, host = make_app()
    host.touch_screen = True
    app.route("#/learn/alluvium")
    follow(app, host, "alluvium", "en", stop=2, touch=True)
    state = json.loads(Api(app).lesson())
    step = Lesson.of("alluvium").steps[2]
    t = I18n("en").t
    assert state["text"] == text_of(t, step["text"], touch=True) != text_of(t, step["text"])
    assert state["hint"] == text_of(t, step["hint"], touch=True) and "click" not in state["hint"]


def test_profile_times_a_moves_stages_and_removes_its_hooks():
    from bodoge.core.match import Match
    from bodoge.ui import app as app_module
    from bodoge.ui import play

    from .fakehost import make_app

    app, host = make_app(hash_="#/new/bossa", speed="slow")     # the bot's move waits
    app.act("start", "", {"players": "2", "kind0": "human", "kind1": "normal"})
    api = Api(app)
    originals = (Match.play, play.render, app_module.render, host.render)
    screen = app.screen
    seat = screen.match.to_move()[0]
    move = screen.match.game.legal_moves(screen.match.state, seat)[0]
    host.held = []                         # the save waits for the frame
    assert api.profileStart() is True
    assert api.play(seat, json.dumps(move)) is True
    api.profileMark()
    host.painted()
    stages = json.loads(api.profileTake())
    for stage in ("rules", "tree", "board", "markup", "patch", "after:save"):
        assert stages[stage][1] >= 1 and stages[stage][0] >= 0, stage
    assert (Match.play, play.render, app_module.render, host.render) == originals
    assert "render" not in vars(host) and "board" not in vars(screen.gui)
    assert json.loads(api.profileTake()) == {}
