"""A game is one folder (rules, bots, UI, strings, style and tests together), and its rules
and bots never depend on the UI: importing every engine module loads nothing of the UI."""

import ast
import os
import subprocess
import sys

import pytest

from bodoge.games import CATALOG

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
GAMES = os.path.join(ROOT, "py", "bodoge", "games")
UI_MODULES = ("ui", "strings")          # a game's UI side: ui.py, ui_*.py, strings.py


def is_ui(module):
    return module in UI_MODULES or module.startswith("ui_")


def engine_modules(game_id):
    folder = os.path.join(GAMES, game_id)
    return sorted(n[:-3] for n in os.listdir(folder) if n.endswith(".py") and not is_ui(n[:-3]))


@pytest.mark.parametrize("game_id", [g.id for g in CATALOG])
def test_a_game_is_one_folder(game_id):
    folder = os.path.join(GAMES, game_id)
    for name in ("__init__.py", "rules.py", "bots.py", "ui.py", "strings.py", "style.css"):
        assert os.path.isfile(os.path.join(folder, name)), name
    tests = os.path.join(ROOT, "tests", "games", game_id)
    for name in ("test_rules.py", "test_properties.py", "test_ui.py", "test_e2e.py"):
        assert os.path.isfile(os.path.join(tests, name)), name


@pytest.mark.parametrize("game_id", [g.id for g in CATALOG])
def test_engine_modules_import_nothing_of_the_ui(game_id):
    for module in engine_modules(game_id):
        with open(os.path.join(GAMES, game_id, module + ".py"), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:      # from .ui / from ...ui.html
                parts = (node.module or "").split(".") + [a.name for a in node.names]
                assert not any(is_ui(p) for p in parts), (module, ast.dump(node))
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [node.module] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                assert not any(n.startswith("bodoge.ui") for n in names), (module, names)

def test_importing_every_engine_loads_no_ui_module():
    mods = [f"bodoge.games.{g.id}.{m}" for g in CATALOG for m in engine_modules(g.id)]
    code = ("import importlib, sys\n"
            f"for m in {mods!r}: importlib.import_module(m)\n"
            "bad = sorted(m for m in sys.modules if m.startswith('bodoge.ui') or "
            "m.split('.')[-1] in ('ui', 'strings') or m.split('.')[-1].startswith('ui_'))\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": os.path.join(ROOT, "py")})
    assert out.stdout.strip() == ""
