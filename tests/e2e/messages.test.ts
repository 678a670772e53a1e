/**
 * Messages end to end, JavaScript off, against the app as `npm start` runs it (with the providers'
 * stand-in): a guest checks out a prescription-only medicine choosing updates by WhatsApp, the demo
 * pharmacist approves it and ships it, and the local inbox page shows the guest's phone got "order
 * received", "approved" and "shipped" on WhatsApp (none by SMS); the stop link in a message stops the
 * next one, and Admin › Orders lists the order's messages with their state.
 */
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { loginAsDemoAdmin, PNG, uniqueEmail } from "./journeys";
import { addToCart, executeOnServerDb } from "./shopper-fixtures";

withBrowser();

function prescriptionProduct(): string {
  const name = `Augmentin 625mg Tablets inbox ${Date.now()}`;
  executeOnServerDb(
    `INSERT INTO products (name, category, price_kobo, medicine_class, stock) VALUES ('${name}', 'Antibiotics', 420000, 'prescription', 20)`,
  );
  return name;
}

/** A phone number no other test uses: its messages are this test's alone. */
const uniquePhone = () => `0805${String(Date.now()).slice(-7)}`;

describe("messages, JavaScript off", () => {
  it("a guest's phone gets received, approved and shipped on the chosen WhatsApp; the inbox page shows them; STOP stops them", async () => {
    const product = prescriptionProduct();
    const phone = uniquePhone();
    const stored = `+234${phone.slice(1)}`;
    const context = await newContext({ javaScript: false });
    const page = await context.newPage();

    await addToCart(page, [product]);
    await page.goto("/checkout");
    await page.getByLabel("Full name").fill("Ifeoma Ani");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("msg-guest"));
    await page.getByLabel("Phone").fill(phone);
    await page.getByLabel("Delivery address").fill("12 Ogoja Road, Abakaliki");
    await page.getByLabel("State", { exact: true }).selectOption("Ebonyi");
    // SMS is preselected; the guest asks for WhatsApp.
    expect(await page.getByRole("radio", { name: "SMS" }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: "WhatsApp" }).check();
    await page
      .getByLabel("Photo of your prescription")
      .setInputFiles({ name: "rx.png", mimeType: "image/png", buffer: PNG });
    await page.getByLabel(/I agree that MediStore/).check();
    await page.getByRole("button", { name: "Checkout via WhatsApp" }).click();
    await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?placed=1$/);
    const ref = (await page.getByRole("heading", { name: /Order #MS-/ }).textContent())!.replace(
      "Order #",
      "",
    );

    // The demo pharmacist approves it, then ships it.
    const adminContext = await newContext({ javaScript: false });
    const admin = await adminContext.newPage();
    await loginAsDemoAdmin(admin, "/admin/reviews");
    const card = admin.getByTestId("review-order").filter({ hasText: ref });
    await card.getByLabel(/Note to the customer/).fill("Valid prescription.");
    await card.getByRole("button", { name: "Approve" }).click();
    await admin.getByText(`Order ${ref}: prescription approved.`).first().waitFor();
    await admin.goto(`/admin/orders?q=${encodeURIComponent(phone)}`);
    const row = admin.getByTestId("admin-order").filter({ hasText: ref });
    await row.getByLabel(`Status of order ${ref}`).selectOption("Shipped");
    await row.getByRole("button", { name: "Save" }).click();
    await admin.getByText(`Order ${ref} is now Shipped`).first().waitFor();

    // The local inbox page: the guest's phone got the three messages (newest first).
    await expect
      .poll(
        async () => {
          await page.goto("/dev/inbox");
          return page
            .getByRole("region", { name: `WhatsApp ${stored}` })
            .getByRole("listitem")
            .allTextContents();
        },
        { timeout: 20_000 },
      )
      .toEqual([
        expect.stringContaining(`order ${ref} is on its way`),
        expect.stringContaining(`a pharmacist approved the prescription for order ${ref}`),
        expect.stringContaining(`we have your order ${ref}`),
      ]);

    // Admin › Orders lists the order's messages with how far each got.
    await admin.goto(`/admin/orders?q=${encodeURIComponent(phone)}`);
    await admin.getByTestId("admin-order").filter({ hasText: ref }).locator("summary").click();
    await expect
      .poll(
        async () =>
          (await admin.getByTestId("message-entry").allTextContents()).filter(
            (t) => t.includes("WhatsApp") || t.includes("SMS"),
          ),
        { timeout: 20_000 },
      )
      .toEqual([
        expect.stringMatching(/^Message: Order received · WhatsApp to \+234\d+ · (Sent|Delivered)/),
        expect.stringMatching(/^Message: Prescription approved · WhatsApp/),
        expect.stringMatching(/^Message: Order status · WhatsApp/),
      ]);

    // The stop link at the end of a message: one button, and the next change sends nothing.
    const text = (await page
      .getByRole("region", { name: `WhatsApp ${stored}` })
      .getByRole("listitem")
      .first()
      .textContent())!;
    const stopPath = new URL(/https?:\/\/\S+\/messages\/stop\/\S+/.exec(text)![0]).pathname;
    await page.goto(stopPath);
    await page.getByRole("button", { name: "Stop messages" }).click();
    await page.getByText("Done: we will send no more messages to this address.").waitFor();
    await admin.goto(`/admin/orders?q=${encodeURIComponent(phone)}`);
    const again = admin.getByTestId("admin-order").filter({ hasText: ref });
    await again.getByLabel(`Status of order ${ref}`).selectOption("Delivered");
    await again.getByRole("button", { name: "Save" }).click();
    await admin.getByText(`Order ${ref} is now Delivered`).first().waitFor();
    await page.goto("/dev/inbox");
    expect(
      await page
        .getByRole("region", { name: `WhatsApp ${stored}` })
        .getByRole("listitem")
        .count(),
    ).toBe(3);
    expect(await page.getByRole("region", { name: `SMS ${stored}` }).count()).toBe(0);
  });
});
