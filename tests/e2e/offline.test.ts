/**
 * Offline on a phone, with the service worker the production build registers: pages seen open with the
 * network cut, a form filled offline is kept and sent once when the phone is back online, and a cart
 * change followed at once by a reload or a typed URL is never lost.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { OFFLINE_MESSAGE } from "~/lib/offline-banner-text";
import { CART_CHANGE_KEPT, FORM_KEPT_MESSAGE, OFFLINE_CART_MESSAGE } from "~/lib/offline-messages";
import { CONTACT_SENT } from "~/features/contact/messages";
import { newContext, withBrowser } from "./browser";
import { register, uniqueEmail } from "./journeys";
import { DELIVERY, addToCart } from "./shopper-fixtures";

withBrowser();

const PRODUCT = "Ibuprofen 400mg Tablets (Pack of 24)";
const OTHER = "Alabukun Powder 760mg (Pack of 12 Sachets)";

const cartCount = (page: Page) =>
  page.evaluate(() => Number(document.querySelector('[data-testid="cart-count"]')?.textContent ?? 0));

/** Until the cart button has no change on its way and shows `count`. */
const settledCart = (page: Page, count: number) =>
  page.waitForFunction(
    (n) =>
      Number(document.querySelector('[data-testid="cart-count"]')?.textContent ?? 0) === n &&
      document.querySelector('[data-testid="cart-button"]')?.getAttribute("aria-busy") !== "true",
    count,
  );

const hydrated = (page: Page) => page.getByRole("button", { name: "Open menu" }).waitFor();

/** Once the worker controls the page (it claims it as soon as it is active). */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });

const banner = (page: Page) => page.locator("#offline-banner");

describe("offline reading", () => {
  it("opens the pages and thumbnails seen, with the banner, the cart as last seen, and the offline page for the rest", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/");
    await controlled(page);
    await addToCart(page, [PRODUCT]);
    const productPath = await page.getByRole("link", { name: PRODUCT }).first().getAttribute("href");
    expect(productPath).toMatch(/^\/products\//);
    await page.goto(productPath!);
    await page.locator("main img").first().waitFor();
    await page.waitForFunction(() => (document.querySelector("main img") as HTMLImageElement)?.complete);
    await page.goto("/cart", { waitUntil: "domcontentloaded" });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect(banner(page).isVisible()).resolves.toBe(false);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await expect(banner(page).textContent()).resolves.toContain(OFFLINE_MESSAGE);
    await expect(banner(page).isVisible()).resolves.toBe(true);
    await expect(banner(page).textContent()).resolves.toContain("Copy saved on this phone");

    await page.goto(productPath!);
    await expect(page.getByRole("heading", { level: 1, name: PRODUCT }).isVisible()).resolves.toBe(true);
    await expect(banner(page).isVisible()).resolves.toBe(true);
    // The thumbnail comes from the phone too.
    await page.waitForFunction(() => {
      const img = document.querySelector("main img") as HTMLImageElement | null;
      return img?.complete && img.naturalWidth > 0;
    });

    await page.goto("/cart");
    await expect(page.getByText(OFFLINE_CART_MESSAGE).isVisible()).resolves.toBe(true);
    // Styled by the shop's whole sheet, which the phone keeps (layouts/shop-stylesheet.tsx): a sheet that
    // failed to load has no rules.
    const shopSheetRules = await page.evaluate(
      () =>
        [...document.styleSheets].find((sheet) => sheet.href?.includes("/assets/shop-"))?.cssRules.length ??
        0,
    );
    expect(shopSheetRules).toBeGreaterThan(10);
    await expect(page.locator("main").getByText(PRODUCT).first().isVisible()).resolves.toBe(true);

    // A page never opened on this phone: the offline page.
    await page.goto("/how");
    await expect(page.title()).resolves.toBe("You are offline | MediStore");

    await context.setOffline(false);
    await page.goto("/");
    await hydrated(page);
    await expect(banner(page).isVisible()).resolves.toBe(false);
  });

  it("never keeps a signed-in page, and drops the kept pages when someone signs in or out", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/");
    await controlled(page);
    await page.goto("/shop");
    await page.goto("/");
    const keptPages = () =>
      page.evaluate(async () =>
        (await caches.has("medistore-pages"))
          ? (await (await caches.open("medistore-pages")).keys()).map((r) => new URL(r.url).pathname)
          : [],
      );
    await expect(keptPages()).resolves.toEqual(expect.arrayContaining(["/", "/shop"]));

    await register(page, "Ngozi Offline", uniqueEmail("offline-kept"));
    await expect(keptPages()).resolves.toEqual([]);
    await page.goto("/shop");
    await page.goto("/");
    await expect(keptPages()).resolves.toEqual([]);

    await context.setOffline(true);
    await page.goto("/shop");
    await expect(page.title()).resolves.toBe("You are offline | MediStore");
  });
});

