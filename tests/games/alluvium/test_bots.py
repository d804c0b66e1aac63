"""ALLUVIUM's strong bot away from home: what a tick is worth (issue 28)."""

from bodoge.games.alluvium import GAME
from bodoge.games.alluvium import board as B
from bodoge.games.alluvium.bots import StrongBot, Situation, race_share, visits_to_come

from .helpers import first_move, grid, rig


def test_race_share_with_a_settled_race_is_the_rank_share():
    assert race_share([5, 3, 1], 0) == 1.0          # 1st: all
    assert race_share([5, 6, 1], 0) == 0.5          # 2nd: half
    assert race_share([1, 6, 9], 0) == 0.0          # last (4 players): nothing
    assert race_share([5, 5, 3], 0) == 1.0          # tied 1st: both all
    assert race_share([1, 6, 9, 2], 0) == 0.0       # last of four (5 players)
    assert race_share([3, 6, 9, 2], 0) == 0.25      # 3rd of four: a quarter


def test_a_tick_is_worth_most_where_the_race_is_close():
    visits = [2, 2, 2]
    gain = lambda ticks: race_share([ticks[0] + 1] + ticks[1:], 0, visits) - race_share(ticks, 0, visits)
    close, far_ahead, far_behind = gain([5, 5, 0]), gain([20, 5, 0]), gain([0, 20, 20])
    assert close > 3 * far_ahead and close > 3 * far_behind


def test_a_rival_with_a_visit_still_to_come_is_expected_to_gain():
    assert race_share([5, 5, 0], 0, [0, 0, 0]) == 1.0              # settled: tied 1st
    assert race_share([5, 5, 0], 0, [0, 1, 0]) < 0.75              # the rival draws after me
    assert race_share([5, 5, 0], 0, [1, 0, 0]) > 0.9               # I draw again, it does not


def test_visits_to_come_are_the_visits_the_game_then_makes():
    """At every drawing on another's sheet, the visits the bot expects each rival (and the
    virtual player) still to make there are those the rest of the game makes."""
    for players in (3, 4):
        state, expected = GAME.setup({"players": players}, 11), []
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            view = GAME.view(state, seat)
            if view["phase"] == "others":
                owner = view["sheet"]["owner"]
                rivals = [p for p in range(len(view["sheet"]["ticks"])) if p != owner]
                expected.append((len(state["log"]), owner, rivals, visits_to_come(view)))
            state = GAME.apply(state, seat, first_move(state, seat))
        log = state["log"]

        def made(p, owner, at):     # a seat's visits (a pass too); the virtual player's cards
            if p == players:
                return sum(e["e"] == "virtual" for e in log[at + 1:])
            return sum(e["e"] in ("place", "cell", "pass") and e["seat"] == p and e["owner"] == owner
                       for e in log[at + 1:])
        visits_made = GAME.setup({"players": players}, 11)["rounds"] * players * (players - 1)
        assert len(expected) > 0.8 * visits_made        # all but a few automatic passes
        for at, owner, rivals, visits in expected:
            assert visits == [made(p, owner, at) for p in rivals], (players, at, owner)


def test_the_race_counts_from_the_first_visit_on_the_territory_still_to_come():
    """In round 1, before any of its cells are on a sheet, what the race there will give is
    already worth ticks: the bonus is counted on the territory the visits to come add."""
    state = rig(4, phase="others", step=1)
    seat = 1
    sit = Situation(GAME.view(state, seat), seat)
    assert not sit.home and B.largest_component(sit.own[seat]) == 0
    before = StrongBot(seat, 1).before(sit)
    assert before["coop"] > 0
