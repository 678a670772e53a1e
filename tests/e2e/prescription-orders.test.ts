/**
 * A prescription-only medicine from cart to pharmacist, with JavaScript on and off: the cart says a
 * prescription is needed, the customer attaches one (a guest's photo, or a customer's earlier upload), the
 * demo pharmacist approves it on /admin/reviews, and the customer sees who approved it on the order.
 */
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import {
  DEMO_ADMIN,
  loginAsDemoAdmin,
  PNG,
  register,
  uniqueEmail,
  uploadPrescriptionOnDashboard,
} from "./journeys";
import { addToCart, DELIVERY, executeOnServerDb } from "./shopper-fixtures";

withBrowser();

/**
 * A prescription-only product of its own (stock counted), written straight into the server's local D1: the
 * product editor's medicine class is not what this test is about.
 */
function prescriptionProduct(tag: string): string {
  const name = `Augmentin 625mg Tablets (14) ${tag} ${Date.now()}`;
  executeOnServerDb(
    `INSERT INTO products (name, category, price_kobo, medicine_class, stock) VALUES ('${name}', 'Antibiotics', 650000, 'prescription', 20)`,
  );
  return name;
}

const APPROVED_BY = `Approved by ${DEMO_ADMIN.name} (PCN ${DEMO_ADMIN.pcnNumber})`;

describe.each([
  { javaScript: false, label: "JavaScript off: a guest attaches a photo at checkout" },
  { javaScript: true, label: "JavaScript on: a customer picks their uploaded prescription" },
])("prescription order, $label", ({ javaScript }) => {
  it("is checked by the pharmacist before it ships, and the customer sees the decision", async () => {
    const product = prescriptionProduct(javaScript ? "js" : "nojs");
    const context = await newContext({ javaScript });
    const page = await context.newPage();

    if (javaScript) {
      await register(page, "Kelechi Nnaji", uniqueEmail("rx"));
      await uploadPrescriptionOnDashboard(page);
    }

    await addToCart(page, [product]);
    await page.goto("/cart");
    await page.getByText("Prescription required").first().waitFor();
    await page.getByText(`This item is prescription-only: ${product}.`).first().waitFor();

    await page.goto("/checkout");
    if (!javaScript) {
      await page.getByLabel("Full name").fill("Ifeoma Ani");
      await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("rx-guest"));
    }
    await page.getByLabel("Phone").fill(DELIVERY.phone);
    await page.getByLabel("Delivery address").fill(DELIVERY.address);
    await page.getByLabel("State", { exact: true }).selectOption("Ebonyi");
    if (javaScript) {
      await page.getByLabel(/Uploaded prescription 1/).check();
    } else {
      // Without a prescription the order is refused and the form keeps what was typed.
      await page
        .getByLabel("Photo of your prescription")
        .evaluate((input) => input.removeAttribute("required"));
      await page.getByLabel(/I agree that MediStore/).check();
      await page.getByRole("button", { name: "Checkout via WhatsApp" }).click();
      await page
        .getByText("This order has prescription-only medicines: please attach a photo of your prescription.")
        .first()
        .waitFor();
      expect(await page.getByLabel("Full name").inputValue()).toBe("Ifeoma Ani");
      await page
        .getByLabel("Photo of your prescription")
        .setInputFiles({ name: "rx.png", mimeType: "image/png", buffer: PNG });
      await page.getByLabel(/I agree that MediStore/).check();
    }
    const popup = javaScript ? context.waitForEvent("page") : null;
    await page.getByRole("button", { name: "Checkout via WhatsApp" }).click();
    await page.waitForURL(/\/order\/[A-Za-z0-9_-]{43}\?placed=1$/);
    const whatsapp = await popup;
    if (whatsapp) {
      await whatsapp.waitForURL(/^https:\/\/wa\.me\//);
      expect(new URL(whatsapp.url()).searchParams.get("text")).toContain(
        "Prescription-only items: awaiting pharmacist review",
      );
      await whatsapp.close();
    }
    await page.getByText("Awaiting pharmacist review").first().waitFor();
    const ref = (await page.getByRole("heading", { name: /Order #MS-/ }).textContent())!.replace(
      "Order #",
      "",
    );

    // The demo admin is a pharmacist: the order waits in the review queue with its prescription.
    const adminContext = await newContext({ javaScript });
    const admin = await adminContext.newPage();
    await loginAsDemoAdmin(admin, "/admin/reviews");
    const card = admin.getByTestId("review-order").filter({ hasText: ref });
    await card.getByRole("img", { name: `Prescription for order ${ref}` }).waitFor();
    await expect
      .poll(() =>
        card
          .getByRole("img", { name: `Prescription for order ${ref}` })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await card.getByLabel(/Note to the customer/).fill("Prescription checked: valid and signed.");
    await card.getByRole("button", { name: "Approve" }).click();
    await admin.getByText(`Order ${ref}: prescription approved.`).first().waitFor();
    expect(await admin.getByTestId("review-order").filter({ hasText: ref }).count()).toBe(0);

    // The customer sees who approved it, with their PCN number and note.
    await page.reload();
    await page.getByText(APPROVED_BY).first().waitFor();
    await page.getByText("Note: Prescription checked: valid and signed.").first().waitFor();
    await page.getByText("Prescription approved").first().waitFor();
  });
});
