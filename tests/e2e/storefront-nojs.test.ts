/** The same journey with JavaScript off: GET search, form posts, the cart and checkout pages. */
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";

withBrowser();

describe("storefront without JavaScript", () => {
  it("finds a medicine, fills the cart, sees checkout errors, places the order and reaches WhatsApp", async () => {
    const context = await newContext({ javaScript: false });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("heading", { name: "Available Medicines" }).waitFor();

    // Search is a plain GET form: linkable results.
    await page.locator("#shop-search").fill("analgesics");
    await page.locator("#shop-search").press("Enter");
    await page.waitForURL(/\/shop\?q=analgesics/);
    const names = await page.locator('[data-testid="product-grid"] :is(h2, h3)').allTextContents();
    expect(names.length).toBeGreaterThan(0);

    const first = names[0];
    await page.getByRole("button", { name: `Add to cart: ${first}` }).click();
    await page.waitForURL(/\/shop\?q=analgesics/);
    await page
      .getByRole("status")
      .filter({ hasText: `${first} added to cart` })
      .waitFor();
    expect(await page.getByTestId("cart-count").textContent()).toBe("1");

    // The cart button is a link to the cart page.
    await page.getByTestId("cart-button").click();
    await page.waitForURL(/\/cart$/);
    const main = page.locator("main");
    await main.getByRole("button", { name: `Increase quantity of ${first}` }).click();
    await page.waitForURL(/\/cart$/);
    expect(await main.getByLabel(`Quantity of ${first}`, { exact: true }).inputValue()).toBe("2");
    await main.getByLabel(`Quantity of ${first}`, { exact: true }).fill("");
    await main.getByRole("button", { name: "Update" }).click();
    expect(await main.getByLabel(`Quantity of ${first}`, { exact: true }).inputValue()).toBe("1");
    await main.getByLabel(`Quantity of ${first}`, { exact: true }).fill("3");
    await main.getByRole("button", { name: "Update" }).click();
    expect(await page.getByTestId("cart-count").textContent()).toBe("3");

    await main.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout$/);
    // Browsers check required fields before sending; skip that to see the server's answer.
    await page.locator("form[action='/checkout']").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByLabel("Full name").fill("Emeka Nwosu");
    await page.getByLabel("Email", { exact: true }).fill("emeka@example");
    await page.getByLabel("Phone").fill("0809 000 1111");
    await page.getByRole("button", { name: "Checkout via WhatsApp" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Please fill in delivery name, phone, address and email." })
      .waitFor();
    // What was typed is kept.
    expect(await page.getByLabel("Full name").inputValue()).toBe("Emeka Nwosu");

    await page.locator("form[action='/checkout']").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByLabel("Delivery address").fill("3 Ogoja Road, Abakaliki");
    await page.getByLabel("State", { exact: true }).selectOption("Ebonyi");
    await page.getByRole("button", { name: "Checkout via WhatsApp" }).click();
    await page.getByText("Please enter a valid email address.").first().waitFor();

    await page.getByLabel("Email", { exact: true }).fill("emeka@example.com");
    await page.getByRole("button", { name: "Checkout via WhatsApp" }).click();
    await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?placed=1$/);
    await page.getByText(/Thank you! Your order MS-[0-9A-Z]{6} has been recorded\./).waitFor();
    const href = (await page.getByRole("link", { name: "Send order on WhatsApp" }).getAttribute("href"))!;
    const text = new URL(href).searchParams.get("text")!;
    expect(text).toContain(`${first} x 3`);
    expect(text).toContain("Email: emeka@example.com");
    expect(await page.getByTestId("cart-count").count()).toBe(0);
  });

  it("the side menu works through its link and close link", async () => {
    const context = await newContext({ javaScript: false });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor({ state: "visible" });
    await menu.getByRole("link", { name: "Close menu" }).click();
    await menu.waitFor({ state: "hidden" });
  });

  it("shows a 404 page in the site's look", async () => {
    const context = await newContext({ javaScript: false });
    const page = await context.newPage();
    const res = await page.goto("/definitely-not-here");
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.getByRole("link", { name: "Go to the shop" }).waitFor();
  });
});
