/** GET /api/orders/all-orders: every order (admins), newest first; ?page= for older ones (50 a page). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { allOrders, toApiOrder } from "~/features/orders/orders.server";
import { parsePage } from "~/lib/pagination";
import { handleApi, methodNotAllowed } from "~/services/http.server";
import { requireApiAdmin } from "~/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiAdmin(request, context);
    const url = new URL(request.url);
    const page = parsePage(url.searchParams.get("page"));
    const { orders, hasMore } = await allOrders(context, page);
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    if (hasMore) headers.set("Link", `</api/orders/all-orders?page=${page + 1}>; rel="next"`);
    return Response.json(
      orders.map((o) => toApiOrder(o, url.origin)),
      { headers },
    );
  });
}

/** Reading only: any other method is a 405 with a message. */
export const action = () => methodNotAllowed(["GET"]);
