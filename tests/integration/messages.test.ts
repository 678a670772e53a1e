/**
 * Messages (docs/product-rules.md, Messages): each change writes its messages in its own batch, the
 * queue's consumer sends them through the providers' stand-in (scripts/message-standin.mjs, started by the
 * project's global setup), once however often it is retried; a failure is retried, a message that keeps
 * failing reaches the dead-letter queue and Admin › Outbox; a STOP (link or reply) stops the next message.
 */
import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import {
  bearer,
  checkoutKey,
  Client,
  DEMO,
  FORM_DETAILS,
  html,
  seedProducts,
  signUp,
  signUpPharmacist,
  signUpSuperintendent,
  type TestUser,
  prescriptionCheckoutForm,
} from "./helpers";

const STANDIN = env.MESSAGES_STANDIN_URL!;

type Row = {
  id: string;
  kind: string;
  channel: string;
  recipient: string;
  state: string;
  attempts: number;
  last_error: string | null;
  body: string;
};

/** A phone nobody else in the run uses, as a shopper types it and as it is stored. */
function newPhone() {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  return { typed: `0803${digits.slice(0, 7)}`, stored: `+234803${digits.slice(0, 7)}` };
}

async function messagesOf(orderId: string): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, kind, channel, recipient, state, attempts, last_error, body FROM outbox WHERE order_id = ? ORDER BY created_at, rowid",
  )
    .bind(orderId)
    .all<Row>();
  return results;
}

async function messagesTo(recipient: string): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, kind, channel, recipient, state, attempts, last_error, body FROM outbox WHERE recipient = ? ORDER BY created_at, rowid",
  )
    .bind(recipient)
    .all<Row>();
  return results;
}

type InboxEntry = { channel: string; to: string; subject: string | null; text: string };
async function inboxOf(to: string): Promise<InboxEntry[]> {
  const { messages } = (await (await fetch(`${STANDIN}/inbox`)).json()) as { messages: InboxEntry[] };
  return messages.filter((m) => m.to === to);
}

const control = (path: string, body: unknown) =>
  fetch(`${STANDIN}/control/${path}`, { method: "POST", body: JSON.stringify(body) });

/** Waits until every message of the list has left the queue (sent, delivered, failed or stopped). */
async function settled(rows: () => Promise<Row[]>, timeout = 20_000) {
  return vi.waitFor(
    async () => {
      const list = await rows();
      expect(list.length).toBeGreaterThan(0);
      expect(list.filter((r) => r.state === "queued")).toEqual([]);
      return list;
    },
    { timeout, interval: 200 },
  );
}

async function guestOrder(
  productId: number,
  phone: string,
  client = new Client(),
  email = FORM_DETAILS.email,
  extra: Record<string, string> = {},
) {
  await client.post("/cart", { intent: "add", productId: String(productId) });
  const res = await client.post("/checkout", {
    idempotencyKey: await checkoutKey(client),
    ...FORM_DETAILS,
    phone,
    email,
    ...extra,
  });
  expect(res.status, "checkout").toBe(302);
  const token = /^\/order\/([^?]+)/.exec(res.headers.get("Location")!)![1];
  const row = await env.DB.prepare("SELECT id, order_ref FROM orders WHERE access_token = ?")
    .bind(token)
    .first<{ id: string; order_ref: string }>();
  return { id: row!.id, ref: row!.order_ref, token, client };
}

async function guestRxOrder(productId: number, phone: string) {
  const client = new Client();
  await client.post("/cart", { intent: "add", productId: String(productId) });
  const form = await prescriptionCheckoutForm(client, { phone });
  const res = await client.postMultipart("/checkout", form);
  expect(res.status, "checkout").toBe(302);
  const token = /^\/order\/([^?]+)/.exec(res.headers.get("Location")!)![1];
  const row = await env.DB.prepare("SELECT id FROM orders WHERE access_token = ?")
    .bind(token)
    .first<{ id: string }>();
  return { id: row!.id, token };
}

const setStatus = (admin: TestUser, orderId: string, change: Record<string, string | undefined>) =>
  new Client().fetch(`/api/orders/${orderId}`, {
    method: "PUT",
    body: JSON.stringify(change),
    headers: { "Content-Type": "application/json", ...bearer(admin) },
  });

