/** Unguessable identifiers from the platform CSPRNG (Workers and browsers both have Web Crypto). */
import { toBase64Url } from "./base64url";

export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

// Crockford's base32: no I, L, O or U, so a reference read out over the phone is not misheard.
const REF_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A short order reference such as MS-7K3QX9 (32^6 ≈ 1 billion; uniqueness is enforced by the database). */
export function generateOrderRef(): string {
  const buf = crypto.getRandomValues(new Uint8Array(6));
  let ref = "";
  for (const b of buf) ref += REF_ALPHABET[b & 31];
  return `MS-${ref}`;
}
