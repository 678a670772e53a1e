/**
 * Queries behind the data-protection rights and housekeeping: consents, who viewed a prescription, the
 * contact messages an account sent, account deletion with its orders anonymised, and the retention sweep.
 */
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notInArray,
  sql,
  type SQL,
} from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~/db/client.server";
import { inPieces } from "~/db/in-pieces";
import { DELIVERY_STATUS } from "~/lib/vocabularies";
import {
  authThrottle,
  consents,
  contactMessageAccounts,
  contactMessages,
  orders,
  prescriptionAccessLog,
  prescriptions,
  sessions,
  users,
  type ConsentKind,
} from "~/db/schema";

/** What an anonymised order says instead of who placed it (the columns are NOT NULL). */
export const DELETED_CUSTOMER = "Deleted customer";

// Consents

export async function activeConsent(db: Database, userId: string, kind: ConsentKind) {
  return db
    .select()
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, kind), isNull(consents.withdrawnAt)))
    .orderBy(desc(consents.givenAt))
    .get();
}

/** Whether the latest consent of this kind was withdrawn (never given is not withdrawn). */
export async function latestConsent(db: Database, userId: string | SQL, kind: ConsentKind) {
  return db
    .select()
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, kind)))
    .orderBy(desc(consents.givenAt), desc(consents.id))
    .get();
}

export async function listConsents(db: Database, userId: string | SQL) {
  return db
    .select()
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(asc(consents.givenAt), asc(consents.id));
}

/**
 * Gives a consent under `noticeVersion` unless an active one under it already stands; an active one under
 * an older notice is withdrawn and replaced. Conditional statements, with no read first: they travel in
 * one batch, the caller's other writes beside them.
 */
export function giveConsentStatements(
  db: Database,
  {
    userId,
    kind,
    noticeVersion,
    now,
  }: { userId: string; kind: ConsentKind; noticeVersion: string; now: number },
) {
  const active = and(eq(consents.userId, userId), eq(consents.kind, kind), isNull(consents.withdrawnAt));
  return [
    db
      .update(consents)
      .set({ withdrawnAt: now })
      .where(and(active, ne(consents.noticeVersion, noticeVersion))),
    db.insert(consents).select(
      sql`SELECT NULL, ${userId}, ${kind}, ${noticeVersion}, ${now}, NULL WHERE NOT EXISTS (
        SELECT 1 FROM ${consents} WHERE ${and(active, eq(consents.noticeVersion, noticeVersion))})`,
    ),
  ] as const;
}

export async function withdrawConsents(db: Database, userId: string, kind: ConsentKind, at: number) {
  const rows = await db
    .update(consents)
    .set({ withdrawnAt: at })
    .where(and(eq(consents.userId, userId), eq(consents.kind, kind), isNull(consents.withdrawnAt)))
    .returning({ id: consents.id });
  return rows.length;
}

// Prescriptions: views and what can go

/** Records an admin's view; `also` (its audit entry) is written in the same batch. */
export async function logPrescriptionView(
  db: Database,
  row: { prescriptionId: string; adminId: string; adminName: string; viewedAt: number },
  also: BatchItem<"sqlite">[] = [],
) {
  await db.batch([db.insert(prescriptionAccessLog).values(row), ...also]);
}

/** Who viewed these prescriptions, and when: oldest first. */
export async function accessLogFor(db: Database, prescriptionIds: string[]) {
  const views = await inPieces(prescriptionIds, (piece) =>
    db.select().from(prescriptionAccessLog).where(inArray(prescriptionAccessLog.prescriptionId, piece)),
  );
  return views.sort((a, b) => a.viewedAt - b.viewedAt || a.id - b.id);
}

/**
 * Every view of the account's prescriptions, oldest first: picked by the account (which may be SQL that
 * selects it, the session's user), so it travels to D1 beside the prescriptions, not after them.
 */
export async function accessLogOfUser(db: Database, userId: string | SQL) {
  return db
    .select()
    .from(prescriptionAccessLog)
    .where(
      inArray(
        prescriptionAccessLog.prescriptionId,
        db.select({ id: prescriptions.id }).from(prescriptions).where(eq(prescriptions.userId, userId)),
      ),
    )
    .orderBy(asc(prescriptionAccessLog.viewedAt), asc(prescriptionAccessLog.id));
}

/** The ids of prescriptions an order still being handled (an open status: not Delivered or Cancelled) points at. */
function heldByOpenOrder() {
  const open = DELIVERY_STATUS.entries.filter((status) => status.open).map((status) => status.value);
  return sql`(SELECT ${orders.prescriptionId} FROM ${orders} WHERE ${orders.prescriptionId} IS NOT NULL AND ${inArray(orders.deliveryStatus, open)})`;
}

/** A customer's prescriptions that no open order needs (withdrawn consent deletes these). */
export async function releasablePrescriptionsOf(db: Database, userId: string) {
  return db
    .select({ id: prescriptions.id, imageKey: prescriptions.imageKey })
    .from(prescriptions)
    .where(and(eq(prescriptions.userId, userId), notInArray(prescriptions.id, heldByOpenOrder())));
}

/** Prescriptions uploaded before `cutoff` that no open order needs (the retention job deletes these). */
export async function expiredPrescriptions(db: Database, cutoff: number, limit: number) {
  return db
    .select({ id: prescriptions.id, imageKey: prescriptions.imageKey })
    .from(prescriptions)
    .where(and(lt(prescriptions.createdAt, cutoff), notInArray(prescriptions.id, heldByOpenOrder())))
    .limit(limit);
}

export async function deletePrescriptionRows(db: Database, ids: string[]) {
  const deleted = await inPieces(ids, (piece) =>
    db.delete(prescriptions).where(inArray(prescriptions.id, piece)).returning({ id: prescriptions.id }),
  );
  return deleted.length;
}

