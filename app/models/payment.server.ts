/** Online payment attempts and the gateway notifications processed: queries given `db` and plain values. */
import { and, desc, eq, inArray, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { inPieces } from "~/db/in-pieces";
import { orders, paymentAttempts, paymentEvents, type Order, type PaymentAttempt } from "~/db/schema";
import { PAYMENT_METHOD } from "~/lib/vocabularies";

const ONLINE_METHODS = PAYMENT_METHOD.entries.filter((method) => method.online).map((method) => method.value);

export async function insertAttempt(
  db: Database,
  attempt: Pick<PaymentAttempt, "reference" | "orderId" | "amountKobo" | "authorizationUrl">,
) {
  await db.insert(paymentAttempts).values(attempt);
}

export async function getAttempt(db: Database, reference: string): Promise<PaymentAttempt | undefined> {
  return db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference)).get();
}

/** The order's latest attempt (the one its page offers to finish), or undefined. */
export async function latestAttempt(db: Database, orderId: string): Promise<PaymentAttempt | undefined> {
  return db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(desc(paymentAttempts.createdAt))
    .limit(1)
    .get();
}

/** The pending attempts of these orders, newest first (one query for a page of orders). */
export async function pendingAttemptsOf(db: Database, orderIds: string[]): Promise<PaymentAttempt[]> {
  if (orderIds.length === 0) return [];
  const rows = await inPieces(orderIds, (piece) =>
    db
      .select()
      .from(paymentAttempts)
      .where(and(inArray(paymentAttempts.orderId, piece), eq(paymentAttempts.status, "pending"))),
  );
  return rows.sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * The pending attempts of an account's orders, newest first, picked by the account (which may be SQL that
 * selects it), so they travel to D1 beside the orders rather than after them.
 */
export async function pendingAttemptsOfAccount(
  db: Database,
  userId: string | SQL,
): Promise<PaymentAttempt[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        inArray(
          paymentAttempts.orderId,
          db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)),
        ),
        eq(paymentAttempts.status, "pending"),
      ),
    )
    .orderBy(desc(paymentAttempts.createdAt));
}

/**
 * Whether an attempt's money is owed back and not yet asked for. An order keeps one payment: the first
 * attempt the gateway confirmed (its confirmation's time is written once: attemptOutcome) of an order paid
 * online. Every other successful attempt (a shopper who paid twice, money arriving after the order was paid
 * another way or refunded) goes back, and all of them do once the order awaits its refund.
 */
const owedBack = sql`${paymentAttempts.status} = 'success' AND ${paymentAttempts.refundRequestedAt} IS NULL
  AND EXISTS (SELECT 1 FROM ${orders} o WHERE o.id = ${paymentAttempts.orderId} AND (
    o.payment_status = 'refund_pending'
    OR o.payment_method NOT IN (${sql.join(
      ONLINE_METHODS.map((method) => sql`${method}`),
      sql`, `,
    )})
    OR EXISTS (SELECT 1 FROM ${paymentAttempts} kept WHERE kept.order_id = o.id AND kept.status = 'success'
      AND (kept.checked_at, kept.reference) < (${paymentAttempts.checkedAt}, ${paymentAttempts.reference}))))`;

/** The order's attempts whose money is owed back and not yet asked for (see owedBack). */
export async function attemptsOwedBack(db: Database, orderId: string): Promise<PaymentAttempt[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), owedBack));
}

const dialect = new SQLiteAsyncDialect();

/** A Drizzle SQL fragment as a plain D1 statement (for a batch beside the order's own statements). */
function statement(db: Database, query: SQL): D1PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return db.$client.prepare(text).bind(...params);
}

/**
 * The statement that records what the gateway said of an attempt, written only if `onlyIf` holds (the
 * order's change it goes with: orderStillAsRead). A confirmed attempt stays as it was confirmed: which
 * payment an order keeps rests on when that was (owedBack).
 */
