/** The contact form (JavaScript on and off) and installability. */
import { describe, expect, it } from "vitest";
import { baseURL, newContext, withBrowser } from "./browser";
import { loginAsDemoAdmin } from "./journeys";

withBrowser();

for (const javaScript of [true, false]) {
  it(`the contact form stores the message and says so (JavaScript ${javaScript ? "on" : "off"})`, async () => {
    const context = await newContext({ javaScript });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill("Halima Musa");
    await page.getByLabel("Email").fill("halima@example.com");
    const text = `Do you stock insulin pens? (${javaScript ? "js" : "no js"} ${Date.now()})`;
    await page.getByLabel("Message", { exact: true }).fill(text);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Message sent successfully!").waitFor();
    if (javaScript) expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe("");

    // The message really arrived: an admin reads it.
    const admin = await (await newContext({ javaScript, viewport: { width: 1280, height: 900 } })).newPage();
    await loginAsDemoAdmin(admin, "/admin/messages");
    await admin.getByText(text).waitFor();
  });
}

describe("installable", () => {
  it("links a manifest Chrome accepts, with icons, and registers the service worker", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = (await (await fetch(new URL(href!, baseURL()))).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.name).toBe("MediStore");
    expect(manifest.display).toBe("standalone");
    for (const size of ["192x192", "512x512"]) {
      const icon = manifest.icons.find((i) => i.sizes === size);
      expect(icon, size).toBeDefined();
      expect((await fetch(new URL(icon!.src, baseURL()))).status).toBe(200);
    }
    await page.waitForFunction(async () => Boolean(await navigator.serviceWorker?.getRegistration()), null, {
      timeout: 15_000,
    });
  });
});
