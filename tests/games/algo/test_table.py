"""algo's table in CPython (issue 14): what a hit and a miss would do before a number is
declared, the log naming the attacked card, motion flags, the round that ended drawn while
its summary shows, round headings, the result's breakdown, and the shelf hooks."""

import pytest

from bodoge.core.match import Match
from bodoge.core.record import Record, encode
from bodoge.core.selfplay import play_one
from bodoge.games.algo import GAME
from bodoge.games.algo import rules as R
from bodoge.games.algo import ui as algo_ui
from bodoge.games.algo.ui_cards import Choice
from bodoge.games.algo.ui_table import geometry
from bodoge.ui.games import Ctx
from bodoge.ui.html import render
from bodoge.ui.i18n import I18n

from ui.fakehost import Text, make_app
from ui.page import Page

from .helpers import STAY, attack, rig
from .test_rules_v2 import PARTNER_HIT, play
from .test_ui import seats, start

UI = algo_ui.UI
NAMES = ["Aki", "Ben", "Cy", "Dee"]


def ctx_for(viewer, lang="en", names=NAMES, fresh=None, pause=None):
    ctx = Ctx(I18n(lang), list(names), viewer, [viewer] if viewer is not None else [])
    ctx.fresh_from, ctx.pause = fresh, pause
    return ctx


def board(state, viewer, sel=None, lang="en", **kw):
    sel = Choice(**sel) if isinstance(sel, dict) else sel or Choice()      # (a dict for short)
    html = render(UI.board(GAME.view(state, viewer), sel, ctx_for(viewer, lang, **kw)))
    return html, Text.of(html)


# seat 0 (b1 w3 b5 w9) draws b8; seat 1 holds b0 w2 b4 w6
def two():
    return rig([["b1", "w3", "b5", "w9"], ["b0", "w2", "b4", "w6"]], deck=["w10", "b8"])


# --- see before you commit ------------------------------------------------------------------------
@pytest.mark.parametrize("lang,expected", [
    ("en", ["Declare a number for Ben's 4th card from the left (white)",
            "Hit: it turns face up, and you may attack again or stay.",
            "Miss: your drawn black 8 joins your row face up."]),
    ("ja", ["Benの左から4枚目（白）の数字を宣言",
            "当たり：このカードが表になり、続けてアタックするかステイできます。",
            "外れ：引いた黒の8を表向きで自分の列に置きます。"])])
def test_a_chosen_target_says_what_a_hit_and_a_miss_would_do(lang, expected):
    html, text = board(two(), 0)
    assert "Hit:" not in text and "当たり" not in text
    assert Page(html).by_id("num-3").disabled                          # no target yet
    html, text = board(two(), 0, {"target": [1, 3]}, lang)
    for line in expected:
        assert line in (text.replace(" ", "") if lang == "ja" else text)     # (phrases)
    page = Page(html)
    pad = page.by_id("num-3").parent
    while pad.attrs.get("aria-labelledby") != "numpad-label":
        pad = pad.parent
    assert pad.name == expected[0] and not page.by_id("num-3").disabled


def test_the_preview_names_who_goes_out_and_who_wins_the_round():
    state = rig([["b1", "w3"], ["b0", "w2"], ["b4", "w6"]], deck=["b8"], up=("b0",))
    _, text = board(state, 0, {"target": [1, 1]})
    assert "Hit: it turns face up, and Ben is out." in text            # Cy still plays on
    state = rig([["b1", "w3"], ["b0", "w2"]], deck=["b8"], up=("b0",))
    _, text = board(state, 0, {"target": [1, 1]})
    assert "Hit: it turns face up, and you win the round." in text


def test_the_preview_of_a_miss_with_an_own_card_at_stake_and_the_points():
    state = rig([["b1", "w3"], ["b0", "w2"]], deck=[], chips=True)
    _, text = board(state, 0, {"stake": 1, "target": [1, 0]})
    assert "Miss: your 2nd card from the left, white 3, turns face up." in text
    assert "You take 10 points from Ben (20 for a 6)." in text
    state = rig([["b1", "w3"], ["b0", "w2"]], deck=[], up=("b1",))
    _, text = board(state, 0, {"stake": 1, "target": [1, 0]})
    assert "Miss: your 2nd card from the left, white 3, turns face up, and you are out." in text


def test_numbers_already_missed_on_the_card_are_marked():
    state = GAME.apply(two(), 0, attack(1, 3, 5))            # a miss: the turn passes to Ben
    state = GAME.apply(state, 1, attack(0, 0, 1))            # Ben hits b1 and stays
    state = GAME.apply(state, 1, STAY)                       # Aki's turn: the deck is empty
    html, text = board(state, 0, {"stake": 1, "target": [1, 3]})
    assert "Already missed on this card: 5." in text
    page = Page(html)
    button = page.get("button", "Declare 5")             # greyed, saying why (issue 26)
    assert button.disabled
    assert page.by_id(button.attrs["aria-describedby"]).text == \
        "5 was already declared on this card and missed."
    _, text = board(state, 0, {"stake": 1, "target": [1, 1]})
    assert "Already missed" not in text


