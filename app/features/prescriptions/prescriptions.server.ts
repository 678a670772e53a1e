/**
 * Prescriptions: photos kept in the private R2 bucket under server-generated keys, seen only by their
 * owner and admins. One upload path for the dashboard form and `POST /api/prescriptions/upload`. Only the
 * photo's pixels are kept: every upload is re-encoded (WebP, at most PRESCRIPTION_MAX_SIDE pixels on its
 * longer side), so its EXIF data (often the GPS position of a home) and anything hidden in the file are
 * never stored or served.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Prescription } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import {
  deletePrescription,
  getPrescription,
  insertPrescription,
  listAllPrescriptions,
  listPrescriptionsForUser,
} from "~/models/prescription.server";
import { findUserByEmail, toPublicUser } from "~/models/user.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { readImageField, reencodeWithin } from "~/services/uploads.server";
import type { PublicUser } from "~/lib/user";
import { consentToUpload } from "~/features/privacy/consents.server";
import { accessLogFor, logPrescriptionView } from "~/models/privacy.server";

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
  { requireConsent = true, field = "image" } = {},
): Promise<Prescription> {
  await enforceRateLimit(request, context, "upload", owner?.id);
  if (requireConsent && form.get("consent") !== "yes") throw new AppError(400, CONSENT_REQUIRED);
  // The form's tick is consent given again; an API upload counts as consent unless it was withdrawn. A
  // guest's photo at checkout is consented to on that form and belongs to the order, not to an account.
  if (owner) await consentToUpload(context, owner, { explicit: requireConsent });
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
    await insertPrescription(context.db, row);
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
export async function ownPrescription(context: AppLoadContext, userId: string, id: string) {
  const row = /^[0-9a-f-]{36}$/.test(id) ? await getPrescription(context.db, id) : undefined;
  return row && row.userId === userId ? row : undefined;
}

/** An order's prescription image, for the holder of the order's private link. */
export async function prescriptionImageById(context: AppLoadContext, id: string) {
  const row = await getPrescription(context.db, id);
  if (!row) return null;
  const object = await context.cloudflare.env.IMAGES.get(row.imageKey);
  return object ? { body: object.body, contentType: row.contentType } : null;
}

/**
 * Whose account an API upload goes to: the caller's own, or (admins only) an existing customer's named by
 * `?email=`.
 */
export async function uploadOwner(context: AppLoadContext, viewer: PublicUser, rawEmail: string | null) {
  const email = (rawEmail ?? viewer.email).trim().toLowerCase();
  if (email === viewer.email) return viewer;
  if (viewer.role !== "admin")
    throw new AppError(403, "You can only upload prescriptions to your own account.");
  const found = await findUserByEmail(context.db, email);
  if (!found) throw new AppError(404, "No account uses that e-mail address.");
  return toPublicUser(found);
}

/** The customer's prescriptions, each with who at the pharmacy has viewed it and when. */
export async function myPrescriptions(context: AppLoadContext, userId: string) {
  const rows = await listPrescriptionsForUser(context.db, userId);
  const log = await accessLogFor(
    context.db,
    rows.map((p) => p.id),
  );
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
 * The image if `viewer` may see it (its owner or an admin; a guest's, which has no owner, only admins).
 * Someone else's prescription answers exactly like a missing one: its existence is not disclosed.
 */
export async function prescriptionImage(context: AppLoadContext, viewer: PublicUser, id: string) {
  const row = /^[0-9a-f-]{36}$/.test(id) ? await getPrescription(context.db, id) : undefined;
  if (!row || (viewer.role !== "admin" && row.userId !== viewer.id)) return null;
  const object = await context.cloudflare.env.IMAGES.get(row.imageKey);
  if (!object) return null;
  // Every view by someone other than the owner is logged: the customer sees who looked, and when.
  if (row.userId !== viewer.id) {
    await logPrescriptionView(context.db, {
      prescriptionId: row.id,
      adminId: viewer.id,
      adminName: viewer.name,
      viewedAt: Date.now(),
    });
  }
  return { body: object.body, contentType: row.contentType };
}
