/**
 * Logging in, for the login page (remix-auth's form strategy) and `POST /api/auth/login` alike: one
 * password check, with guessing throttled per account and per client.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { AppError } from "~/lib/app-error";
import { loginSchema } from "~/lib/validation";
import { clearFailures, recordFailures, throttleRows } from "~/models/auth-throttle.server";
import { findUserByEmail, toPublicUser } from "~/models/user.server";
import { burnPasswordCheck, verifyPassword } from "~/services/password.server";
import type { PublicUser } from "~/lib/user";

export const INVALID_CREDENTIALS = "Invalid email or password.";
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per account, and per client address, within the window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_CLIENT = 20;

export function tooManyAttemptsMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/** How long the caller must wait before trying again (0 when allowed). */
async function throttleWait(context: AppLoadContext, keys: { account: string; client: string }) {
  const now = Date.now();
  let wait = 0;
  for (const row of await throttleRows(context.db, [keys.account, keys.client])) {
    const limit = row.key === keys.account ? MAX_FAILURES_PER_ACCOUNT : MAX_FAILURES_PER_CLIENT;
    const endsAt = row.windowStartedAt + THROTTLE_WINDOW_MS;
    if (row.failures >= limit && endsAt > now) wait = Math.max(wait, endsAt - now);
  }
  return wait;
}

/**
 * Checks an e-mail and password sent by `request`'s client. Throws AppError 400 (malformed), 401 (wrong,
 * never saying which of the two) or 429 (throttled).
 */
export async function logIn(
  context: AppLoadContext,
  request: Request,
  credentials: { email: unknown; password: unknown },
): Promise<PublicUser> {
  const parsed = loginSchema.safeParse(credentials);
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? INVALID_CREDENTIALS);
  const { email, password } = parsed.data;

  const keys = { account: `account:${email}`, client: `client:${clientAddress(request)}` };
  const wait = await throttleWait(context, keys);
  if (wait > 0) {
    throw new AppError(429, tooManyAttemptsMessage(wait), undefined, {
      "Retry-After": String(Math.ceil(wait / 1000)),
    });
  }

  const user = await findUserByEmail(context.db, email);
  const ok = user
    ? await verifyPassword(password, user.passwordHash)
    : (await burnPasswordCheck(password), false);
  if (!user || !ok) {
    await recordFailures(context.db, [keys.account, keys.client], Date.now(), THROTTLE_WINDOW_MS);
    throw new AppError(401, INVALID_CREDENTIALS);
  }
  // The owner got in: their account's failure count starts again (the client's does not).
  await clearFailures(context.db, keys.account);
  return toPublicUser(user);
}

/** The login page's form, through remix-auth's form strategy. Throws AppError like `logIn`. */
export function logInWithForm(request: Request, context: AppLoadContext): Promise<PublicUser> {
  const authenticator = new Authenticator<PublicUser>().use(
    new FormStrategy(({ form, request }) =>
      logIn(context, request, { email: form.get("email"), password: form.get("password") }),
    ),
    "password",
  );
  return authenticator.authenticate("password", request);
}
