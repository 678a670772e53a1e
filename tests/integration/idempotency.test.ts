/**
 * Idempotency keys, Stripe's way: a key belongs to its caller (the signed-in account, else the guest's
 * client address) and is bound to the request it first came with. The same caller repeating the same
 * request gets the first answer again; the same caller sending something else under that key gets 409; any
 * other caller using the key simply has a key of their own and never sees the first order.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  bearer,
  checkoutKey,
  Client,
  countRows,
  DEMO,
  FORM_DETAILS,
  GOOD_DETAILS,
  html as pageText,
  seedProducts,
  signUp,
} from "./helpers";

const ADA = {
  name: "Ada Obi",
  email: "ada@example.com",
  phone: "08031234567",
  deliveryAddress: "5 Ogoja Road, Abakaliki",
};
const CHIDI = {
  name: "Chidi Eze",
  email: "chidi@example.com",
  phone: "08020001111",
  deliveryAddress: "3 Zik Avenue, Awka",
};
const BOLA = {
  name: "Bola Adeyemi",
  email: "bola@example.com",
  phone: "08059876543",
  deliveryAddress: "12 Allen Avenue, Ikeja",
};

type ApiOrder = {
  orderRef: string;
  name: string;
  phone: string;
  email: string;
  deliveryAddress: string;
  statusUrl: string;
  whatsappUrl: string;
  totalAmount: number;
};

const ip = (address: string) => ({ "CF-Connecting-IP": address });

async function apiCheckout(client: Client, body: unknown, headers: HeadersInit) {
  const res = await client.postJson("/api/orders/checkout", body, headers);
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as { order: ApiOrder; message?: string } };
}

/** What no one but the first caller may ever see of the first order. */
function expectNoTraceOf(text: string, first: ApiOrder) {
  expect(text).not.toContain(first.orderRef);
  expect(text).not.toContain(first.statusUrl);
  expect(text).not.toContain(first.name);
  expect(text).not.toContain(first.phone);
  expect(text).not.toContain(first.deliveryAddress);
}

