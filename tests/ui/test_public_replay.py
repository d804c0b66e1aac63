"""The replay of a public record (a replay link of a game in progress: what spectators saw, no
seed) in CPython: it draws every move exactly as the replay of the whole code of the same game
draws it for a spectator, in every game; it offers no seat's view; a forged view gives a short
message and the replay goes on; a public code opened as a game to play says what it is."""

import re

import pytest

from bodoge.core import public as P
from bodoge.core.match import Match
from bodoge.core.protocol import clone

from .fakehost import Text, make_app
from .page import Page
from .test_replay import GAMES, code_of, played


def stage(html):
    """The markup of what a replay shows at a move: the prompt, the table and the log."""
    return re.search(r'<div class="table-frame">.*</div>', html, re.S).group(0)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_public_record_replays_as_the_whole_code_does_for_a_spectator(game_id):
    total = len(played(game_id).moves)
    cut = max(2, total // 2)
    code = code_of(game_id, moves=cut, people=1)
    public = P.share_code(Match.from_code(code))
    assert P.is_public(public) and public != code
    whole_app, whole_host = make_app(hash_=f"#replay={code}&move=0")
    app, host = make_app(hash_=f"#replay={public}&move=0")
    assert app.screen.public and app.screen.perspectives() == ["table"] and app.screen.total == cut
    assert Page(host.html).by_id("replay-seat") is None
    for k in sorted({0, 1, cut // 3, cut // 2, cut - 1, cut}):
        whole_app.screen.go(k)
        app.screen.go(k)
        assert stage(host.html) == stage(whole_host.html), (game_id, k)
        assert Text.of(host.html) == Text.of(whole_host.html)
    assert host.hash == f"#replay={public}&move={cut}"        # the address holds the public code


def forged_at_6(match, change):
    """The public code of ``match``'s first 6 moves, the 6th's change replaced by ``change``."""
    data = P.of_match(match).to_json()
    data["d"], data["w"] = data["d"][:6], data["w"][:6]
    data["d"][5] = change
    return P.encode(P.PublicRecord.from_json(data))


def test_a_view_the_game_cannot_draw_gives_a_short_message_and_the_replay_goes_on():
    match = Match.from_code(code_of("alter", moves=12))
    forged = forged_at_6(match, {"k": {"places": [[{"pick": "x", "card": {"no": 1}}]], "past": [5]}})
    app, host = make_app(hash_=f"#replay={forged}&move=5")
    assert "Replay · move 5 of 6" in host.text()
    app.key("ArrowRight")
    assert "This move of the replay cannot be shown: its code is damaged." in host.text()
    assert Page(host.html).by_id("replay-prev") is not None   # the controls are still there
    app.key("ArrowLeft")
    assert "Replay · move 5 of 6" in host.text()
    # a forged log (the log shown is the last view's): every move says so, and nothing breaks
    end = len(match.game.view(match.history.state(5), None)["log"])
    forged = forged_at_6(match, {"k": {"log": [end, [{"e": "take", "set": "x"}]]}})
    app, host = make_app(hash_=f"#replay={forged}&move=5")
    assert "This move of the replay cannot be shown: its code is damaged." in host.text()
    app.key("ArrowRight")
    assert host.announced[-1] == "This move of the replay cannot be shown: its code is damaged."
    app.key("Home")
    app.act("go-shelf", "", {}) if Page(host.html).where(data_act="go-shelf") else app.route("#/")
    assert type(app.screen).__name__ == "ShelfScreen"


def test_a_public_code_opened_to_play_says_what_it_is():
    public = P.share_code(Match.from_code(code_of("bossa", moves=4)))
    app, host = make_app(hash_=f"#load={public}")
    assert type(app.screen).__name__ == "ShelfScreen"
    assert "It holds a game as its spectators saw it (a replay link), not the game itself" in host.text()


def test_a_damaged_public_code_says_so():
    public = P.share_code(Match.from_code(code_of("bossa", moves=4)))
    app, host = make_app(hash_=f"#replay={public[:-12]}")
    assert type(app.screen).__name__ == "ShelfScreen" and "cannot be" in host.text().lower()
    data = P.decode(public).to_json()
    data["f"] = clone(data["f"])
    del data["f"]["log"]
    app, host = make_app(hash_=f"#replay={P.encode(P.PublicRecord.from_json(data))}")
    assert type(app.screen).__name__ == "ShelfScreen" and "The code is damaged." in host.text()
