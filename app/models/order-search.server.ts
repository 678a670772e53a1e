/**
 * Orders as the back office searches them at 100,000+: each filter rides an index (reference, phone and
 * e-mail exactly, status and payment with the date, a name through its trigram index); only a name search
 * of one or two letters, too short for trigrams, scans (newest first, so it stops at a page of matches).
 *
 * A page of a name search has two ways to its rows. A name few orders carry: look each match up and sort
 * them (at most NAME_MATCHES_TO_SORT). A name thousands carry (a common surname): walk the date index
 * newest first, keep the matches, and stop at the end of the page, so page 1 reads a few thousand index
 * entries and no order that is not shown.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { BatchedRead } from "~/db/read-batch.server";
import {
  orders,
  type Order,
  type OrderItem,
  type OrderStatusEvent,
  type OutboxRow,
  type PrescriptionReview,
} from "~/db/schema";
import type { OrderFilters } from "~/lib/order-filters";
import { refundStillFailed } from "./payment.server";
import { containsPattern } from "~/lib/sql-like";
import { lagosDayStart } from "~/lib/lagos-time";
import { normalizeNigerianPhone } from "~/lib/validation";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Past this many orders with a name, a page walks the date index instead of sorting every match. */
export const NAME_MATCHES_TO_SORT = 500;

/** The trigram index's query for a name search (3+ letters, as one phrase), or null when `q` is not one. */
function namePhrase(q: string): string | null {
  if (!q || normalizeNigerianPhone(q) || q.includes("@") || [...q].length < 3) return null;
  return `"${q.replace(/"/g, '""')}"`;
}

/**
 * What `q` means: an order reference, a phone number, an e-mail, or else part of a name. `walkNames`: the
 * name's matches only filter a walk of the date index (the unary + keeps SQLite from looking each one up).
 */
function textCondition(q: string, walkNames: boolean): SQL | undefined {
  if (!q) return undefined;
  const ref = /^(MS-)?([0-9A-Z]{6})$/i.exec(q);
  const phone = normalizeNigerianPhone(q);
  if (phone) return eq(orders.phone, phone);
  if (q.includes("@")) return eq(orders.email, q.toLowerCase());
  const phrase = namePhrase(q);
  const matches = sql`(SELECT rowid FROM orders_name_search WHERE orders_name_search MATCH ${phrase})`;
  const byName = !phrase
    ? sql`${orders.name} LIKE ${containsPattern(q)} ESCAPE '\\'`
    : walkNames
      ? sql`+${orders}.rowid IN ${matches}`
      : sql`${orders}.rowid IN ${matches}`;
  return ref ? sql`(${eq(orders.orderRef, `MS-${ref[2].toUpperCase()}`)} OR ${byName})` : byName;
}

export function orderConditions(filters: OrderFilters, { walkNames = false } = {}): SQL | undefined {
  return and(
    textCondition(filters.q, walkNames),
    filters.status ? eq(orders.deliveryStatus, filters.status) : undefined,
    filters.paymentStatus ? eq(orders.paymentStatus, filters.paymentStatus) : undefined,
    filters.from ? gte(orders.createdAt, lagosDayStart(filters.from)) : undefined,
    filters.to ? lt(orders.createdAt, lagosDayStart(filters.to) + DAY_MS) : undefined,
  );
}

/**
 * The ids of one page of matching orders (`limit` of them after `offset`, newest first), as a subquery: the
 * same pick as the back office's list (pickPage), the count that chooses a name search's way to its rows
 * included, so a page of the JSON API takes one statement where it took a count and then the page.
 */
export function pageOrderIds(filters: OrderFilters, window: { limit: number; offset: number }): SQL {
  return sql`(WITH ${pickPage(filters, window)} SELECT id FROM page)`;
}

export const ORDER_PAGE_SIZE = 50;

/** An order as the back office's list shows it: what its row and its details say, nothing more. */
export type BackOfficeOrder = Pick<
  Order,
  | "id"
  | "orderRef"
  | "name"
  | "email"
  | "phone"
  | "deliveryAddress"
  | "totalKobo"
  | "deliveryStatus"
  | "paymentStatus"
  | "paymentMethod"
  | "reviewStatus"
  | "createdAt"
> & {
  /** When the transfer receipt it points at was uploaded; null without one. */
  receiptUploadedAt: number | null;
  items: Pick<OrderItem, "id" | "name" | "quantity">[];
  /** Status, payment and receipt events, oldest first. */
  events: Pick<OrderStatusEvent, "id" | "kind" | "fromStatus" | "toStatus" | "changedByName" | "createdAt">[];
  /** The latest pharmacist's decision on a prescription order. */
  review: Pick<PrescriptionReview, "decision" | "note" | "reviewerName" | "reviewerPcn" | "createdAt"> | null;
  /** The messages the order caused, oldest first. */
  messages: Pick<OutboxRow, "id" | "kind" | "channel" | "recipient" | "state" | "createdAt">[];
  /** The gateway could not send some of its money back, and that money is not back yet. */
  refundFailed: boolean;
};

type PageRow = {
  id: string;
  order_ref: string;
  name: string;
  email: string;
  phone: string;
  delivery_address: string;
  total_kobo: number;
  delivery_status: Order["deliveryStatus"];
  payment_status: Order["paymentStatus"];
  payment_method: Order["paymentMethod"];
  review_status: Order["reviewStatus"];
  created_at: number;
  receipt_uploaded_at: number | null;
  /** JSON: [[id, name, quantity], …] */
  items: string;
  /** JSON: [[id, kind, from, to, by, at], …] */
  events: string;
  /** JSON: [decision, note, reviewer name, PCN, at], or null */
  review: string | null;
  /** JSON: [[id, kind, channel, recipient, state, at], …] */
  messages: string;
  /** 1: a refund failed at the gateway, its money not back yet. */
  refund_failed: number;
};

