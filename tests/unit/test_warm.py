"""The warm-up of a Pyodide memory snapshot (bodoge/warm.py): what it imports must be safe to
freeze, and a restored interpreter accepts only its own key and reseeds ``random``."""

import json
import os
import pkgutil
import random
import subprocess
import sys

import bodoge
from bodoge import warm
from bodoge.games import PLAYABLE

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def run(code):
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": os.path.join(ROOT, "py")})
    return json.loads(out.stdout)


def test_warm_imports_every_module_but_the_page_and_the_command_line():
    every = {m.name for m in pkgutil.walk_packages(bodoge.__path__, "bodoge.")}
    assert set(warm.modules()) == every - {"bodoge.ui.dom", "bodoge.cli", "bodoge.__main__"}
    games = {f"bodoge.games.{g}.{m}" for g in PLAYABLE for m in ("rules", "bots", "ui", "strings")}
    assert {"bodoge.ui.app", "bodoge.ui.devapi"} | games <= set(warm.modules())


def test_warm_loads_nothing_of_the_browser():
    """No js, pyodide or pyscript module (their objects cannot go into a snapshot), and not
    bodoge.ui.dom, which reads the page."""
    got = run("import sys, json\nfrom bodoge import warm\nnames = warm.warm('k')\n"
              "print(json.dumps([names, sorted(sys.modules)]))")
    names, loaded = got
    assert names == warm.modules()
    assert set(names) <= set(loaded)
    browser = [m for m in loaded if m.split(".")[0] in ("js", "pyodide", "pyscript", "pyodide_js")]
    assert browser == []
    assert "bodoge.ui.dom" not in loaded


def test_warm_reads_no_clock_environment_or_randomness_at_import():
    """Import-time code runs once, in the worker that makes the snapshot: whatever it reads
    would be frozen for every later visit. Imports must not call the clock, the environment
    or the random module's shared generator."""
    got = run("""
import json, os, random, time, datetime, secrets
calls = []
def spy(name, fn):
    def wrapped(*a, **k):
        calls.append(name)
        return fn(*a, **k)
    return wrapped
time.time = spy("time.time", time.time)
time.localtime = spy("time.localtime", time.localtime)
os.getenv = spy("os.getenv", os.getenv)
os.urandom = spy("os.urandom", os.urandom)
for name in ("random", "randint", "randrange", "choice", "shuffle", "getrandbits", "seed"):
    setattr(random, name, spy("random." + name, getattr(random, name)))
class Env(dict):
    def __getitem__(self, k):
        calls.append("os.environ")
        return dict.__getitem__(self, k)
os.environ = Env(os.environ)
from bodoge import warm
warm.warm("k")
print(json.dumps(calls))
""")
    assert got == []


def test_restored_accepts_only_its_own_key():
    saved = warm._key
    try:
        warm._key = None
        assert warm.restored("314.0.7-abc-123") is False        # memory of no warm-up
        warm._key = "314.0.7-abc-123"
        assert warm.restored("314.0.7-def-123") is False        # another deploy's snapshot
        assert warm.restored("314.0.7-abc-123") is True
    finally:
        warm._key = saved


def test_restored_reseeds_random_and_a_refused_key_does_not():
    saved_key, saved_state = warm._key, random.getstate()
    try:
        warm._key = "k"
        random.seed(7)                      # what a snapshot froze
        frozen = random.getstate()
        assert warm.restored("other") is False
        assert random.getstate() == frozen
        draws = set()
        for _ in range(2):                  # two restored visits from the same memory
            random.setstate(frozen)
            assert warm.restored("k") is True
            draws.add(random.getrandbits(64))
        assert len(draws) == 2
    finally:
        warm._key = saved_key
        random.setstate(saved_state)


def test_warm_is_what_the_snapshot_worker_calls():
    """web/pyodide/snap.mjs calls bodoge.warm.warm(key) and .restored(key) by name."""
    with open(os.path.join(ROOT, "web", "pyodide", "snap.mjs"), encoding="utf-8") as f:
        js = f.read()
    assert 'pyimport("bodoge.warm")' in js and "warm.warm(key)" in js and "warm.restored(KEY)" in js


def test_stdlib_files_names_the_modules_imported_from_the_library_zip(tmp_path):
    """What the build precompiles and the page reports (``window.bodoge.stdlibSources``): the
    modules loaded from the first zip on the path, as files inside it; frozen ones left out."""
    import zipfile

    lib = tmp_path / "python314.zip"
    with zipfile.ZipFile(lib, "w") as z:
        z.writestr("plain.py", "X = 1\n")
        z.writestr("pack/__init__.py", "")
        z.writestr("pack/inner.py", "Y = 2\n")
    got = run("import json, sys\n"
              f"sys.path.insert(0, {str(lib)!r})\n"
              "import plain, pack.inner, zipimport\n"
              "from bodoge import warm\n"
              "print(json.dumps(warm.stdlib_files()))")
    assert got == {"plain": "plain.py", "pack": "pack/__init__.py", "pack.inner": "pack/inner.py"}
    assert run("import json\nfrom bodoge import warm\nprint(json.dumps(warm.stdlib_files()))") == {}
