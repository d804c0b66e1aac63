"""Public records (bodoge.core.public): what a link meant for others to watch holds.

The property: for random games in progress of every game, the public code (the replay link of a
game in progress) is the same for two states that differ only in what a spectator cannot see
(the hidden parts perturbed: decks reshuffled, the RNG changed, hidden cards swapped among
themselves everywhere they appear, private sheets redrawn), so nothing in it tells a hidden card,
a deck's order or a draw to come; and the maker reads a match through its spectator views only
(another seed and other moves with the same views give the same code). Also: codes round-trip,
replay to the spectator's views, and are decoded with the bounds and strictness of save codes;
old save codes still open."""

import base64
import json
import os
import random
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bodoge.core import public as P
from bodoge.core.bot import think
from bodoge.core.errors import BadCode
from bodoge.core.match import Match
from bodoge.core.protocol import clone
from bodoge.core.record import MAX_MOVES, Record, decode, encode
from bodoge.core.selfplay import play_one
from bodoge.games import get_game
from bodoge.games.alluvium import board as AB

# random games in progress per game and option set (BODOGE_PROPERTY_GAMES=10000: 20)
GAMES = max(4, int(os.environ.get("BODOGE_PROPERTY_GAMES", "2000")) // 500)
CASES = [("algo", {"players": 2}), ("algo", {"players": 3, "chips": True}), ("algo", {"mode": "pair"}),
         ("alter", {"players": 4}), ("alter", {"players": 3}), ("alluvium", {"players": 3}),
         ("alluvium", {"players": 5}), ("bossa", {"rules": "advanced"}), ("bossa", {"rules": "basic"}),
         ("playme", {"players": 3}), ("playme", {"players": 6})]


# --- games in progress --------------------------------------------------------------------------
def game_in_progress(game_id, options, seed, cut=None):
    """A match of easy computer players (Play Me!: fast ones, in simulated real time), cut at a
    random move before its end (``cut``: that move)."""
    game = get_game(game_id)
    n = game.options(options)["players"]
    whole = play_one(game_id, options, seed, [game.bot_levels[0]] * n).record
    rnd = random.Random(seed)
    cut = rnd.randrange(1, len(whole.moves)) if cut is None else cut
    match = Match.new(game_id, options, seed, {"seats": [{"name": f"P{s}", "bot": None} for s in range(n)]})
    for seat, move in whole.moves[:cut]:
        match.play(seat, move)
    assert not match.over
    return match


def states(match):
    return [match.history.state(k) for k in range(len(match.history))]


# --- the hidden parts of each game, perturbed (a spectator sees none of them) ---------------------
def new_rng(state, rnd):
    twin = clone(state)
    if "rng" in twin:
        twin["rng"] = rnd.getrandbits(64)
    return twin


def algo_swap(state, rnd):
    """Pairs of face-down cards of one colour (in rows, the deck or the one just drawn) swapped
    everywhere the round names them (the rows staying sorted), and the deck reshuffled."""
    twin = clone(state)
    if twin["phase"] == "over":
        return twin
    rnd.shuffle(twin["deck"])
    slots = [("deck", i) for i in range(len(twin["deck"]))]
    slots += [("row", t, p) for t, row in enumerate(twin["rows"]) for p, c in enumerate(row) if not c["up"]]
    if twin["drawn"] is not None:
        slots.append(("drawn",))

    def get(s):
        return twin["deck"][s[1]] if s[0] == "deck" else twin["drawn"] if s[0] == "drawn" \
            else twin["rows"][s[1]][s[2]]["id"]

    start = max(i for i, e in enumerate(twin["log"]) if e["e"] in ("deal", "first_dealer"))
    swapped = 0
    for _ in range(100):
        if swapped == 3:
            break
        a, b = rnd.sample(slots, 2) if len(slots) > 1 else (None, None)
        if a is None:
            break
        x, y = get(a), get(b)
        if x & 1 != y & 1:
            continue
        swap = {x: y, y: x}
        rows = [[dict(c, id=swap.get(c["id"], c["id"])) for c in row] for row in twin["rows"]]
        if any([c["id"] for c in row] != sorted(c["id"] for c in row) for row in rows):
            continue
        twin["rows"] = rows
        twin["deck"] = [swap.get(c, c) for c in twin["deck"]]
        if twin["drawn"] is not None:
            twin["drawn"] = swap.get(twin["drawn"], twin["drawn"])
        twin["log"] = twin["log"][:start] + [dict(e, id=swap.get(e["id"], e["id"])) if "id" in e else e
                                             for e in twin["log"][start:]]
        swapped += 1
    return twin


def alter_swap(state, rnd):
    """Every unwatched-by-the-spectator card (all of them) of the rounds of the set being
    played moved among that round's places, and the deck reshuffled."""
    twin = clone(state)
    if twin["phase"] == "over":
        return twin
    rnd.shuffle(twin["deck"])
    for r in [r for r in twin["history"] if r["set"] == twin["set"]]:
        rnd.shuffle(r["places"])
    rnd.shuffle(twin["places"])
    return twin


def alluvium_swap(state, rnd):
    """The sheets (nobody watching sees them before the end) redrawn, with their ticks and
    where each drawing went in the log, the decks' order changed, and round 1's hand cards
    (while private) changed."""
    twin = clone(state)
    if twin["phase"] == "over":
        return twin
    for d in twin["decks"]:
        rnd.shuffle(d)
    n = twin["players"]
    for o in range(n):
        twin["maps"][o] = "".join(rnd.choice("01234") for _ in range(AB.CELLS))
        twin["ticks"][o] = [rnd.randrange(9) for _ in twin["ticks"][o]]
    hands_private = twin["round"] == 1 and twin["phase"] == "own"
    for s in range(n):
        if hands_private and twin["hands"][s] is not None:
            twin["hands"][s] = rnd.choice(["P5", "I3", "L4"])
    log = []
    for e in twin["log"]:
        if e["e"] in ("place", "cell"):
            e = dict(e, ticks=[rnd.randrange(9)])
            e["cells" if e["e"] == "place" else "cell"] = [rnd.randrange(AB.CELLS)] if e["e"] == "place" \
                else rnd.randrange(AB.CELLS)
        log.append(e)
    twin["log"] = log
    return twin


def bossa_swap(state, rnd):
    """The tiles nobody watching has seen (the deck, the tile put aside, the hands before they
    are opened) dealt out again among those places, and the deck reshuffled."""
    from bodoge.games.bossa.rules import hand_seen

    twin = clone(state)
    if twin["phase"] == "over":
        return twin
    hidden = [s for s in (0, 1) if not hand_seen(twin, s, None)]
    pool = list(twin["deck"]) + [twin["removed"]] + [t for s in hidden for t in twin["hands"][s]]
    rnd.shuffle(pool)
    twin["deck"], pool = pool[:len(twin["deck"])], pool[len(twin["deck"]):]
    twin["removed"], pool = pool[0], pool[1:]
    for s in hidden:
        size = len(twin["hands"][s])
        twin["hands"][s], pool = sorted(pool[:size]), pool[size:]
    return twin


SWAPS = {"algo": algo_swap, "alter": alter_swap, "alluvium": alluvium_swap, "bossa": bossa_swap}


def public_code_of(game, match, twins):
    """The public code the maker gives for these states in place of the match's own."""
    rec = match.record
    return P.encode(P.of_views(rec.game, rec.version, rec.options, rec.meta,
                               (game.view(s, None) for s in twins), [seat for seat, _ in rec.moves]))


class OtherMoves:
    """A match with the same history (so the same spectator views) but another seed and other
    moves (the same seats): what the maker must not read."""

    def __init__(self, match):
        self.game, self.history = match.game, match.history
        rec = match.record
        self.record = Record(rec.game, rec.version, rec.options, (rec.seed * 7 + 1) % (1 << 53),
                             [[seat, {"anything": i}] for i, (seat, _) in enumerate(rec.moves)], rec.meta)


def check_hidden(game_id, options, seed):
    """The property, for one random game in progress; returns how many positions the
    perturbations changed what a game reveals at its end (``Game.reveal``) or its state."""
    match = game_in_progress(game_id, options, seed)
    game = match.game
    code = P.encode(P.of_match(match))
    real = states(match)
    rnd = random.Random(seed)
    changed = 0
    for perturb in (new_rng, SWAPS.get(game_id)):
        if perturb is None:
            continue
        twins = [perturb(s, rnd) for s in real]
        assert public_code_of(game, match, twins) == code, f"{game_id} {options} {seed}: {perturb.__name__}"
        changed += sum(1 for s, t in zip(real, twins) if t != s)
        if perturb is not new_rng:
            assert any(game.reveal(t) != game.reveal(s) for s, t in zip(real, twins)), \
                f"{perturb.__name__} changed nothing hidden"
    assert P.encode(P.of_match(OtherMoves(match))) == code
    data = P.decode(code).to_json()
    assert set(data) == {"g", "v", "o", "x", "f", "d", "w"}          # no seed, no moves
    return changed


@pytest.mark.parametrize("game_id,options", CASES)
def test_a_spectators_link_tells_nothing_hidden(game_id, options):
    changed = sum(check_hidden(game_id, options, 1000 + g) for g in range(GAMES))
    assert changed > 0


def test_the_check_sees_a_leak():
    """A view that let a hidden part through (ALTER's deck order and the cards at its places,
    algo's face-down numbers) makes the codes differ: the property test can fail."""
    for game_id, leak in (("alter", lambda s: {"deck": list(s["deck"])}),
                          ("alter", lambda s: {"places": list(s["places"])}),
                          ("algo", lambda s: {"ids": [[c["id"] for c in row] for row in s["rows"]]})):
        game = get_game(game_id)
        match = game_in_progress(game_id, {"players": 4 if game_id == "alter" else 2}, 7, cut=6)

        class Leaky:
            def view(self, state, seat):
                return dict(game.view(state, seat), **leak(state))

        real = states(match)
        rnd = random.Random(1)
        twins = [SWAPS[game_id](s, rnd) for s in real]
        assert public_code_of(Leaky(), match, twins) != public_code_of(Leaky(), match, real)


# --- what the code holds ------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id,options", CASES)
def test_a_public_code_replays_to_the_spectators_views(game_id, options):
    match = game_in_progress(game_id, options, 5)
    code = P.share_code(match)
    assert P.is_public(code) and not P.is_public(match.code())
    pm = P.open_code(f"https://x.github.io/bodoge/#replay={code}&move=3")
    assert isinstance(pm, P.PublicMatch) and pm.public and pm.code() == code
    history = pm.history
    assert len(history) == len(match.history) and history.log_end == match.history.log_end
    assert history.movers == [seat for seat, _ in match.record.moves]
    for k in list(range(len(history))) + [3, 1, len(history) - 1, 0]:        # any order
        assert history.view(k) == history.state(k) == match.game.view(match.history.state(k), None)
    assert pm.record.moves == [[seat, None] for seat, _ in match.record.moves] and pm.record.seed == 0
    assert pm.record.meta == {"seats": [{"name": f"P{s}", "bot": None} for s in range(len(pm.record.meta["seats"]))]}
    assert pm.view(0) == pm.view(None) == pm.state and pm.over is False and pm.to_move() == match.to_move()
    assert P.decode(code) == P.of_match(match)
    assert len(code) < 40_000


def test_finished_games_share_the_whole_record_and_old_codes_still_open():
    match = play_one("algo", {"players": 2}, 3, ["easy", "easy"])
    assert P.share_code(match) == match.code()
    assert isinstance(P.open_code(match.code()), Match)
    with open(os.path.join(os.path.dirname(__file__), "..", "games", "algo", "records_v1.json"),
              encoding="utf-8") as f:
        fixtures = json.load(f)
    codes = [c["code"] for c in (fixtures if isinstance(fixtures, list) else fixtures.values())
             if isinstance(c, dict) and "code" in c][:5]
    for code in codes:
        assert isinstance(P.open_code(code), Match)


def test_the_maker_keeps_what_it_made_and_follows_take_backs():
    match = game_in_progress("alter", {"players": 4}, 9, cut=40)
    first = P.of_match(match)
    bots = [match.game.make_bot("easy", s, s) for s in range(4)]
    for _ in range(5):
        seat = match.to_move()[0]
        match.play(seat, think(bots[seat], match.view(seat)))
    fresh = lambda: P.of_views("alter", match.record.version, match.record.options, match.record.meta,  # noqa: E731
                               P.views(match), [s for s, _ in match.record.moves])
    assert P.of_match(match) == fresh() and len(P.of_match(match)) == 45 and len(first) == 40
    match.truncate(42)
    assert P.of_match(match) == fresh() and len(P.of_match(match)) == 42
    # the code is made once per position and seats (the Share dialog is redrawn often)
    code = P.share_code(match)
    assert P.share_code(match) is code and P.decode(code) == fresh()
    match.record.meta = {"seats": [{"name": "Aki", "bot": None}]}
    renamed = P.share_code(match)
    assert renamed != code and P.decode(renamed).meta["seats"][0]["name"] == "Aki"
    seat = match.to_move()[0]
    match.play(seat, think(bots[seat], match.view(seat)))
    assert P.decode(P.share_code(match)) == fresh()


def test_meta_keeps_only_what_spectators_may_know():
    meta = {"seats": [{"name": "Aki", "bot": None, "remote": True, "secret": 1}, {"bot": "easy"}, "x"],
            "training": True, "lesson": "secret", "slot": 5}
    assert P.public_meta(meta) == {"seats": [{"name": "Aki", "bot": None, "remote": True},
                                             {"name": "", "bot": "easy"}, {"name": "", "bot": None}],
                                   "training": True}


# --- changes ------------------------------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=3), inner, max_size=5),
    max_leaves=30)


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(json_values, json_values)
def test_a_change_makes_the_new_value_of_the_old(old, new):
    ch = P.change(old, new)
    assert P.apply_change(old, ch) == new
    assert json.loads(json.dumps(ch)) == ch


