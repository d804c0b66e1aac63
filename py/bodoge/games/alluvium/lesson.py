"""Learn to play ALLUVIUM: a three-player first game (you, two scripted computers and the
virtual player) on a fixed deal (the lesson format is in ``bodoge.ui.lesson``; the texts are
``alluvium.lesson.*`` in ``strings.py``).

The deal (seed 6) gives you V (3) as your open card and L (4) in hand; the virtual player turns
up P (5). You draw the V over the upper start square and the L over the lower one, then the
virtual player's P beside them: a 3×4 rectangle, and 4 ticks for the virtual player on your
map. The sheets pass clockwise: on CPU 3's map and then CPU 2's you draw your V where it earns
3 ticks (action A). Round 1 is scored (your rectangle is 3×5 = 15: the others' drawings helped).
Round 2 passes the other way: your S (4) on your own map, the virtual I (3) drawn for you, then
on CPU 2's map a hole has formed, and you fill it with one cell (action B). Rounds 2's last pass,
3 and 4 are played for you; the end explains the cooperation ranking (you win, 112 to 98 and 88).
"""

LESSON = {
    "rules": 2,
    "options": {"players": 3},
    "seed": 6,
    "seats": [None, "easy", "easy"],
    "steps": [
        {"text": "alluvium.lesson.welcome", "spots": ["map", "players"]},
        {"text": "alluvium.lesson.start", "spots": ["cell:30", "cell:50", "pieces"]},
        {"text": "alluvium.lesson.first", "hint": "alluvium.lesson.first_hint", "spots": ["button:rot"],
         "expect": [{"move": {"piece": "V3", "cells": [30, 31, 40]},
                     "do": [{"key": "r"}, {"key": "r"}, {"click": "cell:31"}, {"click": "cell:31"}]}],
         "wrong": [{"click": "cell:13"}, {"click": "cell:13"}]},
        {"text": "alluvium.lesson.second", "hint": "alluvium.lesson.second_hint", "spots": ["button:flip"],
         "expect": [{"move": {"piece": "L4", "cells": [39, 48, 49, 50]},
                     "do": [{"key": "f"}, {"key": "r"}, {"click": "cell:49"}, {"click": "cell:49"}]}],
         "then": [
             [1, {"piece": "L4", "cells": [21, 30, 39, 40]}],
             [2, {"piece": "T4", "cells": [41, 50, 51, 59]}],
             [1, {"piece": "S4", "cells": [41, 42, 49, 50]}],
             [2, {"piece": "V3", "cells": [30, 39, 40]}],
         ]},
        {"text": "alluvium.lesson.virtual", "hint": "alluvium.lesson.virtual_hint",
         "expect": [{"move": {"piece": "P5", "cells": [32, 33, 41, 42, 51]},
                     "do": [{"key": "f"}, {"click": "cell:42"}, {"click": "cell:42"}]}],
         "then": [
             [1, {"piece": "P5", "cells": [43, 44, 51, 52, 53]}],
             [2, {"piece": "P5", "cells": [48, 49, 56, 57, 58]}],
         ]},
        {"text": "alluvium.lesson.passed", "spots": ["players", "map"]},
        {"text": "alluvium.lesson.action_a", "hint": "alluvium.lesson.action_a_hint", "spots": ["preview"],
         "expect": [{"move": {"piece": "V3", "cells": [60, 68, 69]},
                     "do": [{"key": "f"}, {"click": "cell:69"}, {"click": "cell:69"}]}],
         "wrong": [{"click": "cell:0"}, {"click": "cell:0"}],
         "then": [
             [1, {"piece": "L4", "cells": [57, 58, 59, 66]}],
             [2, {"piece": "T4", "cells": [23, 31, 32, 33]}],
         ]},
        {"text": "alluvium.lesson.again", "hint": "alluvium.lesson.again_hint",
         "expect": [{"move": {"piece": "V3", "cells": [48, 57, 58]},
                     "do": [{"click": "cell:57"}, {"click": "cell:57"}]}],
         "then": [
             [1, {"piece": "L4", "cells": [20, 21, 29, 38]}],
             [2, {"piece": "T4", "cells": [29, 37, 38, 47]}],
         ]},
        {"text": "alluvium.lesson.scored"},
        {"text": "alluvium.lesson.rounds"},
        {"text": "alluvium.lesson.own", "hint": "alluvium.lesson.own_hint", "spots": ["map"],
         "expect": [{"move": {"piece": "S4", "cells": [52, 53, 60, 61]},
                     "do": [{"click": "cell:52"}, {"click": "cell:52"}]}],
         "then": [
             [1, {"piece": "P5", "cells": [20, 28, 29, 37, 38]}],
             [2, {"piece": "P5", "cells": [66, 67, 75, 76, 77]}],
             [1, {"piece": "I3", "cells": [11, 12, 13]}],
             [0, {"piece": "I3", "cells": [56, 65, 74]}],
             [2, {"piece": "I3", "cells": [31, 32, 33]}],
         ]},
        {"text": "alluvium.lesson.action_b", "hint": "alluvium.lesson.action_b_hint",
         "expect": [{"move": {"cell": 22},
                     "do": [{"click": "button:mode"}, {"click": "cell:22"}, {"click": "cell:22"}]}],
         "then": [
             [1, {"piece": "P5", "cells": [42, 43, 44, 52, 53]}],
             [2, {"piece": "P5", "cells": [62, 70, 71, 79, 80]}],
             [0, {"piece": "S4", "cells": [55, 64, 65, 74]}],
             [1, {"piece": "P5", "cells": [12, 13, 20, 21, 22]}],
             [2, {"piece": "P5", "cells": [15, 16, 17, 24, 25]}],
         ]},
        {"text": "alluvium.lesson.ahead", "quick": True,
         "then": [
             [0, {"piece": "I3", "cells": [67, 68, 69]}],
             [1, {"piece": "I3", "cells": [4, 5, 6]}],
             [2, {"piece": "L4", "cells": [28, 37, 46, 47]}],
             [0, {"piece": "T4", "cells": [25, 34, 35, 43]}],
             [1, {"piece": "T4", "cells": [59, 67, 68, 77]}],
             [2, {"piece": "T4", "cells": [12, 13, 14, 22]}],
             [0, {"piece": "I3", "cells": [27, 36, 45]}],
             [1, {"piece": "I3", "cells": [4, 5, 6]}],
             [2, {"piece": "L4", "cells": [1, 2, 10, 19]}],
             [0, {"piece": "I3", "cells": [27, 36, 45]}],
             [1, {"piece": "I3", "cells": [1, 10, 19]}],
             [2, {"piece": "L4", "cells": [18, 19, 27, 36]}],
         ]},
        {"text": "alluvium.lesson.last_round", "quick": True,
         "then": [
             [0, {"piece": "P5", "cells": [14, 15, 16, 23, 24]}],
             [1, {"piece": "V3", "cells": [61, 62, 70]}],
             [2, {"piece": "I3", "cells": [16, 25, 34]}],
             [0, {"piece": "L4", "cells": [0, 9, 10, 11]}],
             [1, {"piece": "L4", "cells": [55, 64, 65, 66]}],
             [2, {"piece": "L4", "cells": [62, 71, 79, 80]}],
             [0, {"cell": 14}],
             [1, {"piece": "V3", "cells": [6, 7, 15]}],
             [2, {"piece": "I3", "cells": [46, 55, 64]}],
             [1, {"piece": "V3", "cells": [7, 8, 17]}],
             [2, {"piece": "I3", "cells": [72, 73, 74]}],
         ]},
        {"text": "alluvium.lesson.ranking"},
        {"text": "alluvium.lesson.total"},
    ],
}
