/**
 * POST /chat/ticket: a fresh, minute-long ticket for the signed-in user's chat socket (browsers cannot send
 * an Authorization header on a WebSocket). Body (JSON, optional): `{conversationId}` for an admin opening a
 * customer's conversation, `{inbox: true}` for the admins' inbox; a customer gets their own conversation.
 * A customer needs a chat consent they have not withdrawn, or gives it with `{consent: true}` (an app sends it
 * once the customer has agreed to the privacy notice's chat terms).
 * Answers `{ticket, host, protocol, party, room, expiresAt}`; 401 for a guest, 403 for someone else's room
 * or for a customer without chat consent.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { handleApi, methodNotAllowed, parseOrThrow, readJson } from "~/services/http.server";
import { authorizeRoom, mintTicket } from "~/features/chat/chat.server";
import { assertChatAllowed } from "~/features/privacy/consents.server";
import { enforceRateLimit } from "~/services/rate-limit.server";
import { requireApiUser } from "~/services/session.server";

const bodySchema = z.object({
  conversationId: z.string().nullish(),
  inbox: z.boolean().optional(),
  consent: z.literal(true).optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    await enforceRateLimit(request, context, "chatTicket", user.id);
    const hasBody =
      (request.headers.get("Content-Length") ?? "0") !== "0" || request.headers.has("Content-Type");
    const body = hasBody ? parseOrThrow(bodySchema, await readJson(request, 1024)) : {};
    // A customer without chat consent (never given, or withdrawn) gets no chat until they give it (403).
    await assertChatAllowed(context, user, { consenting: body.consent === true });
    const target = await authorizeRoom(context, user, body);
    return Response.json(await mintTicket(context.config, user, target), {
      headers: { "Cache-Control": "private, no-store" },
    });
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
