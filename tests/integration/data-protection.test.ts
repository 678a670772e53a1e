/**
 * The data-protection rights: download my data, delete my account, consents, and the log of who viewed a
 * prescription. The chat party's side runs on its real room code (tests/integration/party-double.ts).
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatDays } from "~/lib/privacy-notice";
import worker from "../../workers/app";
import {
  bearer,
  Client,
  DEMO,
  FORM_FEE_KOBO,
  html,
  imageForm,
  ORIGIN,
  placeOrder,
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

async function uploadPrescription(user: TestUser) {
  const res = await user.client.postMultipart(
    "/dashboard",
    imageForm(PNG_BYTES, "rx.png", { intent: "upload-prescription", consent: "yes" }),
  );
  expect(res.status, "upload").toBe(302);
  const row = await env.DB.prepare(
    "SELECT id, image_key FROM prescriptions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1",
  )
    .bind(user.id)
    .first<{ id: string; image_key: string }>();
  return { id: row!.id, imageKey: row!.image_key };
}

async function sendContact(user: TestUser, email: string, message: string) {
  const res = await user.client.post("/contact", { name: user.name, email, message });
  expect(res.status, "contact").toBe(302);
}

async function unzip(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/zip");
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  expect(response.headers.get("Content-Disposition")).toMatch(
    /^attachment; filename="medistore-data-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return { files, data: JSON.parse(strFromU8(files["data.json"])) };
}

describe("download my data", () => {
  it("holds every kind of record of the customer, with the images, and nothing of anyone else", async () => {
    const [product, awaited] = await seedProducts([DEMO[0], DEMO[1]]);
    await env.DB.prepare("UPDATE products SET stock = 0 WHERE id = ?").bind(awaited.id).run();
    const ngozi = await signUp("Ngozi Okafor");
    const emeka = await signUp("Emeka Eze");
    const admin = await signUp("Pharm. Bola Ade", "admin");

    const order = await placeOrder(product.id, {
      client: ngozi.client,
      details: {
        name: "Ngozi Okafor",
        email: ngozi.email,
        phone: "0803 123 4567",
        deliveryAddress: "5 Ogoja Road",
      },
    });
    await admin.client.post("/admin/orders", { orderId: order.id, deliveryStatus: "Shipped" });
    const rx = await uploadPrescription(ngozi);
    await admin.client.get(`/prescriptions/${rx.id}/image`);
    await party.customerSays(ngozi, "Can I take this with food?");
    await sendContact(ngozi, ngozi.email, "Where is my parcel?");
    await sendContact(ngozi, "someone.else@example.com", "Not from my account's address");
    const asked = await ngozi.client.post(`/products/${awaited.id}`, { intent: "back-in-stock" });
    expect(asked.status).toBe(302);

    const other = await placeOrder(product.id, {
      client: emeka.client,
      details: {
        name: "Emeka Eze",
        email: emeka.email,
        phone: "0803 765 4321",
        deliveryAddress: "9 Secret Lane",
      },
    });
    await uploadPrescription(emeka);
    await party.customerSays(emeka, "Emeka's private question");
    await sendContact(emeka, emeka.email, "Emeka's contact message");

    const { files, data } = await unzip(await ngozi.client.get("/account/data"));
    expect(Object.keys(files).sort()).toEqual(
      ["README.txt", "data.json", `prescriptions/${rx.id}.webp`].sort(),
    );
    const stored = await env.IMAGES.get(rx.imageKey);
    expect(files[`prescriptions/${rx.id}.webp`]).toEqual(new Uint8Array(await stored!.arrayBuffer()));
    expect(strFromU8(files["README.txt"])).toContain("data.json");

    expect(data.account).toMatchObject({
      id: ngozi.id,
      name: "Ngozi Okafor",
      email: ngozi.email,
      role: "user",
    });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      _id: order.id,
      orderRef: order.orderRef,
      totalAmount: (product.priceKobo + FORM_FEE_KOBO) / 100,
      totalKobo: product.priceKobo + FORM_FEE_KOBO,
      deliveryStatus: "Shipped",
      items: [
        { name: product.name, quantity: 1, price: product.priceKobo / 100, priceKobo: product.priceKobo },
      ],
    });
    expect(data.orders[0].timeline).toMatchObject([
      { from: "Pending", to: "Shipped", by: "Pharm. Bola Ade" },
    ]);
    expect(data.orders[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(data.prescriptions).toMatchObject([
      { id: rx.id, file: `prescriptions/${rx.id}.webp`, viewedBy: [{ by: "Pharm. Bola Ade" }] },
    ]);
    expect(data.chat).toMatchObject([{ seq: 1, from: "you", text: "Can I take this with food?" }]);
    expect(data.contactMessages).toMatchObject([{ email: ngozi.email, message: "Where is my parcel?" }]);
    expect(data.consents).toMatchObject([
      { kind: "prescriptions", noticeVersion: "2026-11", withdrawnAt: null },
    ]);
    expect(data.backInStock).toMatchObject([{ product: awaited.name }]);

    const text = JSON.stringify(data);
    for (const foreign of [emeka.email, emeka.id, other.orderRef, "9 Secret Lane", "Emeka", "someone.else"])
      expect(text).not.toContain(foreign);
  });

  it("answers API clients with their token, and 401 without one", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    await uploadPrescription(ngozi);
    const { data, files } = await unzip(await new Client().get("/api/me/export", bearer(ngozi)));
    expect(data.account.email).toBe(ngozi.email);
    expect(Object.keys(files).filter((f) => f.startsWith("prescriptions/"))).toHaveLength(1);

    const anonymous = await new Client().get("/api/me/export");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      message: "Authentication required: send a valid Bearer token.",
    });
    // The page sends a guest to log in.
    const page = await new Client().get("/account/data");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%2Fdata");
  });

  it("is refused with a 503, not a partial archive, when the chat cannot be read", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    party.stop();
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`${ORIGIN}/api/me/export`, { headers: bearer(ngozi) }) as Parameters<
        typeof worker.fetch
      >[0],
      { ...env, CHAT_HOST: "chat.invalid" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(503);
  });
});

describe("delete my account", () => {
  it("removes the account, sessions, prescriptions (R2 too) and chat, and leaves anonymised orders", async () => {
    const [product] = await seedProducts([DEMO[1]]);
    const ngozi = await signUp("Ngozi Okafor");
    const emeka = await signUp("Emeka Eze");
    const order = await placeOrder(product.id, {
      client: ngozi.client,
      details: {
        name: "Ngozi Okafor",
        email: ngozi.email,
        phone: "0803 123 4567",
        deliveryAddress: "5 Ogoja Road",
      },
    });
    const rx = await uploadPrescription(ngozi);
    await env.DB.prepare("UPDATE orders SET prescription_id = ? WHERE id = ?").bind(rx.id, order.id).run();
    const kept = await uploadPrescription(emeka);
    await party.customerSays(ngozi, "Please delete this later");
    await party.customerSays(emeka, "Keep mine");
    await sendContact(ngozi, ngozi.email, "A message from my account");

    const page = await ngozi.client.get("/account/delete");
    expect(page.status).toBe(200);
    const text = await html(page);
    expect(text).toContain("What is deleted now");
    expect(text).toContain("Your chat history with our pharmacists and doctors");
    expect(text).toContain(`for ${env.ORDER_RECORD_YEARS} years from each order`);

    const wrong = await ngozi.client.fetch("/api/me", {
      method: "DELETE",
      headers: { ...bearer(ngozi), "Content-Type": "application/json" },
      body: JSON.stringify({ password: "not-my-password" }),
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toMatch(/password is not right/);
    expect(await env.IMAGES.head(rx.imageKey)).not.toBeNull();

    const res = await new Client().fetch("/api/me", {
      method: "DELETE",
      headers: { ...bearer(ngozi), "Content-Type": "application/json" },
      body: JSON.stringify({ password: ngozi.password }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Your account has been deleted." });

    expect(await env.DB.prepare("SELECT 1 FROM users WHERE id = ?").bind(ngozi.id).first()).toBeNull();
    expect(
      await env.DB.prepare("SELECT 1 FROM sessions WHERE user_id = ?").bind(ngozi.id).first(),
    ).toBeNull();
    expect(await env.DB.prepare("SELECT 1 FROM prescriptions WHERE id = ?").bind(rx.id).first()).toBeNull();
    expect(await env.IMAGES.head(rx.imageKey)).toBeNull();
    expect(await env.IMAGES.head(kept.imageKey)).not.toBeNull();
    expect(await party.messagesOf(ngozi.id)).toBe(0);
    expect(await party.messagesOf(emeka.id)).toBe(1);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM contact_messages").first("n")).toBe(0);

    const row = await env.DB.prepare("SELECT * FROM orders WHERE id = ?").bind(order.id).first();
    expect(row).toMatchObject({
      user_id: null,
      name: "Deleted customer",
      email: "",
      phone: "",
      delivery_address: "",
      total_kobo: product.priceKobo + FORM_FEE_KOBO,
      delivery_status: "Pending",
      prescription_id: null,
    });
    // Nothing left on the order names the account (its idempotency key was scoped to it).
    expect(Object.values(row!).some((value) => String(value).includes(ngozi.id))).toBe(false);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM order_items WHERE order_id = ?")
        .bind(order.id)
        .first("n"),
    ).toBe(1);

    // The token no longer works, and the password no longer logs in.
    expect((await new Client().get("/api/me/export", bearer(ngozi))).status).toBe(401);
    const login = await new Client().postJson("/api/auth/login", {
      email: ngozi.email,
      password: ngozi.password,
    });
    expect(login.status).toBe(401);
  });

  it("works as a plain form: wrong password 400, then deleted, logged out, told so, sent home", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    const wrong = await ngozi.client.post("/account/delete", { password: "nope-nope-nope" });
    expect(wrong.status).toBe(400);
    expect(await html(wrong)).toContain("That password is not right.");
    const empty = await ngozi.client.post("/account/delete", { password: "" });
    expect(empty.status).toBe(400);

    const res = await ngozi.client.post("/account/delete", { password: ngozi.password });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(ngozi.client.cookies.has("medistore_session")).toBe(false);
    const home = await html(await ngozi.client.get("/"));
    expect(home).toContain("Your account has been deleted");
    expect((await ngozi.client.get("/dashboard")).status).toBe(302);
    expect(await env.DB.prepare("SELECT 1 FROM users WHERE id = ?").bind(ngozi.id).first()).toBeNull();
  });

  it("refuses to delete the last admin (409), and lets an admin go when another remains", async () => {
    const bola = await signUp("Bola Admin", "admin");
    const alone = await new Client().fetch("/api/me", {
      method: "DELETE",
      headers: { ...bearer(bola), "Content-Type": "application/json" },
      body: JSON.stringify({ password: bola.password }),
    });
    expect(alone.status).toBe(409);
    expect(((await alone.json()) as { message: string }).message).toMatch(/only admin/);
    const page = await bola.client.post("/account/delete", { password: bola.password });
    expect(page.status).toBe(409);
    expect(await env.DB.prepare("SELECT 1 FROM users WHERE id = ?").bind(bola.id).first()).not.toBeNull();

    await signUp("Chi Admin", "admin");
    const res = await new Client().fetch("/api/me", {
      method: "DELETE",
      headers: { ...bearer(bola), "Content-Type": "application/json" },
      body: JSON.stringify({ password: bola.password }),
    });
    expect(res.status).toBe(200);
  });

  it("deletes nothing when the chat cannot be erased (503); the right password is not left counted", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    party.stop();
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`${ORIGIN}/api/me`, {
        method: "DELETE",
        headers: { ...bearer(ngozi), "Content-Type": "application/json" },
        body: JSON.stringify({ password: ngozi.password }),
      }) as Parameters<typeof worker.fetch>[0],
      { ...env, CHAT_HOST: "chat.invalid" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(503);
    expect(await env.DB.prepare("SELECT 1 FROM users WHERE id = ?").bind(ngozi.id).first()).not.toBeNull();
    const counted = await env.DB.prepare(
      "SELECT key, failures FROM auth_throttle WHERE key LIKE ? AND failures > 0",
    )
      .bind(`%${ngozi.email}%`)
      .all();
    expect(counted.results).toEqual([]);
  });

  it("answers a missing body 415/400 and other methods 405", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    expect((await new Client().fetch("/api/me", { method: "DELETE", headers: bearer(ngozi) })).status).toBe(
      415,
    );
    const noPassword = await new Client().fetch("/api/me", {
      method: "DELETE",
      headers: { ...bearer(ngozi), "Content-Type": "application/json" },
      body: "{}",
    });
    expect(noPassword.status).toBe(400);
    expect((await new Client().get("/api/me", bearer(ngozi))).status).toBe(405);
    expect((await new Client().fetch("/api/me", { method: "DELETE" })).status).toBe(401);
  });
});

describe("who looked at my prescription", () => {
  it("logs every admin view (who, when), not the owner's own, and shows it beside the prescription", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    const admin = await signUp("Pharm. Bola Ade", "admin");
    const rx = await uploadPrescription(ngozi);

    expect((await ngozi.client.get(`/prescriptions/${rx.id}/image`)).status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM prescription_access_log").first("n")).toBe(0);

    const before = Date.now();
    expect((await admin.client.get(`/prescriptions/${rx.id}/image`)).status).toBe(200);
    const log = await env.DB.prepare("SELECT * FROM prescription_access_log").all();
    expect(log.results).toHaveLength(1);
    expect(log.results[0]).toMatchObject({
      prescription_id: rx.id,
      admin_id: admin.id,
      admin_name: "Pharm. Bola Ade",
    });
    expect(log.results[0].viewed_at as number).toBeGreaterThanOrEqual(before);

    // Someone else's or a missing prescription logs nothing.
    const emeka = await signUp("Emeka Eze");
    expect((await emeka.client.get(`/prescriptions/${rx.id}/image`)).status).toBe(404);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM prescription_access_log").first("n")).toBe(1);

    const dashboard = await html(await ngozi.client.get("/dashboard"));
    expect(dashboard).toContain("Viewed by Pharm. Bola Ade on");
  });
});

describe("consents", () => {
  it("records the upload's consent; withdrawing deletes images no open order needs and blocks uploads", async () => {
    const [product] = await seedProducts([DEMO[2]]);
    const ngozi = await signUp("Ngozi Okafor");
    const loose = await uploadPrescription(ngozi);
    const held = await uploadPrescription(ngozi);
    const delivered = await uploadPrescription(ngozi);
    const open = await placeOrder(product.id, { client: ngozi.client });
    const done = await placeOrder(product.id, { client: ngozi.client });
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET prescription_id = ? WHERE id = ?").bind(held.id, open.id),
      env.DB.prepare(
        "UPDATE orders SET prescription_id = ?, delivery_status = 'Delivered' WHERE id = ?",
      ).bind(delivered.id, done.id),
    ]);
    const consents = await env.DB.prepare("SELECT * FROM consents WHERE user_id = ?").bind(ngozi.id).all();
    // Three uploads under one notice: one consent.
    expect(consents.results).toMatchObject([
      { kind: "prescriptions", notice_version: "2026-11", withdrawn_at: null },
    ]);

    const withdraw = await ngozi.client.post("/account/privacy", {
      intent: "withdraw",
      kind: "prescriptions",
    });
    expect(withdraw.status).toBe(302);
    const left = await env.DB.prepare("SELECT id FROM prescriptions WHERE user_id = ?").bind(ngozi.id).all();
    expect(left.results.map((r) => r.id)).toEqual([held.id]);
    expect(await env.IMAGES.head(loose.imageKey)).toBeNull();
    expect(await env.IMAGES.head(delivered.imageKey)).toBeNull();
    expect(await env.IMAGES.head(held.imageKey)).not.toBeNull();

    const api = await new Client().fetch("/api/prescriptions/upload", {
      method: "POST",
      body: imageForm(PNG_BYTES),
      headers: bearer(ngozi),
    });
    expect(api.status).toBe(403);
    expect(((await api.json()) as { message: string }).message).toMatch(/withdrew your consent/);
    // Withdrawing twice: nothing to withdraw.
    expect(
      (await ngozi.client.post("/account/privacy", { intent: "withdraw", kind: "prescriptions" })).status,
    ).toBe(409);

    expect(
      (await ngozi.client.post("/account/privacy", { intent: "give", kind: "prescriptions" })).status,
    ).toBe(302);
    const again = await new Client().fetch("/api/prescriptions/upload", {
      method: "POST",
      body: imageForm(PNG_BYTES),
      headers: bearer(ngozi),
    });
    expect(again.status).toBe(201);
    const page = await html(await ngozi.client.get("/account/privacy"));
    expect(page).toContain("under notice version 2026-11");
  });

  it("chat: no ticket before consent; withdrawn stops new tickets (403) until given again; history can be deleted", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    const never = await ngozi.client.postJson("/chat/ticket", {});
    expect(never.status).toBe(403);
    expect(((await never.json()) as { message: string }).message).toMatch(/consent to chat first/);
    expect((await ngozi.client.post("/account/privacy", { intent: "give", kind: "chat" })).status).toBe(302);
    expect((await ngozi.client.postJson("/chat/ticket", {})).status).toBe(200);
    expect((await ngozi.client.post("/account/privacy", { intent: "withdraw", kind: "chat" })).status).toBe(
      302,
    );
    const refused = await ngozi.client.postJson("/chat/ticket", {});
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/withdrew your consent to chat/);

    await party.customerSays(ngozi, "An old question");
    const erase = await ngozi.client.post("/account/privacy", { intent: "erase-chat" });
    expect(erase.status).toBe(302);
    expect(await party.messagesOf(ngozi.id)).toBe(0);

    // Given again, on the page or by an app's ticket request that carries it.
    expect((await ngozi.client.postJson("/chat/ticket", { consent: true })).status).toBe(200);
    expect((await ngozi.client.postJson("/chat/ticket", {})).status).toBe(200);
    expect((await ngozi.client.post("/account/privacy", { intent: "give", kind: "nonsense" })).status).toBe(
      400,
    );
    expect((await new Client().post("/account/privacy", { intent: "give", kind: "chat" })).status).toBe(302);
  });
});

describe("the privacy page", () => {
  async function privacyWith(overrides: Partial<Env>) {
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request(`${ORIGIN}/privacy`) as Parameters<typeof worker.fetch>[0],
      { ...env, ...overrides },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    return html(response);
  }

  it("states the periods the retention job uses, from the same configuration", async () => {
    const page = await privacyWith({});
    expect(page).toContain(`${formatDays(Number(env.RETENTION_PRESCRIPTION_DAYS))} after upload`);
    expect(page).toContain(`${formatDays(Number(env.RETENTION_CHAT_DAYS))} after each message was sent`);
    expect(page).toContain(`${formatDays(Number(env.RETENTION_CONTACT_DAYS))}, then deleted`);
    expect(page).toContain(`${env.ORDER_RECORD_YEARS} years after the order`);
    expect(page).toContain("Notice version 2026-11");

    const changed = await privacyWith({
      RETENTION_PRESCRIPTION_DAYS: "400",
      RETENTION_CHAT_DAYS: "1095",
      RETENTION_CONTACT_DAYS: "90",
      ORDER_RECORD_YEARS: "7",
    });
    expect(changed).toContain("400 days after upload");
    expect(changed).toContain("1095 days (3 years) after each message was sent");
    expect(changed).toContain("90 days, then deleted");
    expect(changed).toContain("7 years after the order");
  });
});
