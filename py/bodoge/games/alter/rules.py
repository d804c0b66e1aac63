"""ALTER (オルタ): the Change/Watch game of hidden score cards. Spec: shared/rules/alter.md.

Cards are ints, indexes into ``DECK`` (one table: colour, number, wings). A game with ``n``
players uses the cards of the first ``n`` colours (4 players: the 16 cards of the spec).

A round: the dealer shows ``n`` cards from the top of the deck to everyone, they are shuffled
face down (nobody knows which is which) into ``n`` places (0..n-1, clockwise), then the
dealer puts their Pick card on any place and every other player in turn either *Changes*
(puts their Pick on a place that has one; that Pick moves one place clockwise, pushing on any
Pick it meets, until one lands on an empty place) or *Watches* (sees every place without a
Pick, then puts their Pick on one of them). Only the last player may Watch and then Change.
When every place has a Pick, everyone takes the card under theirs (face down, seen by its
owner). Four rounds make a set; the set is scored (base + bonuses + Min); the game has as
many sets as players, and a Victory (four 1s) ends it at once.

Moves (JSON):
  ``{"a": "place", "p": place}``: the dealer's first Pick (any place), or after a Watch, an
  empty place that was watched.
  ``{"a": "change", "p": place}``: Change onto a place that has a Pick.
  ``{"a": "watch"}``: look at every place without a Pick.

A round taken is recorded whole (rules version 2): its ``take`` event holds the round as the
table shows it when the last Pick card lands (dealer, the cards shown, the card under each place,
what each seat watched, everyone's cards before it, what happened to each seat's Pick card) and a
set's ``score`` event holds its last round's (``take``), so the UI draws an ended round from its
event alone. Version 1 changed no rule but wrote only who took which place: for a record of
version 1 the view makes the same events from the state's rounds and log (``round_record``), so
both versions show the same.

State secrets are the deck order, the cards at the places of the current round and of the
rounds already taken in this set (``history`` keeps every round taken; those of scored sets
are public); a view shows a seat only what it watched, its own cards, and what everyone saw
(the revealed cards, where Pick cards are and went). The view also lists the seat's legal
moves, so bots and the UI never re-derive the rules.
"""

from ...core.errors import BadOptions, IllegalMove
from ...core.protocol import Game, Outcome, clone, is_int, rules_of
from ...core.rng import Rng

# --- components (data: the printed values are pictures missing from our source) -------------
COLOURS = ("red", "blue", "yellow", "green", "purple")
BOTH, ANGEL, DEVIL = "both", "angel", "devil"
# Ruling (deck): 0s have both wings; of each number 1-3 in the first four colours two cards
# are angel only and two devil only. The fifth colour (5-player variant) continues the table.
DECK = tuple((c, n, w) for c, row in enumerate((
    (BOTH, ANGEL, DEVIL, ANGEL),     # red    0 1 2 3
    (BOTH, DEVIL, ANGEL, DEVIL),     # blue
    (BOTH, ANGEL, DEVIL, DEVIL),     # yellow
    (BOTH, DEVIL, ANGEL, ANGEL),     # green
    (BOTH, DEVIL, ANGEL, ANGEL),     # purple (5-player variant only)
)) for n, w in enumerate(row))

# Ruling (bonus values). Each bonus: key, points, and what it needs: a count per number, or
# a rule of its own ("wings", "min"). Victory has no points: it ends the game (VICTORY).
# In the order the source's BONUS list names them (0&3, 0&1, four 1s, 0-1-2-3, wings, Min).
# A scored set lists its bonuses in this order; putting Victory third (it was first) changed no
# list, since no hand earns Victory together with Zero-One or Zero-Three (a test checks every
# hand), so old records replay to the same state.
VICTORY = "victory"
BONUSES = (
    ("zero_three", 4, {0: 2, 3: 2}),
    ("zero_one", 6, {0: 2, 1: 2}),
    (VICTORY, 0, {1: 4}),
    ("straight", 3, {0: 1, 1: 1, 2: 1, 3: 1}),
    ("wings", 3, "wings"),
    ("min", 1, "min"),
)
BONUS_POINTS = {key: points for key, points, _ in BONUSES}
# The one value the source's text prints (Min +1); every other value is our reading of a picture
# missing from the source, and so is taking its "four 1s" for Victory (whose effect, winning at
# once, the text does give).
PRINTED_BONUS_VALUES = ("min",)

