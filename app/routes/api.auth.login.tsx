/** POST /api/auth/login {email, password} → {token, _id, name, email, role}; errors carry `message`. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { authenticateWithPassword, LoginError } from "~/services/auth.server";
import { ApiError, handleApi, methodNotAllowed, parseOrThrow, readJson } from "~/services/api.server";
import { createSession } from "~/services/session.server";

const bodySchema = z.object({
  email: z.string({ error: "email is required" }),
  password: z.string({ error: "password is required" }),
});

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const body = parseOrThrow(bodySchema, await readJson(request, 4096));
    // The same password check as the login page: it reads a form, so hand it one.
    const formRequest = new Request(request.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": request.headers.get("CF-Connecting-IP") ?? "",
      },
      body: new URLSearchParams({ email: body.email, password: body.password }),
    });
    try {
      const user = await authenticateWithPassword(formRequest, context);
      const { token } = await createSession(context, user.id);
      return Response.json({ token, _id: user.id, name: user.name, email: user.email, role: user.role });
    } catch (error) {
      if (error instanceof LoginError) throw new ApiError(error.status, error.message);
      throw error;
    }
  });
}

export const loader = () => methodNotAllowed(["POST"]);
