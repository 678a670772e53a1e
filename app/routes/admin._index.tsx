import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { countUnreadMessages } from "~/models/contact.server";
import { orderCounts } from "~/models/order.server";
import { countPrescriptions } from "~/models/prescription.server";
import { countProducts } from "~/models/product.server";
import { requireAdmin } from "~/services/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [products, orders, prescriptions, unreadMessages] = await Promise.all([
    countProducts(context.db),
    orderCounts(context.db),
    countPrescriptions(context.db),
    countUnreadMessages(context.db),
  ]);
  return { products, orders: orders.total, delivered: orders.delivered, prescriptions, unreadMessages };
}

export default function AdminOverview() {
  const counts = useLoaderData<typeof loader>();
  const cards = [
    { label: "Products", value: counts.products, to: "/admin/products" },
    { label: "Orders", value: counts.orders, to: "/admin/orders" },
    { label: "Delivered orders", value: counts.delivered, to: "/admin/orders" },
    { label: "Prescriptions", value: counts.prescriptions, to: "/admin/prescriptions" },
    { label: "Unread messages", value: counts.unreadMessages, to: "/admin/messages" },
  ];
  return (
    <section aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="sr-only">
        Overview
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {cards.map((card) => (
          <li key={card.label}>
            <Link
              to={card.to}
              className="block rounded-xl border border-gray-200 bg-white p-4 hover:border-brand-600"
            >
              <p className="text-sm text-gray-600">{card.label}</p>
              <p
                className="mt-1 text-3xl font-bold text-gray-900"
                data-testid={`count-${card.label.toLowerCase().replace(/ /g, "-")}`}
              >
                {card.value.toLocaleString("en-NG")}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
