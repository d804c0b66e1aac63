"""The table frame every game sits in (bodoge.ui.play), in CPython: the regions, the result
and round overlays (headings naming the winner, placings, "Look at the table"), the log
(numbers, groups), the log drawer, the dialogs, and bots shown one move at a time."""

import json

from bodoge.core.match import Match
from bodoge.core.record import Record, encode
from bodoge.core.selfplay import play_one
from bodoge.games import CATALOG, get_game
from bodoge.ui import games as G
from bodoge.ui.games import Ctx, GameUI, game_ui, placings
from bodoge.ui.html import h
from bodoge.ui.i18n import I18n
from bodoge.ui.storage import SETTINGS_KEY, SPEEDS

from .fakehost import FakeHost, make_app
from .page import Page
from .test_app import human_turn, start_algo


def code_of(game_id, options, seed, levels, seats, moves=None):
    match = play_one(game_id, options, seed, levels)
    rec = match.record
    cut = rec.moves if moves is None else rec.moves[:moves]
    return encode(Record(rec.game, rec.version, rec.options, rec.seed, cut, {"seats": seats})), match


def finished(seats, lang="en", seed=3, players=2):
    code, match = code_of("algo", {"players": players}, seed, ["normal"] * players, seats)
    app, host = make_app(hash_=f"#load={code}", lang=lang)
    return app, host, match.outcome()


def overlay(html, kind):
    """The overlay of ``kind`` ("result", "round-over") on the page, or None."""
    found = Page(html).where(tag="section", cls=f"overlay {kind}")
    return found[0] if found else None


def framed(host):
    """Whether the page is the play screen's frame (no top bar)."""
    return "framed" in Page(host.html).where(cls="app")[0].classes


def board_inert(host):
    return "inert" in Page(host.html).where(cls="board-wrap")[0].attrs


def present(host, *ids):
    page = Page(host.html)
    return all(page.by_id(i) is not None for i in ids)


# --- the frame ----------------------------------------------------------------------------------
def test_play_screen_has_the_frame_regions_and_no_top_bar():
    app, host = make_app()
    start_algo(app, [("human", ""), ("normal", "")])
    html = host.html
    assert 'class="app framed"' in html and 'class="topbar"' not in html
    for region in ("prompt", "log"):
        assert html.count(f'data-region="{region}"') == 1
    # the refusal's line is always there (empty), so a message does not move the board
    assert '<div class="error-slot"><p class="error" role="alert"></p></div>' in html
    assert html.index('data-region="prompt"') < html.index('class="stage"') < html.index('data-region="log"')
    # the header: name and tools, the language switch included
    for tool in ("open-share", "open-rules", "open-log", "go-shelf", "lang-switch"):
        assert f'id="{tool}"' in html
    app.act("lang", "ja")
    assert "手の記録" in host.text() and framed(host)


def test_shelf_and_setup_keep_the_top_bar():
    app, host = make_app()
    assert Page(host.html).where(cls="topbar") and not framed(host)
    app.route("#/new/alter")
    assert Page(host.html).where(cls="topbar") and not framed(host)


def test_a_refusal_fills_the_reserved_line():
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    screen.error = "Not like that."
    app.refresh()
    alert = Page(host.html).get("alert")
    assert alert.text == "Not like that." and alert.parent.classes == ["error-slot"]


# --- the result overlay ---------------------------------------------------------------------------
def test_result_overlay_names_the_winner_first_with_placings():
    seats = [{"name": "Aki", "bot": "normal"}, {"name": "Ben", "bot": "normal"}]
    for seed in range(1, 30):
        app, host, out = finished(seats, seed=seed)
        if len(out["winners"]) == 1:
            break
    winner = ["Aki", "Ben"][out["winners"][0]]
    loser = ["Aki", "Ben"][1 - out["winners"][0]]
    box = overlay(host.html, "result")
    assert box is not None and box.role == "dialog"
    heading = box.get("heading", f"{winner} wins the game")
    assert heading.id == "result-heading" and heading.attrs.get("tabindex") == "-1"
    text = box.words
    assert text.index(f"1st {winner}") < text.index(f"2nd {loser}")
    # the buttons: new game, look at the table, the shelf
    assert box.where(tag="a", href="#/new/algo") and box.where(id="look-at-table")
    assert box.where(tag="a", href="#/")
    # the board is behind it, inert; the prompt still says the game is over
    assert board_inert(host)
    assert "The game is over." in host.text()