# --- rulings (shared/rules/alter.md); each is written on the in-app rules page ---------------
PLAYER_COUNTS = (3, 4, 5)          # 4 is the official game; 3 and 5 are labelled variants
DEFAULT_PLAYERS = 4
ROUNDS_PER_SET = 4                 # a set is always 4 rounds (everyone holds 4 cards)
RULING_RANDOM_FIRST_DEALER = True  # the first dealer is drawn by the seed unless chosen
RULING_WINGS_TWICE_ALL_BOTH = True  # four both-wings cards: the Wings bonus twice
RULING_VICTORY_AT_SCORING = True   # Victory is checked when its set is scored (a hand is
                                   # complete only then); the set's scores are still written
RULING_TIES_SHARE = True           # equal best totals share the win; two Victories both win


V2_ROUND_RECORD = 2   # a taken round is recorded whole in its take event (and a set's last in its score)

APPEND_ONLY = ("log", "history", "scores")   # lists whose entries never change once appended
# The public form of a logged event, per seat, made once: (id(event), seat, rules version) ->
# (the event, kept so that its id is not reused while cached; its public form). See
# ``Alter._public_log``; emptied when it holds PUBLIC_CACHE_SIZE (a 5-player game's log for
# every seat fits; more would keep thousands of dicts alive for the garbage collector to walk).
_PUBLIC = {}
PUBLIC_CACHE_SIZE = 4_096


def card_number(cid: int) -> int:
    return DECK[cid][1]


def card_colour(cid: int) -> int:
    return DECK[cid][0]


def card_wings(cid: int) -> str:
    return DECK[cid][2]


def deck_for(players: int) -> list[int]:
    return [cid for cid, (c, _, _) in enumerate(DECK) if c < players]


def hand_bonuses(hand) -> list[str]:
    """The bonuses a hand of four cards earns by itself (every bonus but Min), with "wings"
    listed twice when it applies twice."""
    counts = {}
    for cid in hand:
        counts[card_number(cid)] = counts.get(card_number(cid), 0) + 1
    got = []
    for key, _, need in BONUSES:
        if need == "wings":
            wings = [card_wings(cid) for cid in hand]
            sides = sum(all(w in (BOTH, side) for w in wings) for side in (ANGEL, DEVIL))
            got += [key] * (sides if RULING_WINGS_TWICE_ALL_BOTH else min(sides, 1))
        elif isinstance(need, dict):
            if all(counts.get(n, 0) == k for n, k in need.items()) and sum(need.values()) == len(hand):
                got.append(key)
    return got


def score_set(hands) -> dict:
    """Scores of one set: base, bonuses (with Min), points, and who reached Victory."""
    base = [sum(card_number(c) for c in hand) for hand in hands]
    low = min(base)
    bonuses = []
    for s, hand in enumerate(hands):
        got = hand_bonuses(hand)
        if base[s] == low:
            got.append("min")
        bonuses.append(got)
    points = [base[s] + sum(BONUS_POINTS[b] for b in bonuses[s]) for s in range(len(hands))]
    victory = [s for s in range(len(hands)) if VICTORY in bonuses[s]]
    return {"base": base, "bonuses": bonuses, "points": points, "victory": victory}


def cascade(picks, place, seat):
    """Change: ``seat`` puts its Pick on ``place`` (which has one). Returns the new picks and
    the moves ``[seat, from, to]`` of the Pick cards pushed clockwise, in order."""
    n = len(picks)
    new = list(picks)
    moving, at = new[place], place
    new[place] = seat
    moves = []
    while moving is not None:
        to = (at + 1) % n
        moves.append([moving, at, to])
        moving, new[to] = new[to], moving
        at = to
    return new, moves


