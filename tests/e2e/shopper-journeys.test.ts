/**
 * What a shopper on a 360 px phone trips over, with JavaScript on and off: the total before ordering, a
 * camera photo, cancelling with a question first, toasts beside buttons, the dashboard upload picked
 * before the page's script ran, the search box and menu, the state picker and the headline.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { PNG, register, uniqueEmail } from "./journeys";
import { addToCart, DELIVERY } from "./shopper-fixtures";

withBrowser();

const PHONE_360 = { width: 360, height: 740 };
const PRODUCT = "Ibuprofen 400mg Tablets (Pack of 24)";

const box = async (locator: Locator) => (await locator.boundingBox())!;
const intersects = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The screen at 360 px as the test left it, and the same page at 1366 px (to be looked at). */
async function shots(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `/tmp/shop-shots/${name}-360.png`, fullPage });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `/tmp/shop-shots/${name}-1366.png`, fullPage });
  await page.setViewportSize(PHONE_360);
}

const naira = (text: string) => Number(text.replace(/[^\d.]/g, ""));

async function fillDelivery(page: Page) {
  await page.getByLabel("Full name").fill("Chika Eze");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("total"));
  await page.getByLabel("Phone").fill(DELIVERY.phone);
  await page.getByLabel("Delivery address").fill(DELIVERY.address);
}

describe.each([{ javaScript: true }, { javaScript: false }])(
  "the total before ordering, JavaScript $javaScript",
  ({ javaScript }) => {
    it("shows the fee and the total for the chosen state, and the total on the order button", async () => {
      const context = await newContext({ javaScript, viewport: PHONE_360 });
      const page = await context.newPage();
      await addToCart(page, [PRODUCT]);
      await page.goto("/checkout");
      const total = page.getByTestId("checkout-total");
      await total.getByText("Choose your state to see the delivery fee and your total.").waitFor();
      await fillDelivery(page);
      await page.getByLabel("State", { exact: true }).selectOption("Kano");
      if (!javaScript) await page.getByRole("button", { name: "Show my total" }).click();
      await total.getByText("Delivery to Kano").waitFor();
      const subtotal = naira((await total.locator("p").first().innerText()).split("\n").pop()!);
      const fee = naira(await total.getByText("Delivery to Kano").locator("xpath=..").innerText());
      const sum = naira(
        (await total.getByText("Total", { exact: true }).locator("xpath=..").innerText()) ?? "",
      );
      expect(fee).toBe(4500);
      expect(sum).toBe(subtotal + fee);
      const button = page.getByRole("button", { name: /^Checkout via WhatsApp/ });
      expect(naira((await button.innerText()).split("·")[1])).toBe(sum);
      // Nothing typed was lost on the way (the step without JavaScript is a round trip).
      await expect(page.getByLabel("Full name").inputValue()).resolves.toBe("Chika Eze");
      await expect(page.getByLabel("Delivery address").inputValue()).resolves.toBe(DELIVERY.address);
      await shots(page, `checkout-total-${javaScript ? "js" : "nojs"}`);
      // The server charges what the page said.
      await button.click();
      await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?placed=1$/);
      await expect(naira(await page.getByTestId("order-total").innerText())).toBe(sum);
    });
  },
);

it("the drawer's delivery form shows the total live too", async () => {
  const context = await newContext({ viewport: PHONE_360 });
  const page = await context.newPage();
  await addToCart(page, [PRODUCT]);
  await page.getByTestId("cart-button").click();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  const drawer = page.locator("dialog.drawer");
  await drawer.getByLabel("State", { exact: true }).selectOption("Lagos");
  await drawer.getByTestId("checkout-total").getByText("Delivery to Lagos").waitFor();
  await drawer.getByRole("button", { name: /^Checkout via WhatsApp · ₦/ }).waitFor();
});

it("the state picker's longest choice fits a 360 px phone", async () => {
  const context = await newContext({ viewport: PHONE_360 });
  const page = await context.newPage();
  await addToCart(page, [PRODUCT]);
  await page.goto("/checkout");
  const select = page.getByLabel("State", { exact: true });
  const overflow = await select.evaluate((element) => {
    const picker = element as unknown as HTMLSelectElement;
    const style = getComputedStyle(element);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // The text's room: the box less its padding and the arrow's.
    const room = picker.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return [...picker.options]
      .map((option) => ({ text: option.text, width: context.measureText(option.text).width }))
      .filter((option) => option.width > room);
  });
  expect(overflow).toEqual([]);
});

