"""One test (at least) per rule and ruling of shared/rules/alter.md."""

import pytest

from bodoge.core.errors import BadOptions, IllegalMove
from bodoge.games.alter import GAME
from bodoge.games.alter import rules as R

from .helpers import WATCH, change, cid, deal_set, place, play_round, rig

# A plain set for 4 players: nobody earns a hand bonus, seat 3 has the lowest base.
PLAIN = [["r3", "b3", "y2", "y1"],     # 9
         ["r2", "b2", "y3", "b1"],     # 8
         ["g3", "g2", "r1", "g1"],     # 7
         ["r0", "b0", "y0", "g0"]]     # 0: Wings twice, Min


# --- components -------------------------------------------------------------------------------
def test_deck_of_four_players_is_the_specs_sixteen_cards():
    cards = [R.DECK[c] for c in R.deck_for(4)]
    assert len(cards) == 16
    assert sorted((c, n) for c, n, _ in cards) == [(c, n) for c in range(4) for n in range(4)]
    assert all(w == R.BOTH for _, n, w in cards if n == 0)
    for n in (1, 2, 3):
        wings = [w for _, m, w in cards if m == n]
        assert sorted(wings) == [R.ANGEL, R.ANGEL, R.DEVIL, R.DEVIL]


@pytest.mark.parametrize("players,cards", [(3, 12), (4, 16), (5, 20)])
def test_variants_use_one_colour_per_player(players, cards):
    deck = R.deck_for(players)
    assert len(deck) == cards
    assert {R.card_colour(c) for c in deck} == set(range(players))
    assert sorted(R.card_number(c) for c in deck) == sorted(list(range(4)) * players)


@pytest.mark.parametrize("raw", [{"players": 2}, {"players": 6}, {"players": "4"}, {"players": True},
                                 {"first": 4}, {"first": -1}, {"first": "0"}, {"colour": 1}, [], "x"])
def test_bad_options(raw):
    with pytest.raises(BadOptions):
        GAME.options(raw)


def test_default_is_the_official_four_player_game():
    assert GAME.options(None) == {"players": 4, "first": None}
    assert R.DEFAULT_PLAYERS == 4 and GAME.min_players == 3 and GAME.max_players == 5


# --- the round --------------------------------------------------------------------------------
def test_first_dealer_is_random_by_seed_unless_chosen():
    dealers = {GAME.setup(None, seed)["dealer"] for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert GAME.setup({"first": 2}, 5)["dealer"] == 2
    assert GAME.setup(None, 7) == GAME.setup(None, 7)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_round_shows_one_card_per_player_from_the_deck_face_down(players):
    state = GAME.setup({"players": players}, 3)
    deck = R.deck_for(players)
    assert len(state["places"]) == players
    assert sorted(state["places"] + state["deck"]) == deck
    event = state["log"][-1]
    assert event["e"] == "round" and event["shown"] == sorted(state["places"])
    view = GAME.view(state, state["dealer"])
    assert view["shown"] == sorted(state["places"])            # everyone saw the cards
    assert all(p["card"] is None for p in view["places"])      # nobody, dealer included, knows where


def test_shuffle_hides_the_order_the_cards_were_shown_in():
    orders = set()
    for seed in range(30):
        state = GAME.setup(None, seed)
        orders.add(tuple(sorted(state["places"]).index(c) for c in state["places"]))
    assert len(orders) > 10


def test_dealer_puts_the_first_pick_on_any_place_and_may_not_watch_or_change():
    state = rig(dealer=1)
    assert GAME.to_move(state) == [1]
    assert GAME.legal_moves(state, 1) == [place(p) for p in range(4)]
    for move in (WATCH, change(0)):
        with pytest.raises(IllegalMove):
            GAME.apply(state, 1, move)
    state = GAME.apply(state, 1, place(3))
    assert state["picks"] == [None, None, None, 1]


def test_turns_go_clockwise_from_the_dealers_left():
    state = rig(dealer=2)
    order = []
    for _ in range(4):
        seat = GAME.to_move(state)[0]
        order.append(seat)
        if state["phase"] == "choose":
            state = GAME.apply(state, seat, WATCH)
        state = GAME.apply(state, seat, place(state["picks"].index(None)))
    assert order == [2, 3, 0, 1]


def test_non_dealer_must_change_or_watch():
    state = GAME.apply(rig(), 0, place(0))
    assert GAME.legal_moves(state, 1) == [WATCH, change(0)]
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 1, place(1))
    assert err.value.key == "alter.error.watch_first"