def test_result_heading_for_you_for_a_shared_win_and_in_japanese():
    you = [{"name": "", "bot": None}, {"name": "", "bot": "normal"}]
    for seed in range(1, 40):
        app, host, out = finished(you, seed=seed)
        if out["winners"] == [0]:
            break
    assert out["winners"] == [0]
    assert Page(host.html).has("heading", "You win the game")
    app.act("lang", "ja")
    assert Page(host.html).has("heading", "あなたの勝ち") and "1位" in host.text()
    # shared: three seats, one round each
    three = [{"name": n, "bot": "normal"} for n in ("Aki", "Ben", "Cy")]
    for seed in range(1, 60):
        code, match = code_of("algo", {"players": 3}, seed, ["normal"] * 3, three)
        if len(match.outcome()["winners"]) > 1:
            break
    app, host = make_app(hash_=f"#load={code}")
    names = [("Aki", "Ben", "Cy")[s] for s in match.outcome()["winners"]]
    expected = (" and ".join(names) if len(names) == 2 else f"{names[0]}, {names[1]} and {names[2]}")
    assert Page(host.html).has("heading", f"{expected} share the win")
    assert overlay(host.html, "result").words.count("1st") == len(names)


def test_look_at_the_table_and_back_to_the_result():
    app, host, _ = finished([{"name": "Aki", "bot": "normal"}, {"name": "Ben", "bot": "normal"}])
    app.act("overlay", "hide")
    assert overlay(host.html, "result") is None
    assert host.focused == "show-overlay" and present(host, "show-overlay")
    assert not Page(host.html).where(inert=True)     # the final position can be looked at
    assert "Show the result" in host.text()
    app.act("overlay", "show")
    assert overlay(host.html, "result") is not None and host.focused == "result-heading"


def test_placings_winners_first_then_by_score_ties_share_a_place():
    out = {"winners": [2], "scores": [3, 5, 6, 5]}
    assert placings(out) == [(1, 2), (2, 1), (2, 3), (4, 0)]
    assert placings({"winners": [0, 1], "scores": [4, 4, 1]}) == [(1, 0), (1, 1), (3, 2)]
    # a game where fewer is better (tiles left), and the winner named by the rules
    assert placings({"winners": [1], "scores": [3, 0, 1]}, lower_wins=True) == [(1, 1), (2, 2), (3, 0)]
    # a Victory winner need not have the best score: still first
    assert placings({"winners": [0], "scores": [1, 9]}) == [(1, 0), (2, 1)]


def test_a_game_can_say_how_its_scores_read_and_name_a_team():
    class Points(type(game_ui("algo"))):
        def score_text(self, outcome, seat, ctx):
            return ctx.t("result.place.1") + f" / {outcome['scores'][seat]} pts"

        def result_heading(self, view, outcome, ctx):
            return "Team A wins"

    app, host, out = finished([{"name": "Aki", "bot": "normal"}, {"name": "Ben", "bot": "normal"}])
    screen = app.screen
    screen.gui = Points()
    app.refresh()
    box = overlay(host.html, "result").words
    assert box.startswith("Team A wins") and f"{out['scores'][0]} pts" in box


