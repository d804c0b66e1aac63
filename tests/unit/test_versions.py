"""Old codes replay forever: records made by earlier rules versions (tests/fixtures) still
replay, move by move, to exactly the state they reached when they were made."""

import json
import os

import pytest

from bodoge.core.canon import state_hash
from bodoge.core.errors import BadOptions
from bodoge.core.protocol import rules_of
from bodoge.core.record import decode, replay
from bodoge.games import CATALOG, get_game

FIXTURES = os.path.join(os.path.dirname(__file__), "..", "fixtures")


def load(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        return json.load(f)


V1 = load("records_v1.json")


@pytest.mark.parametrize("case", V1, ids=[f"{c['game']}-{i}-{c['moves']}" for i, c in enumerate(V1)])
def test_version_1_records_replay_to_the_same_state(case):
    record = decode(case["code"])
    assert record.version == 1
    game, state = replay(record)
    assert rules_of(state) == 1
    assert "rules_version" not in state          # a version-1 state is what it always was
    assert state_hash(state) == case["hash"]


def test_fixtures_cover_every_game():
    assert {c["game"] for c in V1} == {g.id for g in CATALOG}


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
