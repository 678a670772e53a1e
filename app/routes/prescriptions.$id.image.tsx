/**
 * A prescription image, for its owner and admins only (a guest's, which has no owner, for admins; its
 * order's private link serves it too: /order/$token/prescription).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { findPrescription, prescriptionImage } from "~/features/prescriptions/prescriptions.server";
import { PRIVATE_IMAGE_HEADERS as PRIVATE } from "~/services/security.server";
import { carriesSession, getUser } from "~/services/session.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // The upload travels to D1 with the session lookup (one trip); it is served only as the lookup allows.
  const reading = (await carriesSession(request, context))
    ? findPrescription(context, params.id ?? "")
    : null;
  reading?.catch(() => undefined);
  const user = await getUser(request, context);
  if (!user || !reading)
    return new Response("Please log in to see this prescription.", { status: 401, headers: PRIVATE });
  const image = await prescriptionImage(request, context, user, await reading);
  if (!image) return new Response("Prescription not found.", { status: 404, headers: PRIVATE });
  return new Response(image.body, {
    headers: { ...PRIVATE, "Content-Type": image.contentType, "Content-Disposition": "inline" },
  });
}