export async function prescriptionsOf(db: Database, userId: string | SQL) {
  return db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.userId, userId))
    .orderBy(asc(prescriptions.createdAt));
}

// Contact messages sent while signed in

export async function contactMessagesOf(db: Database, userId: string | SQL) {
  return db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessageAccounts)
    .innerJoin(contactMessages, eq(contactMessages.id, contactMessageAccounts.messageId))
    .where(eq(contactMessageAccounts.userId, userId))
    .orderBy(asc(contactMessages.createdAt));
}

// Accounts

export async function countAdmins(db: Database): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(eq(users.role, "admin"))
    .get();
  return row?.n ?? 0;
}

/**
 * The statements that delete the account, for one all-or-nothing batch of the caller's: the contact
 * messages it sent, its orders stripped of who placed them (items, totals, dates and status stay), then the
 * account itself, whose removal cascades to its sessions, prescriptions, consents and links. Every statement
 * carries the same guard (a customer, or an admin who is not the last one), so if the last admin is asked to
 * go, nothing changes at all. `deleted` reads the batch's answers to them: false in that case.
 */
export function deleteAccountStatements(db: Database, userId: string) {
  const deletable = sql`((SELECT ${users.role} FROM ${users} WHERE ${users.id} = ${userId}) = 'user' OR (SELECT count(*) FROM ${users} WHERE ${users.role} = 'admin') > 1)`;
  const statements = [
    db
      .delete(contactMessages)
      .where(
        and(
          inArray(
            contactMessages.id,
            db
              .select({ id: contactMessageAccounts.messageId })
              .from(contactMessageAccounts)
              .where(eq(contactMessageAccounts.userId, userId)),
          ),
          deletable,
        ),
      ),
    db
      .update(orders)
      .set(anonymised)
      .where(and(eq(orders.userId, userId), deletable)),
    db
      .delete(users)
      .where(and(eq(users.id, userId), deletable))
      .returning({ id: users.id }),
  ] as const;
  const deleted = (answers: unknown[]) => (answers[2] as unknown[] | undefined)?.length === 1;
  return { statements, deleted };
}

/** What stays of who placed an order once it is anonymised (its receipt's object is deleted by the caller). */
const anonymised = {
  // An account's key names the account (features/checkout/idempotency.server.ts): it goes with the rest.
  idempotencyKey: sql`'anonymised:' || ${orders.id}`,
  receiptKey: null,
  receiptUploadedAt: null,
  userId: null,
  name: DELETED_CUSTOMER,
  email: "",
  phone: "",
  deliveryAddress: "",
};

// Retention

export async function deleteContactMessagesBefore(db: Database, cutoff: number) {
  const rows = await db
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, cutoff))
    .returning({ id: contactMessages.id });
  return rows.length;
}

export async function deleteExpiredSessions(db: Database, now: number) {
  const rows = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.idHash });
  return rows.length;
}

export async function deleteIdleThrottleRows(db: Database, cutoff: number) {
  const rows = await db
    .delete(authThrottle)
    .where(lt(authThrottle.windowStartedAt, cutoff))
    .returning({ key: authThrottle.key });
  return rows.length;
}

/** Transfer receipts of orders placed before `cutoff` (they go before the order is anonymised). */
export async function receiptsOfOrdersBefore(db: Database, cutoff: number, limit: number) {
  return db
    .select({ id: orders.id, receiptKey: orders.receiptKey })
    .from(orders)
    .where(and(lt(orders.createdAt, cutoff), isNotNull(orders.receiptKey)))
    .limit(limit);
}

/** The receipts of an account's orders (deleted with the account). */
export async function receiptKeysOf(db: Database, userId: string) {
  const rows = await db
    .select({ receiptKey: orders.receiptKey })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.receiptKey)));
  return rows.flatMap((r) => (r.receiptKey ? [r.receiptKey] : []));
}

/**
 * Orders stop pointing at these receipts (by key: each is unique, so an order whose receipt was replaced
 * meanwhile keeps the new one). Answers how many did.
 */
export async function forgetReceipts(db: Database, keys: string[]) {
  const forgotten = await inPieces(keys, (piece) =>
    db
      .update(orders)
      .set({ receiptKey: null, receiptUploadedAt: null })
      .where(inArray(orders.receiptKey, piece))
      .returning({ id: orders.id }),
  );
  return forgotten.length;
}

/**
 * Of these R2 keys, the ones a prescription or an order's transfer receipt still points at (each column has
 * its index, drizzle/0012).
 */
export async function referencedImageKeys(db: Database, keys: string[]): Promise<Set<string>> {
  const found = await inPieces(keys, async (piece) => {
    const [byPrescriptions, byOrders] = await db.batch([
      db
        .select({ key: prescriptions.imageKey })
        .from(prescriptions)
        .where(inArray(prescriptions.imageKey, piece)),
      db.select({ key: orders.receiptKey }).from(orders).where(inArray(orders.receiptKey, piece)),
    ]);
    return [...byPrescriptions, ...byOrders];
  });
  return new Set(found.flatMap(({ key }) => (key ? [key] : [])));
}

/** Orders placed before `cutoff` that still say who placed them lose it. */
export async function anonymiseOrdersBefore(db: Database, cutoff: number) {
  const rows = await db
    .update(orders)
    .set(anonymised)
    .where(and(lt(orders.createdAt, cutoff), sql`${orders.name} != ${DELETED_CUSTOMER}`))
    .returning({ id: orders.id });
  return rows.length;
}

/** Every session, everywhere (the breach runbook's first step). */
export async function deleteAllSessions(db: Database) {
  const rows = await db.delete(sessions).returning({ id: sessions.idHash });
  return rows.length;
}
