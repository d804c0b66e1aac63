// Pyodide's standard library with the modules a boot imports precompiled, for tools/build.py.
//
//     node tools/stdlib_pyc.mjs PYODIDE_DIR BODOGE_ZIP OUT_ZIP
//
// Pyodide ships its standard library as source (python_stdlib.zip) and compiles every module
// it imports at each boot that restores no memory snapshot: about 130 modules, most of a
// second of a cold boot (benchmarks/platform.md). Here Pyodide's own Python (the same build
// the page runs, so the same bytecode version) starts in Node, imports what a boot of ours
// imports (its own start, then bodoge.zip's modules and the page's few more through
// bodoge.warm: a module the page imports besides goes into its PAGE_STDLIB), and
// writes the standard library again with each of those modules as bytecode instead of
// source: unchecked-hash .pyc (zipimport looks for .pyc before .py and checks nothing),
// without column tables (PYTHONNODEBUGRANGES: a traceback still names file and line). The
// other modules stay source. The output is reproducible byte for byte; the names compiled
// are printed, one per line.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, bodogeZip, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: resolve(dir) + "/",
  env: { PYTHONNODEBUGRANGES: "1", HOME: "/home/pyodide" },
  stdout: () => {},
  stderr: (line) => console.error(line),
});
pyodide.unpackArchive(new Uint8Array(readFileSync(bodogeZip)), "zip", { extractDir: "/bodoge-build" });
const result = pyodide.runPython(`
import importlib.util, io, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

sys.path.insert(0, "/bodoge-build")
import bodoge.warm
bodoge.warm.warm("build")

STDLIB = next(p for p in sys.path if p.endswith(".zip"))
loaded = set(bodoge.warm.stdlib_files().values())
source = zipfile.ZipFile(STDLIB)
buffer = io.BytesIO()
compiled = []
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in source.infolist():
        data = source.read(info)
        if info.filename in loaded and info.filename.endswith(".py"):
            code = compile(data, f"{STDLIB}/{info.filename}", "exec", dont_inherit=True)
            pyc = zipfile.ZipInfo(info.filename + "c", info.date_time)
            pyc.compress_type = zipfile.ZIP_DEFLATED
            pyc.external_attr = info.external_attr
            dst.writestr(pyc, _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            compiled.append(info.filename)
        else:
            dst.writestr(info, data)
[buffer.getvalue(), "\\n".join(sorted(compiled))]
`);
const [bytes, names] = result.toJs();
writeFileSync(out, bytes);
console.log(names);
