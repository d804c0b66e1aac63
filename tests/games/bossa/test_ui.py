"""Bossa screen flows in CPython through the fake host: setup, the opening choice, selecting
tiles and places by click and key, actions, hot-seat without hand-over, a whole game against a
bot, reload, rules page and strings."""

import re

from bodoge.core.record import Record, encode
from bodoge.games.bossa import GAME
from bodoge.games.bossa import rules as R
from bodoge.games.bossa.ui import RULING_KEYS
from bodoge.ui.i18n import tables

from ui.fakehost import make_app


def start(app, kinds=("human", "normal"), rules="advanced", names=("", "")):
    app.route("#/new/bossa")
    form = {"players": "2", "rules": rules}
    for s, kind in enumerate(kinds):
        form[f"kind{s}"] = kind
        form[f"name{s}"] = names[s]
    app.act("start", "", form)
    return app.screen


def ui_move(app, screen, move):
    """Play ``move`` as a person would: clicks on tiles, places and markers."""
    a = move["a"]
    if a == "first":
        app.act("first")
    elif a == "own":
        app.act("own", str(move["line"]))
    elif a in ("place", "stack"):
        if a == "stack":
            app.act("stack")
        for t in move["tiles"]:
            app.act("sel", str(t))
        if a == "place":
            app.act("place", f"{move['line']}-{move['end']}")
        else:
            app.act("stack-on", f"{move['line']}-{move['n']}")
    elif a == "redraw":
        app.act("sel", str(move["tile"]))
        app.act("redraw")
    else:
        app.act("sel", str(move["give"]))
        app.act("take", str(move["take"]))
        app.act("exchange")


def to_play(app, screen):
    """Through the hand-over screens and the opening choice (first legal choices)."""
    while screen.match.state["phase"] != "play":
        if screen.handover is not None:
            app.act("handover-ok")
        else:
            ui_move(app, screen, R.view_moves(screen.match.view(screen.viewer), screen.viewer)[0])


def human_to_move(app, host, screen):
    for _ in range(100):
        if screen.match.over or screen.viewer in screen.match.to_move():
            return
        host.run_timers()


def test_setup_offers_both_rule_sets():
    app, host = make_app(hash_="#/new/bossa")
    text = host.text()
    assert "Advanced (own sides, ±1 tile)" in text and "Basic (same or +1 tile)" in text
    assert "2 players" in text
    screen = start(app, rules="basic")
    assert screen.match.record.options == {"players": 2, "rules": "basic"}
    assert screen.seats[1]["bot"] == "normal"


def test_opening_choice_by_buttons_then_the_board():
    for seed in range(40):
        app, host = make_app()
        host.seed = seed
        screen = start(app, ("human", "easy"))
        human_to_move(app, host, screen)
        if screen.match.state["high"] == 0:
            break
    assert screen.match.state["phase"] == "choose" and screen.viewer == 0
    assert "You rolled higher" in host.text() and 'id="own-0"' in host.html and 'id="first"' in host.html
    assert host.text().count("?") >= 4                      # the opponent's hand is hidden
    app.act("own", "1")
    view = screen.match.view(0)
    assert view["own"] == [1, 0] and view["hands"][1] is not None
    assert "black line (your side)" in host.text()
    assert any("You take the black line as your side." in a for a in host.announced)


def test_select_tiles_fit_a_place_and_play():
    app, host = make_app()
    screen = start(app, ("human", "normal"))
    for _ in range(60):
        human_to_move(app, host, screen)
        if screen.match.over:
            break
        view = screen.match.view(screen.viewer)
        moves = R.view_moves(view, screen.viewer)
        if view["phase"] != "play":
            ui_move(app, screen, moves[0])
            continue
        places = [m for m in moves if m["a"] == "place"]
        if places:
            move = places[-1]
            for t in move["tiles"]:
                app.act("sel", str(t))
            assert "They fit:" in host.text()
            assert f'id="end-{move["line"]}-{move["end"]}"' in host.html
            assert re.search(r'class="cell open-end fits"', host.html)
            before = len(screen.match.record.moves)
            app.act("place", f"{move['line']}-{move['end']}")
            assert screen.match.record.moves[before] == [screen.match.record.moves[before][0], move]
            return
        ui_move(app, screen, moves[0])
    raise AssertionError("never had a placement")


