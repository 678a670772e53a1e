/**
 * One conversation's screen state as a pure reducer: what the history fetch, the room's events, the timers
 * and the person at the keyboard do to it. useConversation (use-conversation.ts) owns the side effects
 * (fetching, sending, the timers) and dispatches these events; everything it shows comes from here.
 */
import { ACK_TIMEOUT_MESSAGE, type ChatMessage, type Role, type ServerEvent } from "~/lib/chat-protocol";

export type PendingMessage = { clientId: string; text: string; failed?: string };

export type HistoryState = "idle" | "loading" | "loaded";

export type ConversationState = {
  /** The conversation on screen; events and history for any other are ignored. */
  conversationId: string | null;
  /** Stored messages (history and live), by sequence number, each once. */
  messages: ChatMessage[];
  /** Our messages on their way: removed by the room's echo, or kept with the reason they failed. */
  pending: PendingMessage[];
  history: HistoryState;
  /** Who else is typing in this conversation (a user id), or null. */
  typingUserId: string | null;
  /** This conversation's unread count, as the room last stated it. */
  unread: number;
  /** A problem the room reported that belongs to no message of ours. */
  notice: string | null;
};

export type ConversationEvent =
  /** A conversation is chosen (or none): everything starts from nothing. */
  | { type: "opened"; conversationId: string | null }
  | { type: "history_requested" }
  | { type: "history_loaded"; conversationId: string; messages: ChatMessage[] }
  /** The history fetch failed: the list stays as it is, but it is no longer "loading". */
  | { type: "history_failed"; conversationId: string }
  /** A frame from the room; `selfId` is the signed-in user (their typing in another tab is not shown). */
  | { type: "received"; event: ServerEvent; selfId: string | null }
  /** The other side's "typing…" has shown long enough without a "stopped" hint. */
  | { type: "typing_expired" }
  | { type: "sent"; clientId: string; text: string }
  /** No echo came in time for this message. */
  | { type: "ack_timed_out"; clientId: string }
  /** The person dismissed a failed message. */
  | { type: "dismissed"; clientId: string };

export function initialConversationState(conversationId: string | null): ConversationState {
  return {
    conversationId,
    messages: [],
    pending: [],
    history: "idle",
    typingUserId: null,
    unread: 0,
    notice: null,
  };
}

/** Adds or replaces messages by id, ordered by sequence number. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const message of incoming) {
    const known = byId.get(message._id);
    // The newer copy wins, but a read receipt already applied is never undone by an older copy.
    byId.set(message._id, known?.readAt && !message.readAt ? { ...message, readAt: known.readAt } : message);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** A typing hint worth showing: in this conversation, from someone other than the signed-in user. */
export function isOthersTyping(
  event: ServerEvent,
  conversationId: string | null,
  selfId: string | null,
): event is Extract<ServerEvent, { type: "typing" }> {
  return event.type === "typing" && event.conversationId === conversationId && event.userId !== selfId;
}

/** The message of ours this event settles (its echo in this conversation, or its refusal), if any. */
export function settledClientId(event: ServerEvent, conversationId: string | null): string | null {
  if (event.type === "message")
    return event.conversationId === conversationId ? (event.clientId ?? null) : null;
  if (event.type === "error_message") return event.clientId ?? null;
  return null;
}

/** The highest sequence number of the other side's messages not yet read (0 when there is none). */
export function lastUnreadSeq(messages: ChatMessage[], selfRole: Role): number {
  return messages.reduce(
    (max, m) => (m.fromRole !== selfRole && m.readAt === null ? Math.max(max, m.seq) : max),
    0,
  );
}

const failPending = (pending: PendingMessage[], clientId: string, reason: string) =>
  pending.map((p) => (p.clientId === clientId ? { ...p, failed: reason } : p));

function receive(state: ConversationState, event: ServerEvent, selfId: string | null): ConversationState {
  switch (event.type) {
    case "message": {
      if (event.conversationId !== state.conversationId) return state;
      const { type: _type, clientId, ...message } = event;
      return {
        ...state,
        messages: mergeMessages(state.messages, [message]),
        // The echo of our own message: it is no longer on its way.
        pending: clientId ? state.pending.filter((p) => p.clientId !== clientId) : state.pending,
        // Their message has arrived: they have stopped typing it.
        typingUserId: state.typingUserId === message.from ? null : state.typingUserId,
      };
    }
    case "typing":
      if (!isOthersTyping(event, state.conversationId, selfId)) return state;
      return { ...state, typingUserId: event.isTyping ? event.userId : null };
    case "read":
      if (event.conversationId !== state.conversationId) return state;
      return {
        ...state,
        // The reader has read the other side's messages up to upToSeq; a time already set stays.
        messages: state.messages.map((m) =>
          m.fromRole !== event.readerRole && m.seq <= event.upToSeq && m.readAt === null
            ? { ...m, readAt: event.readAt }
            : m,
        ),
      };
    case "unread_count":
      if (!state.conversationId) return state;
      return { ...state, unread: event.counts[state.conversationId] ?? 0 };
    case "error_message":
      return event.clientId
        ? { ...state, pending: failPending(state.pending, event.clientId, event.message) }
        : { ...state, notice: event.message };
    default:
      // new_user_message is the inbox's business; auth_error is the socket's.
      return state;
  }
}

export function conversationReducer(state: ConversationState, action: ConversationEvent): ConversationState {
  switch (action.type) {
    case "opened":
      return initialConversationState(action.conversationId);
    case "history_requested":
      // A refetch (after a reconnect) keeps showing what is there instead of "loading".
      return state.history === "loaded" ? state : { ...state, history: "loading" };
    case "history_loaded":
      // The admin may have picked another customer while this was on its way.
      if (action.conversationId !== state.conversationId) return state;
      return {
        ...state,
        messages: mergeMessages(
          state.messages,
          action.messages.filter((m) => m.conversationId === action.conversationId),
        ),
        history: "loaded",
      };
    case "history_failed":
      if (action.conversationId !== state.conversationId) return state;
      return { ...state, history: "loaded" };
    case "received":
      return receive(state, action.event, action.selfId);
    case "typing_expired":
      return state.typingUserId === null ? state : { ...state, typingUserId: null };
    case "sent":
      return {
        ...state,
        pending: [...state.pending, { clientId: action.clientId, text: action.text }],
        notice: null,
      };
    case "ack_timed_out":
      return { ...state, pending: failPending(state.pending, action.clientId, ACK_TIMEOUT_MESSAGE) };
    case "dismissed":
      return { ...state, pending: state.pending.filter((p) => p.clientId !== action.clientId) };
  }
}
