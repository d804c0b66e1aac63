"""Checks shared by the games' tests."""

from bodoge.core.errors import IllegalMove


def refused_or_legal(game, state, seat, move):
    """Any value sent as a move is either refused with IllegalMove (nothing else may be raised)
    or is one of the seat's legal moves."""
    try:
        game.apply(state, seat, move)
    except IllegalMove:
        return
    assert move in game.legal_moves(state, seat)
