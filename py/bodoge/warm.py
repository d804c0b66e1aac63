"""What a Pyodide memory snapshot holds, and what a restored one must redo.

``web/pyodide/snap-worker.mjs`` starts a Pyodide of its own in a worker, puts bodoge.zip on its
path, calls ``warm(key)`` and stores the interpreter's memory; a returning visit restores that memory
(``web/pyodide/snap.mjs``) instead of starting Python and importing all of this again, then calls
``restored(key)``.

A snapshot freezes the interpreter as ``warm`` leaves it. So every module imported here must,
at import time, read nothing of the page, storage, the clock or the environment, and keep no JS
object (Pyodide refuses to snapshot one): ``bodoge.ui.dom`` is the one module that touches the
page and is imported only after the restore. What a snapshot still freezes (the ``random``
module's state) is renewed by ``restored``.
"""

import importlib
import importlib.util
import pkgutil
import random
import sys

import bodoge

# Not imported into a snapshot: dom touches the page; the command line is not for the browser.
SKIP = ("bodoge.ui.dom", "bodoge.cli", "bodoge.__main__")
# Standard modules the page imports after a restore (PyScript's own package, ui/dom.py), pure
# themselves: imported here too, so the page finds them ready (and the build precompiles
# them: tools/stdlib_pyc.mjs).
PAGE_STDLIB = ("html", "secrets")

_key = None      # the snapshot's key (Pyodide version, site version, warm-up hash), set by warm


def modules():
    """Every module of the package but ``SKIP``, in a stable order."""
    names = [m.name for m in pkgutil.walk_packages(bodoge.__path__, "bodoge.")]
    return sorted(n for n in names if n not in SKIP)


def warm(key):
    """Import every pure module and remember ``key``; the names imported."""
    global _key
    names = modules()
    for name in PAGE_STDLIB + tuple(names):
        importlib.import_module(name)
    _key = str(key)
    return names


def stdlib_files():
    """The standard modules imported so far from the standard library's zip (Pyodide's
    python_stdlib.zip; none in CPython, whose library is a folder), not those frozen into the
    interpreter: {module name: its file inside the zip}. A ``.py`` file is one Python compiled
    from source (tools/stdlib_pyc.mjs, which ships those a boot imports as bytecode). The zip
    is /lib/python3XX.zip (bodoge.zip is on the path too, in the page)."""
    lib = next((p for p in sys.path if p.endswith(".zip") and p.rsplit("/", 1)[-1].startswith("python")),
               None)
    if lib is None:
        return {}
    return {name: m.__file__[len(lib) + 1:] for name, m in list(sys.modules.items())
            if (getattr(m, "__file__", None) or "").startswith(lib + "/")
            and getattr(m.__spec__, "origin", None) != "frozen"}


def code_imports(code):
    """The absolute imports in a code object and the functions and classes inside it: (module,
    names imported from it, or () for ``import module``)."""
    import dis

    found = []
    steps = list(dis.get_instructions(code))
    for i, step in enumerate(steps):
        # IMPORT_NAME takes the level and the names from the two constants loaded before it
        if step.opname == "IMPORT_NAME" and i >= 2 and steps[i - 2].argval == 0:
            found.append((step.argval, tuple(steps[i - 1].argval or ())))
    for const in code.co_consts:
        if hasattr(const, "co_code"):
            found += code_imports(const)
    return found


def unresolved_imports():
    """Every absolute import of the package (but the command line's) that does not resolve
    here, as "module" or "module.name": a module not found, or a name its module lacks. In the
    page it is none: the site's standard library holds only the standard modules the site
    imports (tools/build.py finds them by these same imports, wherever they are: a module
    imported only inside a function must be there too). Read from each module's code as its
    loader has it (source, or the bytecode the site ships), without running it."""
    missing = set()

    def resolves(module, name=None):
        try:
            found = importlib.import_module(module)
        except ImportError:
            return False
        if name is None or hasattr(found, name):
            return True
        try:
            importlib.import_module(f"{module}.{name}")
        except ImportError:
            return False
        return True

    names = [m.name for m in pkgutil.walk_packages(bodoge.__path__, "bodoge.")]
    for name in ["bodoge"] + sorted(n for n in names if n not in ("bodoge.cli", "bodoge.__main__")):
        code = importlib.util.find_spec(name).loader.get_code(name)
        for module, imported in code_imports(code):
            if not resolves(module):
                missing.add(module)
                continue
            missing.update(f"{module}.{n}" for n in imported if n != "*" and not resolves(module, n))
    return sorted(missing)


def restored(key):
    """After a restore: whether this memory was made for ``key`` (if not, the page boots
    normally instead); if it was, reseed what the snapshot froze."""
    if _key is None or _key != str(key):
        return False
    random.seed()          # from the OS (crypto.getRandomValues): a new sequence every visit
    return True
