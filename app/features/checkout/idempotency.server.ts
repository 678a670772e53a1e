/**
 * Idempotency keys as Stripe keeps them: a key belongs to its caller and is bound to the request it first
 * came with. The same caller sending the same request again gets the first order back; the same caller
 * sending another request under that key is refused (409); anyone else holding the key simply has a key
 * of their own, so a leaked or guessed key never shows someone else's order.
 */
import { clientAddress } from "~/services/rate-limit.server";

/** Checkout form keys (server-minted UUIDs) and API clients' `Idempotency-Key` headers. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

export type ScopedKey = {
  /** What the orders table stores: a hash of scope and key, never the key itself. */
  hash: string;
  /** The request the key is bound to. */
  fingerprint: string;
  /** Said (409) when the same caller sends another request under the key. */
  conflictMessage: string;
};

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Whose key it is: the signed-in account, else the guest's client address as Cloudflare reports it (the
 * page's keys are server-minted UUIDs, so a guest's key is theirs twice over). A request that never crossed
 * Cloudflare (a local run) has no address: those guests share one scope.
 */
function callerScope(request: Request, userId: string | null): string {
  return userId ? `user:${userId}` : `ip:${clientAddress(request) ?? "unknown"}`;
}

/**
 * The key as stored, scoped to its caller, with the fingerprint of the request: `request` is a canonical
 * form of what the order is made from (plain values in a fixed order), serialised as JSON and hashed.
 */
export async function scopeKey(
  request: Request,
  userId: string | null,
  key: string,
  canonicalRequest: readonly unknown[],
  conflictMessage: string,
): Promise<ScopedKey> {
  const [hash, fingerprint] = await Promise.all([
    sha256Hex(`${callerScope(request, userId)}\n${key}`),
    sha256Hex(JSON.stringify(canonicalRequest)),
  ]);
  // The prefix keeps hashes apart from the raw keys rows older than 0004 hold.
  return { hash: `sha256:${hash}`, fingerprint, conflictMessage };
}
