/** A customer downloads their data, then deletes their account and can no longer log in (JavaScript on and off). */
import { strFromU8, unzipSync } from "fflate";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { newContext, withBrowser } from "./browser";
import { login, PASSWORD, PNG, register, uniqueEmail } from "./journeys";

withBrowser();

for (const javaScript of [true, false]) {
  describe(`your data, JavaScript ${javaScript ? "on" : "off"}`, () => {
    it("downloads the data as a ZIP, deletes the account, and the login no longer works", async () => {
      const context = await newContext({ javaScript });
      const page = await context.newPage();
      const email = uniqueEmail(`rights-${javaScript ? "js" : "nojs"}`);
      await register(page, "Amaka Obi", email);
      await page
        .getByLabel("Prescription image")
        .setInputFiles({ name: "rx.png", mimeType: "image/png", buffer: PNG });
      if (javaScript) await page.getByText("rx.png").waitFor();
      await page.getByLabel(/I agree that MediStore/).check();
      await page.getByRole("button", { name: "Submit Prescription" }).click();
      await page.getByText("Prescription uploaded successfully!").first().waitFor();

      const section = page.getByRole("region", { name: "Your data" });
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        section.getByRole("link", { name: "Download my data" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^medistore-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
      const data = JSON.parse(strFromU8(files["data.json"]));
      expect(data.account).toMatchObject({ name: "Amaka Obi", email });
      expect(data.prescriptions).toHaveLength(1);
      expect(files[data.prescriptions[0].file].byteLength).toBeGreaterThan(0);

      await section.getByRole("link", { name: "Delete my account" }).click();
      await page.waitForURL(/\/account\/delete$/);
      await page.getByText("What is kept, and why").waitFor();
      await page.getByLabel("Password", { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.getByText("That password is not right.").waitFor();
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      if (javaScript) await page.getByText("Your account has been deleted").waitFor();

      await login(page, email, PASSWORD);
      await page.getByText("Invalid email or password.").waitFor();
      expect(new URL(page.url()).pathname).toBe("/login");
      await context.close();
    });
  });
}
