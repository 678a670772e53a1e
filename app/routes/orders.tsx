import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { OrderListPage } from "~/components/order-list";
import { myOrders } from "~/features/orders/orders.server";
import { requireUser, withReads } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "My Orders | MediStore" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The orders travel to D1 with the session lookup, in one trip.
  const [, orders] = await withReads(request, context, requireUser, (me) => myOrders(context, me));
  return { orders };
}

export default function MyOrders() {
  const { orders } = useLoaderData<typeof loader>();
  return <OrderListPage title="My Orders" orders={orders} empty="No orders yet" />;
}
