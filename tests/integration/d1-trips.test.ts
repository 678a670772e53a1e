/**
 * Distance: every uncached page and API call waits for D1 at most once for its reads (independent reads
 * batched or run together), plus once for the write a form or an API call makes. The database lives in one
 * region far from our shoppers, so each sequential trip costs ~100 ms in production.
 *
 * Driven by the route manifest through the access table (route-access.ts): every probe of every route, asked
 * as a role the route serves (a signed-in one where it may: a guest's pages come from the edge cache), with
 * the route's real body from the fuzz recipes (route-recipes.ts) where it has one, so writes really write.
 * The Worker gets a D1 binding that counts sequential trips (workers/d1-trips.ts). A flow that truly needs
 * more (read, then decide, then write) has its row in EXCEPTIONS, with why.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { catalogueVersion } from "~/models/catalogue-version.server";
import { countTrips } from "../../workers/d1-trips";
import { startPartyDouble } from "./party-double";
import { ACCESS, get, probeRequest, RULES, type Body, type Probe, type Role } from "./route-access";
import { callWorker, routeWorld, type RouteWorld } from "./route-fixtures";
import { expectRowPerRoute, MANIFEST_ROUTES, type ManifestRoute } from "./route-manifest";
import { RECIPES, type ValidBody } from "./route-recipes";

/** Reads: one trip. A write: one more. */
const READS = 1;
const WRITES = 1;

/**
 * Requests allowed more trips than their method's bar, keyed `<route id> <METHOD>`: each says why its
 * extra trip cannot travel with the others.
 */
const EXCEPTIONS: Record<string, { trips: number; why: string }> = {
  "routes/login POST": {
    trips: 3,
    why: "the account and its login counts are read together; the attempt is counted (a write) before the slow password check, so parallel guesses cannot all pass; only a right password then forgives and starts the session, in one batch",
  },
  "routes/admin.orders[.]csv GET": {
    trips: 2,
    why: "a download that writes: the export is recorded in the audit trail before it is served, once the rows (read beside the session lookup) are in hand",
  },
  "routes/account.delete POST": {
    trips: 4,
    why: "the password asked again is login's throttled check, after the session lookup names the account whose counts it is held to: the account, its counts (and what the deletion must know) read together, the attempt counted before the slow comparison; a wrong one then gets the page again, read afresh after the action (a right one is forgiven in the deletion's own batch: 4 trips too)",
  },
  "routes/api.me DELETE": {
    trips: 3,
    why: "the password asked again is login's throttled check, after the session lookup names the account whose counts it is held to: the account, its counts (and what the deletion must know) read together, then the attempt counted before the slow comparison (a right one is forgiven in the deletion's own batch: 4 trips)",
  },
  "routes/admin.audit[.]csv GET": {
    trips: 2,
    why: "a download that writes: once the session lookup has shown the superintendent, the export is recorded in the audit trail and the rows read in one batch, the record first",
  },
  "routes/admin.users POST": {
    trips: 3,
    why: "a form answered with the page, not a redirect (the reset link is shown once and must travel in neither a URL nor a cookie): the account is read beside the session lookup, the link written with its audit entry, and the page's own reads then run, as after any action answered with its page",
  },
  "routes/track POST": {
    trips: 3,
    why: "the lookup counts are read first (a client already at a limit is refused uncounted), then the attempt is counted as the order is looked for, and answered only once counted; a found order is then forgiven its count (a miss shows the page again instead)",
  },
  "routes/api.auth.login POST": {
    trips: 4,
    why: "the login's three (as the page's), after the check that the Bearer token the caller sent is a live session, which every API write waits for",
  },
};

/**
 * Not at the bar yet: the trips each of these takes today. A row may only go down (the test fails when a
 * request takes more, and when it takes fewer, so the number is lowered or the row taken out).
 */
const NOT_YET: Record<string, number> = {};

/** Who asks: the first of these the route's rule serves (signed in first: their pages are never cached). */
const PREFERENCE: Role[] = ["customer", "superintendent", "pharmacist", "staff", "guest", "otherCustomer"];

/**
 * Every D1 call waits this long, as a call to a database a region away does: locally a read answers in
 * microseconds, so two reads started side by side would look one after the other whenever the first is
 * back before the second leaves.
 */
const DISTANCE_MS = 50;

/** The catalogue version is trusted for a while in production (CATALOGUE_VERSION_TTL_MS); here, always. */
const TRUSTED_VERSION_MS = 60_000;

