import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** One Drizzle client per request, built from that request's D1 binding. */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}
export type Database = ReturnType<typeof createDb>;
