/**
 * Server-side sessions: a random 256-bit token in an HttpOnly cookie (pages) or an
 * `Authorization: Bearer` header (JSON API); the sessions table keeps only its SHA-256, so a leaked
 * database cannot be replayed. Logout and expiry delete the row, which ends the session everywhere.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, lt, ne, sql, type SQL } from "drizzle-orm";
import { sessions, users } from "~/db/schema";
import { COOKIES } from "~/lib/cookies";
import { randomToken } from "~/lib/random";
import type { PublicUser } from "~/lib/user";
import { AppError } from "~/lib/app-error";
import { adminRoleOf, can, NOT_ALLOWED, type AdminRole, type Permission } from "~/lib/admin-roles";
import { signedCookie } from "./cookies.server";
import type { AppConfig } from "./env.server";

/** A session lives as long as its cookie (lib/cookies.ts), renewed while it is used. */
export const SESSION_TTL_MS = COOKIES.session.maxAgeSeconds * 1000;
/** A session used with less than this left is extended (an active customer stays signed in). */
const RENEW_BELOW_MS = 15 * 24 * 60 * 60 * 1000;

export const ACCESS_DENIED_ADMINS_ONLY = "Access denied: Admins only";

const sessionCookie = (config: AppConfig) => signedCookie(COOKIES.session, config);

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/**
 * A new session (always a new token: no fixation), for a caller that writes it in a batch of its own (a
 * login, with its other writes, in one trip): `statements` write its row and, as housekeeping on a write
 * path rather than on every page view, delete this user's expired ones; once they are written, `started`
 * answers the token and its cookie.
 */
export async function newSession(context: AppLoadContext, userId: string) {
  const token = randomToken();
  const now = Date.now();
  const statements = [
    context.db
      .insert(sessions)
      .values({ idHash: await sha256(token), userId, expiresAt: now + SESSION_TTL_MS }),
    context.db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now))),
  ] as const;
  const started = async () => {
    forgetLookups(context);
    return { token, setCookie: await sessionCookie(context.config).serialize(token) };
  };
  return { statements, started };
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header ? /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(header.trim()) : null;
  return match ? match[1] : null;
}

export const BEARER_TOKEN_DEAD =
  "Your session has ended or the token is not valid: log in again (or send no Authorization header to continue as a guest).";

/**
 * The JSON API with an Authorization header that is no live session (malformed, unknown, expired, revoked):
 * a 401, whatever the call. A client that believes it is signed in must hear that it is not, rather than be
 * served as a guest (an order placed so would never show under its customer's orders). Without the header a
 * request is a guest's as before. Answers null when the request may go on.
 */
export async function refuseDeadCredentials(
  request: Request,
  context: AppLoadContext,
): Promise<Response | null> {
  if (!new URL(request.url).pathname.startsWith("/api/")) return null;
  const header = request.headers.get("Authorization");
  if (header === null || header.trim() === "") return null;
  if (bearerToken(request) !== null && (await getUser(request, context)) !== null) return null;
  return Response.json(
    { message: BEARER_TOKEN_DEAD },
    { status: 401, headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } },
  );
}

/**
 * The caller of an API call the Worker lets start beside its dead-token check (workers/app.ts,
 * READS_BESIDE_CREDENTIAL_CHECK), so the call's reads travel to D1 with the session lookup: a dead token is
 * refused here (the Worker's 401), and the call awaits this before it writes anything.
 */
export async function liveCaller(request: Request, context: AppLoadContext): Promise<PublicUser | null> {
  const refused = await refuseDeadCredentials(request, context);
  if (refused) throw refused;
  return getUser(request, context);
}