def test_attacking_the_partner_says_so():
    state, _ = play(PARTNER_HIT[:2], R.DETAILED_LOG_SINCE)
    _, text = board(state, 0, {"stake": 0, "target": [2, 3]})
    assert "This is your partner's card: a hit turns your own team's card face up." in text
    assert "You take" not in text                            # no chips, and none within a team
    _, text = board(state, 0, {"stake": 0, "target": [1, 0]})
    assert "Hit: it turns face up" in text
    assert "your partner's card" not in text


# --- see what happened ----------------------------------------------------------------------------
@pytest.mark.parametrize("lang,viewer,hit,miss,placed", [
    ("en", 1, "Aki declares 6 on your white 6: hit!",
     "Aki declares 5 on your white 2: miss.",
     "Aki puts the drawn black 8 into their row face up, 4th from the left."),
    ("en", 0, "You declare 6 on Ben's white 6: hit!",
     "You declare 5 on Ben's 2nd card from the left (white): miss.",
     "You put the drawn black 8 into your row face up, 4th from the left."),
    ("ja", 1, "Akiがあなたの白の6に6と宣言：成功！",
     "Akiがあなたの白の2に5と宣言：失敗。",
     "Akiが引いた黒の8を表向きで列の左から4枚目に置きました。")])
def test_the_log_names_the_attacked_card_whose_where_and_which_colour(lang, viewer, hit, miss, placed):
    state = GAME.apply(GAME.apply(two(), 0, attack(1, 3, 6)), 0, attack(1, 1, 5))
    ctx = ctx_for(viewer, lang)
    lines = [UI.describe(e, ctx) for e in GAME.view(state, viewer)["log"]]
    assert [hit, miss, placed] == [x for x in lines if x][-4:-1]
    # the table says it too, until the next attack
    _, text = board(state, viewer, lang=lang)
    if lang == "ja":                # (the table's Japanese lines are broken between phrases)
        text = text.replace(" ", "")
    assert miss in text and placed in text and hit not in text


def test_a_log_line_stays_true_when_cards_are_put_in_front_of_its_card():
    """The log names a card the reader cannot see by where it is now (issue 26)."""
    state = rig([["b3", "w3", "b5", "w9"], ["b0", "w2", "b4", "w6"]], deck=["w0", "b8"])
    state = GAME.apply(state, 0, attack(1, 1, 5))       # Aki misses on Ben's white 2
    line = "You declare 5 on Ben's 2nd card from the left (white): miss."
    assert line in [UI.describe(e, ctx_for(0)) for e in GAME.view(state, 0)["log"]]
    state = GAME.apply(state, 1, attack(0, 0, 4))       # Ben misses: his white 0 goes in front
    lines = [UI.describe(e, ctx_for(0)) for e in GAME.view(state, 0)["log"]]
    assert line not in lines
    assert "You declare 5 on Ben's 3rd card from the left (white): miss." in lines
    assert "Ben declares 4 on your black 3: miss." in lines          # Aki knows her own card


def test_each_face_down_card_shows_the_numbers_missed_on_it():
    state = rig([["b3", "w3", "b5", "w9"], ["b0", "w2", "b4", "w6"]], deck=["w0", "b8"])
    state = GAME.apply(state, 0, attack(1, 1, 5))       # Aki misses 5 on Ben's white 2
    state = GAME.apply(state, 1, attack(0, 0, 4))       # Ben misses 4 on Aki's black 3
    state = GAME.apply(state, 0, attack(1, 2, 7, w=1))  # (Ben's white 2 is now 3rd) Aki misses 7
    for viewer, lang in ((0, "en"), (1, "ja")):
        html, _ = board(state, viewer, lang=lang)
        page = Page(html)
        marks = {e.parent.children[0].attrs["id"]: e.text for e in page.all(hidden=True)
                 if e.attrs.get("class") == "misses" and e.text}
        assert marks == {"card-1-2": "≠5 ≠7", "card-0-0": "≠4"}
    page = Page(board(state, 0)[0])
    assert page.get("img", "Ben: card 3 of 5, white, face down; missed: 5, 7")


def test_older_games_keep_their_shorter_log_lines():
    state = GAME.apply(rig([["b1", "w3"], ["b0", "w2"]], deck=["b8"], version=2), 0, attack(1, 1, 2))
    ctx = ctx_for(1)
    assert UI.describe(state["log"][-1], ctx) == "Aki declares 2 on your card: hit!"


