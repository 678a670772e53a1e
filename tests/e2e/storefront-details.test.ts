/**
 * The storefront details a shopper on a 360 px phone trips over: the WhatsApp tab on refused checkouts,
 * one message for missing fields, the contact confirmation in view, Add to cart without JavaScript
 * returning to its card, typed quantities, the add toast beside its button, Consult for a signed-in
 * customer, and long names in the cart.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { register, uniqueEmail } from "./journeys";
import { addToCart, LONG_NAMES } from "./shopper-fixtures";

withBrowser();

const PHONE_360 = { width: 360, height: 740 };
const MISSING = "Please fill in delivery name, phone, address and email.";

const hydrated = (page: Page) => page.getByRole("button", { name: "Open menu" }).waitFor();

/** The element's box is wholly inside the viewport, below the sticky header. */
async function inView(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const header = (await page.locator("header").first().boundingBox())!;
  const viewport = page.viewportSize()!;
  return box.y >= header.y + header.height - 1 && box.y + box.height <= viewport.height + 1;
}

const intersects = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** With JavaScript: an item in the cart (through the grid), and the drawer's delivery form open. */
async function deliveryFormInDrawer(page: Page) {
  await page.goto("/");
  await hydrated(page);
  await page.locator('[data-testid="product-grid"] li button').first().click();
  await page.locator('[data-testid="cart-count"]', { hasText: "1" }).waitFor();
  await page.getByTestId("cart-button").click();
  await page
    .getByRole("dialog", { name: "Your cart" })
    .getByRole("button", { name: "Proceed to Checkout" })
    .click();
  return page.getByRole("dialog", { name: "Delivery details" });
}

describe("checkout", () => {
  it("with JavaScript, a form the server would refuse opens no WhatsApp tab and says why", async () => {
    const context = await newContext({ viewport: PHONE_360 });
    const page = await context.newPage();
    const details = await deliveryFormInDrawer(page);
    await details.getByLabel("Full name").fill("Chioma Eze");
    await details.getByLabel("Email", { exact: true }).fill("chioma@example.com");
    await details.getByLabel("Phone").fill("12345");
    await details.getByLabel("Delivery address").fill("14 Water Works Road, Abakaliki");
    await details.getByLabel("State", { exact: true }).selectOption("Ebonyi");

    const opened: string[] = [];
    context.on("page", (tab) => opened.push(tab.url()));
    await details.getByRole("button", { name: "Checkout via WhatsApp" }).click();
    await details.getByText("Please enter a Nigerian phone number").first().waitFor();
    expect(await details.getByLabel("Phone").getAttribute("aria-invalid")).toBe("true");
    expect(opened).toEqual([]);

    // Put right, the order goes through and WhatsApp opens in its tab.
    await details.getByLabel("Phone").fill("0803 555 1234");
    const popup = context.waitForEvent("page");
    await details.getByRole("button", { name: "Checkout via WhatsApp" }).click();
    await (await popup).waitForURL(/^https:\/\/wa\.me\//);
    await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?placed=1$/);
  });

  for (const javaScript of [true, false]) {
    it(`with JavaScript ${javaScript ? "on" : "off"}, blank fields get the missing-fields message once, each field marked`, async () => {
      const context = await newContext({ javaScript, viewport: PHONE_360 });
      const page = await context.newPage();
      let form: Locator;
      if (javaScript) {
        form = await deliveryFormInDrawer(page);
      } else {
        await addToCart(page, LONG_NAMES.slice(0, 1));
        await page.goto("/checkout");
        form = page.locator("main");
      }
      // Spaces pass the browser's own "required" check; the schema trims them away.
      for (const label of ["Full name", "Phone", "Delivery address"])
        await form.getByLabel(label).fill("   ");
      await form.getByLabel("Email", { exact: true }).fill("");
      await form
        .locator("form")
        .filter({ has: page.getByRole("button", { name: "Checkout via WhatsApp" }) })
        .evaluate((el) => el.setAttribute("novalidate", ""));
      await form.getByRole("button", { name: "Checkout via WhatsApp" }).click();
      await form.getByText(MISSING).first().waitFor();
      expect(await form.getByText(MISSING).count()).toBe(1);
      for (const label of ["Full name", "Email", "Phone", "Delivery address"]) {
        expect(await form.getByLabel(label, { exact: true }).getAttribute("aria-invalid"), label).toBe(
          "true",
        );
      }
    });
  }
});

