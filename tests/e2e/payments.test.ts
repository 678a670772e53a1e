/**
 * Paying online, with JavaScript on and off, against the gateway's stand-in that `npm start` runs beside
 * the app (scripts/paystack-standin.mjs): a guest chooses to pay online, presses Pay on the gateway's page
 * and comes back to an order that says Paid; another's payment fails and they pay on delivery instead.
 */
import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { uniqueEmail } from "./journeys";
import { DELIVERY } from "./shopper-fixtures";

withBrowser();

/** The first product of the shop into the cart (the demo catalogue), then checks out paying online. */
async function checkOutOnline(page: Page) {
  await page.goto("/shop");
  await page
    .getByRole("button", { name: /^Add to cart:/ })
    .first()
    .click();
  await page.getByTestId("cart-count").filter({ hasText: "1" }).waitFor();
  await page.goto("/checkout");
  await page.getByLabel("Full name").fill("Ifeoma Nnaji");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("pay"));
  await page.getByLabel("Phone").fill(DELIVERY.phone);
  await page.getByLabel("Delivery address").fill(DELIVERY.address);
  await page.getByLabel("State", { exact: true }).selectOption("Ebonyi");
  await page.getByLabel(/Online payment/).check();
  await page.getByRole("button", { name: "Checkout via WhatsApp" }).click();
  await page.waitForURL(/\/pay\/[a-f0-9]+$/);
  return (await page.getByTestId("standin-amount").textContent())!;
}

describe.each([{ javaScript: false }, { javaScript: true }])(
  "paying online, JavaScript $javaScript",
  ({ javaScript }) => {
    it("a guest pays on the gateway's page and the order says Paid", async () => {
      const page = await (await newContext({ javaScript })).newPage();
      const amount = await checkOutOnline(page);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?trxref=/);
      await page.getByText(`Paid online: ${amount}. Thank you!`).waitFor();
      await page.getByText(/· Paid$/).waitFor();
      await page.getByText("Payment: not paid → paid").waitFor();
    });

    it("a payment fails, the page offers to try again, and the guest pays on delivery instead", async () => {
      const page = await (await newContext({ javaScript })).newPage();
      const amount = await checkOutOnline(page);
      await page.getByRole("button", { name: "Fail", exact: true }).click();
      await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?trxref=/);
      await page.getByRole("heading", { name: "Your payment did not go through" }).waitFor();
      await page.getByRole("button", { name: `Try again: pay ${amount}` }).waitFor();
      await page.getByRole("button", { name: "Pay on delivery instead" }).click();
      await page.getByText("Payment: online → on delivery").waitFor();
      await page.getByText(/Pay on delivery \(cash or card on the rider’s POS\) · Not paid/).waitFor();
      await page
        .getByRole("heading", { name: "Your payment did not go through" })
        .waitFor({ state: "detached" });
    });
  },
);
