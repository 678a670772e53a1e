/**
 * An order's whole life, with JavaScript on and off: a guest checks out to Kano paying by bank transfer and
 * uploads the transfer receipt on the order page; the demo admin finds the order by its phone number in
 * Admin › Orders, opens the receipt, marks the order paid and ships it; the guest, through the private
 * link, sees it paid and shipped and orders the same again into a refilled cart.
 */
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { loginAsDemoAdmin, PNG, uniqueEmail } from "./journeys";
import { addToCart, executeOnServerDb } from "./shopper-fixtures";

withBrowser();

/** A product of its own (an over-the-counter one, stock not counted), straight into the server's D1. */
function product(tag: string): string {
  const name = `Vitamin B Complex Tablets (30) ${tag} ${Date.now()}`;
  executeOnServerDb(
    `INSERT INTO products (name, category, price_kobo) VALUES ('${name}', 'Wellbeing / Dietary Supplements', 180000)`,
  );
  return name;
}

/** A phone number no other test uses, so the search finds exactly this order. */
const uniquePhone = () => `0809${String(Date.now()).slice(-7)}`;

describe.each([{ javaScript: false }, { javaScript: true }])(
  "order journey, JavaScript $javaScript",
  ({ javaScript }) => {
    it("transfer, receipt, paid, shipped, ordered again", async () => {
      const name = product(javaScript ? "js" : "nojs");
      const phone = uniquePhone();
      const context = await newContext({ javaScript });
      const page = await context.newPage();

      // The guest checks out to Kano, paying by bank transfer.
      await addToCart(page, [name]);
      await page.goto("/checkout");
      await page.getByLabel("Full name").fill("Aminu Bello");
      await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("journey"));
      await page.getByLabel("Phone").fill(phone);
      await page.getByLabel("Delivery address").fill("22 Zoo Road, Kano");
      await page.getByLabel("State", { exact: true }).selectOption("Kano");
      await page.getByRole("radio", { name: /^Bank transfer/ }).check();
      const popup = javaScript ? context.waitForEvent("page") : null;
      await page.getByRole("button", { name: "Checkout via WhatsApp" }).click();
      await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?placed=1$/);
      await (await popup)?.close();
      const orderPath = new URL(page.url()).pathname;
      const ref = (await page.getByRole("heading", { name: /Order #MS-/ }).textContent())!.replace(
        "Order #",
        "",
      );
      await page.getByRole("heading", { name: "Pay by bank transfer" }).waitFor();
      await page.getByText("Delivery to Kano").waitFor();

      // The receipt photo, from the order page.
      await page
        .getByLabel("Photo of your transfer receipt")
        .setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
      await page.getByRole("button", { name: "Upload receipt" }).click();
      await page.getByTestId("order-receipt").waitFor();
      await page.getByText("Transfer receipt uploaded").first().waitFor();
      await page.getByRole("button", { name: "Replace receipt" }).waitFor();

      // The admin finds it by phone, checks the receipt, marks it paid and ships it.
      const adminContext = await newContext({ javaScript });
      const admin = await adminContext.newPage();
      await loginAsDemoAdmin(admin, "/admin/orders");
      await admin.getByPlaceholder("Reference, name, e-mail or phone").fill(phone);
      await admin.getByRole("button", { name: "Filter" }).click();
      await admin.waitForURL(/[?&]q=/);
      const row = admin.getByTestId("admin-order").filter({ hasText: ref });
      await expect.poll(() => admin.getByTestId("admin-order").count()).toBe(1);
      const receiptLink = row.getByTestId("admin-order-receipt");
      await expect.poll(() => receiptLink.textContent()).toMatch(/^Receipt uploaded /);
      const receipt = await admin.request.get((await receiptLink.getAttribute("href"))!);
      expect(receipt.status()).toBe(200);
      expect(receipt.headers()["content-type"]).toBe("image/webp");

      await row.getByRole("button", { name: `Mark paid: order ${ref}` }).click();
      await row.getByText("Paid", { exact: true }).waitFor();
      await row.getByLabel(`Status of order ${ref}`).selectOption("Shipped");
      if (!javaScript) await row.getByRole("button", { name: "Save" }).click();
      await admin.getByText(`Order ${ref} is now Shipped`).first().waitFor();

      // The guest, through the private link: paid and shipped, no upload any more; orders again.
      await page.goto(orderPath);
      await page.getByText("Bank transfer · Paid").waitFor();
      await page.getByText("Pending → Shipped").first().waitFor();
      expect(await page.getByLabel("Photo of your transfer receipt").count()).toBe(0);
      await page.getByRole("button", { name: "Order again" }).click();
      await page.waitForURL(/\/cart$/);
      await page.getByText(name).first().waitFor();
    });
  },
);
