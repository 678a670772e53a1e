/**
 * Paying online (docs/product-rules.md, Payments). The shopper is sent to the gateway's page; the order
 * becomes paid only on the gateway's own word: a webhook whose signature holds, or the server's verify
 * call, and only when reference, amount and currency are the order's. Every change goes through the
 * order's state machine (changeOrder, actor "gateway"), with what the gateway said written in the same
 * batch. A scheduled job asks again about payments left pending and releases orders never paid.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Order, PaymentAttempt } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { randomToken } from "~/lib/random";
import { getOrderByAccessToken, getOrderRow, orderStillAsRead } from "~/models/order.server";
import { userIdByEmail } from "~/models/user.server";
import { PAYMENT_METHOD } from "~/lib/vocabularies";
import {
  abandonPendingAttempts,
  attemptOutcome,
  attemptRefunded,
  attemptRefundFailed,
  eventRecord,
  eventSeen,
  getAttempt,
  insertAttempt,
  isDuplicateEvent,
  keptAttempt,
  latestAttempt,
  markChecked,
  pendingAttemptsOf,
  pendingAttemptsOfAccount,
  giveUpAttempts,
  refundsNotRequested,
  staleAttempts,
  unpaidOnlineOrders,
  writeBatch,
} from "~/models/payment.server";
import {
  GatewayError,
  initializeTransaction,
  signatureHolds,
  verifyTransaction,
  webhookSchema,
  type GatewayConfig,
  type GatewayTransaction,
} from "~/services/paystack.server";
import { changeOrder, ORDER_LINK_UNKNOWN, payOnDeliveryInstead, publicOrigin } from "../orders/orders.server";
import { ONLINE_PAYMENT_OFF } from "../checkout/messages";
import { gatewayChange, isPayableOnline } from "../orders/order-state";
import { requestRefund } from "./refunds.server";

/** The name the order's timeline gives the gateway's changes. */
export const GATEWAY_NAME = "Paystack";
/** Who the payments job is on the timeline when it releases an order never paid. */
export const RELEASED_BY = "Payment not received in time";
const GATEWAY = { id: "", name: GATEWAY_NAME };

/** A payment the gateway has not settled is asked about again after this long (the job, the order page). */
export const RECHECK_AFTER_MS = 5 * 60 * 1000;
/**
 * A payment still not settled this long after it was started is given up by the job (no more asks; the
 * shopper was sent to the gateway a day ago, or has since paid another way). Should the gateway still
 * report it, its webhook is honoured as any other.
 */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** The order page asks the gateway at most this often about a payment still pending. */
const PAGE_RECHECK_MS = 10 * 1000;

export const GATEWAY_DOWN =
  "We could not reach the payment service just now. Please try again in a moment, or choose to pay on delivery.";
export const NOT_PAYABLE = "This order cannot be paid online now.";

type Context = AppLoadContext;

function gatewayOf(context: Context): GatewayConfig {
  if (!context.config.paystack) throw new AppError(400, ONLINE_PAYMENT_OFF);
  return context.config.paystack;
}

/**
 * A new attempt to pay the order at the gateway (a new reference each time: the gateway wants one per
 * transaction). Answers the gateway's page to send the shopper to; it sends them back to the order page.
 */
