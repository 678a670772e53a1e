/**
 * Base64url without padding, as tokens in links and cookies carry bytes. Decoding is strict: a text that
 * is not exactly what encoding its bytes gives (other characters, padding, spare bits set in the last
 * character) is refused, so each token has one spelling.
 */

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes a canonical base64url text spells, or null. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  return toBase64Url(bytes) === text ? bytes : null;
}
