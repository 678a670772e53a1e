/**
 * Admin › Admins: create another admin (e-mail, name, password, and a PCN registration number for a
 * pharmacist) and see who has admin access and who is a pharmacist.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, FormField } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import { PASSWORD_MIN } from "~/lib/limits";
import { createAdmin } from "~/features/accounts/accounts.server";
import { ADMIN_CREATE_FAILED, ADMIN_CREATED } from "~/features/accounts/messages";
import { listUsers } from "~/models/user.server";
import { formValues, handleForm } from "~/services/http.server";
import type { FormFailure } from "~/lib/app-error";
import { requireAdmin } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

type ActionData = FormFailure;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const admins = await listUsers(context.db, { role: "admin" });
  return {
    admins: admins.map((a) => ({
      id: a.id,
      name: a.name,
      email: a.email,
      pcnNumber: a.pcnNumber,
      createdAt: a.createdAt,
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  const values = formValues(form, ["email", "name", "pcnNumber"], 254);
  return handleForm(
    async () => {
      await createAdmin(context, { ...values, password: form?.get("password") });
      return redirectWithToast("/admin/admins", { type: "success", message: ADMIN_CREATED }, context.config);
    },
    { values },
  );
}

export default function AdminAdmins() {
  const { admins } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="new-admin" className="rounded-xl border border-gray-200 bg-white p-4">
        <h2 id="new-admin" className="text-lg font-semibold">
          Create an admin
        </h2>
        <Form method="post" className="mt-3 flex flex-col gap-3">
          <FormError message={result?.formError && `${ADMIN_CREATE_FAILED}: ${result.formError}`} />
          <FormField
            label="Email"
            name="email"
            type="email"
            idPrefix="admin"
            defaultValue={result?.values?.email}
            error={result?.errors?.email}
            autoComplete="off"
            maxLength={254}
          />
          <FormField
            label="Name"
            name="name"
            idPrefix="admin"
            maxLength={100}
            autoComplete="off"
            placeholder="e.g. Pharm. Amaka Obi"
            defaultValue={result?.values?.name}
            error={result?.errors?.name}
          />
          <FormField
            label="PCN registration number (pharmacists only)"
            name="pcnNumber"
            idPrefix="admin"
            maxLength={40}
            autoComplete="off"
            placeholder="e.g. PS-021784"
            required={false}
            defaultValue={result?.values?.pcnNumber}
            error={result?.errors?.pcnNumber}
          />
          <p className="-mt-2 text-xs text-gray-600">
            Admins with a PCN number are pharmacists: only they review prescription orders.
          </p>
          <PasswordInput
            id="admin-password"
            autoComplete="new-password"
            error={result?.errors?.password}
            minLength={PASSWORD_MIN}
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
          >
            {busy ? "Creating..." : "Create admin"}
          </button>
        </Form>
      </section>
      <section aria-labelledby="admin-list" className="rounded-xl border border-gray-200 bg-white p-4">
        <h2 id="admin-list" className="text-lg font-semibold">
          Admins
        </h2>
        <ul className="mt-3 divide-y divide-gray-100 text-sm">
          {admins.map((a) => (
            <li key={a.id} className="py-2">
              <span className="font-medium">{a.name}</span>{" "}
              <span className="break-all text-gray-600">{a.email}</span>
              {a.pcnNumber ? (
                <span className="mt-1 block text-xs text-green-800">
                  <span className="rounded-full bg-green-100 px-2 py-0.5 font-semibold">Pharmacist</span> PCN{" "}
                  {a.pcnNumber}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
