"""Play Me! bots: the three levels think differently (each difference has a position where it
shows), reaction times are the table's setting, the old speed levels still play, and Stop!
comes only when the rules allow it (rules version 2: while the Jabberwocky's advance stands at
exactly 3)."""

from collections import Counter

import pytest

from bodoge.core.match import Match
from bodoge.core.record import Record
from bodoge.games.playme import GAME
from bodoge.games.playme import race
from bodoge.games.playme.bots import (BOTS, EASY_BLOCK_CHANCE, JITTER, EasyBot, NormalBot,
                                      StrongBot, make_bot)
from bodoge.games.playme.levels import (LEVELS, REACTIONS, Levels, level_of, reaction_ms,
                                        reaction_setting)
from bodoge.games.playme.sim import Driver, run

from .helpers import rig


def act(level, state, seat, seed=1):
    return BOTS[level](seat, seed).act(GAME.view(state, seat))


def every_level(state, seat):
    return {level: act(level, state, seat) for level in LEVELS}


# --- levels and reaction times ----------------------------------------------------------------
def test_levels_are_easy_normal_strong_and_the_old_speed_names_map_onto_them():
    assert GAME.bot_levels == ("easy", "normal", "strong") and list(GAME.bot_levels) == list(LEVELS)
    assert isinstance(GAME.bot_levels, Levels)
    for old in ("slow", "normal", "fast"):           # what records made before name
        assert old in GAME.bot_levels
    assert "human" not in GAME.bot_levels and None not in GAME.bot_levels
    assert [level_of(x) for x in ("slow", "normal", "fast")] == ["easy", "normal", "strong"]
    with pytest.raises(ValueError):
        level_of("turbo")
    # an old seat plays at its old speed; today's levels at the same by default
    assert [reaction_ms(x) for x in ("slow", "normal", "fast")] == [2200, 1300, 750]
    assert [reaction_ms(x) for x in LEVELS] == [2200, 1300, 750]
    assert reaction_ms("strong", "patient") == 2200 and reaction_ms("easy", "swift") == 500
    bots = [make_bot(x, 1, 7) for x in ("slow", "normal", "fast")]
    assert [type(b) for b in bots] == [EasyBot, NormalBot, StrongBot]
    assert [b.reaction_ms for b in bots] == [2200, 1300, 750]


def test_the_reaction_setting_comes_from_the_record_and_junk_means_by_level():
    assert reaction_setting({"reaction": "patient"}) == "patient"
    for junk in (None, {}, {"reaction": "warp"}, {"reaction": 5}, {"reaction": ["quick"]}, "x"):
        assert reaction_setting(junk) == "level"
    opts = GAME.options({"players": 3})

    def driver(meta):
        match = Match(GAME, Record("playme", 2, opts, 4, [], meta), GAME.setup(opts, 4))
        return Driver(match, {1: make_bot("strong", 1, 1), 2: make_bot("easy", 2, 2)})

    d = driver({"seats": [], "reaction": "patient"})
    assert [d.mean_ms(d.bots[s]) for s in (1, 2)] == [2200, 2200]
    d = driver({"seats": []})
    assert [d.mean_ms(d.bots[s]) for s in (1, 2)] == [750, 2200]
    d = driver({"reaction": "swift"})
    d.bots[0] = make_bot("normal", 0, 3)             # a seat handed to a computer later
    assert d.mean_ms(d.bots[0]) == 500


def test_reaction_times_scatter_around_the_mean():
    bot = make_bot("easy", 0, 5)
    times = [bot.reaction(1000) for _ in range(400)]
    assert min(times) >= 1000 * (1 - JITTER) and max(times) <= 1000 * (1 + JITTER)
    assert max(times) - min(times) > 400
    assert all(2200 * (1 - JITTER) <= bot.reaction() <= 2200 * (1 + JITTER) for _ in range(50))


def test_old_levels_play_a_whole_game_on_the_simulated_clock():
    match = Match.new("playme", {"players": 3}, 11)
    run(match, [make_bot(x, s, s) for s, x in enumerate(("slow", "normal", "fast"))])
    assert match.over and Match.from_code(match.code()).state == match.state


