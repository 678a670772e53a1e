/** Admin › Admins: create another admin (e-mail, password) and see who has admin access. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, FormField } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import { PASSWORD_MIN } from "~/lib/limits";
import { adminCreateSchema, fieldErrors } from "~/lib/validation";
import { createUser, EmailTakenError, listUsers } from "~/models/user.server";
import { requireAdmin } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

export const ADMIN_CREATED = "New admin created successfully!";
export const ADMIN_CREATE_FAILED = "Error creating admin";

type ActionData = { formError?: string; errors?: Record<string, string>; email?: string };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const admins = await listUsers(context.db, { role: "admin" });
  return { admins: admins.map((a) => ({ id: a.id, name: a.name, email: a.email, createdAt: a.createdAt })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData().catch(() => null);
  const email = String(form?.get("email") ?? "").slice(0, 254);
  const parsed = adminCreateSchema.safeParse({
    email: form?.get("email"),
    password: form?.get("password"),
    name: form?.get("name") || undefined,
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data<ActionData>(
      { formError: `${ADMIN_CREATE_FAILED}: ${Object.values(errors)[0]}`, errors, email },
      { status: 400 },
    );
  }
  try {
    await createUser(context.db, {
      name: parsed.data.name || "Admin",
      email: parsed.data.email,
      password: parsed.data.password,
      role: "admin",
    });
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return data<ActionData>(
        { formError: `${ADMIN_CREATE_FAILED}: ${error.message}`, errors: { email: error.message }, email },
        { status: 409 },
      );
    }
    throw error;
  }
  return redirectWithToast("/admin/admins", { type: "success", message: ADMIN_CREATED }, context.config);
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
          <FormError message={result?.formError} />
          <FormField
            label="Email"
            name="email"
            type="email"
            idPrefix="admin"
            defaultValue={result?.email}
            error={result?.errors?.email}
            autoComplete="off"
            maxLength={254}
          />
          <FormField
            label="Name (optional)"
            name="name"
            idPrefix="admin"
            required={false}
            maxLength={100}
            autoComplete="off"
          />
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
              <span className="font-medium">{a.name}</span> <span className="text-gray-600">{a.email}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
