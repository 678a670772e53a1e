/**
 * /messages/stop/<token>: the link at the end of every message. Opening it changes nothing (a link
 * checker may open it); the button stops every message to that address at once, without logging in.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/form-field";
import { stopByLink, stopLinkPage } from "~/features/messages/manage.server";
import { MESSAGES_STOPPED } from "~/features/messages/texts";
import type { FormFailure } from "~/lib/app-error";
import { handleForm, handlePage } from "~/services/http.server";

export const meta: MetaFunction = () => [
  { title: "Stop messages | MediStore" },
  // The token is in the URL: never let it travel in a Referer or be indexed.
  { name: "referrer", content: "no-referrer" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  return handlePage(() => stopLinkPage(context, params.token ?? ""));
}

export async function action({ params, context }: ActionFunctionArgs) {
  return handleForm(async () => {
    await stopByLink(context, params.token ?? "");
    return { stopped: true as const };
  });
}

export default function StopMessages() {
  const { address, stopped } = useLoaderData<typeof loader>();
  const result = useActionData<FormFailure | { stopped: true }>();
  const done = stopped || (result && "stopped" in result);
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">Stop messages</h1>
      {done ? (
        <p className="mt-4 rounded-lg bg-green-50 p-3 text-green-900" role="status">
          {MESSAGES_STOPPED} ({address})
        </p>
      ) : (
        <>
          <p className="mt-2 text-gray-700">
            Stop every message from MediStore to <strong>{address}</strong>: order updates, and news of
            products you asked about.
          </p>
          <Form method="post" className="mt-6">
            <FormError message={result && "formError" in result ? result.formError : undefined} />
            <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white">
              Stop messages
            </button>
          </Form>
        </>
      )}
      <p className="mt-6 text-sm text-gray-600">
        With an account you can choose again on your account page, under Messages.
      </p>
    </main>
  );
}
