/** An order as pages show it (customer pages, the private status page, the back office). */
import { formatNaira } from "~/lib/money";
import {
  REVIEW_DECISION,
  type DeliveryStatus,
  type PaymentMethod,
  type PaymentStatus,
  type ReviewDecision,
  type ReviewStatus,
} from "~/lib/vocabularies";

export type TimelineEntry = {
  id: number;
  from: string;
  to: string;
  /** Said instead of "from → to" for an event that is not a change of state (a receipt uploaded). */
  label?: string;
  by: string;
  at: number;
};

export type OrderLineView = {
  id: number;
  /** null once the product left the catalogue: the line keeps its name, with no link. */
  productId: number | null;
  name: string;
  quantity: number;
  unitPriceKobo: number;
  imageUrl: string | null;
};

/** An order in the back office's list (Admin › Orders): what its row and its details show. */
export type BackOfficeOrderView = Pick<
  OrderView,
  | "id"
  | "orderRef"
  | "name"
  | "email"
  | "phone"
  | "deliveryAddress"
  | "totalKobo"
  | "deliveryStatus"
  | "paymentStatus"
  | "paymentMethod"
  | "reviewStatus"
  | "createdAt"
  | "receiptUploadedAt"
  | "timeline"
  | "prescriptionReview"
> & {
  items: Pick<OrderLineView, "id" | "name" | "quantity">[];
  messages: TimelineMessage[];
  /** The gateway could not send some of its money back, and that money is not back yet. */
  refundFailed: boolean;
};

/** A message about the order, as its timeline in the back office lists it, with how far it got. */
export type TimelineMessage = {
  id: string;
  at: number;
  what: string;
  channel: string;
  to: string;
  state: string;
};

/** A pharmacist's decision on a prescription order, as every audience of the order sees it. */
export type ReviewView = {
  decision: ReviewDecision;
  note: string;
  reviewerName: string;
  reviewerPcn: string;
  reviewedAt: number;
};

export type OrderView = {
  id: string;
  orderRef: string;
  name: string;
  email: string;
  phone: string;
  deliveryAddress: string;
  totalKobo: number;
  /** The goods alone; totalKobo adds the delivery fee. */
  subtotalKobo: number;
  /** null while the fee is to be confirmed (no state given, or an order from before fees). */
  deliveryFeeKobo: number | null;
  deliveryState: string | null;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  deliveryStatus: DeliveryStatus;
  createdAt: number;
  accessToken: string;
  /** When the bank transfer receipt was uploaded (the latest one); null when there is none. */
  receiptUploadedAt: number | null;
  items: OrderLineView[];
  timeline: TimelineEntry[];
  /** null when nothing in the order needs a prescription. */
  reviewStatus: ReviewStatus | null;
  prescriptionReview: ReviewView | null;
};

/** "Approved by Pharm. Ngozi Okafor (PCN PS-021784)" */
export function reviewSummary(review: Pick<ReviewView, "decision" | "reviewerName" | "reviewerPcn">) {
  return `${REVIEW_DECISION.label(review.decision)} by ${review.reviewerName} (PCN ${review.reviewerPcn})`;
}

/** The form field (and API multipart field) that carries a bank transfer receipt photo. */
export const RECEIPT_FIELD = "receipt";
/** The link holder's view of the transfer receipt (the order page links it). */
export const receiptUrlForToken = (token: string) => `/order/${token}/receipt`;
/** The order's account's and the back office's view of it. */
export const receiptUrlForOrder = (orderId: string) => `/receipts/${orderId}`;

/** What a cancelled order paid (or said paid) by transfer tells the shopper about their money. */
export const refundNote = (orderRef: string) =>
  `You paid by bank transfer: once we have checked that your transfer arrived, we send the money back to the account it came from, within 3 working days. Keep your order reference ${orderRef} for any question.`;

/**
 * Where an online payment's refund stands for its shopper: `failed` while the gateway reported it could not
 * send the money back and staff have not returned it yet; `byHand` once staff marked it refunded instead.
 */
export type OnlineRefund = { failed: boolean; byHand: boolean };

/**
 * What the shopper's order page says of the money of an order paid online that goes back: through the
 * gateway to the card or account paid with, or, when the gateway could not, by the pharmacy's own transfer.
 */
export function onlineRefundNote(
  status: "refund_pending" | "refunded",
  refund: OnlineRefund,
  totalKobo: number,
): string {
  const amount = formatNaira(totalKobo);
  if (status === "refunded")
    return refund.byHand
      ? `Refunded: our pharmacy returned ${amount} to you by bank transfer.`
      : `Refunded: ${amount} went back to the card or account you paid with.`;
  return refund.failed
    ? `Paystack could not send the money back. Our pharmacy will return ${amount} to you by bank transfer; we will message you when it is done.`
    : `Your refund of ${amount} is on its way through Paystack to the card or account you paid with. Banks usually take a few working days.`;
}
