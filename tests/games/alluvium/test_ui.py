"""ALLUVIUM screen flows in CPython through the fake host: the piece moved, turned and flipped by
keys and clicks, the preview (ticks, rectangle, why not), action B, bots deciding while the
human draws, the round summary, the final scoring step by step, two humans on one device, three
players with the virtual player, reload, rules page and strings."""

import re

from bodoge.core.record import Record, encode
from bodoge.games.alluvium import GAME
from bodoge.games.alluvium import board as B
from bodoge.games.alluvium import rules as R
from bodoge.games.alluvium.ui import CELL, RULING_KEYS, SYMBOLS, Draft, squares
from bodoge.ui.i18n import tables

from ui.fakehost import make_app


def start(app, kinds=("human", "strong", "normal", "easy"), names=()):
    app.route("#/new/alluvium")
    form = {"players": str(len(kinds))}
    for s, kind in enumerate(kinds):
        form[f"kind{s}"] = kind
        form[f"name{s}"] = names[s] if s < len(names) else ""
    app.act("start", "", form)
    return app.screen


def aim(screen, move):
    """Turn and move the piece in hand (``sel``) onto the cells of ``move`` by the UI's own
    actions: choose the piece, press R/F until the shape matches, click the first cell."""
    app = screen.app
    want = B.mask_of(move["cells"])
    if screen.sel.get("piece") != move["piece"]:
        app.act("alv-piece", move["piece"])
    for flip in range(2):
        for rot in range(4):
            app.act("alv-at", str(move["cells"][0]))
            view = screen.match.view(screen.viewer)
            if Draft(view, screen.sel).mask() == want:
                return
            app.act("alv-rot", "")
        app.act("alv-flip", "")
    raise AssertionError(f"could not aim at {move}")


def human_draws(screen, host):
    """The person at the device draws: Enter where the piece first appears if it fits there,
    else aim at the first legal move."""
    moves = GAME.legal_moves(screen.match.state, screen.viewer)
    if "fits." not in host.text():
        aim(screen, next(m for m in moves if "piece" in m))
    before = len(screen.match.record.moves)
    screen.app.key("Enter")
    assert len(screen.match.record.moves) == before + 1, host.text()


def play_out(app, host, screen, limit=3000):
    for _ in range(limit):
        if screen.match.over:
            return
        host.run_timers()
        if screen.pause is not None:
            app.act("next-round")
            continue
        if screen.handover is not None:
            app.act("handover-ok")
            continue
        if screen.viewer in screen.match.to_move():
            human_draws(screen, host)
    raise AssertionError("the game did not end")


def test_round_one_prompt_start_squares_and_keyboard_piece():
    app, host = make_app()
    screen = start(app)
    assert screen.viewer == 0 and 0 in screen.match.to_move()
    text = host.text()
    assert "Round 1: draw both pieces" in text and "start square" in text
    assert host.has(r'class="alv-start"') and host.html.count('class="alv-start"') == 2
    assert "fits." in text and "Your rectangle:" in text
    sel = screen.sel
    at = list(sel["at"])
    app.key("ArrowDown")
    assert sel["at"] == [at[0] + 1, at[1]] or sel["at"] == at      # clamped at the border
    app.key("r")
    assert sel["rot"] == 1
    app.key("f")
    assert sel["flip"] == 1
    app.key("Escape")
    assert sel["rot"] == 0 and sel["flip"] == 0
    # N walks through the places where the piece fits
    seen = set()
    for _ in range(5):
        app.key("n")
        assert "fits." in host.text()
        seen.add((tuple(sel["at"]), sel["rot"], sel["flip"]))
    assert len(seen) == 5
    # move the piece far from both start squares: the preview says why it cannot go there
    app.act("alv-at", str(B.cell(8, 0)))
    assert "cannot go here" in host.text() and "start squares" in host.text()
    assert 'class="alv-ghost bad"' in host.html
    # Enter there: the engine refuses, says so, nothing is lost
    n = len(screen.match.record.moves)
    app.key("Enter")
    assert len(screen.match.record.moves) == n and "must cover one of the two outlined" in host.text()


START_RECT = re.compile(r'<rect x="(\d+)" y="(\d+)" width="\d+" height="\d+" class="alv-start">')


