/**
 * A prescription image, for its owner and admins only; never cached anywhere shared. Served so that nothing
 * in it can run even if opened on its own: nosniff, and a CSP that allows nothing and sandboxes the
 * document (the stored bytes are re-encoded pixels, this is the second wall).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { prescriptionImage } from "~/features/prescriptions/prescriptions.server";
import { getUser } from "~/services/session.server";

const PRIVATE = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
  // Set here rather than left to the Worker's default for non-HTML answers, so it cannot be lost on the way.
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
};

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
