import { drizzle } from "drizzle-orm/d1";

/**
 * One Drizzle client per request, built from that request's D1 binding. Without the schema: the app uses
 * the query builder only (no `db.query`), and reading the schema's relations costs every request a few
 * milliseconds of CPU.
 */
export function createDb(d1: D1Database) {
  return drizzle(d1);
}
export type Database = ReturnType<typeof createDb>;
