/**
 * Bytes of a first visit to a page as a phone pays for them, counted as Lighthouse counts them: Chromium
 * (Lighthouse's mobile screen, an empty cache) loads the page, and every response until the network has
 * been idle for IDLE_MS counts at its transfer size, Chrome's `encodedDataLength` (the response's headers
 * and its body as sent, compressed as the server sent it). The code that loads after the first paint and
 * after the load event (islands, the service worker's registration) counts too. What the service worker
 * itself fetches (sw.js and its precache) is counted apart: Lighthouse does not see it.
 */
import { chromium } from "playwright-core";
import { CHROMIUM } from "./lighthouse.mjs";
import { tallyTransfers } from "./transfers.mjs";

/** Quiet time that ends a load (Lighthouse waits for network quiet too; islands load on the idle callback). */
const IDLE_MS = 3000;
/** The longest a load may take before the measurement fails. */
const LOAD_LIMIT_MS = 60_000;

/** Lighthouse's default mobile screen (a Moto G Power), so the same lazy images load. */
const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Mobile Safari/537.36",
};

/**
 * @param {string} pageUrl
 * @param {{ headers?: Record<string, string> }} [options] request headers of the page (e.g. Save-Data)
 */
export async function measureFirstLoad(pageUrl, { headers } = {}) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const context = await browser.newContext({ ...MOBILE, extraHTTPHeaders: headers });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    /** @type {Map<string, Transfer>} */
    const requests = new Map();
    /** @type {Transfer[]} */
    const done = [];
    let lastActivity = Date.now();
    cdp.on("Network.requestWillBeSent", ({ requestId, request, type }) => {
      lastActivity = Date.now();
      if (request.url.startsWith("data:")) return;
      requests.set(requestId, { url: request.url, type: type ?? "Other", status: 0, mimeType: "", bytes: 0 });
    });
    cdp.on("Network.responseReceived", ({ requestId, response }) => {
      const transfer = requests.get(requestId);
      if (!transfer) return;
      transfer.status = response.status;
      transfer.mimeType = response.mimeType;
    });
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      lastActivity = Date.now();
      const transfer = requests.get(requestId);
      if (!transfer) return;
      requests.delete(requestId);
      done.push({ ...transfer, bytes: encodedDataLength });
    });
    cdp.on("Network.loadingFailed", ({ requestId }) => {
      lastActivity = Date.now();
      const transfer = requests.get(requestId);
      if (!transfer) return;
      requests.delete(requestId);
      done.push(transfer);
    });
    await cdp.send("Network.enable");
    /** @type {{ url: string, bytes: number }[]} */
    const serviceWorker = [];
    context.on("requestfinished", async (request) => {
      if (!request.serviceWorker()) return;
      const sizes = await request.sizes().catch(() => null);
      if (sizes)
        serviceWorker.push({ url: request.url(), bytes: sizes.responseHeadersSize + sizes.responseBodySize });
    });

    const started = Date.now();
    const response = await page.goto(pageUrl, { waitUntil: "load", timeout: LOAD_LIMIT_MS });
    if (response?.status() !== 200) throw new Error(`GET ${pageUrl} answered ${response?.status()}`);
    while (requests.size > 0 || Date.now() - lastActivity < IDLE_MS) {
      if (Date.now() - started > LOAD_LIMIT_MS)
        throw new Error(`the network was not idle within ${LOAD_LIMIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const imgTags = await page.locator("img").count();
    const figures = tallyTransfers(done);
    const images = done.filter((t) => t.type === "Image" && t.status === 200);
    return {
      ...figures,
      files: done.map(({ url, type, status, bytes }) => ({ url, type, status, bytes })),
      imageFigures: {
        imgTags,
        averageBytes: images.length ? figures.images.bytes / images.length : Number.NaN,
        maxBytes: images.length ? Math.max(...images.map((t) => t.bytes)) : Number.NaN,
        webp: images.filter((t) => t.mimeType.includes("webp")).length,
      },
      serviceWorker: {
        bytes: serviceWorker.reduce((sum, t) => sum + t.bytes, 0),
        requests: serviceWorker.length,
      },
    };
  } finally {
    await browser.close();
  }
}
