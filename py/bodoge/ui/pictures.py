"""Every game's picture on the shelf (``GameUI.picture``), without importing every game's UI.

The shelf is the first screen: importing all five games' UIs to draw it would slow the first
boot. So the build (``tools/build.py``) draws each picture once, renders it with
``bodoge.ui.html`` (escaped as any other markup) and ships the markup in the site's package as
``bodoge/ui/_pictures_built.py``: a few strings, which Python compiles at once (the trees as
nested literals took 5 ms at each boot in Pyodide). From the sources (tests, the command line)
that module is absent and each picture is drawn by its game's UI. A picture that cannot be
drawn is left out (the card's text names the game).
"""

from .html import Frozen, render

_CACHE = {}


def draw(game_id):
    """The picture drawn by the game's UI now (None if it has none or fails)."""
    from .games import game_ui

    try:
        return game_ui(game_id).picture()
    except Exception:                     # noqa: BLE001 - a picture never stops the shelf
        return None


def built():
    """The pictures the build made ({game id: markup}), or None from the sources."""
    try:
        from . import _pictures_built
    except ImportError:
        return None
    return _pictures_built.PICTURES


def get(game_id):
    """The picture of ``game_id`` for its shelf card (a node or frozen markup), or None."""
    if game_id not in _CACHE:
        ready = built()
        if ready is not None and game_id in ready:
            _CACHE[game_id] = Frozen(ready[game_id])
        else:
            _CACHE[game_id] = draw(game_id)
    return _CACHE[game_id]


def module_source(game_ids):
    """The text of ``_pictures_built.py`` for these games (the build writes it): each picture's
    markup, as ``render`` makes it."""
    pictures = {}
    for game_id in game_ids:
        node = draw(game_id)
        if node is not None:
            pictures[game_id] = render(node)
    return ('"""Made by tools/build.py from each game\'s GameUI.picture: do not edit."""\n\n'
            f"PICTURES = {pictures!r}\n")