def test_a_shown_card_and_an_own_card_turned_up_name_their_place():
    state, _ = play(PARTNER_HIT[:2] + [[0, attack(1, 0, 5, w=2)]], R.DETAILED_LOG_SINCE)
    view = GAME.view(state, 0)
    lines = [UI.describe(e, ctx_for(0)) for e in view["log"]]
    assert "Cy shows you their 4th card from the left: white 6." in lines
    assert "You turn up your 3rd card from the left: black 7." in lines
    lines = [UI.describe(e, ctx_for(1)) for e in GAME.view(state, 1)["log"]]
    assert "Cy shows Aki their 4th card from the left (white)." in lines


def motion(html, fx):
    """{id: data-fx-key} of the elements of ``html`` that move so (``data-fx``)."""
    return {el.id: el.attrs.get("data-fx-key") for el in Page(html).walk()
            if el.attrs.get("data-fx") == fx}


def test_motion_flags_what_the_latest_move_changed():
    state = two()
    drawn_at = max(i for i, e in enumerate(state["log"]) if e["e"] == "draw")
    html, _ = board(state, 0, fresh=drawn_at)
    assert motion(html, "drop") == {f"drawn-{drawn_at}": f"drawn-{drawn_at}"}          # the draw
    before = len(state["log"])
    hit = GAME.apply(state, 0, attack(1, 3, 6))
    html, _ = board(hit, 0, fresh=before)
    k = hit["rows"][1][3]["k"]
    assert motion(html, "flip") == {"card-1-3": f"k{k}"} and motion(html, "drop") == {}
    # Stay: the drawn b8 glides from the middle into the row; the cards after it make room
    before = len(hit["log"])
    stay = GAME.apply(hit, 0, STAY)
    html, _ = board(stay, 0, fresh=before)
    slides = motion(html, "slide")
    k = stay["rows"][0][4]["k"]
    assert slides["card-0-3"] == f"drawn-{drawn_at}" and slides["card-0-4"] == f"k{k}"
    # a redraw without a move flags nothing new
    html, _ = board(stay, 0)
    assert motion(html, "flip") == {} and not any(
        key.startswith("drawn-") for key in motion(html, "slide").values())


def test_a_miss_with_the_drawn_card_glides_it_into_the_row_face_up():
    state = two()
    drawn_at = max(i for i, e in enumerate(state["log"]) if e["e"] == "draw")
    before = len(state["log"])
    miss = GAME.apply(state, 0, attack(1, 3, 7))
    html, _ = board(miss, 0, fresh=before)
    assert Page(html).by_id("card-0-3").name == "Aki: card 4 of 5, black 8, face up"
    assert motion(html, "slide")["card-0-3"] == f"drawn-{drawn_at}"


def shape(el):
    """An element's tag and its children's shapes: what web/morph.js compares to keep a node."""
    return el.tag, [shape(c) for c in el.children if not isinstance(c, str)]


def test_a_card_stays_the_same_element_when_the_turn_passes():
    """web/morph.js keeps an element of the same tag and changes its attributes; a card drawn
    as a <button> while it could be targeted and as a <span> after was made anew, picture and
    all, when the turn passed (150-190 elements of the board a move at 390×844). Now one <span>
    whose role (button, then picture), focus and name's source change; its name stays."""
    state = two()
    was = Page(board(state, 0)[0])
    miss = GAME.apply(state, 0, attack(1, 3, 7))                  # Ben's turn now
    now = Page(board(miss, 0)[0])
    for p in range(3):
        a, b = was.by_id(f"card-1-{p}"), now.by_id(f"card-1-{p}")
        assert (a.role, a.attrs.get("tabindex"), b.role, b.attrs.get("tabindex")) == (
            "button", "0", "img", None)
        assert a.name == b.name and a.name.startswith("Ben: card")
        assert a.tag == b.tag and shape(a.children[0]) == shape(b.children[0])   # its picture


def test_a_card_s_picture_is_made_once_for_what_it_shows():
    """``PICTURES``: a redraw reuses the pictures of the cards a move did not change (algo's
    cards were a third of its redraw's Python time), and each language has its own (the
    colour's letter)."""
    from bodoge.games.algo.ui_cards import PICTURES
    from bodoge.ui.html import Page as Markup
    state = two()
    board(state, 0)
    hits = PICTURES.hits
    miss = GAME.apply(state, 0, attack(1, 3, 7))
    html, _ = board(miss, 0)
    assert PICTURES.hits - hits >= 8                      # every card but the one that joined
    # never sent as a kept part's marker: the drawn card's picture moves into a new item of its
    # row, and web/morph.js resolves no marker inside what it inserts (the card showed empty)
    markup = Markup()
    markup.markup(UI.board(GAME.view(state, 0), Choice(), ctx_for(0)))
    assert "<x-k" not in markup.markup(UI.board(GAME.view(miss, 0), Choice(), ctx_for(0, fresh=0)))
    ja, _ = board(state, 0, lang="ja")
    assert ">黒<" in ja and ">黒<" not in html and ">B<" in html


