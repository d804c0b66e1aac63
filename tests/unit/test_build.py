"""tools/build.py: the string tables ship as data, the same tables as the sources; Pyodide's
standard library ships only the modules the site imports, as bytecode; only the PyScript chunks
the page loads ship; the page preloads what a boot loads; the service worker's precache names
every file once, with its sha256."""

import _imp
import base64
import hashlib
import importlib.util
import json
import os
import pathlib
import re
import runpy
import struct
import subprocess
import zipfile

import pytest

from bodoge.games import CATALOG, PLAYABLE, info

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def build_tool():
    spec = importlib.util.spec_from_file_location("build_tool", os.path.join(ROOT, "tools", "build.py"))
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build


def test_every_string_table_ships_as_data_with_the_same_text(tmp_path):
    build = build_tool()
    zip_path = tmp_path / "bodoge.zip"
    build.package_zip(str(zip_path))
    with zipfile.ZipFile(zip_path) as z:
        tables = [n for n in z.namelist() if build.STRING_TABLES.match(n)]
        assert sorted(tables) == sorted(["bodoge/ui/strings/common.py"]
                                        + [f"bodoge/games/{g}/strings.py" for g in PLAYABLE])
        for name in tables:
            shipped = z.read(name).decode("utf-8")
            assert "json.loads(" in shipped and "EN = {" not in shipped, name
            out = tmp_path / name.replace("/", "_")
            out.write_text(shipped, encoding="utf-8")
            made, source = runpy.run_path(str(out)), runpy.run_path(os.path.join(ROOT, "py", name))
            assert made["EN"] == source["EN"] and made["JA"] == source["JA"], name
        # every other module as it is
        engine = "bodoge/games/algo/rules.py"
        with open(os.path.join(ROOT, "py", engine), "rb") as f:
            assert z.read(engine) == f.read()


def test_a_table_module_with_anything_else_ships_as_it_is(tmp_path):
    build = build_tool()
    extra = tmp_path / "strings.py"
    extra.write_text('EN = {"a.b": "x"}\nJA = {"a.b": "y"}\nHELP = 1\n', encoding="utf-8")
    assert build.strings_as_data(str(extra)) is None
    odd = tmp_path / "odd.py"
    odd.write_text('EN = {"a.b": 1}\nJA = {"a.b": "y"}\n', encoding="utf-8")
    assert build.strings_as_data(str(odd)) is None
    fine = tmp_path / "fine.py"
    fine.write_text('EN = {"a.b": "x \\"q\\" \\u2028"}\nJA = {"a.b": "い"}\n', encoding="utf-8")
    made = tmp_path / "made.py"
    made.write_text(build.strings_as_data(str(fine)), encoding="utf-8")
    assert runpy.run_path(str(made))["EN"] == {"a.b": 'x "q" \u2028'}


@pytest.fixture(scope="module")
def site(site):
    """The site the e2e tests serve (tests/e2e/harness.py: built once for a run, about 15 s
    under load: the Node tool runs Pyodide); the tests below only read it."""
    return pathlib.Path(site)


def stdlib_entries(path):
    with zipfile.ZipFile(path) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def test_the_standard_library_holds_only_what_the_site_imports_as_bytecode(site):
    build = build_tool()
    stock = stdlib_entries(os.path.join(ROOT, "node_modules", "pyodide", "python_stdlib.zip"))
    made = stdlib_entries(site / "pyodide" / "python_stdlib.zip")
    modules = sorted(n for n in made if not n.endswith("/"))
    assert all(n.endswith(".pyc") and n[:-1] in stock for n in modules)
    assert all(made[n] == b"" and n in stock for n in made if n.endswith("/"))     # folders
    # Pyodide's start, asyncio (PyScript), what our package imports (json, dataclasses),
    # lazily (hashlib, secrets) or from the page (html), and tracebacks
    for name in ("encodings/__init__.py", "encodings/utf_8.py", "asyncio/base_events.py",
                 "json/decoder.py", "random.py", "dataclasses.py", "html/__init__.py", "secrets.py",
                 "hashlib.py", "traceback.py", "pyodide/webloop.py", "_pyodide/_base.py"):
        assert name + "c" in made, name
    # what nothing imports stays out; os and site are frozen into the wasm
    for name in ("unittest/__init__.py", "email/__init__.py", "xml/__init__.py", "sqlite3/__init__.py",
                 "tomllib/__init__.py", "argparse.py", "os.py", "site.py"):
        assert name + "c" not in made, name
    assert 100 < len(modules) < 250
    assert os.path.getsize(site / "pyodide" / "python_stdlib.zip") < 1_000_000     # stock: 2.5 MB
    # every standard module an import statement names, anywhere in the package or in PyScript's
    # Python, is there (an import inside a function too), but those frozen into the interpreter
    # (CPython 3.11 freezes the same ones as Pyodide's 3.14: os, io, codecs, ...)
    frozen = set(_imp._frozen_module_names())
    for name in set(build.site_imports(str(site))) - frozen:
        path = name.replace(".", "/")
        for candidate in (path + ".py", path + "/__init__.py"):
            if candidate in stock:
                assert candidate + "c" in made, name
    magics = set()
    for name in modules:
        magic, flags = made[name][:4], struct.unpack("<I", made[name][4:8])[0]
        magics.add(magic)
        assert magic[2:] == b"\r\n" and flags == 0b01, name     # hash-based, never checked
    assert len(magics) == 1


