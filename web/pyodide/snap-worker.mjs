// Makes the memory snapshot that snap.mjs restores on the next visit, in a worker of its own
// so the page is not slowed (and so the snapshot's `js` is no proxy of this worker: Pyodide
// records where each JS object came from and looks it up again in the restoring page).
// The page posts its key once the service worker answers it (its files, Pyodide's included,
// then come from the offline cache); the answer is "saved" or "failed: <why>".
import { loadPyodide } from "./pyodide.mjs";
import { KEY, ZIP, ZIP_URL, hex, options, save, warmUp } from "./snap.mjs";

addEventListener("message", async (event) => {
  try {
    if (event.data !== KEY) throw new Error("the page and the worker are of different deploys");
    const response = await fetch(ZIP_URL);
    if (!response.ok) throw new Error(`bodoge.zip: ${response.status}`);
    const zip = new Uint8Array(await response.arrayBuffer());
    if (await hex(zip) !== ZIP) throw new Error("bodoge.zip is not this deploy's");
    const pyodide = await loadPyodide(options({ _makeSnapshot: true, stdout: () => {}, stderr: () => {} }));
    warmUp(pyodide, zip, KEY);
    await save(pyodide.makeMemorySnapshot());
    postMessage("saved");
  } catch (e) {
    postMessage(`failed: ${(e && e.message) || e}`);
  }
});
