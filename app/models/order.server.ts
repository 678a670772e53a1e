/**
 * Orders: priced from the catalogue, written atomically (one D1 batch), idempotent per checkout form.
 */
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
  type Product,
} from "~/db/schema";
import type { Cart } from "~/lib/cart";
import type { CheckoutDetails } from "~/lib/validation";
import { generateOrderRef, randomToken } from "~/lib/random";
import { getProductsByIds } from "./product.server";
import { koboToNaira } from "~/lib/money";
import { productImageUrl } from "~/lib/images";

export type PricedLine = { product: Product; qty: number; lineTotalKobo: number };
export type PricedCart = { lines: PricedLine[]; missingIds: number[]; totalKobo: number };

/** Prices every line from the catalogue; ids no longer in it are reported, not priced. */
export async function priceCart(db: Database, cart: Cart): Promise<PricedCart> {
  const found = await getProductsByIds(
    db,
    cart.map((line) => line.productId),
  );
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines: PricedLine[] = [];
  const missingIds: number[] = [];
  for (const { productId, qty } of cart) {
    const product = byId.get(productId);
    if (!product) missingIds.push(productId);
    else lines.push({ product, qty, lineTotalKobo: product.priceKobo * qty });
  }
  return { lines, missingIds, totalKobo: lines.reduce((sum, l) => sum + l.lineTotalKobo, 0) };
}

export type OrderWithItems = Order & { items: OrderItem[] };

export type PlaceOrderInput = {
  details: CheckoutDetails;
  lines: PricedLine[];
  idempotencyKey: string;
  userId?: string | null;
};

/**
 * Records the order and its lines in one batch (all or nothing). A second call with the same
 * idempotency key (double click, retry, back-and-resubmit) returns the first order instead.
 */
export async function placeOrder(
  db: Database,
  input: PlaceOrderInput,
): Promise<{ order: OrderWithItems; created: boolean }> {
  const existing = await getOrderByIdempotencyKey(db, input.idempotencyKey);
  if (existing) return { order: existing, created: false };
  if (input.lines.length === 0) throw new Error("placeOrder needs at least one line");

  for (let attempt = 0; ; attempt++) {
    const id = crypto.randomUUID();
    const order = {
      id,
      orderRef: generateOrderRef(),
      accessToken: randomToken(),
      idempotencyKey: input.idempotencyKey,
      userId: input.userId ?? null,
      name: input.details.name,
      email: input.details.email,
      phone: input.details.phone,
      deliveryAddress: input.details.deliveryAddress,
      totalKobo: input.lines.reduce((sum, l) => sum + l.lineTotalKobo, 0),
    };
    const items = input.lines.map((line) => ({
      orderId: id,
      productId: line.product.id,
      name: line.product.name,
      imageKey: line.product.imageKey,
      unitPriceKobo: line.product.priceKobo,
      quantity: line.qty,
    }));
    try {
      await db.batch([db.insert(orders).values(order), db.insert(orderItems).values(items)]);
    } catch (error) {
      if (isUniqueViolation(error, "idempotency_key")) {
        const raced = await getOrderByIdempotencyKey(db, input.idempotencyKey);
        if (raced) return { order: raced, created: false };
      }
      if (isUniqueViolation(error, "order_ref") && attempt < 3) continue;
      throw error;
    }
    const created = await getOrderById(db, id);
    if (!created) throw new Error("Order vanished after insert");
    return { order: created, created: true };
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

export async function getOrderByIdempotencyKey(db: Database, key: string) {
  return withItems(db, await db.select().from(orders).where(eq(orders.idempotencyKey, key)).get());
}

/** The private status page's lookup: the token is the only credential, so it must match exactly. */
export async function getOrderByAccessToken(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) return undefined;
  return withItems(db, await db.select().from(orders).where(eq(orders.accessToken, token)).get());
}

/** The JSON API shape of an order (spec 3): money in naira, `_id`, `deliveryStatus`. */
export function toApiOrder(order: OrderWithItems, origin: string) {
  return {
    _id: order.id,
    orderRef: order.orderRef,
    email: order.email,
    name: order.name,
    phone: order.phone,
    deliveryAddress: order.deliveryAddress,
    totalAmount: koboToNaira(order.totalKobo),
    deliveryStatus: order.deliveryStatus,
    createdAt: new Date(order.createdAt).toISOString(),
    items: order.items.map((item) => {
      const image = productImageUrl(item.imageKey);
      return {
        name: item.name,
        image: image ? `${origin}${image}` : null,
        quantity: item.quantity,
        price: koboToNaira(item.unitPriceKobo),
      };
    }),
  };
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

export class OrderNotFoundError extends Error {}

/**
 * Sets an order's delivery status and records the change (who, when, from, to) in the same batch.
 * Setting the status it already has records nothing.
 */
export async function updateOrderStatus(
  db: Database,
  orderId: string,
  status: DeliveryStatus,
  admin: { id: string; name: string },
): Promise<{ order: Order; changed: boolean }> {
  const current = await db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!current) throw new OrderNotFoundError(orderId);
  if (current.deliveryStatus === status) return { order: current, changed: false };
  await db.batch([
    db.update(orders).set({ deliveryStatus: status }).where(eq(orders.id, orderId)),
    db.insert(orderStatusEvents).values({
      orderId,
      fromStatus: current.deliveryStatus,
      toStatus: status,
      changedBy: admin.id,
      changedByName: admin.name,
    }),
  ]);
  return { order: { ...current, deliveryStatus: status }, changed: true };
}

export type TimelineEntry = { id: number; from: string; to: string; by: string; at: number };

/** Each order's status changes, oldest first, for a list of orders in one query. */
export async function timelinesFor(db: Database, orderIds: string[]): Promise<Map<string, TimelineEntry[]>> {
  const byOrder = new Map<string, TimelineEntry[]>();
  if (orderIds.length === 0) return byOrder;
  const events = await db
    .select()
    .from(orderStatusEvents)
    .where(inArray(orderStatusEvents.orderId, orderIds))
    .orderBy(orderStatusEvents.createdAt, orderStatusEvents.id);
  for (const e of events) {
    const entry = { id: e.id, from: e.fromStatus, to: e.toStatus, by: e.changedByName, at: e.createdAt };
    byOrder.set(e.orderId, [...(byOrder.get(e.orderId) ?? []), entry]);
  }
  return byOrder;
}
