/**
 * Paths only the Worker answers go straight to it (wrangler.toml [assets] run_worker_first), without the
 * static-asset lookup in front of every other request: the guest pages the edge cache serves, the back office
 * and the JSON API. That is safe only while no static file lives at those paths (the Worker would answer in
 * its place), and most useful while the patterns cover every page the edge cache serves. The patterns are the
 * route-policy table's (tests/unit/route-policy.test.ts).
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { edgeCacheDecision } from "../../workers/edge-cache";
import { routedFirst } from "../support/run-worker-first";

const ROOT = path.resolve(__dirname, "../..");

describe("paths only the Worker answers skip the asset lookup", () => {
  it("every page the edge cache serves goes to the Worker first", () => {
    for (const pathname of ["/", "/shop", "/categories/analgesics", "/products/12-paracetamol-500mg"]) {
      const url = new URL(`https://medistore.test${pathname}`);
      expect(edgeCacheDecision(new Request(url), url), pathname).toBe("cache");
      expect(routedFirst(pathname), pathname).toBe(true);
    }
  });

  it("so do the back office and the JSON API", () => {
    for (const pathname of ["/admin", "/admin/orders", "/api/products", "/api/orders/checkout"])
      expect(routedFirst(pathname), pathname).toBe(true);
  });

  it("what the Worker answers first holds no static file, and the scripts and styles are not among it", () => {
    const publicDir = path.join(ROOT, "public");
    const publicFiles = (readdirSync(publicDir, { recursive: true }) as string[])
      .filter((file) => statSync(path.join(publicDir, file)).isFile())
      .map((file) => "/" + file.split(path.sep).join("/"));
    expect(publicFiles.length).toBeGreaterThan(0);
    for (const file of [...publicFiles, "/assets/entry.client-abc123.js", "/sw.js"])
      expect(routedFirst(file), file).toBe(false);
  });
});
