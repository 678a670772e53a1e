/**
 * Guest pages from the Workers Cache API.
 *
 * What is cached: the HTML of `/`, `/shop`, `/categories/<slug>` and `/products/<id>-<slug>` (the entries
 * with `edgeCache` in lib/route-policy.ts) as a guest without a cart sees it. A request qualifies only when
 * it is a GET or HEAD of one of those paths, carries no Authorization header and none of the cookies that
 * make a page personal (lib/cookies.ts: the session, for the signed-in header; the toast, a flash message
 * waiting to be shown; the cart). Everything else (POST, /api, /admin, /account, /checkout, /cart, `.data`
 * requests, which carry the root's data) never comes near the cache.
 *
 * A guest with a cart bypasses it: their badge and drawer are priced from the live catalogue (a database
 * read whatever we do) and live in both the HTML and Remix's hydration data, so patching them into a cached
 * copy would cost about what rendering does and risk showing a stale price to the shopper nearest to
 * checking out. Without a cart cookie the page is the same for every guest: the root loader mints the
 * checkout form's key only when there is a cart to check out (any cart change reloads the root's data, so
 * the form gets a fresh key before it can be shown).
 *
 * The one per-response part left is the CSP nonce. The cached copy is rendered with a placeholder nonce of a
 * nonce's length; each response gets a fresh one written over every `nonce` attribute's placeholder
 * (withNonce), and the same one in the CSP header (workers/app.ts). Set-Cookie is never stored: a render
 * that sets a cookie is served once and not kept.
 *
 * The key: the page's URL as the runtime parsed it, the data-saver variant, the build's asset version (a
 * deploy changes the script URLs) and the catalogue version (drizzle/0010: triggers move it on every write
 * to products, whichever code path made it). A catalogue change makes every older copy unreachable in every
 * colo without a purge (Cache API deletes are per URL and per colo): at once through the isolate that made it,
 * within CATALOGUE_VERSION_TTL_MS elsewhere (an isolate trusts the version it read that long; reading it from
 * D1 on every hit cost more than the rest of the hit). The query string is part of
 * the key as it is, since the page echoes it (forms' redirectTo, the search box), so only the parameters the
 * pages read (`q` and `page`, once each, bounded) are cached; any other query string (tracking tags, junk)
 * is served uncached and stored nowhere, so it cannot fill the cache. Copies expire after CACHE_TTL_SECONDS
 * (settings outside the catalogue, such as the store's phone number, show within that time). The response
 * to the browser stays `private, no-cache`: it holds its own nonce, so no shared cache may keep it.
 */
import { carriesCookie, PERSONAL_COOKIE_NAMES } from "../app/lib/cookies";
import { isDataSaver } from "../app/lib/data-saver";
import { matchPath } from "../app/lib/route-policy";
import { catalogueVersion } from "../app/models/catalogue-version.server";
import { bytesMatchAt } from "./bytes";

/**
 * What the cached copy carries in place of a nonce; replaced in every response. As long as a nonce (16
 * random bytes in base64, workers/app.ts), so a response is the kept bytes copied once with the nonce
 * written over each placeholder.
 */
export const NONCE_PLACEHOLDER = "edge-cache-nonce-0000000";
export const CACHE_TTL_SECONDS = 600;

const MAX_QUERY_LENGTH = 200;
const PAGE_PARAM = /^[1-9][0-9]{0,3}$/;

export type EdgeCacheDecision = "cache" | "bypass" | "none";

/**
 * A small copy of the hottest pages in this isolate's memory, in front of the Cache API: a hit then costs no
 * cache lookup and no body copy out of it. Same keys (so the same catalogue version rule); least recently
 * used first out past MEMORY_MAX_BYTES. A page is kept with where its nonces are (findNonces).
 */
const MEMORY_MAX_BYTES = 4_000_000;
type Kept = {
  /** The page as rendered, with the placeholder nonce. */
  page: Uint8Array<ArrayBuffer>;
  /** Where each placeholder's value starts in `page`. */
  nonceAt: number[];
  bytes: number;
  headers: [string, string][];
  /**
   * What a hit answers with, before the Worker's security headers: built once, as a hit must cost little. A
   * Headers object, which a Response copies in a few microseconds, where it parses a list of pairs anew
   * (about 10 µs a hit, measured in a loop in the Workers runtime).
   */
  hitHeaders: Headers;
  expires: number;
};
const memory = new Map<string, Kept>();
let memoryBytes = 0;

