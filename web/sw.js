// bodoge service worker (template: tools/build.py fills VERSION and PRECACHE).
// Precaches the whole built site under a content-hash cache name and serves it cache-first,
// so the app works offline after the first visit. A new deploy has a new hash: the new
// worker installs beside the old one and takes over when the page asks (update prompt) or
// when every tab has closed; saves live in localStorage and are never touched here.
//
// Each file is downloaded once: PRECACHE gives every file's sha256 (as a subresource-integrity
// string), and the install takes a file, checked against it, from wherever it already is —
// what the page fetched on its first visit (web/boot.js keeps the big files it fetches in the
// STAGE cache), an older deploy's cache (a new deploy leaves Pyodide as it was), the browser's
// HTTP cache — and from the network only when none of them holds this deploy's bytes.
"use strict";
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const SCOPE = new URL(self.registration.scope).pathname;
const PREFIX = `bodoge:${SCOPE}:`;
const CACHE = PREFIX + VERSION;
const STAGE = `bodoge-fetched:${SCOPE}`;          // web/boot.js's
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

const sri = async (bytes) => {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let text = "";
  for (const b of digest) text += String.fromCharCode(b);
  return "sha256-" + btoa(text);
};

// A stored response holding exactly this deploy's bytes of a file, or null.
async function checked(response, integrity) {
  if (!response || !response.ok) return null;
  const bytes = await response.arrayBuffer();
  if (await sri(bytes) !== integrity) return null;
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding");                 // the bytes are decoded already
  headers.set("Content-Length", String(bytes.byteLength));
  return new Response(bytes, { status: 200, headers });
}

// From the network, checked: the HTTP cache first (whatever it holds, fresh or not: the check
// tells), then past it, in case it held an older deploy's file.
async function download(url, integrity) {
  for (const mode of ["force-cache", "reload"]) {
    try {
      const response = await fetch(new Request(url, { cache: mode, integrity }));
      if (response.ok) return response;
    } catch (e) { /* the integrity did not match, or no network: try the next way */ }
  }
  throw new Error(`could not download ${url}`);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const places = [];                          // where a file may already be, in order
    if (await caches.has(STAGE)) places.push(await caches.open(STAGE));
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) places.push(await caches.open(key));
    }
    const fetched = new Map();                  // integrity -> its response being got
    const get = (url, integrity) => {
      if (!fetched.has(integrity)) {
        fetched.set(integrity, (async () => {
          for (const place of places) {
            const hit = await checked(await place.match(url), integrity);
            if (hit) return hit;
          }
          return checked(await download(url, integrity), integrity);
        })());
      }
      return fetched.get(integrity).then((r) => r && r.clone());
    };
    await Promise.all(Object.entries(PRECACHE).map(async ([url, integrity]) => {
      if (await cache.match(url)) return;         // an install that was cut short and resumed
      const response = await get(url, integrity);
      if (!response) throw new Error(`${url} is not this deploy's`);
      await cache.put(url, response);
    }));
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if ((key.startsWith(PREFIX) && key !== CACHE) || key === STAGE) await caches.delete(key);
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