export function attemptOutcome(
  db: Database,
  reference: string,
  outcome: { status: PaymentAttempt["status"]; gatewayId: string | null; checkedAt: number },
  onlyIf: SQL = sql`1`,
) {
  return statement(
    db,
    sql`UPDATE ${paymentAttempts} SET status = ${outcome.status},
      gateway_id = coalesce(${outcome.gatewayId}, gateway_id), checked_at = ${outcome.checkedAt}
      WHERE reference = ${reference} AND status <> 'success' AND ${onlyIf}`,
  );
}

/**
 * The statement that records a processed notification, written only if `onlyIf` holds; its primary key
 * refuses a second one (the whole batch with it).
 */
export function eventRecord(
  db: Database,
  event: { id: string; event: string; reference: string | null; outcome: string },
  onlyIf: SQL = sql`1`,
) {
  return statement(
    db,
    sql`INSERT INTO ${paymentEvents} (id, event, reference, outcome)
      SELECT ${event.id}, ${event.event}, ${event.reference}, ${event.outcome} WHERE ${onlyIf}`,
  );
}

/** Writes the statements of one notification (its record first) at once; "duplicate" when already seen. */
export async function writeBatch(
  db: Database,
  statements: D1PreparedStatement[],
): Promise<"written" | "duplicate"> {
  if (statements.length === 0) return "written";
  try {
    await db.$client.batch(statements);
    return "written";
  } catch (error) {
    if (isDuplicateEvent(error)) return "duplicate";
    throw error;
  }
}

/** Whether a batch failed because its notification was processed already (its record's key clashed). */
export const isDuplicateEvent = (error: unknown) => isUniqueViolation(error, "payment_events.id");

/**
 * The payment the order keeps: the first attempt the gateway confirmed (see owedBack), or undefined. A
 * confirmed attempt is never rewritten, so which one it is does not change once known.
 */
export async function keptAttempt(db: Database, orderId: string): Promise<PaymentAttempt | undefined> {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, "success")))
    .orderBy(paymentAttempts.checkedAt, paymentAttempts.reference)
    .limit(1)
    .get();
}

/**
 * The statement that records the gateway's report that this attempt's money is back (the first report
 * stands), written only if `onlyIf` holds.
 */
export function attemptRefunded(db: Database, reference: string, at: number, onlyIf: SQL = sql`1`) {
  return statement(
    db,
    sql`UPDATE ${paymentAttempts} SET refunded_at = ${at}
      WHERE reference = ${reference} AND refunded_at IS NULL AND ${onlyIf}`,
  );
}

/**
 * Whether the gateway reported that it could not send back money of the order whose id is `orderId` (an
 * SQL expression naming it in the statement it sits in), and that money is not back yet: what lets staff
 * mark its refund done by hand (OrderState.refundFailed).
 */
export const refundStillFailed = (orderId: SQL) =>
  sql`EXISTS (SELECT 1 FROM payment_attempts failed WHERE failed.order_id = ${orderId}
    AND failed.refund_failed_at IS NOT NULL AND failed.refunded_at IS NULL)`;

/**
 * The statements that record the gateway's report that it could not send this attempt's money back: on
 * the attempt (the first report stands; none once its money is back) and on its order's timeline, by
 * `by`, with the order's payment status as it stands.
 */
export function attemptRefundFailed(db: Database, reference: string, at: number, by: string) {
  const notBack = sql`EXISTS (SELECT 1 FROM ${paymentAttempts} WHERE reference = ${reference} AND refunded_at IS NULL)`;
  return [
    statement(
      db,
      sql`INSERT INTO order_status_events (order_id, kind, from_status, to_status, changed_by, changed_by_name, created_at)
        SELECT o.id, 'refund_failed', o.payment_status, o.payment_status, NULL, ${by}, ${at}
        FROM ${orders} o WHERE o.id = (SELECT order_id FROM ${paymentAttempts} WHERE reference = ${reference})
        AND ${notBack}`,
    ),
    statement(
      db,
      sql`UPDATE ${paymentAttempts} SET refund_failed_at = ${at}
        WHERE reference = ${reference} AND refund_failed_at IS NULL AND refunded_at IS NULL`,
    ),
  ];
}

/**
 * The statement that marks the order's attempts whose refund the gateway could not make as refunded (staff
 * returned that money by hand), written only if `onlyIf` holds (the order's change it goes with).
 */
