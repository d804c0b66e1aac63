"""Play Me! screen flows in CPython through the fake host, with the game clock driven by the test:
setup form, countdown, dice by click and key, targets, pause, two humans on one keyboard,
choices, reload, strings."""


from bodoge.games.playme import GAME
from bodoge.ui.i18n import tables
from bodoge.games.playme.ui import RULING_KEYS, V2_RULINGS, GameClock

from ui.fakehost import make_app


def start(app, kinds=("human", "slow", "slow"), chars=(), **flags):
    app.route("#/new/playme")
    form = {"players": str(len(kinds))}
    for s, kind in enumerate(kinds):
        form[f"kind{s}"] = kind
    for s, c in enumerate(chars):
        form[f"char{s}"] = c
    form.update(flags)
    app.act("start", "", form)
    screen = app.screen
    screen.drive_clock("manual")
    return screen


def begin(app, screen):
    app.act("start-round", "")
    screen.drive_clock("advance", 3000)


def test_game_clock_pauses_and_runs_manually():
    now = [1000.0]
    clock = GameClock(lambda: now[0], at=500)
    assert clock.now() == 500 and not clock.running
    clock.start()
    now[0] += 250
    assert clock.now() == 750
    clock.stop()
    now[0] += 1000
    assert clock.now() == 750
    clock.start()
    clock.set_manual(True)
    now[0] += 5000
    assert clock.now() == 750
    clock.advance(40)
    assert clock.now() == 790


def test_setup_offers_characters_optional_rules_and_slow_bots():
    app, host = make_app(hash_="#/new/playme")
    text = host.text()
    assert "Computer (slow)" in text and "Random character" in text and "Mad Jabberwocky" in text
    assert "start with slow ones" in text
    screen = start(app, ("human", "fast"), chars=("queen", "queen"), play_me=True)
    opts = screen.match.record.options
    assert opts["characters"] == ["queen", None] and opts["play_me"] is True   # no duplicates
    assert screen.seats[1]["bot"] == "fast"


def test_countdown_hides_dice_and_refuses_early_moves():
    app, host = make_app()
    screen = start(app)
    app.act("start-round", "")
    assert "3…" in host.text() and "hidden until the start" in host.html
    screen.drive_clock("advance", 1000)
    assert "2…" in host.text()
    app.key("1")
    assert len(screen.match.record.moves) == 1            # only the ready event
    screen.drive_clock("advance", 2000)
    assert "Round 1: Play me!" in host.text() and "hidden until" not in host.html


def test_die_click_and_keys_advance_block_and_roll():
    app, host = make_app()
    screen = start(app, chars=("alice", "queen", "cat"))
    begin(app, screen)
    state = screen.match.state
    state["p"][0]["roll"] = [1, 5, 6, 6, 2, 3]
    app.act("die", "0-1")
    moves = screen.match.record.moves
    assert moves[-1][1]["a"] == "advance" and moves[-1][1]["n"] == 1
    assert moves[-1][1]["t"] == screen.clock.now()
    assert "You: 1, Advance!" in host.text() and any("You: 1, Advance!" in a for a in host.announced)
    # a die with two targets asks whom to hit; Q/W pick the cards after yours
    state = screen.match.state
    state["p"][0]["roll"] = [3, 3, 4]
    state["p"][1]["card"] = [{"n": 1, "o": [1]}, {"n": 2, "o": [1]}]
    state["p"][2]["card"] = []
    screen.match.state["p"][2]["card"] = [{"n": 1, "o": [2]}, {"n": 2, "o": [2]}]
    state["p"][2]["char"] = "hatter"
    app.key("3")
    assert screen.sels[0] == {"die": 3} and "3: block CPU 2 (slow)" in host.text()
    assert 'id="use-0-block-1-3"' in host.html and 'id="use-0-block-2-3"' in host.html
    assert host.focused == "use-0-block-1-3"
    app.key("w")
    assert screen.match.record.moves[-1][1] == {"a": "block", "n": 3, "s": 2, "t": screen.clock.now()}
    # nothing to do with a 6: say so; Space rolls again when no advance/unblock is possible
    state = screen.match.state
    state["p"][0]["roll"] = [6, 6]
    app.key("6")
    assert "A 6 cannot be used now." in host.text()
    app.key(" ")
    assert screen.match.record.moves[-1][1]["a"] == "roll"


