/**
 * Paying online against the gateway's stand-in (scripts/paystack-standin.mjs, started by the integration
 * project's global setup): the shopper is sent to its hosted page, presses Pay or Fail there, and the order
 * becomes paid only on the gateway's own word (its signed webhook, or the server's verify call), once,
 * and only when reference, amount and currency match. The payments job re-verifies and releases.
 */
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { countTrips } from "../../workers/d1-trips";
import { callWorker } from "./route-fixtures";
import {
  METHOD_AFTER_PAYMENT,
  ONLINE_PAID_BY_GATEWAY,
  REFUND_NOT_FAILED,
} from "~/features/orders/order-state";
import { NOTHING_TO_REFUND_BY_HAND } from "~/features/orders/orders.server";
import {
  bearer,
  checkoutKey,
  Client,
  FORM_DETAILS,
  html,
  ORIGIN,
  seedProducts,
  signUp,
  signUpPharmacist,
  signUpSuperintendent,
  prescriptionCheckoutForm,
} from "./helpers";

const STANDIN = env.PAYSTACK_BASE_URL!;
const KEY = env.PAYSTACK_SECRET_KEY!;
const WEBHOOK = "/api/payments/paystack";
const FEE_KOBO = 100_000;

let product: { id: number; priceKobo: number };

beforeEach(async () => {
  [product] = await seedProducts([
    { name: "Paracetamol 500mg", category: "Pain Relief", priceKobo: 250_000 },
  ]);
  await env.DB.prepare("UPDATE products SET stock = 5 WHERE id = ?").bind(product.id).run();
});

type Placed = { client: Client; id: string; token: string; payUrl: string; reference: string };

/** A guest's checkout choosing to pay online: the answer sends them to the gateway's page. */
async function orderPaidOnline(quantity = 1): Promise<Placed> {
  const client = new Client();
  for (let i = 0; i < quantity; i++)
    await client.post("/cart", { intent: "add", productId: String(product.id) });
  const res = await client.post("/checkout", {
    idempotencyKey: await checkoutKey(client),
    ...FORM_DETAILS,
    paymentMethod: "paystack",
  });
  expect(res.status).toBe(302);
  const payUrl = res.headers.get("Location")!;
  expect(payUrl.startsWith(`${STANDIN}/pay/`)).toBe(true);
  const row = await env.DB.prepare(
    `SELECT o.id, o.access_token, a.reference FROM orders o JOIN payment_attempts a ON a.order_id = o.id
     ORDER BY a.rowid DESC LIMIT 1`,
  ).first<{ id: string; access_token: string; reference: string }>();
  return { client, id: row!.id, token: row!.access_token, payUrl, reference: row!.reference };
}

/** The shopper presses Pay or Fail on the gateway's page; answers where they are sent back. */
async function press(payUrl: string, button: "pay" | "fail") {
  const res = await fetch(`${payUrl}/${button}`, { method: "POST", redirect: "manual" });
  expect(res.status).toBe(302);
  return res.headers.get("Location")!;
}

type Sent = { event: string; body: string; signature: string };
async function webhooksFor(reference: string): Promise<Sent[]> {
  return (await fetch(`${STANDIN}/__standin/webhooks?reference=${encodeURIComponent(reference)}`)).json();
}

function deliver(body: string, signature: string | null) {
  return new Client().fetch(WEBHOOK, {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      ...(signature === null ? {} : { "x-paystack-signature": signature }),
    },
  });
}

