/**
 * Limits on actions a script could flood (registering, checking out, contact messages, uploads, chat
 * tickets), through Cloudflare's Workers Rate Limiting bindings. Each action counts per client address
 * (CF-Connecting-IP, which Cloudflare sets; X-Forwarded-For is the client's to forge) and, when signed in,
 * per account, so one person cannot spread the load over addresses. Cloudflare always sets the address;
 * only a request that never crossed it (a local test) has none, and then only the account counts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "~/lib/app-error";
import { addressKey } from "~/lib/client-address";

const LIMITS = {
  register: { binding: "RATE_LIMIT_REGISTER", periodSeconds: 60 },
  checkout: { binding: "RATE_LIMIT_CHECKOUT", periodSeconds: 60 },
  contact: { binding: "RATE_LIMIT_CONTACT", periodSeconds: 60 },
  upload: { binding: "RATE_LIMIT_UPLOAD", periodSeconds: 60 },
  chatTicket: { binding: "RATE_LIMIT_CHAT_TICKET", periodSeconds: 60 },
} as const satisfies Record<string, { binding: keyof Env; periodSeconds: 10 | 60 }>;

export type LimitedAction = keyof typeof LIMITS;

export const TOO_MANY_REQUESTS = "Too many requests from this device. Please wait a minute and try again.";

/**
 * The client's address as Cloudflare reports it, as the key every limit counts it under
 * (lib/client-address.ts: an IPv6 address as its /64, one spelling per network).
 */
export function clientAddress(request: Request): string | null {
  return addressKey(request.headers.get("CF-Connecting-IP"));
}

/**
 * Throws a 429 (with Retry-After) when this client, or this account, has done `action` too often. A caller
 * that writes before it knows the account (its batch checks the session itself) is counted by its session.
 */
export async function enforceRateLimit(
  request: Request,
  context: AppLoadContext,
  action: LimitedAction,
  who?: string | { session: string } | null,
): Promise<void> {
  const { binding, periodSeconds } = LIMITS[action];
  const limiter = context.cloudflare.env[binding];
  const address = clientAddress(request);
  const caller = !who ? [] : typeof who === "string" ? [`user:${who}`] : [`session:${who.session}`];
  const keys = [...(address ? [`ip:${address}`] : []), ...caller];
  const outcomes = await Promise.all(keys.map((key) => limiter.limit({ key })));
  if (outcomes.some((outcome) => !outcome.success)) {
    throw new AppError(429, TOO_MANY_REQUESTS, undefined, { "Retry-After": String(periodSeconds) });
  }
}