# --- how each level thinks --------------------------------------------------------------------
def test_easy_advances_and_unblocks_and_blocks_only_rarely():
    # it cannot advance; the leader (4 dice) could be blocked with its 5
    st = rig(["queen", "caterpillar"], cards={0: [1], 1: [1, 2, 3, 4]},
             rolls={0: [5, 6, 6, 3, 4], 1: [2]})
    moves = {level: Counter(act(level, st, 0, seed)["a"] for seed in range(300))
             for level in LEVELS}
    assert moves["normal"]["block"] == moves["strong"]["block"] == 300
    assert 0.5 * EASY_BLOCK_CHANCE * 300 < moves["easy"]["block"] < 1.5 * EASY_BLOCK_CHANCE * 300
    assert moves["easy"]["block"] + moves["easy"]["roll"] == 300
    # it could advance: it does, whoever leads
    st = rig(["queen", "caterpillar"], cards={0: [1], 1: [1, 2, 3, 4]},
             rolls={0: [2, 5, 6, 3, 4], 1: [2]})
    assert all(act("easy", st, 0, seed) == {"a": "advance", "n": 2} for seed in range(50))


def test_easy_blocks_far_less_than_the_others_in_whole_games():
    blocks = {}
    for level in LEVELS:
        count = Counter()
        for seed in range(6):
            match = Match.new("playme", {"players": 2}, seed)
            run(match, [make_bot(level, 0, seed, 1300), make_bot("normal", 1, seed, 1300)])
            count.update(m["a"] for s, m in match.record.moves if s == 0)
        blocks[level] = (count["block"] + count["swap"]) / (count["advance"] or 1)
    assert blocks["easy"] < 0.5 * blocks["normal"] and blocks["easy"] < 0.5 * blocks["strong"]


def test_normal_blocks_the_leader_rather_than_advance_when_it_is_two_ahead():
    # seat 0 at 1 could advance its 2, or block the leader (seat 1 at 4) with a 5, or seat 2
    st = rig(["queen", "caterpillar", "hatter"], cards={0: [1], 1: [1, 2, 3, 4], 2: [1]},
             rolls={0: [2, 5, 6, 2, 3], 1: [2], 2: [2]})
    got = every_level(st, 0)
    assert got["easy"] == {"a": "advance", "n": 2}
    assert got["normal"] == got["strong"] == {"a": "block", "n": 5, "s": 1}
    # one ahead only: normal advances
    st = rig(["queen", "caterpillar", "hatter"], cards={0: [1], 1: [1, 2], 2: [1]},
             rolls={0: [2, 3, 6, 2, 3], 1: [2], 2: [2]})
    assert act("normal", st, 0) == {"a": "advance", "n": 2}


def test_normal_blocked_blocks_a_leader_ahead_first_and_else_unblocks():
    # blocked by seat 1's 2; seat 1 (3 dice) is ahead: block it with the 4 first
    st = rig(["queen", "caterpillar"], cards={0: [1, (2, 1)], 1: [1, 2, 3]},
             rolls={0: [2, 4, 6], 1: [5]})
    got = every_level(st, 0)
    assert got["easy"] == {"a": "unblock", "n": 2}
    assert got["normal"] == got["strong"] == {"a": "block", "n": 4, "s": 1}
    # ahead itself: unblock
    st = rig(["queen", "caterpillar"], cards={0: [1, 2, 3, (4, 1)], 1: [1]},
             rolls={0: [4, 2, 6], 1: [5]})
    assert set(map(str, every_level(st, 0).values())) == {str({"a": "unblock", "n": 4})}


def test_strong_blocks_where_the_solved_race_says_it_pays():
    # at 4 against 5, both moving in turn from here: blocking the 6 beats advancing the 5
    st = rig(["queen", "caterpillar"], cards={0: [1, 2, 3, 4], 1: [1, 2, 3, 4, 5]},
             rolls={0: [5, 6], 1: [2]})
    got = every_level(st, 0)
    assert got["easy"] == got["normal"] == {"a": "advance", "n": 5}
    bot = StrongBot(0, 1)
    bot.p_first = 0.0                  # the race alone, without foreseeing the opponent's move
    assert bot.act(GAME.view(st, 0)) == {"a": "block", "n": 6, "s": 1}
    assert race.after(4, 0, 5, 1) > race.after(5, 0, 5, 0)


