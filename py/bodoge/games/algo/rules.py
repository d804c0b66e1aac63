"""algo (アルゴ) for 2–4 players: the standard game, pair play (2 vs 2) and the point-chip
variant of either. Spec: shared/rules/algo.md. (The 1-player 詰めアルゴ puzzles: ``puzzle.py``.)

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
  Pair play only: ``{"a": "toss"}`` at the start of a turn asks the partner to show a card;
  the partner answers ``{"a": "show", "p": own_position}``.

Rules versions (``rules_of(state)``; a record replays by the version it was made with):
  1: the first rules. Pair play: only the other team's cards may be attacked; with point
     chips the losing team pays a round win once.
  2 (issue 12, corrections from the Japanese source): pair play allows attacking your
     partner's cards (the normal rule: 「他のプレイヤー(誰でも構いません)」), and with point chips
     both players of the losing team pay a round win (「他のプレイヤー全員から」).
  3 (issue 14): the same play; the log says more (attacked cards by position and colour, each
     round's final board as parallel lists of ids, face up or down, handles).
  4 (issue 25): the same play; a round's end is recorded whole in its ``round_end`` event, in
     the form the table draws: its dealer, every row's cards (``{"id", "up", "k"}``, all
     numbers shown at a round's end) and who was out. For a record of versions 1 to 3 the view
     makes the same from the log (``final_round``), so every version's views show a round's end
     alike: ``{"rows": [[{"k", "c", "n", "up"}]], "dealer", "out", ...}``.

Options: ``players`` (2–4), ``mode`` ("standard"; "pair": 2 vs 2, diagonal partners; "puzzle":
詰めアルゴ for one player, with ``grade`` 1–4 and optionally ``daily``: a date) and ``chips``
(the point-chip variant). Options at their defaults are left out of the normalised
options, so records made before the modes existed replay to the very same state.
"""

import datetime
import re

from ...core.errors import BadOptions, IllegalMove
from ...core.protocol import Game, Outcome, is_int, rules_of
from ...core.rng import Rng
from .puzzle import GRADES as PUZZLE_GRADES, Tsume

TSUME = Tsume()
_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")

NUMBERS = 12
CARDS = 2 * NUMBERS
BLACK, WHITE = 0, 1
DEAL = {2: 4, 3: 3, 4: 2}
MODES = ("standard", "pair", "puzzle")    # puzzle: 詰めアルゴ for one player (puzzle.py)
PAIR_PLAYERS = 4
PAIR_DEAL = 6                      # pair play: 6 cards each, no deck

# Point chips (ポイントチップルール).
CHIPS_START = {2: 400, 3: 230, 4: 200}
CHIPS_START_PAIR = 400             # per team
CHIPS_HIT = 10                     # a hit takes this from the owner of the hit card ...
CHIPS_SIX = 6                      # ... and as much again when the hit card is a 6
CHIPS_PER_CARD = 10                # round win: per face-down card of the winner, from each loser

# Rulings (shared/rules/algo.md); each is shown on the in-app rules page.
RULING_COLOUR_PUBLIC = True        # card backs show the colour
RULING_SEEDED_FIRST_DEALER = True  # the lowest-card draw for the first dealer uses the seed
RULING_WINNER_BY_ROUND_WINS = True  # most round wins wins; ties share the win
RULING_LAST_HIT_KEEPS_DRAWN = True  # a round-winning hit: the drawn card joins the row face down
RULING_REVEAL_AT_ROUND_END = True  # all cards are shown when a round ends
RULING_ROWS_ALWAYS_SORTED = True   # the engine keeps rows in order: misordering cannot happen
# Decisions where the source is silent (also on the rules page):
RULING_PAIR_OPPONENTS_ONLY = True  # rules version 1 only: pair play attacks only the other team
RULING_TOSS_BEFORE_ATTACK = True   # Toss: once a turn, before its first attack
RULING_TOSS_CARD_PUBLIC = True     # everyone sees which card was shown, only the receiver its number
RULING_CHIPS_WINNER_BY_POINTS = True  # with chips the most points wins the game; ties share
RULING_CHIPS_ALL_LOSERS_PAY = True    # eliminated players pay the round winner too
RULING_CHIPS_PAIR_TEAM_PAYS_ONCE = True  # rules version 1 only: pair chips, the losing team
#                                          pays once
RULING_CHIPS_PAIR_BOTH_COUNT = True   # pair chips: the winning team's face-down cards are both
#                                       its players' (an eliminated player's count zero)
RULING_CHIPS_PAIR_TEAM_SCORE = True   # pair chips: one score per team (its two players' chips
#                                       pooled, 400), so a hit on your partner moves no points

