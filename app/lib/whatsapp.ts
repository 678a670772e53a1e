/** The order hand-off to the pharmacy: a wa.me link with a pre-filled message (docs/product-rules.md, Checkout and orders). */
import { formatNaira } from "./money";

export type WhatsAppOrder = {
  orderRef: string;
  name: string;
  phone: string;
  email: string;
  deliveryAddress: string;
  totalKobo: number;
  items: { name: string; quantity: number; unitPriceKobo: number }[];
  statusUrl: string;
  /** Holds prescription-only medicines not yet approved by a pharmacist. */
  awaitingReview?: boolean;
};

export const AWAITING_REVIEW_LINE = "⚠️ Prescription-only items: awaiting pharmacist review";

export function orderWhatsAppMessage(order: WhatsAppOrder): string {
  const lines = order.items.map(
    (item) => `- ${item.name} x ${item.quantity} = ${formatNaira(item.unitPriceKobo * item.quantity)}`,
  );
  return [
    `Hello MediStore, I would like to place an order.`,
    `Order reference: ${order.orderRef}`,
    ...(order.awaitingReview ? [AWAITING_REVIEW_LINE] : []),
    ``,
    `Items:`,
    ...lines,
    ``,
    `Total: ${formatNaira(order.totalKobo)}`,
    ``,
    `Delivery details:`,
    `Name: ${order.name}`,
    `Phone: ${order.phone}`,
    `Address: ${order.deliveryAddress}`,
    `Email: ${order.email}`,
    ``,
    `Order status: ${order.statusUrl}`,
  ].join("\n");
}

/** `https://wa.me/<digits>?text=…`; the number is given in international form without "+". */
export function whatsAppLink(sellerNumber: string, text?: string): string {
  const digits = sellerNumber.replace(/\D/g, "");
  return text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
}
