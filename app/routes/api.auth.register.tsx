/** POST /api/auth/register {name, email, password} → 201 {token, _id, name, email, role}. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { register } from "~/features/accounts/accounts.server";
import { handleApi, methodNotAllowed, readJson } from "~/services/http.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const { user, token } = await register(request, context, await readJson(request, 4096));
    return Response.json(
      { token, _id: user.id, name: user.name, email: user.email, role: user.role },
      { status: 201 },
    );
  });
}

export const loader = () => methodNotAllowed(["POST"]);