def test_strong_foresees_the_opponent_s_next_move_from_its_dice():
    # the leader (4 dice) holds its 5: it will most likely advance before a block lands, so
    # strong aims its 6 at the card as it will be; normal blocks the 5 (refused if too late)
    st = rig(["queen", "caterpillar"], cards={0: [1, 2], 1: [1, 2, 3, 4]},
             rolls={0: [3, 5, 6, 6], 1: [5, 2]})
    got = every_level(st, 0)
    assert got["normal"] == {"a": "block", "n": 5, "s": 1}
    assert got["strong"] == {"a": "block", "n": 6, "s": 1}
    assert got["strong"] not in GAME.moves(st, 0)          # not yet: after the leader's 5
    later = GAME.apply(st, 1, {"a": "advance", "n": 5, "t": st["t"] + 10})
    assert got["strong"] in GAME.moves(later, 0)
    # the leader does not hold its 5: strong blocks the 5 now
    st["p"][1]["roll"] = [2, 2]
    assert act("strong", st, 0) == {"a": "block", "n": 5, "s": 1}
    bot = StrongBot(0, 1)
    bot.p_first = 0.0
    st["p"][1]["roll"] = [5, 2]
    assert bot.act(GAME.view(st, 0)) == {"a": "block", "n": 5, "s": 1}   # without foresight


def test_the_solved_race_table_is_the_solution():
    fresh = race.solve()
    assert set(fresh) == set(race.TABLE)
    assert max(abs(fresh[s] - race.TABLE[s]) for s in fresh) <= 0.00005
    assert race.win_chance(6, 0, 3, 0) == 1.0 and race.win_chance(0, 0, 6, 0) == 0.0
    assert 0.5 < race.win_chance(0, 0, 0, 0) < 0.51          # the first to act: a little ahead


def test_strong_reads_a_mad_walrus_below_2_as_not_started():
    # seats 1 and 2 both at 1; seat 1, the Mad Walrus, will start again on reaching 2
    st = rig(["queen", "walrus", "caterpillar"], cards={0: [1], 1: [1], 2: [1]},
             rolls={0: [2, 2, 3, 4, 5], 1: [6], 2: [6]}, mad=(1,))
    strong = StrongBot(0, 1)
    view = GAME.view(st, 0)
    assert strong.progress(view, GAME, 1) == 0 and strong.progress(view, GAME, 2) == 1
    assert NormalBot(0, 1).leader(view, GAME) == 1
    assert min((1, 2), key=lambda x: strong.chance(view, GAME, x, {})) == 2


def test_no_mad_alice_at_4_blocks_the_player_at_4_she_needs_at_5():
    """Her 5 cannot advance until someone reaches 5: a block keeps both where they are. The
    normal level blocked, again at every 5 it rolled: in 2,000 self-played games the longest
    rounds (95-254 s of game time, the other player blocked most of it) were a normal or
    strong Mad Alice blocking; easy blocked now and then too."""
    st = rig(["alice", "caterpillar"], cards={0: [1, 2, 3, 4], 1: [1, 2, 3, 4]},
             rolls={0: [5, 6], 1: [2]}, mad=(0,))
    got = every_level(st, 0)
    assert got["normal"] == {"a": "roll"}
    assert got["strong"] == {"a": "roll"}
    assert {tuple(sorted(act("easy", st, 0, seed).items())) for seed in range(40)} == {(("a", "roll"),)}
    # nor a player further behind: the strong level's race blocked a 2 or a 3 again and again
    # (g 1696: 10 blocks of a player at 1-3, a 108 s round; 40 s without)
    st = rig(["alice", "caterpillar"], cards={0: [1, 2, 3, 4], 1: [1, 2]},
             rolls={0: [3, 6], 1: [5]}, mad=(0,))
    assert every_level(st, 0) == {"easy": {"a": "roll"}, "normal": {"a": "roll"}, "strong": {"a": "roll"}}
    # once someone has reached 5 she blocks the leader again
    st = rig(["alice", "caterpillar", "cat"], cards={0: [1, 2, 3, 4], 1: [1, 2, 3, 4, 5]},
             rolls={0: [6, 2], 1: [2]}, mad=(0,))
    assert act("normal", st, 0) == {"a": "block", "n": 6, "s": 1}


