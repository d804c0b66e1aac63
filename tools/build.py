"""Build the static site into dist/ (or the folder given): everything the browser needs.

    python tools/build.py [DIST]

Layout: index.html (with the shelf pre-rendered in both languages, PyScript's configuration
from pyscript.toml and web/main.py inline, and the modules a boot loads named for preloading),
web/rules.html (every rules page, for before Python runs),
bodoge.zip (the Python package), web/ (style.css joined from web/css/base.css and every
game's py/bodoge/games/<game>/style.css, JS glue, icons, manifest; vendor/: qrcode-generator
and jsQR from node_modules), pyodide/ and pyscript/ (from node_modules: run `npm ci` first;
only what the page loads: PyScript's core and the plugins left on, Pyodide's runtime; pyodide/
also gets web/pyodide/, the memory-snapshot loader, stamped with the site's version, and a
standard library of only the modules the site imports, as bytecode: tools/stdlib_pyc.mjs,
run by Node, which also makes bodoge.zip bytecode), sw.js (the service worker, with the precache list: every file with its sha256,
and a content hash of the whole site).
"""

import ast
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from bodoge.ui.app import static_page, top_bar  # noqa: E402
from bodoge.games import CATALOG  # noqa: E402
from bodoge.ui import pictures  # noqa: E402
from bodoge.ui.html import escape_text, h, render  # noqa: E402
from bodoge.ui.i18n import I18n  # noqa: E402

# Pyodide as npm ships it (the benchmarks' bare page loads all of it)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# what the site takes of it: the loader, the runtime and its WebAssembly; the standard library
# is made (precompile), and pyodide-lock.json (a list of packages we never load) is
# replaced by its header, stamped into snap.mjs
SITE_PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
# PyScript's plugins: those turned off in pyscript.toml are not shipped; every other one is
# loaded by every page (so it ships). A plugin PyScript adds in an upgrade ships until turned off.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
# Pinned npm packages the page uses, copied into web/vendor/: QR codes made in the page
# (web/net.js), and read from the camera where the browser has no BarcodeDetector.
VENDOR = (("qrcode-generator", "qrcode.js"), ("jsqr", "jsQR.js"))
SNAP = os.path.join("pyodide", "snap.mjs")     # from web/pyodide/: stamped with SITE and ZIP


def copy_tree(src, dst, skip=lambda name: False, skip_dir=lambda rel: False):
    for folder, _, files in os.walk(src):
        rel = os.path.relpath(folder, src)
        if skip_dir(rel):
            continue
        for name in files:
            if skip(name):
                continue
            os.makedirs(os.path.join(dst, rel), exist_ok=True)
            shutil.copyfile(os.path.join(folder, name), os.path.join(dst, rel, name))


# The string tables (``EN`` and ``JA``, text only), shipped as data: Pyodide compiles a module
# of dict literals at each boot (the shell's took 3-7 ms), and reads the same tables as JSON
# at once.
STRING_TABLES = re.compile(r"^bodoge/(ui/strings/common|games/[a-z0-9_]+/strings)\.py$")


def strings_as_data(path):
    """The source of a module with the same ``EN`` and ``JA`` tables as ``path``'s, as data; or
    None if that module holds anything else."""
    import runpy

    names = {k: v for k, v in runpy.run_path(path).items() if not k.startswith("__")}
    tables = {k: names.get(k) for k in ("EN", "JA")}
    if set(names) != set(tables) or not all(
            isinstance(t, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in t.items())
            for t in tables.values()):
        return None
    source = os.path.relpath(path, ROOT).replace(os.sep, "/")
    lines = [f'"""Made by tools/build.py from {source}: its tables as data (do not edit)."""', "",
             "import json", ""]
    for name, table in tables.items():
        lines.append(f"{name} = json.loads({json.dumps(table, ensure_ascii=False)!r})")
    return "\n".join(lines) + "\n"


