// Pyodide from a memory snapshot: a returning visit restores the interpreter as it was after
// start-up and our imports, instead of redoing them (0.43 s instead of 0.54 s:
// benchmarks/platform.md).
//
// PyScript loads this module as its interpreter (pyscript.toml: interpreter =
// "./pyodide/snap.mjs"): it uses our `version` and `loadPyodide`, and takes `indexURL` from
// this folder, beside pyodide.mjs. Our `loadPyodide` also puts bodoge.zip (web/boot.js started
// its download with the page) on Python's path, and hands Pyodide the header of its package
// list instead of the list (we load no packages). The snapshot options are
// Pyodide's own, private and experimental (`_loadSnapshot`, `_makeSnapshot`,
// `makeMemorySnapshot`), so any failure — no snapshot, a damaged or stale one, a full quota, an
// older browser — means a normal boot, silently. A snapshot is made only after a normal boot, once the page is ready and idle, by
// a Pyodide of its own in a worker (snap-worker.mjs), and kept in Cache Storage under a key of
// the Pyodide version, the site's version and the warm-up code: a new deploy never meets an
// old snapshot. `globalThis.bodogeSnapshot` (and <html data-snapshot>) say what happened.
import { loadPyodide as loadFresh, version } from "./pyodide.mjs";

export { version };

// Stamped by tools/build.py: the site's content hash (the service worker's version), the
// sha256 of bodoge.zip, which the worker checks before it snapshots that code, and
// pyodide-lock.json's header with no packages (the file is not shipped).
export const SITE = "__SITE__";
export const ZIP = "__ZIP__";
export const LOCK = {};

const BASE = new URL("../", import.meta.url);          // the site's folder
export const ZIP_URL = new URL("bodoge.zip", BASE).href;
export const CACHE = `bodoge-snapshot:${BASE.pathname}`;   // one per site path

// Our package, where Python finds it: the zip itself on sys.path (bytecode, imported from the
// zip as the standard library is: unpacking its files took a tenth of a second and more).
export const PACKAGE = "/lib/bodoge.zip";
export function unpack(pyodide, zip) {
  pyodide.FS.writeFile(PACKAGE, zip);
  pyodide.runPython(`import sys\nif ${JSON.stringify(PACKAGE)} not in sys.path: sys.path.insert(0, ${JSON.stringify(PACKAGE)})`);
}

// Pyodide's options of ours: the lock file's header instead of the file.
export const options = (given = {}) => (given.lockFileURL || given.lockFileContents ? { ...given }
  : { ...given, lockFileContents: JSON.parse(JSON.stringify(LOCK)) });

// The warm-up, run in the worker's Pyodide before its memory is taken: bodoge.zip where the
// page puts it (a restored page writes the same file there again), then bodoge/warm.py imports
// every module that does not touch the page.
export function warmUp(pyodide, zip, key) {
  unpack(pyodide, zip);
  const warm = pyodide.pyimport("bodoge.warm");
  try {
    warm.warm(key).destroy();
  } finally {
    warm.destroy();
  }
}

const fnv = (text) => {        // FNV-1a, 32 bits: a short, stable hash of the warm-up code
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
};

export const KEY = `${version}-${SITE}-${fnv(warmUp.toString())}`;
export const ENTRY = new URL(`pyodide/snapshot/${KEY}`, BASE).href;

export const hex = async (bytes) =>
  Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
             (b) => b.toString(16).padStart(2, "0")).join("");

// Store `image` as the snapshot for KEY and drop every other one of this site.
export async function save(image) {
  const cache = await caches.open(CACHE);
  const headers = { "Content-Type": "application/octet-stream", "X-Snapshot-Sha256": await hex(image) };
  await cache.put(ENTRY, new Response(image, { headers }));
  for (const request of await cache.keys()) {
    if (request.url !== ENTRY) await cache.delete(request);
  }
}

const status = (globalThis.bodogeSnapshot = { restored: false, reason: "", made: "" });

const note = (fields) => {
  Object.assign(status, fields);
  if (globalThis.document) document.documentElement.dataset.snapshot = status.restored ? "restored" : "none";
};

// Pyodide's runtime script, which either boot imports: asked for at once, so that it loads
// while Cache Storage is asked for a snapshot (the first use of Cache Storage takes 2-10 ms).
const RUNTIME = new URL("./pyodide.asm.mjs", import.meta.url).href;

