"""Bossa screen flows in CPython through the fake host: setup, the opening choice, selecting
tiles and places by click and key, every move waiting for Confirm with a preview of what it
does, actions, the opponent's last move marked, motion flags, hot-seat without hand-over, a
whole game against a bot, reload, the result's breakdown, the shelf hooks, a replay's revealed
view, rules page and strings."""

import re

import pytest

from bodoge.core.record import Record, encode
from bodoge.core.selfplay import play_one
from bodoge.games.bossa import GAME
from bodoge.games.bossa import rules as R
from bodoge.games.bossa.ui import RULING_KEYS, UI, Choice
from bodoge.ui.games import Ctx
from bodoge.ui.html import render, text_of
from bodoge.ui.i18n import I18n, tables

from ui.fakehost import Text, make_app
from ui.page import Page

from .helpers import lay, place, play, rig, stack, tile, tiles


def start(app, kinds=("human", "normal"), rules="advanced", names=("", "")):
    app.route("#/new/bossa")
    form = {"players": "2", "rules": rules}
    for s, kind in enumerate(kinds):
        form[f"kind{s}"] = kind
        form[f"name{s}"] = names[s]
    app.act("start", "", form)
    return app.screen


def until(host, done, steps=2000):
    """Run the app's timers one at a time until ``done()`` (bots think in slices: a move takes
    a timer per slice); fails if it never is."""
    for _ in range(steps):
        if done():
            return
        if not host.run_timers(limit=1):
            break
    assert done(), "never happened"


def ui_move(app, screen, move, confirm=True):
    """Play ``move`` as a person would: clicks on tiles, places and markers, then Confirm."""
    a = move["a"]
    if a == "first":
        app.act("first")
        return
    if a == "own":
        app.act("own", str(move["line"]))
        return
    if a in ("place", "stack"):
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
        app.act("exchange")
        app.act("sel", str(move["give"]))
        app.act("take", str(move["take"]))
    assert screen.sel.pending == move, (screen.sel, move)
    if confirm:
        app.act("confirm")


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


def prompt(host):
    """The prompt line's text, as the session says the screen shows it."""
    return host.app.screen.snapshot()["prompt"] or ""


def ctx(seat, names=("Aki", "Ben"), lang="en", fresh_from=None):
    c = Ctx(I18n(lang), list(names), seat, [s for s in (0, 1) if s == seat])
    c.fresh_from = fresh_from
    return c


def choice(**fields):
    """A player's choice in progress (the session's ``sel``) with these fields set."""
    sel = Choice()
    for name, value in fields.items():
        setattr(sel, name, value)
    return sel


def board(view, seat, sel=None, **kw):
    """The table as ``seat`` sees ``view``: (markup, visible text, the context)."""
    c = ctx(seat, **kw)
    html = render(UI.board(view, choice() if sel is None else sel, c))
    return html, Text.of(html), c


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
    page = Page(host.html)
    assert "You rolled higher" in host.text() and page.by_id("own-0") and page.by_id("first")
    assert host.text().count("?") >= 4                      # the opponent's hand is hidden
    app.act("own", "1")
    view = screen.match.view(0)
    assert view["own"] == [1, 0] and view["hands"][1] is not None
    assert Page(host.html).all(name="black line, your side") and "your side" in host.text()
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
            page = Page(host.html)
            assert page.by_id(f'end-{move["line"]}-{move["end"]}') is not None
            assert with_class(page, "cell", "open", "fits")
            before = len(screen.match.record.moves)
            app.act("place", f"{move['line']}-{move['end']}")
            # nothing is played yet: the move waits for Confirm, shown where it goes
            assert len(screen.match.record.moves) == before and screen.sel.pending == move
            assert with_class(host.html, "cell", "open", "pending") and host.focused == "confirm-move"
            assert re.match(r"Place \d tiles? \(.*\) at \d+ on the (white|black) line\?", prompt(host))
            app.act("confirm")
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
    alert = Page(host.html).get("alert")
    assert alert.tag == "p" and alert.classes == ["error"] and screen.error in alert.text


def test_place_without_a_selection_gives_a_hint_and_actions_say_what_to_select():
    app, host = make_app()
    screen = start(app, ("human", "human"))
    to_play(app, screen)
    app.act("place", "0-hi")
    assert "Select tiles from your hand first." in host.text()
    app.act("redraw")
    assert screen.sel.mode == "redraw" and prompt(host).startswith("Redraw: select the tile to put out")
    assert Page(host.html).by_id("action-redraw").attrs["aria-pressed"] == "true"
    app.act("exchange")
    assert screen.sel.mode == "exchange" and prompt(host).startswith("Exchange: select one of your tiles")
    assert "Exchange: select the tile to take." in host.text()       # their tiles are buttons now
    assert Page(host.html).where(data_act="take")
    app.act("exchange")                                               # pressed again: leave it
    assert screen.sel.mode is None and not Page(host.html).where(data_act="take")
    assert screen.match.record.moves[-1][1]["a"] in ("own", "first")