# --- the round that ended, while its summary shows ---------------------------------------------------
def until_pause(chips=False, players=2, mode=None):
    form = {"players": str(players), **seats(["human"] + ["normal"] * (players - 1))}
    if chips:
        form["chips"] = True
    if mode:
        form["mode"] = mode
    app, host = make_app()
    screen = start(app, form)
    for _ in range(2000):
        host.run_timers()
        if screen.pause is not None:
            return app, host, screen
        view = screen.match.view(0)
        if 0 in screen.match.to_move():
            if view["phase"] == "toss":
                app.act("show", str(next(p for p, c in enumerate(view["rows"][0]) if not c["up"])))
                continue
            if view["phase"] == "again":
                app.act("stay")
                continue
            if view["drawn"] is None and view["stake"] is None:
                app.act("stake", str(next(p for p, c in enumerate(view["rows"][0]) if not c["up"])))
            s, p = next((s, p) for s in view["targets"] for p, c in enumerate(view["rows"][s])
                        if not c["up"])
            app.act("target", f"{s}-{p}")
            app.act("declare", str(screen.match.state["rows"][s][p]["id"] >> 1))   # always a hit
    raise AssertionError("no round ended")


def classes(el):
    return el.attrs.get("class", "").split()


def the_board(page):
    """The table on the stage (behind any overlay)."""
    return next(el for el in page.walk() if "algo-board" in classes(el))


def cards_on(el):
    """{id: (accessible name without the owner's name, classes)} of the cards in ``el``."""
    return {c.id: (c.name.split(": ", 1)[1], classes(c)) for c in el.all("img")
            if (c.id or "").startswith("card-")}


def ended_cards(e):
    """{id: what its label says} of every card of the round that ``e`` ended."""
    return {f"card-{s}-{p}": (f"card {p + 1} of {len(row)}, "
                             f"{'black' if c['c'] == R.BLACK else 'white'} {c['n']}, "
                             f"{'face up' if c['up'] else 'still face down'}")
            for s, row in enumerate(e["rows"]) for p, c in enumerate(row)}


@pytest.mark.parametrize("chips,players,mode", [(False, 2, None), (True, 3, None), (True, 4, "pair")])
def test_the_board_behind_the_summary_is_the_round_that_ended(chips, players, mode):
    app, host, screen = until_pause(chips, players, mode)
    e = screen.pause
    state = screen.match.state
    assert state["round"] == 1 and e["round"] == 0               # the next round is dealt
    assert screen.snapshot()["overlay"] == "round"
    page = Page(host.html)
    table = the_board(page)
    assert "round-ended" in classes(table)
    cards = cards_on(table)
    assert {k: label for k, (label, _) in cards.items()} == ended_cards(e)    # every card, no more
    down = [k for k, (_, cls) in cards.items() if "ended-down" in cls]
    assert len(down) == sum(not c["up"] for row in e["rows"] for c in row) > 0
    assert not table.has("img", "Deck:", exact=False) and "drew" not in table.all_text
    heading = UI.round_heading(e, screen.ctx(0))
    assert page.has("heading", heading) and heading in table.text
    bands = {int(el.attrs["data-spot"][4:]): el for el in table.all("region")
             if el.attrs.get("data-spot", "").startswith("row:")}
    assert sorted(bands) == list(range(players))
    for s, band in bands.items():                 # the round's dealer, winner and who was out
        badges = band.get("heading").text
        assert ("Dealer" in badges) == (s == e["dealer"])
        assert ("Out" in badges) == e["out"][s]
    app.act("next-round")
    page = Page(host.html)
    assert "round-ended" not in classes(the_board(page)) and screen.snapshot()["overlay"] is None
    assert mode == "pair" or page.has("img", "Deck:", exact=False)


def test_the_hit_that_ends_a_round_flips_on_the_board_of_that_round():
    state = rig([["b1", "w3"], ["b0", "w2"]], deck=["b8"], up=("b0",))
    before = len(state["log"])
    k = state["rows"][1][1]["k"]
    state = GAME.apply(state, 0, attack(1, 1, 2))
    assert state["round"] == 1                                # the next round is dealt
    e = next(x for x in GAME.view(state, 0)["log"] if x["e"] == "round_end")
    html, _ = board(state, 0, fresh=before, pause=e)
    flips = {el.id: el.attrs.get("data-fx-key") for el in Page(html).walk()
             if el.attrs.get("data-fx") == "flip"}
    assert "round-ended" in classes(the_board(Page(html))) and flips == {"card-1-1": f"k{k}"}
    html, _ = board(state, 0, pause=e)                          # drawn again: no motion
    assert not any(el.attrs.get("data-fx") == "flip" for el in Page(html).walk())


