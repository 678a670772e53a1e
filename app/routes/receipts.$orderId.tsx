/**
 * /receipts/$orderId: an order's bank transfer receipt for admins (Admin › Orders links it) and for the
 * account the order belongs to. Anyone else, signed in or not, gets the same 404 as for an order without
 * one: whether an order has a receipt is not disclosed.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { findOrderForReceipt, receiptForViewer } from "~/features/orders/receipts.server";
import { PRIVATE_IMAGE_HEADERS } from "~/services/security.server";
import { carriesSession, getUser } from "~/services/session.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // The order travels to D1 with the session lookup (one trip); the receipt is served only as it allows.
  const reading = (await carriesSession(request, context))
    ? findOrderForReceipt(context, params.orderId ?? "")
    : Promise.resolve(undefined);
  reading.catch(() => undefined);
  const viewer = await getUser(request, context);
  const image = viewer ? await receiptForViewer(context, viewer, await reading) : null;
  if (!image) return new Response("Receipt not found.", { status: 404, headers: PRIVATE_IMAGE_HEADERS });
  return new Response(image.body, {
    headers: { ...PRIVATE_IMAGE_HEADERS, "Content-Type": image.contentType, "Content-Disposition": "inline" },
  });
}
