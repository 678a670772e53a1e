/**
 * Admin › Audit: the trail of back-office actions (features/audit), newest first, filtered by admin,
 * action, record and Lagos dates, 50 a page, and the same entries as a CSV. The superintendent pharmacist's
 * alone: any other admin gets a 403 page.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { LocalTime } from "~/components/local-time";
import { auditTrail } from "~/features/audit/audit.server";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_RECORD_LABELS,
  AUDIT_RECORD_TYPES,
  auditFilterQuery,
  parseAuditFilters,
  type AuditFilters,
} from "~/lib/audit";
import { parsePage } from "~/lib/pagination";
import { requirePermission, withReads } from "~/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const filters = parseAuditFilters(params);
  const page = parsePage(params.get("page"));
  // The page's reads travel to D1 with the session lookup, in one trip.
  const [, trail] = await withReads(
    request,
    context,
    (r, c) => requirePermission(r, c, "viewAudit"),
    () => auditTrail(context, filters, page),
  );
  return { filters, page, ...trail };
}

const FIELD = "mt-1 w-full rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm";
const LABEL = "text-sm font-medium text-gray-800";

function Filters({
  filters,
  actors,
}: {
  filters: AuditFilters;
  actors: { id: string; name: string; email: string }[];
}) {
  const filtered = Object.values(filters).some(Boolean);
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter the audit trail"
      className="grid grid-cols-2 gap-2 rounded-xl border border-gray-200 bg-white p-3 md:grid-cols-6"
    >
      <label className={`col-span-2 ${LABEL}`}>
        Admin
        <select name="actor" defaultValue={filters.actor ?? ""} className={FIELD}>
          <option value="">Anyone</option>
          {actors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.email})
            </option>
          ))}
          {filters.actor && !actors.some((a) => a.id === filters.actor) ? (
            <option value={filters.actor}>A former admin</option>
          ) : null}
        </select>
      </label>
      <label className={`col-span-2 ${LABEL}`}>
        Action
        <select name="action" defaultValue={filters.action ?? ""} className={FIELD}>
          <option value="">Any</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </select>
      </label>
      <label className={LABEL}>
        Record
        <select name="recordType" defaultValue={filters.recordType ?? ""} className={FIELD}>
          <option value="">Any</option>
          {AUDIT_RECORD_TYPES.map((type) => (
            <option key={type} value={type}>
              {AUDIT_RECORD_LABELS[type]}
            </option>
          ))}
        </select>
      </label>
      <label className={LABEL}>
        Record id
        <input
          name="recordId"
          defaultValue={filters.recordId ?? ""}
          maxLength={64}
          autoComplete="off"
          className={FIELD}
        />
      </label>
      <label className={LABEL}>
        From
        <input name="from" type="date" defaultValue={filters.from ?? ""} className={FIELD} />
      </label>
      <label className={LABEL}>
        To
        <input name="to" type="date" defaultValue={filters.to ?? ""} className={FIELD} />
      </label>
      <div className="col-span-2 flex flex-wrap items-center gap-3 md:col-span-4">
        <button
          type="submit"
          className="rounded-lg bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white"
        >
          Filter
        </button>
        {filtered ? (
          <Link to="/admin/audit" className="text-sm text-brand-700 underline">
            Clear
          </Link>
        ) : null}
        <a
          href={`/admin/audit.csv${auditFilterQuery(filters)}`}
          download
          className="ml-auto text-sm font-medium text-brand-700 underline"
        >
          Download these entries (CSV)
        </a>
      </div>
    </Form>
  );
}

export default function AdminAudit() {
  const { lines, filters, page, hasMore, actors } = useLoaderData<typeof loader>();
  const link = (extra: Partial<AuditFilters>, pageNo?: number) =>
    `/admin/audit${auditFilterQuery({ ...filters, ...extra }, pageNo && pageNo > 1 ? { page: String(pageNo) } : {})}`;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">
        Who did what in the back office, and when. Entries cannot be changed or deleted; each is kept as long
        as the order records.
      </p>
      <Filters filters={filters} actors={actors} />
      {lines.length === 0 ? (
        <p className="text-sm text-gray-600">No entries match.</p>
      ) : (
        <ol
          aria-label="Audit entries"
          className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white"
        >
          {lines.map((l) => (
            <li key={l.id} className="grid gap-1 p-3 text-sm md:grid-cols-[10rem_1fr_1fr] md:gap-3">
              <LocalTime ms={l.at} className="text-gray-600" />
              <p className="min-w-0">
                <span className="font-semibold">{l.action}</span>{" "}
                <Link
                  to={link({ recordType: null, recordId: l.recordId })}
                  className="break-all text-brand-700 underline"
                >
                  {l.recordType} {l.recordName ?? l.recordId}
                  <span className="sr-only">: every entry about it</span>
                </Link>
                {l.detail ? <span className="block break-words text-gray-700">{l.detail}</span> : null}
              </p>
              <p className="min-w-0 text-gray-700">
                by{" "}
                <Link to={link({ actor: l.actorId })} className="font-medium text-brand-700 underline">
                  {l.actorName}
                </Link>{" "}
                <span className="text-xs text-gray-600">({l.actorRole})</span>
              </p>
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="Pages" className="flex justify-between text-sm font-medium text-brand-700">
        {page > 1 ? <Link to={link({}, page - 1)}>← Newer</Link> : <span />}
        {hasMore ? <Link to={link({}, page + 1)}>Older →</Link> : null}
      </nav>
    </div>
  );
}
