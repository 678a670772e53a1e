/** Delivery fees and payment at checkout: the server adds the state's fee; totals, message and JSON say so. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PAYMENT_METHOD_UNKNOWN } from "~/lib/validation";
import { orList, PAYMENT_STATUS } from "~/lib/vocabularies";
import {
  bearer,
  checkoutKey,
  Client,
  countRows,
  DEMO,
  FORM_DETAILS,
  GOOD_DETAILS,
  html,
  placeOrder,
  seedProducts,
  signUp,
} from "./helpers";

type ApiOrder = {
  totalAmount: number;
  subtotal: number;
  deliveryFee: number | null;
  deliveryState: string | null;
  paymentMethod: string;
  paymentStatus: string;
  whatsappUrl: string;
};

async function pageCheckout(productId: number, qty: number, extra: Record<string, string>) {
  const client = new Client();
  await client.post("/cart", { intent: "add", productId: String(productId), qty: String(qty) });
  const res = await client.post("/checkout", {
    idempotencyKey: await checkoutKey(client),
    ...FORM_DETAILS,
    ...extra,
  });
  return { client, res };
}

function message(url: string) {
  return decodeURIComponent(new URL(url).searchParams.get("text") ?? "");
}

describe("checkout › delivery fee and payment", () => {
  it("adds the state's fee to the total and shows subtotal, fee, total and payment on the order page", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    const { client, res } = await pageCheckout(para.id, 1, {
      deliveryState: "Kano",
      paymentMethod: "bank_transfer",
    });
    expect(res.status).toBe(302);
    const row = await env.DB.prepare(
      "SELECT total_kobo, delivery_fee_kobo, delivery_state, payment_method, payment_status FROM orders",
    ).first();
    expect(row).toEqual({
      total_kobo: para.priceKobo + 450_000,
      delivery_fee_kobo: 450_000,
      delivery_state: "Kano",
      payment_method: "bank_transfer",
      payment_status: "unpaid",
    });
    const page = await html(await client.get(res.headers.get("Location")!));
    expect(page).toContain("Delivery to Kano");
    expect(page).toMatch(/data-testid="order-delivery-fee">₦4,500\.00</);
    expect(page).toMatch(/data-testid="order-total">₦5,700\.00</);
    expect(page).toContain("Bank transfer · Not paid");
    expect(page).toContain("Pay by bank transfer");
    expect(page).toContain("1012345678");
    const wa = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(page.replace(/&amp;/g, "&"))![1];
    const text = message(wa);
    expect(text).toContain(
      "Subtotal: ₦1,200.00\nDelivery to Kano: ₦4,500.00\nTotal: ₦5,700.00\nPayment: Bank transfer",
    );
  });

  it("delivers free from the threshold, and refuses a state not on the list with no order", async () => {
    const [vit] = await seedProducts([
      {
        name: "Premium Multivitamin Pack",
        category: "Wellbeing / Dietary Supplements",
        priceKobo: 5_500_000,
      },
    ]);
    const free = await pageCheckout(vit.id, 1, { deliveryState: "Borno" });
    expect(free.res.status).toBe(302);
    const row = await env.DB.prepare("SELECT total_kobo, delivery_fee_kobo FROM orders").first();
    expect(row).toEqual({ total_kobo: 5_500_000, delivery_fee_kobo: 0 });

    const before = await countRows("orders");
    const bad = await pageCheckout(vit.id, 1, { deliveryState: "Wakanda" });
    expect(bad.res.status).toBe(400);
    expect(await html(bad.res)).toContain("Please choose the state we deliver to from the list.");
    const badPay = await pageCheckout(vit.id, 1, { deliveryState: "Lagos", paymentMethod: "crypto" });
    expect(badPay.res.status).toBe(400);
    expect(await html(badPay.res)).toContain(PAYMENT_METHOD_UNKNOWN);
    expect(await countRows("orders")).toBe(before);
  });

  it("the form refuses a missing or empty state with the reason: no order 'to be confirmed', what was typed kept", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    for (const state of [undefined, "", "   "]) {
      const client = new Client();
      await client.post("/cart", { intent: "add", productId: String(para.id) });
      const fields: Record<string, string> = { idempotencyKey: await checkoutKey(client), ...GOOD_DETAILS };
      if (state !== undefined) fields.deliveryState = state;
      const res = await client.post("/checkout", fields);
      expect(res.status, JSON.stringify(state)).toBe(400);
      const page = await html(res);
      expect(page).toContain("Please choose the state we deliver to from the list.");
      expect(page).toContain('value="Ada Obi"');
      expect(page).toMatch(/id="checkout-deliveryState"[^>]*aria-invalid="true"/);
    }
    expect(await countRows("orders")).toBe(0);
  });

  it("the checkout page lists every state with its fee and time, without JavaScript", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    const client = new Client();
    await client.post("/cart", { intent: "add", productId: String(para.id) });
    const page = await html(await client.get("/checkout"));
    expect(page).toContain("Ebonyi: ₦1,000, 1–2 days");
    expect(page).toMatch(/<input type="radio" name="paymentMethod"[^>]*value="bank_transfer"/);
  });
});

describe("POST /api/orders/checkout › deliveryState", () => {
  const body = (productId: number, extra: Record<string, unknown> = {}) => ({
    ...GOOD_DETAILS,
    items: [{ productId, name: "x", price: 1, quantity: 1 }],
    ...extra,
  });

  it("adds the fee; answers deliveryFee and a totalAmount that includes it", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    const res = await new Client().postJson(
      "/api/orders/checkout",
      body(para.id, { deliveryState: "Ebonyi" }),
    );
    expect(res.status).toBe(201);
    const { order } = (await res.json()) as { order: ApiOrder };
    expect(order).toMatchObject({
      subtotal: 1200,
      deliveryFee: 1000,
      totalAmount: 2200,
      deliveryState: "Ebonyi",
      paymentMethod: "pay_on_delivery",
      paymentStatus: "unpaid",
    });
  });

  it("without deliveryState (older clients) the fee is to be confirmed, and the message says so", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    const res = await new Client().postJson("/api/orders/checkout", body(para.id));
    expect(res.status).toBe(201);
    const { order } = (await res.json()) as { order: ApiOrder };
    expect(order.deliveryFee).toBeNull();
    expect(order.totalAmount).toBe(1200);
    expect(message(order.whatsappUrl)).toContain("Delivery: to be confirmed\nTotal: ₦1,200.00 plus delivery");
  });

  it("an unknown state or payment method is a 400 with a message, and no order", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    for (const [extra, text] of [
      [{ deliveryState: "Gotham" }, "deliveryState: Please choose the state we deliver to from the list."],
      [{ deliveryState: 42 }, "deliveryState must be the name of a state"],
      [{ deliveryState: "Lagos", paymentMethod: "cheque" }, PAYMENT_METHOD_UNKNOWN],
    ] as const) {
      const res = await new Client().postJson("/api/orders/checkout", body(para.id, extra));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(text);
    }
    expect(await countRows("orders")).toBe(0);
  });
});

describe("payment status", () => {
  it("an admin marks an order paid on the page or through the API; it is on the timeline; customers cannot", async () => {
    const admin = await signUp("Pharm. Payment Admin", "admin");
    const customer = await signUp("Paying Customer");
    const [para] = await seedProducts([DEMO[1]]);
    const first = await placeOrder(para.id);
    const second = await placeOrder(para.id);

    const page = await admin.client.post("/admin/orders", {
      orderId: first.id,
      paymentStatus: "paid",
      redirectTo: "/admin/orders",
    });
    expect(page.status).toBe(302);
    const status = await html(await new Client().get(first.location.replace("?placed=1", "")));
    expect(status).toContain("Pay on delivery (cash or card on the rider’s POS) · Paid");
    expect(status).toContain("Payment: not paid → paid");

    const api = await new Client().fetch(`/api/orders/${second.id}`, {
      method: "PUT",
      body: JSON.stringify({ paymentStatus: "paid" }),
      headers: { "Content-Type": "application/json", ...bearer(admin) },
    });
    expect(api.status).toBe(200);
    expect(((await api.json()) as { order: ApiOrder }).order.paymentStatus).toBe("paid");

    const bad = await new Client().fetch(`/api/orders/${second.id}`, {
      method: "PUT",
      body: JSON.stringify({ paymentStatus: "maybe" }),
      headers: { "Content-Type": "application/json", ...bearer(admin) },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain(
      `paymentStatus must be ${orList(PAYMENT_STATUS.values)}`,
    );

    const refused = await new Client().fetch(`/api/orders/${second.id}`, {
      method: "PUT",
      body: JSON.stringify({ paymentStatus: "unpaid" }),
      headers: { "Content-Type": "application/json", ...bearer(customer) },
    });
    expect(refused.status).toBe(403);
    const rows = await env.DB.prepare("SELECT payment_status FROM orders ORDER BY created_at").all<{
      payment_status: string;
    }>();
    expect(rows.results.map((r) => r.payment_status)).toEqual(["paid", "paid"]);
  });
});

describe("cancelling", () => {
  it("the link holder cancels a Pending order and its stock comes back; later it is too late", async () => {
    const [para] = await seedProducts([DEMO[1]]);
    await env.DB.prepare("UPDATE products SET stock = 5 WHERE id = ?").bind(para.id).run();
    const order = await placeOrder(para.id);
    const stock = async () =>
      (await env.DB.prepare("SELECT stock FROM products WHERE id = ?")
        .bind(para.id)
        .first<{ stock: number }>())!.stock;
    expect(await stock()).toBe(4);
    const link = `/order/${order.accessToken}`;
    const pageBefore = await html(await new Client().get(link));
    expect(pageBefore).toContain("Cancel this order");

    const guest = new Client();
    const cancelled = await guest.post(link, { intent: "cancel" });
    expect(cancelled.status).toBe(302);
    expect(await stock()).toBe(5);
    const after = await html(await guest.get(link));
    expect(after).toContain("Your order has been cancelled.");
    expect(after).toContain("Pending → Cancelled");
    expect(after).not.toContain("Cancel this order");
    // Again: nothing changes, the stock is not given back twice.
    await guest.post(link, { intent: "cancel" });
    expect(await stock()).toBe(5);

    const second = await placeOrder(para.id);
    await env.DB.prepare("UPDATE orders SET delivery_status = 'Processing' WHERE id = ?")
      .bind(second.id)
      .run();
    const late = new Client();
    const refused = await late.post(`/order/${second.accessToken}`, { intent: "cancel" });
    expect(refused.status).toBe(302);
    expect(await html(await late.get(`/order/${second.accessToken}`))).toContain(
      "This order is already being prepared, so it can no longer be cancelled here.",
    );
    expect(await stock()).toBe(4);
    expect((await new Client().post(`/order/${"x".repeat(43)}`, { intent: "cancel" })).status).toBe(404);
    // A token that is not one never reaches the Location header (a line break there would be a 500).
    for (const token of ["%0d%0aSet-Cookie:%20x=1", "..%2F..%2Fevil", "a"]) {
      expect((await new Client().post(`/order/${token}`, { intent: "junk" })).status).toBe(404);
    }
  });

  it("admins may set Cancelled too (page and API), which gives the stock back", async () => {
    const admin = await signUp("Pharm. Cancel Admin", "admin");
    const [para] = await seedProducts([DEMO[1]]);
    await env.DB.prepare("UPDATE products SET stock = 3 WHERE id = ?").bind(para.id).run();
    const order = await placeOrder(para.id);
    const api = await new Client().fetch(`/api/orders/${order.id}`, {
      method: "PUT",
      body: JSON.stringify({ deliveryStatus: "Cancelled" }),
      headers: { "Content-Type": "application/json", ...bearer(admin) },
    });
    expect(api.status).toBe(200);
    const row = await env.DB.prepare("SELECT stock FROM products WHERE id = ?")
      .bind(para.id)
      .first<{ stock: number }>();
    expect(row!.stock).toBe(3);
    await placeOrder(para.id);
    const page = await html(await admin.client.get("/admin/orders"));
    // The new order's status control offers Cancelled (the filter form above the list offers it too).
    const control = /<select name="deliveryStatus" aria-label="Status of order [^"]+".*?<\/select>/s.exec(
      page,
    );
    expect(control?.[0]).toContain(`<option value="Cancelled">Cancelled</option>`);
  });
});

describe("order again", () => {
  it("puts what is still sold back in the cart at today's prices, saying what changed or is gone", async () => {
    const [amox, para, coartem] = await seedProducts([DEMO[0], DEMO[1], DEMO[2]]);
    const shopper = new Client();
    await shopper.post("/cart", { intent: "add", productId: String(amox.id) });
    await shopper.post("/cart", { intent: "add", productId: String(para.id) });
    const order = await placeOrder(coartem.id, { client: shopper });
    await env.DB.prepare("UPDATE products SET price_kobo = 130000 WHERE id = ?").bind(para.id).run();
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(amox.id).run();

    const again = await shopper.post(`/order/${order.accessToken}`, { intent: "reorder" });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/cart");
    const cart = await html(await shopper.get("/cart"));
    expect(cart).toContain("2 of 3 products from order");
    expect(cart).toContain("Amoxicillin 500mg Capsules is no longer sold.");
    expect(cart).toContain("Paracetamol 500mg Tablets now costs ₦1,300.00 (was ₦1,200.00).");
    expect(cart).toContain(coartem.name);
    expect(cart).not.toContain('aria-label="Remove Amoxicillin');
  });
});