async function sign(body: string, key = KEY) {
  const hmac = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(key),
    { name: "HMAC", hash: "SHA-512" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode(body)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function orderRow(id: string) {
  return (await env.DB.prepare(
    "SELECT payment_status, payment_method, delivery_status FROM orders WHERE id = ?",
  )
    .bind(id)
    .first<{ payment_status: string; payment_method: string; delivery_status: string }>())!;
}

async function paymentEvents(orderId: string) {
  const rows = await env.DB.prepare(
    "SELECT from_status, to_status, changed_by_name FROM order_status_events WHERE order_id = ? AND kind = 'payment' ORDER BY id",
  )
    .bind(orderId)
    .all<{ from_status: string; to_status: string; changed_by_name: string }>();
  return rows.results;
}

/** What the shopper was told by SMS about the order, oldest first. */
async function toldBySms(orderId: string) {
  const { results } = await env.DB.prepare(
    "SELECT kind, body FROM outbox WHERE order_id = ? AND channel = 'sms' ORDER BY created_at, rowid",
  )
    .bind(orderId)
    .all<{ kind: string; body: string }>();
  return results;
}

const stock = async () =>
  (await env.DB.prepare("SELECT stock FROM products WHERE id = ?").bind(product.id).first<number>("stock"))!;

/** Runs the Worker's payments job as the Cron Trigger does, at `at`. */
async function runPaymentsJob(at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/**
 * An order paid online twice: the second attempt (kept by the order) confirmed first, then the first
 * attempt paid too and its money sent straight back; that refund's webhook is held back for the test
 * (`refund.failed` when `extraRefundFails`, as the stand-in is asked to).
 */
async function paidTwice({ extraRefundFails = false } = {}) {
  const placed = await orderPaidOnline();
  // The first tab is left on the gateway's page; the order page starts a second attempt, which is paid.
  const again = await placed.client.post(`/order/${placed.token}`, { intent: "pay" });
  expect(again.status).toBe(302);
  const keptUrl = again.headers.get("Location")!;
  const kept = (await env.DB.prepare(
    "SELECT reference FROM payment_attempts WHERE order_id = ? AND authorization_url = ?",
  )
    .bind(placed.id, keptUrl)
    .first<string>("reference"))!;
  expect(kept).not.toBe(placed.reference);
  await press(keptUrl, "pay");
  const [paid] = await webhooksFor(kept);
  expect(await (await deliver(paid.body, paid.signature)).json()).toEqual({
    received: true,
    outcome: "paid",
  });

  // Then the first tab is paid too: the money is recorded and goes straight back; the order stays paid.
  if (extraRefundFails) {
    const failing = await fetch(
      `${STANDIN}/__standin/refund-fails?reference=${encodeURIComponent(placed.reference)}`,
      { method: "POST" },
    );
    expect(failing.status).toBe(200);
  }
  await press(placed.payUrl, "pay");
  const [late] = await webhooksFor(placed.reference);
  expect(await (await deliver(late.body, late.signature)).json()).toEqual({
    received: true,
    outcome: "recorded:success",
  });
  await vi.waitFor(async () =>
    expect((await webhooksFor(placed.reference)).map((w) => w.event)).toEqual([
      "charge.success",
      extraRefundFails ? "refund.failed" : "refund.processed",
    ]),
  );
  const extraRefund = (await webhooksFor(placed.reference))[1]!;
  return { placed, kept, extra: placed.reference, extraRefund };
}

describe("paying online", () => {
  it("checkout sends the shopper to the gateway for the order's exact total, stock held", async () => {
    const placed = await orderPaidOnline();
    expect(await stock()).toBe(4);
    const page = await fetch(placed.payUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("₦3,500.00");
    const attempt = await env.DB.prepare("SELECT amount_kobo, status FROM payment_attempts").first();
    expect(attempt).toEqual({ amount_kobo: product.priceKobo + FEE_KOBO, status: "pending" });
    expect(await orderRow(placed.id)).toEqual({
      payment_status: "unpaid",
      payment_method: "paystack",
      delivery_status: "Pending",
    });
  });

  it("the order page leads with paying while payable; WhatsApp comes second until it is paid", async () => {
    const placed = await orderPaidOnline();
    const before = await html(await placed.client.get(`/order/${placed.token}?placed=1`));
    expect(before).toContain("Pay for it below: we prepare it as soon as the payment reaches us.");
    const pay = before.indexOf("Pay ₦3,500.00 now");
    const whatsApp = before.indexOf(">Send order on WhatsApp</a>");
    expect(pay).toBeGreaterThan(0);
    expect(whatsApp).toBeGreaterThan(pay);
    expect(before).toContain("Questions before you pay?");

    await press(placed.payUrl, "pay");
    const [sent] = await webhooksFor(placed.reference);
    await deliver(sent.body, sent.signature);
    const after = await html(await placed.client.get(`/order/${placed.token}`));
    expect(after).not.toContain("Questions before you pay?");
    expect(after.indexOf("Send order on WhatsApp")).toBeGreaterThan(after.indexOf("Paid online: ₦3,500.00"));
  });

  it("a signed charge.success webhook makes the order paid, once, recorded as the gateway's", async () => {
    const placed = await orderPaidOnline();
    const back = await press(placed.payUrl, "pay");
    expect(back).toBe(
      `${ORIGIN}/order/${placed.token}?trxref=${placed.reference}&reference=${placed.reference}`,
    );
    const [sent] = await webhooksFor(placed.reference);
    expect(sent.event).toBe("charge.success");

    const res = await deliver(sent.body, sent.signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "paid" });
    expect((await orderRow(placed.id)).payment_status).toBe("paid");
    expect(await paymentEvents(placed.id)).toEqual([
      { from_status: "unpaid", to_status: "paid", changed_by_name: "Paystack" },
    ]);

    // The gateway delivers the same event again (it retries until it hears 200): nothing more happens.
    const again = await deliver(sent.body, sent.signature);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await paymentEvents(placed.id)).toHaveLength(1);
    const events = await env.DB.prepare("SELECT id, outcome FROM payment_events").all();
    expect(events.results).toHaveLength(1);

    // The shopper's page says so; the API too, with nothing left to pay.
    const page = await html(await placed.client.get(`/order/${placed.token}`));
    expect(page).toContain(`Paid online: ₦3,500.00`);
    expect(page).not.toContain("Pay ₦3,500.00 now");
  });

  it("the same event arriving twice at once is processed once", async () => {
    const placed = await orderPaidOnline();
    await press(placed.payUrl, "pay");
    const [sent] = await webhooksFor(placed.reference);
    const answers = await Promise.all([
      deliver(sent.body, sent.signature),
      deliver(sent.body, sent.signature),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const outcomes = (await Promise.all(answers.map((r) => r.json<{ outcome: string }>()))).map(
      (a) => a.outcome,
    );
    expect(outcomes.sort()).toEqual(["duplicate", "paid"]);
    expect(await paymentEvents(placed.id)).toHaveLength(1);
  });

  it("without a webhook, the server's verify call confirms it when the shopper comes back", async () => {
    const placed = await orderPaidOnline();
    const back = new URL(await press(placed.payUrl, "pay"));
    // The webhook never arrives (not delivered here): the order page asks the gateway itself.
    const page = await html(await placed.client.get(`${back.pathname}${back.search}`));
    expect(page).toContain("Paid online: ₦3,500.00");
    expect(await orderRow(placed.id)).toMatchObject({ payment_status: "paid" });
    // The webhook arriving afterwards changes nothing more.
    const [sent] = await webhooksFor(placed.reference);
    const late = await deliver(sent.body, sent.signature);
    expect(await late.json()).toEqual({ received: true, outcome: "recorded:success" });
    expect(await paymentEvents(placed.id)).toHaveLength(1);
  });

  it("a failed payment says so and offers to try again or to pay on delivery instead", async () => {
    const placed = await orderPaidOnline();
    const back = new URL(await press(placed.payUrl, "fail"));
    const page = await html(await placed.client.get(`${back.pathname}${back.search}`));
    expect(page).toContain("Your payment did not go through");
    expect(page).toContain("Try again: pay ₦3,500.00");
    expect((await orderRow(placed.id)).payment_status).toBe("failed");
    const told = await toldBySms(placed.id);
    expect(told.map((m) => m.kind)).toEqual(["order_received", "payment"]);
    expect(told[1]!.body).toContain("did not go through, and no money was taken");

    // Trying again is a new transaction at the gateway.
    const retry = await placed.client.post(`/order/${placed.token}`, { intent: "pay" });
    expect(retry.status).toBe(302);
    const second = retry.headers.get("Location")!;
    expect(second.startsWith(`${STANDIN}/pay/`)).toBe(true);
    expect(second).not.toBe(placed.payUrl);

    // …or the shopper pays on delivery instead: not paid yet, recorded on the timeline.
    const instead = await placed.client.post(`/order/${placed.token}`, { intent: "pay-on-delivery" });
    expect(instead.status).toBe(302);
    expect(await orderRow(placed.id)).toEqual({
      payment_status: "unpaid",
      payment_method: "pay_on_delivery",
      delivery_status: "Pending",
    });
    const after = await html(await placed.client.get(`/order/${placed.token}`));
    expect(after).not.toContain("Your payment did not go through");
    expect(after).toContain("Payment: online → on delivery");
  });

  it("a webhook with no signature or a wrong one is refused with 401, logged, and changes nothing", async () => {
    const placed = await orderPaidOnline();
    await press(placed.payUrl, "pay");
    const [sent] = await webhooksFor(placed.reference);
    const warn = vi.spyOn(console, "warn");
    for (const signature of [
      null,
      "0".repeat(128),
      await sign(sent.body, "sk_test_someone_elses_key"),
      "nothex",
    ]) {
      const res = await deliver(sent.body, signature);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "The notification's signature does not hold." });
    }
    // The body changed after signing (the amount raised) no longer matches its signature.
    const tampered = sent.body.replace(/"amount":\d+/, '"amount":1');
    expect((await deliver(tampered, sent.signature)).status).toBe(401);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("missing or bad signature"), expect.anything());
    expect((await orderRow(placed.id)).payment_status).toBe("unpaid");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_events").first("n")).toBe(0);
  });

  it("a signed event whose amount, currency or reference is not the order's changes nothing", async () => {
    const placed = await orderPaidOnline();
    await press(placed.payUrl, "pay");
    const [sent] = await webhooksFor(placed.reference);
    const event = JSON.parse(sent.body) as { event: string; data: Record<string, unknown> };
    const variants = [
      { ...event.data, id: 1, amount: 100 },
      { ...event.data, id: 2, currency: "USD" },
      { ...event.data, id: 3, reference: "MS-UNKNOWN-REF" },
    ];
    const outcomes = [];
    for (const data of variants) {
      const body = JSON.stringify({ event: "charge.success", data });
      const res = await deliver(body, await sign(body));
      expect(res.status).toBe(200);
      outcomes.push((await res.json<{ outcome: string }>()).outcome);
    }
    expect(outcomes).toEqual(["mismatch", "mismatch", "unknown-reference"]);
    expect((await orderRow(placed.id)).payment_status).toBe("unpaid");
    expect(await paymentEvents(placed.id)).toEqual([]);
    // A replay of a mismatched event is seen as one.
    const body = JSON.stringify({ event: "charge.success", data: variants[0] });
    expect(await (await deliver(body, await sign(body))).json()).toEqual({
      received: true,
      outcome: "duplicate",
    });
  });

  it("a replayed event, recorded before, is processed once even after the order moved on", async () => {
    const placed = await orderPaidOnline();
    await press(placed.payUrl, "pay");
    const [sent] = await webhooksFor(placed.reference);
    expect((await deliver(sent.body, sent.signature)).status).toBe(200);
    // Cancelled (refunded) afterwards: the old event replayed must not make it paid again.
    expect((await placed.client.post(`/order/${placed.token}`, { intent: "cancel" })).status).toBe(302);
    const replay = await deliver(sent.body, sent.signature);
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    expect((await orderRow(placed.id)).payment_status).not.toBe("paid");
  });

  it("cancelling a paid order refunds it through the gateway, on the timeline; the gateway's word ends it", async () => {
    const placed = await orderPaidOnline();
    await press(placed.payUrl, "pay");
    const [charge] = await webhooksFor(placed.reference);
    await deliver(charge.body, charge.signature);
    expect(await stock()).toBe(4);

    const cancel = await placed.client.post(`/order/${placed.token}`, { intent: "cancel" });
    expect(cancel.status).toBe(302);
    expect(await orderRow(placed.id)).toEqual({
      payment_status: "refund_pending",
      payment_method: "paystack",
      delivery_status: "Cancelled",
    });
    expect(await stock()).toBe(5);
    const page = await html(await placed.client.get(`/order/${placed.token}`));
    expect(page).toContain("Your refund of ₦3,500.00 is on its way");

    // The gateway took the refund and reports it processed.
    const refund = (await webhooksFor(placed.reference)).find((w) => w.event === "refund.processed");
    expect(refund).toBeDefined();
    const res = await deliver(refund!.body, refund!.signature);
    expect(await res.json()).toEqual({ received: true, outcome: "refunded" });
    expect((await orderRow(placed.id)).payment_status).toBe("refunded");
    expect(await paymentEvents(placed.id)).toEqual([
      { from_status: "unpaid", to_status: "paid", changed_by_name: "Paystack" },
      { from_status: "paid", to_status: "refund_pending", changed_by_name: "The customer" },
      { from_status: "refund_pending", to_status: "refunded", changed_by_name: "Paystack" },
    ]);
    expect(await html(await placed.client.get(`/order/${placed.token}`))).toContain(
      "Refunded: ₦3,500.00 went back",
    );
    // The shopper hears each step once: the cancellation tells of its refund itself (not a second message).
    const { results: told } = await env.DB.prepare(
      "SELECT kind, body FROM outbox WHERE order_id = ? AND channel = 'sms' ORDER BY created_at, rowid",
    )
      .bind(placed.id)
      .all<{ kind: string; body: string }>();
    expect(told.map((m) => m.kind)).toEqual(["order_received", "payment", "status", "payment"]);
    expect(told[0]!.body).toContain("Pay online from your order page");
    expect(told[2]!.body).toContain("is cancelled. Your online payment is being refunded");
    expect(told[3]!.body).toContain("we have refunded ₦3,500.00");
  });

  it("a shopper who pays twice gets the second payment back; the order keeps one and its cancel refunds that one", async () => {
    const { placed, kept: second, extraRefund } = await paidTwice();
    expect(await (await deliver(extraRefund.body, extraRefund.signature)).json()).toEqual({
      received: true,
      outcome: "refunded-extra",
    });
    expect(await orderRow(placed.id)).toEqual({
      payment_status: "paid",
      payment_method: "paystack",
      delivery_status: "Pending",
    });
    expect(await paymentEvents(placed.id)).toEqual([
      { from_status: "unpaid", to_status: "paid", changed_by_name: "Paystack" },
    ]);
    expect((await webhooksFor(second)).map((w) => w.event)).toEqual(["charge.success"]);

    // Nothing is left for the payments job to ask back.
    await runPaymentsJob(Date.now() + 60 * 60_000);
    expect((await webhooksFor(placed.reference)).map((w) => w.event)).toEqual([
      "charge.success",
      "refund.processed",
    ]);
    expect((await webhooksFor(second)).map((w) => w.event)).toEqual(["charge.success"]);

    // Cancelling refunds the payment the order kept, and not the first one a second time.
    expect((await placed.client.post(`/order/${placed.token}`, { intent: "cancel" })).status).toBe(302);
    await vi.waitFor(async () =>
      expect((await webhooksFor(second)).map((w) => w.event)).toEqual(["charge.success", "refund.processed"]),
    );
    expect((await webhooksFor(placed.reference)).map((w) => w.event)).toEqual([
      "charge.success",
      "refund.processed",
    ]);
  });

  /**
   * An order paid twice and then cancelled: the extra payment's refund and the kept payment's refund both
   * taken by the gateway, their webhooks held back for the test to deliver in either order.
   */
  async function paidTwiceThenCancelled() {
    const { placed, kept, extra, extraRefund } = await paidTwice();
    expect((await placed.client.post(`/order/${placed.token}`, { intent: "cancel" })).status).toBe(302);
    expect((await orderRow(placed.id)).payment_status).toBe("refund_pending");
    await vi.waitFor(async () =>
      expect((await webhooksFor(kept)).map((w) => w.event)).toEqual(["charge.success", "refund.processed"]),
    );
    const keptRefund = (await webhooksFor(kept))[1]!;
    return { placed, kept, extra, extraRefund, keptRefund };
  }

  const refundedAttempts = async (orderId: string) =>
    (
      await env.DB.prepare(
        "SELECT reference FROM payment_attempts WHERE order_id = ? AND refunded_at IS NOT NULL ORDER BY reference",
      )
        .bind(orderId)
        .all<{ reference: string }>()
    ).results.map((r) => r.reference);

  /** Both payments back, the order refunded once, whichever refund's webhook came first. */
  async function expectBothRefunded(orderId: string, references: string[]) {
    expect((await orderRow(orderId)).payment_status).toBe("refunded");
    expect(await refundedAttempts(orderId)).toEqual([...references].sort());
    expect(await paymentEvents(orderId)).toEqual([
      { from_status: "unpaid", to_status: "paid", changed_by_name: "Paystack" },
      { from_status: "paid", to_status: "refund_pending", changed_by_name: "The customer" },
      { from_status: "refund_pending", to_status: "refunded", changed_by_name: "Paystack" },
    ]);
  }

  it("paid twice, then cancelled: the extra payment's refund arriving first leaves the order awaiting the kept one's", async () => {
    const { placed, kept, extra, extraRefund, keptRefund } = await paidTwiceThenCancelled();
    expect(await (await deliver(extraRefund.body, extraRefund.signature)).json()).toEqual({
      received: true,
      outcome: "refunded-extra",
    });
    expect((await orderRow(placed.id)).payment_status).toBe("refund_pending");
    expect(await refundedAttempts(placed.id)).toEqual([extra]);
    expect(await html(await placed.client.get(`/order/${placed.token}`))).toContain(
      "Your refund of ₦3,500.00 is on its way",
    );

    expect(await (await deliver(keptRefund.body, keptRefund.signature)).json()).toEqual({
      received: true,
      outcome: "refunded",
    });
    await expectBothRefunded(placed.id, [extra, kept]);
    // Either delivered again: seen before, nothing changes.
    for (const again of [extraRefund, keptRefund])
      expect(await (await deliver(again.body, again.signature)).json()).toEqual({
        received: true,
        outcome: "duplicate",
      });
    expect((await orderRow(placed.id)).payment_status).toBe("refunded");
  });

  it("paid twice, then cancelled: the kept payment's refund arriving first ends the refund; the extra's later changes nothing", async () => {
    const { placed, kept, extra, extraRefund, keptRefund } = await paidTwiceThenCancelled();
    expect(await (await deliver(keptRefund.body, keptRefund.signature)).json()).toEqual({
      received: true,
      outcome: "refunded",
    });
    expect((await orderRow(placed.id)).payment_status).toBe("refunded");
    expect(await refundedAttempts(placed.id)).toEqual([kept]);

    expect(await (await deliver(extraRefund.body, extraRefund.signature)).json()).toEqual({
      received: true,
      outcome: "refunded-extra",
    });
    await expectBothRefunded(placed.id, [extra, kept]);
  });

  it("a pharmacist's rejection of a prescription order paid online refunds it; the shopper hears it once", async () => {
    await env.DB.prepare("UPDATE products SET medicine_class = 'prescription' WHERE id = ?")
      .bind(product.id)
      .run();
    const client = new Client();
    await client.post("/cart", { intent: "add", productId: String(product.id) });
    const form = await prescriptionCheckoutForm(client, { paymentMethod: "paystack" });
    const checkout = await client.postMultipart("/checkout", form);
    expect(checkout.status).toBe(302);
    const payUrl = checkout.headers.get("Location")!;
    expect(payUrl.startsWith(`${STANDIN}/pay/`)).toBe(true);
    const { id, reference } = (await env.DB.prepare(
      "SELECT o.id, a.reference FROM orders o JOIN payment_attempts a ON a.order_id = o.id",
    ).first<{ id: string; reference: string }>())!;
    await press(payUrl, "pay");
    const [charge] = await webhooksFor(reference);
    expect(await (await deliver(charge.body, charge.signature)).json()).toEqual({
      received: true,
      outcome: "paid",
    });
    expect(await stock()).toBe(4);

    const pharmacist = await signUpPharmacist("Pharm. Ada Eze", "PS-000222");
    const rejected = await new Client().postJson(
      `/api/orders/${id}/review`,
      { decision: "rejected", note: "Prescription expired" },
      bearer(pharmacist),
    );
    expect(rejected.status).toBe(200);
    expect(await orderRow(id)).toEqual({
      payment_status: "refund_pending",
      payment_method: "paystack",
      delivery_status: "Cancelled",
    });
    expect(await stock()).toBe(5);
    await vi.waitFor(async () =>
      expect((await webhooksFor(reference)).map((w) => w.event)).toEqual([
        "charge.success",
        "refund.processed",
      ]),
    );
    const refund = (await webhooksFor(reference))[1]!;
    expect(await (await deliver(refund.body, refund.signature)).json()).toEqual({
      received: true,
      outcome: "refunded",
    });
    expect((await orderRow(id)).payment_status).toBe("refunded");
    expect(await paymentEvents(id)).toEqual([
      { from_status: "unpaid", to_status: "paid", changed_by_name: "Paystack" },
      { from_status: "paid", to_status: "refund_pending", changed_by_name: "Pharm. Ada Eze" },
      { from_status: "refund_pending", to_status: "refunded", changed_by_name: "Paystack" },
    ]);
    const told = await toldBySms(id);
    expect(told.map((m) => m.kind)).toEqual(["order_received", "payment", "review_rejected", "payment"]);
    expect(told[2]!.body).toContain("so the order is cancelled");
    expect(told[2]!.body).toContain("Your online payment is being refunded");
    expect(told[3]!.body).toContain("we have refunded ₦3,500.00");
  });

  it("an admin's cancel of a paid order refunds it too; staff cannot mark a refund themselves", async () => {
    const placed = await orderPaidOnline();
    await press(placed.payUrl, "pay");
    const [charge] = await webhooksFor(placed.reference);
    await deliver(charge.body, charge.signature);
    const admin = await signUp("Bola Admin", "admin");
    const refused = await admin.client.fetch(`/api/orders/${placed.id}`, {
      method: "PUT",
      body: JSON.stringify({ paymentStatus: "refunded" }),
      headers: { "Content-Type": "application/json", ...bearer(admin) },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: "This order's payment cannot go from Paid to Refunded.",
    });
    // Nor mark an order paid online as paid: only the gateway's word does (its "Mark paid" is not offered).
    const unpaid = await orderPaidOnline();
    const byHand = await admin.client.fetch(`/api/orders/${unpaid.id}`, {
      method: "PUT",
      body: JSON.stringify({ paymentStatus: "paid" }),
      headers: { "Content-Type": "application/json", ...bearer(admin) },
    });
    expect(byHand.status).toBe(409);
    expect(await byHand.json()).toEqual({ message: ONLINE_PAID_BY_GATEWAY });
    expect((await orderRow(unpaid.id)).payment_status).toBe("unpaid");
    const unpaidRef = (await env.DB.prepare("SELECT order_ref FROM orders WHERE id = ?")
      .bind(unpaid.id)
      .first<string>("order_ref"))!;
    const list = await html(await admin.client.get("/admin/orders"));
    expect(list).not.toContain(`Mark paid: order ${unpaidRef}`);
    expect(list).toContain("Paid when Paystack confirms");
    const res = await admin.client.fetch(`/api/orders/${placed.id}`, {
      method: "PUT",
      body: JSON.stringify({ deliveryStatus: "Cancelled" }),
      headers: { "Content-Type": "application/json", ...bearer(admin) },
    });
    expect(res.status).toBe(200);
    expect((await res.json<{ order: { paymentStatus: string } }>()).order.paymentStatus).toBe(
      "refund_pending",
    );
    expect((await webhooksFor(placed.reference)).map((w) => w.event)).toContain("refund.processed");
    // The back office shows where the money is.
    expect(await html(await admin.client.get("/admin/orders"))).toContain("Refund in progress");
  });

  it("the payments job confirms a payment left pending, and releases an abandoned one's stock", async () => {
    const paid = await orderPaidOnline();
    await press(paid.payUrl, "pay");
    const abandoned = await orderPaidOnline();
    expect(await stock()).toBe(3);
    const attempt = (ref: string) =>
      env.DB.prepare("SELECT status FROM payment_attempts WHERE reference = ?").bind(ref).first("status");

    // A few minutes on: the paid one is confirmed by verification (no webhook came), the other still held.
    await runPaymentsJob(Date.now() + 6 * 60 * 1000);
    expect((await orderRow(paid.id)).payment_status).toBe("paid");
    expect(await orderRow(abandoned.id)).toMatchObject({
      payment_status: "unpaid",
      delivery_status: "Pending",
    });
    expect(await attempt(abandoned.reference)).toBe("pending");

    // Past the configured time (60 minutes): released, its units back on sale, the shopper told.
    await runPaymentsJob(Date.now() + 61 * 60 * 1000);
    expect(await orderRow(abandoned.id)).toMatchObject({
      payment_status: "unpaid",
      delivery_status: "Cancelled",
    });
    expect(await orderRow(paid.id)).toMatchObject({ payment_status: "paid", delivery_status: "Pending" });
    expect(await stock()).toBe(4);
    expect(await attempt(abandoned.reference)).toBe("abandoned");
    const page = await html(await abandoned.client.get(`/order/${abandoned.token}`));
    expect(page).toContain("We cancelled this order because its payment had not arrived within 60 minutes");
    expect(page).not.toContain("Pay ₦3,500.00 now");

    // The shopper pays on the old page anyway: the money goes straight back.
    await press(abandoned.payUrl, "pay");
    const [late] = await webhooksFor(abandoned.reference);
    const res = await deliver(late.body, late.signature);
    expect(await res.json()).toEqual({ received: true, outcome: "refund_pending" });
    expect((await orderRow(abandoned.id)).payment_status).toBe("refund_pending");
    // Told once of the release, and once that the late money goes back.
    const told = await toldBySms(abandoned.id);
    expect(told.map((m) => m.kind)).toEqual(["order_received", "status", "payment"]);
    expect(told[1]!.body).toContain("is cancelled. You have not been charged.");
    expect(told[2]!.body).toContain("arrived after the order was cancelled, so we are refunding it");
    await vi.waitFor(async () =>
      expect((await webhooksFor(abandoned.reference)).map((w) => w.event)).toContain("refund.processed"),
    );
  });

  it("the JSON API takes the method and says where to pay while the order is payable", async () => {
    const user = await signUp("Chioma Eze");
    const res = await user.client.postJson(
      "/api/orders/checkout",
      {
        ...FORM_DETAILS,
        email: user.email,
        paymentMethod: "paystack",
        items: [{ productId: product.id, quantity: 1 }],
      },
      bearer(user),
    );
    expect(res.status).toBe(201);
    const { order } = await res.json<{ order: { _id: string; paymentStatus: string; payment: unknown } }>();
    expect(order.paymentStatus).toBe("unpaid");
    expect(order.payment).toEqual({
      provider: "paystack",
      payable: true,
      url: expect.stringMatching(new RegExp(`^${STANDIN}/pay/`)),
    });
    const url = (order.payment as { url: string }).url;
    await press(url, "pay");
    const reference = (await env.DB.prepare("SELECT reference FROM payment_attempts").first<string>(
      "reference",
    ))!;
    const [sent] = await webhooksFor(reference);
    await deliver(sent.body, sent.signature);
    const list = await user.client.get(`/api/orders/${encodeURIComponent(user.email)}`, bearer(user));
    const [listed] = (await list.json<{ orders: { paymentStatus: string; payment: unknown }[] }>()).orders;
    expect(listed).toMatchObject({
      paymentStatus: "paid",
      payment: { provider: "paystack", payable: false, url: null },
    });
    // Orders paid another way carry no online payment.
    const other = await user.client.postJson(
      "/api/orders/checkout",
      { ...FORM_DETAILS, email: user.email, items: [{ productId: product.id, quantity: 1 }] },
      bearer(user),
    );
    expect((await other.json<{ order: { payment: unknown } }>()).order.payment).toBeNull();
  });
});

/**
 * Switching to pay on delivery while a payment at the gateway may still go through: whichever arrives
 * first, money the gateway took is recorded as paid online (method and reference), and a cancel or a
 * rejection sends it back through the gateway.
 */
describe("paying on delivery instead, while the gateway may still take the money", () => {
  const switchToDelivery = (placed: Placed) =>
    placed.client.post(`/order/${placed.token}`, { intent: "pay-on-delivery" });

  const SWITCHED = { from_status: "paystack", to_status: "pay_on_delivery", changed_by_name: "The customer" };
  const BACK_ONLINE = { from_status: "pay_on_delivery", to_status: "paystack", changed_by_name: "Paystack" };
  const PAID = { from_status: "unpaid", to_status: "paid", changed_by_name: "Paystack" };

  async function attemptOf(reference: string) {
    return env.DB.prepare("SELECT status, gateway_id FROM payment_attempts WHERE reference = ?")
      .bind(reference)
      .first<{ status: string; gateway_id: string | null }>();
  }

  it("an attempt left open after the switch is asked about for a day, then no more; its money still counts", async () => {
    const placed = await orderPaidOnline();
    expect((await switchToDelivery(placed)).status).toBe(302);
    const checkedAt = () =>
      env.DB.prepare("SELECT checked_at FROM payment_attempts WHERE reference = ?")
        .bind(placed.reference)
        .first<number | null>("checked_at");

    const soon = Date.now() + 10 * 60_000;
    await runPaymentsJob(soon);
    expect((await attemptOf(placed.reference))!.status).toBe("pending");
    const askedSoon = await checkedAt();
    expect(askedSoon).not.toBeNull();

    await runPaymentsJob(Date.now() + 25 * 60 * 60_000);
    expect((await attemptOf(placed.reference))!.status).toBe("abandoned");
    const askedLast = await checkedAt();
    await runPaymentsJob(Date.now() + 26 * 60 * 60_000);
    expect(await checkedAt()).toBe(askedLast);

    // The shopper finishes it at the gateway after all: the gateway's word is honoured.
    await press(placed.payUrl, "pay");
    const [sent] = await webhooksFor(placed.reference);
    expect(await (await deliver(sent.body, sent.signature)).json()).toEqual({
      received: true,
      outcome: "paid",
    });
    expect(await orderRow(placed.id)).toMatchObject({ payment_status: "paid", payment_method: "paystack" });
    expect((await attemptOf(placed.reference))!.status).toBe("success");
  });

  it("switch, then the webhook: paid online again, on the timeline; a cancel refunds it", async () => {
    const placed = await orderPaidOnline();
    expect((await switchToDelivery(placed)).status).toBe(302);
    expect(await orderRow(placed.id)).toEqual({
      payment_status: "unpaid",
      payment_method: "pay_on_delivery",
      delivery_status: "Pending",
    });
    expect(await paymentEvents(placed.id)).toEqual([SWITCHED]);

    // The gateway's page was still open: the shopper pays there after all.
    await press(placed.payUrl, "pay");
    const [sent] = await webhooksFor(placed.reference);
    const res = await deliver(sent.body, sent.signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "paid" });
    expect(await orderRow(placed.id)).toEqual({
      payment_status: "paid",
      payment_method: "paystack",
      delivery_status: "Pending",
    });
    expect(await attemptOf(placed.reference)).toEqual({ status: "success", gateway_id: expect.any(String) });
    expect(await paymentEvents(placed.id)).toEqual([SWITCHED, BACK_ONLINE, PAID]);
    const page = await html(await placed.client.get(`/order/${placed.token}`));
    expect(page).toContain("Paid online: ₦3,500.00");
    expect(page).toContain("Payment: on delivery → online");

    expect((await placed.client.post(`/order/${placed.token}`, { intent: "cancel" })).status).toBe(302);
    expect(await orderRow(placed.id)).toEqual({
      payment_status: "refund_pending",
      payment_method: "paystack",
      delivery_status: "Cancelled",
    });
    expect((await webhooksFor(placed.reference)).map((w) => w.event)).toContain("refund.processed");
  });

  it("the webhook, then a switch: refused, the order stays paid online", async () => {
    const placed = await orderPaidOnline();
    await press(placed.payUrl, "pay");
    const [sent] = await webhooksFor(placed.reference);
    expect(await (await deliver(sent.body, sent.signature)).json()).toEqual({
      received: true,
      outcome: "paid",
    });

    const refused = await switchToDelivery(placed);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(`/order/${placed.token}`);
    expect(await html(await placed.client.get(`/order/${placed.token}`))).toContain(
      METHOD_AFTER_PAYMENT.replace(/'/g, "&#x27;"),
    );
    expect(await orderRow(placed.id)).toEqual({
      payment_status: "paid",
      payment_method: "paystack",
      delivery_status: "Pending",
    });
    expect(await paymentEvents(placed.id)).toEqual([PAID]);
  });

  it("paid at the gateway, its webhook not here yet: the switch asks the gateway first and is refused", async () => {
    const placed = await orderPaidOnline();
    await press(placed.payUrl, "pay");
    expect((await switchToDelivery(placed)).status).toBe(302);
    expect(await orderRow(placed.id)).toEqual({
      payment_status: "paid",
      payment_method: "paystack",
      delivery_status: "Pending",
    });
    expect(await paymentEvents(placed.id)).toEqual([PAID]);
    // The webhook arriving afterwards changes nothing more.
    const [sent] = await webhooksFor(placed.reference);
    expect(await (await deliver(sent.body, sent.signature)).json()).toEqual({
      received: true,
      outcome: "recorded:success",
    });
  });

  it("switch, then paid with no webhook: the payments job finds it; staff's cancel refunds it", async () => {
    const placed = await orderPaidOnline();
    expect((await switchToDelivery(placed)).status).toBe(302);
    await press(placed.payUrl, "pay");
    // No webhook delivered: a few minutes on, the job asks the gateway about the attempt still open.
    await runPaymentsJob(Date.now() + 6 * 60 * 1000);
    expect(await orderRow(placed.id)).toEqual({
      payment_status: "paid",
      payment_method: "paystack",
      delivery_status: "Pending",
    });
    expect(await paymentEvents(placed.id)).toEqual([SWITCHED, BACK_ONLINE, PAID]);

    const admin = await signUp("Bola Admin", "admin");
    const res = await admin.client.fetch(`/api/orders/${placed.id}`, {
      method: "PUT",
      body: JSON.stringify({ deliveryStatus: "Cancelled" }),
      headers: { "Content-Type": "application/json", ...bearer(admin) },
    });
    expect(res.status).toBe(200);
    expect(await res.json<{ order: { paymentStatus: string; paymentMethod: string } }>()).toMatchObject({
      order: { paymentStatus: "refund_pending", paymentMethod: "paystack" },
    });
    expect((await webhooksFor(placed.reference)).map((w) => w.event)).toContain("refund.processed");
  });

  it("switch, cancel, then the money: recorded as paid online and sent straight back", async () => {
    const placed = await orderPaidOnline();
    expect((await switchToDelivery(placed)).status).toBe(302);
    expect((await placed.client.post(`/order/${placed.token}`, { intent: "cancel" })).status).toBe(302);
    expect(await orderRow(placed.id)).toMatchObject({
      payment_status: "unpaid",
      delivery_status: "Cancelled",
    });

    await press(placed.payUrl, "pay");
    const [sent] = await webhooksFor(placed.reference);
    expect(await (await deliver(sent.body, sent.signature)).json()).toEqual({
      received: true,
      outcome: "refund_pending",
    });
    expect(await orderRow(placed.id)).toEqual({
      payment_status: "refund_pending",
      payment_method: "paystack",
      delivery_status: "Cancelled",
    });
    await vi.waitFor(async () =>
      expect((await webhooksFor(placed.reference)).map((w) => w.event)).toContain("refund.processed"),
    );
    expect(await html(await placed.client.get(`/order/${placed.token}`))).toContain(
      "Your refund of ₦3,500.00 is on its way",
    );
  });

  it("the switch and the webhook at once: whichever wins, the money is recorded as paid online", async () => {
    const placed = await orderPaidOnline();
    await press(placed.payUrl, "pay");
    const [sent] = await webhooksFor(placed.reference);
    const [switched, delivered] = await Promise.all([
      switchToDelivery(placed),
      deliver(sent.body, sent.signature),
    ]);
    expect(switched.status).toBe(302);
    expect(delivered.status).toBe(200);
    expect(await orderRow(placed.id)).toEqual({
      payment_status: "paid",
      payment_method: "paystack",
      delivery_status: "Pending",
    });
  });

  it("a failure reported after the switch leaves the order paying on delivery, not failed", async () => {
    const placed = await orderPaidOnline();
    expect((await switchToDelivery(placed)).status).toBe(302);
    await press(placed.payUrl, "fail");
    await runPaymentsJob(Date.now() + 6 * 60 * 1000);
    expect(await orderRow(placed.id)).toEqual({
      payment_status: "unpaid",
      payment_method: "pay_on_delivery",
      delivery_status: "Pending",
    });
    expect(await attemptOf(placed.reference)).toMatchObject({ status: "failed" });
    expect(await paymentEvents(placed.id)).toEqual([SWITCHED]);
  });
});

/**
 * A refund the gateway could not make (its `refund.failed` webhook): recorded on the payment and the
 * order's timeline, said to staff in Admin › Orders, who return the money another way and mark the order
 * refunded by hand; only then, and only staff.
 */
describe("a refund Paystack could not make", () => {
  /** A paid order cancelled by its shopper, its refund failing at the gateway (the webhook held back). */
  async function refundFailing() {
    const placed = await orderPaidOnline();
    await press(placed.payUrl, "pay");
    const [charge] = await webhooksFor(placed.reference);
    await deliver(charge.body, charge.signature);
    const failing = await fetch(
      `${STANDIN}/__standin/refund-fails?reference=${encodeURIComponent(placed.reference)}`,
      { method: "POST" },
    );
    expect(failing.status).toBe(200);
    expect((await placed.client.post(`/order/${placed.token}`, { intent: "cancel" })).status).toBe(302);
    await vi.waitFor(async () =>
      expect((await webhooksFor(placed.reference)).map((w) => w.event)).toEqual([
        "charge.success",
        "refund.failed",
      ]),
    );
    const failed = (await webhooksFor(placed.reference))[1]!;
    const orderRef = (await env.DB.prepare("SELECT order_ref FROM orders WHERE id = ?")
      .bind(placed.id)
      .first<string>("order_ref"))!;
    return { placed, failed, orderRef };
  }

  async function attempt(reference: string) {
    return (await env.DB.prepare(
      "SELECT refund_requested_at, refund_failed_at, refunded_at FROM payment_attempts WHERE reference = ?",
    )
      .bind(reference)
      .first<{
        refund_requested_at: number | null;
        refund_failed_at: number | null;
        refunded_at: number | null;
      }>())!;
  }

  async function failureEntries(orderId: string) {
    const { results } = await env.DB.prepare(
      "SELECT from_status, to_status, changed_by_name FROM order_status_events WHERE order_id = ? AND kind = 'refund_failed'",
    )
      .bind(orderId)
      .all();
    return results;
  }

  const CANCELLED_REFUNDING = {
    payment_status: "refund_pending",
    payment_method: "paystack",
    delivery_status: "Cancelled",
  };

  const FAILED_NOTE =
    "Paystack could not send the money back. Our pharmacy will return ₦3,500.00 to you by bank transfer; we will message you when it is done.";

  /** What the shopper's own order page says of their money. */
  async function shopperSays(placed: { client: Client; token: string }) {
    const page = await html(await placed.client.get(`/order/${placed.token}`));
    return page.match(/data-testid="online-payment"[^>]*>([^<]*)</)?.[1];
  }

  /** The gateway's word, after all, that the refund it reported failed went through. */
  async function refundProcessedAfter(failed: { body: string }) {
    const body = JSON.stringify({
      event: "refund.processed",
      data: { ...JSON.parse(failed.body).data, status: "processed" },
    });
    return deliver(body, await sign(body));
  }

  /** Staff marking the order's payment refunded, as Admin › Orders' status forms post a payment status. */
  const byHand = (client: Client, orderId: string) =>
    client.post("/admin/orders", { orderId, redirectTo: "/admin/orders", paymentStatus: "refunded" });

  /** Staff's "Refunded by hand" button as its form posts it (without JavaScript): the server decides what it marks. */
  const byHandButton = (client: Client, orderId: string) =>
    client.post("/admin/orders", { intent: "refunded-by-hand", orderId, redirectTo: "/admin/orders" });

  /** The button's post straight to the Worker, counting its trips to D1. */
  async function byHandButtonCounted(client: Client, orderId: string) {
    const trips = countTrips(env.DB, { delayMs: 50 });
    const res = await callWorker(
      new Request(`${ORIGIN}/admin/orders`, {
        method: "POST",
        body: new URLSearchParams({ intent: "refunded-by-hand", orderId, redirectTo: "/admin/orders" }),
        headers: {
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        },
        redirect: "manual",
      }),
      { ...env, DB: trips.d1 },
    );
    return { res, trips: trips.trips() };
  }

  async function auditOf(orderId: string) {
    const { results } = await env.DB.prepare(
      "SELECT actor_id, actor_role, action, record_type, record_id, detail FROM audit_log WHERE record_id = ?",
    )
      .bind(orderId)
      .all();
    return results;
  }

  /** An order paid twice whose extra payment's refund Paystack reported failed: the order stays Paid. */
  async function extraRefundFailed() {
    const { placed, kept, extra, extraRefund } = await paidTwice({ extraRefundFails: true });
    expect(await (await deliver(extraRefund.body, extraRefund.signature)).json()).toEqual({
      received: true,
      outcome: "refund-failed",
    });
    const orderRef = (await env.DB.prepare("SELECT order_ref FROM orders WHERE id = ?")
      .bind(placed.id)
      .first<string>("order_ref"))!;
    return { placed, kept, extra, orderRef };
  }

  const PAID_PENDING = { payment_status: "paid", payment_method: "paystack", delivery_status: "Pending" };

  it("is recorded on its payment and the timeline, once; the order stays 'Refund in progress'", async () => {
    const { placed, failed } = await refundFailing();
    const res = await deliver(failed.body, failed.signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "refund-failed" });
    expect(await orderRow(placed.id)).toEqual(CANCELLED_REFUNDING);
    const recorded = await attempt(placed.reference);
    expect(recorded.refund_requested_at).not.toBeNull();
    expect(recorded.refund_failed_at).not.toBeNull();
    expect(recorded.refunded_at).toBeNull();
    expect(await failureEntries(placed.id)).toEqual([
      { from_status: "refund_pending", to_status: "refund_pending", changed_by_name: "Paystack" },
    ]);
    // Staff's to finish, by transfer: the shopper's page says so instead of the card.
    expect(await shopperSays(placed)).toBe(FAILED_NOTE);
    expect(
      await env.DB.prepare("SELECT outcome FROM payment_events WHERE id = ?")
        .bind(`refund.failed:${placed.reference}`)
        .first<string>("outcome"),
    ).toBe("refund-failed");

    // Delivered again: seen before, nothing changes.
    const again = await deliver(failed.body, failed.signature);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(await attempt(placed.reference)).toEqual(recorded);
    expect(await failureEntries(placed.id)).toHaveLength(1);
    expect(await orderRow(placed.id)).toEqual(CANCELLED_REFUNDING);
  });

  it("Admin › Orders tells staff to return the money another way; 'Refunded by hand' ends it, audited, the customer told", async () => {
    const { placed, failed, orderRef } = await refundFailing();
    const staff = await signUp("Tunde Staff", "admin");
    // Before the gateway's word: a refund in progress, nothing for staff to do.
    const before = await html(await staff.client.get("/admin/orders"));
    expect(await shopperSays(placed)).toBe(
      "Your refund of ₦3,500.00 is on its way through Paystack to the card or account you paid with. Banks usually take a few working days.",
    );
    expect(before).toContain("Refund in progress");
    expect(before).not.toContain("Paystack could not send the money back");
    expect(before).not.toContain(`Refunded by hand: order ${orderRef}`);

    await deliver(failed.body, failed.signature);
    const page = await html(await staff.client.get("/admin/orders"));
    expect(page).toContain(
      "Paystack could not send the money back. Return ₦3,500.00 to the customer another way (bank transfer), then mark it refunded by hand.",
    );
    expect(page).toContain(`aria-label="Refunded by hand: order ${orderRef}"`);
    expect(await shopperSays(placed)).toBe(FAILED_NOTE);
    // The timeline says it too.
    expect(page).toMatch(
      /Paystack could not send the money back<\/span> · <time[^>]*>[^<]*<\/time><span[^>]*> · by Paystack/,
    );

    // The action's reads travel with the session lookup, then one write: two trips to D1.
    const { res, trips } = await byHandButtonCounted(staff.client, placed.id);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/orders");
    expect(trips).toBe(2);

    expect(await orderRow(placed.id)).toEqual({ ...CANCELLED_REFUNDING, payment_status: "refunded" });
    expect((await attempt(placed.reference)).refunded_at).not.toBeNull();
    expect(await paymentEvents(placed.id)).toEqual([
      { from_status: "unpaid", to_status: "paid", changed_by_name: "Paystack" },
      { from_status: "paid", to_status: "refund_pending", changed_by_name: "The customer" },
      { from_status: "refund_pending", to_status: "refunded", changed_by_name: "Tunde Staff" },
    ]);
    const audit = await env.DB.prepare(
      "SELECT actor_id, actor_role, action, record_type, record_id, detail FROM audit_log WHERE record_id = ?",
    )
      .bind(placed.id)
      .all();
    expect(audit.results).toEqual([
      {
        actor_id: staff.id,
        actor_role: "staff",
        action: "order_payment_changed",
        record_type: "order",
        record_id: placed.id,
        detail: "refund_pending → refunded",
      },
    ]);
    // The same message the gateway's refund sends.
    const told = await toldBySms(placed.id);
    expect(told.map((m) => m.kind)).toEqual(["order_received", "payment", "status", "payment"]);
    expect(told[3]!.body).toContain("we have refunded ₦3,500.00");
    expect(await shopperSays(placed)).toBe(
      "Refunded: our pharmacy returned ₦3,500.00 to you by bank transfer.",
    );

    // The list no longer asks anything of staff; asked again, it was already refunded.
    const after = await html(await staff.client.get("/admin/orders"));
    expect(after).not.toContain(`Refunded by hand: order ${orderRef}`);
    expect(after).not.toContain("Return ₦3,500.00 to the customer");
    const again = await byHand(staff.client, placed.id);
    expect(again.status).toBe(302);
    expect(await paymentEvents(placed.id)).toHaveLength(3);
    // A refund.processed the gateway sends after all changes nothing.
    expect(await (await refundProcessedAfter(failed)).json()).toEqual({
      received: true,
      outcome: "refunded-extra",
    });
    expect(await paymentEvents(placed.id)).toHaveLength(3);
    expect(await shopperSays(placed)).toBe(
      "Refunded: our pharmacy returned ₦3,500.00 to you by bank transfer.",
    );
  });

  it("is refused with 409 while no refund failed: a refund still in progress is the gateway's to finish", async () => {
    const placed = await orderPaidOnline();
    await press(placed.payUrl, "pay");
    const [charge] = await webhooksFor(placed.reference);
    await deliver(charge.body, charge.signature);
    expect((await placed.client.post(`/order/${placed.token}`, { intent: "cancel" })).status).toBe(302);
    expect(await orderRow(placed.id)).toEqual(CANCELLED_REFUNDING);
    const admin = await signUpSuperintendent();
    const res = await byHand(admin.client, placed.id);
    expect(res.status).toBe(409);
    expect(await html(res)).toContain("Paystack has not reported a failed refund for this order");
    const api = await admin.client.fetch(`/api/orders/${placed.id}`, {
      method: "PUT",
      body: JSON.stringify({ paymentStatus: "refunded" }),
      headers: { "Content-Type": "application/json", ...bearer(admin) },
    });
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({ message: REFUND_NOT_FAILED });
    expect(await orderRow(placed.id)).toEqual(CANCELLED_REFUNDING);
    expect((await attempt(placed.reference)).refunded_at).toBeNull();
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE record_id = ?")
        .bind(placed.id)
        .first<number>("n"),
    ).toBe(0);
  });

  it("a customer cannot mark it refunded, nor a guest; staff may, by the API too", async () => {
    const { placed, failed } = await refundFailing();
    await deliver(failed.body, failed.signature);
    const customer = await signUp("Ngozi Okafor");
    expect((await byHand(customer.client, placed.id)).status).toBe(403);
    const api = await customer.client.fetch(`/api/orders/${placed.id}`, {
      method: "PUT",
      body: JSON.stringify({ paymentStatus: "refunded" }),
      headers: { "Content-Type": "application/json", ...bearer(customer) },
    });
    expect(api.status).toBe(403);
    const guest = await byHand(new Client(), placed.id);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/login\?/);
    expect(await orderRow(placed.id)).toEqual(CANCELLED_REFUNDING);
    expect((await attempt(placed.reference)).refunded_at).toBeNull();

    const pharmacist = await signUpPharmacist("Pharm. Ada Eze", "PS-000333");
    const byApi = await pharmacist.client.fetch(`/api/orders/${placed.id}`, {
      method: "PUT",
      body: JSON.stringify({ paymentStatus: "refunded" }),
      headers: { "Content-Type": "application/json", ...bearer(pharmacist) },
    });
    expect(byApi.status).toBe(200);
    expect(await orderRow(placed.id)).toEqual({ ...CANCELLED_REFUNDING, payment_status: "refunded" });
    expect((await attempt(placed.reference)).refunded_at).not.toBeNull();
  });

  it("a refund.processed arriving after the failure still ends the refund, as the gateway's", async () => {
    const { placed, failed, orderRef } = await refundFailing();
    await deliver(failed.body, failed.signature);
    expect(await (await refundProcessedAfter(failed)).json()).toEqual({
      received: true,
      outcome: "refunded",
    });
    expect(await shopperSays(placed)).toBe(
      "Refunded: ₦3,500.00 went back to the card or account you paid with.",
    );
    expect(await orderRow(placed.id)).toEqual({ ...CANCELLED_REFUNDING, payment_status: "refunded" });
    expect((await attempt(placed.reference)).refunded_at).not.toBeNull();
    expect((await paymentEvents(placed.id)).at(-1)).toEqual({
      from_status: "refund_pending",
      to_status: "refunded",
      changed_by_name: "Paystack",
    });
    const admin = await signUp("Bola Admin", "admin");
    const page = await html(await admin.client.get("/admin/orders"));
    expect(page).not.toContain(`Refunded by hand: order ${orderRef}`);
    expect(page).not.toContain("Return ₦3,500.00 to the customer");
    // Staff's hand is no longer wanted: already refunded.
    expect((await byHand(admin.client, placed.id)).status).toBe(302);
    expect(await paymentEvents(placed.id)).toHaveLength(3);
  });

  it("an extra payment's failed refund: 'Refunded by hand' marks that payment back, audited; the order stays Paid", async () => {
    const { placed, kept, extra, orderRef } = await extraRefundFailed();
    expect(await orderRow(placed.id)).toEqual(PAID_PENDING);
    expect((await attempt(extra)).refund_failed_at).not.toBeNull();
    const staff = await signUp("Tunde Staff", "admin");
    const page = await html(await staff.client.get("/admin/orders"));
    expect(page).toContain(
      "Paystack could not send back an extra payment the customer made; the order stays Paid. Return ₦3,500.00 to the customer another way (bank transfer), then mark it refunded by hand.",
    );
    expect(page).toContain(`aria-label="Refunded by hand: order ${orderRef}"`);
    // The shopper's order is paid, as it stays.
    expect(await shopperSays(placed)).toBe("Paid online: ₦3,500.00. Thank you!");

    // The order read with the session lookup, then one write: two trips to D1.
    const { res, trips } = await byHandButtonCounted(staff.client, placed.id);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/orders");
    expect(trips).toBe(2);
    expect(await orderRow(placed.id)).toEqual(PAID_PENDING);
    expect((await attempt(extra)).refunded_at).not.toBeNull();
    expect((await attempt(kept)).refunded_at).toBeNull();
    expect(await paymentEvents(placed.id)).toEqual([
      { from_status: "unpaid", to_status: "paid", changed_by_name: "Paystack" },
    ]);
    expect(await auditOf(placed.id)).toEqual([
      {
        actor_id: staff.id,
        actor_role: "staff",
        action: "order_payment_changed",
        record_type: "order",
        record_id: placed.id,
        detail: "Extra payment refunded by hand; the order stays Paid",
      },
    ]);
    const after = await html(await staff.client.get("/admin/orders"));
    expect(after).not.toContain(`Refunded by hand: order ${orderRef}`);
    expect(after).not.toContain("Return ₦3,500.00 to the customer");

    // Pressed again (a second tab): nothing is waiting any more, and nothing more is written.
    const again = await byHandButton(staff.client, placed.id);
    expect(again.status).toBe(409);
    expect(await html(again)).toContain(NOTHING_TO_REFUND_BY_HAND);
    expect(await auditOf(placed.id)).toHaveLength(1);
    expect(await orderRow(placed.id)).toEqual(PAID_PENDING);

    // The order's own refund still works as before: a cancel sends the kept payment back through Paystack.
    expect((await placed.client.post(`/order/${placed.token}`, { intent: "cancel" })).status).toBe(302);
    await vi.waitFor(async () =>
      expect((await webhooksFor(kept)).map((w) => w.event)).toEqual(["charge.success", "refund.processed"]),
    );
  });

  it("'Refunded by hand' is refused with 409 when no refund failed, 403 to a customer, and sends a guest to log in", async () => {
    const { placed, extra } = await extraRefundFailed();
    const customer = await signUp("Ngozi Okafor");
    const refused = await byHandButton(customer.client, placed.id);
    expect(refused.status).toBe(403);
    const guest = await byHandButton(new Client(), placed.id);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/login\?/);
    expect((await attempt(extra)).refunded_at).toBeNull();
    expect(await auditOf(placed.id)).toEqual([]);

    // An order paid once, nothing failed: nothing to mark.
    const paid = await orderPaidOnline();
    await press(paid.payUrl, "pay");
    const [charge] = await webhooksFor(paid.reference);
    await deliver(charge.body, charge.signature);
    const admin = await signUpSuperintendent();
    const none = await byHandButton(admin.client, paid.id);
    expect(none.status).toBe(409);
    expect(await html(none)).toContain(NOTHING_TO_REFUND_BY_HAND);
    expect(await orderRow(paid.id)).toEqual(PAID_PENDING);
    expect((await attempt(paid.reference)).refunded_at).toBeNull();
    expect(await auditOf(paid.id)).toEqual([]);
  });
});
