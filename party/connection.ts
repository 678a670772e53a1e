/**
 * What both rooms share: who a connection is (from its verified, single-use ticket), the per-connection
 * flood throttle, and small response helpers. Kept free of PartyKit runtime imports so Node tests can use it.
 */
import type * as Party from "partykit/server";
import { frame, TOO_FAST, type Role, type ServerEvent } from "../app/lib/chat-protocol";
import {
  connectionRefusal,
  usableUntil,
  verifyServiceRequest,
  verifyTicket,
  type Refusal,
  type TicketClaims,
} from "../app/lib/chat-ticket";

export type Identity = { userId: string; role: Role; name: string };

/** The shared secret, or null when the party is not configured (then every connection is refused). */
export function chatSecret(env: Record<string, unknown>): string | null {
  const secret = env.CHAT_SECRET;
  return typeof secret === "string" && secret.length >= 32 ? secret : null;
}

export const NOT_CONFIGURED = "Chat is not configured: set CHAT_SECRET (32+ characters) for the party.";
export const TICKET_ALREADY_USED = "This chat ticket has already been used: connect again for a fresh one.";

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** A refused handshake: the HTTP answer carries `auth_error {message}` as its JSON body. */
export function authErrorResponse(refusal: Refusal): Response {
  return json({ type: "auth_error", message: refusal.message } satisfies ServerEvent, refusal.status);
}

/** `onBeforeConnect` for either party: a valid, unexpired ticket for this very room, or a refusal. */
export async function checkHandshake(
  request: Request,
  env: Record<string, unknown>,
  target: { party: string; room: string },
): Promise<{ ok: true; identity: Identity; claims: TicketClaims } | { ok: false; response: Response }> {
  const secret = chatSecret(env);
  if (!secret) return { ok: false, response: json({ type: "auth_error", message: NOT_CONFIGURED }, 500) };
  const ticket = new URL(request.url).searchParams.get("ticket");
  const check = await verifyTicket(secret, ticket);
  if (!check.ok) return { ok: false, response: authErrorResponse({ status: 401, message: check.reason }) };
  const refusal = connectionRefusal(check.claims, target);
  if (refusal) return { ok: false, response: authErrorResponse(refusal) };
  const { sub, role, name } = check.claims;
  // connectionRefusal already turned service tickets away.
  return { ok: true, identity: { userId: sub, role: role as Role, name }, claims: check.claims };
}

/** The rooms' static `onBeforeConnect`: the socket may open only with a ticket for this very room. */
export function guardConnect(party: string) {
  return async (request: Party.Request, lobby: Party.Lobby) => {
    const result = await checkHandshake(request as unknown as Request, lobby.env, { party, room: lobby.id });
    return result.ok ? request : result.response;
  };
}

/** The rooms' static `onBeforeRequest`: HTTP calls (history, inbox updates) need a service ticket. */
export function guardRequest(party: string) {
  return async (request: Party.Request, lobby: Party.Lobby) => {
    const secret = chatSecret(lobby.env);
    if (!secret) return json({ message: NOT_CONFIGURED }, 500);
    const refusal = await verifyServiceRequest(secret, request, { party, room: lobby.id });
    return refusal ? json({ message: refusal.message }, refusal.status) : request;
  };
}

/**
 * `onConnect` checks the ticket again: a socket that reached the room without a valid one (a route around
 * onBeforeConnect) is told `auth_error` and closed, never served. Returns the ticket's claims when valid.
 */
export async function identify(
  connection: Party.Connection,
  ctx: Party.ConnectionContext,
  env: Record<string, unknown>,
  target: { party: string; room: string },
): Promise<{ identity: Identity; claims: TicketClaims } | null> {
  const result = await checkHandshake(ctx.request as unknown as Request, env, target);
  if (result.ok) return { identity: result.identity, claims: result.claims };
  let message = "Authentication failed.";
  try {
    message = ((await result.response.json()) as { message?: string }).message ?? message;
  } catch {
    // keep the generic text
  }
  refuse(connection, message);
  return null;
}

/** Tells an open socket why it is not served, and closes it. */
function refuse(connection: Party.Connection, message: string) {
  send(connection, { type: "auth_error", message });
  connection.close(4401, "auth_error");
}

const USED_TICKET_PREFIX = "ticket:";
/** Durable Object storage deletes at most 128 keys per call. */
const DELETE_BATCH = 128;

/**
 * The ids of the tickets this room has accepted, each kept until the ticket would have expired anyway, in
 * the room's storage (so a restarted room still knows them) and mirrored in memory. `onBeforeConnect` runs
 * statelessly before the room, so single use is enforced here, when the socket reaches the room. A ticket
 * names one room, so one room's memory is all the memory it needs.
 */
export class UsedTickets {
  private used: Promise<Map<string, number>> | null = null;

  constructor(private readonly storage: Party.Storage) {}

  private async load() {
    const rows = await this.storage.list<number>({ prefix: USED_TICKET_PREFIX });
    return new Map([...rows].map(([key, until]) => [key.slice(USED_TICKET_PREFIX.length), until]));
  }

