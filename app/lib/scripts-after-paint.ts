/**
 * The page's JavaScript waits for the first contentful paint. On a slow connection the HTML is what the
 * shopper is waiting for; the module script and its modulepreloads (React, Remix, the route's code) would
 * otherwise be fetched beside it and compete for the bandwidth and the CPU before anything shows. The
 * Worker renames them in every HTML response (workers/scripts-after-paint.ts), so that the browser leaves
 * them alone; the inline script (lib/inline-scripts.server.ts) gives them their real names back once the
 * browser has painted, and they load as usual. Only attributes change, so hydration sees the same tree.
 */

/** The `rel` a modulepreload link carries until the first paint. */
export const WAITING_PRELOAD_REL = "medistore-after-paint-preload";
/** The `type` a module script carries until the first paint: a type the browser does not run. */
export const WAITING_SCRIPT_TYPE = "medistore/after-paint";
