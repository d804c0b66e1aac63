"""Bossa's part of the protocol suite (tests/games/suite.py says what each name is for).

Invariants after every move: the 27 tiles are conserved (deck, the tile put aside, hands, lines
with their stacks, discards: each tile exactly once); every line is consecutive numbers out of
its die, every placement sums to its number in the line's colour with the right tile count
next to its neighbour, every stack matches its place; hands are sorted; a player to move always
has a legal move (else the game ended as stuck); a game lasts at most 40 chosen moves. A view does not
change when what its seat may not see changes (the deck's order, the tile put aside, before the
hands open the other hand, and from rules version 2 on the lower roller's own hand too), yet
the hidden hands are really there (the owner sees a change); the moves worked out from a view
are the legal moves. Random games mostly place tiles, so they also end by emptied hands and
full lines. Bots: the strong bot searches 40 playouts, with no clock (the rules are the point).
"""

from bodoge.core.protocol import clone, rules_of
from bodoge.games.bossa import GAME
from bodoge.games.bossa import rules as R

VARIANTS = [({"rules": variant}, version) for variant in R.VARIANTS
            for version in range(GAME.min_rules_version, GAME.rules_version + 1)]
# whole games of bots other tests replay (tests/ui/test_replay_properties.py)
SELFPLAY = [({"players": 2}, "normal"), ({"players": 2, "rules": "basic"}, "easy")]


def random_move(state, seat, pick):
    moves = GAME.legal_moves(state, seat)
    places = [m for m in moves if m["a"] == "place"]
    if places and pick.below(5):
        moves = places
    return moves[pick.below(len(moves))] if moves else None


def _all_tiles(state):
    tiles = list(state["deck"]) + [state["removed"]] + state["discard"]
    for hand in state["hands"]:
        tiles += hand
    for line in state["lines"]:
        for place in R.filled(line):
            tiles += place["t"]
            for group in place["s"]:
                tiles += group
    return tiles


def check_step(before, seat, move, state):
    assert sorted(_all_tiles(state)) == list(R.ALL_TILES), "27 tiles, each exactly once"
    for hand in state["hands"]:
        assert hand == sorted(hand)
    for c, line in enumerate(state["lines"]):
        if line["die"] is None:
            assert not R.filled(line) and state["phase"] in ("choose", "side")
            continue
        for end, step in (("lo", -1), ("hi", 1)):
            prev = 0
            for i, place in enumerate(line[end]):
                assert place["n"] == line["die"] + step * (i + 1) >= 1
                assert place["k"] == len(place["t"])
                assert place["k"] in R.allowed_counts(prev, place["n"], state["variant"])
                for group in [place["t"]] + place["s"]:
                    assert len(group) == place["k"] and all(R.VALUE[c][t] for t in group)
                    assert sum(R.VALUE[c][t] for t in group) == place["n"]
                prev = place["k"]
    stacks = [len(p["s"]) for line in state["lines"] for p in R.filled(line)]
    assert sum(stacks) <= sum(u["stack"] for u in state["used"])
    assert len(state["discard"]) == sum(u["redraw"] for u in state["used"])
    if state["phase"] == "play":
        assert GAME.legal_moves(state, state["turn"]), "the player to move can move"
        assert state["variant"] == "basic" or sorted(state["own"]) == [0, 1]
    if state["phase"] == "over":
        out = GAME.outcome(state)
        assert out["how"] in ("empty", "six", "stuck", "deck") and out["winners"]


def _unseen_hands(state, seat):
    return [s for s in (0, 1) if not R.hand_seen(state, s, seat)]


def check_view(state, seat, view):
    assert view["deck"] == len(state["deck"])
    if state["phase"] in ("choose", "side"):
        # before the dice are laid: the other hand is never seen; the own hand is seen by the
        # higher roller, and by the lower roller only in rules version 1
        own = seat is not None and (seat == state["high"] or rules_of(state) == 1)
        assert view["hands"] == [state["hands"][s] if s == seat and own else None for s in (0, 1)]
    else:
        assert view["hands"] == state["hands"]
    seen = set(view["discard"]) | {t for h in view["hands"] if h for t in h}
    assert set(view["unseen"]).isdisjoint(seen)
    if seat is not None:
        moves = GAME.legal_moves(state, seat)
        assert sorted(map(repr, R.view_moves(view, seat))) == sorted(map(repr, moves))


def hide(state, seat, rng):
    """The deck reshuffled with the tile put aside swapped into it, and a tile of each hand the
    seat may not see swapped with one of the deck (the owner, if it sees its hand, sees it)."""
    if state["phase"] == "over" or not state["deck"]:
        return None
    other = clone(state)
    d = rng.below(len(other["deck"]))
    other["deck"][d], other["removed"] = other["removed"], other["deck"][d]
    rng.shuffle(other["deck"])
    for whose in _unseen_hands(state, seat):
        i, d = rng.below(len(other["hands"][whose])), rng.below(len(other["deck"]))
        other["hands"][whose][i], other["deck"][d] = other["deck"][d], other["hands"][whose][i]
        other["hands"][whose].sort()
        if R.hand_seen(state, whose, whose):
            assert GAME.view(other, whose) != GAME.view(state, whose), "the hand is really there"
    return other


def check_end(match):
    check_step(None, None, None, match.state)
    # 27 tiles: at most about 20 turns; from rules version 3 on each turn's draw is a move too
    chosen = sum(1 for i in range(len(match.record.moves)) if match.chosen(i))
    assert chosen <= 40 and len(match.record.moves) <= 80


def tune_bot(bot):
    if bot.level == "strong":
        bot.playouts = 40
        bot.seconds = 3600