def test_the_default_score_reads_as_the_number_and_joined_names():
    i18n = I18n("en")
    ctx = Ctx(i18n, ["Aki", "Ben", "Cy"], None, [])
    assert GameUI().score_text({"winners": [0], "scores": [7, 2, 1]}, 0, ctx) == "7"
    assert G.joined(i18n.t, ["Aki"]) == "Aki"
    assert G.joined(i18n.t, ["Aki", "Ben", "Cy"]) == "Aki, Ben and Cy"
    assert G.joined(I18n("ja").t, ["Aki", "Ben"]) == "AkiとBen"


# --- the round overlay ----------------------------------------------------------------------------
def until_round_ends(app, host, screen):
    for _ in range(500):
        host.run_timers()
        if screen.pause is not None or screen.match.over:
            return
        if screen.viewer in screen.match.to_move():
            human_turn(app, screen)


def test_round_overlay_over_the_board_with_next_round_and_the_game_s_heading(monkeypatch):
    seen = []
    gui = game_ui("algo")
    board = gui.board

    def spy(view, sel, ctx):
        seen.append(ctx.pause)
        return board(view, sel, ctx)

    monkeypatch.setattr(gui, "board", spy)
    monkeypatch.setattr(gui, "round_heading", lambda e, ctx: ctx.say("algo.round_won", e["winner"],
                                                                     round=e["round"] + 1),
                        raising=False)
    app, host = make_app()
    screen = start_algo(app, [("human", "Aki"), ("strong", "Ben")])
    until_round_ends(app, host, screen)
    assert screen.pause is not None
    box = overlay(host.html, "round-over")
    assert box is not None and box.name == box.by_id("round-heading").text
    said = "you win" if screen.pause["winner"] == 0 else "Ben wins"
    assert box.get("heading", f"Round 1: {said}").id == "round-heading"
    assert box.where(id="next-round") and host.focused == "next-round"
    # the board behind was drawn knowing which round ended
    assert seen[-1] is screen.pause
    app.act("overlay", "hide")                 # look at the table; Next round is in the prompt
    assert overlay(host.html, "round-over") is None
    assert present(host, "next-round", "show-overlay")
    assert board_inert(host)
    app.act("next-round")
    assert screen.pause is None and seen[-1] is None
    assert overlay(host.html, "round-over") is None and not present(host, "show-overlay")


def before_the_last_move():
    """For every game played in turns: a demo game opened one move before its end, a person
    at the seat that plays it and bots at the others; yields (game id, app, host, seat, move)."""
    for g in (g for g in CATALOG if g.playable and not get_game(g.id).realtime):
        game_id, level = g.id, g.demo_level
        n = get_game(game_id).options(g.demo_options)["players"]
        for seed in range(5, 50):      # a game whose last move is chosen, not one that makes
            rec = play_one(game_id, g.demo_options, seed, [level] * n).record    # itself
            match = Match.from_record(rec)
            k = len(rec.moves) - 1
            if get_game(game_id).automatic(match.history.state(k)) is None:
                break
        seat, move = rec.moves[-1]
        seats = [{"name": f"P{s}", "bot": None if s == seat else level} for s in range(n)]
        code = encode(Record(rec.game, rec.version, rec.options, rec.seed, rec.moves[:-1], {"seats": seats}))
        app, host = make_app(hash_=f"#load={code}")
        yield game_id, app, host, seat, move


def test_the_move_that_ends_the_game_is_drawn_a_frame_before_the_result():
    """Issue 14: the last move is on screen within a frame; the result, the largest redraw,
    comes over the table in the next frame, with the focus on its heading. Every game played in turns."""
    for game_id, app, host, seat, move in before_the_last_move():
        screen = app.screen
        host.held = []                                 # no frame painted until painted()
        drawn = len(host.renders)
        assert screen.play(seat, move) is True, game_id
        assert screen.match.over and len(host.renders) == drawn + 1, game_id
        assert overlay(host.html, "result") is None and not present(host, "show-overlay")
        host.painted()
        assert overlay(host.html, "result") is not None, game_id
        assert host.focused == "result-heading" and len(host.renders) == drawn + 3, game_id


