"""Learn to play algo: a two-player first game against a scripted computer (the lesson format
is in ``bodoge.ui.lesson``; the texts are ``algo.lesson.*`` in ``strings.py``).

The deal (seed 592) gives you black 0, white 0, black 2 and black 9, the computer black 1,
black 4, white 6 and white 10, and you deal first, drawing black 10. The lesson plays: your
attack on its first card, deduced (black 0 is yours, so declare 1: hit); Stay; the computer
hits your black 0 and misses on your black 10, so its drawn black 8 goes face up; your guess
of 3 on its second card misses, so your drawn white 2 goes face up; the computer hits your
white 0 and stays; then the turns until the deck is empty are played for you (quickly); with
no card to draw you put one of your own at stake, and the two cards nobody has seen, white 6
and white 7, must be the computer's last two: two hits, the computer is out, you win the
round. Closing notes: rounds and the game, point chips, pair play and 詰めアルゴ.
"""

LESSON = {
    "rules": 4,
    "options": {"players": 2},
    "seed": 592,
    "seats": [None, "easy"],
    "steps": [
        {"text": "algo.lesson.welcome", "spots": ["row:1", "row:0"]},
        {"text": "algo.lesson.order", "spots": ["card:0:0", "card:0:1"]},
        {"text": "algo.lesson.colours", "spots": ["row:1"]},
        {"text": "algo.lesson.draw", "spots": ["drawn", "deck"]},
        {"text": "algo.lesson.attack", "hint": "algo.lesson.attack_hint",
         "expect": [{"move": {"a": "attack", "s": 1, "p": 0, "n": 1},
                     "do": [{"click": "card:1:0"}, {"click": "num:1"}]}],
         "wrong": [{"click": "card:1:0"}, {"click": "num:7"}]},
        {"text": "algo.lesson.hit", "hint": "algo.lesson.hit_hint", "spots": ["button:stay"],
         "expect": [{"move": {"a": "stay"}, "do": [{"key": "s"}]}],
         "then": [[1, {"a": "attack", "s": 0, "p": 0, "n": 0}]]},
        {"text": "algo.lesson.cpu_hit", "spots": ["card:0:0"],
         "then": [[1, {"a": "attack", "s": 0, "p": 4, "n": 11}]]},
        {"text": "algo.lesson.cpu_miss", "spots": ["card:0:4", "card:1:3"]},
        {"text": "algo.lesson.guess", "hint": "algo.lesson.guess_hint", "spots": ["drawn"],
         "expect": [{"move": {"a": "attack", "s": 1, "p": 1, "n": 3},
                     "do": [{"click": "card:1:1"}, {"click": "num:3"}]}]},
        {"text": "algo.lesson.miss", "spots": ["card:0:3"],
         "then": [[1, {"a": "attack", "s": 0, "p": 1, "n": 0}], [1, {"a": "stay"}]]},
        {"text": "algo.lesson.ahead", "spots": ["card:0:1"], "quick": True,
         "then": [
             [0, {"a": "attack", "s": 1, "p": 5, "n": 11}],
             [1, {"a": "attack", "s": 0, "p": 2, "n": 2}], [1, {"a": "stay"}],
             [0, {"a": "attack", "s": 1, "p": 5, "n": 8}], [0, {"a": "stay"}],
             [1, {"a": "attack", "s": 0, "p": 6, "n": 10}], [1, {"a": "stay"}],
             [0, {"a": "attack", "s": 1, "p": 7, "n": 10}], [0, {"a": "stay"}],
             [1, {"a": "attack", "s": 0, "p": 8, "n": 11}], [1, {"a": "stay"}],
             [0, {"a": "attack", "s": 1, "p": 1, "n": 1}], [0, {"a": "stay"}],
             [1, {"a": "attack", "s": 0, "p": 5, "n": 6}],
             [0, {"a": "attack", "s": 1, "p": 2, "n": 3}], [0, {"a": "stay"}],
             [1, {"a": "attack", "s": 0, "p": 5, "n": 6}], [1, {"a": "stay"}],
             [0, {"a": "attack", "s": 1, "p": 10, "n": 11}],
             [0, {"a": "attack", "s": 1, "p": 3, "n": 4}],
             [0, {"a": "attack", "s": 1, "p": 4, "n": 4}], [0, {"a": "stay"}],
             [1, {"a": "attack", "s": 0, "p": 4, "n": 3}], [1, {"a": "stay"}],
         ]},
        {"text": "algo.lesson.empty", "spots": ["deck"]},
        {"text": "algo.lesson.deduce", "spots": ["card:1:6", "card:1:7"]},
        {"text": "algo.lesson.stake", "hint": "algo.lesson.stake_hint",
         "expect": [{"move": {"a": "attack", "s": 1, "p": 6, "n": 6, "w": 5}, "free": ["w"],
                     "do": [{"click": "card:0:5"}, {"click": "card:1:6"}, {"click": "num:6"}]}]},
        {"text": "algo.lesson.last", "hint": "algo.lesson.last_hint",
         "expect": [{"move": {"a": "attack", "s": 1, "p": 7, "n": 7},
                     "do": [{"click": "card:1:7"}, {"click": "num:7"}]}]},
        {"text": "algo.lesson.out"},
        {"text": "algo.lesson.game"},
        {"text": "algo.lesson.more"},
    ],
}
