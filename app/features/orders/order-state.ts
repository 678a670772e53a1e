/**
 * The order's state machine, the one place that says what may follow what (docs/product-rules.md): its
 * delivery status, its payment status and its prescription review, who may make each move, and what a move
 * needs. Every path that changes an order (Admin › Orders, `PUT /api/orders/{id}`, the shopper's cancel,
 * the pharmacist's review page and API, receipt uploads) asks it first; the change it plans is then
 * written in one batch, or not at all (models/order.server.ts, writeOrderChange). Pure: no I/O.
 */
import { AppError } from "~/lib/app-error";
import { NOT_ALLOWED } from "~/lib/admin-roles";
import {
  DELIVERY_STATUS,
  PAYMENT_METHOD,
  PAYMENT_STATUS,
  type DeliveryStatus,
  type OrderActor,
  type PaymentMethod,
  type PaymentStatus,
  type PaymentStatusEntry,
  type ReviewDecision,
  type ReviewStatus,
} from "~/lib/vocabularies";

/** What the machine reads of an order. */
export type OrderState = {
  deliveryStatus: DeliveryStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  /** null: nothing in the order needs a prescription. */
  reviewStatus: ReviewStatus | null;
  /**
   * The gateway reported that it could not send some of the order's money back, and that money is not
   * back yet (read with the order: models/order.server.ts, getOrderRow). Unknown counts as no.
   */
  refundFailed?: boolean;
};

export type Refusal = { status: 403 | 409; message: string };

export const ORDER_CANCELLED = "This order was cancelled: its status can no longer change.";
export const AWAITING_REVIEW = "This order is waiting for a pharmacist to approve its prescription.";
export const ONLY_PENDING_CANCELS =
  "This order is already being prepared, so it can no longer be cancelled here. Please message us on WhatsApp.";
export const ONLY_STAFF_SET_STATUS = "Only our staff can change an order's status; you can cancel it.";
export const PAYMENT_OF_CANCELLED = "This order was cancelled: its payment can no longer change.";
export const PAYMENT_NOT_YOURS = "You cannot change this order's payment status.";
export const NOT_A_PHARMACIST = NOT_ALLOWED.reviewPrescriptions;
export const NOT_A_PRESCRIPTION_ORDER =
  "This order has no prescription-only medicines: there is no prescription to review.";
export const ALREADY_REVIEWED = "A pharmacist has already reviewed this order's prescription.";
export const REVIEW_OF_CANCELLED = "This order was cancelled: its prescription is no longer reviewed.";
export const RECEIPT_ALREADY_PAID = "This order is already paid: no receipt is needed.";
export const RECEIPT_CANCELLED = "This order was cancelled: a receipt can no longer be uploaded.";
export const METHOD_NOT_ONLINE = "Only an order paid online can switch to another way of paying.";
export const METHOD_AFTER_PAYMENT =
  "This order's online payment has gone through: how it is paid can no longer change.";
export const METHOD_ONCE_PREPARED =
  "This order is already being prepared, so how it is paid can no longer change here. Please message us on WhatsApp.";
export const ONLINE_PAID_BY_GATEWAY =
  "This order is paid online: it shows Paid when Paystack confirms the payment, not by hand.";
export const ONLY_UNPAID_RELEASED = "Only a pending order whose online payment never arrived is released.";
export const REFUND_NOT_FAILED =
  "Paystack has not reported a failed refund for this order: its refund is Paystack's to finish, so it cannot be marked refunded by hand.";

/** Nothing ships before a pharmacist approves the prescription of an order that needs one. */
const NEED_APPROVED_PRESCRIPTION: readonly DeliveryStatus[] = ["Shipped", "Delivered"];

const conflict = (message: string): Refusal => ({ status: 409, message });
const forbidden = (message: string): Refusal => ({ status: 403, message });

/** Whether `actor` is among `allowed`; a pharmacist may do whatever an admin may. */
function actsAs(actor: OrderActor, allowed: readonly OrderActor[]): boolean {
  return allowed.includes(actor) || (actor === "pharmacist" && allowed.includes("admin"));
}

/**
 * Why `actor` may not set the order's delivery status to `to`, or null when they may (setting the status
 * it has is no change, so nothing to refuse). Staff set any status; Cancelled is final; the shopper may only
 * cancel, and only while the order is Pending.
 */
