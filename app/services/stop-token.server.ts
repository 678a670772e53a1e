/**
 * The "stop these messages" link's token: the address it stops, signed with HMAC-SHA256 under a key of its
 * own derived from COOKIE_SECRET, so the link works without logging in and cannot be made for another
 * address. It never expires: a message read months later must still be stoppable.
 */
const PURPOSE = "medistore-stop-messages:";
const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const keyOf = (secret: string) =>
  crypto.subtle.importKey("raw", encoder.encode(PURPOSE + secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);

export async function signStopToken(secret: string, address: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await keyOf(secret), encoder.encode(address));
  return `${base64url(encoder.encode(address))}.${base64url(new Uint8Array(signature))}`;
}

/** The address a token stops, or null when it is not one we signed. */
export async function verifyStopToken(secret: string, token: string): Promise<string | null> {
  const [addressPart, signaturePart, ...rest] = token.split(".");
  if (!addressPart || !signaturePart || rest.length > 0) return null;
  const address = fromBase64url(addressPart);
  const signature = fromBase64url(signaturePart);
  if (!address || !signature) return null;
  const ok = await crypto.subtle.verify("HMAC", await keyOf(secret), signature, address);
  return ok ? new TextDecoder().decode(address) : null;
}
