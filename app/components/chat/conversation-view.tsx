/**
 * The part the widget and the admin panel share: the message list (about 16rem high), the other
 * side's typing indicator, read state on one's own messages, and the composer (Enter sends, Shift+Enter
 * starts a new line, Send is disabled for empty or whitespace-only text). Every text is rendered by
 * React as text, never as HTML.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { MAX_TEXT_LENGTH, type ChatMessage, type Role } from "~/lib/chat-protocol";
import type { PendingMessage } from "./use-conversation";

const timeFormat = new Intl.DateTimeFormat("en-NG", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Africa/Lagos",
});

export function ConversationView({
  messages,
  pending,
  selfRole,
  selfId,
  loading,
  typingLabel,
  emptyText,
  notice,
  onSend,
  onTyping,
  onDismissFailed,
}: {
  messages: ChatMessage[];
  pending: PendingMessage[];
  selfRole: Role;
  /** The viewer's user id: their own messages read "You" (another admin's carry that admin's name). */
  selfId: string | null;
  loading: boolean;
  /** "… is typing…", or null when nobody else is typing. */
  typingLabel: string | null;
  emptyText: string;
  notice: string | null;
  onSend: (text: string) => void;
  onTyping: () => void;
  onDismissFailed: (clientId: string) => void;
}) {
  const [text, setText] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  const inputId = useId();
  const canSend = text.trim().length > 0;

  // Keep the newest message in view.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, pending.length, typingLabel]);

  function submit() {
    if (!canSend) return;
    onSend(text);
    setText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line; Enter that confirms an IME composition is neither.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <div className="flex flex-col">
      <ol
        ref={listRef}
        role="log"
        aria-label="Messages"
        aria-live="polite"
        className="h-64 space-y-2 overflow-y-auto bg-gray-50 p-3"
      >
        {loading && messages.length === 0 ? (
          <li className="text-sm text-gray-600">Loading messages…</li>
        ) : messages.length === 0 && pending.length === 0 ? (
          <li className="text-sm text-gray-600">{emptyText}</li>
        ) : null}
        {messages.map((message) => {
          const mine = message.fromRole === selfRole;
          return (
            <li key={message._id} className={`flex flex-col ${mine ? "items-end" : "items-start"}`}>
              <p
                className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm ${
                  mine ? "bg-brand-700 text-white" : "border border-gray-200 bg-white text-gray-900"
                }`}
              >
                {message.text}
              </p>
              <p className="mt-0.5 text-xs text-gray-600">
                {message.from === selfId ? "You" : message.fromName}
                {" · "}
                <time dateTime={new Date(message.createdAt).toISOString()}>
                  {timeFormat.format(message.createdAt)}
                </time>
                {mine ? <span data-testid="read-state">{message.readAt ? " · Read" : " · Sent"}</span> : null}
              </p>
            </li>
          );
        })}
        {pending.map((message) => (
          <li key={message.clientId} className="flex flex-col items-end">
            <p className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl bg-brand-700/70 px-3 py-2 text-sm text-white">
              {message.text}
            </p>
            {message.failed ? (
              <p className="mt-0.5 text-xs text-red-700" role="alert">
                Not sent: {message.failed}{" "}
                <button
                  type="button"
                  className="underline"
                  onClick={() => {
                    onDismissFailed(message.clientId);
                    onSend(message.text);
                  }}
                >
                  Retry
                </button>
              </p>
            ) : (
              <p className="mt-0.5 text-xs text-gray-600">Sending…</p>
            )}
          </li>
        ))}
      </ol>
      <p className="h-5 px-3 text-xs text-gray-600" aria-live="polite">
        {typingLabel ?? ""}
      </p>
      {notice ? (
        <p role="alert" className="mx-3 mb-1 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900">
          {notice}
        </p>
      ) : null}
      <form
        className="flex items-end gap-2 border-t border-gray-200 p-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          id={inputId}
          rows={2}
          value={text}
          maxLength={MAX_TEXT_LENGTH}
          placeholder="Type your message…"
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1 resize-none rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none"
        />
        <button
          type="submit"
          disabled={!canSend}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:opacity-50"
        >
          Send
        </button>
      </form>
    </div>
  );
}
