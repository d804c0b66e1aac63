"""algo (アルゴ): the standard game for 2–4 players. Spec: shared/rules/algo.md.

Cards are ints 0..23: ``id = number * 2 + colour`` with colour 0 = black, 1 = white, so
sorting ids gives the row order exactly (ascending numbers, black left of white on ties).

Every card in play carries a *handle* ``k``: a public name given when the card enters a row
(dealt or inserted), unique for the whole game. Moves and the log name cards by row position
or handle, never by id, because a face-down card's id is secret.

Moves (JSON):
  ``{"a": "attack", "s": target_seat, "p": position, "n": number}``; when the attacker has no
  drawn card (empty deck) the first attack of the turn also names the own face-down card put
  at stake: ``"w": own_position``.
  ``{"a": "stay"}``: after a hit, end the turn and keep the drawn card face down.
"""

from ...core.errors import BadOptions, IllegalMove
from ...core.protocol import Game, Outcome
from ...core.rng import Rng

NUMBERS = 12
CARDS = 2 * NUMBERS
BLACK, WHITE = 0, 1
DEAL = {2: 4, 3: 3, 4: 2}

# Rulings (shared/rules/algo.md); each is shown on the in-app rules page.
RULING_COLOUR_PUBLIC = True        # card backs show the colour
RULING_SEEDED_FIRST_DEALER = True  # the lowest-card draw for the first dealer uses the seed
RULING_WINNER_BY_ROUND_WINS = True  # most round wins wins; ties share the win
RULING_LAST_HIT_KEEPS_DRAWN = True  # a round-winning hit: the drawn card joins the row face down
RULING_REVEAL_AT_ROUND_END = True  # all cards are shown when a round ends
RULING_ROWS_ALWAYS_SORTED = True   # the engine keeps rows in order: misordering cannot happen


def number(cid: int) -> int:
    return cid >> 1