def preview(view, move):
    """What ``move`` would do on the table ``view`` shows, before it is made (for the UI's
    preview: the rule is decided here, not in the UI). ``view`` is a seat's view (its places,
    Pick cards and legal moves). Returns ``{"pushed": [[seat, from, to], ...], "seen":
    [place, ...]}``: the Pick cards a Change moves, in the order they move (the list the
    move's log event will hold), and the places a Watch shows; None for a move ``view`` does
    not allow."""
    if not isinstance(move, dict) or move not in view["moves"]:
        return None
    picks = [pl["pick"] for pl in view["places"]]
    if move["a"] == "change":
        return {"pushed": cascade(picks, move["p"], view["seat"])[1], "seen": []}
    if move["a"] == "watch":
        return {"pushed": [], "seen": [p for p, s in enumerate(picks) if s is None]}
    return {"pushed": [], "seen": []}


def paths_of(events, n):
    """What happened to each seat's Pick card in a round, from the round's log events: how it
    was put down (``how``: "deal", "watch" (a Watch, then a place), "change", or
    "watch_change" (the last player's Watch, then a Change)), the place it was put on (``p``),
    and every later push of it by another seat's Change (``moved``: ``[changer, from, to]``)."""
    paths = [None] * n
    for e in events:
        kind = e["e"]
        if kind == "watch":
            paths[e["seat"]] = {"how": "watch", "p": None, "moved": []}
        elif kind == "place":
            path = paths[e["seat"]] or {"how": "deal", "p": None, "moved": []}
            path["p"] = e["p"]
            paths[e["seat"]] = path
        elif kind == "change":
            watched = paths[e["seat"]] is not None
            paths[e["seat"]] = {"how": "watch_change" if watched else "change", "p": e["p"],
                                "moved": []}
            for s, a, b in e["moves"]:
                paths[s]["moved"].append([e["seat"], a, b])
    return paths


def round_record(history, r, events):
    """Round ``r`` (an entry of ``history``, the rounds taken) as the table shows it when its
    last Pick card lands: its dealer, the cards shown (sorted), the card under each place
    (``under``), the places each seat watched (``seen``), each seat's cards taken before it in
    its set (``hands``), what happened to each seat's Pick card (``paths_of``, from ``events``,
    the round's log events) and the cards left in the set's deck (``deck``). The ``take``
    event's fields beside ``set``, ``round`` and ``picks`` (rules version 2 writes them; for
    version 1 the view makes them)."""
    n = len(r["picks"])
    before = [x for x in history if x["set"] == r["set"] and x["round"] < r["round"]]
    return {"dealer": r["dealer"], "shown": sorted(r["places"]), "under": list(r["places"]),
            "seen": [list(x) for x in r["seen"]], "hands": hands_of(before, n),
            "paths": paths_of(events, n), "deck": n * (ROUNDS_PER_SET - 1 - r["round"])}


def round_events(log, end):
    """The log events of the round whose ``take`` event is ``log[end]`` (after its deal)."""
    start = end
    while start > 0 and log[start - 1]["e"] != "round":
        start -= 1
    return log[start:end]