# Rules version 2: the corrections of issue 12 (a referee's reading of the source), each from
# this version on; older records keep the version-1 behaviour.
PARTNER_ATTACK_SINCE = 2      # pair play: you may attack your partner's cards too
EACH_LOSER_PAYS_SINCE = 2     # pair chips: both players of the losing team pay a round win
# Rules version 3: the same play; the log names attacked cards by position and colour and
# keeps each round's final board (face up or down, handles) for the round summary.
DETAILED_LOG_SINCE = 3
# Rules version 4: the same play; a round's end event holds the round as it ended (dealer, rows
# of cards, who was out), which the table draws without reading the rest of the log.
ROUND_BOARD_SINCE = 4


def number(cid: int) -> int:
    return cid >> 1


def colour(cid: int) -> int:
    return cid & 1


def is_puzzle(state) -> bool:
    return state["options"].get("mode") == "puzzle"


def is_pair(state) -> bool:
    return state["options"].get("mode") == "pair"


def partner(seat: int) -> int:
    """Pair play: diagonal partners (seats 0+2 and 1+3)."""
    return (seat + 2) % PAIR_PLAYERS


def partner_attacks(state) -> bool:
    """Pair play: whether a partner's cards may be attacked (from rules version 2 on; by
    version 1, ``RULING_PAIR_OPPONENTS_ONLY``, never). Works on views too."""
    return is_pair(state) and (rules_of(state) >= PARTNER_ATTACK_SINCE
                               or not RULING_PAIR_OPPONENTS_ONLY)