describe("forms kept offline", () => {
  it("keeps a checkout filled offline and places it once when the phone is back online", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await register(page, "Emeka Offline", uniqueEmail("offline-checkout"));
    await addToCart(page, [PRODUCT]);
    await page.goto("/checkout");
    await hydrated(page);

    await context.setOffline(true);
    await page.getByLabel("Phone").fill(DELIVERY.phone);
    await page.getByLabel("Delivery address").fill(DELIVERY.address);
    await page.getByLabel("State", { exact: true }).selectOption("Ebonyi");
    await page.getByRole("button", { name: "Checkout via WhatsApp" }).click();
    await page.getByText(FORM_KEPT_MESSAGE).waitFor();
    // Tapped again, still offline: still one kept checkout.
    await page.getByRole("button", { name: "Checkout via WhatsApp" }).click();
    await page.getByText(FORM_KEPT_MESSAGE).waitFor();

    await context.setOffline(false);
    await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?placed=1$/);
    await page.goto("/orders");
    await expect(page.locator('main a[href^="/order/"]').count()).resolves.toBe(1);
  });

  it("keeps a message filled offline and sends it when the phone is back online", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/contact");
    await hydrated(page);

    await context.setOffline(true);
    await page.getByLabel("Name").fill("Bola Offline");
    await page.getByLabel("Email").fill(uniqueEmail("offline-contact"));
    await page.getByRole("textbox", { name: "Message" }).fill("Do you have the children's syrup in stock?");
    await page.getByRole("button", { name: /send/i }).click();
    await page.getByText(FORM_KEPT_MESSAGE).waitFor();

    await context.setOffline(false);
    await page.getByText(CONTACT_SENT).waitFor();
  });
});

describe("no lost cart change", () => {
  for (const next of ["a reload", "a typed URL"] as const) {
    it(`keeps an add to cart followed at once by ${next}, applied once`, async () => {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto(`/shop?q=${encodeURIComponent(PRODUCT)}`);
      await hydrated(page);
      await page.getByRole("button", { name: `Add to cart: ${PRODUCT}`, exact: true }).click();
      if (next === "a reload") await page.reload();
      else await page.goto("/about");
      await hydrated(page);
      await settledCart(page, 1);

      await page.goto("/cart");
      await hydrated(page);
      await expect(cartCount(page)).resolves.toBe(1);
      await expect(page.locator("main").getByText(PRODUCT).first().isVisible()).resolves.toBe(true);
    });
  }

  it("sends a kept change again once the page has hydrated: a search typed meanwhile stays and runs", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`/shop?q=${encodeURIComponent(PRODUCT)}`);
    const add = page.getByRole("button", { name: `Add to cart: ${PRODUCT}`, exact: true });
    // The grid's own code handles the tap (with JavaScript), rather than the browser posting the form.
    await page.waitForFunction((name) => {
      const button = document.querySelector(`button[aria-label="Add to cart: ${name}"]`);
      return button !== null && Object.keys(button).some((key) => key.startsWith("__reactFiber"));
    }, PRODUCT);
    // The change never reaches the server (the connection drops), so the tab keeps it for the next page.
    let cartOpen = false;
    await page.route(/\/cart\.data/, async (route) => {
      if (cartOpen || route.request().method() !== "POST") return route.continue();
      await route.abort().catch(() => {});
    });
    const sent = page.waitForRequest((r) => r.url().includes("/cart.data") && r.method() === "POST");
    await add.click();
    await sent;
    cartOpen = true;
    // The next page's code (the grid's, in the shared chunk) is slow to come, as on a slow connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/framework-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: "domcontentloaded" });
    const box = page.locator("#shop-search");
    await box.fill("Alabukun");
    await box.evaluate((input) => input.setAttribute("data-typed-here", ""));
    await page.waitForTimeout(500);
    release();

    await page.waitForURL(/\?q=Alabukun/);
    await settledCart(page, 1);
    // The same box, never redrawn, with what was typed.
    await expect(page.locator("#shop-search[data-typed-here]").inputValue()).resolves.toBe("Alabukun");
    await page.goto("/cart");
    await expect(cartCount(page)).resolves.toBe(1);
  });

  it("keeps a cart change made offline and sends it when the phone is back online", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`/shop?q=${encodeURIComponent(OTHER)}`);
    await hydrated(page);
    // The /cart action's code and the page's code are on the phone (precached) before the network goes.
    await controlled(page);
    await addToCart(page, [OTHER]);
    // Whatever the tap set off settles before the network goes.
    await page.waitForLoadState("networkidle");
    await page.getByText(`${OTHER} added to cart`).waitFor({ state: "detached" });
    await context.setOffline(true);
    await page.getByRole("button", { name: `Add to cart: ${OTHER}`, exact: true }).click();
    await page.getByText(CART_CHANGE_KEPT).waitFor();
    // One message (not "added" beside it), and the badge counts the change kept on the phone.
    await page.waitForTimeout(500);
    await expect(page.locator("[data-sonner-toast]").count()).resolves.toBe(1);
    await expect(cartCount(page)).resolves.toBe(2);

    await context.setOffline(false);
    await settledCart(page, 2);
    await page.goto("/cart");
    await expect(page.getByRole("spinbutton").first().inputValue()).resolves.toBe("2");
  });
});
