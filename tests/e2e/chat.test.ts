/**
 * Real-time chat in Chromium: a customer on /dashboard and the demo admin on /admin, in two browser
 * contexts, against the app and the party started the way `npm start` starts them. Each test brings its own
 * customer, so each can fail on its own.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, newContext, withBrowser } from "./browser";
import { agreeToChat, loginAsDemoAdmin, PASSWORD, register, uniqueEmail } from "./journeys";

withBrowser();

async function expectText(locator: Locator, text: string | RegExp) {
  await locator.filter({ hasText: text }).first().waitFor();
}

/** The message list, the box and the Send button of a conversation on screen (widget or admin panel). */
function conversationIn(scope: Locator) {
  return {
    log: scope.getByRole("log", { name: "Messages" }),
    box: scope.getByRole("textbox", { name: "Message" }),
    send: scope.getByRole("button", { name: "Send" }),
  };
}

/** A newly registered customer on /dashboard (registered before the admin's page lists customers). */
async function newCustomer() {
  const name = "Chidinma Nwosu";
  const email = uniqueEmail("chat");
  const context = await newContext();
  const page = await context.newPage();
  await register(page, name, email);
  // Before the first chat the widget asks for consent; "I agree" records it and reopens the chat.
  await agreeToChat(page);
  await expectText(
    page.getByRole("region", { name: "Talk to a Doctor" }).getByTestId("chat-status"),
    "Online",
  );
  await page.goto("/dashboard");
  return { name, email, label: `${name} (${email})`, context, page };
}
type Customer = Awaited<ReturnType<typeof newCustomer>>;

/** Opens the customer's "Talk to a Doctor" widget and waits until it is online. */
async function openWidget(page: Page) {
  await page.getByRole("button", { name: "Talk to a Doctor" }).click();
  const widget = page.getByRole("region", { name: "Talk to a Doctor" });
  await expectText(widget.getByTestId("chat-status"), "Online");
  return { widget, ...conversationIn(widget) };
}

/** The demo admin on /admin, with the chat panel under the tabs online. */
async function adminWithPanel() {
  const context = await newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await loginAsDemoAdmin(page);
  const panel = page.locator("section", { has: page.getByRole("heading", { name: "Chat with customers" }) });
  await panel.waitFor();
  await expectText(panel.getByTestId("chat-status").first(), "Online");
  return { context, page, panel, picker: panel.getByLabel("Customer"), ...conversationIn(panel) };
}
type Admin = Awaited<ReturnType<typeof adminWithPanel>>;

/** The admin picks the customer's conversation (by its option's text) and waits until it is online. */
async function openConversation(admin: Admin, label: string) {
  await admin.picker.selectOption({ label });
  await expectText(admin.panel.getByTestId("chat-status").nth(1), "Online");
}

/** A customer with the widget open and the admin in their conversation, both online. */
async function conversation() {
  const customer = await newCustomer();
  const widget = await openWidget(customer.page);
  const admin = await adminWithPanel();
  await openConversation(admin, customer.label);
  return { customer, widget, admin };
}

const unreadTotal = async (panel: Locator) =>
  Number(/\d+/.exec((await panel.getByTestId("chat-unread-total").textContent()) ?? "")?.[0]);

async function waitForTotal(panel: Locator, expected: number) {
  await panel
    .getByTestId("chat-unread-total")
    .filter({ hasText: new RegExp(`^${expected} unread$`) })
    .waitFor();
}

/** The customer's own id: the room of their conversation, as the app's chat ticket names it. */
async function conversationIdOf(customer: Customer) {
  const ticket = await customer.context.request.post("/chat/ticket");
  return ((await ticket.json()) as { room: string }).room;
}

describe("the customer's chat widget", () => {
  it("connects, opens and closes, and its message list is about 16rem high", async () => {
    const { page } = await newCustomer();
    const launcher = page.getByRole("button", { name: "Talk to a Doctor" });
    const { widget, log } = await openWidget(page);
    expect(await launcher.getAttribute("aria-expanded")).toBe("true");
    expect((await log.boundingBox())?.height).toBe(256);
    await widget.getByRole("button", { name: "Close chat" }).click();
    await widget.waitFor({ state: "detached" });
    await launcher.click();
    await expectText(widget.getByTestId("chat-status"), "Online");
  });

  it("keeps Send disabled for whitespace, and Shift+Enter starts a new line", async () => {
    const { page } = await newCustomer();
    const { box, send } = await openWidget(page);
    await box.fill("   ");
    expect(await send.isDisabled()).toBe(true);
    await box.fill("Hello, I need advice");
    await box.press("Shift+Enter");
    await box.pressSequentially("about malaria tablets");
    expect(await box.inputValue()).toBe("Hello, I need advice\nabout malaria tablets");
  });
});

