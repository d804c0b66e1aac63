"""Inference used by the bots: exact counting checked against brute-force enumeration."""

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


def weighted_brute_force(kn):
    """Like ``brute_force``, each assignment weighted by the product of its slots' weights."""
    slots = [sl for r in kn.rows for sl in r]
    counts = {(sl.seat, sl.pos): {} for sl in slots}
    total = 0.0

    def rec(i, used, chosen, w):
        nonlocal total
        if i == len(slots):
            total += w
            for sl, cid in zip(slots, chosen):
                d = counts[(sl.seat, sl.pos)]
                d[cid] = d.get(cid, 0) + w
            return
        sl = slots[i]
        prev = chosen[-1] if i and slots[i - 1].seat == sl.seat else -1
        for cid in kn.pool:
            if cid not in used and cid > prev and sl.allows(cid):
                rec(i + 1, used | {cid}, chosen + [cid], w * sl.weight.get(cid, 1))

    rec(0, frozenset(), [], 1.0)
    return total, {k: {c: v / total for c, v in d.items()} for k, d in counts.items()}


@pytest.mark.parametrize("players", [3, 4])
def test_weighted_posterior_matches_brute_force(players):
    checked = 0
    for m, seat in positions(players, range(80), 30):
        kn = knowledge(m.view(seat), likelihood=1.0)
        if sum(len(r) for r in kn.rows) > 5 or not any(sl.weight for r in kn.rows for sl in r):
            continue
        total, dist = weighted_brute_force(kn)
        post = posterior(kn)
        assert post.total == pytest.approx(total)
        for key, d in dist.items():
            assert post.dist[key] == pytest.approx(d)
        checked += 1
    assert checked >= 5


def test_a_player_does_not_declare_a_card_they_hold():
    from .helpers import STAY, attack, cid, rig
    from bodoge.games.algo import GAME

    # seat 0: b5 w7; seat 1: b1 b9 w2; seat 2: b3 w10. Deck top (drawn first) is last.
    state = rig([["b5", "w7"], ["b1", "b9", "w2"], ["b3", "w10"]],
                deck=["w11", "b0", "w0", "b8"])
    state = GAME.apply(state, 0, attack(1, 0, 1))          # seat 0 drew b8; hit b1
    state = GAME.apply(state, 0, STAY)                     # b8 joins seat 0's row face down
    state = GAME.apply(state, 1, attack(2, 1, 3))          # seat 1 (drew w0) misses
    state = GAME.apply(state, 2, attack(0, 0, 2))          # seat 2 (drew b0) misses
    state = GAME.apply(state, 0, attack(1, 3, 6))          # seat 0 (drew w11) declares black 6 on b9: miss
    view = GAME.view(state, 1)
    kn = knowledge(view)
    by_id = {c["id"]: c["k"] for c in state["rows"][0]}
    slots = {sl.k: sl for sl in kn.rows[0]}
    for black in ("b5", "b8"):                             # seat 0's black cards, b8 drawn earlier
        assert 6 in slots[by_id[cid(black)]].excluded
    assert 6 not in slots[by_id[cid("w7")]].excluded       # other colour: nothing said
    # the number was declared on seat 1's card, which it rules out as usual
    assert knowledge(GAME.view(state, 2)).rows[1][1].excluded >= {6}
    plain = knowledge(view, hints=False)
    assert all(6 not in sl.excluded for sl in plain.rows[0])


def test_only_the_strong_bot_uses_declaration_hints():
    from bodoge.games.algo.bots import EasyBot, NormalBot, StrongBot
    from .helpers import attack, rig
    from bodoge.games.algo import GAME

    state = rig([["b5", "w7"], ["b1", "b9", "w2"], ["b3", "w10"]], deck=["w11", "b0", "w0", "b8"])
    state = GAME.apply(state, 0, attack(1, 2, 6))          # seat 0 declares black 6 on b9: miss
    view = GAME.view(state, 1)
    for bot, hinted in ((EasyBot, False), (NormalBot, False), (StrongBot, True)):
        kn = bot(1, 1).knowledge(view)
        assert 6 not in kn.rows[0][0].excluded              # seat 0's black 5: evidence, not proof
        assert any(sl.weight for sl in kn.rows[0]) == hinted
    # strong reads the miss as evidence (issue 28): black 6 is less likely on seat 0's black
    # card than any other black number there, yet not ruled out (seat 0 may have bluffed)
    weight = StrongBot(1, 1).knowledge(view).rows[0][0].weight
    others = [w for cid, w in weight.items() if cid != 12]
    assert 0 < weight[12] < min(others)


def test_a_player_who_names_our_bluffed_number_is_seen_to_ignore_declarations():
    """heed_tests with ``bluffs``: our bluff counts as a number we declared in vain, so a player
    who then names it on our card (and finds it) shows they do not read declarations as
    proof; without ``bluffs`` the round's tests stop at our bluff."""
    from .helpers import attack, cid, rig
    from bodoge.games.algo import GAME
    from bodoge.games.algo.infer import heed_tests

    state = rig([["b2", "w5", "b8", "w10"], ["b1", "w3", "b6", "w9"]], deck=["w0", "b11"])
    state["log"].insert(0, {"e": "deal", "round": state["round"], "dealer": 0})   # as dealt
    state = GAME.apply(state, 0, attack(1, 2, 8))          # seat 0 (drew b11) bluffs black 8 on b6
    where = next(p for p, c in enumerate(state["rows"][0]) if c["id"] == cid("b8"))
    state = GAME.apply(state, 1, attack(0, where, 8))      # seat 1 (drew w0) names 8 there: a hit
    view = GAME.view(state, 0)
    tests = heed_tests(view, 0, bluffs=True)
    assert [(s, ignored) for s, _, ignored in tests] == [(1, True)]
    assert 0 < tests[0][1] < 1
    assert heed_tests(view, 0) == []