describe("camera photos", () => {
  it("with JavaScript: a large photo is shrunk in the browser (≤ 2000 px, under 5 MB) before it is sent", async () => {
    const context = await newContext({ viewport: PHONE_360 });
    const page = await context.newPage();
    await register(page, "Bola Camera", uniqueEmail("camera"));
    await page.goto("/dashboard");
    const input = page.locator("#prescription-image");
    // A 3000×4000 photo of noise, as large as a camera's: built in the page, chosen as a shopper would.
    const original = await input.evaluate(async (element) => {
      const canvas = document.createElement("canvas");
      canvas.width = 3000;
      canvas.height = 4000;
      const context = canvas.getContext("2d")!;
      const pixels = context.createImageData(3000, 4000);
      for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = (i * 2654435761) >>> 24;
      context.putImageData(pixels, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 1));
      const transfer = new DataTransfer();
      transfer.items.add(new File([blob], "IMG_20261127.jpg", { type: "image/jpeg" }));
      (element as HTMLInputElement).files = transfer.files;
      element.dispatchEvent(new Event("change", { bubbles: true }));
      return blob.size;
    });
    expect(original).toBeGreaterThan(5 * 1024 * 1024);
    await page.getByRole("figure").waitFor();
    const sent = await input.evaluate(async (element) => {
      const file = (element as HTMLInputElement).files![0];
      const bitmap = await createImageBitmap(file);
      return { size: file.size, type: file.type, side: Math.max(bitmap.width, bitmap.height) };
    });
    expect(sent.type).toBe("image/jpeg");
    expect(sent.size).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(sent.side).toBe(2000);
    // Ready to send: the button waits for the smaller copy (the upload itself is the next test's).
    await expect(page.getByRole("button", { name: "Submit Prescription" }).isEnabled()).resolves.toBe(true);
  });
});

describe.each([{ javaScript: true }, { javaScript: false }])(
  "cancelling an order asks first, JavaScript $javaScript",
  ({ javaScript }) => {
    it("'Cancel this order' asks; 'Keep my order' keeps it; 'Yes' cancels and the page looks cancelled", async () => {
      const context = await newContext({ javaScript, viewport: PHONE_360 });
      const page = await context.newPage();
      await addToCart(page, [PRODUCT]);
      await page.goto("/checkout");
      await fillDelivery(page);
      await page.getByLabel("State", { exact: true }).selectOption("Ebonyi");
      await page.getByRole("button", { name: /^Checkout via WhatsApp/ }).click();
      await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?placed=1$/);
      const orderPath = new URL(page.url()).pathname;
      await page.goto(orderPath);

      await page.getByRole("link", { name: "Cancel this order" }).click();
      await page
        .getByText("Cancel this order? We will not prepare or deliver it, and this cannot be undone.")
        .waitFor();
      await shots(page, `order-cancel-question-${javaScript ? "js" : "nojs"}`);
      await page.getByRole("link", { name: "Keep my order" }).click();
      await page.getByRole("link", { name: "Cancel this order" }).waitFor();
      await expect(page.getByText("Pending", { exact: true }).count()).resolves.toBeGreaterThan(0);

      await page.getByRole("link", { name: "Cancel this order" }).click();
      await page.getByRole("button", { name: "Yes, cancel this order" }).click();
      await page.getByText("This order was cancelled. Nothing will be delivered.").waitFor();
      await expect(page.getByText("Send order on WhatsApp").count()).resolves.toBe(0);
      await shots(page, `order-cancelled-${javaScript ? "js" : "nojs"}`);
    });
  },
);

it("a toast never covers a button at the foot of a phone screen (/account's Save)", async () => {
  const context = await newContext({ viewport: PHONE_360 });
  const page = await context.newPage();
  await register(page, "Tunde Toast", uniqueEmail("toast"));
  await page.goto("/account");
  const save = page.getByRole("button", { name: "Save details" });
  // The Save button at the very foot of the screen, where a bottom toast would sit.
  await save.evaluate((button) => {
    const rect = button.getBoundingClientRect();
    window.scrollBy(0, rect.bottom - window.innerHeight + 8);
  });
  await save.click();
  const toast = page.locator("[data-sonner-toast]").first();
  await toast.waitFor();
  await page.waitForTimeout(400);
  const buttons = page.locator("main button:visible, main a:visible");
  const toastBox = await box(toast);
  for (const button of await buttons.all()) {
    const target = await button.boundingBox();
    if (target) expect(intersects(toastBox, target), await button.innerText()).toBe(false);
  }
  await page.screenshot({ path: "/tmp/shop-shots/account-toast-360.png" });
});

