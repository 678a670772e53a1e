/**
 * Who may use which route: every route of the route manifest (route-manifest.ts) declares its access rule
 * in ACCESS (route-access.ts), keyed by route id, and each role asks it what a browser or an API client would ask. The answer
 * each role gets follows from the rule (RULES): served, sent to sign in, refused, not shown someone else's
 * thing, or sent home. A route of the manifest without a row fails the first test, and so does a row whose
 * route is gone.
 *
 * Roles are columns (guest, customers, and the back office's superintendent pharmacist, pharmacist and
 * staff): another role is one entry in ROLES (who it is in the fixture world) and one cell per
 * rule, and TypeScript asks for every cell.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startPartyDouble } from "./party-double";
import {
  ACCESS,
  get,
  probeRequest,
  ROLES,
  RULES,
  type Access,
  type Answer,
  type Probe,
  type Role,
} from "./route-access";
import { callWorker, routeWorld, type RouteWorld } from "./route-fixtures";
import { expectRowPerRoute, MANIFEST_ROUTES, type ManifestRoute } from "./route-manifest";

/** The probe as a role sends it, answered by the Worker. */
async function ask(route: ManifestRoute, probe: Probe, role: Role, w: RouteWorld) {
  const { path, request } = await probeRequest(route, probe, role, w);
  return { path, response: await callWorker(request) };
}

/** What the rule says this role gets from this probe: a status, and where a redirect must lead. */
function expected(route: ManifestRoute, access: Access, probe: Probe, role: Role, path: string) {
  const answer: Answer = RULES[probe.rule ?? access.rule][role];
  const api = route.pattern.startsWith("/api/");
  switch (answer) {
    case "ok":
      return { status: probe.ok };
    case "home":
      return { status: 302, location: ROLES[role].home };
    case "sign-in": {
      const status = access.refuses?.["sign-in"] ?? (api ? 401 : 302);
      return status === 302
        ? { status, location: `/login?redirectTo=${encodeURIComponent(path)}` }
        : { status };
    }
    case "forbidden":
    case "not-yours":
      return { status: access.refuses?.[answer] ?? 403 };
  }
}

let party: ReturnType<typeof startPartyDouble>;
beforeEach(() => {
  party = startPartyDouble();
});
afterEach(() => party.stop());

describe("access: every route answers each role as its rule says", () => {
  it("has an access rule for every route of the manifest, and asks every page's action too", () => {
    expectRowPerRoute(ACCESS, "an access rule");
    const unasked = MANIFEST_ROUTES.filter(
      (route) => route.page && route.action && !ACCESS[route.id]?.probes?.some((p) => p.method !== "GET"),
    );
    expect(unasked.map((route) => route.id)).toEqual([]);
  });

  it("guest, customers, superintendent, pharmacist and staff each get what the rule gives them", async () => {
    const w = await routeWorld();
    const wrong: string[] = [];
    for (const route of MANIFEST_ROUTES.filter((r) => ACCESS[r.id])) {
      const access = ACCESS[route.id];
      for (const probe of access.probes ?? [get()]) {
        for (const role of Object.keys(ROLES) as Role[]) {
          const { path, response } = await ask(route, probe, role, w);
          const want = expected(route, access, probe, role, path);
          const got = { status: response.status, location: response.headers.get("Location") ?? undefined };
          const text = await response.text();
          if (got.status !== want.status || (want.location && got.location !== want.location)) {
            wrong.push(
              `${route.id} ${probe.method} ${path} as ${role} (${RULES[probe.rule ?? access.rule][role]}): ` +
                `expected ${JSON.stringify(want)}, got ${JSON.stringify(got)} ${text.slice(0, 120)}`,
            );
          } else if (route.pattern.startsWith("/api/") && (got.status === 401 || got.status === 403)) {
            // The API says why it refuses, in JSON.
            expect((JSON.parse(text) as { message?: string }).message, `${route.id} as ${role}`).toBeTruthy();
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // The probes are harmless: what the world had, it still has.
    const kept = await env.DB.prepare(
      "SELECT (SELECT COUNT(*) FROM orders WHERE id = ?) AS orders, (SELECT COUNT(*) FROM products WHERE id = ?) AS products",
    )
      .bind(w.order.id, w.product.id)
      .first();
    expect(kept).toEqual({ orders: 1, products: 1 });
  }, 180_000);
});
