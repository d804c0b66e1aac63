"""A real-time game's clock on the page's own time (not driven by hand, as most Play Me! tests
drive it): a round started by the person runs by itself."""

from .fakehost import make_app


def test_a_round_started_by_the_person_counts_down_and_the_computers_play_by_themselves():
    """The walk of issue 26: after Start (or Next round) the countdown stayed on "3…" and the
    computers never moved until Pause and Resume: the move that starts the round found the
    clock stopped, and the clock, started after it, woke nothing."""
    app, host = make_app(hash_="#/new/playme", speed="fast")
    app.act("start", "", {"players": "2", "kind0": "human", "kind1": "easy"})
    screen = app.screen
    assert screen.match.state["phase"] == "ready" and not screen.clock.running
    app.act("start-round", "", {})
    assert screen.clock.running and host.timers, "nothing will wake the clock"
    moves = len(screen.match.record.moves)
    for _ in range(400):                 # the page's time goes on as its timers come due
        if not host.timers or len(screen.match.record.moves) > moves + 2:
            break
        due, fn = host.timers.pop(0)
        host.clock += max(0, due - host.elapsed)
        host.elapsed = max(host.elapsed, due)
        fn()
    assert len(screen.match.record.moves) > moves + 2, "the computer never moved"
