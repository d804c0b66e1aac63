"""Build ALTER positions by hand for rule tests."""

from bodoge.games.alter import GAME
from bodoge.games.alter.rules import COLOURS, deck_for

WATCH = {"a": "watch"}


def cid(spec: str) -> int:
    """'r1' → red 1, 'b0' → blue 0, 'y3', 'g2', 'p1' (purple, 5 players)."""
    return "rbygp".index(spec[0]) * 4 + int(spec[1:])


def place(p):
    return {"a": "place", "p": p}


def change(p):
    return {"a": "change", "p": p}


def rig(players=4, dealer=0, places=None, seed=1):
    """A new game whose first round has ``places`` (specs, place 0 first) face down."""
    state = GAME.setup({"players": players, "first": dealer}, seed)
    assert len(COLOURS) >= players
    if places is not None:
        ids = [cid(x) for x in places]
        state["places"] = ids
        state["deck"] = [c for c in deck_for(players) if c not in ids]
        state["log"][-1]["shown"] = sorted(ids)
    return state


def arrange(state, specs):
    """Lay the current round's cards out in this order (the same cards, another shuffle)."""
    ids = [cid(x) for x in specs]
    assert sorted(ids) == sorted(state["places"]), "arrange the round's own cards"
    state["places"] = ids
    return state


def play_round(state, want):
    """Play a round so that seat s ends on place ``want[s]``: the dealer places, every other
    player watches and takes their place (no Pick card moves)."""
    for _ in range(state["players"]):
        seat = GAME.to_move(state)[0]
        if state["phase"] == "choose":
            state = GAME.apply(state, seat, WATCH)
        state = GAME.apply(state, seat, place(want[seat]))
    return state


def deal_set(state, hands):
    """Rig the set being started so that seat s takes the cards ``hands[s]`` (specs, one per
    round), and play its four rounds. Returns the state after the set is scored."""
    n = state["players"]
    rounds = [[cid(hands[s][k]) for s in range(n)] for k in range(4)]
    assert sorted(c for r in rounds for c in r) == sorted(deck_for(n))
    state["places"] = rounds[0]
    state["log"][-1]["shown"] = sorted(rounds[0])
    state["deck"] = [c for r in reversed(rounds[1:]) for c in r]
    for k in range(4):
        if k:
            state["places"] = list(rounds[k])
        state = play_round(state, {s: s for s in range(n)})
    return state


def permute_hidden(state, seat, rng):
    """The state with every card ``seat`` cannot know moved around, consistently with its view:
    the deck reshuffled, and in the current round and the rounds taken in this set the cards
    at places it neither watched nor took swapped among themselves (and so in the rounds'
    records in their take events, rules version 2). A finished game hides nothing."""
    from bodoge.core.protocol import clone

    from bodoge.games.alter.rules import hands_of

    other = clone(state)
    rng.shuffle(other["deck"])
    over = other["phase"] == "over"
    rounds = [r for r in other["history"] if r["set"] == other["set"] and not over]
    current = {"places": other["places"], "picks": [None], "seen": other["seen"]}
    for r in rounds + ([current] if other["places"] else []):
        known = set(r["seen"][seat]) if seat is not None else set()
        if seat in r["picks"]:
            known.add(r["picks"].index(seat))
        free = [p for p in range(len(r["places"])) if p not in known]
        cards = rng.shuffle([r["places"][p] for p in free])
        for p, c in zip(free, cards):
            r["places"][p] = c
    for e in other["log"]:
        if e["e"] == "take" and "under" in e and not over and e["set"] == other["set"]:
            r = rounds[e["round"]]
            e["under"] = list(r["places"])
            e["hands"] = hands_of(rounds[:e["round"]], other["players"])
    return other
