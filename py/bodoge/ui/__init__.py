"""The user interface: renders views to HTML and turns clicks and keys into moves.

Everything here except ``dom`` is plain Python (testable in CPython); ``dom`` is the only
module that touches the browser. The UI never decides rules: moves go through the engine.
"""
