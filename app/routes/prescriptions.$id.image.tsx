/** A prescription image, for its owner and admins only; never cached anywhere shared. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { findViewablePrescription } from "~/models/prescription.server";
import { getUser } from "~/services/session.server";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (!user)
    return new Response("Please log in to see this prescription.", { status: 401, headers: PRIVATE });
  const id = params.id ?? "";
  // Someone else's prescription answers exactly like a missing one: its existence is not disclosed.
  const prescription = /^[0-9a-f-]{36}$/.test(id)
    ? await findViewablePrescription(context, id, user)
    : undefined;
  if (!prescription) return new Response("Prescription not found.", { status: 404, headers: PRIVATE });
  const object = await context.cloudflare.env.IMAGES.get(prescription.imageKey);
  if (!object) return new Response("Prescription not found.", { status: 404, headers: PRIVATE });
  return new Response(object.body, {
    headers: { ...PRIVATE, "Content-Type": prescription.contentType, "Content-Disposition": "inline" },
  });
}
