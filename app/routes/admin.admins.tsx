/**
 * Admin › Admins: create another admin (e-mail, name, password, and a PCN registration number for a
 * pharmacist) and see who has admin access in which role. The superintendent pharmacist also gives and
 * removes PCN numbers and removes admins here; the server checks every one of these against the role
 * (app/lib/admin-roles.ts), whatever the page offered.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldError, FormError, FormField, INPUT_CLASS } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";
import createFields from "virtual:form-constraints/admin-create";
import grantFields from "virtual:form-constraints/grant-pcn";
import {
  adminsWithRoles,
  createAdmin,
  grantPcnNumber,
  removeAdmin,
  removePcnNumber,
} from "~/features/accounts/admins.server";
import { ADMIN_CREATE_FAILED, ADMIN_CREATED } from "~/features/accounts/messages";
import { ADMIN_ROLE_LABELS, can, type AdminRole } from "~/lib/admin-roles";
import { formValues, handleIntents } from "~/services/http.server";
import type { FormFailure } from "~/lib/app-error";
import { requireBackOfficeUser, withReads } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

/** The page's forms; a post without an intent is the create form's (as the spec's Admins tab sends it). */
const INTENT = {
  create: "create",
  grantPcn: "grant-pcn",
  removePcn: "remove-pcn",
  removeAdmin: "remove-admin",
} as const;

/** A refusal: its form's values carry the intent and, for an admin's controls, which admin. */
type ActionData = FormFailure;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's reads travel to D1 with the session lookup, in one trip.
  const [me, admins] = await withReads(request, context, requireBackOfficeUser, () =>
    adminsWithRoles(context),
  );
  return {
    me: { id: me.id, role: me.adminRole },
    superintendentName: context.config.pharmacy.superintendentName,
    admins,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const me = await requireBackOfficeUser(request, context);
  const done = (message: string) =>
    redirectWithToast("/admin/admins", { type: "success", message }, context.config);
  const adminId = (form: FormData) => String(form.get("adminId") ?? "").slice(0, 64);
  // A refusal of an admin's controls shows beside the admin it was about (values.adminId).
  const row = ["adminId"] as const;
  return handleIntents(
    await request.formData().catch(() => null),
    {
      [INTENT.create]: {
        form: "admin-create",
        run: async (form) => {
          await createAdmin(context, me, {
            ...formValues(form, ["email", "name", "pcnNumber"], 254),
            password: form.get("password"),
          });
          return done(ADMIN_CREATED);
        },
      },
      [INTENT.grantPcn]: {
        form: "grant-pcn",
        keep: row,
        run: async (form) => {
          const pcn = await grantPcnNumber(context, me, adminId(form), form.get("pcnNumber"));
          return done(`PCN number ${pcn} saved: that admin is a pharmacist.`);
        },
      },
      [INTENT.removePcn]: {
        keep: row,
        run: async (form) => {
          await removePcnNumber(context, me, adminId(form));
          return done("PCN number removed: that admin is staff now.");
        },
      },
      [INTENT.removeAdmin]: {
        keep: row,
        run: async (form) => {
          await removeAdmin(context, me, adminId(form));
          return done("Admin access removed: the account is a customer's now, signed out everywhere.");
        },
      },
    },
    // The spec's Admins tab posts its create form without an intent.
    { fallback: INTENT.create },
  );
}

const ROLE_BADGE: Record<AdminRole, string> = {
  superintendent: "bg-brand-700 text-white",
  pharmacist: "bg-green-100 text-green-900",
  staff: "bg-gray-100 text-gray-800",
};

const SMALL_BUTTON =
  "rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50 disabled:opacity-60";

type AdminRow = ReturnType<typeof useLoaderData<typeof loader>>["admins"][number];

