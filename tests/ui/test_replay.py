"""The replay screen in CPython: routes (``#replay=<code>``, ``&move=N``, a saved game's
``#/replay/<slot>``), stepping (keys, buttons, slider, the log), what is shown (everything for a
finished game, the spectator view for a shared game in progress, a seat of this device's saved
game), Share at the current move, the result's and the header's Replay, Play Me! in real time."""

import pytest

from bodoge.core import public as P
from bodoge.core.canon import state_hash
from bodoge.core.match import Match
from bodoge.core.record import Record, encode, replay
from bodoge.core.selfplay import play_one
from bodoge.games import CATALOG, get_game
from bodoge.ui.games import game_ui
from bodoge.ui.html import render

from .fakehost import make_app
from .page import Page
from .test_app import start_algo

NAMES = ("Aki", "Ben", "Cy", "Dee")
GAMES = {g.id: g.demo for g in CATALOG if g.playable}      # each game's demo: options, level
_PLAYED = {}


def played(game_id, seed=3):
    if (game_id, seed) not in _PLAYED:
        options, level = GAMES[game_id]
        _PLAYED[game_id, seed] = play_one(game_id, options, seed, [level] * options["players"]).record
    return _PLAYED[game_id, seed]


def code_of(game_id, moves=None, seed=3, people=0):
    """A code of a self-played game (cut after ``moves``), the first ``people`` seats persons."""
    rec = played(game_id, seed)
    level = GAMES[game_id][1]
    seats = [{"name": NAMES[s], "bot": None if s < people else level} for s in range(len(rec.meta.get("seats", [])) or
                                                                                   GAMES[game_id][0]["players"])]
    cut = rec.moves if moves is None else rec.moves[:moves]
    return encode(Record(rec.game, rec.version, rec.options, rec.seed, list(cut), {"seats": seats}))


def attr(html, name):
    return Page(html).where(tag="main")[0].attrs[name]


def notice(html):
    return Page(html).by_id("notice").text


# --- routes ------------------------------------------------------------------------------------------
def test_a_replay_link_opens_at_the_end_or_at_move_n():
    code = code_of("algo")
    total = len(played("algo").moves)
    app, host = make_app(hash_=f"#replay={code}")
    assert type(app.screen).__name__ == "ReplaySession"
    assert attr(host.html, "data-move") == str(total) and attr(host.html, "data-moves") == str(total)
    assert f"Replay · move {total} of {total}" in host.text()
    app, host = make_app(hash_=f"#replay={code}&move=7")
    assert attr(host.html, "data-move") == "7"
    prompt = Page(host.html).by_id("prompt").text
    assert prompt.startswith(f"Replay · move 7 of {total} · ")
    app, host = make_app(hash_=f"#replay={code}&move=0")
    assert "Replay · the start (" in host.text() and attr(host.html, "data-move") == "0"
    # nothing is saved: a replay is not a game on this device
    assert app.saves.scan() == ([], [])


@pytest.mark.parametrize("tail,shown,message", [
    ("&move=9999", "last", "This game has {total} moves: showing move {total}."),
    ("&move=-3", "0", "This game has {total} moves: showing move 0."),
    ("&move=abc", "last", "“abc” is not a move number: showing the end ({total} moves)."),
    ("&move=", "last", "“” is not a move number"),
])
def test_a_bad_or_out_of_range_move_number_is_clamped_with_a_short_message(tail, shown, message):
    code = code_of("bossa")
    total = len(played("bossa").moves)
    app, host = make_app(hash_=f"#replay={code}{tail}")
    assert attr(host.html, "data-move") == (str(total) if shown == "last" else shown)
    assert message.format(total=total) in notice(host.html)


@pytest.mark.parametrize("code,reason", [("AQ", "It is not a bodoge save code."),
                                         ("", "The code is empty."),
                                         ("ABCD" * 5, "")])
def test_a_bad_replay_code_gets_a_clear_message_on_the_shelf(code, reason):
    app, host = make_app(hash_=f"#replay={code}&move=3")
    assert type(app.screen).__name__ == "ShelfScreen" and host.hash == "#/"
    said = notice(host.html)
    assert said.startswith("This replay cannot be opened:") and reason in said
    assert host.focused == "notice"