def start_marks(html):
    """The (row, col) of every start square the map outlines."""
    return sorted(((int(y) - 2) // CELL, (int(x) - 2) // CELL) for x, y in START_RECT.findall(html))


def test_the_sheet_marks_the_start_squares_of_the_games_rules_version():
    """Version 2: (3, 3) and (5, 5) (0-based; the prompt says row 4, column 4 …); a version-1
    save still shows (2, 2) and (6, 6), and its pieces must cover those."""
    app, host = make_app()
    screen = start(app)
    assert start_marks(host.html) == [(3, 3), (5, 5)]
    assert "one over each outlined start square (row 4, column 4 and row 6, column 6)" in host.text()
    human_draws(screen, host)
    human_draws(screen, host)
    assert all(screen.match.state["maps"][0][i] == "0" for i in B.start_squares(2))
    host.run_timers()
    assert start_marks(host.html) == [(3, 3), (5, 5)]        # on the other sheets too
    meta = {"seats": [{"name": "", "bot": None}] + [{"name": "", "bot": "normal"}] * 3}
    code = encode(Record("alluvium", 1, GAME.options(None), 5, [], meta))
    app1, host1 = make_app(hash_="#load=" + code)
    screen1 = app1.screen
    assert R.rules_of(screen1.match.state) == 1
    assert start_marks(host1.html) == [(2, 2), (6, 6)]
    assert "row 3, column 3 and row 7, column 7" in host1.text()
    human_draws(screen1, host1)
    human_draws(screen1, host1)
    assert all(screen1.match.state["maps"][0][i] == "0" for i in B.start_squares(1))


def test_both_round_one_pieces_then_the_bots_and_the_next_sheet():
    app, host = make_app()
    screen = start(app)
    todo = list(screen.match.view(0)["todo"])
    app.act("alv-piece", todo[1])
    assert screen.sel["piece"] == todo[1] and 'aria-pressed="true"' in host.html
    human_draws(screen, host)
    assert screen.match.view(0)["todo"] == [todo[0]]
    human_draws(screen, host)
    assert any("on your map" in a for a in host.announced)
    host.run_timers()                                   # the bots draw independently
    view = screen.match.view(0)
    assert view["phase"] == "others" and view["sheet"]["owner"] == 3
    text = host.text()
    assert "you now have" in " ".join(host.announced)
    assert "draw your" in text and "Ticks for you:" in text and "rectangle:" in text
    assert "Ticks on" in text                            # the sheet's track


def test_action_b_by_keyboard_and_its_preview():
    app, host = make_app()
    screen = start(app)
    for _ in range(400):
        host.run_timers()
        if screen.pause is not None:
            app.act("next-round")
            continue
        if screen.match.over:
            break
        if screen.viewer not in screen.match.to_move():
            continue
        singles = [m for m in GAME.legal_moves(screen.match.state, 0) if "cell" in m]
        if singles and screen.match.view(0)["phase"] == "others":
            app.key("b")
            assert screen.sel["mode"] == "cell" and "One cell at" in host.text()
            target = singles[0]["cell"]
            screen.sel["cursor"] = 40
            r, c = divmod(target, 9)
            for _ in range(abs(r - 4)):
                app.key("ArrowDown" if r > 4 else "ArrowUp")
            for _ in range(abs(c - 4)):
                app.key("ArrowRight" if c > 4 else "ArrowLeft")
            assert screen.sel["cursor"] == target and "fits." in host.text()
            n = len(screen.match.record.moves)
            app.key("Enter")
            assert screen.match.record.moves[n] == [0, {"cell": target}]
            assert any("filled one cell" in a for a in host.announced)
            return
        human_draws(screen, host)
    raise AssertionError("no chance to fill one cell in these games")   # pragma: no cover


def test_round_summary_and_final_scoring_step_by_step():
    app, host = make_app()
    screen = start(app, ("human", "normal", "normal", "normal"), names=("Aki",))
    paused = False
    for _ in range(3000):
        if screen.match.over:
            break
        host.run_timers()
        if screen.pause is not None:
            if not paused:
                text = host.text()
                assert "Round 1: area bonuses" in text and "Your largest rectangle" in text
                paused = True
            app.act("next-round")
            continue
        if screen.viewer in screen.match.to_move():
            human_draws(screen, host)
    assert screen.match.over and paused
    text = host.text()
    assert "Final scoring, step by step" in text and "Step 1 of 5" in text
    out = screen.match.outcome()
    names = ["Aki", "CPU 2 (normal)", "CPU 3 (normal)", "CPU 4 (normal)"]
    head = (f"Shared win: {', '.join(names[s] for s in out['winners'])}" if len(out["winners"]) > 1
            else "You win!" if out["winners"] == [0] else f"{names[out['winners'][0]]} wins!")
    assert head in text
    app.act("alv-step", "1")
    text = host.text()
    assert "Step 2 of 5" in text and "Cooperation bonuses on Your map" in text
    assert "Largest territory" in text
    app.act("alv-step", "4")
    assert "Step 5 of 5" in host.text()
    app.act("alv-all", "")
    text = host.text()
    assert "Step 5 of 5" not in text and "Next step" not in text
    assert text.count("Cooperation bonuses on") == 4
    assert "Totals" in text and "Cooperation" in text


def test_two_humans_hand_over_in_a_simultaneous_phase():
    app, host = make_app()
    screen = start(app, ("human", "human", "normal", "normal"), names=("Aki", "Ben"))
    assert screen.handover is not None and "alv-map" not in host.html
    app.act("handover-ok")
    first = screen.viewer
    human_draws(screen, host)
    human_draws(screen, host)                            # both round-1 pieces
    assert screen.handover == 1 - first and "alv-map" not in host.html
    app.act("handover-ok")
    assert screen.viewer == 1 - first
    view = screen.match.view(screen.viewer)
    assert view["sheet"]["owner"] == screen.viewer
    human_draws(screen, host)
    human_draws(screen, host)
    host.run_timers()
    # passing: each human sees the sheet in front of them only
    assert screen.match.view(0)["sheet"]["owner"] == 3 and screen.match.view(1)["sheet"]["owner"] == 0
    play_out(app, host, screen)
    assert screen.match.over


def test_three_players_virtual_piece_prompt():
    app, host = make_app()
    screen = start(app, ("human", "normal", "normal"))
    human_draws(screen, host)
    human_draws(screen, host)
    host.run_timers()
    view = screen.match.view(0)
    assert view["phase"] == "virtual"
    text = host.text()
    assert "virtual player's" in text and "Ticks for the virtual player" in text
    assert "Virtual player ◇" in text                     # its open card, with its symbol
    human_draws(screen, host)
    assert any("for the virtual player" in a for a in host.announced)


def test_reload_continues_exactly():
    app, host = make_app()
    screen = start(app)
    human_draws(screen, host)
    host.run_timers()
    state, slot_id = screen.match.state, screen.slot.id
    app2, host2 = make_app(host.store, hash_=f"#/play/{slot_id}")
    assert app2.screen.match.state == state
    assert "alv-map" in host2.html


def test_symbols_and_names_not_colour_alone():
    app, host = make_app()
    start(app, ("human", "normal", "normal", "normal"), names=("<b>Aki</b>",))
    host.run_timers()
    text = host.text()
    for s in range(4):
        assert SYMBOLS[s] in text                       # every player's symbol beside the name
    assert "<b>Aki</b>" not in host.html and "&lt;b&gt;Aki&lt;/b&gt;" in host.html


def test_rules_page_lists_rulings_in_both_languages():
    for lang, word in (("en", "Our rulings"), ("ja", "このアプリでの裁定")):
        app, host = make_app(lang=lang)
        start(app)
        app.act("rules", "")
        text = host.text()
        assert word in text
        where_ = {"squares": squares(app.t, B.start_squares(2)), "old": squares(app.t, B.start_squares(1))}
        for key in RULING_KEYS:
            assert tables()[lang][f"alluvium.ruling.{key}"].format(**where_) in text
    assert R.RULING_AUTO_PASS and R.RULING_AREAS_PUBLIC and R.RULING_TIES_SCORE_BY_RANK


def test_rules_page_says_where_the_start_squares_are_and_marks_version_2():
    marks = {"en": ("row 4, column 4 and row 6, column 6", "row 3, column 3 and row 7, column 7",
                    "(rules version 2", "Version 2 (current)", "Version 1:", "may touch but not overlap"),
             "ja": ("4行4列と6行6列", "3行3列と7行7列", "ルール第2版", "第2版（現行）", "第1版：",
                    "隣接してもかまいませんが、重なってはいけません")}
    for lang, texts in marks.items():
        app, host = make_app(hash_="#/rules/alluvium", lang=lang)
        text = host.text()
        for mark in texts:
            assert mark in text, (lang, mark)
        assert tables()[lang]["alluvium.rules.versions.title"] in text


def test_japanese_screen():
    app, host = make_app(lang="ja")
    start(app)
    text = host.text()
    assert "ラウンド1" in text and "スタートマス" in text and "記入できます" in text
