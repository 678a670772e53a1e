/**
 * /dev/inbox: on a local run (MESSAGES_STANDIN_URL set, never in production), what each phone and inbox
 * received from the message stand-in, newest first. Elsewhere it is the 404 page.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { localInbox, type InboxEntry } from "~/features/messages/manage.server";
import { MESSAGE_CHANNEL } from "~/lib/messages";
import { handlePage } from "~/services/http.server";

export const meta: MetaFunction = () => [
  { title: "Local inbox | MediStore" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: LoaderFunctionArgs) {
  return handlePage(async () => {
    const messages = await localInbox(context);
    const byRecipient = new Map<string, InboxEntry[]>();
    for (const m of [...messages].reverse())
      byRecipient.set(`${m.channel} ${m.to}`, [...(byRecipient.get(`${m.channel} ${m.to}`) ?? []), m]);
    return {
      recipients: [...byRecipient.entries()].map(([key, list]) => ({
        key,
        channel: list[0]!.channel,
        to: list[0]!.to,
        list,
      })),
    };
  });
}

/** A message's text with its links (the order's page, the stop link) made links, as a phone shows them. */
function WithLinks({ text }: { text: string }) {
  return text.split(/(https?:\/\/\S+)/).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} className="text-brand-700 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export default function LocalInbox() {
  const { recipients } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-gray-900">Local inbox</h1>
      <p className="mt-1 text-sm text-gray-600">
        What the message stand-in received, by phone and inbox. Only on a local run: nothing here leaves this
        computer.
      </p>
      {recipients.length === 0 ? (
        <p className="mt-6 text-gray-700">No messages yet. Place an order and come back.</p>
      ) : (
        <div className="mt-6 space-y-6">
          {recipients.map((r) => (
            <section key={r.key} aria-label={`${MESSAGE_CHANNEL.label(r.channel)} ${r.to}`}>
              <h2 className="font-semibold text-gray-900">
                {MESSAGE_CHANNEL.label(r.channel)} · <span className="[overflow-wrap:anywhere]">{r.to}</span>
              </h2>
              <ul className="mt-2 space-y-2">
                {r.list.map((m, i) => (
                  <li key={i} className="rounded-xl border border-gray-200 bg-white p-3 text-sm">
                    <p className="text-xs text-gray-500">{m.at.replace("T", " ").slice(0, 19)} UTC</p>
                    {m.subject ? <p className="font-medium text-gray-900">{m.subject}</p> : null}
                    <p className="mt-1 whitespace-pre-line text-gray-800 [overflow-wrap:anywhere]">
                      <WithLinks text={m.text} />
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </main>
  );
}
