"""algo's UI in CPython (fake host): setup of modes, pair play with Toss and hand-over, the
point-chip score bar, and the 詰めアルゴ screen (show why, mistakes, puzzle code, keys)."""

import pytest

from bodoge.core.match import Match
from bodoge.core.record import Record, decode, encode
from bodoge.games.algo import GAME
from bodoge.games.algo import puzzle as P
from bodoge.games.algo import ui as algo_ui
from bodoge.ui.i18n import tables

from ui.fakehost import Text, make_app
from ui.page import Page


def start(app, form):
    app.route("#/new/algo")
    app.act("setup-change", "mode", {"mode": form.get("mode", "standard")})
    app.act("start", "", form)
    return app.screen


def seats(kinds):
    return {f"kind{s}": k for s, k in enumerate(kinds)}


def shown(host, *ids):
    """Whether every element of ``ids`` is on the page."""
    page = Page(host.html)
    return all(page.by_id(i) is not None for i in ids)


def targets(host, seat):
    """The cards of ``seat`` offered as targets (``data-act="target"``)."""
    return Page(host.html).where(data_act="target", data_arg=f"{seat}-*")


# --- setup ----------------------------------------------------------------------------------------
def test_setup_form_follows_the_mode():
    app, host = make_app()
    app.route("#/new/algo")
    assert shown(host, "mode", "players", "opt-chips")
    app.act("setup-change", "mode", {"mode": "pair"})
    text = host.text()
    assert "team A" in text and not shown(host, "players") and text.count("Seat ") == 4
    app.act("setup-change", "mode", {"mode": "puzzle"})
    assert shown(host, "grade", "opt-daily") and not shown(host, "opt-chips")
    assert host.text().count("Seat ") == 1
    app.act("setup-change", "mode", {"mode": "nonsense"})
    assert shown(host, "players")                         # back to the standard game


def test_start_pair_with_chips():
    app, host = make_app()
    screen = start(app, {"mode": "pair", "chips": True, **seats(["human", "normal", "normal", "normal"])})
    assert screen.match.record.options == {"players": 4, "mode": "pair", "chips": True}
    assert "Team A" in host.text() and "Team B" in host.text()
    assert "200 points" not in host.text() and "points" in host.text()


def test_start_standard_with_chips_shows_each_seat_s_points():
    app, host = make_app()
    screen = start(app, {"players": "3", "chips": True, **seats(["human", "normal", "normal"])})
    assert screen.match.record.options == {"players": 3, "chips": True}
    assert host.text().count("230 pts") == 3 and len(Page(host.html).where(cls="badge points")) == 3
    assert "Deck:" in host.text()
    assert not Page(host.html).where(cls="badge wins")    # with chips the points decide


def test_daily_puzzle_uses_today(monkeypatch):
    monkeypatch.setattr(algo_ui, "today", lambda: "2026-11-23")
    app, host = make_app()
    screen = start(app, {"mode": "puzzle", "grade": "2", "daily": True, "kind0": "human"})
    assert screen.match.record.options == {"players": 1, "mode": "puzzle", "grade": 2,
                                           "daily": "2026-11-23"}
    other, _ = make_app()
    again = start(other, {"mode": "puzzle", "grade": "2", "daily": True, "kind0": "human"})
    assert again.match.state["rows"] == screen.match.state["rows"]      # another seed, same puzzle
    assert screen.slot.title == "Tsume-algo · today's puzzle, 2026-11-23 (Grade 2)"


def test_puzzle_save_is_named_after_the_puzzle():
    app, host = make_app()
    screen = start(app, {"mode": "puzzle", "grade": "3", "daily": False, "kind0": "human", "name0": "Aiko"})
    assert screen.slot.title == "Tsume-algo · Grade 3"
    app.route("#/")
    assert "Tsume-algo · Grade 3" in host.text() and "Aiko" not in host.text()
    game = start(app, {"players": "2", **seats(["human", "normal"]), "name0": "Aiko"})
    assert game.slot.title.startswith("Aiko · ")


