/**
 * Orders as the back office searches them at 100,000+: each filter rides an index (reference, phone and
 * e-mail exactly, status and payment with the date, a name through its trigram index); only a name search
 * of one or two letters, too short for trigrams, scans (newest first, so it stops at a page of matches).
 */
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders, type Order } from "~/db/schema";
import type { OrderFilters } from "~/lib/order-filters";
import { containsPattern } from "~/lib/sql-like";
import { normalizeNigerianPhone } from "~/lib/validation";

const DAY_MS = 24 * 60 * 60 * 1000;
/** West Africa Time, UTC+1 all year: a date filter means a Lagos day. */
const WAT_OFFSET_MS = 60 * 60 * 1000;

function lagosDayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - WAT_OFFSET_MS;
}

/** What `q` means: an order reference, a phone number, an e-mail, or else part of a name. */
function textCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const ref = /^(MS-)?([0-9A-Z]{6})$/i.exec(q);
  const phone = normalizeNigerianPhone(q);
  if (phone) return eq(orders.phone, phone);
  if (q.includes("@")) return eq(orders.email, q.toLowerCase());
  const byName =
    [...q].length >= 3
      ? sql`${orders}.rowid IN (SELECT rowid FROM orders_name_search WHERE orders_name_search MATCH ${`"${q.replace(/"/g, '""')}"`})`
      : sql`${orders.name} LIKE ${containsPattern(q)} ESCAPE '\\'`;
  return ref ? sql`(${eq(orders.orderRef, `MS-${ref[2].toUpperCase()}`)} OR ${byName})` : byName;
}

export function orderConditions(filters: OrderFilters): SQL | undefined {
  return and(
    textCondition(filters.q),
    filters.status ? eq(orders.deliveryStatus, filters.status) : undefined,
    filters.paymentStatus ? eq(orders.paymentStatus, filters.paymentStatus) : undefined,
    filters.from ? gte(orders.createdAt, lagosDayStart(filters.from)) : undefined,
    filters.to ? lt(orders.createdAt, lagosDayStart(filters.to) + DAY_MS) : undefined,
  );
}

/** One page of matching orders, newest first; `hasMore` from one row past the page. */
export async function searchOrders(
  db: Database,
  filters: OrderFilters,
  { page = 1, pageSize = 50 }: { page?: number; pageSize?: number } = {},
): Promise<{ orders: Order[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(orders)
    .where(orderConditions(filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return { orders: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/** Matching orders for a CSV export, newest first, at most `limit`, each with its lines as one text. */
export async function ordersForExport(db: Database, filters: OrderFilters, limit: number) {
  return db
    .select({
      order: orders,
      // Written out in full: inside a subquery, drizzle's unqualified column names would bind to order_items.
      lines: sql<
        string | null
      >`(SELECT group_concat(oi.name || ' x ' || oi.quantity, '; ') FROM order_items oi WHERE oi.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(orderConditions(filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
