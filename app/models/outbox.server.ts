/**
 * The outbox (drizzle/0016): each message is one row, inserted by a statement of the batch that makes the
 * change it tells of, and as conditional as that change, so there is no change without its message and no
 * message without its change. The queue's consumer then reads a row by id and records how sending went.
 */
import { and, desc, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "~/db/client.server";
import { messageOptOuts, outbox, users, type OutboxRow } from "~/db/schema";
import { DEFAULT_CHANNELS, type MessageChannel, type MessageKind, type MessageState } from "~/lib/messages";

/** One message to write: its id (the provider's idempotency key), where it goes and what it says. */
export type OutboxDraft = {
  id: string;
  kind: MessageKind;
  channel: MessageChannel;
  recipient: string;
  orderId: string | null;
  /** The account it is about: its id, or SQL selecting it (a session's user, in a batch that checks it). */
  userId: string | SQL | null;
  subject: string;
  body: string;
};

/** The address has not asked to stop (an opt-out written earlier in the same batch counts too). */
export const notOptedOut = (address: string): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${messageOptOuts} WHERE ${messageOptOuts.address} = ${address})`;

/** The account wants messages on this channel (its choice, or the defaults until it chooses). */
export const accountWants = (userId: string | SQL, channel: MessageChannel): SQL =>
  sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId}
    AND instr(',' || coalesce(${users.messageChannels}, ${DEFAULT_CHANNELS.join(",")}) || ',', ${`,${channel},`}) > 0)`;

/** The INSERT … SELECT of a message: written only where every condition holds, evaluated in its batch. */
function insertOf(db: Database, draft: OutboxDraft, conditions: SQL[]) {
  const where = and(notOptedOut(draft.recipient), ...conditions);
  return db.insert(outbox).select(
    sql`SELECT ${draft.id}, ${draft.kind}, ${draft.channel}, ${draft.recipient}, ${draft.orderId},
        ${draft.userId}, ${draft.subject}, ${draft.body}, 'queued', 0, NULL, NULL,
        unixepoch('subsec') * 1000, unixepoch('subsec') * 1000 WHERE ${where}`,
  );
}

/** The message as one more statement of a Drizzle batch. */
export function outboxStatement(
  db: Database,
  draft: OutboxDraft,
  conditions: SQL[] = [],
): BatchItem<"sqlite"> {
  return insertOf(db, draft, conditions);
}

/** The same message as a plain D1 statement, for batches made with `d1.batch([...])`. */
export function outboxD1Statement(
  db: Database,
  draft: OutboxDraft,
  conditions: SQL[] = [],
): D1PreparedStatement {
  const query = insertOf(db, draft, conditions).toSQL();
  return db.$client.prepare(query.sql).bind(...query.params);
}

export async function getOutboxRow(db: Database, id: string): Promise<OutboxRow | undefined> {
  return db.select().from(outbox).where(eq(outbox.id, id)).get();
}

export async function isOptedOut(db: Database, address: string): Promise<boolean> {
  const row = await db
    .select({ address: messageOptOuts.address })
    .from(messageOptOuts)
    .where(eq(messageOptOuts.address, address))
    .get();
  return row !== undefined;
}

/** Records that an address wants no more messages (again: no error), and stops what is still waiting. */
export async function optOut(db: Database, address: string): Promise<void> {
  await db.batch([
    db.insert(messageOptOuts).values({ address }).onConflictDoNothing(),
    db
      .update(outbox)
      .set({ state: "stopped", updatedAt: sql`unixepoch('subsec') * 1000` })
      .where(and(eq(outbox.recipient, address), eq(outbox.state, "queued"))),
  ]);
}

/** The owner asked for messages again (choosing channels on their account): their addresses may get them. */
export function optInStatement(db: Database, addresses: string[]): BatchItem<"sqlite"> {
  return db.delete(messageOptOuts).where(inArray(messageOptOuts.address, addresses));
}

const now = sql`unixepoch('subsec') * 1000`;

/** The provider took the message. Only a waiting message moves: a second delivery of it changes nothing. */
export async function markSent(db: Database, id: string, providerMessageId: string | null): Promise<void> {
  await db
    .update(outbox)
    .set({
      state: "sent",
      providerMessageId,
      attempts: sql`${outbox.attempts} + 1`,
      lastError: null,
      updatedAt: now,
    })
    .where(and(eq(outbox.id, id), eq(outbox.state, "queued")));
}

export async function markAttemptFailed(db: Database, id: string, error: string): Promise<void> {
  await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error.slice(0, 500), updatedAt: now })
    .where(and(eq(outbox.id, id), eq(outbox.state, "queued")));
}