def test_bots_act_only_as_the_clock_runs_and_pause_freezes_everything():
    app, host = make_app()
    screen = start(app, ("human", "fast", "fast"))
    begin(app, screen)
    n = len(screen.match.record.moves)
    host.run_timers()
    assert len(screen.match.record.moves) == n           # timers alone move nothing
    screen.drive_clock("advance", 2000)
    assert len(screen.match.record.moves) > n            # fast bots acted
    assert all(seat != 0 for seat, _ in screen.match.record.moves[n:])
    assert app.key("Escape") and screen.paused
    assert "Paused" in host.text() and "hidden until the start" in host.html
    n = len(screen.match.record.moves)
    screen.drive_clock("advance", 10_000)
    app.key("1")
    assert len(screen.match.record.moves) == n
    app.act("pause", "")
    assert not screen.paused
    screen.drive_clock("advance", 2000)
    assert len(screen.match.record.moves) > n


def test_human_round_win_then_next_round_and_reload_resumes_paused():
    app, host = make_app()
    screen = start(app, ("human", "slow"), chars=("cat", "alice"))
    begin(app, screen)
    for _ in range(400):
        if screen.match.state["phase"] != "play":
            break
        legal = screen.legal(0)
        acts = {m["a"]: m for m in legal}
        if "catch" in acts:
            app.act("catch", "0-")
        elif "advance" in acts:
            app.key(str(acts["advance"]["n"]))
        elif "unblock" in acts:
            app.key(str(acts["unblock"]["n"]))
        elif "roll" in acts:
            app.key(" ")
        screen.drive_clock("advance", 200)
    assert screen.match.state["results"][0]["winner"] == 0
    assert "Round 1: you win" in host.text() and "Next round" in host.text()
    app.key(" ")
    assert screen.match.state["phase"] == "play" and "3…" in host.text()
    screen.drive_clock("advance", 5000)
    screen.close()
    slot = app.saves.get(screen.slot.id)
    assert slot.code == screen.match.code()
    app2, host2 = make_app(host.store, hash_=f"#/play/{slot.id}")
    again = app2.screen
    assert again.paused and again.match.state == screen.match.state and "Resume" in host2.text()
    assert again.clock.now() == screen.match.state["t"]


def test_two_humans_share_one_keyboard():
    app, host = make_app()
    screen = start(app, ("human", "human", "slow"), chars=("alice", "queen", "cat"))
    assert screen.key_maps()[0]["dice"] == "123456" and screen.key_maps()[1]["dice"] == "m,.jkl"
    begin(app, screen)
    assert "Pass the device" not in host.text()              # nothing hidden: no hand-over
    st = screen.match.state
    st["p"][0]["roll"], st["p"][1]["roll"] = [1, 4], [1, 4]
    app.key("1")
    app.key("m")
    seats = [seat for seat, m in screen.match.record.moves[-2:]]
    assert seats == [0, 1] and all(m["a"] == "advance" for _, m in screen.match.record.moves[-2:])
    assert 'id="catch-0"' in host.html and 'id="catch-1"' in host.html


def test_jabberwocky_choice_for_a_human():
    app, host = make_app()
    screen = start(app, ("human", "slow", "slow", "slow"), chars=("alice", "queen", "cat", "hatter"))
    begin(app, screen)
    st = screen.match.state
    st["jabber"] = 0
    st["p"][0]["card"] = [{"n": i, "o": [0]} for i in range(1, 7)]
    st["p"][0]["pool"], st["p"][0]["roll"] = 0, []
    app.act("catch", "0-")
    assert screen.match.state["phase"] == "madden"
    assert "choose a survivor to drive mad" in host.text()
    app.act("madden", "0-2")
    assert screen.match.state["p"][2]["mad"] and "drive CPU 3 (slow) mad" in host.text()


def test_rules_page_lists_every_ruling_and_the_keys():
    for lang in ("en", "ja"):
        app, host = make_app(hash_="#/rules/playme", lang=lang)
        text, table = host.text(), tables()[lang]
        for key in RULING_KEYS:
            assert table[f"playme.ruling.{key}"] in text
        for key in V2_RULINGS:          # each new or changed ruling: marked, and what it was
            assert f"{table['playme.rules.v2']} {table[f'playme.ruling.{key}']}" in text
            assert table[f"playme.ruling_v1.{key}"] in text
        assert text.count(table["playme.rules.v2"]) == len(V2_RULINGS) + 1
        assert "M , . J K L" in text and table["playme.keys.click"] in text
    assert GAME.bot_levels == ("slow", "normal", "fast")


# --- every action in at most two inputs (issue 12, item 4) ------------------------------------
def two_ways(app, chars=("queen", "alice", "hatter"), kinds=("human", "slow", "slow")):
    """A round running where the human's 1 can advance (its card is empty) and, with the Queen's
    1, block either other card; a 4 can do nothing yet."""
    screen = start(app, kinds, chars=chars)
    begin(app, screen)
    state = screen.match.state
    state["p"][0]["roll"] = [1, 4, 4]
    for s in (1, 2):
        state["p"][s]["card"] = [{"n": 1, "o": [s]}, {"n": 2, "o": [s]}]
        state["p"][s]["pool"] = 4
    app.refresh()
    return screen


