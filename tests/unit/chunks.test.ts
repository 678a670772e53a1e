/**
 * How the build splits the browser's code (vite.config.ts): a first visit to a catalogue page fetches few,
 * large scripts, since every request costs a phone its headers and a round trip. Read from the built
 * server's assets manifest, which lists what each route's page loads.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { inlineStylesheetRoutes } from "../../app/lib/route-policy";

type Assets = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

const serverBuild = path.join(
  __dirname,
  "../..",
  process.env.MEDISTORE_BUILD_DIR ?? "build",
  "server/index.js",
);
const { assets } = (await import(pathToFileURL(serverBuild).href)) as { assets: Assets };
const clientBuild = path.join(path.dirname(serverBuild), "../client");

/** Every script a first visit to a route's page fetches: Remix's entry, the root route's and the page's. */
function firstVisit(routeId: string): string[] {
  const scripts = new Set([assets.entry.module, ...assets.entry.imports]);
  for (const id of ["root", routeId]) {
    const route = assets.routes[id]!;
    for (const file of [route.module, ...(route.imports ?? [])]) scripts.add(file);
  }
  return [...scripts];
}

const cataloguePages = inlineStylesheetRoutes().map((file) => file.replace(/\.tsx$/, ""));

describe("the browser's chunks", () => {
  it.each(cataloguePages)(
    "%s: at most two scripts: React, Remix, its entry and our shared code in one, the page's",
    (id) => {
      const scripts = firstVisit(id);
      expect(scripts.length).toBeLessThanOrEqual(2);
      expect(scripts.filter((file) => /\/framework-[\w-]+\.js$/.test(file))).toHaveLength(1);
    },
  );

  it("Remix's entry and the root route's module are the framework chunk", () => {
    expect(assets.entry.module).toMatch(/\/framework-[\w-]+\.js$/);
    expect(assets.routes.root!.module).toBe(assets.entry.module);
  });

  it("the error page's code is not in it: fetched only when a page is one (components/error-page-loader.tsx)", () => {
    const framework = readFileSync(path.join(clientBuild, assets.entry.module), "utf8");
    expect(framework).toContain("data-error-page");
    expect(framework).not.toContain("We could not find that page");
  });
});
