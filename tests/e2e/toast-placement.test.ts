/**
 * Toasts cover nothing to press, on a 360 px phone and on a desktop: the pages that toast (registering,
 * /account's Save at the foot of the screen, Add to cart high and low on the home page, a status change in
 * Admin › Orders), each toast measured once it has slid in, against every button, link and field showing.
 * axe runs with each toast on screen too (its colours against its background).
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it, vi } from "vitest";
import { axeViolations } from "./axe";
import { newContext, withBrowser } from "./browser";
import { loginAsDemoAdmin, register, uniqueEmail } from "./journeys";
import { addToCart, checkOut, LONG_NAMES } from "./shopper-fixtures";

withBrowser();

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
];

/** The toast's box once it stops moving (it slides in). */
async function settledBox(toast: Locator) {
  let last = "";
  return vi.waitFor(
    async () => {
      const box = await toast.boundingBox();
      const now = JSON.stringify(box);
      const still = box !== null && now === last;
      last = now;
      if (!still) throw new Error("the toast is still moving");
      return box;
    },
    { timeout: 5_000, interval: 150 },
  );
}

/** The controls showing under the toast, described; none is the answer wanted. */
async function coveredBy(page: Page, toast: Locator): Promise<string[]> {
  const box = await settledBox(toast);
  return page.evaluate((box) => {
    const controls = "a[href], button, input:not([type=hidden]), select, textarea, summary";
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(controls)) {
      if (el.closest("[data-sonner-toaster]")) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      if (r.right <= box.x || r.left >= box.x + box.width || r.bottom <= box.y || r.top >= box.y + box.height)
        continue;
      const name = el.getAttribute("aria-label") || el.textContent || el.getAttribute("name") || "";
      covered.push(`<${el.tagName.toLowerCase()}> "${name.replace(/\s+/g, " ").trim().slice(0, 50)}"`);
    }
    return covered;
  }, box);
}

/** Checks the toast saying `text`: it covers nothing, and axe finds nothing with it showing. */
async function expectClearToast(page: Page, text: string, shot: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
  await toast.waitFor();
  expect(await coveredBy(page, toast), `what the toast "${text}" covers`).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `/tmp/a11y-shots/toast-${shot}.png` });
  await toast.waitFor({ state: "detached" });
}

for (const viewport of WIDTHS) {
  describe(`toasts cover no control at ${viewport.width} px`, () => {
    it("registering, then /account's Save at the foot of the screen", async () => {
      const page = await (await newContext({ viewport })).newPage();
      await register(page, "Tunde Toast", uniqueEmail("toast"));
      await expectClearToast(page, "Registration successful!", `register-${viewport.width}`);

      await page.goto("/account");
      const save = page.getByRole("button", { name: "Save details" });
      // Save at the very foot of the screen, where a bottom toast would sit.
      await save.evaluate((button) => {
        const rect = button.getBoundingClientRect();
        window.scrollBy({ top: rect.bottom - window.innerHeight + 8, behavior: "instant" });
      });
      await save.click();
      await expectClearToast(page, "Your details have been saved.", `account-save-${viewport.width}`);

      // At the top of the page: the header, and on a phone its search row, stay clear.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      await save.click();
      await expectClearToast(page, "Your details have been saved.", `account-save-top-${viewport.width}`);
    });

    it("Add to cart, a button low on the screen and one high on it", async () => {
      const page = await (await newContext({ viewport })).newPage();
      await page.goto("/");
      const cards = page.locator('[data-testid="product-grid"] > li');
      for (const [index, low] of [
        [4, true],
        [7, false],
      ] as const) {
        const card = cards.nth(index);
        const button = card.getByRole("button", { name: /^Add to cart: / });
        await button.evaluate((el, low) => {
          const rect = el.getBoundingClientRect();
          const target = low ? window.innerHeight - 110 : 130;
          window.scrollBy({ top: rect.top + rect.height / 2 - target, behavior: "instant" });
        }, low);
        const name = (await card.getByRole("heading").textContent())!;
        await button.click();
        await expectClearToast(
          page,
          `${name} added to cart`,
          `add-${low ? "low" : "high"}-${viewport.width}`,
        );
      }
    });

    it("a status change in Admin › Orders", async () => {
      const shopper = await (await newContext({ javaScript: false })).newPage();
      const email = uniqueEmail("toast-status");
      await addToCart(shopper, LONG_NAMES.slice(0, 1));
      await checkOut(shopper, { name: "Musa Toast", email });

      const admin = await (await newContext({ viewport })).newPage();
      await loginAsDemoAdmin(admin, "/admin/orders");
      await admin.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
      await admin.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
      const row = admin.getByTestId("admin-order");
      const ref = (await row.locator("summary").textContent())!.trim();
      await row.getByLabel(`Status of order ${ref}`).selectOption("Processing");
      await expectClearToast(admin, `Order ${ref} is now Processing`, `admin-status-${viewport.width}`);
    });
  });
}