def test_keys_select_tiles_and_escape_clears():
    app, host = make_app()
    screen = start(app, ("human", "human"))
    to_play(app, screen)
    hand = screen.match.view(screen.viewer)["hands"][screen.viewer]
    assert app.key("1") and app.key("2")
    assert screen.sel.tiles == sorted(hand[:2])
    assert any(b.attrs.get("aria-pressed") == "true" for b in Page(host.html).all("button"))
    assert re.search(r": white \d+, black \d+\.", prompt(host))          # (the prompt's words)
    assert Page(host.html).get("button", "Clear selection (Esc)")
    assert app.key("1") and screen.sel.tiles == [hand[1]]
    assert app.key("Escape") and not screen.sel
    assert len(hand) < 9 and not app.key("9") and not screen.sel


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_touch_screen_is_not_told_of_keys(lang):
    """On a touch screen the action bar's help and the Clear button name no keys: no "keys
    1–9", no "Esc" (issue 26)."""
    app, host = make_app(lang=lang)
    host.touch_screen = True
    screen = start(app, ("human", "human"))
    to_play(app, screen)
    page = Page(host.html)
    assert not re.search(r"1[–〜]9|Esc|キー|keys", page.text), page.text
    app.act("sel", str(screen.match.view(screen.viewer)["hands"][screen.viewer][0]))
    page = Page(host.html)
    assert page.get("button", "Clear selection" if lang == "en" else "選択を解除")
    assert "Esc" not in page.text


def test_redraw_exchange_and_stack_through_the_markers():
    app, host = make_app()
    screen = start(app, ("human", "human"))
    to_play(app, screen)
    me = screen.viewer
    view = screen.match.view(me)
    ui_move(app, screen, {"a": "redraw", "tile": view["hands"][me][0]})
    assert screen.match.state["used"][me]["redraw"] and screen.viewer == 1 - me
    assert Page(host.html).has(name="Redraw: used")
    other = screen.viewer
    view = screen.match.view(other)
    move = {"a": "exchange", "give": view["hands"][other][0], "take": view["hands"][me][0]}
    ui_move(app, screen, move)
    # then the next turn's draw, made at once for the person at the device (rules version 3)
    assert screen.match.record.moves[-2:] == [[other, move], [me, {"a": "draw"}]]
    assert any("uses Exchange" in a or "You use Exchange" in a for a in host.announced)
    # Stack: the mode button toggles, filled places become buttons
    state = screen.match.state
    app.act("stack")
    assert screen.sel.mode == "stack" and "Stack: select tiles" in host.text()
    app.act("stack")
    assert screen.sel.mode is None and screen.match.state == state


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
    assert R.rules_of(screen.match.state) >= R.BLIND_CHOICE_VERSION
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
    page = Page(host.html)
    assert page.by_id("own-0") and page.by_id("first") is None
    app.act("own", "0")
    # hands are open now: the turn passes without a hand-over screen
    assert screen.match.state["phase"] == "play" and screen.handover is None
    assert screen.viewer == 1 and hand_tiles_shown(host.html) == 9
    page = Page(host.html)
    assert page.where(data_fx="roll") and page.where(data_fx="flip")   # dice laid, hands turned up
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
    assert prompt(host) == ja["bossa.prompt.side_blind"].format(name="Ben")     # (phrased)
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
    assert re.search(r"You win the game|CPU 2 \(strong\) wins the game|share the win", text)
    assert "Put aside at the start:" in text and re.search(r"\d tiles? left", text)
    assert app.saves.get(screen.slot.id).over


@pytest.mark.parametrize("lang, why", [("en", "Your opponent has already drawn a tile"),
                                       ("ja", "相手がもうタイルを引きました")])
def test_take_back_says_why_it_cannot_in_words(lang, why):
    """Issue 26: once the computer has drawn its tile the disabled Take back names that draw,
    not the generic "That move cannot be taken back"."""
    app, host = make_app()
    app.act("lang", lang)
    screen = start(app, ("human", "normal"))
    to_play(app, screen)
    human_to_move(app, host, screen)
    moves = R.view_moves(screen.match.view(screen.viewer), screen.viewer)
    ui_move(app, screen, next(m for m in moves if m["a"] == "place"))
    human_to_move(app, host, screen)
    assert not screen.match.over
    label = I18n(lang).t("undo.button")
    button = Page(host.html).get("button", label, exact=False)
    assert button.disabled and why in button.text
    app.act("take-back")
    assert screen.error == why


def test_take_back_works_until_the_computer_draws():
    """Issue 26: the computer's reply waits the chosen speed, and its draw is the first thing
    it does (rules version 3): a placement (or Exchange) taken back in that window comes back
    whole, with the tiles in hand again; once the computer has drawn, Take back says so."""
    app, host = make_app()
    app.act("speed", "slow")
    screen = start(app, ("human", "normal"))
    to_play(app, screen)
    human_to_move(app, host, screen)
    me = screen.viewer
    before_moves = list(screen.match.record.moves)
    before_hand = list(screen.match.state["hands"][me])
    place_move = next(m for m in R.view_moves(screen.match.view(me), me) if m["a"] == "place")
    ui_move(app, screen, place_move)
    assert screen.match.record.moves == before_moves + [[me, place_move]]   # nothing drawn yet
    assert screen.match.view(me)["due"] and screen.match.to_move() == [1 - me]
    button = Page(host.html).get("button", "Take back", exact=False)
    assert not button.disabled
    app.act("take-back")
    assert screen.match.record.moves == before_moves
    assert screen.match.state["hands"][me] == before_hand and screen.viewer == me
    assert any(a.startswith("Taken back") for a in host.announced), host.announced[-3:]
    host.run_timers()                     # the computer's cancelled reply does not come
    assert screen.match.record.moves == before_moves
    # played again: the computer draws after the chosen speed, and the window closes
    ui_move(app, screen, place_move)
    human_to_move(app, host, screen)
    moves = screen.match.record.moves
    assert moves[len(before_moves)] == [me, place_move]
    assert moves[len(before_moves) + 1] == [1 - me, {"a": "draw"}]
    if not screen.match.over:
        assert moves[-1] == [me, {"a": "draw"}]            # the person's own draw made itself
        assert Page(host.html).get("button", "Take back", exact=False).disabled


