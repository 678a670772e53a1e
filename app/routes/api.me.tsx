/**
 * DELETE /api/me with JSON `{password}`: deletes the caller's account (Bearer token). 200 with a message;
 * 400 for a missing or wrong password, 409 for the last admin, 429 after too many wrong passwords.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ACCOUNT_DELETED, deleteMyAccount } from "~/features/privacy/delete-account.server";
import { AppError } from "~/lib/app-error";
import { handleApi, methodNotAllowed, readJson } from "~/services/http.server";
import { requireApiUser } from "~/services/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const body = await readJson(request, 1024);
    if (typeof body !== "object" || body === null) throw new AppError(400, 'Send {"password": "…"}.');
    await deleteMyAccount(request, context, user, (body as { password?: unknown }).password);
    return Response.json({ message: `${ACCOUNT_DELETED}.` }, { headers: { "Cache-Control": "no-store" } });
  });
}

export const loader = () => methodNotAllowed(["DELETE"]);
