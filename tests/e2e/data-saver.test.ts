/** Data saver with JavaScript off: the footer's toggle is a plain form; images go and come back. */
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";

withBrowser();

describe("data saver without JavaScript", () => {
  it("turns on from the footer, leaves out product images everywhere, shows one on request, and turns off", async () => {
    const context = await newContext({ javaScript: false });
    const page = await context.newPage();
    await page.goto("/shop?q=a");
    const grid = page.getByTestId("product-grid");
    await grid.locator("img").first().waitFor();
    expect(await grid.locator("img").count()).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Data saver: off" }).click();
    // Back on the same results, without a single image.
    await page.waitForURL(/\/shop\?q=a$/);
    await page.getByText("Data saver is on: product images and extras are left out.").waitFor();
    expect(await page.locator("img").count()).toBe(0);
    expect(await grid.getByRole("heading").count()).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: "Data saver: on" }).getAttribute("aria-pressed")).toBe(
      "true",
    );

    // The home page too, and a product page offers its picture on request.
    await page.goto("/");
    await page.getByRole("heading", { name: "Available Medicines" }).waitFor();
    expect(await page.locator("img").count()).toBe(0);
    const name = (await page.getByTestId("product-grid").locator(":is(h2, h3) a").first().textContent())!;
    await page.getByTestId("product-grid").getByRole("link", { name, exact: true }).click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(await page.locator("img").count()).toBe(0);
    await page.getByTestId("show-image").click();
    await page.waitForURL(/\?image=1$/);
    expect(await page.locator("main img").count()).toBe(1);

    // The notice's "Turn off" brings every image back, on the page the shopper was on.
    await page.getByRole("button", { name: "Turn off" }).click();
    await page.waitForURL(/\?image=1$/);
    expect(await page.getByText("Data saver is on").count()).toBe(0);
    await page.goto("/");
    expect(await page.getByTestId("product-grid").locator("img").count()).toBeGreaterThan(0);
    await context.close();
  });
});