/** Hands the stand-in's signed callbacks about these provider ids to the Worker, as the provider would. */
async function relayCallbacks(match: (body: string) => boolean) {
  const { callbacks } = (await (await fetch(`${STANDIN}/control/callbacks`)).json()) as {
    callbacks: { path: string; headers: Record<string, string>; body: string }[];
  };
  const statuses: number[] = [];
  for (const callback of callbacks.filter((c) => match(c.body)))
    statuses.push(
      (
        await new Client().fetch(callback.path, {
          method: "POST",
          headers: callback.headers,
          body: callback.body,
        })
      ).status,
    );
  return statuses;
}

async function setStock(id: number, stock: number) {
  await env.DB.prepare("UPDATE products SET stock = ? WHERE id = ?").bind(stock, id).run();
}

describe("one message per change", () => {
  it("a guest hears of every change of their order by SMS, once each, with its reference and link", async () => {
    const [product] = await seedProducts(DEMO);
    const admin = await signUp("Staff Admin", "admin");
    const phone = newPhone();
    const order = await guestOrder(product.id, phone.typed);
    // Each change, one after the other: payment, then every delivery status.
    for (const change of [
      { paymentStatus: "paid" },
      { deliveryStatus: "Processing" },
      { deliveryStatus: "Shipped" },
      { deliveryStatus: "Delivered" },
    ])
      expect((await setStatus(admin, order.id, change)).status).toBe(200);
    // The same status again is no change: no message.
    expect((await setStatus(admin, order.id, { deliveryStatus: "Delivered" })).status).toBe(200);

    const rows = await settled(() => messagesOf(order.id));
    expect(rows.map((r) => [r.kind, r.channel, r.recipient])).toEqual([
      ["order_received", "sms", phone.stored],
      ["payment", "sms", phone.stored],
      ["status", "sms", phone.stored],
      ["status", "sms", phone.stored],
      ["status", "sms", phone.stored],
    ]);
    expect(rows.every((r) => r.state === "sent" && r.attempts === 1)).toBe(true);
    for (const row of rows) {
      expect(row.body).toContain(order.ref);
      expect(row.body).toContain(`/order/${order.token}`);
      expect(row.body).toMatch(/Reply STOP or open http:\/\/medistore\.test\/messages\/stop\//);
    }
    // Each arrives once; the queue sends them as they come, so on a busy machine not always in order.
    const inbox = await inboxOf(phone.stored);
    expect(inbox.map((m) => m.text.split(".")[0]).sort()).toEqual(
      [
        `MediStore: we have your order ${order.ref}, total ₦3,500`,
        `MediStore: we received your payment of ₦3,500`,
        `MediStore: we are preparing order ${order.ref}`,
        `MediStore: order ${order.ref} is on its way with our rider`,
        `MediStore: order ${order.ref} was delivered`,
      ].sort(),
    );
  });

  it("a cancelled order says what happens to the money; a refused change writes no message", async () => {
    const [product] = await seedProducts(DEMO);
    const phone = newPhone();
    const order = await guestOrder(product.id, phone.typed);
    const cancel = await order.client.post(`/order/${order.token}`, { intent: "cancel" });
    expect(cancel.status).toBe(302);
    // Cancelled is final: asking again is refused and tells nobody anything.
    const admin = await signUp("Staff Admin", "admin");
    expect((await setStatus(admin, order.id, { deliveryStatus: "Shipped" })).status).toBe(409);
    const rows = await settled(() => messagesOf(order.id));
    expect(rows.map((r) => r.kind)).toEqual(["order_received", "status"]);
    expect(rows[1]!.body).toContain(`order ${order.ref} is cancelled. You have not been charged.`);
  });

  it("a prescription order: staff hear it awaits review; approval and rejection each send one message", async () => {
    const [rx, rx2] = await seedProducts(DEMO);
    await env.DB.prepare("UPDATE products SET medicine_class = 'prescription' WHERE id IN (?, ?)")
      .bind(rx.id, rx2.id)
      .run();
    const pharmacist = await signUpPharmacist("Pharm. Ada Eze", "PS-000111");
    const approvedPhone = newPhone();
    const approved = await guestRxOrder(rx.id, approvedPhone.typed);
    const rejectedPhone = newPhone();
    const rejected = await guestRxOrder(rx2.id, rejectedPhone.typed);
    const decide = (orderId: string, body: unknown) =>
      new Client().postJson(`/api/orders/${orderId}/review`, body, bearer(pharmacist));
    expect((await decide(approved.id, { decision: "approved", note: "Take after food" })).status).toBe(200);
    expect((await decide(rejected.id, { decision: "rejected", note: "Prescription expired" })).status).toBe(
      200,
    );

    const ok = await settled(() => messagesOf(approved.id));
    expect(ok.map((r) => [r.kind, r.channel, r.recipient])).toEqual([
      ["order_received", "sms", approvedPhone.stored],
      ["awaiting_review", "email", env.STORE_EMAIL!.toLowerCase()],
      ["review_approved", "sms", approvedPhone.stored],
    ]);
    expect(ok[0]!.body).toContain("A pharmacist will check your prescription before we prepare it.");
    expect(ok[1]!.body).toContain("/admin/reviews");
    expect(ok[1]!.body).not.toContain("STOP");
    expect(ok[2]!.body).toContain('The pharmacist says: "Take after food".');
    // The rejection cancels the order: one message tells both.
    const no = await settled(() => messagesOf(rejected.id));
    expect(no.map((r) => r.kind)).toEqual(["order_received", "awaiting_review", "review_rejected"]);
    expect(no[2]!.body).toContain("so the order is cancelled");
    expect(no[2]!.body).toContain("You have not been charged.");
  });

  it("a customer gets the channels they chose on /account (e-mail and SMS until they choose)", async () => {
    const [product] = await seedProducts(DEMO);
    const customer = await signUp("Chidi Okeke");
    const phone = newPhone();
    // E-mail and SMS go to the addresses given at checkout.
    const first = await guestOrder(product.id, phone.typed, customer.client, customer.email);
    const rows = await settled(() => messagesOf(first.id));
    expect(rows.map((r) => [r.channel, r.recipient]).sort()).toEqual([
      ["email", customer.email],
      ["sms", phone.stored],
    ]);
    expect((await inboxOf(customer.email)).map((m) => m.subject)).toEqual([
      `We have your order ${first.ref}`,
    ]);

    const page = await html(await customer.client.get("/account"));
    expect(page).toContain("Save message choices");
    const saved = await customer.client.post("/account", { intent: "messages", channel: "whatsapp" });
    expect(saved.status).toBe(302);
    const second = await guestOrder(product.id, phone.typed, customer.client, customer.email);
    const next = await settled(() => messagesOf(second.id));
    expect(next.map((r) => [r.channel, r.recipient])).toEqual([["whatsapp", phone.stored]]);
    expect((await inboxOf(phone.stored)).filter((m) => m.channel === "whatsapp")).toHaveLength(1);

    const bad = await customer.client.post("/account", { intent: "messages", channel: "pigeon" });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain("Choose among E-mail, SMS, WhatsApp.");
  });

  it("a password change tells the owner; a product back in stock tells who asked, once", async () => {
    const [product] = await seedProducts(DEMO);
    const customer = await signUp("Bola Ade");
    const changed = await customer.client.post("/account", {
      intent: "password",
      currentPassword: customer.password,
      newPassword: "another-strong-passphrase",
      confirmPassword: "another-strong-passphrase",
    });
    expect(changed.status).toBe(302);
    const told = await settled(() => messagesTo(customer.email));
    expect(told.map((r) => r.kind)).toEqual(["password_changed"]);

    await setStock(product.id, 0);
    const asker = await signUp("Uche Obi");
    await env.DB.prepare("INSERT INTO back_in_stock_requests (user_id, product_id) VALUES (?, ?)")
      .bind(asker.id, product.id)
      .run();
    const superintendent = await signUpSuperintendent();
    const patch = (stock: number) =>
      new Client().fetch(`/api/products/${product.id}`, {
        method: "PATCH",
        body: JSON.stringify({ stock }),
        headers: { "Content-Type": "application/json", ...bearer(superintendent) },
      });
    expect((await patch(5)).status).toBe(200);
    const back = await settled(() => messagesTo(asker.email));
    expect(back.map((r) => r.kind)).toEqual(["back_in_stock"]);
    expect(back[0]!.body).toContain(`${product.name}, which you asked about, is back in stock`);
    // Out and back again: they were told already.
    expect((await patch(0)).status).toBe(200);
    expect((await patch(3)).status).toBe(200);
    expect(await messagesTo(asker.email)).toHaveLength(1);
  });
});

describe("a guest's channel, chosen at checkout", () => {
  it("WhatsApp chosen: order received and every later change go by WhatsApp, none by SMS", async () => {
    const [product] = await seedProducts(DEMO);
    const admin = await signUp("Staff Admin", "admin");
    const phone = newPhone();
    const order = await guestOrder(product.id, phone.typed, new Client(), FORM_DETAILS.email, {
      updatesBy: "whatsapp",
    });
    const stored = await env.DB.prepare("SELECT updates_by FROM orders WHERE id = ?")
      .bind(order.id)
      .first<{ updates_by: string }>();
    expect(stored).toEqual({ updates_by: "whatsapp" });
    expect((await setStatus(admin, order.id, { deliveryStatus: "Processing" })).status).toBe(200);
    expect((await setStatus(admin, order.id, { deliveryStatus: "Shipped" })).status).toBe(200);
    const rows = await settled(() => messagesOf(order.id));
    expect(rows.map((r) => [r.kind, r.channel, r.recipient, r.state])).toEqual([
      ["order_received", "whatsapp", phone.stored, "sent"],
      ["status", "whatsapp", phone.stored, "sent"],
      ["status", "whatsapp", phone.stored, "sent"],
    ]);
    expect(rows[0]!.body).toContain(order.ref);
    expect(rows[0]!.body).toMatch(/Reply STOP or open http:\/\/medistore\.test\/messages\/stop\//);
    const inbox = await inboxOf(phone.stored);
    expect(inbox.map((m) => m.channel)).toEqual(["whatsapp", "whatsapp", "whatsapp"]);
  });

  it("nothing chosen (older forms) or SMS chosen: SMS, as before", async () => {
    const [product] = await seedProducts(DEMO);
    for (const extra of [{}, { updatesBy: "sms" }] as Record<string, string>[]) {
      const phone = newPhone();
      const order = await guestOrder(product.id, phone.typed, new Client(), FORM_DETAILS.email, extra);
      const rows = await settled(() => messagesOf(order.id));
      expect(rows.map((r) => [r.kind, r.channel])).toEqual([["order_received", "sms"]]);
    }
  });

  it("the API takes updatesBy; an unknown channel is a 400 naming the field, on the API and the form", async () => {
    const [product] = await seedProducts(DEMO);
    const payload = (phone: string, updatesBy: unknown) => ({
      ...FORM_DETAILS,
      phone,
      items: [{ productId: product.id, quantity: 1 }],
      updatesBy,
    });
    const phone = newPhone();
    const made = await new Client().postJson("/api/orders/checkout", payload(phone.typed, "whatsapp"));
    expect(made.status).toBe(201);
    await vi.waitFor(async () =>
      expect((await messagesTo(phone.stored)).map((r) => [r.kind, r.channel])).toEqual([
        ["order_received", "whatsapp"],
      ]),
    );
    const other = newPhone();
    for (const bad of ["pigeon", "email", null, 1]) {
      const refused = await new Client().postJson("/api/orders/checkout", payload(other.typed, bad));
      expect(refused.status, String(bad)).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "updatesBy: Please choose how you hear about your order: SMS or WhatsApp.",
      );
    }

    const client = new Client();
    await client.post("/cart", { intent: "add", productId: String(product.id) });
    const res = await client.post("/checkout", {
      idempotencyKey: await checkoutKey(client),
      ...FORM_DETAILS,
      phone: other.typed,
      updatesBy: "email",
    });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("Please choose how you hear about your order: SMS or WhatsApp.");
    // Nothing typed is lost.
    expect(page).toContain(`value="${FORM_DETAILS.name}"`);
    expect(page).toContain(`value="${other.typed}"`);
    expect(page).toContain(FORM_DETAILS.deliveryAddress);
    expect(await messagesTo(other.stored)).toEqual([]);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE phone = ?").bind(other.stored).first(),
    ).toEqual({ n: 0 });
  });

  it('a WhatsApp reply "STOP", like the stop link, stops the next message at once', async () => {
    const [product] = await seedProducts(DEMO);
    const admin = await signUp("Staff Admin", "admin");
    const phone = newPhone();
    const order = await guestOrder(product.id, phone.typed, new Client(), FORM_DETAILS.email, {
      updatesBy: "whatsapp",
    });
    await settled(() => messagesOf(order.id));
    await control("reply", { from: phone.stored, text: "STOP", channel: "whatsapp" });
    expect(
      await relayCallbacks((b) => b.includes('"messages":[{"from"') && b.includes(phone.stored.slice(1))),
    ).toEqual([200]);
    expect((await setStatus(admin, order.id, { deliveryStatus: "Processing" })).status).toBe(200);
    expect((await messagesOf(order.id)).map((r) => r.kind)).toEqual(["order_received"]);
  });

  it("a signed-in customer's order follows the account's channels, whatever the form sends", async () => {
    const [product] = await seedProducts(DEMO);
    const customer = await signUp();
    const phone = newPhone();
    const order = await guestOrder(product.id, phone.typed, customer.client, customer.email, {
      updatesBy: "whatsapp",
    });
    const rows = await settled(() => messagesOf(order.id));
    expect(rows.map((r) => r.channel).sort()).toEqual(["email", "sms"]);
  });
});

