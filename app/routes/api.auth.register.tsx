/** POST /api/auth/register {name, email, password} → 201 {token, _id, name, email, role}. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { registerSchema } from "~/lib/validation";
import { createUser, EmailTakenError } from "~/models/user.server";
import { ApiError, handleApi, methodNotAllowed, parseOrThrow, readJson } from "~/services/api.server";
import { createSession } from "~/services/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const input = parseOrThrow(registerSchema, await readJson(request, 4096));
    try {
      const user = await createUser(context.db, input);
      const { token } = await createSession(context, user.id);
      return Response.json(
        { token, _id: user.id, name: user.name, email: user.email, role: user.role },
        { status: 201 },
      );
    } catch (error) {
      if (error instanceof EmailTakenError) throw new ApiError(409, error.message);
      throw error;
    }
  });
}

export const loader = () => methodNotAllowed(["POST"]);
