/**
 * /account/delete: what deleting the account removes and what it keeps (and why), then the password
 * entered again to confirm. Works without JavaScript: a plain form post.
 */
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import fields from "virtual:form-constraints/delete-account";
import { ACCOUNT_DELETED, deleteMyAccount, deletionSummary } from "~/features/privacy/delete-account.server";
import type { FormFailure } from "~/lib/app-error";
import { handleForm, pageHeaders, readForm } from "~/services/http.server";
import { clearedSessionCookie, requireUser } from "~/services/session.server";
import { toastCookie } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Delete your account | MediStore" }];

export const headers = pageHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { email: user.email, ...deletionSummary(context.config.retention.orderRecordYears) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  return handleForm(
    async () => {
      const form = await readForm(request);
      await deleteMyAccount(request, context, user, form.get("password"));
      const headers = new Headers();
      // The account's sessions went with it: only the cookie is left to clear.
      headers.append("Set-Cookie", await clearedSessionCookie(context.config));
      headers.append(
        "Set-Cookie",
        await toastCookie(context.config, { type: "success", message: ACCOUNT_DELETED }),
      );
      return redirect("/", { headers });
    },
    { unexpected: "We could not delete your account just now. Nothing was deleted; please try again." },
  );
}

export default function DeleteAccountPage() {
  const { email, deleted, kept } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormFailure>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <main id="main" className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-gray-900">Delete your account</h1>
      <p className="mt-2 text-gray-700">
        This deletes the account <strong className="break-all">{email}</strong> for good. It cannot be undone.
        You may want to{" "}
        <a href="/account/data" className="font-medium text-brand-700 underline">
          download your data
        </a>{" "}
        first.
      </p>

      <section
        aria-labelledby="deleted-heading"
        className="mt-6 rounded-xl border border-gray-200 bg-white p-4"
      >
        <h2 id="deleted-heading" className="text-lg font-semibold">
          What is deleted now
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-gray-700">
          {deleted.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="kept-heading" className="mt-4 rounded-xl border border-gray-200 bg-white p-4">
        <h2 id="kept-heading" className="text-lg font-semibold">
          What is kept, and why
        </h2>
        <dl className="mt-2 space-y-3 text-gray-700">
          {kept.map((item) => (
            <div key={item.what}>
              <dt className="font-medium text-gray-900">{item.what}</dt>
              <dd className="mt-0.5 text-sm">{item.why}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Form
        method="post"
        data-form="delete-account"
        className="mt-6 flex flex-col gap-4 rounded-xl border border-red-200 bg-red-50 p-4"
      >
        <h2 className="text-lg font-semibold text-red-900">Confirm with your password</h2>
        <FormError message={actionData?.formError} />
        <PasswordInput id="delete-password" autoComplete="current-password" constraint={fields.password} />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={submitting}
            className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
          >
            {submitting ? "Deleting…" : "Delete my account"}
          </button>
          <Link to="/account/privacy" className="font-medium text-brand-700 underline">
            Cancel
          </Link>
        </div>
      </Form>
    </main>
  );
}