export function attemptsRefundedByHand(db: Database, orderId: string, at: number, onlyIf: SQL) {
  return statement(
    db,
    sql`UPDATE ${paymentAttempts} SET refunded_at = ${at}
      WHERE order_id = ${orderId} AND refund_failed_at IS NOT NULL AND refunded_at IS NULL AND ${onlyIf}`,
  );
}

/**
 * Marks refunded the order's attempts whose refund the gateway could not make (staff returned that money
 * by hand) while the order's own payment stays as it is, only if `onlyIf` holds. `also` makes the
 * statements of the same act (its audit entry) given the condition they hold under: `onlyIf`, and such an
 * attempt still unmarked, so a second click writes nothing. Answers how many attempts it marked (none:
 * someone else did, or the order changed meanwhile).
 */
export async function failedRefundsBackByHand(
  db: Database,
  orderId: string,
  at: number,
  onlyIf: SQL,
  also: (onlyIf: SQL) => D1PreparedStatement[],
): Promise<number> {
  const results = await db.$client.batch([
    // First, while the attempts are still unmarked.
    ...also(sql`${onlyIf} AND ${refundStillFailed(sql`${orderId}`)}`),
    attemptsRefundedByHand(db, orderId, at, onlyIf),
  ]);
  return results.at(-1)?.meta.changes ?? 0;
}

/** The statement that ends the order's pending attempts, with the order's change (still as read). */
export function abandonPendingAttempts(
  db: Database,
  order: Pick<Order, "id" | "deliveryStatus" | "paymentStatus">,
) {
  return db.$client
    .prepare(
      `UPDATE payment_attempts SET status = 'abandoned' WHERE order_id = ?1 AND status = 'pending'
         AND EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND delivery_status = ?2 AND payment_status = ?3)`,
    )
    .bind(order.id, order.deliveryStatus, order.paymentStatus);
}

export async function eventSeen(db: Database, id: string): Promise<boolean> {
  const row = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, id))
    .get();
  return row !== undefined;
}

export async function markChecked(db: Database, reference: string, at: number) {
  await db
    .update(paymentAttempts)
    .set({ checkedAt: at })
    .where(and(eq(paymentAttempts.reference, reference), ne(paymentAttempts.status, "success")));
}

export async function markRefundRequested(db: Database, reference: string, at: number) {
  await db
    .update(paymentAttempts)
    .set({ refundRequestedAt: at })
    .where(and(eq(paymentAttempts.reference, reference), isNull(paymentAttempts.refundRequestedAt)));
}

/** Attempts the gateway has not settled, started before `before` and not asked about since `before`. */
export async function staleAttempts(db: Database, before: number, limit = 50) {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.status, "pending"),
        lt(paymentAttempts.createdAt, before),
        sql`coalesce(${paymentAttempts.checkedAt}, 0) < ${before}`,
      ),
    )
    .orderBy(paymentAttempts.createdAt)
    .limit(limit);
}

/** Marks the attempts still pending that were started before `before` abandoned; answers how many. */
export async function giveUpAttempts(db: Database, before: number): Promise<number> {
  const { meta } = await db.$client
    .prepare("UPDATE payment_attempts SET status = 'abandoned' WHERE status = 'pending' AND created_at < ?")
    .bind(before)
    .run();
  return meta.changes;
}

/** Orders paid online, still Pending and not paid, placed before `before`: their stock is to be released. */
export async function unpaidOnlineOrders(db: Database, before: number, limit = 50) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, "paystack"),
        inArray(orders.paymentStatus, ["unpaid", "failed"]),
        eq(orders.deliveryStatus, "Pending"),
        lt(orders.createdAt, before),
      ),
    )
    .orderBy(orders.createdAt)
    .limit(limit);
}

/** Orders with money owed back and not yet asked of the gateway (the ask failed, or came after a crash). */
export async function refundsNotRequested(db: Database, limit = 50) {
  return db
    .selectDistinct({ orderId: paymentAttempts.orderId })
    .from(paymentAttempts)
    .where(owedBack)
    .limit(limit);
}
