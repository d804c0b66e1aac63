"""ALLUVIUM screen flows in CPython through the fake host: the three regions; the piece as a
preview that starts where it fits, follows the pointer, is placed by a click and drawn by a
second, dragged, turned by the wheel, a right-click and keys; Next place it fits through every
turn and flip; the preview's ticks and rectangle; action B; what the others drew on your map
while it was away; pieces dropping into place; the round summary over the round that ended; the
result and the final scoring step by step; log lines and groups; the shelf's picture and
progress line; two humans on one device; three players with the virtual player; a replay's
table; reload; rules page and strings."""

import re

import pytest

from bodoge.core.record import Record, encode
from bodoge.core.selfplay import play_one
from bodoge.games.alluvium import GAME
from bodoge.games.alluvium import board as B
from bodoge.games.alluvium import rules as R
from bodoge.games.alluvium.ui import (CELL, RULING_KEYS, SYMBOLS, UI, Choice, Draft, anchor_of, same_sheet,
                                      squares, turns_of)
from bodoge.ui.games import Ctx
from bodoge.ui.html import render
from bodoge.ui.i18n import I18n, tables

from ui.fakehost import Text, make_app
from ui.page import Page


def start(app, kinds=("human", "strong", "normal", "easy"), names=()):
    app.route("#/new/alluvium")
    form = {"players": str(len(kinds))}
    for s, kind in enumerate(kinds):
        form[f"kind{s}"] = kind
        form[f"name{s}"] = names[s] if s < len(names) else ""
    app.act("start", "", form)
    return app.screen


def view_of(screen):
    return screen.match.view(screen.viewer)


def draft(screen):
    return Draft(view_of(screen), screen.sel.copy())