def tree(el):
    """An element as plain data, whether it is inert (the board behind an overlay) apart."""
    return (el.tag, sorted((k, v) for k, v in el.attrs.items() if k != "inert"),
            [c if isinstance(c, str) else tree(c) for c in el.children])


def test_the_result_comes_over_the_board_the_move_drew_without_drawing_it_again(monkeypatch):
    """The redraw that brings the result in reuses the board the last move drew (its markup
    made once): the board is the largest part of a screen, and nothing of it changed."""

    for game_id, app, host, seat, move in before_the_last_move():
        screen = app.screen
        host.held = []
        boards = []
        draw = screen.gui.board
        monkeypatch.setattr(screen.gui, "board", lambda *a: boards.append(1) or draw(*a))
        assert screen.play(seat, move) is True and boards == [1], game_id
        board = tree(Page(host.html).where(cls="board-wrap")[0])
        host.painted()
        assert overlay(host.html, "result") is not None, game_id
        assert boards == [1], game_id             # not drawn again (a save's banner apart)
        assert tree(Page(host.html).where(cls="board-wrap")[0]) == board, game_id
        screen.overlay_hidden = True                # anything else drawn: the board is drawn
        app.refresh()
        assert len(boards) == 2, game_id
        monkeypatch.undo()


def test_the_move_that_ends_a_round_is_drawn_a_frame_before_its_summary():
    app, host = make_app()
    screen = start_algo(app, [("human", "Aki"), ("strong", "Ben")])
    host.held = []
    for _ in range(500):                      # whoever ends the round, a frame is not painted yet
        host.painted()
        host.run_timers()
        if screen.pause is None and screen.viewer in screen.match.to_move():
            human_turn(app, screen)
        if screen.pause is not None:
            break
    assert screen.pause is not None and screen.overlay_held
    assert overlay(host.html, "round-over") is None
    host.painted()
    assert overlay(host.html, "round-over") is not None and host.focused == "next-round"


def test_without_a_round_heading_the_summary_keeps_its_own(monkeypatch):
    gui = game_ui("algo")       # as a game without the hook, whose summary has its own heading
    monkeypatch.setattr(gui, "round_heading", GameUI.round_heading.__get__(gui))
    monkeypatch.setattr(gui, "round_summary", lambda e, ctx: h("h2", {"id": "round-title"}, "Over"))
    app, host = make_app()
    screen = start_algo(app, [("human", "Aki"), ("strong", "Ben")])
    until_round_ends(app, host, screen)
    box = overlay(host.html, "round-over")
    assert box.attrs.get("aria-labelledby") == "round-title" and not box.where(id="round-heading")
    assert box.where(tag="h2", id="round-title")


# --- the log --------------------------------------------------------------------------------------
def test_log_lines_are_numbered_from_the_first_and_grouped_by_round():
    seats = [{"name": "Aki", "bot": "normal"}, {"name": "Ben", "bot": "normal"}]
    code, match = code_of("algo", {"players": 2}, 5, ["normal"] * 2, seats)
    app, host = make_app(hash_=f"#load={code}")
    screen = app.screen
    items = screen.log_items(screen.match.view(None), screen.ctx(None))
    heads = [head for head, _ in items if head]
    rounds = len(match.state["results"])
    assert heads == [f"Round {n}" for n in range(1, rounds + 1)] + ["End of the game"]
    log = Page(host.html).by_id("log-list")
    assert log_numbers(log) == list(range(1, len(items) + 1))
    assert [g.text for g in log.where(tag="h3", cls="log-group")] == heads
    # the lines of round 2 come after its heading
    text = log.words
    assert text.index("Round 2") < text.index(items[[h for h, _ in items].index("Round 2")][1])


def log_numbers(log):
    """The numbers of the log's lines ("12." each)."""
    return [int(n.text.rstrip(".")) for n in log.where(tag="span", cls="log-n")]


