/**
 * Every page, for each role, on a 360 px phone with JavaScript on and off: nothing wider than the screen,
 * no control off the side or under something pinned, no near-black borders (layout-checks.ts). Each role
 * signs in once; its JavaScript-off context shares the signed-in cookies of its JavaScript-on one.
 */
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { loginAsDemoAdmin, PASSWORD } from "./journeys";
import { layoutProblems } from "./layout-checks";
import { addToCart, customerWithLongOrders, executeOnServerDb, LONG_NAMES } from "./shopper-fixtures";

withBrowser();

const PHONE_360 = { width: 360, height: 740 };

const SHOP_PAGES = [
  "/",
  "/shop",
  "/shop?q=tablets",
  "/shop?page=2",
  "/about",
  "/contact",
  "/how",
  "/privacy",
];

let orderPath = "";
let customerEmail = "";

/**
 * Two products whose names hold one word wider than half a phone, where the lists put two cards a row (the
 * right-hand one is what widens the page): found by their tag, whatever page the list's order puts them on.
 */
const LONG_WORD_TAG = `Qzlayout${Date.now()}`;
const LONG_WORD_SEARCH = `q=${LONG_WORD_TAG}`;

beforeAll(async () => {
  executeOnServerDb(
    `INSERT INTO products (name, category, price_kobo) VALUES ${["A", "B"]
      .map((n) => `('Sulfadoxine/Pyrimethamine/Amodiaquine ${LONG_WORD_TAG} ${n}', 'Anti-Malaria', 150000)`)
      .join(", ")}`,
  );
  const setup = await newContext({ javaScript: false });
  ({ email: customerEmail, orderPath } = await customerWithLongOrders(setup));
}, 120_000);

/** Visits each path in both contexts and lists what is wrong where. */
async function problemsOn(contexts: Record<"on" | "off", BrowserContext>, paths: string[]) {
  const found: string[] = [];
  for (const [js, context] of Object.entries(contexts)) {
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(path);
      if (js === "on") await hydrated(page);
      for (const problem of await layoutProblems(page)) found.push(`${path} (JavaScript ${js}): ${problem}`);
    }
    await page.close();
  }
  return found;
}

/** The header's menu button replaces its no-JavaScript link once React has taken over. */
const hydrated = (page: Page) => page.getByRole("button", { name: "Open menu" }).waitFor();

/** A JavaScript-on context and a JavaScript-off one sharing its cookies. */
async function bothContexts(on: BrowserContext) {
  const off = await newContext({ javaScript: false, viewport: PHONE_360 });
  await off.addCookies(await on.cookies());
  return { on, off };
}

describe("layout at 360 px, JavaScript on and off", () => {
  it("a guest with long names in the cart: every public page", async () => {
    const on = await newContext({ viewport: PHONE_360 });
    const setup = await on.newPage();
    await addToCart(setup, LONG_NAMES);
    await setup.close();
    const problems = await problemsOn(await bothContexts(on), [
      ...SHOP_PAGES,
      `/shop?${LONG_WORD_SEARCH}`,
      "/login",
      "/register",
      "/cart",
      "/checkout",
      orderPath,
      "/no-such-page",
    ]);
    expect(problems).toEqual([]);
  });

  it("a customer whose orders have long names: the shop and every page of theirs", async () => {
    const on = await newContext({ viewport: PHONE_360 });
    const page = await on.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(customerEmail);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.close();
    const problems = await problemsOn(await bothContexts(on), [
      "/dashboard",
      "/orders",
      "/pending-deliveries",
      orderPath,
      "/cart",
      "/checkout",
      "/",
      "/contact",
    ]);
    expect(problems).toEqual([]);
  });

  it("the admin: every back-office tab, a product's edit and delete pages, and the shop", async () => {
    const on = await newContext({ viewport: PHONE_360 });
    const page = await on.newPage();
    await loginAsDemoAdmin(page);
    await page.goto("/admin/products");
    const edit = await page.locator("a[href^='/admin/products/']").first().getAttribute("href");
    await page.close();
    const problems = await problemsOn(await bothContexts(on), [
      "/admin",
      "/admin/products",
      `/admin/products?${LONG_WORD_SEARCH}`,
      edit!,
      `${edit}/delete`,
      "/admin/orders",
      "/admin/admins",
      "/admin/prescriptions",
      "/admin/messages",
      "/admin/users",
      "/",
    ]);
    expect(problems).toEqual([]);
  });
});