# --- pair play: Toss and hand-over ------------------------------------------------------------------
def test_toss_with_two_humans_respects_hand_over():
    app, host = make_app()
    screen = start(app, {"mode": "pair", **seats(["human", "normal", "human", "normal"])})
    while True:          # let the bots play until one of the two partners is to move
        host.run_timers()
        if screen.pause is not None:
            app.act("next-round")
            continue
        if screen.handover is not None:
            break
    app.act("handover-ok")
    me = screen.viewer
    partner = (me + 2) % 4
    assert "Toss" in host.text()
    app.key("t")                                           # T asks for a Toss
    assert screen.match.state["phase"] == "toss"
    assert screen.handover == partner and not Page(host.html).where(id="card-*")   # nothing private
    app.act("handover-ok")
    assert screen.viewer == partner and "asked for a Toss" in host.text()
    assert Page(host.html).where(data_act="show")
    app.act("show", "0")
    assert screen.handover == me
    shown = screen.match.state["rows"][partner][0]
    number = shown["id"] >> 1
    public = [e for e in screen.match.view(None)["log"] if e["e"] == "show"][-1]
    assert public["n"] is None
    assert all(f"{number}." not in a or "shows" not in a for a in host.announced[-2:])
    assert not Page(host.html).where(id="card-*")
    app.act("handover-ok")
    assert screen.viewer == me
    label = f'card-{partner}-0'
    assert "shown to you by your partner" in Page(host.html).by_id(label).name
    assert "shows you" in host.text()


def to_my_attack(app, host, screen):
    """Let the bots play until seat 0 (human) is to attack; choose its stake."""
    while (screen.viewer not in screen.match.to_move() or screen.pause is not None
           or screen.match.state["phase"] != "attack"):
        if screen.pause is not None:
            app.act("next-round")
        elif screen.match.state["phase"] == "toss" and screen.viewer in screen.match.to_move():
            app.act("show", "0")
        host.run_timers()
    assert "Ask your partner for a Toss" in host.text() or "choose one of your face-down" in host.text()
    own = next(p for p, c in enumerate(screen.match.state["rows"][0]) if not c["up"])
    app.act("stake", str(own))


def test_partner_cards_are_targets_from_rules_version_2_on():
    app, host = make_app()
    screen = start(app, {"mode": "pair", **seats(["human", "normal", "normal", "normal"])})
    assert screen.match.record.version == GAME.rules_version >= 2
    to_my_attack(app, host, screen)
    assert targets(host, 2)
    assert "an opponent's, or your partner's" in host.text()
    p = next(p for p, c in enumerate(screen.match.state["rows"][2]) if not c["up"])
    other = next(p for p, c in enumerate(screen.match.state["rows"][1]) if not c["up"])
    app.act("target", f"1-{other}")
    assert "Declare a number for" in host.text() and "your partner's card" not in host.text()
    app.act("target", f"2-{p}")
    assert "Declare a number for" in host.text()
    assert "This is your partner's card: a hit turns your own team's card face up." in host.text()
    card = screen.match.state["rows"][2][p]
    n, c = card["id"] >> 1, "black" if card["id"] % 2 == 0 else "white"
    app.act("declare", str(n))
    assert screen.match.state["rows"][2][p]["up"]             # a hit on the partner's card
    assert (f"You declare {n} on CPU 3 (normal)'s {c} {n}, your partner's: hit!"
            in host.text())


def test_partner_cards_are_not_targets_in_a_version_1_game():
    meta = {"seats": [{"name": None, "bot": None}] + [{"name": None, "bot": "normal"}] * 3}
    code = encode(Record("algo", 1, {"players": 4, "mode": "pair"}, 77, [], meta))
    app, host = make_app()
    app.route("#/")
    app.act("open-code", "", {"code": code})
    screen = app.screen
    assert screen.match.record.version == 1
    to_my_attack(app, host, screen)
    assert not targets(host, 2)
    assert targets(host, 1) or targets(host, 3)
    assert "an opponent's face-down card" in host.text()


