/** The back office in Chromium, with JavaScript on and off; and a customer kept out of it. */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newContext, withBrowser } from "./browser";
import { login, loginAsDemoAdmin, PNG, uploadPrescriptionOnDashboard } from "./journeys";

withBrowser();

let counter = 0;
const unique = (tag: string) => `${tag}-${Date.now()}-${++counter}`;

const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name, exact: true });

for (const javaScript of [true, false]) {
  describe(`admin back office, JavaScript ${javaScript ? "on" : "off"}`, () => {
    it("adds a product a shopper then finds, changes an order's status the customer sees, creates an admin, views a prescription", async () => {
      // A customer places an order and uploads a prescription.
      const customerContext = await newContext({ javaScript });
      const customer = await customerContext.newPage();
      const customerEmail = `${unique("buyer")}@example.com`;
      await customer.goto("/register");
      await customer.getByLabel("Full name").fill("Ifeoma Customer");
      await customer.getByLabel("Email").fill(customerEmail);
      await customer.getByLabel("Password", { exact: true }).fill("customer-passphrase");
      await customer.getByRole("button", { name: "Register" }).click();
      await customer.waitForURL(/\/dashboard$/);
      await uploadPrescriptionOnDashboard(customer);

      // The customer cannot reach the back office.
      const denied = await customer.goto("/admin/orders");
      expect(denied?.status()).toBe(403);
      await customer.getByText("Access denied: Admins only").waitFor();

      const adminContext = await newContext({ javaScript, viewport: { width: 1280, height: 900 } });
      const admin = await adminContext.newPage();
      await loginAsDemoAdmin(admin);
      await admin.getByText("Login successful!").first().waitFor();

      // Products: add one with an image.
      const productName = `Test Syrup ${unique("p")}`;
      await tab(admin, "Products").click();
      await admin.waitForURL(/\/admin\/products$/);
      await admin.getByLabel("Name", { exact: true }).fill(productName);
      await admin.getByLabel("Category").selectOption("Cough and Cold Drugs");
      await admin.getByLabel("Price (₦)").fill("2450.50");
      await admin
        .getByLabel("Image", { exact: true })
        .setInputFiles({ name: "syrup.png", mimeType: "image/png", buffer: PNG });
      await admin.getByRole("button", { name: "Add product" }).click();
      await admin
        .getByText(/Product added successfully!/)
        .first()
        .waitFor();

      // A shopper finds it, with its thumbnail.
      const shopperContext = await newContext({ javaScript });
      const shopper = await shopperContext.newPage();
      await shopper.goto(`/shop?q=${encodeURIComponent(productName)}`);
      await shopper.getByRole("heading", { name: productName }).waitFor();
      await shopper.getByText("₦2,450.50").first().waitFor();
      const src = await shopper.locator('[data-testid="product-grid"] img').first().getAttribute("src");
      expect(src).toMatch(/^\/images\/products\/.+\.webp$/);

      // The customer orders it while signed in.
      await customer.goto(`/shop?q=${encodeURIComponent(productName)}`);
      const saved = javaScript
        ? customer.waitForResponse((r) => r.request().method() === "POST" && /\/cart/.test(r.url()))
        : null;
      await customer.getByRole("button", { name: `Add to cart: ${productName}` }).click();
      await saved;
      await customer.goto("/checkout");
      await customer.getByLabel("Phone").fill("08035556666");
      await customer.getByLabel("Delivery address").fill("2 Ogoja Road, Abakaliki");
      await customer.getByLabel("State", { exact: true }).selectOption("Ebonyi");
      const popup = javaScript ? customerContext.waitForEvent("page") : null;
      await customer.getByRole("button", { name: "Checkout via WhatsApp" }).click();
      await customer.waitForURL(/\/order\//);
      await (await popup)?.close();
      const ref = (await customer.getByRole("heading", { name: /Order #MS-/ }).textContent())!.replace(
        "Order #",
        "",
      );

      // Orders: set it to Shipped (auto-saves with JavaScript, Save button without).
      await tab(admin, "Orders").click();
      await admin.waitForURL(/\/admin\/orders$/);
      const select = admin.getByLabel(`Status of order ${ref}`);
      await select.selectOption("Shipped");
      if (!javaScript)
        await admin
          .getByRole("row", { name: new RegExp(ref) })
          .getByRole("button", { name: "Save" })
          .click();
      await admin.getByText(`Order ${ref} is now Shipped`).first().waitFor();

      await customer.goto("/orders");
      await customer.getByText("Shipped").first().waitFor();
      await customer.getByText("Pending → Shipped").first().waitFor({ state: "attached" });

      // Admins: create one who can log in.
      const newAdmin = `${unique("admin")}@example.com`;
      await tab(admin, "Admins").click();
      await admin.getByLabel("Email").fill(newAdmin);
      await admin.getByLabel("Name", { exact: true }).fill("Pharm. Emeka Obi");
      await admin.getByLabel("Password", { exact: true }).fill("second-admin-passphrase");
      await admin.getByRole("button", { name: "Create admin" }).click();
      await admin.getByText("New admin created successfully!").first().waitFor();
      const otherContext = await newContext({ javaScript });
      const other = await otherContext.newPage();
      await login(other, newAdmin, "second-admin-passphrase");
      await other.waitForURL(/\/admin$/);

      // Prescriptions: the customer's upload, served privately.
      await tab(admin, "Prescriptions").click();
      const image = admin.getByRole("img", { name: "Prescription from Ifeoma Customer" }).first();
      await image.scrollIntoViewIfNeeded();
      // The admin's browser really receives the picture (it loads lazily, so wait for it).
      await admin.waitForFunction(
        (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        await image.elementHandle(),
      );
      // Nobody else can fetch it.
      const url = await image.getAttribute("src");
      expect((await shopper.goto(url!))?.status()).toBe(401);
    });

    it("deletes a product behind the confirmation", async () => {
      const context = await newContext({ javaScript, viewport: { width: 1280, height: 900 } });
      const admin = await context.newPage();
      await loginAsDemoAdmin(admin);
      await admin.goto("/admin/products");
      const productName = `Doomed Cream ${unique("d")}`;
      await admin.getByLabel("Name", { exact: true }).fill(productName);
      await admin.getByLabel("Category").selectOption("Topical Preparations");
      await admin.getByLabel("Price (₦)").fill("999");
      await admin
        .getByLabel("Image", { exact: true })
        .setInputFiles({ name: "c.png", mimeType: "image/png", buffer: PNG });
      await admin.getByRole("button", { name: "Add product" }).click();
      await admin
        .getByText(/Product added successfully!/)
        .first()
        .waitFor();

      await admin.goto(`/admin/products?q=${encodeURIComponent(productName)}`);
      await admin
        .getByRole("button", { name: `Delete ${productName}` })
        .or(admin.getByRole("link", { name: `Delete ${productName}` }))
        .click();
      await admin.getByText("Are you sure you want to delete this product?").waitFor();
      if (javaScript) await admin.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      else await admin.getByRole("button", { name: "Delete" }).click();
      await admin.getByText("Product deleted successfully").first().waitFor();
      await admin.goto(`/shop?q=${encodeURIComponent(productName)}`);
      await admin.getByText(`No medicines match “${productName}”.`).waitFor();
    });
  });
}
