/**
 * MediStore's service worker (Workbox), built into the client output as /sw.js by vite.config.ts
 * (bundled, then workbox-build injects the precache list of the hashed files).
 *
 * What it keeps on the phone, and why no more:
 *  - precached: the offline page, the icons, the shopper pages' scripts and the stylesheet of the shop's
 *    pages outside the catalogue (the catalogue's is inline);
 *  - pages the shopper has seen (page-rules.ts: the catalogue, product pages, /cart, the store's own
 *    pages), network first, so a page read offline is the last one seen; never a page rendered for a
 *    signed-in account, and all of them are dropped when someone signs in or out (shared phones);
 *  - product thumbnails (/images/), cache first, capped so a phone's storage is not eaten.
 * Never: POSTs, /api/*, *.data, order pages, account and admin pages.
 */
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim, type WorkboxPlugin } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly } from "workbox-strategies";
import { clearsKeptPages, isKeepableResponse, isKeptPage, markOfflineCopy, savedAtLabel } from "./page-rules";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const PAGES = "medistore-pages";
const IMAGES = "medistore-images";
const ASSETS = "medistore-assets";
// public/offline.html, stored under the URL that serves it directly (/offline.html redirects there).
const OFFLINE_URL = "/offline";
const SAVED_AT_HEADER = "X-Saved-At";

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

self.addEventListener("activate", (event) => {
  // Lets the page request start while the worker boots: a real saving on slow phones.
  event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve());
  // The hand-written worker's caches.
  event.waitUntil(caches.delete("medistore-static-v1").then(() => caches.delete("medistore-images-v1")));
});

// Registered before Workbox's router looks at the request; it answers nothing itself.
self.addEventListener("fetch", (event) => {
  if (clearsKeptPages(event.request.method, new URL(event.request.url))) {
    event.waitUntil(caches.delete(PAGES));
  }
});

const keepGuestPages: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (!isKeepableResponse(response)) return null;
    // The time it was saved, for the banner (wrangler dev and some proxies send no Date header).
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const html = markOfflineCopy(
      await cachedResponse.text(),
      savedAtLabel(cachedResponse.headers.get(SAVED_AT_HEADER)),
    );
    return new Response(html, { status: 200, headers: cachedResponse.headers });
  },
};

registerRoute(
  ({ request, url }) => request.mode === "navigate" && isKeptPage(url),
  new NetworkFirst({
    cacheName: PAGES,
    // A slow network still gets the page it asked for; a dead one gets the copy after this long.
    networkTimeoutSeconds: 4,
    plugins: [keepGuestPages, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 24 * 3600 })],
  }),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/images/"),
  new CacheFirst({
    cacheName: IMAGES,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true }),
    ],
  }),
);

// Hashed build files not precached (account and admin scripts, the back office's stylesheet): kept once
// loaded, their names never repeat.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: ASSETS,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 60 })],
  }),
);

// Every other page, and a form posted without JavaScript, goes to the network; offline, the offline page
// says nothing was sent (the browser keeps what was typed when the shopper goes back).
const navigation = ({ request }: { request: Request }) => request.mode === "navigate";
registerRoute(navigation, new NetworkOnly());
registerRoute(navigation, new NetworkOnly(), "POST");

// Any navigation the network cannot answer and no copy covers: the offline page.
setCatchHandler(async ({ request }) => {
  if (request.destination === "document") return (await matchPrecache(OFFLINE_URL)) ?? Response.error();
  return Response.error();
});
