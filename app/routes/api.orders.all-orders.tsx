/** GET /api/orders/all-orders: every order (admins), newest first; ?page= for older ones (50 a page). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listAllOrders, toApiOrder } from "~/models/order.server";
import { handleApi } from "~/services/api.server";
import { requireApiAdmin } from "~/services/session.server";
import { parsePage } from "~/services/shop.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiAdmin(request, context);
    const url = new URL(request.url);
    const { orders, hasMore } = await listAllOrders(context.db, {
      page: parsePage(url.searchParams.get("page")),
    });
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    if (hasMore)
      headers.set(
        "Link",
        `</api/orders/all-orders?page=${parsePage(url.searchParams.get("page")) + 1}>; rel="next"`,
      );
    return Response.json(
      orders.map((o) => toApiOrder(o, url.origin)),
      { headers },
    );
  });
}
