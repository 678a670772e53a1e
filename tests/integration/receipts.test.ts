/**
 * Bank transfer receipts: uploaded on the order page (the private link is the key) or through the API,
 * kept privately under receipts/ and seen only by the link holder, the order's account and admins; refused
 * with an exact status for a wrong image, a pay-on-delivery, paid or cancelled order; covered by the data
 * download, account deletion and (retention.test.ts) the retention job.
 */
import { env } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RECEIPT_ALREADY_PAID, RECEIPT_CANCELLED } from "~/features/orders/order-state";
import { RECEIPT_NOT_YOURS } from "~/features/orders/receipts.server";
import { IMAGE_MISSING, IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE } from "~/services/uploads.server";
import {
  bearer,
  checkoutKey,
  Client,
  DEMO,
  GOOD_DETAILS,
  html,
  PNG_BYTES,
  seedProducts,
  signUp,
  type TestUser,
} from "./helpers";
import { startPartyDouble } from "./party-double";

let party: ReturnType<typeof startPartyDouble>;
beforeEach(() => {
  party = startPartyDouble();
});
afterEach(() => party.stop());

type Placed = { id: string; orderRef: string; token: string; client: Client };

/** An order placed through the checkout form, by bank transfer to Kano unless told otherwise. */
async function transferOrder({
  client = new Client(),
  paymentMethod = "bank_transfer",
}: { client?: Client; paymentMethod?: string } = {}): Promise<Placed> {
  const [product] = await seedProducts([DEMO[1]]);
  await client.post("/cart", { intent: "add", productId: String(product.id) });
  const res = await client.post("/checkout", {
    idempotencyKey: await checkoutKey(client),
    ...GOOD_DETAILS,
    deliveryState: "Kano",
    paymentMethod,
  });
  expect(res.status, "checkout").toBe(302);
  const token = /^\/order\/([^?]+)/.exec(res.headers.get("Location")!)![1];
  const row = await env.DB.prepare("SELECT id, order_ref FROM orders WHERE access_token = ?")
    .bind(token)
    .first<{ id: string; order_ref: string }>();
  return { id: row!.id, orderRef: row!.order_ref, token, client };
}

function receiptForm(bytes: Uint8Array = PNG_BYTES, { intent = "receipt", field = "receipt" } = {}) {
  const form = new FormData();
  form.set("intent", intent);
  form.set(field, new File([bytes as Uint8Array<ArrayBuffer>], "receipt.png", { type: "image/png" }));
  return form;
}

const uploadOnPage = (order: Placed, form = receiptForm(), client = order.client) =>
  client.postMultipart(`/order/${order.token}`, form);

async function receiptRow(id: string) {
  return env.DB.prepare("SELECT receipt_key, receipt_uploaded_at FROM orders WHERE id = ?")
    .bind(id)
    .first<{ receipt_key: string | null; receipt_uploaded_at: number | null }>();
}

async function storedReceipts(): Promise<string[]> {
  return (await env.IMAGES.list({ prefix: "receipts/" })).objects.map((o) => o.key);
}

async function receiptEvents(id: string) {
  return (
    await env.DB.prepare(
      "SELECT from_status, to_status, changed_by_name FROM order_status_events WHERE order_id = ? AND kind = 'receipt' ORDER BY id",
    )
      .bind(id)
      .all()
  ).results;
}

const PRIVATE_HEADERS = {
  "cache-control": "private, no-store",
  "x-content-type-options": "nosniff",
};

function expectPrivateImage(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("image/webp");
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) expect(res.headers.get(name)).toBe(value);
  expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
}