def test_a_change_leaves_the_old_value_as_it_was():
    old = {"a": [1, 2, {"b": 3}], "c": {"d": [4, 5, 6, 7]}}
    keep = json.loads(json.dumps(old))
    new = {"a": [1, 2, {"b": 4}, 9], "c": {"d": [4, 0, 6, 7]}, "e": 1}
    assert P.apply_change(old, P.change(old, new)) == new and old == keep


@pytest.mark.parametrize("old,ch", [
    ({"a": 1}, {"k": {}, "x": ["b"]}), ({"a": 1}, {"k": {"b": [5, 6]}}), ({"a": 1}, {"k": {"a": 1}}),
    ([1, 2], [3, [4]]), ([1, 2], [0, [4]]), ([1, 2], [True, [4]]), ({"a": 1}, [1, [2]]),
    ([1, 2], {"i": [2, [5]]}), ([1, 2], {"i": [0]}), ([1, 2], {"i": [-1, [5]]}), ({"a": [1]}, {"i": [0, [1]]}),
    ({"a": 1}, {"k": {}, "y": 1}), ({"a": 1}, {"k": []}), ({"a": 1}, {"k": {}, "x": "a"}), (5, []), (5, [1, 2, 3]),
    ({"a": 1}, {"k": {"a": [2]}, "x": ["a"]}),
])
def test_a_change_that_does_not_fit_is_damage(old, ch):
    with pytest.raises(BadCode) as e:
        P.apply_change(old, ch)
    assert e.value.key == "code.damaged"


