/**
 * Pharmacy practice on orders (docs/product-rules.md, Stock and Prescription-only medicines): stock never
 * oversold, prescription-only carts need a prescription, a pharmacist (an admin with a PCN number) reviews
 * them, nothing ships before approval, a rejection cancels and returns stock, every decision is recorded.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { insertOrder } from "~/models/order.server";
import {
  bearer,
  checkoutKey,
  Client,
  DEMO,
  FORM_DETAILS,
  GOOD_DETAILS,
  html,
  imageForm,
  PNG_BYTES,
  seedProducts,
  signUp,
  signUpPharmacist,
  signUpSuperintendent,
  type TestUser,
} from "./helpers";

const RX_REQUIRED = "This order has prescription-only medicines: please attach a photo of your prescription.";
const NOT_A_PHARMACIST = "Only a pharmacist (an admin with a PCN number) can review prescriptions.";
const AWAITING_REVIEW = "This order is waiting for a pharmacist to approve its prescription.";

async function setProduct(
  id: number,
  { stock, medicineClass }: { stock?: number | null; medicineClass?: string },
) {
  if (stock !== undefined)
    await env.DB.prepare("UPDATE products SET stock = ? WHERE id = ?").bind(stock, id).run();
  if (medicineClass)
    await env.DB.prepare("UPDATE products SET medicine_class = ? WHERE id = ?").bind(medicineClass, id).run();
}

const stockOf = async (id: number) =>
  (await env.DB.prepare("SELECT stock FROM products WHERE id = ?")
    .bind(id)
    .first<{ stock: number | null }>())!.stock;

const countOf = async (table: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

const pharmacist = (name = "Pharm. Ada Eze", pcn = "PS-000111"): Promise<TestUser> =>
  signUpPharmacist(name, pcn);

/** A guest's cart with these products, and the checkout form's fields as a browser without JavaScript posts them. */
async function cartWith(items: { id: number; qty?: number }[], client = new Client()) {
  for (const { id, qty = 1 } of items) {
    await client.post("/cart", { intent: "add", productId: String(id) });
    if (qty > 1) await client.post("/cart", { intent: "set", productId: String(id), qty: String(qty) });
  }
  return client;
}

function checkoutForm(key: string, extra: Record<string, string> = {}, file?: Uint8Array) {
  const form = file ? imageForm(file, "rx.png") : new FormData();
  if (file) {
    form.set("prescription", form.get("image")!);
    form.delete("image");
  }
  for (const [k, v] of Object.entries({ idempotencyKey: key, ...FORM_DETAILS, ...extra })) form.set(k, v);
  return form;
}

/** A guest's prescription order placed through the page (multipart, as the form posts it), and its row. */
async function guestRxOrder(productId: number, qty = 1) {
  const client = await cartWith([{ id: productId, qty }]);
  const res = await client.postMultipart(
    "/checkout",
    checkoutForm(await checkoutKey(client), { consent: "yes" }, PNG_BYTES),
  );
  expect(res.status, "checkout").toBe(302);
  const token = /^\/order\/([^?]+)/.exec(res.headers.get("Location")!)![1];
  const order = await env.DB.prepare("SELECT * FROM orders WHERE access_token = ?")
    .bind(token)
    .first<{ id: string; order_ref: string; prescription_id: string; review_status: string }>();
  return { client, token, order: order! };
}

const review = (admin: TestUser, orderId: string, body: unknown) =>
  new Client().postJson(`/api/orders/${orderId}/review`, body, bearer(admin));