class Alter(Game):
    id = "alter"
    rules_version = 2
    min_players = min(PLAYER_COUNTS)
    max_players = max(PLAYER_COUNTS)

    # --- options -----------------------------------------------------------------------------
    def options(self, raw):
        raw = self.raw_options(raw, {"players", "first"})
        players = self.players_option(raw, DEFAULT_PLAYERS, PLAYER_COUNTS,
                                      "ALTER is played by 4 players (3 and 5 as variants)")
        first = raw.get("first")
        if first is not None and (not is_int(first) or not 0 <= first < players):
            raise BadOptions("the first dealer must be one of the seats")
        return {"players": players, "first": first}

    # --- setup -------------------------------------------------------------------------------
    def setup(self, options, seed, version=None):
        options = self.options(options)
        n = options["players"]
        rng = Rng.from_seed(seed)
        dealer = options["first"] if options["first"] is not None else rng.below(n)
        state = {
            "players": n,
            "options": options,
            "rng": rng.state,
            "set": 0,
            "sets": n,
            "round": 0,                # round within the set
            "dealer": dealer,
            "step": 0,                 # how many players have put their Pick this round
            "phase": "place",          # place (dealer) | choose | watched | over
            "deck": [],
            "places": [],
            "picks": [],
            "seen": [[] for _ in range(n)],   # places each seat watched this round
            "history": [],             # every round taken: set, round, places, picks, seen
            "scores": [],              # points per set
            "totals": [0] * n,
            "victory": [],
            "log": [{"e": "first_dealer", "dealer": dealer, "chosen": options["first"] is not None}],
        }
        self._start_set(state)
        return self.stamp(state, version)

    def _start_set(self, state):
        rng = Rng(state["rng"])
        state["deck"] = rng.shuffle(deck_for(state["players"]))
        state["rng"] = rng.state
        state["round"] = 0
        state["log"].append({"e": "set", "set": state["set"]})
        self._start_round(state)

    def _start_round(self, state):
        n = state["players"]
        shown = [state["deck"].pop() for _ in range(n)]
        rng = Rng(state["rng"])
        state["places"] = rng.shuffle(list(shown))      # face down: nobody knows the order
        state["rng"] = rng.state
        state["picks"] = [None] * n
        state["seen"] = [[] for _ in range(n)]
        state["step"] = 0
        state["phase"] = "place"
        state["log"].append({"e": "round", "set": state["set"], "round": state["round"],
                             "dealer": state["dealer"], "shown": sorted(shown)})

    # --- protocol ----------------------------------------------------------------------------
    def current(self, state):
        return (state["dealer"] + state["step"]) % state["players"]

    def is_last(self, state):
        return state["step"] == state["players"] - 1

    def to_move(self, state):
        return [] if state["phase"] == "over" else [self.current(state)]

    def legal_moves(self, state, seat):
        if seat not in self.to_move(state):
            return []
        picks = state["picks"]
        empty = [p for p, s in enumerate(picks) if s is None]
        taken = [p for p, s in enumerate(picks) if s is not None]
        phase = state["phase"]
        if phase == "place":
            return [{"a": "place", "p": p} for p in empty]
        if phase == "choose":
            return [{"a": "watch"}] + [{"a": "change", "p": p} for p in taken]
        moves = [{"a": "place", "p": p} for p in empty]
        if self.is_last(state):
            moves += [{"a": "change", "p": p} for p in taken]
        return moves

    def check(self, state, seat, move):
        if state["phase"] == "over":
            raise IllegalMove("the game is over", key="error.game_over")
        if seat != self.current(state):
            raise IllegalMove(f"it is not seat {seat}'s turn", key="error.not_your_turn")
        if not isinstance(move, dict) or not isinstance(move.get("a"), str):
            raise IllegalMove("a move must be an object with an action")
        action, phase = move["a"], state["phase"]
        if action == "watch":
            if set(move) != {"a"}:
                raise IllegalMove("watch takes no arguments")
            if phase != "choose":
                raise IllegalMove("you cannot Watch now", key="alter.error.watch")
            return
        if action not in ("place", "change"):
            raise IllegalMove(f"unknown action {action!r}")
        if set(move) != {"a", "p"} or not is_int(move["p"]):
            raise IllegalMove("name a place")
        p = move["p"]
        if not 0 <= p < state["players"]:
            raise IllegalMove("there is no such place", key="alter.error.place")
        occupied = state["picks"][p] is not None
        if action == "place":
            if phase == "choose":
                raise IllegalMove("Change, or Watch before you take an empty place",
                                  key="alter.error.watch_first")
            if occupied:
                raise IllegalMove("that place already has a Pick card", key="alter.error.occupied")
            return
        if phase == "place":
            raise IllegalMove("the dealer puts the first Pick card", key="alter.error.dealer")
        if phase == "watched" and not self.is_last(state):
            raise IllegalMove("after Watch, take one of the places you saw",
                              key="alter.error.watched")
        if not occupied:
            raise IllegalMove("Change onto a place that has a Pick card", key="alter.error.empty")

    def apply(self, state, seat, move):
        """As ``Game.apply``, sharing the entries of the append-only lists (the log, the
        rounds taken, the score sheet): they are never changed once appended."""
        self.check(state, seat, move)
        new = {k: (list(v) if k in APPEND_ONLY else clone(v)) for k, v in state.items()}
        self._play(new, seat, move)
        return new

    def _play(self, state, seat, move):
        action = move["a"]
        if action == "watch":
            places = [p for p, s in enumerate(state["picks"]) if s is None]
            state["seen"][seat] = places
            state["phase"] = "watched"
            state["log"].append({"e": "watch", "seat": seat, "places": places,
                                 "set": state["set"], "round": state["round"]})
            return
        p = move["p"]
        if action == "place":
            state["picks"][p] = seat
            state["log"].append({"e": "place", "seat": seat, "p": p})
        else:
            state["picks"], moves = cascade(state["picks"], p, seat)
            state["log"].append({"e": "change", "seat": seat, "p": p, "moves": moves})
        state["step"] += 1
        if state["step"] == state["players"]:
            self._take(state)
        else:
            state["phase"] = "choose"

    def _take(self, state):
        state["history"].append({"set": state["set"], "round": state["round"],
                                 "dealer": state["dealer"], "places": state["places"],
                                 "picks": state["picks"], "seen": state["seen"]})
        take = {"e": "take", "set": state["set"], "round": state["round"],
                "picks": list(state["picks"])}
        if rules_of(state) >= V2_ROUND_RECORD:
            log = state["log"]
            take.update(round_record(state["history"], state["history"][-1],
                                     round_events(log, len(log))))
        state["log"].append(take)
        state["dealer"] = (state["dealer"] + 1) % state["players"]
        if state["round"] + 1 < ROUNDS_PER_SET:
            state["round"] += 1
            self._start_round(state)
            return
        self._score(state)

    def _score(self, state):
        hands = hands_of(set_rounds(state), state["players"])
        result = score_set(hands)
        state["scores"].append(result["points"])
        state["totals"] = [a + b for a, b in zip(state["totals"], result["points"])]
        score = {"e": "score", "set": state["set"], "hands": hands, **result,
                 "totals": list(state["totals"])}
        if rules_of(state) >= V2_ROUND_RECORD:
            score["take"] = state["log"][-1]          # the set's last round, turned up
        state["log"].append(score)
        state["places"], state["picks"] = [], []
        state["seen"] = [[] for _ in range(state["players"])]
        if result["victory"]:
            state["victory"] = result["victory"]
        if result["victory"] or state["set"] + 1 >= state["sets"]:
            state["phase"] = "over"
            out = self.outcome(state)
            state["log"].append({"e": "game_end", "winners": out["winners"],
                                 "victory": bool(result["victory"])})
            return
        state["set"] += 1
        self._start_set(state)

    # --- what a seat may see -----------------------------------------------------------------
    def view(self, state, seat):
        n = state["players"]
        me = seat if is_int(seat) and 0 <= seat < n else None
        seen = set(state["seen"][me]) if me is not None else set()
        places = [{"pick": pick, "card": state["places"][p] if p in seen else None}
                  for p, pick in enumerate(state["picks"])]
        rounds = set_rounds(state) if state["phase"] != "over" else []
        past = [self._past_round(r, me) for r in rounds]
        dealt = [c for r in rounds for c in r["places"]] + list(state["places"])
        return {
            "game": self.id,
            "seat": me,
            "players": n,
            "options": dict(state["options"]),
            "set": state["set"],
            "sets": state["sets"],
            "round": state["round"],
            "rounds": ROUNDS_PER_SET,
            "dealer": state["dealer"],
            "turn": self.current(state) if state["phase"] != "over" else None,
            "step": state["step"],
            "phase": state["phase"],
            "to_move": self.to_move(state),
            "moves": self.legal_moves(state, me) if me is not None else [],
            "last": self.is_last(state),
            "shown": sorted(state["places"]),
            "places": places,
            "watched": bool(seen),
            "watchers": [s for s in range(n) if state["seen"][s]],
            "past": past,
            "hand": [r["mine"] for r in past if r["mine"] is not None],
            "held": [sum(1 for r in rounds if s in r["picks"]) for s in range(n)],
            "deck_left": sorted(set(deck_for(n)) - set(dealt)) if state["phase"] != "over" else [],
            "scores": [list(s) for s in state["scores"]],
            "totals": list(state["totals"]),
            "log": self._public_log(state, me),
            "outcome": self.outcome(state),
        }

    def _public_log(self, state, me):
        """The log as ``me`` sees it. An event never changes once logged (a move's new state
        shares the earlier events, ``APPEND_ONLY``), and what a seat sees of it is settled when
        it is written, so its public form is made once per seat and shared by the later views
        (views are read, never changed: tests/ui/test_views_kept.py): a view costs a lookup per
        event, not a copy (a set of 4 players logs about 70 events, and every move makes a view
        per seat)."""
        version = rules_of(state)
        if len(_PUBLIC) >= PUBLIC_CACHE_SIZE:
            _PUBLIC.clear()
        out = []
        for i, e in enumerate(state["log"]):
            key = (id(e), me, version)
            hit = _PUBLIC.get(key)     # (the event is kept in it: its id is not reused)
            if hit is None:
                hit = _PUBLIC[key] = (e, self._public_event(e, state, me, i))
            out.append(hit[1])
        return out

    @staticmethod
    def _past_round(r, me):
        """A taken round of this set as ``me`` knows it: the cards it watched and its own."""
        known = set(r["seen"][me]) if me is not None else set()
        if me is not None and me in r["picks"]:
            known.add(r["picks"].index(me))
        cards = [c if p in known else None for p, c in enumerate(r["places"])]
        mine = r["places"][r["picks"].index(me)] if me is not None and me in r["picks"] else None
        return {"dealer": r["dealer"], "shown": sorted(r["places"]), "picks": list(r["picks"]),
                "cards": cards, "mine": mine}

    def _public_event(self, e, state, me, i):
        kind = e["e"]
        if kind == "watch":
            e = clone(e)
            # the watcher's own line names the cards it saw (they stay where they are)
            places = _round_places(state, e) if e["seat"] == me else None
            e["cards"] = [places[p] for p in e["places"]] if places else None
        elif kind == "take":
            e = self._seen_round(self._recorded(state, e, i), me)
        elif kind == "score":
            take = self._seen_round(self._recorded(state, e, i), None, everything=True)
            e = clone({k: v for k, v in e.items() if k != "take"})
            e["take"] = take
        else:
            e = clone(e)
        return e

    @staticmethod
    def _recorded(state, e, i):
        """The whole record of the round that ``state["log"][i]`` (a ``take``, or a ``score``:
        its set's last round) ended: as rules version 2 wrote it, or made for version 1."""
        if rules_of(state) >= V2_ROUND_RECORD:
            return e if e["e"] == "take" else e["take"]
        log = state["log"]
        end = i if e["e"] == "take" else max(j for j in range(i) if log[j]["e"] == "take")
        take = log[end]
        r = next(x for x in state["history"] if x["set"] == take["set"] and x["round"] == take["round"])
        return dict(take, **round_record(state["history"], r, round_events(log, end)))

    @staticmethod
    def _seen_round(rec, me, everything=False):
        """A round's record as ``me`` knows it: the cards it watched and its own (``card``), its
        own cards before (the others' face down: None), who watched; ``everything``: all of
        it turned up (a scored set's, or a replay's)."""
        n = len(rec["picks"])
        known = set(range(n)) if everything else set(rec["seen"][me]) if me is not None else set()
        mine = rec["picks"].index(me) if me is not None and me in rec["picks"] else None
        if mine is not None:
            known.add(mine)
        out = {k: clone(v) for k, v in rec.items() if k not in ("seen", "under", "hands")}
        out["under"] = [c if p in known else None for p, c in enumerate(rec["under"])]
        out["hands"] = [list(h) if everything or s == me else [None] * len(h)
                        for s, h in enumerate(rec["hands"])]
        out["watched"] = [s for s in range(n) if rec["seen"][s]]
        out["card"] = rec["under"][mine] if mine is not None and not everything else None
        return out

    def outcome(self, state):
        if state["phase"] != "over":
            return None
        totals = state["totals"]
        if state["victory"]:
            winners = state["victory"]
        else:
            best = max(totals)
            winners = [s for s, t in enumerate(totals) if t == best]
        return Outcome(winners, totals, victory=list(state["victory"]),
                       sets=[list(s) for s in state["scores"]])

    # --- replays and take-backs ------------------------------------------------------------
    def reveal(self, state):
        """The spectator's view with every card turned up (``"revealed": True``): the cards
        at the places, every player's cards of the set (in ``past``), every seat's watched
        places (``seen``), the cards each Watch showed and each round's cards under every
        Pick card (``cards`` in its ``take`` event)."""
        view = self.view(state, None)
        view["revealed"] = True
        view["places"] = [{"pick": pick, "card": state["places"][p]}
                          for p, pick in enumerate(state["picks"])]
        rounds = set_rounds(state) if state["phase"] != "over" else []
        view["past"] = [dict(self._past_round(r, None), cards=list(r["places"])) for r in rounds]
        view["seen"] = [list(x) for x in state["seen"]]
        log = []
        for i, (e, public) in enumerate(zip(state["log"], view["log"])):
            if e["e"] == "watch":
                places = _round_places(state, e)
                public = dict(public, cards=[places[p] for p in e["places"]])
            elif e["e"] == "take":
                public = self._seen_round(self._recorded(state, e, i), None, everything=True)
                public["cards"] = list(public["under"])
            log.append(public)
        view["log"] = log
        return view

    def undoable(self, before, seat, move, after):
        """A Watch shows cards to the watcher, and the move that puts the last Pick card down
        resolves the round (everyone takes the card under their Pick card and sees it; the
        next round or set is dealt from the shuffled deck): neither can be taken back.
        Putting a Pick card on a place, or a Change, before that reveals nothing to anyone
        and draws nothing. Not undoable: the key of a string saying why (a Watch, the round's
        end, the set's end), or False for a move that is not one."""
        if not isinstance(move, dict):
            return False
        if move.get("a") == "watch":
            return "alter.undo.watched"
        if move.get("a") not in ("place", "change"):
            return False
        added = after["log"][len(before["log"]):]
        if added and all(e["e"] in ("place", "change") for e in added):
            return True
        kinds = {e["e"] for e in added}
        return ("alter.undo.set" if "score" in kinds else
                "alter.undo.round" if "take" in kinds else False)


def hands_of(history, players):
    """Each seat's cards from the rounds taken so far (in round order)."""
    return [[r["places"][r["picks"].index(s)] for r in history if s in r["picks"]]
            for s in range(players)]


def set_rounds(state):
    """The rounds taken so far in the set being played."""
    return [r for r in state["history"] if r["set"] == state["set"]]


def _round_places(state, e):
    """The cards at the places of the round that log event ``e`` (watch/take) belongs to."""
    if e["set"] == state["set"] and e["round"] == state["round"] and state["places"]:
        return state["places"]
    for r in state["history"]:
        if r["set"] == e["set"] and r["round"] == e["round"]:
            return r["places"]
    return None