describe("reliable sending", () => {
  it("a provider failing, then recovering, loses and duplicates nothing", async () => {
    const [product] = await seedProducts(DEMO);
    const down = newPhone();
    await control("fail", { to: down.stored, times: 2 });
    const a = await guestOrder(product.id, down.typed);
    const [row] = await settled(() => messagesOf(a.id));
    expect(row).toMatchObject({ state: "sent", attempts: 3 });
    expect(await inboxOf(down.stored)).toHaveLength(1);

    // The provider took the message but its answer was lost: the retry carries the same idempotency key.
    const lost = newPhone();
    await control("fail", { to: lost.stored, times: 1, afterAccept: true });
    const b = await guestOrder(product.id, lost.typed);
    const [again] = await settled(() => messagesOf(b.id));
    expect(again).toMatchObject({ state: "sent", attempts: 2 });
    expect(await inboxOf(lost.stored)).toHaveLength(1);
  });

  it("a message that keeps failing reaches the dead-letter queue, Admin › Outbox shows why, Resend sends it", async () => {
    const [product] = await seedProducts(DEMO);
    const admin = await signUp("Staff Admin", "admin");
    const phone = newPhone();
    await control("fail", { to: phone.stored, times: 1000 });
    const order = await guestOrder(product.id, phone.typed);
    const [failed] = await settled(() => messagesOf(order.id), 30_000);
    expect(failed).toMatchObject({ state: "failed", attempts: 6 });
    expect(failed!.last_error).toContain("The SMS gateway answered 500");

    const page = await html(await admin.client.get("/admin/outbox"));
    expect(page).toContain("Failed messages");
    expect(page).toContain(phone.stored);
    expect(page).toContain("Reason: The SMS gateway answered 500");
    expect(page).toContain(`aria-label="Resend: Order received to ${phone.stored}"`);

    await control("fail", { to: phone.stored, times: 0 });
    const resent = await admin.client.post("/admin/outbox", { id: failed!.id });
    expect(resent.status).toBe(302);
    const [sent] = await settled(() => messagesOf(order.id));
    expect(sent).toMatchObject({ state: "sent", attempts: 1 });
    expect(await inboxOf(phone.stored)).toHaveLength(1);
    // Resending what has not failed is refused, with a reason.
    const twice = await admin.client.post("/admin/outbox", { id: failed!.id });
    expect(twice.status).toBe(302);
    expect((await admin.client.get("/admin/outbox")).status).toBe(200);
    // The order's timeline lists its message with its state.
    const orders = await html(await admin.client.get(`/admin/orders?q=${order.ref}`));
    expect(orders).toContain("Message: Order received");
  });

  it("signed delivery reports mark messages delivered; an unsigned one is refused", async () => {
    const [product] = await seedProducts(DEMO);
    const phone = newPhone();
    const order = await guestOrder(product.id, phone.typed);
    await settled(() => messagesOf(order.id));
    const received = await inboxOf(phone.stored);
    const providerId = (received[0] as unknown as { providerId: string }).providerId;
    await vi.waitFor(async () => expect(await relayCallbacks((b) => b.includes(providerId))).toEqual([200]));
    expect((await messagesOf(order.id))[0]!.state).toBe("delivered");

    const forged = await new Client().fetch("/api/messages/callback/sms", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Termii-Signature": "00".repeat(64) },
      body: JSON.stringify({ message_id: providerId, status: "Message Failed" }),
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ message: "The signature does not match." });
    expect((await messagesOf(order.id))[0]!.state).toBe("delivered");
  });

  it("the sweep puts a message whose enqueue was lost back on the queue", async () => {
    const phone = newPhone();
    const id = crypto.randomUUID();
    await env.DB.prepare(
      `INSERT INTO outbox (id, kind, channel, recipient, subject, body, updated_at)
       VALUES (?, 'status', 'sms', ?, 'Order', 'MediStore: test', unixepoch('subsec') * 1000 - 3600000)`,
    )
      .bind(id, phone.stored)
      .run();
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.now(), cron: "*/10 * * * *" }),
      env,
    );
    const [row] = await settled(() => messagesTo(phone.stored));
    expect(row).toMatchObject({ id, state: "sent" });
    expect(await inboxOf(phone.stored)).toHaveLength(1);
  });
});