describe("transfer receipts › the order page", () => {
  it("offers the upload, stores the photo privately, shows it on the page and the timeline", async () => {
    const order = await transferOrder();
    const before = await html(await order.client.get(`/order/${order.token}`));
    expect(before).toContain("Pay by bank transfer");
    expect(before).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(before).toContain('name="receipt"');
    expect(before).toContain("Upload receipt");

    const res = await uploadOnPage(order);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/order/${order.token}`);

    const row = await receiptRow(order.id);
    expect(row!.receipt_key).toMatch(new RegExp(`^receipts/${order.id}/[0-9a-f-]{36}\\.webp$`));
    expect(row!.receipt_uploaded_at).toBeGreaterThan(Date.now() - 60_000);
    expect(await storedReceipts()).toEqual([row!.receipt_key]);
    expect(await receiptEvents(order.id)).toEqual([
      { from_status: "none", to_status: "uploaded", changed_by_name: "The customer" },
    ]);

    const page = await html(await order.client.get(`/order/${order.token}`));
    expect(page).toContain("Transfer receipt uploaded");
    expect(page).toContain(`href="/order/${order.token}/receipt"`);
    expect(page).toContain("Replace receipt");

    // Anyone holding the link sees it (a fresh browser, no cookies); the public image route never does.
    expectPrivateImage(await new Client().get(`/order/${order.token}/receipt`));
    expect((await new Client().get(`/images/${row!.receipt_key}`)).status).toBe(404);
  });

  it("replaces the old receipt: the order points at the new one and the old photo is deleted", async () => {
    const order = await transferOrder();
    expect((await uploadOnPage(order)).status).toBe(302);
    const first = (await receiptRow(order.id))!.receipt_key!;
    expect((await uploadOnPage(order)).status).toBe(302);
    const second = (await receiptRow(order.id))!.receipt_key!;
    expect(second).not.toBe(first);
    expect(await storedReceipts()).toEqual([second]);
    expect(await receiptEvents(order.id)).toEqual([
      { from_status: "none", to_status: "uploaded", changed_by_name: "The customer" },
      { from_status: "replaced", to_status: "uploaded", changed_by_name: "The customer" },
    ]);
  });

  it("refuses a wrong type, a missing file and one too large with the prescriptions' messages", async () => {
    const order = await transferOrder();
    const text = await uploadOnPage(order, receiptForm(new TextEncoder().encode("not an image at all")));
    expect(text.status).toBe(415);
    expect(await html(text)).toContain(IMAGE_WRONG_TYPE);

    const missing = new FormData();
    missing.set("intent", "receipt");
    const none = await uploadOnPage(order, missing);
    expect(none.status).toBe(400);
    expect(await html(none)).toContain(IMAGE_MISSING);

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);
    const large = await uploadOnPage(order, receiptForm(big));
    expect(large.status).toBe(413);
    expect(await html(large)).toContain(IMAGE_TOO_LARGE);

    expect(await receiptRow(order.id)).toEqual({ receipt_key: null, receipt_uploaded_at: null });
    expect(await storedReceipts()).toEqual([]);
    expect(await receiptEvents(order.id)).toEqual([]);
  });

  it("refuses an order paid on delivery, one already paid and one cancelled (409, nothing stored)", async () => {
    const admin = await signUp("Pharm. Bola Ade", "admin");
    const cod = await transferOrder({ paymentMethod: "pay_on_delivery" });
    const codPage = await html(await cod.client.get(`/order/${cod.token}`));
    expect(codPage).not.toContain('name="receipt"');
    const refusedCod = await uploadOnPage(cod);
    expect(refusedCod.status).toBe(409);
    expect(await html(refusedCod)).toContain(
      "This order is paid on delivery: there is no transfer receipt to upload.",
    );

    const paid = await transferOrder();
    await admin.client.post("/admin/orders", { orderId: paid.id, paymentStatus: "paid" });
    expect(await html(await paid.client.get(`/order/${paid.token}`))).not.toContain('name="receipt"');
    const refusedPaid = await uploadOnPage(paid);
    expect(refusedPaid.status).toBe(409);
    expect(await html(refusedPaid)).toContain(RECEIPT_ALREADY_PAID);

    const cancelled = await transferOrder();
    await cancelled.client.post(`/order/${cancelled.token}`, { intent: "cancel" });
    const refusedCancelled = await uploadOnPage(cancelled);
    expect(refusedCancelled.status).toBe(409);
    expect(await html(refusedCancelled)).toContain(RECEIPT_CANCELLED);

    for (const o of [cod, paid, cancelled]) expect((await receiptRow(o.id))!.receipt_key).toBeNull();
    expect(await storedReceipts()).toEqual([]);
  });

  it("answers an unknown link with 404 and another intent with 400", async () => {
    const order = await transferOrder();
    const unknown = await new Client().postMultipart(`/order/${"x".repeat(43)}`, receiptForm());
    expect(unknown.status).toBe(404);
    expect((await uploadOnPage(order, receiptForm(PNG_BYTES, { intent: "cancel" }))).status).toBe(400);
    expect((await new Client().get(`/order/${"x".repeat(43)}/receipt`)).status).toBe(404);
    // An order without a receipt: the same 404.
    expect((await new Client().get(`/order/${order.token}/receipt`)).status).toBe(404);
    expect(await storedReceipts()).toEqual([]);
  });
});

describe("transfer receipts › who sees them", () => {
  it("shows it to admins and the order's account at /receipts/{id}; everyone else gets 404", async () => {
    const owner = await signUp("Ngozi Okafor");
    const stranger = await signUp("Emeka Eze");
    const admin = await signUp("Pharm. Bola Ade", "admin");
    const order = await transferOrder({ client: owner.client });
    expect((await uploadOnPage(order)).status).toBe(302);
    const url = `/receipts/${order.id}`;

    expectPrivateImage(await admin.client.get(url));
    expectPrivateImage(await owner.client.get(url));
    expectPrivateImage(await new Client().get(url, bearer(owner)));
    expect((await stranger.client.get(url)).status).toBe(404);
    expect((await new Client().get(url)).status).toBe(404);
    expect((await admin.client.get("/receipts/not-an-id")).status).toBe(404);

    // Admin › Orders says when it came, with the link, beside "Mark paid"; the overview counts it.
    const list = await html(await admin.client.get(`/admin/orders?q=${order.orderRef}`));
    expect(list).toMatch(new RegExp(`href="${url}"[^>]*>Receipt uploaded `));
    const overview = await html(await admin.client.get("/admin"));
    expect(overview).toContain("1 with a receipt to check");
  });
});

describe("transfer receipts › POST /api/orders/{id}/receipt", () => {
  const post = (order: Placed, headers: HeadersInit, form = receiptForm()) =>
    new Client().fetch(`/api/orders/${order.id}/receipt`, { method: "POST", body: form, headers });

  it("takes the order's private token, the owner's or an admin's Bearer token; answers with the order", async () => {
    const owner = await signUp("Ngozi Okafor");
    const admin = await signUp("Pharm. Bola Ade", "admin");
    const guestOrder = await transferOrder();
    const res = await post(guestOrder, { "X-Order-Token": guestOrder.token });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { order: { _id: string; receiptUploadedAt: string | null } };
    expect(body.order._id).toBe(guestOrder.id);
    expect(body.order.receiptUploadedAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);

    const ownOrder = await transferOrder({ client: owner.client });
    const list = await new Client().get(`/api/orders/${owner.email}`, bearer(owner));
    const before = (await list.json()) as { orders: { receiptUploadedAt: string | null }[] };
    expect(before.orders[0].receiptUploadedAt).toBeNull();
    expect((await post(ownOrder, bearer(owner))).status).toBe(201);
    expect((await post(ownOrder, bearer(admin))).status).toBe(201);
    expect(await receiptEvents(ownOrder.id)).toEqual([
      { from_status: "none", to_status: "uploaded", changed_by_name: "Ngozi Okafor" },
      { from_status: "replaced", to_status: "uploaded", changed_by_name: "Pharm. Bola Ade" },
    ]);
    expect((await storedReceipts()).sort()).toEqual(
      [(await receiptRow(guestOrder.id))!.receipt_key, (await receiptRow(ownOrder.id))!.receipt_key].sort(),
    );
  });

  it("refuses: no credential 401, another account 403, a wrong token or unknown id 404, paid 409", async () => {
    const owner = await signUp("Ngozi Okafor");
    const stranger: TestUser = await signUp("Emeka Eze");
    const order = await transferOrder({ client: owner.client });
    const other = await transferOrder();

    expect((await post(order, {})).status).toBe(401);
    const notYours = await post(order, bearer(stranger));
    expect(notYours.status).toBe(403);
    expect(await notYours.json()).toEqual({ message: RECEIPT_NOT_YOURS });
    expect((await post(order, { "X-Order-Token": other.token })).status).toBe(404);
    expect((await post({ ...order, id: crypto.randomUUID() }, bearer(owner))).status).toBe(404);
    expect((await post(order, bearer(owner), receiptForm(PNG_BYTES, { field: "image" }))).status).toBe(400);
    const wrongType = await post(order, bearer(owner), receiptForm(new TextEncoder().encode("<html>")));
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toEqual({ message: IMAGE_WRONG_TYPE });

    await env.DB.prepare("UPDATE orders SET payment_status = 'paid' WHERE id = ?").bind(order.id).run();
    const paid = await post(order, bearer(owner));
    expect(paid.status).toBe(409);
    expect(await paid.json()).toEqual({ message: RECEIPT_ALREADY_PAID });
    expect((await new Client().get(`/api/orders/${order.id}/receipt`)).status).toBe(405);
    expect(await storedReceipts()).toEqual([]);
  });
});

describe("transfer receipts › data protection", () => {
  it("are in the data download and go with the account", async () => {
    const owner = await signUp("Ngozi Okafor");
    const order = await transferOrder({ client: owner.client });
    expect((await uploadOnPage(order)).status).toBe(302);
    const key = (await receiptRow(order.id))!.receipt_key!;

    const zip = await owner.client.get("/account/data");
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const file = `receipts/${order.orderRef}.webp`;
    const stored = await env.IMAGES.get(key);
    expect(files[file]).toEqual(new Uint8Array(await stored!.arrayBuffer()));
    const data = JSON.parse(strFromU8(files["data.json"]));
    expect(data.orders[0]).toMatchObject({
      paymentMethod: "bank_transfer",
      paymentStatus: "unpaid",
      receipt: { file },
    });
    expect(strFromU8(files["README.txt"])).toContain("receipts/");

    const res = await owner.client.post("/account/delete", { password: owner.password });
    expect(res.status).toBe(302);
    expect(await env.IMAGES.head(key)).toBeNull();
    expect(await receiptRow(order.id)).toEqual({ receipt_key: null, receipt_uploaded_at: null });
    expect((await new Client().get(`/order/${order.token}/receipt`)).status).toBe(404);
  });

  it("/privacy says how long receipts are kept", async () => {
    const page = await html(await new Client().get("/privacy"));
    expect(page).toContain("Bank transfer receipts");
    expect(page).toContain(`As long as the order&#x27;s record: ${env.ORDER_RECORD_YEARS} years`);
  });
});
