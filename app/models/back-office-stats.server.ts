/** The back office overview's figures: today's orders, revenue by day, orders awaiting payment, stock alerts. */
import { and, asc, gte, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders, products } from "~/db/schema";
import { LOW_STOCK } from "~/lib/limits";
import { PAYMENT_STATUS } from "~/lib/vocabularies";

/** Nigeria is on West Africa Time (UTC+1, no daylight saving): a "day" in the back office is a Lagos day. */
export const WAT_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of `now`'s Lagos day, in epoch milliseconds. */
export function startOfLagosDay(now: number): number {
  return Math.floor((now + WAT_OFFSET_MS) / DAY_MS) * DAY_MS - WAT_OFFSET_MS;
}

/** The payment statuses that mean the money has arrived, and those that mean it has not. */
const SETTLED = PAYMENT_STATUS.entries.filter((status) => status.settled).map((status) => status.value);
const UNSETTLED = PAYMENT_STATUS.entries.filter((status) => !status.settled).map((status) => status.value);

/**
 * Per Lagos day from `since`, oldest first: the orders placed, and of them the paid ones and their takings
 * (money received, so an unpaid order adds nothing). Cancelled orders are left out.
 */
export async function ordersByDay(db: Database, since: number) {
  // created_at may hold fractions of a millisecond (a REAL): the day number is cast to a whole one.
  const day = sql<number>`cast((${orders.createdAt} + ${WAT_OFFSET_MS}) / ${DAY_MS} as integer)`;
  const settled = inArray(orders.paymentStatus, SETTLED);
  return db
    .select({
      day,
      orders: sql<number>`count(*)`,
      paidOrders: sql<number>`coalesce(sum(case when ${settled} then 1 else 0 end), 0)`,
      revenueKobo: sql<number>`coalesce(sum(case when ${settled} then ${orders.totalKobo} else 0 end), 0)`,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, since), ne(orders.deliveryStatus, "Cancelled")))
    .groupBy(day)
    .orderBy(asc(day));
}

/** Orders not yet paid (and not cancelled), and how many of them have a transfer receipt to check. */
export async function countAwaitingPayment(db: Database): Promise<{ total: number; withReceipt: number }> {
  const row = await db
    .select({
      total: sql<number>`count(*)`,
      withReceipt: sql<number>`coalesce(sum(${orders.receiptKey} IS NOT NULL), 0)`,
    })
    .from(orders)
    .where(and(inArray(orders.paymentStatus, UNSETTLED), ne(orders.deliveryStatus, "Cancelled")))
    .get();
  return { total: row?.total ?? 0, withReceipt: row?.withReceipt ?? 0 };
}

/** Counted products with `LOW_STOCK` units or fewer, fewest first. */
export async function lowStockProducts(db: Database, limit = 10) {
  return db
    .select({ id: products.id, name: products.name, stock: products.stock })
    .from(products)
    .where(and(isNotNull(products.stock), lte(products.stock, LOW_STOCK)))
    .orderBy(asc(products.stock), asc(products.name))
    .limit(limit);
}
