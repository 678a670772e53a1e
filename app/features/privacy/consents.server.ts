/**
 * Consent to process health data (NDPA): prescriptions and chat. Each consent is recorded with its time and
 * the notice version; a withdrawal stamps it. Withdrawing prescription consent deletes the photos no open
 * order needs and blocks uploads until consent is given again; withdrawing chat consent stops new chats.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Database } from "~/db/client.server";
import type { Consent, ConsentKind } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { CONSENT_KINDS, PRIVACY_NOTICE_VERSION } from "~/lib/privacy-notice";
import type { PublicUser } from "~/lib/user";
import type { UserRef } from "~/models/user.server";
import {
  activeConsent,
  deletePrescriptionRows,
  giveConsentStatements,
  latestConsent,
  listConsents,
  releasablePrescriptionsOf,
  withdrawConsents,
} from "~/models/privacy.server";

export const PRESCRIPTION_CONSENT_WITHDRAWN =
  "You withdrew your consent to storing prescriptions. Give it again under Privacy & consents to upload one.";
export const CHAT_CONSENT_NEEDED =
  "Give your consent to chat first, on your dashboard's chat or under Privacy & consents.";
export const CHAT_CONSENT_WITHDRAWN =
  "You withdrew your consent to chat. Give it again under Privacy & consents to start a chat.";

export function parseConsentKind(value: unknown): ConsentKind {
  if (typeof value === "string" && (CONSENT_KINDS as readonly string[]).includes(value))
    return value as ConsentKind;
  throw new AppError(400, "Choose which consent: prescriptions or chat.");
}

/**
 * The statements that record the consent unless an active one under the current notice already stands (one
 * under an older notice is replaced), for a batch of the caller's.
 */
export function consentStatements(context: AppLoadContext, userId: string, kind: ConsentKind) {
  return giveConsentStatements(context.db, {
    userId,
    kind,
    noticeVersion: PRIVACY_NOTICE_VERSION,
    now: Date.now(),
  });
}

/** Records the consent unless an active one under the current notice already stands: one trip to D1. */
export async function giveConsent(context: AppLoadContext, userId: string, kind: ConsentKind) {
  await context.db.batch(consentStatements(context, userId, kind));
}

/** Withdraws the consent; for prescriptions also deletes the photos (rows and R2 objects) no open order needs. */
export async function withdrawConsent(context: AppLoadContext, userId: string, kind: ConsentKind) {
  const withdrawn = await withdrawConsents(context.db, userId, kind, Date.now());
  if (withdrawn === 0) throw new AppError(409, "That consent is not currently given.");
  if (kind !== "prescriptions") return { deletedPrescriptions: 0 };
  const releasable = await releasablePrescriptionsOf(context.db, userId);
  return {
    deletedPrescriptions: await removePrescriptions(context.db, context.cloudflare.env.IMAGES, releasable),
  };
}

/** Deletes prescription rows, then their images (a leftover image is unreachable without its row). */
export async function removePrescriptions(
  db: Database,
  bucket: R2Bucket,
  rows: { id: string; imageKey: string }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const deleted = await deletePrescriptionRows(
    db,
    rows.map((r) => r.id),
  );
  await bucket.delete(rows.map((r) => r.imageKey));
  return deleted;
}

/**
 * The account's latest prescription consent (its id, or SQL that selects it), as consentToUpload takes it:
 * null when it never gave one. An API upload reads it beside the session lookup.
 */
export async function latestUploadConsent(context: AppLoadContext, userId: UserRef): Promise<Consent | null> {
  return (await latestConsent(context.db, userId, "prescriptions")) ?? null;
}

/**
 * A page or API upload: refused after a withdrawal unless the upload form itself gave consent again.
 * Answers the statements that record the consent, written in the upload's own batch (nothing is written
 * for an upload refused later, a bad photo say). `latest`: the account's latest consent when the caller
 * has read it already (latestUploadConsent); else it is read here.
 */
export async function consentToUpload(
  context: AppLoadContext,
  user: PublicUser,
  { explicit, latest }: { explicit: boolean; latest?: Consent | null },
) {
  if (!explicit) {
    const found = latest === undefined ? await latestUploadConsent(context, user.id) : latest;
    if (found?.withdrawnAt) throw new AppError(403, PRESCRIPTION_CONSENT_WITHDRAWN);
  }
  return consentStatements(context, user.id, "prescriptions");
}

/**
 * A customer chats only under a chat consent they gave and have not withdrawn (the chat holds health data).
 * `consenting`: this request itself gives it (an app that has just shown the notice), as an upload form can.
 */
export async function assertChatAllowed(
  context: AppLoadContext,
  user: PublicUser,
  { consenting = false }: { consenting?: boolean } = {},
) {
  if (user.role === "admin") return;
  if (consenting) {
    await giveConsent(context, user.id, "chat");
    return;
  }
  const latest = await latestConsent(context.db, user.id, "chat");
  if (!latest) throw new AppError(403, CHAT_CONSENT_NEEDED);
  if (latest.withdrawnAt) throw new AppError(403, CHAT_CONSENT_WITHDRAWN);
}

export type ConsentStatus = {
  kind: ConsentKind;
  active: { noticeVersion: string; givenAt: number } | null;
  history: { noticeVersion: string; givenAt: number; withdrawnAt: number | null }[];
};

export async function consentOverview(context: AppLoadContext, userId: UserRef): Promise<ConsentStatus[]> {
  const rows = await listConsents(context.db, userId);
  return CONSENT_KINDS.map((kind) => {
    const history = rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ noticeVersion: r.noticeVersion, givenAt: r.givenAt, withdrawnAt: r.withdrawnAt }));
    const active = history.filter((r) => r.withdrawnAt === null).at(-1) ?? null;
    return { kind, active, history };
  });
}

export async function hasActiveConsent(context: AppLoadContext, userId: string, kind: ConsentKind) {
  return (await activeConsent(context.db, userId, kind)) !== undefined;
}

/** The dashboard's chat widget: "given" (chat), "none" (ask first) or "withdrawn" (ask again). */
export async function chatConsentState(context: AppLoadContext, userId: UserRef) {
  const latest = await latestConsent(context.db, userId, "chat");
  if (!latest) return "none" as const;
  return latest.withdrawnAt === null ? ("given" as const) : ("withdrawn" as const);
}
