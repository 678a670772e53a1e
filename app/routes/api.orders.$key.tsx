/**
 * One path, two calls of spec 7 (the old API shared it too):
 * GET /api/orders/{email}: the orders of the account with that e-mail, for its signed-in owner or an admin.
 *   Orders are the account's own (placed while signed in), never matched by e-mail (decisions.md).
 * PUT /api/orders/{id} {deliveryStatus}: an admin changes an order's status (recorded in its timeline).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { DELIVERY_STATUSES } from "~/lib/order-status";
import {
  getOrderById,
  listOrdersForUser,
  OrderNotFoundError,
  toApiOrder,
  updateOrderStatus,
} from "~/models/order.server";
import { findUserByEmail } from "~/models/user.server";
import { ApiError, handleApi, methodNotAllowed, parseOrThrow, readJson } from "~/services/api.server";
import { requireApiAdmin, requireApiUser } from "~/services/session.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiUser(request, context);
    const email = (params.key ?? "").trim().toLowerCase();
    if (!email || email.length > 254 || !email.includes("@"))
      throw new ApiError(400, "Give an e-mail address: /api/orders/{email}.");
    const isOwner = viewer.email === email;
    if (!isOwner && viewer.role !== "admin") throw new ApiError(403, "You can only see your own orders.");
    const owner = isOwner ? viewer : await findUserByEmail(context.db, email);
    if (!owner) throw new ApiError(404, "No account uses that e-mail address.");
    const origin = new URL(request.url).origin;
    const orders = await listOrdersForUser(context.db, owner.id);
    return Response.json(
      { orders: orders.map((order) => toApiOrder(order, origin)) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  });
}

const statusSchema = z.object({
  deliveryStatus: z.enum(DELIVERY_STATUSES, {
    error: `deliveryStatus must be one of ${DELIVERY_STATUSES.join(", ")}`,
  }),
});

export async function action({ params, request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  return handleApi(async () => {
    const admin = await requireApiAdmin(request, context);
    const { deliveryStatus } = parseOrThrow(statusSchema, await readJson(request, 4096));
    try {
      await updateOrderStatus(context.db, params.key ?? "", deliveryStatus, admin);
    } catch (error) {
      if (error instanceof OrderNotFoundError) throw new ApiError(404, "Order not found.");
      throw error;
    }
    const order = await getOrderById(context.db, params.key ?? "");
    return Response.json({
      message: "Order status updated",
      order: toApiOrder(order!, new URL(request.url).origin),
    });
  });
}
