/**
 * Logging in, for the login page (remix-auth's form strategy) and `POST /api/auth/login` alike: one
 * password check, with guessing slowed the way OWASP's forced-lockout defence does it.
 *
 * A browser that has signed in to the account before holds a device cookie (services/device.server.ts);
 * only its own failures count against it, so a guesser elsewhere never locks the owner out of their usual
 * browser. Every other client (including every API call, which takes no cookies) is counted three ways:
 * per account, per (account, address) and per address. After a count's allowed failures, each further
 * failure makes the next attempt wait, the wait doubling up to 15 minutes (429 with Retry-After); a count
 * with no failure for 30 minutes is forgotten.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BatchItem } from "drizzle-orm/batch";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { AppError } from "~/lib/app-error";
import { loginSchema } from "~/lib/validation";
import { countAttempt, forgiveAttempts, throttleRows, type ThrottleRow } from "~/models/auth-throttle.server";
import { findUserByEmail, toPublicUser } from "~/models/user.server";
import { readDevice, rememberAccount, trustsAccount, type Device } from "~/services/device.server";
import { burnPasswordCheck, verifyPassword } from "~/services/password.server";
import { clientAddress } from "~/services/rate-limit.server";
import { newSession } from "~/services/session.server";
import type { PublicUser } from "~/lib/user";

export const INVALID_CREDENTIALS = "Invalid email or password.";

const MINUTE_MS = 60_000;
/** The longest one failure makes anyone wait. */
export const MAX_WAIT_MS = 15 * MINUTE_MS;
/** A count with no new failure for this long starts again. */
export const FORGET_AFTER_MS = 30 * MINUTE_MS;

/** `allowed` failures, then a wait after each further one: `firstWaitMs`, doubling, at most MAX_WAIT_MS. */
type Policy = { allowed: number; firstWaitMs: number };

export const LOGIN_POLICIES = {
  /** Every client without this account's device cookie, from however many addresses. */
  account: { allowed: 5, firstWaitMs: MINUTE_MS },
  /** One address guessing at one account: after five failures it waits out the longest wait at once. */
  pair: { allowed: 5, firstWaitMs: MAX_WAIT_MS },
  /**
   * One address at any account (spraying a password over accounts). Many people share an address behind
   * a mobile operator's NAT, so it allows more.
   */
  client: { allowed: 20, firstWaitMs: MINUTE_MS },
  /** A browser holding this account's device cookie: its own typos only. */
  device: { allowed: 5, firstWaitMs: MINUTE_MS },
} as const satisfies Record<string, Policy>;

export function tooManyAttemptsMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

function tooManyAttempts(waitMs: number): AppError {
  return new AppError(429, tooManyAttemptsMessage(waitMs), undefined, {
    "Retry-After": String(Math.ceil(waitMs / 1000)),
  });
}

/** How long to wait after `failures` failures under `policy`. */
function waitAfter(policy: Policy, failures: number): number {
  if (failures < policy.allowed) return 0;
  return Math.min(MAX_WAIT_MS, policy.firstWaitMs * 2 ** Math.min(failures - policy.allowed, 16));
}

/** A count still remembered at `now` (a forgotten one is as good as none). */
function live(row: ThrottleRow | undefined, now: number): ThrottleRow | undefined {
  return row && row.windowStartedAt > now - FORGET_AFTER_MS ? row : undefined;
}

/**
 * One count an attempt is held to. `own` counts hold only this client's failures at this account, so a
 * success clears them; the others also hold other people's, so a success takes back only its own share.
 */
type Count = { key: string; policy: Policy; own: boolean };

function countsFor(request: Request, email: string, userId: string | null, device: Device | null): Count[] {
  if (userId !== null && trustsAccount(device, userId)) {
    return [{ key: `device:${device.id} ${userId}`, policy: LOGIN_POLICIES.device, own: true }];
  }
  // Cloudflare always sets the address; a request that never crossed it (a local run) has none, and all
  // such requests are counted as one client.
  const address = (clientAddress(request) ?? "unknown").slice(0, 64);
  return [
    { key: `account:${email}`, policy: LOGIN_POLICIES.account, own: false },
    { key: `pair:${email} ${address}`, policy: LOGIN_POLICIES.pair, own: true },
    { key: `client:${address}`, policy: LOGIN_POLICIES.client, own: false },
  ];
}

/** The longest wait any of the counts imposes at `now` (0 when the attempt may go ahead). */
function longestWait(counts: Count[], rows: Map<string, ThrottleRow>, now: number): number {
  let wait = 0;
  for (const { key, policy } of counts) {
    const row = live(rows.get(key), now);
    if (row) wait = Math.max(wait, row.windowStartedAt + waitAfter(policy, row.failures) - now);
  }
  return wait;
}

/**
 * Checks an e-mail and password sent by `request`'s client and starts the session; `device` is the
 * browser's device cookie (the page's; the API passes none). Throws AppError 400 (malformed), 401 (wrong,
 * never saying which of the two) or 429 (slowed, with Retry-After).
 *
 * Three trips to D1, not two: the account and its counts are read together, the attempt is counted (a
 * write) before the slow password check so that parallel guesses cannot all pass, and only a right
 * password then forgives and starts the session, in one batch.
 */
