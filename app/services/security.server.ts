import type { AppConfig } from "./env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state changes sent by another site (on top of SameSite=Lax cookies). Browsers send Origin on
 * every cross-origin POST; requests without it (curl, server-to-server API clients) carry no ambient
 * cookies worth stealing, and the API authenticates them by token.
 */
export function isCrossSiteWrite(request: Request, config: AppConfig): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return true;
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  if (origin === "null") return !isOwnFormWithoutOrigin(request);
  const allowed = new Set([new URL(request.url).origin]);
  if (config.publicOrigin) allowed.add(config.publicOrigin);
  return !allowed.has(origin);
}

/**
 * A page that sends no referrer (a reset link's, an order's private page) makes the browser send
 * `Origin: null` with its own forms, with JavaScript or without. Where the form came from is then told by
 * Sec-Fetch-Site, which the browser sets and no page can: only "same-origin" is ours. A request that proves
 * nothing (no Sec-Fetch-Site, or another site) stays refused.
 */
export function isOwnFormWithoutOrigin(request: Request): boolean {
  return request.headers.get("Origin") === "null" && request.headers.get("Sec-Fetch-Site") === "same-origin";
}

/**
 * A private image (a prescription): never cached anywhere shared, and served so that nothing in it can run
 * even if opened on its own: nosniff, and a CSP that allows nothing and sandboxes the document (the stored
 * bytes are re-encoded pixels, this is the second wall). Set on the answer itself rather than left to the
 * Worker's default for non-HTML answers, so it cannot be lost on the way.
 */
export const PRIVATE_IMAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
  "Referrer-Policy": "no-referrer",
};
