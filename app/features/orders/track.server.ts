/**
 * /track: a guest who lost their order's private link finds it again with the order reference and the
 * phone number they used. Lookups are counted per client address and per reference before any answer, so
 * neither references nor phone numbers can be guessed at speed, however many guesses arrive at once; a
 * lookup that finds the order is taken back off the counts. The answer never says which of the two was
 * wrong. A browser that placed the order, or found it here before, holds it in its device cookie
 * (services/device.server.ts) and is held to its own count only: guessing elsewhere never locks the owner
 * out of their own order's lookup.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "~/lib/app-error";
import { trackSchema } from "~/lib/order-schemas";
import { countAttempt, forgiveAttempts, throttleRows, type ThrottleRow } from "~/models/auth-throttle.server";
import { knowsOrder, readDevice, rememberOrder, type Device } from "~/services/device.server";
import { findOrderTokenByRefAndPhone } from "~/models/order-lookup.server";
import { parseOrThrow } from "~/services/http.server";
import { clientAddress } from "~/services/rate-limit.server";

export const ORDER_NOT_FOUND =
  "We could not find an order with that reference and phone number. Please check both.";
export const TRACK_SLOWED =
  "Too many unsuccessful lookups. Please wait 15 minutes, or message us on WhatsApp with your order reference.";

/**
 * Failed lookups allowed within the window, per client address and per order reference; a browser that
 * knows the order has the reference's allowance to itself.
 */
export const TRACK_LIMITS = { client: 10, reference: 5 } as const;
export const TRACK_WINDOW_MS = 15 * 60 * 1000;

/** The counts a lookup is held to, and what each allows. */
function countsFor(request: Request, device: Device | null, orderRef: string) {
  if (knowsOrder(device, orderRef))
    return [{ key: `track-device:${device.id} ${orderRef}`, limit: TRACK_LIMITS.reference }];
  const address = (clientAddress(request) ?? "unknown").slice(0, 64);
  return [
    { key: `track-client:${address}`, limit: TRACK_LIMITS.client },
    { key: `track-ref:${orderRef}`, limit: TRACK_LIMITS.reference },
  ];
}

const slowed = () =>
  new AppError(429, TRACK_SLOWED, undefined, { "Retry-After": String(TRACK_WINDOW_MS / 1000) });

/**
 * The order's private link path, and the device cookie that now remembers the order; 400 for malformed
 * input, 404 when nothing matches, 429 when slowed.
 */
export async function trackOrder(
  request: Request,
  context: AppLoadContext,
  input: unknown,
): Promise<{ path: string; deviceCookie: string }> {
  const { orderRef, phone } = parseOrThrow(trackSchema, input);
  const device = await readDevice(request, context.config);
  const counts = countsFor(request, device, orderRef);
  const keys = counts.map((c) => c.key);
  const now = Date.now();
  const live = (row: ThrottleRow | undefined) =>
    row && row.windowStartedAt > now - TRACK_WINDOW_MS ? row : undefined;
  // Three trips to D1, as a login's: the counts read, the attempt counted (with the look), a find forgiven.
  const before = new Map((await throttleRows(context.db, keys)).map((row) => [row.key, row]));
  // Already at a limit: refused without counting, so the wait runs from the last counted miss.
  if (counts.some((c) => (live(before.get(c.key))?.failures ?? 0) >= c.limit)) throw slowed();
  // Counted as it looks (one trip to D1), and answered only once counted: of lookups arriving together,
  // only those within the limit learn anything.
  const looking = findOrderTokenByRefAndPhone(context.db, orderRef, phone);
  looking.catch(() => undefined);
  const after = await countAttempt(context.db, keys, now, TRACK_WINDOW_MS);
  if (counts.some((c) => (after.get(c.key) ?? 1) > c.limit)) throw slowed();
  const token = await looking;
  if (!token) throw new AppError(404, ORDER_NOT_FOUND);
  // Found: this lookup was no miss, so it comes off every count again.
  await forgiveAttempts(context.db, {
    now,
    clear: [],
    forgive: keys.map((key) => ({ key, by: 1, previousAt: live(before.get(key))?.windowStartedAt ?? null })),
  });
  return { path: `/order/${token}`, deviceCookie: await rememberOrder(device, orderRef, context.config) };
}

/** The device cookie of a browser that just placed this order: it is the owner's from now on. */
export async function ownerDeviceCookie(request: Request, context: AppLoadContext, orderRef: string) {
  return rememberOrder(await readDevice(request, context.config), orderRef, context.config);
}
