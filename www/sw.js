// The offline cache: after one visit the page works without a network. Every
// request goes to the network first (so a new bundle is used as soon as it is
// served) and falls back to the cache, which each successful response refreshes.
// Paths are relative to this script, so the site works under any sub-path.
// The files to keep come from pkg/precache.json, which the build writes from www/.
const CACHE = 'ludolab-v1';

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const files = await (await fetch('pkg/precache.json')).json();
    const cache = await caches.open(CACHE);
    await cache.addAll(files);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch (err) {
      // Offline: the cached copy (links differ only after '#', so the page matches).
      const cached = await cache.match(request, { ignoreSearch: true });
      if (cached) return cached;
      throw err;
    }
  })());
});