/** The superintendent's controls for one other admin: give or change, or remove, the PCN number; remove. */
function RoleControls({ admin, result, busy }: { admin: AdminRow; result?: ActionData; busy: boolean }) {
  const mine = result?.values?.adminId === admin.id ? result : undefined;
  const granting = mine?.values?.intent === INTENT.grantPcn;
  const pcnError = mine?.errors?.pcnNumber ?? (granting ? mine?.formError : undefined);
  const otherError = mine && !granting ? mine.formError : undefined;
  const inputId = `pcn-${admin.id}`;
  return (
    <div className="mt-2 flex flex-col gap-2">
      <FormError message={otherError} />
      <Form method="post" data-form="grant-pcn" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value={INTENT.grantPcn} />
        <input type="hidden" name="adminId" value={admin.id} />
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="block text-xs font-medium text-gray-700">
            PCN number of {admin.name}
          </label>
          <input
            id={inputId}
            name="pcnNumber"
            {...grantFields.pcnNumber}
            autoComplete="off"
            placeholder="e.g. PS-021784"
            defaultValue={mine?.values?.pcnNumber ?? admin.pcnNumber ?? ""}
            aria-invalid={pcnError ? true : undefined}
            aria-describedby={pcnError ? `${inputId}-error` : undefined}
            className={`${INPUT_CLASS} py-1.5 text-sm`}
          />
        </div>
        <button type="submit" disabled={busy} className={SMALL_BUTTON}>
          {admin.pcnNumber ? "Change PCN number" : "Make pharmacist"}
        </button>
      </Form>
      <FieldError id={`${inputId}-error`} message={pcnError} />
      <div className="flex flex-wrap items-start gap-2">
        {admin.pcnNumber ? (
          <Form method="post">
            <input type="hidden" name="intent" value={INTENT.removePcn} />
            <input type="hidden" name="adminId" value={admin.id} />
            <button type="submit" disabled={busy} className={SMALL_BUTTON}>
              {/* The visible words start the name, so a voice command saying them reaches it. */}
              Remove PCN number<span className="sr-only"> of {admin.name}</span>
            </button>
          </Form>
        ) : null}
        {/* A second step before access goes, without JavaScript too. */}
        <details className="text-sm">
          <summary className="cursor-pointer rounded-lg border border-red-300 px-3 py-1.5 font-medium text-red-700">
            Remove admin…
          </summary>
          <Form method="post" className="mt-2 flex flex-col gap-2 rounded-lg bg-red-50 p-3">
            <input type="hidden" name="intent" value={INTENT.removeAdmin} />
            <input type="hidden" name="adminId" value={admin.id} />
            <p className="text-red-900">
              {admin.name} loses admin access at once and is signed out everywhere; the account stays as a
              customer&apos;s.
            </p>
            <button
              type="submit"
              disabled={busy}
              className="self-start rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white disabled:opacity-60"
            >
              Remove admin access
            </button>
          </Form>
        </details>
      </div>
    </div>
  );
}

export default function AdminAdmins() {
  const { admins, me, superintendentName } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const createResult = result?.values?.intent === INTENT.create ? result : undefined;
  const managesRoles = can(me.role, "setPcnNumber");
  // A refusal about an admin whose controls are not on the page (or about no admin) shows above the list.
  const shownBeside = (id?: string) => managesRoles && admins.some((a) => a.id === id && a.id !== me.id);
  const listError =
    result?.values?.intent !== INTENT.create && !shownBeside(result?.values?.adminId)
      ? result?.formError
      : undefined;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="new-admin" className="rounded-xl border border-gray-200 bg-white p-4">
        <h2 id="new-admin" className="text-lg font-semibold">
          Create an admin
        </h2>
        <Form method="post" data-form="admin-create" className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="intent" value={INTENT.create} />
          <FormError
            message={createResult?.formError && `${ADMIN_CREATE_FAILED}: ${createResult.formError}`}
          />
          <FormField
            label="Email"
            name="email"
            idPrefix="admin"
            defaultValue={createResult?.values?.email}
            error={createResult?.errors?.email}
            autoComplete="off"
            constraint={createFields.email}
          />
          <FormField
            label="Name"
            name="name"
            idPrefix="admin"
            constraint={createFields.name}
            autoComplete="off"
            placeholder="e.g. Pharm. Amaka Obi"
            defaultValue={createResult?.values?.name}
            error={createResult?.errors?.name}
          />
          <FormField
            label="PCN registration number (pharmacists only)"
            name="pcnNumber"
            idPrefix="admin"
            constraint={createFields.pcnNumber}
            autoComplete="off"
            placeholder="e.g. PS-021784"
            defaultValue={createResult?.values?.pcnNumber}
            error={createResult?.errors?.pcnNumber}
          />
          <p className="-mt-2 text-xs text-gray-600">
            {managesRoles
              ? "Admins with a PCN number are pharmacists: only they review prescription orders. Leave it empty for a staff admin."
              : `Only the superintendent pharmacist (${superintendentName}) can give a PCN number: leave it empty to add a staff admin.`}
          </p>
          <PasswordInput
            id="admin-password"
            autoComplete="new-password"
            error={createResult?.errors?.password}
            constraint={createFields.password}
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
        <p className="mt-1 text-xs text-gray-600">
          {managesRoles
            ? "As superintendent pharmacist you give and remove PCN numbers and remove admins."
            : `Only the superintendent pharmacist (${superintendentName}) gives or removes PCN numbers and removes admins.`}
        </p>
        <div className="mt-2">
          <FormError message={listError} />
        </div>
        <ul className="mt-3 divide-y divide-gray-100 text-sm">
          {admins.map((a) => (
            <li key={a.id} className="py-3">
              <span className="font-medium">{a.name}</span>{" "}
              <span className="break-all text-gray-600">{a.email}</span>
              {a.id === me.id ? <span className="text-gray-600"> (you)</span> : null}
              <span className="mt-1 block text-xs">
                <span className={`rounded-full px-2 py-0.5 font-semibold ${ROLE_BADGE[a.role]}`}>
                  {ADMIN_ROLE_LABELS[a.role]}
                </span>
                {a.pcnNumber ? (
                  <span className="whitespace-nowrap text-green-800"> PCN {a.pcnNumber}</span>
                ) : null}
              </span>
              {managesRoles && a.id !== me.id ? <RoleControls admin={a} result={result} busy={busy} /> : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
