/**
 * Who may use which route: every route of the route manifest (route-manifest.ts) declares its access rule
 * in ACCESS, keyed by route id, with the requests (probes) that ask it. access.test.ts asks each probe as
 * every role and checks the answer the rule gives; d1-trips.test.ts counts the round trips to D1 of each
 * probe as a role the rule serves.
 */
import { ORIGIN, type TestUser } from "./helpers";
import { FIXTURE_IMAGE_KEY, throwawaySession, type RouteWorld } from "./route-fixtures";
import { fillPattern, type ManifestRoute } from "./route-manifest";

/** Who asks, as the fixture world has them, and where a signed-in one's home is. */
export const ROLES = {
  guest: { user: () => null, home: null },
  customer: { user: (w) => w.customer, home: "/dashboard" },
  /** Signed in, but the order, prescription and conversation of the world are not theirs. */
  otherCustomer: { user: (w) => w.otherCustomer, home: "/dashboard" },
  superintendent: { user: (w) => w.superintendent, home: "/admin" },
  pharmacist: { user: (w) => w.admin, home: "/admin" },
  /** An admin without a PCN number. */
  staff: { user: (w) => w.staff, home: "/admin" },
} satisfies Record<string, { user: (w: RouteWorld) => TestUser | null; home: string | null }>;
export type Role = keyof typeof ROLES;

/**
 * What a role gets: `ok` the route's own answer; `sign-in` sent to log in (a page) or 401 (the API);
 * `forbidden` a 403; `not-yours` someone else's thing refused (403, or 404 where its existence is not
 * disclosed); `home` a signed-in person sent to their home page.
 */
export type Answer = "ok" | "sign-in" | "forbidden" | "not-yours" | "home";

export const RULES = {
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
export type Rule = keyof typeof RULES;

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Body =
  { form: Record<string, string> } | { json: unknown } | { multipart: Record<string, string | Uint8Array> };

/** One request: a method, the path parameters, a body; and what an allowed role gets (a status). */
export type Probe = {
  method: Method;
  /** Where it differs from the route's rule (a page anyone may post to, say). */
  rule?: Rule;
  params?: (w: RouteWorld) => Record<string, string>;
  body?: (w: RouteWorld) => Body;
  ok: number;
  /** It ends the session it carries: sent with a session of its own, not the role's. */
  endsSession?: true;
};

export type Access = {
  rule: Rule;
  /** What each role asks; a GET answered 200 unless told. */
  probes?: Probe[];
  /** How this route refuses where it differs from a page's (302 to /login, 403) or the API's (401, 403). */
  refuses?: Partial<Record<Exclude<Answer, "ok" | "home">, number>>;
};

export const get = (ok = 200, more: Partial<Probe> = {}): Probe => ({ method: "GET", ok, ...more });
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

export const ACCESS: Record<string, Access> = {
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
  for (const [k, v] of Object.entries(body.multipart))
    if (typeof v === "string") form.set(k, v);
    else form.set(k, new File([v as Uint8Array<ArrayBuffer>], `${k}.png`, { type: "image/png" }));
  return { body: form };
}

/**
 * The request as a browser (a page: the session cookie) or an API client (a Bearer token) sends it; `body`
 * in place of the probe's own.
 */
export async function probeRequest(
  route: ManifestRoute,
  probe: Probe,
  role: Role,
  w: RouteWorld,
  body: Body | undefined = probe.body?.(w),
) {
  const values = probe.params?.(w) ?? {};
  const path = fillPattern(route, (name) => values[name] ?? "x");
  const headers = new Headers({ Host: new URL(ORIGIN).host });
  const user = ROLES[role].user(w);
  if (user && probe.endsSession) headers.set("Authorization", `Bearer ${await throwawaySession(user.id)}`);
  else if (user && path.startsWith("/api/")) headers.set("Authorization", `Bearer ${user.token}`);
  else if (user) headers.set("Cookie", `medistore_session=${user.client.cookies.get("medistore_session")}`);
  let sent: BodyInit | undefined;
  if (probe.method !== "GET") {
    headers.set("Origin", ORIGIN);
    const encoded = encode(body ?? { form: {} });
    sent = encoded.body;
    if (encoded.type) headers.set("Content-Type", encoded.type);
  }
  return { path, request: new Request(`${ORIGIN}${path}`, { method: probe.method, headers, body: sent }) };
}