def last_move(screen):
    seat, move = screen.match.record.moves[-1]
    return seat, {k: v for k, v in move.items() if k != "t"}


def test_a_die_does_its_default_at_once_and_its_other_uses_in_two_clicks():
    app, host = make_app()
    screen = two_ways(app)
    assert 'id="more-0-0"' in host.html and 'id="more-0-1"' not in host.html   # the 1 only
    assert 'class="say" id="say-0"' in host.html          # the choice row keeps its room
    moves = len(screen.match.record.moves)
    app.act("more", "0-1")                                # 1st input: the die's ⋯
    assert len(screen.match.record.moves) == moves        # nothing played yet
    text = host.text()
    for option in ("1: advance", "1: block CPU 2 (slow)", "1: block CPU 3 (slow)"):
        assert option in text
    assert host.focused == "use-0-advance--1" and 'aria-expanded="true"' in host.html
    app.act("use", "0-block-2-1")                         # 2nd input: "1: block CPU 3 (slow)"
    assert last_move(screen) == (0, {"a": "block", "n": 1, "s": 2})
    assert "You: 1, Block! on CPU 3 (slow)'s card." in host.text()
    assert screen.match.state["p"][2]["card"][-1] == {"n": 1, "o": [0]}
    assert screen.sels[0] == {} and 'id="use-0-' not in host.html
    # one click on a die does its default: advance
    screen.match.state["p"][0]["roll"] = [1, 5]
    app.act("die", "0-1")
    assert last_move(screen) == (0, {"a": "advance", "n": 1})


def test_the_choice_row_offers_the_default_too_and_closes_again():
    app, host = make_app()
    screen = two_ways(app)
    app.act("more", "0-1")
    app.act("use", "0-advance--1")
    assert last_move(screen) == (0, {"a": "advance", "n": 1})
    screen = two_ways(make_app()[0])
    app = screen.app
    app.act("more", "0-1")
    app.act("more", "0-1")                                # the ⋯ again: put back
    assert screen.sels[0] == {}
    app.act("more", "0-1")
    app.act("cancel", "0-")
    assert screen.sels[0] == {}


def test_keys_aim_at_a_card_then_the_die_hits_it():
    app, host = make_app()
    screen = two_ways(app)
    moves = len(screen.match.record.moves)
    app.key("w")                                          # 1st key: aim at the 2nd card after mine
    assert screen.sels[0] == {"aim": 2} and len(screen.match.record.moves) == moves
    assert "Aiming at CPU 3 (slow)'s card" in host.text() and "aimed" in host.html
    app.key("1")                                          # 2nd key: block it with the 1
    assert last_move(screen) == (0, {"a": "block", "n": 1, "s": 2})
    assert screen.sels[0] == {} and "aimed" not in host.html
    # a die that cannot hit the aimed card says so and plays nothing
    screen.match.state["p"][0]["roll"] = [4, 4, 1]
    moves = len(screen.match.record.moves)
    app.key("q")
    app.key("4")
    assert len(screen.match.record.moves) == moves and "A 4 cannot block CPU 2 (slow)'s card now." in host.text()
    # aiming again at the same card, or Escape, cancels
    app.key("q")
    app.key("q")
    assert screen.sels[0] == {}
    app.key("q")
    assert app.key("Escape") and screen.sels[0] == {} and not screen.paused
    app.key("1")                                          # no aim: the default, advance
    assert last_move(screen) == (0, {"a": "advance", "n": 1})


def test_unblock_or_block_and_the_walrus_swap_are_offered_too():
    app, host = make_app()
    screen = start(app, chars=("walrus", "alice", "hatter"))
    begin(app, screen)
    state = screen.match.state
    # a 3 can unblock my card, or swap the top 3 of Alice's card
    state["p"][0]["card"] = [{"n": 1, "o": [0]}, {"n": 2, "o": [0]}, {"n": 3, "o": [2]}]
    state["p"][0]["roll"], state["p"][0]["pool"] = [3, 6], 4
    state["p"][1]["card"] = [{"n": 1, "o": [1]}, {"n": 2, "o": [1]}, {"n": 3, "o": [1]}]
    state["p"][2]["pool"] = 5
    app.act("more", "0-3")
    assert "3: unblock" in host.text() and "3: swap with CPU 2 (slow)" in host.text()
    app.key("q")                                          # with the die picked: its target key
    assert last_move(screen) == (0, {"a": "swap", "n": 3, "s": 1})