def test_refused_placement_shows_the_engine_message_and_changes_nothing():
    app, host = make_app()
    screen = start(app, ("human", "normal"))
    human_to_move(app, host, screen)
    if screen.match.state["phase"] != "play":
        ui_move(app, screen, R.view_moves(screen.match.view(screen.viewer), screen.viewer)[0])
        human_to_move(app, host, screen)
    view = screen.match.view(screen.viewer)
    legal = R.view_moves(view, screen.viewer)
    hand = view["hands"][screen.viewer]
    bad = None
    for c in R.LINES:
        for end, n, counts in R.open_ends(view["lines"][c], view["variant"]):
            for t in hand:
                move = {"a": "place", "line": c, "end": end, "tiles": [t]}
                if move not in legal:
                    bad = move
                    break
    assert bad is not None
    state, moves = screen.match.state, list(screen.match.record.moves)
    app.act("sel", str(bad["tiles"][0]))
    app.act("place", f"{bad['line']}-{bad['end']}")
    assert screen.match.state == state and screen.match.record.moves == moves
    try:
        GAME.check(state, screen.viewer, bad)
    except Exception as e:      # the engine's reason, in the player's words
        assert screen.error == app.t(e.key, **e.params)
    assert screen.error in host.text() and '<p class="error" role="alert">' in host.html


def test_place_without_a_selection_and_actions_without_the_tiles_give_hints():
    app, host = make_app()
    screen = start(app, ("human", "human"))
    to_play(app, screen)
    app.act("place", "0-hi")
    assert "Select tiles from your hand first." in host.text()
    app.act("redraw")
    assert "For Redraw, select exactly one of your tiles." in host.text()
    app.act("exchange")
    assert "For Exchange, select one of your tiles and one of your opponent's." in host.text()
    assert screen.match.record.moves[-1][1]["a"] in ("own", "first")


def test_keys_select_tiles_and_escape_clears():
    app, host = make_app()
    screen = start(app, ("human", "human"))
    to_play(app, screen)
    hand = screen.match.view(screen.viewer)["hands"][screen.viewer]
    assert app.key("1") and app.key("2")
    assert screen.sel["sel"] == sorted(hand[:2])
    assert 'aria-pressed="true"' in host.html and "Selected:" in host.text()
    assert app.key("1") and screen.sel["sel"] == [hand[1]]
    assert app.key("Escape") and screen.sel == {}
    assert len(hand) < 9 and not app.key("9") and screen.sel == {}


def test_redraw_exchange_and_stack_through_the_markers():
    app, host = make_app()
    screen = start(app, ("human", "human"))
    to_play(app, screen)
    me = screen.viewer
    view = screen.match.view(me)
    ui_move(app, screen, {"a": "redraw", "tile": view["hands"][me][0]})
    assert screen.match.state["used"][me]["redraw"] and screen.viewer == 1 - me
    assert 'aria-label="Redraw: used"' in host.html and 'aria-label="Redraw: not used yet"' not in host.html
    other = screen.viewer
    view = screen.match.view(other)
    move = {"a": "exchange", "give": view["hands"][other][0], "take": view["hands"][me][0]}
    ui_move(app, screen, move)
    assert screen.match.record.moves[-1] == [other, move]
    assert any("uses Exchange" in a or "You use Exchange" in a for a in host.announced)
    # Stack: the mode button toggles, filled places become buttons
    state = screen.match.state
    app.act("stack")
    assert screen.sel.get("mode") == "stack" and "Stack: select tiles" in host.text()
    app.act("stack")
    assert screen.sel.get("mode") is None and screen.match.state == state


def hot_seat(names=("Aki", "Ben"), high=1, version=None, lang="en"):
    """A hot-seat game (two people) where seat ``high`` rolled higher; ``version``: opened from
    a code of that rules version, as an old save would be."""
    for seed in range(40):
        if version is None:
            app, host = make_app(lang=lang)
            host.seed = seed
            screen = start(app, ("human", "human"), names=names)
        else:
            meta = {"seats": [{"name": n, "bot": None} for n in names]}
            code = encode(Record("bossa", version, GAME.options(None), seed, [], meta))
            app, host = make_app(hash_="#load=" + code, lang=lang)
            screen = app.screen
        if screen.match.state["high"] == high:
            return app, host, screen
    raise AssertionError("no seed where that seat rolled higher")