function asBody(valid: ValidBody, w: RouteWorld): Body {
  const fields = valid.fields(w);
  if (valid.as === "json") return { json: fields };
  const entries = Object.entries(fields);
  if (valid.as === "form") return { form: Object.fromEntries(entries.map(([k, v]) => [k, String(v)])) };
  return {
    multipart: Object.fromEntries(entries.map(([k, v]) => [k, v instanceof Uint8Array ? v : String(v)])),
  };
}

/** The probe's request with the route's real body where the recipe has one for that method. */
function realBody(route: ManifestRoute, probe: Probe, w: RouteWorld): Body | undefined {
  if (probe.method === "GET") return undefined;
  const recipe = RECIPES[route.id];
  const methods = recipe?.methods ?? ["POST"];
  return recipe?.valid && methods.includes(probe.method) ? asBody(recipe.valid, w) : probe.body?.(w);
}

/**
 * A body marked `_enhanced` is what the hydrated page's script sends, and the script sends it where Remix's
 * single fetch does: the route's `.data` URL, which runs the action alone (the page's loaders then
 * revalidate with a GET of their own, counted as the route's GET). Posted to the page's own URL it would be
 * a request no browser makes: a post without JavaScript, answered with the whole page, never carries it.
 */
function asTheBrowserSends(path: string, request: Request, body: Body | undefined): Request {
  const fields = body && ("form" in body ? body.form : "multipart" in body ? body.multipart : undefined);
  if (fields?._enhanced !== "1") return request;
  const url = new URL(request.url);
  url.pathname = path === "/" ? "/_root.data" : `${path}.data`;
  return new Request(url, request);
}

let party: ReturnType<typeof startPartyDouble>;
beforeEach(() => {
  party = startPartyDouble();
});
afterEach(() => party.stop());

describe("round trips to D1", () => {
  it("every route of the manifest is counted; every exception names a request that exists", () => {
    expectRowPerRoute(ACCESS, "an access rule");
    const requests = MANIFEST_ROUTES.flatMap((route) =>
      (ACCESS[route.id]?.probes ?? [get()]).map((probe) => `${route.id} ${probe.method}`),
    );
    expect(Object.keys({ ...EXCEPTIONS, ...NOT_YET }).filter((key) => !requests.includes(key))).toEqual([]);
  });

  it("each page and API call waits on D1 once for its reads, and once more for a write", async () => {
    const w = await routeWorld();
    const over: string[] = [];
    const better: string[] = [];
    const counts: Record<string, number> = {};
    const lines: string[] = [];
    for (const route of MANIFEST_ROUTES.filter((r) => ACCESS[r.id])) {
      const access = ACCESS[route.id];
      for (const probe of access.probes ?? [get()]) {
        const rule = RULES[probe.rule ?? access.rule];
        const role = PREFERENCE.find((r) => rule[r] === "ok")!;
        const body = realBody(route, probe, w);
        const probed = await probeRequest(route, probe, role, w, body);
        const request = asTheBrowserSends(probed.path, probed.request, body);
        const path = new URL(request.url).pathname;
        const trips = countTrips(env.DB, { delayMs: DISTANCE_MS });
        await catalogueVersion(env.DB, TRUSTED_VERSION_MS);
        const response = await callWorker(request, {
          ...env,
          DB: trips.d1,
          CATALOGUE_VERSION_TTL_MS: String(TRUSTED_VERSION_MS),
        });
        await response.arrayBuffer();
        const key = `${route.id} ${probe.method}`;
        const bar = EXCEPTIONS[key]?.trips ?? (probe.method === "GET" ? READS : READS + WRITES);
        const allowed = NOT_YET[key] ?? bar;
        const line = `${key} ${path} as ${role}: ${response.status}, ${trips.trips()} trip(s) (${trips.calls()} calls), bar ${bar}`;
        counts[key] = trips.trips();
        lines.push(line);
        if (trips.trips() > allowed) over.push(line);
        if (key in NOT_YET && trips.trips() < allowed) better.push(line);
      }
    }
    if (over.length + better.length > 0) console.log(lines.join("\n"));
    expect(over, "requests over their bar").toEqual([]);
    expect(better, "requests now under their NOT_YET row: lower it, or take it out").toEqual([]);
    // An exception whose request now meets its method's bar is taken out.
    const unneeded = Object.keys(EXCEPTIONS).filter(
      (key) => counts[key]! <= (key.endsWith(" GET") ? READS : READS + WRITES),
    );
    expect(unneeded).toEqual([]);
  }, 180_000);
});
