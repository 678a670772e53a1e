/**
 * The offline banner. Shown by CSS (styles/site.css) from two marks on <html>: `is-offline`, set by a tiny
 * inline script (lib/inline-scripts.server.ts) from navigator.onLine and the online/offline events, and
 * `data-offline-copy`, set by the service worker on a page it answers from the phone's copy. No React, so it works on such a copy before
 * (or without) hydration, and React's markup is never touched. While offline, the script also makes links
 * load whole pages: the worker can answer a page it has seen, not the data requests of a client-side
 * navigation.
 *
 * Its words never change once rendered, so they come with the HTML alone: in the browser React hydrates the
 * element without touching its insides (as it does the inline stylesheet), and they are not shipped a
 * second time in the JavaScript every first visit loads.
 */
import { OFFLINE_COPY_MESSAGE, OFFLINE_MESSAGE } from "~/lib/offline-banner-text";
import { InlineScript } from "./inline-script";

/** The texts carry no markup characters (lib/offline-banner-text.ts). */
const BANNER_HTML = import.meta.env.SSR
  ? `<p class="mx-auto max-w-6xl"><span class="offline-only">${OFFLINE_MESSAGE} </span><span class="offline-copy-only">${OFFLINE_COPY_MESSAGE}</span></p>`
  : "";

export function OfflineBanner() {
  return (
    <>
      <div
        id="offline-banner"
        role="status"
        className="offline-banner border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
        dangerouslySetInnerHTML={{ __html: BANNER_HTML }}
        suppressHydrationWarning
      />
      <InlineScript name="offlineBanner" />
    </>
  );
}
