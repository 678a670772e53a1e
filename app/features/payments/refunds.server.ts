/**
 * Asking the gateway for an order's money back, once the order's change to "Refund in progress" is written
 * (features/orders/orders.server.ts, changeOrder). The gateway reports the refund's end by webhook
 * (./payments.server.ts); an ask that fails is made again by the payments job.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { markRefundRequested, successfulAttempt } from "~/models/payment.server";
import { GatewayError, refundTransaction } from "~/services/paystack.server";

type Context = Pick<AppLoadContext, "db" | "config">;

/** Answers whether the gateway took the request (false: it is asked again by the payments job). */
export async function requestRefund(context: Context, orderId: string): Promise<boolean> {
  const attempt = await successfulAttempt(context.db, orderId);
  if (!attempt || attempt.refundRequestedAt !== null) return attempt !== undefined;
  const gateway = context.config.paystack;
  if (!gateway) {
    console.error("payments: a refund is due but online payment is switched off", { orderId });
    return false;
  }
  try {
    await refundTransaction(gateway, attempt.gatewayId ?? attempt.reference, attempt.amountKobo);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    console.error("payments: refund request failed; the payments job asks again", {
      reference: attempt.reference,
      error: error.message,
    });
    return false;
  }
  await markRefundRequested(context.db, attempt.reference, Date.now());
  return true;
}
