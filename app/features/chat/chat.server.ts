/**
 * The Worker's side of the chat: who may open which room, the tickets the browser's socket
 * presents (app/lib/chat-ticket.ts), and the history read from the party over HTTP with a service ticket.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod/mini";
import {
  CHAT_PARTY,
  chatMessageSchema,
  conversationIdSchema,
  INBOX_PARTY,
  INBOX_ROOM,
  type ChatMessage,
  type ChatTicket,
} from "~/lib/chat-protocol";
import { serviceTicket, signTicket, TICKET_TTL_MS } from "~/lib/chat-ticket";
import type { PublicUser } from "~/lib/user";
import { findUserById } from "~/models/user.server";
import { AppError } from "~/lib/app-error";
import type { AppConfig } from "~/services/env.server";

export const NOT_YOUR_CONVERSATION = "You can only open your own conversation.";
export const CHAT_UNAVAILABLE = "Chat is unavailable right now. Please try again in a moment.";
/** The party answers in milliseconds; past this the customer is better served by a clear 503. */
const PARTY_TIMEOUT_MS = 5_000;

/** ws/http for a machine on this network (what partysocket itself assumes), wss/https for anything else. */
export function chatProtocol(host: string): "ws" | "wss" {
  return /^(localhost|127\.|0\.0\.0\.0|10\.|192\.168\.|\[::1\])/.test(host) ? "ws" : "wss";
}

/**
 * The room a user may open: their own conversation for a customer; any customer's conversation, or the
 * admins' inbox, for an admin. Throws AppError 400/403/404 otherwise.
 */
export async function authorizeRoom(
  context: AppLoadContext,
  user: PublicUser,
  request: { conversationId?: string | null; inbox?: boolean },
): Promise<{ party: typeof CHAT_PARTY | typeof INBOX_PARTY; room: string }> {
  if (request.inbox) {
    if (user.role !== "admin") throw new AppError(403, "Only pharmacists can open the inbox.");
    return { party: INBOX_PARTY, room: INBOX_ROOM };
  }
  const conversationId = request.conversationId || (user.role === "admin" ? null : user.id);
  if (!conversationId || !conversationIdSchema.safeParse(conversationId).success)
    throw new AppError(400, "Give the conversation id (the customer's user id).");
  if (user.role !== "admin") {
    // A customer's conversation is identified by their own user id, and only that one is theirs.
    if (conversationId !== user.id) throw new AppError(403, NOT_YOUR_CONVERSATION);
    return { party: CHAT_PARTY, room: conversationId };
  }
  const customer = await findUserById(context.db, conversationId);
  if (!customer || customer.role !== "user") throw new AppError(404, "No customer has that id.");
  return { party: CHAT_PARTY, room: conversationId };
}

export async function mintTicket(
  config: AppConfig,
  user: PublicUser,
  target: { party: typeof CHAT_PARTY | typeof INBOX_PARTY; room: string },
): Promise<ChatTicket> {
  const now = Date.now();
  const ticket = await signTicket(
    config.chat.secret,
    { sub: user.id, role: user.role, name: user.name.slice(0, 100), ...target },
    { now },
  );
  const { host } = config.chat;
  return {
    ticket,
    host,
    protocol: chatProtocol(host),
    ...target,
    userId: user.id,
    expiresAt: now + TICKET_TTL_MS,
  };
}

const historySchema = z.object({ messages: z.array(chatMessageSchema) });

/**
 * The conversation's messages, read from its room. `after` (a sequence number) returns only newer ones, for
 * a client catching up after a reconnect. The party being down or refusing is a 503, never a 500.
 */
export async function fetchHistory(
  config: AppConfig,
  conversationId: string,
  { after, limit }: { after?: number; limit?: number } = {},
): Promise<ChatMessage[]> {
  const params = new URLSearchParams();
  if (after !== undefined) params.set("after", String(after));
  if (limit !== undefined) params.set("limit", String(limit));
  const response = await callRoom(config, conversationId, "GET", params);
  const parsed = historySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new AppError(503, CHAT_UNAVAILABLE);
  return parsed.data.messages;
}

/** The party answers at most this many messages a call. */
const HISTORY_PAGE = 500;

/** Every message of the conversation, oldest first (the data export), read page by page. */
export async function fetchWholeHistory(config: AppConfig, conversationId: string): Promise<ChatMessage[]> {
  const all: ChatMessage[] = [];
  for (;;) {
    const page = await fetchHistory(config, conversationId, {
      after: all.at(-1)?.seq ?? 0,
      limit: HISTORY_PAGE,
    });
    all.push(...page);
    if (page.length < HISTORY_PAGE) return all;
  }
}

/** Deletes every message of the conversation in its room (account deletion, withdrawn chat consent). */
export async function eraseConversation(config: AppConfig, conversationId: string): Promise<number> {
  const response = await callRoom(config, conversationId, "DELETE");
  const body = (await response.json().catch(() => null)) as { deleted?: unknown } | null;
  return typeof body?.deleted === "number" ? body.deleted : 0;
}

/** One signed call to the conversation's room; the party down or refusing is a 503, never a 500. */
async function callRoom(
  config: AppConfig,
  conversationId: string,
  method: "GET" | "DELETE",
  params?: URLSearchParams,
): Promise<Response> {
  const { host, secret } = config.chat;
  const scheme = chatProtocol(host) === "ws" ? "http" : "https";
  const url = new URL(`${scheme}://${host}/parties/${CHAT_PARTY}/${encodeURIComponent(conversationId)}`);
  if (params) url.search = params.toString();
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${await serviceTicket(secret, { party: CHAT_PARTY, room: conversationId })}`,
      },
      signal: AbortSignal.timeout(PARTY_TIMEOUT_MS),
    });
  } catch (error) {
    console.error(`chat party unreachable at ${url.origin}`, error);
    throw new AppError(503, CHAT_UNAVAILABLE);
  }
  if (!response.ok) {
    console.error(`chat party answered ${response.status} for ${method}`);
    throw new AppError(503, CHAT_UNAVAILABLE);
  }
  return response;
}
