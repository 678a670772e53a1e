/** A prescription image, for its owner and admins only; never cached anywhere shared. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { prescriptionImage } from "~/features/prescriptions/prescriptions.server";
import { getUser } from "~/services/session.server";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (!user)
    return new Response("Please log in to see this prescription.", { status: 401, headers: PRIVATE });
  const image = await prescriptionImage(context, user, params.id ?? "");
  if (!image) return new Response("Prescription not found.", { status: 404, headers: PRIVATE });
  return new Response(image.body, {
    headers: { ...PRIVATE, "Content-Type": image.contentType, "Content-Disposition": "inline" },
  });
}
