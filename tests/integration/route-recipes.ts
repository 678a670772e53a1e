/**
 * How to drive each route of the route manifest with a real request, keyed by route id: its path
 * parameters, the methods it answers on purpose and its real body. The fuzz (fuzz.test.ts) sends these whole
 * or mangled; the round-trip count (d1-trips.test.ts) sends them whole. A route without a recipe fails the
 * fuzz's first test.
 */
import { PNG_BYTES } from "./helpers";
import { FIXTURE_IMAGE_KEY, type RouteWorld } from "./route-fixtures";

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/** A route's real request body; the fuzz sends it whole, or with fields dropped or replaced by junk. */
export type ValidBody = {
  as: "form" | "multipart" | "json";
  fields: (w: RouteWorld) => Record<string, unknown>;
};

/**
 * How to drive one route. `params` gives each path parameter of the route's URL (a splat is "*") a real
 * value, the fixture's product, order, prescription or account (several: each request picks one); the fuzz
 * also fills them with junk. `methods` are the ones the route answers on purpose (by default GET for a
 * page or loader and POST for an action); the others are tried too.
 */
export type Recipe = {
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

export const RECIPES: Record<string, Recipe> = {
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