describe("contact", () => {
  for (const viewport of [PHONE_360, { width: 412, height: 915 }]) {
    it(`with JavaScript on a ${viewport.width} px phone, the confirmation is in view after sending`, async () => {
      const context = await newContext({ viewport });
      const page = await context.newPage();
      await page.goto("/contact");
      await hydrated(page);
      await page.locator("#contact-name").fill("Obinna Okafor");
      await page.locator("#contact-email").fill("obinna@example.com");
      await page.locator("#contact-message").fill("Do you deliver to Afikpo on Saturdays?");
      await page.getByRole("button", { name: "Send message" }).click();
      const confirmation = page.getByRole("status").filter({ hasText: "Message sent successfully!" });
      await confirmation.waitFor();
      await expect.poll(() => inView(page, confirmation)).toBe(true);
    });
  }
});

describe("adding to the cart", () => {
  it("without JavaScript, Add to cart comes back to the card that was added", async () => {
    const context = await newContext({ javaScript: false, viewport: PHONE_360 });
    const page = await context.newPage();
    await page.goto("/");
    const card = page.locator('[data-testid="product-grid"] > li').nth(9);
    const name = (await card.getByRole("heading").textContent())!;
    await card.getByRole("button", { name: `Add to cart: ${name}` }).click();
    await page.getByTestId("cart-count").filter({ hasText: "1" }).waitFor();
    const id = await card.getAttribute("id");
    expect(id ?? "(none)").toMatch(/^product-\d+$/);
    expect(new URL(page.url()).hash).toBe(`#${id}`);
    // (The page glides there: the site scrolls smoothly.)
    await expect
      .poll(() => inView(page, card.getByRole("button", { name: `Add to cart: ${name}` })))
      .toBe(true);
    // The confirmation is seen there too, not only at the top of the page.
    const note = page.getByRole("status").filter({ hasText: `${name} added to cart` });
    expect(await note.isVisible()).toBe(true);
    const box = (await note.boundingBox())!;
    expect(box.y >= 0 && box.y + box.height <= PHONE_360.height).toBe(true);
  });

  it("with JavaScript, the add toast never covers the Add to cart button just pressed", async () => {
    const context = await newContext({ viewport: PHONE_360 });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    const cards = page.locator('[data-testid="product-grid"] > li');
    // A button low on the screen, then one high on it.
    for (const [index, where] of [
      [4, "low"],
      [7, "high"],
    ] as const) {
      const card = cards.nth(index);
      const button = card.getByRole("button", { name: /^Add to cart: / });
      await button.evaluate((el, low) => {
        const rect = el.getBoundingClientRect();
        const target = low ? window.innerHeight - 110 : 130;
        window.scrollBy({ top: rect.top + rect.height / 2 - target, behavior: "instant" });
      }, where === "low");
      const name = (await card.getByRole("heading").textContent())!;
      await button.click();
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: `${name} added to cart` });
      await toast.waitFor();
      await page.waitForTimeout(450); // the toast's slide-in animation
      const [toastBox, buttonBox] = [(await toast.boundingBox())!, (await button.boundingBox())!];
      expect(intersects(toastBox, buttonBox), `toast over the ${where} button`).toBe(false);
      await toast.waitFor({ state: "detached" });
    }
  });
});

/**
 * A tap at the element's place, whatever is on top of it there (Playwright's own click insists that the
 * element takes it itself). Once the spot is drawn: a card far down the grid is rendered only near view.
 */
async function tapOn(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await expect
    .poll(() => page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.tagName, [x, y]))
    .toBe("A");
  await page.mouse.click(x, y);
}