async function requestToken(request: Request, config: AppConfig): Promise<string | null> {
  const bearer = bearerToken(request);
  if (bearer) return bearer;
  try {
    const value = await sessionCookie(config).parse(request.headers.get("Cookie"));
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/**
 * Lookups made during a request, kept on its load context (one per request): Remix hands every loader a
 * copy of the request, so the page's loaders (root, layout, tab) would otherwise each verify the cookie and
 * read the session. Keyed by method and credentials: an action (a POST) looks up on its own, and the GET
 * loaders after it share one lookup made after the action. `token`: the verified cookie or bearer token;
 * `account`: whom its session belongs to, with their PCN number (an admin's role follows from it).
 */
type Account = { user: PublicUser; pcnNumber: string | null };
type Lookup = {
  token: Promise<string | null>;
  account: Promise<Account | null>;
  user: Promise<PublicUser | null>;
};

function lookupKey(request: Request): string {
  const { headers } = request;
  return `${request.method}\n${headers.get("Authorization") ?? ""}\n${headers.get("Cookie") ?? ""}`;
}

function lookup(request: Request, context: AppLoadContext): Lookup {
  const lookups = context.sessionLookups as Map<string, Lookup>;
  const key = lookupKey(request);
  let pending = lookups.get(key);
  if (!pending) {
    const token = requestToken(request, context.config);
    const account = token.then((found) => (found ? lookUpAccount(found, context) : null));
    pending = { token, account, user: account.then((found) => found?.user ?? null) };
    lookups.set(key, pending);
  }
  return pending;
}

/**
 * Whose session the request carries, as SQL that stands in for a user id: a query scoped to the signed-in
 * user can then start beside the session lookup (one trip to D1 for both) rather than after it. Its rows
 * are the session's user's, whoever that is; a caller uses them only once the lookup has confirmed the
 * user, and a dead session selects nothing. Null without a session token: no database work for a guest.
 */
export async function sessionUserRef(request: Request, context: AppLoadContext): Promise<SQL | null> {
  const token = await lookup(request, context).token;
  if (!token) return null;
  const idHash = await sha256(token);
  return sql`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${sessions.idHash} = ${idHash} AND ${sessions.expiresAt} > ${Date.now()})`;
}

/**
 * The session a request presents, for a write that decides in its own SQL whether its caller may make it,
 * with no lookup first (one trip to D1): `idHash` names the session (to count the caller by), `userId`
 * selects its user and `live` holds, as the Worker's check of the token does (workers/app.ts), only while
 * the session is unexpired and its account exists. Null without a token (a guest); "refused" when the
 * Worker refuses the call whatever the database holds (an API call whose Authorization header is no
 * Bearer token).
 */
export async function presentedSession(
  request: Request,
  context: AppLoadContext,
): Promise<{ idHash: string; userId: SQL; live: SQL } | null | "refused"> {
  const header = request.headers.get("Authorization");
  const isApi = new URL(request.url).pathname.startsWith("/api/");
  if (isApi && header !== null && header.trim() !== "" && bearerToken(request) === null) return "refused";
  const token = await lookup(request, context).token;
  if (!token) return null;
  const idHash = await sha256(token);
  const now = Date.now();
  return {
    idHash,
    userId: sql`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${sessions.idHash} = ${idHash} AND ${sessions.expiresAt} > ${now})`,
    live: sql`EXISTS (SELECT 1 FROM ${sessions} INNER JOIN ${users} ON ${users.id} = ${sessions.userId}
      WHERE ${sessions.idHash} = ${idHash} AND ${sessions.expiresAt} > ${now})`,
  };
}

/**
 * A guard (requireUser, requireBackOfficeUser…) and the page's reads in one trip to D1: `reads` start beside
 * the session lookup, given the session's user as SQL (sessionUserRef), and their answer is handed back only
 * once the guard, which reads the account afresh, has let the request through; a refused request throws
 * first and its reads are dropped. Reads only: nothing that writes (a view log, say) may start before the
 * guard. Without a session token nothing is read: the guard refuses the request (or, for a guard that lets a
 * guest through, the reads run after it, for no user).
 */
export async function withReads<Who, Rows>(
  request: Request,
  context: AppLoadContext,
  guard: (request: Request, context: AppLoadContext) => Promise<Who>,
  reads: (me: SQL) => Promise<Rows>,
): Promise<[Who, Rows]> {
  const me = await sessionUserRef(request, context);
  if (me === null) {
    const who = await guard(request, context);
    return [who, await reads(sql`NULL`)];
  }
  const pending = reads(me);
  pending.catch(() => undefined);
  const who = await guard(request, context);
  return [who, await pending];
}

/**
 * Whether the request carries a session token at all (a validly signed cookie or a bearer token), without
 * reading the database: a page may start its own query beside the session lookup only for such a request,
 * so that a guest never makes the database do a signed-in page's work.
 */
export async function carriesSession(request: Request, context: AppLoadContext): Promise<boolean> {
  return (await lookup(request, context).token) !== null;
}

/** The signed-in user of this request (cookie or bearer token), or null. Looked up once per request. */
export function getUser(request: Request, context: AppLoadContext): Promise<PublicUser | null> {
  return lookup(request, context).user;
}

/** A session ended or started during the request: later lookups read the sessions table again. */
function forgetLookups(context: AppLoadContext) {
  context.sessionLookups.clear();
}

async function lookUpAccount(token: string, context: AppLoadContext): Promise<Account | null> {
  const idHash = await sha256(token);
  const now = Date.now();
  // A batched read: the page's own query, started beside it, goes to D1 in the same round trip. The PCN
  // number comes with it, so an admin's role is read from the account on every request.
  const [row] = await context.read<PublicUser & { expiresAt: number; pcnNumber: string | null }>(sql`
    SELECT ${users.id} AS id, ${users.name} AS name, ${users.email} AS email, ${users.role} AS role,
      ${users.pcnNumber} AS pcnNumber, ${sessions.expiresAt} AS expiresAt
    FROM ${sessions} INNER JOIN ${users} ON ${users.id} = ${sessions.userId}
    WHERE ${sessions.idHash} = ${idHash} AND ${sessions.expiresAt} > ${now}`);
  if (!row) return null;
  if (row.expiresAt - now < RENEW_BELOW_MS) {
    context.cloudflare.ctx.waitUntil(
      context.db
        .update(sessions)
        .set({ expiresAt: now + SESSION_TTL_MS })
        .where(eq(sessions.idHash, idHash))
        .then(
          () => undefined,
          () => undefined,
        ),
    );
  }
  return {
    user: { id: row.id, name: row.name, email: row.email, role: row.role },
    pcnNumber: row.pcnNumber,
  };
}

/** Ends this request's session on the server; returns the Set-Cookie that clears the cookie. */
export async function destroySession(request: Request, context: AppLoadContext): Promise<string> {
  const token = await requestToken(request, context.config);
  if (token) await context.db.delete(sessions).where(eq(sessions.idHash, await sha256(token)));
  forgetLookups(context);
  return sessionCookie(context.config).serialize("", { maxAge: 0 });
}

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

/** Pages: a guest is sent to /login and brought back afterwards. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<PublicUser> {
  const user = await getUser(request, context);
  if (!user) throw loginRedirect(request);
  return user;
}

/** Pages: a guest goes to /login; a signed-in non-admin gets 403 "Access denied: Admins only". */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<PublicUser> {
  const user = await requireUser(request, context);
  if (user.role !== "admin") throw data({ message: ACCESS_DENIED_ADMINS_ONLY }, { status: 403 });
  return user;
}

/** JSON API: 401 without a valid token or session. */
export async function requireApiUser(request: Request, context: AppLoadContext): Promise<PublicUser> {
  const user = await getUser(request, context);
  if (!user) throw new AppError(401, "Authentication required: send a valid Bearer token.");
  return user;
}

/** JSON API: 401 without a token, 403 "Access denied: Admins only" for a non-admin. */
export async function requireApiAdmin(request: Request, context: AppLoadContext): Promise<PublicUser> {
  const user = await requireApiUser(request, context);
  if (user.role !== "admin") throw new AppError(403, ACCESS_DENIED_ADMINS_ONLY);
  return user;
}

/** An admin with their back-office role (lib/admin-roles.ts), read from their account for this request. */
export type BackOfficeUser = PublicUser & { adminRole: AdminRole; pcnNumber: string | null };

async function backOfficeUser(
  request: Request,
  context: AppLoadContext,
  user: PublicUser,
): Promise<BackOfficeUser> {
  const account = await lookup(request, context).account;
  const pcnNumber = account?.pcnNumber ?? null;
  const adminRole = adminRoleOf(pcnNumber, context.config.pharmacy.superintendentPcn);
  return { ...user, adminRole, pcnNumber };
}

/** The signed-in admin with their role, or null for anyone else (a customer, a guest). */
export async function getBackOfficeUser(
  request: Request,
  context: AppLoadContext,
): Promise<BackOfficeUser | null> {
  const user = await getUser(request, context);
  return user?.role === "admin" ? backOfficeUser(request, context, user) : null;
}

/** Pages: requireAdmin, with the admin's role. */
export async function requireBackOfficeUser(
  request: Request,
  context: AppLoadContext,
): Promise<BackOfficeUser> {
  return backOfficeUser(request, context, await requireAdmin(request, context));
}

/** JSON API: requireApiAdmin, with the admin's role. */
export async function requireApiBackOfficeUser(
  request: Request,
  context: AppLoadContext,
): Promise<BackOfficeUser> {
  return backOfficeUser(request, context, await requireApiAdmin(request, context));
}

/** Pages: an admin whose role allows `permission`; any other admin gets a 403 page saying who may. */
export async function requirePermission(
  request: Request,
  context: AppLoadContext,
  permission: keyof typeof NOT_ALLOWED,
): Promise<BackOfficeUser> {
  const admin = await requireBackOfficeUser(request, context);
  if (!can(admin.adminRole, permission as Permission))
    throw data({ message: NOT_ALLOWED[permission] }, { status: 403 });
  return admin;
}

/**
 * Ends the account's sessions except the one this request uses (after a password change: whoever else was
 * signed in is signed out); with `keepCurrent: false`, every one of them ("log out of all devices").
 */
export async function endSessionsOf(
  request: Request,
  context: AppLoadContext,
  userId: string,
  { keepCurrent }: { keepCurrent: boolean },
): Promise<void> {
  const token = keepCurrent ? await requestToken(request, context.config) : null;
  const current = token ? await sha256(token) : null;
  await context.db
    .delete(sessions)
    .where(
      current ? and(eq(sessions.userId, userId), ne(sessions.idHash, current)) : eq(sessions.userId, userId),
    );
  forgetLookups(context);
}

/** The Set-Cookie that clears the session cookie (after the sessions were ended on the server). */
export function clearedSessionCookie(config: AppConfig): Promise<string> {
  return sessionCookie(config).serialize("", { maxAge: 0 });
}