def test_a_long_log_shows_its_last_lines_under_their_group_numbered_as_in_the_game():
    seats = [{"name": n, "bot": "normal"} for n in ("Aki", "Ben", "Cy", "Dee")]
    code, _ = code_of("algo", {"players": 4}, 2, ["normal"] * 4, seats)
    app, host = make_app(hash_=f"#load={code}")
    screen = app.screen
    items = screen.log_items(screen.match.view(None), screen.ctx(None))
    from bodoge.ui.play import render_log
    node = render_log(screen, screen.match.view(None), screen.ctx(None),
                      window=lambda entries: (max(0, len(entries) - 30), len(entries)))
    from bodoge.ui.html import render
    html = render(node)
    assert log_numbers(Page(html)) == list(range(len(items) - 29, len(items) + 1))
    # the first group shown is headed even though it began before the window
    first_head = [head for head, _ in items[:len(items) - 29] if head][-1]
    blocks = Page(html).by_id("log-list").children
    assert blocks[0].children[0].tag == "h3" and blocks[0].children[0].text == first_head
    # each group is a block of its own: its heading sticks only over its own lines (issue 26)
    assert all(b.attrs.get("class") == "log-block" and b.children[-1].tag == "ol" for b in blocks)


def test_a_game_without_rounds_has_one_list_and_a_game_may_group_its_own_way(monkeypatch):
    app, host = make_app(hash_="#/new/bossa")
    app.act("start", "", {"players": "2", "kind0": "human", "kind1": "normal"})
    host.run_timers()
    assert not Page(host.html).where(cls="log-group")
    gui = game_ui("bossa")
    monkeypatch.setattr(gui, "log_group", lambda e, ctx: "Setup" if ctx.log_prev is None else None,
                        raising=False)
    app.screen.described = None
    app.refresh()
    assert [g.text for g in Page(host.html).where(tag="h3", cls="log-group")] == ["Setup"]


def test_log_groups_are_worked_out_once_per_event():
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    gui = screen.gui
    calls = []
    group = gui.log_group
    gui.log_group = lambda e, ctx: calls.append(e) or group(e, ctx)
    try:
        app.refresh()
        assert calls == []
        human_turn(app, screen)
        host.run_timers()
        n = len(screen.match.view(screen.viewer)["log"])
        assert 0 < len(calls) < n
    finally:
        del gui.log_group


# --- the log drawer (phones) ----------------------------------------------------------------------
def drawer_open(host):
    return bool(Page(host.html).where(data_log="open"))


def test_log_drawer_opens_and_closes_with_its_button_and_escape():
    app, host = make_app()
    screen = start_algo(app, [("human", ""), ("normal", "")])
    assert not drawer_open(host) and not Page(host.html).by_id("open-log").expanded
    app.act("log", "open")
    assert screen.log_open and drawer_open(host) and Page(host.html).by_id("open-log").expanded
    assert host.focused == "log-close"
    assert app.key("Escape")
    assert not screen.log_open and host.focused == "open-log"
    app.act("log", "open")
    app.act("log", "close")
    assert not screen.log_open and not drawer_open(host)
    # the game's keys still work with the drawer closed
    assert not app.key("Escape") or not screen.sel


def test_play_me_sits_in_the_frame_and_its_drawer_closes_before_it_pauses():
    app, host = make_app(hash_="#/new/playme")
    app.act("start", "", {"players": "3", "kind0": "human", "kind1": "strong", "kind2": "strong"})
    screen = app.screen
    html = host.html
    assert 'class="app framed"' in html and 'data-region="prompt"' in html and 'data-region="log"' in html
    assert html.index('id="prompt"') < html.index('class="stage"')
    app.act("start-round", "")
    app.act("log", "open")
    assert screen.log_open
    assert app.key("Escape")
    assert not screen.log_open and not screen.clock.paused     # Escape closed the drawer, not the round


