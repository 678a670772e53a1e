/** Orders, their lines and their status history: queries given `db` and plain values. */
import {
  and,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~/db/client.server";
import { d1Statement, rowsOf } from "~/db/d1-rows";
import { inPieces } from "~/db/in-pieces";
import { isUniqueViolation } from "~/db/errors";
import type { OrderFilters } from "~/lib/order-filters";
import { ORDER_PAGE_SIZE, pageOrderIds } from "./order-search.server";
import { refundStillFailed } from "./payment.server";
import {
  orderItems,
  orders,
  orderStatusEvents,
  prescriptionReviews,
  products,
  type Order,
  type Product,
  type OrderItem,
  type PrescriptionReview,
} from "~/db/schema";
import type {
  DeliveryStatus,
  OrderEventKind,
  PaymentMethod,
  PaymentStatus,
  ReviewDecision,
} from "~/lib/vocabularies";

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
  /** More statements of the same order (its messages), written after it in the same batch. */
  also: BatchItem<"sqlite">[] = [],
): Promise<
  | { outcome: "created"; order: OrderWithItems }
  | { outcome: "duplicate-key" | "duplicate-ref" | "out-of-stock" | "account-gone" }
> {
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
  // The order is read back as the batch's last statements: the answer needs no trip of its own.
  const readBack = orderReads(db, eq(orders.id, order.id));
  try {
    const results = await db.batch([
      db.insert(orders).values(order),
      db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: order.id }))),
      ...decrements,
      ...also,
      ...readBack.statements,
    ]);
    const written = readBack.assemble(results.slice(-readBack.statements.length) as unknown as ReadResults);
    if (!written) throw new Error("The order vanished after it was written");
    return { outcome: "created", order: written };
  } catch (error) {
    if (raised(error, "products_stock_insufficient")) return { outcome: "out-of-stock" };
    if (raised(error, "orders_account_missing")) return { outcome: "account-gone" };
    if (isUniqueViolation(error, "idempotency_key")) return { outcome: "duplicate-key" };
    if (isUniqueViolation(error, "order_ref")) return { outcome: "duplicate-ref" };
    throw error;
  }
}

/** A line as its buyer priced it: a product, its units and the unit price the buyer was shown. */
export type ClaimedLine = { productId: number; quantity: number; unitPriceKobo: number };

/** An order whose account (and so its key, scoped to it) may be SQL selecting it: a session's user. */
export type ClaimedOrder = Omit<NewOrder, "userId" | "idempotencyKey"> & {
  userId: string | SQL | null;
  idempotencyKey: string | SQL;
};

/**
 * An INSERT … SELECT of one row into `table`: the values given (plain, or SQL over what `rest` selects from),
 * every other column its schema default. `rest` follows the values: a FROM and a WHERE.
 */
function insertSelected<T extends typeof orders | typeof orderItems>(
  db: Database,
  table: T,
  row: Record<string, unknown>,
  rest: SQL,
) {
  const values = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value = row[key] !== undefined ? row[key] : column.default;
    return value === undefined ? sql`NULL` : sql`${value}`;
  });
  return db.insert(table).select(sql`SELECT ${sql.join(values, sql`, `)} ${rest}`);
}

/**
 * insertOrder for a caller that has read nothing first (one trip to D1): the order is written, with its lines
 * copied from the catalogue, the stock they take and `also(written)` (its messages, each holding only where
 * `written` does), only while, as the batch runs, every condition in `may` holds (the buyer's session is
 * live), no order is stored under its key, and every product is still as claimed: at the claimed price, of
 * no class in `classesNot`, with the units in stock. The batch then reads back the order under the key:
 * this one ("created"), an earlier one ("earlier"), or none ("refused": a condition failed, nothing
 * written). "failed": the database refused the batch (a reference clashed, the account was just deleted, a
 * racing twin took the key); nothing was written either.
 */
export async function insertClaimedOrder(
  db: Database,
  order: ClaimedOrder,
  lines: ClaimedLine[],
  {
    may,
    classesNot,
    also,
  }: {
    may: SQL[];
    classesNot: Product["medicineClass"][];
    also: (written: SQL) => BatchItem<"sqlite">[];
  },
): Promise<
  | { outcome: "created" | "earlier"; order: OrderWithItems }
  | { outcome: "refused" | "failed"; order?: undefined }
