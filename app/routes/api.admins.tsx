/** POST /api/admins {email, password, name?}: creates an admin. Needs an admin token (unlike the old server). */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminCreateSchema } from "~/lib/validation";
import { createUser, EmailTakenError } from "~/models/user.server";
import { ApiError, handleApi, methodNotAllowed, parseOrThrow, readJson } from "~/services/api.server";
import { requireApiAdmin } from "~/services/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    await requireApiAdmin(request, context);
    const input = parseOrThrow(adminCreateSchema, await readJson(request, 4096));
    try {
      const admin = await createUser(context.db, {
        name: input.name || "Admin",
        email: input.email,
        password: input.password,
        role: "admin",
      });
      return Response.json(
        {
          message: "New admin created successfully!",
          admin: { _id: admin.id, name: admin.name, email: admin.email, role: admin.role },
        },
        { status: 201 },
      );
    } catch (error) {
      if (error instanceof EmailTakenError) throw new ApiError(409, error.message);
      throw error;
    }
  });
}

export const loader = () => methodNotAllowed(["POST"]);
