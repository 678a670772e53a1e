/** Orders, their lines and their status history: queries given `db` and plain values. */
import { and, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { inPieces } from "~/db/in-pieces";
import { isUniqueViolation } from "~/db/errors";
import type { OrderFilters } from "~/lib/order-filters";
import { ORDER_PAGE_SIZE, pageOrderIds } from "./order-search.server";
import {
  orderItems,
  orders,
  orderStatusEvents,
  prescriptionReviews,
  products,
  type DeliveryStatus,
  type Order,
  type OrderItem,
  type PrescriptionReview,
} from "~/db/schema";

/** An order with its lines and, for a prescription order, the pharmacist's decision once there is one. */
export type OrderWithItems = Order & { items: OrderItem[]; review: PrescriptionReview | null };
export type NewOrder = typeof orders.$inferInsert & { id: string };
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, "orderId">;

/**
 * A trigger's refusal by name: "products_stock_insufficient" (drizzle/0005, a write would take a product's
 * stock below zero) or "orders_account_missing" (drizzle/0013, the ordering account is gone).
 */
function raised(error: unknown, name: string): boolean {
  const text = `${String((error as { cause?: unknown })?.cause ?? "")} ${String(error)}`;
  return text.includes(name);
}

/**
 * Writes the order, its lines and the stock they take in one batch (all or nothing; docs/product-rules.md,
 * Stock). Answers "duplicate-key" when the idempotency key (as stored: its caller-scoped hash) was already
 * used, "duplicate-ref" when the reference clashed (the caller retries), "out-of-stock" when a product
 * has fewer units left than the order takes (the trigger refuses, so nothing is written), and
 * "account-gone" when the account placing it was deleted meanwhile (drizzle/0013's trigger refuses).
 */
export async function insertOrder(
  db: Database,
  order: NewOrder,
  items: NewOrderItem[],
): Promise<"created" | "duplicate-key" | "duplicate-ref" | "out-of-stock" | "account-gone"> {
  const decrements = items.flatMap((item) =>
    item.productId == null
      ? []
      : [
          db
            .update(products)
            .set({ stock: sql`${products.stock} - ${item.quantity}` })
            .where(and(eq(products.id, item.productId), isNotNull(products.stock))),
        ],
  );
  try {
    await db.batch([
      db.insert(orders).values(order),
      db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: order.id }))),
      ...decrements,
    ]);
    return "created";
  } catch (error) {
    if (raised(error, "products_stock_insufficient")) return "out-of-stock";
    if (raised(error, "orders_account_missing")) return "account-gone";
    if (isUniqueViolation(error, "idempotency_key")) return "duplicate-key";
    if (isUniqueViolation(error, "order_ref")) return "duplicate-ref";
    throw error;
  }
}

/** The latest decision on each of these orders, in one query. */
async function reviewsFor(db: Database, orderIds: string[]) {
  const byOrder = new Map<string, PrescriptionReview>();
  const rows = await inPieces(orderIds, (piece) =>
    db.select().from(prescriptionReviews).where(inArray(prescriptionReviews.orderId, piece)),
  );
  rows.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  for (const row of rows) byOrder.set(row.orderId, row);
  return byOrder;
}

async function withItems(db: Database, order: Order | undefined): Promise<OrderWithItems | undefined> {
  if (!order) return undefined;
  const [items, reviews] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id),
    order.reviewStatus ? reviewsFor(db, [order.id]) : new Map<string, PrescriptionReview>(),
  ]);
  return { ...order, items, review: reviews.get(order.id) ?? null };
}

export async function getOrderById(db: Database, id: string) {
  return withItems(db, await db.select().from(orders).where(eq(orders.id, id)).get());
}

/** The order stored under an idempotency key's hash (the caller scopes and hashes it, see the schema). */
export async function getOrderByIdempotencyKey(db: Database, keyHash: string) {
  return withItems(db, await db.select().from(orders).where(eq(orders.idempotencyKey, keyHash)).get());
}

/** The private status page's lookup: the token is the only credential, so it must match exactly. */
export async function getOrderByAccessToken(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) return undefined;
  return withItems(db, await db.select().from(orders).where(eq(orders.accessToken, token)).get());
}