describe("stock at checkout", () => {
  it("two buyers racing for the last unit: exactly one order, the other a 409 naming what ran short", async () => {
    const [amox, para] = await seedProducts(DEMO);
    await setProduct(amox.id, { stock: 1 });
    await setProduct(para.id, { stock: 10 });
    const buyers = await Promise.all([1, 2].map(() => cartWith([{ id: amox.id }, { id: para.id }])));
    const keys = await Promise.all(buyers.map((c) => checkoutKey(c)));
    const answers = await Promise.all(
      buyers.map((c, i) => c.post("/checkout", { idempotencyKey: keys[i], ...FORM_DETAILS })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([302, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await html(refused)).toContain(
      `Sorry, we do not have enough in stock: ${amox.name} (out of stock). Please change your cart and try again.`,
    );
    expect(await countOf("orders")).toBe(1);
    expect(await stockOf(amox.id)).toBe(0);
    // The loser's other line took nothing either.
    expect(await stockOf(para.id)).toBe(9);
  });

  it("the same race through the API: one 201, one 409 with how many are left", async () => {
    const [amox] = await seedProducts(DEMO);
    await setProduct(amox.id, { stock: 3 });
    const body = { ...GOOD_DETAILS, items: [{ productId: amox.id, quantity: 2 }] };
    const answers = await Promise.all([1, 2].map(() => new Client().postJson("/api/orders/checkout", body)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await refused.json()).toEqual({
      message: `Sorry, we do not have enough in stock: ${amox.name} (only 1 left). Please change your cart and try again.`,
    });
    expect(await stockOf(amox.id)).toBe(1);
  });

  it("a failed batch writes nothing: no order, no lines, every stock as it was", async () => {
    const [amox, para] = await seedProducts(DEMO);
    await setProduct(amox.id, { stock: 5 });
    await setProduct(para.id, { stock: 1 });
    const db = createDb(env.DB);
    const outcome = await insertOrder(
      db,
      {
        id: crypto.randomUUID(),
        orderRef: "MS-TEST01",
        accessToken: "t".repeat(43),
        idempotencyKey: "sha256:test",
        requestFingerprint: "f",
        name: "Ada",
        email: "ada@example.com",
        phone: "+2348031234567",
        deliveryAddress: "5 Ogoja Road",
        totalKobo: 100,
      },
      [
        { productId: amox.id, name: amox.name, imageKey: null, unitPriceKobo: 100, quantity: 2 },
        { productId: para.id, name: para.name, imageKey: null, unitPriceKobo: 100, quantity: 2 },
      ],
    );
    expect(outcome).toEqual({ outcome: "out-of-stock" });
    expect(await countOf("orders")).toBe(0);
    expect(await countOf("order_items")).toBe(0);
    expect(await stockOf(amox.id)).toBe(5);
    expect(await stockOf(para.id)).toBe(1);
  });

  it("a sold-out product is refused up front; uncounted stock (NULL) never is", async () => {
    const [amox, para] = await seedProducts(DEMO);
    // Sold out after it went into the cart (the cart itself refuses a sold-out product).
    const client = await cartWith([{ id: amox.id }]);
    await setProduct(amox.id, { stock: 0 });
    const res = await client.post("/checkout", {
      idempotencyKey: await checkoutKey(client),
      ...FORM_DETAILS,
    });
    expect(res.status).toBe(409);
    const page = await html(res);
    expect(page).toContain(`${amox.name} (out of stock)`);
    expect(page).toContain('value="Ada Obi"');
    expect(await countOf("orders")).toBe(0);

    const api = await new Client().postJson("/api/orders/checkout", {
      ...GOOD_DETAILS,
      items: [{ productId: para.id, quantity: 99 }],
    });
    expect(api.status).toBe(201);
    expect(await stockOf(para.id)).toBeNull();
  });

  it("an API retry of an order that took the last units replays it instead of refusing it", async () => {
    const [amox] = await seedProducts(DEMO);
    await setProduct(amox.id, { stock: 1 });
    const body = { ...GOOD_DETAILS, items: [{ productId: amox.id, quantity: 1 }] };
    const headers = { "Idempotency-Key": "retry-after-sellout-1" };
    const first = await new Client().postJson("/api/orders/checkout", body, headers);
    expect(first.status).toBe(201);
    const again = await new Client().postJson("/api/orders/checkout", body, headers);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { order: { _id: string } }).order._id).toBe(
      ((await first.json()) as { order: { _id: string } }).order._id,
    );
    expect(await countOf("orders")).toBe(1);
  });
});

describe("prescription-only checkout", () => {
  it("the cart page and checkout say which items need a prescription", async () => {
    const [amox, para] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription" });
    const client = await cartWith([{ id: amox.id }, { id: para.id }]);
    const cart = await html(await client.get("/cart"));
    expect(cart).toContain("Prescription required");
    expect(cart).toContain(`This item is prescription-only: ${amox.name}.`);
    const checkout = await html(await client.get("/checkout"));
    expect(checkout).toContain(`This item is prescription-only: ${amox.name}.`);
    expect(checkout).toMatch(/enctype="multipart\/form-data"/i);
    expect(checkout).toContain('name="prescription"');
    // A cart without one says nothing and posts a plain form.
    const plain = await html(await (await cartWith([{ id: para.id }])).get("/checkout"));
    expect(plain).not.toContain("Prescription required");
    expect(plain).not.toMatch(/multipart\/form-data/i);
  });

  it("by page without a prescription (multipart or not): 400 with the message, no order, the typed details kept", async () => {
    const [amox] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription", stock: 4 });
    const client = await cartWith([{ id: amox.id }]);
    const key = await checkoutKey(client);
    const multipart = await client.postMultipart("/checkout", checkoutForm(key, { consent: "yes" }));
    expect(multipart.status).toBe(400);
    const page = await html(multipart);
    expect(page).toContain(RX_REQUIRED);
    expect(page).toContain('value="Ada Obi"');
    const plain = await client.post("/checkout", { idempotencyKey: key, ...FORM_DETAILS });
    expect(plain.status).toBe(400);
    expect(await html(plain)).toContain(RX_REQUIRED);
    expect(await countOf("orders")).toBe(0);
    expect(await stockOf(amox.id)).toBe(4);
  });

  it("a guest attaches a photo: stored privately with the order, seen through the order's link and by admins only", async () => {
    const [amox] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription", stock: 4 });
    const { token, order } = await guestRxOrder(amox.id, 2);
    expect(order.review_status).toBe("pending");
    expect(await stockOf(amox.id)).toBe(2);
    const row = await env.DB.prepare("SELECT * FROM prescriptions WHERE id = ?")
      .bind(order.prescription_id)
      .first<{ user_id: string | null; image_key: string; content_type: string }>();
    expect(row).toMatchObject({ user_id: null, content_type: "image/webp" });
    expect(row!.image_key).toMatch(/^prescriptions\/guest\/[0-9a-f-]{36}\.webp$/);

    // The order's private link serves it, privately.
    const viaLink = await new Client().get(`/order/${token}/prescription`);
    expect(viaLink.status).toBe(200);
    expect(viaLink.headers.get("Content-Type")).toBe("image/webp");
    expect(viaLink.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await new Client().get(`/order/${"x".repeat(43)}/prescription`)).status).toBe(404);
    const page = await html(await new Client().get(`/order/${token}`));
    expect(page).toContain("Awaiting pharmacist review");
    expect(page).toContain(`/order/${token}/prescription`);

    // Admins see it; another customer and a guest do not (a guest is asked to log in).
    const url = `/prescriptions/${order.prescription_id}/image`;
    const admin = await signUp("Admin Person", "admin");
    expect((await admin.client.get(url)).status).toBe(200);
    const stranger = await signUp("Other Customer");
    expect((await stranger.client.get(url)).status).toBe(404);
    expect((await new Client().get(url)).status).toBe(401);
  });

  it("a guest's photo needs consent; a refused or replayed checkout stores no photo", async () => {
    const [amox] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription", stock: 1 });
    const client = await cartWith([{ id: amox.id }]);
    // A second guest fills a cart too, before the last unit goes.
    const late = await cartWith([{ id: amox.id }]);
    const key = await checkoutKey(client);
    const noConsent = await client.postMultipart("/checkout", checkoutForm(key, {}, PNG_BYTES));
    expect(noConsent.status).toBe(400);
    expect(await html(noConsent)).toContain(
      "Please agree to the processing of your prescription to upload it.",
    );
    expect(await countOf("prescriptions")).toBe(0);

    const first = await client.postMultipart("/checkout", checkoutForm(key, { consent: "yes" }, PNG_BYTES));
    expect(first.status).toBe(302);
    // The double submit: same key, same photo: the same order, no second photo.
    const again = await client.postMultipart("/checkout", checkoutForm(key, { consent: "yes" }, PNG_BYTES));
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await countOf("orders")).toBe(1);
    expect(await countOf("prescriptions")).toBe(1);
    expect((await env.IMAGES.list()).objects).toHaveLength(1);

    // Sold out now: the other guest's attempt is refused and leaves no photo behind.
    const refused = await late.postMultipart(
      "/checkout",
      checkoutForm(await checkoutKey(late), { consent: "yes" }, PNG_BYTES),
    );
    expect(refused.status).toBe(409);
    expect(await countOf("prescriptions")).toBe(1);
    expect((await env.IMAGES.list()).objects).toHaveLength(1);
  });

  it("a customer picks one of their own uploads; someone else's is an unknown prescription", async () => {
    const [amox] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription" });
    const customer = await signUp("Chidi Okeke");
    const other = await signUp("Other Person");
    const upload = async (user: TestUser) => {
      const res = await user.client.postMultipart(
        "/api/prescriptions/upload",
        imageForm(PNG_BYTES),
        bearer(user),
      );
      expect(res.status).toBe(201);
      return ((await res.json()) as { prescription: { _id: string } }).prescription._id;
    };
    const mine = await upload(customer);
    const theirs = await upload(other);
    await cartWith([{ id: amox.id }], customer.client);
    const checkout = await html(await customer.client.get("/checkout"));
    expect(checkout).toContain(`value="${mine}"`);
    expect(checkout).not.toContain(theirs);

    const key = await checkoutKey(customer.client);
    const wrong = await customer.client.postMultipart(
      "/checkout",
      checkoutForm(key, { prescriptionId: theirs }),
    );
    expect(wrong.status).toBe(400);
    expect(await html(wrong)).toContain("Unknown prescription.");
    const right = await customer.client.postMultipart(
      "/checkout",
      checkoutForm(key, { prescriptionId: mine }),
    );
    expect(right.status).toBe(302);
    const order = await env.DB.prepare("SELECT prescription_id, review_status, user_id FROM orders").first();
    expect(order).toEqual({ prescription_id: mine, review_status: "pending", user_id: customer.id });
  });

  it("by API: 400 without a token or prescriptionId, 400 for someone else's, 201 with the caller's own", async () => {
    const [amox] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription" });
    const customer = await signUp("Chidi Okeke");
    const other = await signUp("Other Person");
    const uploadOf = async (user: TestUser) =>
      (
        (await (
          await user.client.postMultipart("/api/prescriptions/upload", imageForm(PNG_BYTES), bearer(user))
        ).json()) as { prescription: { _id: string } }
      ).prescription._id;
    const mine = await uploadOf(customer);
    const theirs = await uploadOf(other);
    const body = { ...GOOD_DETAILS, items: [{ productId: amox.id, quantity: 1 }] };
    const api = (extra: object, headers?: HeadersInit) =>
      new Client().postJson("/api/orders/checkout", { ...body, ...extra }, headers);

    const guest = await api({ prescriptionId: mine });
    expect(guest.status).toBe(400);
    expect(((await guest.json()) as { message: string }).message).toMatch(
      /^This order has prescription-only medicines: send prescriptionId/,
    );
    expect((await api({}, bearer(customer))).status).toBe(400);
    for (const id of [theirs, "00000000-0000-0000-0000-000000000000", "nope"]) {
      const res = await api({ prescriptionId: id }, bearer(customer));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: "Unknown prescription. Please choose one of your own uploads.",
      });
    }
    expect(await countOf("orders")).toBe(0);

    const ok = await api({ prescriptionId: mine }, bearer(customer));
    expect(ok.status).toBe(201);
    const { order } = (await ok.json()) as {
      order: { reviewStatus: string; prescriptionReview: unknown; whatsappUrl: string };
    };
    expect(order.reviewStatus).toBe("pending");
    expect(order.prescriptionReview).toBeNull();
    expect(new URL(order.whatsappUrl).searchParams.get("text")).toContain(
      "⚠️ Prescription-only items: awaiting pharmacist review",
    );
  });
});

