/**
 * Who may use which route: every route of the route manifest (route-manifest.ts) declares its access rule
 * in ACCESS, keyed by route id, and each role asks it what a browser or an API client would ask. The answer
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
import { ORIGIN, type TestUser } from "./helpers";
import { startPartyDouble } from "./party-double";
import {
  callWorker,
  FIXTURE_IMAGE_KEY,
  routeWorld,
  throwawaySession,
  type RouteWorld,
} from "./route-fixtures";
import { expectRowPerRoute, fillPattern, MANIFEST_ROUTES, type ManifestRoute } from "./route-manifest";

/** Who asks, as the fixture world has them, and where a signed-in one's home is. */
const ROLES = {
  guest: { user: () => null, home: null },
  customer: { user: (w) => w.customer, home: "/dashboard" },
  /** Signed in, but the order, prescription and conversation of the world are not theirs. */
  otherCustomer: { user: (w) => w.otherCustomer, home: "/dashboard" },
  superintendent: { user: (w) => w.superintendent, home: "/admin" },
  pharmacist: { user: (w) => w.admin, home: "/admin" },
  /** An admin without a PCN number. */
  staff: { user: (w) => w.staff, home: "/admin" },
} satisfies Record<string, { user: (w: RouteWorld) => TestUser | null; home: string | null }>;
type Role = keyof typeof ROLES;

/**
 * What a role gets: `ok` the route's own answer; `sign-in` sent to log in (a page) or 401 (the API);
 * `forbidden` a 403; `not-yours` someone else's thing refused (403, or 404 where its existence is not
 * disclosed); `home` a signed-in person sent to their home page.
 */
type Answer = "ok" | "sign-in" | "forbidden" | "not-yours" | "home";

const RULES = {
  /** Anyone. */
  public: {
    guest: "ok",
    customer: "ok",
    otherCustomer: "ok",
    superintendent: "ok",
    pharmacist: "ok",
    staff: "ok",
  },
  /** Whoever holds the private link (an order's token): the link is the key, whoever is signed in. */
  link: {
    guest: "ok",
    customer: "ok",
    otherCustomer: "ok",
    superintendent: "ok",
    pharmacist: "ok",
    staff: "ok",
  },
  /** Signing in and registering: someone signed in already is sent home. */
  guests: {
    guest: "ok",
    customer: "home",
    otherCustomer: "home",
    superintendent: "home",
    pharmacist: "home",
    staff: "home",
  },
  /** Any signed-in account, for its own things. */
  signedIn: {
    guest: "sign-in",
    customer: "ok",
    otherCustomer: "ok",
    superintendent: "ok",
    pharmacist: "ok",
    staff: "ok",
  },
  /** The account the thing belongs to (the customer's order, prescription or conversation), and admins. */
  owner: {
    guest: "sign-in",
    customer: "ok",
    otherCustomer: "not-yours",
    superintendent: "ok",
    pharmacist: "ok",
    staff: "ok",
  },
  /** The back office: every admin. */
  admin: {
    guest: "sign-in",
    customer: "forbidden",
    otherCustomer: "forbidden",
    superintendent: "ok",
    pharmacist: "ok",
    staff: "ok",
  },
  /** A pharmacist's decision: admins with a PCN number (lib/admin-roles.ts, reviewPrescriptions). */
  pharmacist: {
    guest: "sign-in",
    customer: "forbidden",
    otherCustomer: "forbidden",
    superintendent: "ok",
    pharmacist: "ok",
    staff: "forbidden",
  },
  /** The superintendent pharmacist's alone (the audit trail). */
  superintendent: {
    guest: "sign-in",
    customer: "forbidden",
    otherCustomer: "forbidden",
    superintendent: "ok",
    pharmacist: "forbidden",
    staff: "forbidden",
  },
} as const satisfies Record<string, Record<Role, Answer>>;
type Rule = keyof typeof RULES;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Body = { form: Record<string, string> } | { json: unknown } | { multipart: Record<string, string> };

/** One request: a method, the path parameters, a body; and what an allowed role gets (a status). */
type Probe = {
  method: Method;
  /** Where it differs from the route's rule (a page anyone may post to, say). */
  rule?: Rule;
  params?: (w: RouteWorld) => Record<string, string>;
  body?: (w: RouteWorld) => Body;
  ok: number;
  /** It ends the session it carries: sent with a session of its own, not the role's. */
  endsSession?: true;
};

type Access = {
  rule: Rule;
  /** What each role asks; a GET answered 200 unless told. */
  probes?: Probe[];
  /** How this route refuses where it differs from a page's (302 to /login, 403) or the API's (401, 403). */
  refuses?: Partial<Record<Exclude<Answer, "ok" | "home">, number>>;
};

