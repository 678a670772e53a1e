/**
 * Orders after checkout: one projection per audience (pages, JSON API), the WhatsApp hand-off, the
 * customer's own lists, the back office list and status changes.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Order, OrderStatusEvent, PrescriptionReview } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { productImageUrl } from "~/lib/images";
import { koboToNaira } from "~/lib/money";
import { orderWhatsAppMessage, whatsAppLink } from "~/lib/whatsapp";
import {
  getOrderByAccessToken,
  getOrderById,
  getOrderPageByAccessToken,
  getOrderRow,
  listAllOrders,
  listOrdersForUser,
  type OwnOrder,
  orderStillAsRead,
  writeOrderChange,
  type OrderWithItems,
} from "~/models/order.server";
import type { AdminRole } from "~/lib/admin-roles";
import { auditD1 } from "../audit/audit.server";
import { asD1Statements, enqueueMessages, orderChangeMessages } from "../messages/messages.server";
import { backOfficeOrders } from "~/models/order-search.server";
import { MESSAGE_CHANNEL, MESSAGE_KIND, MESSAGE_STATE } from "~/lib/messages";
import { findUserByEmail, userIdByEmail, type UserRef } from "~/models/user.server";
import { getUser } from "~/services/session.server";
import type { PublicUser } from "~/lib/user";
import type { OrderFilters } from "~/lib/order-filters";
import {
  ORDER_EVENT_KIND,
  PAYMENT_METHOD,
  PAYMENT_STATUS,
  type DeliveryStatus,
  type OrderActor,
  type PaymentMethod,
  type PaymentStatus,
  type ReviewDecision,
} from "~/lib/vocabularies";
import { requestRefund } from "../payments/refunds.server";
import { attemptsRefundedByHand, failedRefundsBackByHand } from "~/models/payment.server";
import { displayOrderRef } from "./order-status";
import { changesNothing, handRefundEndsOrder, isPayableOnline, planOrderChange } from "./order-state";
import type { BackOfficeOrderView, OnlineRefund, OrderView, ReviewView, TimelineEntry } from "./order-view";

export const ORDER_NOT_FOUND = "Order not found.";
export const ORDER_LINK_UNKNOWN = "We could not find that order. Please check the link you were given.";
const STATUS_CHANGED_MEANWHILE =
  "Someone changed this order's status a moment ago. Reload to see it, then try again.";

type StatusEvent = Pick<
  OrderStatusEvent,
  "id" | "kind" | "fromStatus" | "toStatus" | "changedByName" | "createdAt"
>;

/**
 * A payment status as the timeline says it ("not paid"), a way of paying ("on delivery", when the order
 * switched), or the stored word if the registries lost it.
 */
const paymentWord = (status: string) =>
  PAYMENT_STATUS.includes(status)
    ? PAYMENT_STATUS.label(status).toLowerCase()
    : PAYMENT_METHOD.includes(status)
      ? PAYMENT_METHOD.entry(status).choice
      : status;

/** A status, payment or receipt event as the timeline says it. */
function timelineEntry(e: StatusEvent): TimelineEntry {
  const at = { id: e.id, by: e.changedByName, at: e.createdAt };
  // Not a change of state: said by its kind's label.
  if (e.kind === "receipt" || e.kind === "refund_failed")
    return { ...at, from: "", to: "", label: ORDER_EVENT_KIND.label(e.kind) };
  if (e.kind === "payment")
    return {
      ...at,
      from: `${ORDER_EVENT_KIND.label("payment")}: ${paymentWord(e.fromStatus)}`,
      to: paymentWord(e.toStatus),
    };
  return { ...at, from: e.fromStatus, to: e.toStatus };
}

/** The order's timeline as its shopper sees it: without what is for staff only. */
const shopperTimeline = (events: StatusEvent[]) =>
  events.filter((e) => !ORDER_EVENT_KIND.entry(e.kind).staffOnly).map(timelineEntry);

