"""Bossa (ボッサ): the 2-player dot-tile game. Spec: shared/rules/bossa.md (+ the Japanese sheet).

Tiles are ints 0..26 naming every split of a die face of 1–6 pips into white and black pips,
``TILES[t] == (white, black)``, once each. A tile placed on the white line counts its white
dots, on the black line its black dots; a tile without dots of a line's colour never goes there.

Each line grows outward from its die: ``{"die": d, "lo": [...], "hi": [...]}`` where ``lo`` holds
the places d-1, d-2, … (down to 1) and ``hi`` the places d+1, d+2, …, each filled once by one
placement ``{"n": number, "k": tile count, "t": tiles, "s": [stacked tile groups], "by": seat}``.
Only the two ends of a line are open (ruling). The tile count of a placement is fixed by the one
next to it (toward the die): advanced rules one more or one fewer, basic rules the same or one
more; next to a die 1 or 2 tiles.

A turn: the mover draws a tile (at the start of the turn), then plays one move:

  ``{"a": "place", "line": 0|1, "end": "lo"|"hi", "tiles": [ids ascending]}``
  ``{"a": "stack", "line": 0|1, "n": number, "tiles": [ids ascending]}``   (action, once)
  ``{"a": "redraw", "tile": id}``                                         (action, once)
  ``{"a": "exchange", "give": own id, "take": opponent's id}``            (action, once)

Before the first turn (advanced rules) the higher roller, seeing only their own hand, plays
``{"a": "own", "line": 0|1}`` (that line is their side; the other player goes first) or
``{"a": "first"}`` (they go first; the other player then plays ``{"a": "own", "line": …}``).
From rules version 3 on (``DRAW_STEP_VERSION``) a turn's draw is a move of its own,
``{"a": "draw"}``, the only move while ``state["due"]`` (the previous turn has ended, the deck
has a tile): it makes itself (``Bossa.automatic``: the play screen plays it at once for a person,
a computer plays it when its turn comes), so that a move that revealed nothing can be taken back
until the opponent has drawn. In versions 1 and 2 the draw came with the move that ended the turn
before. The first turn's draw still comes with the choice that opens the hands.
From rules version 2 on (``BLIND_CHOICE_VERSION``) the lower roller sees no tile at all before
the choice, not even their own (sheet 1-1: only the higher roller looks at their hand); in
version 1 each player saw their own hand. Only the views differ: the states are the same.

The functions below work on any dict with the keys they read (``lines``, ``hands``, ``used``,
``own``, ``deck``, ``turn`` …): the engine's state, and the bots' sampled copies of it, so the
bots search with the very rules the engine applies.
"""

from functools import lru_cache
from itertools import combinations

from ...core.errors import BadOptions, IllegalMove
from ...core.protocol import Game, Outcome, is_int, rules_of
from ...core.rng import Rng

WHITE, BLACK = 0, 1
LINES = (WHITE, BLACK)
ENDS = ("lo", "hi")
TILES = tuple((w, s - w) for s in range(1, 7) for w in range(s, -1, -1))
VALUE = tuple(tuple(tile[c] for tile in TILES) for c in LINES)   # VALUE[line][tile]
ALL_TILES = tuple(range(len(TILES)))
HAND = 4                      # tiles dealt to each player
SIX = 6                       # filled places on your own line that win (advanced rules)
ACTIONS = ("redraw", "exchange", "stack")
VARIANTS = ("advanced", "basic")
# Rules version 2 (issue 12): the lower roller makes their opening choice without having seen
# their own tiles (sheet 1-1); hands open after the choice (1-2). Version 1: they saw them.
BLIND_CHOICE_VERSION = 2
# Rules version 3 (issue 26): a turn's draw is a step of its own (see the module's doc).
DRAW_STEP_VERSION = 3
DRAW = {"a": "draw"}