def test_strong_alice_keeps_the_face_to_block_the_leader_when_her_own_is_not_there():
    # Alice advances her 2; her 3 is not in the roll, the leader's block number 5 is
    st = rig(["alice", "caterpillar"], cards={0: [1], 1: [1, 2, 3, 4]},
             rolls={0: [2, 5, 6, 6, 6], 1: [2]})
    view = GAME.view(st, 0)
    strong = StrongBot(0, 1)
    moves = GAME.moves(view, 0)
    assert strong.with_keep({"a": "advance", "n": 2}, moves,
                            strong.keeps(view, GAME, {"a": "advance", "n": 2}, 1)) \
        == {"a": "advance", "n": 2, "keep": 5}
    assert act("normal", st, 0)["a"] == "block"              # leader 3 ahead: normal blocks
    assert "keep" not in act("easy", st, 0)


def test_strong_walrus_swaps_the_leader_s_top_die():
    st = rig(["walrus", "caterpillar"], cards={0: [1, 2], 1: [1, 2, 3, 4, 5]},
             rolls={0: [5, 6, 6, 6], 1: [2]})
    assert all(act("strong", st, 0, seed) == {"a": "swap", "n": 5, "s": 1} for seed in range(20))
    easy = Counter(act("easy", st, 0, seed)["a"] for seed in range(200))
    assert easy["swap"] < 0.5 * 200 and easy["roll"] > 0.5 * 200


# --- Stop! ------------------------------------------------------------------------------------
def jabber_view(cards, version=None, rolls=None):
    st = rig(["alice", "queen", "cat"], cards=cards, rolls=rolls or {2: [4, 5, 6]}, version=version)
    st["jabber"] = 2
    return GAME.view(st, 2)


def test_normal_jabberwocky_shouts_stop_at_three_when_a_survivor_has_something_to_lose():
    bot = BOTS["normal"](2, 1)
    assert bot.act(jabber_view({0: [1, 2], 2: [1, 2, 3]})) == {"a": "stop"}
    # blocked at 3: Stop! first (version 2 sends the block home too), then unblock
    assert bot.act(jabber_view({0: [1], 2: [1, 2, 3, (4, 0)]}, rolls={2: [4, 5]})) == {"a": "stop"}
    # nothing to take back from anyone: it advances instead
    assert bot.act(jabber_view({0: [1], 2: [1, 2, 3]}))["a"] == "advance"


def test_strong_jabberwocky_holds_stop_until_its_4_is_in_hand_or_a_survivor_is_close():
    strong, normal = BOTS["strong"](2, 1), BOTS["normal"](2, 1)
    waiting = jabber_view({0: [1, 2], 2: [1, 2, 3]}, rolls={2: [5, 6, 6]})
    assert normal.act(waiting) == {"a": "stop"}
    assert strong.act(waiting) == {"a": "roll"}              # Stop! now would waste a roll
    assert strong.act(jabber_view({0: [1, 2], 2: [1, 2, 3]}, rolls={2: [4, 6, 6]})) == {"a": "stop"}
    assert strong.act(jabber_view({0: [1], 2: [1, 2, 3]}, rolls={2: [4, 6, 6]})) == {"a": "stop"}
    close = jabber_view({0: [1, 2, 3, 4], 2: [1, 2, 3]}, rolls={2: [5, 6, 6]})
    assert strong.act(close) == {"a": "stop"}
    assert strong.act(jabber_view({0: [], 2: [1, 2, 3]}, rolls={2: [4, 6, 6]}))["a"] == "advance"
    assert BOTS["easy"](2, 1).act(jabber_view({0: [], 2: [1, 2, 3]})) == {"a": "stop"}