describe("the pharmacist's review", () => {
  it("only a pharmacist decides: 403 for an admin without a PCN number or a customer, 409 for a non-prescription order", async () => {
    const [amox, para] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription" });
    const { order } = await guestRxOrder(amox.id);
    const plainAdmin = await signUp("Plain Admin", "admin");
    const res = await review(plainAdmin, order.id, { decision: "approved" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: NOT_A_PHARMACIST });
    const customer = await signUp("Chidi Okeke");
    expect((await review(customer, order.id, { decision: "approved" })).status).toBe(403);
    expect(
      (await new Client().postJson(`/api/orders/${order.id}/review`, { decision: "approved" })).status,
    ).toBe(401);
    expect(await countOf("prescription_reviews")).toBe(0);

    const pharm = await pharmacist();
    const plainOrder = await new Client().postJson("/api/orders/checkout", {
      ...GOOD_DETAILS,
      items: [{ productId: para.id, quantity: 1 }],
    });
    const plainId = ((await plainOrder.json()) as { order: { _id: string; reviewStatus: null } }).order._id;
    const nonRx = await review(pharm, plainId, { decision: "approved" });
    expect(nonRx.status).toBe(409);
    expect((await review(pharm, "no-such-order", { decision: "approved" })).status).toBe(404);
    for (const bad of [
      { decision: "maybe" },
      { decision: "rejected" },
      { decision: "rejected", note: "  " },
      {
        decision: "approved",
        note: "x".repeat(1001),
      },
    ]) {
      expect((await review(pharm, order.id, bad)).status).toBe(400);
    }
    expect(await countOf("prescription_reviews")).toBe(0);
  });

  it("approval is recorded (who, PCN number, when, decision, note), shown in JSON and to the customer; a second decision is a 409", async () => {
    const [amox] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription", stock: 3 });
    const { token, order } = await guestRxOrder(amox.id);
    const pharm = await pharmacist("Pharm. Ada Eze", "PS-000111");
    const before = Date.now();
    const res = await review(pharm, order.id, { decision: "approved", note: "Valid, dated this week." });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      order: { reviewStatus: string; prescriptionReview: Record<string, string> };
    };
    expect(body.order.reviewStatus).toBe("approved");
    expect(body.order.prescriptionReview).toEqual({
      decision: "approved",
      note: "Valid, dated this week.",
      reviewerName: "Pharm. Ada Eze",
      reviewerPcn: "PS-000111",
      reviewedAt: expect.any(String),
    });
    expect(Date.parse(body.order.prescriptionReview.reviewedAt)).toBeGreaterThanOrEqual(before - 1000);
    const record = await env.DB.prepare("SELECT * FROM prescription_reviews").all();
    expect(record.results).toEqual([
      expect.objectContaining({
        order_id: order.id,
        decision: "approved",
        note: "Valid, dated this week.",
        reviewer_id: pharm.id,
        reviewer_name: "Pharm. Ada Eze",
        reviewer_pcn: "PS-000111",
      }),
    ]);

    const again = await review(pharm, order.id, { decision: "rejected", note: "Changed my mind" });
    expect(again.status).toBe(409);
    expect(await countOf("prescription_reviews")).toBe(1);

    const page = await html(await new Client().get(`/order/${token}`));
    expect(page).toContain("Approved by Pharm. Ada Eze (PCN PS-000111)");
    expect(page).toContain("Note: Valid, dated this week.");
    const all = (await (await new Client().get("/api/orders/all-orders", bearer(pharm))).json()) as {
      _id: string;
      prescriptionReview: { reviewerPcn: string } | null;
    }[];
    expect(all.find((o) => o._id === order.id)?.prescriptionReview?.reviewerPcn).toBe("PS-000111");
  });

  it("the customer sees the decision in their orders and in GET /api/orders/{email}", async () => {
    const [amox] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription" });
    const customer = await signUp("Chidi Okeke");
    const upload = (await (
      await customer.client.postMultipart("/api/prescriptions/upload", imageForm(PNG_BYTES), bearer(customer))
    ).json()) as { prescription: { _id: string } };
    const placed = await new Client().postJson(
      "/api/orders/checkout",
      {
        ...GOOD_DETAILS,
        items: [{ productId: amox.id, quantity: 1 }],
        prescriptionId: upload.prescription._id,
      },
      bearer(customer),
    );
    const orderId = ((await placed.json()) as { order: { _id: string } }).order._id;
    const pharm = await pharmacist();
    await review(pharm, orderId, { decision: "approved" });
    const orders = await html(await customer.client.get("/orders"));
    expect(orders).toContain("Approved by Pharm. Ada Eze (PCN PS-000111)");
    const api = (await (
      await new Client().get(`/api/orders/${encodeURIComponent(customer.email)}`, bearer(customer))
    ).json()) as {
      orders: { reviewStatus: string; prescriptionReview: { decision: string; note: string } }[];
    };
    expect(api.orders[0].reviewStatus).toBe("approved");
    expect(api.orders[0].prescriptionReview).toMatchObject({ decision: "approved", note: "" });
  });

  it("nothing ships before approval: 409 by page and by PUT; Processing is allowed; after approval it ships", async () => {
    const [amox] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription" });
    const { order } = await guestRxOrder(amox.id);
    const pharm = await pharmacist();
    const put = (status: string) =>
      new Client().fetch(`/api/orders/${order.id}`, {
        method: "PUT",
        body: JSON.stringify({ deliveryStatus: status }),
        headers: { "Content-Type": "application/json", ...bearer(pharm) },
      });
    for (const status of ["Shipped", "Delivered"]) {
      const res = await put(status);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: AWAITING_REVIEW });
    }
    const page = await pharm.client.post("/admin/orders", { orderId: order.id, deliveryStatus: "Shipped" });
    expect(page.status).toBe(409);
    expect(await html(page)).toContain(AWAITING_REVIEW);
    const row = await env.DB.prepare("SELECT delivery_status FROM orders WHERE id = ?")
      .bind(order.id)
      .first();
    expect(row).toEqual({ delivery_status: "Pending" });
    expect(await countOf("order_status_events")).toBe(0);

    expect((await put("Processing")).status).toBe(200);
    await review(pharm, order.id, { decision: "approved" });
    expect((await put("Shipped")).status).toBe(200);
  });

  it("PUT is all or nothing: a payment beside a refused status is not written either (409, still unpaid, no timeline entry)", async () => {
    const [amox] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription", stock: 4 });
    const { order, token } = await guestRxOrder(amox.id);
    const pharm = await pharmacist();
    const put = await new Client().fetch(`/api/orders/${order.id}`, {
      method: "PUT",
      body: JSON.stringify({ paymentStatus: "paid", deliveryStatus: "Shipped" }),
      headers: { "Content-Type": "application/json", ...bearer(pharm) },
    });
    expect(put.status).toBe(409);
    expect(await put.json()).toEqual({ message: AWAITING_REVIEW });
    const row = await env.DB.prepare("SELECT payment_status, delivery_status FROM orders WHERE id = ?")
      .bind(order.id)
      .first();
    expect(row).toEqual({ payment_status: "unpaid", delivery_status: "Pending" });
    expect(await countOf("order_status_events")).toBe(0);
    expect(await stockOf(amox.id)).toBe(3);
    const page = await html(await new Client().get(`/order/${token}`));
    expect(page).toContain("Pay on delivery (cash or card on the rider’s POS) · Not paid");
    expect(page).not.toContain("Payment: not paid → paid");

    // Both parts allowed: both written, in one go, each on the timeline.
    const both = await new Client().fetch(`/api/orders/${order.id}`, {
      method: "PUT",
      body: JSON.stringify({ paymentStatus: "paid", deliveryStatus: "Cancelled" }),
      headers: { "Content-Type": "application/json", ...bearer(pharm) },
    });
    expect(both.status).toBe(200);
    expect(((await both.json()) as { order: object }).order).toMatchObject({
      paymentStatus: "paid",
      deliveryStatus: "Cancelled",
    });
    const events = await env.DB.prepare(
      "SELECT kind, from_status, to_status FROM order_status_events ORDER BY id",
    ).all();
    expect(events.results).toEqual([
      { kind: "payment", from_status: "unpaid", to_status: "paid" },
      { kind: "status", from_status: "Pending", to_status: "Cancelled" },
    ]);
    expect(await stockOf(amox.id)).toBe(4);
  });

  it("a cancelled order's prescription leaves the review queue, and a decision on it is refused", async () => {
    const [amox] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription" });
    const { order, token, client } = await guestRxOrder(amox.id);
    expect((await client.post(`/order/${token}`, { intent: "cancel" })).status).toBe(302);
    const pharm = await pharmacist();
    expect(await html(await pharm.client.get("/admin/reviews"))).not.toContain(order.order_ref);
    const late = await review(pharm, order.id, { decision: "approved" });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({
      message: "This order was cancelled: its prescription is no longer reviewed.",
    });
    expect(await countOf("prescription_reviews")).toBe(0);
  });

  it("a rejection cancels the order, returns its stock once, and the cancelled order no longer changes", async () => {
    const [amox, para] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription", stock: 5 });
    await setProduct(para.id, { stock: 10 });
    const client = await cartWith([
      { id: amox.id, qty: 2 },
      { id: para.id, qty: 3 },
    ]);
    const res = await client.postMultipart(
      "/checkout",
      checkoutForm(await checkoutKey(client), { consent: "yes" }, PNG_BYTES),
    );
    expect(res.status).toBe(302);
    const token = /^\/order\/([^?]+)/.exec(res.headers.get("Location")!)![1];
    const order = (await env.DB.prepare("SELECT id FROM orders").first<{ id: string }>())!;
    expect([await stockOf(amox.id), await stockOf(para.id)]).toEqual([3, 7]);

    const pharm = await pharmacist();
    const rejected = await review(pharm, order.id, {
      decision: "rejected",
      note: "Prescription has expired.",
    });
    expect(rejected.status).toBe(200);
    const body = (await rejected.json()) as { order: { deliveryStatus: string; reviewStatus: string } };
    expect(body.order).toMatchObject({ deliveryStatus: "Cancelled", reviewStatus: "rejected" });
    expect([await stockOf(amox.id), await stockOf(para.id)]).toEqual([5, 10]);
    const events = await env.DB.prepare(
      "SELECT from_status, to_status, changed_by_name FROM order_status_events",
    ).all();
    expect(events.results).toEqual([
      { from_status: "Pending", to_status: "Cancelled", changed_by_name: "Pharm. Ada Eze" },
    ]);

    // Decided once, cancelled once: no second restock, no more status changes.
    expect((await review(pharm, order.id, { decision: "rejected", note: "again" })).status).toBe(409);
    const put = await new Client().fetch(`/api/orders/${order.id}`, {
      method: "PUT",
      body: JSON.stringify({ deliveryStatus: "Processing" }),
      headers: { "Content-Type": "application/json", ...bearer(pharm) },
    });
    expect(put.status).toBe(409);
    expect(await put.json()).toEqual({
      message: "This order was cancelled: its status can no longer change.",
    });
    expect([await stockOf(amox.id), await stockOf(para.id)]).toEqual([5, 10]);

    const page = await html(await new Client().get(`/order/${token}`));
    expect(page).toContain("Rejected by Pharm. Ada Eze (PCN PS-000111)");
    expect(page).toContain("Note: Prescription has expired.");
    expect(page).toContain("Cancelled");
  });

  it("the review queue: oldest first with the prescription; a pharmacist decides by form, others read only", async () => {
    const [amox] = await seedProducts(DEMO);
    await setProduct(amox.id, { medicineClass: "prescription" });
    const first = await guestRxOrder(amox.id);
    const second = await guestRxOrder(amox.id);
    const plainAdmin = await signUp("Plain Admin", "admin");
    const readOnly = await html(await plainAdmin.client.get("/admin/reviews"));
    expect(readOnly).toContain("Only a pharmacist (an admin with a PCN registration number) can approve");
    expect(readOnly).not.toContain('value="approved"');
    const refused = await plainAdmin.client.post("/admin/reviews", {
      orderId: first.order.id,
      decision: "approved",
    });
    expect(refused.status).toBe(403);

    const pharm = await pharmacist();
    const queue = await html(await pharm.client.get("/admin/reviews"));
    expect(queue.indexOf(first.order.order_ref)).toBeLessThan(queue.indexOf(second.order.order_ref));
    expect(queue).toContain(`/prescriptions/${first.order.prescription_id}/image`);
    const noNote = await pharm.client.post("/admin/reviews", {
      orderId: first.order.id,
      decision: "rejected",
      note: "",
    });
    expect(noNote.status).toBe(400);
    expect(await html(noNote)).toContain("Please say why the prescription is rejected");
    const approved = await pharm.client.post("/admin/reviews", {
      orderId: first.order.id,
      decision: "approved",
      note: "",
    });
    expect(approved.status).toBe(302);
    const after = await html(await pharm.client.get("/admin/reviews"));
    expect(after).toContain(`Order ${first.order.order_ref}: prescription approved.`);
    expect(after).not.toContain(`>Order ${first.order.order_ref}</a>`);
    expect(after).toContain(`>Order ${second.order.order_ref}</a>`);
    expect((await new Client().get("/admin/reviews")).status).toBe(302);
  });
});

