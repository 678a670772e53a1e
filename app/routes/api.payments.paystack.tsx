/**
 * POST /api/payments/paystack: the payment gateway's webhook. Refused with 401 unless its
 * `x-paystack-signature` holds for the raw body; processed once per event (features/payments). A known,
 * signed event is answered 200 whatever it changed, so the gateway stops sending it.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveWebhook } from "~/features/payments/payments.server";
import { handleApi, jsonError, methodNotAllowed } from "~/services/http.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    // The signature is over the bytes as sent: read as text, never re-serialised.
    const raw = await request.text();
    const { status, outcome } = await receiveWebhook(
      context,
      raw,
      request.headers.get("x-paystack-signature"),
    );
    if (status === 401) return jsonError(401, "The notification's signature does not hold.");
    if (status === 400) return jsonError(400, "The notification's body is not one the gateway sends.");
    return Response.json({ received: true, outcome }, { headers: { "Cache-Control": "no-store" } });
  });
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
