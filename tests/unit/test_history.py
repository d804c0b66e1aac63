"""The match's history (every position, kept cheaply) and the take-back policy, on a fake game
with each kind of move the policy tells apart, and on the real games."""

import pytest

from bodoge.core.canon import state_hash
from bodoge.core.match import CHECKPOINT, History, Match
from bodoge.core.record import Record, encode, replay
from bodoge.core.selfplay import play_one
from bodoge.games import CATALOG, get_game

from .fakegame import lines  # noqa: F401  (the fixture)


def played(moves, players=2, seed=5):
    match = Match.new("lines", {"players": players}, seed)
    for seat_move in moves:
        seat = match.to_move()[0]
        match.play(seat, seat_move)
    return match


PUT = {"a": "put", "n": 3}
DRAW = {"a": "draw"}
SHOW = {"a": "show"}


# --- history ------------------------------------------------------------------------------------
def prefix_states(record):
    """The state after each number of moves: every one kept, move after move (the plain way)."""
    game = get_game(record.game)
    out = [game.setup(game.options(record.options), record.seed, record.version)]
    for seat, move in record.moves:
        out.append(game.apply(out[-1], seat, move))
    return out


@pytest.mark.parametrize("game_id,options,level",
                         [(g.id, g.demo_options, g.demo_level) for g in CATALOG if g.playable])
def test_every_position_of_a_replayed_record_is_the_state_after_that_many_moves(game_id, options, level):
    record = play_one(game_id, options, 4, [level] * options["players"]).record
    match = Match.from_code(encode(record))
    history = match.history
    states = prefix_states(match.record)
    expected = [state_hash(s) for s in states]
    cut = len(match.record.moves) // 2          # and one prefix replayed from scratch, as a code
    assert expected[cut] == state_hash(replay(Record(record.game, record.version, record.options,
                                                     record.seed, record.moves[:cut]))[1])
    assert len(history) == len(match.record.moves) + 1
    # in order, backwards and at random: the same states
    for order in (range(len(history)), reversed(range(len(history))), [5, 0, len(history) - 1, 17, 3]):
        for k in order:
            if k < len(history):
                assert state_hash(history.state(k)) == expected[k], (game_id, k)
    # each log event traced to the move that wrote it
    for index in range(len(match.state.get("log", ()))):
        k = history.move_of(index)
        assert len(states[k]["log"]) > index and (k == 0 or len(states[k - 1]["log"]) <= index)


def test_history_keeps_one_state_in_so_many_and_a_live_match_adds_to_it(lines):
    match = played([DRAW] * 12 + [SHOW] * 4 + [PUT] * 3)
    history = match.history
    assert CHECKPOINT < 19 and sorted(history.kept) == list(range(0, 20, CHECKPOINT))
    assert history.state(19) is match.state
    match.play(match.to_move()[0], PUT)
    assert len(history) == 21 and history.state(20) is match.state
    again = Match.from_record(Record("lines", 1, {"players": 2}, 5, list(match.record.moves)))
    assert [state_hash(again.history.state(k)) for k in range(21)] == \
        [state_hash(history.state(k)) for k in range(21)]


def test_a_match_made_without_a_history_builds_it_from_its_record(lines):
    source = played([PUT, DRAW, PUT])
    bare = Match(source.game, source.record, source.state)
    assert state_hash(bare.history.state(2)) == state_hash(source.history.state(2))


# --- take-backs -----------------------------------------------------------------------------------
def test_a_deterministic_move_and_the_computer_s_after_it_may_be_taken_back(lines):
    match = played([PUT, PUT, PUT])            # seat 0, bot 1, seat 0
    assert match.takeback(0, [0]) == (2, None)
    match.play(1, PUT)                          # the bot's reply: undoable too
    assert match.takeback(0, [0]) == (2, None)
    before = state_hash(match.history.state(2))
    match.truncate(2)
    assert len(match.record.moves) == 2 and state_hash(match.state) == before
    assert len(match.history) == 3
    # the record keeps only the moves that stand: it replays to the same state
    assert state_hash(Match.from_code(match.code()).state) == before
    # and play goes on from there, the history with it
    match.play(0, {"a": "put", "n": 9})
    assert state_hash(match.history.state(3)) == state_hash(match.state)


