/** Prescriptions: images in the private R2 bucket under server-generated keys; rows say whose they are. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc, eq, sql } from "drizzle-orm";
import { prescriptions, users, type Prescription } from "~/db/schema";
import type { CheckedImage } from "~/services/uploads.server";
import type { PublicUser } from "./user.server";

export const PRESCRIPTION_PREFIX = "prescriptions/";

export async function savePrescription(
  context: AppLoadContext,
  userId: string,
  image: CheckedImage,
): Promise<Prescription> {
  const id = crypto.randomUUID();
  const imageKey = `${PRESCRIPTION_PREFIX}${userId}/${id}.${image.extension}`;
  await context.cloudflare.env.IMAGES.put(imageKey, image.bytes, {
    httpMetadata: { contentType: image.contentType },
  });
  const row = {
    id,
    userId,
    imageKey,
    contentType: image.contentType,
    sizeBytes: image.bytes.byteLength,
    consentAt: Date.now(),
  };
  try {
    await context.db.insert(prescriptions).values(row);
  } catch (error) {
    // No row, no orphan: remove the stored image again.
    await context.cloudflare.env.IMAGES.delete(imageKey);
    throw error;
  }
  return { ...row, createdAt: Date.now() };
}

export async function listPrescriptionsForUser(context: AppLoadContext, userId: string) {
  return context.db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.userId, userId))
    .orderBy(desc(prescriptions.createdAt));
}

/** Every upload with its owner (admins). A deleted account leaves no rows (cascade), so user may be null only in theory. */
export async function listAllPrescriptions(context: AppLoadContext, limit = 200) {
  return context.db
    .select({
      id: prescriptions.id,
      createdAt: prescriptions.createdAt,
      userName: users.name,
      userEmail: users.email,
    })
    .from(prescriptions)
    .leftJoin(users, eq(users.id, prescriptions.userId))
    .orderBy(desc(prescriptions.createdAt))
    .limit(limit);
}

/** The prescription if this user may see it: its owner or an admin. */
export async function findViewablePrescription(
  context: AppLoadContext,
  id: string,
  viewer: PublicUser,
): Promise<Prescription | undefined> {
  const row = await context.db.select().from(prescriptions).where(eq(prescriptions.id, id)).get();
  if (!row) return undefined;
  return viewer.role === "admin" || row.userId === viewer.id ? row : undefined;
}

export function prescriptionImageUrl(id: string): string {
  return `/prescriptions/${id}/image`;
}

export async function countPrescriptions(context: AppLoadContext): Promise<number> {
  const row = await context.db
    .select({ n: sql<number>`count(*)` })
    .from(prescriptions)
    .get();
  return row?.n ?? 0;
}