/**
 * One page of the back office's list, newest first, in one query: the page's orders (picked first, so
 * nothing below is read for an order that is not shown), each with its lines, its timeline and its
 * latest review as JSON. `hasMore` from one row past the page. A batched read (db/read-batch.server.ts):
 * it travels to D1 with the request's session lookup.
 */
export async function backOfficeOrders(
  read: BatchedRead,
  filters: OrderFilters,
  { page = 1, pageSize = ORDER_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
): Promise<{ orders: BackOfficeOrder[]; hasMore: boolean }> {
  const rows = await read<PageRow>(sql`
    WITH ${pickPage(filters, { limit: pageSize + 1, offset: (page - 1) * pageSize })}
    SELECT page.*,
      (SELECT json_group_array(json_array(oi.id, oi.name, oi.quantity))
        FROM order_items oi WHERE oi.order_id = page.id) AS items,
      (SELECT json_group_array(json_array(e.id, e.kind, e.from_status, e.to_status, e.changed_by_name, e.created_at))
        FROM order_status_events e WHERE e.order_id = page.id) AS events,
      (SELECT json_group_array(json_array(m.id, m.kind, m.channel, m.recipient, m.state, m.created_at))
        FROM outbox m WHERE m.order_id = page.id) AS messages,
      CASE WHEN page.review_status IS NULL THEN NULL ELSE (
        SELECT json_array(r.decision, r.note, r.reviewer_name, r.reviewer_pcn, r.created_at)
        FROM prescription_reviews r WHERE r.order_id = page.id
        ORDER BY r.created_at DESC, r.id DESC LIMIT 1
      ) END AS review,
      ${refundStillFailed(sql`page.id`)} AS refund_failed
    FROM page
    ORDER BY page.created_at DESC, page.id DESC`);
  return { orders: rows.slice(0, pageSize).map(backOfficeOrder), hasMore: rows.length > pageSize };
}

/**
 * The CTE `page`: the orders of one page, newest first, with the columns the list shows, materialized so
 * that what the list adds to each (its lines, its timeline) is read for those orders only. A name search
 * holds both ways to its page (see the top of this file), each behind a LIMIT that is zero unless the
 * name's count chooses it: one statement, one trip to the database.
 */
function pickPage(filters: OrderFilters, { limit, offset }: { limit: number; offset: number }): SQL {
  const arm = (where: SQL | undefined, take: SQL) => sql`SELECT * FROM (
      SELECT id, order_ref, name, email, phone, delivery_address, total_kobo, delivery_status, payment_status,
        payment_method, review_status, created_at,
        CASE WHEN receipt_key IS NULL THEN NULL ELSE receipt_uploaded_at END AS receipt_uploaded_at
      FROM orders ${where ? sql`WHERE ${where}` : sql``}
      ORDER BY created_at DESC, id DESC
      LIMIT ${take} OFFSET ${offset})`;
  const phrase = namePhrase(filters.q);
  if (!phrase) return sql`page AS MATERIALIZED (${arm(orderConditions(filters), sql`${limit}`)})`;
  const common = sql`(SELECT n FROM name_matches) >= ${NAME_MATCHES_TO_SORT}`;
  return sql`name_matches AS (
      SELECT count(*) AS n FROM (
        SELECT 1 FROM orders_name_search WHERE orders_name_search MATCH ${phrase} LIMIT ${NAME_MATCHES_TO_SORT})
    ),
    page AS MATERIALIZED (
      ${arm(orderConditions(filters), sql`CASE WHEN ${common} THEN 0 ELSE ${limit} END`)}
      UNION ALL
      ${arm(orderConditions(filters, { walkNames: true }), sql`CASE WHEN ${common} THEN ${limit} ELSE 0 END`)}
    )`;
}

function backOfficeOrder(row: PageRow): BackOfficeOrder {
  const items = (JSON.parse(row.items) as [number, string, number][])
    .map(([id, name, quantity]) => ({ id, name, quantity }))
    .sort((a, b) => a.id - b.id);
  const events = (JSON.parse(row.events) as [number, string, string, string, string, number][])
    .map(([id, kind, fromStatus, toStatus, changedByName, createdAt]) => ({
      id,
      kind: kind as OrderStatusEvent["kind"],
      fromStatus,
      toStatus,
      changedByName,
      createdAt,
    }))
    .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const messages = (
    JSON.parse(row.messages) as [
      string,
      OutboxRow["kind"],
      OutboxRow["channel"],
      string,
      OutboxRow["state"],
      number,
    ][]
  )
    .map(([id, kind, channel, recipient, state, createdAt]) => ({
      id,
      kind,
      channel,
      recipient,
      state,
      createdAt,
    }))
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  const review = row.review
    ? (JSON.parse(row.review) as [PrescriptionReview["decision"], string, string, string, number])
    : null;
  return {
    id: row.id,
    orderRef: row.order_ref,
    name: row.name,
    email: row.email,
    phone: row.phone,
    deliveryAddress: row.delivery_address,
    totalKobo: row.total_kobo,
    deliveryStatus: row.delivery_status,
    paymentStatus: row.payment_status,
    paymentMethod: row.payment_method,
    reviewStatus: row.review_status,
    createdAt: row.created_at,
    receiptUploadedAt: row.receipt_uploaded_at,
    items,
    events,
    messages,
    refundFailed: row.refund_failed === 1,
    review: review && {
      decision: review[0],
      note: review[1],
      reviewerName: review[2],
      reviewerPcn: review[3],
      createdAt: review[4],
    },
  };
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
