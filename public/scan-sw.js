/* global self, caches, URL, fetch, Response */
/**
 * The scan screen's service worker (SPEC §15): the guide's phone keeps the screen and its reads (the app shell, its
 * scripts, the departures and their manifests) so the screen opens and shows them without network. Registered by
 * the scan widget with the screen's own scope, so no other page goes through it. Writes are never cached: a scan
 * made offline waits in the page's IndexedDB queue and is sent when the network is back.
 */
const CACHE = 'lantern-scan-v1';
/** Never kept: the live event stream, and anything that is not a read. */
const PASS = ['/api/events', '/builds/'];

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The page names what it loaded before the worker took it over (its shell, scripts, first reads): kept at once. */
self.addEventListener('message', (event) => {
  const urls = Array.isArray(event.data?.keep) ? event.data.keep : [];
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        urls
          .filter((url) => kept(new URL(url, self.location.origin)))
          .map((url) =>
            fetch(url, { credentials: 'same-origin' })
              .then((response) => (response.ok ? cache.put(url, response) : undefined))
              .catch(() => undefined),
          ),
      ),
    ),
  );
});

function kept(url) {
  return url.origin === self.location.origin && !PASS.some((prefix) => url.pathname.startsWith(prefix));
}

/** The screen's page kept under any of its addresses (its query names only what the page picks). */
function shellPage(url) {
  return caches
    .match(new URL(url.pathname, url.origin).href, { ignoreVary: true })
    .then((hit) => hit || caches.match(url.href, { ignoreSearch: true, ignoreVary: true }));
}

/** Scripts and styles by content hash never change: the cache first. Everything else: the network, else the cache. */
self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || !kept(url)) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() =>
        caches
          .match(request, { ignoreVary: true })
          // The screen itself opened again with another departure picked (`?pick=`): the same page, kept once.
          .then((hit) => hit || (request.mode === 'navigate' ? shellPage(url) : undefined))
          .then((hit) => hit || Response.error()),
      ),
  );
});