  /** Records the ticket as used; false when it already was. */
  async claim(claims: Pick<TicketClaims, "jti" | "exp">, now = Date.now()): Promise<boolean> {
    if (!this.used) {
      const loading = this.load();
      this.used = loading;
      // A failed read is tried again by the next socket rather than remembered.
      loading.catch(() => {
        if (this.used === loading) this.used = null;
      });
    }
    const used = await this.used;
    // From here to `set` nothing awaits: two sockets presenting one ticket at once cannot both pass.
    const expired: string[] = [];
    for (const [id, until] of used) {
      if (until < now) {
        used.delete(id);
        expired.push(USED_TICKET_PREFIX + id);
      }
    }
    if (used.has(claims.jti)) return false;
    const until = usableUntil(claims);
    used.set(claims.jti, until);
    const writes: Promise<unknown>[] = [this.storage.put(USED_TICKET_PREFIX + claims.jti, until)];
    for (let i = 0; i < expired.length; i += DELETE_BATCH) {
      writes.push(this.storage.delete(expired.slice(i, i + DELETE_BATCH)));
    }
    await Promise.all(writes);
    return true;
  }
}

export function send(connection: Party.Connection, event: ServerEvent) {
  try {
    connection.send(frame(event));
  } catch {
    // The socket closed under us: its onClose cleans up.
  }
}

/** Flood limits: a burst, then a steady rate (both per connection; party vars can tune them). */
export type ThrottleSettings = { burst: number; perSecond: number };
export const DEFAULT_THROTTLE: ThrottleSettings = { burst: 20, perSecond: 5 };
/** A connection that keeps hammering past the limit is closed rather than answered forever. */
const CLOSE_AFTER_DROPPED = 200;

export function throttleSettings(env: Record<string, unknown>): ThrottleSettings {
  const number = (value: unknown, fallback: number) => {
    const n = Number(value);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    burst: number(env.CHAT_FLOOD_BURST, DEFAULT_THROTTLE.burst),
    perSecond: number(env.CHAT_FLOOD_PER_SECOND, DEFAULT_THROTTLE.perSecond),
  };
}

/** A token bucket per connection. */
export class Throttle {
  private tokens: number;
  private last: number;
  private dropped = 0;
  private warnedAt = -Infinity;

  constructor(
    private readonly settings: ThrottleSettings,
    now = Date.now(),
  ) {
    this.tokens = settings.burst;
    this.last = now;
  }

  /** "ok": handle the frame; "warn": drop it and say so; "drop": drop it quietly; "close": give up on it. */
  take(now = Date.now()): "ok" | "warn" | "drop" | "close" {
    const { burst, perSecond } = this.settings;
    this.tokens = Math.min(burst, this.tokens + ((now - this.last) / 1000) * perSecond);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.dropped = 0;
      return "ok";
    }
    this.dropped += 1;
    if (this.dropped > CLOSE_AFTER_DROPPED) return "close";
    // One notice a second is enough; answering every dropped frame would amplify the flood.
    if (now - this.warnedAt >= 1000) {
      this.warnedAt = now;
      return "warn";
    }
    return "drop";
  }
}

/** Applies the throttle to one frame; true when the frame may be handled. */
export function admit(connection: Party.Connection, throttle: Throttle): boolean {
  const verdict = throttle.take();
  if (verdict === "ok") return true;
  if (verdict === "warn") send(connection, { type: "error_message", message: TOO_FAST });
  if (verdict === "close") connection.close(1008, "flood");
  return false;
}

/**
 * The sockets of one room: each is identified from its ticket when it opens (or told `auth_error` and
 * closed, as is a ticket this room has already accepted once) and gets its own flood throttle; `admitted`
 * says whether a frame from it may be handled.
 */
export class RoomConnections {
  private readonly throttles = new Map<string, Throttle>();
  private readonly usedTickets: UsedTickets;

  constructor(
    private readonly room: Party.Room,
    private readonly party: string,
  ) {
    this.usedTickets = new UsedTickets(room.storage);
  }

  async accept(connection: Party.Connection, ctx: Party.ConnectionContext): Promise<Identity | null> {
    const verified = await identify(connection, ctx, this.room.env, {
      party: this.party,
      room: this.room.id,
    });
    if (!verified) return null;
    let fresh: boolean;
    try {
      fresh = await this.usedTickets.claim(verified.claims);
    } catch (error) {
      // Without a record of the ticket it could be used again: better not to serve this socket.
      console.error("could not record a used chat ticket", error);
      connection.close(1011, "unavailable");
      return null;
    }
    if (!fresh) {
      refuse(connection, TICKET_ALREADY_USED);
      return null;
    }
    const { identity } = verified;
    connection.setState(identity);
    this.throttles.set(connection.id, new Throttle(throttleSettings(this.room.env)));
    return identity;
  }

  forget(connection: Party.Connection) {
    this.throttles.delete(connection.id);
  }

  /** The sender's identity when its frame may be handled; null when refused earlier or over its rate. */
  admitted(sender: Party.Connection): Identity | null {
    const identity = sender.state as Identity | null;
    const throttle = this.throttles.get(sender.id);
    if (!identity || !throttle) return null; // refused in onConnect; its socket is closing
    return admit(sender, throttle) ? identity : null;
  }
}
