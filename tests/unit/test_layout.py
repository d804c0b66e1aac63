"""A game is one folder (rules, bots, UI, strings, style and tests together), and its rules
and bots never depend on the UI: importing every engine module loads nothing of the UI. No
module of the package imports one that imports it back, at the top or inside a function (a
game's package registers its bots, so the rules never import them)."""

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
    # protocol.py: the game's part of the protocol suite (tests/games/test_protocol.py)
    for name in ("protocol.py", "test_rules.py", "test_ui.py", "test_e2e.py"):
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


# --- import cycles -------------------------------------------------------------------------------
PACKAGE = os.path.join(ROOT, "py", "bodoge")


def module_files():
    """{module name: (path, whether it is a package's __init__)} for every module of bodoge."""
    out = {}
    for folder, _, files in os.walk(PACKAGE):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                parts = os.path.relpath(path, os.path.dirname(PACKAGE))[:-3].split(os.sep)
                is_package = parts[-1] == "__init__"
                out[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return out


def import_graph():
    """{module: the bodoge modules it imports}, every import statement counted wherever it is
    (a lazy import inside a function closes a cycle as surely as one at the top)."""
    modules = module_files()
    graph = {}
    for module, (path, is_package) in modules.items():
        package = module if is_package else module.rsplit(".", 1)[0]
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        targets = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                for alias in node.names:          # from .x import y: the module y, else x
                    full = f"{base}.{alias.name}"
                    targets.add(full if full in modules else base)
            elif isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
        graph[module] = {t for t in targets if t in modules and t != module}
    return graph


def cycles(graph):
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle_through_a_lazy_import():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [{"a", "b", "c"}]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles():
    graph = import_graph()
    assert "bodoge.games.algo.bots" in graph["bodoge.games.algo"]   # the graph is read
    found = cycles(graph)
    engine = [c for c in found if not all(m.startswith("bodoge.ui") for m in c)]
    assert engine == [], "the engines (core, rules, bots) import in one direction"
    assert found == [], "the UI's modules import in one direction too (the midend composed)"
