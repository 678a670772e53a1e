/**
 * The pharmacist's review of prescription orders (docs/product-rules.md, Prescription-only medicines): only
 * admins with a PCN registration number may approve or reject; every decision is recorded with who, their
 * PCN number, when, what and why, and a rejection cancels the order and gives its stock back.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "~/lib/app-error";
import type { PublicUser } from "~/lib/user";
import { listPendingReviews, type OrderWithItems } from "~/models/order.server";
import { findUserById } from "~/models/user.server";
import { parseOrThrow } from "~/services/http.server";
import type { BackOfficeUser } from "~/services/session.server";
import { reviewSchema } from "~/lib/order-schemas";
import { prescriptionImageUrl } from "../prescriptions/prescriptions.server";
import { NOT_A_PHARMACIST } from "./order-state";
import { changeOrder, toOrderView } from "./orders.server";

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
  admin: BackOfficeUser,
  orderId: string,
  input: unknown,
): Promise<OrderWithItems> {
  const pcnNumber = await pharmacistPcn(context, admin);
  const { decision, note } = parseOrThrow(reviewSchema, input);
  const review = { decision, note, pcnNumber };
  return (await changeOrder(context, orderId, { review }, admin, "pharmacist")).order;
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
