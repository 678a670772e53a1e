/** Admin › Messages: what people sent through the contact form, newest first; mark read or unread. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { listContactMessages, markMessageRead } from "~/models/contact.server";
import { requireAdmin, withReads } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { LocalTime } from "~/components/local-time";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's reads travel to D1 with the session lookup, in one trip.
  const [, messages] = await withReads(request, context, requireAdmin, () => listContactMessages(context.db));
  return { messages };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  const id = Number(form?.get("id"));
  const read = form?.get("read") === "1";
  const updated =
    Number.isSafeInteger(id) && id > 0 ? await markMessageRead(context.db, id, read) : undefined;
  return redirectWithToast(
    "/admin/messages",
    updated
      ? { type: "success", message: read ? "Marked as read" : "Marked as unread" }
      : { type: "error", message: "That message no longer exists." },
    context.config,
  );
}

export default function AdminMessages() {
  const { messages } = useLoaderData<typeof loader>();
  if (messages.length === 0) return <p className="text-gray-600">No messages yet.</p>;
  return (
    <ul className="space-y-3">
      {messages.map((m) => (
        <li
          key={m.id}
          className={`rounded-xl border p-4 ${m.readAt ? "border-gray-200 bg-white" : "border-brand-600 bg-brand-50"}`}
        >
          {/* Long names, e-mail addresses and words wrap within the card: it fits a 360 px phone. */}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 font-semibold break-words">
              {m.name}{" "}
              <a
                href={`mailto:${m.email}`}
                className="text-sm font-normal break-all text-brand-700 underline"
              >
                {m.email}
              </a>
            </p>
            <LocalTime ms={m.createdAt} className="text-xs text-gray-600" />
          </div>
          <p className="mt-2 text-sm whitespace-pre-line break-words text-gray-800">{m.message}</p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="id" value={m.id} />
            <input type="hidden" name="read" value={m.readAt ? "0" : "1"} />
            <button type="submit" className="text-sm text-brand-700 underline">
              {m.readAt ? "Mark as unread" : "Mark as read"}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
