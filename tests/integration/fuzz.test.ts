/**
 * Property-based fuzzing (fast-check) of every route of the route manifest (route-manifest.ts) and of
 * Remix's own /__manifest, as a guest, a signed-in customer and an admin. Each request mixes: any method;
 * junk in path parameters, extra path segments, a trailing slash, the page's single-fetch `.data` URL and
 * query strings (control characters with NUL, newlines and tabs, 3,000 to 10,000 character values, any
 * Unicode, broken percent-encoding); junk bodies (forms, multipart with junk files, JSON of wrong types, deep
 * nesting, huge arrays, invalid JSON, wrong or missing content types, empty bodies) and near-valid ones
 * (the route's real form or JSON with a field or two dropped or replaced by junk); forged or missing
 * credentials, cookies, Origin and conditional headers. Whatever arrives, the answer is never a 5xx, and
 * every 4xx says why: a JSON `message` from the API, a page (or a plain-text reason) everywhere else.
 *
 * Each route's recipe (its real parameters, methods and body) is in RECIPES, keyed by route id: a route of
 * the manifest without one fails the first test, and so does a recipe whose route is gone.
 * The seed is fixed, so a failure reproduces; each failing route is reported with the shrunk request.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it, onTestFinished } from "vitest";
import { bearer, Client, DEMO, ORIGIN, PNG_BYTES, seedProducts, signUp } from "./helpers";
import { startPartyDouble } from "./party-double";
import {
  callWorker,
  cookieOf,
  FIXTURE_IMAGE_KEY,
  routeWorld,
  throwawaySession,
  type RouteWorld,
} from "./route-fixtures";
import { expectRowPerRoute, fillPattern, MANIFEST_ROUTES, type ManifestRoute } from "./route-manifest";

const SEED = 20_260_501;
/** Runs per route and role: 65 routes × 3 roles × 12 ≈ 2,300 requests. */
const RUNS_PER_ROUTE = 12;

