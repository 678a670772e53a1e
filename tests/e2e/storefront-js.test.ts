/** A shopper on a phone with JavaScript: live search, toasts, the drawer, checkout and the WhatsApp tab. */
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { executeOnServerDb } from "./shopper-fixtures";

withBrowser();

const DETAILS = {
  name: "Chioma Eze",
  email: "chioma@example.com",
  phone: "0803 555 1234",
  address: "14 Water Works Road, Abakaliki",
};

describe("storefront with JavaScript", () => {
  it("searches as you type, adds with a toast, edits the cart in the drawer, checks out and opens WhatsApp in a new tab", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("heading", { name: "Available Medicines" }).waitFor();
    // Wait for hydration: the menu button replaces the no-JS menu link.
    await page.getByRole("button", { name: "Open menu" }).waitFor();

    await page.locator("#shop-search").fill("EMZOR");
    await page.waitForURL(/\?q=EMZOR/);
    await page.waitForFunction(() => {
      const names = [...document.querySelectorAll('[data-testid="product-grid"] :is(h2, h3)')].map(
        (h) => h.textContent ?? "",
      );
      return names.length > 0 && names.every((n) => n.toLowerCase().includes("emzor"));
    });

    const card = page.locator('[data-testid="product-grid"] li').first();
    const name = (await card.getByRole("heading").textContent())!;
    await card.getByRole("button", { name: `Add to cart: ${name}` }).click();
    await page.getByText(`${name} added to cart`).waitFor();
    await page.locator('[data-testid="cart-count"]', { hasText: "1" }).waitFor();

    await page.getByTestId("cart-button").click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await drawer.waitFor();
    // The drawer opens at once; its lines follow once its code and the cart have arrived.
    await drawer.getByText(name).first().waitFor();
    const subtotal = drawer.getByTestId("cart-subtotal");
    const unit = (await subtotal.textContent())!;

    await drawer.getByRole("button", { name: `Increase quantity of ${name}` }).click();
    await page.locator('[data-testid="cart-count"]', { hasText: "2" }).waitFor();
    await page.waitForFunction(([el, before]) => el?.textContent !== before, [
      await subtotal.elementHandle(),
      unit,
    ] as const);

    // Typed quantity; an emptied box becomes 1 when you leave it.
    const qty = drawer.getByLabel(`Quantity of ${name}`, { exact: true });
    await qty.fill("5");
    await page.locator('[data-testid="cart-count"]', { hasText: "5" }).waitFor();
    await qty.fill("");
    await qty.blur();
    await page.locator('[data-testid="cart-count"]', { hasText: "1" }).waitFor();
    expect(await qty.inputValue()).toBe("1");
    expect(await drawer.getByRole("button", { name: `Decrease quantity of ${name}` }).isDisabled()).toBe(
      true,
    );

    // Reload once the server has every change: the cart survives (cookie), the count is server-rendered.
    await page.locator('[data-testid="cart-button"][aria-busy="false"]').waitFor();
    await page.reload();
    await page.locator('[data-testid="cart-count"]', { hasText: "1" }).waitFor();
    await page.getByRole("button", { name: "Open menu" }).waitFor();

    await page.getByTestId("cart-button").click();
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    const details = page.getByRole("dialog", { name: "Delivery details" });
    await details.getByLabel("Full name").fill(DETAILS.name);
    await details.getByLabel("Email", { exact: true }).fill(DETAILS.email);
    await details.getByLabel("Phone").fill(DETAILS.phone);
    await details.getByLabel("Delivery address").fill(DETAILS.address);
    await details.getByLabel("State", { exact: true }).selectOption("Ebonyi");

    const popupPromise = context.waitForEvent("page");
    await details.getByRole("button", { name: "Checkout via WhatsApp" }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/^https:\/\/wa\.me\//);
    const text = new URL(popup.url()).searchParams.get("text")!;
    expect(text).toContain(`${name} x 1`);
    expect(text).toContain("Name: Chioma Eze");
    expect(text).toContain("Phone: +2348035551234");
    expect(text).toMatch(/Order reference: MS-[0-9A-Z]{6}/);

    await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?placed=1$/);
    const ref = /Order reference: (MS-[0-9A-Z]{6})/.exec(text)![1];
    await page.getByRole("heading", { name: `Order #${ref}` }).waitFor();
    await page.getByText("WhatsApp opened in a new tab").waitFor();
    expect(text).toContain(new URL(page.url()).pathname);
    expect(await page.getByTestId("cart-count").count()).toBe(0);
  });

  it("a search typed before the page's code arrived is run once it arrives", async () => {
    const context = await newContext();
    const page = await context.newPage();
    // Hold the shared chunk (React, Remix and the grid's code, vite.config.ts), as a slow connection would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/framework-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not waiting for "load": the page may start fetching its code before its images are in, and then the
    // load event waits for the held chunk.
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.locator("#shop-search").fill("EMZOR");
    // Nothing can search yet: the box holds the letters, the address is unchanged.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).search).toBe("");
    release();
    await page.waitForURL(/\?q=EMZOR/);
    await page.waitForFunction(() => {
      const names = [...document.querySelectorAll('[data-testid="product-grid"] h3')].map(
        (h) => h.textContent ?? "",
      );
      return names.length > 0 && names.every((n) => n.toLowerCase().includes("emzor"));
    });
    expect(await page.locator("#shop-search").inputValue()).toBe("EMZOR");
  });

  it("the drawer closes on Escape, its close button and Continue; Clear empties the cart and closes it", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).waitFor();
    await page.locator('[data-testid="product-grid"] li button').first().click();
    await page.locator('[data-testid="cart-count"]', { hasText: "1" }).waitFor();

    const drawer = page.getByRole("dialog", { name: "Your cart" });
    for (const close of [
      () => page.keyboard.press("Escape"),
      () => drawer.getByRole("button", { name: "Close cart" }).click(),
      () => drawer.getByRole("button", { name: "Continue" }).click(),
    ]) {
      await page.getByTestId("cart-button").click();
      await drawer.waitFor({ state: "visible" });
      // Focus moves into the dialog.
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
      await close();
      await drawer.waitFor({ state: "hidden" });
    }

    await page.getByTestId("cart-button").click();
    await drawer.getByRole("button", { name: "Clear" }).click();
    await drawer.waitFor({ state: "hidden" });
    await page.waitForFunction(() => !document.querySelector('[data-testid="cart-count"]'));
    await page.getByTestId("cart-button").click();
    await drawer.getByText("Your cart is empty.").waitFor();
    expect(await drawer.getByRole("button", { name: "Proceed to Checkout" }).isDisabled()).toBe(true);
  });

  it("the side menu opens from the menu icon and closes by its close button, a link, the backdrop or Escape", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/about");
    const menu = page.getByRole("dialog", { name: "Menu" });
    const open = page.getByRole("button", { name: "Open menu" });

    await open.click();
    await menu.waitFor({ state: "visible" });
    await menu.getByRole("button", { name: "Close menu" }).click();
    await menu.waitFor({ state: "hidden" });

    await open.click();
    await page.getByTestId("menu-backdrop").click({ position: { x: 370, y: 400 } });
    await menu.waitFor({ state: "hidden" });

    await open.click();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });

    await open.click();
    await menu.getByRole("link", { name: "How to install" }).click();
    await page.waitForURL(/\/how$/);
    await menu.waitFor({ state: "hidden" });
  });

  it("moving from the catalogue to Contact in the browser brings the shop's whole stylesheet with it", async () => {
    const context = await newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    // The catalogue's pages carry only the inline sheet.
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    // The footer's links move in the app once React has hydrated the page (until then a click loads the
    // page, as without JavaScript).
    await page.waitForFunction(() => {
      const link = document.querySelector('footer a[href="/contact"]');
      return link !== null && Object.keys(link).some((key) => key.startsWith("__reactFiber"));
    });
    // A mark on this document: still there after the move, so it was made by the app, not a page load.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Contact" }).click();
    await page.waitForURL((url) => url.pathname === "/contact");
    await page.getByRole("heading", { level: 1 }).waitFor();
    // Five columns from md up: a utility only the shop's whole sheet holds (styles/shop.css).
    const columns = await page
      .locator(".md\\:grid-cols-5")
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(5);
    expect(await page.locator('link[rel="stylesheet"][href*="/assets/shop-"]').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });

  it("a product gone since the list was shown: its error page, reached in the browser, keeps the site's look", async () => {
    const tag = `Qzgone${Date.now()}`;
    executeOnServerDb(
      `INSERT INTO products (name, category, price_kobo) VALUES ('Vitamin C 1000mg ${tag}', 'Antioxidant', 90000)`,
    );
    const context = await newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`/shop?q=${tag}`);
    const link = page.getByRole("link", { name: `Vitamin C 1000mg ${tag}` }).first();
    await link.waitFor();
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    executeOnServerDb(`DELETE FROM products WHERE name = 'Vitamin C 1000mg ${tag}'`);

    await link.click();
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    // Styled: the way back is a green button, and the header's menu stays a button, not a page of links.
    const back = page.getByRole("link", { name: "Go to the shop" });
    expect(await back.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("the hero types its phrases", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/");
    const typed = page.locator(".typing-caret");
    const first = await typed.textContent();
    await page.waitForFunction(
      (before) => document.querySelector(".typing-caret")?.textContent !== before,
      first,
      { timeout: 5000 },
    );
  });
});
