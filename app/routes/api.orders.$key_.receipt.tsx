/**
 * POST /api/orders/{id}/receipt (multipart, field `receipt`): a photo of the bank transfer for an unpaid
 * transfer order, from the order's account or an admin (Bearer token), or from whoever holds the order's
 * private token (the last part of its `statusUrl`) sent as `X-Order-Token`. 201 with the order, whose
 * `receiptUploadedAt` is set; a new receipt replaces the old one. 401 with neither credential; 403 another
 * account's order; 404 an unknown order or a token that is not its own; 409 an order paid on delivery,
 * already paid or cancelled; 400/413/415 a missing, too large or wrong kind of image.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { toApiOrder } from "~/features/orders/orders.server";
import { uploadReceiptByApi } from "~/features/orders/receipts.server";
import { handleApi, methodNotAllowed } from "~/services/http.server";
import { readMultipart } from "~/services/uploads.server";

export async function action({ params, request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const order = await uploadReceiptByApi(request, context, params.key ?? "", () => readMultipart(request));
    return Response.json(
      { message: "Receipt uploaded", order: toApiOrder(order, new URL(request.url).origin) },
      { status: 201, headers: { "Cache-Control": "private, no-store" } },
    );
  });
}

export const loader = () => methodNotAllowed(["POST"]);