def colour(cid: int) -> int:
    return cid & 1


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class Algo(Game):
    id = "algo"
    rules_version = 1
    min_players = 2
    max_players = 4

    # --- options -----------------------------------------------------------------------------
    def options(self, raw):
        raw = {} if raw is None else raw
        if not isinstance(raw, dict):
            raise BadOptions("options must be an object")
        unknown = set(raw) - {"players"}
        if unknown:
            raise BadOptions(f"unknown options: {', '.join(sorted(map(str, unknown)))}")
        players = raw.get("players", 2)
        if not _is_int(players) or players not in DEAL:
            raise BadOptions("algo is played by 2, 3 or 4 players")
        return {"players": players}

    # --- setup -------------------------------------------------------------------------------
    def setup(self, options, seed):
        options = self.options(options)
        n = options["players"]
        rng = Rng.from_seed(seed)
        # First dealer: everyone draws a card, the lowest card deals (black < white on ties).
        draws = rng.shuffle(list(range(CARDS)))[:n]
        dealer = min(range(n), key=lambda s: draws[s])
        state = {
            "players": n,
            "options": options,
            "rng": rng.state,
            "round": 0,
            "rounds": n,
            "dealer": dealer,
            "wins": [0] * n,
            "results": [],
            "next_k": 0,
            "log": [{"e": "first_dealer", "draws": draws, "dealer": dealer}],
        }
        self._start_round(state)
        return state

    def _start_round(self, state):
        n = state["players"]
        rng = Rng(state["rng"])
        deck = rng.shuffle(list(range(CARDS)))
        state["rng"] = rng.state
        rows = []
        for _ in range(n):
            hand = sorted(deck.pop() for _ in range(DEAL[n]))
            rows.append([self._new_card(state, cid, False) for cid in hand])
        state.update(rows=rows, deck=deck, out=[False] * n, turn=state["dealer"])
        state["log"].append({"e": "deal", "round": state["round"], "dealer": state["dealer"]})
        self._start_turn(state)

    def _new_card(self, state, cid, up):
        k = state["next_k"]
        state["next_k"] = k + 1
        return {"id": cid, "up": up, "k": k}

    def _start_turn(self, state):
        state["phase"] = "attack"
        state["stake"] = None      # "drawn", or the handle of an own card (empty deck)
        state["drawn"] = None
        if state["deck"]:
            state["drawn"] = state["deck"].pop()
            state["stake"] = "drawn"
            state["log"].append({"e": "draw", "seat": state["turn"], "id": state["drawn"]})

    # --- protocol ----------------------------------------------------------------------------
    def to_move(self, state):
        return [] if state["phase"] == "over" else [state["turn"]]

    def legal_moves(self, state, seat):
        if seat not in self.to_move(state):
            return []
        moves = [{"a": "stay"}] if state["phase"] == "again" else []
        stakes = [None]
        if state["stake"] is None:
            stakes = [p for p, c in enumerate(state["rows"][seat]) if not c["up"]]
        for t, row in enumerate(state["rows"]):
            if t == seat or state["out"][t]:
                continue
            for p, card in enumerate(row):
                if card["up"]:
                    continue
                for n in range(NUMBERS):
                    for w in stakes:
                        move = {"a": "attack", "s": t, "p": p, "n": n}
                        if w is not None:
                            move["w"] = w
                        moves.append(move)
        return moves

    def check(self, state, seat, move):
        if state["phase"] == "over":
            raise IllegalMove("the game is over", key="error.game_over")
        if seat != state["turn"]:
            raise IllegalMove(f"it is not seat {seat}'s turn", key="error.not_your_turn")
        if not isinstance(move, dict) or not isinstance(move.get("a"), str):
            raise IllegalMove("a move must be an object with an action")
        if move["a"] == "stay":
            if set(move) != {"a"}:
                raise IllegalMove("stay takes no arguments")
            if state["phase"] != "again":
                raise IllegalMove("you may stay only after a hit", key="algo.error.stay_first")
            return
        if move["a"] != "attack":
            raise IllegalMove(f"unknown action {move['a']!r}")
        if not set(move) <= {"a", "s", "p", "n", "w"} or not all(
                _is_int(move.get(f)) for f in ("s", "p", "n")):
            raise IllegalMove("an attack names a seat, a position and a number")
        t, p, n = move["s"], move["p"], move["n"]
        if not 0 <= t < state["players"] or t == seat:
            raise IllegalMove("attack another player's card", key="algo.error.target")
        if state["out"][t]:
            raise IllegalMove("that player is out of the round", key="algo.error.target_out")
        if not 0 <= p < len(state["rows"][t]) or state["rows"][t][p]["up"]:
            raise IllegalMove("attack a face-down card", key="algo.error.face_up")
        if not 0 <= n < NUMBERS:
            raise IllegalMove("declare a number from 0 to 11", key="algo.error.number")
        if state["stake"] is None:
            w = move.get("w")
            own = state["rows"][seat]
            if not _is_int(w) or not 0 <= w < len(own) or own[w]["up"]:
                raise IllegalMove("with no card to draw, attack with one of your face-down cards",
                                  key="algo.error.stake")
        elif "w" in move:
            raise IllegalMove("you attack with your drawn card", key="algo.error.no_stake")

    def _play(self, state, seat, move):
        if move["a"] == "stay":
            state["log"].append({"e": "stay", "seat": seat})
            self._keep_drawn(state, seat)
            self._next_turn(state)
            return
        t, p, n = move["s"], move["p"], move["n"]
        if state["stake"] is None:
            state["stake"] = state["rows"][seat][move["w"]]["k"]
        card = state["rows"][t][p]
        hit = number(card["id"]) == n
        event = {"e": "attack", "seat": seat, "s": t, "k": card["k"], "n": n, "hit": hit}
        if state["stake"] != "drawn":
            event["w"] = state["stake"]
        state["log"].append(event)
        if hit:
            card["up"] = True
            self._check_out(state, t)
            if self._alive(state) == [seat]:
                if RULING_LAST_HIT_KEEPS_DRAWN:
                    self._keep_drawn(state, seat)
                self._end_round(state, seat)
            else:
                state["phase"] = "again"
            return
        # Miss: the card at stake is turned face up.
        if state["stake"] == "drawn":
            placed = self._insert(state, seat, state["drawn"], True)
            state["drawn"] = None
            state["log"].append({"e": "reveal", "seat": seat, "k": placed["k"], "id": placed["id"]})
        else:
            own = next(c for c in state["rows"][seat] if c["k"] == state["stake"])
            own["up"] = True
            state["log"].append({"e": "reveal", "seat": seat, "k": own["k"], "id": own["id"]})
            self._check_out(state, seat)
            alive = self._alive(state)
            if len(alive) == 1:
                self._end_round(state, alive[0])
                return
        self._next_turn(state)

    # --- helpers -----------------------------------------------------------------------------
    def _insert(self, state, seat, cid, up):
        card = self._new_card(state, cid, up)
        row = state["rows"][seat]
        row.append(card)
        row.sort(key=lambda c: c["id"])
        return card

    def _keep_drawn(self, state, seat):
        if state["stake"] == "drawn" and state["drawn"] is not None:
            self._insert(state, seat, state["drawn"], False)
            state["drawn"] = None

    def _alive(self, state):
        return [s for s in range(state["players"]) if not state["out"][s]]

    def _check_out(self, state, seat):
        if all(c["up"] for c in state["rows"][seat]):
            state["out"][seat] = True
            state["log"].append({"e": "out", "seat": seat})

    def _next_turn(self, state):
        n = state["players"]
        for i in range(1, n + 1):
            s = (state["turn"] + i) % n
            if not state["out"][s]:
                state["turn"] = s
                break
        self._start_turn(state)

    def _end_round(self, state, winner):
        state["wins"][winner] += 1
        state["results"].append({"round": state["round"], "winner": winner,
                                 "dealer": state["dealer"]})
        state["log"].append({"e": "round_end", "round": state["round"], "winner": winner,
                             "rows": [[c["id"] for c in row] for row in state["rows"]]})
        state["drawn"] = None
        state["stake"] = None
        if state["round"] + 1 >= state["rounds"]:
            state["phase"] = "over"
            out = self.outcome(state)
            state["log"].append({"e": "game_end", "winners": out["winners"]})
            return
        state["round"] += 1
        state["dealer"] = (state["dealer"] + 1) % state["players"]
        self._start_round(state)

    # --- what a seat may see -----------------------------------------------------------------
    def view(self, state, seat):
        over = state["phase"] == "over"
        turn = state["turn"]
        rows = [[{"k": c["k"], "c": colour(c["id"]), "up": c["up"],
                  "n": number(c["id"]) if (c["up"] or s == seat or over) else None}
                 for c in row] for s, row in enumerate(state["rows"])]
        drawn = None
        if state["drawn"] is not None:
            drawn = {"c": colour(state["drawn"]),
                     "n": number(state["drawn"]) if seat == turn else None}
        stake = state["stake"] if isinstance(state["stake"], int) else None
        return {
            "game": self.id,
            "seat": seat,
            "players": state["players"],
            "options": dict(state["options"]),
            "round": state["round"],
            "rounds": state["rounds"],
            "dealer": state["dealer"],
            "turn": turn,
            "phase": state["phase"],
            "to_move": self.to_move(state),
            "rows": rows,
            "deck": len(state["deck"]),
            "drawn": drawn,
            "stake": stake,
            "out": list(state["out"]),
            "wins": list(state["wins"]),
            "results": [dict(r) for r in state["results"]],
            "log": [self._public_event(e, seat) for e in state["log"]],
            "outcome": self.outcome(state),
        }

    @staticmethod
    def _public_event(e, seat):
        kind = e["e"]
        if kind == "draw":
            cid = e["id"]
            return {"e": "draw", "seat": e["seat"], "c": colour(cid),
                    "n": number(cid) if seat == e["seat"] else None}
        if kind == "reveal":
            return {"e": "reveal", "seat": e["seat"], "k": e["k"], "c": colour(e["id"]),
                    "n": number(e["id"])}
        if kind == "first_dealer":
            return {"e": kind, "dealer": e["dealer"],
                    "draws": [{"c": colour(c), "n": number(c)} for c in e["draws"]]}
        if kind == "round_end":
            return {"e": kind, "round": e["round"], "winner": e["winner"],
                    "rows": [[{"c": colour(c), "n": number(c)} for c in row] for row in e["rows"]]}
        return dict(e)

    def outcome(self, state):
        if state["phase"] != "over":
            return None
        best = max(state["wins"])
        winners = [s for s, w in enumerate(state["wins"]) if w == best]
        return Outcome(winners, state["wins"], rounds=[r["winner"] for r in state["results"]])

    # --- bots --------------------------------------------------------------------------------
    def make_bot(self, level, seat, seed):
        from .bots import BOTS

        return BOTS[level](seat, seed)
