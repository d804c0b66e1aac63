// Boot glue the browser demands before Python runs: the saved language and motion setting on
// <html> (so the static page paints in the right language), a progress bar fed by PyScript's
// py:progress events, and the service worker (offline cache) with an "update ready" prompt.
(() => {
  "use strict";
  const root = document.documentElement;
  let settings = {};
  try {
    settings = JSON.parse(localStorage.getItem("bodoge:settings") || "{}") || {};
  } catch (e) { /* damaged settings: defaults; Python reports nothing is lost */ }
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
  addEventListener("error", () => {
    if (root.dataset.ready) return;
    const failed = document.getElementById("boot-failed");
    if (failed) failed.hidden = false;
  });

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
    const watch = (worker) => {
      if (!worker) return;
      const check = () => { if (worker.state === "installed" && sw.controller) offer(worker); };
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
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
  };

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