def hand_tiles_shown(html):
    """How many tile faces the page shows (hands, lines, discards: before the dice are laid,
    only hands can show any)."""
    return html.count('class="tile-face"')


def test_hot_seat_the_lower_roller_chooses_a_side_without_seeing_any_tile():
    """Rules version 2 (sheet 1-1): only the higher roller looks at their hand before the
    choice; the lower roller, choosing their side, sees no tile at all, and no screen between
    shows one. Hands open after the choice."""
    app, host, screen = hot_seat()
    assert R.rules_of(screen.match.state) == 2
    assert screen.handover == 1 and "Pass the device to Ben" in host.text()
    assert hand_tiles_shown(host.html) == 0
    app.act("handover-ok")
    assert hand_tiles_shown(host.html) == 4            # Ben, the higher roller, sees his own
    app.act("first")                                 # Ben goes first; Aki chooses a side
    # Aki sees nothing private (no tile at all): no hand-over is needed, nothing leaks
    assert screen.handover is None and screen.viewer == 0
    assert hand_tiles_shown(host.html) == 0 and host.text().count("?") >= 8
    text = host.text()
    assert "Ben takes the first turn: choose which line is your side, without seeing your tiles." in text
    assert "Your tiles stay face down until you have chosen" in text
    assert 'id="own-0"' in host.html and 'id="first"' not in host.html
    app.act("own", "0")
    # hands are open now: the turn passes without a hand-over screen
    assert screen.match.state["phase"] == "play" and screen.handover is None
    assert screen.viewer == 1 and hand_tiles_shown(host.html) == 9
    moves = R.view_moves(screen.match.view(1), 1)
    ui_move(app, screen, moves[0])
    assert screen.handover is None and screen.viewer == 0 and "Pass the device" not in host.text()


def test_hot_seat_version_1_save_keeps_its_hand_over_and_the_lower_rollers_own_hand():
    app, host, screen = hot_seat(version=1)
    assert R.rules_of(screen.match.state) == 1 and screen.match.record.version == 1
    assert screen.handover == 1
    app.act("handover-ok")
    app.act("first")
    assert screen.handover == 0                      # Aki's own hand is private: hand over
    assert hand_tiles_shown(host.html) == 0
    app.act("handover-ok")
    assert hand_tiles_shown(host.html) == 4            # version 1: Aki looks at their hand
    assert "without seeing your tiles" not in host.text() and "face down" not in host.text()
    app.act("own", "0")
    assert screen.match.state["phase"] == "play" and screen.handover is None


def test_against_a_bot_the_lower_roller_sees_no_tile_until_the_choice():
    for seed in range(80):
        app, host = make_app()
        host.seed = seed
        screen = start(app, ("human", "easy"))
        if screen.match.state["high"] == 1 and screen.match.state["phase"] == "choose":
            # the bot has not chosen yet: the person waits and sees no tile, even their own
            assert screen.viewer == 0 and hand_tiles_shown(host.html) == 0
            assert "Your tiles stay face down until the sides are chosen" in host.text()
            human_to_move(app, host, screen)
            if screen.match.state["phase"] == "side":
                break
    else:
        raise AssertionError("the easy bot never took the first turn")
    assert hand_tiles_shown(host.html) == 0
    assert "without seeing your tiles" in host.text()
    view = screen.match.view(0)
    assert view["hands"] == [None, None]
    app.act("own", "1")
    assert screen.match.state["phase"] == "play" and hand_tiles_shown(host.html) >= 9


def test_japanese_choice_screen_of_the_lower_roller():
    app, host, screen = hot_seat(lang="ja")
    app.act("handover-ok")
    app.act("first")
    text = host.text()
    ja = tables()["ja"]
    assert ja["bossa.prompt.side_blind"].format(name="Ben") in text
    assert ja["bossa.choice_blind"] in text and hand_tiles_shown(host.html) == 0