def test_a_code_cut_where_the_persons_draw_is_due_makes_it_as_it_opens():
    """A code cut right after the opponent's move (rules version 3: the person's draw is due,
    a move of its own) opens with the draw made, and the person plays on."""
    full = play_one("bossa", {"players": 2}, 7, ["normal", "normal"]).record
    state = GAME.setup(full.options, full.seed)
    for k, (seat, move) in enumerate(full.moves):
        state = GAME.apply(state, seat, move)
        if state.get("due") and k > 6:
            break
    cut = full.moves[:k + 1]
    drawer = state["turn"]
    seats = [{"name": "", "bot": None if s == drawer else "normal"} for s in (0, 1)]
    code = encode(Record("bossa", full.version, full.options, full.seed, cut, {"seats": seats}))
    app, host = make_app(hash_=f"#load={code}")
    screen = app.screen
    assert screen.match.record.moves == cut + [[drawer, {"a": "draw"}]]
    assert screen.viewer == drawer and drawer in screen.match.to_move()
    moves = R.view_moves(screen.match.view(drawer), drawer)
    assert {"a": "draw"} not in moves and moves
    ui_move(app, screen, moves[0])
    assert screen.match.record.moves[len(cut) + 1] == [drawer, moves[0]]


def test_board_labels_say_everything_without_colour():
    app, host = make_app()
    start(app, ("normal", "normal"))
    until(host, lambda: with_class(Page(host.html), "pip-w") or with_class(Page(host.html), "pip-b"))
    page = Page(host.html)
    names = [el.name for el in page.walk() if "aria-label" in el.attrs]
    assert any(n[:-1] == "Die of the white line: " and n[-1].isdigit() for n in names)
    assert "Tiles not seen yet, by dots" in names
    # a place's name starts with what it shows: its number and the tile counts it takes
    opens = [n.partition(": ") for n in names if ": open place on the " in n]
    assert opens and all(what.split(" ")[0].isdigit() and " ×" in what and rest.split(", takes")[0] in (
        f"open place on the {line} line ({end} end)" for line in ("white", "black") for end in ("low", "high"))
        for what, _, rest in opens)
    assert any(n.startswith(("Redraw: ", "Exchange: ", "Stack: ")) and n.split(": ", 1)[1].startswith(
        ("used", "not used yet")) for n in names)


def test_rules_page_lists_every_ruling_in_both_languages():
    constants = sorted(k[len("RULING_"):].lower() for k in vars(R) if k.startswith("RULING_"))
    assert sorted(RULING_KEYS) == constants
    for lang in ("en", "ja"):
        app, host = make_app(hash_="#/rules/bossa", lang=lang)
        text = host.text()
        for key in RULING_KEYS:
            assert tables()[lang][f"bossa.ruling.{key}"] in text


def test_rules_page_shows_the_version_2_and_3_rules_in_both_languages():
    marks = {"en": ("without seeing their own tiles (rules version 2)", "Version 3 (current)",
                    "Version 2:", "Version 1:"),
             "ja": ("出目が小さいプレイヤーは自分の手札を見ずに選びます（ルール第2版）", "第3版（現行）",
                    "第2版：", "第1版：")}
    for lang, texts in marks.items():
        app, host = make_app(hash_="#/rules/bossa", lang=lang)
        text = host.text()
        for mark in texts:
            assert mark in text, (lang, mark)
        for v in (3, 2, 1):
            assert tables()[lang][f"bossa.rules.version.{v}"] in text


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
    sections = ("goal", "tiles", "lines", "setup", "choice", "turn", "place", "actions", "end", "basic",
                "view", "screen")
    keys |= {f"bossa.rules.{k}" for k in sections} | {f"bossa.rules.{k}.title" for k in sections}
    keys |= {f"bossa.confirm.{a}" for a in ("place", "stack", "redraw", "exchange")}
    keys |= {f"bossa.preview.{a}" for a in ("place", "stack", "redraw", "exchange", "win_empty", "win_six")}
    keys |= {f"bossa.last.{a}" for a in ("place", "stack", "redraw", "exchange")}
    keys |= {f"bossa.fit.{k}" for k in ("no_dots0", "no_dots1", "sum_ok", "sum_no", "count_ok", "count_no")}
    keys |= {f"bossa.legend.{k}" for k in ("title", "pips", "count", "checks", "marks")}
    assert sorted(k for k in keys if k not in en) == []


def test_japanese_board_and_log():
    app, host = make_app(lang="ja")
    start(app, ("normal", "normal"))
    until(host, lambda: "白ライン" in host.text())
    text = host.text()
    assert "白ライン" in text and "山札" in text and "未確認" in text


# --- see before you commit ------------------------------------------------------------------------
def classes(el):
    return el.attrs.get("class", "").split()


def with_class(el, *cls):
    """The elements inside ``el`` (a Page, an element, or markup) whose classes are ``cls``."""
    el = Page(el) if isinstance(el, str) else el
    return [x for x in el.walk() if classes(x) == list(cls)]


def words(el):
    """Every text inside ``el``, a space between its parts (as ``Text.of`` reads markup)."""
    return " ".join(" ".join(x if isinstance(x, str) else words(x) for x in el.children).split())


class Cell:
    """A table cell (li) as read: its classes, its text, and what it says to a screen reader
    too (``said``: the text and every label inside)."""

    def __init__(self, el):
        self.el, self.cls, self.text = el, classes(el), words(el)
        self.said = " ".join([self.text] + [x.attrs["aria-label"] for x in [el, *el.walk()]
                                            if "aria-label" in x.attrs])

    def count(self, *cls):
        return len(with_class(self.el, *cls))


def cell(html, id_):
    """The table cell (li) holding element ``id_``."""
    el = Page(html).by_id(id_)
    assert el is not None, id_
    while el.tag != "li":
        el = el.parent
    return Cell(el)