# --- dialogs --------------------------------------------------------------------------------------
def test_dialog_close_button_comes_before_the_long_body():
    app, host = make_app()
    start_algo(app, [("human", ""), ("normal", "")])
    app.act("rules")
    dlg = Page(host.html).where(tag="section", cls="dialog")[0]
    order = [el.id or el.classes for el in dlg.walk()]
    assert order.index("dialog-close") < order.index(["dialog-body"])
    assert host.focused == "dialog-close"


# --- bots, one move at a time ---------------------------------------------------------------------
def test_bot_moves_are_shown_one_at_a_time_at_the_chosen_speed():
    host = FakeHost()
    host.store.set(SETTINGS_KEY, json.dumps({"lang": "en", "speed": "normal"}))
    from bodoge.ui.app import App
    app = App(host)
    host.app = app
    app.start("#/")
    screen = start_algo(app, [("human", ""), ("normal", ""), ("normal", "")], players=3)
    human_turn(app, screen)                      # a miss: the bots play on
    start = len(screen.match.record.moves)
    host.renders.clear()
    for _ in range(200):
        if screen.viewer in screen.match.to_move() or screen.pause is not None or screen.match.over:
            break
        host.run_timers(limit=1)
    bot_moves = len(screen.match.record.moves) - start
    assert bot_moves >= 2
    # one render for each position after a bot move, each the speed's delay after the last
    shown = {}
    for at, moves in host.renders:
        shown.setdefault(moves, at)
    positions = list(range(start + 1, start + bot_moves + 1))
    assert all(m in shown for m in positions)
    gaps = [shown[b] - shown[a] for a, b in zip(positions, positions[1:])]
    assert gaps and all(gap == SPEEDS["normal"] for gap in gaps), gaps
    assert len([r for r in host.renders if r[1] in positions]) == len(positions)


def test_play_me_s_result_is_the_frame_s_overlay_with_its_way_back():
    seats = [{"name": n, "bot": "strong"} for n in ("Aki", "Ben", "Cy")]
    code, match = code_of("playme", {"players": 3}, 4, ["strong"] * 3, seats)
    app, host = make_app(hash_=f"#load={code}")
    box = overlay(host.html, "result")
    names = [("Aki", "Ben", "Cy")[s] for s in match.outcome()["winners"]]
    assert box is not None and names[0] in box.words.split(" wins")[0]
    app.act("overlay", "hide")
    assert overlay(host.html, "result") is None and present(host, "show-overlay")
    app.act("overlay", "show")
    assert overlay(host.html, "result") is not None


def test_a_notice_floats_over_the_table_and_goes_after_a_while():
    code, _ = code_of("algo", {"players": 2}, 3, ["normal"] * 2,
                      [{"name": "", "bot": None}, {"name": "Aki", "bot": "normal"}], moves=2)
    app, host = make_app(hash_=f"#load={code}")
    app.act("keep-here")                  # kept: opening the same link again says so
    app.route(f"#load={code}")
    assert present(host, "notice") and "already saved" in host.text()
    while present(host, "notice"):
        assert host.run_timers(limit=1) == 1
    assert host.elapsed >= 5000 and framed(host)


def test_what_follows_a_moves_frame_reads_the_views_the_move_made(monkeypatch):
    """The save after the frame (the shelf's progress line reads the spectator view) and the
    redraw that brings a summary in read the views the move made: the position is the same
    (ALTER's view walks the whole log)."""
    for game_id, app, host, seat, move in before_the_last_move():
        screen = app.screen
        host.held = []
        assert screen.play(seat, move) is True, game_id
        views = []
        original = type(screen.game).view
        monkeypatch.setattr(type(screen.game), "view",
                            lambda self, *a: views.append(a[1]) or original(self, *a))
        host.painted()                       # the save, the result over the table
        assert overlay(host.html, "result") is not None, game_id
        assert screen.slot.stored and views == [], (game_id, views)
        monkeypatch.undo()