def test_whole_game_against_a_bot_through_the_screen_and_reload():
    app, host = make_app()
    screen = start(app, ("human", "strong"))
    rng = 0
    for _ in range(200):
        human_to_move(app, host, screen)
        if screen.match.over:
            break
        moves = R.view_moves(screen.match.view(screen.viewer), screen.viewer)
        places = [m for m in moves if m["a"] == "place"]
        rng += 1
        ui_move(app, screen, (places or moves)[rng % len(places or moves)])
        if rng == 3:
            slot = screen.slot.id
            app2, host2 = make_app(host.store, hash_=f"#/play/{slot}")
            assert app2.screen.match.state == screen.match.state
    assert screen.match.over
    text = host.text()
    assert re.search(r"You win!|CPU 2 \(strong\) wins!|A draw", text)
    assert "The tile put aside was" in text
    assert app.saves.get(screen.slot.id).over


def test_board_labels_say_everything_without_colour():
    app, host = make_app()
    start(app, ("normal", "normal"))
    host.run_timers(limit=6)
    html = host.html
    assert 'class="pip-w"' in html or 'class="pip-b"' in html
    assert re.search(r'aria-label="Die of the white line: \d"', html)
    assert "Tiles not seen yet" in host.text()
    assert re.search(r'aria-label="Open place \d+: [^"]*, on the (white|black) line', html)


def test_rules_page_lists_every_ruling_in_both_languages():
    constants = sorted(k[len("RULING_"):].lower() for k in vars(R) if k.startswith("RULING_"))
    assert sorted(RULING_KEYS) == constants
    for lang in ("en", "ja"):
        app, host = make_app(hash_="#/rules/bossa", lang=lang)
        text = host.text()
        for key in RULING_KEYS:
            assert tables()[lang][f"bossa.ruling.{key}"] in text


def test_rules_page_shows_the_version_2_rule_in_both_languages():
    marks = {"en": ("without seeing their own tiles (rules version 2)", "Version 2 (current)",
                    "Version 1:"),
             "ja": ("出目が小さいプレイヤーは自分の手札を見ずに選びます（ルール第2版）", "第2版（現行）", "第1版：")}
    for lang, texts in marks.items():
        app, host = make_app(hash_="#/rules/bossa", lang=lang)
        text = host.text()
        for mark in texts:
            assert mark in text, (lang, mark)
        assert tables()[lang]["bossa.rules.version.2"] in text
        assert tables()[lang]["bossa.rules.version.1"] in text


def test_every_key_the_engine_and_screen_build_exists():
    en = tables()["en"]
    import inspect
    src = inspect.getsource(R)
    keys = set(re.findall(r'key="(bossa\.[a-z0-9_.]+)"', src))
    keys |= {f"bossa.error.used_{a}" for a in R.ACTIONS} | {f"bossa.error.colour{c}" for c in R.LINES}
    keys |= {"bossa.error.count1", "bossa.error.count2", "bossa.error.choose", "bossa.error.side"}
    keys |= {f"bossa.action.{a}" for a in R.ACTIONS} | {f"bossa.help.{a}" for a in R.ACTIONS}
    keys |= {f"bossa.setup.{v}" for v in R.VARIANTS} | {f"bossa.end.{e}" for e in R.ENDS}
    keys |= {f"bossa.over.{how}" for how in ("empty", "six", "stuck", "deck")}
    keys |= {f"bossa.choice.{p}" for p in ("choose", "side")} | {f"bossa.log.{k}" for k in (
        "place", "stack", "redraw", "exchange", "draw", "first", "own", "goes_first", "dice", "roll", "ties")}
    keys |= {f"bossa.rules.{k}" for k in ("goal", "tiles", "lines", "setup", "choice", "turn", "place",
                                          "actions", "end", "basic", "view")}
    keys |= {f"bossa.rules.{k}.title" for k in ("goal", "tiles", "lines", "setup", "choice", "turn",
                                                "place", "actions", "end", "basic", "view")}
    assert sorted(k for k in keys if k not in en) == []


def test_japanese_board_and_log():
    app, host = make_app(lang="ja")
    start(app, ("normal", "normal"))
    host.run_timers(limit=8)
    text = host.text()
    assert "白ライン" in text and "山札" in text and "まだ見えていないタイル" in text