/** "admin" asks as the superintendent pharmacist, whom every back-office route serves. */
const ROLES = ["guest", "customer", "admin"] as const;
type Role = (typeof ROLES)[number];
type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
const METHODS: Method[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** A route's real request body; the fuzz sends it whole, or with fields dropped or replaced by junk. */
type ValidBody = { as: "form" | "multipart" | "json"; fields: (w: RouteWorld) => Record<string, unknown> };

/**
 * How to drive one route. `params` gives each path parameter of the route's URL (a splat is "*") a real
 * value, the fixture's product, order, prescription or account (several: each request picks one); the fuzz
 * also fills them with junk. `methods` are the ones the route answers on purpose (by default GET for a
 * page or loader and POST for an action); the others are tried too.
 */
type Recipe = {
  methods?: Method[];
  params?: Record<string, (w: RouteWorld) => string | string[]>;
  valid?: ValidBody;
};

const unique = () => `fuzz-${crypto.randomUUID()}@example.com`;
const PRODUCT_FIELDS = (w: RouteWorld) => ({
  name: "Fuzzed Tablets 10mg",
  category: "Analgesics",
  price: "1500.50",
  image: PNG_BYTES,
  productId: String(w.product.id),
});
const productId = { id: (w: RouteWorld) => String(w.product.id) };
const orderToken = { token: (w: RouteWorld) => w.order.token };

const RECIPES: Record<string, Recipe> = {
  // Pages
  "routes/_index": {},
  "routes/about": {},
  "routes/how": {},
  "routes/privacy": {},
  "routes/delivery": {},
  "routes/forgot-password": {},
  "routes/shop": {},
  "routes/categories.$slug": { params: { slug: (w) => w.categoryPath.replace("/categories/", "") } },
  "routes/products.$slug": { params: { slug: (w) => w.productPath.replace("/products/", "") } },
  "routes/$": { methods: ["GET", "POST"], params: { "*": () => "no-such-page/x" } },
  "routes/contact": {
    valid: { as: "form", fields: () => ({ name: "Ada", email: "ada@example.com", message: "Hello there" }) },
  },
  "routes/cart": {
    valid: {
      as: "form",
      fields: (w) => ({ intent: "set", productId: String(w.product.id), qty: "3", redirectTo: "/shop" }),
    },
  },
  "routes/checkout": {
    valid: {
      as: "form",
      fields: () => ({
        idempotencyKey: crypto.randomUUID(),
        name: "Ada Obi",
        email: "ada@example.com",
        phone: "0803 123 4567",
        deliveryAddress: "5 Ogoja Road, Abakaliki",
      }),
    },
  },
  "routes/data-saver": { valid: { as: "form", fields: () => ({ mode: "on", redirectTo: "/shop" }) } },
  "routes/login": {
    valid: {
      as: "form",
      fields: (w) => ({ email: w.customer.email, password: w.customer.password, redirectTo: "/orders" }),
    },
  },
  "routes/register": {
    valid: {
      as: "form",
      fields: () => ({ name: "Ngozi", email: unique(), password: "a-strong-passphrase" }),
    },
  },
  "routes/logout": {},
  "routes/track": {
    valid: { as: "form", fields: () => ({ orderRef: "MS-AAAAAA", phone: "08031234567" }) },
  },
  "routes/reset-password.$token": {
    params: { token: () => "A".repeat(43) },
    valid: {
      as: "form",
      fields: () => ({ newPassword: "a-strong-passphrase", confirmPassword: "a-strong-passphrase" }),
    },
  },
  "routes/order.$token": { params: orderToken, valid: { as: "form", fields: () => ({ intent: "reorder" }) } },
  "routes/order.$token_.prescription": { params: orderToken },
  "routes/order.$token_.receipt": { params: orderToken },
  // A signed-in customer's pages
  "routes/dashboard": {
    valid: {
      as: "multipart",
      fields: () => ({ intent: "upload-prescription", consent: "yes", image: PNG_BYTES, _enhanced: "1" }),
    },
  },
  "routes/account._index": {
    valid: {
      as: "form",
      fields: () => ({
        intent: "profile",
        name: "Ngozi",
        phone: "0803 123 4567",
        deliveryAddress: "5 Ogoja Road",
        deliveryState: "Ebonyi",
      }),
    },
  },
  "routes/account.data": {},
  // A wrong password: the account the run relies on stays.
  "routes/account.delete": { valid: { as: "form", fields: () => ({ password: "not-the-password" }) } },
  "routes/account.privacy": { valid: { as: "form", fields: () => ({ intent: "give", kind: "chat" }) } },
  "routes/orders": {},
  "routes/pending-deliveries": {},
  "routes/receipts.$orderId": { params: { orderId: (w) => w.order.id } },
  "routes/prescriptions.$id.image": { params: { id: (w) => w.prescriptionId } },
  "routes/images.$": { params: { "*": () => FIXTURE_IMAGE_KEY } },
  "routes/chat.ticket": {
    valid: { as: "json", fields: (w) => ({ conversationId: w.customer.id, inbox: false, consent: true }) },
  },
  // The back office
  "routes/admin": {},
  "routes/admin._index": {},
  "routes/admin.products._index": { valid: { as: "multipart", fields: PRODUCT_FIELDS } },
  "routes/admin.products.$id": { params: productId, valid: { as: "multipart", fields: PRODUCT_FIELDS } },
  "routes/admin.products.$id_.delete": { params: productId },
  "routes/admin.orders": {
    valid: {
      as: "form",
      fields: (w) => ({ orderId: w.order.id, deliveryStatus: "Shipped", redirectTo: "/admin/orders?page=2" }),
    },
  },
  "routes/admin.orders[.]csv": {},
  "routes/admin.audit": {},
  "routes/admin.audit[.]csv": {},
  "routes/admin.admins": {
    valid: { as: "form", fields: () => ({ email: unique(), password: "a-strong-passphrase", name: "Bola" }) },
  },
  "routes/admin.prescriptions": {},
  "routes/admin.reviews": {
    valid: { as: "form", fields: (w) => ({ orderId: w.order.id, decision: "approved", note: "" }) },
  },
  "routes/admin.messages": { valid: { as: "form", fields: () => ({ id: "1", read: "1" }) } },
  "routes/admin.outbox": { valid: { as: "form", fields: () => ({ id: crypto.randomUUID() }) } },
  "routes/admin.delivery": {
    valid: {
      as: "form",
      fields: () => ({ freeThreshold: "50000", "fee[Lagos]": "3500", "daysMin[Lagos]": "2" }),
    },
  },
  "routes/admin.users": { valid: { as: "form", fields: (w) => ({ userId: w.customer.id }) } },
  "routes/admin.chat-customers": {},
  // The JSON API
  "routes/api.products": {
    methods: ["GET", "POST"],
    valid: { as: "multipart", fields: PRODUCT_FIELDS },
  },
  "routes/api.products.$id": {
    methods: ["PATCH", "DELETE"],
    params: productId,
    valid: { as: "json", fields: () => ({ price: 1500.5, category: "Analgesics" }) },
  },
  "routes/api.auth.register": {
    methods: ["POST"],
    valid: {
      as: "json",
      fields: () => ({ name: "Ngozi", email: unique(), password: "a-strong-passphrase" }),
    },
  },
  "routes/api.auth.login": {
    methods: ["POST"],
    valid: { as: "json", fields: (w) => ({ email: w.customer.email, password: w.customer.password }) },
  },
  // GET with an account's e-mail, PUT with an order id.
  "routes/api.orders.$key": {
    methods: ["GET", "PUT"],
    params: { key: (w) => [w.customer.email, w.order.id] },
    valid: { as: "json", fields: () => ({ deliveryStatus: "Processing" }) },
  },
  "routes/api.orders.$key_.review": {
    methods: ["POST"],
    params: { key: (w) => w.order.id },
    valid: { as: "json", fields: () => ({ decision: "rejected", note: "Unreadable" }) },
  },
  "routes/api.orders.$key_.receipt": {
    methods: ["POST"],
    params: { key: (w) => w.order.id },
    valid: { as: "multipart", fields: () => ({ receipt: PNG_BYTES }) },
  },
  "routes/api.orders.all-orders": { methods: ["GET"] },
  // The gateway's webhook: junk is unsigned, so refused (401) before it is read as an event.
  "routes/api.payments.paystack": {
    methods: ["POST"],
    valid: { as: "json", fields: () => ({ event: "charge.success", data: { id: 1, reference: "MS-X" } }) },
  },
  "routes/api.orders.checkout": {
    methods: ["POST"],
    valid: {
      as: "json",
      fields: (w) => ({
        email: "ada@example.com",
        phone: "08031234567",
        name: "Ada Obi",
        deliveryAddress: "5 Ogoja Road, Abakaliki",
        items: [
          { productId: String(w.product.id), name: w.product.name, price: 1200, quantity: 2, image: "" },
        ],
        totalAmount: 2400,
      }),
    },
  },
  "routes/api.prescriptions.upload": {
    methods: ["POST"],
    valid: { as: "multipart", fields: () => ({ image: PNG_BYTES }) },
  },
  "routes/api.prescriptions.all": { methods: ["GET"] },
  "routes/api.users": { methods: ["GET"] },
  "routes/api.admins": {
    methods: ["POST"],
    valid: { as: "json", fields: () => ({ email: unique(), password: "a-strong-passphrase", name: "Bola" }) },
  },
  "routes/api.chat.messages.$conversationId": {
    methods: ["GET"],
    params: { conversationId: (w) => w.customer.id },
  },
  // A wrong password: the account the run relies on stays.
  "routes/api.me": {
    methods: ["DELETE"],
    valid: { as: "json", fields: () => ({ password: "not-the-password" }) },
  },
  "routes/api.me.export": { methods: ["GET"] },
  "routes/api.$": { methods: ["GET", "POST"], params: { "*": () => "nope" } },
  "routes/api.messages.callback.$provider": {
    methods: ["POST"],
    params: { provider: () => ["sms", "whatsapp"] },
    valid: { as: "json", fields: () => ({ message_id: "x", status: "Delivered", type: "outbound" }) },
  },
  "routes/messages.stop.$token": {
    params: { token: () => "QQ.QQ" },
    valid: { as: "form", fields: () => ({ stop: "1" }) },
  },
  "routes/dev.inbox": {},
};

/** What the fuzz drives: a route of the manifest with its recipe. */
type Target = { route: ManifestRoute; recipe: Recipe; methods: Method[] };

/** Remix's own route manifest (asked for as JavaScript navigates to routes it has not loaded yet). */
const REMIX_MANIFEST: ManifestRoute = {
  id: "remix:/__manifest",
  pattern: "/__manifest",
  params: [],
  page: false,
  loader: true,
  action: false,
};

const TARGETS: Target[] = [
  ...MANIFEST_ROUTES.filter((route) => RECIPES[route.id]).map((route) => ({
    route,
    recipe: RECIPES[route.id],
  })),
  { route: REMIX_MANIFEST, recipe: {} },
].map(({ route, recipe }) => ({
  route,
  recipe,
  methods:
    recipe.methods ??
    ([...(route.page || route.loader ? ["GET"] : []), ...(route.action ? ["POST"] : [])] as Method[]),
}));

// ---------------------------------------------------------------------------------------------------------
// Junk

const CONTROL = [..."\u0000\u0001\u0007\b\t\n\u000b\f\r\u001b\u001f\u007f\u0085\u00a0\u2028\u2029\ufeff"];

const NASTY = [
  "",
  " ",
  "\u0000",
  "abc\u0000def",
  "\u0000\u0000\u0000",
  "para\ncetamol",
  "\r\n\r\n",
  "\t/evil.example",
  "%",
  "%%",
  "%ZZ",
  "%00",
  "%E0%A4%A",
  "%C0%AF",
  "%uD800",
  "../../etc/passwd",
  "..%2F..%2F",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"',
  '"unterminated',
  "NEAR(a b)",
  "a OR b AND NOT c",
  "*",
  "^",
  "😀💊",
  "\ud800",
  "\udfff\ud800",
  "-1",
  "0",
  "1e309",
  "NaN",
  "Infinity",
  "9007199254740993",
  "0x10",
  " 1 ",
  "1.5",
  "[]",
  "{}",
  "null",
  "true",
  "__proto__",
  "constructor",
  "javascript:alert(1)",
  "//evil.example",
  "/.//evil.example",
  "/\\evil.example",
  "https://evil.example",
  "Pending",
  "Delivered",
  "add",
  "remove",
  "set",
  "clear",
  "upload-prescription",
];

const LONG_UNITS = ["a", "\u0000", "é", "%", "😀", "\n", "ab\u0000", "%00", "\ud800", "ا"];

const longString = fc
  .tuple(fc.constantFrom(...LONG_UNITS), fc.integer({ min: 3_000, max: 10_000 }))
  .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)));

