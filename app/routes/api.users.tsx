/** GET /api/users: every account as {_id, name, email, role, createdAt} (admins; never password data). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listUsers } from "~/models/user.server";
import { handleApi, methodNotAllowed } from "~/services/http.server";
import { requireApiAdmin, withReads } from "~/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    // The list travels to D1 with the session lookup, in one trip.
    const [, users] = await withReads(request, context, requireApiAdmin, () => listUsers(context.db));
    return Response.json(
      users.map((u) => ({
        _id: u.id,
        name: u.name,
        email: u.email,
        role: u.role,
        createdAt: new Date(u.createdAt).toISOString(),
      })),
      { headers: { "Cache-Control": "private, no-store" } },
    );
  });
}

/** Reading only: any other method is a 405 with a message. */
export const action = () => methodNotAllowed(["GET"]);