# --- Change: the clockwise cascade ------------------------------------------------------------
def test_change_pushes_the_pick_one_place_clockwise():
    state = GAME.apply(rig(), 0, place(1))
    state = GAME.apply(state, 1, change(1))
    assert state["picks"] == [None, 1, 0, None]
    assert state["log"][-1] == {"e": "change", "seat": 1, "p": 1, "moves": [[0, 1, 2]]}


def test_change_cascades_through_a_chain_of_picks():
    state = GAME.apply(rig(dealer=0), 0, place(0))
    state = GAME.apply(state, 1, change(0))          # 0 → place 1
    assert state["picks"] == [1, 0, None, None]
    state = GAME.apply(state, 2, change(0))          # 1 → 1, pushing 0 → 2
    assert state["picks"] == [2, 1, 0, None]
    assert state["log"][-1]["moves"] == [[1, 0, 1], [0, 1, 2]]
    state = GAME.apply(state, 3, change(0))          # a chain of three: the last pick lands on 3
    assert state["history"][-1]["picks"] == [3, 2, 1, 0]
    change_event = [e for e in state["log"] if e["e"] == "change"][-1]
    assert change_event["moves"] == [[2, 0, 1], [1, 1, 2], [0, 2, 3]]


def test_change_wraps_around_from_the_last_place_to_place_zero():
    state = GAME.apply(rig(), 0, place(3))
    state = GAME.apply(state, 1, change(3))
    assert state["picks"] == [0, None, None, 1]
    assert state["log"][-1]["moves"] == [[0, 3, 0]]


def test_chain_wrapping_around():
    state = GAME.apply(rig(), 0, place(3))
    state = GAME.apply(state, 1, WATCH)
    state = GAME.apply(state, 1, place(0))          # picks: 1 . . 0
    state = GAME.apply(state, 2, change(3))         # 0 → 0, pushing 1 → 1
    assert state["picks"] == [0, 1, None, 2]
    assert state["log"][-1]["moves"] == [[0, 3, 0], [1, 0, 1]]


def test_change_needs_a_place_with_a_pick():
    state = GAME.apply(rig(), 0, place(0))
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 1, change(2))
    assert err.value.key == "alter.error.empty"


def test_changer_sees_nothing():
    state = GAME.apply(rig(), 0, place(0))
    state = GAME.apply(state, 1, change(0))
    assert all(p["card"] is None for p in GAME.view(state, 1)["places"])


# --- Watch ------------------------------------------------------------------------------------
def test_watch_shows_the_places_without_a_pick_to_the_watcher_alone():
    state = rig(places=["r0", "b1", "y2", "g3"])
    state = GAME.apply(state, 0, place(1))
    state = GAME.apply(state, 1, WATCH)
    mine = GAME.view(state, 1)
    assert [p["card"] for p in mine["places"]] == [cid("r0"), None, cid("y2"), cid("g3")]
    assert state["places"] == [cid(x) for x in ("r0", "b1", "y2", "g3")]   # places do not move
    for other in (0, 2, 3, None):
        assert all(p["card"] is None for p in GAME.view(state, other)["places"])
        watch = [e for e in GAME.view(state, other)["log"] if e["e"] == "watch"][0]
        assert watch["cards"] is None and watch["places"] == [0, 2, 3]
    watch = [e for e in mine["log"] if e["e"] == "watch"][0]
    assert watch["cards"] == [cid("r0"), cid("y2"), cid("g3")]