def test_pair_game_to_the_end_with_chips_and_team_result():
    app, host = make_app()
    screen = start(app, {"mode": "pair", "chips": True, **seats(["normal"] * 4)})
    for _ in range(50):
        host.run_timers()
        if screen.pause is not None:
            assert "Each player of the losing team pays the winners" in host.text()
            assert "from the losing team" not in host.text()   # version 1's payment
            assert "Points this round" in host.text()
            app.act("next-round")
        if screen.match.over:
            break
    assert screen.match.over
    text = host.text()
    out = screen.match.outcome()
    assert "wins the game" in text or "share the win" in text
    team = out["winners"][0] % 2
    if len(out["winners"]) == 2:
        assert f"Team {'AB'[team]} ({', '.join(screen.names()[s] for s in (team, team + 2))})" in text
    assert f"Team A · {out['scores'][0]} points" in text and f"Team B · {out['scores'][1]} points" in text
    assert "Start" in text and "Round wins" in text and "Final" in text


# --- 詰めアルゴ -----------------------------------------------------------------------------------
def puzzle_screen(grade=2):
    app, host = make_app()
    screen = start(app, {"mode": "puzzle", "grade": str(grade), "daily": False, "kind0": "human"})
    return app, host, screen


def test_puzzle_show_why_wrong_answer_and_solve():
    app, host, screen = puzzle_screen(3)
    assert type(screen).__name__ == "Session"
    assert "Mistakes: 0" in host.text()
    app.act("why")
    step = screen.sel.why
    assert "Why" in host.text() and host.focused == "why-text"
    r, p = step["slot"]
    assert "hint" in Page(host.html).by_id(f"pz-{r}-{p}").classes
    app.act("pick", f"{r}-{p}")
    wrong = ((step["card"] >> 1) + 1) % 12
    app.act("name", str(wrong))
    assert "Mistakes: 1" in host.text() and f"is not {wrong}" in host.announced[-1]
    app.act("pick", f"{r}-{p}")
    number = Page(host.html).by_id(f"num-{wrong}")
    assert number.role == "button" and number.name == f"{wrong}, already tried" and number.disabled
    while not screen.match.over:                # the hints solve it
        app.act("why")
        step = screen.sel.why
        app.act("pick", "-".join(map(str, step["slot"])))
        app.act("name", str(step["card"] >> 1))
    assert "Solved!" in host.text() and "Mistakes: 1" in host.text()
    assert app.saves.get(screen.slot.id).over
    # Next puzzle: a new puzzle of the same grade, in a new save (issue 26)
    next_ = Page(host.html).get("button", "Next puzzle")
    app.act(next_.attrs["data-act"])
    new = app.screen
    assert new is not screen and not new.match.over and new.slot.id != screen.slot.id
    assert new.match.record.options == {"players": 1, "mode": "puzzle", "grade": 3}
    assert new.match.record.seed != screen.match.record.seed


def test_puzzle_keyboard():
    app, host, screen = puzzle_screen(1)
    assert app.key("w") and screen.sel.why is not None
    step = screen.sel.why
    app.act("pick", "-".join(map(str, step["slot"])))
    n = step["card"] >> 1
    for ch in str(n):
        assert app.key(ch)
    assert f"Typed {n}" in host.text()
    before = screen.match.state["mistakes"], len(screen.match.record.moves)
    app.key("Enter")
    assert len(screen.match.record.moves) == before[1] + 1 and screen.match.state["mistakes"] == 0
    app.act("pick", "-".join(map(str, P.explain_view(screen.match.view(0))["slot"])))
    assert app.key("Escape") and screen.sel.pick is None


