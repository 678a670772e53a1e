/**
 * The dashboard's "Talk to a Doctor" widget: a customer's live conversation with the pharmacists. The
 * launcher is a card of the dashboard (a button pinned over the page would cover the controls scrolled
 * under it on a phone); the conversation opens as a floating panel. The socket connects when the page
 * does (status and unread badge on the launcher); opening the panel loads the history and marks the
 * pharmacists' messages read. A link to /dashboard#chat (the header's "Consult") opens it at once.
 * Without JavaScript, the card says chat needs it and offers WhatsApp instead. Before the first chat (or
 * after consent was withdrawn) the panel shows a short notice and "I agree" instead, and no socket opens.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { ChatStatusLine } from "./chat-status";
import { ConversationView } from "./conversation-view";
import { useConversation } from "./use-conversation";

/** The fragment that opens the chat (and the card's id). */
export const CHAT_ANCHOR = "chat";

const CARD = "h-full rounded-xl border border-gray-200 bg-white p-4";

/** Whether the customer has agreed to keeping their chat (NDPA consent). */
export type ChatConsent = "given" | "none" | "withdrawn";

export function ChatWidget({
  conversationId,
  whatsappLink,
  consent = "given",
  noticeVersion = "",
}: {
  conversationId: string;
  whatsappLink: string;
  consent?: ChatConsent;
  noticeVersion?: string;
}) {
  const hydrated = useHydrated();
  return (
    <div id={CHAT_ANCHOR}>
      <noscript>
        <section aria-labelledby="chat-nojs" className={CARD}>
          <h2 id="chat-nojs" className="font-semibold text-brand-700">
            Talk to a Doctor
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            Chat with a doctor or pharmacist needs JavaScript. Turn it on, or message us on WhatsApp instead.
          </p>
          <a
            href={whatsappLink}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-block rounded-lg bg-green-700 px-4 py-2 font-semibold text-white"
          >
            Chat on WhatsApp
          </a>
        </section>
      </noscript>
      {/* Until hydrated the launcher is drawn but inert (and hidden when scripting is off). */}
      {!hydrated ? (
        <Launcher disabled />
      ) : consent === "given" ? (
        <LiveChat conversationId={conversationId} />
      ) : (
        <ConsentFirst withdrawn={consent === "withdrawn"} noticeVersion={noticeVersion} />
      )}
    </div>
  );
}

function Launcher({
  disabled = false,
  online = false,
  unread = 0,
  open = false,
  panelId,
  onClick,
}: {
  disabled?: boolean;
  online?: boolean;
  unread?: number;
  open?: boolean;
  panelId?: string;
  onClick?: () => void;
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      aria-expanded={disabled ? undefined : open}
      aria-controls={open ? panelId : undefined}
      onClick={onClick}
      className={`${CARD} block w-full text-left hover:border-brand-600 disabled:cursor-wait noscript:hidden`}
    >
      <span className="flex items-center gap-2 font-semibold text-brand-700">
        <span
          aria-hidden="true"
          className={`h-2.5 w-2.5 rounded-full ${online ? "bg-green-500" : "bg-gray-300"}`}
        />
        Talk to a Doctor
        {!open && unread > 0 ? (
          <span className="rounded-full bg-brand-700 px-2 text-xs font-bold text-white">
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        ) : null}
      </span>
      <span className="mt-1 block text-sm text-gray-600">Chat live with a pharmacist or doctor.</span>
    </button>
  );
}

const PANEL =
  "fixed inset-x-2 bottom-2 z-40 overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-xl sm:inset-x-auto sm:bottom-4 sm:right-4 sm:w-[22rem]";

/** The panel before consent: what keeping the chat means, and "I agree" (a plain form post). */
function ConsentFirst({ withdrawn, noticeVersion }: { withdrawn: boolean; noticeVersion: string }) {
  const [open, setOpen] = useChatOpen();
  const panelId = useId();
  return (
    <>
      <Launcher open={open} panelId={panelId} onClick={() => setOpen(!open)} />
      {open ? (
        <section id={panelId} aria-label="Talk to a Doctor" className={PANEL}>
          <header className="flex items-start justify-between gap-2 bg-brand-700 px-3 py-2 text-white">
            <h2 className="font-semibold">Talk to a Doctor</h2>
            <button
              type="button"
              onClick={() => setOpen(false)}
              aria-label="Close chat"
              className="rounded px-2 text-xl leading-none hover:bg-white/10"
            >
              ×
            </button>
          </header>
          <form method="post" action="/account/privacy" className="space-y-3 p-3 text-sm text-gray-700">
            {withdrawn ? (
              <p className="font-medium text-gray-900">You withdrew your consent to chat.</p>
            ) : null}
            <p>
              What you tell our pharmacists and doctors is health data. We keep your messages so they can
              follow up, for the period stated in our{" "}
              <a href="/privacy#keep" className="text-brand-700 underline">
                privacy notice
              </a>
              , and only they and you can read them. You can withdraw this consent at any time.
            </p>
            <input type="hidden" name="intent" value="give" />
            <input type="hidden" name="kind" value="chat" />
            <input type="hidden" name="redirectTo" value={`/dashboard#${CHAT_ANCHOR}`} />
            <button
              type="submit"
              className="w-full rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white"
            >
              I agree
            </button>
            {noticeVersion ? (
              <p className="text-xs text-gray-500">Privacy notice version {noticeVersion}</p>
            ) : null}
          </form>
        </section>
      ) : null}
    </>
  );
}

/** Open when the page's fragment is #chat (the header's "Consult"), and when it changes to it. */
function useChatOpen() {
  const { hash, key } = useLocation();
  const [open, setOpen] = useState(hash === `#${CHAT_ANCHOR}`);
  useEffect(() => {
    if (hash === `#${CHAT_ANCHOR}`) setOpen(true);
  }, [hash, key, setOpen]);
  return [open, setOpen] as const;
}

function LiveChat({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useChatOpen();
  const panelId = useId();
  const panelRef = useRef<HTMLElement>(null);
  /** Opened by a tap on the launcher (not by a link): the message box takes the focus. */
  const focusBox = useRef(false);
  const chat = useConversation({ conversationId, selfRole: "user", open });

  useEffect(() => {
    if (!open) return;
    if (focusBox.current) panelRef.current?.querySelector("textarea")?.focus({ preventScroll: true });
    focusBox.current = false;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, setOpen]);

  return (
    <>
      <Launcher
        online={chat.status === "online"}
        unread={chat.unread}
        open={open}
        panelId={panelId}
        onClick={() => {
          focusBox.current = !open;
          setOpen(!open);
        }}
      />
      {open ? (
        <section ref={panelRef} id={panelId} aria-label="Talk to a Doctor" className={PANEL}>
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
    </>
  );
}
