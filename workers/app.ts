/**
 * The Worker entry: static assets are served by the platform before this runs ([assets] in wrangler.toml);
 * everything else reaches the Remix handler with one load context. Cross-cutting rules live here:
 * configuration check, cross-origin write refusal, the request body's size limit (body-limit.ts), security
 * headers. `scheduled` runs the daily retention job (wrangler.toml [triggers]).
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The server build, produced by `remix vite:build` before wrangler bundles this file. A module alias
// (wrangler.toml [alias]) names it, so the tests can run a build of their own beside `npm start`'s.
import * as build from "medistore-server-build";
import { createAppLoadContext } from "../app/load-context";
import { carriesCookie, COOKIES } from "../app/lib/cookies";
import { isPersonalArea, matchPath } from "../app/lib/route-policy";
import { ConfigError, parseConfig, type AppConfig } from "../app/services/env.server";
import { isCrossSiteWrite, isOwnFormWithoutOrigin } from "../app/services/security.server";
import { refuseDeadCredentials } from "../app/services/session.server";
import { carryBookmark, openD1Session } from "../app/services/d1-session.server";
import { createDb } from "../app/db/client.server";
import { runRetention } from "../app/features/privacy/retention.server";
import { runPaymentJob } from "../app/features/payments/payments.server";
import { forgetCatalogueVersion } from "../app/models/catalogue-version.server";
import { deliverBatch, sweepOutbox } from "../app/features/messages/deliver.server";
import { SIGNED_IN_HEADER } from "../sw/page-rules";
import { withinBodyLimit } from "./body-limit";
import { edgeCacheDecision, serveGuestPage } from "./edge-cache";
import { logRequest } from "./request-log";
import { withScriptsAfterPaint } from "./scripts-after-paint";

const serverBuild = build as unknown as ServerBuild;
/** wrangler.toml [triggers]: the payments job's and the outbox sweep's schedules (the other is retention's). */
const PAYMENTS_CRON = "*/5 * * * *";
const OUTBOX_SWEEP_CRON = "*/10 * * * *";
const handleRemixRequest = createRequestHandler(serverBuild);

let cachedConfig: { env: Env; config: AppConfig } | undefined;

function configFor(env: Env): AppConfig {
  if (cachedConfig?.env !== env) cachedConfig = { env, config: parseConfig(env) };
  return cachedConfig.config;
}

