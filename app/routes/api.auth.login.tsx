/** POST /api/auth/login {email, password} → {token, _id, name, email, role}; errors carry `message`. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { logIn } from "~/features/accounts/login.server";
import { handleApi, methodNotAllowed, parseOrThrow, readJson } from "~/services/http.server";

const bodySchema = z.object({
  email: z.string({ error: "email is required" }),
  password: z.string({ error: "password is required" }),
});

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const body = parseOrThrow(bodySchema, await readJson(request, 4096));
    const { user, token } = await logIn(context, request, body);
    return Response.json({ token, _id: user.id, name: user.name, email: user.email, role: user.role });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
