/** GET /api/prescriptions/all: every upload as {_id, imageUrl, userEmail, user: {name}, createdAt} (admins). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { allPrescriptions } from "~/features/prescriptions/prescriptions.server";
import { handleApi, methodNotAllowed } from "~/services/http.server";
import { requireApiAdmin, withReads } from "~/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const origin = new URL(request.url).origin;
    // The list travels to D1 with the session lookup, in one trip.
    const [, rows] = await withReads(request, context, requireApiAdmin, () => allPrescriptions(context));
    return Response.json(
      rows.map((p) => ({
        _id: p.id,
        imageUrl: `${origin}${p.url}`,
        userEmail: p.userEmail,
        user: p.userName ? { name: p.userName } : null,
        createdAt: new Date(p.createdAt).toISOString(),
      })),
      { headers: { "Cache-Control": "private, no-store" } },
    );
  });
}

/** Reading only: any other method is a 405 with a message. */
export const action = () => methodNotAllowed(["GET"]);
