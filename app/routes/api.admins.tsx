/** POST /api/admins {email, password, name?}: creates an admin (named DEFAULT_ADMIN_NAME without a name). Needs an admin token. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { createAdmin } from "~/features/accounts/accounts.server";
import { ADMIN_CREATED } from "~/features/accounts/messages";
import { handleApi, methodNotAllowed, readJson } from "~/services/http.server";
import { requireApiAdmin } from "~/services/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    await requireApiAdmin(request, context);
    const admin = await createAdmin(context, await readJson(request, 4096), { via: "api" });
    return Response.json(
      {
        message: ADMIN_CREATED,
        admin: { _id: admin.id, name: admin.name, email: admin.email, role: admin.role },
      },
      { status: 201 },
    );
  });
}

export const loader = () => methodNotAllowed(["POST"]);