const junkString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY), weight: 4 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: fc.constantFrom(...CONTROL, "a", "/", "%"), maxLength: 20 }), weight: 2 },
  { arbitrary: longString, weight: 1 },
  {
    arbitrary: fc.array(fc.constantFrom(...NASTY, ...CONTROL), { maxLength: 6 }).map((p) => p.join("")),
    weight: 2,
  },
);

/** A header value a Request accepts (printable ASCII and tabs; no CR, LF or NUL): other junk goes in URLs. */
const headerJunk = fc
  .string({ unit: fc.constantFrom(..."abcXYZ019 =;,._-/+\"'\\%\t*:W{}[]<>"), maxLength: 300 })
  .map((s) => s.trim());

/** `arbitrary` in about one request of `outOf`, otherwise null: one kind of junk at a time, mostly. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, outOf: number) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: outOf - 1 }, { arbitrary, weight: 1 });

type UrlMode = "encoded" | "raw";
/** What goes into a URL: percent-encoded, or raw (the URL parser keeps broken % sequences as they are). */
function toUrlPart(value: string, how: UrlMode): string {
  if (how === "raw") return value;
  // URLSearchParams never throws (lone surrogates become U+FFFD), unlike encodeURIComponent.
  return new URLSearchParams({ v: value }).toString().slice(2);
}
const urlMode = fc.constantFrom<UrlMode>("encoded", "encoded", "raw");