function reviewView(
  review: Omit<PrescriptionReview, "id" | "orderId" | "reviewerId"> | null,
): ReviewView | null {
  if (!review) return null;
  return {
    decision: review.decision,
    note: review.note,
    reviewerName: review.reviewerName,
    reviewerPcn: review.reviewerPcn,
    reviewedAt: review.createdAt,
  };
}

export function toOrderView(order: OrderWithItems, timeline: TimelineEntry[] = []): OrderView {
  return {
    reviewStatus: order.reviewStatus,
    prescriptionReview: reviewView(order.review),
    id: order.id,
    orderRef: displayOrderRef(order),
    name: order.name,
    email: order.email,
    phone: order.phone,
    deliveryAddress: order.deliveryAddress,
    totalKobo: order.totalKobo,
    subtotalKobo: order.totalKobo - (order.deliveryFeeKobo ?? 0),
    deliveryFeeKobo: order.deliveryFeeKobo,
    deliveryState: order.deliveryState,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    deliveryStatus: order.deliveryStatus,
    createdAt: order.createdAt,
    accessToken: order.accessToken,
    receiptUploadedAt: order.receiptKey ? order.receiptUploadedAt : null,
    timeline,
    items: order.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      name: item.name,
      quantity: item.quantity,
      unitPriceKobo: item.unitPriceKobo,
      imageUrl: productImageUrl(item.imageKey),
    })),
  };
}

/**
 * The JSON API shape of an order: money in naira, `_id`, `deliveryStatus`. `payment` is there for an order
 * paid online: whether it can be paid now and, when the caller knows it, the gateway's page to pay on.
 */
export function toApiOrder(order: OrderWithItems, origin: string, payUrl: string | null = null) {
  const review = reviewView(order.review);
  return {
    _id: order.id,
    orderRef: order.orderRef,
    email: order.email,
    name: order.name,
    phone: order.phone,
    deliveryAddress: order.deliveryAddress,
    totalAmount: koboToNaira(order.totalKobo),
    subtotal: koboToNaira(order.totalKobo - (order.deliveryFeeKobo ?? 0)),
    // null: the fee is to be confirmed (the order named no state).
    deliveryFee: order.deliveryFeeKobo === null ? null : koboToNaira(order.deliveryFeeKobo),
    deliveryState: order.deliveryState,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    payment: PAYMENT_METHOD.entry(order.paymentMethod).online
      ? { provider: "paystack", payable: isPayableOnline(order), url: isPayableOnline(order) ? payUrl : null }
      : null,
    deliveryStatus: order.deliveryStatus,
    createdAt: new Date(order.createdAt).toISOString(),
    // When the shopper's bank transfer receipt arrived (the latest one); null when there is none.
    receiptUploadedAt:
      order.receiptKey && order.receiptUploadedAt ? new Date(order.receiptUploadedAt).toISOString() : null,
    reviewStatus: order.reviewStatus,
    prescriptionReview: review ? { ...review, reviewedAt: new Date(review.reviewedAt).toISOString() } : null,
    items: order.items.map((item) => {
      const image = productImageUrl(item.imageKey);
      return {
        name: item.name,
        image: image ? `${origin}${image}` : null,
        quantity: item.quantity,
        price: koboToNaira(item.unitPriceKobo),
      };
    }),
  };
}

/** The origin links that leave the site use (WhatsApp), configured or else the request's own. */
export function publicOrigin(request: Request, context: AppLoadContext): string {
  return context.config.publicOrigin ?? new URL(request.url).origin;
}

/** The order's private status link and the pre-filled WhatsApp message that hands it to the pharmacy. */
export function orderHandOff(order: OrderWithItems, origin: string, context: AppLoadContext) {
  const statusUrl = `${origin}/order/${order.accessToken}`;
  const whatsappUrl = whatsAppLink(
    context.config.sellerWhatsApp,
    orderWhatsAppMessage({ ...order, statusUrl, awaitingReview: order.reviewStatus === "pending" }),
  );
  return { statusUrl, whatsappUrl };
}

/**
 * Where the order's refund stands for its shopper. Staff's "Refunded by hand" is the one change to
 * refunded a person makes (the state machine leaves every other refund to the gateway): its event
 * names them.
 */
