/**
 * axe-core on every page of the app, as each of its people sees it (a guest, a customer, the admin), on a
 * 360 px phone and on a 1366 px desktop with JavaScript on, and the shop's key pages with JavaScript off
 * too: not one violation. PAGES holds a row per route of the build's route manifest, so a new route fails
 * the first test until it says which pages to check (or why it has none).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Cookie } from "playwright-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { axeViolations } from "./axe";
import { newContext, withBrowser } from "./browser";
import { loginAsDemoAdmin, register, uniqueEmail } from "./journeys";
import { addToCart, checkOut, LONG_NAMES } from "./shopper-fixtures";

withBrowser();

const WIDTHS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1366, height: 768 },
};

type Role = "guest" | "customer" | "admin";

/** What the pages are about: made once, the way people make it (see beforeAll). */
type World = {
  /** A customer's order page (theirs; its link is the key, so a guest may open it too). */
  orderPath: string;
  customerEmail: string;
  productPath: string;
  outOfStockPath: string;
  categoryPath: string;
  resetPath: string;
  adminProductPath: string;
  /** The stop link at the end of a message the customer was sent (as the local inbox shows it). */
  stopPath: string;
};

type Visit = {
  role: Role;
  path: (world: World) => string;
  /** One of the shop's key pages: checked with JavaScript off as well. */
  noScript?: boolean;
  /** What the page draws once its script has run (a chat panel), awaited before axe looks. */
  ready?: string;
};

const at = (
  role: Role,
  path: string | ((world: World) => string),
  noScript = false,
  ready?: string,
): Visit => ({ role, path: typeof path === "string" ? () => path : path, noScript, ready });

/** A route that renders no page of its own, and why. */
type NotAPage = { notAPage: string };
const RESOURCE: NotAPage = { notAPage: "answers JSON, a file or a redirect, never a page" };

