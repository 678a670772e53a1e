import { chromium } from "playwright-core";
const base = process.argv[2];
const out = process.argv[3];
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
for (const width of [360, 1366]) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: width === 360 ? 740 : 900 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/shop");
  await page.getByRole("button", { name: /^Add to cart:/ }).first().click();
  await page.waitForLoadState();
  await page.goto("/checkout");
  await page.getByLabel("Full name").fill("Ifeoma Nnaji");
  await page.getByLabel("Email", { exact: true }).fill(`shot${width}@example.com`);
  await page.getByLabel("Phone").fill("0803 555 1234");
  await page.getByLabel("Delivery address").fill("14 Water Works Road, Abakaliki");
  await page.getByLabel("State", { exact: true }).selectOption("Ebonyi");
  await page.getByLabel(/Online payment/).check();
  await page.screenshot({ path: `${out}/checkout-${width}.png`, fullPage: true });
  await page.getByRole("button", { name: "Checkout via WhatsApp" }).click();
  await page.waitForURL(/\/pay\//);
  await page.screenshot({ path: `${out}/standin-${width}.png`, fullPage: true });
  await page.getByRole("button", { name: "Fail", exact: true }).click();
  await page.waitForURL(/\/order\//);
  await page.screenshot({ path: `${out}/order-failed-${width}.png`, fullPage: true });
  await page.getByRole("button", { name: /Try again/ }).click();
  await page.waitForURL(/\/pay\//);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(/\/order\//);
  await page.getByText(/Paid online/).waitFor();
  await page.screenshot({ path: `${out}/order-paid-${width}.png`, fullPage: true });
  await context.close();
}
await browser.close();
