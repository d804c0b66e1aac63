"""ALLUVIUM's strong bot away from home: what a tick is worth (issue 28)."""

from bodoge.games.alluvium import board as B
from bodoge.games.alluvium.bots import StrongBot, Situation, race_share

from .helpers import grid


def test_race_share_with_a_settled_race_is_the_rank_share():
    assert race_share([5, 3, 1], 0, 0) == 1.0          # 1st: all
    assert race_share([5, 6, 1], 0, 0) == 0.5          # 2nd: half
    assert race_share([1, 6, 9], 0, 0) == 0.0          # last (4 players): nothing
    assert race_share([5, 5, 3], 0, 0) == 1.0          # tied 1st: both all
    assert race_share([1, 6, 9, 2], 0, 0) == 0.0       # last of four (5 players)
    assert race_share([3, 6, 9, 2], 0, 0) == 0.25      # 3rd of four: a quarter


def test_a_tick_is_worth_most_where_the_race_is_close():
    sigma = 3.0
    gain = lambda ticks: race_share([ticks[0] + 1] + ticks[1:], 0, sigma) - race_share(ticks, 0, sigma)
    close, far_ahead, far_behind = gain([5, 5, 0]), gain([20, 5, 0]), gain([0, 20, 20])
    assert close > 3 * far_ahead and close > 3 * far_behind
