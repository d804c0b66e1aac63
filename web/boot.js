// Boot glue the browser demands before Python runs: the downloads Python needs, started at
// once; the saved language and motion setting on <html> (so the static page paints in the right
// language), a progress bar fed by PyScript's py:progress events, and the service worker
// (offline cache) with an "update ready" prompt.
(() => {
  "use strict";
  const root = document.documentElement;

  // --- the big downloads, started with the page ---------------------------------------------
  // Pyodide's WebAssembly and standard library and our package would otherwise be asked for
  // only at the end of a chain of modules (core.js, its chunk, snap.mjs, pyodide.mjs, and
  // bodoge.zip only once Python runs). The first fetch() of each URL (Pyodide's, snap.mjs's)
  // gets the response already on its way. On a first visit (no service worker answers yet) a
  // copy of each goes into the STAGE cache, from which the service worker's install takes it
  // instead of downloading it again (web/sw.js); the worker is registered once they are in.
  // The WebAssembly is compiled as it arrives (by the browser's background threads), and
  // Pyodide's instantiateStreaming of it gets that module: Pyodide asks for it only once its
  // own scripts have run.
  const script = document.currentScript;
  const base = new URL("../", script.src);
  const EARLY = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "bodoge.zip"];
  const WASM = new URL(EARLY[0], base).href;
  const STAGE = `bodoge-fetched:${base.pathname}`;
  const wasm = window.WebAssembly || {};
  const native = { fetch: window.fetch, compileStreaming: wasm.compileStreaming,
                   instantiate: wasm.instantiate, instantiateStreaming: wasm.instantiateStreaming };
  const early = new Map();
  const kept = [];
  let compiled = null;              // the WebAssembly's module, compiling since it started to come
  const handedOver = new Set();     // fetch() promises of the WebAssembly given to Pyodide
  const firstVisit = !(navigator.serviceWorker && navigator.serviceWorker.controller);
  const stage = firstVisit && window.caches && window.isSecureContext
    ? caches.open(STAGE).catch(() => null) : null;
  // One early download; ``kept`` gets the promise of its copy kept for the service worker.
  const fetchEarly = (path) => {
    const url = new URL(path, base).href;
    let stored = null;
    const response = native.fetch.call(window, url).then((r) => {
      if (stage && r.ok) {
        const copy = r.clone();     // before anyone reads the body
        stored = stage.then((cache) => cache && cache.put(url, copy)).catch(() => {});
      }
      if (url === WASM && r.ok && native.compileStreaming && native.instantiate) {
        compiled = native.compileStreaming.call(wasm, r.clone());
        compiled.catch(() => {});   // then Pyodide compiles its own copy
      }
      return r;
    });
    early.set(url, response);
    kept.push(response.then(() => stored, () => {}));
  };
  // This script comes after the stylesheet, so the shelf's first paint has had the network to
  // itself. Then the modules a boot loads (index.html names them: the browser would find each
  // only once the one before had run) and the three big files, all at once. (Our package
  // after Pyodide's two, so that Python could start on those sooner, came seconds later: a
  // download started from script waits for the main thread, which Python's start holds.)
  for (const path of (script.dataset.modules || "").split(" ").filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = new URL(path, base).href;
    document.head.append(link);
  }
  EARLY.forEach(fetchEarly);
  window.fetch = function (input, init) {
    const url = typeof input === "string" || input instanceof URL ? new URL(input, location.href).href : "";
    const started = early.get(url);
    let got;
    if (started && (!init || Object.keys(init).length === 0)) {
      early.delete(url);
      got = started.catch(() => native.fetch.call(window, input, init));
    } else {
      got = native.fetch.call(window, input, init);
    }
    if (url === WASM) handedOver.add(got);
    return got;
  };
  if (native.instantiateStreaming) {
    wasm.instantiateStreaming = function (source, imports) {
      if (!compiled || !handedOver.has(source)) return native.instantiateStreaming.call(wasm, source, imports);
      handedOver.delete(source);
      return (async () => {
        const given = await source;
        let module;
        try {
          module = await compiled;
        } catch (e) {               // the early compile failed: Pyodide's own copy, as usual
          return native.instantiateStreaming.call(wasm, given, imports);
        }
        if (given.body) given.body.cancel().catch(() => {});
        return { module, instance: await native.instantiate.call(wasm, module, imports) };
      })();
    };
  }
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

  // Whether a service worker answers this page (its files then come from the offline cache):
  // true once one does, false if none will. snap.mjs waits for it before making a snapshot, so
  // that its worker's Pyodide is read from the cache instead of downloaded again.
  let answered;
  window.bodogeServiceWorker = new Promise((resolve) => { answered = resolve; });

  const registerWorker = () => {
    const sw = navigator.serviceWorker;
    if (!sw || !window.isSecureContext) return answered(false);
    let updating = false;
    let controlled = !!sw.controller;
    if (controlled) answered(true);
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
      answered(true);
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
      if (!sw.controller) {        // the first visit: the new worker claims the page once active
        const worker = reg.installing || reg.waiting || reg.active;
        if (!worker || worker.state === "activated") answered(false);    // it will not (Shift+reload)
        else worker.addEventListener("statechange", () => {
          if (worker.state === "redundant") answered(false);               // its install failed
        });
      }
      // Look for a new deploy now: browsers check on navigation only lazily (Chromium waits
      // until the worker is idle), so without this an update could wait for many visits.
      if (reg.active) reg.update().catch(() => { /* offline: try again next visit */ });
    }).catch(() => answered(false));      // no offline cache: the app still works online
  };

  // --- the rules before Python ---------------------------------------------------------------
  // index.html paints the shelf; a rules page (#/rules/<game>) opened or tapped before Python
  // runs is web/rules.html's (the build renders them as Python does), so the rules can be read
  // while a slow first visit downloads. Not precached: a returning visit has Python in a second.
  let rules = null;                 // the parsed web/rules.html, once asked for
  let shelf = null;                 // the static shelf's nodes, while a rules page is shown
  const staticRoute = async () => {
    const app = document.getElementById("app");
    if (root.dataset.ready || !app) return;
    const page = /^#\/rules\/([a-z0-9_]+)$/.exec(location.hash);
    if (!page) {
      if (shelf) app.replaceChildren(...shelf);
      shelf = null;
      return;
    }
    rules = rules || native.fetch.call(window, new URL("web/rules.html", base))
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(r.status))))
      .then((text) => new DOMParser().parseFromString(text, "text/html"));
    let doc;
    try {
      doc = await rules;
    } catch (e) {
      rules = null;                 // offline and not cached: the shelf stays, Python will come
      return;
    }
    const found = doc.getElementById(`rules-${page[1]}`);
    if (root.dataset.ready || location.hash !== page[0] || !found) return;
    shelf = shelf || Array.from(app.childNodes);
    app.replaceChildren(...Array.from(found.childNodes, (n) => document.importNode(n, true)));
    scrollTo(0, 0);
  };
  addEventListener("hashchange", staticRoute);
  document.addEventListener("DOMContentLoaded", staticRoute);

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
  // filled only then, so it does not compete with the first boot's downloads, and once the big
  // files the page fetched are kept for it.
  new MutationObserver((_, obs) => {
    if (!root.dataset.ready) return;
    obs.disconnect();
    progress = 100;
    show();
    const boot = document.getElementById("boot");
    if (boot) boot.hidden = true;
    Promise.all(kept).then(registerWorker);
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
})();
