/**
 * Logging in (remix-auth + remix-auth-form) and registering, with password-guessing throttled per account
 * and per client. The verify callback is the one place a password is checked, for pages and the API.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { authThrottle } from "~/db/schema";
import { loginSchema } from "~/lib/validation";
import { findUserByEmail, toPublicUser, type PublicUser } from "~/models/user.server";
import { burnPasswordCheck, verifyPassword } from "./password.server";

export const INVALID_CREDENTIALS = "Invalid email or password.";
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per account, and per client address, within the window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_CLIENT = 20;

/** A login that failed for a reason the user may read (never which of e-mail or password was wrong). */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 429 = 401,
  ) {
    super(message);
  }
}

export function tooManyAttemptsMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

function throttleKeys(request: Request, email: string) {
  return { account: `account:${email.toLowerCase()}`, client: `client:${clientAddress(request)}` };
}

/** How long the caller must wait before trying again (0 when allowed). */
async function throttleWait(
  context: AppLoadContext,
  keys: { account: string; client: string },
): Promise<number> {
  const now = Date.now();
  const rows = await context.db
    .select()
    .from(authThrottle)
    .where(sql`${authThrottle.key} IN (${keys.account}, ${keys.client})`);
  let wait = 0;
  for (const row of rows) {
    const limit = row.key === keys.account ? MAX_FAILURES_PER_ACCOUNT : MAX_FAILURES_PER_CLIENT;
    const endsAt = row.windowStartedAt + THROTTLE_WINDOW_MS;
    if (row.failures >= limit && endsAt > now) wait = Math.max(wait, endsAt - now);
  }
  return wait;
}

async function recordFailure(context: AppLoadContext, keys: { account: string; client: string }) {
  const now = Date.now();
  const expired = now - THROTTLE_WINDOW_MS;
  const bump = (key: string) =>
    context.db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          // A window that has run out starts again at this failure.
          failures: sql`CASE WHEN ${authThrottle.windowStartedAt} < ${expired} THEN 1 ELSE ${authThrottle.failures} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${authThrottle.windowStartedAt} < ${expired} THEN ${now} ELSE ${authThrottle.windowStartedAt} END`,
        },
      });
  await context.db.batch([bump(keys.account), bump(keys.client)]);
}

function createAuthenticator(context: AppLoadContext) {
  return new Authenticator<PublicUser>().use(
    new FormStrategy(async ({ form, request }) => {
      const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
      if (!parsed.success) throw new LoginError(parsed.error.issues[0]?.message ?? INVALID_CREDENTIALS, 400);
      const { email, password } = parsed.data;

      const keys = throttleKeys(request, email);
      const wait = await throttleWait(context, keys);
      if (wait > 0) throw new LoginError(tooManyAttemptsMessage(wait), 429);

      const user = await findUserByEmail(context.db, email);
      const ok = user
        ? await verifyPassword(password, user.passwordHash)
        : (await burnPasswordCheck(password), false);
      if (!user || !ok) {
        await recordFailure(context, keys);
        throw new LoginError(INVALID_CREDENTIALS, 401);
      }
      // The owner got in: their account's failure count starts again (the client's does not).
      await context.db.delete(authThrottle).where(eq(authThrottle.key, keys.account));
      return toPublicUser(user);
    }),
    "password",
  );
}

/** Checks e-mail and password from a form request. Throws LoginError with a message to show. */
export async function authenticateWithPassword(
  request: Request,
  context: AppLoadContext,
): Promise<PublicUser> {
  try {
    return await createAuthenticator(context).authenticate("password", request);
  } catch (error) {
    if (error instanceof LoginError) throw error;
    // remix-auth wraps what the strategy throws in some versions; unwrap ours.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof LoginError) throw cause;
    throw error;
  }
}

/** Where a user goes after logging in: admins to /admin, everyone else to /dashboard (or back). */
export function homeFor(user: PublicUser, redirectTo?: string | null): string {
  if (redirectTo) return redirectTo;
  return user.role === "admin" ? "/admin" : "/dashboard";
}
