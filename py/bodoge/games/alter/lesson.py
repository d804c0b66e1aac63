"""Learn to play ALTER: one set (four rounds) with three scripted computers (the lesson format
is in ``bodoge.ui.lesson``; the texts are ``alter.lesson.*`` in ``strings.py``).

Seed 1, you deal first. Round 1: you put your Pick card on place 3, CPU 2 Changes onto it (your
Pick moves on to place 4), CPU 3 Watches and takes place 2, CPU 4 place 1: you take red 0.
Round 2: you are the last player; you Watch (place 1: blue 0), then Change onto place 2 (a
cascade of three Picks) and take red 2. Round 3: your Change onto place 1 pushes two Picks;
you take green 1. Round 4: you Watch three places and take blue 3 (devil): 0-1-2-3 all devil,
a Straight and Wings, 12 points, the set's best; CPU 4 has the lowest base and gets Min. Then
the other bonuses, Victory, and the sets of a game.
"""

LESSON = {
    "rules": 2,
    "options": {"players": 4, "first": 0},
    "seed": 1,
    "seats": [None, "easy", "easy", "easy"],
    "steps": [
        {"text": "alter.lesson.welcome", "spots": ["seat:0", "seat:1", "seat:2", "seat:3"]},
        {"text": "alter.lesson.shown", "spots": ["shown:0", "shown:1", "shown:2", "shown:3"]},
        {"text": "alter.lesson.deal", "hint": "alter.lesson.deal_hint",
         "expect": [{"move": {"a": "place", "p": 2}, "do": [{"click": "place:2"}]}],
         "wrong": [{"click": "place:0"}],
         "then": [[1, {"a": "change", "p": 2}]]},
        {"text": "alter.lesson.changed", "spots": ["place:2", "place:3"],
         "then": [[2, {"a": "watch"}], [2, {"a": "place", "p": 1}]]},
        {"text": "alter.lesson.watched", "spots": ["place:1", "seat:2"],
         "then": [[3, {"a": "watch"}], [3, {"a": "place", "p": 0}]]},
        {"text": "alter.lesson.took",
         "then": [[1, {"a": "place", "p": 1}], [2, {"a": "change", "p": 1}],
                  [3, {"a": "watch"}], [3, {"a": "place", "p": 3}]]},
        {"text": "alter.lesson.last", "hint": "alter.lesson.last_hint", "spots": ["place:0"],
         "expect": [{"move": {"a": "watch"}, "do": [{"click": "button:watch"}, {"click": "button:confirm"}]}],
         "wrong": [{"click": "place:1"}, {"click": "button:confirm"}]},
        {"text": "alter.lesson.then_change", "hint": "alter.lesson.then_change_hint", "spots": ["place:0"],
         "expect": [{"move": {"a": "change", "p": 1}, "do": [{"click": "place:1"}, {"click": "button:confirm"}]}]},
        {"text": "alter.lesson.cascade",
         "then": [[2, {"a": "place", "p": 0}], [3, {"a": "watch"}], [3, {"a": "place", "p": 1}]]},
        {"text": "alter.lesson.push", "hint": "alter.lesson.push_hint", "spots": ["place:1"],
         "expect": [{"move": {"a": "change", "p": 0}, "do": [{"click": "place:0"}, {"click": "button:confirm"}]}],
         "then": [[1, {"a": "watch"}], [1, {"a": "place", "p": 3}]]},
        {"text": "alter.lesson.took3", "then": [[3, {"a": "place", "p": 0}]]},
        {"text": "alter.lesson.watch", "hint": "alter.lesson.watch_hint", "spots": ["seat:0"],
         "expect": [{"move": {"a": "watch"}, "do": [{"click": "button:watch"}, {"click": "button:confirm"}]}]},
        {"text": "alter.lesson.choose", "hint": "alter.lesson.choose_hint", "spots": ["place:2", "place:3"],
         "expect": [{"move": {"a": "place", "p": 1}, "do": [{"click": "place:1"}]}],
         "then": [[1, {"a": "watch"}], [1, {"a": "place", "p": 2}],
                  [2, {"a": "watch"}], [2, {"a": "place", "p": 3}]]},
        {"text": "alter.lesson.scored"},
        {"text": "alter.lesson.min"},
        {"text": "alter.lesson.bonuses"},
        {"text": "alter.lesson.game"},
    ],
}
