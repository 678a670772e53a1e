/** One-time password reset links: stored by the SHA-256 of their token, spent at most once. */
import { and, eq, gt, inArray, isNull, lt, or } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~/db/client.server";
import { passwordResets, sessions, users } from "~/db/schema";

/** Stores a new link; `also` (its audit entry) is written in the same batch. */
export async function insertPasswordReset(
  db: Database,
  reset: { tokenHash: string; userId: string; issuedBy: string; issuedByName: string; expiresAt: number },
  also: BatchItem<"sqlite">[] = [],
): Promise<void> {
  // Issuing a new link retires the account's earlier ones, and old rows go.
  await db.batch([
    db
      .delete(passwordResets)
      .where(
        or(
          eq(passwordResets.userId, reset.userId),
          lt(passwordResets.expiresAt, Date.now() - 24 * 60 * 60 * 1000),
        ),
      ),
    db.insert(passwordResets).values(reset),
    ...also,
  ]);
}

/** The account a live (unused, unexpired) link resets, without spending it. */
export async function findLiveReset(db: Database, tokenHash: string, now: number) {
  return db
    .select({ userId: passwordResets.userId, email: users.email, expiresAt: passwordResets.expiresAt })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .get();
}

/**
 * Sets the new password, ends every session of the account and spends the link, in one all-or-nothing batch
 * whose every statement is conditioned on the link being live: of two tabs submitting together, the second
 * finds it spent and changes nothing. Answers whether it was live.
 */
export async function spendPasswordReset(
  db: Database,
  tokenHash: string,
  passwordHash: string,
  now: number,
): Promise<boolean> {
  const live = and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );
  const owner = db.select({ id: passwordResets.userId }).from(passwordResets).where(live);
  const [, , spent] = await db.batch([
    db.update(users).set({ passwordHash }).where(inArray(users.id, owner)),
    db.delete(sessions).where(inArray(sessions.userId, owner)),
    db.update(passwordResets).set({ usedAt: now }).where(live).returning({ userId: passwordResets.userId }),
  ]);
  return spent.length > 0;
}
