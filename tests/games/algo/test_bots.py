"""algo bots in pair play by both rules versions: they play whole games legally, from their own
view only, and attack only their opponents (by rules version 2 their partner's cards are legal
targets, but neither a guess nor a *pass* on a card the partner showed paid: bots.py,
PARTNER_PASS_BELOW). The pass itself, which the benchmark measures, is tested here too."""

import pytest

from bodoge.core.bot import think
from bodoge.core.match import Match
from bodoge.core.record import Record
from bodoge.games.algo import GAME
from bodoge.games.algo import rules as R
from bodoge.games.algo.bots import BOTS
from bodoge.games.algo.infer import knowledge

from .helpers import rig
from .test_rules_v2 import PARTNER_HIT, play


def bot_game(version, levels, seed, chips=True):
    options = {"players": 4, "mode": "pair", **({"chips": True} if chips else {})}
    match = Match.from_record(Record("algo", version, options, seed, [], {}))
    bots = [BOTS[level](s, seed * 10 + s) for s, level in enumerate(levels)]
    partner_attacks = []
    while not match.over:
        seat = match.to_move()[0]
        view = match.view(seat)
        move = think(bots[seat], view)
        if move["a"] == "attack" and move["s"] == R.partner(seat):
            partner_attacks.append((view, move))
        match.play(seat, move)           # raises if a bot's move is illegal
    return match, partner_attacks


@pytest.mark.parametrize("levels", [["strong", "normal"] * 2, ["normal", "easy"] * 2,
                                    ["easy", "strong"] * 2])
@pytest.mark.parametrize("version", [1, 2])
def test_bots_play_pair_games_by_both_versions(version, levels):
    for seed in range(4):
        match, partner_attacks = bot_game(version, levels, seed)
        assert match.outcome()["winners"]
        assert partner_attacks == []


def test_knowledge_tells_opponents_from_the_partner():
    state, _ = play(PARTNER_HIT[:2], 2)
    kn = knowledge(GAME.view(state, 0))
    assert kn.targets == {1, 2, 3} and kn.opponents == {1, 3}
    assert kn.rows[2] and all(sl.k != state["rows"][2][3]["k"] for sl in kn.rows[2])  # shown: known
    v1, _ = play(PARTNER_HIT[:2], 1)
    kn = knowledge(GAME.view(v1, 0))
    assert kn.targets == kn.opponents == {1, 3}
    match = Match.new("algo", {"players": 4}, 3)
    standard = knowledge(match.view(match.to_move()[0]))
    assert standard.opponents == standard.targets and len(standard.targets) == 3


def test_a_partner_attack_is_no_hint_about_the_attacker_s_cards():
    """Where a player declares on an opponent's card hints at their own cards (strong bot's soft
    evidence); an attack on their partner's card does not (they may know it)."""
    state, _ = play(PARTNER_HIT, 2)
    strong = BOTS["strong"](1, 1)
    kn = strong.knowledge(GAME.view(state, 1))
    assert not any(sl.weight for sl in kn.rows[0])
    # the same declaration on an opponent's card would have counted
    other, _ = play([[0, {"a": "attack", "s": 1, "p": 3, "n": 9, "w": 0}]], 2)
    assert any(sl.weight for sl in strong.knowledge(GAME.view(other, 3)).rows[0])


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_bots_attack_opponents_not_the_partner_s_unknown_cards(level):
    """By rules version 2 the partner is a legal target, but never a guess of the bots."""
    state, _ = play([], 2)
    for seed in range(20):
        move = think(BOTS[level](0, seed), GAME.view(state, 0))
        assert move["a"] == "toss" or move["s"] in (1, 3)
        state2, _ = play([[0, {"a": "toss"}], [2, {"a": "show", "p": 0}]], 2)
        move = think(BOTS[level](0, seed), GAME.view(state2, 0))
        assert move["a"] == "attack" and (move["s"] in (1, 3) or move["p"] == 0)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_bot_set_to_pass_hits_the_shown_card_and_stays(level):
    """The pass the benchmark measures (bots.PARTNER_PASS_BELOW; the bots keep it at 0)."""
    from bodoge.games.algo import bots as B

    assert B.PARTNER_PASS_BELOW == 0.0
    passer = type("Passer", (BOTS[level],), {"partner_pass_below": 1.01})
    state, _ = play([[0, {"a": "toss"}], [2, {"a": "show", "p": 3}]], 2)     # seat 2 shows w6
    move = think(passer(0, 1), GAME.view(state, 0))
    assert move == {"a": "attack", "s": 2, "p": 3, "n": 6, "w": move["w"]}
    state = GAME.apply(state, 0, move)
    assert state["phase"] == "again"
    while state["phase"] == "again" and state["turn"] == 0:     # then stays, or attacks on a sure hit
        move = think(passer(0, 1), GAME.view(state, 0))
        if move != {"a": "stay"}:
            assert state["rows"][move["s"]][move["p"]]["id"] >> 1 == move["n"]
        state = GAME.apply(state, 0, move)
    assert state["turn"] == 1
    assert think(BOTS[level](0, 1), GAME.view(play(PARTNER_HIT[:2], 2)[0], 0))["s"] in (1, 3)
    v1, _ = play([[0, {"a": "toss"}], [2, {"a": "show", "p": 3}]], 1)       # not by version 1
    assert think(passer(0, 1), GAME.view(v1, 0))["s"] in (1, 3)
    last = type("Passer", (BOTS[level],), {"partner_pass_below": 1.01, "partner_pass_last_only": True})
    assert think(last(0, 1), GAME.view(play(PARTNER_HIT[:2], 2)[0], 0))["s"] in (1, 3)  # 6 cards left
    # with one face-down card left (a miss would put it out), it passes
    rows = [["b0", "b2", "w4", "b6", "w8", "b10"], ["w0", "w2", "b4", "w6", "b8", "w10"],
            ["b1", "b3", "w5", "b7", "w9", "b11"], ["w1", "w3", "b5", "w7", "b9", "w11"]]
    state = rig(rows, deck=[], up=["b0", "b2", "w4", "b6", "w8"], mode="pair")
    state = GAME.apply(GAME.apply(state, 0, {"a": "toss"}), 2, {"a": "show", "p": 1})   # b3
    assert think(last(0, 1), GAME.view(state, 0)) == {"a": "attack", "s": 2, "p": 1, "n": 3, "w": 5}


def test_strong_asks_for_a_toss_only_while_a_partner_card_is_unknown_to_it():
    """A Toss that can show nothing new is not asked for (issue 28); the other levels keep theirs."""
    rows = [["b0", "b2", "w4", "b6", "w8", "b10"], ["w0", "w2", "b4", "w6", "b8", "w10"],
            ["b1", "b3", "w5", "b7", "w9", "b11"], ["w1", "w3", "b5", "w7", "b9", "w11"]]
    state = rig(rows, deck=[], up=["b1", "w5", "b7", "w9", "b11"], mode="pair")
    strong = BOTS["strong"](0, 1)
    assert strong.wants_toss(GAME.view(state, 0))                # b3 is still unknown to seat 0
    state = GAME.apply(GAME.apply(state, 0, {"a": "toss"}), 2, {"a": "show", "p": 1})   # b3
    assert not strong.wants_toss(GAME.view(state, 0))            # every card of seat 2's known
    assert BOTS["normal"](0, 1).wants_toss(GAME.view(state, 0))
