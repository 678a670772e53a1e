/**
 * Admin › Outbox: messages to customers that failed after every retry (with the provider's reason), each
 * with Resend, and those still waiting to be sent. Plain forms: works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { LocalTime } from "~/components/local-time";
import {
  MESSAGE_RESENT,
  outboxOverview,
  resendMessage,
  type MessageLine,
} from "~/features/messages/manage.server";
import { AppError } from "~/lib/app-error";
import { MESSAGE_CHANNEL, MESSAGE_KIND, MESSAGE_STATE } from "~/lib/messages";
import { requireAdmin, withReads } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's reads travel to D1 with the session lookup, in one trip.
  const [, overview] = await withReads(request, context, requireAdmin, () => outboxOverview(context));
  return overview;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  try {
    await resendMessage(context, form?.get("id"));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return redirectWithToast("/admin/outbox", { type: "error", message: error.message }, context.config);
  }
  return redirectWithToast("/admin/outbox", { type: "success", message: MESSAGE_RESENT }, context.config);
}

function Line({ m, resend }: { m: MessageLine; resend: boolean }) {
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {MESSAGE_KIND.label(m.kind)} · {MESSAGE_CHANNEL.label(m.channel)}{" "}
          {/* A phone number stays whole on its line; a long e-mail address breaks only where it must. */}
          <span className="font-normal text-gray-700 [overflow-wrap:anywhere]">to {m.recipient}</span>
        </p>
        <LocalTime ms={m.updatedAt} className="text-xs text-gray-600" />
      </div>
      <p className="mt-1 text-sm text-gray-800">{m.subject}</p>
      <p className="mt-1 text-sm text-gray-700">
        {MESSAGE_STATE.label(m.state)} after {m.attempts} {m.attempts === 1 ? "try" : "tries"}
        {m.lastError ? <span className="block break-words text-red-800">Reason: {m.lastError}</span> : null}
      </p>
      {resend ? (
        <Form method="post" className="mt-2">
          <input type="hidden" name="id" value={m.id} />
          {/* One per failed message: its name says which, and begins with its visible word. */}
          <button
            type="submit"
            aria-label={`Resend: ${MESSAGE_KIND.label(m.kind)} to ${m.recipient}`}
            className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white"
          >
            Resend
          </button>
        </Form>
      ) : null}
    </li>
  );
}

export default function AdminOutbox() {
  const { failed, waiting } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <section>
        <h2 className="text-lg font-bold text-gray-900">Failed messages</h2>
        {failed.length === 0 ? (
          <p className="mt-2 text-gray-600">No message has failed.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {failed.map((m) => (
              <Line key={m.id} m={m} resend />
            ))}
          </ul>
        )}
      </section>
      <section>
        <h2 className="text-lg font-bold text-gray-900">Waiting to be sent</h2>
        {waiting.length === 0 ? (
          <p className="mt-2 text-gray-600">Nothing is waiting.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {waiting.map((m) => (
              <Line key={m.id} m={m} resend={false} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
