/**
 * /receipts/$orderId: an order's bank transfer receipt for admins (Admin › Orders links it) and for the
 * account the order belongs to. Anyone else, signed in or not, gets the same 404 as for an order without
 * one: whether an order has a receipt is not disclosed.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { receiptForViewer } from "~/features/orders/receipts.server";
import { PRIVATE_IMAGE_HEADERS } from "~/services/security.server";
import { getUser } from "~/services/session.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const viewer = await getUser(request, context);
  const image = await receiptForViewer(context, viewer, params.orderId ?? "");
  if (!image) return new Response("Receipt not found.", { status: 404, headers: PRIVATE_IMAGE_HEADERS });
  return new Response(image.body, {
    headers: { ...PRIVATE_IMAGE_HEADERS, "Content-Type": image.contentType, "Content-Disposition": "inline" },
  });
}
