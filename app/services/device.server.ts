/**
 * The device cookie (OWASP's defence against forced lockout): a browser that has signed in to an account
 * holds `medistore_device`, signed with COOKIE_SECRET, naming a random device id and the accounts it has
 * signed in to. Login throttling lets such a browser past the account-wide slow-down, so a guesser
 * elsewhere can never lock the owner out of their usual browser. A missing, forged or unreadable cookie
 * is no device.
 */
import { z } from "zod";
import { COOKIES } from "~/lib/cookies";
import { randomToken } from "~/lib/random";
import { signedCookie } from "./cookies.server";
import type { AppConfig } from "./env.server";

/** Accounts remembered per browser (a shared family phone), most recent first. */
export const DEVICE_MAX_ACCOUNTS = 5;

const deviceSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/),
  accounts: z.array(z.string().min(1).max(64)).max(DEVICE_MAX_ACCOUNTS),
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

/** After a successful login: the cookie (a new one for a new browser) with this account first. */
export function rememberAccount(device: Device | null, userId: string, config: AppConfig): Promise<string> {
  const others = (device?.accounts ?? []).filter((id) => id !== userId);
  const next: Device = {
    id: device?.id ?? randomToken(16),
    accounts: [userId, ...others].slice(0, DEVICE_MAX_ACCOUNTS),
  };
  return deviceCookie(config).serialize(next);
}