def test_selected_tiles_show_at_every_open_place_whether_they_make_its_number_and_count():
    # white line from a die 3 (open: 2 below, 4 above), black from a die 4 (3 below, 5 above)
    s = rig([["w1", "w3b1", "w2", "b6"], ["b1"]], dice=(3, 4))
    view = GAME.view(s, 0)
    sel = choice(tiles=tiles("w1", "w3b1"))
    html, text, c = board(view, 0, sel)
    hi, lo = cell(html, "end-0-hi"), cell(html, "end-0-lo")
    assert hi.cls == ["cell", "open", "fits"] and "✓Σ4" in hi.text and "✓×2" in hi.text
    assert "your tiles make 4: right; 2 tiles: a count it takes" in hi.said
    assert lo.cls == ["cell", "open", "misfit"] and "✗Σ4" in lo.text and "✓×2" in lo.text
    assert "your tiles make 4, not 2" in lo.said
    black = cell(html, "end-1-lo")
    assert "✗no dots" in black.text and "a selected tile has no black dots" in black.said
    assert UI.prompt(view, sel, c) == "1 white, 3 white 1 black: white 4, black 1. They fit: 4 on the white line."
    # advanced rules: next to a single tile only 2 tiles (one fewer would be none)
    s2 = rig([["w5", "w2", "w3"], ["b1"]], dice=(3, 4), hi=([place(4, ["w4"])], []))
    view2 = GAME.view(s2, 0)
    html2, _, _ = board(view2, 0, choice(tiles=tiles("w5")))
    five = cell(html2, "end-0-hi")
    assert "✓Σ5" in five.text and "✗×1" in five.text and "1 tile: not a count it takes" in five.said
    assert five.text.startswith("5 ×2")
    html3, _, _ = board(view2, 0, choice(tiles=tiles("w2", "w3")))
    assert cell(html3, "end-0-hi").cls == ["cell", "open", "fits"]


def test_a_chosen_place_waits_for_confirm_with_the_tiles_drawn_there_and_words_for_it():
    s = rig([["w1", "w3b1", "w2", "b6"], ["b1"]], dice=(3, 4))
    view = GAME.view(s, 0)
    move = lay(0, "hi", "w1", "w3b1")
    sel = choice(tiles=move["tiles"], pending=move)
    html, text, c = board(view, 0, sel)
    hi = cell(html, "end-0-hi")
    assert hi.cls == ["cell", "open", "pending"] and hi.count("ghost") and hi.count("tile", "small") == 2
    assert "Your move, waiting for Confirm." in hi.said
    assert UI.prompt(view, sel, c) == "Place 2 tiles (1 + 3 white = 4) at 4 on the white line?"
    page = Page(html)
    bar = with_class(page, "action-bar")[0]
    ids = [el.id for el in bar.walk()]
    assert "confirm-move" in ids and "✓ Place" in words(bar) and "cancel-move" in ids
    assert page.by_id("action-redraw") is None       # the markers step aside while a move waits
    ja = ctx(0, lang="ja")
    assert text_of(UI.prompt(view, sel, ja)) == "白ラインの4に2枚（白1 + 3 = 4）を置きますか？"
    # a pending move no longer legal (a stale selection) is not shown
    stale = choice(tiles=move["tiles"], pending=lay(1, "hi", "b6"))
    assert UI.pending(view, stale, c) is None and not with_class(board(view, 0, stale)[0], "ghost")


def test_the_bar_and_the_markers_keep_their_room_at_every_step_of_a_turn():
    """Issue 26: at 1280×800 in Japanese, with markers used, the words of what to do took a row
    of their own beside the markers and went at the first tap (the hand moved 37–50 px). They
    stay, out of sight, under Clear and under Confirm / Cancel; while a move waits the markers
    keep their box, out of sight and of reach; the place it waits at keeps the words that gave
    it its width (it narrowed 15 px), out of sight."""
    s = rig([["w1", "w3b1", "w2", "b6"], ["b1"]], dice=(3, 4), used=[("redraw", "stack"), ()])
    view = GAME.view(s, 0)
    move = lay(0, "hi", "w1", "w3b1")
    for lang, help_ in (("en", "Select tiles (keys 1–9), then a place; or use a marker."),
                        ("ja", "タイルを選び（1〜9キー）、場所を選びます。またはマーカーを使います。")):
        steps = [choice(), choice(tiles=move["tiles"][:1]), choice(tiles=move["tiles"]),
                 choice(tiles=move["tiles"], pending=move)]
        pages = [Page(board(view, 0, sel, lang=lang)[0]).where("bossa-seat me")[0] for sel in steps]
        markers_at_start = [(m.tag, m.classes) for m in pages[0].where("marker")]
        assert len(markers_at_start) == 3
        for k, page in enumerate(pages):
            bar = page.where("action-bar")[0]
            said = page.where("bar-help")
            assert len(said) == 1 and said[0].all_text.replace(" ", "") == help_.replace(" ", ""), (lang, k)
            assert said[0].hidden == (k > 0), (lang, k)           # shown while nothing else is
            assert [(m.tag, m.classes) for m in page.where("marker")] == markers_at_start, (lang, k)
            assert bar.parent.classes == ["controls"]
        aside = pages[-1].where("markers-aside")[0]
        assert aside.hidden and "inert" in aside.attrs
        assert not [el for el in aside.walk() if "id" in el.attrs or "data-act" in el.attrs]
        assert not pages[-1].where(id="action-exchange") and pages[-1].where(id="confirm-move")
        # the waiting place keeps the words it showed at the last tile's tap, out of sight
        places = [Page(board(view, 0, sel, lang=lang)[0]).by_id("end-0-hi").parent for sel in steps[2:]]
        shown = [x.all_text for x in places[0].walk() if x.classes in (["need"], ["checks"])]
        kept = places[1].where("keep-width")
        assert kept and kept[0].hidden and len(shown) == 3    # need, checks, the widest checks
        assert [x.all_text for x in kept[0].walk() if x.classes in (["need"], ["checks"])] == shown
        # from the turn's start every open place keeps the room of the widest checks (out of
        # sight): it widened up to 21 px at the first tile's tap, its line moved 10 px sideways
        widest = "✗no dots✓Σ88✗×8" if lang == "en" else "✗色なし✓Σ88✗8枚"
        start = Page(board(view, 0, steps[0], lang=lang)[0])
        for end in ("end-0-lo", "end-0-hi", "end-1-lo", "end-1-hi"):
            room = start.by_id(end).parent.where("keep-width")
            assert len(room) == 1 and room[0].hidden and room[0].all_text == widest, end


