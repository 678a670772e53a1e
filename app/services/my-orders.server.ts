/** The signed-in customer's orders as the account pages show them. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { OrderCardData } from "~/components/order-list";
import { productImageUrl } from "~/lib/images";
import { displayOrderRef } from "~/lib/order-status";
import { listOrdersForUser, type OrderWithItems } from "~/models/order.server";

export function toOrderCard(order: OrderWithItems): OrderCardData {
  return {
    id: order.id,
    orderRef: displayOrderRef(order),
    deliveryStatus: order.deliveryStatus,
    deliveryAddress: order.deliveryAddress,
    totalKobo: order.totalKobo,
    createdAt: order.createdAt,
    accessToken: order.accessToken,
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
  return (await listOrdersForUser(context.db, userId, options)).map(toOrderCard);
}