describe("the admin's chat panel", () => {
  it("sits under the tabs: a customer picker, a prompt to choose one, online", async () => {
    const { panel, picker } = await adminWithPanel();
    expect(await picker.locator("option").first().textContent()).toBe("-- Choose a user --");
    await panel.getByText("Select a user to start chatting.").waitFor();
  });
});

describe("chat between a customer and a pharmacist", () => {
  it("Enter sends; the admin's unread counts rise; opening the conversation reads it and clears them", async () => {
    const customer = await newCustomer();
    const { box, log } = await openWidget(customer.page);
    const admin = await adminWithPanel();
    const totalBefore = await unreadTotal(admin.panel);

    await box.fill("Hello, I need advice\nabout malaria tablets");
    await box.press("Enter");
    expect(await box.inputValue()).toBe("");
    const first = log.locator("li", { hasText: "about malaria tablets" });
    await expectText(first, "Sent");

    // The admin's counts rise: per customer in the dropdown, and the total.
    const unreadOption = admin.picker.locator("option", { hasText: `${customer.label} (1 unread)` });
    await unreadOption.waitFor({ state: "attached" });
    await waitForTotal(admin.panel, totalBefore + 1);

    // Opening the conversation shows the history and marks it read: the customer sees it, the count clears.
    await admin.picker.selectOption({ label: `${customer.label} (1 unread)` });
    await expectText(admin.log, "about malaria tablets");
    await expectText(first, "Read");
    await waitForTotal(admin.panel, totalBefore);
    await admin.picker
      .locator("option", { hasText: customer.label })
      .filter({ hasNotText: "unread" })
      .waitFor({ state: "attached" });
  });

  it("typing shows on the other side; the reply arrives live and is read at once while the widget is open", async () => {
    const { customer, widget, admin } = await conversation();
    await admin.box.pressSequentially("Take them after food", { delay: 20 });
    await widget.widget.getByText("Pharmacist is typing…").waitFor();
    await admin.send.click();
    await expectText(widget.log, "Take them after food");
    await expectText(admin.log.locator("li", { hasText: "Take them after food" }), "Read");
    await widget.widget.getByText("Pharmacist is typing…").waitFor({ state: "hidden" });

    await widget.box.pressSequentially("Thank you", { delay: 20 });
    await admin.panel.getByText(`${customer.name} is typing…`).waitFor();
  });

  it("shows a message as text, never as markup", async () => {
    const { widget, admin } = await conversation();
    await widget.box.fill('<img src=x onerror="document.title=1"> & <b>bold</b>');
    await widget.box.press("Enter");
    await expectText(admin.log, "<b>bold</b>");
    expect(await admin.log.locator("img, b").count()).toBe(0);
  });

  it("keeps the conversation across a reload", async () => {
    const { customer, widget, admin } = await conversation();
    await admin.box.fill("Take them after food");
    await admin.send.click();
    await expectText(widget.log, "Take them after food");

    await customer.page.reload();
    await customer.page.getByRole("button", { name: "Talk to a Doctor" }).click();
    await expectText(customer.page.getByRole("log", { name: "Messages" }), "Take them after food");
  });

  it("the history API answers the owner and the admin, and no one else", async () => {
    const { customer, widget, admin } = await conversation();
    await widget.box.fill("Hello, I need advice\nabout malaria tablets");
    await widget.box.press("Enter");
    // Stored (the room delivers only what it has stored) before the reply, so the order is known.
    await expectText(admin.log, "about malaria tablets");
    await admin.box.fill("Take them after food");
    await admin.send.click();
    await expectText(widget.log, "Take them after food");

    const path = `/api/chat/messages/${await conversationIdOf(customer)}`;
    const own = await customer.context.request.get(path);
    expect(own.status()).toBe(200);
    const texts = ((await own.json()) as { text: string }[]).map((m) => m.text);
    expect(texts.slice(0, 2)).toEqual([
      "Hello, I need advice\nabout malaria tablets",
      "Take them after food",
    ]);
    expect((await admin.context.request.get(path)).status()).toBe(200);
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
  });
});

describe("the chat's fallback", () => {
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
  });

  it("with JavaScript, the fallback stays hidden", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await register(page, "With Script", uniqueEmail("js-chat"));
    await page.getByRole("button", { name: "Talk to a Doctor" }).waitFor();
    // With scripting on, <noscript> holds plain text, not elements: no fallback region, no WhatsApp button.
    expect(await page.getByRole("region", { name: "Talk to a Doctor" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Chat on WhatsApp" }).count()).toBe(0);
  });
});