def test_no_level_shouts_stop_past_three_in_version_2():
    late = jabber_view({0: [1, 2, 3, 4], 2: [1, 2, 3, 4]}, rolls={2: [5, 6]})
    for level in LEVELS:
        assert BOTS[level](2, 1).act(late) == {"a": "advance", "n": 5}
    old = jabber_view({0: [1, 2, 3, 4], 2: [1, 2, 3, 4]}, version=1, rolls={2: [5, 6]})
    assert BOTS["normal"](2, 1).act(old) == {"a": "stop"}          # version 1 allowed it at 4
    assert BOTS["strong"](2, 1).act(old) == {"a": "stop"}


def stops_after_three(version, games=60, level="normal"):
    """(stops, delays): every Stop! of bot games, and the game time from the Jabberwocky's 3rd
    own die to its Stop! when a survivor had 2 or more at that moment."""
    stops, delays = [], []
    for seed in range(games):
        opts = GAME.options({"players": 3})
        match = Match(GAME, Record("playme", version, opts, seed), GAME.setup(opts, seed, version))
        run(match, [BOTS[level](s, seed * 10 + s) for s in range(3)])
        state = GAME.setup(opts, seed, version)
        armed = None
        for seat, move in match.record.moves:
            after = GAME.apply(state, seat, move)
            j = state["jabber"]
            if move["a"] == "stop":
                stops.append(GAME.own_count(state, seat))
                if armed is not None:
                    delays.append(move["t"] - armed)
                armed = None
            elif j is not None and seat == j and move["a"] == "advance" \
                    and GAME.own_count(after, j) == 3 and not after["stop_used"] \
                    and max(GAME.own_count(after, x) for x in GAME.survivors(after)) >= 2:
                armed = move["t"]
            elif after["round"] != state["round"]:
                armed = None
            state = after
    return stops, delays


def test_bots_shout_stop_only_at_three_and_normal_promptly():
    stops, delays = stops_after_three(2)
    assert stops and set(stops) == {3}
    # armed Stop!s come one reaction time later (a survivor's move may void its plan first)
    late = REACTIONS["steady"] * (1 + JITTER)
    assert delays and sum(1 for d in delays if d <= late) >= 0.9 * len(delays)
    stops, _ = stops_after_three(2, games=30, level="strong")
    assert stops and set(stops) == {3}


# --- betrayal ---------------------------------------------------------------------------------
def betray_view(results, team_wins):
    """Three players, seat 2 the Jabberwocky; seat 0 has just won a round and may betray the
    only other sane survivor (seat 1). ``results``: winners of the Jabberwocky rounds so far."""
    st = rig(["alice", "queen", "cat"], cards={})
    st.update(jabber=2, phase="betray", chooser=0, team_wins=team_wins,
              results=[{"game": 0, "round": i, "winner": w, "jabber": True}
                       for i, w in enumerate(results)])
    return GAME.view(st, 0)


def test_strong_betrays_when_the_win_alone_is_worth_more_than_the_shared_one():
    betray = {"a": "betray", "s": 1}
    # the survivors win most rounds, this one most of theirs: worth it, even two wins away
    view = betray_view([0, 0, 0], team_wins=1)
    assert BOTS["strong"](0, 1).act(view) == betray
    assert BOTS["normal"](0, 1).act(view) == {"a": "spare"}     # not one win from the end
    # one win from the end, but the Jabberwocky wins as often and the other survivor more
    # often than this one: a single Jabberwocky win would end it all
    view = betray_view([2, 2, 2, 2, 1, 1, 1, 0], team_wins=2)
    assert BOTS["strong"](0, 1).act(view) == {"a": "spare"}
    assert BOTS["normal"](0, 1).act(view) == betray
    assert BOTS["easy"](0, 1).act(betray_view([0, 0, 0], team_wins=2)) == {"a": "spare"}