class Algo(Game):
    id = "algo"
    rules_version = 4
    min_players = 2
    max_players = 4

    # --- options -----------------------------------------------------------------------------
    def options(self, raw):
        raw = self.raw_options(raw, {"players", "mode", "chips", "grade", "daily"})
        mode = raw.get("mode", "standard")
        if mode not in MODES:
            raise BadOptions("the mode is \"standard\", \"pair\" or \"puzzle\"")
        if mode == "puzzle":
            return self._puzzle_options(raw)
        if {"grade", "daily"} & set(raw):
            raise BadOptions("grade and daily are options of the puzzle mode")
        chips = raw.get("chips", False)
        if not isinstance(chips, bool):
            raise BadOptions("chips is true or false")
        players = self.players_option(raw, PAIR_PLAYERS if mode == "pair" else 2, DEAL,
                                      "algo is played by 2, 3 or 4 players")
        if mode == "pair" and players != PAIR_PLAYERS:
            raise BadOptions("pair play is for 4 players")
        out = {"players": players}
        if mode != "standard":
            out["mode"] = mode
        if chips:
            out["chips"] = True
        return out

    def _puzzle_options(self, raw):
        self.players_option(raw, 1, (1,), "a puzzle is for one player")
        grade, daily = raw.get("grade", 1), raw.get("daily")
        if raw.get("chips", False) is not False:
            raise BadOptions("puzzles have no chips")
        if not is_int(grade) or grade not in PUZZLE_GRADES:
            raise BadOptions("the puzzle grade is 1, 2, 3 or 4")
        out = {"players": 1, "mode": "puzzle", "grade": grade}
        if daily is not None:
            if not isinstance(daily, str) or not _DATE.match(daily):
                raise BadOptions("daily is a date, YYYY-MM-DD")
            try:
                datetime.date.fromisoformat(daily)
            except ValueError:
                raise BadOptions("daily is a date, YYYY-MM-DD") from None
            out["daily"] = daily
        return out

    # --- setup -------------------------------------------------------------------------------
    def setup(self, options, seed, version=None):
        options = self.options(options)
        if options.get("mode") == "puzzle":
            return self.stamp(TSUME.setup(options, seed), version)
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
        if options.get("chips"):
            state["points"] = self._chips_start(state)
        self._start_round(state)
        return self.stamp(state, version)

    def _start_round(self, state):
        n = state["players"]
        rng = Rng(state["rng"])
        deck = rng.shuffle(list(range(CARDS)))
        state["rng"] = rng.state
        rows = []
        each = PAIR_DEAL if is_pair(state) else DEAL[n]
        for _ in range(n):
            hand = sorted(deck.pop() for _ in range(each))
            rows.append([self._new_card(state, cid, False) for cid in hand])
        state.update(rows=rows, deck=deck, out=[False] * n, turn=state["dealer"])
        if is_pair(state):
            state["shown"] = []         # [receiver, handle]: cards shown by Toss this round
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
        if is_pair(state):
            state["tossed"] = False

    # --- protocol ----------------------------------------------------------------------------
    def to_move(self, state):
        if is_puzzle(state):
            return TSUME.to_move(state)
        if state["phase"] == "over":
            return []
        if state["phase"] == "toss":
            return [partner(state["turn"])]
        return [state["turn"]]

    def legal_moves(self, state, seat):
        if is_puzzle(state):
            return TSUME.legal_moves(state, seat)
        if seat not in self.to_move(state):
            return []
        if state["phase"] == "toss":
            return [{"a": "show", "p": p} for p, c in enumerate(state["rows"][seat]) if not c["up"]]
        moves = [{"a": "stay"}] if state["phase"] == "again" else []
        if self.can_toss(state):
            moves.append({"a": "toss"})
        stakes = [None]
        if state["stake"] is None:
            stakes = [p for p, c in enumerate(state["rows"][seat]) if not c["up"]]
        for t, row in enumerate(state["rows"]):
            if not self.may_target(state, seat, t):
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

    def can_toss(self, state) -> bool:
        """Pair play: the player to move may still ask their partner for a Toss."""
        return (is_pair(state) and state["phase"] == "attack" and state["stake"] is None
                and not state["tossed"] and not state["out"][partner(state["turn"])])

    def may_target(self, state, seat, t) -> bool:
        """Whether ``seat`` may attack the cards of seat ``t``: another player still in (by
        rules version 1, in pair play only the other team)."""
        if t == seat or state["out"][t]:
            return False
        if is_pair(state) and t == partner(seat):
            return partner_attacks(state)
        return True

    def check(self, state, seat, move):
        if is_puzzle(state):
            TSUME.check(state, seat, move)
            return
        if state["phase"] == "over":
            raise IllegalMove("the game is over", key="error.game_over")
        if seat not in self.to_move(state):
            raise IllegalMove(f"it is not seat {seat}'s turn", key="error.not_your_turn")
        if not isinstance(move, dict) or not isinstance(move.get("a"), str):
            raise IllegalMove("a move must be an object with an action")
        if state["phase"] == "toss":
            p = move.get("p")
            own = state["rows"][seat]
            if move["a"] != "show" or set(move) != {"a", "p"}:
                raise IllegalMove("your partner asked for a Toss: show one of your face-down cards",
                                  key="algo.error.show")
            if not is_int(p) or not 0 <= p < len(own) or own[p]["up"]:
                raise IllegalMove("show one of your face-down cards", key="algo.error.show")
            return
        if move["a"] == "toss":
            if set(move) != {"a"}:
                raise IllegalMove("toss takes no arguments")
            if not self.can_toss(state):
                raise IllegalMove("Toss is possible only in pair play, at the start of your turn, "
                                  "while your partner is in", key="algo.error.toss")
            return
        if move["a"] == "stay":
            if set(move) != {"a"}:
                raise IllegalMove("stay takes no arguments")
            if state["phase"] != "again":
                raise IllegalMove("you may stay only after a hit", key="algo.error.stay_first")
            return
        if move["a"] != "attack":
            raise IllegalMove(f"unknown action {move['a']!r}")
        if not set(move) <= {"a", "s", "p", "n", "w"} or not all(
                is_int(move.get(f)) for f in ("s", "p", "n")):
            raise IllegalMove("an attack names a seat, a position and a number")
        t, p, n = move["s"], move["p"], move["n"]
        if not 0 <= t < state["players"] or t == seat:
            raise IllegalMove("attack another player's card", key="algo.error.target")
        if state["out"][t]:
            raise IllegalMove("that player is out of the round", key="algo.error.target_out")
        if not self.may_target(state, seat, t):
            raise IllegalMove("attack the other team's cards", key="algo.error.partner")
        if not 0 <= p < len(state["rows"][t]) or state["rows"][t][p]["up"]:
            raise IllegalMove("attack a face-down card", key="algo.error.face_up")
        if not 0 <= n < NUMBERS:
            raise IllegalMove("declare a number from 0 to 11", key="algo.error.number")
        if state["stake"] is None:
            w = move.get("w")
            own = state["rows"][seat]
            if not is_int(w) or not 0 <= w < len(own) or own[w]["up"]:
                raise IllegalMove("with no card to draw, attack with one of your face-down cards",
                                  key="algo.error.stake")
        elif "w" in move:
            raise IllegalMove("you attack with your drawn card", key="algo.error.no_stake")

    def _play(self, state, seat, move):
        if is_puzzle(state):
            TSUME.play(state, seat, move)
            return
        if move["a"] == "toss":
            state["phase"] = "toss"
            state["tossed"] = True
            state["log"].append({"e": "toss", "seat": seat})
            return
        if move["a"] == "show":
            card = state["rows"][seat][move["p"]]
            state["shown"].append([state["turn"], card["k"]])
            state["phase"] = "attack"
            event = {"e": "show", "seat": seat, "to": state["turn"], "k": card["k"],
                     "id": card["id"]}
            if rules_of(state) >= DETAILED_LOG_SINCE:
                event["p"] = move["p"]
            state["log"].append(event)
            return
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
        if rules_of(state) >= DETAILED_LOG_SINCE:
            event["p"] = p
            event["c"] = colour(card["id"])
        if is_pair(state) and t == partner(seat):
            event["partner"] = True            # (rules version 2 on) an attack on one's partner
        if state["stake"] != "drawn":
            event["w"] = state["stake"]
        state["log"].append(event)
        if hit:
            card["up"] = True
            if "points" in state:
                self._pay(state, t, seat, CHIPS_HIT * (2 if n == CHIPS_SIX else 1))
            self._check_out(state, t)
            if self._sides_alive(state) == [self.side(state, seat)]:
                if RULING_LAST_HIT_KEEPS_DRAWN:
                    self._keep_drawn(state, seat)
                self._end_round(state, self.side(state, seat))
            else:
                state["phase"] = "again"
            return
        # Miss: the card at stake is turned face up.
        if state["stake"] == "drawn":
            placed = self._insert(state, seat, state["drawn"], True)
            state["drawn"] = None
            self._log_reveal(state, seat, placed, drawn=True)
        else:
            own = next(c for c in state["rows"][seat] if c["k"] == state["stake"])
            own["up"] = True
            self._log_reveal(state, seat, own)
            self._check_out(state, seat)
            alive = self._sides_alive(state)
            if len(alive) == 1:
                self._end_round(state, alive[0])
                return
        self._next_turn(state)

    # --- helpers -----------------------------------------------------------------------------
    def _log_reveal(self, state, seat, card, drawn=False):
        event = {"e": "reveal", "seat": seat, "k": card["k"], "id": card["id"]}
        if rules_of(state) >= DETAILED_LOG_SINCE:
            event["p"] = state["rows"][seat].index(card)
            if drawn:
                event["drawn"] = True        # the drawn card, put into the row face up
        state["log"].append(event)

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

    @staticmethod
    def _chips_start(state):
        n = state["players"]
        return [CHIPS_START_PAIR if is_pair(state) else CHIPS_START[n]] * n

    def _alive(self, state):
        return [s for s in range(state["players"]) if not state["out"][s]]

    @staticmethod
    def side(state, seat) -> int:
        """Who wins and scores: the seat itself, or in pair play its team (0: seats 0 and 2,
        1: seats 1 and 3)."""
        return seat % 2 if is_pair(state) else seat

    def members(self, state, side) -> list:
        return [s for s in range(state["players"]) if self.side(state, s) == side]

    def _sides_alive(self, state):
        return sorted({self.side(state, s) for s in self._alive(state)})

    def _pay(self, state, payer, payee, amount):
        """Point chips: ``payer``'s side gives ``amount`` to ``payee``'s side (a team's score is
        kept on both its seats)."""
        for s in self.members(state, self.side(state, payer)):
            state["points"][s] -= amount
        for s in self.members(state, self.side(state, payee)):
            state["points"][s] += amount

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
        """``winner`` is a side: a seat, or in pair play a team."""
        team = self.members(state, winner)
        for s in team:
            state["wins"][s] += 1
        result = {"round": state["round"], "winner": winner, "dealer": state["dealer"]}
        event = {"e": "round_end", "round": state["round"], "winner": winner}
        whole = rules_of(state) >= ROUND_BOARD_SINCE
        if whole:            # the round as it ended, as the table draws it
            event.update(dealer=state["dealer"], out=list(state["out"]),
                         rows=[[dict(c) for c in row] for row in state["rows"]])
        else:
            event["rows"] = [[c["id"] for c in row] for row in state["rows"]]
        detailed = rules_of(state) >= DETAILED_LOG_SINCE
        if detailed and not whole:
            event["up"] = [[c["up"] for c in row] for row in state["rows"]]
            event["k"] = [[c["k"] for c in row] for row in state["rows"]]
        if detailed:
            event["wins"] = list(state["wins"])
        if is_pair(state):
            result["team"] = event["team"] = team
        if "points" in state and detailed:
            # each seat's points: won or lost by hits this round, by the round win, and after
            last = next((x for x in reversed(state["log"]) if x["e"] == "round_end"), None)
            start = last["points"] if last else self._chips_start(state)
            before = list(state["points"])
            event["hits"] = [b - a for a, b in zip(start, before)]
        if "points" in state:
            down = [c["id"] for s in team for c in state["rows"][s] if not c["up"]]
            amount = CHIPS_PER_CARD * (len(down) + sum(1 for c in down if number(c) == CHIPS_SIX))
            losers = sorted({self.side(state, s) for s in range(state["players"])} - {winner})
            if is_pair(state) and rules_of(state) >= EACH_LOSER_PAYS_SINCE:
                # every other player pays: both players of the losing team
                payers = [s for side in losers for s in self.members(state, side)]
                result["total"] = event["total"] = amount * len(payers)
            else:
                payers = [self.members(state, side)[0] for side in losers]
            for s in payers:
                self._pay(state, s, team[0], amount)
            result["paid"] = event["paid"] = amount
            if detailed:
                event["won"] = [a - b for a, b in zip(state["points"], before)]
                event["points"] = list(state["points"])
        state["results"].append(result)
        state["log"].append(event)
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
        return self._view(state, seat)

    def reveal(self, state):
        """The spectator's view with every number filled in: every row's cards, the drawn
        card, each draw and each card shown by Toss in the log (the deck stays a count)."""
        if is_puzzle(state):
            return TSUME.reveal(state)
        return self._view(state, None, everything=True)

    def undoable(self, before, seat, move, after):
        """Only a Stay that drew nothing after it (an empty deck, pair play): it hides what it
        keeps and reveals nothing. An attack turns a card up at once (hit or miss), a Toss
        has a card shown, a Stay with cards in the deck makes the next player draw (its colour
        is public, its number theirs), and a puzzle answer is marked right or wrong.
        Not undoable: the key of a string saying why, or False for a move that is not one."""
        if not isinstance(move, dict):
            return False
        if is_puzzle(before):
            return "undo.answered"
        kind = move.get("a")
        if kind == "stay":
            drew = any(e["e"] != "stay" for e in after["log"][len(before["log"]):])
            return "algo.undo.drawn" if drew else True
        return {"attack": "algo.undo.answered", "toss": "algo.undo.toss",
                "show": "undo.revealed"}.get(kind, False)

    def _view(self, state, seat, everything=False):
        if is_puzzle(state):
            return TSUME.view(state, seat)
        over = state["phase"] == "over" or everything
        turn = state["turn"]
        told = {k for to, k in state.get("shown", ()) if to == seat}
        rows = [[{"k": c["k"], "c": colour(c["id"]), "up": c["up"],
                  "n": number(c["id"]) if (c["up"] or s == seat or over or c["k"] in told) else None}
                 for c in row] for s, row in enumerate(state["rows"])]
        drawn = None
        if state["drawn"] is not None:
            drawn = {"c": colour(state["drawn"]),
                     "n": number(state["drawn"]) if seat == turn or everything else None}
        stake = state["stake"] if isinstance(state["stake"], int) else None
        extra = {}
        if is_pair(state):
            extra = {"teams": [self.members(state, 0), self.members(state, 1)],
                     "can_toss": self.can_toss(state),
                     "shown": [k for to, k in state["shown"] if to == seat]}
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
            "targets": [t for t in range(state["players"]) if self.may_target(state, turn, t)],
            "to_move": self.to_move(state),
            "rows": rows,
            "deck": len(state["deck"]),
            "drawn": drawn,
            "stake": stake,
            "out": list(state["out"]),
            "wins": list(state["wins"]),
            "results": [dict(r) for r in state["results"]],
            "log": self._named(state, seat, everything, told),
            "outcome": self.outcome(state),
            "mode": state["options"].get("mode", "standard"),
            "points": list(state["points"]) if "points" in state else None,
            **({"rules_version": state["rules_version"]} if "rules_version" in state else {}),
            **extra,
        }

    def _named(self, state, seat, everything, told):
        """The log as ``seat`` may see it, each attack (rules version 3 on) also naming its
        card by what it is to this seat now (issue 26): ``"card"``, its number when the seat
        knows it (face up, its own, shown by Toss, or a round that has ended, when every card
        was shown), else ``"at"``, its place in its row now (so a line stays true when later
        cards are put in front of it). Nothing the seat may not know."""
        log = [self._public_end(state, i) if e["e"] == "round_end"
               else self._public_event(e, seat, everything) for i, e in enumerate(state["log"])]
        if rules_of(state) < DETAILED_LOG_SINCE:
            return log
        over = state["phase"] == "over" or everything
        cards = {}
        for e in log:                    # rounds that ended: every card was shown
            if e["e"] == "round_end":
                cards.update((c["k"], (None, c["n"])) for row in e["rows"] for c in row)
        for s, row in enumerate(state["rows"]):
            for p, c in enumerate(row):
                if c["k"] not in cards:
                    known = c["up"] or s == seat or over or c["k"] in told
                    cards[c["k"]] = (p, number(c["id"]) if known else None)
        for e in log:
            if e["e"] == "attack" and "p" in e and e["k"] in cards:
                at, n = cards[e["k"]]
                if n is not None:
                    e["card"] = n
                elif at is not None:
                    e["at"] = at
        return log

    @staticmethod
    def _public_event(e, seat, everything=False):
        kind = e["e"]
        if kind == "draw":
            cid = e["id"]
            return {"e": "draw", "seat": e["seat"], "c": colour(cid),
                    "n": number(cid) if seat == e["seat"] or everything else None}
        if kind == "reveal":
            out = {k: v for k, v in e.items() if k != "id"}
            out.update(c=colour(e["id"]), n=number(e["id"]))
            return out
        if kind == "first_dealer":
            return {"e": kind, "dealer": e["dealer"],
                    "draws": [{"c": colour(c), "n": number(c)} for c in e["draws"]]}
        if kind == "show":
            cid = e["id"]
            out = {k: v for k, v in e.items() if k != "id"}
            out.update(c=colour(cid),
                       n=number(cid) if seat in (e["seat"], e["to"]) or everything else None)
            return out
        return dict(e)

    def _public_end(self, state, i):
        """The ``round_end`` event ``state["log"][i]`` as every seat sees it (every card is
        shown when a round ends): the round as it ended, whatever the record's version."""
        e = state["log"][i]
        board = final_round(state, i)
        out = {k: v for k, v in e.items() if k not in ("rows", "up", "k")}
        out.update(dealer=board["dealer"], out=board["out"],
                   rows=[[{"k": c["k"], "c": colour(c["id"]), "n": number(c["id"]), "up": c["up"]}
                          for c in row] for row in board["rows"]])
        return out

    def outcome(self, state):
        """Winners and scores per seat: round wins, or points with chips (a team's on both of
        its seats); ``rounds`` lists each round's winning side (pair play: 0 or 1, which is
        also the team's first seat); with chips ``wins`` the round wins; ``pair`` in pair play."""
        if is_puzzle(state):
            return TSUME.outcome(state)
        if state["phase"] != "over":
            return None
        scores = state["points"] if "points" in state else state["wins"]
        best = max(scores)
        winners = [s for s, w in enumerate(scores) if w == best]
        detail = {"rounds": [r["winner"] for r in state["results"]]}
        if "points" in state:
            detail["wins"] = list(state["wins"])
        if is_pair(state):
            detail["pair"] = True          # scores are the teams' (seats 0+2, 1+3)
        return Outcome(winners, scores, **detail)


