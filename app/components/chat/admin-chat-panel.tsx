/**
 * The admins' chat panel, under the tabs on /admin: a customer dropdown (first option "-- Choose a user --",
 * each option "name (email)" with its unread count), the total unread, a loading text, a prompt to select a
 * user, and the chosen customer's conversation with history, typing and read state. Every admin online is in
 * the inbox room, so a customer's new message reaches all of them (`new_user_message`).
 *
 * The dropdown starts with the newest few customers, asked of the server (/admin/chat-customers) once the
 * panel's code runs, so no admin page waits for them; typing in the search box searches the rest there, and
 * conversations with unread messages are named from there.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { unreadTotal, type ServerEvent } from "~/lib/chat-protocol";
import { useHydrated } from "~/lib/use-hydrated";
import { ChatStatusLine } from "./chat-status";
import { ConversationView } from "./conversation-view";
import { useChatSocket } from "./use-chat-socket";
import { useConversation } from "./use-conversation";

export type ChatCustomer = { id: string; name: string; email: string };

export function AdminChatPanel() {
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="admin-chat-heading" className="rounded-xl border border-gray-200 bg-white p-4">
      <Panel hydrated={hydrated} />
    </section>
  );
}

function Heading({ total }: { total: number }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 id="admin-chat-heading" className="text-lg font-semibold">
        Chat with customers
      </h2>
      <span
        data-testid="chat-unread-total"
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold noscript:hidden ${
          total > 0 ? "bg-red-100 text-red-800" : "bg-gray-100 text-gray-700"
        }`}
      >
        {total} unread
      </span>
    </div>
  );
}

/** A short pause after typing before asking the server, so a word is one request, not one per letter. */
const SEARCH_DELAY_MS = 250;

const NO_CUSTOMERS: ChatCustomer[] = [];

function useCustomerSearch() {
  const newest = useFetcher<{ customers: ChatCustomer[] }>();
  const search = useFetcher<{ customers: ChatCustomer[] }>();
  const named = useFetcher<{ customers: ChatCustomer[] }>();
  const [query, setQuery] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const loadNewest = newest.load;
  useEffect(() => {
    loadNewest("/admin/chat-customers");
  }, [loadNewest]);
  const initial = newest.data?.customers ?? NO_CUSTOMERS;
  const find = (text: string) => {
    setQuery(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      search.load(`/admin/chat-customers?q=${encodeURIComponent(text.trim())}`);
    }, SEARCH_DELAY_MS);
  };
  const found = query.trim() && search.data ? search.data.customers : initial;
  return { query, find, found, named, customers: initial, listed: newest.data !== undefined };
}

