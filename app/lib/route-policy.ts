/**
 * What each URL of the site is, for every part of the app that treats URLs differently. One table, read by:
 *  - the Worker (workers/app.ts): personal pages get `Cache-Control: private, no-store`; the request body's
 *    size limit; secret links are redacted in what it logs (redactSecrets);
 *  - the edge cache (workers/edge-cache.ts): which guest pages it serves, with which query strings;
 *  - the service worker (sw/page-rules.ts): which pages it keeps on the phone for offline reading;
 *  - app/routes.ts: which pages make do with the catalogue's inline stylesheet (styles/catalogue.css);
 *  - the build (scripts/build/service-worker-plugin.ts): whose scripts the service worker does not precache;
 *  - wrangler.toml's `run_worker_first`, which must equal workerFirstPatterns() (a unit test holds it).
 * Pure and small: the service worker bundles it. tests/unit/route-policy.test.ts holds every route of the
 * app to an entry here (and every entry to a route), so a new page cannot be left out.
 */

/** Whose page it is: the rest of a URL's policy mostly follows from this. */
export type Audience =
  /** The same for every guest: may be cached and kept on the phone. */
  | "everyone"
  /** This browser's own cart and checkout: personal, yet a step of every purchase. */
  | "shopper"
  /** A signed-in customer's own pages. */
  | "account"
  /** The back office. */
  | "back-office"
  /** Whoever holds the link: the URL itself is the secret (an order's private page, a password reset). */
  | "link-holder"
  /** The JSON API: each call sets its own caching headers. */
  | "api";

export type Area = {
  /**
   * "/shop" (that path only), "/products/:slug" (one segment per parameter), "/admin/*" (the path and
   * everything under it), "*" (anything no other entry takes: the 404 page).
   */
  path: string;
  audience: Audience;
  /**
   * Served to guests from the edge cache (workers/edge-cache.ts) when each parameter matches its pattern;
   * `search`: with the listing's `q` and `page` too (any other query string is served uncached).
   */
  edgeCache?: { params?: Record<string, RegExp>; search: boolean };
  /** Kept on the phone by the service worker for offline reading. */
  offline?: boolean;
  /** The route module of a page that has only the catalogue's inline stylesheet (styles/catalogue.css). */
  inlineStylesheet?: string;
  /** Answered by the Worker before the static asset lookup: no static file lives there. */
  workerFirst?: boolean;
  /** Takes an image upload (multipart): its body may be as large as UPLOAD_BODY_MAX_BYTES (lib/limits.ts). */
  uploads?: boolean;
  /**
   * Its upload form has typed fields beside the photo: the body may be as large as PHOTO_FORM_MAX_BYTES,
   * so the page refuses a photo too large to keep and gives back everything typed.
   */
  photoForm?: boolean;
};

const CATEGORY_SLUG = /^[a-z0-9-]{1,100}$/;
const PRODUCT_SLUG = /^[0-9]{1,12}-[a-z0-9-]{0,150}$/;

export const AREAS: readonly Area[] = [
  // The catalogue: what shoppers land on, from the edge cache, with the inline sheet alone.
  {
    path: "/",
    audience: "everyone",
    edgeCache: { search: true },
    offline: true,
    inlineStylesheet: "routes/_index.tsx",
    workerFirst: true,
  },
  {
    path: "/shop",
    audience: "everyone",
    edgeCache: { search: true },
    offline: true,
    inlineStylesheet: "routes/shop.tsx",
    workerFirst: true,
  },
  {
    path: "/categories/:slug",
    audience: "everyone",
    edgeCache: { params: { slug: CATEGORY_SLUG }, search: true },
    offline: true,
    inlineStylesheet: "routes/categories.$slug.tsx",
    workerFirst: true,
  },
  {
    path: "/products/:slug",
    audience: "everyone",
    edgeCache: { params: { slug: PRODUCT_SLUG }, search: false },
    offline: true,
    inlineStylesheet: "routes/products.$slug.tsx",
    workerFirst: true,
  },
  // The store's own pages.
  { path: "/about", audience: "everyone", offline: true },
  { path: "/how", audience: "everyone", offline: true },
  { path: "/delivery", audience: "everyone", offline: true },
  { path: "/privacy", audience: "everyone", offline: true },
  { path: "/contact", audience: "everyone", offline: true },
  { path: "/track", audience: "everyone", offline: true },
  { path: "/login", audience: "everyone" },
  { path: "/register", audience: "everyone" },
  { path: "/forgot-password", audience: "everyone" },
  { path: "/logout", audience: "everyone" },
  { path: "/data-saver", audience: "everyone" },
  { path: "/images/*", audience: "everyone" },
  // Buying.
  { path: "/cart", audience: "shopper", offline: true },
  { path: "/checkout", audience: "shopper", uploads: true, photoForm: true },
  // A customer's own.
  { path: "/dashboard", audience: "account", uploads: true },
  { path: "/orders", audience: "account" },
  { path: "/pending-deliveries", audience: "account" },
  { path: "/account/*", audience: "account" },
  { path: "/prescriptions/*", audience: "account" },
  { path: "/receipts/:orderId", audience: "account" },
  { path: "/chat/*", audience: "account" },
  // Secret links.
  { path: "/order/:token/*", audience: "link-holder", uploads: true },
  { path: "/reset-password/:token", audience: "link-holder" },
  { path: "/messages/stop/:token", audience: "link-holder" },
  // A local run's inbox of the message stand-in (404 in production): personal, never kept.
  { path: "/dev/inbox", audience: "shopper" },
  // The back office and the API.
  { path: "/admin/*", audience: "back-office", workerFirst: true, uploads: true },
  { path: "/api/*", audience: "api", workerFirst: true, uploads: true },
  // Anything else: the 404 page, which shoppers land on from a mistyped link.
  { path: "*", audience: "everyone", inlineStylesheet: "routes/$.tsx" },
];