it("the dashboard upload works when the photo is picked before the page's script has run", async () => {
  const context = await newContext({ viewport: PHONE_360 });
  const page = await context.newPage();
  await register(page, "Ife Quick", uniqueEmail("quick"));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-/, async (route) => {
    await held;
    await route.continue();
  });
  const navigation = page.goto("/dashboard");
  const input = page.locator("#prescription-image");
  await input.waitFor({ state: "attached" });
  await input.setInputFiles({ name: "rx.png", mimeType: "image/png", buffer: PNG });
  await page.getByLabel(/I agree that MediStore/).check();
  release();
  await navigation;
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const submit = page.getByRole("button", { name: "Submit Prescription" });
  await expect.poll(() => submit.isEnabled(), { timeout: 5_000 }).toBe(true);
  await submit.click();
  await page.getByText("Prescription uploaded successfully!").waitFor();
  await page.goto("/dashboard");
  await page
    .getByText("Uploaded prescription 1")
    .or(page.locator("img[src^='/prescriptions/']"))
    .first()
    .waitFor();
});

describe.each([{ javaScript: true }, { javaScript: false }])(
  "search and the menu on a 360 px phone, JavaScript $javaScript",
  ({ javaScript }) => {
    it("a search box above the fold on every shop page; Track an order, Delivery fees and data saver in the menu", async () => {
      const context = await newContext({ javaScript, viewport: PHONE_360 });
      const page = await context.newPage();
      for (const path of ["/", "/about", "/delivery", "/cart"]) {
        await page.goto(path);
        const search = page.getByRole("search", { name: "Search the shop" }).getByRole("searchbox");
        const at = await box(search);
        expect(at.y + at.height, path).toBeLessThan(PHONE_360.height / 2);
      }
      await page.goto("/");
      await shots(page, `home-header-${javaScript ? "js" : "nojs"}`, false);
      await page.goto("/about");
      await page.getByRole("search", { name: "Search the shop" }).getByRole("searchbox").fill("ibuprofen");
      await page
        .getByRole("search", { name: "Search the shop" })
        .getByRole("button", { name: "Search" })
        .click();
      await page.waitForURL(/\/shop\?q=ibuprofen/);
      await page.getByRole("button", { name: `Add to cart: ${PRODUCT}`, exact: true }).waitFor();

      if (javaScript) await page.getByRole("button", { name: "Open menu" }).click();
      else await page.getByRole("link", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await menu.getByRole("link", { name: "Track an order" }).waitFor();
      await menu.getByRole("link", { name: "Delivery fees" }).waitFor();
      await menu.getByText("Uses less mobile data: leaves out product images and extras.").waitFor();
      await page.screenshot({ path: `/tmp/shop-shots/menu-${javaScript ? "js" : "nojs"}-360.png` });
      const toggle = menu.getByRole("switch", { name: "Data saver" });
      await expect(toggle.getAttribute("aria-checked")).resolves.toBe("false");
      await toggle.click();
      await page.getByTestId("data-saver-notice").waitFor();
      await expect(
        page
          .getByRole("dialog", { name: "Menu", includeHidden: true })
          .getByRole("switch", { includeHidden: true })
          .getAttribute("aria-checked"),
      ).resolves.toBe("true");
    });
  },
);

it("the headline is whole at first paint and only the phrase changes: nothing around it moves", async () => {
  const context = await newContext({ viewport: PHONE_360 });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("h1").first().innerText()).resolves.toBe(
    "Fast, secure delivery of trusted medicines",
  );
  const phrase = page.getByTestId("typing-phrase");
  const below = page.getByText("Order genuine medicines online");
  const heights = new Set<number>();
  const tops = new Set<number>();
  for (let i = 0; i < 12; i++) {
    heights.add(Math.round((await box(phrase)).height));
    tops.add(Math.round((await box(below)).y));
    await page.waitForTimeout(400);
  }
  expect([...heights]).toHaveLength(1);
  expect([...tops]).toHaveLength(1);
});