def test_refused_across_a_random_event_with_the_game_s_reason(lines):
    match = played([PUT, DRAW])                 # the bot (seat 1) drew after my move
    assert match.takeback(0, [0]) == (0, "undo.drawn")
    match = played([DRAW])                      # my own move was a draw
    assert match.takeback(0, [0]) == (0, "undo.drawn")


def test_refused_across_a_reveal_the_game_says_false_to(lines):
    match = played([DRAW, DRAW, PUT, SHOW])     # the bot turned a card up after my move
    assert match.takeback(0, [0]) == (2, "undo.no")


def test_refused_when_another_person_has_moved_since(lines):
    match = played([PUT, PUT, PUT], players=3)  # seats 0 and 1 are people, 2 a bot
    assert match.takeback(0, [0, 1]) == (0, "undo.person")
    assert match.takeback(1, [0, 1]) == (1, None)
    assert match.takeback(2, [0, 1]) == (2, None)


def test_nothing_to_take_back_and_not_after_the_end(lines):
    match = played([])
    assert match.takeback(0, [0]) == (None, "undo.nothing")
    match = played([PUT] * 8)
    assert match.over and match.takeback(0, [0]) == (6, "undo.over")


def test_the_default_hook_refuses_every_take_back():
    for g in CATALOG:
        game = get_game(g.id)
        if type(game).undoable.__qualname__ != "Game.undoable":
            continue                      # the game has its own policy (its tests cover it)
        match = play_one(g.id, {"players": max(2, game.min_players)}, 2,
                         [game.bot_levels[0]] * max(2, game.min_players))
        match.record.moves.pop()
        again = Match.from_record(match.record)
        seat = again.record.moves[-1][0]
        assert again.takeback(seat, [seat])[1] == "undo.no", g.id


def test_a_string_or_false_from_the_hook_is_a_refusal_only_true_allows(lines, monkeypatch):
    match = played([PUT])
    for verdict, reason in ((True, None), (False, "undo.no"), ("", "undo.no"), (None, "undo.no"),
                            (1, "undo.no"), ("lines.undo.why", "lines.undo.why")):
        monkeypatch.setattr(type(match.game), "undoable", lambda self, b, s, m, a, v=verdict: v)
        assert match.takeback(0, [0]) == (0, reason), verdict


def test_history_rejects_positions_it_does_not_have(lines):
    history = played([PUT]).history
    with pytest.raises(IndexError):
        history.state(2)
    with pytest.raises(ValueError):
        history.add(5, {})
    assert isinstance(history, History)


def test_the_latest_positions_are_kept_so_a_moves_redraw_replays_nothing(monkeypatch):
    """Whether the person's latest move can be taken back reads the positions since it, and
    the table before the latest move is drawn after it: after each move these are kept, not
    rebuilt from the last checkpoint (up to 15 moves of the rules, on every move)."""
    from bodoge.core.match import RECENT

    game = get_game("algo")
    match = Match.new("algo", None, 3)
    match.history                           # made once: from now on each move adds to it
    for _ in range(CHECKPOINT + 5):
        seat = match.to_move()[0]
        match.play(seat, game.legal_moves(match.state, seat)[0])
        if match.over:
            break
    n = len(match.record.moves)
    assert n % CHECKPOINT >= RECENT        # the recent ones are not checkpoints
    applied = []
    original = type(match.game).apply
    monkeypatch.setattr(type(match.game), "apply",
                        lambda self, *a: applied.append(1) or original(self, *a))
    states = [match.history.state(k) for k in range(n, n - RECENT, -1)]
    assert applied == []
    assert [state_hash(s) for s in states] == [
        state_hash(s) for s in prefix_states(match.record)[n - RECENT + 1:][::-1]]
    match.history.state(n - RECENT)          # older: rebuilt from its checkpoint
    assert applied
    match.truncate(n - 2)                    # a take-back forgets what came after
    assert n not in match.history.recent and n - 1 not in match.history.recent


def test_the_outcome_of_a_state_is_worked_out_once(monkeypatch):
    match = Match.new("bossa", None, 3)
    calls = []
    original = type(match.game).outcome
    monkeypatch.setattr(type(match.game), "outcome",
                        lambda self, state: calls.append(1) or original(self, state))
    assert [match.over for _ in range(5)] == [False] * 5 and len(calls) == 1
    seat = match.to_move()[0]
    match.play(seat, match.game.legal_moves(match.state, seat)[0])
    assert match.outcome() is None and match.outcome() is None and len(calls) == 2
