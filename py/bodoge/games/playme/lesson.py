"""Learn to play Play Me!: a two-player first round against a scripted computer, on a held
clock (the lesson format is in ``bodoge.ui.lesson``; the texts are ``playme.lesson.*`` in
``strings.py``).

Real time, made calm: in a lesson ``PlayMeScreen`` holds its clock. No countdown runs, no
computer acts on its own (its moves are the lesson's, played when a step is done), and every
move carries the earliest time the rules allow, so the moves replay exactly after a reload.

The deal (seed 1): you are the Mad Hatter, the computer the Caterpillar (its Wonder power: a 1
already on its card). Your first roll is 4 2 3 2 6 1: you advance your 1, then, by the Hatter's
power, your 2 as well. The computer advances its 2 and blocks you with a 3; your roll 3 3 4 3
unblocks it (both dice go home). Your roll 6 6 3 1: you block the computer with your 3 (aiming
at its card with Q first, since your 3 would otherwise advance); it rolls and unblocks. You
advance 3 (and the turns to 6 are played for you: 4 by the Hatter's power, 5, a roll, 6), then
catch the White Rabbit. Closing notes: Wonder and Madness, the powers, the Jabberwocky.
"""

LESSON = {
    "rules": 3,
    "options": {"players": 2, "characters": ["hatter", "caterpillar"], "play_me": False,
                "challenge": False, "mad_jabberwocky": False},
    "seed": 1,
    "seats": [None, "easy"],
    "steps": [
        {"text": "playme.lesson.welcome", "spots": ["rabbit", "slots:0"]},
        {"text": "playme.lesson.characters", "spots": ["power:0", "power:1"]},
        {"text": "playme.lesson.start", "spots": ["start"], "then": [[0, {"a": "ready", "t": 0}]]},
        {"text": "playme.lesson.advance", "hint": "playme.lesson.advance_hint", "spots": ["slots:0"],
         "expect": [{"move": {"a": "advance", "n": 1, "t": 3000}, "free": ["t"],
                     "do": [{"click": "die:1"}]}]},
        {"text": "playme.lesson.twice", "hint": "playme.lesson.twice_hint", "spots": ["power:0"],
         "expect": [{"move": {"a": "advance", "n": 2, "t": 3000}, "free": ["t"],
                     "do": [{"click": "die:2"}]}],
         "then": [[1, {"a": "advance", "n": 2, "t": 3000}],
                  [1, {"a": "block", "n": 3, "s": 0, "t": 3000}]]},
        {"text": "playme.lesson.unblock", "hint": "playme.lesson.unblock_hint", "spots": ["slots:0"],
         "expect": [{"move": {"a": "unblock", "n": 3, "t": 3000}, "free": ["t"],
                     "do": [{"click": "die:3"}]}]},
        {"text": "playme.lesson.block", "hint": "playme.lesson.block_hint", "spots": ["card:1"],
         "expect": [{"move": {"a": "block", "n": 3, "s": 1, "t": 3000}, "free": ["t"],
                     "do": [{"key": "q"}, {"key": "3"}]}],
         "wrong": [{"key": "3"}],
         "then": [[1, {"a": "roll", "t": 3000}],
                  [1, {"a": "unblock", "n": 3, "t": 3000}]]},
        {"text": "playme.lesson.again", "hint": "playme.lesson.again_hint", "spots": ["card:1"],
         "expect": [{"move": {"a": "advance", "n": 3, "t": 3000}, "free": ["t"],
                     "do": [{"key": "3"}]}],
         "then": [[0, {"a": "advance", "n": 4, "t": 3000}],
                  [0, {"a": "advance", "n": 5, "t": 3000}],
                  [0, {"a": "roll", "t": 3000}],
                  [0, {"a": "advance", "n": 6, "t": 3000}]]},
        {"text": "playme.lesson.catch", "hint": "playme.lesson.catch_hint", "spots": ["slots:0"],
         "expect": [{"move": {"a": "catch", "t": 3000}, "free": ["t"], "do": [{"click": "rabbit"}]}]},
        {"text": "playme.lesson.won"},
        {"text": "playme.lesson.madness"},
        {"text": "playme.lesson.jabberwocky"},
        {"text": "playme.lesson.more"},
    ],
}
