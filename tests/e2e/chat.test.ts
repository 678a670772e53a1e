/**
 * Real-time chat in Chromium (issue 5): a customer on /dashboard and the demo admin on /admin, in two
 * browser contexts, against the app and the party started the way `npm start` starts them.
 */
import type { BrowserContext, Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../../scripts/demo-admin";
import { baseURL, newContext, withBrowser } from "./browser";
import { PASSWORD, register, uniqueEmail } from "./journeys";

withBrowser();

async function adminPage(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(/\/admin/);
  return page;
}

async function expectText(locator: Locator, text: string | RegExp) {
  await locator.filter({ hasText: text }).first().waitFor();
}

const unreadTotal = async (panel: Locator) =>
  Number(/\d+/.exec((await panel.getByTestId("chat-unread-total").textContent()) ?? "")?.[0]);

async function waitForTotal(panel: Locator, expected: number) {
  const deadline = Date.now() + 10_000;
  while ((await unreadTotal(panel)) !== expected) {
    if (Date.now() > deadline)
      throw new Error(`unread total stayed ${await unreadTotal(panel)}, wanted ${expected}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("chat between a customer and a pharmacist", () => {
  it("exchanges messages live, with typing, read state and the admin's unread counts", async () => {
    const name = "Chidinma Nwosu";
    const email = uniqueEmail("chat");
    const customerContext = await newContext();
    const customer = await customerContext.newPage();
    await register(customer, name, email);

    // The widget: connecting, then online; opens and closes; the box is about 16rem high.
    const launcher = customer.getByRole("button", { name: "Talk to a Doctor" });
    await launcher.click();
    const widget = customer.getByRole("region", { name: "Talk to a Doctor" });
    await expectText(widget.getByTestId("chat-status"), "Online");
    expect(await launcher.getAttribute("aria-expanded")).toBe("true");
    const log = widget.getByRole("log", { name: "Messages" });
    expect((await log.boundingBox())?.height).toBe(256);
    await widget.getByRole("button", { name: "Close chat" }).click();
    await widget.waitFor({ state: "detached" });
    await launcher.click();
    await expectText(widget.getByTestId("chat-status"), "Online");

    // The admin opens /admin, where the chat panel sits under the tabs.
    const adminContext = await newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await adminPage(adminContext);
    const panel = admin.locator("section", {
      has: admin.getByRole("heading", { name: "Chat with customers" }),
    });
    await panel.waitFor();
    const picker = panel.getByLabel("Customer");
    expect(await picker.locator("option").first().textContent()).toBe("-- Choose a user --");
    await panel.getByText("Select a user to start chatting.").waitFor();
    await expectText(panel.getByTestId("chat-status").first(), "Online");
    const totalBefore = await unreadTotal(panel);

    // Send is disabled for whitespace; Shift+Enter is a new line, Enter sends.
    const box = widget.getByRole("textbox", { name: "Message" });
    const send = widget.getByRole("button", { name: "Send" });
    await box.fill("   ");
    expect(await send.isDisabled()).toBe(true);
    await box.fill("Hello, I need advice");
    await box.press("Shift+Enter");
    await box.pressSequentially("about malaria tablets");
    expect(await box.inputValue()).toBe("Hello, I need advice\nabout malaria tablets");
    await box.press("Enter");
    expect(await box.inputValue()).toBe("");
    const first = log.locator("li", { hasText: "about malaria tablets" });
    await expectText(first, "Sent");

    // The admin's counts rise: per customer in the dropdown, and the total.
    const unreadOption = picker.locator("option", { hasText: `${name} (${email}) (1 unread)` });
    await unreadOption.waitFor({ state: "attached" });
    await waitForTotal(panel, totalBefore + 1);

    // Opening the conversation shows the history and marks it read: the customer sees it, the count clears.
    await picker.selectOption({ label: `${name} (${email}) (1 unread)` });
    const adminLog = panel.getByRole("log", { name: "Messages" });
    await expectText(adminLog, "about malaria tablets");
    await expectText(first, "Read");
    await waitForTotal(panel, totalBefore);
    await picker
      .locator("option", { hasText: `${name} (${email})` })
      .filter({ hasNotText: "unread" })
      .waitFor({
        state: "attached",
      });

    // Typing shows on the other side; the reply arrives live and is read at once (the widget is open).
    const adminBox = panel.getByRole("textbox", { name: "Message" });
    await adminBox.pressSequentially("Take them after food", { delay: 20 });
    await widget.getByText("Pharmacist is typing…").waitFor();
    await panel.getByRole("button", { name: "Send" }).click();
    await expectText(log, "Take them after food");
    await expectText(adminLog.locator("li", { hasText: "Take them after food" }), "Read");
    await widget.getByText("Pharmacist is typing…").waitFor({ state: "hidden" });

    await box.pressSequentially("Thank you", { delay: 20 });
    await panel.getByText(`${name} is typing…`).waitFor();

    // Text stays text.
    await box.fill('<img src=x onerror="document.title=1"> & <b>bold</b>');
    await box.press("Enter");
    await expectText(adminLog, "<b>bold</b>");
    expect(await adminLog.locator("img, b").count()).toBe(0);

    // History survives a reload on both sides.
    await customer.reload();
    await customer.getByRole("button", { name: "Talk to a Doctor" }).click();
    await expectText(customer.getByRole("log", { name: "Messages" }), "Take them after food");

    // The API answers the owner and the admin, and no one else (spec 7).
    const customerId = (
      (await (await customerContext.request.post("/chat/ticket")).json()) as { room: string }
    ).room;
    const path = `/api/chat/messages/${customerId}`;
    const own = await customerContext.request.get(path);
    expect(own.status()).toBe(200);
    const texts = ((await own.json()) as { text: string }[]).map((m) => m.text);
    expect(texts.slice(0, 2)).toEqual([
      "Hello, I need advice\nabout malaria tablets",
      "Take them after food",
    ]);
    expect((await adminContext.request.get(path)).status()).toBe(200);
    expect((await fetch(`${baseURL()}${path}`)).status).toBe(401);
    const stranger = await fetch(`${baseURL()}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Nosy Parker", email: uniqueEmail("nosy"), password: PASSWORD }),
    });
    const { token } = (await stranger.json()) as { token: string };
    expect(
      (await fetch(`${baseURL()}${path}`, { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(403);

    await customerContext.close();
    await adminContext.close();
  });

  it("without JavaScript, says chat needs it and offers WhatsApp instead", async () => {
    const context = await newContext({ javaScript: false });
    const page = await context.newPage();
    await register(page, "No Script", uniqueEmail("nojs-chat"));
    // (Playwright's text matching skips <noscript>, so the fallback is found by its role.)
    const fallback = page.getByRole("region", { name: "Talk to a Doctor" });
    expect(await fallback.textContent()).toContain("Chat with a doctor or pharmacist needs JavaScript");
    const link = fallback.getByRole("link", { name: "Chat on WhatsApp" });
    expect(await link.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\d+/);
    expect(await page.getByRole("button", { name: "Talk to a Doctor" }).count()).toBe(0);
    await context.close();
  });

  it("with JavaScript, the fallback stays hidden", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await register(page, "With Script", uniqueEmail("js-chat"));
    await page.getByRole("button", { name: "Talk to a Doctor" }).waitFor();
    // With scripting on, <noscript> holds plain text, not elements: no fallback region, no WhatsApp button.
    expect(await page.getByRole("region", { name: "Talk to a Doctor" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Chat on WhatsApp" }).count()).toBe(0);
    await context.close();
  });
});
