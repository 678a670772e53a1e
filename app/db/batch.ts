import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client.server";

/**
 * `db.batch` for a list of statements built at run time (Drizzle's types want a non-empty tuple): one
 * all-or-nothing D1 batch, answering each statement's result in order.
 */
export async function runBatch(db: Database, statements: BatchItem<"sqlite">[]): Promise<unknown[]> {
  const [first, ...rest] = statements;
  if (!first) return [];
  return db.batch([first, ...rest]);
}
