import { drizzle } from "drizzle-orm/d1";

/**
 * The Drizzle client of a D1 binding, built once per binding and isolate: it holds no per-request state
 * (D1 has no open transactions; a batch is one call), and building it on every request showed in profiles.
 * Without the schema: the app uses the query builder only (no `db.query`), and reading the schema's
 * relations costs every request a few milliseconds of CPU.
 */
const clients = new WeakMap<D1Database, ReturnType<typeof drizzle>>();

export function createDb(d1: D1Database) {
  let db = clients.get(d1);
  if (!db) {
    db = drizzle(d1);
    clients.set(d1, db);
  }
  return db;
}
export type Database = ReturnType<typeof createDb>;