describe("pharmacists and the pharmacy's registration", () => {
  it("the superintendent gives PCN numbers (stored uppercased); the list shows who is a pharmacist", async () => {
    const admin = await signUpSuperintendent();
    const api = await new Client().postJson(
      "/api/admins",
      {
        email: "pharm@example.com",
        password: "a-strong-passphrase",
        name: "Pharm. Bola",
        pcnNumber: "ps-123456",
      },
      bearer(admin),
    );
    expect(api.status).toBe(201);
    expect(((await api.json()) as { admin: { pcnNumber: string } }).admin.pcnNumber).toBe("PS-123456");
    const bad = await new Client().postJson(
      "/api/admins",
      { email: "pharm2@example.com", password: "a-strong-passphrase", pcnNumber: "<script>" },
      bearer(admin),
    );
    expect(bad.status).toBe(400);
    const page = await admin.client.post("/admin/admins", {
      email: "pharm3@example.com",
      name: "Pharm. Chika",
      password: "a-strong-passphrase",
      pcnNumber: "pcn/1234",
    });
    expect(page.status).toBe(302);
    const row = await env.DB.prepare(
      "SELECT pcn_number FROM users WHERE email = 'pharm3@example.com'",
    ).first();
    expect(row).toEqual({ pcn_number: "PCN/1234" });
    const list = await html(await admin.client.get("/admin/admins"));
    expect(list).toContain("PCN PS-123456");
    expect(list).toContain("PCN PCN/1234");
  });

  it("the footer and /about name the superintendent pharmacist and the premises licence", async () => {
    const expected =
      "Superintendent pharmacist: Pharm. Adaeze Nwosu (PCN PS-014523) · PCN premises licence PCN/PREM/LA/2026/0417";
    for (const path of ["/", "/about"]) {
      const page = await html(await new Client().get(path));
      expect(page).toContain(expected);
    }
  });
});
