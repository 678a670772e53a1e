/**
 * One path, two calls:
 * GET /api/orders/{email}: the orders of the account with that e-mail, for its signed-in owner or an admin
 *   (the account's own orders, never matched by e-mail; docs/product-rules.md, Orders).
 * PUT /api/orders/{id} {deliveryStatus?, paymentStatus?}: an admin changes an order's delivery status and/or
 *   marks it paid or unpaid (each recorded in its timeline); at least one of the two.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { DELIVERY_STATUSES } from "~/features/orders/order-status";
import {
  changeOrderStatus,
  changePaymentStatus,
  ordersOfAccount,
  toApiOrder,
} from "~/features/orders/orders.server";
import { handleApi, methodNotAllowed, parseOrThrow, readJson } from "~/services/http.server";
import { requireApiAdmin, requireApiUser } from "~/services/session.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiUser(request, context);
    const orders = await ordersOfAccount(context, viewer, params.key ?? "");
    const origin = new URL(request.url).origin;
    return Response.json(
      { orders: orders.map((order) => toApiOrder(order, origin)) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  });
}

const statusSchema = z
  .object({
    deliveryStatus: z
      .enum(DELIVERY_STATUSES, {
        error: `deliveryStatus must be one of ${DELIVERY_STATUSES.join(", ")}`,
      })
      .optional(),
    paymentStatus: z.enum(["unpaid", "paid"], { error: "paymentStatus must be unpaid or paid" }).optional(),
  })
  .refine((body) => body.deliveryStatus !== undefined || body.paymentStatus !== undefined, {
    message: `deliveryStatus must be one of ${DELIVERY_STATUSES.join(", ")}`,
  });

export async function action({ params, request, context }: ActionFunctionArgs) {
  // GET is the loader's (the orders of an account): both are allowed on this path.
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  return handleApi(async () => {
    const admin = await requireApiAdmin(request, context);
    const { deliveryStatus, paymentStatus } = parseOrThrow(statusSchema, await readJson(request, 4096));
    const id = params.key ?? "";
    if (paymentStatus) await changePaymentStatus(context, admin, id, paymentStatus);
    const { order } = deliveryStatus
      ? await changeOrderStatus(context, admin, id, deliveryStatus)
      : await changePaymentStatus(context, admin, id, paymentStatus ?? "unpaid");
    return Response.json({
      message: "Order status updated",
      order: toApiOrder(order, new URL(request.url).origin),
    });
  });
}