const PARAM_NAMES = [
  "q",
  "page",
  "limit",
  "redirectTo",
  "email",
  "after",
  "placed",
  "index",
  "_data",
  "_routes",
  "p",
  "version",
];

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...PARAM_NAMES), junkString),
      junkString,
      urlMode,
      fc.boolean(), // a bare key without "="
    ),
    { maxLength: 4 },
  )
  .map((pairs) =>
    pairs
      .map(([k, v, how, bare]) => (bare ? toUrlPart(k, how) : `${toUrlPart(k, how)}=${toUrlPart(v, how)}`))
      .join("&"),
  );

const FIELD_NAMES = [
  "intent",
  "productId",
  "qty",
  "redirectTo",
  "_enhanced",
  "email",
  "password",
  "name",
  "phone",
  "deliveryAddress",
  "message",
  "idempotencyKey",
  "orderId",
  "deliveryStatus",
  "id",
  "read",
  "consent",
  "category",
  "price",
  "enhanced",
  "website",
];

const formFields = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), junkString), junkString), {
  maxLength: 8,
});

const fileBytes = fc.oneof(
  fc.constant(PNG_BYTES),
  fc.uint8Array({ maxLength: 64 }),
  fc.constant(new Uint8Array(0)),
  // Starts like a PNG, then junk: a type check by content must not be fooled into a crash.
  fc.uint8Array({ maxLength: 200 }).map((tail) => Uint8Array.from([...PNG_BYTES.slice(0, 16), ...tail])),
);

const NESTING = [10, 1_000, 10_000];

/** The checkout API's items, every field of any type; "@product" stands for the fixture's product id. */
const junkItems = fc.array(
  fc.record(
    {
      productId: fc.oneof(fc.constant("@product"), junkString, fc.jsonValue({ maxDepth: 1 })),
      name: fc.oneof(fc.constant(DEMO[0].name), junkString, fc.jsonValue({ maxDepth: 1 })),
      price: fc.oneof(fc.double(), fc.integer(), fc.jsonValue({ maxDepth: 1 })),
      quantity: fc.oneof(
        fc.integer({ min: -10, max: 1_000_000_000 }),
        fc.double(),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      image: fc.oneof(junkString, fc.jsonValue({ maxDepth: 1 })),
    },
    { requiredKeys: [] },
  ),
  { maxLength: 60 },
);

/** JSON text: valid JSON of any shape, the API's own keys with wrong types, deep nesting, huge arrays, junk. */
const jsonText: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .dictionary(
      fc.constantFrom(...FIELD_NAMES, "items", "totalAmount", "conversationId", "inbox", "__proto__"),
      fc.oneof(fc.jsonValue({ maxDepth: 2 }), junkString, junkItems),
    )
    .map((v) => JSON.stringify(v)),
  fc.constantFrom(...NESTING).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
  fc.constantFrom(...NESTING).map((depth) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth)),
  fc
    .integer({ min: 1_000, max: 20_000 })
    .map((n) => JSON.stringify({ items: Array.from({ length: n }, () => 1) })),
  fc.integer({ min: 100, max: 2_000 }).map((n) =>
    JSON.stringify({
      items: Array.from({ length: n }, (_, i) => ({
        productId: String(i),
        name: "x",
        price: 1,
        quantity: 1,
      })),
    }),
  ),
  fc.constantFrom(
    "",
    "{",
    "}",
    "[1,",
    '{"email":',
    "undefined",
    "NaN",
    "\u0000",
    "\ufeff{}",
    "'{}'",
    "{a:1}",
  ),
  junkString,
);

/** A field's replacement in a near-valid body: a junk string, any JSON value, a number, or file bytes. */
type FieldJunk = { t: "string"; v: string } | { t: "json"; v: unknown } | { t: "bytes"; v: Uint8Array };
const fieldJunk: fc.Arbitrary<FieldJunk> = fc.oneof(
  junkString.map((v) => ({ t: "string" as const, v })),
  fc.jsonValue({ maxDepth: 2 }).map((v) => ({ t: "json" as const, v })),
  fc
    .oneof(fc.double(), fc.integer(), fc.constantFrom(0, -1, 99, 100, 1e308, 2 ** 53 + 1))
    .map((v) => ({ t: "json" as const, v })),
  junkItems.map((v) => ({ t: "json" as const, v })),
  fileBytes.map((v) => ({ t: "bytes" as const, v })),
);

type Mutation = { drop: string[]; replace: [string, FieldJunk][]; extra: [string, string][] };

