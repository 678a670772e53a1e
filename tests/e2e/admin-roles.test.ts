/**
 * The back office's roles in Chromium, with JavaScript on and off: the superintendent pharmacist (the demo
 * admin) adds a staff admin and makes them a pharmacist with a PCN number, and sees it in the audit trail;
 * a staff admin who tries to give a PCN number is refused with the reason, and has no audit trail.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { login, loginAsDemoAdmin, uniqueEmail } from "./journeys";

withBrowser();

const DESKTOP = { width: 1280, height: 900 };
const PASSWORD = "staff-admin-passphrase";

let counter = 0;
/** A PCN number no other run has used (one local database serves every run). */
const uniquePcn = () => `PS-E${Date.now() % 100_000_000}${++counter}`;

const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name, exact: true });

async function createAdmin(page: Page, email: string, name: string, pcnNumber = "") {
  await page.goto("/admin/admins");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("PCN registration number (pharmacists only)").fill(pcnNumber);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create admin" }).click();
}

for (const javaScript of [true, false]) {
  describe(`back-office roles, JavaScript ${javaScript ? "on" : "off"}`, () => {
    it("the superintendent makes a staff admin a pharmacist; the trail records it", async () => {
      const superintendent = await (await newContext({ javaScript, viewport: DESKTOP })).newPage();
      await loginAsDemoAdmin(superintendent);
      await superintendent.getByText("Superintendent pharmacist").first().waitFor();

      const email = uniqueEmail("to-pharmacist");
      const name = `Pharm. Chidi ${javaScript ? "Js" : "Plain"}`;
      await createAdmin(superintendent, email, name);
      await superintendent.getByText("New admin created successfully!").first().waitFor();
      const row = superintendent.getByRole("listitem").filter({ hasText: email });
      await row.getByText("Staff", { exact: true }).waitFor();

      const pcn = uniquePcn();
      await row.getByLabel(`PCN number of ${name}`).fill(pcn.toLowerCase());
      await row.getByRole("button", { name: "Make pharmacist" }).click();
      await superintendent
        .getByText(`PCN number ${pcn} saved: that admin is a pharmacist.`)
        .first()
        .waitFor();
      const granted = superintendent.getByRole("listitem").filter({ hasText: email });
      await granted.getByText("Pharmacist", { exact: true }).waitFor();
      await granted.getByText(`PCN ${pcn}`).waitFor();

      // The new pharmacist's own view: a pharmacist, who cannot make others so.
      const pharmacist = await (await newContext({ javaScript, viewport: DESKTOP })).newPage();
      await login(pharmacist, email, PASSWORD);
      await pharmacist.waitForURL(/\/admin$/);
      await pharmacist.getByText(`Signed in as ${email} · Pharmacist`).waitFor();

      // The trail: the grant, found by its action.
      await tab(superintendent, "Audit").click();
      await superintendent.waitForURL(/\/admin\/audit$/);
      await superintendent.getByLabel("Action").selectOption({ label: "PCN number given" });
      await superintendent.getByRole("button", { name: "Filter" }).click();
      await superintendent.waitForURL(/action=pcn_granted/);
      await superintendent
        .getByRole("list", { name: "Audit entries" })
        .getByRole("listitem")
        .filter({ hasText: `PCN ${pcn}` })
        .waitFor();
    });

    it("a staff admin giving a PCN number is refused with the reason, and has no audit trail", async () => {
      const superintendent = await (await newContext({ javaScript, viewport: DESKTOP })).newPage();
      await loginAsDemoAdmin(superintendent);
      const staffEmail = uniqueEmail("staff");
      await createAdmin(superintendent, staffEmail, "Kemi Staff");
      await superintendent.getByText("New admin created successfully!").first().waitFor();

      const staff = await (await newContext({ javaScript, viewport: DESKTOP })).newPage();
      await login(staff, staffEmail, PASSWORD);
      await staff.waitForURL(/\/admin$/);
      await tab(staff, "Admins").click();
      await staff.getByText("Only the superintendent pharmacist", { exact: false }).first().waitFor();
      await staff.getByRole("button", { name: "Make pharmacist" }).waitFor({ state: "detached" });

      const wouldBe = uniqueEmail("would-be-pharmacist");
      await createAdmin(staff, wouldBe, "Pharm. Would Be", uniquePcn());
      await staff
        .getByText(
          "Error creating admin: Only the superintendent pharmacist can give or remove a PCN number. Leave the PCN number empty to add a staff admin.",
        )
        .waitFor();
      // What was typed is still there, so leaving the number out is one click away.
      expect(await staff.getByLabel("Email").inputValue()).toBe(wouldBe);
      await staff.getByLabel("PCN registration number (pharmacists only)").fill("");
      await staff.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await staff.getByRole("button", { name: "Create admin" }).click();
      await staff.getByText("New admin created successfully!").first().waitFor();

      // No Audit tab, and the page itself says no.
      await tab(staff, "Audit").waitFor({ state: "detached" });
      const audit = await staff.goto("/admin/audit");
      expect(audit?.status()).toBe(403);
      await staff.getByText("Only the superintendent pharmacist can see the audit trail.").first().waitFor();
    });
  });
}
