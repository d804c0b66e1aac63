"""Build ALLUVIUM positions by hand for rule tests."""

from bodoge.games.alluvium import GAME
from bodoge.games.alluvium import board as B
from bodoge.games.alluvium.rules import EMPTY


def grid(*rows: str) -> str:
    """A map from up to 9 row strings ('.' empty, digits = territory); missing rows are empty."""
    rows = [r.replace(" ", "") or EMPTY * B.SIZE for r in rows] + [EMPTY * B.SIZE] * (B.SIZE - len(rows))
    assert all(len(r) == B.SIZE for r in rows), rows
    return "".join(rows)


def at(r, c):
    return r * B.SIZE + c


def piece_move(piece, cells):
    return {"piece": piece, "cells": sorted(cells)}


def first_move(state, seat, piece=None):
    """The first legal drawing of ``seat`` (of ``piece`` if given)."""
    for m in GAME.legal_moves(state, seat):
        if piece is None or m.get("piece") == piece:
            return m
    raise AssertionError(f"no legal move for seat {seat}")


def finish_phase(state, phase=None):
    """Everyone draws their first legal move until the phase (or the game) changes."""
    start = (state["round"], state["phase"], state["step"]) if phase is None else None
    while GAME.outcome(state) is None:
        now = (state["round"], state["phase"], state["step"])
        if (phase is None and now != start) or (phase is not None and state["phase"] != phase):
            break
        seat = GAME.to_move(state)[0]
        state = GAME.apply(state, seat, first_move(state, seat))
    return state


def rig(players=4, maps=None, **fields):
    """A fresh game with some fields replaced (maps: {owner: map string})."""
    state = GAME.setup({"players": players}, 7)
    for o, cells in (maps or {}).items():
        state["maps"][o] = cells
    state.update(fields)
    return state
