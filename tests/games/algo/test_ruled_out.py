"""rules.ruled_out: what a seat can see is impossible to declare on a card (issue 26)."""

from bodoge.games.algo import GAME
from bodoge.games.algo import rules as R

from .helpers import STAY, attack, rig


def view():
    # Aki (seat 0) holds b1 w3 b5 w9 and draws b8; Ben holds b0 w2(face up) b4 w6
    return GAME.view(rig([["b1", "w3", "b5", "w9"], ["b0", "w2", "b4", "w6"]],
                         deck=["w10", "b8"], up=("w2",)), 0)


def test_own_cards_are_bluffs_and_the_row_order_rules_out_the_rest():
    left = R.ruled_out(view(), 1, 0)              # black, left of the face-up white 2
    assert {n for n, (why, _) in left.items() if why == "mine"} == {1, 5, 8}   # 8: drawn
    assert set(range(12)) - set(left) == {0, 2}                 # only b0 or b2 remain
    assert left[3] == ("order", (0, 2))


def test_a_face_up_card_elsewhere_and_room_for_the_cards_between():
    last = R.ruled_out(view(), 1, 3)              # white, after a face-down black
    assert last[2] == ("up", 1)                   # white 2 lies face up in Ben's row
    assert last[3] == ("mine", None)
    assert last[0][0] == last[1][0] == "order"    # the black between needs b3 at least
    assert 4 not in last and 11 not in last


def test_a_number_missed_on_the_card_is_tried():
    state = rig([["b1", "w3", "b5", "w9"], ["b0", "w2", "b4", "w6"]], deck=["w10", "b8"])
    state = GAME.apply(state, 0, attack(1, 3, 7))                # a miss
    state = GAME.apply(state, 1, attack(0, 0, 1))                # Ben hits b1, stays
    state = GAME.apply(state, 1, STAY)
    assert R.ruled_out(GAME.view(state, 0), 1, 3)[7] == ("tried", None)