# --- decoding: bounded and strict, as save codes are -----------------------------------------------------
def raw_code(obj, fmt=P.FORMAT, text=None):
    body = (text if text is not None else json.dumps(obj)).encode()
    return base64.urlsafe_b64encode(bytes([fmt]) + zlib.compress(body)).decode().rstrip("=")


GOOD = game_in_progress("alter", {"players": 4}, 3, cut=30)
GOOD_CODE = P.share_code(GOOD)
GOOD_JSON = P.decode(GOOD_CODE).to_json()


@pytest.mark.parametrize("text,key", [
    ("", "code.empty"), ("   ", "code.empty"), ("hello world!", "code.format"), ("<script>", "code.format"),
    ("AAAAAAAA", "code.format"), ("x" * 500_000, "code.too_large"),
])
def test_garbage(text, key):
    with pytest.raises(BadCode) as e:
        P.decode(text)
    assert e.value.key == key


def test_formats_are_told_apart():
    with pytest.raises(BadCode) as e:
        P.decode(GOOD.code())                  # a save code is not a public one
    assert e.value.key == "code.format"
    with pytest.raises(BadCode) as e:
        decode(GOOD_CODE)                      # and a public code cannot be played on
    assert e.value.key == "code.public"
    with pytest.raises(BadCode) as e:
        Match.from_code(GOOD_CODE)
    assert e.value.key == "code.public"
    with pytest.raises(BadCode) as e:
        P.decode(raw_code(GOOD_JSON, fmt=P.FORMAT + 1))
    assert e.value.key == "code.future"
    assert P.code_format("") is None and P.code_format("!!") is None and P.code_format(GOOD_CODE) == 2


