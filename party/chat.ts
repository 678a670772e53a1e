/**
 * One room per conversation; the room id is the customer's user id. The customer and any admin
 * who opens the conversation meet here. Messages are stored one storage key each (`msg:<seq>`), next to a
 * small `meta` record (last sequence number, unread counts, read positions), so a new message writes two
 * small keys and never the history. New customer messages and read changes are reported to the admins'
 * inbox room (party/inbox.ts) over HTTP, authenticated with a service ticket.
 *
 * Retention: each message is deleted RETENTION_CHAT_DAYS after it was sent (partykit.json vars, equal to
 * the Worker's wrangler.toml value) by the room's alarm, set for the moment the oldest message falls due.
 * The Worker can also erase the whole conversation (DELETE with a service ticket: account deletion).
 */
import type * as Party from "partykit/server";
import {
  CHAT_PARTY,
  INBOX_PARTY,
  INBOX_ROOM,
  NOT_YOUR_CONVERSATION,
  parseClientFrame,
  type ChatMessage,
  type ClientEvent,
  type InboxUpdate,
  type Role,
} from "../app/lib/chat-protocol";
import { serviceTicket, verifyServiceRequest } from "../app/lib/chat-ticket";
import {
  chatSecret,
  guardConnect,
  guardRequest,
  json,
  NOT_CONFIGURED,
  RoomConnections,
  send,
  type Identity,
} from "./connection";

/** Room state besides the messages themselves. Keyed by the reader's role: what they have not read yet. */
export type RoomMeta = {
  lastSeq: number;
  unread: Record<Role, number>;
  readUpTo: Record<Role, number>;
};

const META_KEY = "meta";
const MESSAGE_PREFIX = "msg:";
/** Zero-padded so storage's lexicographic order is the conversation's order. */
export const messageKey = (seq: number) => `${MESSAGE_PREFIX}${String(seq).padStart(12, "0")}`;
export const DEFAULT_HISTORY_LIMIT = 200;
const MAX_HISTORY_LIMIT = 500;
/** Durable Object storage takes at most 128 keys per put() or delete(). */
const PUT_BATCH = 128;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a message is kept, from the party's RETENTION_CHAT_DAYS; null (keep) when it is not set. */
export function chatRetentionMs(env: Record<string, unknown>): number | null {
  const days = Number(env.RETENTION_CHAT_DAYS);
  return Number.isFinite(days) && days > 0 ? days * DAY_MS : null;
}

const emptyMeta = (): RoomMeta => ({
  lastSeq: 0,
  unread: { user: 0, admin: 0 },
  readUpTo: { user: 0, admin: 0 },
});
const otherRole = (role: Role): Role => (role === "admin" ? "user" : "admin");

export default class ChatRoom implements Party.Server {
  private meta: RoomMeta = emptyMeta();
  /** When the retention alarm will fire (null: none set). */
  private alarmAt: number | null = null;
  private readonly connections: RoomConnections;

  constructor(readonly room: Party.Room) {
    this.connections = new RoomConnections(room, CHAT_PARTY);
  }

  static onBeforeConnect = guardConnect(CHAT_PARTY);

  static onBeforeRequest = guardRequest(CHAT_PARTY);

  /** `partykit dev` answers here for URLs outside /parties/…: the start script's readiness check. */
  static onFetch(request: Party.Request) {
    return new URL(request.url).pathname === "/health" ? new Response("ok") : null;
  }

  async onStart() {
    this.meta = (await this.room.storage.get<RoomMeta>(META_KEY)) ?? emptyMeta();
    this.alarmAt = await this.room.storage.getAlarm();
  }

  /** Retention: deletes the messages past the period, then sets the alarm for the next one due. */
  async onAlarm() {
    const keep = chatRetentionMs(this.room.env);
    this.alarmAt = null;
    if (keep === null) return;
    const removed = await this.pruneOlderThan(Date.now() - keep);
    const [oldest] = (
      await this.room.storage.list<ChatMessage>({ prefix: MESSAGE_PREFIX, limit: 1 })
    ).values();
    if (oldest) await this.setAlarm(oldest.createdAt + keep);
    // Counts only, never who or what.
    console.log(JSON.stringify({ job: "chat-retention", removed: { messages: removed } }));
  }

  /** Deletes the messages sent before `cutoff` (they are stored oldest first); returns how many went. */
  async pruneOlderThan(cutoff: number): Promise<number> {
    const { storage } = this.room;
    let removed = 0;
    for (;;) {
      const rows = await storage.list<ChatMessage>({ prefix: MESSAGE_PREFIX, limit: PUT_BATCH });
      const due = [...rows].filter(([, m]) => m.createdAt < cutoff);
      if (due.length === 0) return removed;
      // Unread messages that go no longer count as unread.
      const unread = { ...this.meta.unread };
      for (const [, m] of due) {
        const reader = otherRole(m.fromRole);
        if (m.readAt === null) unread[reader] = Math.max(0, unread[reader] - 1);
      }
      this.meta = { ...this.meta, unread };
      await Promise.all([storage.delete(due.map(([key]) => key)), storage.put(META_KEY, this.meta)]);
      removed += due.length;
      if (due.length < rows.size) return removed;
    }
  }

