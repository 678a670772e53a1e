/**
 * Admin › Orders: picking Cancelled asks first, as the shopper's "Cancel this order" does, with JavaScript
 * on (the question opens as soon as Cancelled is picked) and off (Save brings the question back); "Keep
 * this order" changes nothing, "Yes, cancel this order" cancels.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { loginAsDemoAdmin, uniqueEmail } from "./journeys";
import { addToCart, checkOut, LONG_NAMES } from "./shopper-fixtures";

withBrowser();

const PHONE_360 = { width: 360, height: 740 };

for (const javaScript of [true, false]) {
  it(`choosing Cancelled asks first (JavaScript ${javaScript ? "on" : "off"})`, async () => {
    const shopper = await (await newContext({ javaScript: false })).newPage();
    const email = uniqueEmail(`admin-cancel-${javaScript ? "js" : "nojs"}`);
    await addToCart(shopper, LONG_NAMES.slice(0, 1));
    await checkOut(shopper, { name: "Bola Ahmed", email });

    const admin = await (await newContext({ javaScript, viewport: PHONE_360 })).newPage();
    await loginAsDemoAdmin(admin, "/admin/orders");
    await admin.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
    const row = admin.getByTestId("admin-order");
    await expect(row.count()).resolves.toBe(1);
    const ref = (await row.locator("summary").textContent())!.trim();

    const pickCancelled = async (page: Page) => {
      await row.getByLabel(`Status of order ${ref}`).selectOption("Cancelled");
      if (!javaScript) await row.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByRole("heading", { name: `Cancel order ${ref}?` }).waitFor();
    };

    await pickCancelled(admin);
    // Asking changed nothing yet.
    await expect(row.locator("td[data-part=status] > span").first().textContent()).resolves.toBe("Pending");
    const tag = javaScript ? "js" : "nojs";
    await admin.screenshot({ path: `/tmp/a11y-shots/admin-cancel-question-${tag}-360.png` });
    await admin.setViewportSize({ width: 1366, height: 768 });
    await admin.screenshot({ path: `/tmp/a11y-shots/admin-cancel-question-${tag}-1366.png` });
    await admin.setViewportSize(PHONE_360);

    await admin.getByRole("link", { name: "Keep this order" }).click();
    await admin.getByTestId("admin-cancel-question").waitFor({ state: "detached" });
    await expect(row.getByLabel(`Status of order ${ref}`).inputValue()).resolves.toBe("Pending");
    await expect(row.locator("td[data-part=status] > span").first().textContent()).resolves.toBe("Pending");

    await pickCancelled(admin);
    await admin.getByRole("button", { name: "Yes, cancel this order" }).click();
    await admin.getByText(`Order ${ref} is now Cancelled`).first().waitFor();
    await row.getByText("Cancelled: its status no longer changes.").waitFor();
  });
}