export async function logIn(
  context: AppLoadContext,
  request: Request,
  credentials: { email: unknown; password: unknown },
  device: Device | null = null,
): Promise<{ user: PublicUser; token: string; setCookie: string }> {
  const { user, session } = await attempt(context, request, credentials, device, true);
  return { user, ...(await session!.started()) };
}

/**
 * The signed-in person's password asked again (before deleting the account or changing the password):
 * held to the same counts as a login, without starting a session. `then`: once the password is right, the
 * statements of what it allows, written in the batch that forgives the attempt (one trip for both); what it
 * throws is thrown once the attempt is forgiven. Answers what those statements answered.
 */
export async function confirmPassword(
  context: AppLoadContext,
  request: Request,
  credentials: { email: unknown; password: unknown },
  device: Device | null = null,
  then?: () => Promise<BatchItem<"sqlite">[]>,
): Promise<unknown[]> {
  return (await attempt(context, request, credentials, device, false, then)).answers;
}

async function attempt(
  context: AppLoadContext,
  request: Request,
  credentials: { email: unknown; password: unknown },
  device: Device | null,
  startSession: boolean,
  then?: () => Promise<BatchItem<"sqlite">[]>,
) {
  const parsed = loginSchema.safeParse(credentials);
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? INVALID_CREDENTIALS);
  const { email, password } = parsed.data;
  const { db } = context;

  // The account and every count this attempt may be held to, read together: the device's counts are
  // those of each account the cookie trusts, the others are the e-mail's and the address's.
  const possible = [
    ...countsFor(request, email, null, null),
    ...(device?.accounts ?? []).flatMap((id) => countsFor(request, email, id, device)),
  ].map((c) => c.key);
  const [user, rows] = await Promise.all([findUserByEmail(db, email), throttleRows(db, possible)]);
  const counts = countsFor(request, email, user?.id ?? null, device);
  const keys = counts.map((c) => c.key);
  const now = Date.now();
  const before = new Map(rows.filter((row) => keys.includes(row.key)).map((row) => [row.key, row]));
  const wait = longestWait(counts, before, now);
  if (wait > 0) throw tooManyAttempts(wait);

  // Counted before the (slow) password check. When other attempts were counted between our look and
  // ours and together they went past what is allowed, this one waits as the next one would.
  const after = await countAttempt(db, keys, now, FORGET_AFTER_MS);
  const raced = counts.some(({ key, policy }) => {
    const count = after.get(key) ?? 1;
    return count !== (live(before.get(key), now)?.failures ?? 0) + 1 && count > policy.allowed;
  });
  if (raced) {
    const counted = new Map(
      keys.map((key) => [key, { key, failures: after.get(key) ?? 1, windowStartedAt: now }]),
    );
    throw tooManyAttempts(Math.max(longestWait(counts, counted, now), 1000));
  }

  const ok = user
    ? await verifyPassword(password, user.passwordHash)
    : (await burnPasswordCheck(password), false);
  if (!user || !ok) throw new AppError(401, INVALID_CREDENTIALS);

  // The right password from here: this client's own failures are forgiven (its count starts again, and
  // the shared counts lose them), never anyone else's.
  const own = counts.filter((c) => c.own).map((c) => c.key);
  const forgiven = Math.max(1, ...own.map((key) => after.get(key) ?? 1));
  const session = startSession ? await newSession(context, user.id) : null;
  const forgiveness = {
    now,
    clear: own,
    forgive: counts
      .filter((c) => !c.own)
      .map(({ key }) => ({
        key,
        by: forgiven,
        previousAt: live(before.get(key), now)?.windowStartedAt ?? null,
      })),
  };
  let allowed: BatchItem<"sqlite">[] = [];
  try {
    allowed = then ? await then() : [];
  } catch (error) {
    // The password was right whatever failed next: it is not left counted as a failure.
    await forgiveAttempts(db, forgiveness);
    throw error;
  }
  const answers = await forgiveAttempts(db, forgiveness, [...(session?.statements ?? []), ...allowed]);
  return { user: toPublicUser(user), session, answers: answers.slice(session?.statements.length ?? 0) };
}

/**
 * The login page's form, through remix-auth's form strategy, with the browser's device cookie. Throws
 * AppError like `logIn`; on success answers the user and the device cookie to set (this account added).
 */
export async function logInWithForm(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: PublicUser; deviceCookie: string; setCookie: string }> {
  const device = await readDevice(request, context.config);
  const authenticator = new Authenticator<Awaited<ReturnType<typeof logIn>>>().use(
    new FormStrategy(({ form, request }) =>
      logIn(context, request, { email: form.get("email"), password: form.get("password") }, device),
    ),
    "password",
  );
  const { user, setCookie } = await authenticator.authenticate("password", request);
  return { user, setCookie, deviceCookie: await rememberAccount(device, user.id, context.config) };
}