  /** Erases the whole conversation (the sequence carries on, so no number is ever reused). */
  async erase(): Promise<number> {
    const { storage } = this.room;
    let removed = 0;
    for (;;) {
      const keys = [...(await storage.list({ prefix: MESSAGE_PREFIX, limit: PUT_BATCH })).keys()];
      if (keys.length === 0) break;
      await storage.delete(keys);
      removed += keys.length;
    }
    const { lastSeq } = this.meta;
    this.meta = { lastSeq, unread: { user: 0, admin: 0 }, readUpTo: { user: lastSeq, admin: lastSeq } };
    await storage.put(META_KEY, this.meta);
    await storage.deleteAlarm();
    this.alarmAt = null;
    await this.notifyInbox({ conversationId: this.room.id, unread: 0 });
    return removed;
  }

  private async setAlarm(at: number) {
    await this.room.storage.setAlarm(at);
    this.alarmAt = at;
  }

  async onConnect(connection: Party.Connection, ctx: Party.ConnectionContext) {
    await this.connections.accept(connection, ctx);
  }

  onClose(connection: Party.Connection) {
    this.connections.forget(connection);
  }

  onError(connection: Party.Connection) {
    this.connections.forget(connection);
  }

  async onMessage(raw: string | ArrayBuffer | ArrayBufferView, sender: Party.Connection) {
    const identity = this.connections.admitted(sender);
    if (!identity) return;
    const parsed = parseClientFrame(raw);
    if (!parsed.ok) return send(sender, { type: "error_message", message: parsed.message });
    const event = parsed.value;
    if ("conversationId" in event && event.conversationId !== this.room.id) {
      return send(sender, { type: "error_message", message: NOT_YOUR_CONVERSATION });
    }
    switch (event.type) {
      case "get_unread_count":
        return send(sender, this.unreadEvent(identity.role));
      case "typing":
        return this.broadcast(
          { type: "typing", conversationId: this.room.id, userId: identity.userId, isTyping: event.isTyping },
          [sender.id],
        );
      case "mark_read":
        return this.markRead(identity);
      case "private_message":
        return this.storeMessage(event, identity, sender);
    }
  }

  /** The Worker's history call: GET with a service ticket; `after` = the last sequence number a client has. */
  async onRequest(request: Party.Request) {
    const secret = chatSecret(this.room.env);
    if (!secret) return json({ message: NOT_CONFIGURED }, 500);
    const refusal = await verifyServiceRequest(secret, request, { party: CHAT_PARTY, room: this.room.id });
    if (refusal) return json({ message: refusal.message }, refusal.status);
    if (request.method === "DELETE")
      return json({ conversationId: this.room.id, deleted: await this.erase() });
    if (request.method !== "GET") return json({ message: "Use GET or DELETE." }, 405);
    const url = new URL(request.url);
    const after = url.searchParams.has("after") ? Number(url.searchParams.get("after")) : undefined;
    if (after !== undefined && !(Number.isInteger(after) && after >= 0))
      return json({ message: "after must be a sequence number (0 or more)." }, 400);
    const limit = Math.max(
      1,
      Math.min(Number(url.searchParams.get("limit")) || DEFAULT_HISTORY_LIMIT, MAX_HISTORY_LIMIT),
    );
    const messages = await this.history({ after, limit });
    return json({ conversationId: this.room.id, messages, lastSeq: this.meta.lastSeq });
  }

  async history({ after, limit }: { after?: number; limit: number }): Promise<ChatMessage[]> {
    const { storage } = this.room;
    if (after !== undefined) {
      const rows = await storage.list<ChatMessage>({
        prefix: MESSAGE_PREFIX,
        start: messageKey(after + 1),
        limit,
      });
      return [...rows.values()];
    }
    // The latest `limit` messages, oldest first.
    const rows = await storage.list<ChatMessage>({ prefix: MESSAGE_PREFIX, reverse: true, limit });
    return [...rows.values()].reverse();
  }

