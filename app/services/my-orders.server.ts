/** The signed-in customer's orders as the account pages show them. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { OrderCardData } from "~/components/order-list";
import { productImageUrl } from "~/lib/images";
import { displayOrderRef } from "~/lib/order-status";
import {
  listOrdersForUser,
  timelinesFor,
  type OrderWithItems,
  type TimelineEntry,
} from "~/models/order.server";

export function toOrderCard(order: OrderWithItems, timeline: TimelineEntry[] = []): OrderCardData {
  return {
    id: order.id,
    orderRef: displayOrderRef(order),
    deliveryStatus: order.deliveryStatus,
    deliveryAddress: order.deliveryAddress,
    totalKobo: order.totalKobo,
    createdAt: order.createdAt,
    accessToken: order.accessToken,
    timeline,
    items: order.items.map((item) => ({
      id: item.id,
      name: item.name,
      quantity: item.quantity,
      unitPriceKobo: item.unitPriceKobo,
      imageUrl: productImageUrl(item.imageKey),
    })),
  };
}

export async function myOrderCards(
  context: AppLoadContext,
  userId: string,
  options?: { pendingOnly?: boolean; limit?: number },
): Promise<OrderCardData[]> {
  const orders = await listOrdersForUser(context.db, userId, options);
  const timelines = await timelinesFor(
    context.db,
    orders.map((o) => o.id),
  );
  return orders.map((order) => toOrderCard(order, timelines.get(order.id)));
}