def test_the_preview_says_when_a_move_wins():
    s = rig([["w4"], ["b1", "b2"]], dice=(3, 4))
    view = GAME.view(s, 0)
    move = lay(0, "hi", "w4")
    assert UI.prompt(view, choice(tiles=move["tiles"], pending=move), ctx(0)) == \
        "Place 1 tile (4 white) at 4 on the white line? Your hand is then empty: you win."
    five_lo = [place(5, ["w5b1"]), place(4, ["w2", "w2b1"]), place(3, ["w3"])]
    five_hi = [place(7, ["w6", "w1b1"]), place(8, ["w4b2", "w2b2", "w2b3"])]
    s2 = rig([["w1", "w1b2", "b4"], ["b1"]], dice=(6, 3), lo=(five_lo, []), hi=(five_hi, []))
    sixth = lay(0, "lo", "w1", "w1b2")
    text = UI.prompt(GAME.view(s2, 0), choice(tiles=sixth["tiles"], pending=sixth), ctx(0))
    assert text.endswith("That fills the 6th place of your side: you win.")
    # the sixth place of the opponent's side (whoever fills it, it wins for them)
    s3 = rig([["w1", "w1b2", "b4"], ["b1"]], dice=(6, 3), lo=(five_lo, []), hi=(five_hi, []), own=(1, 0))
    text = UI.prompt(GAME.view(s3, 0), choice(tiles=sixth["tiles"], pending=sixth), ctx(0))
    assert text.endswith("That fills the 6th place of Ben's side: Ben wins.") and "you win" not in text
    # a placement that ends nothing says nothing of winning
    s4 = rig([["w3", "w1", "b4"], ["b1"]], dice=(6, 3), lo=(five_lo[:2], []), hi=(five_hi, []))
    fifth = lay(0, "lo", "w3")
    text = UI.prompt(GAME.view(s4, 0), choice(tiles=fifth["tiles"], pending=fifth), ctx(0))
    assert text == "Place 1 tile (3 white) at 3 on the white line?"


def test_stack_redraw_and_exchange_say_what_they_will_do_before_confirm():
    s = rig([["w4b1", "b6", "w2"], ["b1", "w5"]], dice=(3, 4), hi=([place(4, ["w4"])], []))
    view = GAME.view(s, 0)
    st = stack(0, 4, "w4b1")
    sel = choice(mode="stack", tiles=st["tiles"], pending=st)
    html, _, c = board(view, 0, sel)
    four = cell(html, "place-0-4")
    assert four.cls[:2] == ["cell", "place"] and four.cls[-1] == "pending" and four.count("ghost")
    assert UI.prompt(view, sel, c) == "Stack 1 tile (4 white) on 4 of the white line? It uses your Stack marker."
    assert Page(html).by_id("confirm-move").text == "✓ Stack"
    rd = {"a": "redraw", "tile": tile("b6")}
    assert UI.prompt(view, choice(tiles=[tile("b6")], mode="redraw", pending=rd), c) == \
        f"Put 6 black out of the game and draw 1 of the {len(s['deck'])} deck tiles? It uses your Redraw marker."
    ex = {"a": "exchange", "give": tile("b6"), "take": tile("w5")}
    assert UI.prompt(view, choice(tiles=[tile("b6")], take=[tile("w5")], mode="exchange", pending=ex), c) == \
        "Exchange your 6 black for Ben's 5 white? It uses your Exchange marker."
    # Issue 26: in Japanese the prompt breaks between phrases only (a phone broke 「マーカ/ーを」):
    # a run the browser keeps whole (.phrased: keep-all) between two <wbr>
    ja = ctx(0, lang="ja")
    said = UI.prompt(view, choice(tiles=[tile("b6")], mode="redraw", pending=rd), ja)
    assert said.attrs["class_"] == "phrased" and "マーカーを" in said.children[0]
    assert text_of(said) == f"黒6を除外し、山札{len(s['deck'])}枚から1枚引きますか？ リドローのマーカーを使います。"


