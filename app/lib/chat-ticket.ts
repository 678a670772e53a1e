/**
 * Chat tickets: browsers cannot put an Authorization header on a WebSocket, so the app mints a short-lived
 * ticket for one user, role and room, HMAC-SHA256-signed with CHAT_SECRET, which the socket carries in its
 * query string and the party verifies in `onBeforeConnect`. The same format, with role "service",
 * authenticates the Worker's and the rooms' HTTP calls to a room, so the secret itself never travels.
 *
 * Every ticket carries a random id (`jti`). A socket ticket travels in a URL (proxy logs, browser history),
 * so a room accepts each id once (party/connection.ts remembers it until `usableUntil`): a copied ticket
 * cannot open a second socket. Service tickets are not single-use: they travel only server to server in
 * an Authorization header, one is minted per call, and they only read a room's history or post an inbox
 * update, so remembering them would cost a storage write per history read for no gain.
 *
 * Pure WebCrypto, no secret inside: the secret is always passed in. Used by app/features/chat/chat.server.ts
 * (minting, in the Worker) and party/ (verifying); never by browser code.
 */
import * as z from "zod/mini";
import { fromBase64Url, toBase64Url } from "./base64url";
import { CHAT_PARTY, INBOX_PARTY, INBOX_ROOM } from "./chat-protocol";

/** About a minute: long enough to open a socket on a slow phone, too short to be worth stealing. */
export const TICKET_TTL_MS = 60_000;
/** Worker and party clocks are different machines; a little leeway avoids refusing a fresh ticket. */
const CLOCK_SKEW_MS = 5_000;
const PREFIX = "mst1";
/** 128 random bits, base64url: unique per ticket without any coordination between Worker instances. */
const JTI_BYTES = 16;

const claimsSchema = z.object({
  sub: z.string().check(z.minLength(1), z.maxLength(64)),
  role: z.enum(["user", "admin", "service"]),
  name: z.string().check(z.maxLength(100)),
  party: z.enum([CHAT_PARTY, INBOX_PARTY]),
  room: z.string().check(z.minLength(1), z.maxLength(64)),
  exp: z.number(),
  jti: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
});
export type TicketClaims = z.infer<typeof claimsSchema>;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** A fresh ticket id. */
export function ticketId(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(JTI_BYTES)));
}

/** Signs the claims for `ttlMs`; a ticket without an id (`jti`) gets a fresh random one. */
export async function signTicket(
  secret: string,
  claims: Omit<TicketClaims, "exp" | "jti"> & { jti?: string },
  { now = Date.now(), ttlMs = TICKET_TTL_MS }: { now?: number; ttlMs?: number } = {},
): Promise<string> {
  const body = toBase64Url(
    encoder.encode(JSON.stringify({ ...claims, jti: claims.jti ?? ticketId(), exp: now + ttlMs })),
  );
  const signature = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    encoder.encode(`${PREFIX}.${body}`),
  );
  return `${PREFIX}.${body}.${toBase64Url(new Uint8Array(signature))}`;
}

export type TicketCheck = { ok: true; claims: TicketClaims } | { ok: false; reason: string };

/** Checks the signature (in constant time, by WebCrypto), the shape and the expiry. */
export async function verifyTicket(
  secret: string,
  ticket: string | null | undefined,
  now = Date.now(),
): Promise<TicketCheck> {
  if (!ticket) return { ok: false, reason: "A chat ticket is required." };
  const parts = ticket.length <= 2048 ? ticket.split(".") : [];
  if (parts.length !== 3 || parts[0] !== PREFIX)
    return { ok: false, reason: "The chat ticket is malformed." };
  const [, body, signature] = parts;
  const signatureBytes = fromBase64Url(signature);
  const valid =
    signatureBytes !== null &&
    (await crypto.subtle.verify(
      "HMAC",
      await hmacKey(secret),
      signatureBytes,
      encoder.encode(`${PREFIX}.${body}`),
    ));
  if (!valid) return { ok: false, reason: "The chat ticket is not valid." };
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder().decode(fromBase64Url(body) ?? new Uint8Array()));
  } catch {
    return { ok: false, reason: "The chat ticket is malformed." };
  }
  const parsed = claimsSchema.safeParse(claims);
  if (!parsed.success) return { ok: false, reason: "The chat ticket is malformed." };
  if (usableUntil(parsed.data) < now) return { ok: false, reason: "The chat ticket has expired." };
  return { ok: true, claims: parsed.data };
}

/** Until when `verifyTicket` still accepts these claims: how long a room must remember a used ticket id. */
export function usableUntil(claims: Pick<TicketClaims, "exp">): number {
  return claims.exp + CLOCK_SKEW_MS;
}

export type Refusal = { status: 401 | 403; message: string };

/**
 * Who may join which room: a customer only their own conversation (room id = their user id), an admin any
 * conversation and the admins' inbox. Returns null when allowed.
 */
export function connectionRefusal(
  claims: TicketClaims,
  target: { party: string; room: string },
): Refusal | null {
  if (claims.role === "service") return { status: 403, message: "Service tickets cannot open a chat." };
  if (claims.party !== target.party || claims.room !== target.room)
    return { status: 403, message: "This chat ticket is for another conversation." };
  if (target.party === INBOX_PARTY) {
    return claims.role === "admin" && target.room === INBOX_ROOM
      ? null
      : { status: 403, message: "Only pharmacists can open the inbox." };
  }
  if (claims.role === "user" && claims.sub !== target.room)
    return { status: 403, message: "You can only join your own conversation." };
  return null;
}

/** HTTP calls to a room (history for the Worker, updates between rooms) carry a service ticket. */
export async function verifyServiceRequest(
  secret: string,
  request: { headers: { get(name: string): string | null } },
  target: { party: string; room: string },
): Promise<Refusal | null> {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer (\S+)$/.exec(header);
  const check = await verifyTicket(secret, match?.[1]);
  if (!check.ok) return { status: 401, message: check.reason };
  const { claims } = check;
  if (claims.role !== "service" || claims.party !== target.party || claims.room !== target.room)
    return { status: 403, message: "This service ticket is for another room." };
  return null;
}

export function serviceTicket(
  secret: string,
  target: { party: typeof CHAT_PARTY | typeof INBOX_PARTY; room: string },
) {
  return signTicket(secret, { sub: "medistore", role: "service", name: "MediStore", ...target });
}
