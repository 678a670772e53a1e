import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  bearer,
  Client,
  DEMO,
  FORM_FEE_KOBO,
  GOOD_DETAILS,
  html,
  imageForm,
  placeOrder,
  PNG_BYTES,
  seedProducts,
  signUp,
  type TestUser,
} from "./helpers";

describe("account pages need a signed-in user", () => {
  it.each(["/dashboard", "/orders", "/pending-deliveries"])(
    "a guest opening %s is sent to /login and back",
    async (path) => {
      const res = await new Client().get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    },
  );
});

describe("orders belong to the account that placed them", () => {
  it("shows a signed-in customer's orders, pending ones separately, never a guest's with the same e-mail", async () => {
    const [amox, para] = await seedProducts(DEMO);
    const user = await signUp("Order Owner");
    // The delivery form is pre-filled for a signed-in customer.
    await user.client.post("/cart", { intent: "add", productId: String(para.id) });
    expect(await html(await user.client.get("/checkout"))).toContain(`value="${user.email}"`);
    await user.client.post("/cart", { intent: "clear" });

    await placeOrder(amox.id, { client: user.client, details: { ...GOOD_DETAILS, email: user.email } });
    await placeOrder(para.id, { client: user.client, details: { ...GOOD_DETAILS, email: user.email } });
    // A guest uses the same e-mail address: that order is not the account's.
    await placeOrder(amox.id, { details: { ...GOOD_DETAILS, name: "Somebody Else", email: user.email } });

    const orders = await html(await user.client.get("/orders"));
    expect(orders).toContain("My Orders");
    expect(orders.match(/Order #MS-/g)).toHaveLength(2);
    expect(orders).not.toContain("Somebody Else");
    expect(orders).toContain("Qty: 1");
    expect(orders).toContain("5 Ogoja Road, Abakaliki");

    await env.DB.prepare(
      "UPDATE orders SET delivery_status = 'Delivered' WHERE user_id = ? AND total_kobo = ?",
    )
      .bind(user.id, amox.priceKobo + FORM_FEE_KOBO)
      .run();
    const pending = await html(await user.client.get("/pending-deliveries"));
    expect(pending.match(/Order #MS-/g)).toHaveLength(1);
    expect(pending).toContain(para.name);

    // The next checkout starts with the last phone and address (the form shows once there is a cart).
    await user.client.post("/cart", { intent: "add", productId: String(para.id) });
    const checkout = await html(await user.client.get("/checkout"));
    expect(checkout).toContain("+2348031234567");

    const dashboard = await html(await user.client.get("/dashboard"));
    expect(dashboard).toContain("Recent Activity");
    expect(dashboard).toContain(para.name);
    expect(dashboard).toMatch(/bg-green-100 text-green-800[^>]*>Delivered/);

    const api = await user.client.get(
      `/api/orders/${encodeURIComponent(user.email.toUpperCase())}`,
      bearer(user),
    );
    const body = (await api.json()) as { orders: { email: string; totalAmount: number }[] };
    expect(body.orders).toHaveLength(2);
  });

  it("empty states", async () => {
    const user = await signUp("No Orders");
    expect(await html(await user.client.get("/orders"))).toContain("No orders yet");
    expect(await html(await user.client.get("/pending-deliveries"))).toContain("No pending deliveries");
    expect(await html(await user.client.get("/dashboard"))).toContain("No recent activities found.");
  });

  it("the dashboard shows the first 5 orders only", async () => {
    const products = await seedProducts(
      Array.from({ length: 6 }, (_, i) => ({ name: `Remedy ${i}`, category: "General", priceKobo: 1000 })),
    );
    const user = await signUp("Frequent Buyer");
    for (const p of products) await placeOrder(p.id, { client: user.client });
    const dashboard = await html(await user.client.get("/dashboard"));
    // Recent activity streams in after the page shell: count its order links.
    expect(dashboard.match(/href="\/order\/[^"]+"[^>]*>Remedy \d/g)).toHaveLength(5);
  });
});

describe("GET /api/orders/{email}", () => {
  it("answers the owner and admins only", async () => {
    const owner = await signUp("Api Owner");
    const other = await signUp("Api Other");
    const admin = await signUp("Api Admin", "admin");
    const path = `/api/orders/${encodeURIComponent(owner.email)}`;
    const client = new Client();
    expect((await client.get(path)).status).toBe(401);
    expect((await client.get(path, bearer(owner))).status).toBe(200);
    const forbidden = await client.get(path, bearer(other));
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { message: string }).message).toBeTruthy();
    expect((await client.get(path, bearer(admin))).status).toBe(200);
    expect((await client.get("/api/orders/nobody%40example.com", bearer(admin))).status).toBe(404);
    // Path tricks and junk never reach a 500: anything that is not an e-mail address is a 400, and a
    // ".." that climbs out of /api/orders/ names no route at all (404).
    for (const [junk, status] of [
      ["..%2F..%2Fusers", 400],
      ["%00", 400],
      ["a".repeat(300), 400],
      ["not-an-email", 400],
      ["%2e%2e", 404],
    ] as const) {
      const res = await client.get(`/api/orders/${junk}`, bearer(owner));
      expect(res.status, junk).toBe(status);
    }
  });
});

describe("prescriptions", () => {
  async function uploadAs(
    user: TestUser,
    extra: Record<string, string> = { consent: "yes", intent: "upload-prescription" },
  ) {
    return user.client.postMultipart("/dashboard", imageForm(PNG_BYTES, "rx.png", extra));
  }

  it("a customer uploads a photo with consent; it is stored privately and listed with its date", async () => {
    const user = await signUp("Rx Owner");
    const res = await uploadAs(user);
    expect(res.status).toBe(302);
    const row = await env.DB.prepare("SELECT * FROM prescriptions").first<Record<string, string | number>>();
    // Re-encoded: only the pixels are kept, as WebP (tests/integration/prescription-images.test.ts).
    expect(row).toMatchObject({ user_id: user.id, content_type: "image/webp" });
    expect(row!.size_bytes).toBeGreaterThan(0);
    expect(row!.image_key).toMatch(new RegExp(`^prescriptions/${user.id}/[0-9a-f-]{36}\\.webp$`));
    expect(row!.consent_at).toBeGreaterThan(0);
    expect(await env.IMAGES.get(String(row!.image_key))).not.toBeNull();
    const dashboard = await html(await user.client.get("/dashboard"));
    expect(dashboard).toContain("Prescription uploaded successfully!");
    expect(dashboard).toContain(`/prescriptions/${row!.id}/image`);
    expect(dashboard).toContain("Uploaded");
  });

  it("answers an enhanced (JavaScript) upload with data", async () => {
    const user = await signUp("Rx Js");
    const res = await user.client.postMultipart(
      "/dashboard.data",
      imageForm(PNG_BYTES, "rx.png", { consent: "yes", intent: "upload-prescription", _enhanced: "1" }),
    );
    expect(res.status).toBe(200);
  });

  it("only the owner and admins can see the image, never cached", async () => {
    const owner = await signUp("Rx Private");
    const other = await signUp("Rx Snoop");
    const admin = await signUp("Rx Admin", "admin");
    await uploadAs(owner);
    const { id } = (await env.DB.prepare("SELECT id FROM prescriptions").first<{ id: string }>())!;
    const path = `/prescriptions/${id}/image`;
    const mine = await owner.client.get(path);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("image/webp");
    expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
    const key = (await env.DB.prepare("SELECT image_key FROM prescriptions").first<{ image_key: string }>())!
      .image_key;
    const stored = new Uint8Array(await (await env.IMAGES.get(key))!.arrayBuffer());
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(stored);
    expect((await admin.client.get(path)).status).toBe(200);
    expect((await other.client.get(path)).status).toBe(404);
    expect((await new Client().get(path)).status).toBe(401);
    expect((await owner.client.get("/prescriptions/../../etc/image")).status).toBe(404);
    // Never through the public image route either.
    expect((await new Client().get(`/images/${key}`)).status).toBe(404);
  });

  it("refuses non-images named .jpg, oversized files, a missing file or consent, with the exact wording shown", async () => {
    const user = await signUp("Rx Bad");
    const exe = new TextEncoder().encode("MZ\u0090\u0000 not really a picture");
    const cases: [FormData, number, string][] = [
      [
        imageForm(exe, "photo.jpg", { consent: "yes", intent: "upload-prescription" }),
        415,
        "Upload failed: Please choose a JPEG, PNG or WebP image.",
      ],
      [
        imageForm(new Uint8Array(5 * 1024 * 1024 + 1).fill(0xff), "big.jpg", {
          consent: "yes",
          intent: "upload-prescription",
        }),
        413,
        "Upload failed: The image is too large.",
      ],
      [imageForm(PNG_BYTES, "rx.png", { intent: "upload-prescription" }), 400, "Upload failed: Please agree"],
      [
        (() => {
          const f = new FormData();
          f.set("consent", "yes");
          f.set("intent", "upload-prescription");
          return f;
        })(),
        400,
        "Upload failed: Please choose an image file.",
      ],
    ];
    for (const [form, status, message] of cases) {
      const res = await user.client.postMultipart("/dashboard", form);
      expect(res.status, message).toBe(status);
      expect(await html(res)).toContain(message);
    }
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM prescriptions").first<{ n: number }>();
    expect(count!.n).toBe(0);
    const listed = await env.IMAGES.list({ prefix: "prescriptions/" });
    expect(listed.objects).toHaveLength(0);
  });

  it("POST /api/prescriptions/upload: own account only (admins for any customer), errors with a message", async () => {
    const owner = await signUp("Api Rx");
    const other = await signUp("Api Rx Other");
    const admin = await signUp("Api Rx Admin", "admin");
    const upload = (user: TestUser | null, email: string, form = imageForm(PNG_BYTES)) =>
      new Client().fetch(`/api/prescriptions/upload?email=${encodeURIComponent(email)}`, {
        method: "POST",
        body: form,
        headers: user ? bearer(user) : {},
      });
    expect((await upload(null, owner.email)).status).toBe(401);
    const ok = await upload(owner, owner.email);
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { prescription: { userEmail: string } }).prescription.userEmail).toBe(
      owner.email,
    );
    const denied = await upload(other, owner.email);
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { message: string }).message).toContain("your own account");
    expect((await upload(admin, owner.email)).status).toBe(201);
    expect((await upload(admin, "nobody@example.com")).status).toBe(404);
    const junk = await upload(
      owner,
      owner.email,
      imageForm(new TextEncoder().encode("<?php evil(); ?>"), "x.png"),
    );
    expect(junk.status).toBe(415);
    expect(((await junk.json()) as { message: string }).message).toBe(
      "Please choose a JPEG, PNG or WebP image.",
    );
    const notMultipart = await new Client().fetch(`/api/prescriptions/upload?email=${owner.email}`, {
      method: "POST",
      body: "{}",
      headers: { ...bearer(owner), "Content-Type": "application/json" },
    });
    expect(notMultipart.status).toBe(415);
    const rows = await env.DB.prepare("SELECT user_id FROM prescriptions").all<{ user_id: string }>();
    expect(rows.results.map((r) => r.user_id)).toEqual([owner.id, owner.id]);
  });
});