def test_a_place_a_stack_may_go_keeps_the_stacked_columns_room_and_only_such_places_are_targets():
    """Issue 26: a Stack waiting for Confirm widened its place by a column (its line moved
    between the taps), and on a phone the Stack targets were 26-34 px wide (a place of one
    column). From the turn's start a place a Stack of your hand may go keeps the column's room
    (empty, out of sight; shown in Stack mode), the waiting Stack's tiles drawn in it; in
    Stack mode only those places are targets (their name as before), the others as they were."""
    s = rig([["w4b1", "b6", "w2"], ["b1", "w5"]], dice=(3, 4),
            hi=([place(4, ["w4"]), place(5, ["w2", "w3"])], []))
    view = GAME.view(s, 0)
    st = stack(0, 4, "w4b1")
    assert [m for m in GAME.legal_moves(s, 0) if m["a"] == "stack"] == [st]
    steps = [choice(), choice(mode="stack"), choice(mode="stack", tiles=st["tiles"]),
             choice(mode="stack", tiles=st["tiles"], pending=st)]
    for k, sel in enumerate(steps):
        page = Page(board(view, 0, sel)[0])
        four, five = (page.where(data_spot=f"place:0:{n}")[0] for n in (4, 5))
        columns = [el.classes for el in four.parent.where("groups")[0].children]
        # the room, then the waiting Stack's tiles in its place: two columns at every step
        assert len(columns) == 2 and columns[1][0] == "ghost", (k, columns)
        assert (columns[1] == ["ghost", "room"]) == (k < 3), (k, columns)
        assert len(five.parent.where("groups")[0].children) == 1        # no Stack of yours goes there
        stack_mode = k > 0
        assert (four.tag == "button") == stack_mode and five.tag == "span", k
        if stack_mode:
            assert page.get("button", "4: stack here", exact=False) is four
            assert not page.all("button", "5: stack here", exact=False)
    assert "stackable" in cell(render(UI.board(view, steps[1], ctx(0))), "place-0-4").cls
    # the room counted in the line's columns (the tiles are sized for it)
    assert UI.measure(view, {(0, 4)})[0] == UI.measure(view)[0] == 9          # (at least 9)
    wide = rig([["w4b1"], ["b1"]], dice=(3, 4), lo=([place(2, ["w2b2"]), place(1, ["w1b1"])], []),
               hi=([place(4, ["w4"]), place(5, ["w2", "w3"]), place(6, ["w6"]), place(7, ["w5", "w2b1"]),
                    place(8, ["w1", "w3b1", "w4b2"])], []))
    assert UI.measure(GAME.view(wide, 0), {(0, 4)})[0] == UI.measure(GAME.view(wide, 0))[0] + 1 == 11
    # not your turn (or no Stack of yours anywhere): no room kept
    page = Page(board(GAME.view(s, 1), 1, choice())[0])
    assert not page.where("room")


def drawn(page):
    """What the patcher (web/morph.js) matches, for every tile, marker and place of the table:
    the element that draws it (its tag, key and class; for a tile the tags inside it too: a
    place's words may grow by a part, which is patched in)."""
    def shape(el, inside=False):
        return el.tag, el.attrs.get("data-fx-key"), el.classes[:1], [x.tag for x in el.walk()] if inside else None
    tiles = [shape(el, True) for el in page.where("tile") if el.parent.tag == "li" and "data-fx-key" in el.attrs]
    items = [shape(li.children[0]) for li in page.where(tag="li")
             if li.parent.classes[:1] in (["markers"], ["line-row"])]
    return tiles, items


def test_a_tile_a_marker_and_a_place_are_the_same_element_whoever_is_to_move():
    """Benchmarks (issue 24): a tile, a marker or a place you could choose was a button, and a
    span when the turn passed: the page made 60-220 of its elements anew at every move (the
    patcher keeps an element only if its tag is the same). Drawn the same whatever the turn, a
    button laid over it while it can be chosen, named as before."""
    hands = [["w4b1", "b6", "w2"], ["b1", "w5"]]
    hi = ([place(4, ["w4"])], [])
    mine, theirs = (GAME.view(rig(hands, dice=(3, 4), hi=hi, turn=t), 0) for t in (0, 1))
    waiting = drawn(Page(board(theirs, 0)[0]))
    assert len(waiting[0]) == 5 and len(waiting[1]) == 6 + 7       # tiles in hands; markers, cells
    for sel in (choice(), choice(mode="stack"), choice(mode="exchange")):
        page = Page(board(mine, 0, sel)[0])
        assert drawn(page) == waiting, sel
    page = Page(board(mine, 0, choice(mode="exchange"))[0])
    assert page.get("button", "4 white 1 black (2)").attrs["data-act"] == "sel"
    assert page.get("button", "take 1 black").attrs["data-act"] == "take"
    assert page.get("button", "Stack").attrs["data-act"] == "stack"
    assert not page.all("img", "4 white 1 black")        # the drawing under a button is not heard
    stacking = Page(board(mine, 0, choice(mode="stack"))[0])
    assert stacking.get("button", "4: stack here", exact=False).attrs["data-act"] == "stack-on"
    assert Page(board(theirs, 0)[0]).get("img", "4 white 1 black").tag == "span"


def test_confirm_plays_the_move_cancel_and_escape_take_it_back():
    app, host = make_app()
    screen = start(app, ("human", "human"))
    to_play(app, screen)
    me = screen.viewer
    view = screen.match.view(me)
    moves = R.view_moves(view, me)
    redraw = next(m for m in moves if m["a"] == "redraw")
    before = list(screen.match.record.moves)
    app.act("redraw")
    app.act("sel", str(redraw["tile"]))
    assert screen.sel.pending == redraw and host.focused == "confirm-move"
    assert screen.match.record.moves == before
    app.act("cancel")                                   # Cancel: back to choosing, nothing played
    assert screen.sel.pending is None and screen.match.record.moves == before
    assert screen.sel.tiles == [redraw["tile"]]     # the selection stays
    app.act("redraw")                                   # one tile selected: pending at once
    assert screen.sel.pending == redraw
    assert app.key("Escape") and screen.sel.pending is None and screen.sel.tiles == [redraw["tile"]]
    assert app.key("Escape") and not screen.sel
    exchange = next(m for m in moves if m["a"] == "exchange")
    app.act("sel", str(exchange["give"]))
    app.act("take", str(exchange["take"]))               # taking one of theirs means an Exchange
    assert screen.sel.mode == "exchange" and screen.sel.pending == exchange
    app.act("confirm")
    assert screen.match.record.moves[:len(before) + 1] == before + [[me, exchange]]
    assert not screen.sel and screen.match.state["used"][me]["exchange"]


