/**
 * POST /api/admins {email, password, name?, pcnNumber?}: creates an admin (named DEFAULT_ADMIN_NAME without
 * a name; a pharmacist with a PCN registration number). Needs an admin token; a PCN number only from the
 * superintendent pharmacist (403 for any other admin: app/lib/admin-roles.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { createAdmin } from "~/features/accounts/admins.server";
import { ADMIN_CREATED } from "~/features/accounts/messages";
import { handleApi, methodNotAllowed, readJson } from "~/services/http.server";
import { requireApiBackOfficeUser } from "~/services/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const creator = await requireApiBackOfficeUser(request, context);
    const input = await readJson(request, 4096);
    const admin = await createAdmin(context, creator, input, { via: "api" });
    return Response.json(
      {
        message: ADMIN_CREATED,
        admin: {
          _id: admin.id,
          name: admin.name,
          email: admin.email,
          role: admin.role,
          pcnNumber: admin.pcnNumber,
        },
      },
      { status: 201 },
    );
  });
}

export const loader = () => methodNotAllowed(["POST"]);