def test_after_watch_take_a_watched_place_not_a_pick_and_not_again():
    state = GAME.apply(GAME.apply(rig(), 0, place(1)), 1, WATCH)
    assert GAME.legal_moves(state, 1) == [place(0), place(2), place(3)]
    for move, key in ((change(1), "alter.error.watched"), (WATCH, "alter.error.watch"),
                      (place(1), "alter.error.occupied")):
        with pytest.raises(IllegalMove) as err:
            GAME.apply(state, 1, move)
        assert err.value.key == key
    state = GAME.apply(state, 1, place(2))
    assert state["picks"] == [None, 0, 1, None] and GAME.to_move(state) == [2]


def test_watcher_keeps_knowing_the_cards_after_picks_move():
    state = rig(places=["r0", "b1", "y2", "g3"])
    state = GAME.apply(state, 0, place(0))
    state = GAME.apply(state, 1, WATCH)
    state = GAME.apply(state, 1, place(1))          # picks 0 1 . .
    state = GAME.apply(state, 2, change(0))         # 0 → place 1, pushing 1 → place 2
    assert state["picks"] == [2, 0, 1, None]
    assert [p["card"] for p in GAME.view(state, 1)["places"]] == [None, cid("b1"), cid("y2"), cid("g3")]


def test_last_player_may_watch_then_change():
    state = rig(places=["r0", "b1", "y2", "g3"])
    state = GAME.apply(state, 0, place(0))
    state = GAME.apply(state, 1, change(0))          # picks: 1 0 . .
    state = GAME.apply(state, 2, WATCH)
    state = GAME.apply(state, 2, place(3))           # picks: 1 0 . 2
    assert GAME.legal_moves(state, 3) == [WATCH, change(0), change(1), change(3)]
    state = GAME.apply(state, 3, WATCH)              # the last player sees the one empty place
    view = GAME.view(state, 3)
    assert [p["card"] for p in view["places"]] == [None, None, cid("y2"), None]
    assert view["last"] and view["watched"]
    empty = state["picks"].index(None)
    assert view["places"][empty]["card"] == state["places"][empty]
    moves = GAME.legal_moves(state, 3)
    assert place(empty) in moves and change(3) in moves and WATCH not in moves
    after = GAME.apply(state, 3, change(3))          # 2 → 0, pushing 1 → 1, 0 → 2
    assert after["history"][-1]["picks"] == [2, 1, 0, 3]
    taken = GAME.apply(state, 3, place(empty))
    assert taken["history"][-1]["picks"][empty] == 3


def test_only_the_last_player_may_watch_then_change():
    state = GAME.apply(rig(players=5), 0, place(0))
    state = GAME.apply(state, 1, WATCH)
    assert all(m["a"] == "place" for m in GAME.legal_moves(state, 1))
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, change(0))


# --- taking cards, sets, dealer rotation ------------------------------------------------------
def test_each_takes_the_card_under_their_pick_and_only_they_see_it():
    state = rig(places=["r0", "b1", "y2", "g3"], dealer=0)
    state = play_round(state, {0: 2, 1: 0, 2: 3, 3: 1})
    assert state["history"][0]["picks"] == [1, 3, 0, 2]
    for seat, card in ((0, "y2"), (1, "r0"), (2, "g3"), (3, "b1")):
        view = GAME.view(state, seat)
        assert view["hand"] == [cid(card)]
        take = [e for e in view["log"] if e["e"] == "take"][0]
        assert take["card"] == cid(card)
    assert GAME.view(state, None)["hand"] == []
    assert [e for e in GAME.view(state, None)["log"] if e["e"] == "take"][0]["card"] is None
    assert GAME.view(state, 0)["held"] == [1, 1, 1, 1]


