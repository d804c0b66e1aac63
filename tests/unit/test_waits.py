"""In the pinned Playwright, ``page.wait_for_function`` with an ``async`` predicate returns at
once (a Promise is truthy), so such a wait waits for nothing. This check fails if any test
passes one (a string literal, or a name bound to one in the same file, that is an async
function or awaits); tests poll ``page.evaluate`` instead (``e2e.harness.wait_until``)."""

import ast
import os
import re

TESTS = os.path.join(os.path.dirname(__file__), "..")
ASYNC = re.compile(r"^\s*\(?\s*async\b|\bawait\b")


def async_waits(source, filename="<test>"):
    """(line, predicate) of every wait_for_function given an async predicate in ``source``."""
    tree = ast.parse(source, filename)
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name):
            try:
                names[node.targets[0].id] = ast.literal_eval(node.value)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                pass
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function"):
            continue
        args = list(node.args[:1]) + [k.value for k in node.keywords if k.arg == "expression"]
        for arg in args:
            value = names.get(arg.id) if isinstance(arg, ast.Name) else None
            if value is None:
                try:
                    value = ast.literal_eval(arg)
                except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                    value = None
            if isinstance(value, str) and ASYNC.search(value):
                found.append((node.lineno, value.strip().splitlines()[0]))
    return found


def test_no_test_passes_an_async_predicate_to_wait_for_function():
    bad = []
    for folder, _, files in os.walk(TESTS):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    bad += [(os.path.relpath(path, TESTS), *hit) for hit in async_waits(f.read(), path)]
    assert bad == [], "async predicates given to wait_for_function (they return at once): " \
                      f"{bad}; poll page.evaluate instead (e2e.harness.wait_until)"


def test_the_check_finds_what_it_must():
    src = '''
CACHED = "async () => (await caches.keys()).length > 0"
NEW = ("async (old) => { const k = await caches.keys();"
       " return k.length === 1; }")
def test(page):
    WAIT(CACHED, timeout=5)
    WAIT(NEW, arg=1)
    WAIT("""async () => {
        return !!(await navigator.serviceWorker.getRegistration());
    }""")
    WAIT(expression="() => fetch('x').then(async r => await r.text())")
    WAIT("() => document.title === 'ok'")
    WAIT("window.ready")
'''.replace("WAIT(", "page.wait_" + "for_function(")   # a sample of bad waits, not waits
    assert [line for line, _ in async_waits(src)] == [6, 7, 8, 11]
