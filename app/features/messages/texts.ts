/**
 * What each message says, in plain words: the order's reference, what happened, what happens next, and
 * the order's link. Pure: the outbox writer composes them, a unit test reads them.
 */
import { formatNaira } from "~/lib/money";
import type { MessageKind } from "~/lib/messages";
import {
  DELIVERY_STATUS,
  PAYMENT_METHOD,
  PAYMENT_STATUS,
  type DeliveryStatus,
  type PaymentStatus,
} from "~/lib/vocabularies";

export type MessageText = { kind: MessageKind; subject: string; body: string };

/** What a message needs to know of its order. */
export type OrderFacts = {
  ref: string;
  link: string;
  totalKobo: number;
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  awaitingReview: boolean;
};

const SHOP = "MediStore";

const isSettled = (status: PaymentStatus) => PAYMENT_STATUS.entry(status).settled;

/** What happens to the money of a cancelled order (its payment status as the cancellation leaves it). */
function moneyOnCancel(order: OrderFacts): string {
  if (order.paymentStatus === "refund_pending")
    return "Your online payment is being refunded to the card or account you paid from; banks take a few working days to show it.";
  if (order.paymentStatus === "refunded") return "Your payment has been refunded.";
  return isSettled(order.paymentStatus)
    ? "You have paid: we will refund you in full by bank transfer within 5 working days."
    : "You have not been charged.";
}

function howToPay(order: OrderFacts): string {
  if (isSettled(order.paymentStatus)) return "It is paid.";
  if (!PAYMENT_METHOD.includes(order.paymentMethod)) return "How to pay is on your order page.";
  const method = PAYMENT_METHOD.entry(order.paymentMethod);
  if (method.takesReceipt)
    return "Pay by bank transfer: our account details are on your order page; upload the receipt there.";
  return method.online ? "Pay online from your order page if you have not yet." : `You pay ${method.choice}.`;
}

export function orderReceivedText(order: OrderFacts): MessageText {
  const review = order.awaitingReview
    ? " A pharmacist will check your prescription before we prepare it."
    : "";
  return {
    kind: "order_received",
    subject: `We have your order ${order.ref}`,
    body: `${SHOP}: we have your order ${order.ref}, total ${formatNaira(order.totalKobo)}. ${howToPay(order)}${review} Follow it here: ${order.link}`,
  };
}

/** A payment status change, read from the payment statuses' registry (a new status needs no new code). */
export function paymentText(order: OrderFacts, to: PaymentStatus): MessageText {
  const label = PAYMENT_STATUS.label(to);
  if (isSettled(to))
    return {
      kind: "payment",
      subject: `Payment received for ${order.ref}`,
      body: `${SHOP}: we received your payment of ${formatNaira(order.totalKobo)} for order ${order.ref}. Thank you. ${order.link}`,
    };
  // Said of both ways money goes back: through the gateway, or by staff when the gateway could not.
  if (to === "refunded")
    return {
      kind: "payment",
      subject: `Refund sent for ${order.ref}`,
      body: `${SHOP}: we have refunded ${formatNaira(order.totalKobo)} for order ${order.ref}. ${order.link}`,
    };
  // Without a cancellation beside it (that one says so itself), a refund starts when money arrives for an
  // order already cancelled.
  if (to === "refund_pending")
    return {
      kind: "payment",
      subject: `Refund started for ${order.ref}`,
      body: `${SHOP}: your payment of ${formatNaira(order.totalKobo)} for order ${order.ref} arrived after the order was cancelled, so we are refunding it to the card or account you paid from; banks take a few working days to show it. ${order.link}`,
    };
  if (to === "failed")
    return {
      kind: "payment",
      subject: `Payment for ${order.ref} did not go through`,
      body: `${SHOP}: your payment for order ${order.ref} did not go through, and no money was taken. You can pay again from your order page: ${order.link}`,
    };
  return {
    kind: "payment",
    subject: `Payment for ${order.ref}: ${label}`,
    body: `${SHOP}: the payment for order ${order.ref} is now "${label.toLowerCase()}". ${order.link}`,
  };
}

export function reviewText(order: OrderFacts, decision: "approved" | "rejected", note: string): MessageText {
  // The note as written, closed with a full stop only when it has none of its own.
  const written = note.trim();
  const said = written ? ` The pharmacist says: "${written}"${/[.!?]$/.test(written) ? "" : "."}` : "";
  if (decision === "approved")
    return {
      kind: "review_approved",
      subject: `Prescription approved for ${order.ref}`,
      body: `${SHOP}: a pharmacist approved the prescription for order ${order.ref}.${said} We are preparing it now. ${order.link}`,
    };
  return {
    kind: "review_rejected",
    subject: `Prescription not approved for ${order.ref}`,
    body: `${SHOP}: a pharmacist could not approve the prescription for order ${order.ref}, so the order is cancelled.${said} ${moneyOnCancel(order)} ${order.link}`,
  };
}

const STATUS_WORDS: Record<DeliveryStatus, (order: OrderFacts) => string> = {
  Pending: (o) => `order ${o.ref} is waiting to be prepared.`,
  Processing: (o) => `we are preparing order ${o.ref}.`,
  Shipped: (o) => `order ${o.ref} is on its way with our rider.`,
  Delivered: (o) => `order ${o.ref} was delivered. Thank you for shopping with us.`,
  Cancelled: (o) => `order ${o.ref} is cancelled. ${moneyOnCancel(o)}`,
};

export function statusText(order: OrderFacts, to: DeliveryStatus): MessageText {
  return {
    kind: "status",
    subject: `Order ${order.ref}: ${DELIVERY_STATUS.label(to)}`,
    body: `${SHOP}: ${STATUS_WORDS[to](order)} ${order.link}`,
  };
}

export function awaitingReviewText(order: OrderFacts, reviewsLink: string): MessageText {
  return {
    kind: "awaiting_review",
    subject: `Order ${order.ref} awaits a pharmacist`,
    body: `${SHOP} staff: order ${order.ref} has prescription-only medicines and awaits a pharmacist's review: ${reviewsLink}`,
  };
}

export function backInStockText(productName: string, link: string): MessageText {
  return {
    kind: "back_in_stock",
    subject: `${productName} is back in stock`,
    body: `${SHOP}: ${productName}, which you asked about, is back in stock: ${link}`,
  };
}

export function passwordChangedText(storePhone: string): MessageText {
  return {
    kind: "password_changed",
    subject: "Your MediStore password was changed",
    body: `${SHOP}: the password of your account was just changed, and your other devices were logged out. If this was not you, call us on ${storePhone} at once.`,
  };
}

/** The last line of a customer's message: how to stop them. */
export const stopLine = (stopLink: string) => `Reply STOP or open ${stopLink} to stop these messages.`;

/** What the stop link's page says once its address is stopped. */
export const MESSAGES_STOPPED = "Done: we will send no more messages to this address.";
