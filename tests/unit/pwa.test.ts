/**
 * Installability (web manifest, icons) and the service worker's caching rules. The worker is plain
 * JavaScript, so it runs here in a small fake service-worker scope: real Request/Response, fake caches.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";

const PUBLIC = path.join(__dirname, "../../public");
const read = (file: string) => readFileSync(path.join(PUBLIC, file), "utf8");

type ManifestIcon = { src: string; sizes: string; type?: string; purpose?: string };
type Manifest = {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: ManifestIcon[];
  prefer_related_applications?: boolean;
};

describe("web manifest", () => {
  const manifest = JSON.parse(read("manifest.webmanifest")) as Manifest;
  const icons = manifest.icons ?? [];

  it("has what Chrome needs to offer installation", () => {
    expect(manifest.name).toBe("MediStore");
    expect(manifest.short_name?.length).toBeGreaterThan(0);
    expect(manifest.short_name!.length).toBeLessThanOrEqual(12);
    expect(manifest.start_url).toBe("/");
    expect(manifest.display).toBe("standalone");
    expect(manifest.theme_color).toBe("#065f46");
    expect(manifest.background_color).toBe("#ffffff");
    expect(manifest.prefer_related_applications).not.toBe(true);
  });

  it.each(["192x192", "512x512"])("declares a %s PNG icon for any purpose", (sizes) => {
    expect(
      icons.some(
        (icon) =>
          icon.sizes === sizes &&
          icon.type === "image/png" &&
          (icon.purpose ?? "any").split(" ").includes("any"),
      ),
    ).toBe(true);
  });

  it("declares a maskable icon", () => {
    expect(icons.some((icon) => icon.purpose?.split(" ").includes("maskable"))).toBe(true);
  });

  it("points at icon files that exist with the declared sizes", async () => {
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) {
      const file = path.join(PUBLIC, icon.src);
      expect(existsSync(file), icon.src).toBe(true);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("png");
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
  });

  it("has a 180x180 opaque Apple touch icon and an SVG favicon", async () => {
    const meta = await sharp(path.join(PUBLIC, "icons/apple-touch-icon.png")).metadata();
    expect([meta.width, meta.height]).toEqual([180, 180]);
    // iOS shows transparent pixels as black.
    expect(meta.hasAlpha).toBe(false);
    expect(read("favicon.svg")).toMatch(/^<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it("keeps the icons small (they are downloaded on slow mobile networks)", () => {
    for (const file of [
      "icons/icon-192.png",
      "icons/icon-512.png",
      "icons/maskable-512.png",
      "icons/apple-touch-icon.png",
    ]) {
      expect(readFileSync(path.join(PUBLIC, file)).byteLength, file).toBeLessThan(10_000);
    }
  });
});

describe("static headers and offline page", () => {
  it("caches hashed assets for a year and revalidates the service worker and manifest", () => {
    const rules = parseHeaders(read("_headers"));
    expect(rules.get("/assets/*")?.["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(rules.get("/sw.js")?.["cache-control"]).toBe("no-cache");
    expect(rules.get("/manifest.webmanifest")?.["cache-control"]).toBe("no-cache");
    // Static files skip the Worker and its CSP: the offline page gets its own (no scripts at all).
    expect(rules.get("/offline")?.["content-security-policy"]).toMatch(/default-src 'none'/);
  });

  it("has an offline page without scripts that links back to the shop", () => {
    const html = read("offline.html");
    expect(html).toContain("You are offline");
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Try again<\/a>/);
    expect(html).not.toMatch(/<script/i);
  });
});

/** `_headers` format: a path line, then indented `Name: value` lines. */
function parseHeaders(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      current = {};
      rules.set(line.trim(), current);
    } else if (current) {
      const at = line.indexOf(":");
      current[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}

// ---------------------------------------------------------------------------------------------------------
// The service worker in a fake scope

const SW_ORIGIN = "https://medistore.test";
type Handler = (event: Record<string, unknown>) => void;

class FakeCache {
  readonly entries = new Map<string, Response>();
  private key(request: Request | string) {
    return new URL(typeof request === "string" ? request : request.url, SW_ORIGIN).href;
  }
  async match(request: Request | string) {
    return this.entries.get(this.key(request))?.clone();
  }
  async put(request: Request | string, response: Response) {
    this.entries.set(this.key(request), response);
  }
  async addAll(requests: (Request | string)[]) {
    for (const request of requests) {
      const response = await scope.fetch(request);
      if (!response.ok) throw new TypeError(`addAll: ${response.status}`);
      await this.put(request, response);
    }
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(request: Request | string) {
    return this.entries.delete(this.key(request));
  }
}

class FakeCacheStorage {
  readonly stores = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new FakeCache());
    return this.stores.get(name)!;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(request: Request | string) {
    for (const cache of this.stores.values()) {
      const hit = await cache.match(request);
      if (hit) return hit;
    }
    return undefined;
  }
}

/** A same-origin response as a browser would hand it to the worker (type "basic"). */
function basic(body: string, init: ResponseInit = {}) {
  const response = new Response(body, { status: 200, ...init });
  Object.defineProperty(response, "type", { value: "basic" });
  return response;
}

let scope: {
  handlers: Map<string, Handler>;
  caches: FakeCacheStorage;
  fetched: string[];
  offline: boolean;
  fetch: (request: Request | string) => Promise<Response>;
  respond: (url: string, init?: ResponseInit, body?: string) => void;
};

function loadWorker() {
  const routes = new Map<string, () => Response>();
  const handlers = new Map<string, Handler>();
  const caches = new FakeCacheStorage();
  scope = {
    handlers,
    caches,
    fetched: [],
    offline: false,
    async fetch(request) {
      const url = new URL(typeof request === "string" ? request : request.url, SW_ORIGIN).href;
      scope.fetched.push(url);
      if (scope.offline) throw new TypeError("Failed to fetch");
      return routes.get(url)?.() ?? basic("not found", { status: 404 });
    },
    respond(url, init = {}, body = `body of ${url}`) {
      routes.set(new URL(url, SW_ORIGIN).href, () => basic(body, init));
    },
  };
  scope.respond("/offline", { headers: { "Content-Type": "text/html" } }, "<h1>You are offline</h1>");
  for (const file of [
    "/favicon.svg",
    "/icons/icon-192.png",
    "/icons/icon-512.png",
    "/icons/maskable-512.png",
    "/icons/apple-touch-icon.png",
  ]) {
    scope.respond(file);
  }
  const self = {
    location: new URL(SW_ORIGIN),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
    registration: { navigationPreload: { enable: async () => {} } },
  };
  // In a browser a worker's relative URLs resolve against its own location; Node's Request needs that said.
  class ScopedRequest extends Request {
    constructor(input: Request | string, init?: RequestInit) {
      super(typeof input === "string" ? new URL(input, SW_ORIGIN).href : input, init);
    }
  }
  vm.runInNewContext(read("sw.js"), {
    self,
    caches,
    fetch: (request: Request | string) => scope.fetch(request),
    Request: ScopedRequest,
    Response,
    URL,
    console,
  });
}

/** Runs a lifecycle event and waits for everything it asked to wait for. */
async function lifecycle(type: "install" | "activate") {
  const waits: Promise<unknown>[] = [];
  scope.handlers.get(type)!({ waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
  await Promise.all(waits);
}

/** Dispatches a fetch event; resolves to the worker's response, or null when it let the browser handle it. */
async function dispatchFetch(
  url: string,
  init: { method?: string; mode?: string; headers?: Record<string, string> } = {},
) {
  let responded: Promise<Response> | null = null;
  const waits: Promise<unknown>[] = [];
  // Node's Request refuses mode "navigate", so the request is a look-alike with the fields the worker reads.
  const request = {
    url: new URL(url, SW_ORIGIN).href,
    method: init.method ?? "GET",
    mode: init.mode ?? "cors",
    headers: new Headers(init.headers),
  };
  scope.handlers.get("fetch")!({
    request,
    preloadResponse: Promise.resolve(undefined),
    respondWith: (promise: Promise<Response>) => (responded = promise),
    waitUntil: (promise: Promise<unknown>) => waits.push(promise),
  });
  const response = responded ? await (responded as Promise<Response>) : null;
  await Promise.all(waits);
  return response;
}

const cachedUrls = () =>
  [...scope.caches.stores.values()].flatMap((cache) =>
    [...cache.entries.keys()].map((url) => new URL(url).pathname),
  );

describe("service worker", () => {
  beforeEach(async () => {
    loadWorker();
    await lifecycle("install");
    await lifecycle("activate");
    scope.fetched = [];
  });

  it("precaches the offline page and the icons on install", () => {
    expect(read("sw.js")).toContain("offline.html");
    // Workers assets redirect /offline.html to /offline; a redirected response cannot answer a navigation.
    expect(cachedUrls()).toEqual(
      expect.arrayContaining([
        "/offline",
        "/icons/icon-192.png",
        "/icons/icon-512.png",
        "/icons/maskable-512.png",
      ]),
    );
    expect([...scope.caches.stores.keys()].every((name) => /^medistore-.+-v\d+$/.test(name))).toBe(true);
  });

  it("deletes its old caches on activate and leaves other caches alone", async () => {
    await scope.caches.open("medistore-static-v0");
    await scope.caches.open("someone-else");
    await lifecycle("activate");
    const names = [...scope.caches.stores.keys()];
    expect(names).not.toContain("medistore-static-v0");
    expect(names).toContain("someone-else");
    expect(names.some((name) => name.startsWith("medistore-static-"))).toBe(true);
  });

  it("serves navigations from the network and never stores them", async () => {
    scope.respond("/about", { headers: { "Content-Type": "text/html" } }, "<h1>About</h1>");
    const response = await dispatchFetch("/about", { mode: "navigate" });
    expect(await response?.text()).toBe("<h1>About</h1>");
    expect(cachedUrls()).not.toContain("/about");
  });

  it("falls back to the offline page when a navigation cannot reach the network", async () => {
    scope.offline = true;
    const response = await dispatchFetch("/orders", { mode: "navigate" });
    expect(await response?.text()).toBe("<h1>You are offline</h1>");
  });

  it("serves hashed assets from the cache after the first fetch", async () => {
    scope.respond("/assets/entry.client-AbC123.js", { headers: { "Content-Type": "text/javascript" } });
    expect(await (await dispatchFetch("/assets/entry.client-AbC123.js"))?.text()).toContain("entry.client");
    scope.offline = true;
    expect(await (await dispatchFetch("/assets/entry.client-AbC123.js"))?.text()).toContain("entry.client");
    expect(scope.fetched.filter((url) => url.endsWith("AbC123.js"))).toHaveLength(1);
  });

  it("caches public product images", async () => {
    scope.respond("/images/products/a.webp", {
      headers: { "Cache-Control": "public, max-age=31536000, immutable" },
    });
    await dispatchFetch("/images/products/a.webp");
    expect(cachedUrls()).toContain("/images/products/a.webp");
  });

  it.each([
    ["private", "private, no-store"],
    ["no-store", "no-store"],
  ])("does not store a response marked %s", async (_label, cacheControl) => {
    scope.respond("/images/products/secret.webp", { headers: { "Cache-Control": cacheControl } });
    await dispatchFetch("/images/products/secret.webp");
    expect(cachedUrls()).not.toContain("/images/products/secret.webp");
  });

  it("does not store failed responses", async () => {
    await dispatchFetch("/assets/missing-123.js");
    expect(cachedUrls()).not.toContain("/assets/missing-123.js");
  });

  it.each([
    ["a POST", "/cart", { method: "POST" }],
    ["the JSON API", "/api/products", {}],
    ["a private order page", "/order/abc123", {}],
    ["another origin", "https://wa.me/2348012345678", {}],
    ["a range request", "/assets/video-1.mp4", { headers: { Range: "bytes=0-10" } }],
  ])("leaves %s to the browser", async (_label, url, init) => {
    expect(await dispatchFetch(url, init)).toBeNull();
    expect(
      cachedUrls().some(
        (cached) => cached.startsWith("/api") || cached.startsWith("/order") || cached === "/cart",
      ),
    ).toBe(false);
  });
});
