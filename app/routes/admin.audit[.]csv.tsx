/** GET /admin/audit.csv?…filters: the filtered audit trail as a spreadsheet (the superintendent's alone). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { auditCsv } from "~/features/audit/audit.server";
import { can, NOT_ALLOWED } from "~/lib/admin-roles";
import { parseAuditFilters } from "~/lib/audit";
import { requireBackOfficeUser } from "~/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const superintendent = await requireBackOfficeUser(request, context);
  // A file, not a page: a refusal is said in plain text.
  if (!can(superintendent.adminRole, "viewAudit"))
    return new Response(NOT_ALLOWED.viewAudit, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  // Two trips: the role the session lookup shows decides before the download is recorded with its rows.
  const csv = await auditCsv(context, superintendent, parseAuditFilters(new URL(request.url).searchParams));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="medistore-audit-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
