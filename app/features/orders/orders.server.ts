/**
 * Orders after checkout: one projection per audience (pages, JSON API), the WhatsApp hand-off, the
 * customer's own lists, the back office list and status changes.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { DeliveryStatus, OrderStatusEvent, PrescriptionReview } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { productImageUrl } from "~/lib/images";
import { koboToNaira } from "~/lib/money";
import { orderWhatsAppMessage, whatsAppLink } from "~/lib/whatsapp";
import {
  getOrderByAccessToken,
  getOrderById,
  getOrderRow,
  listAllOrders,
  listOrdersForUser,
  setOrderStatus,
  setPaymentStatus,
  statusEventsFor,
  type OrderWithItems,
} from "~/models/order.server";
import { backOfficeOrders } from "~/models/order-search.server";
import { findUserByEmail } from "~/models/user.server";
import { getUser } from "~/services/session.server";
import type { PublicUser } from "~/lib/user";
import type { OrderFilters } from "~/lib/order-filters";
import { displayOrderRef } from "./order-status";
import type { BackOfficeOrderView, OrderView, ReviewView, TimelineEntry } from "./order-view";

export const ORDER_NOT_FOUND = "Order not found.";
export const ORDER_LINK_UNKNOWN = "We could not find that order. Please check the link you were given.";
const PAYMENT_LABEL = { unpaid: "not paid", paid: "paid" } as const;
/** The timeline's words for an uploaded (or replaced) transfer receipt. */
export const RECEIPT_EVENT = "Transfer receipt uploaded";
export const ORDER_CANCELLED = "This order was cancelled: its status can no longer change.";
export const AWAITING_REVIEW = "This order is waiting for a pharmacist to approve its prescription.";
const STATUS_CHANGED_MEANWHILE =
  "Someone changed this order's status a moment ago. Reload to see it, then try again.";

type StatusEvent = Pick<
  OrderStatusEvent,
  "id" | "kind" | "fromStatus" | "toStatus" | "changedByName" | "createdAt"
>;

/** A status, payment or receipt event as the timeline says it. */
function timelineEntry(e: StatusEvent): TimelineEntry {
  if (e.kind === "receipt")
    return { id: e.id, from: "", to: "", label: RECEIPT_EVENT, by: e.changedByName, at: e.createdAt };
  if (e.kind === "payment")
    return {
      id: e.id,
      from: `Payment: ${PAYMENT_LABEL[e.fromStatus as "paid" | "unpaid"] ?? e.fromStatus}`,
      to: PAYMENT_LABEL[e.toStatus as "paid" | "unpaid"] ?? e.toStatus,
      by: e.changedByName,
      at: e.createdAt,
    };
  return { id: e.id, from: e.fromStatus, to: e.toStatus, by: e.changedByName, at: e.createdAt };
}

/** Each order's status changes, oldest first, for a list of orders in one query. */
async function timelinesFor(context: AppLoadContext, orderIds: string[]) {
  const byOrder = new Map<string, TimelineEntry[]>();
  for (const e of await statusEventsFor(context.db, orderIds))
    byOrder.set(e.orderId, [...(byOrder.get(e.orderId) ?? []), timelineEntry(e)]);
  return byOrder;
}

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

/** Orders with their timelines, as pages show them. */
async function toOrderViews(context: AppLoadContext, orders: OrderWithItems[]): Promise<OrderView[]> {
  const timelines = await timelinesFor(
    context,
    orders.map((o) => o.id),
  );
  return orders.map((order) => toOrderView(order, timelines.get(order.id)));
}

/** The JSON API shape of an order: money in naira, `_id`, `deliveryStatus`. */
export function toApiOrder(order: OrderWithItems, origin: string) {
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

/** The private status page: the token in its link is the only key. */
export async function orderStatusPage(request: Request, context: AppLoadContext, token: string) {
  const order = await getOrderByAccessToken(context.db, token);
  if (!order) throw new AppError(404, ORDER_LINK_UNKNOWN);
  const [view] = await toOrderViews(context, [order]);
  return {
    order: view,
    prescriptionUrl: order.prescriptionId ? `/order/${order.accessToken}/prescription` : null,
    ...orderHandOff(order, publicOrigin(request, context), context),
  };
}

/** The signed-in customer's own orders (placed while signed in), newest first. */
export async function myOrders(
  context: AppLoadContext,
  userId: string,
  options?: { pendingOnly?: boolean; limit?: number },
): Promise<OrderView[]> {
  return toOrderViews(context, await listOrdersForUser(context.db, userId, options));
}

/**
 * The orders of the account with this e-mail, for its signed-in owner or an admin: the account's own
 * orders, never other orders that happen to carry the address.
 */
export async function ordersOfAccount(context: AppLoadContext, viewer: PublicUser, rawEmail: string) {
  const email = rawEmail.trim().toLowerCase();
  if (!email || email.length > 254 || !email.includes("@"))
    throw new AppError(400, "Give an e-mail address: /api/orders/{email}.");
  const isOwner = viewer.email === email;
  if (!isOwner && viewer.role !== "admin") throw new AppError(403, "You can only see your own orders.");
  const owner = isOwner ? viewer : await findUserByEmail(context.db, email);
  if (!owner) throw new AppError(404, "No account uses that e-mail address.");
  return listOrdersForUser(context.db, owner.id);
}

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
      orderRef: displayOrderRef(order),
      timeline: events.map(timelineEntry),
      prescriptionReview: reviewView(review),
    })),
    hasMore,
  };
}

