/**
 * Prescriptions: photos kept in the private R2 bucket under server-generated keys, seen only by their
 * owner and admins. One upload path for the dashboard form and `POST /api/prescriptions/upload`. Only the
 * photo's pixels are kept: every upload is re-encoded (WebP, at most PRESCRIPTION_MAX_SIDE pixels on its
 * longer side), so its EXIF data (often the GPS position of a home) and anything hidden in the file are
 * never stored or served.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SQL } from "drizzle-orm";
import type { Consent, Prescription, User } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import {
  deletePrescription,
  getPrescription,
  getPrescriptionOfOrderToken,
  insertPrescription,
  listAllPrescriptions,
  listPrescriptionsForUser,
} from "~/models/prescription.server";
import { findUserByEmail, toPublicUser, userIdByEmail, type UserRef } from "~/models/user.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { readImageField, reencodeWithin } from "~/services/uploads.server";
import type { PublicUser } from "~/lib/user";
import { consentToUpload, latestUploadConsent } from "~/features/privacy/consents.server";
import { accessLogOfUser, logPrescriptionView } from "~/models/privacy.server";
import { getOrderByAccessToken } from "~/models/order.server";
import { getBackOfficeUser, type BackOfficeUser } from "~/services/session.server";
import { audit } from "../audit/audit.server";
import { displayOrderRef } from "../orders/order-status";

export const CONSENT_REQUIRED = "Please agree to the processing of your prescription to upload it.";
const PRESCRIPTION_PREFIX = "prescriptions/";
/** Enough to read a handwritten prescription photographed on a phone; larger photos are scaled down. */
export const PRESCRIPTION_MAX_SIDE = 2000;
/** High enough that small handwriting stays legible. */
const PRESCRIPTION_QUALITY = 85;

export function prescriptionImageUrl(id: string): string {
  return `/prescriptions/${id}/image`;
}

/**
 * Stores the form's image (field `field`) for `owner`, or for a guest's order when `owner` is null (the
 * order then points at it). Pages ask for consent in the form; API clients ask in their app.
 */
export async function uploadPrescription(
  request: Request,
  context: AppLoadContext,
  owner: PublicUser | null,
  form: FormData,
  {
    requireConsent = true,
    field = "image",
    latestConsent,
  }: { requireConsent?: boolean; field?: string; latestConsent?: Consent | null } = {},
): Promise<Prescription> {
  await enforceRateLimit(request, context, "upload", owner?.id);
  if (requireConsent && form.get("consent") !== "yes") throw new AppError(400, CONSENT_REQUIRED);
  // The form's tick is consent given again; an API upload counts as consent unless it was withdrawn. A
  // guest's photo at checkout is consented to on that form and belongs to the order, not to an account.
  const consent = owner
    ? await consentToUpload(context, owner, { explicit: requireConsent, latest: latestConsent })
    : [];
  const image = await reencodeWithin(context, await readImageField(form, field), {
    maxSide: PRESCRIPTION_MAX_SIDE,
    quality: PRESCRIPTION_QUALITY,
  });
  const bucket = context.cloudflare.env.IMAGES;
  const id = crypto.randomUUID();
  const row = {
    id,
    userId: owner?.id ?? null,
    imageKey: `${PRESCRIPTION_PREFIX}${owner?.id ?? "guest"}/${id}.${image.extension}`,
    contentType: image.contentType,
    sizeBytes: image.bytes.byteLength,
    consentAt: Date.now(),
  };
  await bucket.put(row.imageKey, image.bytes, { httpMetadata: { contentType: image.contentType } });
  try {
    await context.db.batch([insertPrescription(context.db, row), ...consent]);
  } catch (error) {
    // No row, no orphan: remove the stored image again.
    await bucket.delete(row.imageKey);
    throw error;
  }
  return { ...row, createdAt: Date.now() };
}

/** Removes a stored prescription (a guest's upload whose order was refused after all). */
export async function discardPrescription(context: AppLoadContext, prescription: Prescription) {
  await deletePrescription(context.db, prescription.id);
  await context.cloudflare.env.IMAGES.delete(prescription.imageKey);
}

/** The caller's own upload with this id; anyone else's answers exactly like an unknown one. */
export async function ownPrescription(
  context: AppLoadContext,
  userId: string | null | Promise<string | null>,
  id: string,
) {
  // The owner may still be on its way (the session lookup): the row is read beside it, in the same trip.
  const reading = /^[0-9a-f-]{36}$/.test(id) ? getPrescription(context.db, id) : Promise.resolve(undefined);
  reading.catch(() => undefined);
  const owner = await userId;
  const row = await reading;
  return row && owner !== null && row.userId === owner ? row : undefined;
}

/**
 * Every prescription image leaves R2 through here, whatever the path (its own page, an order's private
 * link, the owner's data export): a view by an admin who is not its owner is recorded before the image is
 * served, in the customer's access log and the audit trail, in one batch. `admin`: the viewer when an
 * admin is signed in; `via` says which path, for the trail.
 */