describe("stopping messages", () => {
  it("the link in a message stops the next one at once, without logging in", async () => {
    const [product] = await seedProducts(DEMO);
    const admin = await signUp("Staff Admin", "admin");
    const phone = newPhone();
    const order = await guestOrder(product.id, phone.typed);
    const [first] = await settled(() => messagesOf(order.id));
    const link = /http:\/\/medistore\.test(\/messages\/stop\/[^\s]+)/.exec(first!.body)![1];
    const page = new Client();
    const shown = await page.get(link);
    expect(shown.status).toBe(200);
    const text = await html(shown);
    expect(text).toContain("0803…");
    expect(text).not.toContain(phone.stored);
    // Opening the link changes nothing; the button does.
    expect((await setStatus(admin, order.id, { deliveryStatus: "Processing" })).status).toBe(200);
    expect(await messagesOf(order.id)).toHaveLength(2);
    const stopped = await page.post(link, {});
    expect(stopped.status).toBe(200);
    expect(await html(stopped)).toContain("Done: we will send no more messages to this address.");
    expect((await setStatus(admin, order.id, { deliveryStatus: "Shipped" })).status).toBe(200);
    expect((await messagesOf(order.id)).map((r) => r.kind)).toEqual(["order_received", "status"]);

    // One character of the signature changed, anywhere: the last one too, whose low bits no byte uses (a
    // lenient decoder reads the same signature from a second spelling).
    for (const at of [link.length - 5, link.length - 1]) {
      const forged = await page.get(link.slice(0, at) + (link[at] === "A" ? "B" : "A") + link.slice(at + 1));
      expect(forged.status).toBe(404);
    }
  });

  it('an SMS reply "STOP" stops the next message at once', async () => {
    const [product] = await seedProducts(DEMO);
    const admin = await signUp("Staff Admin", "admin");
    const phone = newPhone();
    const order = await guestOrder(product.id, phone.typed);
    await settled(() => messagesOf(order.id));
    await control("reply", { from: phone.stored, text: " stop " });
    expect(
      await relayCallbacks((b) => b.includes('"type":"inbound"') && b.includes(phone.stored.slice(1))),
    ).toEqual([200]);
    expect((await setStatus(admin, order.id, { deliveryStatus: "Processing" })).status).toBe(200);
    expect((await messagesOf(order.id)).map((r) => r.kind)).toEqual(["order_received"]);
  });
});