def test_a_pasted_replay_link_opens_as_a_code():
    from bodoge.core.record import clean

    code = code_of("bossa")
    assert clean(f"https://example.org/bodoge/#replay={code}&move=4") == code


# --- stepping -------------------------------------------------------------------------------------------
def test_keys_buttons_slider_and_the_log_step_through_the_moves():
    code = code_of("algo")
    total = len(played("algo").moves)
    app, host = make_app(hash_=f"#replay={code}&move=5")
    screen = app.screen
    assert app.key("ArrowRight") and screen.at == 6
    assert host.hash == f"#replay={code}&move=6"           # the address follows (no new entry)
    assert host.announced[-1].startswith(f"Replay · move 6 of {total} · ")
    assert app.key("ArrowLeft") and app.key("ArrowLeft") and screen.at == 4
    assert app.key("End") and screen.at == total
    assert app.key("ArrowRight") and screen.at == total          # clamped at the end
    assert app.key("Home") and screen.at == 0
    assert app.key("ArrowLeft") and screen.at == 0
    assert not app.key("x")
    app.act("replay-go", "next")
    app.act("replay-go", "last")
    assert screen.at == total
    app.act("replay-go", "first")
    app.act("replay-go", "prev")
    assert screen.at == 0
    app.act("replay-move", "replay-move", {"move": "12"})
    assert screen.at == 12 and Page(host.html).get("slider", "Move").attrs["value"] == "12"
    app.act("replay-move", "replay-move", {"move": "x"})
    assert screen.at == 12
    # the ends' buttons say they do nothing there (and keep focus: aria-disabled)
    app.key("Home")
    page = Page(host.html)
    assert page.get("button", "Previous move").attrs.get("aria-disabled") == "true"
    assert "aria-disabled" not in page.get("button", "Next move").attrs


def test_the_log_marks_the_current_move_dims_the_rest_and_jumps():
    code = code_of("algo")
    app, host = make_app(hash_=f"#replay={code}&move=10")
    screen = app.screen
    history = screen.history
    log = Page(host.html).by_id("log-list")
    jumps = [int(b.attrs["data-arg"]) for b in log.all("button")]
    assert jumps == sorted(jumps) and jumps[0] == 0 and 10 in jumps and jumps[-1] <= screen.total
    current = [b for b in log.all("button")
               if b.attrs.get("aria-current") == "step" and b.parent.classes == ["now"]]
    end = history.log_end
    view = screen.view_at(screen.total)
    lines_of_10 = [e for e in view["log"][end[9]:end[10]] if screen.gui.describe(e, screen.ctx(None))]
    assert len(current) == len(lines_of_10) > 0
    assert len(log.where(tag="li", cls="future")) == sum(1 for n in jumps if n > 10)
    app.act("replay-go", str(jumps[-3]))
    assert screen.at == jumps[-3]
    # a long log: the lines around the move shown (the end's at the end)
    app.key("End")
    log = Page(host.html).by_id("log-list")
    numbers = [int(n.text.rstrip(".")) for n in log.where(cls="log-n")]
    entries = screen.log_entries(screen.log_view(), screen.ctx(None))
    # one numbering: each line carries the number of the move that wrote it
    assert len(entries) > 100
    assert numbers == [history.move_of(index) for index, _, _ in entries[-100:]]
    assert numbers[-1] == screen.total == screen.at


def test_the_stage_is_inert_and_takes_no_input(monkeypatch):
    code = code_of("algo", moves=20, people=1)
    app, host = make_app(hash_=f"#replay={code}&move=4")
    assert "inert" in Page(host.html).where(cls="board-wrap")[0].attrs
    gui = game_ui("algo")
    monkeypatch.setattr(gui, "act", lambda *a: pytest.fail("a replay passed input to the game"))
    monkeypatch.setattr(gui, "key", lambda *a: pytest.fail("a replay passed a key to the game"))
    app.act("target", "1-0")
    app.key("Enter")
    app.key("s")
    assert app.screen.at == 4


