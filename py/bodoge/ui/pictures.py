"""Every game's picture on the shelf (``GameUI.picture``), without importing every game's UI.

The shelf is the first screen: importing all five games' UIs to draw it would slow the first
boot. So the build (``tools/build.py``) draws each picture once and ships them in the site's
package as ``bodoge/ui/_pictures_built.py``: node trees as plain tuples (``frozen``), rebuilt
here into ``h`` nodes, so the markup still goes through ``bodoge.ui.html`` and is escaped as
any other. From the sources (tests, the command line) that module is absent and each picture
is drawn by its game's UI. A picture that cannot be drawn is left out (the card's text names
the game).
"""

from .html import Node, h

_CACHE = {}


def frozen(node):
    """``node`` (an ``h`` tree) as plain tuples, strings and lists: (tag, attrs, children)."""
    if isinstance(node, Node):
        return (node.tag, {k: str(v) if v is not True else True for k, v in node.attrs.items()
                           if v is not None and v is not False},
                [frozen(c) for c in _flat(node.children)])
    return str(node)


def _flat(children):
    for c in children:
        if c is None or c is False or c is True:
            continue
        if isinstance(c, (list, tuple)):
            yield from _flat(c)
        else:
            yield c


def thawed(tree):
    """The ``h`` tree ``frozen`` made ``tree`` from."""
    if isinstance(tree, tuple):
        tag, attrs, children = tree
        return h(tag, dict(attrs), *[thawed(c) for c in children])
    return str(tree)


def draw(game_id):
    """The picture drawn by the game's UI now (None if it has none or fails)."""
    from .games import game_ui

    try:
        return game_ui(game_id).picture()
    except Exception:                     # noqa: BLE001 - a picture never stops the shelf
        return None


def built():
    """The pictures the build made ({game id: frozen tree}), or None from the sources."""
    try:
        from . import _pictures_built
    except ImportError:
        return None
    return _pictures_built.PICTURES


def get(game_id):
    """The picture of ``game_id`` for its shelf card (an ``h`` node), or None."""
    if game_id not in _CACHE:
        ready = built()
        if ready is not None and game_id in ready:
            _CACHE[game_id] = thawed(ready[game_id])
        else:
            _CACHE[game_id] = draw(game_id)
    return _CACHE[game_id]


def module_source(game_ids):
    """The text of ``_pictures_built.py`` for these games (the build writes it)."""
    pictures = {}
    for game_id in game_ids:
        node = draw(game_id)
        if node is not None:
            pictures[game_id] = frozen(node)
    return ('"""Made by tools/build.py from each game\'s GameUI.picture: do not edit."""\n\n'
            f"PICTURES = {pictures!r}\n")