function fromMemory(key: string): Kept | null {
  const kept = memory.get(key);
  if (!kept) return null;
  memory.delete(key);
  if (kept.expires < Date.now()) {
    memoryBytes -= kept.bytes;
    return null;
  }
  memory.set(key, kept);
  return kept;
}

/**
 * Empties this isolate's copies, as a new isolate starts: its next hits read the Cache API. For the tests of
 * that path, which is how most hits are served in production (an isolate is young next to a copy's ten minutes).
 */
export function forgetPagesInMemory(): void {
  memory.clear();
  memoryBytes = 0;
}

function keepInMemory(key: string, kept: Kept): void {
  if (kept.bytes > MEMORY_MAX_BYTES / 8) return;
  const old = memory.get(key);
  if (old) memoryBytes -= old.bytes;
  memory.delete(key);
  memory.set(key, kept);
  memoryBytes += kept.bytes;
  for (const [oldest, entry] of memory) {
    if (memoryBytes <= MEMORY_MAX_BYTES) break;
    memory.delete(oldest);
    memoryBytes -= entry.bytes;
  }
}

const encoder = new TextEncoder();
/**
 * Where the placeholder sits: always as a whole attribute value, which page text cannot imitate (React
 * escapes quotes in text), so a product named after the placeholder stays as it is.
 */
const PLACEHOLDER_ATTRIBUTE = encoder.encode(`nonce="${NONCE_PLACEHOLDER}"`);
const VALUE_OFFSET = 'nonce="'.length;

/** Where each placeholder nonce's value starts: found once, when the page is kept. */
function findNonces(bytes: Uint8Array): number[] {
  const found: number[] = [];
  for (let at = bytes.indexOf(PLACEHOLDER_ATTRIBUTE[0]!); at >= 0;) {
    if (bytesMatchAt(bytes, PLACEHOLDER_ATTRIBUTE, at)) {
      found.push(at + VALUE_OFFSET);
      at = bytes.indexOf(PLACEHOLDER_ATTRIBUTE[0]!, at + PLACEHOLDER_ATTRIBUTE.length);
    } else at = bytes.indexOf(PLACEHOLDER_ATTRIBUTE[0]!, at + 1);
  }
  return found;
}

/**
 * The page with its own nonce over every placeholder: the kept bytes around each nonce, copied once into a
 * Blob (a Response takes a Blob as it is, where it would copy a byte array again).
 */
function withNonce(kept: Kept, nonce: string): Blob {
  const value = encoder.encode(nonce);
  if (value.length !== NONCE_PLACEHOLDER.length)
    throw new Error("A nonce must be as long as its placeholder.");
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let from = 0;
  for (const at of kept.nonceAt) {
    parts.push(kept.page.subarray(from, at), value);
    from = at + value.length;
  }
  parts.push(kept.page.subarray(from));
  return new Blob(parts);
}

/** What the Cache API adds to a copy it answers, or the copy's own caching: not the browser's business. */
const NOT_FOR_THE_BROWSER = new Set(["cache-control", "age", "cf-cache-status"]);

/** The page's own headers, as the browser gets them: never to be kept by a shared cache (see above). */
function browserHeaders(headers: Iterable<[string, string]>, cache: "HIT" | "MISS"): [string, string][] {
  const out: [string, string][] = [];
  for (const entry of headers) if (!NOT_FOR_THE_BROWSER.has(entry[0].toLowerCase())) out.push(entry);
  out.push(["Cache-Control", "private, no-cache"], ["X-Cache", cache]);
  return out;
}

function keep(body: ArrayBuffer, headers: Headers, expires: number): Kept {
  const page = new Uint8Array(body);
  const entries = [...headers];
  return {
    page,
    nonceAt: findNonces(page),
    bytes: body.byteLength,
    headers: entries,
    hitHeaders: new Headers(browserHeaders(entries, "HIT")),
    expires,
  };
}

/** Only `q` (a search, at most MAX_QUERY_LENGTH characters) and `page` (1 to 9999), each at most once. */
function hasCacheableQuery(url: URL, search: boolean): boolean {
  if (url.search === "") return true;
  if (!search || url.search.length > MAX_QUERY_LENGTH + 20) return false;
  const seen = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (seen.has(name)) return false;
    seen.add(name);
    if (name === "q" ? value.length > MAX_QUERY_LENGTH : name !== "page" || !PAGE_PARAM.test(value))
      return false;
  }
  return true;
}

