"""The protocol suite: the checks every game of the catalogue must pass, run over random games
of each (as OpenSpiel runs one suite over every registered game). What a game must declare for
it is in tests/games/suite.py; its own tests/games/<game>/test_properties.py keeps only what is
particular to it. A new game in the catalogue is in this suite as soon as it has its
``protocol.py``.

For each game (a class of tests per game: ``-k algo`` runs one):

* random games of every variant and rules version: the game's invariants after every move;
  ``apply`` leaves the state it was given as it was; the state is stamped with its rules
  version; on a sample of positions every view (each seat's and the spectator's) is plain JSON
  and is unchanged when what its seat may not know changes (the game's ``hide``, and always the
  RNG: every future draw), and the game's own random move is legal; record → code → decode →
  replay gives the same state (cut games, and a sample of finished ones);
* garbage (random JSON in the game's own vocabulary, legal moves with a field changed, dropped
  or added, other seats' moves, any seat number) is refused with ``IllegalMove`` and the state
  left as it was, or is a legal move;
* bots of every level play whole games from their views, every move legal, and decide from
  the view and their seed alone (a twin given the view of a state whose hidden parts changed
  decides the same);
* the same seed gives the same game (setup and a whole bot game, twice).

``BODOGE_PROPERTY_GAMES`` (default 1,000: ``make test`` stays under 15 minutes) sets the number
of random games per game, times the game's ``SHARE`` (``BODOGE_PROPERTY_FULL=1``: every game
the full count); ``make soak`` runs it with many.
"""

import copy
import functools
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bodoge.core.bot import think
from bodoge.core.canon import state_hash
from bodoge.core.errors import IllegalMove
from bodoge.core.match import Match
from bodoge.core.protocol import Game as Protocol, clone, rules_of
from bodoge.core.rng import Rng
from bodoge.ui.i18n import I18n

from .suite import GAMES, IDS, changed_rng, new_match, random_game, spec

