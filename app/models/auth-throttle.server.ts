/**
 * Failed password attempts counted per key (an account, an address at an account, an address, a trusted
 * device at an account): how many, and when the latest was. A key quiet for long enough is forgotten.
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~/db/client.server";
import { authThrottle } from "~/db/schema";

export type ThrottleRow = typeof authThrottle.$inferSelect;

export async function throttleRows(db: Database, keys: string[]): Promise<ThrottleRow[]> {
  if (keys.length === 0) return [];
  return db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
}

/**
 * Counts one attempt against each key at `now`, before its password is checked, so that parallel guesses
 * cannot all pass a check made before any of them was counted. A key whose latest failure is `forgetMs`
 * old or older starts again at 1. Answers each key's new count.
 */
export async function countAttempt(
  db: Database,
  keys: string[],
  now: number,
  forgetMs: number,
): Promise<Map<string, number>> {
  const forgotten = now - forgetMs;
  const bump = (key: string) =>
    db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`CASE WHEN ${authThrottle.windowStartedAt} <= ${forgotten} THEN 1 ELSE ${authThrottle.failures} + 1 END`,
          windowStartedAt: now,
        },
      })
      .returning({ key: authThrottle.key, failures: authThrottle.failures });
  const [first, ...rest] = keys.map(bump);
  if (!first) return new Map();
  const results = await db.batch([first, ...rest]);
  return new Map(results.flat().map((row) => [row.key, row.failures]));
}

/** What a successful login forgives of a key it had counted: `by` failures, and its latest time. */
export type Forgiveness = {
  key: string;
  by: number;
  /** The latest failure before the attempt counted at `now` (null when there was none to go back to). */
  previousAt: number | null;
};

/**
 * After a successful login (counted at `now` by countAttempt): each `clear` key starts again; each
 * `forgive` key loses `by` failures and, unless another failure came since, gets back its previous latest
 * failure time. Keys left with no failures go.
 */
export async function forgiveAttempts(
  db: Database,
  { clear, forgive, now }: { clear: string[]; forgive: Forgiveness[]; now: number },
  /** More statements written in the same batch (the new session, an account's deletion). */
  also: BatchItem<"sqlite">[] = [],
): Promise<unknown[]> {
  const forgiven = forgive.map((f) => f.key);
  const statements = [
    ...forgive.map(({ key, by, previousAt }) =>
      db
        .update(authThrottle)
        .set({
          failures: sql`max(${authThrottle.failures} - ${by}, 0)`,
          ...(previousAt === null
            ? {}
            : {
                windowStartedAt: sql`CASE WHEN ${authThrottle.windowStartedAt} = ${now} THEN ${previousAt} ELSE ${authThrottle.windowStartedAt} END`,
              }),
        })
        .where(eq(authThrottle.key, key)),
    ),
    ...(forgiven.length > 0
      ? [
          db
            .delete(authThrottle)
            .where(and(inArray(authThrottle.key, forgiven), lte(authThrottle.failures, 0))),
        ]
      : []),
    ...(clear.length > 0 ? [db.delete(authThrottle).where(inArray(authThrottle.key, clear))] : []),
  ];
  const [first, ...rest] = [...statements, ...also];
  if (!first) return [];
  // What `also` answered, in its order.
  return (await db.batch([first, ...rest])).slice(statements.length);
}