/** Keyed by route id: the pages each route shows, or why it shows none. */
const PAGES: Record<string, Visit[] | NotAPage> = {
  "routes/$": [at("guest", "/no-such-page", true)],
  "routes/_index": [at("guest", "/", true), at("customer", "/")],
  "routes/about": [at("guest", "/about")],
  "routes/how": [at("guest", "/how")],
  "routes/shop": [
    at("guest", "/shop", true),
    at("guest", "/shop?q=tablets", true),
    at("guest", "/shop?q=zzqx-nothing-matches", true),
    at("guest", "/shop?page=2"),
  ],
  "routes/categories.$slug": [at("guest", (w) => w.categoryPath, true)],
  "routes/products.$slug": [
    at("guest", (w) => w.productPath, true),
    at("guest", (w) => w.outOfStockPath, true),
    at("customer", (w) => w.outOfStockPath),
  ],
  "routes/cart": [at("guest", "/cart", true), at("customer", "/cart", true)],
  "routes/checkout": [at("guest", "/checkout"), at("customer", "/checkout", true)],
  "routes/order.$token": [
    at("customer", (w) => w.orderPath, true),
    at("customer", (w) => `${w.orderPath}?confirm=cancel`, true),
  ],
  "routes/track": [at("guest", "/track", true)],
  "routes/delivery": [at("guest", "/delivery")],
  "routes/privacy": [at("guest", "/privacy")],
  "routes/contact": [at("guest", "/contact", true)],
  "routes/login": [at("guest", "/login", true)],
  "routes/register": [at("guest", "/register", true)],
  "routes/forgot-password": [at("guest", "/forgot-password")],
  "routes/reset-password.$token": [at("guest", (w) => w.resetPath)],
  "routes/dashboard": [
    at("customer", "/dashboard"),
    // The chat panel, opened by its link (before the customer agreed to chat: what it asks first).
    at("customer", "/dashboard#chat", false, "section[aria-label='Talk to a Doctor']"),
  ],
  "routes/orders": [at("customer", "/orders")],
  "routes/pending-deliveries": [at("customer", "/pending-deliveries")],
  "routes/account._index": [at("customer", "/account")],
  "routes/account.privacy": [at("customer", "/account/privacy")],
  "routes/account.delete": [at("customer", "/account/delete")],
  "routes/admin": { notAPage: "the back office's frame: checked with each of its pages" },
  "routes/admin._index": [at("admin", "/admin", false, "#admin-chat-heading")],
  "routes/admin.products._index": [at("admin", "/admin/products")],
  "routes/admin.products.$id": [at("admin", (w) => w.adminProductPath)],
  "routes/admin.products.$id_.delete": [at("admin", (w) => `${w.adminProductPath}/delete`)],
  "routes/admin.orders": [
    at("admin", "/admin/orders"),
    at("admin", (w) => `/admin/orders?q=${encodeURIComponent(w.customerEmail)}`),
  ],
  "routes/admin.admins": [at("admin", "/admin/admins")],
  "routes/admin.users": [at("admin", "/admin/users")],
  "routes/admin.prescriptions": [at("admin", "/admin/prescriptions")],
  "routes/admin.reviews": [at("admin", "/admin/reviews")],
  "routes/admin.messages": [at("admin", "/admin/messages")],
  "routes/admin.delivery": [at("admin", "/admin/delivery")],
  "routes/admin.audit": [at("admin", "/admin/audit")],
  "routes/admin.outbox": [at("admin", "/admin/outbox")],
  "routes/dev.inbox": [at("guest", "/dev/inbox")],
  "routes/messages.stop.$token": [at("guest", (w) => w.stopPath, true)],
  "routes/api.messages.callback.$provider": RESOURCE,
  "routes/admin.audit[.]csv": RESOURCE,
  "routes/admin.orders[.]csv": RESOURCE,
  "routes/admin.chat-customers": RESOURCE,
  "routes/account.data": RESOURCE,
  "routes/data-saver": RESOURCE,
  "routes/logout": RESOURCE,
  "routes/chat.ticket": RESOURCE,
  "routes/images.$": RESOURCE,
  "routes/prescriptions.$id.image": RESOURCE,
  "routes/receipts.$orderId": RESOURCE,
  "routes/order.$token_.prescription": RESOURCE,
  "routes/order.$token_.receipt": RESOURCE,
  "routes/api.$": RESOURCE,
  "routes/api.admins": RESOURCE,
  "routes/api.auth.login": RESOURCE,
  "routes/api.auth.register": RESOURCE,
  "routes/api.chat.messages.$conversationId": RESOURCE,
  "routes/api.me": RESOURCE,
  "routes/api.me.export": RESOURCE,
  "routes/api.orders.$key": RESOURCE,
  "routes/api.orders.$key_.receipt": RESOURCE,
  "routes/api.orders.$key_.review": RESOURCE,
  "routes/api.orders.all-orders": RESOURCE,
  "routes/api.orders.checkout": RESOURCE,
  "routes/api.payments.paystack": RESOURCE,
  "routes/api.prescriptions.all": RESOURCE,
  "routes/api.prescriptions.upload": RESOURCE,
  "routes/api.products": RESOURCE,
  "routes/api.products.$id": RESOURCE,
  "routes/api.users": RESOURCE,
};