# --- a round that ended, by every rules version -------------------------------------------------
def final_round(state, i):
    """The round whose ``round_end`` event is ``state["log"][i]`` as it ended: ``{"dealer",
    "rows": [[{"id", "up", "k"}]], "out"}``. Rules version 4 records it in the event; for an
    older record it is made here: version 3's event has each card's id, face and handle, the
    dealer is in ``results`` and a seat was out when all its cards were up; versions 1 and 2
    list only ids, and the rest comes from the round's log (``_rows_of_log``)."""
    e = state["log"][i]
    if rules_of(state) >= ROUND_BOARD_SINCE:
        return {"dealer": e["dealer"], "rows": e["rows"], "out": e["out"]}
    if "k" in e:
        rows = [[{"id": cid, "up": up, "k": k} for cid, up, k in zip(ids, ups, ks)]
                for ids, ups, ks in zip(e["rows"], e["up"], e["k"])]
    else:
        rows = _rows_of_log(state["log"], i)
    return {"dealer": state["results"][e["round"]]["dealer"], "rows": rows,
            "out": [all(c["up"] for c in row) for row in rows]}


def _rows_of_log(log, end):
    """Rules versions 1 and 2: each card's handle and face at the ``round_end`` event
    ``log[end]``, whose rows list ids only. Handles are given in order, one per card that
    enters a row: the deal (each seat in turn, its hand sorted), then each drawn card, which
    always joins its drawer's row (face up on a miss, face down on a Stay or a round-winning
    hit); so the round's first handle is the number of cards in the earlier rounds' final rows.
    A card is face up when an attack hit it or it was turned up (``reveal``)."""
    base, start = 0, 0
    for j in range(end):
        if log[j]["e"] == "round_end":
            base += sum(len(row) for row in log[j]["rows"])
            start = j + 1
    drawn, up = [], set()
    for e in log[start:end]:
        if e["e"] == "draw":
            drawn.append(e["id"])
        elif (e["e"] == "attack" and e["hit"]) or e["e"] == "reveal":
            up.add(e["k"])
    rows = log[end]["rows"]
    joined = set(drawn)
    order = [cid for row in rows for cid in row if cid not in joined] + drawn
    handle = {cid: base + j for j, cid in enumerate(order)}
    return [[{"id": cid, "up": handle[cid] in up, "k": handle[cid]} for cid in row] for row in rows]


