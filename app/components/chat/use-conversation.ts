/**
 * One conversation as the screen sees it: history (GET /api/chat/messages/{id}, refetched after every
 * reconnect so nothing sent meanwhile is lost), live messages, read receipts, the other side's typing,
 * messages on their way (acknowledged by the room's echo, or failed after ACK_TIMEOUT_MS), and marking the
 * other side's messages read while the conversation is open and the page visible.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import {
  ACK_TIMEOUT_MESSAGE,
  ACK_TIMEOUT_MS,
  type ChatMessage,
  type Role,
  type ServerEvent,
} from "~/lib/chat-protocol";
import { useChatSocket } from "./use-chat-socket";

export type PendingMessage = { clientId: string; text: string; failed?: string };

/** Stop showing "typing…" if the "stopped" hint never comes (a closed tab). */
const TYPING_SHOWN_MS = 6000;
/** Our own "stopped typing" is sent after this much quiet. */
const TYPING_IDLE_MS = 2000;

function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const message of incoming) {
    const known = byId.get(message._id);
    // The newer copy wins, but a read receipt already applied is never undone by an older copy.
    byId.set(message._id, known?.readAt && !message.readAt ? { ...message, readAt: known.readAt } : message);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

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
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [history, setHistory] = useState<"idle" | "loading" | "loaded">("idle");
  /** Who else is typing in this conversation (a user id), or null. */
  const [typingUserId, setTypingUserId] = useState<string | null>(null);
  const [unread, setUnread] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [visible, setVisible] = useState(true);
  const ackTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const typingShown = useRef<ReturnType<typeof setTimeout>>(undefined);
  const typingIdle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const typingSent = useRef(false);
  const markedUpTo = useRef(0);
  const activeConversation = useRef(conversationId);
  const selfIdRef = useRef<string | null>(null);
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });

  // A new conversation (the admin picked another customer) starts from nothing.
  useEffect(() => {
    setMessages([]);
    setPending([]);
    setHistory("idle");
    setTypingUserId(null);
    setUnread(0);
    setNotice(null);
    markedUpTo.current = 0;
    activeConversation.current = conversationId;
    const timers = ackTimers.current;
    return () => {
      timers.forEach(clearTimeout);
      timers.clear();
    };
  }, [conversationId]);

  const loadHistory = useCallback(async () => {
    if (!conversationId) return;
    setHistory((state) => (state === "loaded" ? state : "loading"));
    try {
      const response = await fetch(`/api/chat/messages/${encodeURIComponent(conversationId)}`, {
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const list = (await response.json()) as ChatMessage[];
      // The admin may have picked another customer while this was on its way.
      if (activeConversation.current !== conversationId) return;
      setMessages((current) =>
        mergeMessages(
          current,
          list.filter((m) => m.conversationId === conversationId),
        ),
      );
    } catch (error) {
      // Spec 8: a failed history fetch is only logged; the list stays as it is (empty at first).
      console.error("chat history could not be loaded", error);
    }
    if (activeConversation.current === conversationId) setHistory("loaded");
  }, [conversationId]);

  const handleEvent = useCallback(
    (event: ServerEvent) => {
      onEventRef.current?.(event);
      switch (event.type) {
        case "message": {
          if (event.conversationId !== conversationId) return;
          const { type: _type, clientId, ...message } = event;
          setMessages((current) => mergeMessages(current, [message]));
          if (clientId) {
            clearTimeout(ackTimers.current.get(clientId));
            ackTimers.current.delete(clientId);
            setPending((current) => current.filter((p) => p.clientId !== clientId));
          }
          // Their message has arrived: they have stopped typing it.
          setTypingUserId((typing) => (typing === message.from ? null : typing));
          return;
        }
        case "typing":
          // Ignore oneself (the same account in another tab).
          if (event.conversationId !== conversationId || event.userId === selfIdRef.current) return;
          clearTimeout(typingShown.current);
          setTypingUserId(event.isTyping ? event.userId : null);
          if (event.isTyping) typingShown.current = setTimeout(() => setTypingUserId(null), TYPING_SHOWN_MS);
          return;
        case "read":
          if (event.conversationId !== conversationId) return;
          setMessages((current) =>
            current.map((m) =>
              m.fromRole !== event.readerRole && m.seq <= event.upToSeq && m.readAt === null
                ? { ...m, readAt: event.readAt }
                : m,
            ),
          );
          return;
        case "unread_count":
          if (conversationId) setUnread(event.counts[conversationId] ?? 0);
          return;
        case "error_message":
          if (event.clientId) {
            const { clientId } = event;
            clearTimeout(ackTimers.current.get(clientId));
            ackTimers.current.delete(clientId);
            setPending((current) =>
              current.map((p) => (p.clientId === clientId ? { ...p, failed: event.message } : p)),
            );
          } else {
            setNotice(event.message);
          }
          return;
      }
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

  // Spec 4: incoming messages in the open conversation are marked read.
  const lastUnreadSeq = messages.reduce(
    (max, m) => (m.fromRole !== selfRole && m.readAt === null ? Math.max(max, m.seq) : max),
    0,
  );
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
      setPending((current) => [...current, { clientId, text: trimmed }]);
      setNotice(null);
      ackTimers.current.set(
        clientId,
        setTimeout(() => {
          ackTimers.current.delete(clientId);
          setPending((current) =>
            current.map((p) => (p.clientId === clientId ? { ...p, failed: ACK_TIMEOUT_MESSAGE } : p)),
          );
        }, ACK_TIMEOUT_MS),
      );
      send({
        type: "private_message",
        conversationId,
        // Spec 7: the selected user for admins, otherwise null.
        toUserId: selfRole === "admin" ? conversationId : null,
        text: trimmed,
        clientId,
      });
    },
    [conversationId, selfRole, send, stopTyping],
  );

  const dismissFailed = useCallback((clientId: string) => {
    setPending((current) => current.filter((p) => p.clientId !== clientId));
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
