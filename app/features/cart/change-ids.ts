/**
 * Cart change ids: with JavaScript each cart change carries a random id, and the cart cookie's companion
 * remembers the last ones applied. A change whose answer never reached the browser (the shopper reloaded
 * or typed a URL while it was on its way, or was offline) is sent again by the page that follows; the id
 * makes that replay apply it exactly once (docs/product-rules.md, Cart). Pure: the server and tests share it.
 */
export const CHANGE_ID_FIELD = "changeId";
/** How many applied ids the cookie keeps: far more than changes a page can have on their way. */
export const REMEMBERED_CHANGES = 20;

const CHANGE_ID = /^[A-Za-z0-9_-]{8,40}$/;

/** The id a form carries, or null when it has none or a malformed one (treated as a change without id). */
export function readChangeId(form: FormData): string | null {
  const value = form.get(CHANGE_ID_FIELD);
  return typeof value === "string" && CHANGE_ID.test(value) ? value : null;
}

/** The remembered ids from the cookie's value, dropping anything that is not a list of ids. */
export function sanitizeChangeIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((id): id is string => typeof id === "string" && CHANGE_ID.test(id))
    .slice(-REMEMBERED_CHANGES);
}

/** The ids after one more was applied: the newest last, the oldest dropped past the limit. */
export function rememberChange(ids: string[], id: string): string[] {
  return [...ids.filter((known) => known !== id), id].slice(-REMEMBERED_CHANGES);
}