# Rulings (the spec's, and our decisions where the sheet is silent); each is written on the
# in-app rules page (strings bossa.ruling.*, a test checks one line per constant). The code
# below implements them; the ones it reads are the ones that could be switched.
RULING_ONLY_ENDS_OPEN = True       # a line's only open places are its two ends
RULING_SIX_WHOEVER_FILLED = True   # 6 places on your line win for you, whoever filled them
RULING_EMPTY_HAND_FIRST = True     # emptying your hand beats filling the 6th place of the other line
RULING_OWN_ROLL_OWN_LINE = True    # (sheet 1-2) your roll is the start number of your own line
RULING_REDRAW_NEEDS_DECK = True    # Redraw only while the deck still has a tile to draw
RULING_LAST_DRAWER_PLAYS = True    # the deck runs out when a draw is due: the last tile is played
RULING_STACK_ORIGINAL_COUNT = True  # a stack matches the first placement's number and count
RULING_DISCARDS_OPEN = True        # redrawn-away tiles lie face up, out of the game
RULING_REVEAL_REMOVED = True       # the tile put aside is shown when the game ends
RULING_BASIC_DICE = (WHITE, BLACK)  # basic rules: seat 1 rolls the white die, seat 2 the black


def other(seat):
    return 1 - seat


# --- lines ------------------------------------------------------------------------------------
def place_number(line, end):
    """The number of the next place at ``end`` (below 1: the line has ended there)."""
    step = len(line[end]) + 1
    return line["die"] + step if end == "hi" else line["die"] - step


@lru_cache(maxsize=None)
def _allowed(prev, n, variant):
    return tuple(allowed_counts(prev, n, variant))


def allowed_counts(prev, n, variant):
    """Tile counts a placement of number ``n`` may have next to a placement of ``prev`` tiles
    (``prev`` 0: next to the die). Only counts that can make ``n`` at all (k..6k) are kept."""
    if prev == 0:
        counts = (1, 2)
    elif variant == "basic":
        counts = (prev, prev + 1)
    else:
        counts = (prev - 1, prev + 1)
    return [k for k in counts if k >= 1 and k <= n <= 6 * k]


def open_ends(line, variant):
    """[(end, number, allowed counts)] for each end still inside the line (number ≥ 1)."""
    out = []
    for end in ENDS:
        n = place_number(line, end)
        if n >= 1:
            places = line[end]
            out.append((end, n, list(_allowed(places[-1]["k"] if places else 0, n, variant))))
    return out


def filled(line):
    """Every filled place of a line."""
    return line["lo"] + line["hi"]


def find_place(line, n):
    for place in filled(line):
        if place["n"] == n:
            return place
    return None


def places_count(line):
    return len(line["lo"]) + len(line["hi"])


# --- tile combinations ---------------------------------------------------------------------------
def fits(hand, c, k, n, _usable=None):
    """Every set of ``k`` hand tiles with dots of colour ``c`` adding up to ``n`` (as sorted
    tuples; ``hand`` is sorted)."""
    value = VALUE[c]
    usable = [t for t in hand if value[t]] if _usable is None else _usable
    if len(usable) < k:
        return []
    if k == 1:
        return [(t,) for t in usable if value[t] == n]
    if k == 2:
        return [(a, b) for i, a in enumerate(usable) for b in usable[i + 1:]
                if value[a] + value[b] == n]
    return [tiles for tiles in combinations(usable, k) if sum(value[t] for t in tiles) == n]


def placements(pos, seat):
    """Every legal ``place`` move of ``seat``."""
    hand = pos["hands"][seat]
    variant = pos["variant"]
    out = []
    for c in LINES:
        value = VALUE[c]
        usable = [t for t in hand if value[t]]
        for end, n, counts in open_ends(pos["lines"][c], variant):
            for k in counts:
                for tiles in fits(hand, c, k, n, usable):
                    out.append({"a": "place", "line": c, "end": end, "tiles": list(tiles)})
    return out


def stacks(pos, seat):
    """Every legal ``stack`` move of ``seat`` (none once Stack is used)."""
    if pos["used"][seat]["stack"]:
        return []
    hand = pos["hands"][seat]
    out = []
    for c in LINES:
        value = VALUE[c]
        usable = [t for t in hand if value[t]]
        for place in filled(pos["lines"][c]):
            for tiles in fits(hand, c, place["k"], place["n"], usable):
                out.append({"a": "stack", "line": c, "n": place["n"], "tiles": list(tiles)})
    return out


