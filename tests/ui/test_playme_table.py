"""Play Me! over several devices (issue 26): a refusal said in a round does not outlive it (a
guest's move that reached the host after the rabbit was caught was refused, and its banner
stayed through the whole next round)."""

from .fakehost import Text
from .test_table import host_game, join, race


def play_a_round(hs, gs, net):
    for _ in range(400):
        if hs.match.state["phase"] == "ready" and hs.match.state["results"]:
            return
        for screen, seat in ((hs, 0), (gs, 1)):
            move = race(screen, seat)
            if move is not None:
                screen.play(seat, move)
                net.run()
        hs.drive_clock("advance", 100)
        net.run()
    raise AssertionError("the round did not end")


def test_a_refusal_does_not_outlive_its_round():
    app, host, net = host_game("playme", {"players": "2", "kind0": "human", "kind1": "guest",
                                          "char0": "queen", "char1": "hatter"})
    gapp, ghost = join(app, net, 1, "Ben")
    hs, gs = app.screen, gapp.screen
    hs.drive_clock("manual")
    hs.act("start-round", "", {})
    hs.drive_clock("advance", 3100)
    net.run()
    play_a_round(hs, gs, net)
    assert gs.pause is not None                       # the summary, on the guest's device too
    # the guest's last tap reached the host after the catch: refused, and said so
    gs.play(1, {"a": "roll"})
    net.run()
    refusal = gs.error
    assert refusal and refusal in Text.of(ghost.html)
    # the host starts the next round: the refusal was about the last one
    hs.act("next-round", "", {})
    net.run()
    assert hs.match.state["phase"] == "play" and gs.pause is None
    assert gs.error is None and refusal not in Text.of(ghost.html)
    # and on the host's own device: a refusal in a round is gone with the summary's end
    hs.drive_clock("advance", 3100)
    net.run()
    play_a_round(hs, gs, net)
    hs.play(0, {"a": "roll"})
    assert hs.error and hs.error in Text.of(host.html)
    gs.act("next-round", "", {})                      # (the guest starts this one)
    net.run()
    assert hs.match.state["phase"] == "play" and hs.error is None