> {
  const asClaimed = lines.map((line) =>
    and(
      eq(products.id, line.productId),
      eq(products.priceKobo, line.unitPriceKobo),
      or(isNull(products.stock), sql`${products.stock} >= ${line.quantity}`),
    ),
  );
  const stillAsClaimed = sql`(SELECT count(*) FROM ${products} WHERE ${and(
    classesNot.length > 0 ? notInArray(products.medicineClass, classesNot) : undefined,
    or(...asClaimed),
  )}) = ${lines.length}`;
  const unused = sql`NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${eq(orders.idempotencyKey, order.idempotencyKey)})`;
  const insert = insertSelected(db, orders, order, sql`WHERE ${and(...may, unused, stillAsClaimed)}`);
  const written = sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${eq(orders.id, order.id)})`;
  // One statement a line, in the order given (the lines' ids keep it), each copied from the catalogue.
  const copies = lines.map((line) =>
    insertSelected(
      db,
      orderItems,
      {
        orderId: order.id,
        productId: products.id,
        name: products.name,
        imageKey: products.imageKey,
        unitPriceKobo: products.priceKobo,
        quantity: line.quantity,
      },
      sql`FROM ${products} WHERE ${eq(products.id, line.productId)} AND ${written}`,
    ),
  );
  const decrements = lines.map((line) =>
    db
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), isNotNull(products.stock), written)),
  );
  const readBack = orderReads(db, eq(orders.idempotencyKey, order.idempotencyKey));
  try {
    const results = await db.batch([
      insert,
      ...copies,
      ...decrements,
      ...also(written),
      ...readBack.statements,
    ]);
    const found = readBack.assemble(results.slice(-readBack.statements.length) as unknown as ReadResults);
    if (!found) return { outcome: "refused" };
    return { outcome: found.id === order.id ? "created" : "earlier", order: found };
  } catch (error) {
    if (
      raised(error, "products_stock_insufficient") ||
      raised(error, "orders_account_missing") ||
      isUniqueViolation(error, "idempotency_key") ||
      isUniqueViolation(error, "order_ref")
    )
      return { outcome: "failed" };
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

/**
 * The order `where` picks, with its lines and latest review, in one batch (one trip to D1): the lines and
 * the reviews are picked by the same condition, not by the id read first.
 */
async function orderWhere(db: Database, where: SQL): Promise<OrderWithItems | undefined> {
  const { statements, assemble } = orderReads(db, where);
  return assemble(await db.batch(statements));
}

type ReadResults = readonly [Order[], OrderItem[], PrescriptionReview[]];

/** The statements that read the order `where` picks (for a batch of the caller's), and their assembly. */
function orderReads(db: Database, where: SQL) {
  const picked = db.select({ id: orders.id }).from(orders).where(where);
  const statements = [
    db.select().from(orders).where(where).limit(1),
    db.select().from(orderItems).where(inArray(orderItems.orderId, picked)).orderBy(orderItems.id),
    db
      .select()
      .from(prescriptionReviews)
      .where(inArray(prescriptionReviews.orderId, picked))
      .orderBy(prescriptionReviews.createdAt, prescriptionReviews.id),
  ] as const;
  const assemble = ([rows, items, reviews]: ReadResults): OrderWithItems | undefined => {
    const order = rows[0];
    if (!order) return undefined;
    return { ...order, items, review: order.reviewStatus ? (reviews.at(-1) ?? null) : null };
  };
  return { statements, assemble };
}

/**
 * The order with this id as orderReads picks it, as plain D1 statements that a write's batch ends with: the
 * order as the write left it comes back in the write's own trip.
 */
function orderReadsAfter(db: Database, id: string) {
  const { statements, assemble } = orderReads(db, eq(orders.id, id));
  return {
    statements: statements.map((query) => d1Statement(db, query)),
    assemble: ([found, items, reviews]: D1Result[]) =>
      assemble([rowsOf(orders, found!), rowsOf(orderItems, items!), rowsOf(prescriptionReviews, reviews!)]),
  };
}

export async function getOrderById(db: Database, id: string) {
  return orderWhere(db, eq(orders.id, id));
}

/** The order stored under an idempotency key's hash (the caller scopes and hashes it, see the schema). */
export async function getOrderByIdempotencyKey(db: Database, keyHash: string) {
  return orderWhere(db, eq(orders.idempotencyKey, keyHash));
}

/**
 * The private status page's lookup: the token is the only credential, so it must match exactly. One round
 * trip (getOrderPageByAccessToken), its timeline read beside it.
 */
export async function getOrderByAccessToken(db: Database, token: string) {
  return (await getOrderPageByAccessToken(db, token))?.order;
}

/**
 * The private status page's order with its lines, its latest review and its timeline's events, in one D1
 * batch (one round trip): each part is picked by the token, not by an id read first. The order carries
 * whether a refund of its money failed at the gateway (refundStillFailed), as getOrderRow's does.
 */
export async function getOrderPageByAccessToken(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) return undefined;
  const byToken = db.select({ id: orders.id }).from(orders).where(eq(orders.accessToken, token));
  const [found, items, reviews, events] = await db.batch([
    db
      .select({
        ...getTableColumns(orders),
        refundFailed: sql<boolean>`${refundStillFailed(sql`"orders"."id"`)}`.mapWith(Boolean),
      })
      .from(orders)
      .where(eq(orders.accessToken, token)),
    db.select().from(orderItems).where(inArray(orderItems.orderId, byToken)).orderBy(orderItems.id),
    db.select().from(prescriptionReviews).where(inArray(prescriptionReviews.orderId, byToken)),
    db.select().from(orderStatusEvents).where(inArray(orderStatusEvents.orderId, byToken)),
  ]);
  const order = found[0];
  if (!order) return undefined;
  reviews.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  events.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const review = order.reviewStatus ? (reviews.at(-1) ?? null) : null;
  return { order: { ...order, items, review } satisfies OrderWithItems, events };
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
  return attachLines(list, items, reviews);
}

/** Each order with its lines (in the order given) and its latest review. */
function attachLines(
  list: Order[],
  items: OrderItem[],
  latestReview: Map<string, PrescriptionReview>,
): OrderWithItems[] {
  const byOrder = new Map<string, OrderItem[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return list.map((order) => ({
    ...order,
    items: byOrder.get(order.id) ?? [],
    review: latestReview.get(order.id) ?? null,
  }));
}

/** An account's order with its status events, oldest first. */
export type OwnOrder = OrderWithItems & { events: (typeof orderStatusEvents.$inferSelect)[] };

/**
 * An account's own orders, newest first: only those placed while signed in to it (never matched by
 * e-mail, which nobody has verified). `pendingOnly` leaves out delivered ones. `userId` may be SQL that
 * selects it (the session's user), so the orders travel to D1 with the session lookup.
 */
export async function listOrdersForUser(
  db: Database,
  userId: string | SQL,
  { pendingOnly = false, limit = 100 }: { pendingOnly?: boolean; limit?: number } = {},
): Promise<OwnOrder[]> {
  const where = pendingOnly
    ? and(eq(orders.userId, userId), ne(orders.deliveryStatus, "Delivered"))
    : eq(orders.userId, userId);
  const newest = [desc(orders.createdAt), desc(orders.id)];
  // The orders, their lines, reviews and status events in one batch (one round trip): the rest are picked
  // by the same selection of orders, not by ids read first.
  const picked = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...newest)
    .limit(limit);
  const [list, items, reviews, events] = await db.batch([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...newest)
      .limit(limit),
    db.select().from(orderItems).where(inArray(orderItems.orderId, picked)).orderBy(orderItems.id),
    db.select().from(prescriptionReviews).where(inArray(prescriptionReviews.orderId, picked)),
    db
      .select()
      .from(orderStatusEvents)
      .where(inArray(orderStatusEvents.orderId, picked))
      .orderBy(orderStatusEvents.createdAt, orderStatusEvents.id),
  ]);
  reviews.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const latestReview = new Map(reviews.map((review) => [review.orderId, review]));
  const byOrder = new Map<string, OrderItem[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  const eventsOf = new Map<string, OwnOrder["events"]>();
  for (const e of events) eventsOf.set(e.orderId, [...(eventsOf.get(e.orderId) ?? []), e]);
  return list.map((order) => ({
    ...order,
    items: byOrder.get(order.id) ?? [],
    review: order.reviewStatus ? (latestReview.get(order.id) ?? null) : null,
    events: eventsOf.get(order.id) ?? [],
  }));
}

/** The phone and address of the account's latest order, to pre-fill the next checkout. */
export async function lastDeliveryDetails(db: Database, userId: string | SQL) {
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
      delivered: sql<number>`coalesce(sum(CASE WHEN ${eq(orders.deliveryStatus, "Delivered")} THEN 1 ELSE 0 END), 0)`,
    })
    .from(orders)
    .get();
  return { total: row?.total ?? 0, delivered: row?.delivered ?? 0 };
}

/** A change the order's state machine allowed (features/orders/order-state.ts): what each part becomes. */
export type OrderWrite = {
  /** How the order is paid, when it switches (recorded on the timeline as a payment entry). */
  method?: { from: PaymentMethod; to: PaymentMethod } | null;
  payment: { to: PaymentStatus } | null;
  delivery: { to: DeliveryStatus } | null;
  /** A pharmacist's decision, recorded with their PCN number and note. */
  review: { to: ReviewDecision; note: string; pcnNumber: string } | null;
  /** Gives the order's units back to the products that count stock (the order is being cancelled). */
  restock: boolean;
};

type OrderAsRead = Pick<Order, "id" | "deliveryStatus" | "paymentStatus" | "paymentMethod" | "reviewStatus">;

/** Holds while the order is as it was read: makes a statement of writeOrderChange's batch as conditional. */
export function orderStillAsRead(asRead: OrderAsRead): SQL {
  const review =
    asRead.reviewStatus === null ? isNull(orders.reviewStatus) : eq(orders.reviewStatus, asRead.reviewStatus);
  return sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${and(
    eq(orders.id, asRead.id),
    eq(orders.deliveryStatus, asRead.deliveryStatus),
    eq(orders.paymentStatus, asRead.paymentStatus),
    eq(orders.paymentMethod, asRead.paymentMethod),
    review,
  )})`;
}