export async function startPayment(context: Context, order: Order, origin: string) {
  const gateway = gatewayOf(context);
  if (!isPayableOnline(order)) throw new AppError(409, NOT_PAYABLE);
  // Letters, digits and dashes only, as the gateway allows; the order's reference first, for people.
  const reference = `${order.orderRef}-${randomToken()
    .slice(0, 12)
    .replace(/[^A-Za-z0-9]/g, "0")}`;
  let started;
  try {
    started = await initializeTransaction(gateway, {
      email: order.email,
      amountKobo: order.totalKobo,
      reference,
      callbackUrl: `${origin}/order/${order.accessToken}`,
      metadata: { order_ref: order.orderRef },
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    console.error("payments: initialize failed", { order: order.orderRef, error: error.message });
    throw new AppError(503, GATEWAY_DOWN);
  }
  await insertAttempt(context.db, {
    reference,
    orderId: order.id,
    amountKobo: order.totalKobo,
    authorizationUrl: started.authorization_url,
  });
  return { reference, authorizationUrl: started.authorization_url };
}

/**
 * Right after checkout: the gateway's page for an order paid online (null for other orders, or when the
 * gateway cannot be reached now: the order page then offers to pay).
 */
export async function payOnlineNow(request: Request, context: Context, order: Order): Promise<string | null> {
  if (!isPayableOnline(order)) return null;
  try {
    return (await startPayment(context, order, publicOrigin(request, context))).authorizationUrl;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** Where each payable order of a list is paid: its latest attempt's page at the gateway (one query). */
export async function payUrls(context: Context, list: Order[]): Promise<Map<string, string>> {
  const payable = list.filter(isPayableOnline).map((order) => order.id);
  return payUrlsFrom(list, await pendingAttemptsOf(context.db, payable));
}

/**
 * The pending attempts of the orders of the account with this e-mail, picked in SQL: read beside its
 * orders, for payUrlsFrom.
 */
export function accountPayAttempts(context: Context, email: string) {
  return pendingAttemptsOfAccount(context.db, userIdByEmail(email));
}

/** payUrls from attempts already read (newest first). */
export function payUrlsFrom(list: Order[], attempts: PaymentAttempt[]): Map<string, string> {
  const payable = new Set(list.filter(isPayableOnline).map((order) => order.id));
  const urls = new Map<string, string>();
  for (const attempt of attempts)
    if (payable.has(attempt.orderId) && attempt.authorizationUrl && !urls.has(attempt.orderId))
      urls.set(attempt.orderId, attempt.authorizationUrl);
  return urls;
}

type Notice = { id: string; event: string };

/**
 * What the gateway says of one attempt (by webhook or by verify) made true: the attempt's status, and the
 * order's payment when it changes it, in one batch; with a webhook, its record too (so a second delivery
 * finds it). Answers the outcome as logged.
 */
async function applyTransaction(
  context: Context,
  attempt: PaymentAttempt,
  tx: GatewayTransaction,
  notice: Notice | null,
): Promise<string> {
  const order = await getOrderRow(context.db, attempt.orderId);
  const record = (outcome: string, onlyIf?: Parameters<typeof eventRecord>[2]) =>
    notice ? [eventRecord(context.db, { ...notice, reference: attempt.reference, outcome }, onlyIf)] : [];
  if (
    !order ||
    tx.reference !== attempt.reference ||
    tx.amount !== attempt.amountKobo ||
    tx.amount !== order.totalKobo ||
    tx.currency !== "NGN"
  ) {
    console.warn("payments: the gateway's transaction does not match the order; nothing changed", {
      reference: attempt.reference,
      amount: tx.amount,
      currency: tx.currency,
      expected: attempt.amountKobo,
    });
    await writeBatch(context.db, record("mismatch"));
    return "mismatch";
  }
  const status = tx.status === "success" ? "success" : tx.status === "failed" ? "failed" : null;
  const now = Date.now();
  if (!status) {
    // Not finished (or abandoned, which a shopper can still complete): asked again later.
    await writeBatch(context.db, [...record(`ignored:${tx.status}`)]);
    await markChecked(context.db, attempt.reference, now);
    return `pending:${tx.status}`;
  }
  // What the gateway's word makes of the order is the state machine's to say, whatever came before.
  const change = gatewayChange(order, status);
  const outcome = change?.paymentStatus ?? `recorded:${status}`;
  const statements = (onlyIf?: Parameters<typeof eventRecord>[2]) => [
    ...record(outcome, onlyIf),
    attemptOutcome(context.db, attempt.reference, { status, gatewayId: tx.id, checkedAt: now }, onlyIf),
  ];
  if (!change) {
    if ((await writeBatch(context.db, statements())) === "duplicate") return "duplicate";
    if (status !== "success") return outcome;
    // Money for an order that is not awaiting it (paid already, or another way): it goes back, unless
    // it is the very payment the order keeps, seen once more.
    console.warn("payments: money arrived for an order that is not awaiting it", {
      reference: attempt.reference,
      paymentStatus: order.paymentStatus,
    });
    context.cloudflare.ctx.waitUntil(requestRefund(context, order.id));
    return outcome;
  }
  try {
    await changeOrder(context, order, change, GATEWAY, "gateway", (current) =>
      statements(orderStillAsRead(current)),
    );
  } catch (error) {
    if (isDuplicateEvent(error)) return "duplicate";
    throw error;
  }
  if (outcome === "refund_pending") {
    // Asked after the answer (a webhook is answered fast); the job asks again if this fails.
    context.cloudflare.ctx.waitUntil(requestRefund(context, order.id));
  }
  return outcome;
}

/**
 * The server's own question to the gateway about an attempt, and its answer made true. A gateway that
 * cannot be reached changes nothing (asked again later).
 */
export async function verifyAttempt(context: Context, attempt: PaymentAttempt): Promise<string> {
  const gateway = context.config.paystack;
  if (!gateway) return "off";
  let tx: GatewayTransaction;
  try {
    tx = await verifyTransaction(gateway, attempt.reference);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    console.error("payments: verify failed", { reference: attempt.reference, error: error.message });
    await markChecked(context.db, attempt.reference, Date.now());
    return "unreachable";
  }
  try {
    return await applyTransaction(context, attempt, tx, null);
  } catch (error) {
    // The order changed between the read and the write (the shopper switched how they pay, say): its
    // answer is applied once more to the order as it now is.
    if (error instanceof AppError && error.status === 409)
      return applyTransaction(context, attempt, tx, null);
    throw error;
  }
}

/**
 * The order page's look at a payment still pending: the shopper is back from the gateway (or looking
 * again), so the server asks the gateway, at most every few seconds.
 */
export async function refreshPayment(
  context: Context,
  order: Pick<Order, "id" | "paymentMethod" | "paymentStatus" | "deliveryStatus">,
): Promise<boolean> {
  if (!isPayableOnline(order)) return false;
  const attempt = await latestAttempt(context.db, order.id);
  if (!attempt || attempt.status !== "pending") return false;
  if (attempt.checkedAt !== null && Date.now() - attempt.checkedAt < PAGE_RECHECK_MS) return false;
  const outcome = await verifyAttempt(context, attempt);
  return outcome === "paid" || outcome === "failed" || outcome === "refund_pending";
}

/** What the order page says of an online payment, beside the order itself. */
export async function paymentPanel(
  context: Context,
  order: Pick<Order, "id" | "paymentMethod" | "paymentStatus" | "deliveryStatus"> & {
    timeline: { by: string }[];
  },
) {
  if (!PAYMENT_METHOD.entry(order.paymentMethod).online && order.paymentStatus !== "refund_pending")
    return null;
  return {
    payable: isPayableOnline(order) && context.config.paystack !== null,
    // Released by the payments job (its name on the timeline), not cancelled by the shopper or staff.
    released:
      order.deliveryStatus === "Cancelled" && order.timeline.some((entry) => entry.by === RELEASED_BY),
    releaseAfterMinutes: context.config.paystack?.releaseAfterMinutes ?? null,
  };
}

/** The link holder starts paying the order online: answers the gateway's page to send them to. */
export async function payWithLink(request: Request, context: Context, token: string) {
  const order = await getOrderByAccessToken(context.db, token);
  if (!order) throw new AppError(404, ORDER_LINK_UNKNOWN);
  return (await startPayment(context, order, publicOrigin(request, context))).authorizationUrl;
}

/**
 * The link holder would rather pay on delivery. The gateway is asked first about the payments still open:
 * money already taken keeps the order paid online (the switch is then refused); one that goes through
 * later puts it back (gatewayChange).
 */
export async function payOnDeliveryWithLink(request: Request, context: Context, token: string) {
  const order = await getOrderByAccessToken(context.db, token);
  if (!order) throw new AppError(404, ORDER_LINK_UNKNOWN);
  if (isPayableOnline(order))
    for (const attempt of await pendingAttemptsOf(context.db, [order.id]))
      await verifyAttempt(context, attempt);
  return payOnDeliveryInstead(request, context, token);
}

export type WebhookAnswer = { status: 200 | 400 | 401; outcome: string };

/**
 * A gateway notification: refused (401) unless its signature holds; processed once by its id (the event's
 * name and its data's id); an unknown or mismatched one changes nothing. Every refusal is logged.
 */
export async function receiveWebhook(
  context: Context,
  rawBody: string,
  signature: string | null,
): Promise<WebhookAnswer> {
  try {
    return await processWebhook(context, rawBody, signature);
  } catch (error) {
    // The same event (or another about the order) was written a moment ago: taken again, it is seen as
    // processed, or applied to the order as it now is.
    if (error instanceof AppError && error.status === 409) return processWebhook(context, rawBody, signature);
    throw error;
  }
}

async function processWebhook(
  context: Context,
  rawBody: string,
  signature: string | null,
): Promise<WebhookAnswer> {
  const gateway = context.config.paystack;
  if (!gateway || !(await signatureHolds(gateway.secretKey, rawBody, signature))) {
    console.warn("payments: webhook refused: missing or bad signature", { signed: signature !== null });
    return { status: 401, outcome: "bad-signature" };
  }
  let parsed;
  try {
    parsed = webhookSchema.safeParse(JSON.parse(rawBody));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) {
    console.warn("payments: webhook refused: a body the gateway does not send");
    return { status: 400, outcome: "bad-body" };
  }
  const { event, data } = parsed.data;
  const refund = event.startsWith("refund.");
  const reference = refund ? data.transaction_reference : data.reference;
  // A refund's event carries no id of its own: a transaction is refunded once, in full, so its reference
  // names the refund.
  const key = refund ? reference : data.id;
  if (!key) {
    console.warn("payments: webhook refused: it names no transaction", { event });
    return { status: 400, outcome: "bad-body" };
  }
  const notice = { id: `${event}:${key}`, event };
  if (await eventSeen(context.db, notice.id)) {
    console.warn("payments: webhook already processed", { id: notice.id });
    return { status: 200, outcome: "duplicate" };
  }
  const attempt = reference ? await getAttempt(context.db, reference) : undefined;
  const ignore = async (outcome: string) => {
    console.warn(`payments: webhook ${outcome}`, { id: notice.id, reference });
    const written = await writeBatch(context.db, [
      eventRecord(context.db, { ...notice, reference: reference ?? null, outcome }),
    ]);
    return { status: 200 as const, outcome: written === "duplicate" ? "duplicate" : outcome };
  };
  if (!attempt) return ignore("unknown-reference");
  if (event === "charge.success") {
    const outcome = await applyTransaction(
      context,
      attempt,
      {
        id: key,
        status: data.status ?? "",
        reference: data.reference ?? "",
        amount: data.amount ?? -1,
        currency: data.currency ?? "",
      },
      notice,
    );
    if (outcome === "mismatch") console.warn("payments: webhook mismatched", { id: notice.id });
    return { status: 200, outcome };
  }
  if (event === "refund.processed") return refunded(context, attempt, notice);
  if (event === "refund.failed") return refundFailed(context, attempt, notice);
  return ignore("ignored");
}

/**
 * The gateway could not send one attempt's money back: recorded on that attempt and on its order's
 * timeline, with the event's record, in one batch (a second delivery finds the record and changes
 * nothing). The order stays "Refund in progress": Admin › Orders tells staff to return the money another
 * way and lets them mark it refunded by hand (the order's state machine, OrderState.refundFailed). A
 * later refund.processed for the attempt still ends the refund as usual.
 */
async function refundFailed(
  context: Context,
  attempt: PaymentAttempt,
  notice: Notice,
): Promise<WebhookAnswer> {
  console.error("payments: the gateway could not refund; staff are to return the money another way", {
    reference: attempt.reference,
  });
  const written = await writeBatch(context.db, [
    eventRecord(context.db, { ...notice, reference: attempt.reference, outcome: "refund-failed" }),
    ...attemptRefundFailed(context.db, attempt.reference, Date.now(), GATEWAY_NAME),
  ]);
  return { status: 200, outcome: written === "duplicate" ? "duplicate" : "refund-failed" };
}

/**
 * The gateway has sent one attempt's money back: recorded on that attempt. The order becomes refunded only
 * when it is the payment the order kept (keptAttempt) and the order awaits its refund; a second payment
 * sent back (at once, or with the rest after a cancel) leaves the order as it is.
 */
async function refunded(context: Context, attempt: PaymentAttempt, notice: Notice): Promise<WebhookAnswer> {
  const [order, kept] = await Promise.all([
    getOrderRow(context.db, attempt.orderId),
    keptAttempt(context.db, attempt.orderId),
  ]);
  const now = Date.now();
  const statements = (outcome: string, onlyIf?: Parameters<typeof eventRecord>[2]) => [
    eventRecord(context.db, { ...notice, reference: attempt.reference, outcome }, onlyIf),
    attemptRefunded(context.db, attempt.reference, now, onlyIf),
  ];
  if (!order || order.paymentStatus !== "refund_pending" || kept?.reference !== attempt.reference) {
    const outcome = attempt.refundRequestedAt !== null ? "refunded-extra" : "ignored";
    if (outcome === "ignored")
      console.warn("payments: the gateway refunded a payment the shop did not ask back", {
        reference: attempt.reference,
        paymentStatus: order?.paymentStatus,
      });
    const written = await writeBatch(context.db, statements(outcome));
    return { status: 200, outcome: written === "duplicate" ? "duplicate" : outcome };
  }
  try {
    await changeOrder(context, order, { paymentStatus: "refunded" }, GATEWAY, "gateway", (current) =>
      statements("refunded", orderStillAsRead(current)),
    );
  } catch (error) {
    if (isDuplicateEvent(error)) return { status: 200, outcome: "duplicate" };
    throw error;
  }
  return { status: 200, outcome: "refunded" };
}

export type PaymentJobReport = { verified: number; givenUp: number; released: number; refundsAsked: number };

/**
 * The payments job (workers/app.ts `scheduled`, every few minutes): asks the gateway again about attempts
 * pending for more than a few minutes, releases the stock of orders left unpaid past the configured time
 * (cancelled by the gateway actor: the shopper sees why on the order page), and asks again for refunds
 * whose first ask failed.
 */
export async function runPaymentJob(context: Context, now: number): Promise<PaymentJobReport> {
  const report: PaymentJobReport = { verified: 0, givenUp: 0, released: 0, refundsAsked: 0 };
  const gateway = context.config.paystack;
  if (!gateway) return report;
  for (const attempt of await staleAttempts(context.db, now - RECHECK_AFTER_MS)) {
    await verifyAttempt(context, attempt);
    report.verified++;
  }
  // Asked about once more just now: those still unsettled after a day are asked about no more.
  report.givenUp = await giveUpAttempts(context.db, now - GIVE_UP_AFTER_MS);
  const releaseBefore = now - gateway.releaseAfterMinutes * 60 * 1000;
  for (const order of await unpaidOnlineOrders(context.db, releaseBefore)) {
    try {
      const { changed } = await changeOrder(
        context,
        order,
        { deliveryStatus: "Cancelled" },
        { id: "", name: RELEASED_BY },
        "gateway",
        (current) => [
          // Its pending attempts end here; one the shopper still completes is refunded (applyTransaction).
          abandonPendingAttempts(context.db, current),
        ],
      );
      if (changed) report.released++;
    } catch (error) {
      // Paid or changed a moment ago: left as it now is.
      if (!(error instanceof AppError)) throw error;
    }
  }
  for (const { orderId } of await refundsNotRequested(context.db)) {
    if (await requestRefund(context, orderId)) report.refundsAsked++;
  }
  if (Object.values(report).some(Boolean)) console.log("payments job", report);
  return report;
}