# --- what a seat can see is impossible (the number pad greys it; issue 26) --------------------------
def _key(c, n):
    """A card's place in the order of all 24 cards: by number, black before white."""
    return 2 * n + c


def _lowest(cards, known):
    """The lowest key each card of a row (left to right) can have: above the card to its left,
    of its own colour, and none that is known to be elsewhere."""
    prev, out = -1, []
    for c in cards:
        if c["n"] is not None:
            prev = _key(c["c"], c["n"])
        else:
            k = prev + 1
            while k < CARDS and (k % 2 != c["c"] or k in known):
                k += 1
            prev = k
        out.append(prev)
    return out


def ruled_out(view, s, p):
    """What ``view``'s seat can already tell about declaring each number on card ``p`` of row
    ``s``: {number: (why, detail)}, why one of "up" (that card is face up: detail is the seat
    whose row holds it), "mine" (the seat holds it face down or has just drawn it: declaring
    it is a bluff, which must miss), "told" (a card shown to the seat by Toss: detail is whose),
    "tried" (declared on this card before and missed) or "order" (the row's order leaves no
    room for it: detail is the (lowest, highest) number the card can still be). A number not
    in the answer may be the card. Only what the view shows is used."""
    row = view["rows"][s]
    target = row[p]
    me = view.get("seat")
    where = {}
    for r, cards in enumerate(view["rows"]):
        for c in cards:
            if c["n"] is not None and c is not target:
                where[_key(c["c"], c["n"])] = ("up" if c["up"] else "mine" if r == me else "told", r)
    drawn = view.get("drawn")
    if drawn is not None and drawn.get("n") is not None:
        where[_key(drawn["c"], drawn["n"])] = ("mine", me)
    known = set(where)
    lo = _lowest(row, known)[p]
    # the highest: the same walk over the mirrored order (key 23 - k, so colours swap)
    mirrored = [{"c": 1 - c["c"], "n": None if c["n"] is None
                 else (CARDS - 1 - _key(c["c"], c["n"])) // 2} for c in reversed(row)]
    hi = CARDS - 1 - _lowest(mirrored, {CARDS - 1 - k for k in known})[len(row) - 1 - p]
    tried = {e["n"] for e in view["log"]
             if e["e"] == "attack" and not e["hit"] and e.get("k") == target["k"]}
    colour_ = target["c"]
    span = (max(0, (lo - colour_ + 1) // 2), min(NUMBERS - 1, (hi - colour_) // 2))
    out = {}
    for n in range(NUMBERS):
        key = _key(colour_, n)
        if key in where:
            why, r = where[key]
            out[n] = (why, None if why == "mine" else r)
        elif n in tried:
            out[n] = ("tried", None)
        elif not lo <= key <= hi:
            out[n] = ("order", span)
    return out
