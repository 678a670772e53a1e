/**
 * The payment gateway's HTTP API (Paystack): the calls the shop makes and the check of its webhooks'
 * signature. It talks to whatever base URL the configuration gives: the real gateway, or locally and in
 * tests the stand-in (scripts/paystack-standin.mjs) that answers the same requests the same way.
 */
import { z } from "zod";

export type GatewayConfig = { secretKey: string; baseUrl: string };

/** The gateway did not answer as documented (down, refused the key, said `status: false`). */
export class GatewayError extends Error {}

/** The gateway's word for a transaction, as its verify call and its webhooks give it. */
const transactionSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});
export type GatewayTransaction = z.infer<typeof transactionSchema>;

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), message: z.string().optional(), data });

async function call<T extends z.ZodType>(
  gateway: GatewayConfig,
  method: "GET" | "POST",
  path: string,
  body: unknown,
  data: T,
): Promise<z.infer<T>> {
  let response: Response;
  try {
    response = await fetch(`${gateway.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${gateway.secretKey}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new GatewayError(`The payment gateway could not be reached: ${String(error)}`);
  }
  const json = await response.json().catch(() => null);
  const parsed = envelope(data).safeParse(json);
  if (!response.ok || !parsed.success)
    throw new GatewayError(
      `The payment gateway answered ${path} with ${response.status}: ${
        (json as { message?: unknown } | null)?.message ?? "an unexpected body"
      }`,
    );
  return (parsed.data as { data: z.infer<T> }).data;
}

/** Starts a transaction: where to send the shopper (the gateway's hosted page) for this reference. */
export function initializeTransaction(
  gateway: GatewayConfig,
  input: {
    email: string;
    amountKobo: number;
    reference: string;
    callbackUrl: string;
    metadata: Record<string, string>;
  },
) {
  return call(
    gateway,
    "POST",
    "/transaction/initialize",
    {
      email: input.email,
      amount: input.amountKobo,
      currency: "NGN",
      reference: input.reference,
      callback_url: input.callbackUrl,
      metadata: input.metadata,
    },
    z.object({ authorization_url: z.url(), access_code: z.string(), reference: z.string() }),
  );
}

/** The gateway's own account of a transaction (the server asks; the browser's word is never taken). */
export function verifyTransaction(gateway: GatewayConfig, reference: string) {
  return call(
    gateway,
    "GET",
    `/transaction/verify/${encodeURIComponent(reference)}`,
    undefined,
    transactionSchema,
  );
}

/** Asks for a transaction's money back (all of it); the gateway reports the outcome by webhook. */
export function refundTransaction(gateway: GatewayConfig, transaction: string, amountKobo: number) {
  return call(
    gateway,
    "POST",
    "/refund",
    { transaction, amount: amountKobo },
    z.object({ status: z.string().optional() }).loose(),
  );
}

const encoder = new TextEncoder();

/**
 * Whether `signature` (the `x-paystack-signature` header) is the hex HMAC-SHA512 of the raw body keyed with
 * the secret key, compared in constant time.
 */
export async function signatureHolds(secretKey: string, rawBody: string, signature: string | null) {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secretKey),
    { name: "HMAC", hash: "SHA-512" },
    false,
    ["verify"],
  );
  const bytes = new Uint8Array(signature.match(/../g)!.map((pair) => parseInt(pair, 16)));
  // WebCrypto's verify compares in constant time.
  return crypto.subtle.verify("HMAC", key, bytes, encoder.encode(rawBody));
}

/**
 * A webhook's body: the event's name and its data (a transaction with its id, or a refund naming its
 * transaction by reference, with no id of its own and its amount sometimes written as a string).
 */
export const webhookSchema = z.object({
  event: z.string().max(100),
  data: z
    .object({
      id: z
        .union([z.number(), z.string().max(100)])
        .transform(String)
        .optional(),
      reference: z.string().max(100).optional(),
      transaction_reference: z.string().max(100).optional(),
      status: z.string().max(50).optional(),
      amount: z
        .union([
          z.number().int(),
          z
            .string()
            .regex(/^\d{1,15}$/)
            .transform(Number),
        ])
        .optional(),
      currency: z.string().max(10).optional(),
    })
    .loose(),
});
export type Webhook = z.infer<typeof webhookSchema>;
