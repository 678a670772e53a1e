/**
 * A guest finds a medicine in the grid, opens its page, reads it, adds it to the cart from there and checks
 * out: with JavaScript (the drawer and the WhatsApp tab) and without (plain posts and the checkout page).
 */
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { uniqueEmail } from "./journeys";
import { checkOut, DELIVERY } from "./shopper-fixtures";

withBrowser();

const NAME = "Paracetamol 500mg Tablets (Pack of 96)";
const PAGE_PATH = /\/products\/\d+-paracetamol-500mg-tablets-pack-of-96$/;

describe.each([
  ["with JavaScript", true],
  ["without JavaScript", false],
])("a product's page %s", (_label, javaScript) => {
  it("opens from the grid, tells what the medicine is, adds it to the cart and checks out", async () => {
    const context = await newContext({ javaScript });
    const page = await context.newPage();
    await page.goto("/shop?q=paracetamol");
    await page.getByTestId("product-grid").getByRole("link", { name: NAME, exact: true }).click();
    await page.waitForURL(PAGE_PATH);

    const main = page.locator("main");
    await main.getByRole("heading", { level: 1, name: NAME }).waitFor();
    await main.getByText("Paracetamol · 500 mg · Tablet").waitFor();
    await main.getByText("In stock", { exact: true }).waitFor();
    expect(await main.getByText("NAFDAC reg. no.").count()).toBe(1);
    await main.getByRole("heading", { name: "How to check a NAFDAC number" }).waitFor();
    expect(await main.getByText("Prescription required").count()).toBe(0);
    const category = main
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: "Analgesics" });
    expect(await category.getAttribute("href")).toBe("/categories/analgesics");

    if (javaScript) await page.getByRole("button", { name: "Open menu" }).waitFor();
    await main.getByRole("button", { name: `Add to cart: ${NAME}` }).click();
    await page.getByText(`${NAME} added to cart`).first().waitFor();
    await page.locator('[data-testid="cart-count"]', { hasText: "1" }).waitFor();
    // Without JavaScript the server sends the shopper back to the same page.
    expect(page.url()).toMatch(
      javaScript ? PAGE_PATH : /\/products\/\d+-paracetamol-500mg-tablets-pack-of-96#add-to-cart$/,
    );

    if (!javaScript) {
      const orderPath = await checkOut(page, { name: "Bola Ade", email: uniqueEmail("product-page") });
      expect(orderPath).toMatch(/^\/order\//);
      await page.getByText(NAME).first().waitFor();
      return;
    }
    await page.locator('[data-testid="cart-button"][aria-busy="false"]').waitFor();
    await page.getByTestId("cart-button").click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    await drawer.getByText(NAME).first().waitFor();
    await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
    const details = page.getByRole("dialog", { name: "Delivery details" });
    await details.getByLabel("Full name").fill("Bola Ade");
    await details.getByLabel("Email", { exact: true }).fill(uniqueEmail("product-page"));
    await details.getByLabel("Phone").fill(DELIVERY.phone);
    await details.getByLabel("Delivery address").fill(DELIVERY.address);
    await details.getByLabel("State", { exact: true }).selectOption("Ebonyi");
    const popupPromise = context.waitForEvent("page");
    await details.getByRole("button", { name: "Checkout via WhatsApp" }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/^https:\/\/wa\.me\//);
    expect(new URL(popup.url()).searchParams.get("text")).toContain(`${NAME} x 1`);
    await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?placed=1$/);
  });
});
