"""bodoge: Japanese tabletop games with pure-Python engines.

The engines (``bodoge.core``, ``bodoge.games``) use the standard library only and run the same
on CPython and on Pyodide. ``bodoge.ui`` renders views for the browser; only
``bodoge.ui.dom`` touches the browser.
"""

__version__ = "0.1.0"
