import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { OrderListPage } from "~/components/order-list";
import { myOrders } from "~/features/orders/orders.server";
import { requireUser } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "My Orders | MediStore" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { orders: await myOrders(context, user.id) };
}

export default function MyOrders() {
  const { orders } = useLoaderData<typeof loader>();
  return <OrderListPage title="My Orders" orders={orders} empty="No orders yet" />;
}
