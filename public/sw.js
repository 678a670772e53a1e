/*
 * MediStore service worker: makes the site installable and gives it an offline page.
 * Registered by app/entry.client.tsx in production builds. Plain JavaScript: it is served as-is.
 *
 * What it stores, and why so little:
 *  - the offline page and the icons (precached on install);
 *  - hashed build files under /assets/ (their names change with their content, so a stored copy is never stale);
 *  - public product images under /images/ (unique key per upload), with a cap so a phone's storage is not eaten.
 * HTML pages are never stored: they carry per-visitor data (cart, checkout key, account), and an old copy of a
 * checkout form could be resubmitted later. POSTs, /api/*, /order/* (private status pages) and any response
 * marked private or no-store are never stored either.
 */
const VERSION = "v1";
const STATIC_CACHE = `medistore-static-${VERSION}`;
const IMAGE_CACHE = `medistore-images-${VERSION}`;
const CURRENT_CACHES = [STATIC_CACHE, IMAGE_CACHE];
// public/offline.html. Workers static assets answer /offline.html with a redirect to /offline, and a redirected
// response cannot answer a navigation, so the page is stored under the URL that serves it directly.
const OFFLINE_URL = "/offline";
const PRECACHE_URLS = [
  OFFLINE_URL,
  "/favicon.svg",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/maskable-512.png",
  "/icons/apple-touch-icon.png",
];
// Oldest entries go first once a cache holds more than this many responses (precached files not counted).
const MAX_ENTRIES = { [STATIC_CACHE]: 150, [IMAGE_CACHE]: 200 };

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      // "reload" skips the HTTP cache so a new version never precaches an old file.
      .then((cache) => cache.addAll(PRECACHE_URLS.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith("medistore-") && !CURRENT_CACHES.includes(name))
          .map((name) => caches.delete(name)),
      );
      // Lets the page request start while the worker boots: a real saving on slow phones.
      if (self.registration && self.registration.navigationPreload) {
        await self.registration.navigationPreload.enable();
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate") {
    event.respondWith(pageOrOffline(event));
    return;
  }
  // Only these three kinds are handled; everything else (/api/*, /order/*, *.data) goes straight to the network.
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(event, STATIC_CACHE));
  } else if (url.pathname.startsWith("/images/")) {
    event.respondWith(cacheFirst(event, IMAGE_CACHE));
  } else if (PRECACHE_URLS.includes(url.pathname)) {
    event.respondWith(cacheFirst(event, STATIC_CACHE));
  }
});

/** Navigations: always the network; the offline page only when the network cannot be reached. */
async function pageOrOffline(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded || (await fetch(event.request));
  } catch (error) {
    const offline = await caches.match(OFFLINE_URL);
    if (offline) return offline;
    throw error;
  }
}

async function cacheFirst(event, cacheName) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(event.request);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (isStorable(response)) {
    const copy = response.clone();
    event.waitUntil(
      cache
        .put(event.request, copy)
        .then(() => trim(cache, MAX_ENTRIES[cacheName]))
        .catch(() => {
          // Storage full or refused: the response was still served.
        }),
    );
  }
  return response;
}

function isStorable(response) {
  if (!response || response.status !== 200 || response.type !== "basic") return false;
  const cacheControl = response.headers.get("Cache-Control") || "";
  if (/\b(private|no-store)\b/i.test(cacheControl)) return false;
  return (response.headers.get("Vary") || "").trim() !== "*";
}

/** Drops the oldest entries past the cap; the precached offline page and icons always stay. */
async function trim(cache, max) {
  const keys = (await cache.keys()).filter(
    (request) => !PRECACHE_URLS.includes(new URL(request.url).pathname),
  );
  const excess = keys.length - max;
  for (let i = 0; i < excess; i++) await cache.delete(keys[i]);
}
