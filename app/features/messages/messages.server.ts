/**
 * Messages to customers and staff (docs/product-rules.md, Messages). Each change that tells someone
 * something adds its messages to its own D1 batch as outbox rows (models/outbox.server.ts), as conditional
 * as the change; once the batch is written the request puts their ids on the queue without waiting
 * (ctx.waitUntil), and the queue's consumer (deliver.server.ts) sends them. Who gets which channel: a
 * customer the channels chosen on /account (DEFAULT_CHANNELS until then), a guest the channel chosen at
 * checkout (SMS or WhatsApp) to the checkout phone, staff e-mail at the store's address; an address that
 * asked to stop gets nothing, whichever channel it was reached on.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Order } from "~/db/schema";
import { GUEST_CHANNEL, MESSAGE_CHANNEL, type GuestChannel, type MessageChannel } from "~/lib/messages";
import { accountWants, outboxD1Statement, outboxStatement, type OutboxDraft } from "~/models/outbox.server";
import { displayOrderRef } from "../orders/order-status";
import type { OrderPlan } from "../orders/order-state";
import { signStopToken } from "~/services/stop-token.server";
import {
  awaitingReviewText,
  orderReceivedText,
  paymentText,
  reviewText,
  statusText,
  stopLine,
  type MessageText,
  type OrderFacts,
} from "./texts";

type Context = Pick<AppLoadContext, "db" | "config" | "origin" | "cloudflare">;

/** Where one message may go, and what must hold in the batch for it to be written. */
type Recipient = { channel: MessageChannel; address: string; when: SQL[]; stoppable: boolean };

/** A message ready for its batch: the row and the conditions that make it as conditional as its change. */
export type PlannedMessage = { draft: OutboxDraft; when: SQL[] };

/** The customer's addresses: every channel the account may choose, or the one a guest chose at checkout. */
function customerRecipients(who: {
  userId: string | SQL | null;
  email: string | null;
  phone: string | null;
  updatesBy?: GuestChannel;
}): Recipient[] {
  if (!who.userId)
    return who.phone
      ? [{ channel: who.updatesBy ?? GUEST_CHANNEL, address: who.phone, when: [], stoppable: true }]
      : [];
  const userId = who.userId;
  return MESSAGE_CHANNEL.entries.flatMap((entry) => {
    const address = entry.needs === "email" ? who.email?.toLowerCase() : who.phone;
    return address
      ? [{ channel: entry.value, address, when: [accountWants(userId, entry.value)], stoppable: true }]
      : [];
  });
}

async function plan(
  context: Context,
  texts: MessageText[],
  recipients: Recipient[],
  about: { orderId: string | null; userId: string | SQL | null },
): Promise<PlannedMessage[]> {
  const planned: PlannedMessage[] = [];
  for (const recipient of recipients) {
    const stop = recipient.stoppable
      ? `\n${stopLine(`${context.origin}/messages/stop/${await signStopToken(context.config.cookieSecret, recipient.address)}`)}`
      : "";
    for (const text of texts)
      planned.push({
        draft: {
          id: crypto.randomUUID(),
          kind: text.kind,
          channel: recipient.channel,
          recipient: recipient.address,
          orderId: about.orderId,
          userId: about.userId,
          subject: text.subject,
          body: text.body + stop,
        },
        when: recipient.when,
      });
  }
  return planned;
}

/** Its account may be SQL selecting it (a new order whose batch checks the buyer's session). */
type OrderLike = Pick<
  Order,
  | "id"
  | "orderRef"
  | "accessToken"
  | "email"
  | "phone"
  | "totalKobo"
  | "paymentMethod"
  | "paymentStatus"
  | "reviewStatus"
  | "updatesBy"
> & { userId: string | SQL | null };

function factsOf(context: Context, order: OrderLike, paymentStatus = order.paymentStatus): OrderFacts {
  return {
    ref: displayOrderRef(order),
    link: `${context.origin}/order/${order.accessToken}`,
    totalKobo: order.totalKobo,
    paymentMethod: order.paymentMethod,
    paymentStatus,
    awaitingReview: order.reviewStatus === "pending",
  };
}

