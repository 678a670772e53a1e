/** The order hand-off to the pharmacy: a wa.me link with a pre-filled message (docs/product-rules.md, Checkout and orders). */
import { formatNaira } from "./money";
import { PAYMENT_METHOD, type PaymentMethod } from "./vocabularies";

export { whatsAppLink } from "./whatsapp-link";

export type WhatsAppOrder = {
  orderRef: string;
  name: string;
  phone: string;
  email: string;
  deliveryAddress: string;
  totalKobo: number;
  /** null while the fee is to be confirmed (no state given). */
  deliveryFeeKobo?: number | null;
  deliveryState?: string | null;
  paymentMethod?: PaymentMethod;
  items: { name: string; quantity: number; unitPriceKobo: number }[];
  statusUrl: string;
  /** Holds prescription-only medicines not yet approved by a pharmacist. */
  awaitingReview?: boolean;
};

export const AWAITING_REVIEW_LINE = "⚠️ Prescription-only items: awaiting pharmacist review";

/** Subtotal, delivery and total (the fee may still be to be confirmed), and how the shopper will pay. */
function totalLines(order: WhatsAppOrder): string[] {
  if (order.deliveryFeeKobo === undefined) return [`Total: ${formatNaira(order.totalKobo)}`];
  const subtotal = order.totalKobo - (order.deliveryFeeKobo ?? 0);
  const where = order.deliveryState ? ` to ${order.deliveryState}` : "";
  const fee =
    order.deliveryFeeKobo === null
      ? "to be confirmed"
      : order.deliveryFeeKobo === 0
        ? "free"
        : formatNaira(order.deliveryFeeKobo);
  return [
    `Subtotal: ${formatNaira(subtotal)}`,
    `Delivery${where}: ${fee}`,
    order.deliveryFeeKobo === null
      ? `Total: ${formatNaira(order.totalKobo)} plus delivery`
      : `Total: ${formatNaira(order.totalKobo)}`,
    ...(order.paymentMethod ? [`Payment: ${PAYMENT_METHOD.label(order.paymentMethod)}`] : []),
  ];
}

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
    ...totalLines(order),
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