function Panel({ hydrated }: { hydrated: boolean }) {
  const selectId = useId();
  const searchId = useId();
  const [selected, setSelected] = useState("");
  const { query, find, found, named, customers, listed } = useCustomerSearch();
  /** Every customer the panel has a name for: the selected one stays listed whatever the search shows. */
  const [known, setKnown] = useState<Record<string, ChatCustomer>>({});
  const [counts, setCounts] = useState<Record<string, number>>({});
  /** Customers who wrote but are not in the list (registered after the page loaded). */
  const [newcomers, setNewcomers] = useState<Record<string, string>>({});
  const [latest, setLatest] = useState<string | null>(null);

  const inbox = useChatSocket(hydrated ? { inbox: true } : null, {
    onEvent: (event: ServerEvent) => {
      if (event.type !== "unread_count" && event.type !== "new_user_message") return;
      setCounts(event.counts);
      if (event.type === "new_user_message") {
        const { conversationId, message } = event;
        setLatest(`New message from ${message.fromName}`);
        if (!customers.some((c) => c.id === conversationId))
          setNewcomers((current) => ({ ...current, [conversationId]: message.fromName }));
      }
    },
  });
  const chat = useConversation({
    conversationId: selected || null,
    selfRole: "admin",
    open: Boolean(selected),
  });

  // Conversations with unread messages from customers the panel has no name for (once it has its first
  // list): ask the server once.
  const unnamed = !listed
    ? []
    : Object.keys(counts).filter(
        (id) => counts[id] > 0 && !known[id] && !customers.some((c) => c.id === id) && !newcomers[id],
      );
  const unnamedKey = unnamed.sort().join(",");
  const asked = useRef("");
  useEffect(() => {
    if (!unnamedKey || unnamedKey === asked.current) return;
    asked.current = unnamedKey;
    named.load(`/admin/chat-customers?ids=${unnamedKey}`);
  }, [unnamedKey, named]);
  useEffect(() => {
    const list = [...(named.data?.customers ?? []), ...found];
    setKnown((current) => {
      const next = { ...current };
      for (const customer of list) next[customer.id] = customer;
      return next;
    });
  }, [named.data, found]);

  const options = useMemo(() => {
    const listed = new Map<string, ChatCustomer>();
    for (const customer of found) listed.set(customer.id, customer);
    // Whoever has unread messages or is selected stays in the list while the admin searches.
    for (const [id, customer] of Object.entries(known)) {
      if (id === selected || counts[id]) listed.set(id, customer);
    }
    for (const [id, name] of Object.entries(newcomers)) {
      if (!listed.has(id) && !known[id]) listed.set(id, { id, name, email: "new customer" });
    }
    return [...listed.values()];
  }, [found, known, newcomers, selected, counts]);
  const selectedName = options.find((c) => c.id === selected)?.name ?? "The customer";

  return (
    <>
      <Heading total={unreadTotal(counts)} />
      {/* Without JavaScript the panel says only this: no picker that cannot work, nothing "loading". */}
      <p className="mt-2 hidden text-sm text-gray-700 noscript:block">
        Chat with customers needs JavaScript.
      </p>
      {hydrated ? (
        <ChatStatusLine
          status={inbox.status}
          problem={inbox.problem}
          onReconnect={inbox.reconnect}
          className="mt-1 text-gray-700"
        />
      ) : null}
      <p className="sr-only" aria-live="polite">
        {latest ?? ""}
      </p>
      <div className="mt-3 noscript:hidden">
        <label htmlFor={searchId} className="block text-sm font-medium text-gray-800">
          Search by name or e-mail
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          disabled={!hydrated}
          onChange={(event) => find(event.target.value)}
          placeholder="e.g. Ngozi or ngozi@…"
          maxLength={100}
          className="mt-1 mb-3 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm"
        />
        <label htmlFor={selectId} className="block text-sm font-medium text-gray-800">
          Customer
        </label>
        <select
          id={selectId}
          value={selected}
          disabled={!hydrated}
          onChange={(event) => setSelected(event.target.value)}
          className="mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">-- Choose a user --</option>
          {options.map((customer) => (
            <option key={customer.id} value={customer.id}>
              {customer.name} ({customer.email})
              {counts[customer.id] ? ` (${counts[customer.id]} unread)` : ""}
            </option>
          ))}
        </select>
      </div>
      {!hydrated || inbox.status === "connecting" ? (
        <p className="mt-3 text-sm text-gray-600 noscript:hidden">Loading chat…</p>
      ) : null}
      {!selected ? (
        <p className="mt-3 text-sm text-gray-600 noscript:hidden">Select a user to start chatting.</p>
      ) : (
        <div className="mt-3 overflow-hidden rounded-lg border border-gray-200">
          <ChatStatusLine
            status={chat.status}
            problem={chat.problem}
            onReconnect={chat.reconnect}
            className="border-b border-gray-200 px-3 py-1.5 text-gray-700"
          />
          <ConversationView
            key={selected}
            messages={chat.messages}
            pending={chat.pending}
            selfRole="admin"
            selfId={chat.selfId}
            loading={chat.historyState !== "loaded"}
            typingLabel={
              !chat.typingUserId
                ? null
                : chat.typingUserId === selected
                  ? `${selectedName} is typing…`
                  : "Another pharmacist is typing…"
            }
            emptyText="No messages yet."
            notice={chat.notice}
            onSend={chat.sendMessage}
            onTyping={chat.noteTyping}
            onDismissFailed={chat.dismissFailed}
          />
        </div>
      )}
    </>
  );
}