def can_redraw(pos, seat, deck_left):
    return not pos["used"][seat]["redraw"] and (deck_left > 0 or not RULING_REDRAW_NEEDS_DECK)


def swaps(pos, seat, deck_left):
    """Every legal Redraw and Exchange move of ``seat``."""
    hand = pos["hands"][seat]
    out = []
    if can_redraw(pos, seat, deck_left):
        out += [{"a": "redraw", "tile": t} for t in hand]
    if not pos["used"][seat]["exchange"]:
        out += [{"a": "exchange", "give": g, "take": t} for g in hand for t in pos["hands"][other(seat)]]
    return out


def turn_moves(pos, seat, deck_left):
    return placements(pos, seat) + stacks(pos, seat) + swaps(pos, seat, deck_left)


def can_move(pos, seat, deck_left):
    """Whether ``seat`` can place or act (else it is stuck and loses)."""
    if not pos["used"][seat]["exchange"] or can_redraw(pos, seat, deck_left):
        return True
    return bool(placements(pos, seat) or stacks(pos, seat))


# --- playing a move (shared by the engine and the bots' simulations) ---------------------------
def play_turn(pos, seat, move, log=None):
    """Apply a checked play-phase move, then end the turn and begin the next one (its draw, the
    end checks). ``pos["deck"]`` is drawn from its end; ``log`` (a list) gets the events. A
    state of rules version 3 (it has ``due``) leaves the next turn's draw due (its own move);
    the bots' sampled copies draw at once."""
    apply_move(pos, seat, move, log)
    if not end_checks(pos, seat, log):
        begin_turn(pos, other(seat), log, step="due" in pos)


def apply_move(pos, seat, move, log=None):
    """The move itself (a Redraw draws its tile); no end checks."""
    hand = pos["hands"][seat]
    kind = move["a"]
    if kind in ("place", "stack"):
        for t in move["tiles"]:
            hand.remove(t)
        line = pos["lines"][move["line"]]
        if kind == "place":
            end = move["end"]
            n = place_number(line, end)
            line[end].append({"n": n, "k": len(move["tiles"]), "t": list(move["tiles"]), "s": [],
                              "by": seat})
        else:
            n = move["n"]
            for end in ENDS:     # a new place dict: bots' copies of a position share the old one
                line[end] = [dict(p, s=p["s"] + [list(move["tiles"])]) if p["n"] == n else p
                             for p in line[end]]
            pos["used"][seat]["stack"] = True
        if log is not None:
            event = {"e": kind, "seat": seat, "line": move["line"], "n": n, "tiles": list(move["tiles"])}
            if kind == "place":
                event["end"] = move["end"]
            log.append(event)
    elif kind == "redraw":
        hand.remove(move["tile"])
        pos["discard"].append(move["tile"])
        drew = pos["deck"].pop()
        hand.append(drew)
        hand.sort()
        pos["used"][seat]["redraw"] = True
        if log is not None:
            log.append({"e": "redraw", "seat": seat, "tile": move["tile"], "drew": drew})
    else:   # exchange
        theirs = pos["hands"][other(seat)]
        hand.remove(move["give"])
        theirs.remove(move["take"])
        hand.append(move["take"])
        theirs.append(move["give"])
        hand.sort()
        theirs.sort()
        pos["used"][seat]["exchange"] = True
        if log is not None:
            log.append({"e": "exchange", "seat": seat, "give": move["give"], "take": move["take"]})


def ends_game(pos, seat, move):
    """What the end checks would say right after ``seat`` plays the place or stack ``move`` in
    ``pos`` (a state or a view in the play phase): ``{"winners", "how", "seat"}`` or None. Only
    the checks that follow the move itself, not the next turn's draw (the screen's preview)."""
    if move.get("a") not in ("place", "stack"):
        return None
    copy = {"variant": pos["variant"], "own": list(pos["own"]), "deck": [], "discard": [],
            "hands": [list(h or ()) for h in pos["hands"]],
            "used": [dict(u) for u in pos["used"]],
            "lines": [{"die": line["die"], "lo": list(line["lo"]), "hi": list(line["hi"])}
                      for line in pos["lines"]]}
    apply_move(copy, seat, move)
    return copy["result"] if end_checks(copy, seat) else None


