/**
 * One small shop with something behind every route, for the tests that go through all of them (fuzz.test.ts,
 * access.test.ts): a product with its picture, a customer's order with a prescription and a transfer
 * receipt, a second customer, an admin who is a pharmacist, and a guest's cart.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { categoryPath, productPath } from "~/features/catalogue/product-view";
import worker from "../../workers/app";
import {
  checkoutKey,
  Client,
  DEMO,
  GOOD_DETAILS,
  imageForm,
  PNG_BYTES,
  seedProducts,
  signUp,
  signUpSuperintendent,
  type SeededProduct,
  type TestUser,
} from "./helpers";

export const FIXTURE_IMAGE_KEY = "products/seed/amox.webp";

export type RouteWorld = {
  /** An over-the-counter product with a picture, in the guest's cart. */
  product: SeededProduct;
  /** Its page and its category's page. */
  productPath: string;
  categoryPath: string;
  customer: TestUser;
  otherCustomer: TestUser;
  /** A pharmacist: an admin with a PCN number, who reviews prescriptions. */
  admin: TestUser;
  /** The superintendent pharmacist: the admin holding the configured superintendent's PCN number. */
  superintendent: TestUser;
  /** A staff admin: no PCN number. */
  staff: TestUser;
  /** The customer's order: a prescription-only medicine, paid by transfer, with its receipt uploaded. */
  order: { id: string; token: string };
  /** The prescription of that order (the customer's). */
  prescriptionId: string;
  /** A signed cart cookie holding the product, so a checkout gets past the empty cart. */
  cartCookie: string;
};

/**
 * The Worker's own fetch (workers/app.ts, serving the built app), called in-process. Through SELF every
 * request of a test file costs more than the one before (the pool's service binding keeps something per
 * request), which thousands of fuzz requests turn into many minutes; called directly each stays a few ms.
 * Anything the Worker throws fails the test, as the 500 it would be. `bindings` in place of the test's own
 * (a D1 that counts its round trips, d1-trips.test.ts).
 */
export async function callWorker(request: Request, bindings: Env = env): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/**
 * A session made directly in D1 (no password hashing), for a logout that must not end the session the
 * rest of a test relies on. Sent as a Bearer token.
 */
export async function throwawaySession(userId: string): Promise<string> {
  const token = `throwaway-${crypto.randomUUID()}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  const idHash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  await env.DB.prepare("INSERT INTO sessions (id_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)")
    .bind(idHash, userId, Date.now() + 60 * 60 * 1000, Date.now())
    .run();
  return token;
}

export function cookieOf(client: Client, name: string): string {
  const value = client.cookies.get(name);
  if (!value) throw new Error(`fixture client has no ${name} cookie`);
  return `${name}=${value}`;
}

export async function routeWorld(): Promise<RouteWorld> {
  const [product, rx] = await seedProducts([
    { ...DEMO[1], imageKey: FIXTURE_IMAGE_KEY },
    { ...DEMO[0], imageKey: FIXTURE_IMAGE_KEY },
  ]);
  await env.DB.prepare("UPDATE products SET medicine_class = 'prescription' WHERE id = ?").bind(rx.id).run();
  await env.IMAGES.put(FIXTURE_IMAGE_KEY, PNG_BYTES, { httpMetadata: { contentType: "image/webp" } });
  const [customer, otherCustomer, admin] = [
    await signUp("Ngozi Okafor"),
    await signUp("Emeka Eze"),
    await signUp("Bola Admin", "admin"),
  ];
  await env.DB.prepare("UPDATE users SET pcn_number = 'PS-000111' WHERE id = ?").bind(admin.id).run();
  const superintendent = await signUpSuperintendent();
  const staff = await signUp("Kemi Staff", "admin");

  await customer.client.post("/cart", { intent: "add", productId: String(rx.id) });
  const checkout = imageForm(PNG_BYTES, "rx.png");
  checkout.set("prescription", checkout.get("image")!);
  checkout.delete("image");
  const fields = { ...GOOD_DETAILS, deliveryState: "Kano", paymentMethod: "bank_transfer", consent: "yes" };
  for (const [k, v] of Object.entries({ idempotencyKey: await checkoutKey(customer.client), ...fields }))
    checkout.set(k, v);
  const placed = await customer.client.postMultipart("/checkout", checkout);
  expect(placed.status, "fixture order").toBe(302);
  const token = /^\/order\/([^?]+)/.exec(placed.headers.get("Location")!)![1];
  const row = await env.DB.prepare("SELECT id, prescription_id FROM orders WHERE access_token = ?")
    .bind(token)
    .first<{ id: string; prescription_id: string }>();

  const receipt = new FormData();
  receipt.set("intent", "receipt");
  receipt.set(
    "receipt",
    new File([PNG_BYTES as Uint8Array<ArrayBuffer>], "receipt.png", { type: "image/png" }),
  );
  expect((await customer.client.postMultipart(`/order/${token}`, receipt)).status, "fixture receipt").toBe(
    302,
  );

  const shopper = new Client();
  await shopper.post("/cart", { intent: "add", productId: String(product.id) });
  return {
    product,
    productPath: productPath(product),
    categoryPath: categoryPath(product.category),
    customer,
    otherCustomer,
    admin,
    superintendent,
    staff,
    order: { id: row!.id, token },
    prescriptionId: row!.prescription_id,
    cartCookie: cookieOf(shopper, "medistore_cart"),
  };
}
