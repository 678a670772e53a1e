/**
 * The pharmacist's review of prescription orders (docs/product-rules.md, Prescription-only medicines): only
 * admins with a PCN registration number may approve or reject; every decision is recorded with who, their
 * PCN number, when, what and why, and a rejection cancels the order and gives its stock back.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "~/lib/app-error";
import { listPendingReviews, type OrderWithItems } from "~/models/order.server";
import { parseOrThrow } from "~/services/http.server";
import type { BackOfficeUser } from "~/services/session.server";
import { reviewSchema } from "~/lib/order-schemas";
import { prescriptionImageUrl } from "../prescriptions/prescriptions.server";
import { NOT_A_PHARMACIST } from "./order-state";
import { changeOrder, toOrderView } from "./orders.server";
import type { Order } from "~/db/schema";

/**
 * The admin's PCN registration number, as their account had it when this request read it (the session
 * lookup); an admin without one is not a pharmacist (403).
 */
function pharmacistPcn(admin: BackOfficeUser): string {
  if (!isPharmacist(admin) || !admin.pcnNumber) throw new AppError(403, NOT_A_PHARMACIST);
  return admin.pcnNumber;
}

/**
 * A pharmacist approves or rejects a prescription order (`input`: {decision, note}; a rejection needs a
 * note). 403 for an admin without a PCN number, 400 for a bad decision or note, 404 for an unknown order,
 * 409 for an order without prescription-only items or one already decided.
 */
export async function reviewPrescriptionOrder(
  context: AppLoadContext,
  admin: BackOfficeUser,
  /** The order's id, or its row (orderToChange) when the caller has just read it. */
  orderId: string | Order,
  input: unknown,
): Promise<OrderWithItems> {
  const pcnNumber = pharmacistPcn(admin);
  const { decision, note } = parseOrThrow(reviewSchema, input);
  const review = { decision, note, pcnNumber };
  return (await changeOrder(context, orderId, { review }, admin, "pharmacist")).order;
}

/** Whether the admin may review prescriptions (a PCN number on their account, as this request read it). */
export function isPharmacist(admin: BackOfficeUser): boolean {
  return admin.role === "admin" && Boolean(admin.pcnNumber);
}

/** The review queue: orders awaiting a pharmacist, oldest first, each with its prescription's image. */
export async function reviewQueue(context: AppLoadContext) {
  const orders = await listPendingReviews(context.db);
  return orders.map((order) => ({
    ...toOrderView(order),
    prescriptionImageUrl: order.prescriptionId ? prescriptionImageUrl(order.prescriptionId) : null,
  }));
}