def test_a_place_the_tiles_do_not_fit_is_refused_by_the_engine_without_a_pending_move():
    s = rig([["w1", "w3b1", "w2", "b6"], ["b1"]], dice=(3, 4))
    view = GAME.view(s, 0)
    sel = choice(tiles=tiles("w1", "w3b1"))
    c = ctx(0)
    move = UI.act("place", "0-lo", view, sel, c)
    assert move == lay(0, "lo", "w1", "w3b1") and sel.pending is None      # the engine says why
    assert UI.act("place", "0-hi", view, sel, c) is None and sel.pending == lay(0, "hi", "w1", "w3b1")
    assert c.focus == "confirm-move"
    assert UI.act("confirm", "", view, sel, c) == lay(0, "hi", "w1", "w3b1")


# --- see what happened ------------------------------------------------------------------------------
def test_the_opponents_last_move_is_marked_until_you_move():
    s = rig([["w2", "b6", "w1"], ["w4", "b1", "b2"]], dice=(3, 4), turn=1)
    s1 = play(s, lay(0, "hi", "w4"))
    view = GAME.view(s1, 0)
    html, text, c = board(view, 0)
    [four] = [Cell(el) for el in with_class(html, "cell", "place", "last")]
    assert "white line, 4: 1 tile: 4 white Ben's last move." in four.said and four.text.startswith("◆ 4")
    assert UI.prompt(view, choice(), c).startswith("◆ Ben placed 1 tile at 4 on the white line. Your turn: you drew ")
    # seat 0 moves: nothing of Ben's is marked for seat 0 any more; Ben sees seat 0's move
    s2 = play(s1, lay(0, "lo", "w2"))
    assert not with_class(board(GAME.view(s2, 0), 0)[0], "cell", "place", "last")
    [mark] = [Cell(el) for el in with_class(board(GAME.view(s2, 1), 1)[0], "cell", "place", "last")]
    assert "Aki's last move." in mark.said
    # an Exchange: both tiles tagged, the marker outlined
    s3 = play(s1, {"a": "exchange", "give": tile("b6"), "take": tile("b1")})
    html3 = board(GAME.view(s3, 1), 1)[0]
    assert [el.all_text for el in with_class(html3, "tag", "swapped")] == ["⇄", "⇄"]
    assert with_class(html3, "marker", "used", "last")
    assert UI.prompt(GAME.view(s3, 1), choice(), ctx(1)).startswith("◆ Aki took your 1 black for 6 black (Exchange).")


def motion(html):
    """{data-fx-key: data-fx} of the elements that move."""
    return {el.attrs.get("data-fx-key"): el.attrs["data-fx"] for el in Page(html).walk()
            if "data-fx" in el.attrs}


def test_new_tiles_and_motion_flags_follow_the_latest_move_only():
    s = rig([["w2", "b6", "w1"], ["w4", "b1", "b2"]], dice=(3, 4), turn=1)
    start = len(s["log"])
    s1 = play(s, lay(0, "hi", "w4"))
    view = GAME.view(s1, 0)
    drawn = next(e["tile"] for e in view["log"] if e["e"] == "draw")
    html, _, _ = board(view, 0, fresh_from=start)
    assert motion(html) == {f"t{tile('w4')}": "slide",              # from Ben's hand
                            f"t{drawn}": "drop"}                      # drawn from the deck
    assert len(with_class(html, "tag", "new")) == 1                   # the tile you drew
    # every tile keeps its key (so it can glide later); no motion without a latest move
    quiet, _, _ = board(view, 0)
    assert motion(quiet) == {} and sum("data-fx-key" in el.attrs for el in Page(quiet).walk()) >= 7
    s2 = GAME.apply(s1, 0, {"a": "exchange", "give": tile("b6"), "take": tile("b1")})
    html2, _, _ = board(GAME.view(s2, 1), 1, fresh_from=len(s1["log"]))
    fx = [el.attrs["data-fx"] for el in Page(html2).walk() if "data-fx" in el.attrs]
    assert "flip" in fx and fx.count("slide") == 2


# --- the end ------------------------------------------------------------------------------------
def test_result_names_the_reason_first_both_hands_and_lines_in_tiles_left():
    assert UI.lower_scores_win
    seats = [{"name": "", "bot": None}, {"name": "Ben", "bot": "normal"}]
    match = play_one("bossa", {"players": 2}, 7, ["normal", "normal"])
    rec = match.record
    code = encode(Record(rec.game, rec.version, rec.options, rec.seed, rec.moves, {"seats": seats}))
    app, host = make_app(hash_=f"#load={code}")
    out = match.outcome()
    overlay = with_class(host.html, "overlay", "result")[0]
    actions = next(el for el in overlay.walk() if classes(el)[:1] == ["overlay-actions"])
    text = words(overlay)
    text = text[:text.rindex(words(actions))].strip()          # what comes before the buttons
    winner = "You" if out["winners"] == [0] else "Ben"
    assert text.startswith(f"{winner} win")
    for s, n in enumerate(out["scores"]):
        assert f"{n} tile{'s' if n != 1 else ''} left" in text
    body = with_class(overlay, "bossa", "bossa-result")[0]
    end = next(e for e in match.state["log"] if e["e"] == "end")
    assert words(body).startswith(UI.end_text(end, ctx(0, names=("You", "Ben"))))
    assert "Final hands" in text and "The lines" in text and "Put aside at the start:" in text
    every = list(body.walk())
    assert sum(classes(el)[:1] == ["line"] for el in every) == 2
    assert not any(classes(el)[:2] == ["cell", "open"] for el in every)
    assert len(with_class(body, "tile", "small")) >= sum(out["scores"])


