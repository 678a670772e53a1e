/**
 * Redirect targets taken from input (a form's `redirectTo`, a query string) are hostile until proven
 * otherwise. A target is kept only when, resolved against our own origin the way a browser resolves it, it
 * stays on our origin; control characters (which browsers drop, turning `/\t/evil.example` into
 * `//evil.example`) refuse it outright. What comes back is the normalised same-origin path, which a browser
 * resolves to our origin again.
 */
const ORIGIN = "https://medistore.invalid";
const MAX_LENGTH = 2048;

export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value) || !value.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a second leading slash (`/.//evil.example` becomes `//evil.example`),
  // which a browser reads as another host: what is sent back must itself stay on our origin.
  if (/^[/\\]{2}/.test(path) || new URL(path, ORIGIN).origin !== ORIGIN) return fallback;
  return path;
}