export const ONLY_PENDING_CANCELS =
  "This order is already being prepared, so it can no longer be cancelled here. Please message us on WhatsApp.";
export const ORDER_CANCELLED_BY_YOU = "Your order has been cancelled.";

/**
 * The shopper cancels their own order (the holder of its private link, or the signed-in account it
 * belongs to) while it is still Pending; its stock comes back in the same batch (docs/product-rules.md).
 */
export async function cancelOwnOrder(
  request: Request,
  context: AppLoadContext,
  token: string,
): Promise<OrderWithItems> {
  const order = await getOrderByAccessToken(context.db, token);
  if (!order) throw new AppError(404, ORDER_LINK_UNKNOWN);
  if (order.deliveryStatus === "Cancelled") return order;
  if (order.deliveryStatus !== "Pending") throw new AppError(409, ONLY_PENDING_CANCELS);
  const user = await getUser(request, context);
  const who =
    user && user.id === order.userId ? { id: user.id, name: user.name } : { id: "", name: "The customer" };
  const changed = await setOrderStatus(context.db, order, "Cancelled", who);
  if (!changed) throw new AppError(409, ONLY_PENDING_CANCELS);
  const updated = await getOrderById(context.db, order.id);
  if (!updated) throw new AppError(404, ORDER_NOT_FOUND);
  return updated;
}

export const PAYMENT_OF_CANCELLED = "This order was cancelled: its payment can no longer change.";

/** An admin records that an order was paid (or, to correct a mistake, that it was not); on the timeline. */
export async function changePaymentStatus(
  context: AppLoadContext,
  admin: PublicUser,
  orderId: string,
  status: "unpaid" | "paid",
): Promise<{ order: OrderWithItems; changed: boolean }> {
  const current = await getOrderRow(context.db, orderId);
  if (!current) throw new AppError(404, ORDER_NOT_FOUND);
  let changed = current.paymentStatus !== status;
  if (changed) {
    if (current.deliveryStatus === "Cancelled") throw new AppError(409, PAYMENT_OF_CANCELLED);
    changed = await setPaymentStatus(context.db, current, status, admin);
    if (!changed) throw new AppError(409, STATUS_CHANGED_MEANWHILE);
  }
  const order = await getOrderById(context.db, orderId);
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  return { order, changed };
}

/**
 * An admin sets an order's delivery status; the change is recorded (who, when, from, to). Setting the
 * status it already has records nothing.
 */
export async function changeOrderStatus(
  context: AppLoadContext,
  admin: PublicUser,
  orderId: string,
  status: DeliveryStatus,
): Promise<{ order: OrderWithItems; changed: boolean }> {
  const current = await getOrderRow(context.db, orderId);
  if (!current) throw new AppError(404, ORDER_NOT_FOUND);
  let changed = current.deliveryStatus !== status;
  if (changed) {
    if (current.deliveryStatus === "Cancelled") throw new AppError(409, ORDER_CANCELLED);
    // docs/product-rules.md, Prescription-only medicines: nothing ships before a pharmacist approves.
    if (
      (status === "Shipped" || status === "Delivered") &&
      (current.reviewStatus === "pending" || current.reviewStatus === "rejected")
    )
      throw new AppError(409, AWAITING_REVIEW);
    changed = await setOrderStatus(context.db, current, status, admin);
    if (!changed) throw new AppError(409, STATUS_CHANGED_MEANWHILE);
  }
  const order = await getOrderById(context.db, orderId);
  if (!order) throw new AppError(404, ORDER_NOT_FOUND);
  return { order, changed };
}
