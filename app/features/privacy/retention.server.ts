/**
 * The daily retention job (workers/app.ts `scheduled`, wrangler.toml [triggers]): deletes what is past its
 * period (config.retention, the same values /privacy states) and logs how many of each went, never who or
 * what. Chat messages are pruned by the chat party's own alarm (party/chat.ts), with the same period.
 *
 * Each step below is one kind of data; a last sweep removes personal images whose rows had gone already.
 */
import { MESSAGE_KEEP_DAYS } from "~/lib/messages";
import { deleteMessagesBefore } from "~/models/outbox.server";
import type { Database } from "~/db/client.server";
import {
  anonymiseOrdersBefore,
  deleteContactMessagesBefore,
  deleteExpiredSessions,
  deleteIdleThrottleRows,
  expiredPrescriptions,
  forgetReceipts,
  receiptsOfOrdersBefore,
  referencedImageKeys,
} from "~/models/privacy.server";
import { deleteExpiredAudit } from "~/models/audit.server";
import type { RetentionConfig } from "~/services/env.server";
import { removePrescriptions } from "./consents.server";

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Failed-login counts are forgotten after 30 minutes anyway; a day later their rows go. */
const THROTTLE_IDLE_MS = DAY_MS;
/** Prescriptions and receipts deleted per batch (one R2 delete call takes up to 1,000 keys). */
const PRESCRIPTION_BATCH = 500;

export type RetentionDeps = {
  db: Database;
  bucket: R2Bucket;
  retention: RetentionConfig;
};

export type RetentionReport = {
  prescriptions: number;
  receipts: number;
  /** Personal images whose row had already gone (a deletion whose R2 step failed). */
  strayImages: number;
  contactMessages: number;
  sessions: number;
  loginThrottles: number;
  ordersAnonymised: number;
  /** Audit trail entries past the order-record period they were written with. */
  auditEntries: number;
  /** Messages to customers (outbox rows, with their addresses) past MESSAGE_KEEP_DAYS. */
  messages: number;
};

/** Where personal images live in R2: prescriptions and transfer receipts. */
const PERSONAL_IMAGE_PREFIXES = ["prescriptions/", "receipts/"];
/**
 * An image is only taken for a stray once it is a day old: an upload writes its object a moment before its
 * row (a receipt), so a fresh object without a row may be one still arriving.
 */
const STRAY_AFTER_MS = DAY_MS;

/**
 * Objects a night's sweep looks at under each prefix: one R2 listing's worth, so the job stays within a
 * Worker invocation's subrequests (two listings and a dozen D1 batches a prefix) however large the bucket.
 */
const SWEEP_PER_PREFIX = 1000;

/**
 * Personal images no row points at any more. Deleting a prescription or a receipt removes its row first and
 * its R2 object after; if R2 failed then, the object stayed behind, unreachable but kept. Each night looks at
 * up to SWEEP_PER_PREFIX objects under each prefix from a random point in the keys' order (wrapping around
 * to the start), so a bucket of any size is covered over the nights and a small one every night.
 */
async function removeStrayImages(db: Database, bucket: R2Bucket, now: number): Promise<number> {
  let removed = 0;
  for (const prefix of PERSONAL_IMAGE_PREFIXES) {
    const start = prefix + crypto.randomUUID().slice(0, 8);
    const after = await bucket.list({ prefix, startAfter: start, limit: SWEEP_PER_PREFIX });
    let objects = after.objects;
    if (!after.truncated && objects.length < SWEEP_PER_PREFIX) {
      const before = await bucket.list({ prefix, limit: SWEEP_PER_PREFIX - objects.length });
      objects = objects.concat(before.objects.filter((object) => object.key <= start));
    }
    const old = objects
      .filter((object) => object.uploaded.getTime() < now - STRAY_AFTER_MS)
      .map((object) => object.key);
    const referenced = await referencedImageKeys(db, old);
    const stray = old.filter((key) => !referenced.has(key));
    if (stray.length > 0) await bucket.delete(stray);
    removed += stray.length;
  }
  return removed;
}

/** Order records: a year is taken as 365.25 days. */
export const orderRecordMs = (years: number) => Math.round(years * 365.25 * DAY_MS);

export async function runRetention(
  { db, bucket, retention }: RetentionDeps,
  now = Date.now(),
): Promise<RetentionReport> {
  // Prescriptions (rows and images) past their period, unless an order still being handled needs one.
  let prescriptions = 0;
  for (;;) {
    const due = await expiredPrescriptions(db, now - retention.prescriptionDays * DAY_MS, PRESCRIPTION_BATCH);
    prescriptions += await removePrescriptions(db, bucket, due);
    if (due.length < PRESCRIPTION_BATCH) break;
  }

  // Transfer receipts are part of the order's record: they go when it is anonymised, just before it.
  const orderCutoff = now - orderRecordMs(retention.orderRecordYears);
  let receipts = 0;
  for (;;) {
    const due = await receiptsOfOrdersBefore(db, orderCutoff, PRESCRIPTION_BATCH);
    const keys = due.flatMap((r) => (r.receiptKey ? [r.receiptKey] : []));
    receipts += await forgetReceipts(db, keys);
    if (keys.length > 0) await bucket.delete(keys);
    if (due.length < PRESCRIPTION_BATCH) break;
  }

  const report: RetentionReport = {
    prescriptions,
    receipts,
    strayImages: await removeStrayImages(db, bucket, now),
    contactMessages: await deleteContactMessagesBefore(db, now - retention.contactDays * DAY_MS),
    sessions: await deleteExpiredSessions(db, now),
    loginThrottles: await deleteIdleThrottleRows(db, now - THROTTLE_IDLE_MS),
    ordersAnonymised: await anonymiseOrdersBefore(db, orderCutoff),
    auditEntries: await deleteExpiredAudit(db, now),
    messages: await deleteMessagesBefore(db, now - MESSAGE_KEEP_DAYS * DAY_MS),
  };
  console.log(JSON.stringify({ job: "retention", removed: report }));
  return report;
}
