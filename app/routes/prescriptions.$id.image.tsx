/**
 * A prescription image, for its owner and admins only (a guest's, which has no owner, for admins; its
 * order's private link serves it too: /order/$token/prescription).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { prescriptionImage } from "~/features/prescriptions/prescriptions.server";
import { PRIVATE_IMAGE_HEADERS as PRIVATE } from "~/services/security.server";
import { getUser } from "~/services/session.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (!user)
    return new Response("Please log in to see this prescription.", { status: 401, headers: PRIVATE });
  const image = await prescriptionImage(request, context, user, params.id ?? "");
  if (!image) return new Response("Prescription not found.", { status: 404, headers: PRIVATE });
  return new Response(image.body, {
    headers: { ...PRIVATE, "Content-Type": image.contentType, "Content-Disposition": "inline" },
  });
}