def test_stepping_forward_flags_the_new_events_only():
    seen = []
    gui = game_ui("bossa")
    board = gui.replay_board

    code = code_of("bossa")
    app, host = make_app(hash_=f"#replay={code}&move=3")
    screen = app.screen
    gui.replay_board = lambda view, ctx: seen.append((ctx.fresh_from, ctx.replay)) or board(view, ctx)
    try:
        app.key("ArrowRight")
        app.key("ArrowLeft")
        app.key("End")
    finally:
        del gui.replay_board
    assert seen[0] == (screen.history.log_end[3], True)
    assert seen[1][0] is None and seen[2][0] is None


def test_every_position_shown_is_the_record_s_position():
    """The replay's state at each move hashes as the record cut there, replayed from scratch."""
    rec = played("alter")
    app, host = make_app(hash_=f"#replay={code_of('alter')}&move=0")
    screen = app.screen
    for k in range(0, screen.total + 1, 7):
        app.act("replay-go", str(k))
        cut = Record(rec.game, rec.version, rec.options, rec.seed, rec.moves[:k])
        assert state_hash(screen.history.state(screen.at)) == state_hash(replay(cut)[1])


# --- what is shown --------------------------------------------------------------------------------------
class Spy:
    """Records every view and reveal a game is asked for."""

    def __init__(self, monkeypatch, game_id):
        self.calls = []
        game = get_game(game_id)
        real_view, real_reveal = game.view, game.reveal
        monkeypatch.setattr(game, "view", lambda state, seat: self.calls.append(("view", seat)) or real_view(state, seat))
        monkeypatch.setattr(game, "reveal", lambda state: self.calls.append(("reveal", None)) or real_reveal(state))

    def seats(self):
        return {seat for kind, seat in self.calls if kind == "view"}

    def reveals(self):
        return sum(1 for kind, _ in self.calls if kind == "reveal")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_shared_game_in_progress_is_only_ever_seen_as_a_spectator(game_id, monkeypatch):
    code = code_of(game_id, moves=len(played(game_id).moves) // 2, people=1)
    spy = Spy(monkeypatch, game_id)
    app, host = make_app(hash_=f"#replay={code}&move=0")
    screen = app.screen
    assert screen.perspectives() == ["table"] and Page(host.html).by_id("replay-seat") is None
    for _ in range(screen.total):
        app.key("ArrowRight")
    app.act("log", "open")
    app.act("share")
    app.act("replay-seat", "replay-seat", {"seat": "0"})     # forged: not offered, refused
    assert screen.perspective == "table"
    with pytest.raises(ValueError):
        screen.view_at(1, 0)
    assert spy.calls and spy.seats() == {None} and spy.reveals() == 0


def test_a_finished_game_is_shown_whole_and_any_seat_may_be_picked(monkeypatch):
    code = code_of("algo", people=1)
    spy = Spy(monkeypatch, "algo")
    app, host = make_app(hash_=f"#replay={code}&move=9")
    screen = app.screen
    assert screen.perspectives() == ["all", 0, 1, 2]
    # the board is everything; only the analysis asks for a seat's view: the seat to move's
    mover = get_game("algo").to_move(screen.history.state(9))[0]
    assert spy.reveals() > 0 and spy.seats() <= {None, mover}
    options = [(o.attrs["value"], o.text) for o in Page(host.html).all("option")]
    assert options == [("all", "Everything"), ("0", "As Aki saw it"), ("1", "As Ben saw it"),
                       ("2", "As Cy saw it")]
    app.act("replay-seat", "replay-seat", {"seat": "1"})
    # focus leaves the picker, so that ← → step through the moves again (issue 26)
    assert screen.perspective == 1 and 1 in spy.seats() and host.focused == "prompt"
    assert app.key("ArrowLeft") and screen.at == 8
    assert [o.attrs["value"] for o in Page(host.html).all("option") if o.selected] == ["1"]


def test_a_saved_game_in_progress_may_be_seen_as_a_person_of_this_device():
    app, host = make_app()
    screen = start_algo(app, [("human", "Aki"), ("normal", "Ben"), ("normal", "Cy")], players=3)
    host.run_timers()
    slot = screen.slot
    app.route(f"#/replay/{slot.id}")
    replay_ = app.screen
    assert type(replay_).__name__ == "ReplaySession" and replay_.slot.id == slot.id
    assert replay_.perspectives() == ["table", 0]
    assert replay_.perspective == "table"                 # the spectator view until one picks
    assert [o.attrs["value"] for o in Page(host.html).all("option")] == ["table", "0"]
    app.act("replay-seat", "replay-seat", {"seat": "1"})   # a computer's seat: not offered
    assert replay_.perspective == "table"
    app.act("replay-seat", "replay-seat", {"seat": "0"})
    assert replay_.perspective == 0
    view = replay_.view_at(replay_.at)
    assert view == screen.match.game.view(screen.match.state, 0)
    # the way back to the game, and the address of the move shown
    assert Page(host.html).by_id("back-to-game").attrs["href"] == f"#/play/{slot.id}"
    app.key("Home")
    assert host.hash == f"#/replay/{slot.id}/0"


def test_the_person_is_named_you_only_in_their_own_view():
    code = code_of("bossa", people=1)
    rec = Match.from_code(code).record
    rec.meta["seats"][0]["name"] = ""
    app, host = make_app(hash_=f"#replay={encode(rec)}&move=3")
    assert app.screen.names()[0] == "Player 1"
    app.act("replay-seat", "replay-seat", {"seat": "0"})
    assert app.screen.names()[0] == "You"


@pytest.mark.parametrize("game_id", ["algo", "bossa"])
def test_the_replay_of_this_devices_game_says_you_in_the_words_the_game_used(game_id):
    """The replay of a game saved here, its one person unnamed: "You" as at the table, and in
    the forms the game says to its viewer ("You draw", "your side"), with everything shown."""
    from types import SimpleNamespace

    from bodoge.ui.replay import ReplaySession
    rec = Match.from_code(code_of(game_id, people=1)).record
    rec.meta["seats"][0]["name"] = ""
    app, host = make_app()
    app.screen = ReplaySession(app, Match.from_code(encode(rec)), None, slot=SimpleNamespace(id="here"))
    app.refresh()
    text = host.text()
    assert app.screen.perspective == "all" and app.screen.names()[0] == "You"
    assert "You " in text and "Player 1" not in text
    assert "You's" not in text and "You draws" not in text


def test_a_missing_or_damaged_saved_game_cannot_be_replayed():
    app, host = make_app(hash_="#/replay/nope")
    assert type(app.screen).__name__ == "ShelfScreen" and "no longer exists" in host.text()


# --- overlays ---------------------------------------------------------------------------------------------
def overlay(host):
    """The classes of the overlay shown (the result's, a round's summary), or None."""
    shown = Page(host.html).where(tag="section", cls="overlay")
    assert len(shown) <= 1
    return shown[0].classes if shown else None


def test_the_end_of_a_finished_game_shows_the_result_and_a_round_end_its_summary():
    code = code_of("algo")
    app, host = make_app(hash_=f"#replay={code}")
    screen = app.screen
    assert overlay(host) == ["overlay", "result"]
    assert Page(host.html).by_id("replay-game") is None      # no Replay inside the replay
    app.act("overlay", "hide")
    assert overlay(host) is None and Page(host.html).by_id("show-overlay") is not None
    app.key("ArrowLeft")
    assert overlay(host) is None
    # the move that ended round 1
    view = screen.view_at(screen.total)
    first_end = next(i for i, e in enumerate(view["log"]) if screen.gui.ends_round(e))
    k = screen.history.move_of(first_end)
    app.act("replay-go", str(k))
    assert overlay(host) == ["overlay", "round-over"]
    assert Page(host.html).by_id("replay-overlay-next") is not None
    assert screen.pause is not None
    app.act("replay-go", "next")
    assert screen.at == k + 1 and overlay(host) is None


# --- share, and the ways in ----------------------------------------------------------------------------
def test_share_copies_a_link_to_the_move_shown_which_opens_there():
    code = code_of("alter", moves=30)
    app, host = make_app(hash_=f"#replay={code}&move=12")
    app.key("ArrowRight")
    app.act("share")
    link = host.copied[-1]
    # a game in progress: the link holds what spectators saw (a public record), not the code
    public = P.share_code(Match.from_code(code))
    assert P.is_public(public) and code not in link
    assert link == f"https://example.org/bodoge/#replay={public}&move=13"
    assert host.announced[-1] == "Link to move 13 copied."
    assert Page(host.html).where(tag="input", value=link) and "Link to move 13" in host.text()
    assert "Replay code (what spectators saw)" in host.text() and not Page(host.html).mentions(code)
    assert host.focused == "dialog-close"
    other, other_host = make_app(hash_=link.split("/bodoge/", 1)[1])
    assert other.screen.at == 13 and attr(other_host.html, "data-moves") == "30"
    assert other.screen.public and other.screen.perspectives() == ["table"]
    app.act("copy", "code")
    assert host.copied[-1] == public
    # a finished game's replay shares its whole record (nothing is hidden any more)
    whole = code_of("alter")
    app, host = make_app(hash_=f"#replay={whole}&move=12")
    app.act("share")
    assert host.copied[-1] == f"https://example.org/bodoge/#replay={whole}&move=12"
    assert "Save code" in host.text()


def test_the_play_screen_offers_the_replay_in_its_header_result_and_share_dialog():
    app, host = make_app()
    screen = start_algo(app, [("human", "Aki"), ("normal", "Ben")])
    host.run_timers()
    slot = screen.slot
    assert Page(host.html).by_id("open-replay").attrs["href"] == f"#/replay/{slot.id}"
    app.act("share")
    public = P.share_code(screen.match)
    assert P.is_public(public)
    replay_link = f"https://example.org/bodoge/#replay={public}"
    assert Page(host.html).by_id("share-replay").attrs["value"] == replay_link
    assert "as a spectator sees it" in host.text()
    app.act("copy", "replay")
    assert host.copied[-1] == replay_link
    # the whole record (to go on elsewhere) is there too, named for what it is, never the default
    page = Page(host.html)
    dialog = page.by_id("dialog-share")
    continue_ = dialog.by_id("share-continue")
    [whole] = [el for el in dialog.walk()
               if screen.match.code() in (el.attrs.get("value"), el.text) and not el.all()]
    assert dialog.before(dialog.by_id("share-replay"), continue_) and dialog.before(continue_, whole)
    assert continue_.tag == "details" and not continue_.expanded and whole in continue_.walk()
    assert continue_.get("button", "Continue on another device: this code contains every hidden "
                                   "card").tag == "summary"
    app.act("copy", "code")
    assert host.copied[-1] == screen.match.code()
    # a finished game: Replay on the result opens at the first move; an opened code nobody
    # has played on is not stored, so its replay goes by the code
    code = code_of("algo", people=1)
    app, host = make_app(hash_=f"#load={code}")
    assert not app.screen.slot.stored
    page = Page(host.html)
    replay_game = page.by_id("replay-game")
    assert replay_game.role == "link" and replay_game.name == "Replay"
    assert replay_game.attrs["href"] == f"#replay={code}&move=0"
    assert page.by_id("open-replay").attrs["href"] == f"#replay={code}"
    app.route(f"#replay={code}&move=0")
    assert app.screen.at == 0 and app.screen.perspective == "all"
    # kept, it is a save: its replay by the save's id
    app, host = make_app(hash_=f"#load={code}")
    slot = app.screen.slot
    app.screen.saver.keep()
    assert slot.stored
    assert Page(host.html).by_id("replay-game").attrs["href"] == f"#/replay/{slot.id}/0"
    app.route(f"#/replay/{slot.id}/0")
    assert app.screen.at == 0 and app.screen.perspective == "all"


def test_the_language_switch_and_dialogs_work_in_a_replay():
    app, host = make_app(hash_=f"#replay={code_of('bossa')}&move=2")
    app.act("lang", "ja")
    assert "リプレイ・" in host.text()
    app.act("rules")
    assert Page(host.html).by_id("dialog-rules") is not None
    assert app.key("Escape") and Page(host.html).by_id("dialog-rules") is None
    assert not app.key("Escape")


# --- Play Me! ---------------------------------------------------------------------------------------------
def test_play_me_replays_move_by_move_from_a_still_of_its_own_screen():
    code = code_of("playme", people=1)
    app, host = make_app(hash_=f"#replay={code}&move=0")
    screen = app.screen
    store_before = dict(host.store.data)
    timers = len(host.timers)
    for _ in range(min(60, screen.total)):
        app.key("ArrowRight")
    assert screen.at == min(60, screen.total)
    page = Page(host.html)
    assert page.where(cls="pm-board") and page.where(cls="pm-centre")
    assert page.by_id("die-0-0") is None                   # nobody plays in a replay: no controls
    assert host.store.data == store_before                 # nothing saved
    assert len(host.timers) == timers                      # and nothing started
    app.key("End")
    assert overlay(host) == ["overlay", "result"]


def test_replay_markup_is_text_only():
    code = code_of("bossa", people=1)
    rec = Match.from_code(code).record
    rec.meta["seats"][0]["name"] = "<b>x</b>"
    app, host = make_app(hash_=f"#replay={encode(rec)}&move=3")
    page = Page(host.html)
    assert "<b>x</b>" in page.words and not [b for b in page.where(tag="b") if b.text == "x"]
    assert render(app.screen.render())


def test_leaving_a_replay_goes_to_the_shelf():
    code = code_of("bossa")
    app, host = make_app(hash_=f"#replay={code}&move=3")
    app.route("#/")
    assert type(app.screen).__name__ == "ShelfScreen" and host.warnings == []


def test_the_replays_log_lines_are_phrased_as_the_play_logs():
    """Issue 26: the replay's log draws each line as the play log does (the game's words; in
    Japanese broken between phrases only, names kept whole), not the bare text that a phone
    broke inside a word (keep-all with no <wbr>: 「Benが白2黒4を引きました。」 broke anywhere)."""
    from ui.page import Page

    from bodoge.ui import play
    app, host = make_app(hash_=f"#replay={code_of('bossa', people=1)}&move=12")
    app.act("lang", "ja")
    screen = app.screen
    spans = [e for e in Page(host.html).walk() if e.attrs.get("class") == "log-text"]
    texts = [text for _, _, text in screen.log_entries(screen.log_view(), screen.ctx(None))]
    assert len(spans) > 10 and [e.text for e in spans] == texts[:len(spans)]
    for span in spans:
        tags = [(c.tag, c.attrs.get("class")) for c in span.children if not isinstance(c, str)]
        want = [(n.tag, n.attrs.get("class_")) for n in play.log_text(screen, span.text)
                if not isinstance(n, str)]
        assert tags == want and ("wbr", None) in tags, span.text
        assert all(child.text in ("Aki", "Ben") for child in span.walk() if child.tag == "span")


def test_a_move_is_said_whole_and_japanese_sentences_join_without_a_space():
    """The walk of issue 26: at a round's end an ALTER replay's prompt said twelve lines (every
    card taken, the next deal): the prompt holds every line of the move (a screen keeps a
    fixed number of them in view, web/css/base.css; a screen reader hears them all), in one
    box that the screen cuts; in Japanese its sentences follow each other with no space."""
    code = code_of("alter")
    total = len(played("alter").moves)
    for lang in ("en", "ja"):
        app, host = make_app(hash_=f"#replay={code}&move=1", lang=lang)
        many = 0
        for k in range(1, total + 1):
            app.key("End") if k == total else None
            page = Page(host.html)
            what = page.where(cls="replay-what")[0]
            assert [what] == [n for n in page.where(cls="replay-said")[0].walk()
                              if "replay-what" in n.classes]
            ctx = app.screen.ctx(None)
            texts = [x for x in (app.screen.gui.describe(e, ctx)
                                 for e in app.screen.move_events(app.screen.view_at(k), k)) if x]
            many += len(texts) > 3
            joined = ("" if lang == "ja" else " ").join(texts)
            assert " ".join(what.text.split()) == " ".join(joined.split()), (what.text, joined)
            app.key("ArrowRight")
        assert many, lang