/** Attaches each order's lines: one query for a page of orders (more for a data export's hundreds). */
async function withItemsMany(db: Database, list: Order[]): Promise<OrderWithItems[]> {
  if (list.length === 0) return [];
  // Side by side: the lines and the reviews are two trips to D1, not one after the other.
  const [items, reviews] = await Promise.all([
    inPieces(
      list.map((o) => o.id),
      (piece) => db.select().from(orderItems).where(inArray(orderItems.orderId, piece)),
    ),
    reviewsFor(
      db,
      list.filter((o) => o.reviewStatus).map((o) => o.id),
    ),
  ]);
  items.sort((a, b) => a.id - b.id);
  const byOrder = new Map<string, OrderItem[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return list.map((order) => ({
    ...order,
    items: byOrder.get(order.id) ?? [],
    review: reviews.get(order.id) ?? null,
  }));
}

/**
 * An account's own orders, newest first: only those placed while signed in to it (never matched by
 * e-mail, which nobody has verified). `pendingOnly` leaves out delivered ones.
 */
export async function listOrdersForUser(
  db: Database,
  userId: string,
  { pendingOnly = false, limit = 100 }: { pendingOnly?: boolean; limit?: number } = {},
): Promise<OrderWithItems[]> {
  const where = pendingOnly
    ? and(eq(orders.userId, userId), ne(orders.deliveryStatus, "Delivered"))
    : eq(orders.userId, userId);
  const list = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(limit);
  return withItemsMany(db, list);
}

/** The phone and address of the account's latest order, to pre-fill the next checkout. */
export async function lastDeliveryDetails(db: Database, userId: string) {
  const last = await db
    .select({ phone: orders.phone, deliveryAddress: orders.deliveryAddress })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1)
    .get();
  return last ?? {};
}

/**
 * The orders matching `filters`, newest first, a page at a time (admins): one statement picks the page
 * (pageOrderIds); its lines and reviews follow, side by side.
 */
export async function listAllOrders(
  db: Database,
  {
    page = 1,
    pageSize = ORDER_PAGE_SIZE,
    filters,
  }: { page?: number; pageSize?: number; filters: OrderFilters },
) {
  const window = { limit: pageSize + 1, offset: (page - 1) * pageSize };
  const list = await db
    .select()
    .from(orders)
    .where(sql`${orders.id} IN ${pageOrderIds(filters, window)}`)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return { orders: await withItemsMany(db, list.slice(0, pageSize)), hasMore: list.length > pageSize };
}

export async function orderCounts(db: Database) {
  const row = await db
    .select({
      total: sql<number>`count(*)`,
      delivered: sql<number>`coalesce(sum(CASE WHEN ${orders.deliveryStatus} = 'Delivered' THEN 1 ELSE 0 END), 0)`,
    })
    .from(orders)
    .get();
  return { total: row?.total ?? 0, delivered: row?.delivered ?? 0 };
}

/*
 * Status changes and reviews are conditional writes ("only if the order is still as read"), batched as plain
 * D1 statements: INSERT … SELECT and UPDATE … WHERE EXISTS say it directly, and the batch is atomic.
 */

/** Records a status change on the order, if `condition` (SQL on orders, with `args`) holds. */
function statusEventStatement(
  d1: D1Database,
  orderId: string,
  status: DeliveryStatus,
  who: { id: string; name: string },
  condition: string,
  args: unknown[],
) {
  return d1
    .prepare(
      `INSERT INTO order_status_events (order_id, from_status, to_status, changed_by, changed_by_name)
       SELECT id, delivery_status, ?, ?, ? FROM orders WHERE id = ? AND ${condition}`,
    )
    .bind(status, who.id || null, who.name, orderId, ...args);
}

/** Adds an order's quantities back to its products' counted stock, if `condition` (on orders) holds. */
function restockStatement(d1: D1Database, orderId: string, condition: string, args: unknown[]) {
  return d1
    .prepare(
      `UPDATE products SET stock = stock + (
         SELECT coalesce(sum(quantity), 0) FROM order_items WHERE order_id = ?1 AND product_id = products.id)
       WHERE stock IS NOT NULL
         AND id IN (SELECT product_id FROM order_items WHERE order_id = ?1)
         AND EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND ${condition})`,
    )
    .bind(orderId, ...args);
}

/**
 * Sets the status and records the change (who, when, from, to) in the same batch, provided the order still
 * has the status it was read with (two admins racing record one change). Answers whether it changed. An
 * order that becomes Cancelled gives its units back to the counted stock in that batch: exactly once, since
 * only the transition into Cancelled does it and a Cancelled order's status never changes again.
 */
export async function setOrderStatus(
  db: Database,
  order: Pick<Order, "id" | "deliveryStatus">,
  status: DeliveryStatus,
  admin: { id: string; name: string },
): Promise<boolean> {
  const d1 = db.$client;
  const asRead = [order.deliveryStatus];
  const [event] = await d1.batch([
    statusEventStatement(d1, order.id, status, admin, "delivery_status = ?", asRead),
    ...(status === "Cancelled" ? [restockStatement(d1, order.id, "delivery_status = ?2", asRead)] : []),
    d1
      .prepare("UPDATE orders SET delivery_status = ? WHERE id = ? AND delivery_status = ?")
      .bind(status, order.id, order.deliveryStatus),
  ]);
  return event.meta.changes > 0;
}

export type ReviewRecord = {
  orderId: string;
  decision: "approved" | "rejected";
  note: string;
  reviewer: { id: string; name: string; pcnNumber: string };
};

