// Burrow's service worker: it keeps the whole site in one cache named after
// the build, so a second visit opens without the network, and a new build
// (a new name, written here by `.ci/web build`) replaces the old cache once
// it has been fetched whole.

const BUILD = "__BUILD__";
const CACHE = `burrow-${BUILD}`;
// Every file of the site, relative to this script (filled in by the build).
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `reload` skips the HTTP cache's stale copies; the server's validators
      // make unchanged files cheap.
      await cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("burrow-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // The page's address carries the game to open (`?variant=...`): every
      // address of the page is the one cached page.
      const cached =
        request.mode === "navigate"
          ? await cache.match("./", { ignoreSearch: true })
          : await cache.match(request);
      if (cached) return cached;
      return fetch(request);
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "build") event.source?.postMessage({ build: BUILD, cache: CACHE });
});