/** Sets a waiting message's final state (failed after every retry, or stopped by its address). */
export async function markFinal(
  db: Database,
  id: string,
  state: Extract<MessageState, "failed" | "stopped">,
  reason?: string,
): Promise<void> {
  await db
    .update(outbox)
    .set({ state, updatedAt: now, ...(reason ? { lastError: reason.slice(0, 500) } : {}) })
    .where(and(eq(outbox.id, id), eq(outbox.state, "queued")));
}

/** The provider's delivery report: a sent message reached the phone, or did not (with the reason). */
export async function recordDeliveryReport(
  db: Database,
  providerMessageId: string,
  outcome: { delivered: true } | { delivered: false; reason: string },
): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set(
      outcome.delivered
        ? { state: "delivered", updatedAt: now }
        : { state: "failed", lastError: outcome.reason.slice(0, 500), updatedAt: now },
    )
    .where(and(eq(outbox.providerMessageId, providerMessageId), inArray(outbox.state, ["sent", "queued"])))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** An admin sends a failed message again: waiting once more, with its tries counted afresh. */
export async function requeueFailed(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ state: "queued", attempts: 0, updatedAt: now })
    .where(and(eq(outbox.id, id), eq(outbox.state, "failed")))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/**
 * Messages still waiting long after they were last touched (their enqueue failed, or the queue lost them):
 * touched now, so the next sweep leaves them a while, and answered for the queue.
 */
export async function claimStuck(db: Database, olderThan: number, limit = 100): Promise<string[]> {
  const rows = await db
    .update(outbox)
    .set({ updatedAt: now })
    .where(
      inArray(
        outbox.id,
        db
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(eq(outbox.state, "queued"), lt(outbox.updatedAt, olderThan)))
          .limit(limit),
      ),
    )
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

export type OutboxLine = Pick<
  OutboxRow,
  | "id"
  | "kind"
  | "channel"
  | "recipient"
  | "orderId"
  | "subject"
  | "body"
  | "state"
  | "attempts"
  | "lastError"
  | "createdAt"
  | "updatedAt"
>;

const LINE = {
  id: outbox.id,
  kind: outbox.kind,
  channel: outbox.channel,
  recipient: outbox.recipient,
  orderId: outbox.orderId,
  subject: outbox.subject,
  body: outbox.body,
  state: outbox.state,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  updatedAt: outbox.updatedAt,
};

/** Messages in a state, most recently touched first (the failures page). */
export async function messagesInState(db: Database, state: MessageState, limit = 50): Promise<OutboxLine[]> {
  return db
    .select(LINE)
    .from(outbox)
    .where(eq(outbox.state, state))
    .orderBy(desc(outbox.updatedAt), desc(outbox.id))
    .limit(limit);
}

/** The account's chosen channels as stored (null: never chosen) and its addresses. */
export async function accountMessaging(db: Database, userId: string | SQL) {
  return db
    .select({ channels: users.messageChannels, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

export async function optedOutAmong(db: Database, addresses: string[]): Promise<string[]> {
  if (addresses.length === 0) return [];
  const rows = await db
    .select({ address: messageOptOuts.address })
    .from(messageOptOuts)
    .where(inArray(messageOptOuts.address, addresses));
  return rows.map((r) => r.address);
}

/**
 * Which of the account's own addresses (its e-mail and phone) said STOP, picked by the account (which may
 * be SQL that selects it), so it travels to D1 beside the account rather than after it.
 */
export async function optedOutOfAccount(db: Database, userId: string | SQL): Promise<string[]> {
  const rows = await db
    .select({ address: messageOptOuts.address })
    .from(messageOptOuts)
    .where(
      or(
        inArray(
          messageOptOuts.address,
          db.select({ a: users.email }).from(users).where(eq(users.id, userId)),
        ),
        inArray(
          messageOptOuts.address,
          db.select({ a: users.phone }).from(users).where(eq(users.id, userId)),
        ),
      ),
    );
  return rows.map((r) => r.address);
}

/** Saves the account's channels and, in the same batch, lets its own addresses get messages again. */
export async function setAccountChannels(db: Database, userId: string, stored: string, addresses: string[]) {
  await db.batch([
    db.update(users).set({ messageChannels: stored }).where(eq(users.id, userId)),
    optInStatement(db, addresses.length ? addresses : [""]),
  ]);
}

/** The retention job: messages written before `cutoff` go, whatever their state. */
export async function deleteMessagesBefore(db: Database, cutoff: number): Promise<number> {
  const rows = await db.delete(outbox).where(lt(outbox.createdAt, cutoff)).returning({ id: outbox.id });
  return rows.length;
}
