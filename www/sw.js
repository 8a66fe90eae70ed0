// The offline cache: after one visit the page works without a network. Every
// request goes to the network first (so a new bundle is used as soon as it is
// served) and falls back to the cache, which each successful response refreshes.
// Paths are relative to this script, so the site works under any sub-path.
const CACHE = 'ludolab-v1';
const FILES = [
  './', 'index.html', 'style.css', 'favicon.svg', 'app.js', 'dom.js', 'solver-client.js', 'worker.js',
  'heatmap.js', 'chart.js', 'board.js', 'play.js', 'graph.js', 'graph-editor.js', 'i18n.js', 'fr.js',
  'views/snakes.js', 'views/dice.js', 'views/orchard.js', 'views/arena.js', 'views/impartial.js',
  'pkg/ludolab.js', 'pkg/ludolab_bg.wasm',
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
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