export function deliveryRefusal(
  order: Pick<OrderState, "deliveryStatus" | "reviewStatus"> & Partial<Pick<OrderState, "paymentStatus">>,
  to: DeliveryStatus,
  actor: OrderActor,
): Refusal | null {
  if (order.deliveryStatus === to) return null;
  if (order.deliveryStatus === "Cancelled") return conflict(ORDER_CANCELLED);
  // The gateway's one move: releasing an order whose online payment never came (the payments job).
  if (actor === "gateway") {
    if (to !== "Cancelled" || order.deliveryStatus !== "Pending") return forbidden(ONLY_UNPAID_RELEASED);
    const settled = order.paymentStatus === undefined || PAYMENT_STATUS.entry(order.paymentStatus).settled;
    return settled ? conflict(ONLY_UNPAID_RELEASED) : null;
  }
  if (actor === "customer") {
    if (to !== "Cancelled") return forbidden(ONLY_STAFF_SET_STATUS);
    return order.deliveryStatus === "Pending" ? null : conflict(ONLY_PENDING_CANCELS);
  }
  if (!actsAs(actor, ["admin"])) return forbidden(ONLY_STAFF_SET_STATUS);
  if (
    NEED_APPROVED_PRESCRIPTION.includes(to) &&
    order.reviewStatus !== null &&
    order.reviewStatus !== "approved"
  )
    return conflict(AWAITING_REVIEW);
  return null;
}

/** The statuses `actor` may move the order to now (a Cancelled order has none). */
export function nextStatuses(
  order: Pick<OrderState, "deliveryStatus" | "reviewStatus">,
  actor: OrderActor,
): DeliveryStatus[] {
  return DELIVERY_STATUS.values.filter(
    (to) => to !== order.deliveryStatus && deliveryRefusal(order, to, actor) === null,
  );
}

/** Whether no status may follow `status`: a move there cannot be undone, so a person is asked first. */
export function isFinalStatus(status: DeliveryStatus): boolean {
  return nextStatuses({ deliveryStatus: status, reviewStatus: null }, "admin").length === 0;
}

/**
 * Why `actor` may not move the order's payment to `to`, or null when they may. Read from the payment
 * statuses' registry (who sets each, and after which), so a new status is a new entry there; `statuses`
 * is that registry unless a test hands another. A cancelled order's payment stays as it is.
 */
export function paymentRefusal(
  order: {
    deliveryStatus: DeliveryStatus;
    paymentStatus: string;
    paymentMethod: string;
    refundFailed?: boolean;
  },
  to: string,
  actor: OrderActor,
  statuses: readonly PaymentStatusEntry[] = PAYMENT_STATUS.entries,
): Refusal | null {
  if (order.paymentStatus === to) return null;
  const target = statuses.find((entry) => entry.value === to);
  if (!target || !actsAs(actor, target.setBy)) return forbidden(PAYMENT_NOT_YOURS);
  // Money paid online arrives on the gateway's word alone: marked by hand, a cancel would then promise the
  // refund of money never taken.
  if (target.settled && actor !== "gateway" && paidOnline(order.paymentMethod))
    return conflict(ONLINE_PAID_BY_GATEWAY);
  if (order.deliveryStatus === "Cancelled" && !target.whenCancelled) return conflict(PAYMENT_OF_CANCELLED);
  if (target.after && !target.after.includes(order.paymentStatus)) {
    const from = statuses.find((entry) => entry.value === order.paymentStatus)?.label ?? order.paymentStatus;
    return conflict(`This order's payment cannot go from ${from} to ${target.label}.`);
  }
  // Marked by hand while the gateway may still send the money, the customer could be refunded twice.
  if (target.byHandAfterGatewayFails && actor !== "gateway" && !order.refundFailed)
    return conflict(REFUND_NOT_FAILED);
  return null;
}

const HAND_REFUNDED: PaymentStatus = "refunded";

/**
 * Whether staff's "Refunded by hand" ends the order's own refund (its payment becomes Refunded, as the rules
 * above allow once the gateway reported its refund failed) rather than only a payment the order did not
 * keep (a second one, sent back while the order stays as it is).
 */
export const handRefundEndsOrder = (order: Parameters<typeof paymentRefusal>[0]) =>
  order.paymentStatus !== HAND_REFUNDED && paymentRefusal(order, HAND_REFUNDED, "admin") === null;

const paidOnline = (method: string) => PAYMENT_METHOD.includes(method) && PAYMENT_METHOD.entry(method).online;

/** The order's money has not arrived (nor been sent back): what it is paid by may still change. */
const awaitsMoney = (order: Pick<OrderState, "paymentStatus">) =>
  order.paymentStatus === "unpaid" || order.paymentStatus === "failed";