type Body =
  | { kind: "none" }
  | { kind: "text"; text: string; contentType: string | null }
  | { kind: "form"; fields: [string, string][]; contentType: string | null }
  | {
      kind: "multipart";
      fields: [string, string][];
      file: Uint8Array | null;
      fileName: string;
      fileType: string;
      contentType: string | null;
    }
  | { kind: "bytes"; bytes: Uint8Array; contentType: string | null }
  | { kind: "near-valid"; mutation: Mutation; contentType: string | null };

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=nope",
  "text/plain",
  "text/html",
  "application/octet-stream",
  "image/png",
  "application/jsonx",
  ";;;",
  "",
];
/** null: the type that goes with the body (or none). */
const contentType = (outOf: number) =>
  sometimes(fc.oneof(fc.constantFrom(...CONTENT_TYPES), headerJunk), outOf);

function bodyFor(recipe: Recipe, w: RouteWorld): fc.Arbitrary<Body> {
  const junk: fc.Arbitrary<Body>[] = [
    fc.constant<Body>({ kind: "none" }),
    fc.record({ kind: fc.constant("text" as const), text: jsonText, contentType: contentType(2) }),
    fc.record({ kind: fc.constant("form" as const), fields: formFields, contentType: contentType(2) }),
    fc.record({
      kind: fc.constant("multipart" as const),
      fields: formFields,
      file: fc.option(fileBytes, { nil: null }),
      fileName: fc.oneof(fc.constantFrom("rx.png", "rx.jpg", "", "../../x.png"), junkString),
      fileType: fc.constantFrom("image/png", "image/jpeg", "text/plain", "", "application/x-msdownload"),
      contentType: contentType(2),
    }),
    fc.record({
      kind: fc.constant("bytes" as const),
      bytes: fc.uint8Array({ maxLength: 512 }),
      contentType: contentType(2),
    }),
  ];
  if (!recipe.valid) return fc.oneof(...junk);
  const keys = Object.keys(recipe.valid.fields(w));
  const nearValid = fc.record({
    kind: fc.constant("near-valid" as const),
    mutation: fc.record({
      drop: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      replace: fc.array(fc.tuple(fc.constantFrom(...keys), fieldJunk), { maxLength: 2 }),
      extra: fc.array(fc.tuple(junkString, junkString), { maxLength: 1 }),
    }),
    contentType: contentType(8),
  });
  return fc.oneof(
    { arbitrary: nearValid, weight: 5 },
    ...junk.map((arbitrary) => ({ arbitrary, weight: 1 })),
  );
}

function asText(junk: FieldJunk): string {
  if (junk.t === "string") return junk.v;
  if (junk.t === "bytes") return String.fromCharCode(...junk.v);
  return JSON.stringify(junk.v) ?? "";
}

function withProduct(value: unknown, w: RouteWorld): unknown {
  if (value === "@product") return String(w.product.id);
  if (Array.isArray(value)) return value.map((v) => withProduct(v, w));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withProduct(v, w)]));
  return value;
}

/** The route's real body with the mutation applied, in its own encoding. */
function nearValidBody(
  valid: ValidBody,
  mutation: Mutation,
  w: RouteWorld,
): { body: BodyInit; contentType: string | null } {
  const fields: Record<string, unknown> = valid.fields(w);
  for (const key of mutation.drop) delete fields[key];
  for (const [key, junk] of mutation.replace)
    fields[key] = junk.t === "bytes" ? junk.v : junk.t === "json" ? withProduct(junk.v, w) : junk.v;
  for (const [key, value] of mutation.extra) fields[key] = value;
  if (valid.as === "json") {
    const json = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v instanceof Uint8Array ? asText({ t: "bytes", v }) : v]),
    );
    return { body: JSON.stringify(json), contentType: "application/json" };
  }
  const text = (v: unknown) =>
    typeof v === "string"
      ? v
      : v instanceof Uint8Array
        ? asText({ t: "bytes", v })
        : (JSON.stringify(v) ?? "");
  if (valid.as === "form") {
    return {
      body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, text(v)])),
      contentType: "application/x-www-form-urlencoded",
    };
  }
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v instanceof Uint8Array)
      form.append(k, new File([v as Uint8Array<ArrayBuffer>], "rx.png", { type: "image/png" }));
    else form.append(k, text(v));
  }
  return { body: form, contentType: null };
}

function encodeBody(b: Body, recipe: Recipe, w: RouteWorld): { body?: BodyInit; contentType: string | null } {
  switch (b.kind) {
    case "none":
      return { contentType: null };
    case "text":
      return { body: b.text, contentType: b.contentType ?? "application/json" };
    case "form":
      return {
        body: new URLSearchParams(b.fields),
        contentType: b.contentType ?? "application/x-www-form-urlencoded",
      };
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of b.fields) form.append(k, v);
      if (b.file) {
        const bytes = b.file as Uint8Array<ArrayBuffer>;
        form.append("image", new File([bytes], b.fileName, { type: b.fileType }));
      }
      return { body: form, contentType: b.contentType };
    }
    case "bytes":
      return { body: b.bytes as Uint8Array<ArrayBuffer>, contentType: b.contentType };
    case "near-valid": {
      const encoded = nearValidBody(recipe.valid!, b.mutation, w);
      return { body: encoded.body, contentType: b.contentType ?? encoded.contentType };
    }
  }
}

