/**
 * GET /api/chat/messages/{conversationId}: the conversation's messages, oldest first, for its
 * customer or an admin (bearer token or session). 401 without one, 403 for another customer's conversation;
 * both are decided here before the party is asked. `?after=<seq>` returns only newer messages (a client
 * catching up after a reconnect). The party being unreachable is a 503 with a message, never a 500.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleApi, methodNotAllowed } from "~/services/http.server";
import { AppError } from "~/lib/app-error";
import { authorizeRoom, fetchHistory } from "~/features/chat/chat.server";
import { requireApiUser } from "~/services/session.server";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const { room } = await authorizeRoom(context, user, { conversationId: params.conversationId ?? "" });
    const afterParam = new URL(request.url).searchParams.get("after");
    const after = afterParam === null ? undefined : Number(afterParam);
    if (after !== undefined && !(Number.isInteger(after) && after >= 0))
      throw new AppError(400, "after must be a message sequence number (0 or more).");
    const messages = await fetchHistory(context.config, room, { after });
    return Response.json(messages, { headers: { "Cache-Control": "private, no-store" } });
  });
}

/** Reading only: any other method is a 405 with a message. */
export const action = () => methodNotAllowed(["GET"]);
