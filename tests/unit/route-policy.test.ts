/**
 * The route-policy table (app/lib/route-policy.ts) against the app's real routes, as the build's route
 * manifest lists them: every route belongs to an entry of its own, every entry to a route, and what
 * reads the table outside TypeScript (wrangler.toml's run_worker_first, the catalogue stylesheet's
 * sources) says the same.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  AREAS,
  inlineStylesheetRoutes,
  isPersonalArea,
  matchPath,
  precachesScripts,
  redactSecrets,
  routePattern,
  workerFirstPatterns,
  type ManifestRoute,
} from "~/lib/route-policy";
import { edgeCacheDecision } from "../../workers/edge-cache";
import { isKeptPage } from "../../sw/page-rules";
import { routedFirst, RUN_WORKER_FIRST } from "../support/run-worker-first";

const ROOT = path.resolve(__dirname, "../..");
const CLIENT = path.join(ROOT, process.env.MEDISTORE_BUILD_DIR ?? "build", "client");

/** The browser's route manifest, which the build writes beside the scripts. */
function manifestRoutes(): Record<string, ManifestRoute> {
  const file = readdirSync(path.join(CLIENT, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  const text = readFileSync(path.join(CLIENT, "assets", file!), "utf8");
  const manifest = JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as {
    routes: Record<string, ManifestRoute>;
  };
  return manifest.routes;
}

/** A URL the route answers: each parameter and splat filled with a value its entry accepts. */
function sampleUrl(pattern: string): string {
  if (pattern === "/*") return "/no-such-page";
  return pattern.replace(/:\w+/g, "12-sample").replace(/\*$/, "anything");
}

const routes = manifestRoutes();
/** Every route that answers a URL (the root and pathless layouts answer none of their own). */
const pages = Object.values(routes).filter(
  (route) => route.id !== "root" && (route.path !== undefined || route.index),
);
const CATCH_ALL = AREAS.at(-1)!;

describe("the route-policy table covers the app's routes", () => {
  it("reads the build's manifest", () => {
    expect(pages.length).toBeGreaterThan(50);
  });

  it("gives every route an entry of its own (only the 404 page falls to the catch-all)", () => {
    for (const route of pages) {
      const pattern = routePattern(routes, route.id);
      const { area } = matchPath(sampleUrl(pattern));
      if (route.id === "routes/$") expect(area, route.id).toBe(CATCH_ALL);
      else expect(area, `${route.id} (${pattern}) has no entry in AREAS`).not.toBe(CATCH_ALL);
    }
  });

  it("has no entry that no route answers", () => {
    const used = new Set(pages.map((route) => matchPath(sampleUrl(routePattern(routes, route.id))).area));
    for (const area of AREAS) expect(used.has(area), area.path).toBe(true);
  });

  it("names as inline-stylesheet pages the very routes of those entries", () => {
    for (const area of AREAS.filter((entry) => entry.inlineStylesheet)) {
      const id = area.inlineStylesheet!.replace(/\.tsx$/, "");
      expect(routes[id], area.inlineStylesheet).toBeDefined();
      expect(matchPath(sampleUrl(routePattern(routes, id))).area, id).toBe(area);
    }
  });

  it("is what the catalogue's stylesheet scans (styles/catalogue.css)", () => {
    const css = readFileSync(path.join(ROOT, "app/styles/catalogue.css"), "utf8");
    const scanned = [...css.matchAll(/^@source "\.\.\/(routes\/[^"]+)";$/gm)].map((m) => m[1]);
    expect(scanned.sort()).toEqual(inlineStylesheetRoutes().sort());
  });
});

describe("wrangler.toml's run_worker_first is the table's", () => {
  it("lists exactly the patterns the table derives", () => {
    expect(RUN_WORKER_FIRST).toEqual(workerFirstPatterns());
  });

  it("sends every route of a worker-first entry to the Worker first, and no other route", () => {
    for (const route of pages) {
      const url = sampleUrl(routePattern(routes, route.id));
      expect(routedFirst(url), `${route.id} ${url}`).toBe(matchPath(url).area.workerFirst === true);
    }
  });
});

describe("what each part reads from the table", () => {
  const personal = (pathname: string) => isPersonalArea(matchPath(pathname).area);

  it("personal pages: accounts, orders, checkout, cart, reset links, the back office", () => {
    for (const pathname of [
      "/dashboard",
      "/orders",
      "/pending-deliveries",
      "/admin",
      "/admin/orders",
      "/admin/orders.csv",
      "/order/abc",
      "/order/abc/prescription",
      "/checkout",
      "/cart",
      "/prescriptions/1/image",
      "/receipts/1",
      "/account",
      "/account/data",
      "/reset-password/abc",
      "/chat/ticket",
    ])
      expect(personal(pathname), pathname).toBe(true);
    for (const pathname of [
      "/",
      "/shop",
      "/products/1-a",
      "/about",
      "/login",
      "/track",
      "/api/products",
      "/x",
    ])
      expect(personal(pathname), pathname).toBe(false);
    // A path that only starts like a personal one is not one.
    expect(personal("/orderly")).toBe(false);
    expect(personal("/carts")).toBe(false);
  });

  it("the edge cache: the catalogue's pages, with their parameters' shapes and query strings", () => {
    const decide = (pathAndQuery: string) => {
      const url = new URL(`https://medistore.test${pathAndQuery}`);
      return edgeCacheDecision(new Request(url), url);
    };
    for (const page of [
      "/",
      "/shop",
      "/categories/analgesics",
      "/products/12-paracetamol-500mg",
      "/shop?q=x",
    ])
      expect(decide(page), page).toBe("cache");
    expect(decide("/products/12-x?q=x")).toBe("bypass");
    for (const page of ["/shop/", "/categories/Bad_Slug", "/products/paracetamol", "/about", "/cart", "/x"])
      expect(decide(page), page).toBe("none");
  });

  it("the service worker keeps the catalogue, the store's own pages and the cart, nothing personal", () => {
    const kept = (pathname: string) => isKeptPage(new URL(`https://medistore.test${pathname}`));
    for (const pathname of ["/", "/shop", "/cart", "/about", "/how", "/delivery", "/privacy", "/contact"])
      expect(kept(pathname), pathname).toBe(true);
    for (const pathname of ["/track", "/products/1-a", "/categories/a"])
      expect(kept(pathname), pathname).toBe(true);
    for (const pathname of ["/checkout", "/order/abc", "/dashboard", "/admin", "/login", "/cart.data", "/x"])
      expect(kept(pathname), pathname).toBe(false);
  });

  it("precaches the scripts of shopper pages only", () => {
    const precached = (pathname: string) => precachesScripts(matchPath(pathname).area);
    for (const pathname of ["/", "/products/1-a", "/cart", "/checkout", "/login", "/contact"])
      expect(precached(pathname), pathname).toBe(true);
    for (const pathname of ["/admin", "/account", "/dashboard", "/order/abc", "/reset-password/abc"])
      expect(precached(pathname), pathname).toBe(false);
  });

  it("redacts secret links wherever they appear in a text, and nothing else", () => {
    expect(redactSecrets("/reset-password/Abc_123-xyz")).toBe("/reset-password/…");
    expect(redactSecrets("/reset-password/Abc_123-xyz.data")).toBe("/reset-password/…");
    expect(redactSecrets("/order/tok3n")).toBe("/order/…");
    expect(redactSecrets("/order/tok3n/prescription")).toBe("/order/…/prescription");
    expect(redactSecrets("/order/tok3n/receipt?x=1")).toBe("/order/…/receipt?x=1");
    expect(redactSecrets("/order/tok3n.data")).toBe("/order/…");
    expect(redactSecrets('No route matches URL "/order/tok3n/nope"')).toBe(
      'No route matches URL "/order/…/nope"',
    );
    expect(redactSecrets("http://medistore.test/reset-password/s3cret and /order/t0ken")).toBe(
      "http://medistore.test/reset-password/… and /order/…",
    );
    expect(redactSecrets("/login?redirectTo=%2Forder%2Ft0ken%2Freceipt")).toBe(
      "/login?redirectTo=%2Forder%2F…%2Freceipt",
    );
    for (const text of [
      "/products/12-paracetamol",
      "/orders",
      "/admin/orders/abc",
      "/api/orders/abc",
      "/order",
    ])
      expect(redactSecrets(text), text).toBe(text);
  });
});
