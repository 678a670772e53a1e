/**
 * /order/$token/receipt: the bank transfer receipt uploaded for this order, for the holder of its private
 * link. Served like its prescription: private, never cached, unable to run as a page.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { receiptWithLink } from "~/features/orders/receipts.server";
import { PRIVATE_IMAGE_HEADERS } from "~/services/security.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const image = await receiptWithLink(context, params.token ?? "");
  if (!image) return new Response("Receipt not found.", { status: 404, headers: PRIVATE_IMAGE_HEADERS });
  return new Response(image.body, {
    headers: { ...PRIVATE_IMAGE_HEADERS, "Content-Type": image.contentType, "Content-Disposition": "inline" },
  });
}
