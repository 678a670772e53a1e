/** GET /admin/orders.csv?…filters: the filtered orders as a spreadsheet (the same filters as Admin › Orders). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csvPhone, toCsv } from "~/lib/csv";
import { filterQuery, parseOrderFilters } from "~/lib/order-filters";
import { recordAudit } from "~/features/audit/audit.server";
import { ordersForExport } from "~/models/order-search.server";
import { requireBackOfficeUser, withReads } from "~/services/session.server";
import { DELIVERY_STATUS, PAYMENT_METHOD, PAYMENT_STATUS } from "~/lib/vocabularies";

/** An export is for a report, not a backup: a cap keeps one request within a Worker's limits. */
export const CSV_EXPORT_LIMIT = 10_000;

const naira = (kobo: number | null) => (kobo === null ? "" : (kobo / 100).toFixed(2));
const lagosTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  dateStyle: "short",
  timeStyle: "short",
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const filters = parseOrderFilters(new URL(request.url).searchParams);
  // The rows travel to D1 with the session lookup; the record of the download is a second trip.
  const [admin, rows] = await withReads(request, context, requireBackOfficeUser, () =>
    ordersForExport(context.db, filters, CSV_EXPORT_LIMIT),
  );
  // Customers' personal data leaving the system: recorded before it is served.
  await recordAudit(context, admin, {
    action: "export_downloaded",
    record: { type: "export", id: "orders.csv" },
    detail: filterQuery(filters).slice(1),
  });
  const csv = toCsv([
    [
      "Reference",
      "Date (Lagos)",
      "Name",
      "Email",
      "Phone",
      "State",
      "Address",
      "Items",
      "Subtotal (NGN)",
      "Delivery fee (NGN)",
      "Total (NGN)",
      "Status",
      "Payment method",
      "Payment status",
    ],
    ...rows.map(({ order, lines }) => [
      order.orderRef,
      lagosTime.format(order.createdAt),
      order.name,
      order.email,
      csvPhone(order.phone),
      order.deliveryState,
      order.deliveryAddress,
      lines,
      naira(order.totalKobo - (order.deliveryFeeKobo ?? 0)),
      naira(order.deliveryFeeKobo),
      naira(order.totalKobo),
      DELIVERY_STATUS.label(order.deliveryStatus),
      PAYMENT_METHOD.label(order.paymentMethod),
      PAYMENT_STATUS.label(order.paymentStatus),
    ]),
  ]);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="medistore-orders-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
