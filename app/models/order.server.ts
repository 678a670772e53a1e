/** Orders, their lines and their status history: queries given `db` and plain values. */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import {
  orderItems,
  orders,
  orderStatusEvents,
  type DeliveryStatus,
  type Order,
  type OrderItem,
} from "~/db/schema";

export type OrderWithItems = Order & { items: OrderItem[] };
export type NewOrder = typeof orders.$inferInsert & { id: string };
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, "orderId">;

/**
 * Writes the order and its lines in one batch (all or nothing). Answers "duplicate-key" when the
 * idempotency key (as stored: its caller-scoped hash) was already used, and "duplicate-ref" when the
 * reference clashed (the caller retries).
 */
export async function insertOrder(
  db: Database,
  order: NewOrder,
  items: NewOrderItem[],
): Promise<"created" | "duplicate-key" | "duplicate-ref"> {
  try {
    await db.batch([
      db.insert(orders).values(order),
      db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: order.id }))),
    ]);
    return "created";
  } catch (error) {
    if (isUniqueViolation(error, "idempotency_key")) return "duplicate-key";
    if (isUniqueViolation(error, "order_ref")) return "duplicate-ref";
    throw error;
  }
}

async function withItems(db: Database, order: Order | undefined): Promise<OrderWithItems | undefined> {
  if (!order) return undefined;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  return { ...order, items };
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

/** Attaches each order's lines with one query for the whole list. */
async function withItemsMany(db: Database, list: Order[]): Promise<OrderWithItems[]> {
  if (list.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        list.map((o) => o.id),
      ),
    )
    .orderBy(orderItems.id);
  const byOrder = new Map<string, OrderItem[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return list.map((order) => ({ ...order, items: byOrder.get(order.id) ?? [] }));
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

export const ORDER_PAGE_SIZE = 50;

/** Every order, newest first, a page at a time (admins). */
export async function listAllOrders(db: Database, { page = 1, pageSize = ORDER_PAGE_SIZE } = {}) {
  const list = await db
    .select()
    .from(orders)
    .orderBy(desc(orders.createdAt))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
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

/** Sets the status and records the change (who, when, from, to) in the same batch. */
export async function setOrderStatus(
  db: Database,
  order: Pick<Order, "id" | "deliveryStatus">,
  status: DeliveryStatus,
  admin: { id: string; name: string },
) {
  await db.batch([
    db.update(orders).set({ deliveryStatus: status }).where(eq(orders.id, order.id)),
    db.insert(orderStatusEvents).values({
      orderId: order.id,
      fromStatus: order.deliveryStatus,
      toStatus: status,
      changedBy: admin.id,
      changedByName: admin.name,
    }),
  ]);
}

export async function getOrderRow(db: Database, id: string): Promise<Order | undefined> {
  return db.select().from(orders).where(eq(orders.id, id)).get();
}

/** Each order's status changes, oldest first, for a list of orders in one query. */
export async function statusEventsFor(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderStatusEvents)
    .where(inArray(orderStatusEvents.orderId, orderIds))
    .orderBy(orderStatusEvents.createdAt, orderStatusEvents.id);
}