def package_zip(dst):
    """bodoge.zip: the package's .py files (string tables as data) and the shelf's pictures
    (``_pictures_built.py``), byte-for-byte reproducible (``precompile`` then makes it
    bytecode)."""
    src = os.path.join(ROOT, "py")
    entries = []
    for folder, dirs, files in os.walk(os.path.join(src, "bodoge")):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py") and name != "_pictures_built.py":
                path = os.path.join(folder, name)
                entries.append((os.path.relpath(path, src).replace(os.sep, "/"), path))
    texts = []
    for arc, path in entries:
        data = strings_as_data(path) if STRING_TABLES.match(arc) else None
        if data is not None:
            texts.append((arc, data.encode("utf-8")))
            continue
        with open(path, "rb") as f:
            texts.append((arc, f.read()))
    # the shelf's pictures, drawn once here (bodoge/ui/pictures.py says why)
    playable = [g.id for g in CATALOG if g.playable]
    texts.append(("bodoge/ui/_pictures_built.py", pictures.module_source(playable).encode("utf-8")))
    texts.sort()
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for arc, data in texts:
            info = zipfile.ZipInfo(arc, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)


def join_css(dst):
    """One stylesheet: web/css/*.css (base.css first), then every game's style.css (it lives
    in the game's folder, beside its UI)."""
    folder = os.path.join(ROOT, "web", "css")
    games = os.path.join(ROOT, "py", "bodoge", "games")
    paths = [os.path.join(folder, "base.css")]
    paths += sorted(os.path.join(folder, n) for n in os.listdir(folder)
                    if n.endswith(".css") and n != "base.css")
    paths += [os.path.join(games, g, "style.css") for g in sorted(os.listdir(games))
              if os.path.isfile(os.path.join(games, g, "style.css"))]
    with open(dst, "w", encoding="utf-8") as out:
        for path in paths:
            with open(path, encoding="utf-8") as f:
                out.write(f.read().rstrip() + "\n\n")


def pyscript_config():
    """pyscript.toml, read: the page gets it inline as JSON (no request, no TOML parser)."""
    with open(os.path.join(ROOT, "pyscript.toml"), "rb") as f:
        return tomllib.load(f)


STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"\./([^"]+)"')
PLUGIN = re.compile(r'(?:"([a-z][a-z-]*)"|\b([a-z][a-z_]*)):\(\)=>import\("\./([^"]+)"\)')


def pyscript_files(src, config):
    """The files of PyScript's dist/ (``src``) the page loads: core.js with what it imports,
    and the chunk of each plugin not turned off in ``config`` (PyScript imports every plugin
    it knows at start, unless ``plugins`` says "!name"). The rest — the editor (codemirror),
    the terminal (xterm), the TOML parser (our configuration is JSON), the zip reader
    (MicroPython's), the packages graph (we have no packages) — is never loaded."""
    keep, todo, plugins = set(), ["core.js"], {}
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        keep.add(name)
        with open(os.path.join(src, name), encoding="utf-8") as f:
            text = f.read()
        todo += STATIC_IMPORT.findall(text)
        plugins.update((quoted or bare, chunk) for quoted, bare, chunk in PLUGIN.findall(text))
    if "error" not in plugins:
        sys.exit("build: PyScript's plugin table was not found (a new PyScript release?)")
    off = {p[1:] for p in config.get("plugins", []) if p.startswith("!")}
    for name, chunk in sorted(plugins.items()):
        if name not in off:
            todo.append(chunk)
    while todo:                       # the plugins and what they import
        name = todo.pop()
        if name in keep:
            continue
        keep.add(name)
        with open(os.path.join(src, name), encoding="utf-8") as f:
            todo += STATIC_IMPORT.findall(f.read())
    return sorted(keep)


def module_chunk(dist):
    """PyScript's core chunk (core.js re-exports it): the name the page preloads."""
    with open(os.path.join(dist, "pyscript", "core.js"), encoding="utf-8") as f:
        return STATIC_IMPORT.findall(f.read())


