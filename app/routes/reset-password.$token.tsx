/** /reset-password/<token>: the one-time link an admin issued; choose a new password, then log in. */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/form-field";
import { NewPasswordFields } from "~/components/new-password-fields";
import { resetLinkAccount, resetPassword } from "~/features/accounts/credentials.server";
import type { FormFailure } from "~/lib/app-error";
import { handleForm, handlePage } from "~/services/http.server";
import fields from "virtual:form-constraints/reset-password";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [
  { title: "Choose a new password | MediStore" },
  // The token is in the URL: never let it travel in a Referer or be indexed.
  { name: "referrer", content: "no-referrer" },
  { name: "robots", content: "noindex" },
];

export const PASSWORD_RESET_DONE = "Your password has been changed. Please log in with the new one.";

export async function loader({ params, context }: LoaderFunctionArgs) {
  return handlePage(() => resetLinkAccount(context, params.token ?? ""));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  return handleForm(async () => {
    await resetPassword(context, params.token ?? "", {
      newPassword: form?.get("newPassword") ?? undefined,
      confirmPassword: form?.get("confirmPassword") ?? undefined,
    });
    return redirectWithToast("/login", { type: "success", message: PASSWORD_RESET_DONE }, context.config);
  });
}

export default function ResetPassword() {
  const { email } = useLoaderData<typeof loader>();
  const result = useActionData<FormFailure>();
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900">Choose a new password</h1>
      <p className="mt-1 text-sm break-all text-gray-600">For {email}</p>
      <Form method="post" data-form="reset-password" className="mt-6 flex flex-col gap-3">
        <input type="hidden" name="username" value={email} autoComplete="username" />
        <FormError message={result?.formError} />
        <NewPasswordFields idPrefix="reset-" errors={result?.errors} constraints={fields} />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
        >
          {busy ? "Saving…" : "Save new password"}
        </button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Back to log in
        </Link>
      </p>
    </main>
  );
}
