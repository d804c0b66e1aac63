"""Build the static site into dist/ (or the folder given): everything the browser needs.

    python tools/build.py [DIST]

Layout: index.html (with the shelf pre-rendered in both languages), pyscript.toml,
bodoge.zip (the Python package), web/ (style.css joined from web/css/base.css and every
game's py/bodoge/games/<game>/style.css, JS glue, icons,
manifest, main.py; vendor/: qrcode-generator and jsQR from node_modules),
pyodide/ and pyscript/ (copied from node_modules: run `npm ci` first; pyodide/ also gets
web/pyodide/, the memory-snapshot loader, stamped with the site's version, and its standard
library with the modules a boot imports precompiled: tools/stdlib_pyc.mjs, run by Node),
sw.js (the service worker, with the precache list and a content hash of the whole site).
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))

from bodoge.ui.app import static_page  # noqa: E402
from bodoge.games import CATALOG  # noqa: E402
from bodoge.ui import pictures  # noqa: E402
from bodoge.ui.html import escape_text  # noqa: E402
from bodoge.ui.i18n import I18n  # noqa: E402

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
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
    (``_pictures_built.py``), byte-for-byte reproducible."""
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


def fill_index(dst):
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
    with open(dst, "w", encoding="utf-8") as f:
        f.write(html)


def precompile_stdlib(dist):
    """Replace pyodide/python_stdlib.zip by one whose boot modules are bytecode: Pyodide
    compiles each module it imports from source at every boot that restores no snapshot
    (tools/stdlib_pyc.mjs says how, benchmarks/platform.md how much that saves). Which modules:
    bodoge/warm.py's; tests/e2e/test_app.py checks that a boot and a game compile none."""
    node = shutil.which("node")
    if node is None:
        sys.exit("build: node is missing (it runs Pyodide to precompile its standard library)")
    folder = os.path.join(dist, "pyodide")
    stdlib = os.path.join(folder, "python_stdlib.zip")
    made = stdlib + ".new"
    subprocess.run([node, os.path.join(ROOT, "tools", "stdlib_pyc.mjs"), folder,
                    os.path.join(dist, "bodoge.zip"), made],
                   check=True, stdout=subprocess.DEVNULL)
    os.replace(made, stdlib)


def stamp_snapshot(dist, site):
    """Write the site's version and bodoge.zip's sha256 into pyodide/snap.mjs (its snapshot key
    and the check of the code it snapshots)."""
    path = os.path.join(dist, SNAP)
    if not os.path.isfile(path):
        return
    with open(os.path.join(dist, "bodoge.zip"), "rb") as f:
        zip_hash = hashlib.sha256(f.read()).hexdigest()
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for name, value in (("SITE", site), ("ZIP", zip_hash)):
        text = re.sub(rf'^export const {name} = "[^"]*";$', f'export const {name} = "{value}";', text,
                      count=1, flags=re.M)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def service_worker(dist):
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
    precache = ["./"] + ["./" + rel for rel in files]
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
    for name in PYODIDE_FILES:
        shutil.copyfile(os.path.join(modules, "pyodide", name), os.path.join(dist, "pyodide", name))
    copy_tree(os.path.join(modules, "@pyscript", "core", "dist"), os.path.join(dist, "pyscript"),
              skip=lambda name: name.endswith(".map"))
    copy_tree(os.path.join(ROOT, "web", "pyodide"), os.path.join(dist, "pyodide"))
    copy_tree(os.path.join(ROOT, "web"), os.path.join(dist, "web"),
              skip=lambda name: name == "sw.js" or name.endswith(".css"),
              skip_dir=lambda rel: rel.split(os.sep)[0] == "pyodide")
    join_css(os.path.join(dist, "web", "style.css"))
    fill_manifest(os.path.join(dist, "web", "manifest.webmanifest"))
    vendor = os.path.join(dist, "web", "vendor")     # play on several devices: QR codes
    os.makedirs(vendor)
    for package, name in VENDOR:
        shutil.copyfile(os.path.join(modules, package, "dist", name), os.path.join(vendor, name))
    package_zip(os.path.join(dist, "bodoge.zip"))
    precompile_stdlib(dist)
    shutil.copyfile(os.path.join(ROOT, "pyscript.toml"), os.path.join(dist, "pyscript.toml"))
    fill_index(os.path.join(dist, "index.html"))
    open(os.path.join(dist, ".nojekyll"), "w").close()
    version, count = service_worker(dist)
    print(f"built {os.path.relpath(dist, ROOT)}/: {count} files precached, version {version}")


if __name__ == "__main__":
    build(os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "dist")))
