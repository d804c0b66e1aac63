// bodoge service worker (template: tools/build.py fills VERSION and PRECACHE).
// Precaches the whole built site under a content-hash cache name and serves it cache-first,
// so the app works offline after the first visit. A new deploy has a new hash: the new
// worker installs beside the old one and takes over when the page asks (update prompt) or
// when every tab has closed; saves live in localStorage and are never touched here.
"use strict";
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const SCOPE = new URL(self.registration.scope).pathname;
const PREFIX = `bodoge:${SCOPE}:`;
const CACHE = PREFIX + VERSION;
// Explicit types: Pyodide hangs at boot if .wasm is not application/wasm.
const MIME = {
  ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
  ".json": "application/json", ".zip": "application/zip", ".css": "text/css",
  ".html": "text/html; charset=utf-8", ".toml": "text/plain; charset=utf-8",
  ".py": "text/plain; charset=utf-8", ".png": "image/png", ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
};

const typed = (response, url) => {
  const path = new URL(url).pathname;
  const dot = path.lastIndexOf(".");
  const type = dot >= 0 ? MIME[path.slice(dot)] : (path.endsWith("/") ? MIME[".html"] : null);
  if (!type || response.headers.get("Content-Type") === type) return response;
  const headers = new Headers(response.headers);
  headers.set("Content-Type", type);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })))));
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// Opened once per start of the worker: every request of a boot is answered from it.
let opened = null;
const cache = () => (opened = opened || caches.open(CACHE).catch((e) => { opened = null; throw e; }));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  event.respondWith((async () => {
    const store = await cache();
    // the exact URL first (a lookup by key); ignoring the query string reads every entry
    let hit = await store.match(request);
    if (!hit && new URL(request.url).search) hit = await store.match(request, { ignoreSearch: true });
    if (!hit && request.mode === "navigate") hit = await store.match("./");
    if (hit) return typed(hit, hit.url || request.url);
    try {
      return typed(await fetch(request), request.url);
    } catch (e) {
      return new Response("offline and not cached", { status: 503, statusText: "Offline" });
    }
  })());
});
