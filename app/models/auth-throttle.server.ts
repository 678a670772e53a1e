/** Failed password attempts counted per key (an account, a client) in a window that restarts when it runs out. */
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { authThrottle } from "~/db/schema";

export async function throttleRows(db: Database, keys: string[]) {
  return db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
}

/** Adds one failure to each key; a key whose window ended before `now - windowMs` starts a new one. */
export async function recordFailures(db: Database, keys: string[], now: number, windowMs: number) {
  const expired = now - windowMs;
  const bump = (key: string) =>
    db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`CASE WHEN ${authThrottle.windowStartedAt} < ${expired} THEN 1 ELSE ${authThrottle.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${authThrottle.windowStartedAt} < ${expired} THEN ${now} ELSE ${authThrottle.windowStartedAt} END`,
        },
      });
  const [first, ...rest] = keys.map(bump);
  if (first) await db.batch([first, ...rest]);
}

export async function clearFailures(db: Database, key: string) {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
