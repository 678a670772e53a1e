/**
 * Sending what the outbox holds: the queue's consumer, its dead-letter queue and the scheduled sweep
 * (workers/app.ts calls them). A message is sent at most once whatever the queue does: a row already sent
 * is acknowledged untouched, and the provider gets the row's id as its idempotency key, so a retry after a
 * lost answer is recognised there too. A failure is retried with a doubling delay; after the last retry
 * the queue hands it to the dead-letter queue, whose consumer marks it failed for admins to see.
 */
import type { AppConfig } from "~/services/env.server";
import { createDb } from "~/db/client.server";
import { retryDelaySeconds, STUCK_AFTER_MS } from "~/lib/messages";
import {
  claimStuck,
  getOutboxRow,
  isOptedOut,
  markAttemptFailed,
  markFinal,
  markSent,
} from "~/models/outbox.server";
import { sendThroughProvider } from "~/services/message-providers.server";
import { sendToQueue } from "./messages.server";

/** The dead-letter queue's name (wrangler.toml): its batches are the messages every retry failed. */
export const DEAD_LETTER_QUEUE = "medistore-messages-dlq";

type Body = { id: string };

const idOf = (body: unknown): string | null => {
  const id = (body as Partial<Body> | null)?.id;
  return typeof id === "string" && id.length <= 64 ? id : null;
};

/** One message off the queue: acknowledged once settled, retried later when the provider failed. */
async function deliverOne(env: Env, config: AppConfig, message: Message<unknown>): Promise<void> {
  const db = createDb(env.DB);
  const id = idOf(message.body);
  const row = id ? await getOutboxRow(db, id) : undefined;
  // No row: its change was not written (a condition of its batch failed). Not waiting: already settled.
  if (!row || row.state !== "queued") return message.ack();
  if (await isOptedOut(db, row.recipient)) {
    await markFinal(db, row.id, "stopped");
    return message.ack();
  }
  const outcome = await sendThroughProvider(env, config.messages, row);
  if (outcome.ok) {
    await markSent(db, row.id, outcome.providerMessageId);
    return message.ack();
  }
  await markAttemptFailed(db, row.id, outcome.error);
  if (outcome.permanent) {
    await markFinal(db, row.id, "failed", outcome.error);
    return message.ack();
  }
  message.retry({ delaySeconds: retryDelaySeconds(message.attempts, config.messages.retryBaseSeconds) });
}

/** The queue's consumer: each message on its own, so one failure never holds back the others. */
export async function deliverBatch(batch: MessageBatch<unknown>, env: Env, config: AppConfig): Promise<void> {
  if (batch.queue === DEAD_LETTER_QUEUE) return deadLetters(batch, env);
  await Promise.all(
    batch.messages.map((message) =>
      deliverOne(env, config, message).catch((error) => {
        console.error(`Message delivery failed unexpectedly: ${String(error)}`);
        message.retry({
          delaySeconds: retryDelaySeconds(message.attempts, config.messages.retryBaseSeconds),
        });
      }),
    ),
  );
}

/** Every retry failed: the message is marked failed (its last error says why) for admins to resend. */
async function deadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = createDb(env.DB);
  for (const message of batch.messages) {
    const id = idOf(message.body);
    const row = id ? await getOutboxRow(db, id) : undefined;
    if (row) await markFinal(db, row.id, "failed", row.lastError ?? "Every attempt to send it failed.");
    message.ack();
  }
}

/**
 * The scheduled sweep: messages still waiting long after they were last touched (the request's enqueue
 * failed, say) go on the queue again. Sending them twice is harmless: see above.
 */
export async function sweepOutbox(env: Env, now: number): Promise<number> {
  const ids = await claimStuck(createDb(env.DB), now - STUCK_AFTER_MS);
  if (ids.length > 0) await sendToQueue(env, ids);
  return ids.length;
}
