/**
 * axe-core (WCAG 2.1 A and AA) on every page of the app as each of its people sees it on a 360 px phone,
 * with JavaScript on and off: not one violation. PAGES holds a row per route of the build's route
 * manifest, so a new route fails the first test until it says which pages to check (or why it has none).
 * Who opens a page follows its audience in the route-policy table (app/lib/route-policy.ts) and, in the
 * back office, the role table (app/lib/admin-roles.ts): a page whose offer changes with the role (the
 * tabs, Admins, Users) is checked for each role that may open it, the others as the superintendent
 * pharmacist sees them (every permission, so every control the page can show).
 *
 * Bounded on a busy machine: each page gets a fresh tab, a load and an axe run of seconds each, and a page
 * that hangs is reported by its path while the others are still checked.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Cookie, Page } from "playwright-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ADMIN_ROLES, can, type AdminRole, type Permission } from "~/lib/admin-roles";
import { matchPath, type Audience } from "~/lib/route-policy";
import { axeViolations, WCAG_21_AA } from "./axe";
import { newContext, withBrowser } from "./browser";
import {
  login,
  loginAsDemoAdmin,
  PASSWORD,
  register,
  uniqueEmail,
  uploadPrescriptionOnDashboard,
} from "./journeys";
import { addToCart, checkOut, DELIVERY, LONG_NAMES } from "./shopper-fixtures";

withBrowser();

const PHONE = { width: 360, height: 740 };

/** How long one page may take to load, to show what it opens, and to be checked by axe. */
const STEP_MS = 20_000;
/** How long one person's pages may take together before the rest are reported as not checked. */
const ROLE_BUDGET_MS = 150_000;

type Role = "guest" | "customer" | AdminRole;
const ROLES: readonly Role[] = ["guest", "customer", ...ADMIN_ROLES];

/** Who opens the pages of each audience of the route-policy table. */
const AUDIENCE_ROLES: Record<Exclude<Audience, "api">, readonly Role[]> = {
  everyone: ["guest"],
  shopper: ["guest", "customer"],
  account: ["customer"],
  // A secret link needs no sign-in: whoever holds it.
  "link-holder": ["guest"],
  "back-office": ADMIN_ROLES,
};

/** A prescription-only medicine of the demo catalogue. */
const PRESCRIPTION_ONLY = "Amoxicillin 500mg Capsules (Pack of 20)";

/** What the pages are about: made once, the way people make it (see beforeAll). */
type World = {
  customerEmail: string;
  /** The customer's order of long-named products, and their prescription-only order awaiting review. */
  orderPath: string;
  prescriptionOrderPath: string;
  productPath: string;
  prescriptionProductPath: string;
  outOfStockPath: string;
  categoryPath: string;
  resetPath: string;
  adminProductPath: string;
  /** The stop link at the end of a message the customer was sent (as the local inbox shows it). */
  stopPath: string;
};

type Visit = {
  path: (world: World) => string;
  /** Who opens it besides (or, with `only`, instead of) the people its audience names. */
  also?: readonly Role[];
  only?: readonly Role[];
  /** A back-office page only the roles with this permission have. */
  permission?: Permission;
  /** A back-office page whose offer changes with the admin's role: checked for every role that has it. */
  byRole?: boolean;
  /** The status the page answers with. */
  status?: number;
  /** What the page draws once its script has run (a chat panel), awaited before axe looks. */
  ready?: string;
  /** What a person opens on the page before axe looks (a panel); with JavaScript on only. */
  open?: { what: string; run: (page: Page) => Promise<void> };
};

const at = (path: string | ((world: World) => string), more: Omit<Visit, "path"> = {}): Visit => ({
  path: typeof path === "string" ? () => path : path,
  ...more,
});

/** A route that renders no page of its own, and why. */
type NotAPage = { notAPage: string };
const RESOURCE: NotAPage = { notAPage: "answers JSON, a file or a redirect, never a page" };

