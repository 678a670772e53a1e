/** Debian's Chromium driven by playwright-core (no browser download), phone-sized by default. */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const PHONE = { width: 390, height: 844 };

let browser: Browser;

/** Script errors seen by any page (hydration mismatches included); each test must end with none. */
const pageErrors: string[] = [];

/** The contexts the running test opened; closed after it, whether it passed or failed. */
const openContexts: BrowserContext[] = [];

/** One browser per test file; call at the top level of the file. */
export function withBrowser() {
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
  });
  afterEach(async () => {
    await Promise.all(openContexts.splice(0).map((context) => context.close()));
    const errors = pageErrors.splice(0);
    expect(errors, "errors in the page's JavaScript").toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

export const baseURL = () => inject("baseURL");

/**
 * A fresh browser context (its own cookies), closed after the test that opened it (see withBrowser), so a
 * test never closes it itself. wa.me is stubbed: the machine has no network, and the test only needs to see
 * where the hand-off goes.
 */
export async function newContext(
  options: { javaScript?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    javaScriptEnabled: options.javaScript ?? true,
    viewport: options.viewport ?? PHONE,
    locale: "en-NG",
  });
  openContexts.push(context);
  context.on("page", (page) => {
    // With JavaScript, a page is ready for the test's clicks once React has hydrated it (root.tsx marks
    // <html data-hydrated>): a shopper who acts sooner gets the plain-HTML behaviour, which the tests with
    // JavaScript off cover. Best effort: a page that never hydrates (offline, not HTML) is left as it came.
    if (options.javaScript ?? true) {
      const goto = page.goto.bind(page);
      page.goto = async (...args: Parameters<Page["goto"]>) => {
        const response = await goto(...args);
        if (response?.headers()["content-type"]?.startsWith("text/html"))
          await page
            .waitForSelector("html[data-hydrated]", { state: "attached", timeout: 10_000 })
            .catch(() => {});
        return response;
      };
    }
    page.on("pageerror", (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat|did not match|#418|#423|#425/i.test(message.text())) {
        pageErrors.push(`${page.url()}: ${message.text()}`);
      }
    });
  });
  await context.route("https://wa.me/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<title>WhatsApp</title><p>WhatsApp stub</p>",
    }),
  );
  return context;
}

export async function newPage(options?: Parameters<typeof newContext>[0]): Promise<Page> {
  const context = await newContext(options);
  return context.newPage();
}
