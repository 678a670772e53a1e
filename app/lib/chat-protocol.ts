/**
 * The real-time chat protocol: every frame between the browser and the PartyKit rooms, as tagged unions
 * with their Zod schemas. Imported by app/ (widget, admin panel, API route) and by party/ (the rooms), so
 * both sides agree by construction.
 *
 * Written with `zod/mini`: the browser validates server frames too, and the mini build adds a few KB to the
 * chat chunk where the full `zod` would add about 26 KB (gzip) to /dashboard and /admin.
 */
import * as z from "zod/mini";

/** The longest message text; a longer one is refused with `error_message`. */
export const MAX_TEXT_LENGTH = 2000;
/** Larger frames are refused before JSON.parse (a 2,000-character text fits with room to spare). */
export const MAX_FRAME_LENGTH = 16_384;
/** Ids are our user ids (UUIDs); the bound keeps storage keys and URLs tidy. */
export const MAX_ID_LENGTH = 64;

/** The party names of partykit.json: one room per conversation, one inbox room shared by every admin. */
export const CHAT_PARTY = "main";
export const INBOX_PARTY = "inbox";
export const INBOX_ROOM = "admins";

/** How the browser's socket reconnects, as partysocket and our jittered back-off (backoff.ts) apply it. */
export const SOCKET_OPTIONS = {
  maxReconnectionAttempts: 10,
  reconnectionDelayMs: 1000,
  reconnectionDelayMaxMs: 5000,
  randomizationFactor: 0.5,
  connectionTimeoutMs: 20_000,
} as const;
/** How long a sent message may wait for the room's echo before the sender is told it failed. */
export const ACK_TIMEOUT_MS = 10_000;
/** The texts shown when a sent message is not acknowledged in time, and when connecting times out. */
export const ACK_TIMEOUT_MESSAGE = "operation has timed out";
export const CONNECTION_TIMEOUT_MESSAGE = "timeout";

export const TEXT_TOO_LONG = `Messages can be at most ${MAX_TEXT_LENGTH.toLocaleString("en-NG")} characters.`;
export const TEXT_EMPTY = "Type a message before sending.";
export const MALFORMED_FRAME = "That message could not be understood.";
export const FRAME_TOO_LARGE = "That message is too large.";
export const TOO_FAST = "You are sending messages too fast. Please wait a moment.";
export const NOT_YOUR_CONVERSATION = "You can only use your own conversation.";

export type Role = "user" | "admin";

const id = z.string().check(z.minLength(1), z.maxLength(MAX_ID_LENGTH), z.regex(/^[A-Za-z0-9_-]+$/));
export const conversationIdSchema = id;

const text = z
  .string()
  .check(z.trim(), z.minLength(1, TEXT_EMPTY), z.maxLength(MAX_TEXT_LENGTH, TEXT_TOO_LONG));

/* ---------------------------------------------------------------- client → room */

export const clientEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("get_unread_count") }),
  z.object({ type: z.literal("mark_read"), conversationId: id }),
  z.object({ type: z.literal("typing"), conversationId: id, isTyping: z.boolean() }),
  z.object({
    type: z.literal("private_message"),
    conversationId: id,
    // An admin writes to the selected customer; a customer's message goes to no one in particular (null).
    toUserId: z.nullable(id),
    text,
    // Echoed back on the sender's `message` so it can match its pending bubble (the acknowledgement).
    clientId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  }),
]);
export type ClientEvent = z.infer<typeof clientEventSchema>;

/* ---------------------------------------------------------------- stored message */

export const chatMessageSchema = z.object({
  _id: z.string(),
  /** Position in the conversation (1, 2, 3…): orders the history and names what a reader has read. */
  seq: z.int(),
  conversationId: z.string(),
  from: z.string(),
  fromRole: z.enum(["user", "admin"]),
  fromName: z.string(),
  /** The customer for an admin's message; null for a customer's (it goes to whichever pharmacist answers). */
  to: z.nullable(z.string()),
  text: z.string(),
  createdAt: z.number(),
  /** When the other side read it, or null. */
  readAt: z.nullable(z.number()),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const unreadCounts = {
  /** Unread messages per conversation (for an admin: per customer; for a customer: their own). */
  counts: z.record(z.string(), z.int()),
  total: z.int(),
};

/* ---------------------------------------------------------------- room → client */

export const serverEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message"), ...chatMessageSchema.shape, clientId: z.optional(z.string()) }),
  z.object({
    type: z.literal("typing"),
    conversationId: z.string(),
    userId: z.string(),
    isTyping: z.boolean(),
  }),
  /** To every admin online: a customer wrote. */
  z.object({
    type: z.literal("new_user_message"),
    conversationId: z.string(),
    message: chatMessageSchema,
    ...unreadCounts,
  }),
  /** Read receipt: `readerRole`'s side has read every message of the other side up to `upToSeq`. */
  z.object({
    type: z.literal("read"),
    conversationId: z.string(),
    readerId: z.string(),
    readerRole: z.enum(["user", "admin"]),
    upToSeq: z.int(),
    readAt: z.number(),
  }),
  /** Answer to `get_unread_count`, and pushed whenever the counts change. */
  z.object({ type: z.literal("unread_count"), ...unreadCounts }),
  z.object({ type: z.literal("auth_error"), message: z.string() }),
  z.object({ type: z.literal("error_message"), message: z.string(), clientId: z.optional(z.string()) }),
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;

/* ---------------------------------------------------------------- conversation room → inbox (HTTP) */

export const inboxUpdateSchema = z.object({
  conversationId: id,
  /** The conversation's unread count for the pharmacists, absolute (so a lost update cannot drift). */
  unread: z.int().check(z.minimum(0)),
  /** Present when a customer has just written. */
  message: z.optional(chatMessageSchema),
});
export type InboxUpdate = z.infer<typeof inboxUpdateSchema>;

/* ---------------------------------------------------------------- helpers */

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Reads one inbound frame: size first, then JSON, then the schema. The message says what is wrong. */
export function parseClientFrame(raw: unknown): ParseResult<ClientEvent> {
  if (typeof raw !== "string") return { ok: false, message: MALFORMED_FRAME };
  if (raw.length > MAX_FRAME_LENGTH) return { ok: false, message: FRAME_TOO_LARGE };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, message: MALFORMED_FRAME };
  }
  const parsed = clientEventSchema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  // Our own texts (empty, too long) are worth showing; anything else is simply malformed.
  const ours = parsed.error.issues.find((i) => i.message === TEXT_TOO_LONG || i.message === TEXT_EMPTY);
  return { ok: false, message: ours?.message ?? MALFORMED_FRAME };
}

/** Reads a frame from the room in the browser; anything unexpected is ignored rather than trusted. */
export function parseServerFrame(raw: unknown): ServerEvent | null {
  if (typeof raw !== "string") return null;
  try {
    const parsed = serverEventSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function frame(event: ClientEvent | ServerEvent): string {
  return JSON.stringify(event);
}

export function unreadTotal(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/** What `POST /chat/ticket` answers: a one-socket ticket and where the socket goes. */
export type ChatTicket = {
  ticket: string;
  host: string;
  protocol: "ws" | "wss";
  party: string;
  room: string;
  /** Whose ticket it is: the client tells its own messages from other admins' by it. */
  userId: string;
  expiresAt: number;
};

/** How many customers the admins' chat picker lists at a time (the newest, or a search's matches). */
export const CHAT_PICKER_SIZE = 20;