/** The routes that answer a URL, from the browser's route manifest the build wrote beside its scripts. */
function manifestRouteIds(): string[] {
  const assets = path.resolve(process.env.MEDISTORE_BUILD_DIR ?? "build", "client", "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  const text = readFileSync(path.join(assets, file!), "utf8");
  const manifest = JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as {
    routes: Record<string, { id: string; path?: string; index?: boolean }>;
  };
  return Object.values(manifest.routes)
    .filter((route) => route.id !== "root" && (route.path !== undefined || route.index))
    .map((route) => route.id);
}

let world: World;
const cookies: Record<Exclude<Role, "guest">, Cookie[]> = { customer: [], admin: [] };

/**
 * A customer with two orders of long-named products and a full cart (plain form posts), a password reset
 * link the admin issued them, the stop link of a message they were sent, and a product of each kind.
 */
beforeAll(async () => {
  const setup = await newContext({ javaScript: false });
  const customer = await setup.newPage();
  const customerEmail = uniqueEmail("axe");
  await register(customer, "Adaeze Okonkwo-Eze", customerEmail);
  await addToCart(customer, LONG_NAMES);
  const orderPath = await checkOut(customer);
  await addToCart(customer, LONG_NAMES.slice(0, 2));
  await checkOut(customer);
  await addToCart(customer, LONG_NAMES);

  const admin = await (await newContext({ javaScript: false })).newPage();
  await loginAsDemoAdmin(admin, "/admin/users");
  await admin.goto(`/admin/users?q=${encodeURIComponent(customerEmail)}`);
  await admin.getByRole("button", { name: `Issue a password reset link for ${customerEmail}` }).click();
  const link = await admin
    .getByRole("status")
    .filter({ hasText: `Reset link for ${customerEmail}` })
    .locator("p.font-mono")
    .textContent();
  await admin.goto("/admin/products");
  const adminProductPath = await admin.locator("a[href^='/admin/products/']").first().getAttribute("href");

  const shop = await (await newContext({ javaScript: false })).newPage();
  await shop.goto("/shop");
  const productPath = await shop
    .getByTestId("product-grid")
    .locator("a[href^='/products/']")
    .first()
    .getAttribute("href");
  const categoryPath = await shop.locator("a[href^='/categories/']").first().getAttribute("href");
  await shop.goto("/shop?q=loratadine");
  const outOfStockPath = await shop
    .getByTestId("product-grid")
    .getByRole("link", { name: /Loratadine/ })
    .first()
    .getAttribute("href");
  // The order's messages go out through the queue: wait for one to reach the local inbox.
  const stopPath = await vi.waitFor(
    async () => {
      await shop.goto("/dev/inbox");
      const found = /\/messages\/stop\/[\w-]+/.exec((await shop.locator("body").textContent()) ?? "");
      if (!found) throw new Error("no message with a stop link in the local inbox yet");
      return found[0];
    },
    { timeout: 30_000, interval: 1_000 },
  );

  world = {
    orderPath,
    customerEmail,
    productPath: productPath!,
    outOfStockPath: outOfStockPath!,
    categoryPath: categoryPath!,
    resetPath: new URL(link!.trim()).pathname,
    adminProductPath: adminProductPath!,
    stopPath,
  };
  cookies.customer = await setup.cookies();
  cookies.admin = await admin.context().cookies();
}, 180_000);

describe("the page table", () => {
  it("has a row for every route of the build's manifest, and none for a route that is gone", () => {
    const ids = manifestRouteIds();
    expect(ids.length).toBeGreaterThan(50);
    expect({
      unlisted: ids.filter((id) => !(id in PAGES)),
      gone: Object.keys(PAGES).filter((id) => !ids.includes(id)),
    }).toEqual({ unlisted: [], gone: [] });
  });
});

async function contextFor(role: Role, viewport: { width: number; height: number }, javaScript: boolean) {
  const context: BrowserContext = await newContext({ viewport, javaScript });
  if (role !== "guest") await context.addCookies(cookies[role]);
  return context;
}

const visits = Object.values(PAGES).flatMap((row) => ("notAPage" in row ? [] : row));

for (const [name, viewport] of Object.entries(WIDTHS)) {
  describe(`axe finds nothing at ${viewport.width} px`, () => {
    for (const role of ["guest", "customer", "admin"] as const) {
      for (const javaScript of [true, false]) {
        const mine = visits.filter((v) => v.role === role && (javaScript || v.noScript));
        if (mine.length === 0) continue;
        it(`${role}, JavaScript ${javaScript ? "on" : "off"} (${name})`, async () => {
          const page = await (await contextFor(role, viewport, javaScript)).newPage();
          const found: string[] = [];
          for (const visit of mine) {
            const where = visit.path(world);
            await page.goto(where);
            if (visit.ready) await page.locator(visit.ready).first().waitFor();
            for (const line of await axeViolations(page)) found.push(`${where}: ${line}`);
          }
          expect(found).toEqual([]);
        }, 300_000);
      }
    }
  });
}