describe("POST /api/orders/checkout with an Idempotency-Key", () => {
  it("a key another guest used is just a new key for this guest: their own order, never the first one", async () => {
    const [amox, para] = await seedProducts(DEMO);
    const client = new Client();
    const key = "shared-key-0001";
    const first = await apiCheckout(
      client,
      { ...ADA, items: [{ productId: amox.id, quantity: 2 }] },
      { "Idempotency-Key": key, ...ip("203.0.113.10") },
    );
    expect(first.status).toBe(201);

    const other = await apiCheckout(
      new Client(),
      { ...BOLA, items: [{ productId: para.id, quantity: 1 }] },
      { "Idempotency-Key": key, ...ip("198.51.100.20") },
    );
    expect(other.status).toBe(201);
    expect(other.json.order).toMatchObject({
      name: BOLA.name,
      email: BOLA.email,
      phone: "+2348059876543",
      deliveryAddress: BOLA.deliveryAddress,
      totalAmount: 1200,
    });
    expectNoTraceOf(other.text, first.json.order);
    expect(await countRows("orders")).toBe(2);

    // The same body from the other address is still not a replay of the first caller's order.
    const copycat = await apiCheckout(
      new Client(),
      { ...ADA, items: [{ productId: amox.id, quantity: 2 }] },
      { "Idempotency-Key": key, ...ip("198.51.100.21") },
    );
    expect(copycat.status).toBe(201);
    expect(copycat.json.order.orderRef).not.toBe(first.json.order.orderRef);
    expect(copycat.json.order.statusUrl).not.toBe(first.json.order.statusUrl);
    expect(await countRows("orders")).toBe(3);
  });

  it("a key another account used is a new key for this account, even from the same address", async () => {
    const [amox] = await seedProducts(DEMO);
    const [ngozi, tunde] = [await signUp("Ngozi Okafor"), await signUp("Tunde Bello")];
    const key = "account-key-0001";
    const sameAddress = ip("203.0.113.30");
    const first = await apiCheckout(
      new Client(),
      { ...ADA, name: ngozi.name, items: [{ productId: amox.id, quantity: 1 }] },
      { "Idempotency-Key": key, ...bearer(ngozi), ...sameAddress },
    );
    expect(first.status).toBe(201);
    const second = await apiCheckout(
      new Client(),
      { ...BOLA, name: tunde.name, items: [{ productId: amox.id, quantity: 1 }] },
      { "Idempotency-Key": key, ...bearer(tunde), ...sameAddress },
    );
    expect(second.status).toBe(201);
    expect(second.json.order.name).toBe(tunde.name);
    expectNoTraceOf(second.text, first.json.order);

    // Each order belongs to the account that placed it.
    const rows = await env.DB.prepare("SELECT name, user_id FROM orders ORDER BY created_at").all();
    expect(rows.results).toEqual([
      { name: ngozi.name, user_id: ngozi.id },
      { name: tunde.name, user_id: tunde.id },
    ]);
    // And a guest at that address with the key gets nothing of either.
    const guest = await apiCheckout(
      new Client(),
      { ...CHIDI, items: [{ productId: amox.id, quantity: 1 }] },
      { "Idempotency-Key": key, ...sameAddress },
    );
    expect(guest.status).toBe(201);
    expectNoTraceOf(guest.text, first.json.order);
    expectNoTraceOf(guest.text, second.json.order);
  });

  it("the same caller retrying the same request gets the first answer again (201, then 200)", async () => {
    const [amox, para] = await seedProducts(DEMO);
    const headers = { "Idempotency-Key": "retry-key-0002", ...ip("203.0.113.40") };
    const body = {
      ...ADA,
      items: [
        { name: amox.name, price: 2500, quantity: 2 },
        { productId: para.id, quantity: 1 },
      ],
      totalAmount: 6200,
    };
    const first = await apiCheckout(new Client(), body, headers);
    expect(first.status).toBe(201);
    // A retry that names the same products another way (ids instead of names, no prices) is the same order.
    const retry = await apiCheckout(
      new Client(),
      {
        ...ADA,
        items: [
          { productId: amox.id, quantity: 2 },
          { productId: para.id, quantity: 1 },
        ],
      },
      headers,
    );
    expect(retry.status).toBe(200);
    expect(retry.json.order.orderRef).toBe(first.json.order.orderRef);
    expect(retry.json.order.statusUrl).toBe(first.json.order.statusUrl);
    expect(await countRows("orders")).toBe(1);

    // A signed-in account's retry replays from any address.
    const user = await signUp("Retry Roberts");
    const accountHeaders = { "Idempotency-Key": "retry-key-0003", ...bearer(user) };
    const a = await apiCheckout(new Client(), body, { ...accountHeaders, ...ip("203.0.113.41") });
    const b = await apiCheckout(new Client(), body, { ...accountHeaders, ...ip("198.51.100.41") });
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.json.order.orderRef).toBe(a.json.order.orderRef);
    expect(await countRows("orders")).toBe(2);
  });

  it("the same caller sending a different request under a used key gets 409 and no new order", async () => {
    const [amox, para] = await seedProducts(DEMO);
    const headers = { "Idempotency-Key": "changed-key-0001", ...ip("203.0.113.50") };
    const first = await apiCheckout(
      new Client(),
      { ...ADA, items: [{ productId: amox.id, quantity: 1 }] },
      headers,
    );
    expect(first.status).toBe(201);

    for (const changed of [
      { ...ADA, items: [{ productId: amox.id, quantity: 2 }] },
      { ...ADA, items: [{ productId: para.id, quantity: 1 }] },
      { ...ADA, deliveryAddress: "7 Other Street, Enugu", items: [{ productId: amox.id, quantity: 1 }] },
      { ...ADA, name: "Someone Else", items: [{ productId: amox.id, quantity: 1 }] },
    ]) {
      const res = await apiCheckout(new Client(), changed, headers);
      expect(res.status).toBe(409);
      expect(res.json.message).toBe(
        "This Idempotency-Key was already used for a different order request. Send a new key for a new order.",
      );
      expectNoTraceOf(res.text, first.json.order);
    }
    expect(await countRows("orders")).toBe(1);
  });

  it("concurrent submits with one key make exactly one order; a concurrent different body gets 409", async () => {
    const [amox] = await seedProducts(DEMO);
    const body = { ...ADA, items: [{ productId: amox.id, quantity: 1 }] };
    const headers = { "Idempotency-Key": "race-key-0001", ...ip("203.0.113.60") };
    const same = await Promise.all([0, 1, 2].map(() => apiCheckout(new Client(), body, headers)));
    expect(same.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(same.map((r) => r.json.order.orderRef)).size).toBe(1);
    expect(await countRows("orders")).toBe(1);

    const other = { "Idempotency-Key": "race-key-0002", ...ip("203.0.113.60") };
    const [x, y] = await Promise.all([
      apiCheckout(new Client(), body, other),
      apiCheckout(new Client(), { ...body, items: [{ productId: amox.id, quantity: 3 }] }, other),
    ]);
    expect([x.status, y.status].sort()).toEqual([201, 409]);
    expect(await countRows("orders")).toBe(2);
  });

  it("stores only a hash of the caller's scope and key", async () => {
    const [amox] = await seedProducts(DEMO);
    const key = "visible-key-0001";
    const res = await apiCheckout(
      new Client(),
      { ...ADA, items: [{ productId: amox.id, quantity: 1 }] },
      { "Idempotency-Key": key, ...ip("203.0.113.70") },
    );
    expect(res.status).toBe(201);
    const row = await env.DB.prepare("SELECT idempotency_key FROM orders").first<{
      idempotency_key: string;
    }>();
    expect(row!.idempotency_key).not.toContain(key);
    expect(row!.idempotency_key).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

describe("the checkout page's form key", () => {
  async function fillCart(client: Client, productId: number, headers?: HeadersInit) {
    await client.post("/cart", { intent: "add", productId: String(productId) }, headers);
  }

  it("a double submit makes one order; another account posting the same key gets its own order", async () => {
    const [amox, para] = await seedProducts(DEMO);
    const ngozi = await signUp("Ngozi Okafor");
    await fillCart(ngozi.client, amox.id);
    const key = await checkoutKey(ngozi.client);
    const ngoziDetails = { ...FORM_DETAILS, name: ngozi.name };
    const [a, b] = await Promise.all([
      ngozi.client.post("/checkout", { idempotencyKey: key, ...ngoziDetails }),
      ngozi.client.post("/checkout", { idempotencyKey: key, ...ngoziDetails }),
    ]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect(b.headers.get("Location")).toBe(a.headers.get("Location"));
    expect(await countRows("orders")).toBe(1);
    const firstPage = a.headers.get("Location")!.replace("?placed=1", "");

    // Another account holding the key (same address, no IP): with an empty cart it is told so…
    const tunde = await signUp("Tunde Bello");
    const tundeDetails = { ...FORM_DETAILS, ...BOLA, name: tunde.name };
    const empty = await tunde.client.post("/checkout", { idempotencyKey: key, ...tundeDetails });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Your cart is empty.");
    // …and with a cart of its own it gets its own order, never the first one's page.
    await fillCart(tunde.client, para.id);
    const own = await tunde.client.post("/checkout", { idempotencyKey: key, ...tundeDetails });
    expect(own.status).toBe(302);
    const ownPage = own.headers.get("Location")!.replace("?placed=1", "");
    expect(ownPage).not.toBe(firstPage);
    const text = await pageText(await tunde.client.get(ownPage));
    expect(text).toContain(tunde.name);
    expect(text).not.toContain(ngozi.name);
    expect(await countRows("orders")).toBe(2);
  });

  it("a guest at another address posting a used key gets its own order", async () => {
    const [amox, para] = await seedProducts(DEMO);
    const first = new Client();
    await fillCart(first, amox.id, ip("203.0.113.80"));
    const key = await checkoutKey(first);
    const a = await first.post("/checkout", { idempotencyKey: key, ...FORM_DETAILS }, ip("203.0.113.80"));
    expect(a.status).toBe(302);

    const second = new Client();
    await fillCart(second, para.id, ip("198.51.100.80"));
    const b = await second.post(
      "/checkout",
      { idempotencyKey: key, ...BOLA, deliveryState: FORM_DETAILS.deliveryState },
      ip("198.51.100.80"),
    );
    expect(b.status).toBe(302);
    expect(b.headers.get("Location")).not.toBe(a.headers.get("Location"));
    const text = await pageText(await second.get(b.headers.get("Location")!));
    expect(text).toContain(BOLA.name);
    expect(text).not.toContain(GOOD_DETAILS.name);
  });

  it("back-and-resubmit with the same details replays; with changed details it is refused with a message", async () => {
    const [amox] = await seedProducts(DEMO);
    const client = new Client();
    await fillCart(client, amox.id);
    const key = await checkoutKey(client);
    const a = await client.post("/checkout", { idempotencyKey: key, ...FORM_DETAILS });
    expect(a.status).toBe(302);
    // The cart cookie is empty now; the same details under the same key still find the first order.
    const again = await client.post("/checkout", { idempotencyKey: key, ...FORM_DETAILS });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(a.headers.get("Location"));

    const changed = await client.post("/checkout", {
      idempotencyKey: key,
      ...FORM_DETAILS,
      deliveryAddress: "7 Other Street, Enugu",
    });
    expect(changed.status).toBe(409);
    const html = await pageText(changed);
    expect(html).toContain(
      "This checkout form already placed an order with other delivery details. Reload the page to place a new order.",
    );
    expect(await countRows("orders")).toBe(1);
  });
});