const onlineRefund = (
  order: { refundFailed: boolean },
  events: Pick<OrderStatusEvent, "kind" | "toStatus" | "changedBy">[],
): OnlineRefund => ({
  failed: order.refundFailed,
  byHand: events.some((e) => e.kind === "payment" && e.toStatus === "refunded" && e.changedBy !== null),
});

/** The private status page: the token in its link is the only key. */
export async function orderStatusPage(request: Request, context: AppLoadContext, token: string) {
  const found = await getOrderPageByAccessToken(context.db, token);
  if (!found) throw new AppError(404, ORDER_LINK_UNKNOWN);
  const { order, events } = found;
  return {
    order: toOrderView(order, shopperTimeline(events)),
    refund: onlineRefund(order, events),
    prescriptionUrl: order.prescriptionId ? `/order/${order.accessToken}/prescription` : null,
    ...orderHandOff(order, publicOrigin(request, context), context),
  };
}

/** The signed-in customer's own orders (placed while signed in), newest first. */
export async function myOrders(
  context: AppLoadContext,
  userId: UserRef,
  options?: { pendingOnly?: boolean; limit?: number },
): Promise<OrderView[]> {
  const orders = await listOrdersForUser(context.db, userId, options);
  return orders.map((order) => toOrderView(order, shopperTimeline(order.events)));
}

/**
 * The orders of the account with this e-mail, for its signed-in owner or an admin: the account's own
 * orders, never other orders that happen to carry the address. `reads` picks the account and its orders by
 * the e-mail in SQL, so they may travel to D1 with the session lookup; `allowed` then hands them over only
 * to whom they are for.
 */
export const ordersOfAccount = {
  email(raw: string) {
    const email = raw.trim().toLowerCase();
    if (!email || email.length > 254 || !email.includes("@"))
      throw new AppError(400, "Give an e-mail address: /api/orders/{email}.");
    return email;
  },
  async reads(context: AppLoadContext, email: string) {
    const [account, orders] = await Promise.all([
      findUserByEmail(context.db, email),
      listOrdersForUser(context.db, userIdByEmail(email)),
    ]);
    return { email, account, orders };
  },
  allowed(viewer: PublicUser, found: { email: string; account: unknown; orders: OwnOrder[] }) {
    if (viewer.email !== found.email && viewer.role !== "admin")
      throw new AppError(403, "You can only see your own orders.");
    if (!found.account) throw new AppError(404, "No account uses that e-mail address.");
    return found.orders;
  },
};

/** The back office's orders, newest first, a page at a time, narrowed by the filters (lib/order-filters). */
export async function allOrders(context: AppLoadContext, page: number, filters: OrderFilters) {
  return listAllOrders(context.db, { page, filters });
}

/** Admin › Orders: a page of the back office's list, with what each row and its details show. */
export async function backOfficeOrderViews(
  context: AppLoadContext,
  page: number,
  filters: OrderFilters,
): Promise<{ orders: BackOfficeOrderView[]; hasMore: boolean }> {
  const { orders, hasMore } = await backOfficeOrders(context.read, filters, { page });
  return {
    orders: orders.map(({ events, review, ...order }) => ({
      ...order,
      messages: order.messages.map((m) => ({
        id: m.id,
        at: m.createdAt,
        what: MESSAGE_KIND.label(m.kind),
        channel: MESSAGE_CHANNEL.label(m.channel),
        to: m.recipient,
        state: MESSAGE_STATE.label(m.state),
      })),
      orderRef: displayOrderRef(order),
      timeline: events.map(timelineEntry),
      prescriptionReview: reviewView(review),
    })),
    hasMore,
  };
}

export const ORDER_CANCELLED_BY_YOU = "Your order has been cancelled.";
export const PAY_ON_DELIVERY_CHOSEN = "You will pay on delivery (cash or card on the rider’s POS).";

/** The shopper gives up paying online (a failed payment, say) and pays on delivery instead. */
export async function payOnDeliveryInstead(request: Request, context: AppLoadContext, token: string) {
  const { order, who } = await orderOfLinkHolder(request, context, token);
  return (await changeOrder(context, order, { paymentMethod: "pay_on_delivery" }, who, "customer")).order;
}

