import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  checkoutKey,
  Client,
  countRows,
  DEMO,
  FORM_FEE_KOBO,
  FORM_DETAILS,
  html as pageText,
  seedProducts,
} from "./helpers";

async function fillCart(client: Client, items: { id: number; qty: number }[]) {
  for (const { id, qty } of items) {
    await client.post("/cart", { intent: "add", productId: String(id) });
    if (qty > 1) await client.post("/cart", { intent: "set", productId: String(id), qty: String(qty) });
  }
}

describe("checkout (forms, no JavaScript)", () => {
  it("records the order and its lines priced from the catalogue, empties the cart, and lands on the private status page", async () => {
    const [amox, para] = await seedProducts(DEMO);
    const client = new Client();
    await fillCart(client, [
      { id: amox.id, qty: 2 },
      { id: para.id, qty: 1 },
    ]);
    const key = await checkoutKey(client);
    const res = await client.post("/checkout", { idempotencyKey: key, ...FORM_DETAILS });
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^\/order\/[A-Za-z0-9_-]{43}\?placed=1$/);

    const order = await env.DB.prepare("SELECT * FROM orders").first<Record<string, unknown>>();
    expect(order).toMatchObject({
      name: "Ada Obi",
      email: "ada@example.com",
      phone: "+2348031234567",
      delivery_address: "5 Ogoja Road, Abakaliki",
      total_kobo: 2 * 250_000 + 120_000 + FORM_FEE_KOBO,
      delivery_status: "Pending",
    });
    expect(order!.order_ref).toMatch(/^MS-[0-9A-Z]{6}$/);
    const items = await env.DB.prepare(
      "SELECT name, quantity, unit_price_kobo FROM order_items ORDER BY id",
    ).all();
    expect(items.results).toEqual([
      { name: amox.name, quantity: 2, unit_price_kobo: 250_000 },
      { name: para.name, quantity: 1, unit_price_kobo: 120_000 },
    ]);

    // The cart is empty now.
    expect(await (await client.get("/cart")).text()).toContain("Your cart is empty.");

    // The status page shows the order, with a WhatsApp link carrying the whole message.
    const page = await client.get(location);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    const html = await pageText(page);
    expect(html).toContain(`Order #${order!.order_ref}`);
    expect(html).toContain("₦6,200.00");
    expect(html).toContain("Send order on WhatsApp");
    const href = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(html)![1].replace(/&amp;/g, "&");
    const url = new URL(href);
    expect(url.pathname).toBe("/2348012345678");
    const text = url.searchParams.get("text")!;
    expect(text).toContain(`Order reference: ${order!.order_ref}`);
    expect(text).toContain(`- ${amox.name} x 2 = ₦5,000.00`);
    expect(text).toContain("Subtotal: ₦6,200.00\nDelivery to Ebonyi: ₦1,000.00\nTotal: ₦7,200.00");
    expect(text).toContain("Phone: +2348031234567");
    expect(text).toContain("Address: 5 Ogoja Road, Abakaliki");
    expect(text).toContain("Email: ada@example.com");
    expect(text).toContain(`/order/${order!.access_token}`);
  });

  it("a double submit, a retry or back-and-resubmit of the same form makes exactly one order", async () => {
    const [amox] = await seedProducts(DEMO);
    const client = new Client();
    await fillCart(client, [{ id: amox.id, qty: 1 }]);
    const key = await checkoutKey(client);
    const cookies = new Map(client.cookies);

    const [a, b] = await Promise.all([
      client.post("/checkout", { idempotencyKey: key, ...FORM_DETAILS }),
      client.post("/checkout", { idempotencyKey: key, ...FORM_DETAILS }),
    ]);
    // Back-and-resubmit: the old page still holds the old cart cookie and the same key.
    const replay = new Client();
    for (const [k, v] of cookies) replay.cookies.set(k, v);
    const c = await replay.post("/checkout", { idempotencyKey: key, ...FORM_DETAILS });

    expect(await countRows("orders")).toBe(1);
    expect(await countRows("order_items")).toBe(1);
    expect(a.headers.get("Location")).toBe(b.headers.get("Location"));
    expect(c.headers.get("Location")).toBe(a.headers.get("Location"));
  });

  it("missing fields: one message naming them, values kept, nothing written", async () => {
    const [amox] = await seedProducts(DEMO);
    const client = new Client();
    await fillCart(client, [{ id: amox.id, qty: 1 }]);
    const key = await checkoutKey(client);
    const res = await client.post("/checkout", {
      idempotencyKey: key,
      ...FORM_DETAILS,
      phone: "",
      deliveryAddress: " ",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please fill in delivery name, phone, address and email.");
    expect(html).toContain('value="Ada Obi"');
    expect(await countRows("orders")).toBe(0);
  });

  it("a bad e-mail or phone gets a clear message", async () => {
    const [amox] = await seedProducts(DEMO);
    const client = new Client();
    await fillCart(client, [{ id: amox.id, qty: 1 }]);
    const key = await checkoutKey(client);
    const email = await client.post("/checkout", { idempotencyKey: key, ...FORM_DETAILS, email: "ada@" });
    expect(email.status).toBe(400);
    expect(await email.text()).toContain("Please enter a valid email address.");
    const phone = await client.post("/checkout", { idempotencyKey: key, ...FORM_DETAILS, phone: "12345" });
    expect(phone.status).toBe(400);
    expect(await phone.text()).toContain("Please enter a Nigerian phone number");
    expect(await countRows("orders")).toBe(0);
  });

  it("an empty cart, a missing key or a vanished product is refused with a message", async () => {
    const [amox] = await seedProducts(DEMO);
    const client = new Client();
    const empty = await client.post("/checkout", { idempotencyKey: crypto.randomUUID(), ...FORM_DETAILS });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Your cart is empty.");

    await fillCart(client, [{ id: amox.id, qty: 1 }]);
    const noKey = await client.post("/checkout", { ...FORM_DETAILS });
    expect(noKey.status).toBe(400);

    const key = await checkoutKey(client);
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(amox.id).run();
    const gone = await client.post("/checkout", { idempotencyKey: key, ...FORM_DETAILS });
    expect(gone.status).toBe(409);
    expect(await gone.text()).toContain("no longer available");
    expect(await countRows("orders")).toBe(0);
  });

  it("a price in the form is ignored: the catalogue prices the order", async () => {
    const [amox] = await seedProducts(DEMO);
    const client = new Client();
    await fillCart(client, [{ id: amox.id, qty: 1 }]);
    const key = await checkoutKey(client);
    await client.post("/checkout", {
      idempotencyKey: key,
      ...FORM_DETAILS,
      price: "1",
      totalAmount: "1",
      priceKobo: "1",
    });
    const order = await env.DB.prepare("SELECT total_kobo FROM orders").first<{ total_kobo: number }>();
    expect(order?.total_kobo).toBe(250_000 + FORM_FEE_KOBO);
  });
});

describe("order status page", () => {
  it("answers 404 in the site's look for an unknown or malformed token", async () => {
    const client = new Client();
    for (const path of ["/order/nope", `/order/${"a".repeat(43)}`, "/order/..%2F..%2Fetc"]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain("We could not find that order.");
      expect(html).toContain("MediStore");
    }
  });

  it("shows the current status with its colour", async () => {
    const [amox] = await seedProducts(DEMO);
    const client = new Client();
    await fillCart(client, [{ id: amox.id, qty: 1 }]);
    const res = await client.post("/checkout", {
      idempotencyKey: await checkoutKey(client),
      ...FORM_DETAILS,
    });
    const location = res.headers.get("Location")!.replace("?placed=1", "");
    await env.DB.prepare("UPDATE orders SET delivery_status = 'Shipped'").run();
    const html = await pageText(await client.get(location));
    expect(html).toMatch(/bg-blue-100 text-blue-800[^>]*>Shipped</);
  });
});