def end_checks(pos, seat, log=None):
    """The end checks after ``seat``'s turn; True if the game is over."""
    checks = (_empty_hand, _six_places) if RULING_EMPTY_HAND_FIRST else (_six_places, _empty_hand)
    for check in checks:
        winner = check(pos, seat)
        if winner is not None:
            finish(pos, [winner], "empty" if check is _empty_hand else "six", winner, log)
            return True
    return False


def _empty_hand(pos, seat):
    return seat if not pos["hands"][seat] else None


def _six_places(pos, seat):
    """The player (if any) with 6 filled places on their own line; advanced rules only."""
    if pos["variant"] != "advanced":
        return None
    for s in (seat, other(seat)):
        if places_count(pos["lines"][pos["own"][s]]) >= SIX:
            return s
    return None


def begin_turn(pos, seat, log=None, step=False):
    """``seat``'s turn begins: the draw (an empty deck ends the game), then the stuck check.
    ``step`` (rules version 3): the draw waits as a move of its own (``due``)."""
    pos["turn"] = seat
    if not pos["deck"]:
        a, b = (len(h) for h in pos["hands"])
        winners = [0, 1] if a == b else [0 if a < b else 1]
        return finish(pos, winners, "deck", seat, log)
    if step:
        pos["due"] = True
        return None
    return draw(pos, seat, log)


def draw(pos, seat, log=None):
    """``seat`` draws the turn's tile (the deck has one), then the stuck check."""
    if "due" in pos:
        pos["due"] = False
    tile = pos["deck"].pop()
    pos["hands"][seat].append(tile)
    pos["hands"][seat].sort()
    if log is not None:
        log.append({"e": "draw", "seat": seat, "tile": tile})
    if not can_move(pos, seat, len(pos["deck"])):
        return finish(pos, [other(seat)], "stuck", seat, log)


def finish(pos, winners, how, seat, log=None):
    pos["phase"] = "over"
    pos["result"] = {"winners": winners, "how": how, "seat": seat}
    if log is not None:
        log.append({"e": "end", "how": how, "seat": seat, "winners": winners})


