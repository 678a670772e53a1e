/**
 * GET /api/orders/all-orders: every order (admins), newest first; ?page= for older ones (50 a page), narrowed
 * by q (reference, phone, e-mail or name), status, paymentStatus, from and to (YYYY-MM-DD, Lagos days).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { allOrders, toApiOrder } from "~/features/orders/orders.server";
import { parsePage } from "~/lib/pagination";
import { filterQuery, parseOrderFilters } from "~/lib/order-filters";
import { handleApi, methodNotAllowed } from "~/services/http.server";
import { carriesSession, requireApiAdmin } from "~/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const url = new URL(request.url);
    const page = parsePage(url.searchParams.get("page"));
    const filters = parseOrderFilters(url.searchParams);
    // As Admin › Orders does: started beside the session lookup when the request carries a session at all,
    // and used only once the session is known to be an admin's.
    const early = (await carriesSession(request, context)) ? allOrders(context, page, filters) : null;
    early?.catch(() => undefined);
    await requireApiAdmin(request, context);
    const { orders, hasMore } = await (early ?? allOrders(context, page, filters));
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    if (hasMore) {
      const next = filterQuery(filters, { page: String(page + 1) });
      headers.set("Link", `</api/orders/all-orders${next}>; rel="next"`);
    }
    return Response.json(
      orders.map((o) => toApiOrder(o, url.origin)),
      { headers },
    );
  });
}

/** Reading only: any other method is a 405 with a message. */
export const action = () => methodNotAllowed(["GET"]);