const get = (ok = 200, more: Partial<Probe> = {}): Probe => ({ method: "GET", ok, ...more });
/** An empty form (or JSON, or multipart): harmless, and answered by the route's own checks once let in. */
const post = (ok: number, more: Partial<Probe> = {}): Probe => ({
  method: "POST",
  ok,
  body: () => ({ form: {} }),
  ...more,
});
const json = (value: unknown) => () => ({ json: value });
const multipart = () => ({ multipart: {} });
const product = { params: (w: RouteWorld) => ({ id: String(w.product.id) }) };
/** No such product: a delete that would succeed must not take the world's product away. */
const noProduct = { params: () => ({ id: "999999" }) };
const token = { params: (w: RouteWorld) => ({ token: w.order.token }) };
const orderId = { params: (w: RouteWorld) => ({ key: w.order.id }) };
const neverIssued = { params: () => ({ token: "A".repeat(43) }) };
/** Not disclosed: someone else's thing is answered as if it did not exist. */
const HIDDEN = { "not-yours": 404 } as const;

const ACCESS: Record<string, Access> = {
  // The shop
  "routes/_index": { rule: "public" },
  "routes/shop": { rule: "public" },
  "routes/categories.$slug": {
    rule: "public",
    probes: [get(200, { params: (w) => ({ slug: w.categoryPath.replace("/categories/", "") }) })],
  },
  "routes/products.$slug": {
    rule: "public",
    probes: [
      get(200, { params: (w) => ({ slug: w.productPath.replace("/products/", "") }) }),
      // Asking to be told when it is back: an account's request.
      post(400, { rule: "signedIn", params: (w) => ({ slug: w.productPath.replace("/products/", "") }) }),
    ],
  },
  "routes/images.$": { rule: "public", probes: [get(200, { params: () => ({ "*": FIXTURE_IMAGE_KEY }) })] },
  "routes/about": { rule: "public" },
  "routes/how": { rule: "public" },
  "routes/privacy": { rule: "public" },
  "routes/delivery": { rule: "public" },
  "routes/forgot-password": { rule: "public" },
  "routes/contact": { rule: "public", probes: [get(), post(400)] },
  "routes/cart": { rule: "public", probes: [get(), post(302)] },
  "routes/checkout": { rule: "public", probes: [get(), post(400)] },
  "routes/track": { rule: "public", probes: [get(), post(400)] },
  "routes/data-saver": { rule: "public", probes: [get(302), post(400)] },
  "routes/logout": { rule: "public", probes: [get(302), post(302, { endsSession: true })] },
  "routes/reset-password.$token": {
    rule: "public",
    // A link that was never issued: gone, whoever asks.
    probes: [get(410, neverIssued), post(410, neverIssued)],
  },
  "routes/messages.stop.$token": {
    rule: "public",
    // A token we never signed: no such link, whoever asks.
    probes: [get(404, neverIssued), post(404, neverIssued)],
  },
  "routes/dev.inbox": { rule: "public" },
  "routes/$": {
    rule: "public",
    probes: [
      get(404, { params: () => ({ "*": "no-such-page" }) }),
      post(404, { params: () => ({ "*": "x" }) }),
    ],
  },
  "routes/login": { rule: "guests", probes: [get(), post(400)] },
  "routes/register": { rule: "guests", probes: [get(), post(400)] },
  // An order's private link
  "routes/order.$token": { rule: "link", probes: [get(200, token), post(400, token)] },
  "routes/order.$token_.prescription": { rule: "link", probes: [get(200, token)] },
  "routes/order.$token_.receipt": { rule: "link", probes: [get(200, token)] },
  // A signed-in customer's own pages
  "routes/dashboard": { rule: "signedIn", probes: [get(), post(400, { body: multipart })] },
  "routes/orders": { rule: "signedIn" },
  "routes/pending-deliveries": { rule: "signedIn" },
  "routes/account._index": { rule: "signedIn", probes: [get(), post(400)] },
  "routes/account.privacy": { rule: "signedIn", probes: [get(), post(400)] },
  "routes/account.delete": { rule: "signedIn", probes: [get(), post(400)] },
  "routes/account.data": { rule: "signedIn" },
  "routes/receipts.$orderId": {
    rule: "owner",
    probes: [get(200, { params: (w) => ({ orderId: w.order.id }) })],
    refuses: { "sign-in": 404, ...HIDDEN },
  },
  "routes/prescriptions.$id.image": {
    rule: "owner",
    probes: [get(200, { params: (w) => ({ id: w.prescriptionId }) })],
    refuses: { "sign-in": 401, ...HIDDEN },
  },
  "routes/chat.ticket": {
    rule: "owner",
    probes: [post(200, { body: (w) => ({ json: { conversationId: w.customer.id, consent: true } }) })],
    refuses: { "sign-in": 401 },
  },
  // The back office
  "routes/admin": { rule: "admin" },
  "routes/admin._index": { rule: "admin" },
  "routes/admin.products._index": { rule: "admin", probes: [get(), post(400, { body: multipart })] },
  "routes/admin.products.$id": {
    rule: "admin",
    probes: [get(200, product), post(400, { body: multipart, ...product })],
  },
  "routes/admin.products.$id_.delete": { rule: "admin", probes: [get(200, product), post(302, noProduct)] },
  "routes/admin.orders": { rule: "admin", probes: [get(), post(302)] },
  "routes/admin.orders[.]csv": { rule: "admin" },
  "routes/admin.reviews": { rule: "admin", probes: [get(), post(400, { rule: "pharmacist" })] },
  "routes/admin.audit": { rule: "superintendent" },
  "routes/admin.audit[.]csv": { rule: "superintendent" },
  "routes/admin.prescriptions": { rule: "admin" },
  "routes/admin.messages": { rule: "admin", probes: [get(), post(302)] },
  "routes/admin.outbox": { rule: "admin", probes: [get(), post(302)] },
  "routes/admin.delivery": { rule: "admin", probes: [get(), post(400)] },
  "routes/admin.admins": { rule: "admin", probes: [get(), post(400)] },
  "routes/admin.users": { rule: "admin", probes: [get(), post(404)] },
  "routes/admin.chat-customers": { rule: "admin" },
  // The JSON API
  "routes/api.products": {
    rule: "public",
    probes: [get(), post(400, { rule: "admin", body: multipart })],
  },
  "routes/api.products.$id": {
    rule: "admin",
    probes: [
      { method: "PATCH", ok: 400, body: json({}), ...product },
      { method: "DELETE", ok: 404, ...noProduct },
    ],
  },
  "routes/api.auth.login": { rule: "public", probes: [post(400, { body: json({}) })] },
  "routes/api.auth.register": { rule: "public", probes: [post(400, { body: json({}) })] },
  "routes/api.orders.checkout": { rule: "public", probes: [post(400, { body: json({}) })] },
  "routes/api.orders.$key": {
    rule: "owner",
    probes: [
      get(200, { params: (w) => ({ key: w.customer.email }) }),
      { method: "PUT", rule: "admin", ok: 400, body: json({}), ...orderId },
    ],
  },
  "routes/api.orders.$key_.receipt": { rule: "owner", probes: [post(400, { body: multipart, ...orderId })] },
  "routes/api.orders.$key_.review": {
    rule: "pharmacist",
    probes: [post(400, { body: json({}), ...orderId })],
  },
  "routes/api.orders.all-orders": { rule: "admin" },
  // Only the gateway's signature opens it, whoever calls: an unsigned call is refused.
  "routes/api.payments.paystack": { rule: "public", probes: [post(401, { body: json({}) })] },
  "routes/api.prescriptions.upload": { rule: "signedIn", probes: [post(400, { body: multipart })] },
  "routes/api.prescriptions.all": { rule: "admin" },
  "routes/api.users": { rule: "admin" },
  "routes/api.admins": { rule: "admin", probes: [post(400, { body: json({}) })] },
  "routes/api.chat.messages.$conversationId": {
    rule: "owner",
    probes: [get(200, { params: (w) => ({ conversationId: w.customer.id }) })],
  },
  "routes/api.me": { rule: "signedIn", probes: [{ method: "DELETE", ok: 400, body: json({}) }] },
  "routes/api.me.export": { rule: "signedIn" },
  "routes/api.$": { rule: "public", probes: [get(404, { params: () => ({ "*": "nope" }) })] },
  // A provider's callback: refused without the provider's signature, whoever sends it.
  "routes/api.messages.callback.$provider": {
    rule: "public",
    probes: [post(401, { body: json({}), params: () => ({ provider: "sms" }) })],
  },
};

