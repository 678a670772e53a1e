/**
 * Which pages the service worker may keep on the phone for offline reading. Pure, so it is unit-tested.
 * Only pages every guest could see (the catalogue, product pages, the store's own pages) and the
 * shopper's /cart (the entries marked `offline` in lib/route-policy.ts), never anything private to an
 * account or an order: those must not be readable by the next person holding a shared phone.
 */
import { matchPath } from "../app/lib/route-policy";

/** The response header by which the Worker says a page was rendered for a signed-in visitor. */
export const SIGNED_IN_HEADER = "X-Signed-In";

export function isKeptPage(url: URL): boolean {
  return !url.pathname.endsWith(".data") && matchPath(url.pathname).area.offline === true;
}

/** A page answer worth keeping: a full guest page, never one rendered for a signed-in account. */
export function isKeepableResponse(response: Response): boolean {
  return (
    response.status === 200 &&
    response.type === "basic" &&
    !response.redirected &&
    !response.headers.has(SIGNED_IN_HEADER) &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

/**
 * Posts after which every kept page must go: signing in or out (a shared phone changes hands) and
 * deleting an account.
 */
export function clearsKeptPages(method: string, url: URL): boolean {
  return method === "POST" && /^\/(?:login|logout|register|account\/delete)(?:\.data)?$/.test(url.pathname);
}

/** When a kept page was saved, as the banner shows it (Nigerian time), or null for a missing/bad date. */
export function savedAtLabel(date: string | null): string | null {
  const time = date ? new Date(date) : null;
  if (!time || Number.isNaN(time.getTime())) return null;
  return time.toLocaleString("en-NG", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Lagos" });
}

/**
 * Marks a page served from the phone's copy, so the offline banner shows and says when it was saved
 * (a CSS variable its stylesheet reads: no script needed).
 */
export function markOfflineCopy(html: string, savedAt: string | null): string {
  const label = savedAt?.replace(/[^\w ,:/.-]/g, "");
  const attrs = label
    ? ` data-offline-copy="" style="--offline-saved-at: 'on ${label}'"`
    : ` data-offline-copy=""`;
  return html.replace(/<html\b/i, (tag) => tag + attrs);
}
