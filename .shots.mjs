import { chromium } from "playwright-core";
const BASE = process.env.BASE;
const OUT = "/tmp/pay2-shots";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
let n = 0;
for (const javaScript of [true, false]) {
  for (const width of [360, 1366]) {
    const tag = `${javaScript ? "js" : "nojs"}-${width}`;
    const context = await browser.newContext({ baseURL: BASE, javaScriptEnabled: javaScript, viewport: { width, height: 800 }, locale: "en-NG" });
    const page = await context.newPage();
    const shot = async (name) => { await page.waitForTimeout(javaScript ? 600 : 100); await page.screenshot({ path: `${OUT}/${tag}-${String(++n).padStart(2, "0")}-${name}.png`, fullPage: true }); };
    const checkout = async () => {
      await page.goto("/shop");
      await page.getByRole("button", { name: /^Add to cart:/ }).first().click();
      await page.getByTestId("cart-count").filter({ hasText: "1" }).waitFor();
      await page.goto("/checkout");
      await page.getByLabel("Full name").fill("Ifeoma Nnaji");
      await page.getByLabel("Email", { exact: true }).fill(`shot${Date.now()}@example.com`);
      await page.getByLabel("Phone").fill("08035551234");
      await page.getByLabel("Delivery address").fill("14 Water Works Road, Abakaliki");
      await page.getByLabel("State", { exact: true }).selectOption("Ebonyi");
      if (!javaScript) { await page.getByRole("button", { name: "Show my total" }).click(); }
      await page.getByLabel(/Online payment/).check();
    };
    await checkout();
    await shot("checkout-online");
    await page.locator('form[data-form="checkout"] button[type=submit]').last().click();
    await page.waitForURL(/\/pay\//);
    await shot("gateway");
    await page.getByRole("button", { name: "Fail", exact: true }).click();
    await page.waitForURL(/\/order\//);
    await shot("failed");
    await page.getByRole("button", { name: /^Try again/ }).click();
    await page.waitForURL(/\/pay\//);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/order\//);
    await page.getByText(/Paid online/).waitFor();
    await shot("paid");
    await page.getByRole("link", { name: "Cancel this order" }).click();
    await page.getByRole("button", { name: "Yes, cancel this order" }).click();
    await page.getByText(/Your refund|Refunded:/).waitFor();
    await shot("refund");
    await checkout();
    await page.locator('form[data-form="checkout"] button[type=submit]').last().click();
    await page.waitForURL(/\/pay\//);
    await page.getByRole("button", { name: "Fail", exact: true }).click();
    await page.waitForURL(/\/order\//);
    await page.getByRole("button", { name: "Pay on delivery instead" }).click();
    await page.getByText("Payment: online → on delivery").waitFor();
    await shot("pay-on-delivery");
    await context.close();
  }
}
await browser.close();
console.log("shots done");