/** Who asks: the role's own credentials, forged ones or none; and the headers a browser or a script sends. */
const requestShape = fc.record({
  auth: fc.constantFrom("role", "role", "role", "role", "bearer-junk", "cookie-junk", "none"),
  origin: fc.oneof(
    { arbitrary: fc.constant("same" as const), weight: 15 },
    fc.constantFrom("none", "evil", "null", "empty", "not-a-url"),
  ),
  junkHeaders: sometimes(
    fc.record(
      {
        Accept: fc.oneof(
          fc.constantFrom("application/json", "text/html", "*/*", "text/x-script"),
          headerJunk,
        ),
        "Idempotency-Key": headerJunk,
        "CF-Connecting-IP": fc.oneof(fc.constantFrom("::", "fe80::1", "2001:db8::1", "1.2.3.4"), headerJunk),
        "If-None-Match": fc.oneof(fc.constantFrom("*", '"x"', 'W/"x"', '"', "W/", '"a", b'), headerJunk),
        "If-Modified-Since": fc.oneof(
          fc.constantFrom("Mon, 99 Foo 2020 99:99:99 GMT", "Thu, 01 Jan 1970 00:00:00 GMT", "yesterday"),
          headerJunk,
        ),
        "If-Match": headerJunk,
        "X-Forwarded-Host": fc.oneof(fc.constantFrom("evil.example", "medistore.test", ""), headerJunk),
        Range: fc.oneof(fc.constantFrom("bytes=0-0", "bytes=-1", "bytes=9-1", "bytes=a-b"), headerJunk),
        "Accept-Language": headerJunk,
      },
      { requiredKeys: [] },
    ),
    4,
  ),
  cookieJunk: fc.tuple(
    fc.constantFrom("medistore_session", "medistore_cart", "medistore_toast", "x"),
    headerJunk,
  ),
});

/** After the path: nothing, the page's single-fetch data URL (pages only), or a trailing slash. */
const suffix = (route: ManifestRoute) =>
  fc.oneof(
    { arbitrary: fc.constant(null), weight: 6 },
    { arbitrary: fc.constant(route.page ? ".data" : null), weight: 2 },
    { arbitrary: fc.constant("/"), weight: 1 },
  );

const requestInput = (target: Target, w: RouteWorld) =>
  fc.record({
    method: fc.oneof(
      { arbitrary: fc.constantFrom(...target.methods), weight: 4 },
      { arbitrary: fc.constantFrom(...METHODS), weight: 1 },
    ),
    params: sometimes(
      fc.dictionary(fc.constantFrom(...target.route.params, "_"), fc.tuple(junkString, urlMode), {
        minKeys: 1,
        maxKeys: 1,
      }),
      4,
    ),
    /** Which of a parameter's real values, where it has several. */
    pick: fc.nat(),
    extraPath: sometimes(fc.tuple(junkString, urlMode), 6),
    suffix: suffix(target.route),
    query: sometimes(queryString, 3),
    body: bodyFor(target.recipe, w),
    shape: requestShape,
  });

type RequestInput = ReturnType<typeof requestInput> extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------------------
// Driving the Worker

function buildPath({ route, recipe }: Target, input: RequestInput, w: RouteWorld): string {
  let path = fillPattern(route, (name) => {
    const junk = input.params?.[name];
    if (junk) return toUrlPart(junk[0], junk[1]);
    const real = [recipe.params?.[name]?.(w) ?? "x"].flat();
    return real[input.pick % real.length];
  });
  if (input.extraPath) path += `/${toUrlPart(input.extraPath[0], input.extraPath[1])}`;
  if (input.suffix === ".data") path = path === "/" ? "/_root.data" : `${path}.data`;
  else if (input.suffix === "/") path += "/";
  if (input.query !== null) path += `?${input.query}`;
  return path;
}

const ORIGIN_HEADER = {
  same: ORIGIN,
  none: null,
  evil: "https://evil.example",
  null: "null",
  empty: "",
  "not-a-url": "medistore.test",
} as const;

function headersFor(
  input: RequestInput,
  path: string,
  role: Role,
  w: RouteWorld,
  logoutToken: string | null,
) {
  const headers = new Headers(input.shape.junkHeaders ?? {});
  headers.set("Host", new URL(ORIGIN).host);
  const origin = ORIGIN_HEADER[input.shape.origin];
  if (origin !== null) headers.set("Origin", origin);
  const user = role === "customer" ? w.customer : role === "admin" ? w.superintendent : null;
  if (input.shape.auth === "role") {
    const cookies = [w.cartCookie];
    if (logoutToken) headers.set("Authorization", `Bearer ${logoutToken}`);
    else if (user && path.startsWith("/api/")) headers.set("Authorization", `Bearer ${user.token}`);
    else if (user) cookies.push(cookieOf(user.client, "medistore_session"));
    headers.set("Cookie", cookies.join("; "));
  }
  const [cookieName, junk] = input.shape.cookieJunk;
  if (input.shape.auth === "bearer-junk") headers.set("Authorization", `Bearer ${junk}`);
  if (input.shape.auth === "cookie-junk") headers.set("Cookie", `${cookieName}=${junk}`);
  return headers;
}

type Sent = { method: string; url: string; body: Body; role: Role };