async function restore(config, response, runtime) {
  // All at once: the runtime's script, the bytes (to Pyodide as they arrive) and their check,
  // which runs beside the wasm's start; nothing is restored before it passes (a damaged
  // snapshot must not reach the interpreter).
  const bytes = response.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  const checked = bytes.then(async (image) => {
    if (await hex(image) !== response.headers.get("X-Snapshot-Sha256")) throw new Error("damaged snapshot");
    return image;
  });
  for (const p of [runtime, checked]) p.catch(() => {});     // awaited below, unless the load fails before
  let quiet = true;     // a failed attempt says nothing: the normal boot follows
  const stderr = (...args) => { if (!quiet && config.stderr) config.stderr(...args); };
  const pyodide = await loadFresh({
    ...config,
    stderr,
    _loadSnapshot: bytes,
    // Pyodide 314.0.7 restores into memory of its initial size (pyodide#6254): grow it first.
    createPyodideModule: async (settings) => {
      const [module, image] = await Promise.all([runtime.then((m) => m.default(settings)), checked]);
      const need = image.length - new Uint32Array(image.buffer, image.byteOffset, 2)[1];
      if (module.HEAP8.length < need && !module.growMemory(need)) throw new Error("no memory for the snapshot");
      return module;
    },
  });
  const warm = pyodide.pyimport("bodoge.warm");
  try {
    if (!warm.restored(KEY)) throw new Error("snapshot of another deploy");
  } finally {
    warm.destroy();
  }
  quiet = false;
  return pyodide;
}

async function stored() {
  if (!globalThis.caches || !globalThis.crypto || !crypto.subtle) return null;
  return (await caches.match(ENTRY, { cacheName: CACHE })) || null;
}

async function forget() {
  try {
    const cache = await caches.open(CACHE);
    await cache.delete(ENTRY);
  } catch (e) { /* nothing stored */ }
}

// Whether this browser can make a snapshot here: Cache Storage, module workers, and room
// for a second Pyodide for a few seconds (browsers that do not say how much memory the
// device has, or say under 2 GB, boot normally every time).
const canMake = () => !!(globalThis.caches && globalThis.Worker && globalThis.crypto && crypto.subtle
  && navigator.deviceMemory >= 2);

// A snapshot that could not be made (a full quota, say) is not tried again until the next
// deploy: localStorage remembers the key it failed for.
const FAILED = "bodoge:snapshot-failed";
const remember = (made) => {
  try {
    if (made === "saved") localStorage.removeItem(FAILED);
    else localStorage.setItem(FAILED, KEY);
  } catch (e) { /* no storage: try again next visit */ }
};
const failedBefore = () => {
  try {
    return localStorage.getItem(FAILED) === KEY;
  } catch (e) {
    return false;
  }
};

// The service worker's answer (web/boot.js): whether the worker's Pyodide will be read from the
// offline cache. On a first visit the cache is being filled as the page gets ready; the
// snapshot waits for it, rather than download Pyodide a second time.
const cached = () => Promise.race([globalThis.bodogeServiceWorker || false,
  new Promise((resolve) => setTimeout(resolve, 30_000, false))]);

async function make() {
  if (!canMake()) return note({ made: "not here" });
  if (failedBefore()) return note({ made: "failed before" });
  note({ made: "making" });
  await cached();
  let worker;
  const done = (made) => {
    note({ made });
    remember(made);
    if (worker) worker.terminate();
  };
  try {
    worker = new Worker(new URL("./snap-worker.mjs", import.meta.url), { type: "module" });
  } catch (e) {
    return done("failed: no worker");
  }
  worker.onmessage = (event) => done(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    done("failed: worker error");
  };
  worker.postMessage(KEY);
}

// After a normal boot: make a snapshot once the app is ready and the page idle.
function makeLater() {
  const root = document.documentElement;
  const idle = () => (globalThis.requestIdleCallback || ((f) => setTimeout(f, 500)))(make, { timeout: 10_000 });
  if (root.dataset.ready) return idle();
  new MutationObserver((_, observer) => {
    if (!root.dataset.ready) return;
    observer.disconnect();
    idle();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

async function zipBytes() {
  const response = await fetch(ZIP_URL);
  if (!response.ok) throw new Error(`bodoge.zip: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function loadPyodide(given = {}) {
  const runtime = import(RUNTIME);
  runtime.catch(() => {});      // a failure is told where the boot imports it again
  const zip = zipBytes();
  zip.catch(() => {});          // told when awaited below
  const settings = options(given);
  let response = null;
  try {
    response = await stored();
  } catch (e) {
    note({ reason: "no cache" });
  }
  if (response) {
    try {
      const pyodide = await restore(settings, response, runtime);
      unpack(pyodide, await zip);
      note({ restored: true, reason: "" });
      return pyodide;
    } catch (e) {
      note({ reason: String((e && e.message) || e) });
      await forget();
    }
  } else if (!status.reason) {
    note({ reason: "no snapshot" });
  }
  const pyodide = await loadFresh(options(given));
  unpack(pyodide, await zip);
  if (globalThis.document) makeLater();
  return pyodide;
}
