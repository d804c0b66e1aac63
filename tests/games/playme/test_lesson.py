"""Play Me!'s lesson on a held clock (the lesson itself is followed step by step for every game
in tests/ui/test_lessons.py): nothing moves on its own, every move carries the earliest time
the rules allow, the block can be made by touch as well as by keys, and a reload while the
round's summary is up shows that summary again."""

from bodoge.core.canon import state_hash
from bodoge.games.playme import GAME
from bodoge.ui.lesson import Lesson
from bodoge.ui.storage import MemoryStore

from ui.fakehost import make_app
from ui.page import Page
from ui.test_lessons import follow

LESSON = Lesson.of("playme")


def step_of(key):
    return next(i for i, s in enumerate(LESSON.steps) if s["text"] == f"playme.lesson.{key}")


def test_the_clock_is_held_and_no_computer_plays_on_its_own():
    app, host = make_app(hash_="#/learn/playme")
    screen = follow(app, host, "playme", "en", stop=step_of("unblock"))
    moves = len(screen.match.record.moves)
    for _ in range(30):               # half a minute of the page's clock, timers run
        host.now()
        host.run_timers()
        screen.clock.wake()
    assert len(screen.match.record.moves) == moves, "a computer moved outside the script"
    assert screen.clock.countdown() == 0 and not screen.clock.hidden() and not screen.clock.paused
    assert all(move["t"] == GAME.earliest(screen.match.state) for _, move in screen.match.record.moves[1:])


def test_the_block_can_be_made_by_touch():
    """⋯ under the 3, then its Block: the same move as Q then 3."""
    i = step_of("block")
    app, host = make_app(hash_="#/learn/playme")
    screen = follow(app, host, "playme", "en", stop=i)
    app.act("more", "0-3", {})
    assert Page(host.html).where(data_act="use", data_arg="0-block-1-3")
    app.act("use", "0-block-1-3", {})
    host.run_timers()
    assert screen.script.at == i + 1
    assert LESSON.accepts(LESSON.steps[i], screen.script.moves[-1]) is not None


def test_a_reload_while_the_round_summary_is_up_shows_it_again():
    i = step_of("madness")
    app, host = make_app(hash_="#/learn/playme")
    screen = follow(app, host, "playme", "en", stop=i)
    assert Page(host.html).by_id("round-heading") is not None
    heading = screen.gui.round_heading(screen.pause, screen.ctx(0))
    again, host2 = make_app(MemoryStore(dict(host.store.data)), hash_="#/learn/playme")
    assert again.screen.script.at == i
    assert state_hash(again.screen.match.state) == state_hash(screen.match.state)
    assert 'id="round-heading"' in host2.html and heading in host2.text()
    assert "cards" in again.screen.pause           # the summary, made again from the state