# --- the game -----------------------------------------------------------------------------------
class Bossa(Game):
    id = "bossa"
    rules_version = 3
    min_players = 2
    max_players = 2

    def options(self, raw):
        raw = self.raw_options(raw, {"players", "rules"})
        self.players_option(raw, 2, (2,), "Bossa is played by 2 players")
        variant = raw.get("rules", "advanced")
        if variant not in VARIANTS:
            raise BadOptions("rules: advanced or basic")
        return {"players": 2, "rules": variant}

    def num_players(self, state):
        return 2

    # --- setup -------------------------------------------------------------------------------
    def setup(self, options, seed, version=None):
        options = self.options(options)
        rng = Rng.from_seed(seed)
        deck = rng.shuffle(list(ALL_TILES))
        removed = deck.pop()
        hands = [sorted(deck.pop() for _ in range(HAND)) for _ in range(2)]
        rolls = []
        while not rolls or rolls[-1][0] == rolls[-1][1]:      # ties are rolled again
            rolls.append([rng.randint(1, 6), rng.randint(1, 6)])
        high = 0 if rolls[-1][0] > rolls[-1][1] else 1
        state = {
            "options": options,
            "variant": options["rules"],
            "rng": rng.state,
            "deck": deck,
            "removed": removed,
            "hands": hands,
            "discard": [],
            "rolls": rolls[-1],
            "high": high,
            "own": [None, None],
            "first": None,
            "lines": [{"die": None, "lo": [], "hi": []} for _ in LINES],
            "used": [{a: False for a in ACTIONS} for _ in range(2)],
            "phase": "choose",
            "turn": high,
            "result": None,
            "log": [{"e": "roll", "rolls": rolls, "high": high}],
        }
        if options["rules"] == "basic":
            for s, c in enumerate(RULING_BASIC_DICE):
                state["lines"][c]["die"] = rolls[-1][s]
            self._start(state, high)
        state = self.stamp(state, version)
        if rules_of(state) >= DRAW_STEP_VERSION:
            state["due"] = False
        return state

    def _choose(self, state, seat, line):
        """``seat`` takes ``line`` as its own side; the dice go to the lines (rolls as they are)."""
        state["own"][seat], state["own"][other(seat)] = line, other(line)
        for s in (0, 1):
            state["lines"][state["own"][s]]["die"] = state["rolls"][s]

    def _start(self, state, first):
        state["first"] = first
        state["phase"] = "play"
        state["log"].append({"e": "start", "first": first, "own": list(state["own"]),
                             "dice": [line["die"] for line in state["lines"]],
                             "hands": [list(h) for h in state["hands"]]})
        begin_turn(state, first, state["log"])

    # --- protocol ----------------------------------------------------------------------------
    def to_move(self, state):
        return [] if state["phase"] == "over" else [state["turn"]]

    def legal_moves(self, state, seat):
        if seat not in self.to_move(state):
            return []
        if state["phase"] == "choose":
            return [{"a": "own", "line": c} for c in LINES] + [{"a": "first"}]
        if state["phase"] == "side":
            return [{"a": "own", "line": c} for c in LINES]
        if state.get("due"):
            return [dict(DRAW)]
        return turn_moves(state, seat, len(state["deck"]))

    def automatic(self, state):
        """The turn's draw (rules version 3) makes itself: ``(seat, move)`` while it is due."""
        if state["phase"] == "play" and state.get("due"):
            return state["turn"], dict(DRAW)
        return None

    def check(self, state, seat, move):
        phase = state["phase"]
        if phase == "over":
            raise IllegalMove("the game is over", key="error.game_over")
        if seat != state["turn"]:
            raise IllegalMove(f"it is not seat {seat}'s turn", key="error.not_your_turn")
        if not isinstance(move, dict) or not isinstance(move.get("a"), str):
            raise IllegalMove("a move must be an object with an action")
        kind = move["a"]
        if phase in ("choose", "side"):
            if kind == "first" and phase == "choose" and set(move) == {"a"}:
                return
            if kind == "own" and set(move) == {"a", "line"} and is_int(move["line"]) \
                    and move["line"] in LINES:
                return
            raise IllegalMove("choose your side's line" + (" or the first turn" if phase == "choose" else ""),
                              key=f"bossa.error.{phase}")
        if state.get("due"):
            if move != DRAW:
                raise IllegalMove("draw your tile first", key="bossa.error.draw_first")
            return
        if kind == "draw":
            raise IllegalMove("the tile of this turn is already drawn")
        shapes = {"place": {"a", "line", "end", "tiles"}, "stack": {"a", "line", "n", "tiles"},
                  "redraw": {"a", "tile"}, "exchange": {"a", "give", "take"}}
        if kind not in shapes:
            raise IllegalMove(f"unknown action {kind!r}")
        if set(move) != shapes[kind]:
            raise IllegalMove(f"a {kind} move has the fields {', '.join(sorted(shapes[kind]))}")
        hand = state["hands"][seat]
        if kind in ("place", "stack"):
            self._check_lay(state, seat, move, hand)
            return
        if state["used"][seat][kind]:
            raise IllegalMove(f"{kind} was already used", key=f"bossa.error.used_{kind}")
        if kind == "redraw":
            if not can_redraw(state, seat, len(state["deck"])):
                raise IllegalMove("the deck is empty: there is nothing to redraw",
                                  key="bossa.error.deck_empty")
            if not is_int(move["tile"]) or move["tile"] not in hand:
                raise IllegalMove("redraw one of your own tiles", key="bossa.error.not_in_hand")
            return
        if not is_int(move["give"]) or move["give"] not in hand:
            raise IllegalMove("give one of your own tiles", key="bossa.error.not_in_hand")
        if not is_int(move["take"]) or move["take"] not in state["hands"][other(seat)]:
            raise IllegalMove("take one of your opponent's tiles", key="bossa.error.take")

    def _check_lay(self, state, seat, move, hand):
        kind, c, tiles = move["a"], move["line"], move["tiles"]
        if not is_int(c) or c not in LINES:
            raise IllegalMove("line is 0 (white) or 1 (black)")
        if not isinstance(tiles, list) or not tiles or not all(is_int(t) for t in tiles) \
                or any(a >= b for a, b in zip(tiles, tiles[1:])):
            raise IllegalMove("tiles: a list of tile ids in increasing order")
        if not all(t in hand for t in tiles):
            raise IllegalMove("use tiles from your own hand", key="bossa.error.not_in_hand")
        line = state["lines"][c]
        if kind == "place":
            if move["end"] not in ENDS:
                raise IllegalMove("end is lo or hi")
            n = place_number(line, move["end"])
            if n < 1:
                raise IllegalMove("the line has ended at 1", key="bossa.error.line_end")
            places = line[move["end"]]
            counts = allowed_counts(places[-1]["k"] if places else 0, n, state["variant"])
        else:
            if state["used"][seat]["stack"]:
                raise IllegalMove("stack was already used", key="bossa.error.used_stack")
            n = move["n"]
            place = find_place(line, n) if is_int(n) else None
            if place is None:
                raise IllegalMove("stack on a filled place", key="bossa.error.no_place")
            counts = [place["k"]]
        if any(VALUE[c][t] == 0 for t in tiles):
            raise IllegalMove("every tile needs dots of the line's colour", key=f"bossa.error.colour{c}")
        total = sum(VALUE[c][t] for t in tiles)
        if total != n:
            raise IllegalMove(f"the tiles make {total}, the place needs {n}", key="bossa.error.sum",
                              n=n, total=total)
        if len(tiles) not in counts:
            if not counts:
                raise IllegalMove("no tile count fits this place: it is closed", key="bossa.error.closed")
            if len(counts) == 1:
                raise IllegalMove(f"this place takes {counts[0]} tiles", key="bossa.error.count1",
                                  n=counts[0])
            raise IllegalMove(f"this place takes {counts[0]} or {counts[1]} tiles",
                              key="bossa.error.count2", a=counts[0], b=counts[1])

    def _play(self, state, seat, move):
        log = state["log"]
        if state["phase"] == "choose" and move["a"] == "first":
            log.append({"e": "choose", "seat": seat, "pick": "first"})
            state["phase"] = "side"
            state["turn"] = other(seat)
            return
        if state["phase"] in ("choose", "side"):
            log.append({"e": "choose", "seat": seat, "pick": "own", "line": move["line"]})
            self._choose(state, seat, move["line"])
            self._start(state, state["high"] if state["phase"] == "side" else other(seat))
            return
        if state.get("due"):
            draw(state, seat, log)
            return
        play_turn(state, seat, move, log)

    # --- what a seat may see -------------------------------------------------------------------
    def view(self, state, seat):
        """Everything but the deck's order and the tile put aside (until the end), and, before
        the hands are opened, the other player's hand (and, from rules version 2 on, the lower
        roller's own hand too: only the higher roller looks before the choice)."""
        over = state["phase"] == "over"
        hands = [list(h) if hand_seen(state, s, seat) else None for s, h in enumerate(state["hands"])]
        seen = set(state["discard"])
        for h in hands:
            seen.update(h or ())
        for line in state["lines"]:
            for place in filled(line):
                seen.update(place["t"])
                for group in place["s"]:
                    seen.update(group)
        if over:
            seen.add(state["removed"])
        return {
            "game": self.id,
            "rules_version": rules_of(state),
            "seat": seat,
            "players": 2,
            "options": dict(state["options"]),
            "variant": state["variant"],
            "phase": state["phase"],
            "turn": state["turn"],
            "due": bool(state.get("due")),     # the turn's draw is still to be made
            "to_move": self.to_move(state),
            "rolls": list(state["rolls"]),
            "high": state["high"],
            "own": list(state["own"]),
            "first": state["first"],
            "lines": [{"die": line["die"], "lo": [_copy_place(p) for p in line["lo"]],
                       "hi": [_copy_place(p) for p in line["hi"]]} for line in state["lines"]],
            "hands": hands,
            "hand_sizes": [len(h) for h in state["hands"]],
            "used": [dict(u) for u in state["used"]],
            "discard": list(state["discard"]),
            "deck": len(state["deck"]),
            "unseen": [t for t in ALL_TILES if t not in seen],
            "removed": state["removed"] if over and RULING_REVEAL_REMOVED else None,
            # what lies face down at this point; ``reveal`` fills in the tiles but keeps these
            "face_down": [s for s in (0, 1) if not hand_seen(state, s, None)],
            "removed_face_down": not (over and RULING_REVEAL_REMOVED),
            "log": list(state["log"]),
            "outcome": self.outcome(state),
        }

    # --- replays and take-backs ----------------------------------------------------------------
    def reveal(self, state):
        """The spectator's view with everything turned up: both hands even before they are
        opened (``face_down`` still names the hands that lie face down at this point: before
        the choice, every hand; the screen draws them as known but face down) and the tile put
        aside (``removed_face_down`` says whether it is still aside, unseen). The deck's order
        is left out: a replay shows each draw as it comes."""
        out = self.view(state, None)
        out["hands"] = [list(h) for h in state["hands"]]
        out["removed"] = state["removed"]
        return out

    def undoable(self, before, seat, move, after):
        """What reveals nothing can be taken back: the higher roller's "I go first" (the lower
        roller then chooses a side, and no tile is turned up), and from rules version 3 on a
        placement, a stack or an Exchange that does not end the game (the hands are open; the
        next turn's draw is a move of its own). Whatever brings a hidden tile to light cannot:
        a draw (in versions 1 and 2 every turn's last move drew the next turn's tile), a
        Redraw, the choice of a side (it opens the hands), the end (the tile put aside is
        shown). A refusal is the key of the words saying why: the first thing that came to
        light (the take-back button's reason names it)."""
        if (before.get("phase") == "choose" and after.get("phase") == "side"
                and isinstance(move, dict) and move.get("a") == "first"):
            return True
        if before.get("phase") == "over" or not isinstance(after, dict):
            return "undo.over" if before.get("phase") == "over" else "undo.no"
        if before.get("due"):
            return "bossa.undo.drew"
        for e in after.get("log", [])[len(before.get("log", [])):]:
            if e.get("e") in UNDO_WHY:
                return UNDO_WHY[e["e"]]
            if e.get("e") == "choose" and e.get("pick") == "own":
                return "bossa.undo.opened"
        return True if rules_of(before) >= DRAW_STEP_VERSION else "undo.no"

    def outcome(self, state):
        if state["phase"] != "over":
            return None
        r = state["result"]
        return Outcome(r["winners"], [len(h) for h in state["hands"]], how=r["how"], seat=r["seat"])


# why a move that brought these events cannot be taken back (the first such event names it)
UNDO_WHY = {"end": "bossa.undo.ended", "redraw": "bossa.undo.redraw", "draw": "bossa.undo.drawn"}


def hand_seen(state, owner, seat):
    """Whether ``seat`` (None: a spectator) sees ``owner``'s hand in ``state`` (or a view)."""
    if state["phase"] not in ("choose", "side"):
        return True                    # the hands are open once the dice are laid
    if owner != seat:
        return False
    return owner == state["high"] or rules_of(state) < BLIND_CHOICE_VERSION


def _copy_place(p):
    return {"n": p["n"], "k": p["k"], "t": list(p["t"]), "s": [list(g) for g in p["s"]], "by": p["by"]}


def view_moves(view, seat):
    """The legal moves of ``seat`` computed from its view alone (for bots and the screen)."""
    if seat not in view["to_move"]:
        return []
    if view.get("due"):
        return [dict(DRAW)]
    if view["phase"] == "choose":
        return [{"a": "own", "line": c} for c in LINES] + [{"a": "first"}]
    if view["phase"] == "side":
        return [{"a": "own", "line": c} for c in LINES]
    return turn_moves(view, seat, view["deck"])
