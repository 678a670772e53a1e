/**
 * GET /api/chat/messages/{conversationId} (spec 7): the conversation's messages, oldest first, for its
 * customer or an admin (bearer token or session). 401 without one, 403 for another customer's conversation;
 * both are decided here before the party is asked. `?after=<seq>` returns only newer messages (a client
 * catching up after a reconnect). The party being unreachable is a 503 with a message, never a 500.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ApiError, handleApi } from "~/services/api.server";
import { authorizeRoom, fetchHistory } from "~/services/chat.server";
import { requireApiUser } from "~/services/session.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const { room } = await authorizeRoom(context, user, { conversationId: params.conversationId ?? "" });
    const afterParam = new URL(request.url).searchParams.get("after");
    const after = afterParam === null ? undefined : Number(afterParam);
    if (after !== undefined && !(Number.isInteger(after) && after >= 0))
      throw new ApiError(400, "after must be a message sequence number (0 or more).");
    const messages = await fetchHistory(context.config, room, { after });
    return Response.json(messages, { headers: { "Cache-Control": "private, no-store" } });
  });
}