def test_round_headings_name_the_winner_first():
    ctx = ctx_for(0)
    assert UI.round_heading({"e": "round_end", "round": 1, "winner": 1, "rows": []}, ctx) == "Ben wins round 2"
    assert UI.round_heading({"e": "round_end", "round": 0, "winner": 0, "rows": []}, ctx) == "You win round 1"
    team = {"e": "round_end", "round": 2, "winner": 1, "team": [1, 3], "rows": []}
    assert UI.round_heading(team, ctx) == "Team B (Ben, Dee) wins round 3"
    assert UI.round_heading(team, ctx_for(0, "ja")) == "チームB（Ben、Dee）の勝ち（第3ラウンド）"


def test_the_round_summary_shows_the_points_moved_and_every_card():
    app, host, screen = until_pause(chips=True, players=3)
    e = screen.pause
    page = Page(host.html)
    box = page.get("dialog")
    text = box.text
    assert "Points this round" in text and "Hits" in text and "Round win" in text
    assert f"The winner receives {e['paid']} points from every other player." in text
    assert "A card with a closed eye" in text
    for s in range(3):
        assert f"{e['points'][s]}" in text
    rows = [el.name for el in box.all("img") if "mini-row" in classes(el)]
    assert len(rows) == 3
    still = sum(name.count("still face down") for name in rows)
    assert still == sum(not c["up"] for row in e["rows"] for c in row) > 0


@pytest.mark.parametrize("version", [1, 2, 3])
def test_an_older_game_s_round_end_shows_the_same_as_a_new_one(version):
    """Rules versions before 4 recorded less at a round's end: the view makes the rest from
    the log (``rules.final_round``), so the summary and the board of the round that ended are
    drawn alike, face-down marks and all."""
    moves = play_one("algo", {"players": 2}, 3, ["normal"] * 2).record.moves
    new = Match.from_record(Record("algo", R.ROUND_BOARD_SINCE, {"players": 2}, 3, moves, {}))
    old = Match.from_record(Record("algo", version, {"players": 2}, 3, moves, {}))
    ends = [[e for e in m.view(0)["log"] if e["e"] == "round_end"] for m in (new, old)]
    for a, b in zip(*ends):
        shown = ("rows", "dealer", "out", "winner")
        assert {k: a[k] for k in shown} == {k: b[k] for k in shown}
        summary = Page(render(UI.round_summary(b, ctx_for(0))))
        rows = [el.name for el in summary.all("img") if "mini-row" in classes(el)]
        assert rows == [el.name for el in Page(render(UI.round_summary(a, ctx_for(0)))).all("img")
                        if "mini-row" in classes(el)]
        assert any("still face down" in name for name in rows)
        page = Page(render(UI.board(old.view(0), Choice(), ctx_for(0, pause=b))))
        assert {k: label for k, (label, _) in cards_on(the_board(page)).items()} == ended_cards(a)


# --- the result ----------------------------------------------------------------------------------
def finished(options, seed, names=("Aki", "Ben", "Cy", "Dee")):
    n = options["players"]
    match = play_one("algo", options, seed, ["normal"] * n)
    rec = match.record
    meta = {"seats": [{"name": names[s], "bot": "normal"} for s in range(n)]}
    app, host = make_app(hash_=f"#load={encode(Record(rec.game, rec.version, rec.options, rec.seed, rec.moves, meta))}")
    box = host.html.split('class="overlay result"')[1]
    return match, box, Text.of(box)


def test_the_result_has_placings_in_rounds_won_and_every_round_to_look_at():
    match, box, text = finished({"players": 3}, 4)
    out = match.outcome()
    for s in range(3):
        n = out["scores"][s]
        assert f"{NAMES[s]} {n} round{'s' if n != 1 else ''} won" in text
    assert [el.text for el in Page(box).walk() if el.tag == "caption"][0] == "Rounds"
    assert len([el for el in Page(box).walk() if el.tag == "details" and "round-board" in classes(el)]) == 3
    for e in (e for e in match.state["log"] if e["e"] == "round_end"):
        assert f"{NAMES[e['winner']]} wins round {e['round'] + 1}" in text