/** A new order's messages: "order received" to the customer and, when a pharmacist must look, to staff. */
export async function orderReceivedMessages(context: Context, order: OrderLike): Promise<PlannedMessage[]> {
  const facts = factsOf(context, order);
  const about = { orderId: order.id, userId: order.userId };
  // Both planned side by side: their reads travel to D1 together.
  const [customer, staff] = await Promise.all([
    plan(context, [orderReceivedText(facts)], customerRecipients(order), about),
    order.reviewStatus !== "pending"
      ? []
      : plan(
          context,
          [awaitingReviewText(facts, `${context.origin}/admin/reviews`)],
          [
            {
              channel: "email",
              address: context.config.storeEmail.toLowerCase(),
              when: [],
              stoppable: false,
            },
          ],
          { orderId: order.id, userId: null },
        ),
  ]);
  return [...customer, ...staff];
}

/**
 * The messages of a change the order's state machine planned: one per part that changed (a rejected
 * prescription's message also tells of the cancellation it causes). Read from the plan, so every path that
 * changes an order (staff, the shopper, a payment provider's notification) sends the same messages.
 */
export async function orderChangeMessages(
  context: Context,
  order: OrderLike,
  change: Pick<OrderPlan, "payment" | "delivery"> & {
    review: { decision: "approved" | "rejected"; note: string } | null;
  },
): Promise<PlannedMessage[]> {
  const facts = factsOf(context, order, change.payment?.to ?? order.paymentStatus);
  const texts: MessageText[] = [];
  if (change.review) texts.push(reviewText(facts, change.review.decision, change.review.note));
  // A cancellation that starts a refund says so itself: one message, not two.
  const refundOfCancellation = change.delivery?.to === "Cancelled" && change.payment?.to === "refund_pending";
  if (change.payment && !refundOfCancellation) texts.push(paymentText(facts, change.payment.to));
  if (change.delivery && change.review?.decision !== "rejected")
    texts.push(statusText(facts, change.delivery.to));
  if (texts.length === 0) return [];
  return plan(context, texts, customerRecipients(order), { orderId: order.id, userId: order.userId });
}

/** A message to an account about itself (its password, a product it asked about). */
export async function accountMessages(
  context: Context,
  account: { id: string; email: string; phone: string | null },
  texts: MessageText[],
): Promise<PlannedMessage[]> {
  return plan(
    context,
    texts,
    customerRecipients({ userId: account.id, email: account.email, phone: account.phone }),
    {
      orderId: null,
      userId: account.id,
    },
  );
}

/** The planned messages as statements of a Drizzle batch, each also holding only while `also` holds. */
export function asStatements(
  context: Pick<Context, "db">,
  planned: PlannedMessage[],
  also: SQL[] = [],
): BatchItem<"sqlite">[] {
  return planned.map(({ draft, when }) => outboxStatement(context.db, draft, [...when, ...also]));
}

/** The same as plain D1 statements (for `d1.batch([...])`). */
export function asD1Statements(context: Pick<Context, "db">, planned: PlannedMessage[], also: SQL[] = []) {
  return planned.map(({ draft, when }) => outboxD1Statement(context.db, draft, [...when, ...also]));
}

/**
 * Puts the messages on the queue once their batch is written, without holding up the answer. Ids whose
 * row a condition left unwritten are acknowledged by the consumer; a failed enqueue is caught by the sweep.
 */
export function enqueueMessages(
  context: Pick<Context, "cloudflare">,
  planned: PlannedMessage[] | string[],
): void {
  const ids = planned.map((p) => (typeof p === "string" ? p : p.draft.id));
  if (ids.length === 0) return;
  const { env, ctx } = context.cloudflare;
  ctx.waitUntil(
    sendToQueue(env, ids).catch((error) => {
      // The rows are written: the scheduled sweep puts them on the queue later.
      console.error(`Could not enqueue ${ids.length} message(s): ${String(error)}`);
    }),
  );
}

/** Queue.sendBatch takes at most 100 messages a call. */
export async function sendToQueue(env: Env, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 100)
    await env.MESSAGES_QUEUE.sendBatch(ids.slice(i, i + 100).map((id) => ({ body: { id } })));
}
