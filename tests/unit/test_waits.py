"""In the pinned Playwright, ``page.wait_for_function`` with an ``async`` predicate returns at
once (a Promise is truthy), so such a wait waits for nothing. This check fails if any test
passes one: a string literal, or a name bound to one, in the same file or imported from another
test module (``from .test_app import CACHED``, ``from e2e import harness`` then
``harness.CACHED``), that is an async function or awaits; tests poll ``page.evaluate`` instead
(``e2e.harness.wait_until``)."""

import ast
import os
import re

TESTS = os.path.join(os.path.dirname(__file__), "..")
ASYNC = re.compile(r"^\s*\(?\s*async\b|\bawait\b")
_LITERAL_ERRORS = (ValueError, TypeError, SyntaxError, MemoryError, RecursionError)


def _literal(node):
    try:
        return ast.literal_eval(node)
    except _LITERAL_ERRORS:
        return None


def _module_path(folder, module, level, root):
    """The file of test module ``module`` imported from a file in ``folder`` (``level`` dots
    before it), or None (a library's module, or not a file of the tests)."""
    base = folder
    for _ in range(max(0, level - 1)):
        base = os.path.dirname(base)
    if level == 0:
        base = root
    parts = module.split(".") if module else []
    path = os.path.join(base, *parts)
    for candidate in (path + ".py", os.path.join(path, "__init__.py")):
        if os.path.isfile(candidate):
            return candidate
    return None


class Names:
    """What the names of a test file are bound to: its own module-level constants, and those it
    imports from other files of the tests (followed however deep, each file read once)."""

    def __init__(self, root=TESTS):
        self.root = root
        self.files = {}          # path -> {name: value} (a value, or ("module", path))

    def of(self, path, source=None):
        path = os.path.abspath(path)
        if path in self.files:
            return self.files[path]
        names = self.files[path] = {}
        if source is None:
            try:
                with open(path, encoding="utf-8") as f:
                    source = f.read()
            except OSError:
                return names
        tree = ast.parse(source, path)
        folder = os.path.dirname(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Name):
                value = _literal(node.value)
                if value is not None:
                    names[node.targets[0].id] = value
            elif isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    local = alias.asname or alias.name
                    module = _module_path(folder, node.module or "", node.level, self.root)
                    sub = _module_path(folder, ".".join(filter(None, [node.module, alias.name])),
                                       node.level, self.root)
                    if sub is not None:          # from e2e import harness
                        names[local] = ("module", sub)
                    elif module is not None:     # from .test_app import CACHED
                        value = self.of(module).get(alias.name)
                        if value is not None:
                            names[local] = value
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    bound = alias.asname or alias.name.split(".")[0]   # import e2e.harness (as h)
                    module = _module_path(folder, alias.name if alias.asname else bound, 0, self.root)
                    if module is not None:
                        names[bound] = ("module", module)
        return names

    def value(self, path, node):
        """The value of expression ``node`` in file ``path``: a literal, a name, or an
        attribute of an imported test module (None: not known)."""
        if isinstance(node, ast.Name):
            value = self.of(path).get(node.id)
        elif isinstance(node, ast.Attribute):
            chain = []
            while isinstance(node, ast.Attribute):
                chain.append(node.attr)
                node = node.value
            if not isinstance(node, ast.Name):
                return None
            chain.append(node.id)
            chain.reverse()
            value = self.of(path).get(chain[0])
            for attr in chain[1:]:
                if not (isinstance(value, tuple) and value[:1] == ("module",)):
                    return None
                module = value[1]
                value = self.of(module).get(attr)
                if value is None and os.path.basename(module) == "__init__.py":
                    sub = _module_path(os.path.dirname(module), attr, 1, self.root)
                    value = ("module", sub) if sub is not None else None
        else:
            value = _literal(node)
        return None if isinstance(value, tuple) and value[:1] == ("module",) else value


def async_waits(source, filename="<test>", names=None):
    """(line, predicate) of every wait_for_function given an async predicate in ``source``."""
    names = names or Names()
    path = os.path.abspath(filename)
    names.of(path, source)
    tree = ast.parse(source, filename)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function"):
            continue
        args = list(node.args[:1]) + [k.value for k in node.keywords if k.arg == "expression"]
        for arg in args:
            value = names.value(path, arg)
            if isinstance(value, str) and ASYNC.search(value):
                found.append((node.lineno, value.strip().splitlines()[0]))
    return found


def test_no_test_passes_an_async_predicate_to_wait_for_function():
    bad = []
    names = Names()
    for folder, _, files in os.walk(TESTS):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    bad += [(os.path.relpath(path, TESTS), *hit)
                            for hit in async_waits(f.read(), path, names)]
    assert bad == [], "async predicates given to wait_for_function (they return at once): " \
                      f"{bad}; poll page.evaluate instead (e2e.harness.wait_until)"


WAIT = "page.wait_" + "for_function("          # a sample of bad waits, not waits


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
'''.replace("WAIT(", WAIT)
    assert [line for line, _ in async_waits(src)] == [6, 7, 8, 11]


def test_the_check_follows_names_imported_from_other_test_modules(tmp_path):
    """As tests/e2e/test_snapshot.py did: ``from .test_app import CACHED``, then a wait on it
    (and the same through a module imported whole, and a name imported under another name)."""
    e2e = tmp_path / "e2e"
    e2e.mkdir()
    (e2e / "__init__.py").write_text("")
    (e2e / "test_app.py").write_text(
        'CACHED = ("async () => (await caches.keys()).some(k => k.startsWith(\'bodoge:\')) "\n'
        '          "&& !!navigator.serviceWorker.controller")\n'
        'READY = "() => window.ready"\n')
    (e2e / "harness.py").write_text("from .test_app import CACHED as PRECACHED\n")
    user = e2e / "test_snapshot.py"
    src = ("from .test_app import CACHED, READY\n"
           "from e2e import harness\n"
           "import e2e.test_app as app\n"
           "import e2e.harness\n"
           "def test(page):\n"
           "    WAIT(CACHED, timeout=1)\n"
           "    WAIT(READY)\n"
           "    WAIT(harness.PRECACHED)\n"
           "    WAIT(app.CACHED)\n"
           "    WAIT(app.READY)\n"
           "    WAIT(e2e.harness.PRECACHED)\n").replace("WAIT(", WAIT)
    user.write_text(src)
    names = Names(root=str(tmp_path))
    assert [line for line, _ in async_waits(src, str(user), names)] == [6, 8, 9, 11]