def test_puzzle_code_is_the_fresh_puzzle():
    app, host, screen = puzzle_screen(2)
    step = P.explain_view(screen.match.view(0))
    screen.play(0, {"a": "name", "r": step["slot"][0], "p": step["slot"][1], "n": step["card"] >> 1})
    app.act("share")
    assert "Puzzle code" in host.text()
    app.act("copy", "puzzle")
    fresh = Match.from_code(host.copied[-1])
    assert fresh.record.moves == [] and fresh.state["rows"] == Match.new(
        "algo", screen.match.record.options, screen.match.record.seed).state["rows"]
    assert decode(screen.match.code()).moves                  # the save code keeps the answer
    other, ohost = make_app()
    other.route("#/")
    other.act("open-code", "", {"code": host.copied[-1]})
    assert type(other.screen).__name__ == "Session" and "Mistakes: 0" in ohost.text()


def test_puzzle_bot_can_solve_it_on_screen():
    """(The New game form offers no computer for a puzzle; a record may still name one.)"""
    app, host = make_app()
    app.start_game("algo", {"mode": "puzzle", "players": 1, "grade": 4}, [{"name": "", "bot": "strong"}])
    screen = app.screen
    host.run_timers()
    assert screen.match.over and "Solved!" in host.text()


# --- rules page and strings -------------------------------------------------------------------------
def test_rules_page_lists_every_ruling_in_both_languages():
    for lang in ("en", "ja"):
        app, host = make_app(lang=lang)
        app.route("#/rules/algo")
        text = host.text()
        table = tables()[lang]
        for key in (algo_ui.RULINGS + algo_ui.RULINGS_V4 + algo_ui.RULINGS_V3 + algo_ui.RULINGS_V2
                    + algo_ui.RULINGS_V1 + algo_ui.KEYS):
            prefix = "algo.keys." if key in algo_ui.KEYS else "algo.ruling."
            assert Text.of(table[prefix + key]) in text, key
        for key in algo_ui.RULES_STANDARD + algo_ui.RULES_VARIANTS:
            assert table[f"algo.rules.{key}.title"] in text
        assert Text.of(table["algo.rules.versions"]) in text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rules_page_marks_the_rulings_of_each_rules_version(lang):
    app, host = make_app(lang=lang)
    app.route("#/rules/algo")
    table = tables()[lang]
    for version, keys in ((4, algo_ui.RULINGS_V4), (3, algo_ui.RULINGS_V3), (2, algo_ui.RULINGS_V2),
                          (1, algo_ui.RULINGS_V1)):
        items = host.html.split(f'<li class="ruling-v{version}">')[1:]
        assert len(items) == len(keys)
        for item, key in zip(items, keys):
            line = Text.of(item.split("</li>")[0])
            assert line == Text.of(table[f"algo.ruling.version{version}"] + " " + table[f"algo.ruling.{key}"])
    marker = {"en": "Rules version 2:", "ja": "ルール第2版："}[lang]
    assert Text.of(host.html).count(marker) == len(algo_ui.RULINGS_V2)
    for key in ("partner_attack", "chips_pair_each"):      # the source's words, quoted
        assert "「他のプレイヤー" in table[f"algo.ruling.{key}"]


def describe_all(state, lang, viewer=0):
    from bodoge.ui.games import Ctx
    from bodoge.ui.i18n import I18n

    ctx = Ctx(I18n(lang), [f"P{s + 1}" for s in range(4)], viewer, [viewer])
    view = GAME.view(state, viewer)
    return [algo_ui.UI.describe(e, ctx) for e in view["log"]]


@pytest.mark.parametrize("lang,v1_text,v2_text", [
    ("en", "The winning team receives 140 points from the losing team.",
     "Each player of the losing team pays the winners 140 points: 280 in all."),
    ("ja", "勝ったチームは負けたチームから140点もらいます。",
     "負けたチームの2人が、それぞれ勝ったチームに140点を支払います（合計280点）。")])
def test_round_payment_is_told_by_the_game_s_rules_version(lang, v1_text, v2_text):
    from tests.games.algo.test_rules_v2 import SWEEP, play

    for version, said, unsaid in ((1, v1_text, v2_text), (2, v2_text, v1_text)):
        state, _ = play(SWEEP, version, chips=True)
        lines = " ".join(describe_all(state, lang))
        assert said in lines and unsaid not in lines