def a_round_of_every_kind(version=None):
    """Round 1 with every way to put a Pick card down: the dealer (seat 0) on place 1, seat 1
    Changes onto it (0 → 2), seat 2 Watches and takes place 3, seat 3 (last) Watches, then
    Changes onto place 2 (0 → 3, 2 → 0: places 0 and 3 wrap)."""
    state = rig(places=["r0", "b1", "y2", "g3"])
    if version is not None:
        state = GAME.setup({"players": 4, "first": 0}, 1, version)
        state["places"] = [cid(x) for x in ("r0", "b1", "y2", "g3")]
        state["deck"] = [c for c in R.deck_for(4) if c not in state["places"]]
        state["log"][-1]["shown"] = sorted(state["places"])
    for seat, move in ((0, place(1)), (1, change(1)), (2, WATCH), (2, place(3)), (3, WATCH),
                       (3, change(2))):
        state = GAME.apply(state, seat, move)
    return state


def test_the_take_event_records_the_whole_round_as_the_table_shows_it():
    """Rules version 2: the round that ended is in its take event, what happened to each Pick
    card included (the round summary's "You chose place 3; CPU 3's Change moved your Pick to
    place 4: you take yellow 2")."""
    state = a_round_of_every_kind()
    assert R.Alter.rules_version == 2 and state["rules_version"] == 2
    take = next(e for e in state["log"] if e["e"] == "take")
    assert take["picks"] == [2, 1, 3, 0]
    assert take["dealer"] == 0 and take["shown"] == sorted(cid(x) for x in ("r0", "b1", "y2", "g3"))
    assert take["under"] == [cid(x) for x in ("r0", "b1", "y2", "g3")]
    assert take["seen"] == [[], [], [0, 3], [0]]
    assert take["hands"] == [[], [], [], []] and take["deck"] == 12
    assert take["paths"] == [
        {"how": "deal", "p": 1, "moved": [[1, 1, 2], [3, 2, 3]]},
        {"how": "change", "p": 1, "moved": []},
        {"how": "watch", "p": 3, "moved": [[3, 3, 0]]},
        {"how": "watch_change", "p": 2, "moved": []},
    ]
    # each seat's view: its own card and what it watched; the others' face down
    for seat, under in ((0, [None, None, None, cid("g3")]), (2, [cid("r0"), None, None, cid("g3")]),
                        (None, [None] * 4)):
        seen = next(e for e in GAME.view(state, seat)["log"] if e["e"] == "take")
        assert seen["under"] == under and "seen" not in seen
        assert seen["watched"] == [2, 3] and seen["paths"] == take["paths"]
    assert next(e for e in GAME.reveal(state)["log"] if e["e"] == "take")["under"] == take["under"]


def test_a_sets_score_event_records_its_last_round_turned_up():
    state = deal_set(rig(), PLAIN)
    score = next(e for e in GAME.view(state, 1)["log"] if e["e"] == "score")
    last = score["take"]
    assert last["round"] == 3 and last["deck"] == 0
    assert last["under"] == [score["hands"][s][3] for s in last["picks"]]
    assert last["hands"] == [hand[:3] for hand in score["hands"]]     # every hand, turned up


def test_a_version_1_record_shows_the_same_rounds_made_from_its_log():
    """Version 1 wrote only who took which place: its views make the same take and score
    events from the state's rounds and log, so an old code shows its rounds as a new one."""
    old, new = a_round_of_every_kind(version=1), a_round_of_every_kind(version=2)
    assert "rules_version" not in old
    assert [k for k in next(e for e in old["log"] if e["e"] == "take")] == ["e", "set", "round", "picks"]
    for seat in (0, 1, 2, 3, None):
        assert GAME.view(old, seat)["log"] == GAME.view(new, seat)["log"]
    assert GAME.reveal(old)["log"] == GAME.reveal(new)["log"]
    for version in (1, 2):
        state = deal_set(GAME.setup({"players": 4, "first": 0}, 1, version), PLAIN)
        score = next(e for e in state["log"] if e["e"] == "score")
        assert ("take" in score) == (version == 2)
        if version == 1:
            made = GAME.view(state, 2)["log"]
        else:
            assert GAME.view(state, 2)["log"] == made