def aim(screen, move):
    """Bring the piece in hand onto the cells of ``move`` by the UI's own keys: the piece (P),
    the turn (R, F), then the arrows."""
    app = screen.app
    if screen.sel.piece != move["piece"]:
        app.key("p")
    assert screen.sel.piece == move["piece"]
    want = B.mask_of(move["cells"])
    top = min(i // B.SIZE for i in move["cells"])
    left = min(i % B.SIZE for i in move["cells"])
    for _flip in range(2):
        for _rot in range(4):
            shape = B.shape(move["piece"], screen.sel.rot, screen.sel.flip)
            if B.place(shape, top, left) == want:
                ar, ac = anchor_of(shape)
                r, c = screen.sel.at
                for _ in range(abs(top + ar - r)):
                    app.key("ArrowDown" if top + ar > r else "ArrowUp")
                for _ in range(abs(left + ac - c)):
                    app.key("ArrowRight" if left + ac > c else "ArrowLeft")
                assert draft(screen).mask() == want
                return
            app.key("r")
        app.key("f")
    raise AssertionError(f"could not aim at {move}")


def human_draws(screen, host):
    """The person at the device draws: Enter where the piece first appears if it fits there,
    else aim at the first legal move."""
    moves = GAME.legal_moves(screen.match.state, screen.viewer)
    pieces = [m for m in moves if "piece" in m]
    if not pieces:                                   # only one cell may be filled: B
        screen.app.key("b")
        screen.app.act("alv-at", str(moves[0]["cell"]))
    elif "Fits:" not in host.text():
        aim(screen, pieces[0])
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


def until_others(app, host, screen):
    """Draw both round-1 pieces and let the bots draw: the sheets have passed."""
    human_draws(screen, host)
    human_draws(screen, host)
    host.run_timers()
    assert view_of(screen)["phase"] == "others"


def regions(html):
    return [el.attrs["data-region"] for el in Page(html).walk() if "data-region" in el.attrs]


def words(el):
    """Every text inside ``el``, a space between its parts (as ``Text.of`` reads markup)."""
    return " ".join(" ".join(x if isinstance(x, str) else words(x) for x in el.children).split())


def with_class(el, cls):
    """The elements inside ``el`` (a Page or an element; markup is read) of class ``cls``."""
    el = Page(el) if isinstance(el, str) else el
    return [x for x in el.walk() if cls in x.attrs.get("class", "").split()]


# --- the table, the hand, the players --------------------------------------------------------------
def test_the_sheet_the_hand_and_the_players_are_the_three_regions():
    app, host = make_app()
    screen = start(app, names=("", "Aki", "Ben", "Cy"))
    found = regions(host.html)
    assert {"prompt", "table", "hand", "players", "log"} <= set(found)
    text = host.text()
    assert "Your map ○" in text and "Round 1 of 4" in text and "Your piece:" in text
    for label in ("Turn", "Flip", "Next place it fits", "Draw here"):
        assert label in text
    assert "One cell instead" not in text                 # only where a cell may be filled
    # the players, in the order the sheets pass (clockwise: Aki gets your sheet first)
    assert "Sheets pass clockwise: to Aki, from Cy" in text
    ring = [el.text for el in with_class(host.html, "alv-pn")]
    assert ring == ["You ○", "Aki △", "Ben □", "Cy ◇"]      # you first, then as the sheets pass
    until_others(app, host, screen)
    text = host.text()
    owner = view_of(screen)["sheet"]["owner"]
    assert owner == 3 and "Cy's map ◇" in text and "pass 1 of 3" in text
    assert "this map" in text and "0 ticks" in text       # the owner; the others' ticks here
    assert "One cell instead" not in text or B.single_cells(R.filled_mask(view_of(screen)["sheet"]["cells"]))


def test_the_preview_starts_where_it_fits_and_looks_unlike_drawn_cells():
    app, host = make_app()
    screen = start(app)
    d = draft(screen)
    assert d.problem() is None                        # it fits where it starts
    r, c = screen.sel.at
    assert abs(r - 4) + abs(c - 4) <= 2               # near the middle, not in a corner
    page = Page(host.html)
    # translucent cells and a dashed outline, hidden from the pointer; drawn cells are plain
    assert len(with_class(page, "alv-ghost")) == d.mask().bit_count()
    assert with_class(page, "alv-ghost-line") and with_class(page, "alv-preview-piece")
    assert not [el for el in with_class(page, "alv-cell") if "filled" in el.attrs["class"].split()]
    text = host.text()
    assert "Fits:" in text and "Your rectangle: 0 →" in text


def test_the_preview_shows_the_ticks_and_rectangle_from_the_engine():
    app, host = make_app()
    screen = start(app)
    until_others(app, host, screen)
    view = view_of(screen)
    move = draft(screen).move()
    got = R.preview(view, move)
    text = host.text()
    name = screen.names()[view["sheet"]["owner"]]
    assert f"{name}'s rectangle: {got['area_before']} → {got['area']}." in text
    assert (f"+{got['ticks']} ticks for you" in text) or (got["ticks"] == 1 and "+1 tick for you" in text)
    assert host.html.count('class="alv-tick"') == got["ticks"]
    top, left, hh, ww = got["rect"]
    assert [r for r in Page(host.html).where(tag="rect", cls="alv-rect new")
            if (r.attrs["width"], r.attrs["height"]) == (str(ww * CELL - 4), str(hh * CELL - 4))]


def test_round_one_keys_turn_flip_next_and_escape():
    app, host = make_app()
    screen = start(app)
    assert screen.viewer == 0 and 0 in screen.match.to_move()
    t = I18n("en").t
    a, b = (t(f"alluvium.piece.{p}") for p in view_of(screen)["todo"])
    assert f"Draw {a} and {b}, each over a start square." in host.text()
    assert host.html.count('class="alv-start"') == 2
    sel = screen.sel
    at = list(sel.at)
    app.key("ArrowDown")
    assert sel.at in ([at[0] + 1, at[1]], at) and sel.pinned
    app.key("r")
    assert sel.rot == 1
    app.key("f")
    assert sel.flip == 1
    app.key("Escape")
    assert sel.rot == 0 and sel.flip == 0 and not sel.pinned
    # a click far from both start squares places it there: the preview says why not
    app.act("alv-at", str(B.cell(8, 0)))
    assert "Cannot go here:" in host.text() and "start squares" in host.text()
    page = Page(host.html)
    assert page.where(cls="alv-ghost bad") and page.where(cls="alv-ghost-line bad")
    # Enter there: the engine refuses, says so, nothing is lost
    n = len(screen.match.record.moves)
    app.key("Enter")
    assert len(screen.match.record.moves) == n and "must cover one of the two outlined" in host.text()


def test_next_place_it_fits_goes_through_every_turn_and_flip():
    """N visits every legal drawing of the piece once (every position, turn and flip), then
    starts again; the turn changes on the way."""
    app, host = make_app()
    screen = start(app)
    until_others(app, host, screen)
    view = view_of(screen)
    piece = view["todo"][0]
    legal = {B.mask_of(m["cells"]) for m in GAME.legal_moves(screen.match.state, 0) if m.get("piece") == piece}
    seen, turns = [], set()
    for _ in range(len(legal)):
        app.key("n")
        d = draft(screen)
        assert d.problem() is None and "Fits:" in host.text()
        seen.append(d.mask())
        turns.add(B.shape(piece, screen.sel.rot, screen.sel.flip))
    assert set(seen) == legal and len(seen) == len(legal)       # each once
    assert len(turns) == len({B.shape(piece, r, f) for r, f in turns_of(piece)} & turns) > 1
    app.key("n")
    assert draft(screen).mask() == seen[0]                      # round again


def test_the_piece_follows_the_mouse_until_a_click_places_it_and_a_second_click_draws_it():
    app, host = make_app()
    app.act("set-confirm", "", {"confirm": "on"})          # Settings → Confirm moves: always
    screen = start(app)
    sel = screen.sel
    home = list(sel.at)
    app.act("alv-ptr", "over:" + str(B.cell(2, 6)))
    assert sel.at == [2, 6] and not sel.pinned
    assert "row 3, column 7" in host.text()
    app.act("alv-ptr", "over:" + str(B.cell(3, 4)))
    assert sel.at == [3, 4]
    app.act("alv-ptr", "over:")                       # off the map: back where it rested
    assert sel.at == home
    app.act("alv-ptr", "over:" + str(B.cell(4, 3)))
    # the first click places it where it is (under the pointer), the second on it draws it
    target = B.cell(4, 3)
    assert draft(screen).mask() >> target & 1
    n = len(screen.match.record.moves)
    app.act("alv-ptr", f"down:{target}")
    app.act("alv-ptr", f"up:{target}")
    app.act("alv-at", str(target))
    assert sel.pinned and sel.at == [4, 3] and len(screen.match.record.moves) == n
    app.act("alv-ptr", "over:" + str(B.cell(8, 8)))   # placed: it no longer follows
    assert sel.at == [4, 3]
    expected = draft(screen).move()
    ok = draft(screen).problem() is None
    app.act("alv-ptr", f"down:{target}")
    app.act("alv-ptr", f"up:{target}")
    app.act("alv-at", str(target))
    if ok:
        assert screen.match.record.moves[n] == [0, expected]
    else:                                             # refused by the engine, said why
        assert len(screen.match.record.moves) == n and host.has('class="error" role="alert">[^<]')


def test_a_tap_off_the_piece_moves_it_there_and_a_tap_on_it_draws_it():
    app, host = make_app()
    screen = start(app)
    d = draft(screen)
    cell = next(i for i in range(B.CELLS) if d.exact(i, d.rot, d.flip) is not None
                and not d.exact(i, d.rot, d.flip) & d.mask() and d.legal(d.exact(i, d.rot, d.flip)))
    move = {"piece": d.piece, "cells": B.cells_of(d.exact(cell, d.rot, d.flip))}
    # a finger: down and up on the same cell, then the click the browser sends; twice
    for _ in range(2):
        app.act("alv-ptr", f"down:{cell}")
        app.act("alv-ptr", f"up:{cell}")
        app.act("alv-at", str(cell))
    assert screen.match.record.moves[0] == [0, move]


def test_a_drag_moves_the_piece_keeping_where_it_was_held():
    app, host = make_app()
    screen = start(app)
    sel = screen.sel
    r, c = sel.at
    held = next(i for i in B.cells_of(draft(screen).mask()) if i != r * B.SIZE + c)
    dr, dc = held // B.SIZE - r, held % B.SIZE - c
    app.act("alv-ptr", f"down:{held}")
    assert not sel.pinned
    app.act("alv-ptr", f"drag:{held + 1}")
    app.act("alv-ptr", f"drag:{held + 1 + B.SIZE}")
    assert sel.at == [r + 1, c + 1]
    assert draft(screen).mask() >> (held + 1 + B.SIZE) & 1     # still held by the same cell
    app.act("alv-ptr", "drag:")                                  # off the map: stays
    assert sel.at == [r + 1, c + 1]
    app.act("alv-ptr", f"up:{held + 1 + B.SIZE}")
    assert sel.pinned and (dr, dc) == (held // B.SIZE - r, held % B.SIZE - c)
    # a drag that ends where it began sends a click too: it draws nothing
    n = len(screen.match.record.moves)
    back = held + 1 + B.SIZE
    app.act("alv-ptr", f"down:{back}")
    app.act("alv-ptr", f"drag:{back + 1}")
    app.act("alv-ptr", f"drag:{back}")
    app.act("alv-ptr", f"up:{back}")
    app.act("alv-at", str(back))
    assert len(screen.match.record.moves) == n and sel.at == [r + 1, c + 1]
    # Enter draws it where it was dragged (if it may go there)
    expected = draft(screen).move()
    app.key("Enter")
    if draft(screen).problem() is None:
        assert screen.match.record.moves[n] == [0, expected]


def test_the_wheel_and_a_right_click_turn_the_piece():
    app, host = make_app()
    screen = start(app)
    sel = screen.sel
    app.act("alv-ptr", "wheel:40:+1")
    assert sel.rot == 1 and sel.at == [4, 4]
    app.act("alv-ptr", "wheel:40:-1")
    assert sel.rot == 0
    app.act("alv-ptr", "wheel:40:-1")
    assert sel.rot == 3
    app.act("alv-ptr", "menu:40")
    assert sel.rot == 0
    assert "turned 0°" in host.text()
    app.act("alv-rot", "")
    assert sel.rot == 1 and "turned 90°" in host.text()      # and the button


def test_the_map_takes_pointer_events_only_while_you_draw():
    app, host = make_app()
    screen = start(app)
    assert Page(host.html).where(data_pointer="alv-ptr")
    until_others(app, host, screen)
    human_draws(screen, host)
    if 0 not in screen.match.to_move():
        assert not Page(host.html).where(data_pointer="alv-ptr") and "Still drawing" in host.text()
    n = len(screen.match.record.moves)
    app.act("alv-ptr", "down:40")                  # nothing happens for a seat not to move
    app.act("alv-at", "40")
    assert len(screen.match.record.moves) == n


def person_turns(app, host, screen, limit=400):
    """Play the game on (the bots move, each round summary is passed), yielding at each of the
    person's turns; the caller makes a move or calls ``human_draws``."""
    for _ in range(limit):
        host.run_timers()
        if screen.pause is not None:
            app.act("next-round")
            continue
        if screen.match.over:
            return
        if screen.viewer in screen.match.to_move():
            yield


def test_action_b_by_keyboard_and_its_preview():
    app, host = make_app()
    screen = start(app)
    for _ in person_turns(app, host, screen):
        singles = [m for m in GAME.legal_moves(screen.match.state, 0) if "cell" in m]
        if singles and view_of(screen)["phase"] == "others":
            assert "One cell instead" in host.text()
            app.key("b")
            assert screen.sel.mode == "cell" and "One cell at" in host.text()
            target = singles[0]["cell"]
            screen.sel.cursor = 40
            r, c = divmod(target, 9)
            for _ in range(abs(r - 4)):
                app.key("ArrowDown" if r > 4 else "ArrowUp")
            for _ in range(abs(c - 4)):
                app.key("ArrowRight" if c > 4 else "ArrowLeft")
            assert screen.sel.cursor == target and "Fits:" in host.text()
            n = len(screen.match.record.moves)
            app.key("Enter")
            assert screen.match.record.moves[n] == [0, {"cell": target}]
            assert any("filled one cell" in a for a in host.announced)
            return
        human_draws(screen, host)
    raise AssertionError("no chance to fill one cell in these games")   # pragma: no cover


def test_one_cell_keeps_the_pad_as_it_was():
    """Issue 26's walk: B (one cell instead) keeps every button of the pad in its place, the
    piece's disabled, so the pad keeps its rows and the map above it its size (on a phone the
    pad lost Turn, Flip and Next fit, a row, and the map grew 49 px between two taps)."""
    app, host = make_app()
    screen = start(app)

    def pad():
        group = Page(host.html).get("group", "Turn and move the piece")
        return [(b.id, b.disabled) for b in group.all("button")]

    for _ in person_turns(app, host, screen):
        view = view_of(screen)
        if view["phase"] == "others" and B.single_cells(R.filled_mask(view["sheet"]["cells"])):
            before = pad()
            assert [i for i, _ in before] == ["alv-rot", "alv-flip", "alv-next", "alv-mode",
                                              "alv-draw"]
            app.key("b")
            assert screen.sel.mode == "cell"
            assert pad() == [("alv-rot", True), ("alv-flip", True), ("alv-next", True),
                             ("alv-mode", False), ("alv-draw", False)]
            app.key("r")                                   # and R does nothing to the cell
            assert screen.sel.mode == "cell" and pad()[0] == ("alv-rot", True)
            app.key("b")
            assert pad() == before
            return
        human_draws(screen, host)
    raise AssertionError("no chance to fill one cell in these games")   # pragma: no cover


def phrases(el):
    """The runs of text a line may break between in ``el``'s Japanese (``<wbr>`` apart)."""
    runs, run = [], ""

    def walk(node):
        nonlocal run
        for child in node.children:
            if isinstance(child, str):
                run += child
            elif child.tag == "wbr":
                runs.append(run)
                run = ""
            else:
                walk(child)
    walk(el)
    return runs + [run]


def test_japanese_sentences_break_between_phrases_only():
    """Issue 26's walk: on a phone in Japanese the prompt broke 「塗/ってください」 and the round
    summary 「塗られ/た」: the game's sentences are drawn as their phrases (``.phrased``, a
    ``<wbr>`` after each), names and pieces whole."""
    app, host = make_app(lang="ja")
    screen = start(app)
    until_others(app, host, screen)
    prompt = Page(host.html).by_id("prompt")
    assert prompt.where(cls="phrased")
    runs = phrases(prompt)
    assert len(runs) > 3 and any(r.endswith("塗ってください。") for r in runs), runs
    assert any(r.startswith("CPU") and "（" in r for r in runs)        # a name whole
    for _ in range(400):
        host.run_timers()
        if screen.pause is not None:
            break
        if screen.viewer in screen.match.to_move():
            human_draws(screen, host)
    summary = with_class(host.html, "alv-round")[0]
    runs = [r for p in summary.all() if p.tag == "p" for r in phrases(p)]
    assert any("塗られた" in r for r in runs) and any(r.startswith("最大の") for r in runs), runs


# --- what happened -----------------------------------------------------------------------------------
def test_drawn_cells_drop_into_place_once():
    app, host = make_app()
    screen = start(app)
    move = draft(screen).move()
    app.key("Enter")
    def dropped():
        return [el.id for el in Page(host.html).walk() if el.attrs.get("data-fx") == "drop"]

    assert sorted(dropped()) == sorted(f"alv-map-{i}" for i in move["cells"])
    app.act("alv-rot", "")                          # any redraw: they do not drop again
    assert dropped() == []


def test_what_the_others_drew_on_your_map_is_marked_until_you_act():
    app, host = make_app()
    screen = start(app, ("human", "normal", "normal", "normal"), names=("", "Aki", "Ben", "Cy"))
    until_others(app, host, screen)
    assert not with_class(host.html, "alv-new")
    for _ in range(3):
        human_draws(screen, host)
        host.run_timers()
    assert screen.pause is not None                  # round 1 is over: the map is back
    returned = view_of(screen)["returned"]
    assert len(returned) == 3
    cells = sorted(i for item in returned for i in item["cells"])
    text = host.text()
    for item in returned:
        name = screen.names()[item["seat"]]
        n = len(item["cells"])
        assert f"{name} drew {n} cell{'s' if n > 1 else ''} here" in text
    assert "While your map was away:" in text
    app.act("next-round")
    marks = [(el.attrs["x"], el.attrs["y"]) for el in with_class(host.html, "alv-new")]
    assert sorted(int((float(y) - 2.5) // CELL * B.SIZE + (float(x) - 2.5) // CELL) for x, y in marks) == cells
    assert len(with_class(host.html, "alv-new-fold")) == len(cells)
    human_draws(screen, host)                        # you act: the marks go
    assert not with_class(host.html, "alv-new") and "While your map was away" not in host.text()


def test_the_round_summary_shows_the_round_that_ended_not_the_next_deal():
    app, host = make_app()
    screen = start(app, ("human", "normal", "normal", "normal"), names=("", "Aki", "Ben", "Cy"))
    until_others(app, host, screen)
    for _ in range(3):
        human_draws(screen, host)
        host.run_timers()
    e = screen.pause
    assert e is not None and e["round"] == 1
    view = view_of(screen)
    assert view["round"] == 2                        # the next round is dealt behind it
    board = with_class(host.html, "board-wrap")[0]
    text = board.all_text
    assert "Round 1 scored" in text and "Round 2" not in text
    assert not with_class(board, "alv-ghost")                  # no piece in hand, no input
    assert not any("data-pointer" in el.attrs or "alv-draw" in (el.id or "", el.attrs.get("data-act"))
                   for el in board.walk())
    assert f"Your area bonus in round 1: {e['areas'][0]}." in text
    round_one = [screen.match.state["piles"][s][0] for s in range(4)]
    cards = [next(c.strip() for c in el.children if isinstance(c, str) and c.strip())
             for el in with_class(board, "alv-pcard")]
    assert cards == [round_one[s] for s in (0, 1, 2, 3)]     # you first, then the others
    top, left, hh, ww = e["rects"][0]
    assert any((el.attrs.get("x"), el.attrs.get("y"), el.attrs.get("width")) ==
               (str(left * CELL + 2), str(top * CELL + 2), str(ww * CELL - 4)) for el in board.walk()
               if el.tag == "rect")
    # the heading names the round's best first; the body lists everyone's area bonus
    best = max(e["areas"])
    page = Page(host.html)
    heading = page.by_id("round-heading").text
    tops = [screen.names()[s] for s, a in enumerate(e["areas"]) if a == best]
    assert heading.endswith(f"round 1: {best}") and all(n in heading for n in tops)
    summary = words(page.get("dialog"))
    for s in range(4):
        assert screen.names()[s] in summary
    assert "Your largest rectangle" in summary


def test_round_heading_names_the_best_first():
    t = I18n("en")
    ctx = Ctx(t, ["You", "Aki", "Ben"], 0, [0])
    e = {"e": "score", "round": 2, "areas": [4, 9, 6], "rects": [None] * 3}
    assert UI.round_heading(e, ctx) == "Aki has the largest rectangle of round 2: 9"
    assert UI.round_heading(dict(e, areas=[9, 3, 6]), ctx) == "You have the largest rectangle of round 2: 9"
    assert UI.round_heading(dict(e, areas=[9, 9, 6]), ctx) == "You and Aki share the largest rectangle of round 2: 9"
    ja = Ctx(I18n("ja"), ["あなた", "Aki", "Ben"], 0, [0])
    assert UI.round_heading(e, ja) == "ラウンド2の最大の四角形はAki：9"


def test_log_lines_for_everyone_and_groups_by_round():
    app, host = make_app()
    screen = start(app, ("human", "normal", "normal", "normal"), names=("", "Aki", "Ben", "Cy"))
    host.run_timers()                                    # the bots draw on their own maps
    lines = screen.log_lines(view_of(screen), screen.ctx(0))
    assert "Aki drew a piece on their own map." in lines   # round 1: which, once phase 1 ends
    until_others(app, host, screen)
    lines = screen.log_lines(view_of(screen), screen.ctx(0))
    assert "Aki drew a piece on their own map." not in lines
    assert any(re.match(r"Aki drew . \(.*\) on their own map\.", line) for line in lines)
    assert any(line.startswith("The hand cards are discarded face up: Aki:") for line in lines)
    play_out(app, host, screen)
    view = view_of(screen)
    items = screen.log_items(view, screen.ctx(0))
    heads = [head for head, _ in items if head]
    assert heads == ["Round 1", "Round 2", "Round 3", "Round 4", "End of the game"]
    texts = [text for _, text in items]
    assert any(re.match(r"(Aki|Ben|Cy) drew . \(.*\) on (your map|\w+'s map)\.", x) for x in texts)
    assert not any("Your map" in x for x in texts)           # "your map" inside a sentence


def test_result_lists_area_and_cooperation_bonuses_per_player_best_first():
    app, host = make_app()
    screen = start(app, ("human", "normal", "normal", "normal"), names=("", "Aki", "Ben", "Cy"))
    play_out(app, host, screen)
    out = screen.match.outcome()
    res = screen.match.state["result"]
    body = with_class(host.html, "alv-result")[0]
    cards = [words(el) for el in with_class(body, "alv-card-score")]
    assert len(cards) == 4
    names = screen.names()
    order = sorted(range(4), key=lambda s: (s not in out["winners"], -out["scores"][s], s))
    for text, s in zip(cards, order):
        assert text.startswith(names[s]) and f"{res['total'][s]} points" in text
        areas = screen.match.state["areas"][s]
        assert " + ".join(map(str, areas)) + f" = {res['area'][s]}" in text
        assert f"Cooperation bonuses {res['coop'][s]}" in text
        assert text.count("map") >= 3                 # one line per other sheet
    heading = Page(host.html).by_id("result-heading").text
    assert heading in ("You win the game",) + tuple(f"{n} wins the game" for n in names) or "share the win" in heading
    assert "Highest total wins" in host.text()
    assert UI.score_text(out, 0, screen.ctx(0)) == f"{out['scores'][0]} points"


def test_a_cooperation_line_says_1_tick():
    """Issue 26's walk: the result's cooperation lines said "3rd · 1 ticks · territory 6 → 0".
    (Bots rarely end a game with 1 tick on a sheet: the last on the first sheet is given one.)"""
    app, host = make_app()
    screen = start(app, ("human", "easy", "easy", "easy"))
    play_out(app, host, screen)
    rows = [row for sheet in screen.match.state["result"]["sheets"] for row in sheet["ranking"]]
    rows[2]["ticks"] = 1
    app.refresh()
    text = " ".join(words(li) for card in with_class(host.html, "alv-card-score")
                    for li in with_class(card, "alv-coop"))
    assert not re.search(r"(?<!\d)1 ticks", text)
    assert text.count(" 1 tick ·") == sum(row["ticks"] == 1 for row in rows) >= 1


def test_final_scoring_step_by_step_on_the_table():
    app, host = make_app()
    screen = start(app, ("human", "normal", "normal", "normal"), names=("Aki",))
    play_out(app, host, screen)
    app.act("overlay", "hide")
    text = host.text()
    assert "Final scoring, step by step" in text and "Step 1 of 5" in text
    assert "Area bonuses of every round" in text
    app.act("alv-step", "1")
    text = host.text()
    assert "Step 2 of 5" in text
    from ui.page import Page
    assert Page(host.html).get("heading", "Cooperation bonuses on your map")     # not "on Your map"
    assert "Territory" in text and Page(host.html).where(cls="alv-ring")
    app.act("alv-step", "4")
    assert "Step 5 of 5" in host.text()
    app.act("alv-all", "")
    text = host.text()
    assert "Step 5 of 5" not in text and "Next step" not in text
    assert text.count("Cooperation bonuses on") == 4
    app.act("alv-step", "0")
    assert "Step 1 of 5" in host.text()


# --- three players, two humans, spectators and replays ----------------------------------------------
def test_three_players_virtual_piece():
    app, host = make_app()
    screen = start(app, ("human", "normal", "normal"))
    human_draws(screen, host)
    human_draws(screen, host)
    host.run_timers()
    view = view_of(screen)
    assert view["phase"] == "virtual"
    text = host.text()
    assert "virtual player's" in text and "for the virtual player" in text
    assert "Virtual player ◇" in text                     # among the players, with its symbol
    human_draws(screen, host)
    assert any("for the virtual player" in a for a in host.announced)


def test_two_humans_hand_over_in_a_simultaneous_phase():
    app, host = make_app()
    screen = start(app, ("human", "human", "normal", "normal"), names=("Aki", "Ben"))
    assert screen.handover is not None and Page(host.html).by_id("alv-map") is None
    app.act("handover-ok")
    first = screen.viewer
    human_draws(screen, host)
    human_draws(screen, host)                            # both round-1 pieces
    assert screen.handover == 1 - first and Page(host.html).by_id("alv-map") is None
    app.act("handover-ok")
    assert screen.viewer == 1 - first
    assert view_of(screen)["sheet"]["owner"] == screen.viewer
    human_draws(screen, host)
    human_draws(screen, host)
    host.run_timers()
    # passing: each human sees the sheet in front of them only
    assert screen.match.view(0)["sheet"]["owner"] == 3 and screen.match.view(1)["sheet"]["owner"] == 0
    play_out(app, host, screen)
    assert screen.match.over


def test_a_replay_view_shows_every_sheet_and_marks_private_hands():
    match = play_one("alluvium", {"players": 4}, 3, ["easy"] * 4)
    state = GAME.setup({"players": 4}, 3)
    for seat, move in match.record.moves[:3]:
        state = GAME.apply(state, seat, move)
    view = GAME.reveal(state)
    ctx = Ctx(I18n("en"), ["Aki", "Ben", "Cy", "Dee"], None, [])
    html = render(UI.board(view, UI.selection(), ctx))
    assert len(with_class(html, "alv-map")) == 4
    for name in ("Aki", "Ben", "Cy", "Dee"):
        assert f"{name}'s map" in Page(html).text
    assert Text.of(html).count("Hand card (private until phase 1 ends)") == 4
    assert set(regions(html)) == {"table", "players"}
    spectator = render(UI.board(GAME.view(state, None), UI.selection(), ctx))
    assert "alv-map" not in spectator and "Round 1 of 4" in Text.of(spectator)


# --- the shelf -----------------------------------------------------------------------------------------
def test_picture_and_progress_line():
    pic = render(UI.picture())
    assert pic.startswith("<svg") and 'viewBox="' in pic and 'aria-hidden="true"' in pic
    assert "width=" not in pic.split(">", 1)[0]             # the shelf sizes it
    for p in range(3):
        assert f'fill="{["#f4a3a3", "#a9c8f5", "#f5dc7a"][p]}"' in pic   # and symbols draw them
    state = GAME.setup({"players": 4}, 2)
    ctx = Ctx(I18n("en"), ["You", "Aki", "Ben", "Cy"], None, [0])
    assert UI.progress(GAME.view(state, None), ctx) == "Round 1 of 4 · You, Aki, Ben and Cy to draw"
    mine = Ctx(I18n("en"), ["You", "Aki", "Ben", "Cy"], 0, [0])
    assert UI.progress(GAME.view(state, None), mine) == "Round 1 of 4 · your turn to draw"
    ja = Ctx(I18n("ja"), ["あなた", "Aki", "Ben", "Cy"], 0, [0])
    assert UI.progress(GAME.view(state, None), ja) == "ラウンド1／4 · あなたが描く番"
    drawn = state
    while 0 in GAME.to_move(drawn):            # you have drawn, the others still draw
        drawn = GAME.apply(drawn, 0, GAME.legal_moves(drawn, 0)[0])
    assert GAME.to_move(drawn) == [1, 2, 3]
    assert UI.progress(GAME.view(drawn, None), mine) == "Round 1 of 4 · Aki, Ben and Cy to draw"
    while state["round"] < 3:
        from .helpers import finish_phase
        state = finish_phase(state)
    areas = [sum(a) for a in state["areas"]]
    line = UI.progress(GAME.view(state, None), ctx)
    assert line.startswith(f"Round 3 of 4 · areas: You {areas[0]}, Aki {areas[1]}, Ben {areas[2]}, Cy {areas[3]} · ")
    ja = UI.progress(GAME.view(state, None), Ctx(I18n("ja"), ["あなた", "Aki", "Ben", "Cy"], None, [0]))
    assert ja.startswith("ラウンド3／4 · 面積：あなた")


# --- the rest ------------------------------------------------------------------------------------------
def start_marks(html):
    """The (row, col) of every start square the map outlines."""
    return sorted(((int(y) - 3) // CELL, (int(x) - 3) // CELL) for x, y in ((el.attrs["x"], el.attrs["y"]) for el in with_class(html, "alv-start")))


def test_the_sheet_marks_the_start_squares_of_the_games_rules_version():
    """Version 2: (3, 3) and (5, 5) (0-based; the map's label says row 4, column 4 …); a version-1
    save still shows (2, 2) and (6, 6), and its pieces must cover those."""
    app, host = make_app()
    screen = start(app)
    assert start_marks(host.html) == [(3, 3), (5, 5)]
    assert Page(host.html).all(name="Start squares: row 4, column 4 and row 6, column 6.", exact=False)
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
    assert "row 3, column 3 and row 7, column 7" in host1.html
    human_draws(screen1, host1)
    human_draws(screen1, host1)
    assert all(screen1.match.state["maps"][0][i] == "0" for i in B.start_squares(1))


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
    start(app, ("human", "normal", "normal", "normal"), names=("", "<b>Aki</b>"))
    host.run_timers()
    text = host.text()
    for s in range(4):
        assert SYMBOLS[s] in text                       # every player's symbol beside the name
    page = Page(host.html)
    assert "<b>Aki</b>" in page.words and not [b for b in page.where(tag="b") if b.text == "Aki"]
    assert host.html.count('role="img"') == 1          # the map; small pictures are hidden


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
        for key in ("mouse", "touch"):
            assert tables()[lang][f"alluvium.keys.{key}"] in text
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
    assert "回転" in text and "反転" in text and "次に置ける位置" in text and "ここに記入" in text


# --- issue 26: your own ticks on every sheet ---------------------------------------------------------
def players_rows(host):
    """The side list's rows as their text (the name, then what it shows)."""
    from ui.page import Page
    page = Page(host.html)
    side = page.get("region", "Sheets pass", exact=False)
    return [row.text for row in side.all("listitem")]


def test_on_another_map_the_side_list_ranks_your_ticks_with_everyones():
    app, host = make_app()
    screen = start(app, names=("", "Aki", "Ben", "Cy"))
    rows = players_rows(host)
    assert rows[0].startswith("You ○") and "this map" in rows[0]      # your own map: you own it
    assert len(rows) == 4
    until_others(app, host, screen)
    sheet = view_of(screen)["sheet"]
    assert sheet["owner"] == 3
    rows = players_rows(host)
    assert len(rows) == 4                                  # the same rows: nothing moves
    assert rows[0].startswith("You ○") and "=1st · 0 ticks" in rows[0], rows
    cy = next(r for r in rows if r.startswith("Cy"))
    assert "this map" in cy
    # the preview says what your rank here becomes: aim at a move earning ticks
    moves = [m for m in GAME.legal_moves(screen.match.state, 0) if "piece" in m]
    state = screen.match.state
    earning = max(moves, key=lambda m: R.preview(GAME.view(state, 0), m)["ticks"])
    n = R.preview(GAME.view(state, 0), earning)["ticks"]
    assert n > 0
    aim(screen, earning)
    assert f"+{n} ticks for you: 1st here." in host.text()
    screen.app.key("Enter")
    host.run_timers()
    rows = players_rows(host)
    if view_of(screen)["sheet"]["owner"] == 3:              # the bots have not all drawn yet
        assert rows[0].startswith("You ○") and f"{n} ticks" in rows[0]


def test_tied_ranks_and_japanese_rank_words():
    from bodoge.games.alluvium.ui import rank_word, sheet_ranks
    en, ja = I18n("en"), I18n("ja")
    standing = sheet_ranks({"owner": 1, "ticks": [3, 0, 3, 1]})
    assert standing == {0: (1, True), 2: (1, True), 3: (3, False)}
    assert rank_word(en.t, standing, 0) == "1st (tied)" and rank_word(en.t, standing, 3) == "3rd"
    assert rank_word(en.t, standing, 0, short=True) == "=1st"
    assert rank_word(ja.t, standing, 0) == "同1位" and rank_word(ja.t, standing, 3) == "3位"


def test_round_one_keeps_both_pieces_and_says_which_is_left():
    """Nothing moves between the two pieces of round 1: the drawn piece stays in the row of
    pieces (disabled, marked drawn); the prompt names the piece left."""
    from ui.page import Page
    app, host = make_app()
    screen = start(app)
    t = I18n("en").t
    first, second = view_of(screen)["todo"]
    group = Page(host.html).get("group", "Piece to draw")
    assert [b.text for b in group.all("button")] == [t(f"alluvium.piece.{first}"), t(f"alluvium.piece.{second}")]
    human_draws(screen, host)
    assert view_of(screen)["todo"] == [second]
    group = Page(host.html).get("group", "Piece to draw")
    drawn, left = group.all("button")
    assert drawn.disabled and drawn.text == t(f"alluvium.piece.{first}") + " (drawn)"
    assert not left.disabled and left.checked
    assert (f"Draw {t(f'alluvium.piece.{second}')} over the other start square."
            in host.text())


def test_a_replay_showing_everything_draws_every_map_at_a_rounds_end():
    """Replay, Show = Everything, at the move that ends round 1: every map as scored, each with
    the rectangle that scored (the round summary's), not only a heading."""
    from ui.page import Page
    match = play_one("alluvium", {"players": 4}, 3, ["easy"] * 4)
    state = GAME.setup({"players": 4}, 3)
    for seat, move in match.record.moves:
        before = len(state["log"])
        state = GAME.apply(state, seat, move)
        ended = [e for e in state["log"][before:] if e["e"] == "score"]
        if ended:
            break
    view = GAME.reveal(state)
    ctx = Ctx(I18n("en"), ["Aki", "Ben", "Cy", "Dee"], None, [])
    ctx.replay = True
    ctx.pause = next(e for e in view["log"] if e["e"] == "score")
    page = Page(render(UI.replay_board(view, ctx)))
    assert page.get("heading", "Round 1 scored")
    maps = page.all("img")
    assert [m.name.split(":")[0] for m in maps] == ["Aki's map", "Ben's map", "Cy's map", "Dee's map"]
    for o, m in enumerate(maps):
        top, left, hh, ww = ctx.pause["rects"][o]
        rect = next(el for el in m.walk() if el.attrs.get("class") == "alv-rect")
        assert (rect.attrs["x"], rect.attrs["width"]) == (str(left * CELL + 2), str(ww * CELL - 4))
        assert (rect.attrs["y"], rect.attrs["height"]) == (str(top * CELL + 2), str(hh * CELL - 4))
    assert "Hand card" not in page.text


# --- issue 26: playing with friends: a new view restarts the preview; nothing illegal is sent -------
def test_a_new_sheet_in_a_new_view_restarts_the_preview_where_the_piece_fits():
    """A guest's device gets views, not moves: when the next sheet arrives with the same piece
    to draw, the piece starts where it fits on that sheet, not where it was on the last one."""
    from ui.page import Page
    from .helpers import finish_phase
    state = finish_phase(GAME.setup({"players": 4}, 5), "own")
    assert state["phase"] == "others"
    view = GAME.view(state, 0)
    ctx = Ctx(I18n("en"), ["You", "Aki", "Ben", "Cy"], 0, [0])
    sel = UI.selection()
    render(UI.board(view, sel, ctx))
    old = Draft(view, sel.copy()).mask()
    # the next sheet: the cells where the piece was are filled there
    nxt = dict(view, step=2, sheet=dict(view["sheet"], owner=2, cells=R.draw(view["sheet"]["cells"], old, 2)))
    page = Page(render(UI.board(nxt, sel, ctx)))
    assert page.get("paragraph", "Fits:", exact=False)
    assert not Draft(nxt, sel.copy()).mask() & old
    assert not page.get("button", "Draw here", exact=False).disabled


def test_a_move_the_view_shows_illegal_is_never_made_and_draw_says_why():
    from ui.page import Page
    app, host = make_app()
    screen = start(app)
    app.act("alv-at", "72")                               # round 1: far from the start squares
    page = Page(host.html)
    draw = page.get("button", "Draw here", exact=False)
    assert draw.disabled and draw.attrs["title"] == "In round 1 each piece must cover one of the two outlined start squares."
    assert page.get("paragraph", "Cannot go here:", exact=False)
    moves = len(screen.match.record.moves)
    app.key("Enter")
    app.act("alv-at", "72")                               # a second tap on the piece
    app.act("alv-draw")
    assert len(screen.match.record.moves) == moves
    assert "In round 1 each piece must cover one of the two outlined start squares." in host.text()


# --- issue 26: confirm moves, per input kind ----------------------------------------------------------
def hover_click(app, cell):
    app.act("alv-ptr", f"over:{cell}")
    app.act("alv-ptr", f"down:{cell}")
    app.act("alv-ptr", f"up:{cell}")
    app.act("alv-at", str(cell))


def test_with_moves_not_confirmed_a_mouse_click_draws_where_the_hover_preview_showed():
    from ui.page import Page
    app, host = make_app()                                  # a mouse: Confirm moves is off
    screen = start(app)
    hint = Page(host.html).get("paragraph", "The piece follows the pointer", exact=False)
    assert "click where it fits to draw it there" in hint.text
    target = B.cell(*screen.sel.at)                        # it starts where it fits
    hover_click(app, target)
    assert len(screen.match.record.moves) == 1 and screen.pending is None   # drawn at once
    # where it does not fit, the click places it there (and says why it may not go there)
    hover_click(app, B.cell(8, 8))
    assert len(screen.match.record.moves) == 1 and screen.sel.pinned
    assert "Cannot go here:" in host.text()


def test_with_moves_confirmed_a_click_places_and_a_second_draws_and_the_session_asks_nothing_more():
    app, host = make_app()
    app.act("set-confirm", "", {"confirm": "on"})
    screen = start(app)
    target = B.cell(*screen.sel.at)
    hover_click(app, target)
    assert len(screen.match.record.moves) == 0 and screen.sel.pinned
    hover_click(app, target)                                  # the game's own second click
    assert len(screen.match.record.moves) == 1 and screen.pending is None   # not confirmed twice


def test_on_a_touch_screen_a_tap_places_a_second_draws_and_no_word_says_click():
    app, host = make_app()
    host.touch_screen = True                                  # Confirm moves: on (auto)
    screen = start(app)
    from ui.page import Page
    hand = Page(host.html).get("region", I18n("en").t("alluvium.hand")).all_text
    for word in ("Click", "click", "Esc", "Space"):
        assert word not in hand, word
    assert "Tap a square" in hand
    target = B.cell(*screen.sel.at)
    app.act("alv-ptr", f"down:{target}")
    app.act("alv-ptr", f"up:{target}")
    app.act("alv-at", str(target))
    assert len(screen.match.record.moves) == 0 and screen.sel.pinned
    app.act("alv-ptr", f"down:{target}")
    app.act("alv-ptr", f"up:{target}")
    app.act("alv-at", str(target))
    assert len(screen.match.record.moves) == 1 and screen.pending is None


def test_take_back_says_why_in_words():
    from ui.page import Page
    app, host = make_app()
    screen = start(app, ("human", "normal", "normal", "normal"))
    human_draws(screen, host)
    assert Page(host.html).get("button", "Take back", exact=False).disabled is False
    human_draws(screen, host)                                  # the second piece of round 1
    host.run_timers()                                          # the bots draw: the hands are shown
    button = Page(host.html).get("button", "Take back", exact=False)
    assert button.disabled and "The hand cards were shown" in button.text
    app.act("take-back")
    assert screen.error == "The hand cards were shown"          # said in the refusal line


def test_every_data_act_of_the_board_is_declared_once_by_an_action_handler():
    """Issue 25: the board's controls reach the game through ``@action`` handlers (no chain of
    ifs): every ``data-act`` the board draws, and the pointer's, has its handler."""
    from bodoge.games.alluvium.ui import POINTER_ACT
    from bodoge.ui.games import handlers
    from ui.page import Page
    table = handlers(type(UI))
    app, host = make_app()
    screen = start(app)
    seen = set()
    for _ in range(3):
        board = Page(host.html).by_id("alv-map")
        seen |= {el.attrs["data-act"] for el in Page(host.html).walk()
                 if "data-act" in el.attrs and el.attrs["data-act"].startswith("alv-")}
        human_draws(screen, host)
        host.run_timers()
    assert board is not None and seen >= {"alv-at", "alv-rot", "alv-flip", "alv-next", "alv-draw", "alv-piece"}
    assert seen | {POINTER_ACT, "alv-move", "alv-reset", "alv-mode", "alv-step", "alv-all"} <= set(table)


def test_a_guests_piece_starts_where_it_fits_on_each_new_sheet_and_nothing_illegal_is_sent():
    """Over the network (fake): a guest's device gets views, not moves. Each time a sheet is in
    front of the guest, the piece starts where it fits (the preview says Fits:), Enter draws
    it there, and the host never has to refuse a move of the guest's."""
    from ui.fakehost import FakeNetwork  # noqa: F401 (the helpers below use it)
    from ui.test_table import host_game, join, received
    app, host, net = host_game("alluvium", {"players": "3", "kind0": "human", "kind1": "guest",
                                            "kind2": "easy"})
    gapp, ghost = join(app, net, 1, "Gus")
    sent = fits = 0
    for _ in range(3000):
        net.run()
        screen, gscreen = app.screen, gapp.screen
        if screen.match.over or sent >= 25:
            break
        if screen.pause is not None:
            screen.act("next-round", "", {})
        if gscreen.pause is not None:
            gscreen.act("next-round", "", {})
        if 0 in screen.match.to_move():
            screen.play(0, first_move_of(screen))
        gm = gscreen.match
        if 1 in gm.to_move() and not getattr(gm, "waiting", False):
            text = ghost.text()
            if "Fits:" in text:
                fits += 1
            else:                                    # only one cell may be filled here
                gapp.key("b")
            gapp.key("Enter")
            sent += 1
    assert sent >= 10 and fits >= sent - 3
    assert not any('"refused"' in text for text in received(net, ghost))
    assert host.warnings == []


def first_move_of(screen):
    return GAME.legal_moves(screen.match.state, 0)[0]


def test_the_selection_is_a_small_typed_choice():
    """The choice in progress is a ``Choice`` (issue 25): named fields with defaults, no
    free-form keys; a new sheet starts it afresh but for the final scoring's step."""
    sel = UI.selection()
    assert isinstance(sel, Choice) and not sel and sel == Choice()
    assert (sel.mode, sel.rot, sel.at, sel.pinned, sel.final) == ("piece", 0, None, False, 0)
    with pytest.raises(AttributeError):
        sel.colour = 1
    with pytest.raises(TypeError):
        Choice(colour=1)
    state = GAME.setup({"players": 3}, 2)
    view = GAME.view(state, 0)
    assert same_sheet(view, sel) and sel.sheet is not None     # a fresh choice: this sheet's
    sel.final, sel.piece, sel.at, sel.pinned = 2, "X", [3, 3], True
    copy = sel.copy()
    assert copy == sel and copy is not sel
    sel.sheet = "another"
    assert not same_sheet(view, sel)
    assert sel == Choice(sheet=sel.sheet, final=2) and sel
    assert repr(Choice(rot=1)) == "Choice(rot=1)"


def test_a_moves_redraw_draws_again_only_the_cells_it_changed():
    """The map's 81 cells are made once for what each shows (``CELLS``): after a move the
    cells it did not change are the same parts as before, their markup not made again."""
    from bodoge.games.alluvium import ui as U
    from bodoge.ui.html import render

    before = U.MapPic("0" * 40 + "." * 41, "map", ())
    after = U.MapPic("0" * 41 + "." * 40, "map", ())
    first = [before.cell(i, ch) for i, ch in enumerate(before.cells)]
    render(first)
    again = [after.cell(i, ch) for i, ch in enumerate(after.cells)]
    assert [i for i in range(81) if again[i] is not first[i]] == [40]
    assert render(again[40]) != render(first[40]) and 'id="alv-map-40"' in render(again[40])


# --- issue 26: the replay of your own game names you as the game did -----------------------------------
def test_the_replay_of_your_own_game_names_you_as_the_game_did():
    """A game against computers with no name given: the table said "You"; its replay, opened
    from the result's Replay link (this device's saved game), says "You" and "your map" too,
    never "Player 1" nor "You's map"; a shared code of the same game is watched by someone
    else: there the person is "Player 1"."""
    app, host = make_app()
    screen = start(app)
    play_out(app, host, screen)
    assert re.search(r"\b(?:1st|2nd|3rd|4th) You \d+ points", host.text())      # the result
    links = [a.attrs["href"] for a in Page(host.html).all("link", "Replay")]     # the header's, the result's
    assert all(a.startswith(f"#/replay/{screen.slot.id}") for a in links) and links, links
    app.route(f"#/replay/{screen.slot.id}/20")                    # the move that ends round 1
    replay_ = app.screen
    assert type(replay_).__name__ == "ReplaySession" and replay_.perspective == "all"
    text = host.text()
    assert replay_.names()[0] == "You"
    assert "Player 1" not in text and "You's" not in text and "Your map" in text
    assert not re.search(r"\bYou (?:draws|drew [^.]* their own|has)\b", text), text
    app.act("replay-seat", "replay-seat", {"seat": "0"})
    assert "Player 1" not in host.text() and "Your map" in host.text()
    code = encode(screen.match.record)
    app.route(f"#replay={code}&move=20")
    assert app.screen.names()[0] == "Player 1" and "Player 1's map" in host.text()
    app.act("lang", "ja")
    app.route(f"#/replay/{screen.slot.id}/9")
    assert "あなた が 自分の マップに" in host.text() and "あなた が あなた の マップ" not in host.text()