function describeSent({ method, url, body: b, role }: Sent): string {
  const shown = url.length > 300 ? `${url.slice(0, 300)}… (${url.length} chars)` : url;
  const bodyText = JSON.stringify(b, (_, v: unknown) =>
    v instanceof Uint8Array
      ? `<${v.length} bytes>`
      : typeof v === "string" && v.length > 200
        ? `${v.slice(0, 200)}…(${v.length})`
        : v,
  );
  return `${role} ${method} ${JSON.stringify(shown)} body=${bodyText}`;
}

async function send(target: Target, input: RequestInput, role: Role, w: RouteWorld) {
  const path = buildPath(target, input, w);
  const withBody = input.method !== "GET" && input.method !== "HEAD";
  // Logging out must not end the session the rest of the run relies on.
  const logoutToken =
    role !== "guest" && withBody && input.shape.auth === "role" && path.startsWith("/logout")
      ? await throwawaySession(role === "admin" ? w.superintendent.id : w.customer.id)
      : null;
  const headers = headersFor(input, path, role, w, logoutToken);
  const encoded = withBody ? encodeBody(input.body, target.recipe, w) : { contentType: null };
  if (encoded.contentType !== null) headers.set("Content-Type", encoded.contentType);

  let request: Request;
  try {
    request = new Request(`${ORIGIN}${path}`, { method: input.method, headers, body: encoded.body });
  } catch (error) {
    // A request the platform refuses to build (say, an unusable header) never reaches a Worker.
    if (error instanceof TypeError) return;
    throw error;
  }
  const sent: Sent = {
    method: input.method,
    url: path,
    body: withBody ? input.body : { kind: "none" },
    role,
  };
  await expectHonestAnswer(await callWorker(request), sent);
}

