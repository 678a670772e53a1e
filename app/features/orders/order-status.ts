import { DELIVERY_STATUS, type DeliveryStatus } from "~/lib/vocabularies";

/** Delivered green, Processing yellow, Shipped blue, Cancelled red, others grey. */
const BADGE_CLASSES: Record<DeliveryStatus, string> = {
  Pending: "bg-gray-100 text-gray-800",
  Processing: "bg-yellow-100 text-yellow-800",
  Shipped: "bg-blue-100 text-blue-800",
  Delivered: "bg-green-100 text-green-800",
  Cancelled: "bg-red-100 text-red-800",
};

/** An order with no status (older records) shows as Processing. */
export const statusOrDefault = (status: string | null | undefined): DeliveryStatus =>
  DELIVERY_STATUS.includes(status) ? status : "Processing";

export function statusBadgeClass(status: string | null | undefined): string {
  return BADGE_CLASSES[statusOrDefault(status)];
}

/** The fallback: the last 6 characters of the id, uppercased, when an order has no reference. */
export function displayOrderRef(order: { orderRef?: string | null; id: string }): string {
  return order.orderRef || order.id.slice(-6).toUpperCase();
}
