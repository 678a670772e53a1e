/**
 * /track: a guest who lost their order's private link finds it again with the order reference and the
 * phone number they used. Failed lookups are counted per client address and per reference, so neither
 * references nor phone numbers can be guessed at speed; the answer never says which of the two was wrong.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { AppError } from "~/lib/app-error";
import { INVALID_PHONE, normalizeNigerianPhone } from "~/lib/validation";
import { countAttempt, throttleRows } from "~/models/auth-throttle.server";
import { findOrderTokenByRefAndPhone } from "~/models/order-lookup.server";
import { parseOrThrow } from "~/services/http.server";
import { clientAddress } from "~/services/rate-limit.server";

export const ORDER_NOT_FOUND =
  "We could not find an order with that reference and phone number. Please check both.";
export const TRACK_SLOWED =
  "Too many unsuccessful lookups. Please wait 15 minutes, or message us on WhatsApp with your order reference.";

/** Failed lookups allowed within the window, per client address and per order reference. */
export const TRACK_LIMITS = { client: 10, reference: 5 } as const;
export const TRACK_WINDOW_MS = 15 * 60 * 1000;

const trackSchema = z.object({
  orderRef: z
    .string({ error: "Please enter your order reference, like MS-7KQ2XD." })
    .trim()
    .toUpperCase()
    .transform((value) => (value.startsWith("MS-") ? value : `MS-${value}`))
    .pipe(z.string().regex(/^MS-[A-Z0-9]{6}$/, "Please enter your order reference, like MS-7KQ2XD.")),
  phone: z
    .string({ error: INVALID_PHONE })
    .trim()
    .transform((value, ctx) => {
      const phone = normalizeNigerianPhone(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: INVALID_PHONE });
        return z.NEVER;
      }
      return phone;
    }),
});

/** The order's private link path; 400 for malformed input, 404 when nothing matches, 429 when slowed. */
export async function trackOrder(request: Request, context: AppLoadContext, input: unknown): Promise<string> {
  const { orderRef, phone } = parseOrThrow(trackSchema, input);
  const address = (clientAddress(request) ?? "unknown").slice(0, 64);
  const keys = [`track-client:${address}`, `track-ref:${orderRef}`];
  const limits = [TRACK_LIMITS.client, TRACK_LIMITS.reference];
  const now = Date.now();
  const rows = new Map((await throttleRows(context.db, keys)).map((row) => [row.key, row]));
  const slowed = keys.some((key, i) => {
    const row = rows.get(key);
    return row !== undefined && row.windowStartedAt > now - TRACK_WINDOW_MS && row.failures >= limits[i];
  });
  if (slowed) {
    throw new AppError(429, TRACK_SLOWED, undefined, { "Retry-After": String(TRACK_WINDOW_MS / 1000) });
  }
  const token = await findOrderTokenByRefAndPhone(context.db, orderRef, phone);
  if (!token) {
    await countAttempt(context.db, keys, now, TRACK_WINDOW_MS);
    throw new AppError(404, ORDER_NOT_FOUND);
  }
  return `/order/${token}`;
}
