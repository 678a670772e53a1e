/**
 * GET /admin/chat-customers?q=… or ?ids=a,b: the chat panel's customer picker, searched on the server a few
 * at a time (never every customer), and names for conversations the panel knows only by id.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CHAT_PICKER_SIZE } from "~/lib/chat-protocol";
import { normalizeSearch } from "~/models/product.server";
import { searchUsers, usersByIds } from "~/models/user.server";
import { requireAdmin, withReads } from "~/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const ids = url.searchParams.get("ids");
  // The page's reads travel to D1 with the session lookup, in one trip.
  const [, found] = await withReads(request, context, requireAdmin, async () =>
    ids
      ? usersByIds(context.db, ids.split(",").slice(0, CHAT_PICKER_SIZE))
      : (
          await searchUsers(context.db, {
            search: normalizeSearch(url.searchParams.get("q")),
            role: "user",
            pageSize: CHAT_PICKER_SIZE,
          })
        ).users,
  );
  const customers = found.filter((u) => u.role === "user");
  return Response.json(
    { customers: customers.map(({ id, name, email }) => ({ id, name, email })) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
