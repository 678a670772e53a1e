/**
 * Admin › Users: accounts searched by name or e-mail on the server, a page at a time (never password data),
 * and one-time password reset links for customers who asked over WhatsApp (for admins' accounts, by the
 * superintendent pharmacist only: app/lib/admin-roles.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, INPUT_CLASS } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { accountToReset, issueResetLink } from "~/features/accounts/credentials.server";
import type { FormFailure } from "~/lib/app-error";
import { RESET_LINK_TTL_MINUTES } from "~/lib/limits";
import { parsePage } from "~/lib/pagination";
import { whatsAppLink } from "~/lib/whatsapp-link";
import { searchUsers } from "~/models/user.server";
import { normalizeSearch } from "~/models/product.server";
import { handleForm } from "~/services/http.server";
import { can } from "~/lib/admin-roles";
import { requireBackOfficeUser, withReads } from "~/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const search = normalizeSearch(url.searchParams.get("q"));
  const page = parsePage(url.searchParams.get("page"));
  // The page's reads travel to D1 with the session lookup, in one trip.
  const [me, found] = await withReads(request, context, requireBackOfficeUser, () =>
    searchUsers(context.db, { search, page }),
  );
  return { search, page, resetsAdmins: can(me.adminRole, "resetAdminLink"), ...found };
}

type ResetIssued = { reset: { url: string; email: string; expiresAt: number; whatsapp: string | null } };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  // The account is read beside the session lookup, and used only once the guard has let the admin in.
  // The answer is the page itself, read after the write: the link is shown once, never redirected with.
  const [admin, account] = await withReads(request, context, requireBackOfficeUser, () =>
    accountToReset(context, form?.get("userId")),
  );
  return handleForm(async () => {
    const issued = await issueResetLink(context, admin, account);
    const url = `${context.config.publicOrigin ?? new URL(request.url).origin}${issued.path}`;
    const message = `Hello from MediStore. Here is your password reset link. It works once, for ${RESET_LINK_TTL_MINUTES} minutes: ${url}`;
    return {
      reset: {
        url,
        email: issued.email,
        expiresAt: issued.expiresAt,
        // Straight to the customer's own WhatsApp when their profile has a phone number.
        whatsapp: issued.phone ? whatsAppLink(issued.phone.replace(/^\+/, ""), message) : null,
      },
    } satisfies ResetIssued;
  });
}

function pageLink(search: string, page: number) {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/users${query ? `?${query}` : ""}`;
}

export default function AdminUsers() {
  const { users, search, page, hasMore, resetsAdmins } = useLoaderData<typeof loader>();
  const result = useActionData<ResetIssued | FormFailure>();
  const navigation = useNavigation();
  const issued = result && "reset" in result ? result.reset : null;
  const failure = result && "formError" in result ? result.formError : null;

  return (
    <div className="flex flex-col gap-4">
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="users-q" className="block text-sm font-medium text-gray-800">
            Search by name or e-mail
          </label>
          <input
            id="users-q"
            name="q"
            type="search"
            defaultValue={search}
            maxLength={100}
            className={INPUT_CLASS}
          />
        </div>
        <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white">
          Search
        </button>
      </Form>

      <FormError message={failure} />
      {issued ? (
        <section
          role="status"
          aria-labelledby="reset-issued"
          className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm"
        >
          <h2 id="reset-issued" className="font-semibold text-green-900">
            Reset link for {issued.email}
          </h2>
          <p className="mt-1 text-green-900">
            Send it only to the person you confirmed on WhatsApp. It works once, until{" "}
            <LocalTime ms={issued.expiresAt} />; it is not shown again.
          </p>
          <p className="mt-2 rounded-md border border-green-200 bg-white p-2 font-mono text-xs break-all">
            {issued.url}
          </p>
          {issued.whatsapp ? (
            <a
              href={issued.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-block font-semibold text-green-800 underline"
            >
              Send it on WhatsApp to the number on their profile
            </a>
          ) : null}
        </section>
      ) : null}

      {users.length === 0 ? (
        <p className="text-sm text-gray-600">
          {search ? `No account matches “${search}”.` : "No accounts yet."}
        </p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
          {users.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {u.name}{" "}
                  <span className="text-xs font-normal text-gray-600">
                    · {u.role === "admin" ? "Admin" : "Customer"} · joined{" "}
                    <LocalTime ms={u.createdAt} withTime={false} />
                  </span>
                </p>
                <p className="text-sm break-all text-gray-700">{u.email}</p>
              </div>
              {u.role === "admin" && !resetsAdmins ? (
                <p className="text-xs text-gray-600">Reset links for admins: the superintendent</p>
              ) : (
                <Form method="post">
                  <input type="hidden" name="userId" value={u.id} />
                  <button
                    type="submit"
                    disabled={navigation.state === "submitting"}
                    className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-50"
                    aria-label={`Issue a password reset link for ${u.email}`}
                  >
                    Reset link
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}

      <nav aria-label="Pages" className="flex justify-between text-sm font-medium text-brand-700">
        {page > 1 ? <Link to={pageLink(search, page - 1)}>← Newer</Link> : <span />}
        {hasMore ? <Link to={pageLink(search, page + 1)}>Older →</Link> : null}
      </nav>
    </div>
  );
}