/**
 * Writes an allowed change in one batch, all or nothing: each part's timeline entry (who, when, from, to),
 * the pharmacist's decision, the stock given back, and the order's new state. Every statement holds only
 * while the order is still as it was read (INSERT … SELECT and UPDATE … WHERE EXISTS say it directly), so a
 * change made meanwhile leaves all of them matching nothing. Answers whether it was written, and the order
 * as it is after the batch (read at its end, in the same trip; undefined if it is gone).
 */
export async function writeOrderChange(
  db: Database,
  asRead: OrderAsRead,
  write: OrderWrite,
  who: { id: string; name: string },
  /** More statements of the same change (its audit entries), each conditional on orderStillAsRead. */
  also: D1PreparedStatement[] = [],
): Promise<{ written: boolean; now: OrderWithItems | undefined }> {
  const d1 = db.$client;
  const state = [
    asRead.id,
    asRead.deliveryStatus,
    asRead.paymentStatus,
    asRead.paymentMethod,
    asRead.reviewStatus,
  ];
  // The order as read, its five values bound from parameter ?n on. How it is paid is among them: money
  // the gateway confirms must not land on an order switched to paying offline a moment before.
  const stillAsRead = (n: number) =>
    `id = ?${n} AND delivery_status = ?${n + 1} AND payment_status = ?${n + 2} AND payment_method = ?${n + 3}
       AND review_status IS ?${n + 4}`;
  const event = (kind: OrderEventKind, column: "delivery_status" | "payment_status", to: string) =>
    d1
      .prepare(
        `INSERT INTO order_status_events (order_id, kind, from_status, to_status, changed_by, changed_by_name)
         SELECT id, ?1, ${column}, ?2, ?3, ?4 FROM orders WHERE ${stillAsRead(5)}`,
      )
      .bind(kind, to, who.id || null, who.name, ...state);
  const statements: D1PreparedStatement[] = [...also];
  if (write.review)
    statements.push(
      d1
        .prepare(
          `INSERT INTO prescription_reviews (order_id, decision, note, reviewer_id, reviewer_name, reviewer_pcn)
           SELECT id, ?1, ?2, ?3, ?4, ?5 FROM orders WHERE ${stillAsRead(6)}`,
        )
        .bind(write.review.to, write.review.note, who.id || null, who.name, write.review.pcnNumber, ...state),
    );
  if (write.method)
    statements.push(
      d1
        .prepare(
          `INSERT INTO order_status_events (order_id, kind, from_status, to_status, changed_by, changed_by_name)
           SELECT id, 'payment', ?1, ?2, ?3, ?4 FROM orders WHERE ${stillAsRead(5)}`,
        )
        .bind(write.method.from, write.method.to, who.id || null, who.name, ...state),
    );
  if (write.payment) statements.push(event("payment", "payment_status", write.payment.to));
  if (write.delivery) statements.push(event("status", "delivery_status", write.delivery.to));
  if (write.restock)
    statements.push(
      d1
        .prepare(
          `UPDATE products SET stock = stock + (
             SELECT coalesce(sum(quantity), 0) FROM order_items WHERE order_id = ?1 AND product_id = products.id)
           WHERE stock IS NOT NULL
             AND id IN (SELECT product_id FROM order_items WHERE order_id = ?1)
             AND EXISTS (SELECT 1 FROM orders WHERE ${stillAsRead(1)})`,
        )
        .bind(...state),
    );
  // Last, so every statement before it saw the order as read.
  const update = d1
    .prepare(
      `UPDATE orders SET delivery_status = ?1, payment_status = ?2, review_status = ?3,
         payment_method = coalesce(?9, payment_method) WHERE ${stillAsRead(4)}`,
    )
    .bind(
      write.delivery?.to ?? asRead.deliveryStatus,
      write.payment?.to ?? asRead.paymentStatus,
      write.review?.to ?? asRead.reviewStatus,
      ...state,
      write.method?.to ?? null,
    );
  const after = orderReadsAfter(db, asRead.id);
  const results = await d1.batch([...statements, update, ...after.statements]);
  const reads = results.slice(-after.statements.length);
  return {
    written: results[statements.length]!.meta.changes > 0,
    now: after.assemble(reads),
  };
}