def test_each_rounds_board_is_drawn_only_when_opened_one_at_a_time():
    """The end of a long game draws no round's cards until asked (issue 14: the move that
    ended the game drew them all); opening one closes the other; the replay does the same."""
    match = play_one("algo", {"players": 3}, 4, ["normal"] * 3)
    rec = match.record
    meta = {"seats": [{"name": NAMES[s], "bot": "normal"} for s in range(3)]}
    code = encode(Record(rec.game, rec.version, rec.options, rec.seed, rec.moves, meta))
    ends = [e for e in match.state["log"] if e["e"] == "round_end"]
    assert len(ends) == 3
    for hash_ in (f"#load={code}", f"#replay={code}&move={len(rec.moves)}"):
        app, host = make_app(hash_=hash_)
        def parts():
            """[(name, open, what a click does)] of the result's rounds, and the mini rows drawn."""
            box = Page(host.html).get("dialog")
            rounds = [b for b in box.all("button") if b.attrs.get("data-act") == "result-part"]
            minis = [el for el in box.all("img") if "mini-row" in classes(el)]
            return [(b.name, "open" in b.parent.attrs, b.attrs["data-arg"]) for b in rounds], minis

        rounds, minis = parts()
        assert [(o, a) for _, o, a in rounds] == [(False, "0"), (False, "1"), (False, "2")] and not minis
        app.act("result-part", "1")
        rounds, minis = parts()
        assert [o for _, o, _ in rounds] == [False, True, False] and len(minis) == 3
        winner = NAMES[ends[1]["winner"]]
        assert rounds[1][0] == f"{winner} wins round 2" and rounds[1][2] == "-1"   # a click closes it
        app.act("result-part", "2")
        assert [o for _, o, _ in parts()[0]] == [False, False, True]
        app.act("result-part", "-1")
        rounds, minis = parts()
        assert not any(o for _, o, _ in rounds) and not minis
        for forged in ("<b>", "--1", "²", ""):     # a forged argument: nothing breaks
            app.act("result-part", forged)
            rounds, minis = parts()
            assert len(rounds) == 3 and not any(o for _, o, _ in rounds)


def test_the_table_behind_the_result_is_the_last_round_as_it_ended():
    match = play_one("algo", {"players": 2}, 3, ["normal"] * 2)
    last = [e for e in GAME.view(match.state, 0)["log"] if e["e"] == "round_end"][-1]
    table = the_board(Page(render(UI.board(GAME.view(match.state, 0), Choice(), ctx_for(0)))))
    assert "round-ended" in classes(table) and not table.has("img", "Deck:", exact=False)
    cards = cards_on(table)
    assert {k: label for k, (label, _) in cards.items()} == ended_cards(last)
    assert sum("ended-down" in cls for _, cls in cards.values()) == sum(
        not c["up"] for row in last["rows"] for c in row) > 0
    assert f"{NAMES[last['winner']] if last['winner'] else 'You'} win" in table.text


def test_the_result_breaks_the_points_down():
    match, box, text = finished({"players": 3, "chips": True}, 6)
    out = match.outcome()
    ends = [e for e in match.state["log"] if e["e"] == "round_end"]
    assert "Start Hits Round wins Final" in text
    for s in range(3):
        hits, won = sum(e["hits"][s] for e in ends), sum(e["won"][s] for e in ends)
        assert out["scores"][s] == 230 + hits + won
        assert f"{NAMES[s]} {out['scores'][s]} points" in text
        sign = lambda x: f"+{x}" if x > 0 else "±0" if x == 0 else f"−{-x}"  # noqa: E731
        assert f"{NAMES[s]} 230 {sign(hits)} {sign(won)} {out['scores'][s]}" in text


def test_pair_results_name_the_team():
    match, box, text = finished({"players": 4, "mode": "pair", "chips": True}, 2)
    out = match.outcome()
    assert out["pair"]
    if len(out["winners"]) == 2:
        team = out["winners"][0] % 2
        heading = f"Team {'AB'[team]} ({NAMES[team]}, {NAMES[team + 2]}) wins the game"
    else:
        heading = "Team A and Team B share the win"
    assert Page(box).has("heading", heading)
    assert f"Team A · {out['scores'][0]} points" in text


def test_score_text_in_the_game_s_words():
    ctx = ctx_for(None)
    assert UI.score_text({"winners": [0], "scores": [2, 1]}, 0, ctx) == "2 rounds won"
    assert UI.score_text({"winners": [0], "scores": [2, 1]}, 1, ctx) == "1 round won"
    assert UI.score_text({"winners": [0], "scores": [420, 380], "wins": [1, 1]}, 0, ctx) == "420 points"
    pair = {"winners": [1, 3], "scores": [380, 420, 380, 420], "wins": [1, 3, 1, 3], "pair": True}
    assert UI.score_text(pair, 3, ctx) == "Team B · 420 points"
    assert UI.score_text({"winners": [0], "scores": [1], "mistakes": 2, "grade": 1}, 0, ctx) == "Mistakes: 2"
    assert UI.score_text({"winners": [0], "scores": [3, 1]}, 0, ctx_for(None, "ja")) == "3ラウンド勝利"


