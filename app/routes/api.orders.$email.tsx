/**
 * GET /api/orders/{email}: the orders of the account with that e-mail, for its signed-in owner or an admin.
 * Orders are the account's own (placed while signed in), never matched by e-mail (decisions.md).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listOrdersForUser, toApiOrder } from "~/models/order.server";
import { findUserByEmail } from "~/models/user.server";
import { ApiError, handleApi } from "~/services/api.server";
import { requireApiUser } from "~/services/session.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiUser(request, context);
    const email = (params.email ?? "").trim().toLowerCase();
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