def test_dealer_rotates_left_every_round_and_across_sets():
    state = rig(dealer=3)
    dealers = []
    for _ in range(8):
        dealers.append(state["dealer"])
        state = play_round(state, {s: s for s in range(4)})
    assert dealers == [3, 0, 1, 2, 3, 0, 1, 2]
    assert state["set"] == 2 and state["round"] == 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_set_is_four_rounds_and_the_game_as_many_sets_as_players(players):
    state = rig(players=players)
    sets = 0
    while GAME.outcome(state) is None:
        for _ in range(4):
            assert len(state["places"]) == players
            state = play_round(state, {s: s for s in range(players)})
            if GAME.outcome(state) is not None:
                break
        sets += 1
        score = [e for e in state["log"] if e["e"] == "score"][-1]
        assert all(len(hand) == 4 for hand in score["hands"])
        assert sorted(c for hand in score["hands"] for c in hand) == R.deck_for(players)
        if GAME.outcome(state) is None:      # a fresh shuffle of all the cards
            assert sorted(state["places"] + state["deck"]) == R.deck_for(players)
    victory = GAME.outcome(state)["victory"]
    assert sets == players or victory


def test_set_scoring_writes_the_sheet_and_the_game_goes_on():
    state = deal_set(rig(), PLAIN)
    assert state["scores"] == [[9, 8, 7, 0 + 2 * 3 + 1]]
    assert state["totals"] == [9, 8, 7, 7]
    score = [e for e in state["log"] if e["e"] == "score"][0]
    assert score["base"] == [9, 8, 7, 0]
    assert score["bonuses"] == [[], [], [], ["wings", "wings", "min"]]
    assert GAME.outcome(state) is None and state["set"] == 1
    assert GAME.view(state, 2)["scores"] == [[9, 8, 7, 7]]
    assert GAME.view(state, 2)["hand"] == []        # a new set: empty hands


def test_highest_total_wins_ties_share():
    state = rig()
    for _ in range(4):
        state = deal_set(state, PLAIN)
    out = GAME.outcome(state)
    assert out["scores"] == [36, 32, 28, 28] and out["winners"] == [0]
    assert out["sets"] == [[9, 8, 7, 7]] * 4 and out["victory"] == []
    state = rig()
    swapped = [PLAIN[1], PLAIN[0], PLAIN[2], PLAIN[3]]
    for hands in (PLAIN, swapped, PLAIN, swapped):
        state = deal_set(state, hands)
    assert GAME.outcome(state)["winners"] == [0, 1]


def test_victory_ends_the_game_at_once_mid_game():
    state = deal_set(rig(), PLAIN)
    hands = [["r3", "b3", "y3", "g3"],
             ["r1", "b1", "y1", "g1"],     # Victory in the second set of four
             ["r2", "b2", "y2", "g2"],
             ["r0", "b0", "y0", "g0"]]
    state = deal_set(state, hands)
    out = GAME.outcome(state)
    assert out is not None and out["winners"] == [1] and out["victory"] == [1]
    assert out["scores"][1] < out["scores"][0]       # wins despite a lower total
    assert len(out["sets"]) == 2                      # the set is still written down
    assert state["log"][-1] == {"e": "game_end", "winners": [1], "victory": True}
    assert GAME.to_move(state) == [] and GAME.legal_moves(state, 0) == []


def test_three_player_variant_cannot_reach_victory():
    assert sum(1 for c in R.deck_for(3) if R.card_number(c) == 1) == 3


# --- bonuses ----------------------------------------------------------------------------------
def hand(*specs):
    return [cid(s) for s in specs]


@pytest.mark.parametrize("specs,bonuses", [
    (("r1", "b1", "y1", "g1"), ["victory"]),
    (("r0", "b0", "r1", "b1"), ["zero_one"]),                 # 0 both, r1 angel, b1 devil
    (("r0", "b0", "r3", "b3"), ["zero_three"]),               # r3 angel, b3 devil
    (("r0", "b1", "y2", "r3"), ["straight"]),                 # devil, devil, angel: no wings
    (("r0", "r1", "b2", "r3"), ["straight", "wings"]),        # all angel (0 counts as angel)
    (("r0", "b0", "r1", "y1"), ["zero_one", "wings"]),        # both, both, angel, angel
    (("r0", "b0", "r3", "g3"), ["zero_three", "wings"]),      # both, both, angel, angel
    (("b1", "g1", "r2", "b3"), ["wings"]),                    # all devil only
    (("r0", "b0", "y0", "g0"), ["wings", "wings"]),           # four both-wings: twice
    (("r0", "b0", "y0", "r1"), ["wings"]),                    # three both + angel: once
    (("r1", "b1", "r2", "r3"), []),
    (("r2", "b2", "y2", "g2"), []),
])
def test_hand_bonuses(specs, bonuses):
    assert R.hand_bonuses(hand(*specs)) == bonuses