async function expectHonestAnswer(response: Response, sent: Sent) {
  const text = await response.text();
  const what = `${describeSent(sent)} → ${response.status} ${text.slice(0, 300)}`;
  const { pathname } = new URL(`${ORIGIN}${sent.url}`);
  expect(response.status, what).toBeLessThan(500);
  if (response.status < 400 || sent.method === "HEAD") return;
  if (pathname.startsWith("/api/")) {
    expect(response.headers.get("Content-Type"), what).toMatch(/^application\/json/);
    const parsed = JSON.parse(text) as { message?: unknown };
    expect(typeof parsed.message === "string" && parsed.message.trim().length > 0, what).toBe(true);
  } else {
    expect(text.trim().length, what).toBeGreaterThan(0);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Fixtures and the runs

/** The fixture product again, if a run deleted it (an admin's DELETE /api/products/{id} may well succeed). */
async function restoreProduct({ product }: RouteWorld) {
  await env.DB.prepare(
    "INSERT OR IGNORE INTO products (id, name, category, price_kobo, image_key) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(product.id, product.name, product.category, product.priceKobo, FIXTURE_IMAGE_KEY)
    .run();
}

/** A seed per route (from its id, so a new route leaves the others' requests as they were) and role. */
function seedFor(route: ManifestRoute, role: Role): number {
  let h = SEED;
  for (const c of route.id) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h + 1_000 * ROLES.indexOf(role);
}

/**
 * Every route is fuzzed even when one fails, so a run lists every broken route at once. The chat party is
 * its stand-in (party-double.ts): the chat history, the data download and erasing a chat reach it.
 */
async function fuzzAs(role: Role) {
  const party = startPartyDouble();
  onTestFinished(() => party.stop());
  const w = await routeWorld();
  const failures: string[] = [];
  for (const target of TARGETS) {
    await restoreProduct(w);
    try {
      await fc.assert(
        fc.asyncProperty(requestInput(target, w), (input) => send(target, input, role, w)),
        { numRuns: RUNS_PER_ROUTE, seed: seedFor(target.route, role) },
      );
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
      failures.push(
        `${target.route.id}: ${String(error).split("\n").slice(0, 3).join(" ")}\n  ${cause.slice(0, 600)}`,
      );
    }
  }
  expect(failures).toEqual([]);
}

describe("fuzz: every route and API call answers junk with a 4xx and a message, never a 5xx", () => {
  it("has a recipe for every route of the manifest, each giving every path parameter a value", () => {
    expectRowPerRoute(RECIPES, "a fuzz recipe");
    const unfilled = MANIFEST_ROUTES.filter((route) => RECIPES[route.id]).flatMap((route) => [
      ...route.params
        .filter((p) => !RECIPES[route.id].params?.[p])
        .map((p) => `${route.id}: no value for ${p}`),
      ...Object.keys(RECIPES[route.id].params ?? {})
        .filter((p) => !route.params.includes(p))
        .map((p) => `${route.id}: no parameter ${p} in ${route.pattern}`),
    ]);
    expect(unfilled).toEqual([]);
  });
  it("as a guest", () => fuzzAs("guest"), 120_000);
  it("as a signed-in customer", () => fuzzAs("customer"), 120_000);
  it("as an admin", () => fuzzAs("admin"), 120_000);
});

// ---------------------------------------------------------------------------------------------------------
// Inputs that once answered 500, kept as explicit cases

async function get(path: string, headers: HeadersInit = {}) {
  return callWorker(new Request(`${ORIGIN}${path}`, { headers: { Host: new URL(ORIGIN).host, ...headers } }));
}

describe("fuzz: inputs that once answered 500", () => {
  it("a NUL byte in a 3+ character search, on every search", async () => {
    const admin = await signUp("Bola Admin", "admin");
    await seedProducts(DEMO);
    for (const path of ["/", "/shop", "/api/products", "/admin/products", "/shop.data", "/_root.data"]) {
      for (const q of ["para%00cetamol", "%00%00%00", "abc%00", "%00".repeat(5_000)]) {
        const url = `${path}?q=${q}`;
        const res = await get(url, bearer(admin));
        expect(res.status, url.slice(0, 60)).toBe(200);
      }
    }
  });

  it("a newline in redirectTo on /login (GET and POST) and on the cart", async () => {
    const user = await signUp("Ngozi Okafor");
    for (const target of ["/\n/evil.example", "/shop\n", "/\r\nSet-Cookie: x=1", "\n", "/cart\u0000"]) {
      const loginPage = await user.client.get(`/login?redirectTo=${encodeURIComponent(target)}`);
      expect(loginPage.status, target).toBe(302);
      expect(loginPage.headers.get("Location"), target).toBe("/dashboard");

      const login = await new Client().post("/login", {
        email: user.email,
        password: user.password,
        redirectTo: target,
      });
      expect(login.status, target).toBe(302);
      expect(login.headers.get("Location"), target).toBe("/dashboard");

      const cart = await new Client().post("/cart", { intent: "clear", redirectTo: target });
      expect(cart.status, target).toBe(302);
      expect(cart.headers.get("Location"), target).toBe("/cart");
    }
  });

  it("a 3,000-character /images/products/… path is a 404 with a message", async () => {
    for (const path of [
      `/images/products/${"a".repeat(3_000)}.webp`,
      `/images/products/${"%00".repeat(3_000)}`,
      `/images/products/${"é".repeat(3_000)}`,
      `/images/products/${"..%2F".repeat(1_000)}`,
    ]) {
      const res = await get(path);
      expect(res.status, path.slice(0, 40)).toBe(404);
      expect(await res.text()).toBe("Image not found");
    }
  });

  it("DELETE /api/users is a 405 with a message and an Allow header", async () => {
    const admin = await signUp("Bola Admin", "admin");
    for (const headers of [{}, bearer(admin)]) {
      const res = await new Client().fetch("/api/users", { method: "DELETE", headers });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET");
      expect(await res.json()).toEqual({ message: "Method not allowed. Use GET." });
    }
  });

  it("a malformed If-None-Match or If-Modified-Since on a product image is ignored, not a 500", async () => {
    await env.IMAGES.put("products/seed/amox.webp", PNG_BYTES, {
      httpMetadata: { contentType: "image/webp" },
    });
    const path = "/images/products/seed/amox.webp";
    const junk: Record<string, string>[] = [
      { "If-None-Match": "a" },
      { "If-None-Match": '"unterminated' },
      { "If-None-Match": "W/" },
      { "If-Modified-Since": "yesterday" },
      { "If-Modified-Since": "Mon, 99 Foo 2020 99:99:99 GMT" },
    ];
    for (const headers of junk) {
      const res = await get(path, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_BYTES);
    }
    // A well-formed one still works.
    const etag = (await get(path)).headers.get("ETag")!;
    expect((await get(path, { "If-None-Match": etag })).status).toBe(304);
  });

  it("an API path with an encoded line break is a JSON 404, not the site's HTML page", async () => {
    for (const path of ["/api/nope/%0A", "/api/auth/login/%0D", "/api/users/%E2%80%A8", "/api/%0a"]) {
      for (const method of ["GET", "POST"]) {
        const res = await callWorker(new Request(`${ORIGIN}${path}`, { method }));
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
        expect(((await res.json()) as { message: string }).message).toMatch(/no such API call/);
      }
    }
  });

  it("a legacy ?_data= request is answered as the page it names, not a 500", async () => {
    for (const path of ["/register?_data=", "/login?_data=routes%2Flogin", "/register?_data"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Content-Type"), path).toMatch(/^text\/html/);
    }
  });

  it("an action call whose Origin does not match its Host is a 403 with a message, not a 500", async () => {
    const cases: [string, string, Record<string, string>][] = [
      ["OPTIONS", "/contact.data", { Origin: "https://evil.example", Host: "medistore.test" }],
      ["HEAD", "/shop.data", { Origin: "https://evil.example", Host: "medistore.test" }],
      ["POST", "/contact", { Origin: ORIGIN }], // no Host at all
      ["POST", "/contact", { Origin: "", Host: "medistore.test" }],
      ["POST", "/contact.data", { Origin: "not a url", Host: "medistore.test" }],
      ["PUT", "/cart.data", { Origin: "null", Host: "medistore.test" }],
    ];
    for (const [method, path, headers] of cases) {
      const res = await callWorker(new Request(`${ORIGIN}${path}`, { method, headers }));
      expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
      if (method !== "HEAD") expect(await res.text()).toBe("Cross-site requests are not allowed.");
    }
  });

  it("a forged medistore_toast cookie is ignored, not a 500", async () => {
    for (const value of ["a", "not-base64!", "x.y", "%00"]) {
      for (const path of ["/", "/_root.data", "/contact"]) {
        const res = await get(path, { Cookie: `medistore_toast=${value}` });
        expect(res.status, `${path} with medistore_toast=${value}`).toBe(200);
      }
    }
  });
});
