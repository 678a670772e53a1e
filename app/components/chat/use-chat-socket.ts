/**
 * One chat socket (partysocket's reconnecting WebSocket) to a conversation room or the admins' inbox.
 * Every connection attempt first asks the app for a fresh ticket (POST /chat/ticket): the URL provider is
 * async, so a reconnect never reuses an expired ticket ("reconnect attempts use the currently stored token").
 * Status (docs/product-rules.md, Chat): connecting, online on open, offline on close; on open it asks for the unread count.
 */
import ReconnectingWebSocket from "partysocket/ws";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  CONNECTION_TIMEOUT_MESSAGE,
  frame,
  parseServerFrame,
  SOCKET_OPTIONS,
  type ChatTicket,
  type ClientEvent,
  type ServerEvent,
} from "~/lib/chat-protocol";
import { reconnectDelay } from "./backoff";

export type ChatStatus = "connecting" | "online" | "offline";
export type ChatTarget = { conversationId: string } | { inbox: true };

type Ticket = Omit<ChatTicket, "expiresAt">;

class TicketRefused extends Error {}

async function fetchTicket(target: ChatTarget): Promise<Ticket> {
  const response = await fetch("/chat/ticket", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(target),
    credentials: "same-origin",
  });
  if (response.status === 401 || response.status === 403) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new TicketRefused(body.message ?? "You are not allowed to use this chat.");
  }
  if (!response.ok) throw new Error(`chat ticket: HTTP ${response.status}`);
  return (await response.json()) as Ticket;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useChatSocket(
  target: ChatTarget | null,
  handlers: { onEvent: (event: ServerEvent) => void; onOpen?: (reconnected: boolean) => void },
) {
  const [status, setStatus] = useState<ChatStatus>("connecting");
  /** Why it is offline, when known: "timeout", or the auth_error message. */
  const [problem, setProblem] = useState<string | null>(null);
  /** The signed-in user's id, as the app states it in each ticket (to tell "You" from other admins). */
  const [selfId, setSelfId] = useState<string | null>(null);
  const socketRef = useRef<ReconnectingWebSocket | null>(null);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  const key = target ? JSON.stringify(target) : null;

  useEffect(() => {
    if (!key) return;
    const chosen = JSON.parse(key) as ChatTarget;
    let opened = false;
    setStatus("connecting");
    setProblem(null);

    const socket: ReconnectingWebSocket = new ReconnectingWebSocket(
      async () => {
        // partysocket's own delay is 0; ours is jittered (backoff.ts). retryCount is 0 on the first attempt.
        await sleep(reconnectDelay(socket.retryCount));
        try {
          const { ticket, host, protocol, party, room, userId } = await fetchTicket(chosen);
          setSelfId(userId);
          return `${protocol}://${host}/parties/${party}/${encodeURIComponent(room)}?ticket=${encodeURIComponent(ticket)}`;
        } catch (error) {
          if (error instanceof TicketRefused) {
            // Signed out or not allowed: retrying cannot help (auth_error, told by the app).
            setProblem(error.message);
            setStatus("offline");
            socket.close();
          }
          throw error;
        }
      },
      null,
      {
        maxRetries: SOCKET_OPTIONS.maxReconnectionAttempts,
        minReconnectionDelay: 0,
        maxReconnectionDelay: 0,
        connectionTimeout: SOCKET_OPTIONS.connectionTimeoutMs,
        // A message typed while offline goes out on reconnect; the ack timeout tells the sender meanwhile.
        maxEnqueuedMessages: 50,
      },
    );
    socketRef.current = socket;

    socket.addEventListener("open", () => {
      setStatus("online");
      setProblem(null);
      socket.send(frame({ type: "get_unread_count" }));
      handlersRef.current.onOpen?.(opened);
      opened = true;
    });
    socket.addEventListener("close", (event) => {
      setStatus("offline");
      if (event.reason === CONNECTION_TIMEOUT_MESSAGE) setProblem(CONNECTION_TIMEOUT_MESSAGE);
    });
    // A failed attempt (no ticket, no answer) is retried by partysocket; meanwhile the chat is offline.
    socket.addEventListener("error", () => {
      if (socket.readyState !== socket.OPEN) setStatus("offline");
    });
    socket.addEventListener("message", (event: MessageEvent) => {
      const parsed = parseServerFrame(event.data);
      if (!parsed) return;
      if (parsed.type === "auth_error") {
        setProblem(parsed.message);
        socket.close();
      }
      handlersRef.current.onEvent(parsed);
    });

    return () => {
      socket.close();
      socketRef.current = null;
    };
  }, [key]);

  /** Sends now, or queues until the socket is back; typing hints are only worth sending live. */
  const send = useCallback((event: ClientEvent) => {
    const socket = socketRef.current;
    if (!socket) return false;
    if (event.type === "typing" && socket.readyState !== socket.OPEN) return false;
    socket.send(frame(event));
    return true;
  }, []);

  const reconnect = useCallback(() => {
    setStatus("connecting");
    setProblem(null);
    socketRef.current?.reconnect();
  }, []);

  return { status, problem, selfId, send, reconnect };
}
