"""The strong bot's model of the other players (bots.model), learned from the public log, and
what it changes in the strong bot's choices; its draws between near-equal choices."""

import pytest

from bodoge.core.bot import think
from bodoge.games.alter import GAME
from bodoge.games.alter import bots as B
from bodoge.games.alter import model as M
from bodoge.games.alter.rules import card_number

from .helpers import WATCH, change, place


def scripted(state, rounds, step2="change", placer="first"):
    """Play ``rounds`` rounds in which the dealer puts its Pick on place 0, the player after it
    Watches and places, the next one Changes onto that Pick (``step2="change"``) or Watches
    and places too, and the rest Watch and place. A watcher places (``placer``) on the first
    place it saw, on the best card it saw ("greedy"), or on the place just before the best
    card one place clockwise of a place it saw ("anticipating")."""
    n = state["players"]
    for _ in range(rounds):
        watched = None
        for step in range(n):
            seat = GAME.to_move(state)[0]
            if step == 0:
                state = GAME.apply(state, seat, place(0))
                continue
            if step == 2 and step2 == "change":
                state = GAME.apply(state, seat, change(watched))
                continue
            state = GAME.apply(state, seat, WATCH)
            seen = state["seen"][seat]
            card = lambda q: card_number(state["places"][q % n])
            p = {"first": seen[0], "greedy": max(seen, key=card),
                 "anticipating": max(seen, key=lambda q: card(q + 1))}[placer]
            watched = p if step == 1 else watched
            state = GAME.apply(state, seat, place(p))
    return state


def new_game(dealer=3, seed=4):
    return GAME.setup({"players": 4, "first": dealer}, seed)


def test_change_rates_and_tastes_come_from_the_log():
    state = scripted(new_game(), 6, step2="change")
    model = M.Model(GAME.view(state, 0))
    for s in (1, 2, 3):
        assert model.change_rate(s, 2) > 0.6
        assert model.change_rate(s, 1) < 0.2
        dealer, watcher = model.targets(s, [M.DEALER, M.WATCHER])
        assert watcher > 0.7 > 0.3 > dealer
    calm = M.Model(GAME.view(scripted(new_game(), 6, step2="watch"), 0))
    assert calm.change_rate(1, 2) < 0.2
    # a seat nobody has seen decide yet: the prior, pulled toward what the others did
    assert M.Model(GAME.view(new_game(), 0)).change_rate(1, 2) == pytest.approx(M.CHANGE_PRIOR)


@pytest.mark.parametrize("placer, kind", [("greedy", "greedy"), ("anticipating", "anticipating")])
def test_how_a_watcher_places_is_learned_from_the_hands_of_scored_sets(placer, kind):
    state = scripted(new_game(), 4, step2="watch", placer=placer)
    assert state["set"] == 1                   # set 0 scored: its hands are public
    model = M.Model(GAME.view(state, 0))
    for s in (1, 2, 3):
        assert max(model.placer[s], key=model.placer[s].get) == kind
        assert model.placer[s][kind] > M.PLACERS[kind][1]
    fresh = M.Model(GAME.view(new_game(), 0))
    assert fresh.placer[1] == pytest.approx({k: prior for k, (_, prior) in M.PLACERS.items()})


def test_an_anticipating_watcher_says_the_good_card_is_one_place_on():
    # seat 1 has been seen to place just before the best card it saw
    state = scripted(new_game(dealer=1), 4, step2="watch", placer="anticipating")
    cards = sorted(state["places"], key=card_number)
    state["places"] = list(cards)
    state = GAME.apply(state, 1, place(0))     # the dealer
    state = GAME.apply(state, 2, WATCH)
    state = GAME.apply(state, 2, place(2))     # the best card is at 3
    bot = B.StrongBot(3, 1)
    view = GAME.view(state, 3)
    bot.prepare(view)
    before = [cards[0], cards[1], cards[3], cards[2]]      # the good card at the place taken
    after = [cards[0], cards[1], cards[2], cards[3]]       # ... or one place clockwise of it
    assert max(bot.model.placer[2], key=bot.model.placer[2].get) == "anticipating"
    assert bot.weight(view, after) > 2 * bot.weight(view, before)


def decision_after_history(step2):
    """Seat 0 is the first to choose after the dealer (seat 3), at the start of set 1, having
    watched: the cards it saw are its worst, best and second best at places 1, 2, 3."""
    state = scripted(new_game(), 4, step2=step2, placer="greedy")
    assert state["set"] == 1 and state["dealer"] == 3
    view = GAME.view(state, 0)
    v0, v1, v2, v3 = sorted(state["places"], key=lambda c: B.StrongBot(0, 1).card_value(view, c))
    state["places"] = [v1, v0, v3, v2]
    state = GAME.apply(state, 3, place(0))
    state = GAME.apply(state, 0, WATCH)
    return state


def test_strong_places_before_the_good_card_when_the_next_player_is_seen_to_change_onto_it():
    pushed = decision_after_history("change")
    calm = decision_after_history("watch")
    moves = {think(B.StrongBot(0, seed), GAME.view(pushed, 0))["p"] for seed in range(5)}
    assert moves == {1}                  # pushed on from place 1 onto the high card at 2
    moves = {think(B.StrongBot(0, seed), GAME.view(calm, 0))["p"] for seed in range(5)}
    assert moves == {2}                  # nobody will push it: take the high card itself
    # the normal bot assumes the same Change rate for every step: no difference
    assert think(B.NormalBot(0, 1), GAME.view(pushed, 0)) == think(B.NormalBot(0, 1), GAME.view(calm, 0))


def test_near_equal_choices_are_drawn_by_the_seed_and_clearly_worse_ones_never():
    scored = [(5.0, "a"), (5.0 - B.TEMPERATURE / 4, "b"), (5.0 - 10 * B.TEMPERATURE, "c")]
    picks = [B.StrongBot(0, seed).best(scored) for seed in range(200)]
    assert set(picks) == {"a", "b"}
    assert picks.count("a") > picks.count("b")
    again = [B.StrongBot(0, seed).best(scored) for seed in range(200)]
    assert again == picks                # seeded: the same bot plays the same way


def last_player_script(state, rounds, takes_low):
    """Rounds where every player but the last Watches and takes the first place it saw; the
    last one Watches and takes the card left if it is high (``takes_low``: if it is low),
    else Changes onto the dealer's Pick."""
    n = state["players"]
    for _ in range(rounds):
        for step in range(n):
            seat = GAME.to_move(state)[0]
            if step == 0:
                state = GAME.apply(state, seat, place(0))
                continue
            state = GAME.apply(state, seat, WATCH)
            seen = state["seen"][seat]
            if step == n - 1:
                low = card_number(state["places"][seen[0]]) <= 1
                if low != takes_low:
                    state = GAME.apply(state, seat, change(state["picks"].index(state["dealer"])))
                    continue
            state = GAME.apply(state, seat, place(seen[0]))
    return state


def test_the_last_players_change_is_learned_by_the_card_left_for_it():
    # three sets scored: the card each last player left or took is known
    choosy = M.Model(GAME.view(last_player_script(new_game(), 12, takes_low=False), 0))
    odd = M.Model(GAME.view(last_player_script(new_game(), 12, takes_low=True), 0))
    for s in (1, 2, 3):
        assert choosy.last_change(s, 0) > 2 * choosy.last_change(s, 3)
        assert odd.last_change(s, 0) < odd.last_change(s, 3)
