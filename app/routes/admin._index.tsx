/** Admin › Overview: counts, today's orders, takings over 7 days, orders awaiting payment, stock alerts. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { formatNaira } from "~/lib/money";
import { LOW_STOCK } from "~/lib/limits";
import {
  countAwaitingPayment,
  lowStockProducts,
  ordersByDay,
  startOfLagosDay,
} from "~/models/back-office-stats.server";
import { countUnreadMessages } from "~/models/contact.server";
import { orderCounts } from "~/models/order.server";
import { countPrescriptions } from "~/models/prescription.server";
import { countProducts } from "~/models/product.server";
import { requireAdmin, withReads } from "~/services/session.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_DAYS = 7;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const today = startOfLagosDay(Date.now());
  const since = today - (WEEK_DAYS - 1) * DAY_MS;
  // The page's reads travel to D1 with the session lookup, in one trip.
  const [, [products, orders, prescriptions, unreadMessages, byDay, awaitingPayment, lowStock]] =
    await withReads(request, context, requireAdmin, () =>
      Promise.all([
        countProducts(context.db),
        orderCounts(context.db),
        countPrescriptions(context.db),
        countUnreadMessages(context.db),
        ordersByDay(context.db, since),
        countAwaitingPayment(context.db),
        lowStockProducts(context.db),
      ]),
    );
  // Every one of the 7 days, quiet ones included, labelled in Lagos time.
  const firstDay = Math.round((since + 60 * 60 * 1000) / DAY_MS);
  const week = Array.from({ length: WEEK_DAYS }, (_, i) => {
    const row = byDay.find((d) => d.day === firstDay + i);
    return {
      start: since + i * DAY_MS,
      orders: row?.orders ?? 0,
      paidOrders: row?.paidOrders ?? 0,
      revenueKobo: row?.revenueKobo ?? 0,
    };
  });
  return {
    products,
    orders: orders.total,
    delivered: orders.delivered,
    prescriptions,
    unreadMessages,
    week,
    awaitingPayment,
    lowStock,
  };
}

const dayLabel = new Intl.DateTimeFormat("en-NG", {
  weekday: "short",
  day: "numeric",
  timeZone: "Africa/Lagos",
});

export default function AdminOverview() {
  const data = useLoaderData<typeof loader>();
  const today = data.week[data.week.length - 1];
  const weekRevenue = data.week.reduce((sum, d) => sum + d.revenueKobo, 0);
  const busiest = Math.max(1, ...data.week.map((d) => d.revenueKobo));
  const cards = [
    { label: "Orders today", value: today.orders.toLocaleString("en-NG"), to: "/admin/orders" },
    { label: "Takings today", value: formatNaira(today.revenueKobo), to: "/admin/orders" },
    {
      label: "Awaiting payment",
      value: data.awaitingPayment.total.toLocaleString("en-NG"),
      to: "/admin/orders?paymentStatus=unpaid",
      note:
        data.awaitingPayment.withReceipt > 0
          ? `${data.awaitingPayment.withReceipt.toLocaleString("en-NG")} with a receipt to check`
          : undefined,
    },
    { label: "Products", value: data.products.toLocaleString("en-NG"), to: "/admin/products" },
    { label: "Orders", value: data.orders.toLocaleString("en-NG"), to: "/admin/orders" },
    { label: "Delivered orders", value: data.delivered.toLocaleString("en-NG"), to: "/admin/orders" },
    { label: "Prescriptions", value: data.prescriptions.toLocaleString("en-NG"), to: "/admin/prescriptions" },
    { label: "Unread messages", value: data.unreadMessages.toLocaleString("en-NG"), to: "/admin/messages" },
  ];
  return (
    <section aria-labelledby="overview-heading" className="flex flex-col gap-6">
      <h2 id="overview-heading" className="sr-only">
        Overview
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label}>
            <Link
              to={card.to}
              className="block h-full rounded-xl border border-gray-200 bg-white p-4 hover:border-brand-600"
            >
              <p className="text-sm text-gray-600">{card.label}</p>
              <p
                className="mt-1 text-lg font-bold whitespace-nowrap text-gray-900 sm:text-2xl"
                data-testid={`count-${card.label.toLowerCase().replace(/ /g, "-")}`}
              >
                {card.value}
              </p>
              {"note" in card && card.note ? (
                <p className="mt-1 text-xs text-gray-600" data-testid="awaiting-with-receipt">
                  {card.note}
                </p>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="week-heading" className="rounded-xl border border-gray-200 bg-white p-4">
          <h3 id="week-heading" className="font-semibold">
            Takings, last 7 days: {formatNaira(weekRevenue)}
          </h3>
          <p className="text-sm text-gray-600">
            Money received: paid orders by the day they were placed, delivery fees included; cancelled orders
            left out.
          </p>
          <table className="mt-3 w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Takings</th>
                <th scope="col">Paid orders</th>
              </tr>
            </thead>
            <tbody>
              {data.week.map((day) => (
                <tr key={day.start}>
                  <th scope="row" className="w-20 py-1 text-left font-normal text-gray-700">
                    {dayLabel.format(day.start)}
                  </th>
                  <td className="py-1">
                    <div className="flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="h-3 rounded bg-brand-600"
                        style={{
                          width: `${Math.max(2, (day.revenueKobo / busiest) * 100)}%`,
                          maxWidth: "60%",
                        }}
                      />
                      <span className="whitespace-nowrap">{formatNaira(day.revenueKobo)}</span>
                    </div>
                  </td>
                  <td className="w-16 py-1 text-right whitespace-nowrap text-gray-600">
                    {day.paidOrders} paid
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section aria-labelledby="stock-heading" className="rounded-xl border border-gray-200 bg-white p-4">
          <h3 id="stock-heading" className="font-semibold">
            Low or no stock
          </h3>
          <p className="text-sm text-gray-600">Counted products with {LOW_STOCK} units or fewer.</p>
          {data.lowStock.length === 0 ? (
            <p className="mt-3 text-sm text-gray-700">Nothing is running low.</p>
          ) : (
            <ul className="mt-3 divide-y divide-gray-100 text-sm">
              {data.lowStock.map((product) => (
                <li key={product.id} className="flex justify-between gap-3 py-1.5">
                  <Link
                    to={`/admin/products/${product.id}`}
                    className="min-w-0 break-words text-brand-700 hover:underline"
                  >
                    {product.name}
                  </Link>
                  <span
                    className={`shrink-0 self-start rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
                      product.stock === 0 ? "bg-red-100 text-red-800" : "bg-yellow-100 text-yellow-800"
                    }`}
                  >
                    {product.stock === 0 ? "Out of stock" : `${product.stock} left`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}
