/**
 * POST /api/orders/{id}/review {decision: "approved" | "rejected", note}: a pharmacist (an admin with a PCN
 * number) decides on a prescription order. 200 with the order (its `prescriptionReview` included); 403 for
 * an admin without a PCN number; 409 for an order without prescription-only items or already decided.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { toApiOrder } from "~/features/orders/orders.server";
import { reviewPrescriptionOrder } from "~/features/orders/review.server";
import { REVIEW_STATUS } from "~/lib/vocabularies";
import { handleApi, methodNotAllowed, readJson } from "~/services/http.server";
import { requireApiBackOfficeUser } from "~/services/session.server";

export async function action({ params, request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const admin = await requireApiBackOfficeUser(request, context);
    const order = await reviewPrescriptionOrder(
      context,
      admin,
      params.key ?? "",
      await readJson(request, 8192),
    );
    return Response.json({
      message: order.reviewStatus ? REVIEW_STATUS.label(order.reviewStatus) : "",
      order: toApiOrder(order, new URL(request.url).origin),
    });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
