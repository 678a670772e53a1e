/**
 * The device cookie (OWASP's defence against forced lockout): a browser that has signed in to an account
 * holds `medistore_device`, signed with COOKIE_SECRET, naming a random device id and the accounts it has
 * signed in to. Login throttling lets such a browser past the account-wide slow-down, so a guesser
 * elsewhere can never lock the owner out of their usual browser. A missing, forged or unreadable cookie
 * is no device.
 *
 * The same cookie remembers the last few orders this browser placed or found again at /track, so that
 * people guessing an order's reference elsewhere never lock its owner out of finding it here
 * (features/orders/track.server.ts).
 */
import { z } from "zod";
import { COOKIES } from "~/lib/cookies";
import { randomToken } from "~/lib/random";
import { signedCookie } from "./cookies.server";
import type { AppConfig } from "./env.server";

/** Accounts remembered per browser (a shared family phone), most recent first. */
export const DEVICE_MAX_ACCOUNTS = 5;
/** Order references remembered per browser, most recent first. */
export const DEVICE_MAX_ORDERS = 10;

const deviceSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/),
  accounts: z.array(z.string().min(1).max(64)).max(DEVICE_MAX_ACCOUNTS),
  // Cookies from before orders were remembered have none.
  orders: z
    .array(z.string().regex(/^[A-Z0-9-]{1,16}$/))
    .max(DEVICE_MAX_ORDERS)
    .default([]),
});

export type Device = z.infer<typeof deviceSchema>;

const deviceCookie = (config: AppConfig) => signedCookie(COOKIES.device, config);

export async function readDevice(request: Request, config: AppConfig): Promise<Device | null> {
  try {
    const parsed = deviceSchema.safeParse(await deviceCookie(config).parse(request.headers.get("Cookie")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether this browser has signed in to this account before. */
export function trustsAccount(device: Device | null, userId: string): device is Device {
  return device !== null && device.accounts.includes(userId);
}

/** `item` first in `list`, at most `max` kept. */
const first = (item: string, list: string[], max: number) =>
  [item, ...list.filter((other) => other !== item)].slice(0, max);

/** After a successful login: the cookie (a new one for a new browser) with this account first. */
export function rememberAccount(device: Device | null, userId: string, config: AppConfig): Promise<string> {
  const next: Device = {
    id: device?.id ?? randomToken(16),
    accounts: first(userId, device?.accounts ?? [], DEVICE_MAX_ACCOUNTS),
    orders: device?.orders ?? [],
  };
  return deviceCookie(config).serialize(next);
}

/** Whether this browser placed, or found again, the order with this reference. */
export function knowsOrder(device: Device | null, orderRef: string): device is Device {
  return device !== null && device.orders.includes(orderRef);
}

/** After an order was placed or found: the cookie (a new one for a new browser) with its reference first. */
export function rememberOrder(device: Device | null, orderRef: string, config: AppConfig): Promise<string> {
  const next: Device = {
    id: device?.id ?? randomToken(16),
    accounts: device?.accounts ?? [],
    orders: first(orderRef, device?.orders ?? [], DEVICE_MAX_ORDERS),
  };
  return deviceCookie(config).serialize(next);
}