def test_the_python_is_made_the_same_again_and_the_package_as_bytecode(site, tmp_path):
    """Byte for byte (the site's content hash stays put from build to build); the package is
    each module's bytecode, nothing else."""
    build = build_tool()
    source = tmp_path / "bodoge.zip"
    build.package_zip(str(source))
    stdlib, package = tmp_path / "stdlib.zip", tmp_path / "package.zip"
    subprocess.run(["node", os.path.join(ROOT, "tools", "stdlib_pyc.mjs"),
                    os.path.join(ROOT, "node_modules", "pyodide"), str(source), str(stdlib), str(package)]
                   + build.site_imports(str(site)), capture_output=True, check=True)
    assert stdlib.read_bytes() == (site / "pyodide" / "python_stdlib.zip").read_bytes()
    assert package.read_bytes() == (site / "bodoge.zip").read_bytes()
    with zipfile.ZipFile(source) as z:
        sources = z.namelist()
    shipped = stdlib_entries(package)
    assert sorted(shipped) == sorted(n + "c" for n in sources)
    for name, pyc in shipped.items():
        assert struct.unpack("<I", pyc[4:8])[0] == 0b01, name      # hash-based, never checked


def test_only_the_pyscript_the_page_loads_ships(site):
    build = build_tool()
    shipped = sorted(os.listdir(site / "pyscript"))
    assert len(shipped) == 3 and "core.js" in shipped
    assert [n.split("-")[0] for n in shipped if n != "core.js"] == ["core", "error"]
    # every static import of what ships ships too
    for name in shipped:
        for imported in build.STATIC_IMPORT.findall((site / "pyscript" / name).read_text()):
            assert imported in shipped, (name, imported)
    # the plugins PyScript would load are turned off, for Python and for MicroPython
    off = build.pyscript_config()["plugins"]
    assert sorted(off) == ["!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]
    page = (site / "index.html").read_text()
    assert page.count("&quot;!py-editor&quot;") == 1 and '<mpy-config hidden>{"plugins": [' in page
    # nothing else of PyScript's or Pyodide's that the page never loads
    site_files = {str(p.relative_to(site)) for p in site.rglob("*") if p.is_file()}
    for unused in ("pyodide/pyodide-lock.json", "pyscript.toml", "web/main.py", "pyscript/core.css"):
        assert unused not in site_files
    assert not any(re.search(r"codemirror|xterm|zip-|toml-|pyodide_graph|py-editor", f) for f in site_files)


def test_the_page_preloads_the_modules_a_boot_loads(site):
    page = (site / "index.html").read_text()
    named = re.search(r'<script src="\./web/boot\.js" data-modules="([^"]+)"></script>', page).group(1)
    preloaded = named.split()
    assert set(preloaded) >= {"pyodide/snap.mjs", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs"}
    assert any(p.startswith("pyscript/core-") for p in preloaded)
    assert all((site / p).is_file() for p in preloaded)
    # boot.js, which starts the big downloads, is the first script, after the stylesheet (the
    # shelf's first paint has the network to itself)
    stylesheet = page.index('<link rel="stylesheet"')
    assert stylesheet < page.index('src="./web/boot.js"') < page.index("<script type=\"module\"")
    assert page.index("<script") > stylesheet
    # main.py inline, the configuration as JSON
    main = open(os.path.join(ROOT, "web", "main.py"), encoding="utf-8").read()
    assert main in page and 'config="{&quot;name&quot;:&quot;bodoge&quot;' in page


def test_every_rules_page_is_made_for_before_python(site):
    made = (site / "web" / "rules.html").read_text()
    for g in CATALOG:
        if g.playable:
            start = made.index(f'<div id="rules-{g.id}">')
            page = made[start:made.index("</main>", made.index("</main>", start) + 1)]
            assert page.count('<div class="app" lang=') == 2, g.id
            assert f">Rules: {g.name_en}</h1>" in page and f">ルール：{g.name_ja}</h1>" in page


def precache(site):
    sw = (site / "sw.js").read_text()
    return json.loads(re.search(r"const PRECACHE = (\{.*?\n\});", sw, re.S).group(1))


def test_the_precache_names_every_file_once_with_its_sha256(site):
    entries = precache(site)
    files = sorted("./" + str(p.relative_to(site)) for p in site.rglob("*")
                   if p.is_file() and p.name != "sw.js" and not p.name.startswith(".")
                   and str(p.relative_to(site)) != "web/rules.html")      # for a first visit only
    assert sorted(entries) == sorted(["./"] + files)
    for url, integrity in entries.items():
        data = (site / ("index.html" if url == "./" else url[2:])).read_bytes()
        assert integrity == "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode(), url
    # the big files the page fetches itself are the ones boot.js keeps for the service worker
    boot = open(os.path.join(ROOT, "web", "boot.js"), encoding="utf-8").read()
    early = json.loads(re.search(r"const EARLY = (\[.*?\]);", boot).group(1))
    assert all("./" + name in entries for name in early)


def test_snap_module_gets_the_lock_file_header(site):
    snap = (site / "pyodide" / "snap.mjs").read_text()
    lock = json.loads(re.search(r"^export const LOCK = (.*);$", snap, re.M).group(1))
    with open(os.path.join(ROOT, "node_modules", "pyodide", "pyodide-lock.json"), encoding="utf-8") as f:
        assert lock == {"info": json.load(f)["info"], "packages": {}}


def test_the_page_and_the_manifest_name_the_catalogue_s_games(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    description = json.loads((site / "web" / "manifest.webmanifest").read_text(encoding="utf-8"))["description"]
    assert "{{games}}" not in html and "{{games}}" not in description
    for g in PLAYABLE:
        name = info(g).name_en
        assert f"{name}," in html or f"{name}." in html
        assert name in description
