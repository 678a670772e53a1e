/**
 * Asking the gateway for an order's money back, once the order's change to "Refund in progress" is written
 * (features/orders/orders.server.ts, changeOrder), or for a payment the order does not keep. The gateway reports the refund's end by webhook
 * (./payments.server.ts); an ask that fails is made again by the payments job.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { attemptsOwedBack, markRefundRequested } from "~/models/payment.server";
import { GatewayError, refundTransaction } from "~/services/paystack.server";

type Context = Pick<AppLoadContext, "db" | "config">;

/**
 * Asks the gateway for every payment of the order owed back (models/payment.server.ts, owedBack): all of
 * them once the order awaits its refund, and any second payment of an order paid once already. Answers
 * whether the gateway took every request (false: the payments job asks again).
 */
export async function requestRefund(context: Context, orderId: string): Promise<boolean> {
  const owed = await attemptsOwedBack(context.db, orderId);
  if (owed.length === 0) return true;
  const gateway = context.config.paystack;
  if (!gateway) {
    console.error("payments: a refund is due but online payment is switched off", { orderId });
    return false;
  }
  let allTaken = true;
  for (const attempt of owed) {
    try {
      await refundTransaction(gateway, attempt.gatewayId ?? attempt.reference, attempt.amountKobo);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      console.error("payments: refund request failed; the payments job asks again", {
        reference: attempt.reference,
        error: error.message,
      });
      allTaken = false;
      continue;
    }
    await markRefundRequested(context.db, attempt.reference, Date.now());
  }
  return allTaken;
}