async function openPrescription(
  context: AppLoadContext,
  row: Prescription,
  admin: BackOfficeUser | null,
  via: string,
): Promise<{ body: ReadableStream; contentType: string } | null> {
  const object = await context.cloudflare.env.IMAGES.get(row.imageKey);
  if (!object) return null;
  if (admin && admin.id !== row.userId) {
    await logPrescriptionView(
      context.db,
      { prescriptionId: row.id, adminId: admin.id, adminName: admin.name, viewedAt: Date.now() },
      [
        audit(context, admin, {
          action: "prescription_viewed",
          record: { type: "prescription", id: row.id },
          detail: via,
        }),
      ],
    );
  }
  return { body: object.body, contentType: row.contentType };
}

/**
 * An order's prescription image, for the holder of the order's private link (a guest's photo has no
 * account to sign in to). An admin who opens the link is an admin viewing it: logged like any admin view.
 */
export async function orderPrescriptionImage(request: Request, context: AppLoadContext, token: string) {
  // The order, its prescription (picked by the same token) and who is asking: one trip to D1.
  const [order, row, admin] = await Promise.all([
    getOrderByAccessToken(context.db, token),
    getPrescriptionOfOrderToken(context.db, token),
    getBackOfficeUser(request, context),
  ]);
  if (!order || !row || order.prescriptionId !== row.id) return null;
  return openPrescription(context, row, admin, `order ${displayOrderRef(order)} link`);
}

/** The owner's own image, for their data export (never logged: it is theirs). */
export async function ownPrescriptionBytes(context: AppLoadContext, row: Prescription) {
  const image = await openPrescription(context, row, null, "data export");
  return image ? new Uint8Array(await new Response(image.body).arrayBuffer()) : null;
}

/**
 * Whose account an API upload goes to: the caller's own, or (admins only) an existing customer's named by
 * `?email=`.
 */
export function uploadOwner(viewer: PublicUser, rawEmail: string | null, found: User | undefined) {
  const email = uploadEmail(rawEmail) ?? viewer.email;
  if (email === viewer.email) return viewer;
  if (viewer.role !== "admin")
    throw new AppError(403, "You can only upload prescriptions to your own account.");
  if (!found) throw new AppError(404, "No account uses that e-mail address.");
  return toPublicUser(found);
}

/** The account an API upload names by `?email=` (null: the caller's own). */
const uploadEmail = (rawEmail: string | null) => (rawEmail === null ? null : rawEmail.trim().toLowerCase());

/**
 * What an API upload reads before it writes, beside the session lookup (withReads; `me` is the caller as
 * SQL): the account `?email=` names, as uploadOwner takes it, and the latest prescription consent of the
 * account the upload goes to (the named one, else the caller's own).
 */
export function uploadReads(context: AppLoadContext, me: SQL, rawEmail: string | null) {
  const email = uploadEmail(rawEmail);
  return Promise.all([
    email === null ? Promise.resolve(undefined) : findUserByEmail(context.db, email),
    latestUploadConsent(context, email === null ? me : userIdByEmail(email)),
  ]);
}

/** The customer's prescriptions, each with who at the pharmacy has viewed it and when. */
/** A customer's uploads to pick one from at checkout, newest first (one query: no view log). */
export async function prescriptionChoices(context: AppLoadContext, userId: UserRef) {
  const rows = await listPrescriptionsForUser(context.db, userId);
  return rows.map((p) => ({ id: p.id, createdAt: p.createdAt, url: prescriptionImageUrl(p.id) }));
}

export async function myPrescriptions(context: AppLoadContext, userId: UserRef) {
  // The uploads and their views are both picked by the account: one trip, not one after the other.
  const [rows, log] = await Promise.all([
    listPrescriptionsForUser(context.db, userId),
    accessLogOfUser(context.db, userId),
  ]);
  return rows.map((p) => ({
    id: p.id,
    createdAt: p.createdAt,
    url: prescriptionImageUrl(p.id),
    views: log.filter((v) => v.prescriptionId === p.id).map((v) => ({ by: v.adminName, at: v.viewedAt })),
  }));
}

/** Every upload with its owner, newest first (admins). */
export async function allPrescriptions(context: AppLoadContext) {
  const rows = await listAllPrescriptions(context.db);
  return rows.map((p) => ({ ...p, url: prescriptionImageUrl(p.id) }));
}

/**
 * The image if the request's viewer may see it (its owner or an admin; a guest's, which has no owner, only
 * admins). Someone else's prescription answers exactly like a missing one: its existence is not disclosed.
 */
/** The upload with this id (undefined for an unknown or malformed one), whoever asks: prescriptionImage decides. */
export async function findPrescription(context: AppLoadContext, id: string) {
  return /^[0-9a-f-]{36}$/.test(id) ? getPrescription(context.db, id) : undefined;
}

export async function prescriptionImage(
  request: Request,
  context: AppLoadContext,
  viewer: PublicUser,
  row: Prescription | undefined,
) {
  if (!row || (viewer.role !== "admin" && row.userId !== viewer.id)) return null;
  return openPrescription(context, row, await getBackOfficeUser(request, context), "prescription page");
}