/** Orders awaiting a pharmacist, oldest first (the review queue). */
export async function listPendingReviews(db: Database, limit = 100): Promise<OrderWithItems[]> {
  // A cancelled order's prescription is no longer reviewed (the state machine refuses it).
  const where = and(eq(orders.reviewStatus, "pending"), ne(orders.deliveryStatus, "Cancelled"));
  // The orders, their lines and reviews in one batch (one trip): picked by the same selection.
  const picked = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(orders.createdAt)
    .limit(limit);
  const [list, items, reviews] = await db.batch([
    db.select().from(orders).where(where).orderBy(orders.createdAt).limit(limit),
    db.select().from(orderItems).where(inArray(orderItems.orderId, picked)).orderBy(orderItems.id),
    db
      .select()
      .from(prescriptionReviews)
      .where(inArray(prescriptionReviews.orderId, picked))
      .orderBy(prescriptionReviews.createdAt, prescriptionReviews.id),
  ]);
  return attachLines(list, items, new Map(reviews.map((review) => [review.orderId, review])));
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

/** The order's own row, and whether a refund of its money failed at the gateway (refundStillFailed). */
export async function getOrderRow(
  db: Database,
  id: string,
): Promise<(Order & { refundFailed: boolean }) | undefined> {
  return db
    .select({
      ...getTableColumns(orders),
      // Written out in full: the subquery's own table must not capture the order's id.
      refundFailed: sql<boolean>`${refundStillFailed(sql`"orders"."id"`)}`.mapWith(Boolean),
    })
    .from(orders)
    .where(eq(orders.id, id))
    .get();
}

/** Each order's status changes, oldest first, for a list of orders (one query for a page of them). */
export async function statusEventsFor(db: Database, orderIds: string[]) {
  const events = await inPieces(orderIds, (piece) =>
    db.select().from(orderStatusEvents).where(inArray(orderStatusEvents.orderId, piece)),
  );
  return events.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
}

/**
 * Points an order at a newly stored receipt and records it on the timeline, in one batch and only while
 * the order is still as it was read when the state machine let it take one (features/orders/order-state.ts),
 * pointing at the same receipt (two uploads at once: one wins, the other is told). Answers whether it
 * changed, and the order as it is after the batch (read at its end, in the same trip).
 */
export async function setReceipt(
  db: Database,
  order: Pick<Order, "id" | "receiptKey" | "paymentMethod" | "paymentStatus" | "deliveryStatus">,
  receipt: { key: string; uploadedAt: number },
  who: { id: string; name: string },
): Promise<{ changed: boolean; now: OrderWithItems | undefined }> {
  const d1 = db.$client;
  const asRead = `id = ? AND payment_method = ? AND payment_status = ? AND delivery_status = ? AND receipt_key IS ?`;
  const state = [order.id, order.paymentMethod, order.paymentStatus, order.deliveryStatus, order.receiptKey];
  const kind: OrderEventKind = "receipt";
  const after = orderReadsAfter(db, order.id);
  const [event, , ...reads] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO order_status_events (order_id, kind, from_status, to_status, changed_by, changed_by_name, created_at)
         SELECT id, ?, CASE WHEN receipt_key IS NULL THEN 'none' ELSE 'replaced' END, 'uploaded', ?, ?, ?
         FROM orders WHERE ${asRead}`,
      )
      .bind(kind, who.id || null, who.name, receipt.uploadedAt, ...state),
    d1
      .prepare(`UPDATE orders SET receipt_key = ?, receipt_uploaded_at = ? WHERE ${asRead}`)
      .bind(receipt.key, receipt.uploadedAt, ...state),
    ...after.statements,
  ]);
  return { changed: event!.meta.changes > 0, now: after.assemble(reads) };
}
