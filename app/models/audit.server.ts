/**
 * The audit trail's rows (drizzle/0013: append-only, kept until `keep_until`). An entry is written as one
 * statement in the same D1 batch as the action it records, so the two happen together or not at all.
 */
import { and, desc, eq, getTableColumns, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~/db/client.server";
import { auditLog, products, users, type AuditRow } from "~/db/schema";
import { AUDIT_DETAIL_MAX, type AuditAction, type AuditFilters, type AuditRecordType } from "~/lib/audit";
import { lagosDayStart } from "~/lib/lagos-time";

const DAY_MS = 24 * 60 * 60 * 1000;

export type AuditEntry = {
  actor: { id: string; name: string; role: string };
  action: AuditAction;
  /** The record's id, or SQL that finds it in the batch (the row the statement before inserted). */
  record: { type: AuditRecordType; id: string | SQL };
  detail?: string;
  /** How long the row is kept, from when the database writes it. */
  keepForMs: number;
  /**
   * Written only when this holds, evaluated where the statement stands in its batch (put it before the
   * change, saying "the record is still as read"), so a change that matches nothing records nothing.
   */
  onlyIf?: SQL;
};

/** The INSERT … SELECT of an entry: a SELECT so that `onlyIf` can make it write nothing. */
function insertOf(db: Database, entry: AuditEntry) {
  const now = sql`now.ms`;
  const values: Record<keyof typeof auditLog.$inferSelect, SQL> = {
    id: sql`NULL`,
    createdAt: now,
    actorId: sql`${entry.actor.id}`,
    actorName: sql`${entry.actor.name}`,
    actorRole: sql`${entry.actor.role}`,
    action: sql`${entry.action}`,
    recordType: sql`${entry.record.type}`,
    recordId: sql`${entry.record.id}`,
    detail: sql`${(entry.detail ?? "").slice(0, AUDIT_DETAIL_MAX)}`,
    keepUntil: sql`${now} + ${Math.round(entry.keepForMs)}`,
  };
  // In the table's column order, which is the order Drizzle lists the columns to insert in.
  const selected = sql.join(
    Object.keys(getTableColumns(auditLog)).map((key) => values[key as keyof typeof values]),
    sql`, `,
  );
  return db
    .insert(auditLog)
    .select(
      sql`SELECT ${selected} FROM (SELECT unixepoch('subsec') * 1000 AS ms) AS now ${entry.onlyIf ? sql`WHERE ${entry.onlyIf}` : sql``}`,
    );
}

/** The entry as a statement of a Drizzle batch (`db.batch([change, auditStatement(db, …)])`). */
export function auditStatement(db: Database, entry: AuditEntry): BatchItem<"sqlite"> {
  return insertOf(db, entry);
}

/** The same entry as a plain D1 statement, for batches made with `d1.batch([...])`. */
export function auditD1Statement(db: Database, entry: AuditEntry): D1PreparedStatement {
  const query = insertOf(db, entry).toSQL();
  return db.$client.prepare(query.sql).bind(...query.params);
}

/** An entry on its own (an action that writes nothing else, such as a download). */
export async function writeAudit(db: Database, entry: AuditEntry): Promise<void> {
  await insertOf(db, entry);
}

export const AUDIT_PAGE_SIZE = 50;

function filterWhere(filters: AuditFilters): SQL | undefined {
  return and(
    filters.actor ? eq(auditLog.actorId, filters.actor) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.recordType ? eq(auditLog.recordType, filters.recordType) : undefined,
    filters.recordId ? eq(auditLog.recordId, filters.recordId) : undefined,
    filters.from ? gte(auditLog.createdAt, lagosDayStart(filters.from)) : undefined,
    filters.to ? lt(auditLog.createdAt, lagosDayStart(filters.to) + DAY_MS) : undefined,
  );
}

/**
 * Entries matching `filters`, newest first, `limit` of them from `offset`. Each filter has an index that
 * starts with it and ends with (created_at, id), so a page reads only its own rows and those it skips.
 * `recordName`: what an account or product record is called now (null once it is gone).
 */
export function auditQuery(
  db: Database,
  filters: AuditFilters,
  { limit, offset = 0 }: { limit: number; offset?: number },
) {
  return db
    .select({
      ...getTableColumns(auditLog),
      recordName: sql<
        string | null
      >`coalesce(${users.name} || ' (' || ${users.email} || ')', ${products.name})`,
    })
    .from(auditLog)
    .leftJoin(users, and(eq(auditLog.recordType, "account"), eq(users.id, auditLog.recordId)))
    .leftJoin(
      products,
      and(eq(auditLog.recordType, "product"), sql`${products.id} = CAST(${auditLog.recordId} AS INTEGER)`),
    )
    .where(filterWhere(filters))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export async function searchAudit(
  db: Database,
  filters: AuditFilters,
  window: { limit: number; offset?: number },
): Promise<(AuditRow & { recordName: string | null })[]> {
  return auditQuery(db, filters, window);
}

/**
 * Deletes entries whose keep_until has passed by `now` and by the database's own clock (its trigger
 * refuses anything younger, so a Worker clock ahead of the database's must not make the sweep fail).
 */
export async function deleteExpiredAudit(db: Database, now: number): Promise<number> {
  const rows = await db
    .delete(auditLog)
    .where(and(lte(auditLog.keepUntil, now), sql`${auditLog.keepUntil} <= unixepoch('subsec') * 1000`))
    .returning({ id: auditLog.id });
  return rows.length;
}