const PERSONAL: ReadonlySet<Audience> = new Set(["shopper", "account", "back-office", "link-holder"]);
/** Pages whose scripts a shopper's phone is not asked to download before they are opened. */
const NOT_PRECACHED: ReadonlySet<Audience> = new Set(["account", "back-office", "link-holder"]);

type Compiled = { area: Area; regex: RegExp; params: string[] };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The path without a trailing "/*", and whether it had one ("/admin/*": "/admin" and what is under it). */
function base(area: Area): { fixed: string; under: boolean } {
  const under = area.path.endsWith("/*");
  return { fixed: under ? area.path.slice(0, -2) : area.path, under };
}

function compile(area: Area): Compiled {
  if (area.path === "*") return { area, regex: /^/, params: [] };
  const { fixed, under } = base(area);
  const params: string[] = [];
  const body = fixed
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(":")) return "/" + escapeRegex(segment);
      params.push(segment.slice(1));
      return "/([^/]+)";
    })
    .join("");
  return { area, regex: new RegExp(`^${body || (under ? "" : "/")}${under ? "(?:/.*)?" : ""}$`), params };
}

const COMPILED = AREAS.map(compile);

function find(pathname: string): { compiled: Compiled; found: RegExpExecArray } {
  for (const compiled of COMPILED) {
    const found = compiled.regex.exec(pathname);
    if (found) return { compiled, found };
  }
  throw new Error("The catch-all area must come last and match every path.");
}

export type Match = { area: Area; params: Record<string, string> };

/** The entry a path belongs to, with its parameters (as they appear in the path, not decoded). */
export function matchPath(pathname: string): Match {
  const { compiled, found } = find(pathname);
  return {
    area: compiled.area,
    params: Object.fromEntries(compiled.params.map((name, i) => [name, found[i + 1]!])),
  };
}

/** Shows someone's own data: never kept by a browser or a shared cache. */
export function isPersonalArea(area: Area): boolean {
  return PERSONAL.has(area.audience);
}

/** Its page's scripts are in the service worker's precache. */
export function precachesScripts(area: Area): boolean {
  return !NOT_PRECACHED.has(area.audience);
}

/** A path separator as it appears in text: "/", or percent-encoded in a query string. */
const SEPARATOR = "(?:/|%2[fF])";

/**
 * Where a secret link's secret sits in any text (a path, a whole URL, an encoded `redirectTo`): the segment
 * after the entry's fixed start ("/order/<token>", "/reset-password/<token>").
 */
const SECRET_IN_TEXT = AREAS.filter((area) => area.audience === "link-holder").map((area) => {
  const segments = base(area).fixed.split("/").filter(Boolean);
  const first = segments.findIndex((segment) => segment.startsWith(":"));
  if (first < 1 || segments.slice(first + 1).some((segment) => segment.startsWith(":")))
    throw new Error(`${area.path}: a secret link has one parameter, after a fixed start.`);
  const start = segments.slice(0, first).map((segment) => SEPARATOR + escapeRegex(segment));
  return new RegExp(`(${start.join("")}${SEPARATOR})[^/?#&\\s"'<>%]+`, "g");
});

/** The text as a log may show it: the secret of every secret link in it replaced by "…". */
export function redactSecrets(text: string): string {
  return SECRET_IN_TEXT.reduce((redacted, pattern) => redacted.replace(pattern, "$1…"), text);
}

/** wrangler.toml's `run_worker_first` patterns: "/x/*" covers what is under /x, not /x itself. */
export function workerFirstPatterns(): string[] {
  return AREAS.filter((area) => area.workerFirst).flatMap((area) => {
    const { fixed, under } = base(area);
    const param = fixed.indexOf("/:");
    if (param >= 0) return [`${fixed.slice(0, param)}/*`];
    return under ? [fixed, `${fixed}/*`] : [fixed];
  });
}

/** The route modules that make do with the catalogue's inline stylesheet (app/routes.ts). */
export function inlineStylesheetRoutes(): string[] {
  return AREAS.flatMap((area) => (area.inlineStylesheet ? [area.inlineStylesheet] : []));
}

/** A route as Remix's manifest describes it (server build `routes`, the browser's `__remixManifest`). */
export type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean };

/** A route's URL pattern, its parents' paths joined: "/admin/products/:id", "/api/*", "/". */
export function routePattern(routes: Record<string, ManifestRoute | undefined>, id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return "/" + parts.join("/").replace(/^\/+/, "");
}
