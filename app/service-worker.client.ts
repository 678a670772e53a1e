/**
 * Registers the service worker (sw/sw.ts, served at /sw.js) with workbox-window. Loaded by
 * entry.client.tsx after the page has loaded, so none of it weighs on the first load.
 */
import { Workbox } from "workbox-window";

export function registerServiceWorker() {
  const wb = new Workbox("/sw.js");
  wb.register().catch(() => {
    // Offline reading is a nicety; the shop works without the worker.
  });
}