def test_bonus_points_add_up_with_base():
    result = R.score_set([hand("r0", "r1", "b2", "r3"), hand("r0", "b0", "r1", "y1"),
                          hand("b1", "g1", "r2", "b3"), hand("r0", "b0", "y0", "g0")])
    assert result["base"] == [6, 2, 7, 0]
    assert result["points"] == [6 + 3 + 3, 2 + 6 + 3, 7 + 3, 0 + 3 + 3 + 1]


def test_min_goes_to_every_player_tied_for_the_lowest_base():
    result = R.score_set([hand("r1", "b1", "y1", "r2"), hand("g1", "b2", "y0", "g2"),
                          hand("r3", "b3", "y3", "g3"), hand("r0", "b0", "g0", "y2")])
    assert result["base"] == [5, 5, 12, 2]
    assert [("min" in b) for b in result["bonuses"]] == [False, False, False, True]
    tied = R.score_set([hand("r1", "b1", "y1", "r2"), hand("g1", "b2", "y0", "g2"),
                        hand("r3", "b3", "y3", "g3"), hand("r0", "b0", "g0", "y3")])
    assert tied["base"] == [5, 5, 12, 3]
    tied = R.score_set([hand("r1", "b1", "y0", "r2"), hand("g1", "b2", "y1", "g0"),
                        hand("r3", "b3", "y3", "g3"), hand("r0", "b0", "g2", "y2")])
    assert tied["base"] == [4, 4, 12, 4]
    assert [("min" in b) for b in tied["bonuses"]] == [True, True, False, True]
    assert tied["points"][0] == 4 + 1


def test_two_victories_in_one_set_both_win():
    result = R.score_set([hand("r1", "b1", "y1", "g1"), hand("r0", "b0", "y2", "g2"),
                          hand("r1", "b1", "y1", "g1"), hand("r3", "b3", "y3", "g3")])
    assert result["victory"] == [0, 2]
    state = rig()
    state.update(phase="over", victory=[0, 2], totals=[5, 9, 5, 12], scores=[[5, 9, 5, 12]])
    assert GAME.outcome(state)["winners"] == [0, 2]


def test_bonus_table_is_data_with_the_rulings_values():
    assert R.BONUS_POINTS == {"victory": 0, "zero_one": 6, "zero_three": 4, "straight": 3,
                              "wings": 3, "min": 1}


def test_bonus_table_is_in_the_sources_order():
    """The source's BONUS list: two 0s and two 3s; two 0s and two 1s; four 1s; one each of
    0, 1, 2, 3; then angel only / devil only; then Min +1 (the only value its text prints)."""
    assert [(key, need) for key, _, need in R.BONUSES] == [
        ("zero_three", {0: 2, 3: 2}), ("zero_one", {0: 2, 1: 2}), (R.VICTORY, {1: 4}),
        ("straight", {0: 1, 1: 1, 2: 1, 3: 1}), ("wings", "wings"), ("min", "min")]
    assert R.PRINTED_BONUS_VALUES == ("min",)


def test_the_sources_order_lists_every_hands_bonuses_as_before():
    """Victory moved from first to third in the table: no hand of any player count earns it
    together with a bonus it passed, so every scored set (and every old record's state) lists
    its bonuses exactly as before."""
    from itertools import combinations

    old_order = [R.VICTORY, "zero_one", "zero_three", "straight", "wings", "min"]
    for players in R.PLAYER_COUNTS:
        for cards in combinations(R.deck_for(players), 4):
            got = R.hand_bonuses(list(cards))
            assert got == sorted(got, key=old_order.index), cards
            assert not (R.VICTORY in got and {"zero_one", "zero_three"} & set(got))


