// Pyodide's standard library cut to what the site imports, and our package, as bytecode, for
// tools/build.py.
//
//     node tools/stdlib_pyc.mjs PYODIDE_DIR BODOGE_ZIP STDLIB_OUT PACKAGE_OUT [MODULE...]
//
// Pyodide ships its whole standard library as source (python_stdlib.zip, 2.5 MB, 614 files)
// and compiles every module it imports at each boot that restores no memory snapshot. The
// site imports about 130 of them. Here Pyodide's own Python (the same build the page runs, so
// the same bytecode version) starts in Node, imports what the site can import: its own start,
// every module of bodoge.zip and the page's few more (bodoge.warm: a module the page imports
// besides goes into its PAGE_STDLIB), then each MODULE named on the command line (tools/
// build.py names every module an import statement names anywhere in the package or in
// PyScript's own Python, so that an import inside a function is there too; a name that is not
// a standard module is passed over). The zip written holds those modules only, as bytecode:
// unchecked-hash .pyc (zipimport looks for .pyc before .py and checks nothing), without column
// tables (PYTHONNODEBUGRANGES: a traceback still names file and line) and without docstrings
// (nothing of ours reads a standard module's __doc__). PACKAGE_OUT is bodoge.zip likewise: each
// module as bytecode only, named for where the page imports it from (/lib/bodoge.zip/bodoge/
// ...: web/pyodide/snap.mjs puts the zip on sys.path), no source (a traceback names file and line). Compiling is most of the cost of an import: the
// whole package takes seconds to compile at a phone's speed, a few hundredths to load as
// bytecode. Both are reproducible byte for byte; the standard library's files are printed, one
// per line.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, bodogeZip, out, packageOut, ...extra] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: resolve(dir) + "/",
  env: { PYTHONNODEBUGRANGES: "1", HOME: "/home/pyodide" },
  stdout: () => {},
  stderr: (line) => console.error(line),
});
pyodide.unpackArchive(new Uint8Array(readFileSync(bodogeZip)), "zip", { extractDir: "/bodoge-build" });
pyodide.globals.set("EXTRA", pyodide.toPy(extra));
pyodide.FS.writeFile("/bodoge-source.zip", new Uint8Array(readFileSync(bodogeZip)));
const result = pyodide.runPython(`
import importlib, importlib.util, io, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

sys.path.insert(0, "/bodoge-build")
import bodoge.warm
bodoge.warm.warm("build")
for name in EXTRA:
    try:
        importlib.import_module(name)
    except ImportError:
        pass                    # not a standard module (js, pyscript, polyscript, ...)

STDLIB = next(p for p in sys.path if p.endswith(".zip") and p.rsplit("/", 1)[-1].startswith("python"))
loaded = set(bodoge.warm.stdlib_files().values())
folders = {name.rsplit("/", 1)[0] + "/" for name in loaded if "/" in name}
source = zipfile.ZipFile(STDLIB)
buffer = io.BytesIO()
written = []
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in source.infolist():
        if info.filename in folders:
            dst.writestr(info, b"")
        elif info.filename in loaded:
            data = source.read(info)
            code = compile(data, f"{STDLIB}/{info.filename}", "exec", dont_inherit=True, optimize=2)
            pyc = zipfile.ZipInfo(info.filename + "c", info.date_time)
            pyc.compress_type = zipfile.ZIP_DEFLATED
            pyc.external_attr = info.external_attr
            dst.writestr(pyc, _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            written.append(pyc.filename)

package = zipfile.ZipFile("/bodoge-source.zip")
compiled = io.BytesIO()
with zipfile.ZipFile(compiled, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in package.infolist():
        data = package.read(info)
        code = compile(data, f"/lib/bodoge.zip/{info.filename}", "exec", dont_inherit=True, optimize=2)
        pyc = zipfile.ZipInfo(info.filename + "c", info.date_time)
        pyc.compress_type = zipfile.ZIP_DEFLATED
        pyc.external_attr = info.external_attr
        dst.writestr(pyc, _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
[buffer.getvalue(), compiled.getvalue(), "\\n".join(sorted(written))]
`);
const [bytes, packageBytes, names] = result.toJs();
writeFileSync(out, bytes);
writeFileSync(packageOut, packageBytes);
console.log(names);
