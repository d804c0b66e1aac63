"""Old codes replay forever: records made by earlier rules versions (each game's
tests/games/<game>/records_v<version>.json, made by tools/make_records.py) still replay, move by
move, to exactly the state they reached when they were made."""

import glob
import json
import os
import re

import pytest

from bodoge.core.canon import state_hash
from bodoge.core.errors import BadOptions
from bodoge.core.protocol import rules_of
from bodoge.core.record import decode, replay
from bodoge.games import CATALOG, PLAYABLE, get_game

GAMES = os.path.join(os.path.dirname(__file__), "..", "games")


def fixtures():
    """[(rules version, case)] of every game's fixture files; each case is of the game whose
    folder holds it."""
    out = []
    for path in sorted(glob.glob(os.path.join(GAMES, "*", "records_v*.json"))):
        version = int(re.search(r"records_v(\d+)\.json$", path).group(1))
        with open(path, encoding="utf-8") as f:
            cases = json.load(f)
        assert {c["game"] for c in cases} == {os.path.basename(os.path.dirname(path))}, path
        out += [(version, case) for case in cases]
    return out


CASES = fixtures()


@pytest.mark.parametrize("version,case", CASES,
                         ids=[f"{c['game']}-v{v}-{i}-{c['moves']}" for i, (v, c) in enumerate(CASES)])
def test_old_records_replay_to_the_same_state(version, case):
    record = decode(case["code"])
    assert record.version == version
    game, state = replay(record)
    assert rules_of(state) == version
    if version == 1:
        assert "rules_version" not in state      # a version-1 state is what it always was
    assert state_hash(state) == case["hash"]


def test_fixtures_cover_every_game():
    assert {c["game"] for _, c in CASES} == set(PLAYABLE)


@pytest.mark.parametrize("game_id", [g.id for g in CATALOG])
def test_setup_stamps_the_version_and_refuses_unknown_ones(game_id):
    game = get_game(game_id)
    options = game.options(None)
    state = game.setup(options, 7)
    assert rules_of(state) == game.rules_version
    for version in range(game.min_rules_version, game.rules_version + 1):
        assert rules_of(game.setup(options, 7, version)) == version
    for bad in (game.min_rules_version - 1, game.rules_version + 1, "2", 1.0, True):
        with pytest.raises(BadOptions):
            game.setup(options, 7, bad)
