/**
 * The pharmacist's review of prescription orders (docs/product-rules.md, Prescription-only medicines): only
 * admins with a PCN registration number may approve or reject; every decision is recorded with who, their
 * PCN number, when, what and why, and a rejection cancels the order and gives its stock back.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { AppError } from "~/lib/app-error";
import { NOT_ALLOWED } from "~/lib/admin-roles";
import type { PublicUser } from "~/lib/user";
import {
  getOrderById,
  getOrderRow,
  listPendingReviews,
  recordReview,
  type OrderWithItems,
} from "~/models/order.server";
import { findUserById } from "~/models/user.server";
import { parseOrThrow } from "~/services/http.server";
import { prescriptionImageUrl } from "../prescriptions/prescriptions.server";
import { REVIEW_NOTE_MAX } from "./order-view";
import { ORDER_NOT_FOUND, toOrderView } from "./orders.server";

export const NOT_A_PHARMACIST = NOT_ALLOWED.reviewPrescriptions;
export const NOT_A_PRESCRIPTION_ORDER =
  "This order has no prescription-only medicines: there is no prescription to review.";
export const ALREADY_REVIEWED = "A pharmacist has already reviewed this order's prescription.";
export const REJECTION_NOTE_REQUIRED = "Please say why the prescription is rejected (the customer reads it).";

const reviewSchema = z
  .object(
    {
      decision: z.enum(["approved", "rejected"], { error: 'decision must be "approved" or "rejected"' }),
      note: z
        .string({ error: "note must be text" })
        .trim()
        .max(REVIEW_NOTE_MAX, `The note can be at most ${REVIEW_NOTE_MAX} characters.`)
        .optional()
        .transform((note) => note ?? ""),
    },
    { error: "Send {decision, note}." },
  )
  .refine((review) => review.decision === "approved" || review.note !== "", {
    path: ["note"],
    message: REJECTION_NOTE_REQUIRED,
  });

/** The admin's PCN registration number; an admin without one is not a pharmacist (403). */
async function pharmacistPcn(context: AppLoadContext, admin: PublicUser): Promise<string> {
  const row = admin.role === "admin" ? await findUserById(context.db, admin.id) : undefined;
  if (!row?.pcnNumber) throw new AppError(403, NOT_A_PHARMACIST);
  return row.pcnNumber;
}

export async function isPharmacist(context: AppLoadContext, admin: PublicUser): Promise<boolean> {
  const row = await findUserById(context.db, admin.id);
  return admin.role === "admin" && Boolean(row?.pcnNumber);
}

/**
 * A pharmacist approves or rejects a prescription order (`input`: {decision, note}; a rejection needs a
 * note). 403 for an admin without a PCN number, 400 for a bad decision or note, 404 for an unknown order,
 * 409 for an order without prescription-only items or one already decided.
 */
export async function reviewPrescriptionOrder(
  context: AppLoadContext,
  admin: PublicUser,
  orderId: string,
  input: unknown,
): Promise<OrderWithItems> {
  const pcnNumber = await pharmacistPcn(context, admin);
  const { decision, note } = parseOrThrow(reviewSchema, input);
  const current = await getOrderRow(context.db, orderId);
  if (!current) throw new AppError(404, ORDER_NOT_FOUND);
  if (!current.reviewStatus) throw new AppError(409, NOT_A_PRESCRIPTION_ORDER);
  if (current.reviewStatus !== "pending") throw new AppError(409, ALREADY_REVIEWED);
  const recorded = await recordReview(context.db, {
    orderId,
    decision,
    note,
    reviewer: { id: admin.id, name: admin.name, pcnNumber },
  });
  // Another pharmacist decided between the read and the write: theirs stands.
  if (!recorded) throw new AppError(409, ALREADY_REVIEWED);
  const order = await getOrderById(context.db, orderId);
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  return order;
}

/** The review queue: orders awaiting a pharmacist, oldest first, each with its prescription's image. */
export async function reviewQueue(context: AppLoadContext, admin: PublicUser) {
  const [orders, pharmacist] = await Promise.all([
    listPendingReviews(context.db),
    isPharmacist(context, admin),
  ]);
  return {
    pharmacist,
    orders: orders.map((order) => ({
      ...toOrderView(order),
      prescriptionImageUrl: order.prescriptionId ? prescriptionImageUrl(order.prescriptionId) : null,
    })),
  };
}
