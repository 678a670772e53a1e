/**
 * The back office on a 360 px phone, with JavaScript on and off: a status change the server refuses leaves
 * the picker on the order's real status (not on the one picked), and the messages inbox fits the screen
 * whatever the length of an e-mail address.
 */
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { loginAsDemoAdmin, uniqueEmail } from "./journeys";
import { addToCart, checkOut, executeOnServerDb, LONG_NAMES } from "./shopper-fixtures";

withBrowser();

const PHONE_360 = { width: 360, height: 740 };
const AWAITING_REVIEW = "This order is waiting for a pharmacist to approve its prescription.";

/**
 * A guest order whose prescription still awaits the pharmacist, so the server refuses to ship it. The
 * review status is written straight into D1: how a prescription order is placed is another test's business.
 */
async function orderAwaitingReview(): Promise<string> {
  const context = await newContext({ javaScript: false });
  const page = await context.newPage();
  await addToCart(page, LONG_NAMES.slice(0, 1));
  await checkOut(page, { name: "Obinna Refused-Ship", email: uniqueEmail("refused") });
  const ref = (await page.getByRole("heading", { name: /^Order #/ }).textContent())!.replace("Order #", "");
  executeOnServerDb(`UPDATE orders SET review_status = 'pending' WHERE order_ref = '${ref}'`);
  return ref;
}

async function adminOn360(javaScript: boolean) {
  const context = await newContext({ javaScript, viewport: PHONE_360 });
  const page = await context.newPage();
  await loginAsDemoAdmin(page);
  return page;
}

describe("a refused status change", () => {
  for (const javaScript of [true, false]) {
    it(`with JavaScript ${javaScript ? "on" : "off"}, says why and shows the order's real status again`, async () => {
      const ref = await orderAwaitingReview();
      const page = await adminOn360(javaScript);
      await page.goto(`/admin/orders?q=${encodeURIComponent(ref)}`);
      // Twice: the second refusal of the same order must put the picker back too.
      for (const attempt of [1, 2]) {
        const select = page.getByLabel(`Status of order ${ref}`);
        await select.selectOption("Shipped");
        if (!javaScript)
          await page
            .getByTestId("admin-order")
            .filter({ hasText: ref })
            .getByRole("button", { name: "Save" })
            .click();
        await page.getByRole("alert").filter({ hasText: AWAITING_REVIEW }).waitFor();
        await expect
          .poll(() => page.getByLabel(`Status of order ${ref}`).inputValue(), {
            message: `attempt ${attempt}`,
            timeout: 10_000,
          })
          .toBe("Pending");
      }
    });
  }
});

describe("Admin › Messages", () => {
  for (const javaScript of [true, false]) {
    it(`with JavaScript ${javaScript ? "on" : "off"}, fits a 360 px phone with a long e-mail address and a long word`, async () => {
      const email = `${"chukwuemeka.adaeze-okonkwo".repeat(2)}.${Date.now()}@example-pharmacy-customers.com.ng`;
      const word = "Paracetamol".repeat(6);
      executeOnServerDb(
        `INSERT INTO contact_messages (name, email, message) VALUES ('Chukwuemeka Okonkwo-Adebayo', '${email}', 'Do you stock ${word}?')`,
      );
      const page = await adminOn360(javaScript);
      await page.goto("/admin/messages");
      await page.getByRole("link", { name: email }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const box = (await page.getByRole("link", { name: email }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    });
  }
});
