/**
 * The routes the Worker serves, read from the server build's own route manifest (the build the Worker under
 * test runs: app/routes.ts over the files of app/routes, as Remix compiled them). The fuzz and the access
 * tests enumerate these, each with a table keyed by route id: a new route fails them until it has its row,
 * and a row left behind by a removed route fails them too.
 */
import type { ServerBuild } from "@remix-run/cloudflare";
import * as build from "medistore-server-build";
import { expect } from "vitest";

export type ManifestRoute = {
  /** Remix's route id: the file under app/ without its extension, e.g. "routes/order.$token_.receipt". */
  id: string;
  /** The URL pattern, e.g. "/order/:token/receipt", "/images/*", "/" for the home page. */
  pattern: string;
  /** Path parameter names in order: ":token" → "token", a splat → "*". */
  params: string[];
  /** A page (it renders a component); otherwise a resource route that answers with its own response. */
  page: boolean;
  loader: boolean;
  action: boolean;
};

const { routes } = build as unknown as ServerBuild;

function segments(id: string): string[] {
  const route = routes[id];
  if (!route) return [];
  const parent = route.parentId ? segments(route.parentId) : [];
  return route.path ? [...parent, ...route.path.split("/").filter(Boolean)] : parent;
}

/**
 * Every route with a URL of its own. The root and pathless layouts are left out: they have none, and they
 * run under every one of their children.
 */
export const MANIFEST_ROUTES: ManifestRoute[] = Object.values(routes)
  .filter((route) => route.id !== "root" && (route.path || route.index))
  .map((route) => {
    const parts = segments(route.id);
    const module = route.module as unknown as Record<string, unknown>;
    return {
      id: route.id,
      pattern: `/${parts.join("/")}`,
      params: parts.filter((p) => p.startsWith(":") || p === "*").map((p) => p.replace(/^:/, "")),
      page: typeof module.default === "function",
      loader: typeof module.loader === "function",
      action: typeof module.action === "function",
    };
  })
  .sort((a, b) => a.id.localeCompare(b.id));

/** The route's URL with its parameters filled in by `value` (as they go in the URL: already encoded). */
export function fillPattern(route: ManifestRoute, value: (param: string) => string): string {
  return route.pattern.replace(/:(\w+)|\*/g, (_, name: string | undefined) => value(name ?? "*"));
}

/**
 * A table keyed by route id holds a row for every route of the manifest and for nothing else. Fails naming
 * the routes without a row and the rows without a route.
 */
export function expectRowPerRoute(table: Record<string, unknown>, what: string) {
  const ids = MANIFEST_ROUTES.map((route) => route.id);
  expect(
    {
      [`routes without ${what}`]: ids.filter((id) => !(id in table)),
      [`${what} for no route`]: Object.keys(table).filter((id) => !ids.includes(id)),
    },
    `every route of the manifest needs ${what} (keyed by its route id)`,
  ).toEqual({ [`routes without ${what}`]: [], [`${what} for no route`]: [] });
}
