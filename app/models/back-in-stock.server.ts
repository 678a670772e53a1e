/**
 * "Tell me when it is back": a signed-in customer's request about an out-of-stock product, kept with the
 * account (back_in_stock_requests; deleted with the account or the product).
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~/db/client.server";
import type { BatchedRead } from "~/db/read-batch.server";
import { backInStockRequests, products, users } from "~/db/schema";

/** Asks again without error: the first request's date stands. */
export async function askBackInStock(db: Database, userId: string, productId: number): Promise<void> {
  await db.insert(backInStockRequests).values({ userId, productId }).onConflictDoNothing();
}

export async function forgetBackInStock(db: Database, userId: string, productId: number): Promise<void> {
  await db
    .delete(backInStockRequests)
    .where(and(eq(backInStockRequests.userId, userId), eq(backInStockRequests.productId, productId)));
}

export async function hasAskedBackInStock(
  read: BatchedRead,
  userId: string | SQL,
  productId: number,
): Promise<boolean> {
  const rows = await read(sql`SELECT 1 FROM ${backInStockRequests}
    WHERE ${backInStockRequests.userId} = ${userId} AND ${backInStockRequests.productId} = ${productId}`);
  return rows.length > 0;
}

/** A customer's requests, newest first, with the product's card columns and whether it is back. */
export type BackInStockEntry = {
  productId: number;
  name: string;
  priceKobo: number;
  imageKey: string | null;
  stock: number | null;
  askedAt: number;
};

export async function backInStockOf(read: BatchedRead, userId: string | SQL): Promise<BackInStockEntry[]> {
  return read<BackInStockEntry>(sql`
    SELECT ${products.id} AS productId, ${products.name} AS name, ${products.priceKobo} AS priceKobo,
      ${products.imageKey} AS imageKey, ${products.stock} AS stock, ${backInStockRequests.createdAt} AS askedAt
    FROM ${backInStockRequests} JOIN ${products} ON ${products.id} = ${backInStockRequests.productId}
    WHERE ${backInStockRequests.userId} = ${userId}
    ORDER BY ${backInStockRequests.createdAt} DESC LIMIT 50`);
}

/**
 * Who asked to be told when product `productId` is back, oldest request first: what a message job reads
 * once the product is in stock again. It stamps each request with markBackInStockNotified once the
 * customer has been told, so nobody is told twice.
 */
export async function backInStockRequestsFor(db: Database, productId: number) {
  return db
    .select({
      userId: backInStockRequests.userId,
      email: users.email,
      phone: users.phone,
      name: users.name,
      askedAt: backInStockRequests.createdAt,
      notifiedAt: backInStockRequests.notifiedAt,
    })
    .from(backInStockRequests)
    .innerJoin(users, eq(users.id, backInStockRequests.userId))
    .where(eq(backInStockRequests.productId, productId))
    .orderBy(asc(backInStockRequests.createdAt), desc(backInStockRequests.userId));
}

export async function markBackInStockNotified(
  db: Database,
  userId: string,
  productId: number,
  at = Date.now(),
): Promise<void> {
  await db
    .update(backInStockRequests)
    .set({ notifiedAt: at })
    .where(and(eq(backInStockRequests.userId, userId), eq(backInStockRequests.productId, productId)));
}

/** Stamps these customers' requests about the product as told, as one statement of the batch telling them. */
export function markBackInStockNotifiedStatement(
  db: Database,
  productId: number,
  userIds: string[],
  onlyIf: ReturnType<typeof sql>,
): BatchItem<"sqlite"> {
  return db
    .update(backInStockRequests)
    .set({ notifiedAt: sql`unixepoch('subsec') * 1000` })
    .where(
      and(
        eq(backInStockRequests.productId, productId),
        inArray(backInStockRequests.userId, userIds),
        isNull(backInStockRequests.notifiedAt),
        onlyIf,
      ),
    );
}