# The modules a boot loads, preloaded by web/boot.js (the browser would find each only once
# the one before it ran: core.js, its chunk, the plugins, snap.mjs, pyodide.mjs, its runtime).
BOOT_MODULES = ("pyodide/snap.mjs", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs")


def boot_modules(dist):
    """The modules boot.js preloads, space-separated, from the site's folder."""
    return " ".join(["pyscript/" + n for n in sorted(os.listdir(os.path.join(dist, "pyscript")))
                     if n != "core.js"] + list(BOOT_MODULES))


def py_script(config):
    """The page's PyScript tag: the configuration as JSON, web/main.py inline (neither is a
    request of its own then, and main.py no longer waits for Pyodide to be ready to be asked
    for). PyScript loads its plugins for MicroPython too, configured or not: an <mpy-config>
    turns the same ones off there (no MicroPython is loaded: the page has no mpy script)."""
    with open(os.path.join(ROOT, "web", "main.py"), encoding="utf-8") as f:
        code = f.read()
    if "</" in code:
        sys.exit("build: web/main.py must not contain '</' (it goes inline into a <script>)")
    attr = escape_text(json.dumps(config, separators=(",", ":"))).replace('"', "&quot;")
    mpy = escape_text(json.dumps({"plugins": config.get("plugins", [])}))
    return (f'<mpy-config hidden>{mpy}</mpy-config>\n'
            f'  <script type="py" config="{attr}">\n{code}</script>')


def games_text(last=", "):
    """The playable games' names, from the catalogue ("algo, ALTER, … Bossa")."""
    names = [g.name_en for g in CATALOG if g.playable]
    return ", ".join(names[:-1]) + last + names[-1] if len(names) > 1 else "".join(names)


def fill_manifest(path):
    """Put the catalogue's games where the manifest's description says ``{{games}}`` (as the
    page's does: ``fill_index``), so a new game is named there without an edit."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace("{{games}}", json.dumps(games_text(" and "))[1:-1]))


def fill_index(dist, config):
    with open(os.path.join(ROOT, "index.html"), encoding="utf-8") as f:
        html = f.read().replace("{{games}}", escape_text(games_text()))
    ja, en = I18n("ja"), I18n("en")
    while "{{t:" in html:
        start = html.index("{{t:")
        end = html.index("}}", start)
        key = html[start + 4:end]
        both = (f'<span class="i18n"><span lang="ja">{escape_text(ja.t(key))}</span>'
                f'<span lang="en">{escape_text(en.t(key))}</span></span>')
        html = html[:start] + both + html[end + 2:]
    html = html.replace("<!--static:app-->", static_page("ja") + static_page("en"))
    for mark, text in (("__BOOT_MODULES__", boot_modules(dist)), ("<!--pyscript-->", py_script(config))):
        if mark not in html:
            sys.exit(f"build: index.html has no {mark}")
        html = html.replace(mark, text)
    with open(os.path.join(dist, "index.html"), "w", encoding="utf-8") as f:
        f.write(html)


# Made for the first visit only, and not precached: a returning visit has Python in a second.
NOT_PRECACHED = ("web/rules.html",)


class _Page:
    """What a screen's render reads of the app: the language's strings."""

    def __init__(self, lang):
        self.i18n = I18n(lang)
        self.t = self.i18n.t


def static_rules(dst):
    """web/rules.html: every game's rules page in both languages, as Python renders them (the
    top bar and ui/pages.py's RulesScreen), for web/boot.js to show when a rules page is opened
    before Python runs (index.html paints only the shelf, and Python takes most of a minute to
    arrive on a slow first visit). One ``<div id="rules-<game>">`` each, holding a
    ``<div class="app" lang>`` per language as index.html's shelf does."""
    from bodoge.ui.pages import RulesScreen

    parts = ['<!doctype html>\n<meta charset="utf-8">\n<title>bodoge: rules</title>\n']
    for g in CATALOG:
        if not g.playable:
            continue
        pages = []
        for lang in ("ja", "en"):
            page = _Page(lang)
            pages.append(h("div", {"class_": "app", "lang": lang}, top_bar(page.i18n),
                           RulesScreen(page, g.id).render()))
        parts.append(render(h("div", {"id": f"rules-{g.id}"}, pages)) + "\n")
    with open(dst, "w", encoding="utf-8") as f:
        f.write("".join(parts))


def imported_names(source):
    """Every absolute module name an import statement in ``source`` names (``from a import b``
    names a and a.b: b may be a module)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names if a.name != "*")
    return names


PYSCRIPT_SOURCE = re.compile(r'"([\w/]+\.py)":("(?:[^"\\]|\\.)*")')


def site_imports(dist):
    """What the site's Python can import: every name imported anywhere in the package (but the
    command line's), and in PyScript's own Python (its modules ride inside its core chunk as
    strings). Standard modules among them go into the standard library (precompile)."""
    names = set()
    src = os.path.join(ROOT, "py", "bodoge")
    for folder, dirs, files in os.walk(src):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            rel = os.path.relpath(os.path.join(folder, name), src)
            if name.endswith(".py") and rel not in ("cli.py", "__main__.py"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    names |= imported_names(f.read())
    for chunk in module_chunk(dist):
        with open(os.path.join(dist, "pyscript", chunk), encoding="utf-8") as f:
            text = f.read()
        for _, literal in PYSCRIPT_SOURCE.findall(text):
            names |= imported_names(json.loads(literal))
    return sorted(n for n in names if n.split(".")[0] != "bodoge")


def precompile(dist):
    """pyodide/python_stdlib.zip: only the standard modules the site imports, as bytecode; and
    bodoge.zip as bytecode (tools/stdlib_pyc.mjs says how; benchmarks/phone.md and platform.md
    what it saves: Pyodide compiles each module it imports from source at every boot that
    restores no snapshot, and its whole library is 2.9 MB to download). Which standard modules:
    those bodoge/warm.py imports, and every one named by an import anywhere in the site
    (``site_imports``)."""
    node = shutil.which("node")
    if node is None:
        sys.exit("build: node is missing (it runs Pyodide to compile the site's Python)")
    stock = os.path.join(ROOT, "node_modules", "pyodide")
    package = os.path.join(dist, "bodoge.zip")
    subprocess.run([node, os.path.join(ROOT, "tools", "stdlib_pyc.mjs"), stock, package,
                    os.path.join(dist, "pyodide", "python_stdlib.zip"), package + ".pyc"]
                   + site_imports(dist), check=True, stdout=subprocess.DEVNULL)
    os.replace(package + ".pyc", package)


def lock_header():
    """pyodide-lock.json's header (Pyodide checks it) with no packages: what snap.mjs hands
    Pyodide instead of the 119 kB file."""
    with open(os.path.join(ROOT, "node_modules", "pyodide", "pyodide-lock.json"), encoding="utf-8") as f:
        return {"info": json.load(f)["info"], "packages": {}}


def stamp_snapshot(dist, site, lock=None):
    """Write the site's version and bodoge.zip's sha256 into pyodide/snap.mjs (its snapshot key
    and the check of the code it snapshots), and ``lock`` (``lock_header``) when given."""
    path = os.path.join(dist, SNAP)
    if not os.path.isfile(path):
        return
    with open(os.path.join(dist, "bodoge.zip"), "rb") as f:
        zip_hash = hashlib.sha256(f.read()).hexdigest()
    with open(path, encoding="utf-8") as f:
        text = f.read()
    values = [("SITE", json.dumps(site)), ("ZIP", json.dumps(zip_hash))]
    if lock is not None:
        values.append(("LOCK", json.dumps(lock, separators=(",", ":"))))
    for name, value in values:
        text, n = re.subn(rf'^export const {name} = .*;$', lambda m: f'export const {name} = {value};',
                          text, count=1, flags=re.M)
        if not n:
            sys.exit(f"build: {SNAP} has no `export const {name} = ...;` line")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def integrity(path):
    """A file's subresource-integrity string: the service worker checks each file against it."""
    with open(path, "rb") as f:
        return "sha256-" + base64.b64encode(hashlib.sha256(f.read()).digest()).decode()


def service_worker(dist):
    """sw.js: the precache (every file of the site, but sw.js, dot files and NOT_PRECACHED,
    with its ``integrity``; "./" is index.html) and the site's version, a hash of every file."""
    stamp_snapshot(dist, "__SITE__")      # the version hashes the file without it
    files = []
    for folder, _, names in os.walk(dist):
        for name in names:
            rel = os.path.relpath(os.path.join(folder, name), dist).replace(os.sep, "/")
            if rel != "sw.js" and not rel.startswith("."):
                files.append(rel)
    files.sort()
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0")
        with open(os.path.join(dist, rel), "rb") as f:
            digest.update(hashlib.sha256(f.read()).digest())
    version = digest.hexdigest()[:16]
    stamp_snapshot(dist, version)
    with open(os.path.join(ROOT, "web", "sw.js"), encoding="utf-8") as f:
        template = f.read()
    precache = {"./": integrity(os.path.join(dist, "index.html"))}
    precache.update(("./" + rel, integrity(os.path.join(dist, rel))) for rel in files
                    if rel not in NOT_PRECACHED)
    sw = template.replace("__VERSION__", version).replace("__PRECACHE__", json.dumps(precache, indent=1))
    with open(os.path.join(dist, "sw.js"), "w", encoding="utf-8") as f:
        f.write(sw)
    return version, len(precache)


def build(dist):
    modules = os.path.join(ROOT, "node_modules")
    for needed in ("pyodide", os.path.join("@pyscript", "core", "dist"), "qrcode-generator", "jsqr"):
        if not os.path.isdir(os.path.join(modules, needed)):
            sys.exit(f"build: node_modules/{needed} is missing: run `npm ci` first (make build does)")
    if os.path.isdir(dist):
        shutil.rmtree(dist)
    os.makedirs(dist)
    os.makedirs(os.path.join(dist, "pyodide"))
    for name in SITE_PYODIDE:
        shutil.copyfile(os.path.join(modules, "pyodide", name), os.path.join(dist, "pyodide", name))
    config = pyscript_config()
    pyscript = os.path.join(modules, "@pyscript", "core", "dist")
    os.makedirs(os.path.join(dist, "pyscript"))
    for name in pyscript_files(pyscript, config):
        shutil.copyfile(os.path.join(pyscript, name), os.path.join(dist, "pyscript", name))
    copy_tree(os.path.join(ROOT, "web", "pyodide"), os.path.join(dist, "pyodide"))
    copy_tree(os.path.join(ROOT, "web"), os.path.join(dist, "web"),
              skip=lambda name: name in ("sw.js", "main.py") or name.endswith(".css"),
              skip_dir=lambda rel: rel.split(os.sep)[0] == "pyodide")
    join_css(os.path.join(dist, "web", "style.css"))
    static_rules(os.path.join(dist, "web", "rules.html"))
    fill_manifest(os.path.join(dist, "web", "manifest.webmanifest"))
    vendor = os.path.join(dist, "web", "vendor")     # play on several devices: QR codes
    os.makedirs(vendor)
    for package, name in VENDOR:
        shutil.copyfile(os.path.join(modules, package, "dist", name), os.path.join(vendor, name))
    package_zip(os.path.join(dist, "bodoge.zip"))
    precompile(dist)
    stamp_snapshot(dist, "__SITE__", lock_header())
    fill_index(dist, config)
    open(os.path.join(dist, ".nojekyll"), "w").close()
    version, count = service_worker(dist)
    print(f"built {os.path.relpath(dist, ROOT)}/: {count} files precached, version {version}")


if __name__ == "__main__":
    build(os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "dist")))
