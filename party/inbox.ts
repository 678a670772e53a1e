/**
 * The admins' inbox: one room ("admins") that every admin online joins. Conversation rooms report here
 * (HTTP, service ticket) when a customer writes or a pharmacist reads; the inbox keeps one storage key per
 * conversation with unread messages and tells every admin: `new_user_message` with the per-customer counts
 * and their total, or `unread_count` when counts change otherwise.
 */
import type * as Party from "partykit/server";
import {
  INBOX_PARTY,
  inboxUpdateSchema,
  parseClientFrame,
  unreadTotal,
  type ServerEvent,
} from "../app/lib/chat-protocol";
import { verifyServiceRequest } from "../app/lib/chat-ticket";
import {
  chatSecret,
  guardConnect,
  guardRequest,
  json,
  NOT_CONFIGURED,
  RoomConnections,
  send,
} from "./connection";

const UNREAD_PREFIX = "unread:";

export default class InboxRoom implements Party.Server {
  private readonly counts = new Map<string, number>();
  private readonly connections: RoomConnections;

  constructor(readonly room: Party.Room) {
    this.connections = new RoomConnections(room, INBOX_PARTY);
  }

  static onBeforeConnect = guardConnect(INBOX_PARTY);

  static onBeforeRequest = guardRequest(INBOX_PARTY);

  async onStart() {
    const rows = await this.room.storage.list<number>({ prefix: UNREAD_PREFIX });
    for (const [key, count] of rows) this.counts.set(key.slice(UNREAD_PREFIX.length), count);
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

  onMessage(raw: string | ArrayBuffer | ArrayBufferView, sender: Party.Connection) {
    if (!this.connections.admitted(sender)) return;
    const parsed = parseClientFrame(raw);
    if (!parsed.ok) return send(sender, { type: "error_message", message: parsed.message });
    if (parsed.value.type === "get_unread_count") return send(sender, this.unreadEvent());
    send(sender, { type: "error_message", message: "Open the customer's conversation to do that." });
  }

  /** Updates from conversation rooms. */
  async onRequest(request: Party.Request) {
    const secret = chatSecret(this.room.env);
    if (!secret) return json({ message: NOT_CONFIGURED }, 500);
    const refusal = await verifyServiceRequest(secret, request, { party: INBOX_PARTY, room: this.room.id });
    if (refusal) return json({ message: refusal.message }, refusal.status);
    if (request.method === "GET") return json(this.unreadEvent());
    if (request.method !== "POST") return json({ message: "Use GET or POST." }, 405);
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return json({ message: "Send JSON." }, 400);
    }
    const parsed = inboxUpdateSchema.safeParse(body);
    if (!parsed.success) return json({ message: "Not an inbox update." }, 400);
    const { conversationId, unread, message } = parsed.data;

    const key = `${UNREAD_PREFIX}${conversationId}`;
    if (unread > 0) {
      this.counts.set(conversationId, unread);
      await this.room.storage.put(key, unread);
    } else if (this.counts.delete(conversationId)) {
      await this.room.storage.delete(key);
    }
    const { counts, total } = this.unreadEvent();
    const event: ServerEvent = message
      ? { type: "new_user_message", conversationId, message, counts, total }
      : { type: "unread_count", counts, total };
    for (const connection of this.room.getConnections()) send(connection, event);
    return json({ ok: true });
  }

  private unreadEvent() {
    const counts = Object.fromEntries(this.counts);
    return { type: "unread_count" as const, counts, total: unreadTotal(counts) };
  }
}

InboxRoom satisfies Party.Worker;
