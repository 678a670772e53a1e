/**
 * The daily retention job (workers/app.ts `scheduled`, wrangler.toml [triggers]): deletes what is past its
 * period (config.retention, the same values /privacy states) and logs how many of each went, never who or
 * what. Chat messages are pruned by the chat party's own alarm (party/chat.ts), with the same period.
 *
 * Each step below is one kind of data.
 */
import type { Database } from "~/db/client.server";
import {
  anonymiseOrdersBefore,
  deleteContactMessagesBefore,
  deleteExpiredSessions,
  deleteIdleThrottleRows,
  expiredPrescriptions,
  forgetReceipts,
  receiptsOfOrdersBefore,
} from "~/models/privacy.server";
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
  contactMessages: number;
  sessions: number;
  loginThrottles: number;
  ordersAnonymised: number;
};

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
    contactMessages: await deleteContactMessagesBefore(db, now - retention.contactDays * DAY_MS),
    sessions: await deleteExpiredSessions(db, now),
    loginThrottles: await deleteIdleThrottleRows(db, now - THROTTLE_IDLE_MS),
    ordersAnonymised: await anonymiseOrdersBefore(db, orderCutoff),
  };
  console.log(JSON.stringify({ job: "retention", removed: report }));
  return report;
}
