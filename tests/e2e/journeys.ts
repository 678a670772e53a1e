/**
 * Steps several end-to-end tests take: a unique e-mail, registering, logging in (the demo admin too); a real
 * tiny image.
 */
import type { Page } from "playwright-core";
import { DEMO_ADMIN } from "../../scripts/demo-admin";

/** The local demo's admin, as `npm start` seeds it (scripts/demo-admin.ts is the one definition). */
export { DEMO_ADMIN };

export const PASSWORD = "pharmacy-passphrase";

/** A 1×1 PNG: a real image, so the server's content check accepts it. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

let counter = 0;
/** Unique across test files and runs that share one database. */
export const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${++counter}@example.com`;

export async function register(page: Page, name: string, email: string, password = PASSWORD) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Register" }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** Fills and sends the login form; `redirectTo` is where the login page is asked to return to. */
export async function login(page: Page, email: string, password: string, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Logs the demo admin in and waits for the page they land on: /admin, or `redirectTo`. */
export async function loginAsDemoAdmin(page: Page, redirectTo = "/admin") {
  await login(page, DEMO_ADMIN.email, DEMO_ADMIN.password, redirectTo === "/admin" ? undefined : redirectTo);
  await page.waitForURL((url) => url.pathname === redirectTo);
}

/**
 * A customer's first chat: the widget asks for consent first; "I agree" records it and reloads the
 * dashboard with the chat open. Waits for toasts to go (they sit over the panel's lower edge).
 */
export async function agreeToChat(page: Page) {
  // Hydrated (the launcher is enabled), so any toast is already showing; then wait for it to go.
  await page.locator('button:has-text("Talk to a Doctor"):enabled').waitFor();
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Talk to a Doctor" }).click();
  await page.getByRole("button", { name: "I agree" }).click();
  await page.waitForURL(/\/dashboard#chat$/);
}

/** On /dashboard: uploads a prescription photo with the consent ticked, and waits for the upload's success. */
export async function uploadPrescriptionOnDashboard(page: Page) {
  await page
    .getByLabel("Prescription image")
    .setInputFiles({ name: "rx.png", mimeType: "image/png", buffer: PNG });
  await page.getByLabel(/I agree that MediStore/).check();
  await page.getByRole("button", { name: "Submit Prescription" }).click();
  await page.getByText("Prescription uploaded successfully!").first().waitFor();
}