describe("a product card", () => {
  for (const javaScript of [true, false]) {
    it(`with JavaScript ${javaScript ? "on" : "off"}, opens its product from a tap anywhere on it but its Add to cart button, which adds`, async () => {
      const context = await newContext({ javaScript, viewport: PHONE_360 });
      const page = await context.newPage();
      for (const [added, list, index] of [
        [1, '[data-testid="product-grid"] > li', 5],
        [2, '[aria-label="Popular medicines"] > li', 1],
      ] as const) {
        await page.goto("/");
        const card = page.locator(list).nth(index);
        // One link a card, its name, announced once.
        const link = card.getByRole("link");
        expect(await link.count()).toBe(1);
        const name = (await link.textContent())!;
        await card.getByRole("button", { name: `Add to cart: ${name}` }).click();
        await page
          .getByTestId("cart-count")
          .filter({ hasText: String(added) })
          .waitFor();
        // Answered, so that the next page has no change of the cart's to send again.
        await page.locator('[data-testid="cart-button"][aria-busy="false"]').waitFor();
        expect(new URL(page.url()).pathname).toBe("/");
        // The picture and the price are no links of their own, yet a tap on either opens the product.
        for (const part of [card.locator("img"), card.getByText("₦").first()]) {
          await page.goto("/");
          await tapOn(page, part);
          await page.getByRole("heading", { level: 1, name, exact: true }).waitFor();
          expect(new URL(page.url()).pathname).toMatch(/^\/products\//);
        }
      }
    });
  }
});

describe("typed quantities", () => {
  it("0, −3, 2.5 and 150 give our message, and the box always shows what the cart holds", async () => {
    const context = await newContext({ viewport: PHONE_360 });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
    await page.goto("/");
    await hydrated(page);
    const card = page.locator('[data-testid="product-grid"] > li').first();
    const name = (await card.getByRole("heading").textContent())!;
    await card.getByRole("button", { name: `Add to cart: ${name}` }).click();
    await page.getByTestId("cart-count").filter({ hasText: "1" }).waitFor();
    // A tap that came before the grid's code was a plain form post: the page it loaded hydrates anew.
    await hydrated(page);
    await page.getByTestId("cart-button").click();
    const drawer = page.getByRole("dialog", { name: "Your cart" });
    const box = drawer.getByLabel(`Quantity of ${name}`, { exact: true });

    for (const [typed, holds] of [
      ["0", "1"],
      ["150", "99"],
      ["-3", "1"],
      ["2.5", "2"],
    ] as const) {
      await box.fill(typed);
      await drawer.getByText("Please enter a whole number from 1 to 99.").waitFor();
      await box.press("Tab");
      await page
        .getByTestId("cart-count")
        .filter({ hasText: new RegExp(`^${holds}$`) })
        .waitFor();
      expect(await box.inputValue(), `typed ${typed}`).toBe(holds);
    }
    await page.locator('[data-testid="cart-button"][aria-busy="false"]').waitFor();
    await page.reload();
    await hydrated(page);
    await page.getByTestId("cart-button").click();
    expect(await box.inputValue()).toBe("2");
    expect(consoleErrors.filter((e) => /not focusable|invalid form control/i.test(e))).toEqual([]);
  });
});

describe("Consult, signed in", () => {
  for (const javaScript of [true, false]) {
    it(`with JavaScript ${javaScript ? "on" : "off"}, opens the chat with a pharmacist`, async () => {
      const context = await newContext({ javaScript, viewport: PHONE_360 });
      const page = await context.newPage();
      await register(page, "Ngozi Consult", uniqueEmail("consult"));
      await page.goto("/");
      if (javaScript) {
        await hydrated(page);
        await page.getByRole("button", { name: "Open menu" }).click();
      } else {
        await page.getByRole("link", { name: "Open menu" }).click();
      }
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Consult" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard" && url.hash === "#chat");
      // With JavaScript the widget opens; without it, the page's chat section says what to do instead.
      const chat = page.getByRole("region", { name: "Talk to a Doctor" });
      await chat.waitFor();
      expect(await inView(page, chat)).toBe(true);

      // The hero's "Consult a Pharmacist" goes there too.
      await page.goto("/");
      await page.getByRole("link", { name: "Consult a Pharmacist" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard" && url.hash === "#chat");
    });
  }
});

describe("the cart", () => {
  for (const javaScript of [true, false]) {
    it(`with JavaScript ${javaScript ? "on" : "off"}, wraps long product names instead of cutting them`, async () => {
      const context = await newContext({ javaScript, viewport: PHONE_360 });
      const page = await context.newPage();
      await addToCart(page, LONG_NAMES);
      let scope: Locator;
      if (javaScript) {
        await page.goto("/");
        await hydrated(page);
        await page.getByTestId("cart-button").click();
        scope = page.getByRole("dialog", { name: "Your cart" });
      } else {
        await page.goto("/cart");
        scope = page.locator("main");
      }
      for (const name of LONG_NAMES) {
        const shown = scope.getByText(name, { exact: true });
        await shown.waitFor();
        const cut = await shown.evaluate(
          (el) => el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === "ellipsis",
        );
        expect(cut, name).toBe(false);
      }
    });
  }
});
