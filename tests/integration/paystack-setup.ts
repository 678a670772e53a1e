/**
 * Starts the payment gateway's stand-in (scripts/paystack-standin.mjs) in Node for the Workers pool, on
 * the port vitest.config.ts gave the Worker's PAYSTACK_BASE_URL. It keeps the webhooks it would send: the
 * tests read them (GET /__standin/webhooks) and deliver them to the Worker themselves.
 */
import { startPaystackStandIn } from "../../scripts/paystack-standin.mjs";

export default async function setup() {
  const standIn = await startPaystackStandIn({
    port: Number(process.env.MEDISTORE_PAYSTACK_PORT),
    secretKey: process.env.MEDISTORE_PAYSTACK_KEY,
  });
  return () => standIn.stop();
}
