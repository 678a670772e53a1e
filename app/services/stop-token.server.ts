/**
 * The "stop these messages" link's token: the address it stops, signed with HMAC-SHA256 under a key of its
 * own derived from COOKIE_SECRET, so the link works without logging in and cannot be made for another
 * address. It never expires: a message read months later must still be stoppable.
 */
import { fromBase64Url, toBase64Url } from "~/lib/base64url";

const PURPOSE = "medistore-stop-messages:";
const encoder = new TextEncoder();

const keyOf = (secret: string) =>
  crypto.subtle.importKey("raw", encoder.encode(PURPOSE + secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);

export async function signStopToken(secret: string, address: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await keyOf(secret), encoder.encode(address));
  return `${toBase64Url(encoder.encode(address))}.${toBase64Url(new Uint8Array(signature))}`;
}

/** The address a token stops, or null when it is not one we signed. */
export async function verifyStopToken(secret: string, token: string): Promise<string | null> {
  const [addressPart, signaturePart, ...rest] = token.split(".");
  if (!addressPart || !signaturePart || rest.length > 0) return null;
  if (token.length > 800) return null;
  const address = fromBase64Url(addressPart);
  const signature = fromBase64Url(signaturePart);
  if (!address || !signature) return null;
  const ok = await crypto.subtle.verify("HMAC", await keyOf(secret), signature, address);
  return ok ? new TextDecoder().decode(address) : null;
}
