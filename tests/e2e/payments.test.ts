/**
 * Paying online, with JavaScript on and off, against the gateway's stand-in that `npm start` runs beside
 * the app (scripts/paystack-standin.mjs): a guest chooses to pay online, presses Pay on the gateway's page
 * and comes back to an order that says Paid; another's payment fails and they pay on delivery instead.
 */
import type { Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import { newContext, withBrowser } from "./browser";
import { loginAsDemoAdmin, uniqueEmail } from "./journeys";
import { DELIVERY } from "./shopper-fixtures";

withBrowser();

/**
 * The first product of the shop into the cart (the demo catalogue), then checks out paying online. The
 * order button says what happens for the way of paying chosen: with JavaScript it follows the radio, with
 * the total; without it the stylesheet shows the words of the checked radio (the total is not known before
 * "Show my total").
 */
/** Admin › Orders, signed in as the demo admin, once the order's row shows the refund Paystack could not make. */
async function adminSeesRefundFailed(javaScript: boolean, orderRef: string, notice: string) {
  const admin = await (await newContext({ javaScript })).newPage();
  await loginAsDemoAdmin(admin);
  const row = admin.getByTestId("admin-order").filter({ hasText: orderRef });
  await vi.waitFor(
    async () => {
      await admin.goto(`/admin/orders?q=${orderRef}`);
      expect(await row.getByTestId("admin-order-refund-failed").textContent()).toContain(notice);
    },
    { timeout: 15_000, interval: 500 },
  );
  return { admin, row };
}

async function checkOutOnline(page: Page, javaScript: boolean) {
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
  const whatsApp = page.getByRole("button", {
    name: javaScript ? /^Checkout via WhatsApp · ₦/ : /^Checkout via WhatsApp$/,
  });
  await whatsApp.waitFor();
  await page.getByLabel(/Online payment/).check();
  const pay = page.getByRole("button", {
    name: javaScript ? /^Pay ₦[\d,]+\.\d\d now$/ : "Place order and pay online",
  });
  await pay.waitFor();
  expect(await whatsApp.count()).toBe(0);
  const label = (await pay.textContent())!;
  // Back to paying on delivery: the button follows; then online again.
  await page.getByLabel(/^Pay on delivery/).check();
  await whatsApp.waitFor();
  await page.getByLabel(/Online payment/).check();
  await pay.click();
  await page.waitForURL(/\/pay\/[a-f0-9]+$/);
  const amount = (await page.getByTestId("standin-amount").textContent())!;
  if (javaScript) expect(label).toBe(`Pay ${amount} now`);
  return amount;
}

describe.each([{ javaScript: false }, { javaScript: true }])(
  "paying online, JavaScript $javaScript",
  ({ javaScript }) => {
    it("a guest pays on the gateway's page and the order says Paid", async () => {
      const page = await (await newContext({ javaScript })).newPage();
      const amount = await checkOutOnline(page, javaScript);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?trxref=/);
      await page.getByText(`Paid online: ${amount}. Thank you!`).waitFor();
      await page.getByText(/· Paid$/).waitFor();
      await page.getByText("Payment: not paid → paid").waitFor();
      // Paid: the WhatsApp hand-off leads again.
      await page.getByRole("link", { name: "Send order on WhatsApp" }).waitFor();
      expect(await page.getByText("Questions before you pay?").count()).toBe(0);

      // Cancelled after paying: the money goes back through the gateway, and the page says so.
      await page.getByRole("link", { name: "Cancel this order" }).click();
      await page.getByRole("button", { name: "Yes, cancel this order" }).click();
      // The stand-in reports the refund done at once: the page may already say so.
      await page
        .getByText(new RegExp(`^(Your refund of ${amount} is on its way|Refunded: ${amount} went back)`))
        .waitFor();
      await page.getByText("Payment: paid → refund in progress").waitFor();
      await page.reload();
      await page.getByText(`Refunded: ${amount} went back to the card or account you paid with.`).waitFor();
    });

    it("a refund Paystack could not make: staff are told, return the money and mark it refunded by hand", async () => {
      const page = await (await newContext({ javaScript })).newPage();
      const amount = await checkOutOnline(page, javaScript);
      // The stand-in is asked to fail this payment's refund.
      const reference = /Reference (\S+)\./.exec((await page.locator(".note").textContent())!)![1]!;
      const standIn = new URL(page.url()).origin;
      const failing = await fetch(`${standIn}/__standin/refund-fails?reference=${reference}`, {
        method: "POST",
      });
      expect(failing.status).toBe(200);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.getByText(`Paid online: ${amount}. Thank you!`).waitFor();
      const orderRef = /#(\S+)/.exec((await page.getByRole("heading", { level: 1 }).textContent())!)![1]!;
      await page.getByRole("link", { name: "Cancel this order" }).click();
      await page.getByRole("button", { name: "Yes, cancel this order" }).click();
      await page.getByText("Payment: paid → refund in progress").waitFor();

      const { admin, row } = await adminSeesRefundFailed(
        javaScript,
        orderRef,
        `Paystack could not send the money back. Return ${amount} to the customer another way (bank transfer)`,
      );
      // The shopper's page says the truth too: the money comes back by transfer, not to the card.
      await page.reload();
      await page
        .getByText(
          `Paystack could not send the money back. Our pharmacy will return ${amount} to you by bank transfer; we will message you when it is done.`,
        )
        .waitFor();
      await row.getByRole("button", { name: `Refunded by hand: order ${orderRef}` }).click();
      await admin.getByText(`Order ${orderRef} is now marked refunded`).waitFor();
      await row.getByTestId("admin-order-payment").filter({ hasText: "Refunded" }).waitFor();
      expect(await row.getByTestId("admin-order-refund-failed").count()).toBe(0);
      await page.reload();
      await page.getByText(`Refunded: our pharmacy returned ${amount} to you by bank transfer.`).waitFor();
    });

    it("an extra payment's refund Paystack could not make: staff mark it refunded by hand, the order stays Paid", async () => {
      const page = await (await newContext({ javaScript })).newPage();
      const amount = await checkOutOnline(page, javaScript);
      const standIn = new URL(page.url()).origin;
      await page.getByRole("button", { name: "Fail", exact: true }).click();
      await page.getByRole("heading", { name: "Your payment did not go through" }).waitFor();
      const orderUrl = page.url();
      const payAgain = page.getByRole("button", { name: `Try again: pay ${amount}` });
      // A second try left open on the gateway's page (another tab, say); a third is paid: the order keeps it.
      await payAgain.click();
      await page.waitForURL(/\/pay\/[a-f0-9]+$/);
      const extraPay = page.url();
      const reference = /Reference (\S+)\./.exec((await page.locator(".note").textContent())!)![1]!;
      await page.goto(orderUrl);
      await payAgain.click();
      await page.waitForURL(/\/pay\/[a-f0-9]+$/);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.getByText(`Paid online: ${amount}. Thank you!`).waitFor();
      const orderRef = /#(\S+)/.exec((await page.getByRole("heading", { level: 1 }).textContent())!)![1]!;
      // Then the open tab is paid too: that money goes straight back, and Paystack cannot send it.
      const failing = await fetch(`${standIn}/__standin/refund-fails?reference=${reference}`, {
        method: "POST",
      });
      expect(failing.status).toBe(200);
      expect((await fetch(`${extraPay}/pay`, { method: "POST", redirect: "manual" })).status).toBe(302);

      const { admin, row } = await adminSeesRefundFailed(
        javaScript,
        orderRef,
        `Paystack could not send back an extra payment the customer made; the order stays Paid. Return ${amount} to the customer another way (bank transfer)`,
      );
      await row.getByRole("button", { name: `Refunded by hand: order ${orderRef}` }).click();
      await admin
        .getByText(`Order ${orderRef}: its extra payment is marked refunded; the order stays Paid`)
        .waitFor();
      expect(await row.getByTestId("admin-order-refund-failed").count()).toBe(0);
      expect(await row.locator('[data-part="status"]').textContent()).toContain("Paid");
      await page.reload();
      await page.getByText(`Paid online: ${amount}. Thank you!`).waitFor();
    });

    it("a payment fails, the page offers to try again, and the guest pays on delivery instead", async () => {
      const page = await (await newContext({ javaScript })).newPage();
      const amount = await checkOutOnline(page, javaScript);
      await page.getByRole("button", { name: "Fail", exact: true }).click();
      await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?trxref=/);
      await page.getByRole("heading", { name: "Your payment did not go through" }).waitFor();
      const again = page.getByRole("button", { name: `Try again: pay ${amount}` });
      await again.waitFor();
      // Not paid yet: paying leads; the WhatsApp hand-off is there, second.
      await page.getByText("Questions before you pay?").waitFor();
      const whatsApp = page.getByRole("link", { name: "Send order on WhatsApp" });
      expect((await whatsApp.boundingBox())!.y).toBeGreaterThan((await again.boundingBox())!.y);
      await page.getByRole("button", { name: "Pay on delivery instead" }).click();
      await page.getByText("Payment: online → on delivery").waitFor();
      await page.getByText(/Pay on delivery \(cash or card on the rider’s POS\) · Not paid/).waitFor();
      await page
        .getByRole("heading", { name: "Your payment did not go through" })
        .waitFor({ state: "detached" });
    });
  },
);
