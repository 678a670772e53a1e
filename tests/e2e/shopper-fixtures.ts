/**
 * Data the layout and detail tests need, made the way a person makes it (plain form posts, no JavaScript):
 * a customer whose orders hold long product names and who uploaded a prescription, and carts with long
 * names in them.
 */
import { execFileSync } from "node:child_process";
import type { BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";
import { PASSWORD, uniqueEmail, uploadPrescriptionOnDashboard } from "./journeys";

/** Catalogue lines with long names (pack sizes and all), as the demo seed has them. */
export const LONG_NAMES = [
  "Panadol Baby & Infant Suspension 120mg/5ml (100ml)",
  "Camosunate Adult Artesunate/Amodiaquine Tablets (6)",
  "Piriton Chlorphenamine 4mg Tablets (Pack of 30)",
];

export const DELIVERY = {
  phone: "0803 555 1234",
  address: "14 Water Works Road, Abakaliki, Ebonyi State",
};

/**
 * Runs one SQL statement straight on the server's local D1: for data a test needs but is not about (a
 * product of a given medicine class, say), made without the admin screens.
 */
export function executeOnServerDb(sql: string): void {
  execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", inject("stateDir"), "--command", sql],
    {
      stdio: "pipe",
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    },
  );
}

/** The header's cart count and whether a cart change is still on its way; null while a page is loading. */
const cartState = (page: Page) =>
  page
    .evaluate(() => ({
      count: Number(document.querySelector('[data-testid="cart-count"]')?.textContent ?? 0),
      busy: document.querySelector('[data-testid="cart-button"]')?.getAttribute("aria-busy") === "true",
    }))
    .catch(() => null);

/**
 * Adds each named product once with its card's Add to cart button, and waits until the server has it:
 * without JavaScript the page comes back with the new count; with it, the count goes up at once and the
 * cart button stops being busy once the request is done. Polled from here rather than in the page: a page
 * without JavaScript runs no in-page polling once it has been replaced.
 */
export async function addToCart(page: Page, names: readonly string[]) {
  for (const name of names) {
    await page.goto(`/shop?q=${encodeURIComponent(name)}`);
    const before = (await cartState(page))?.count ?? 0;
    await page.getByRole("button", { name: `Add to cart: ${name}`, exact: true }).click();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const state = await cartState(page);
      if (state && state.count > before && !state.busy) break;
      if (Date.now() > deadline)
        throw new Error(`Adding ${name}: the cart count stayed ${state?.count} on ${page.url()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Checks the cart out from the /checkout page (signed in, the name and e-mail are filled in already). */
export async function checkOut(page: Page, details: { name?: string; email?: string } = {}) {
  await page.goto("/checkout");
  if (details.name) await page.getByLabel("Full name").fill(details.name);
  if (details.email) await page.getByLabel("Email", { exact: true }).fill(details.email);
  await page.getByLabel("Phone").fill(DELIVERY.phone);
  await page.getByLabel("Delivery address").fill(DELIVERY.address);
  await page.getByLabel("State", { exact: true }).selectOption("Ebonyi");
  await page.getByRole("button", { name: "Checkout via WhatsApp" }).click();
  await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?placed=1$/);
  return new URL(page.url()).pathname;
}

/**
 * In a context with JavaScript off: registers a customer, places two orders of long-named products,
 * uploads a prescription, and leaves long-named products in the cart. Answers the customer's e-mail and
 * the path of one order's status page.
 */
export async function customerWithLongOrders(context: BrowserContext, name = "Adaeze Okonkwo-Eze") {
  const page = await context.newPage();
  const email = uniqueEmail("layout");
  await page.goto("/register");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();
  await page.waitForURL(/\/dashboard$/);

  await addToCart(page, LONG_NAMES);
  const orderPath = await checkOut(page);
  await addToCart(page, LONG_NAMES.slice(0, 2));
  await checkOut(page);

  await page.goto("/dashboard");
  await uploadPrescriptionOnDashboard(page);

  await addToCart(page, LONG_NAMES);
  await page.close();
  return { email, orderPath };
}