/**
 * "cache": served through the edge cache; "bypass": one of its pages, but this request must be rendered for
 * its caller (a cookie, a header or a query string says so); "none": not one of its pages at all.
 */
export function edgeCacheDecision(request: Request, url: URL): EdgeCacheDecision {
  const { area, params } = matchPath(url.pathname);
  const policy = area.edgeCache;
  if (!policy) return "none";
  for (const [name, pattern] of Object.entries(policy.params ?? {}))
    if (!pattern.test(params[name] ?? "")) return "none";
  if (request.method !== "GET" && request.method !== "HEAD") return "none";
  if (
    request.headers.has("Authorization") ||
    carriesCookie(request.headers.get("Cookie"), PERSONAL_COOKIE_NAMES)
  )
    return "bypass";
  return hasCacheableQuery(url, policy.search) ? "cache" : "bypass";
}

/**
 * What a kept copy looks like (its placeholder nonce, its rename of the scripts): part of every key, so a
 * Worker deployed with a new shape never serves copies an older one kept. Change it with that shape: the
 * build's asset version alone does not change when only the Worker's code does.
 */
const KEPT_SHAPE = "2";

/** The cache key's URL (also the key of the copy in memory). */
function cacheKey(request: Request, url: URL, buildVersion: string, catalogueVersion: string): string {
  const variant = isDataSaver(request) ? "lite" : "full";
  const version = `${KEPT_SHAPE}/${buildVersion}/${catalogueVersion}`;
  return `${url.origin}/__edge-cache/${version}/${variant}${url.pathname}${url.search}`;
}

function toBrowser(
  kept: Kept,
  status: number,
  nonce: string,
  cache: "HIT" | "MISS",
  head: boolean,
): Response {
  const headers = cache === "HIT" ? kept.hitHeaders : browserHeaders(kept.headers, cache);
  return new Response(head ? null : withNonce(kept, nonce), { status, headers });
}

/** Only a whole, ordinary page for everyone: 200, HTML, no cookie set. */
function isStorable(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type")?.startsWith("text/html") ?? false)
  );
}

/**
 * Serves a page `edgeCacheDecision` called "cache": from the cache when there, else rendered once by
 * `render` (with the placeholder nonce) and stored for the next guest.
 */
export async function serveGuestPage({
  request,
  url,
  env,
  ctx,
  buildVersion,
  versionTtlMs,
  nonce,
  render,
}: {
  request: Request;
  url: URL;
  env: Env;
  ctx: ExecutionContext;
  buildVersion: string;
  versionTtlMs: number;
  nonce: string;
  render: (nonce: string) => Promise<Response>;
}): Promise<Response> {
  const head = request.method === "HEAD";
  let key: string;
  try {
    key = cacheKey(request, url, buildVersion, await catalogueVersion(env.DB, versionTtlMs));
  } catch (error) {
    // Without a version nothing can be cached safely; the page itself must still work.
    console.error(error);
    return render(nonce);
  }
  const inMemory = fromMemory(key);
  if (inMemory) return toBrowser(inMemory, 200, nonce, "HIT", head);
  const cache = await caches.open("guest-pages");
  const hit = await cache.match(key);
  if (hit) {
    const kept = keep(await hit.arrayBuffer(), hit.headers, Date.now() + CACHE_TTL_SECONDS * 1000);
    keepInMemory(key, kept);
    return toBrowser(kept, 200, nonce, "HIT", head);
  }

  const rendered = await render(NONCE_PLACEHOLDER);
  const body = await rendered.arrayBuffer();
  const page = keep(body, rendered.headers, Date.now() + CACHE_TTL_SECONDS * 1000);
  if (head || !isStorable(rendered)) return toBrowser(page, rendered.status, nonce, "MISS", head);
  const stored = new Headers(rendered.headers);
  stored.set("Cache-Control", `public, max-age=${CACHE_TTL_SECONDS}`);
  keepInMemory(key, { ...page, headers: [...stored] });
  ctx.waitUntil(cache.put(key, new Response(body, { status: 200, headers: stored })));
  return toBrowser(page, 200, nonce, "MISS", head);
}