/** What a caller asks to change (any of them at once); a review carries the pharmacist's note and PCN. */
export type OrderChangeRequest = {
  paymentMethod?: PaymentMethod;
  deliveryStatus?: DeliveryStatus;
  paymentStatus?: PaymentStatus;
  review?: { decision: ReviewDecision; note: string; pcnNumber: string };
};

/**
 * The order a back-office form names, as changeOrder takes it: read beside the session lookup (withReads),
 * so the change costs one trip to D1 less. Undefined for no such order (changeOrder then says 404).
 */
export function orderToChange(
  context: AppLoadContext,
  id: unknown,
): Promise<(Order & { refundFailed: boolean }) | undefined> {
  return typeof id === "string" && id.length <= 100
    ? getOrderRow(context.db, id)
    : Promise.resolve(undefined);
}

/**
 * Changes an order as its state machine allows (./order-state): the whole change is checked against the
 * order first and then written in one batch, so a refused part (403, 409) writes nothing of the others.
 * Asking for the state the order already has records nothing. Answers the order as it now is and whether
 * anything changed. `target` is the order's id, or its row when the caller has just read it. `also`: more
 * statements of the same change (what the gateway said), each made conditional on orderStillAsRead. An
 * order paid online and cancelled has its refund asked of the gateway once the change is written.
 */
export async function changeOrder(
  context: AppLoadContext,
  target: string | Order,
  request: OrderChangeRequest,
  who: { id: string; name: string; adminRole?: AdminRole },
  actor: OrderActor,
  also: (current: Order) => D1PreparedStatement[] = () => [],
): Promise<{ order: OrderWithItems; changed: boolean }> {
  const current = typeof target === "string" ? await getOrderRow(context.db, target) : target;
  if (!current) throw new AppError(404, ORDER_NOT_FOUND);
  const change = {
    paymentMethod: request.paymentMethod,
    deliveryStatus: request.deliveryStatus,
    paymentStatus: request.paymentStatus,
    review: request.review?.decision,
  };
  const plan = planOrderChange(current, change, actor);
  const changed = !changesNothing(plan);
  if (changed) {
    const review = plan.review && request.review;
    // A back-office change leaves its audit entries in the same batch, written only if the change is.
    const adminRole = who.adminRole;
    const audited = adminRole
      ? [
          review && { action: "review_decided" as const, detail: `${review.decision}: ${review.note}` },
          plan.delivery && {
            action: "order_status_changed" as const,
            detail: `${current.deliveryStatus} → ${plan.delivery.to}`,
          },
          plan.method && {
            action: "order_payment_changed" as const,
            detail: `Paid ${PAYMENT_METHOD.entry(plan.method.from).choice} → ${PAYMENT_METHOD.entry(plan.method.to).choice}`,
          },
          plan.payment && {
            action: "order_payment_changed" as const,
            detail: `${current.paymentStatus} → ${plan.payment.to}`,
          },
        ].flatMap((fact) =>
          fact
            ? [
                auditD1(
                  context,
                  { id: who.id, name: who.name, adminRole },
                  {
                    ...fact,
                    record: { type: "order", id: current.id },
                    onlyIf: orderStillAsRead(current),
                  },
                ),
              ]
            : [],
        )
      : [];
    // The customer hears of each part that changed, in the same batch and only if the change is written.
    const messages = await orderChangeMessages(context, current, {
      payment: plan.payment,
      delivery: plan.delivery,
      review: review ? { decision: review.decision, note: review.note } : null,
    });
    const { written, now } = await writeOrderChange(
      context.db,
      current,
      {
        method: plan.method,
        payment: plan.payment,
        delivery: plan.delivery,
        review: review ? { to: review.decision, note: review.note, pcnNumber: review.pcnNumber } : null,
        restock: plan.restock,
      },
      who,
      [
        ...audited,
        ...also(current),
        ...(plan.refundedByHand
          ? [attemptsRefundedByHand(context.db, current.id, Date.now(), orderStillAsRead(current))]
          : []),
        ...asD1Statements(context, messages, [orderStillAsRead(current)]),
      ],
    );
    if (written) enqueueMessages(context, messages);
    if (!now) throw new AppError(404, ORDER_NOT_FOUND);
    if (!written) {
      // Someone changed the order between the read and the write: refused now if the machine refuses it
      // against the order as it is (a second pharmacist's decision, say), else the caller tries again.
      planOrderChange(now, change, actor);
      throw new AppError(409, STATUS_CHANGED_MEANWHILE);
    }
    if (!plan.refund) return { order: now, changed };
    await requestRefund(context, current.id);
  }
  const order = await getOrderById(context.db, current.id);
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  return { order, changed };
}