/** The way of paying the gateway's money arrives by. */
const ONLINE_METHOD = PAYMENT_METHOD.entries.find((method) => method.online)!.value;

/**
 * Why `actor` may not change how the order is paid, or null when they may: an order paid online whose money
 * has not arrived may switch to a way of paying offline (its payment failed, say), the shopper while it is
 * Pending, staff until it is cancelled. The gateway only sets it back to online, as its money arrives.
 */
export function methodRefusal(
  order: Pick<OrderState, "deliveryStatus" | "paymentMethod" | "paymentStatus">,
  to: PaymentMethod,
  actor: OrderActor,
): Refusal | null {
  if (order.paymentMethod === to) return null;
  // The gateway's one move: money it confirms was paid online, so the order is paid online again, even
  // cancelled meanwhile (its refund then goes through the gateway). Only with that money (gatewayChange).
  if (actor === "gateway")
    return PAYMENT_METHOD.entry(to).online && awaitsMoney(order) ? null : forbidden(PAYMENT_NOT_YOURS);
  if (!actsAs(actor, ["customer", "admin"])) return forbidden(PAYMENT_NOT_YOURS);
  if (order.deliveryStatus === "Cancelled") return conflict(PAYMENT_OF_CANCELLED);
  if (!PAYMENT_METHOD.entry(order.paymentMethod).online || PAYMENT_METHOD.entry(to).online)
    return conflict(METHOD_NOT_ONLINE);
  if (!awaitsMoney(order)) return conflict(METHOD_AFTER_PAYMENT);
  if (actor === "customer" && order.deliveryStatus !== "Pending") return conflict(METHOD_ONCE_PREPARED);
  return null;
}

/**
 * Why `actor` may not decide on the order's prescription, or null when they may: only a pharmacist, only
 * on an order that has one waiting, and once.
 */
export function reviewRefusal(
  order: Pick<OrderState, "deliveryStatus" | "reviewStatus">,
  actor: OrderActor,
): Refusal | null {
  if (actor !== "pharmacist") return forbidden(NOT_A_PHARMACIST);
  if (order.reviewStatus === null) return conflict(NOT_A_PRESCRIPTION_ORDER);
  if (order.reviewStatus !== "pending") return conflict(ALREADY_REVIEWED);
  if (order.deliveryStatus === "Cancelled") return conflict(REVIEW_OF_CANCELLED);
  return null;
}

/** Why the order takes no payment receipt now, or null when it does (who may upload is checked apart). */
export function receiptRefusal(
  order: Pick<OrderState, "deliveryStatus" | "paymentMethod" | "paymentStatus">,
): string | null {
  if (order.deliveryStatus === "Cancelled") return RECEIPT_CANCELLED;
  const method = PAYMENT_METHOD.entry(order.paymentMethod);
  if (!method.takesReceipt)
    return `This order is paid ${method.choice}: there is no transfer receipt to upload.`;
  if (PAYMENT_STATUS.entry(order.paymentStatus).settled) return RECEIPT_ALREADY_PAID;
  return null;
}

/**
 * Whether the shopper can pay the order online now (its page offers it, the API says where): paid online,
 * its money not arrived, and still Pending (a released or prepared order is not paid this way any more).
 */
export function isPayableOnline(
  order: Pick<OrderState, "paymentMethod" | "paymentStatus" | "deliveryStatus">,
) {
  return (
    PAYMENT_METHOD.entry(order.paymentMethod).online &&
    (order.paymentStatus === "unpaid" || order.paymentStatus === "failed") &&
    order.deliveryStatus === "Pending"
  );
}

/**
 * What the gateway's settled word on a payment makes of the order, or null when it changes nothing (only
 * recorded). Money it confirms is a payment made online whatever happened meanwhile, in whichever order
 * the events arrive: an order switched to paying offline is paid online again (so a cancel refunds it
 * through the gateway), one cancelled meanwhile has the money sent back, one already settled another way
 * is left as it is (staff are told). A failure marks only an order still paid online and awaiting it.
 */
export function gatewayChange(
  order: OrderState,
  result: "success" | "failed",
): Pick<OrderChange, "paymentMethod" | "paymentStatus"> | null {
  if (!awaitsMoney(order)) return null;
  if (result === "failed")
    return PAYMENT_METHOD.entry(order.paymentMethod).online &&
      order.paymentStatus === "unpaid" &&
      order.deliveryStatus !== "Cancelled"
      ? { paymentStatus: "failed" }
      : null;
  return {
    paymentMethod: ONLINE_METHOD,
    paymentStatus: order.deliveryStatus === "Cancelled" ? "refund_pending" : "paid",
  };
}