# --- the shelf ---------------------------------------------------------------------------------------
def test_progress_line_for_a_game_in_progress():
    state = GAME.apply(two(), 0, attack(1, 3, 6))
    ctx = ctx_for(0)
    assert UI.progress(GAME.view(state, None), ctx) == "Round 1 of 2 · Aki 0, Ben 0 · your turn"
    assert UI.progress(GAME.view(state, None), ctx_for(None, "ja")) == "第1ラウンド（全2）・Aki 0、Ben 0・Akiの番"
    chips = rig([["b1", "w3"], ["b0", "w2"], ["b4", "w6"]], deck=["b8"], chips=True, turn=2)
    assert UI.progress(GAME.view(chips, None), ctx) == "Round 1 of 3 · Aki 230, Ben 230, Cy 230 · Cy's turn"
    pair, _ = play([[0, {"a": "toss"}]], 3, chips=True)
    assert UI.progress(GAME.view(pair, None), ctx_for(None)) == (
        "Round 1 of 4 · Team A 400, Team B 400 · Cy's turn")          # Cy is to show a card
    puzzle = GAME.setup({"mode": "puzzle", "players": 1, "grade": 2}, 4)
    line = UI.progress(GAME.view(puzzle, None), ctx)
    assert line.startswith("Grade 2 · ") and line.endswith(" cards to find · Mistakes: 0")
    over = play_one("algo", {"players": 2}, 3, ["normal"] * 2).state
    assert UI.progress(GAME.view(over, None), ctx) is None


def test_picture_is_a_row_of_algo_cards():
    svg = Page(render(UI.picture())).children[0]
    assert svg.tag == "svg" and svg.attrs["viewbox"].startswith("0 0 ") and svg.hidden
    assert "width" not in svg.attrs
    cards = [el for el in svg.children if getattr(el, "tag", None) == "g"]
    texts = [el.all_text for el in svg.walk() if el.tag == "text"]
    assert len(cards) == 4 and "2" in texts and "7" in texts
    assert texts.count("?") == 2                             # two backs: stripes and dots


# --- the frame's pieces ------------------------------------------------------------------------------
def test_geometry_offers_one_line_and_two_line_layouts():
    assert geometry([4, 4]) == "--slots-1: 5; --lines-1: 2; --slots-2: 5; --lines-2: 2; --bands: 2"
    assert geometry([11, 7]) == "--slots-1: 11; --lines-1: 2; --slots-2: 6; --lines-2: 4; --bands: 2"
    assert geometry([2, 3, 9, 2]) == "--slots-1: 9; --lines-1: 4; --slots-2: 5; --lines-2: 5; --bands: 4"


def test_regions_and_narrow_badges():
    def regions(html):
        """(region, class of the element) in page order."""
        return [(el.attrs["data-region"], el.attrs.get("class", ""), el.name)
                for el in Page(html).walk() if "data-region" in el.attrs]

    html, _ = board(two(), 0)
    assert [r for r, _, _ in regions(html)] == ["table", "players", "hand", "hand"]
    assert regions(html)[2][1].startswith("center") and regions(html)[3][2] == "your row"
    html, _ = board(two(), 1)                                # Ben waits: only his row
    assert [r for r, _, _ in regions(html)] == ["table", "players", "hand"]
    assert not any("numpad" in classes(el) for el in Page(html).walk())

    def badges(html):
        """(classes, text read, text shown only to the eye) of each badge."""
        return [(classes(el), el.text, el.all_text) for el in Page(html).walk() if "badge" in classes(el)]

    turn = [b for b in badges(html) if "turn" in b[0]]
    assert [(t, a) for _, t, a in turn] == [("Turn", "Turn")]          # on a narrow stage: ▶
    pair, _ = play([], 3)
    html, _ = board(pair, 0)
    assert (["badge", "partner", "team-0"], "Partner", "Partner") in badges(html)
    assert (["badge", "team", "team-1"], "Team B", "Team BB") in badges(html)   # the short B: eyes only


def test_a_puzzle_s_log_is_one_list():
    app, host = make_app()
    start(app, {"mode": "puzzle", "grade": "1", "daily": False, "kind0": "human"})
    page = Page(host.html)
    assert not page.where(cls="log-group") and "Round 1" not in host.text()
    assert page.where(cls="algo-board algo-table puzzle-board")