const openChat = {
  what: "the chat panel",
  run: async (page: Page) => {
    await page.getByRole("button", { name: "Talk to a Doctor" }).click({ timeout: STEP_MS });
    await page.locator("section[aria-label='Talk to a Doctor']").waitFor({ timeout: STEP_MS });
  },
};

/** Keyed by route id: the pages each route shows, or why it shows none. */
const PAGES: Record<string, Visit[] | NotAPage> = {
  "routes/$": [at("/no-such-page", { status: 404 })],
  "routes/_index": [at("/", { also: ["customer"] })],
  "routes/about": [at("/about")],
  "routes/how": [at("/how")],
  "routes/shop": [at("/shop"), at("/shop?q=tablets"), at("/shop?q=zzqx-nothing-matches"), at("/shop?page=2")],
  "routes/categories.$slug": [at((w) => w.categoryPath)],
  "routes/products.$slug": [
    at((w) => w.productPath, { also: ["customer"] }),
    at((w) => w.prescriptionProductPath),
    at((w) => w.outOfStockPath, { also: ["customer"] }),
  ],
  "routes/cart": [at("/cart")],
  "routes/checkout": [at("/checkout")],
  "routes/order.$token": [
    at((w) => w.orderPath, { also: ["customer"] }),
    at((w) => `${w.orderPath}?confirm=cancel`, { only: ["customer"] }),
    at((w) => w.prescriptionOrderPath, { only: ["customer"] }),
  ],
  "routes/track": [at("/track")],
  "routes/delivery": [at("/delivery")],
  "routes/privacy": [at("/privacy")],
  "routes/contact": [at("/contact")],
  "routes/login": [at("/login")],
  "routes/register": [at("/register")],
  "routes/forgot-password": [at("/forgot-password")],
  "routes/reset-password.$token": [at((w) => w.resetPath)],
  "routes/dashboard": [
    at("/dashboard"),
    // The chat panel, opened by its launcher (before the customer agreed to chat: what it asks first).
    at("/dashboard", { open: openChat }),
  ],
  "routes/orders": [at("/orders")],
  "routes/pending-deliveries": [at("/pending-deliveries")],
  "routes/account._index": [at("/account")],
  "routes/account.privacy": [at("/account/privacy")],
  "routes/account.delete": [at("/account/delete")],
  "routes/admin": { notAPage: "the back office's frame: checked with each of its pages" },
  "routes/admin._index": [at("/admin", { ready: "#admin-chat-heading", byRole: true })],
  "routes/admin.products._index": [at("/admin/products")],
  "routes/admin.products.$id": [at((w) => w.adminProductPath)],
  "routes/admin.products.$id_.delete": [at((w) => `${w.adminProductPath}/delete`)],
  "routes/admin.orders": [
    at("/admin/orders"),
    at((w) => `/admin/orders?q=${encodeURIComponent(w.customerEmail)}`),
  ],
  "routes/admin.admins": [at("/admin/admins", { byRole: true })],
  "routes/admin.users": [at("/admin/users", { byRole: true })],
  "routes/admin.prescriptions": [at("/admin/prescriptions")],
  "routes/admin.reviews": [at("/admin/reviews")],
  "routes/admin.messages": [at("/admin/messages")],
  "routes/admin.delivery": [at("/admin/delivery")],
  "routes/admin.audit": [at("/admin/audit", { permission: "viewAudit" })],
  "routes/admin.outbox": [at("/admin/outbox")],
  "routes/dev.inbox": [at("/dev/inbox", { only: ["guest"] })],
  "routes/messages.stop.$token": [at((w) => w.stopPath)],
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

/** Who opens this page: its audience's people (those whose role allows it), or the ones it names. */
function rolesOf(visit: Visit, world: World): readonly Role[] {
  if (visit.only) return visit.only;
  const audience = matchPath(new URL(visit.path(world), "http://x").pathname).area.audience;
  if (audience === "api") throw new Error(`${visit.path(world)} is an API call, not a page`);
  const roles = AUDIENCE_ROLES[audience].filter((role) => {
    if (role === "guest" || role === "customer") return true;
    if (visit.permission && !can(role, visit.permission)) return false;
    // The same page for every admin otherwise: checked as the one who has every permission sees it.
    return visit.byRole || role === "superintendent";
  });
  return [...roles, ...(visit.also ?? [])];
}

let world: World;
const cookies: Partial<Record<Role, Cookie[]>> = {};

/** Adds an admin from Admin › Admins (the superintendent's page), with a PCN number for a pharmacist. */
async function addAdmin(superintendent: Page, email: string, name: string, pcnNumber: string) {
  await superintendent.goto("/admin/admins");
  await superintendent.getByLabel("Email").fill(email);
  await superintendent.getByLabel("Name", { exact: true }).fill(name);
  await superintendent.getByLabel("PCN registration number (pharmacists only)").fill(pcnNumber);
  await superintendent.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await superintendent.getByRole("button", { name: "Create admin" }).click();
  await superintendent.getByText("New admin created successfully!").first().waitFor();
}

async function cookiesOf(email: string): Promise<Cookie[]> {
  const page = await (await newContext({ javaScript: false })).newPage();
  await login(page, email, PASSWORD);
  await page.waitForURL(/\/admin$/);
  return page.context().cookies();
}

/**
 * With plain form posts: a customer who uploaded a prescription, with an order of long-named products, a
 * prescription-only order waiting for the pharmacist, and a cart holding both kinds; a password reset link
 * the superintendent issued them, and the stop link of a message they were sent; a staff admin and a
 * pharmacist; a product of each kind.
 */
beforeAll(async () => {
  const setup = await newContext({ javaScript: false });
  const customer = await setup.newPage();
  const customerEmail = uniqueEmail("axe");
  await register(customer, "Adaeze Okonkwo-Eze", customerEmail);
  await uploadPrescriptionOnDashboard(customer);
  await addToCart(customer, LONG_NAMES);
  const orderPath = await checkOut(customer);
  await addToCart(customer, [PRESCRIPTION_ONLY]);
  await customer.goto("/checkout");
  await customer.getByLabel("Phone").fill(DELIVERY.phone);
  await customer.getByLabel("Delivery address").fill(DELIVERY.address);
  await customer.getByLabel("State", { exact: true }).selectOption("Ebonyi");
  await customer.getByLabel(/Uploaded prescription 1/).check();
  await customer.getByRole("button", { name: "Checkout via WhatsApp" }).click();
  await customer.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?placed=1$/);
  const prescriptionOrderPath = new URL(customer.url()).pathname;
  await addToCart(customer, [LONG_NAMES[0], PRESCRIPTION_ONLY]);

  const admin = await (await newContext({ javaScript: false })).newPage();
  await loginAsDemoAdmin(admin, "/admin/users");
  await admin.goto(`/admin/users?q=${encodeURIComponent(customerEmail)}`);
  await admin.getByRole("button", { name: `Issue a password reset link for ${customerEmail}` }).click();
  const link = await admin
    .getByRole("status")
    .filter({ hasText: `Reset link for ${customerEmail}` })
    .locator("p.font-mono")
    .textContent();
  const staffEmail = uniqueEmail("axe-staff");
  const pharmacistEmail = uniqueEmail("axe-pharmacist");
  await addAdmin(admin, staffEmail, "Kemi Adebayo", "");
  await addAdmin(admin, pharmacistEmail, "Pharm. Chidi Obi", `PS-A${Date.now() % 100_000_000}`);
  await admin.goto("/admin/products");
  const adminProductPath = await admin.locator("a[href^='/admin/products/']").first().getAttribute("href");

  const shop = await (await newContext({ javaScript: false })).newPage();
  const productLink = async (query: string) => {
    await shop.goto(`/shop?q=${encodeURIComponent(query)}`);
    return shop
      .getByTestId("product-grid")
      .getByRole("link", { name: new RegExp(query.replace(/[()]/g, ".")) })
      .first()
      .getAttribute("href");
  };
  const productPath = await productLink(LONG_NAMES[1]);
  const prescriptionProductPath = await productLink(PRESCRIPTION_ONLY);
  const outOfStockPath = await productLink("Loratadine");
  const categoryPath = await shop.locator("a[href^='/categories/']").first().getAttribute("href");
  // The order's messages go out through the queue: wait for one to reach the local inbox.
  const stopPath = await vi.waitFor(
    async () => {
      await shop.goto("/dev/inbox");
      const found = /https?:\/\/\S+\/messages\/stop\/\S+/.exec(await shop.locator("body").innerText());
      if (!found) throw new Error("no message with a stop link in the local inbox yet");
      return new URL(found[0]).pathname;
    },
    { timeout: 30_000, interval: 1_000 },
  );

  world = {
    customerEmail,
    orderPath,
    prescriptionOrderPath,
    productPath: productPath!,
    prescriptionProductPath: prescriptionProductPath!,
    outOfStockPath: outOfStockPath!,
    categoryPath: categoryPath!,
    resetPath: new URL(link!.trim()).pathname,
    adminProductPath: adminProductPath!,
    stopPath,
  };
  cookies.customer = await setup.cookies();
  cookies.superintendent = await admin.context().cookies();
  cookies.staff = await cookiesOf(staffEmail);
  cookies.pharmacist = await cookiesOf(pharmacistEmail);
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

  it("has pages for every person", () => {
    const seen = new Set(visits.flatMap((visit) => rolesOf(visit, world)));
    expect(ROLES.filter((role) => !seen.has(role))).toEqual([]);
  });
});