def test_two_humans_aim_on_one_keyboard_each_with_their_keys():
    app, host = make_app()
    screen = two_ways(app, kinds=("human", "human", "slow"), chars=("queen", "walrus", "hatter"))
    state = screen.match.state
    state["p"][1]["card"], state["p"][1]["pool"] = [], 6
    state["p"][1]["roll"] = [1, 3, 3]
    app.key("e")                                          # the left player's 3rd key: nobody
    assert screen.sels[0] == {}
    app.key("y")                                          # the right player aims at seat 2 ...
    app.key("w")                                          # ... and the left one too
    assert screen.sels[1] == {"aim": 2} and screen.sels[0] == {"aim": 2}
    app.key(".")                                          # right: a 3 blocks the Hatter's 1, 2
    assert last_move(screen) == (1, {"a": "block", "n": 3, "s": 2})
    state = screen.match.state
    state["p"][0]["roll"] = [1, 4]
    app.key("1")                                          # left: that card carries its block now
    assert last_move(screen)[0] == 1 and "cannot block" in host.text()
    app.key("1")                                          # no aim any more: advance
    assert last_move(screen) == (0, {"a": "advance", "n": 1})


def test_playme_key_families_exist_in_both_languages():
    en, ja = tables()["en"], tables()["ja"]
    keys = [f"playme.ruling.{k}" for k in RULING_KEYS]
    keys += [f"playme.{kind}.{c}" for kind in ("char", "mark") for c in
             ("alice", "queen", "cat", "hatter", "caterpillar", "walrus")]
    keys += [f"playme.power.{c}.{side}" for c in ("alice", "queen", "cat", "hatter", "caterpillar",
                                                   "walrus") for side in ("wonder", "madness")]
    keys += [f"playme.log.won.{how}" for how in ("twice", "jabberwocky", "survivors")]
    keys += [f"playme.log.{e}" for e in ("advance", "block", "unblock", "swap", "joint", "stop",
                                         "reset", "grab", "slowest", "scramble", "spare", "madden",
                                         "betray", "catch", "catch_jabber", "flip", "jabberwocky")]
    keys += [f"playme.status.{p}" for p in ("madden", "betray")]
    keys += [f"playme.choose.{p}" for p in ("madden", "betray")]
    keys += [f"playme.choice.{p}" for p in ("madden", "betray", "spare")]
    keys += [f"playme.hint.{h}" for h in ("advance", "unblock")]
    keys += [f"playme.use.{a}" for a in ("advance", "unblock", "block", "swap")]
    keys += [f"playme.ruling_v1.{k}" for k in V2_RULINGS]
    keys += ["playme.rules.v2", "playme.rules.versions", "playme.rules.versions.title",
             "playme.more_label", "playme.uses_of", "playme.no_hit", "playme.hint.aim"]
    keys += [f"playme.error.{e}" for e in ("face", "target", "time", "early", "phase", "complete",
                                           "blocked", "no_die", "not_next", "alice_four", "bonus",
                                           "no_block", "unblock_number", "full", "joint",
                                           "cannot_block", "block_number", "swap", "last_die",
                                           "no_dice", "roll_possible", "not_complete", "stop",
                                           "stop_used", "stop_early", "stop_late", "keep", "choice")]
    keys += [f"playme.option.{o}" for o in ("play_me", "challenge", "mad_jabberwocky")]
    keys += [f"playme.rules.{k}{suffix}" for k in ("goal", "setup", "realtime", "advance", "block",
                                                  "unblock", "round", "jabberwocky", "stop",
                                                  "betrayal", "optional", "digital")
             for suffix in ("", ".title")]
    keys += [f"playme.keys.{k}" for k in ("left", "right", "click", "pause")]
    keys += ["setup.bot.slow", "setup.bot.fast", "level.slow", "level.fast"]
    assert [k for k in keys if k not in en or k not in ja] == []


def test_play_me_race_with_two_players_the_round_winner_grabs_too():
    app, host = make_app()
    screen = start(app, ("human", "slow"), chars=("cat", "alice"), play_me="on")
    begin(app, screen)
    st = screen.match.state
    st["p"][0]["card"] = [{"n": i, "o": [0]} for i in range(1, 7)]
    st["p"][0]["pool"], st["p"][0]["roll"] = 0, []
    app.act("catch", "0-")
    assert screen.match.state["phase"] == "scramble" and screen.match.to_move() == [0, 1]
    assert "Everyone grab the rabbit" in host.text() and 'id="rabbit"' in host.html
    app.key(" ")                                          # the winner grabs it first
    st = screen.match.state
    assert st["phase"] == "ready" and st["log"][-1]["e"] == "slowest" and st["log"][-1]["s"] == 1
    assert st["p"][0]["mad"] and st["p"][1]["sealed"]
    assert "CPU 2 (slow) was the slowest" in host.text()