function encode(body: Body): { body: BodyInit; type?: string } {
  if ("json" in body) return { body: JSON.stringify(body.json), type: "application/json" };
  if ("form" in body)
    return { body: new URLSearchParams(body.form), type: "application/x-www-form-urlencoded" };
  const form = new FormData();
  for (const [k, v] of Object.entries(body.multipart)) form.set(k, v);
  return { body: form };
}

/** The request as a browser (a page: the session cookie) or an API client (a Bearer token) sends it. */
async function ask(route: ManifestRoute, probe: Probe, role: Role, w: RouteWorld) {
  const values = probe.params?.(w) ?? {};
  const path = fillPattern(route, (name) => values[name] ?? "x");
  const headers = new Headers({ Host: new URL(ORIGIN).host });
  const user = ROLES[role].user(w);
  if (user && probe.endsSession) headers.set("Authorization", `Bearer ${await throwawaySession(user.id)}`);
  else if (user && path.startsWith("/api/")) headers.set("Authorization", `Bearer ${user.token}`);
  else if (user) headers.set("Cookie", `medistore_session=${user.client.cookies.get("medistore_session")}`);
  let body: BodyInit | undefined;
  if (probe.method !== "GET") {
    headers.set("Origin", ORIGIN);
    const encoded = encode(probe.body?.(w) ?? { form: {} });
    body = encoded.body;
    if (encoded.type) headers.set("Content-Type", encoded.type);
  }
  const response = await callWorker(new Request(`${ORIGIN}${path}`, { method: probe.method, headers, body }));
  return { path, response };
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
