"""tools/build.py's package: the string tables ship as data, the same tables as the sources;
Pyodide's standard library ships with the modules a boot imports as bytecode."""

import importlib.util
import json
import os
import runpy
import struct
import subprocess
import zipfile

from bodoge.games import PLAYABLE, info

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


def test_the_standard_library_ships_its_boot_modules_as_bytecode_reproducibly(tmp_path):
    build = build_tool()
    build.package_zip(str(tmp_path / "bodoge.zip"))
    stock = os.path.join(ROOT, "node_modules", "pyodide")
    made = []
    for n in range(2):
        out = tmp_path / f"stdlib{n}.zip"
        names = subprocess.run(["node", os.path.join(ROOT, "tools", "stdlib_pyc.mjs"), stock,
                                str(tmp_path / "bodoge.zip"), str(out)],
                               capture_output=True, text=True, check=True).stdout.split()
        made.append(out.read_bytes())
    assert made[0] == made[1]                       # the site's content hash stays put
    # Pyodide's start, asyncio (PyScript), and what our package imports (json, dataclasses)
    for name in ("encodings/__init__.py", "asyncio/base_events.py", "json/decoder.py", "random.py",
                 "dataclasses.py", "html/__init__.py", "secrets.py"):
        assert name in names, name
    assert "os.py" not in names and "site.py" not in names      # frozen in the wasm: left alone
    assert 100 < len(names) < 250
    with zipfile.ZipFile(os.path.join(stock, "python_stdlib.zip")) as z:
        before = {i.filename: z.read(i) for i in z.infolist()}
    with zipfile.ZipFile(tmp_path / "stdlib0.zip") as z:
        after = {i.filename: z.read(i) for i in z.infolist()}
    # each compiled module's source is replaced by its bytecode; everything else is as shipped
    assert set(after) == (set(before) - set(names)) | {n + "c" for n in names}
    assert all(after[n] == before[n] for n in after if n in before)
    magics = set()
    for name in names:
        pyc = after[name + "c"]
        magic, flags = pyc[:4], struct.unpack("<I", pyc[4:8])[0]
        magics.add(magic)
        assert magic[2:] == b"\r\n" and flags == 0b01, name     # hash-based, never checked
    assert len(magics) == 1


def test_the_page_and_the_manifest_name_the_catalogue_s_games(tmp_path):
    build = build_tool()
    page, manifest = tmp_path / "index.html", tmp_path / "manifest.webmanifest"
    build.fill_index(str(page))
    with open(os.path.join(ROOT, "web", "manifest.webmanifest"), encoding="utf-8") as f:
        manifest.write_text(f.read(), encoding="utf-8")
    build.fill_manifest(str(manifest))
    html = page.read_text(encoding="utf-8")
    description = json.loads(manifest.read_text(encoding="utf-8"))["description"]
    assert "{{games}}" not in html and "{{games}}" not in description
    for g in PLAYABLE:
        name = info(g).name_en
        assert f"{name}," in html or f"{name}." in html
        assert name in description