@pytest.mark.parametrize("lang,viewer,expected", [
    ("en", 0, ["You declare 6 on P3's card (your partner): hit!",
               "You declare 5 on P3's card (your partner): miss."]),
    ("en", 2, ["P1 declares 6 on your card (their partner): hit!",
               "P1 declares 5 on your card (their partner): miss."]),
    ("en", 1, ["P1 declares 6 on P3's card (their partner): hit!",
               "P1 declares 5 on P3's card (their partner): miss."]),
    ("ja", 1, ["P1が仲間のP3のカードに6と宣言：成功！", "P1が仲間のP3のカードに5と宣言：失敗。"])])
def test_log_names_a_partner_attack(lang, viewer, expected):
    from tests.games.algo.test_rules_v2 import PARTNER_HIT, play

    state, _ = play(PARTNER_HIT + [[0, {"a": "attack", "s": 2, "p": 2, "n": 5}]], 2)
    lines = describe_all(state, lang, viewer)
    assert [x for x in lines if "6" in x or "5" in x][-2:] == expected
    plain = describe_all(play([[0, {"a": "attack", "s": 1, "p": 0, "n": 0, "w": 0}]], 2)[0], lang, viewer)
    assert not any("partner" in x or "仲間の" in x for x in plain if x)


def test_dynamic_string_families_exist():
    en = tables()["en"]
    keys = [f"algo.mode.{m}" for m in ("standard", "pair", "puzzle")]
    keys += [f"algo.grade.{g}" for g in P.GRADES] + ["algo.team.0", "algo.team.1"]
    keys += [f"algo.rules.{k}" for k in algo_ui.RULES_VARIANTS]
    keys += [f"algo.rules.{k}.title" for k in algo_ui.RULES_VARIANTS]
    keys += [f"algo.ruling.{k}" for k in algo_ui.RULINGS + algo_ui.RULINGS_V4 + algo_ui.RULINGS_V3
             + algo_ui.RULINGS_V2 + algo_ui.RULINGS_V1]
    keys += [f"algo.ruling.version{v}" for v in (1, 2, 3, 4)]
    keys += [f"algo.keys.{k}" for k in algo_ui.KEYS]
    keys += [f"algo.nth.{i}" for i in (1, 2, 3)]
    assert [k for k in keys if k not in en] == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_engine_error_keys_have_texts(lang):
    table = tables()[lang]
    for key in ("algo.error.toss", "algo.error.show", "algo.error.partner", "algo.error.tried"):
        assert key in table


@pytest.mark.parametrize("kind", ["bounds", "only", "count", "order"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_show_why_says_each_kind_of_step_in_words(kind, lang):
    from bodoge.ui.i18n import I18n

    from tests.games.algo.test_puzzle import first_step_of_kind

    _, _, step = first_step_of_kind(kind, grades=(4,) if kind == "order" else P.GRADES)
    t = I18n(lang).t
    text = algo_ui.PUZZLE.why_text(step, t)
    card = algo_ui.card_name(t, step["card"] & 1, step["card"] >> 1)
    assert card in text and "{" not in text and text[0] == text[0].upper()


# --- input declared once (issue 25) ------------------------------------------------------------------
def test_every_action_is_declared_once_and_the_selection_is_typed():
    from bodoge.games.algo.ui_cards import Choice
    from bodoge.games.algo.ui_puzzle import PuzzleUI
    from bodoge.ui.games import handlers

    assert set(handlers(type(algo_ui.UI))) >= {"toss", "show", "target", "stake", "declare",
                                                "bluff", "stay", "cancel"}
    assert set(handlers(PuzzleUI)) == {"pick", "name", "why", "cancel", "next-puzzle"}
    sel = algo_ui.UI.selection()
    assert isinstance(sel, Choice) and not sel
    sel.target = [1, 0]
    assert sel and sel != Choice() and repr(sel) == "Choice(target=[1, 0])"
    sel.clear()
    assert sel == Choice()