def test_the_table_s_japanese_lines_break_between_phrases_only():
    """The walk of issue 26: on a phone the preview broke 「アタ/ック」 and the result's rounds
    table 「CPU2（ふつ/う）」: the middle's lines are drawn as phrases (a <wbr> after each, names
    whole) in a ``.phrased`` box, and the rounds table is ``.phrased`` too."""
    html, _ = board(two(), 0, {"target": [1, 3]}, "ja")
    page = Page(html)
    text = page.by_id("action-text")
    assert "phrased" in text.attrs["class"].split()
    hit = next(e for e in page.all(hidden=True) if "hit" in e.attrs.get("class", "").split())
    assert [getattr(c, "tag", None) for c in hit.children].count("wbr") >= 3
    deck = next(e for e in page.all(hidden=True) if "deck-count" in e.attrs.get("class", ""))
    assert "phrased" in deck.attrs["class"].split()     # 「山札：15/枚」 at 390 px: 「15枚」 whole
    drew = next(e for e in page.all(hidden=True) if "drawn-label" in e.attrs.get("class", ""))
    assert "phrased" in drew.attrs["class"].split()          # 「あなたが引いたカ/ード」 at 1280 px
    assert [getattr(c, "tag", None) for c in drew.children].count("wbr") == 1
    # the result's table of rounds, and the setup's point-chip label
    rec = play_one("algo", {"players": 2}, 3, ["normal", "normal"]).record
    match = Match.new("algo", rec.options, rec.seed)
    for seat, move in rec.moves:
        match.play(seat, move)
    rounds = Page(render(UI.result(match.view(0), ctx_for(0, "ja")))).get("table")
    assert "phrased" in rounds.attrs["class"].split()
    setup = Page(render(UI.option_fields(UI.default_setup(), I18n("ja").t)))
    label = setup.by_id("opt-chips").parent
    assert "phrased" in label.attrs["class"].split() and any(
        getattr(c, "tag", None) == "wbr" for c in label.children)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rounds_won_line_keeps_each_name_with_its_count(lang):
    """Without point chips the summary says the rounds won so far: a name and its count are
    joined by a no-break space (the walk of issue 26 saw 「Cy / 0」 on a phone in Japanese)
    and the Japanese line breaks between phrases only."""
    rec = play_one("algo", {"players": 3}, 3, ["normal"] * 3).record
    match = Match.new("algo", rec.options, rec.seed)
    for seat, move in rec.moves:
        match.play(seat, move)
    view = match.view(0)
    ctx = ctx_for(0, lang)
    end = next(e for e in view["log"] if e["e"] == "round_end" and "points" not in e)
    summary = UI.round_summary(end, ctx)
    line = next(e for e in Page(render(summary)).all(hidden=True)
                if "wins-so-far" in e.attrs.get("class", "").split())
    raw = Text()                                  # the characters as sent, spaces unchanged
    raw.feed(render(summary))
    raw = "".join(raw.parts)
    for s, name in enumerate(ctx.names[:3]):
        assert f"{name}\u00a0{end['wins'][s]}" in raw
        assert f"{name} {end['wins'][s]}" not in raw
    if lang == "ja":
        assert "phrased" in line.attrs["class"].split()


def test_a_point_chip_summary_in_japanese_keeps_its_words_and_numbers_whole():
    """The walk of issue 26, a 4-player point-chip game on a phone in Japanese: the payment's
    line had a space after 「。」 and broke 「もら/います」, the points tables broke
    「CPU4（ふつ/う）」, 「アタッ/ク」 and the result's 「+18/0」: the line is phrased, the
    tables are ``.phrased`` and a round's points are a ``won`` cell (style.css: never wrapped)."""
    rec = play_one("algo", {"players": 2, "chips": True}, 3, ["normal", "normal"]).record
    match = Match.new("algo", rec.options, rec.seed)
    for seat, move in rec.moves:
        match.play(seat, move)
    view = match.view(0)
    ctx = ctx_for(0, "ja")
    end = next(e for e in view["log"] if e["e"] == "round_end")
    page = Page(render(UI.round_summary(end, ctx)))
    paid = next(e for e in page.all(hidden=True) if "paid" in e.attrs.get("class", "").split())
    assert "phrased" in paid.attrs["class"].split()
    assert "。 " not in "".join(c for c in paid.children if isinstance(c, str))
    assert any(getattr(c, "tag", None) == "wbr" for c in paid.children)
    assert "phrased" in page.get("table").attrs["class"].split()
    result = Page(render(UI.result(view, ctx)))
    assert all("phrased" in t.attrs["class"].split() for t in result.all("table"))
    won = [e for e in result.all(hidden=True) if e.attrs.get("class") == "won"]
    assert len(won) == len(view["results"]) and all(e.text.startswith("+") for e in won)