def test_a_draw_at_the_empty_deck_reads_as_a_draw_in_tiles_left():
    s = rig([["w4", "b6"], ["b1", "b2"]], deck=[])
    s2 = GAME.apply(s, 0, {"a": "exchange", "give": tile("b6"), "take": tile("b1")})
    out = GAME.outcome(s2)
    assert out["winners"] == [0, 1] and out["how"] == "deck"
    view = GAME.view(s2, 0)
    text = Text.of(render(UI.result(view, ctx(0))))
    assert text.startswith("The deck is empty with equal hands: a draw.")
    assert UI.score_text(out, 0, ctx(0)) == "2 tiles left" and UI.score_text(out, 0, ctx(0, lang="ja")) == "残り2枚"
    assert UI.score_text({"scores": [1, 0]}, 0, ctx(0)) == "1 tile left"


def test_the_log_is_one_list_and_names_tiles_places_and_sums():
    s = rig([["w1", "w3b1", "w2", "b6"], ["b1"]], dice=(3, 4))
    s1 = GAME.apply(s, 0, lay(0, "hi", "w1", "w3b1"))
    c = ctx(1)
    place_event = next(e for e in s1["log"] if e["e"] == "place")
    assert UI.describe(place_event, c) == "Aki places 1 white, 3 white 1 black at 4 on the white line (1 + 3)."
    assert UI.describe(place_event, ctx(0)) == "You place 1 white, 3 white 1 black at 4 on the white line (1 + 3)."
    assert UI.describe(place_event, ctx(1, lang="ja")) == "Akiが白ラインの4に白1、白3黒1を置きました（1 + 3）。"
    for e in s1["log"]:
        c.log_prev = None
        assert UI.log_group(e, c) is None
    app, host = make_app()
    start(app, ("normal", "normal"))
    host.run_timers(limit=12)
    assert not Page(host.html).where(cls="log-group")


def test_progress_line_for_the_shelf():
    s = rig([["w1", "w3b1", "w2"], ["b1", "b2"]], dice=(3, 4), draw=True)
    view = GAME.view(s, None)
    assert UI.progress(view, ctx(None)) == f"Turn 1 · Aki 4 tiles, Ben 2 tiles · deck {view['deck']} · Aki to move"
    assert UI.progress(view, ctx(0)).endswith("· your turn")
    assert UI.progress(view, ctx(None, lang="ja")) == f"1手目 · Aki 4枚、Ben 2枚 · 山札{view['deck']} · Akiの番"
    fresh = GAME.setup({}, 3)
    assert UI.progress(GAME.view(fresh, None), ctx(None)) == \
        f"Sides and first turn · {['Aki', 'Ben'][fresh['high']]} chooses"
    over = GAME.apply(rig([["w4"], ["b1"]]), 0, lay(0, "hi", "w4"))
    assert UI.progress(GAME.view(over, None), ctx(None)) is None


def test_picture_is_an_svg_of_dice_and_tiles():
    page = Page(render(UI.picture()))
    svg = page.children[0]
    assert svg.tag == "svg" and svg.attrs["viewbox"] == "0 0 200 100" and svg.hidden
    assert "width" not in svg.attrs and "height" not in svg.attrs
    assert len(with_class(page, "tile-face")) == 5 and with_class(page, "pip-w") and with_class(page, "pip-b")


def test_a_revealed_view_shows_hidden_tiles_as_known_but_face_down():
    s = GAME.setup({}, 6)
    r = GAME.reveal(s)
    html, text, _ = board(r, None)
    page = Page(html)
    assert len(with_class(page, "tile", "face-down")) == 8 and "?" not in text
    assert sum(", face down" in el.attrs.get("aria-label", "") for el in page.walk()) >= 8
    assert "Put aside, face down:" in text
    # after the choice the hands are open: plain faces, the tile put aside still face down
    s2 = GAME.apply(s, s["high"], {"a": "own", "line": R.WHITE})
    html2, text2, _ = board(GAME.reveal(s2), None)
    before_side = []
    for el in Page(html2).walk():
        if "bossa-side" in classes(el):
            break
        before_side.append(el)
    assert not any("face-down" in classes(el) for el in before_side) and "Put aside, face down:" in text2


def el_is_mine(el):
    return el.tag == "section" and classes(el)[:2] == ["bossa-seat", "me"]


def test_the_regions_mark_the_players_the_table_and_your_hand():
    app, host = make_app()
    screen = start(app, ("human", "normal"))
    human_to_move(app, host, screen)
    def regions(html):
        return [(el.attrs["data-region"], el) for el in Page(html).walk() if "data-region" in el.attrs]

    found = regions(host.html)
    assert sorted(r for r, _ in found if r in ("players", "hand", "table")) == [
        "hand", "players", "table", "table"]                  # the lines, and the deck beside them
    [hand] = [el for r, el in found if r == "hand"]
    assert el_is_mine(hand), "your own hand is the hand region"
    app2, host2 = make_app()
    start(app2, ("normal", "normal"))
    others = [r for r, _ in regions(host2.html)]
    assert "hand" not in others and others.count("players") == 2


def test_the_opening_choice_says_what_each_choice_leads_to():
    app, host, screen = hot_seat(names=("Aki", "Ben"), high=0)
    app.act("handover-ok")
    rolls = screen.match.state["rolls"]
    text = host.text()
    assert f"You rolled {rolls[0]}, your opponent {rolls[1]}." in text
    assert "My side: the white line" in text
    assert f"The white line starts at {rolls[0]}, the black line at {rolls[1]}; Ben goes first." in text
    assert "I go first" in text and "Ben then chooses a side." in text
