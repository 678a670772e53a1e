import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/** The router's CommonJS build: what the Worker runs (scripts/build/server-router-plugin.ts). */
const require = createRequire(import.meta.url);
const routerPath = require.resolve("@remix-run/router");
const { matchRoutes } = require(routerPath) as typeof import("@remix-run/router");

const tree = () => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "product", path: "products/:slug" },
      { id: "admin", path: "admin", children: [{ id: "orders", path: "orders" }] },
      { id: "splat", path: "*" },
    ],
  },
];
const routes = tree();

const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((match) => match.route.id);

describe("the router patch (patches/@remix-run+router+1.23.3.patch)", () => {
  it("is applied to the build the Worker runs", () => {
    expect(readFileSync(routerPath, "utf8")).toContain("MediStore patch");
  });

  it("matches a pathname the same way every time it is asked", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids(matchRoutes(routes, "/products/12-paracetamol"))).toEqual(["root", "product"]);
      expect(matchRoutes(routes, "/products/12-paracetamol")?.at(-1)?.params).toEqual({
        slug: "12-paracetamol",
      });
      expect(ids(matchRoutes(routes, "/admin/orders"))).toEqual(["root", "admin", "orders"]);
      expect(ids(matchRoutes(routes, "/"))).toEqual(["root", "home"]);
      expect(ids(matchRoutes(routes, "/nowhere/at/all"))).toEqual(["root", "splat"]);
      expect(matchRoutes(routes, "/x", "/shop")).toBeNull();
    }
  });

  it("gives each caller matches of its own: a change to one answer never reaches the next", () => {
    const first = matchRoutes(routes, "/products/7-zinc")!;
    expect(first[0].params).toBe(first[1].params);
    (first[1].params as Record<string, string>).slug = "changed";
    first.pop();
    const second = matchRoutes(routes, "/products/7-zinc")!;
    expect(ids(second)).toEqual(["root", "product"]);
    expect(second[1].params).toEqual({ slug: "7-zinc" });
  });

  it("a tree built anew from the same routes (as Remix's renderer does per request) gets its own route objects", () => {
    expect(ids(matchRoutes(routes, "/admin/orders"))).toEqual(["root", "admin", "orders"]);
    const again = tree();
    const matches = matchRoutes(again, "/admin/orders")!;
    expect(ids(matches)).toEqual(["root", "admin", "orders"]);
    expect(matches[2].route).toBe(again[0].children[2].children![0]);
    expect(matches[0].route).toBe(again[0]);
  });

  it("a tree of another shape is matched as itself, never as one seen before", () => {
    const moved = tree();
    moved[0].children[1].path = "medicines/:slug";
    expect(ids(matchRoutes(moved, "/medicines/12-paracetamol"))).toEqual(["root", "product"]);
    expect(ids(matchRoutes(moved, "/products/12-paracetamol"))).toEqual(["root", "splat"]);
    expect(ids(matchRoutes(routes, "/products/12-paracetamol"))).toEqual(["root", "product"]);
  });

  it("a tree whose routes have no ids is matched as before", () => {
    const anonymous = [{ path: "/", children: [{ path: "a/:x" }, { path: "*" }] }];
    for (let round = 0; round < 2; round++)
      expect(matchRoutes(anonymous, "/a/1")?.at(-1)?.params).toEqual({ x: "1" });
  });

  it("keeps a bounded number of pathnames: many distinct ones still match correctly", () => {
    for (let n = 0; n < 2500; n++)
      expect(matchRoutes(routes, `/products/${n}-x`)?.at(-1)?.params.slug).toBe(`${n}-x`);
  });
});