/** What a caller asks to change; any of them, at once. */
export type OrderChange = {
  paymentMethod?: PaymentMethod;
  deliveryStatus?: DeliveryStatus;
  paymentStatus?: PaymentStatus;
  review?: ReviewDecision;
};

export type Move<T> = { from: T; to: T };

/** What is to be written: each move that changes something, and whether the order's stock comes back. */
export type OrderPlan = {
  method: Move<PaymentMethod> | null;
  payment: Move<PaymentStatus> | null;
  delivery: Move<DeliveryStatus> | null;
  review: Move<ReviewStatus> | null;
  /** Cancelling gives the order's units back: exactly once, since a Cancelled order never changes again. */
  restock: boolean;
  /** The order was paid online and is being cancelled: its money goes back through the gateway. */
  refund: boolean;
  /**
   * Staff returned by hand the money the gateway could not: the attempts whose refund failed are marked
   * refunded with the change.
   */
  refundedByHand: boolean;
};

export const changesNothing = (plan: OrderPlan) =>
  !plan.method && !plan.payment && !plan.delivery && !plan.review;

/**
 * Checks the whole change before anything is written, as if its parts were made one after the other
 * (how it is paid, its payment, then delivery status, then review): one refusal refuses all of it
 * (AppError 403 or 409). A rejected prescription cancels the order; an order switching from a failed
 * online payment to paying offline is simply not paid yet; one paid online and cancelled is refunded.
 */
export function planOrderChange(order: OrderState, change: OrderChange, actor: OrderActor): OrderPlan {
  const refuse = (refusal: Refusal | null) => {
    if (refusal) throw new AppError(refusal.status, refusal.message);
  };
  const plan: OrderPlan = {
    method: null,
    payment: null,
    delivery: null,
    review: null,
    restock: false,
    refund: false,
    refundedByHand: false,
  };
  let state = order;
  if (change.paymentMethod !== undefined) {
    refuse(methodRefusal(state, change.paymentMethod, actor));
    const moneyArrives = change.paymentStatus === "paid" || change.paymentStatus === "refund_pending";
    if (actor === "gateway" && !moneyArrives) refuse(forbidden(PAYMENT_NOT_YOURS));
    if (change.paymentMethod !== state.paymentMethod) {
      plan.method = { from: state.paymentMethod, to: change.paymentMethod };
      // Paying offline after a failed online payment: simply not paid yet.
      if (state.paymentStatus === "failed" && !PAYMENT_METHOD.entry(change.paymentMethod).online)
        plan.payment = { from: "failed", to: "unpaid" };
      state = {
        ...state,
        paymentMethod: change.paymentMethod,
        paymentStatus: plan.payment?.to ?? state.paymentStatus,
      };
    }
  }
  if (change.paymentStatus !== undefined) {
    refuse(paymentRefusal(state, change.paymentStatus, actor));
    if (change.paymentStatus !== state.paymentStatus)
      plan.payment = { from: plan.payment?.from ?? state.paymentStatus, to: change.paymentStatus };
    state = { ...state, paymentStatus: change.paymentStatus };
  }
  if (change.deliveryStatus !== undefined) {
    refuse(deliveryRefusal(state, change.deliveryStatus, actor));
    if (change.deliveryStatus !== state.deliveryStatus)
      plan.delivery = { from: state.deliveryStatus, to: change.deliveryStatus };
    state = { ...state, deliveryStatus: change.deliveryStatus };
  }
  if (change.review !== undefined) {
    refuse(reviewRefusal(state, actor));
    plan.review = { from: state.reviewStatus ?? "pending", to: change.review };
    if (change.review === "rejected")
      plan.delivery = { from: plan.delivery?.from ?? state.deliveryStatus, to: "Cancelled" };
  }
  plan.restock = plan.delivery?.to === "Cancelled";
  // Money taken online goes back when the order is cancelled, whoever cancels it.
  if (plan.restock && PAYMENT_METHOD.entry(state.paymentMethod).online && state.paymentStatus === "paid") {
    plan.payment = { from: plan.payment?.from ?? state.paymentStatus, to: "refund_pending" };
    plan.refund = true;
  }
  plan.refundedByHand = plan.payment?.to === "refunded" && actor !== "gateway";
  return plan;
}
