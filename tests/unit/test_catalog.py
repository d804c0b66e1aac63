"""The catalogue is the one list of games: every entry is complete (names, blurbs and a demo
game that plays), a playable game is a package whose rules agree with its entry, and the
string tables and the shelf list exactly the catalogue's games."""

import pytest

from bodoge.core.selfplay import play_one
from bodoge.games import CATALOG, PLAYABLE, get_game, info, is_known
from bodoge.ui import i18n

ENTRIES = [g.id for g in CATALOG]


@pytest.mark.parametrize("game_id", ENTRIES)
def test_an_entry_is_complete(game_id):
    g = info(game_id)
    assert g.id.isidentifier() and g.id == g.id.lower()
    for lang in ("en", "ja"):
        assert g.name(lang).strip() and g.blurb(lang).strip()
    assert g.blurb("en") != g.blurb("ja")
    assert 1 <= g.min_players <= g.max_players and g.minutes.isdigit()


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_playable_game_agrees_with_its_entry_and_its_demo_plays(game_id):
    g, game = info(game_id), get_game(game_id)
    assert is_known(game_id) and game.id == game_id
    assert g.min_players <= game.min_players <= game.max_players == g.max_players
    options, level = g.demo
    assert level in game.bot_levels
    n = game.options(g.demo_options)["players"]
    match = play_one(game_id, g.demo_options, 1, [level] * n)
    assert match.over


def test_every_playable_game_has_its_string_table():
    assert i18n.MODULES == ("common", *PLAYABLE)
    assert PLAYABLE == tuple(g.id for g in CATALOG if g.playable)
    for game_id in PLAYABLE:
        assert i18n.module_name(game_id) == f"bodoge.games.{game_id}.strings"
