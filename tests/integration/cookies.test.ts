/**
 * The cookie registry (lib/cookies.ts) is the whole truth: every cookie any answer sets is listed there, and
 * /privacy lists every one listed. The answers come from the flows that set cookies (a cart change with and
 * without a change id, checkout, the data saver switch, registering, logging in and out, a toast shown) and
 * from every route of the app's route manifest (the server build's `routes`, so a new route is swept without
 * editing this file), asked with GET and with an empty form POST, as a guest, a customer and an admin.
 */
import * as serverBuild from "medistore-server-build";
import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { cookieLifetime, REGISTERED_COOKIES } from "~/lib/cookies";
import { routePattern } from "~/lib/route-policy";
import { checkoutKey, Client, DEMO, FORM_DETAILS, html, placeOrder, seedProducts, signUp } from "./helpers";

const build = serverBuild as unknown as ServerBuild;

/** Where each cookie name was first set ("POST /login"). */
type Seen = Map<string, string>;

/** A browser without JavaScript that notes every cookie an answer sets. */
class RecordingClient extends Client {
  constructor(
    private readonly seen: Seen,
    cookies: Map<string, string> = new Map(),
  ) {
    super();
    for (const [name, value] of cookies) this.cookies.set(name, value);
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await super.fetch(path, init);
    for (const line of response.headers.getSetCookie()) {
      const name = line.slice(0, line.indexOf("=")).trim();
      if (!this.seen.has(name)) this.seen.set(name, `${init.method ?? "GET"} ${path}`);
    }
    return response;
  }
}

const registered = new Set(REGISTERED_COOKIES.map((cookie) => cookie.name));

/** Each route's URL pattern ("/order/:token/receipt"); the root and pathless layouts have none of their own. */
function routeUrls(): string[] {
  const routes = build.routes;
  const patterns = Object.values(routes)
    .filter((route) => route && route.id !== "root" && (route.path !== undefined || route.index))
    .map((route) => routePattern(routes, route!.id));
  return [...new Set(patterns)];
}

describe("cookies", () => {
  it("every cookie any answer sets is in the registry, and the flows set every one of them", async () => {
    const seen: Seen = new Map();
    const [product] = await seedProducts([DEMO[0]]);
    const order = await placeOrder(product.id);

    // A guest: a cart change (with JavaScript a change carries an id), the toast it leaves shown on the
    // next page, the data saver switch, then a checkout, which empties the cart.
    const guest = new RecordingClient(seen);
    await guest.get("/");
    expect((await guest.post("/cart", { intent: "add", productId: String(product.id) })).status).toBe(302);
    await guest.get("/shop");
    const changed = await guest.post("/cart", {
      intent: "add",
      productId: String(product.id),
      changeId: "change-id-0001",
    });
    expect(changed.status).toBe(302);
    expect((await guest.post("/data-saver", { mode: "on", redirectTo: "/" })).status).toBe(303);
    const key = await checkoutKey(guest);
    expect((await guest.post("/checkout", { idempotencyKey: key, ...FORM_DETAILS })).status).toBe(302);

    // Accounts: registering, logging out and in again (the device cookie comes with both).
    const customer = await signUp("Ifeoma Nwankwo");
    const admin = await signUp("Pharm. Tobi Ade", "admin");
    const person = new RecordingClient(seen);
    const email = `cookie-${crypto.randomUUID()}@example.com`;
    const password = "a-strong-passphrase";
    expect((await person.post("/register", { name: "Kemi Ola", email, password })).status).toBe(302);
    await person.get("/dashboard");
    expect((await person.post("/logout", {})).status).toBe(302);
    expect((await person.post("/login", { email, password })).status).toBe(302);
    await person.get("/dashboard");

    // Every route, GET and an empty form POST, as each role, each request from a fresh copy of the role's
    // cookies (a logout or a toast shown changes nothing for the next one).
    const value: Record<string, string> = {
      token: order.accessToken,
      id: String(product.id),
      orderId: order.id,
      key: order.id,
      conversationId: customer.id,
    };
    const urlOf = (pattern: string) => {
      if (pattern === "/*") return "/no-such-page";
      return pattern
        .replace(/^\/products\/:slug/, `/products/${product.id}-amoxicillin`)
        .replace(/^\/categories\/:slug/, "/categories/antibiotics")
        .replace(/:(\w+)/g, (_, name: string) => value[name] ?? "x")
        .replace(/\*$/, "anything");
    };
    const urls = routeUrls().map(urlOf);
    expect(urls.length).toBeGreaterThan(50);
    for (const cookies of [new Map<string, string>(), customer.client.cookies, admin.client.cookies]) {
      for (const url of urls) {
        await new RecordingClient(seen, cookies).get(url);
        await new RecordingClient(seen, cookies).post(url, {});
      }
    }

    const unlisted = [...seen].filter(([name]) => !registered.has(name));
    expect(unlisted, "cookies set but missing from lib/cookies.ts (name, first set by)").toEqual([]);
    expect([...seen.keys()].sort()).toEqual([...registered].sort());
  }, 180_000);

  it("/privacy lists every registered cookie with its purpose, who sets it and how long it lasts", async () => {
    const page = (await html(await new Client().get("/privacy"))).replace(/&#x27;/g, "'");
    for (const cookie of REGISTERED_COOKIES) {
      expect(page, cookie.name).toContain(cookie.name);
      expect(page, cookie.name).toContain(cookie.purpose);
      expect(page, cookie.name).toContain(cookie.setBy);
      expect(page, cookie.name).toContain(cookieLifetime(cookie));
    }
  });
});