def test_cut_and_tampered_codes():
    for cut in (5, len(GOOD_CODE) // 2, len(GOOD_CODE) - 3):
        with pytest.raises(BadCode) as e:
            P.PublicMatch.from_code(GOOD_CODE[:cut])
        assert e.value.key in ("code.truncated", "code.damaged")
    flipped = GOOD_CODE[:40] + ("A" if GOOD_CODE[40] != "A" else "B") + GOOD_CODE[41:]
    with pytest.raises(BadCode):
        P.PublicMatch.from_code(flipped)


def with_(**changes):
    return dict(GOOD_JSON, **changes)


@pytest.mark.parametrize("data", [
    [], {}, with_(s=1), with_(g="Chess"), with_(g=5), with_(v=0), with_(o=[]), with_(x=[]),
    with_(f=[]), with_(d={}), with_(w=[0]), with_(w=[-1] * len(GOOD_JSON["w"])),
    with_(w=[True] * len(GOOD_JSON["w"])), with_(x={"seats": [{"name": "A", "bot": None, "id": 5}]}),
    with_(x={"secret": 1}),
    with_(f=dict(GOOD_JSON["f"], game="algo")),                      # a view of another game
    with_(f={k: v for k, v in GOOD_JSON["f"].items() if k != "to_move"}),
    with_(d=[{"k": {"log": [[]]}}] + GOOD_JSON["d"][1:]),             # the log lost its events
    with_(d=[{"k": {"nope": [1, 2]}}] + GOOD_JSON["d"][1:]),          # a change that does not fit
    with_(d=[["not a change"]] + GOOD_JSON["d"][1:]),
    with_(f=dict(GOOD_JSON["f"], players=0)),
])
def test_malformed_public_records(data):
    with pytest.raises(BadCode) as e:
        P.PublicMatch.from_code(raw_code(data))
    assert e.value.key == "code.damaged"


def test_unknown_games_and_rules():
    with pytest.raises(BadCode) as e:
        P.PublicMatch.from_code(raw_code(with_(g="chess", f=dict(GOOD_JSON["f"], game="chess"))))
    assert e.value.key == "code.unknown_game"
    with pytest.raises(BadCode) as e:
        P.PublicMatch.from_code(raw_code(with_(v=99)))
    assert e.value.key == "code.rules_future"


def test_bounds():
    with pytest.raises(BadCode) as e:                       # a zip bomb
        P.decode(base64.urlsafe_b64encode(bytes([P.FORMAT]) + zlib.compress(b"[" + b" " * (5 << 20) + b"]")).decode())
    assert e.value.key == "code.too_large"
    with pytest.raises(BadCode) as e:                       # nesting, found before parsing
        P.decode(raw_code(None, text="[" * 1000 + "]" * 1000))
    assert e.value.key == "code.damaged"
    with pytest.raises(BadCode) as e:
        P.decode(raw_code(with_(o={"a": "x" * 300})))
    assert e.value.key == "code.damaged"
    with pytest.raises(BadCode) as e:
        P.decode(raw_code(with_(d=[{"k": {}}] * (MAX_MOVES + 1), w=[0] * (MAX_MOVES + 1))))
    assert e.value.key == "code.too_large"
    with pytest.raises(BadCode) as e:
        P.decode(raw_code(with_(o={"a": float("nan")}), text=json.dumps(with_(o={"a": float("nan")}))))
    assert e.value.key == "code.damaged"
    with pytest.raises(BadCode) as e:                       # a view grown too large, step by step
        big = [{"k": {f"x{i}": [["y" * 190] * 400]}} for i in range(20)]
        P.PublicMatch.from_code(raw_code(with_(d=big, w=[0] * 20)))
    assert e.value.key == "code.too_large"


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_public_codes_open_or_say_why(data):
    """Characters changed, cut or doubled, and values swapped for random JSON: a public match
    or a ``BadCode`` with a short message, never another exception."""
    kind = data.draw(st.sampled_from(["chars", "json"]))
    if kind == "chars":
        code = list(GOOD_CODE)
        for _ in range(data.draw(st.integers(1, 4))):
            i = data.draw(st.integers(0, len(code) - 1))
            code[i] = data.draw(st.sampled_from("AZaz09-_"))
        text = "".join(code)
    else:
        obj = clone(GOOD_JSON)
        key = data.draw(st.sampled_from(sorted(obj)))
        if key in ("d", "w") and obj[key]:
            i = data.draw(st.integers(0, len(obj[key]) - 1))
            obj[key][i] = data.draw(json_values)
        else:
            obj[key] = data.draw(json_values)
        text = raw_code(obj)
    try:
        pm = P.PublicMatch.from_code(text)
    except BadCode as e:
        assert len(str(e)) <= 200 and "\n" not in str(e)
        return
    for k in range(len(pm.history)):
        pm.history.view(k)


def test_save_codes_are_still_what_they_were():
    rec = decode(GOOD.code())
    assert encode(rec) == GOOD.code() and rec.seed == GOOD.record.seed


def test_clone_copies_every_level_and_makes_subclasses_plain():
    class Odd(dict):
        pass

    class Row(list):
        pass

    inner = Odd(a=[1, Row([2, {"b": None}])], c="x")
    data = {"s": inner, "t": [inner, 1.5, True], "n": None}
    copy = clone(data)
    assert copy == data
    assert type(copy["s"]) is dict and type(copy["s"]["a"][1]) is list
    copy["s"]["a"][1][1]["b"] = 9
    copy["t"][0]["c"] = "y"
    assert inner["a"][1][1]["b"] is None and inner["c"] == "x"
    assert copy["s"] is not copy["t"][0]
