/**
 * Back-office details: the orders list on a 360 px phone, a name for every new admin, replies signed with
 * a pharmacist's name, and the chat panel without JavaScript.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { agreeToChat, DEMO_ADMIN, loginAsDemoAdmin, register, uniqueEmail } from "./journeys";
import { addToCart, checkOut, LONG_NAMES } from "./shopper-fixtures";

withBrowser();

const PHONE_360 = { width: 360, height: 740 };

/** A guest order (no JavaScript), so the orders list has one. */
async function placeOrder() {
  const context = await newContext({ javaScript: false });
  const page = await context.newPage();
  await addToCart(page, LONG_NAMES.slice(0, 1));
  await checkOut(page, { name: "Emeka Phone-Order", email: uniqueEmail("order") });
  return (await page.getByRole("heading", { name: /^Order #/ }).textContent())!.replace("Order #", "");
}

async function adminOn(viewport: { width: number; height: number }, javaScript = true) {
  const context = await newContext({ javaScript, viewport });
  const page = await context.newPage();
  await loginAsDemoAdmin(page);
  return page;
}

/** Horizontal extent of an element, for "fits the screen" checks. */
const xs = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, lines: el.getClientRects().length, height: r.height };
    });

describe("admin orders on a phone", () => {
  for (const javaScript of [true, false]) {
    it(`with JavaScript ${javaScript ? "on" : "off"}, each order shows its ref on one line, its date, status and status control within 360 px`, async () => {
      const ref = await placeOrder();
      const page = await adminOn(PHONE_360, javaScript);
      await page.goto("/admin/orders");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const row = page.getByTestId("admin-order").filter({ hasText: ref });
      await row.waitFor();
      const id = await row.getAttribute("data-order-id");
      const scope = `[data-order-id="${id}"]`;
      for (const part of ["ref", "date", "status", "total"]) {
        const box = await xs(page, `${scope} [data-part="${part}"]`);
        expect(box.left, part).toBeGreaterThanOrEqual(0);
        expect(box.right, part).toBeLessThanOrEqual(360);
      }
      const select = page.getByLabel(`Status of order ${ref}`);
      const selectBox = (await select.boundingBox())!;
      expect(selectBox.x).toBeGreaterThanOrEqual(0);
      expect(selectBox.x + selectBox.width).toBeLessThanOrEqual(360);
      // The ref is one line: no wrapping of "MS-XXXXXX".
      const refBox = await xs(page, `${scope} [data-part="ref"] summary`);
      expect(refBox.height).toBeLessThan(30);
      expect(await row.locator("time").count()).toBeGreaterThan(0);
    });
  }

  it("on a desktop, the table has a Date column", async () => {
    await placeOrder();
    const page = await adminOn({ width: 1366, height: 900 });
    await page.goto("/admin/orders");
    const headers = await page.getByRole("columnheader").allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(["Order Ref", "Date", "Email", "Total", "Status", "Action"]);
  });

  it("moving from the shop to Admin › Orders in the browser brings the back office's styles with it", async () => {
    await placeOrder();
    const page = await adminOn({ width: 1366, height: 900 });
    await page.goto("/");
    // The shop's pages carry only the shop's sheet.
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    // A mark on this document: still there after the moves, so they were made by the app, not page loads.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Orders" })
      .click();
    await page.waitForURL((url) => url.pathname === "/admin/orders");
    const row = page.getByTestId("admin-order").first();
    await row.waitFor();
    // From md up an order's cells are padded by the .order-row rules, which only the back office's sheet holds.
    const cell = row.locator('[data-part="ref"]');
    expect(await cell.evaluate((el) => getComputedStyle(el).paddingLeft)).toBe("12px");
    expect(await page.locator('link[rel="stylesheet"][href*="back-office"]').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });
});

describe("admins have names", () => {
  it("the create-admin form asks for a name, and the server refuses one without it", async () => {
    const page = await adminOn({ width: 1280, height: 900 }, false);
    await page.goto("/admin/admins");
    const name = page.getByLabel("Name", { exact: true });
    expect(await name.getAttribute("required")).not.toBeNull();
    await page.getByLabel("Email").fill(uniqueEmail("nameless"));
    await name.fill("   ");
    await page.getByLabel("Password", { exact: true }).fill("second-admin-passphrase");
    await page.getByRole("button", { name: "Create admin" }).click();
    await page.getByText("Please enter the admin's name.").first().waitFor();

    const email = uniqueEmail("named");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Name", { exact: true }).fill("Pharm. Tunde Bello");
    await page.getByLabel("Password", { exact: true }).fill("second-admin-passphrase");
    await page.getByRole("button", { name: "Create admin" }).click();
    await page.getByText("New admin created successfully!").first().waitFor();
    await page
      .getByRole("listitem")
      .filter({ hasText: email })
      .filter({ hasText: "Pharm. Tunde Bello" })
      .waitFor();
  });

  it("the demo admin's replies are signed with a pharmacist's name", async () => {
    expect(DEMO_ADMIN.name).toMatch(/^Pharm\. [A-Z][a-z]+ [A-Z][a-z]+$/);

    const customerContext = await newContext();
    const customer = await customerContext.newPage();
    const email = uniqueEmail("signed");
    await register(customer, "Kelechi Signed", email);
    await agreeToChat(customer);
    const widget = customer.getByRole("region", { name: "Talk to a Doctor" });
    await widget.getByTestId("chat-status").filter({ hasText: "Online" }).waitFor();

    const admin = await adminOn({ width: 1280, height: 900 });
    const panel = admin.locator("section", {
      has: admin.getByRole("heading", { name: "Chat with customers" }),
    });
    await panel.getByTestId("chat-status").first().filter({ hasText: "Online" }).waitFor();
    await panel.getByLabel("Customer").selectOption({ label: `Kelechi Signed (${email})` });
    await panel.getByTestId("chat-status").nth(1).filter({ hasText: "Online" }).waitFor();
    await panel.getByRole("textbox", { name: "Message" }).fill("Take it after meals.");
    await panel.getByRole("button", { name: "Send" }).click();

    const reply = widget.getByRole("listitem").filter({ hasText: "Take it after meals." });
    await reply.waitFor();
    expect(await reply.textContent()).toContain(DEMO_ADMIN.name);
    expect(await reply.textContent()).not.toMatch(/Demo Admin|\bAdmin\b/);
  });
});

describe("the admin chat panel without JavaScript", () => {
  it("says chat needs JavaScript, and nothing claims to be loading", async () => {
    const page = await adminOn({ width: 1280, height: 900 }, false);
    const panel = page.locator("section", {
      has: page.getByRole("heading", { name: "Chat with customers" }),
    });
    await panel.waitFor();
    expect(await panel.getByText("Chat with customers needs JavaScript.").isVisible()).toBe(true);
    expect(await panel.getByText("Loading chat…").isVisible()).toBe(false);
    expect(await panel.getByText("Select a user to start chatting.").isVisible()).toBe(false);
  });
});