# --- bad input --------------------------------------------------------------------------------
@pytest.mark.parametrize("move", [None, 3, "watch", [], {}, {"a": 1}, {"a": "jump"},
                                  {"a": "place"}, {"a": "place", "p": "1"}, {"a": "place", "p": True},
                                  {"a": "place", "p": 4}, {"a": "place", "p": -1},
                                  {"a": "place", "p": 1, "x": 0}, {"a": "watch", "p": 0}])
def test_malformed_moves_raise_illegal_move(move):
    state = rig()
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, move)


def test_not_your_turn_and_game_over():
    state = rig(dealer=0)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 1, place(0))
    assert err.value.key == "error.not_your_turn"
    state["phase"] = "over"
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, place(0))
    assert err.value.key == "error.game_over"


def test_apply_leaves_the_old_state_untouched():
    state = rig()
    before = repr(state)
    GAME.apply(state, 0, place(0))
    assert repr(state) == before


# --- preview, reveal, take-backs ----------------------------------------------------------------
def test_preview_names_the_pick_cards_a_change_moves_as_the_move_will():
    state = rig(places=["r0", "r1", "r2", "r3"])
    state = GAME.apply(state, 0, place(1))
    state = GAME.apply(state, 1, WATCH)
    state = GAME.apply(state, 1, place(2))
    view = GAME.view(state, 2)
    for p in (1, 2):
        pv = R.preview(view, change(p))
        after = GAME.apply(state, 2, change(p))
        assert pv == {"pushed": after["log"][-1]["moves"], "seen": []}
    assert R.preview(view, change(1))["pushed"] == [[0, 1, 2], [1, 2, 3]]
    assert R.preview(view, WATCH) == {"pushed": [], "seen": [0, 3]}
    # only what the view allows: not an empty place, not another seat's view, not garbage
    assert R.preview(view, change(0)) is None
    assert R.preview(GAME.view(state, 3), change(1)) is None
    assert R.preview(view, "x") is None and R.preview(view, {"a": "place", "p": 0}) is None


def test_preview_of_a_place_after_watch_moves_nothing():
    state = rig(places=["r0", "r1", "r2", "r3"])
    state = GAME.apply(state, 0, place(1))
    state = GAME.apply(state, 1, WATCH)
    assert R.preview(GAME.view(state, 1), place(0)) == {"pushed": [], "seen": []}


def test_reveal_turns_up_every_card_and_keeps_the_spectators_shape():
    state = rig(places=["r0", "r1", "r2", "r3"])
    state = GAME.apply(state, 0, place(1))
    state = GAME.apply(state, 1, WATCH)
    shown = GAME.reveal(state)
    spectator = GAME.view(state, None)
    assert set(shown) == set(spectator) | {"revealed", "seen"}
    assert [pl["card"] for pl in shown["places"]] == [cid(x) for x in ("r0", "r1", "r2", "r3")]
    assert all(pl["card"] is None for pl in spectator["places"])
    assert shown["seen"][1] == [0, 2, 3]
    watch = next(e for e in shown["log"] if e["e"] == "watch")
    assert watch["cards"] == [cid("r0"), cid("r2"), cid("r3")]
    # a round taken: every seat's card in past, every card in the take event
    state = GAME.apply(state, 1, place(0))
    for seat in (2, 3):
        state = GAME.apply(state, seat, WATCH)
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    shown = GAME.reveal(state)
    assert shown["past"][0]["cards"] == [cid(x) for x in ("r0", "r1", "r2", "r3")]
    take = next(e for e in shown["log"] if e["e"] == "take")
    assert take["cards"] == [cid(x) for x in ("r0", "r1", "r2", "r3")]
    assert GAME.view(state, None)["past"][0]["cards"] == [None] * 4


