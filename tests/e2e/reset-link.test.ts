/**
 * A password reset link, as a customer who asked over WhatsApp gets it: an admin issues it in
 * Admin › Users, the customer opens it in Chromium and sets a new password, then logs in with it. The reset page asks for
 * no referrer, so the browser sends its form with `Origin: null`; the Worker must still take it as our own.
 */
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { loginAsDemoAdmin, register, uniqueEmail } from "./journeys";

withBrowser();

const NEW_PASSWORD = "a-brand-new-passphrase";

async function issueResetLink(email: string, javaScript: boolean): Promise<string> {
  const admin = await (await newContext({ javaScript })).newPage();
  await loginAsDemoAdmin(admin, "/admin/users");
  // The accounts list searched for the customer (the address a search of the list leads to).
  await admin.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await admin.getByRole("button", { name: `Issue a password reset link for ${email}` }).click();
  const issued = admin.getByRole("status").filter({ hasText: `Reset link for ${email}` });
  const link = (await issued.locator("p.font-mono").textContent())?.trim() ?? "";
  expect(link).toMatch(/\/reset-password\/[\w-]+$/);
  return link;
}

for (const javaScript of [true, false]) {
  describe(`a reset link from Admin › Users, JavaScript ${javaScript ? "on" : "off"}`, () => {
    it("sets a new password from the customer's browser, and the customer logs in with it", async () => {
      const email = uniqueEmail(javaScript ? "reset-js" : "reset-nojs");
      const signUp = await (await newContext({ javaScript })).newPage();
      await register(signUp, "Chidi Okeke", email);

      const link = await issueResetLink(email, javaScript);

      // The customer, on another phone, with no session.
      const page = await (await newContext({ javaScript })).newPage();
      await page.goto(link);
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("New password again").fill(NEW_PASSWORD);
      const sent = page.waitForRequest((request) => request.method() === "POST");
      await page.getByRole("button", { name: "Save new password" }).click();
      // What makes this page's form special: sent by the browser itself (a page not yet running its script
      // sends it the same way), it says only "Origin: null". The script's own request names the origin.
      const headers = await (await sent).allHeaders();
      if (!javaScript) expect(headers["origin"]).toBe("null");

      await page.waitForURL((url) => url.pathname === "/login");
      await page
        .getByText("Your password has been changed. Please log in with the new one.")
        .first()
        .waitFor();
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      await page.getByRole("heading", { name: "Hello, Chidi Okeke" }).waitFor();

      // The link worked once.
      const again = await (await newContext({ javaScript })).newPage();
      const response = await again.goto(link);
      expect(response?.status()).toBe(410);
    });
  });
}
