// Boot glue the browser demands before Python runs: the saved language and motion setting on
// <html> (so the static page paints in the right language), a progress bar fed by PyScript's
// py:progress events, and the service worker (offline cache) with an "update ready" prompt.
(() => {
  "use strict";
  const root = document.documentElement;
  let settings = {};
  try {
    const text = localStorage.getItem("bodoge:settings") || "{}";
    if (text.length < 2000) settings = JSON.parse(text) || {};
  } catch (e) { /* damaged or blocked settings: defaults (Python reads them field by field) */ }
  const nav = (navigator.language || "").toLowerCase();
  root.lang = settings.lang === "ja" || settings.lang === "en" ? settings.lang
    : (nav.startsWith("ja") ? "ja" : "en");
  if (settings.motion === "reduce") root.dataset.motion = "reduce";

  const stages = { "Loading Pyodide": 15, "Loading interpreter": 30, "Loaded interpreter": 75,
                   "Loaded Pyodide": 90 };
  let progress = 5;
  const show = () => {
    const bar = document.getElementById("boot-bar");
    if (bar) bar.value = progress;
  };
  addEventListener("py:progress", (e) => {
    progress = Math.max(progress, stages[e.detail] || progress);
    show();
  });
  startupFailures();

  const registerWorker = () => {
    const sw = navigator.serviceWorker;
    if (!sw || !window.isSecureContext) return;
    let updating = false;
    let controlled = !!sw.controller;
    const prompt = (onclick) => {
      document.getElementById("update").hidden = false;
      document.getElementById("update-reload").onclick = onclick;
    };
    // A new worker waits while this page uses the old one: on "Reload" it takes over, and the
    // page reloads when it has (controllerchange). If another tab let it take over first, the
    // worker is no longer waiting, and a plain reload is all that is left to do.
    const offer = (worker) => prompt(() => {
      if (worker.state !== "installed") return location.reload();
      updating = true;
      worker.postMessage("skip-waiting");
    });
    sw.addEventListener("controllerchange", () => {
      if (updating) location.reload();
      else if (controlled) prompt(() => location.reload());  // another tab took the new version
      controlled = true;
    });
    // A new deploy's worker may already be installing (the browser checks on navigation):
    // watch whatever is there now as well as what comes later.
    // A new version waits only while another worker controls the page: WebKit may tell a first
    // visit's worker "installed" after it has already claimed the page (the controller then).
    const watch = (worker) => {
      if (!worker) return;
      const check = () => {
        if (worker.state === "installed" && sw.controller && sw.controller !== worker) offer(worker);
      };
      check();
      worker.addEventListener("statechange", check);
    };
    sw.register("./sw.js", { scope: "./" }).then((reg) => {
      watch(reg.waiting || reg.installing);
      reg.addEventListener("updatefound", () => watch(reg.installing));
      // Look for a new deploy now: browsers check on navigation only lazily (Chromium waits
      // until the worker is idle), so without this an update could wait for many visits.
      if (reg.active) reg.update().catch(() => { /* offline: try again next visit */ });
    }).catch(() => { /* no offline cache: the app still works online */ });
  };

  // --- start-up failures --------------------------------------------------------------------
  // Python failed to start or the first render raised (web/main.py calls bodogeBootFailed; an
  // error or rejected promise before the app is ready counts too): say so, and offer a start
  // that reads no saved game ("?safe") and a copy of every saved entry as stored, so that
  // nobody has to clear the site's data (and lose every save) to play again.
  function rawEntries() {
    const out = {};
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key && key.startsWith("bodoge:")) out[key] = localStorage.getItem(key);
      }
    } catch (e) { /* storage blocked: nothing stored to copy */ }
    return JSON.stringify(out, null, 1);
  }
  window.bodogeRawEntries = rawEntries;

  function copyOut(text) {
    const box = document.getElementById("boot-entries");
    box.value = text;
    document.getElementById("boot-entries-box").hidden = false;
    const said = (ok) => {
      document.getElementById("boot-copied").hidden = !ok;
      document.getElementById("boot-copy-failed").hidden = ok;
    };
    box.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(() => said(true), () => said(ok));
    } else {
      said(ok);
    }
  }

  function bootFailed(detail) {
    if (root.dataset.ready || root.dataset.failed) return;
    root.dataset.failed = "1";
    console.warn("bodoge could not start:", String(detail).slice(0, 500));
    const box = document.getElementById("boot-failed");
    const boot = document.getElementById("boot");
    if (!box) return;
    if (boot) boot.hidden = true;
    box.hidden = false;
    document.getElementById("boot-safe").onclick = () => {
      location.href = new URL("?safe#/", location.href).href;
    };
    document.getElementById("boot-copy").onclick = () => copyOut(rawEntries());
    document.getElementById("boot-reload").onclick = () => location.reload();
    document.getElementById("boot-failed-title").focus();
  }
  window.bodogeBootFailed = bootFailed;

  function startupFailures() {
    addEventListener("error", (e) => bootFailed(e.message));
    addEventListener("unhandledrejection", (e) => bootFailed(e.reason));
    // PyScript says its scripts are done: if the app is not ready by then, it never will be
    addEventListener("py:all-done", () => bootFailed("the app did not start"));
    // Pyodide waits forever when its WebAssembly cannot be compiled (a damaged or missing
    // download): a failed compile that no fallback follows within 15 s is a failed start.
    for (const name of ["compileStreaming", "instantiateStreaming", "compile", "instantiate"]) {
      const original = window.WebAssembly && WebAssembly[name];
      if (typeof original !== "function") continue;
      WebAssembly[name] = function (...args) {
        const result = original.apply(this, args);
        result.catch((e) => setTimeout(() => bootFailed(e), 15000));
        return result;
      };
    }
  }

  // Python marks <html data-ready="1"> when the app is interactive; the offline cache is
  // filled only then, so it does not compete with the first boot's downloads.
  new MutationObserver((_, obs) => {
    if (!root.dataset.ready) return;
    obs.disconnect();
    progress = 100;
    show();
    const boot = document.getElementById("boot");
    if (boot) boot.hidden = true;
    registerWorker();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
})();
