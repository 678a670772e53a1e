/** A page from the edge cache (workers/edge-cache.ts) in a real browser: it runs, hydrates and checks out. */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";

withBrowser();

/** Every console error of a page (a CSP refusal, a hydration warning, a failed script). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
  });
  return errors;
}

/** Loads `/shop` until the document comes from the cache (the first guest may have been the one to fill it). */
async function cachedShop(page: Page): Promise<void> {
  await expect
    .poll(async () => (await page.goto("/shop"))?.headers()["x-cache"], { timeout: 10_000 })
    .toBe("HIT");
}

describe("a page served from the edge cache", () => {
  it("with JavaScript: its scripts run under the CSP, it hydrates without a warning, and checkout gets a fresh key", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await cachedShop(page);
    await page.getByRole("button", { name: "Open menu" }).waitFor();
    expect(errors).toEqual([]);

    const card = page.locator('[data-testid="product-grid"] li').first();
    const name = (await card.getByRole("heading").textContent())!;
    await card.getByRole("button", { name: `Add to cart: ${name}` }).click();
    await page.locator('[data-testid="cart-count"]', { hasText: "1" }).waitFor();
    await page.getByTestId("cart-button").click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    const details = page.getByRole("dialog", { name: "Delivery details" });
    const key = details.locator('input[name="idempotencyKey"]');
    await key.waitFor({ state: "attached" });
    expect(await key.inputValue()).toMatch(/^[0-9a-f-]{36}$/);
    expect(errors).toEqual([]);
  });

  it("without JavaScript: the cached page works as a plain form", async () => {
    const context = await newContext({ javaScript: false });
    const page = await context.newPage();
    await cachedShop(page);
    const card = page.locator('[data-testid="product-grid"] li').first();
    const name = (await card.getByRole("heading").textContent())!;
    await card.getByRole("button", { name: `Add to cart: ${name}` }).click();
    await page.waitForURL(/\/shop/);
    expect(await page.locator('[data-testid="cart-count"]').textContent()).toBe("1");
    // The shopper's own page now, never the cached one.
    const again = await page.goto("/shop");
    expect(again?.headers()["x-cache"]).toBe("BYPASS");
  });

  it("fetches the page's scripts only after its first contentful paint, then hydrates", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto("/shop?q=tablets");
    await page.getByRole("button", { name: "Open menu" }).waitFor();
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js") && !entry.name.endsWith("/sw.js"))
        .map((entry) => entry.startTime),
      sleeping: document.querySelectorAll(
        '[rel="medistore-after-paint-preload"], [type="medistore/after-paint"]',
      ).length,
    }));
    expect(timing.paint).not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(0);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint!);
    expect(timing.sleeping).toBe(0);
    expect(errors).toEqual([]);
  });
});
