/**
 * One conversation as the screen sees it: history (GET /api/chat/messages/{id}, refetched after every
 * reconnect so nothing sent meanwhile is lost), live messages, read receipts, the other side's typing,
 * messages on their way (acknowledged by the room's echo, or failed after ACK_TIMEOUT_MS), and marking the
 * other side's messages read while the conversation is open and the page visible.
 *
 * The state itself changes only in conversationReducer (conversation-reducer.ts); this hook does the side
 * effects (the fetch, the socket, the timers) and dispatches what happened.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { ACK_TIMEOUT_MS, type ChatMessage, type Role, type ServerEvent } from "~/lib/chat-protocol";
import {
  conversationReducer,
  initialConversationState,
  isOthersTyping,
  lastUnreadSeq as lastUnreadSeqOf,
  settledClientId,
} from "./conversation-reducer";
import { useChatSocket } from "./use-chat-socket";

export type { PendingMessage } from "./conversation-reducer";

/** Stop showing "typing…" if the "stopped" hint never comes (a closed tab). */
const TYPING_SHOWN_MS = 6000;
/** Our own "stopped typing" is sent after this much quiet. */
const TYPING_IDLE_MS = 2000;

function newClientId(): string {
  // crypto.randomUUID needs a secure context; a phone testing over plain http on the LAN has none.
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function useConversation({
  conversationId,
  selfRole,
  open,
  onEvent,
}: {
  conversationId: string | null;
  selfRole: Role;
  /** The conversation is on screen: load its history and mark what arrives as read. */
  open: boolean;
  onEvent?: (event: ServerEvent) => void;
}) {
  const [state, dispatch] = useReducer(conversationReducer, conversationId, initialConversationState);
  const { messages, pending, history, typingUserId, unread, notice } = state;
  const [visible, setVisible] = useState(true);
  const ackTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const typingShown = useRef<ReturnType<typeof setTimeout>>(undefined);
  const typingIdle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const typingSent = useRef(false);
  const markedUpTo = useRef(0);
  const selfIdRef = useRef<string | null>(null);
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });

  // A new conversation (the admin picked another customer) starts from nothing.
  useEffect(() => {
    dispatch({ type: "opened", conversationId });
    markedUpTo.current = 0;
    const timers = ackTimers.current;
    return () => {
      timers.forEach(clearTimeout);
      timers.clear();
    };
  }, [conversationId]);

  const loadHistory = useCallback(async () => {
    if (!conversationId) return;
    dispatch({ type: "history_requested" });
    try {
      const response = await fetch(`/api/chat/messages/${encodeURIComponent(conversationId)}`, {
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const list = (await response.json()) as ChatMessage[];
      if (!Array.isArray(list)) throw new Error("the history is not a list");
      dispatch({ type: "history_loaded", conversationId, messages: list });
    } catch (error) {
      // A failed history fetch is only logged; the list stays as it is (empty at first).
      console.error("chat history could not be loaded", error);
      dispatch({ type: "history_failed", conversationId });
    }
  }, [conversationId]);

  const handleEvent = useCallback(
    (event: ServerEvent) => {
      onEventRef.current?.(event);
      const selfId = selfIdRef.current;
      // The echo or the refusal of a message of ours: its acknowledgement timer is done.
      const settled = settledClientId(event, conversationId);
      if (settled) {
        clearTimeout(ackTimers.current.get(settled));
        ackTimers.current.delete(settled);
      }
      if (isOthersTyping(event, conversationId, selfId)) {
        clearTimeout(typingShown.current);
        if (event.isTyping)
          typingShown.current = setTimeout(() => dispatch({ type: "typing_expired" }), TYPING_SHOWN_MS);
      }
      dispatch({ type: "received", event, selfId });
    },
    [conversationId],
  );

  const socket = useChatSocket(conversationId ? { conversationId } : null, {
    onEvent: handleEvent,
    // After a reconnect, fetch what was missed (and read receipts that happened meanwhile).
    onOpen: (reconnected) => {
      if (reconnected && history !== "idle") void loadHistory();
    },
  });
  const { send } = socket;
  useEffect(() => {
    selfIdRef.current = socket.selfId;
  }, [socket.selfId]);

  useEffect(() => {
    if (open && history === "idle" && conversationId) void loadHistory();
  }, [open, history, conversationId, loadHistory]);

  useEffect(() => {
    const update = () => setVisible(document.visibilityState === "visible");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);

  // Incoming messages in the open conversation are marked read.
  const lastUnreadSeq = lastUnreadSeqOf(messages, selfRole);
  useEffect(() => {
    // A mark_read sent just before a drop may be lost: after each (re)connect it may be sent again.
    if (socket.status === "online") markedUpTo.current = 0;
  }, [socket.status]);
  useEffect(() => {
    if (!open || !visible || !conversationId || socket.status !== "online") return;
    const wanted = Math.max(lastUnreadSeq, unread > 0 ? Number.MAX_SAFE_INTEGER : 0);
    if (wanted === 0 || wanted <= markedUpTo.current) return;
    markedUpTo.current = wanted;
    send({ type: "mark_read", conversationId });
  }, [open, visible, conversationId, socket.status, lastUnreadSeq, unread, send]);
  useEffect(() => {
    // Once the count is back to zero, a later unread message must be markable again.
    if (unread === 0 && lastUnreadSeq === 0) markedUpTo.current = 0;
  }, [unread, lastUnreadSeq]);

  const stopTyping = useCallback(() => {
    clearTimeout(typingIdle.current);
    if (typingSent.current && conversationId) send({ type: "typing", conversationId, isTyping: false });
    typingSent.current = false;
  }, [conversationId, send]);

  const noteTyping = useCallback(() => {
    if (!conversationId) return;
    if (!typingSent.current) typingSent.current = send({ type: "typing", conversationId, isTyping: true });
    clearTimeout(typingIdle.current);
    typingIdle.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  }, [conversationId, send, stopTyping]);

  const sendMessage = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (!trimmed || !conversationId) return;
      stopTyping();
      const clientId = newClientId();
      dispatch({ type: "sent", clientId, text: trimmed });
      ackTimers.current.set(
        clientId,
        setTimeout(() => {
          ackTimers.current.delete(clientId);
          dispatch({ type: "ack_timed_out", clientId });
        }, ACK_TIMEOUT_MS),
      );
      send({
        type: "private_message",
        conversationId,
        // To the selected customer for an admin; a customer's message goes to no one in particular (null).
        toUserId: selfRole === "admin" ? conversationId : null,
        text: trimmed,
        clientId,
      });
    },
    [conversationId, selfRole, send, stopTyping],
  );

  const dismissFailed = useCallback((clientId: string) => {
    dispatch({ type: "dismissed", clientId });
  }, []);

  return {
    ...socket,
    messages,
    pending,
    historyState: history,
    typingUserId,
    unread,
    notice,
    sendMessage,
    dismissFailed,
    noteTyping,
  };
}
