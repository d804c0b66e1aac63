"""Inference used by the bots: exact counting checked against brute-force enumeration."""

import itertools

import pytest

from bodoge.core.bot import think
from bodoge.core.match import Match
from bodoge.core.rng import Rng
from bodoge.games.algo.bots import EasyBot
from bodoge.games.algo.infer import candidates, knowledge, posterior


def brute_force(kn):
    slots = [sl for r in kn.rows for sl in r]
    counts = {(sl.seat, sl.pos): {} for sl in slots}
    total = 0

    def rec(i, used, chosen):
        nonlocal total
        if i == len(slots):
            total += 1
            for sl, cid in zip(slots, chosen):
                d = counts[(sl.seat, sl.pos)]
                d[cid] = d.get(cid, 0) + 1
            return
        sl = slots[i]
        prev = chosen[-1] if i and slots[i - 1].seat == sl.seat else -1
        for cid in kn.pool:
            if cid not in used and cid > prev and sl.allows(cid):
                rec(i + 1, used | {cid}, chosen + [cid])

    rec(0, frozenset(), [])
    return total, {k: {c: v / total for c, v in d.items()} for k, d in counts.items()}


def positions(players, seeds, max_moves):
    """Views from random games played by easy bots (which make many misses)."""
    for seed in seeds:
        m = Match.new("algo", {"players": players}, seed)
        bots = [EasyBot(s, seed * 10 + s) for s in range(players)]
        rng = Rng.from_seed(seed)
        for _ in range(rng.below(max_moves)):
            if m.over:
                break
            seat = m.to_move()[0]
            m.play(seat, think(bots[seat], m.view(seat)))
        if not m.over:
            yield m, m.to_move()[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_posterior_matches_brute_force(players):
    checked = 0
    for m, seat in positions(players, range(60), 25):
        kn = knowledge(m.view(seat))
        if sum(len(r) for r in kn.rows) > 5:
            continue
        total, dist = brute_force(kn)
        post = posterior(kn)
        assert post.total == total
        for key, d in dist.items():
            assert post.dist[key] == pytest.approx(d)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_truth_is_always_possible(players):
    for m, seat in positions(players, range(40), 40):
        view = m.view(seat)
        kn = knowledge(view)
        post = posterior(kn)
        cand = candidates(kn)
        loose = candidates(kn, propagate=False)
        assert post.total >= 1
        for slots in kn.rows:
            for sl in slots:
                true_id = m.state["rows"][sl.seat][sl.pos]["id"]
                assert post.dist[(sl.seat, sl.pos)][true_id] > 0
                assert true_id in cand[(sl.seat, sl.pos)]
                assert set(cand[(sl.seat, sl.pos)]) <= set(loose[(sl.seat, sl.pos)])
                assert sum(post.dist[(sl.seat, sl.pos)].values()) == pytest.approx(1)


def test_failed_declarations_exclude_numbers():
    from .helpers import attack, rig
    from bodoge.games.algo import GAME

    state = rig([["b1", "b3"], ["w4", "w9"]], deck=["b11", "w0"])
    state = GAME.apply(state, 0, attack(1, 0, 2))     # miss: w4 is not 2
    kn = knowledge(GAME.view(state, 0))
    slot = kn.rows[1][0]
    assert 2 in slot.excluded and not slot.allows(2 * 2 + 1)


def test_public_knowledge_of_own_row():
    from .helpers import rig
    from bodoge.games.algo import GAME

    state = rig([["b1", "b3"], ["w4", "w9"]])
    kn = knowledge(GAME.view(state, 0), hide_own=True)
    assert [sl.pos for sl in kn.rows[0]] == [0, 1]      # own cards are unknown to the public
    assert 2 not in kn.known                              # own b1 (id 2) is not public
