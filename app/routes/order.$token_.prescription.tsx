/**
 * /order/$token/prescription: the prescription an order was placed with, for the holder of the order's
 * private link (a guest's photo has no account to sign in to). Served like /prescriptions/$id/image:
 * private, never cached, unable to run as a page; an admin's view is logged like any other.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { orderPrescriptionImage } from "~/features/prescriptions/prescriptions.server";
import { PRIVATE_IMAGE_HEADERS } from "~/services/security.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const image = await orderPrescriptionImage(request, context, params.token ?? "");
  if (!image) return new Response("Prescription not found.", { status: 404, headers: PRIVATE_IMAGE_HEADERS });
  return new Response(image.body, {
    headers: { ...PRIVATE_IMAGE_HEADERS, "Content-Type": image.contentType, "Content-Disposition": "inline" },
  });
}