/**
 * A pharmacist's decision, in one batch and only while the order still awaits one: the record (who, PCN
 * number, when, decision, note), the order's review status and, for a rejection, its cancellation (a
 * status change in the timeline and the stock given back). Answers false when it was already decided.
 */
export async function recordReview(db: Database, review: ReviewRecord): Promise<boolean> {
  const { orderId, decision, note, reviewer } = review;
  const d1 = db.$client;
  const open = "review_status = 'pending' AND delivery_status != 'Cancelled'";
  const cancel =
    decision === "rejected"
      ? [
          statusEventStatement(d1, orderId, "Cancelled", reviewer, open, []),
          restockStatement(d1, orderId, open, []),
        ]
      : [];
  const [record] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO prescription_reviews (order_id, decision, note, reviewer_id, reviewer_name, reviewer_pcn)
         SELECT id, ?, ?, ?, ?, ? FROM orders WHERE id = ? AND ${open}`,
      )
      .bind(decision, note, reviewer.id, reviewer.name, reviewer.pcnNumber, orderId),
    ...cancel,
    d1
      .prepare(
        `UPDATE orders SET review_status = ?,
           delivery_status = CASE WHEN ? = 'rejected' THEN 'Cancelled' ELSE delivery_status END
         WHERE id = ? AND ${open}`,
      )
      .bind(decision, decision, orderId),
  ]);
  return record.meta.changes > 0;
}

/** Orders awaiting a pharmacist, oldest first (the review queue). */
export async function listPendingReviews(db: Database, limit = 100): Promise<OrderWithItems[]> {
  const list = await db
    .select()
    .from(orders)
    .where(eq(orders.reviewStatus, "pending"))
    .orderBy(orders.createdAt)
    .limit(limit);
  return withItemsMany(db, list);
}

/** Units left of these products (null: not counted), read again after a refused checkout. */
export async function stockOf(db: Database, productIds: number[]) {
  if (productIds.length === 0) return new Map<number, number | null>();
  const rows = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.map((r) => [r.id, r.stock]));
}

export async function getOrderRow(db: Database, id: string): Promise<Order | undefined> {
  return db.select().from(orders).where(eq(orders.id, id)).get();
}

/** Each order's status changes, oldest first, for a list of orders (one query for a page of them). */
export async function statusEventsFor(db: Database, orderIds: string[]) {
  const events = await inPieces(orderIds, (piece) =>
    db.select().from(orderStatusEvents).where(inArray(orderStatusEvents.orderId, piece)),
  );
  return events.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
}

/**
 * An admin records a payment change (unpaid ↔ paid) and its timeline entry in one batch, only while the
 * order still has the status they saw. Answers whether it changed.
 */
export async function setPaymentStatus(
  db: Database,
  order: Pick<Order, "id" | "paymentStatus">,
  status: "unpaid" | "paid",
  admin: { id: string; name: string },
): Promise<boolean> {
  const d1 = db.$client;
  const [event] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO order_status_events (order_id, kind, from_status, to_status, changed_by, changed_by_name)
         SELECT id, 'payment', payment_status, ?, ?, ? FROM orders WHERE id = ? AND payment_status = ?`,
      )
      .bind(status, admin.id, admin.name, order.id, order.paymentStatus),
    d1
      .prepare("UPDATE orders SET payment_status = ? WHERE id = ? AND payment_status = ?")
      .bind(status, order.id, order.paymentStatus),
  ]);
  return event.meta.changes > 0;
}

/**
 * Points a bank-transfer order at a newly stored receipt and records it on the timeline, in one batch and
 * only while the order still awaits payment by transfer and still points at `previousKey` (two uploads at
 * once: one wins, the other is told). Answers whether it changed.
 */
export async function setReceipt(
  db: Database,
  order: Pick<Order, "id" | "receiptKey">,
  receipt: { key: string; uploadedAt: number },
  who: { id: string; name: string },
): Promise<boolean> {
  const d1 = db.$client;
  const open = `payment_method = 'bank_transfer' AND payment_status = 'unpaid'
    AND delivery_status != 'Cancelled' AND receipt_key IS ?`;
  const [event] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO order_status_events (order_id, kind, from_status, to_status, changed_by, changed_by_name, created_at)
         SELECT id, 'receipt', CASE WHEN receipt_key IS NULL THEN 'none' ELSE 'replaced' END, 'uploaded', ?, ?, ?
         FROM orders WHERE id = ? AND ${open}`,
      )
      .bind(who.id || null, who.name, receipt.uploadedAt, order.id, order.receiptKey),
    d1
      .prepare(`UPDATE orders SET receipt_key = ?, receipt_uploaded_at = ? WHERE id = ? AND ${open}`)
      .bind(receipt.key, receipt.uploadedAt, order.id, order.receiptKey),
  ]);
  return event.meta.changes > 0;
}