function plain(status: number, message: string, url: URL): Response {
  const wantsJson = url.pathname.startsWith("/api/");
  return wantsJson
    ? Response.json({ message }, { status })
    : new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export default {
  async fetch(request, env, ctx) {
    const startedAt = Date.now();
    // Parsed once: every rule below reads the same URL (a guest page from the edge cache costs little else).
    const url = new URL(request.url);
    let config: AppConfig;
    try {
      config = configFor(env);
    } catch (error) {
      const message = error instanceof ConfigError ? error.message : "Invalid configuration";
      console.error(message);
      logRequest(request, url, 500, startedAt);
      return withSecurityHeaders(
        plain(500, `MediStore is not configured correctly: ${message}`, url),
        request,
        url,
      );
    }
    const response = await answer(request, env, ctx, url, config);
    if (config.logRequests) logRequest(request, url, response.status, startedAt);
    return response;
  },

  /**
   * The Cron Triggers (wrangler.toml [triggers]): every few minutes the payments job (payments pending too
   * long asked about again, orders never paid released) and the outbox sweep (messages stuck in the outbox
   * go on the queue again); daily the retention job, which deletes what is past its retention period as of
   * the scheduled time.
   */
  async scheduled(controller, env, ctx?: ExecutionContext) {
    const config = configFor(env);
    if (controller.cron === PAYMENTS_CRON && ctx) {
      await runPaymentJob(createAppLoadContext(env, ctx, config, ""), controller.scheduledTime);
      return;
    }
    if (controller.cron === OUTBOX_SWEEP_CRON) {
      await sweepOutbox(env, controller.scheduledTime);
      return;
    }
    await runRetention(
      { db: createDb(env.DB), bucket: env.IMAGES, retention: config.retention },
      controller.scheduledTime,
    );
  },

  /** The messages queue and its dead-letter queue (wrangler.toml [[queues.consumers]]). */
  async queue(batch, env) {
    await deliverBatch(batch, env, configFor(env));
  },
} satisfies ExportedHandler<Env>;

/**
 * API calls that write, yet start their reads beside the dead-token check (one trip to D1 for both): each
 * refuses a dead token before it writes (liveCaller in services/session.server.ts, or a guard that wants a
 * signed-in caller), or writes only in a batch that checks the session itself (presentedSession: the
 * checkout's one-trip order), so a refused call writes nothing.
 */
const READS_BESIDE_CREDENTIAL_CHECK: readonly (readonly [string, RegExp])[] = [
  ["POST", /^\/api\/orders\/checkout$/],
  ["PATCH", /^\/api\/products\/[^/]+$/],
  ["PUT", /^\/api\/orders\/[^/]+$/],
  ["POST", /^\/api\/orders\/[^/]+\/receipt$/],
  ["POST", /^\/api\/prescriptions\/upload$/],
];

/** Every request once the configuration is known: refused here, or answered by Remix (or the edge cache). */
async function answer(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  url: URL,
  config: AppConfig,
): Promise<Response> {
  if (isCrossSiteWrite(request, config) || failsRemixOriginCheck(request, url)) {
    return withSecurityHeaders(plain(403, "Cross-site requests are not allowed.", url), request, url, {
      config,
    });
  }

  if (isUnroutableApiCall(url)) {
    return withSecurityHeaders(
      plain(404, "There is no such API call. See the README's JSON API table.", url),
      request,
      url,
      { config },
    );
  }

  const limited = await withinBodyLimit(request, url);
  if ("tooLarge" in limited)
    return withSecurityHeaders(plain(413, limited.tooLarge, url), request, url, { config });

  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const decision = edgeCacheDecision(request, url);
  // Pages come out with their scripts asleep until the first paint; the edge cache keeps them so.
  const render = async (renderNonce: string) => {
    const session = await openD1Session(env.DB, request, config);
    const context = createAppLoadContext(env, ctx, config, renderNonce, url.origin, session.d1);
    // A dead bearer token is refused on every API call (the session lookup it makes is the one the route
    // then reads). A call that may write waits for that answer before any route runs (but those listed in
    // READS_BESIDE_CREDENTIAL_CHECK, which wait for it themselves); a read runs beside it, so its own
    // queries travel to D1 with the lookup, and its answer is dropped when refused.
    const refusing = refuseDeadCredentials(request, context);
    const besideCheck =
      request.method === "GET" ||
      request.method === "HEAD" ||
      READS_BESIDE_CREDENTIAL_CHECK.some(
        ([method, path]) => request.method === method && path.test(url.pathname),
      );
    if (!besideCheck) {
      const refused = await refusing;
      if (refused) return refused;
    }
    const rendering = handleRemixRequest(forRemix(limited, url), context);
    if (besideCheck) {
      rendering.catch(() => undefined);
      const refused = await refusing;
      if (refused) return refused;
    }
    const rendered = await rendering;
    return carryBookmark(await withScriptsAfterPaint(rendered), request, session, config);
  };
  const response =
    decision === "cache"
      ? await serveGuestPage({
          request,
          url,
          env,
          ctx,
          buildVersion: serverBuild.assets.version,
          versionTtlMs: config.catalogueVersionTtlMs,
          nonce,
          render,
        })
      : await render(nonce);
  if (request.method !== "GET" && request.method !== "HEAD") forgetCatalogueVersion();
  const secured = withSecurityHeaders(response, request, url, { config, nonce });
  if (decision === "bypass") secured.headers.set("X-Cache", "BYPASS");
  return secured;
}

/**
 * Remix's router cannot match a path whose decoded form holds a line break (its catch-all pattern stops at
 * one), so such a call would get the site's HTML 404 page. The API answers it in JSON, like any unknown call.
 */
function isUnroutableApiCall({ pathname }: URL): boolean {
  return pathname.startsWith("/api/") && /%0a|%0d|%e2%80%a8|%e2%80%a9/i.test(pathname);
}

const DOCUMENT_ACTION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Before it runs an action (every `.data` call but a GET, and a page's POST, PUT, PATCH or DELETE) Remix
 * compares the Origin header with Host and throws when they differ, or when Host is missing or Origin is not
 * a URL: a 500. Such a request is answered here first, as the cross-site request it is (a 403). `Origin:
 * null` from one of our own pages (isOwnFormWithoutOrigin) passes: Remix gets it without that header
 * (forRemix).
 */
function failsRemixOriginCheck(request: Request, { pathname }: URL): boolean {
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  const isAction = pathname.endsWith(".data")
    ? request.method !== "GET"
    : DOCUMENT_ACTION_METHODS.has(request.method);
  if (!isAction) return false;
  if (origin === "null") return !isOwnFormWithoutOrigin(request);
  const forwardedHost = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  const host = forwardedHost || request.headers.get("Host");
  if (!host) return true;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/**
 * The request as Remix gets it. `?_data=` asks for the loader data of the app before single fetch (which
 * this app's client never does); Remix still answers it, with a 500 for a route whose loader returns nothing,
 * so it goes and the request is an ordinary one for the same URL. An `Origin: null` that reached here came
 * from one of our own pages (failsRemixOriginCheck), and goes too: Remix would refuse it as a mismatch.
 */
function forRemix(request: Request, url: URL): Request {
  const legacyData = url.searchParams.has("_data");
  const opaqueOrigin = request.headers.get("Origin") === "null";
  if (!legacyData && !opaqueOrigin) return request;
  let target: URL | string = request.url;
  if (legacyData) {
    target = new URL(url);
    target.searchParams.delete("_data");
  }
  const headers = new Headers(request.headers);
  if (opaqueOrigin) headers.delete("Origin");
  return new Request(target, { method: request.method, headers, body: request.body, signal: request.signal });
}

/**
 * Pages that show someone's own data (lib/route-policy.ts), every `.data` request (it carries the root's
 * data: the signed-in user and their cart) and every answer that sets a cookie must never be kept by a
 * browser or a shared cache.
 */
function isPersonal({ pathname }: URL, response: Response): boolean {
  if (pathname.endsWith(".data") || response.headers.has("Set-Cookie")) return true;
  return isPersonalArea(matchPath(pathname).area);
}

const SESSION_COOKIE = new Set([COOKIES.session.name]);

/**
 * The page's Content-Security-Policy around its nonce. Forms post to this site only, and may be sent on to
 * the payment gateway's page (`formAction`: checkout and the order page's "Pay" redirect there).
 */
const PAGE_CSP = (nonce: string | undefined, formAction: string) =>
  [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self' ws: wss:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action ${formAction}`,
    "object-src 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ].join("; ");

/** Built once per configuration: only the nonce differs per response. */
const cspParts = new WeakMap<object, { before: string; after: string; withoutNonce: string }>();
function cspFor(config: AppConfig | undefined) {
  const key = config ?? cspParts;
  let parts = cspParts.get(key);
  if (!parts) {
    const gateway = config?.paystack?.checkoutOrigin;
    const formAction = gateway ? `'self' ${gateway}` : "'self'";
    const [before, after] = PAGE_CSP("\u0000", formAction).split("\u0000") as [string, string];
    parts = { before, after, withoutNonce: PAGE_CSP(undefined, formAction) };
    cspParts.set(key, parts);
  }
  return parts;
}

/**
 * Whether the response's own headers can take ours (no copy of headers and response on every request). A
 * response the runtime made (a fetch or cache answer) has immutable ones, which only say so by throwing.
 */
function hasMutableHeaders(response: Response): boolean {
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
    return true;
  } catch {
    return false;
  }
}

function withSecurityHeaders(
  response: Response,
  request: Request,
  url: URL,
  { config, nonce }: { config?: AppConfig; nonce?: string } = {},
): Response {
  const own = hasMutableHeaders(response);
  const headers = own ? response.headers : new Headers(response.headers);
  const contentType = headers.get("Content-Type") ?? "";
  const isHtml = contentType.startsWith("text/html");
  if (isPersonal(url, response)) headers.set("Cache-Control", "private, no-store");
  // Every page holds its own CSP nonce: a shared cache must not keep it (the edge cache keeps a copy without).
  else if (isHtml && !headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-cache");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (config?.isProduction ?? true)
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (isHtml) {
    // The service worker never keeps a page rendered for an account on the phone (sw/page-rules.ts).
    if (carriesCookie(request.headers.get("Cookie"), SESSION_COOKIE)) headers.set(SIGNED_IN_HEADER, "1");
    const csp = cspFor(config);
    headers.set("Content-Security-Policy", nonce ? csp.before + nonce + csp.after : csp.withoutNonce);
  } else if (!headers.has("Content-Security-Policy")) {
    // JSON, images, plain text: nothing in them may run or load anything, even if opened as a page.
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; sandbox");
  }
  return own
    ? response
    : new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
