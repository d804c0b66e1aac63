"""Play Me!'s part of the protocol suite (tests/games/suite.py says what each name is for).

Random event orders: random seats act at random times with random legal moves, across all
options (favouring progress, so games also reach their ends). Invariants: times never go back;
every seat always owns six dice (in hand, on cards, in a joint block being placed); rolls show
1–6 and never more dice than the hand; blocks sit at the right end of a card, at most one per
card (one per other player on a Mad Cheshire Cat's); while a round runs some seat can always
act. Rules version 2: Stop! is legal only while the Jabberwocky's own advance stands at 3, and
afterwards no survivor's die is on any card but the Caterpillar's starting 1. Rules version 3:
a round is recorded (``settled``) once, by the move that settles it. The views hide
only the RNG (the suite's own check). A move's time is part of the move but not of its
identity: any time from the earliest allowed one on is the same move.
"""

from bodoge.core.protocol import rules_of
from bodoge.games.playme import GAME

from .helpers import dice_total

VARIANTS = [({"players": n, "play_me": pm, "challenge": False, "mad_jabberwocky": mad}, version)
            for n in range(2, 7) for pm in (False, True) for mad in (False, True)
            for version in (3, 3, 2, 1)]
# A Play Me! game is hundreds of timed moves: the default suite plays 1/40 of the other games'
# count (50 of 2,000); ``make soak`` plays the full count.
SHARE = 1 / 40
SAMPLE = 10
LIMIT = 800
# whole games of bots other tests replay (tests/ui/test_replay_properties.py)
SELFPLAY = [({"players": 3}, "strong"), ({"players": 2, "play_me": True}, "easy")]


def same(move):
    return {k: v for k, v in move.items() if k != "t"} if isinstance(move, dict) else move


def random_move(state, seat, pick):
    moves = GAME.legal_moves(state, seat)
    if not moves:
        return None
    good = [m for m in moves if m["a"] in ("catch", "advance", "unblock", "ready")]
    move = (good or moves)[pick.below(len(good or moves))] if pick.below(4) else \
        moves[pick.below(len(moves))]
    return dict(move, t=move["t"] + pick.below(400))


def check_step(before, seat, move, after):
    assert after["t"] >= before["t"], "times never go back"
    if rules_of(before) >= 3:         # a round is recorded once, when it is settled
        settled = [e for e in after["log"][len(before["log"]):] if e["e"] == "settled"]
        assert len(settled) == (before["phase"] != "ready" and after["phase"] == "ready")
    if rules_of(before) >= 2 and before["phase"] == "play":
        j = before["jabber"]
        assert ({"a": "stop"} in GAME.moves(before, j)) == (
            j is not None and not before["stop_used"] and GAME.own_count(before, j) == 3)
        if move["a"] == "stop":
            _check_stop(before, after)


def _check_stop(before, after):
    """Rules version 2 around Stop! (``before`` is the state it was shouted in)."""
    j = before["jabber"]
    assert GAME.own_count(before, j) == 3
    for x in GAME.survivors(after):
        on_cards = [slot for p in after["p"] for slot in p["card"] if x in slot["o"]]
        start = [{"n": 1, "o": [x]}] if GAME.has(after, x, "caterpillar", "wonder") or \
            GAME.has(after, x, "caterpillar", "madness") else []
        assert on_cards == start, (x, on_cards)
    assert after["joint"] is None


def check_position(state):
    n = state["players"]
    for s, p in enumerate(state["p"]):
        assert dice_total(state, s) == 6, (s, p)
        assert all(1 <= f <= 6 for f in p["roll"]) and len(p["roll"]) <= p["pool"]
        card = p["card"]
        assert len(card) <= 6
        own = [slot["o"] == [s] for slot in card]
        assert own == sorted(own, reverse=True), "blocks sit at the right end"
        foreign = [slot for slot in card if slot["o"] != [s]]
        if GAME.has(state, s, "cat", "madness"):
            colours = [o for slot in foreign for o in slot["o"]]
            assert len(colours) == len(set(colours)) and len(foreign) <= n - 1
        elif state["phase"] == "play":
            assert len(foreign) <= 1
    if state["phase"] in ("play", "scramble", "madden", "betray"):
        assert any(GAME.moves(state, s) for s in range(n)), "somebody can always act"


def check_end(match):
    check_position(match.state)
