"""Play Me! bots and Stop!: the Jabberwocky bot shouts it only when the rules allow it (rules
version 2: while its advance stands at exactly 3) and at once, when a survivor has something
to lose; on the simulated clock, every Stop! comes one reaction time after its 3."""

from bodoge.core.match import Match
from bodoge.core.record import Record
from bodoge.games.playme import GAME
from bodoge.games.playme.bots import BOTS, REACTION_MS, JITTER
from bodoge.games.playme.sim import run

from .helpers import rig


def jabber_view(cards, version=None, rolls=None):
    st = rig(["alice", "queen", "cat"], cards=cards, rolls=rolls or {2: [4, 5, 6]}, version=version)
    st["jabber"] = 2
    return GAME.view(st, 2)


def test_jabberwocky_bot_shouts_stop_at_three_when_a_survivor_has_something_to_lose():
    bot = BOTS["fast"](2, 1)
    assert bot.act(jabber_view({0: [1, 2], 2: [1, 2, 3]})) == {"a": "stop"}
    # blocked at 3: Stop! first (version 2 sends the block home too), then unblock
    assert bot.act(jabber_view({0: [1], 2: [1, 2, 3, (4, 0)]}, rolls={2: [4, 5]})) == {"a": "stop"}
    # nothing to take back from anyone: it advances instead
    assert bot.act(jabber_view({0: [1], 2: [1, 2, 3]}))["a"] == "advance"


def test_jabberwocky_bot_never_shouts_stop_past_three_in_version_2():
    bot = BOTS["fast"](2, 1)
    late = jabber_view({0: [1, 2, 3, 4], 2: [1, 2, 3, 4]}, rolls={2: [5, 6]})
    assert bot.act(late) == {"a": "advance", "n": 5}
    old = jabber_view({0: [1, 2, 3, 4], 2: [1, 2, 3, 4]}, version=1, rolls={2: [5, 6]})
    assert bot.act(old) == {"a": "stop"}            # version 1 allowed it at 4


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


def test_bots_shout_stop_only_at_three_and_promptly():
    stops, delays = stops_after_three(2)
    assert stops and set(stops) == {3}
    # armed Stop!s come one reaction time later (a survivor's move may void its plan first)
    late = REACTION_MS["normal"] * (1 + JITTER)
    assert delays and sum(1 for d in delays if d <= late) >= 0.9 * len(delays)