export const NOTHING_TO_REFUND_BY_HAND =
  "No refund of this order is waiting to be returned by hand: Paystack has not reported one failed, or it is already marked refunded.";

/**
 * Staff returned by hand money the gateway reported it could not send back. The order's own refund ("Refund
 * in progress") ends as its state machine says: the order becomes Refunded (changeOrder). Otherwise the
 * money was a payment the order did not keep (a second one, sent back while the order stays Paid): that
 * payment is marked back, audited, and the order's status does not move. 409 when no refund failed or
 * staff already marked it. `endedOrder` says which of the two it was.
 */
export async function refundedByHand(
  context: AppLoadContext,
  target: string | (Order & { refundFailed: boolean }),
  who: { id: string; name: string; adminRole: AdminRole },
): Promise<{ order: Order; changed: boolean; endedOrder: boolean }> {
  const current = typeof target === "string" ? await getOrderRow(context.db, target) : target;
  if (!current) throw new AppError(404, ORDER_NOT_FOUND);
  if (!current.refundFailed) throw new AppError(409, NOTHING_TO_REFUND_BY_HAND);
  if (handRefundEndsOrder(current))
    return {
      ...(await changeOrder(context, current, { paymentStatus: "refunded" }, who, "admin")),
      endedOrder: true,
    };
  const marked = await failedRefundsBackByHand(
    context.db,
    current.id,
    Date.now(),
    orderStillAsRead(current),
    (onlyIf) => [
      auditD1(context, who, {
        action: "order_payment_changed",
        detail: `Extra payment refunded by hand; the order stays ${PAYMENT_STATUS.label(current.paymentStatus)}`,
        record: { type: "order", id: current.id },
        onlyIf,
      }),
    ],
  );
  // Marked: the order is as it was read (the batch held only then), so no read after the write.
  if (marked > 0) return { order: current, changed: true, endedOrder: false };
  // Nothing marked while a failure still stands: the order moved between the read and the write.
  const now = await getOrderRow(context.db, current.id);
  if (!now) throw new AppError(404, ORDER_NOT_FOUND);
  if (now.refundFailed) throw new AppError(409, STATUS_CHANGED_MEANWHILE);
  return { order: now, changed: false, endedOrder: false };
}

/**
 * The order behind a private link, and who is acting on it as the timeline names them: the signed-in
 * account it belongs to, else "The customer" (whoever holds the link).
 */
export async function orderOfLinkHolder(request: Request, context: AppLoadContext, token: string) {
  const order = await getOrderByAccessToken(context.db, token);
  if (!order) throw new AppError(404, ORDER_LINK_UNKNOWN);
  const user = await getUser(request, context);
  const who =
    user && user.id === order.userId ? { id: user.id, name: user.name } : { id: "", name: "The customer" };
  return { order, who };
}

/**
 * The shopper cancels their own order (the holder of its private link, or the signed-in account it
 * belongs to) while the state machine lets them; its stock comes back in the same batch
 * (docs/product-rules.md).
 */
export async function cancelOwnOrder(
  request: Request,
  context: AppLoadContext,
  token: string,
): Promise<OrderWithItems> {
  const { order, who } = await orderOfLinkHolder(request, context, token);
  return (await changeOrder(context, order, { deliveryStatus: "Cancelled" }, who, "customer")).order;
}
