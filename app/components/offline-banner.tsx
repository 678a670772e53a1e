/**
 * The offline banner. Shown by CSS (styles/site.css) from two marks on <html>: `is-offline`, set by a tiny
 * inline script (lib/inline-scripts.server.ts) from navigator.onLine and the online/offline events, and
 * `data-offline-copy`, set by the service worker on a page it answers from the phone's copy. No React, so it works on such a copy before
 * (or without) hydration, and React's markup is never touched. While offline, the script also makes links
 * load whole pages: the worker can answer a page it has seen, not the data requests of a client-side
 * navigation.
 */
import { OFFLINE_COPY_MESSAGE, OFFLINE_MESSAGE } from "~/lib/offline-banner-text";
import { InlineScript } from "./inline-script";

export function OfflineBanner() {
  return (
    <>
      <div
        id="offline-banner"
        role="status"
        className="offline-banner border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
      >
        <p className="mx-auto max-w-6xl">
          <span className="offline-only">{OFFLINE_MESSAGE} </span>
          <span className="offline-copy-only">{OFFLINE_COPY_MESSAGE}</span>
        </p>
      </div>
      <InlineScript name="offlineBanner" />
    </>
  );
}
