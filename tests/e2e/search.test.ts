/**
 * Finding the medicine whatever the shopper calls it, with JavaScript on and off: a misspelt search and its
 * "Did you mean", a search that finds nothing (categories and a pharmacist to ask), and an out-of-stock
 * medicine's page leading with what is in stock instead, where a customer asks to be told when it is back.
 */
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { register, uniqueEmail } from "./journeys";

withBrowser();

const PARACETAMOL = "Paracetamol 500mg Tablets (Pack of 96)";
const LORATADINE = "Loratadine 10mg Tablets (Pack of 10)";
const CETIRIZINE = "Cetirizine 10mg Tablets (Pack of 10)";

describe.each([
  ["with JavaScript", true],
  ["without JavaScript", false],
])("search %s", (_label, javaScript) => {
  it("finds a misspelt medicine and offers the right spelling", async () => {
    const context = await newContext({ javaScript });
    const page = await context.newPage();
    await page.goto("/shop");
    await page.locator("#shop-search").fill("paracetmol");
    await page.locator("#shop-search").press("Enter");
    await page.waitForURL(/\/shop\?q=paracetmol$/);
    const grid = page.getByTestId("product-grid");
    await grid.getByRole("link", { name: PARACETAMOL, exact: true }).waitFor();

    const didYouMean = page.getByTestId("did-you-mean");
    await didYouMean.getByText("Nothing matches “paracetmol”, so these are for “paracetamol”.").waitFor();
    await didYouMean.getByRole("link", { name: "paracetamol" }).click();
    await page.waitForURL(/\/shop\?q=paracetamol$/);
    await page.getByText("Results for “paracetamol”").waitFor();
    expect(await page.getByTestId("did-you-mean").count()).toBe(0);
    expect(await page.locator("#shop-search").inputValue()).toBe("paracetamol");
    await grid.getByRole("link", { name: PARACETAMOL, exact: true }).waitFor();
  });

  it("never ends in a dead end: categories and WhatsApp when nothing matches", async () => {
    const context = await newContext({ javaScript });
    const page = await context.newPage();
    await page.goto("/shop?q=xylophone");
    await page.getByText("No medicines match “xylophone”.").waitFor();
    const help = page.getByTestId("nothing-found");
    const whatsapp = help.getByRole("link", { name: "Ask a pharmacist on WhatsApp" });
    expect(await whatsapp.getAttribute("href")).toMatch(
      /^https:\/\/wa\.me\/\d+\?text=Hello%20MediStore%2C%20do%20you%20have%20xylophone%3F$/,
    );
    await help
      .getByRole("navigation", { name: "Browse by category" })
      .getByRole("link", { name: "Anti Allergy" })
      .click();
    await page.waitForURL(/\/categories\/anti-allergy$/);
    await page.getByRole("heading", { level: 1, name: "Anti Allergy" }).waitFor();
  });

  it("leads an out-of-stock page with what is in stock, and tells a customer when it is back", async () => {
    const context = await newContext({ javaScript });
    const page = await context.newPage();
    await page.goto("/shop?q=loratadine");
    await page.getByTestId("product-grid").getByRole("link", { name: LORATADINE, exact: true }).click();
    await page.waitForURL(/\/products\/\d+-loratadine-10mg-tablets-pack-of-10$/);
    const productPath = new URL(page.url()).pathname;

    const main = page.locator("main");
    await main.getByText("Out of stock", { exact: true }).first().waitFor();
    const instead = main.getByRole("heading", { level: 2, name: "In stock instead" });
    await instead.waitFor();
    // Before the medicine's own details.
    const [insteadTop, detailsTop] = await Promise.all([
      instead.boundingBox(),
      main.getByRole("heading", { name: "Product information" }).boundingBox(),
    ]);
    expect(insteadTop!.y).toBeLessThan(detailsTop!.y);
    const alternatives = page.getByTestId("alternatives");
    await alternatives.getByRole("button", { name: `Add to cart: ${CETIRIZINE}` }).waitFor();

    // A guest is asked to log in first, and comes back to the page.
    await main.getByRole("link", { name: "Log in to be told when it is back" }).click();
    await page.waitForURL(/\/login\?redirectTo=/);
    const email = uniqueEmail(`back-in-stock-${javaScript ? "js" : "nojs"}`);
    await register(page, "Chioma Eze", email);
    await page.goto(productPath);
    await main.getByRole("button", { name: "Tell me when it is back" }).click();
    await main.getByText("We will tell you when it is back in stock.").waitFor();
    await main.getByRole("button", { name: "Stop telling me" }).waitFor();

    await page.goto("/dashboard");
    const list = page.getByTestId("back-in-stock-list");
    await list.getByRole("link", { name: LORATADINE }).waitFor();
    await list.getByText("Still out of stock: we will tell you").waitFor();

    // From the dashboard, alternatives lead back to what can be bought now.
    await list.getByRole("link", { name: LORATADINE }).click();
    await page.waitForURL(new RegExp(`${productPath}$`));
    await alternatives.getByRole("link", { name: CETIRIZINE, exact: true }).click();
    await page.waitForURL(/\/products\/\d+-cetirizine-10mg-tablets-pack-of-10$/);
    await page.getByRole("heading", { level: 1, name: CETIRIZINE }).waitFor();
  });
});
