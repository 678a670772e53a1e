/**
 * POST /api/messages/callback/{sms|whatsapp}: the message providers' callbacks (delivery reports, and
 * replies such as "STOP"), verified by the provider's signature of the exact body and answered at once.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { providerCallback } from "~/features/messages/manage.server";
import { handleApi, methodNotAllowed } from "~/services/http.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () =>
    Response.json(await providerCallback(context, params.provider ?? "", request)),
  );
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
