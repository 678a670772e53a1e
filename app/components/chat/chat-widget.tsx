/**
 * The dashboard's floating "Talk to a Doctor" widget: a customer's live conversation with the
 * pharmacists. The socket connects when the page does (status and unread badge on the button); opening the
 * panel loads the history and marks the pharmacists' messages read. Without JavaScript, the page says chat
 * needs it and offers WhatsApp instead.
 */
import { useId, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { ChatStatusLine } from "./chat-status";
import { ConversationView } from "./conversation-view";
import { useConversation } from "./use-conversation";

export function ChatWidget({
  conversationId,
  whatsappLink,
}: {
  conversationId: string;
  whatsappLink: string;
}) {
  const hydrated = useHydrated();
  return (
    <>
      <noscript>
        <section aria-labelledby="chat-nojs" className="mt-6 rounded-xl border border-gray-200 bg-white p-4">
          <h2 id="chat-nojs" className="text-lg font-semibold">
            Talk to a Doctor
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            Chat with a doctor or pharmacist needs JavaScript. Turn it on, or message us on WhatsApp instead.
          </p>
          <a
            href={whatsappLink}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-block rounded-lg bg-green-600 px-4 py-2 font-semibold text-white"
          >
            Chat on WhatsApp
          </a>
        </section>
      </noscript>
      {/* Rendered only once hydrated: without JavaScript there is nothing it could do. */}
      {hydrated ? <FloatingChat conversationId={conversationId} /> : null}
    </>
  );
}

function FloatingChat({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const chat = useConversation({ conversationId, selfRole: "user", open });

  return (
    <div className="fixed bottom-4 right-4 z-30 flex flex-col items-end gap-2">
      {open ? (
        <section
          id={panelId}
          aria-label="Talk to a Doctor"
          className="w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-xl"
        >
          <header className="flex items-start justify-between gap-2 bg-brand-700 px-3 py-2 text-white">
            <div>
              <h2 className="font-semibold">Talk to a Doctor</h2>
              <ChatStatusLine status={chat.status} problem={chat.problem} onReconnect={chat.reconnect} />
            </div>
            <button
              type="button"
              onClick={() => setOpen(false)}
              aria-label="Close chat"
              className="rounded px-2 text-xl leading-none hover:bg-white/10"
            >
              ×
            </button>
          </header>
          <ConversationView
            messages={chat.messages}
            pending={chat.pending}
            selfRole="user"
            selfId={chat.selfId}
            loading={chat.historyState !== "loaded"}
            typingLabel={chat.typingUserId ? "Pharmacist is typing…" : null}
            emptyText="Ask a doctor or pharmacist anything about your health or medicines."
            notice={chat.notice}
            onSend={chat.sendMessage}
            onTyping={chat.noteTyping}
            onDismissFailed={chat.dismissFailed}
          />
        </section>
      ) : null}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-full bg-brand-700 px-4 py-3 font-semibold text-white shadow-lg hover:bg-brand-800"
      >
        <span
          aria-hidden="true"
          className={`h-2.5 w-2.5 rounded-full ${chat.status === "online" ? "bg-green-400" : "bg-gray-300"}`}
        />
        Talk to a Doctor
        {!open && chat.unread > 0 ? (
          <span className="rounded-full bg-white px-2 text-xs font-bold text-brand-700">
            {chat.unread}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </button>
    </div>
  );
}
