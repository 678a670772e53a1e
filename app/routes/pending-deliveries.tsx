import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { OrderListPage } from "~/components/order-list";
import { myOrders } from "~/features/orders/orders.server";
import { requireUser } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Pending Deliveries | MediStore" }];

/** Pending means any status other than Delivered. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { orders: await myOrders(context, user.id, { pendingOnly: true }) };
}

export default function PendingDeliveries() {
  const { orders } = useLoaderData<typeof loader>();
  return <OrderListPage title="Pending Deliveries" orders={orders} empty="No pending deliveries" />;
}
