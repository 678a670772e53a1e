/**
 * Idempotency keys as Stripe keeps them: a key belongs to its caller and is bound to the request it first
 * came with. The same caller sending the same request again gets the first order back; the same caller
 * sending another request under that key is refused (409); anyone else holding the key simply has a key
 * of their own, so a leaked or guessed key never shows someone else's order.
 */
import { sql, type SQL } from "drizzle-orm";
import { clientAddress } from "~/services/rate-limit.server";

/** Checkout form keys (server-minted UUIDs) and API clients' `Idempotency-Key` headers. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

export type ScopedKey<Hash extends string | SQL = string> = {
  /**
   * What the orders table stores, never the key itself: for an account, its id and a hash of the key (so a
   * batch can build it from the session's user, as SQL); for a guest, a hash of scope and key.
   */
  hash: Hash;
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
 * Whose key it is: the signed-in account (its id, or SQL selecting it), else the guest's client address as
 * Cloudflare reports it (the page's keys are server-minted UUIDs, so a guest's key is theirs twice over). A
 * request that never crossed Cloudflare (a local run) has no address: those guests share one scope. The
 * prefixes keep the forms apart, and apart from the raw keys rows older than 0004 hold.
 */
async function storedKey<Hash extends string | SQL>(
  request: Request,
  userId: Hash | null,
  key: string,
): Promise<Hash | string> {
  if (userId === null)
    return `sha256:${await sha256Hex(`ip:${clientAddress(request) ?? "unknown"}\n${key}`)}`;
  const keyHash = `:sha256:${await sha256Hex(key)}`;
  return (
    typeof userId === "string" ? `user:${userId}${keyHash}` : sql`'user:' || ${userId} || ${keyHash}`
  ) as Hash;
}

/**
 * The key as stored, scoped to its caller, with the fingerprint of the request: `request` is a canonical
 * form of what the order is made from (plain values in a fixed order), serialised as JSON and hashed.
 * `userId` may be SQL selecting the caller's account (a batch that checks the session itself): the stored
 * key is then SQL too.
 */
export async function scopeKey<Hash extends string | SQL = string>(
  request: Request,
  userId: Hash | null,
  key: string,
  canonicalRequest: readonly unknown[],
  conflictMessage: string,
): Promise<ScopedKey<Hash | string>> {
  const [hash, fingerprint] = await Promise.all([
    storedKey(request, userId, key),
    sha256Hex(JSON.stringify(canonicalRequest)),
  ]);
  return { hash, fingerprint, conflictMessage };
}