/** Fails with `message` once `ms` have passed without `work` finishing. */
async function within<T>(ms: number, message: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** One page in a fresh tab: what axe finds there, or why it could not look. Each line starts with the page. */
async function check(context: BrowserContext, visit: Visit, javaScript: boolean): Promise<string[]> {
  const where = visit.path(world);
  const label = visit.open && javaScript ? `${where} (${visit.open.what} open)` : where;
  const page = await context.newPage();
  try {
    const response = await page.goto(where, { timeout: STEP_MS });
    const status = response?.status();
    if (status !== (visit.status ?? 200)) return [`${label}: answered ${status}`];
    if (new URL(page.url()).pathname !== new URL(where, page.url()).pathname)
      return [`${label}: went to ${page.url()}`];
    if (javaScript && visit.ready) await page.locator(visit.ready).first().waitFor({ timeout: STEP_MS });
    if (javaScript && visit.open) await visit.open.run(page);
    const found = await within(STEP_MS, `axe took over ${STEP_MS / 1000} s`, axeViolations(page, WCAG_21_AA));
    return found.map((line) => `${label}: ${line}`);
  } catch (error) {
    return [`${label}: ${(error as Error).message.split("\n")[0]}`];
  } finally {
    await page.close().catch(() => {});
  }
}

const visits = Object.values(PAGES).flatMap((row) => ("notAPage" in row ? [] : row));

describe("axe finds nothing on a 360 px phone", () => {
  for (const role of ROLES) {
    for (const javaScript of [true, false]) {
      it(
        `${role}, JavaScript ${javaScript ? "on" : "off"}`,
        async () => {
          const mine = visits.filter(
            (visit) => rolesOf(visit, world).includes(role) && (javaScript || !visit.open),
          );
          const context = await newContext({ viewport: PHONE, javaScript });
          if (role !== "guest") await context.addCookies(cookies[role]!);
          const found: string[] = [];
          const deadline = Date.now() + ROLE_BUDGET_MS;
          for (const visit of mine) {
            if (Date.now() > deadline) {
              found.push(
                `${visit.path(world)}: not checked, the pages before it took over ${ROLE_BUDGET_MS / 1000} s`,
              );
              continue;
            }
            found.push(...(await check(context, visit, javaScript)));
          }
          expect(found).toEqual([]);
        },
        ROLE_BUDGET_MS + 2 * STEP_MS,
      );
    }
  }
});
