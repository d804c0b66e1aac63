"""A small fake game for the midend's tests (history, replays, take-backs): each kind of move
the take-back policy tells apart, and nothing else.

Seats take turns. On a turn a seat may
* ``{"a": "put", "n": 0..9}``: put a number on the open pile (nothing hidden, nothing random:
  undoable);
* ``{"a": "draw"}``: draw the top card of the shuffled deck into its hidden hand (random and
  hidden: ``undoable`` says "undo.drawn");
* ``{"a": "show"}``: turn its first hidden card face up (a reveal: ``undoable`` says False).
The game ends when the pile holds ``LENGTH`` numbers; the highest pile total of a seat wins.
"""

import pytest

from bodoge.core.errors import BadOptions
from bodoge.core.protocol import Game, Outcome, clone
from bodoge.core.rng import Rng

LENGTH = 8


class Lines(Game):
    id = "lines"
    min_players = 2
    max_players = 3
    bot_levels = ("easy",)

    def options(self, raw):
        raw = self.raw_options(raw, {"players"})
        return {"players": self.players_option(raw, 2, (2, 3), "2 or 3 players")}

    def setup(self, options, seed, version=None):
        rng = Rng.from_seed(seed)
        deck = list(range(20))
        rng.shuffle(deck)
        n = options["players"]
        return self.stamp({"players": n, "turn": 0, "deck": deck, "hands": [[] for _ in range(n)],
                           "shown": [[] for _ in range(n)], "pile": [], "rng": rng.state,
                           "log": [{"e": "start"}]}, version)

    def to_move(self, state):
        return [] if len(state["pile"]) >= LENGTH else [state["turn"]]

    def legal_moves(self, state, seat):
        if seat not in self.to_move(state):
            return []
        moves = [{"a": "put", "n": n} for n in range(10)]
        if state["deck"]:
            moves.append({"a": "draw"})
        if state["hands"][seat]:
            moves.append({"a": "show"})
        return moves

    def _play(self, state, seat, move):
        if move["a"] == "put":
            state["pile"].append([seat, move["n"]])
            state["log"].append({"e": "put", "seat": seat, "n": move["n"]})
        elif move["a"] == "draw":
            state["hands"][seat].append(state["deck"].pop())
            state["log"].append({"e": "draw", "seat": seat})
        else:
            card = state["hands"][seat].pop(0)
            state["shown"][seat].append(card)
            state["log"].append({"e": "show", "seat": seat, "card": card})
        state["turn"] = (seat + 1) % state["players"]

    def view(self, state, seat):
        v = clone({k: state[k] for k in ("players", "turn", "shown", "pile", "log")})
        v["deck"] = len(state["deck"])
        v["hands"] = [list(h) if s == seat else [None] * len(h) for s, h in enumerate(state["hands"])]
        v["to_move"] = self.to_move(state)
        return v

    def reveal(self, state):
        v = self.view(state, None)
        v["hands"] = clone(state["hands"])
        return v

    def outcome(self, state):
        if len(state["pile"]) < LENGTH:
            return None
        totals = [sum(n for s, n in state["pile"] if s == seat) for seat in range(state["players"])]
        best = max(totals)
        return Outcome([s for s, t in enumerate(totals) if t == best], totals)

    def undoable(self, before, seat, move, after):
        if move["a"] == "put":
            return True
        if move["a"] == "draw":
            return "undo.drawn"
        return False


GAME = Lines()


@pytest.fixture
def lines(monkeypatch):
    """Make the fake game known to the catalogue lookups the kernel uses."""
    import bodoge.games as games

    real_known, real_get = games.is_known, games.get_game
    monkeypatch.setattr(games, "is_known", lambda g: g == "lines" or real_known(g))
    monkeypatch.setattr(games, "get_game", lambda g: GAME if g == "lines" else real_get(g))
    return GAME
