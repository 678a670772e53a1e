/**
 * The back office's audit trail: who did what, when, on which record. Every recorded action adds its entry
 * to the D1 batch that makes the change (`audit(context, admin, {...})` is one more statement of that
 * batch), so there is no change without its entry and no entry without its change. The superintendent
 * pharmacist reads it at /admin/audit and downloads it as CSV; it is kept for the order-record period.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQL } from "drizzle-orm";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_RECORD_LABELS,
  auditFilterQuery,
  isAuditAction,
  isAuditRecordType,
  type AuditAction,
  type AuditFilters,
  type AuditRecordType,
} from "~/lib/audit";
import { ADMIN_ROLE_LABELS, type AdminRole } from "~/lib/admin-roles";
import { toCsv } from "~/lib/csv";
import { lagosDateTime } from "~/lib/lagos-time";
import {
  AUDIT_PAGE_SIZE,
  auditD1Statement,
  auditQuery,
  auditStatement,
  searchAudit,
  writeAudit,
  type AuditEntry,
} from "~/models/audit.server";
import { listUsers } from "~/models/user.server";
import { orderRecordMs } from "../privacy/retention.server";

/** Who acted: an admin and the role they held when they did. */
export type AuditActor = { id: string; name: string; adminRole: AdminRole };

/** What was done, to which record; `onlyIf` makes the entry as conditional as the change it records. */
export type AuditFact = {
  action: AuditAction;
  record: { type: AuditRecordType; id: string | SQL };
  detail?: string;
  onlyIf?: SQL;
};

type Context = Pick<AppLoadContext, "db" | "config">;

function entry(context: Context, actor: AuditActor, fact: AuditFact): AuditEntry {
  return {
    ...fact,
    actor: { id: actor.id, name: actor.name, role: actor.adminRole },
    keepForMs: orderRecordMs(context.config.retention.orderRecordYears),
  };
}

/** The entry as one more statement of the change's Drizzle batch. */
export function audit(context: Context, actor: AuditActor, fact: AuditFact): BatchItem<"sqlite"> {
  return auditStatement(context.db, entry(context, actor, fact));
}

/** The entry as one more statement of a plain D1 batch (`d1.batch([...])`). */
export function auditD1(context: Context, actor: AuditActor, fact: AuditFact): D1PreparedStatement {
  return auditD1Statement(context.db, entry(context, actor, fact));
}

/** An entry for an action that changes nothing else (a download). */
export async function recordAudit(context: Context, actor: AuditActor, fact: AuditFact): Promise<void> {
  await writeAudit(context.db, entry(context, actor, fact));
}

/** One line of the trail as the page and the CSV show it. */
export type AuditLine = {
  id: number;
  at: number;
  actorId: string;
  actorName: string;
  actorRole: string;
  action: string;
  recordType: string;
  recordId: string;
  /** What the account or product is called now; null for other records and ones since deleted. */
  recordName: string | null;
  detail: string;
};

function line(row: Awaited<ReturnType<typeof searchAudit>>[number]): AuditLine {
  return {
    id: row.id,
    at: row.createdAt,
    actorId: row.actorId,
    actorName: row.actorName,
    actorRole: ADMIN_ROLE_LABELS[row.actorRole as AdminRole] ?? row.actorRole,
    action: isAuditAction(row.action) ? AUDIT_ACTION_LABELS[row.action] : row.action,
    recordType: isAuditRecordType(row.recordType) ? AUDIT_RECORD_LABELS[row.recordType] : row.recordType,
    recordId: row.recordId,
    recordName: row.recordName,
    detail: row.detail,
  };
}

/** A page of the trail, newest first, and the admins the actor filter offers. */
export async function auditTrail(context: Context, filters: AuditFilters, page: number) {
  const [rows, admins] = await Promise.all([
    searchAudit(context.db, filters, {
      limit: AUDIT_PAGE_SIZE + 1,
      offset: (page - 1) * AUDIT_PAGE_SIZE,
    }),
    listUsers(context.db, { role: "admin" }),
  ]);
  return {
    lines: rows.slice(0, AUDIT_PAGE_SIZE).map(line),
    hasMore: rows.length > AUDIT_PAGE_SIZE,
    actors: admins.map((a) => ({ id: a.id, name: a.name, email: a.email })),
  };
}

/** An export is for a report: a cap keeps one request within a Worker's limits. */
export const AUDIT_CSV_LIMIT = 10_000;

/**
 * The filtered trail as CSV. The download is itself recorded, before the file is made: an export nobody
 * can see in the trail is not served. The record and the rows go in one batch, the record first (so the
 * file lists its own download when the filters take it in): one trip to D1.
 */
export async function auditCsv(context: Context, actor: AuditActor, filters: AuditFilters) {
  const [, rows] = await context.db.batch([
    audit(context, actor, {
      action: "export_downloaded",
      record: { type: "export", id: "audit.csv" },
      detail: auditFilterQuery(filters).slice(1),
    }),
    auditQuery(context.db, filters, { limit: AUDIT_CSV_LIMIT }),
  ]);
  return toCsv([
    ["When (Lagos)", "Admin", "Admin id", "Role", "Action", "Record", "Record id", "Detail", "Record now"],
    ...rows
      .map(line)
      .map((l) => [
        lagosDateTime(l.at),
        l.actorName,
        l.actorId,
        l.actorRole,
        l.action,
        l.recordType,
        l.recordId,
        l.detail,
        l.recordName,
      ]),
  ]);
}