QUICK = dict(deadline=None, derandomize=True,
             suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def plain_json(value):
    """Whether ``value`` is JSON as it is (no tuples, sets, NaN or non-string keys)."""
    return json.loads(json.dumps(value, allow_nan=False)) == value


# --- random games ----------------------------------------------------------------------------
def check_views(s, state, seat, rng):
    """What ``seat`` (None: a spectator) sees of ``state`` is JSON, and the same whatever it may
    not know: another RNG, and the game's own ``hide``."""
    game = s.game
    view = game.view(state, seat)
    assert plain_json(view), "a view is plain JSON"
    assert "rng" not in view, "no view holds the generator"
    assert game.view(changed_rng(state, rng.u32()), seat) == view, "the RNG is never seen"
    other = s.hide(state, seat, rng)
    if other is not None:
        assert other != state, "hide changed something"
        assert game.view(other, seat) == view, "a view shows only what its seat may know"
    s.check_view(state, seat, view)


def play_and_check(game_id, seed, variant, cut):
    s = spec(game_id)
    options, version = variant
    pick = Rng.from_seed(seed ^ 0x5EED)

    def on_move(k, before, seat, move, match):
        if pick.below(s.sample):
            return
        if s.own_random_move:
            assert s.is_legal(before, seat, move), ("the random move is legal", move)
        s.check_position(before)
        n = s.game.num_players(before)
        check_views(s, before, [*range(n), None][pick.below(n + 1)], pick)
        kept = clone(before)
        s.game.apply(before, seat, move)
        assert before == kept, "apply changes nothing in the state it is given"

    match = random_game(game_id, options, version, seed, cut, on_move)
    state = match.state
    assert rules_of(state) == match.record.version == version
    assert ("rules_version" in state) == (version > 1), "a version-1 state is what it always was"
    s.check_position(state)
    n = s.game.num_players(state)
    check_views(s, state, [*range(n), None][pick.below(n + 1)], pick)
    if match.over:
        assert match.to_move() == [], "nobody moves once the game is over"
        outcome = match.outcome()
        assert plain_json(outcome) and outcome["winners"] == sorted(set(outcome["winners"]))
        assert len(outcome["scores"]) == n and set(outcome["winners"]) <= set(range(n))
        assert plain_json(s.game.reveal(state))
        s.check_end(match)
    if cut is not None or seed % s.sample == 0:
        again = Match.from_code(match.code())
        assert state_hash(again.state) == state_hash(state) and again.state == state


# --- garbage moves -----------------------------------------------------------------------------
_POSITIONS = {}


def positions(game_id):
    """States from random games of every variant (every phase), and each state's legal moves
    by seat; made once per game."""
    if game_id not in _POSITIONS:
        s = spec(game_id)
        out = []

        def keep(k, before, seat, move, match):
            if k % 3 == 0:
                n = s.game.num_players(before)
                out.append((before, {x: s.game.legal_moves(before, x) for x in range(n)}))

        count = max(12, len(s.variants))
        for i in range(12):              # twelve games of variants spread over the list
            options, version = s.variants[i * count // 12 % len(s.variants)]
            random_game(game_id, options, version, 1000 + i, cut=90, on_move=keep)
        _POSITIONS[game_id] = out
    return _POSITIONS[game_id]


@functools.lru_cache(maxsize=None)
def vocabulary(game_id):
    """The keys, words and numbers of the game's legal moves (garbage made of them gets
    further into the rules than random text would)."""
    keys, words, numbers = {"x"}, {"x"}, {0}

    def walk(v):
        if isinstance(v, dict):
            keys.update(v)
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, str):
            words.add(v)
        elif isinstance(v, int) and not isinstance(v, bool):
            numbers.add(v)

    for _, legal in positions(game_id):
        for moves in legal.values():
            for m in moves:
                walk(m)
    return sorted(keys), sorted(words), min(numbers) - 3, max(numbers) + 3


@functools.lru_cache(maxsize=None)
def json_values(game_id):
    keys, words, lo, hi = vocabulary(game_id)
    atoms = (st.none() | st.booleans() | st.integers(lo, hi) | st.sampled_from(words)
             | st.text(max_size=3) | st.floats(allow_nan=True))
    return st.recursive(atoms, lambda inner: st.lists(inner, max_size=5)
                        | st.dictionaries(st.sampled_from(keys), inner, max_size=5), max_leaves=12)


@st.composite
def garbage(draw, game_id):
    """(state, seat, move): a position, any seat number, and a move that is random JSON, a
    legal move with one field changed, dropped or added, or another seat's legal move."""
    states = positions(game_id)
    state, legal = states[draw(st.integers(0, len(states) - 1))]
    n = len(legal)
    seat = draw(st.integers(-1, n))
    values = json_values(game_id)
    anyone = [m for moves in legal.values() for m in moves]
    kind = draw(st.sampled_from(["json", "changed", "dropped", "added", "other"]))
    if kind == "json" or not anyone:
        return state, seat, draw(values)
    move = clone(draw(st.sampled_from(anyone)))
    if not isinstance(move, dict) or kind == "other":
        return state, seat, move
    key = draw(st.sampled_from(sorted(move)))
    if kind == "changed":
        move[key] = draw(values)
    elif kind == "dropped":
        del move[key]
    else:
        move[draw(st.sampled_from(vocabulary(game_id)[0]))] = draw(values)
    return state, seat, move


def refused_or_legal(s, state, seat, move):
    """``move`` is refused with ``IllegalMove`` (nothing else) and the state is as it was, or
    it is one of the seat's legal moves."""
    kept = clone(state)
    try:
        s.game.apply(state, seat, move)
    except IllegalMove:
        assert state == kept, "a refused move changes nothing"
        return False
    assert state == kept, "apply changes nothing in the state it is given"
    assert s.is_legal(state, seat, move), ("accepted but not legal", seat, move)
    return True


# --- bots --------------------------------------------------------------------------------------
def bot_game(game_id, variant, levels, seed):
    """A whole game of bots (``levels[s]`` at seat ``s``): each move legal, from the view. A
    game in real time (``play_bots``) plays its bots on its own clock, through ``apply``."""
    s = spec(game_id)
    options, version = variant
    match = new_match(game_id, options, version, seed)
    n = s.game.num_players(match.state)
    bots = [s.game.make_bot(levels[seat % len(levels)], seat, seed + seat) for seat in range(n)]
    for bot in bots:
        s.tune_bot(bot)
    play_bots = getattr(s.game, "play_bots", None)
    if play_bots is not None:
        play_bots(match, bots)
        return match
    twin_at = seed % 10
    while not match.over:
        for seat in match.to_move():
            view = match.view(seat)
            twin = copy.deepcopy(bots[seat]) if len(match.record.moves) == twin_at else None
            move = think(bots[seat], view)
            assert s.is_legal(match.state, seat, move), (levels[seat % len(levels)], move)
            if twin is not None:
                other = s.hide(match.state, seat, Rng.from_seed(seed)) or match.state
                assert think(twin, s.game.view(other, seat)) == move, "a bot sees only its view"
            match.play(seat, move)
            if match.over:
                break
    return match


# --- the suite, for each game ------------------------------------------------------------------
def suite_for(game_id):
    s = spec(game_id)
    variants = st.sampled_from(s.variants)
    levels = s.game.bot_levels

    class Suite:
        def test_the_game_declares_its_bots_and_variants(self):
            assert sorted(s.game.bots) == sorted(levels), "a bot for every level"
            versions = {version for _, version in s.variants}
            assert versions == set(range(s.game.min_rules_version, s.game.rules_version + 1)), \
                "random games by every rules version a record may still have"

        @settings(max_examples=s.count(), **QUICK)
        @given(seed=st.integers(0, 2**53 - 1), variant=variants,
               cut=st.one_of(st.none(), st.none(), st.none(), st.integers(0, 120)))
        def test_random_games_keep_the_protocol(self, seed, variant, cut):
            play_and_check(game_id, seed, variant, cut)

        @settings(max_examples=s.count(0.5, least=200), **QUICK)
        @given(case=garbage(game_id))
        def test_garbage_moves_only_raise_illegal_move(self, case):
            refused_or_legal(s, *case)

        def test_garbage_can_be_legal_and_illegal(self):
            """The garbage test can fail both ways: legal moves are accepted, and the same moves
            from a seat that may not move now are refused."""
            refused = 0
            for i, (state, legal) in enumerate(positions(game_id)):
                if i >= 40 and refused:
                    break
                idle = [x for x in legal if x not in s.game.to_move(state)]
                for seat, moves in legal.items():
                    for move in moves[:3]:
                        assert refused_or_legal(s, state, seat, move), "a legal move is accepted"
                        for x in idle:
                            assert not refused_or_legal(s, state, x, move), "not this seat's move"
                            refused += 1
            assert refused, "some positions have seats that may not move"

        def test_a_move_that_cannot_be_taken_back_says_why(self):
            """Take back says why it cannot in words of the game's own (issue 26): every legal
            move's ``undoable`` verdict is True, or the key of a string both languages have,
            never False nor ``undo.no`` (the generic "That move cannot be taken back")."""
            if type(s.game).undoable is Protocol.undoable:
                return                          # a game without take-backs shows none
            langs = [I18n("en"), I18n("ja")]
            seen = set()
            for state, legal in positions(game_id):
                for seat in s.game.to_move(state):
                    for move in legal[seat][:4]:
                        verdict = s.game.undoable(state, seat, move,
                                                  s.game.apply(state, seat, move))
                        assert verdict is True or (
                            isinstance(verdict, str) and verdict != "undo.no"
                            and all(i.has(verdict) for i in langs)), \
                            (move, verdict)
                        seen.add(verdict)
            assert seen, "some moves were asked"

        @settings(max_examples=max(2 * len(levels), GAMES // 100), **QUICK)
        @given(seed=st.integers(0, 2**53 - 1), variant=variants,
               turn=st.integers(0, len(levels) - 1))
        def test_bots_of_every_level_play_legal_games_to_the_end(self, seed, variant, turn):
            match = bot_game(game_id, variant, levels[turn:] + levels[:turn], seed)
            assert match.over
            s.check_end(match)
            assert Match.from_code(match.code()).state == match.state

        def test_the_same_seed_gives_the_same_game(self):
            for options, version in s.variants:
                state = new_match(game_id, options, version, 5).state
                assert new_match(game_id, options, version, 5).state == state
            variant = s.variants[0]
            first = bot_game(game_id, variant, levels, 9).record
            assert bot_game(game_id, variant, levels, 9).record == first

    Suite.__name__ = Suite.__qualname__ = f"Test_{game_id}"
    return Suite


for _id in IDS:
    globals()[f"Test_{_id}"] = suite_for(_id)
