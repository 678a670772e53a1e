/** A customer's account journey in Chromium, with JavaScript on and off. */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newContext, withBrowser } from "./browser";
import { PASSWORD, PNG, register, uniqueEmail } from "./journeys";

withBrowser();

async function buyFirstProduct(page: Page) {
  await page.goto("/shop");
  const name = (await page.locator('[data-testid="product-grid"] :is(h2, h3)').first().textContent())!;
  // With JavaScript the count updates at once; wait for the server to have the cart before leaving.
  const saved = page.waitForResponse((res) => res.request().method() === "POST" && /\/cart/.test(res.url()));
  await page.getByRole("button", { name: `Add to cart: ${name}` }).click();
  await saved;
  await page.locator('[data-testid="cart-count"]').waitFor();
  await page.goto("/checkout");
  // Name and e-mail come from the account.
  expect(await page.getByLabel("Full name").inputValue()).not.toBe("");
  await page.getByLabel("Phone").fill("08031112222");
  await page.getByLabel("Delivery address").fill("7 Ogoja Road, Abakaliki");
  await page.getByLabel("State", { exact: true }).selectOption("Ebonyi");
  await page.getByRole("button", { name: "Checkout via WhatsApp" }).click();
  await page.waitForURL(/\/order\//);
  return name;
}

for (const javaScript of [true, false]) {
  describe(`customer account, JavaScript ${javaScript ? "on" : "off"}`, () => {
    it("registers, logs out, logs back in, uploads a prescription, sees orders and pending deliveries", async () => {
      const context = await newContext({ javaScript });
      const page = await context.newPage();
      const email = uniqueEmail(javaScript ? "js" : "nojs");

      // A guest is sent to log in, then brought back.
      await page.goto("/orders");
      await page.waitForURL(/\/login\?redirectTo=%2Forders$/);

      await register(page, "Amaka Obi", email);
      await page.getByRole("heading", { name: "Hello, Amaka Obi" }).waitFor();
      await page.getByText("Registration successful!").first().waitFor();
      await page.getByText("No recent activities found.").waitFor();

      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await page.goto("/dashboard");
      await page.waitForURL(/\/login/);

      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      await page.getByRole("button", { name: "Login" }).click();
      await page.getByRole("alert").filter({ hasText: "Invalid email or password." }).waitFor();
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      if (javaScript) {
        await page.getByRole("button", { name: "Show" }).click();
        expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
      }
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.getByText("Login successful!").first().waitFor();

      // Prescription upload.
      await page
        .getByLabel("Prescription image")
        .setInputFiles({ name: "my-prescription.png", mimeType: "image/png", buffer: PNG });
      if (javaScript) await page.getByText("my-prescription.png").waitFor();
      await page.getByLabel(/I agree that MediStore/).check();
      await page.getByRole("button", { name: "Submit Prescription" }).click();
      await page.getByText("Prescription uploaded successfully!").first().waitFor();
      if (javaScript) await page.reload();
      await page.getByRole("img", { name: "Your prescription" }).first().waitFor();

      const bought = await buyFirstProduct(page);
      await page.goto("/orders");
      await page.getByRole("heading", { name: "My Orders" }).waitFor();
      await page.getByText(bought).first().waitFor();
      await page.goto("/pending-deliveries");
      await page.getByText(bought).first().waitFor();
      await page.goto("/dashboard");
      await page.getByText(bought).first().waitFor();
    });
  });
}

describe("upload refusals", () => {
  it("a file that is not an image gets 'Upload failed: …'", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await register(page, "Bad Upload", uniqueEmail("bad"));
    await page
      .getByLabel("Prescription image")
      .setInputFiles({ name: "virus.jpg", mimeType: "image/jpeg", buffer: Buffer.from("MZ not an image") });
    await page.getByLabel(/I agree that MediStore/).check();
    await page.getByRole("button", { name: "Submit Prescription" }).click();
    await page.getByText("Upload failed: Please choose a JPEG, PNG or WebP image.").waitFor();
  });
});