  private async storeMessage(
    event: Extract<ClientEvent, { type: "private_message" }>,
    identity: Identity,
    sender: Party.Connection,
  ) {
    // A customer writes to the pharmacy (toUserId null); an admin writes to this conversation's customer.
    const expectedTo = identity.role === "admin" ? this.room.id : null;
    if (event.toUserId !== expectedTo) {
      return send(sender, {
        type: "error_message",
        message:
          identity.role === "admin"
            ? NOT_YOUR_CONVERSATION
            : "Customers write to the pharmacy (toUserId null).",
        clientId: event.clientId,
      });
    }
    const seq = this.meta.lastSeq + 1;
    const message: ChatMessage = {
      _id: crypto.randomUUID(),
      seq,
      conversationId: this.room.id,
      from: identity.userId,
      fromRole: identity.role,
      fromName: identity.name,
      to: expectedTo,
      text: event.text,
      createdAt: Date.now(),
      readAt: null,
    };
    const recipient = otherRole(identity.role);
    this.meta = {
      ...this.meta,
      lastSeq: seq,
      unread: { ...this.meta.unread, [recipient]: this.meta.unread[recipient] + 1 },
    };
    // One atomic write of two small keys: the new message and the counters.
    await this.room.storage.put<unknown>({ [messageKey(seq)]: message, [META_KEY]: this.meta });
    // The first message kept starts the retention clock (later ones fall due after it).
    const keep = chatRetentionMs(this.room.env);
    if (keep !== null && this.alarmAt === null) await this.setAlarm(message.createdAt + keep);

    for (const connection of this.room.getConnections()) {
      const echo = connection.id === sender.id ? { clientId: event.clientId } : {};
      send(connection, { type: "message", ...message, ...echo });
    }
    if (recipient === "user") this.sendToRole("user", this.unreadEvent("user"));
    else await this.notifyInbox({ conversationId: this.room.id, unread: this.meta.unread.admin, message });
  }

  private async markRead(reader: Identity) {
    const side = reader.role;
    if (this.meta.unread[side] === 0) return; // nothing new: no writes, no receipts
    const now = Date.now();
    const rows = await this.room.storage.list<ChatMessage>({
      prefix: MESSAGE_PREFIX,
      start: messageKey(this.meta.readUpTo[side] + 1),
    });
    const changed: Record<string, unknown> = {};
    for (const [key, message] of rows) {
      if (message.fromRole !== side && message.readAt === null) changed[key] = { ...message, readAt: now };
    }
    const upToSeq = this.meta.lastSeq;
    this.meta = {
      ...this.meta,
      unread: { ...this.meta.unread, [side]: 0 },
      readUpTo: { ...this.meta.readUpTo, [side]: upToSeq },
    };
    // Only the newly read messages are rewritten (each at most once in its life), with the counters. Puts
    // issued without an await in between are committed together.
    const entries = [...Object.entries(changed), [META_KEY, this.meta] as const];
    const writes: Promise<void>[] = [];
    for (let i = 0; i < entries.length; i += PUT_BATCH) {
      writes.push(this.room.storage.put(Object.fromEntries(entries.slice(i, i + PUT_BATCH))));
    }
    await Promise.all(writes);

    this.broadcast({
      type: "read",
      conversationId: this.room.id,
      readerId: reader.userId,
      readerRole: side,
      upToSeq,
      readAt: now,
    });
    if (side === "user") this.sendToRole("user", this.unreadEvent("user"));
    else await this.notifyInbox({ conversationId: this.room.id, unread: 0 });
  }

  private unreadEvent(role: Role) {
    const count = this.meta.unread[role];
    return { type: "unread_count" as const, counts: { [this.room.id]: count }, total: count };
  }

  private broadcast(event: Parameters<typeof send>[1], without: string[] = []) {
    for (const connection of this.room.getConnections()) {
      if (!without.includes(connection.id)) send(connection, event);
    }
  }

  private sendToRole(role: Role, event: Parameters<typeof send>[1]) {
    for (const connection of this.room.getConnections()) {
      if ((connection.state as Identity | null)?.role === role) send(connection, event);
    }
  }

  /**
   * Reports to the inbox, one call at a time and in order (so a "read" can never overtake the message it
   * clears); updates that pile up meanwhile are coalesced into the latest, since counts are absolute.
   * Resolves once the update has been passed on. Best effort: the inbox only mirrors this room's counts.
   */
  private notifyInbox(update: InboxUpdate): Promise<void> {
    const queued = this.inboxQueue;
    // Keep the newest customer message to announce, unless the update says everything has been read.
    this.inboxQueue =
      !update.message && queued?.message && update.unread > 0
        ? { ...update, message: queued.message }
        : update;
    this.inboxFlush ??= this.flushInbox();
    return this.inboxFlush;
  }

  private inboxQueue: InboxUpdate | null = null;
  private inboxFlush: Promise<void> | null = null;

  private async flushInbox() {
    try {
      while (this.inboxQueue) {
        const update = this.inboxQueue;
        this.inboxQueue = null;
        await this.postToInbox(update);
      }
    } finally {
      // Synchronously after the queue was seen empty: a later update starts a new flush.
      this.inboxFlush = null;
    }
  }

  private async postToInbox(update: InboxUpdate) {
    const secret = chatSecret(this.room.env);
    if (!secret) return;
    try {
      const response = await this.room.context.parties[INBOX_PARTY].get(INBOX_ROOM).fetch({
        method: "POST",
        headers: {
          Authorization: `Bearer ${await serviceTicket(secret, { party: INBOX_PARTY, room: INBOX_ROOM })}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify(update),
      });
      if (!response.ok) console.error(`inbox update refused: ${response.status}`);
    } catch (error) {
      console.error("inbox update failed", error);
    }
  }
}

ChatRoom satisfies Party.Worker;