def test_reveal_of_a_finished_game():
    state = deal_set(rig(), PLAIN)
    for _ in range(3):
        state = deal_set(state, PLAIN)
    assert state["phase"] == "over"
    shown = GAME.reveal(state)
    assert shown["revealed"] and shown["outcome"] == GAME.outcome(state)


def test_undoable_a_pick_or_a_change_before_the_round_ends():
    state = rig(places=["r0", "r1", "r2", "r3"])
    after = GAME.apply(state, 0, place(1))
    assert GAME.undoable(state, 0, place(1), after)               # the dealer's Pick
    state = after
    after = GAME.apply(state, 1, change(1))
    assert GAME.undoable(state, 1, change(1), after)              # a Change
    state = after
    after = GAME.apply(state, 2, WATCH)
    assert GAME.undoable(state, 2, WATCH, after) == "alter.undo.watched"  # a Watch shows cards
    state = after
    p = next(m["p"] for m in GAME.legal_moves(state, 2))
    after = GAME.apply(state, 2, place(p))
    assert GAME.undoable(state, 2, place(p), after)               # a place after a Watch
    state = after
    # the last Pick card resolves the round (cards taken, the next round dealt): never
    for move in GAME.legal_moves(state, 3):
        if move["a"] == "watch":
            continue
        after = GAME.apply(state, 3, move)
        assert any(e["e"] == "take" for e in after["log"][len(state["log"]):])
        assert GAME.undoable(state, 3, move, after) == "alter.undo.round"
    watched = GAME.apply(state, 3, WATCH)
    for move in GAME.legal_moves(watched, 3):                     # last: Watch, then either
        assert GAME.undoable(watched, 3, move, GAME.apply(watched, 3, move)) == "alter.undo.round"


def test_undoable_never_across_a_set_or_the_games_end():
    # deal_set's set, move by move: the last move of its last round scores the set
    hands = PLAIN
    state = rig()
    n = 4
    rounds = [[cid(hands[s][k]) for s in range(n)] for k in range(4)]
    state["places"] = rounds[0]
    state["log"][-1]["shown"] = sorted(rounds[0])
    state["deck"] = [c for r in reversed(rounds[1:]) for c in r]
    for k in range(4):
        if k:
            state["places"] = list(rounds[k])
        for i in range(n):
            seat = GAME.to_move(state)[0]
            if state["phase"] == "choose":
                state = GAME.apply(state, seat, WATCH)
            before = state
            move = place(seat)
            state = GAME.apply(state, seat, move)
    assert any(e["e"] == "score" for e in state["log"][len(before["log"]):])
    assert GAME.undoable(before, GAME.to_move(before)[0], move, state) == "alter.undo.set"
    assert GAME.undoable(before, 0, "garbage", state) is False


def test_a_views_log_is_each_events_public_form_made_once_per_seat():
    """The view's log (``Alter._public_log``) is, at every position of whole games of both
    record versions, what ``_public_event`` makes of each event for that seat; a later view
    shares the forms made for an earlier one (made once), never another seat's."""
    import json
    from bodoge.core.selfplay import play_one
    for version, players in ((2, 4), (1, 5)):
        match = play_one("alter", {"players": players}, 11 + players, ["normal"] * players)
        state = GAME.setup(match.record.options, match.record.seed, version)
        R._PUBLIC.clear()          # a game's forms fit the cache; other tests' may have filled it
        earlier = {}
        for k, (seat, move) in enumerate(match.record.moves):
            state = GAME.apply(state, seat, move)
            for me in list(range(players)) + [None]:
                log = GAME.view(state, me)["log"]
                if k % 4 == 0 or k == len(match.record.moves) - 1:
                    fresh = [GAME._public_event(e, state, me, i) for i, e in enumerate(state["log"])]
                    assert json.dumps(log, sort_keys=True) == json.dumps(fresh, sort_keys=True)
                if me in earlier:
                    before = earlier[me]
                    assert all(a is b for a, b in zip(log, before[:len(log)]))
                earlier[me] = log
        assert earlier[0][0] is not earlier[1][0]
