/** Steps several end-to-end tests take: a unique e-mail, registering, logging in; a real tiny image. */
import type { Page } from "playwright-core";

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

export async function login(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}
