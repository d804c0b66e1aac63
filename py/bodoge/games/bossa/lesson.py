"""Learn to play Bossa: a first game (advanced rules) against a scripted computer (the lesson
format is in ``bodoge.ui.lesson``; the texts are ``bossa.lesson.*`` in ``strings.py``).

The deal (seed 2215): you roll 6, the computer 5; you hold 1 white 3 black, 2 white 3 black,
1 white 5 black and 6 black, the computer 1 white 1 black, 4 white 1 black, 5 black and
3 white 3 black. You take the white line as your side, so the computer goes first and makes
black 6 with 2 tiles; you make white 5 with 2 tiles (the next place out takes one tile more
or one fewer); the computer Stacks on your white 5, you Stack on its black 6; it makes black 4
and has one tile left; you Exchange your 6 black (it fits nowhere) for its 3 white; it
Redraws the 6 black; you Redraw the 3 white; it Exchanges; you make white 4 with 3 tiles
(next to 2), it makes white 7, and your last three tiles make black 7 (next to 2 tiles):
your hand is empty, you win. Then the other three ways a game ends, and the basic rules.
"""

# tile ids (rules.TILES): 1 = 1 black, 4 = 2 black, 5 = 3 white, 6 = 2 white 1 black,
# 8 = 3 black, 11 = 2 white 2 black, 12 = 1 white 3 black, 13 = 4 black, 16 = 3 white 2 black,
# 17 = 2 white 3 black, 18 = 1 white 4 black, 25 = 1 white 5 black, 26 = 6 black
LESSON = {
    "rules": 3,
    "options": {"players": 2, "rules": "advanced"},
    "seed": 2215,
    "seats": [None, "easy"],
    "steps": [
        {"text": "bossa.lesson.welcome", "spots": ["hand:0", "hand:1"]},
        {"text": "bossa.lesson.choose", "hint": "bossa.lesson.choose_hint", "spots": ["roll:0", "roll:1"],
         "expect": [{"move": {"a": "own", "line": 0}, "do": [{"click": "choice:own:0"}]}],
         "wrong": [{"click": "choice:first"}],
         "then": [[1, {"a": "place", "line": 1, "end": "hi", "tiles": [3, 19]}]]},
        {"text": "bossa.lesson.lines", "spots": ["die:0", "die:1", "six:0"]},
        {"text": "bossa.lesson.cpu_place", "spots": ["place:1:6"]},
        {"text": "bossa.lesson.place", "hint": "bossa.lesson.place_hint",
         "expect": [{"move": {"a": "place", "line": 0, "end": "lo", "tiles": [16, 17]},
                     "do": [{"click": "tile:16"}, {"click": "tile:17"}, {"click": "end:0:lo"},
                            {"click": "button:confirm"}]}],
         "wrong": [{"click": "tile:16"}, {"click": "end:0:lo"}]},
        {"text": "bossa.lesson.count", "spots": ["end:0:lo", "end:0:hi"],
         "then": [[1, {"a": "stack", "line": 0, "n": 5, "tiles": [2, 10]}]]},
        {"text": "bossa.lesson.cpu_stack", "spots": ["place:0:5", "marker:1:stack"]},
        {"text": "bossa.lesson.stack", "hint": "bossa.lesson.stack_hint",
         "expect": [{"move": {"a": "stack", "line": 1, "n": 6, "tiles": [8, 12]},
                     "do": [{"click": "marker:0:stack"}, {"click": "tile:8"}, {"click": "tile:12"},
                            {"click": "place:1:6"}, {"click": "button:confirm"}]}],
         "then": [[1, {"a": "place", "line": 1, "end": "lo", "tiles": [15, 23]}]]},
        {"text": "bossa.lesson.cpu_close", "spots": ["place:1:4", "count:1"]},
        {"text": "bossa.lesson.exchange", "hint": "bossa.lesson.exchange_hint",
         "expect": [{"move": {"a": "exchange", "give": 26, "take": 5},
                     "do": [{"click": "marker:0:exchange"}, {"click": "tile:26"}, {"click": "tile:5"},
                            {"click": "button:confirm"}]}],
         "then": [[1, {"a": "redraw", "tile": 26}]]},
        {"text": "bossa.lesson.cpu_redraw", "spots": ["marker:1:redraw", "deck"]},
        {"text": "bossa.lesson.redraw", "hint": "bossa.lesson.redraw_hint",
         "expect": [{"move": {"a": "redraw", "tile": 5},
                     "do": [{"click": "marker:0:redraw"}, {"click": "tile:5"},
                            {"click": "button:confirm"}]}],
         "then": [[1, {"a": "exchange", "give": 13, "take": 6}]]},
        {"text": "bossa.lesson.cpu_exchange", "spots": ["marker:0:exchange", "marker:1:exchange"]},
        {"text": "bossa.lesson.three", "hint": "bossa.lesson.three_hint",
         "expect": [{"move": {"a": "place", "line": 0, "end": "lo", "tiles": [11, 18, 25]},
                     "do": [{"click": "tile:11"}, {"click": "tile:18"}, {"click": "tile:25"},
                            {"click": "end:0:lo"}, {"click": "button:confirm"}]}],
         "wrong": [{"click": "tile:11"}, {"click": "tile:18"}, {"click": "end:0:lo"}],
         "then": [[1, {"a": "place", "line": 0, "end": "hi", "tiles": [6, 21]}]]},
        {"text": "bossa.lesson.last", "hint": "bossa.lesson.last_hint",
         "expect": [{"move": {"a": "place", "line": 1, "end": "hi", "tiles": [1, 4, 13]},
                     "do": [{"click": "tile:1"}, {"click": "tile:4"}, {"click": "tile:13"},
                            {"click": "end:1:hi"}, {"click": "button:confirm"}]}]},
        {"text": "bossa.lesson.won"},
        {"text": "bossa.lesson.ends"},
        {"text": "bossa.lesson.basic"},
    ],
}
