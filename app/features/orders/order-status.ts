import type { DeliveryStatus } from "~/db/schema";

export const DELIVERY_STATUSES = [
  "Pending",
  "Processing",
  "Shipped",
  "Delivered",
  "Cancelled",
] as const satisfies readonly DeliveryStatus[];

/** The statuses an admin picks from (cancelling gives the stock back; a cancelled order stays cancelled). */
export type SettableStatus = (typeof DELIVERY_STATUSES)[number];

export function isDeliveryStatus(value: unknown): value is SettableStatus {
  return DELIVERY_STATUSES.includes(value as SettableStatus);
}

/** Delivered green, Processing yellow, Shipped blue, Cancelled red, others grey; missing shows as Processing. */
export function statusBadgeClass(status: string | null | undefined): string {
  switch (status ?? "Processing") {
    case "Delivered":
      return "bg-green-100 text-green-800";
    case "Processing":
      return "bg-yellow-100 text-yellow-800";
    case "Shipped":
      return "bg-blue-100 text-blue-800";
    case "Cancelled":
      return "bg-red-100 text-red-800";
    default:
      return "bg-gray-100 text-gray-800";
  }
}

/** The fallback: the last 6 characters of the id, uppercased, when an order has no reference. */
export function displayOrderRef(order: { orderRef?: string | null; id: string }): string {
  return order.orderRef || order.id.slice(-6).toUpperCase();
}
