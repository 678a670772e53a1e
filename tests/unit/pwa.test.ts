/**
 * Installability (web manifest, icons), the static headers and offline page, and what the build puts in
 * the service worker.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

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
// The service worker: built from sw/ by the build (its rules are unit-tested in sw/page-rules.test.ts, its
// behaviour offline in tests/e2e/offline.test.ts). Here: what the build puts in it.

describe("service worker build", () => {
  const client = path.join(__dirname, "../..", process.env.MEDISTORE_BUILD_DIR ?? "build", "client");
  const sw = () => readFileSync(path.join(client, "sw.js"), "utf8");
  const precached = () => [...sw().matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);

  it("is served from the client output as /sw.js, with no hand-written copy left in public/", () => {
    expect(existsSync(path.join(client, "sw.js"))).toBe(true);
    expect(existsSync(path.join(PUBLIC, "sw.js"))).toBe(false);
    expect(sw()).not.toContain("self.__WB_MANIFEST");
  });

  it("precaches the offline page under the URL that serves it, the icons, the entry and the shop's stylesheet (the catalogue's rides in each page)", () => {
    const urls = precached();
    expect(urls).toContain("offline");
    expect(urls).not.toContain("offline.html");
    expect(urls).toEqual(
      expect.arrayContaining(["favicon.svg", "icons/icon-192.png", "manifest.webmanifest"]),
    );
    // The sheet the shop's pages outside the catalogue link (layouts/shop-stylesheet.tsx), with that layout.
    expect(urls.filter((url) => url.endsWith(".css"))).toEqual([
      expect.stringMatching(/^assets\/shop-[\w-]+\.css$/),
    ]);
    expect(urls.some((url) => /^assets\/shop-stylesheet-[\w-]+\.js$/.test(url))).toBe(true);
    // Remix's entry rides in the framework chunk (vite.config.ts).
    expect(urls.some((url) => /^assets\/framework-[\w-]+\.js$/.test(url))).toBe(true);
  });

  it("leaves account and admin scripts, and the back office's stylesheet, out of the precache (a shopper's data is not spent on them)", () => {
    expect(precached().filter((url) => /^assets\/(admin|account|back-office|dashboard)/.test(url))).toEqual(
      [],
    );
  });
});
