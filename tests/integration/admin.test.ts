import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  bearer,
  Client,
  DEMO,
  html,
  imageForm,
  placeOrder,
  PNG_BYTES,
  seedProducts,
  signUp,
  type TestUser,
  prescriptionCheckoutForm,
} from "./helpers";

const ADMIN_PAGES = [
  "/admin",
  "/admin/products",
  "/admin/orders",
  "/admin/admins",
  "/admin/prescriptions",
  "/admin/messages",
  "/admin/users",
];

function productForm(fields: Record<string, string>, image: Uint8Array | null = PNG_BYTES) {
  const form = image ? imageForm(image, "photo.png") : new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

const GOOD_PRODUCT = { name: "Lonart DS Tablets (6)", category: "Anti-Malaria", price: "3,000.50" };

describe("admin pages: the server enforces the role", () => {
  it.each(ADMIN_PAGES)("%s: guest → /login, customer → 403 Access denied, admin → 200", async (path) => {
    const guest = await new Client().get(path);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);

    const customer = await signUp("Plain Customer");
    const denied = await customer.client.get(path);
    expect(denied.status).toBe(403);
    const page = await html(denied);
    expect(page).toContain("Access denied: Admins only");
    expect(page).not.toContain("Signed in as");

    const admin = await signUp("Real Admin", "admin");
    expect((await admin.client.get(path)).status).toBe(200);
  });

  it("every admin action refuses customers and guests and changes nothing", async () => {
    const [amox] = await seedProducts(DEMO);
    const order = await placeOrder(amox.id);
    const customer = await signUp("Sneaky Customer");
    // A guest is sent to log in; a signed-in customer is refused.
    for (const [client, refusal] of [
      [new Client(), 302],
      [customer.client, 403],
    ] as const) {
      const attempts = [
        await client.postMultipart("/admin/products", productForm(GOOD_PRODUCT)),
        await client.post(`/admin/products/${amox.id}/delete`, {}),
        await client.postMultipart(
          `/admin/products/${amox.id}`,
          productForm({ ...GOOD_PRODUCT, name: "Hacked" }, null),
        ),
        await client.post("/admin/orders", { orderId: order.id, deliveryStatus: "Delivered" }),
        await client.post("/admin/admins", { email: "evil@example.com", password: "evil-password-1" }),
        await client.post("/admin/messages", { id: "1", read: "1" }),
      ];
      for (const res of attempts) expect(res.status).toBe(refusal);
    }
    const products = await env.DB.prepare("SELECT name FROM products").all<{ name: string }>();
    expect(products.results.map((p) => p.name)).not.toContain("Hacked");
    expect(products.results).toHaveLength(DEMO.length);
    const status = await env.DB.prepare("SELECT delivery_status FROM orders").first<{
      delivery_status: string;
    }>();
    expect(status!.delivery_status).toBe("Pending");
    const evil = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM users WHERE email = 'evil@example.com'",
    ).first<{ n: number }>();
    expect(evil!.n).toBe(0);
  });

  it("overview counts products, orders, delivered orders, prescriptions and unread messages", async () => {
    const [amox, para] = await seedProducts(DEMO);
    await placeOrder(amox.id);
    const delivered = await placeOrder(para.id);
    await env.DB.prepare("UPDATE orders SET delivery_status = 'Delivered' WHERE id = ?")
      .bind(delivered.id)
      .run();
    await env.DB.prepare(
      "INSERT INTO contact_messages (name, email, message) VALUES ('A', 'a@example.com', 'hi')",
    ).run();
    const admin = await signUp("Counting Admin", "admin");
    const page = await html(await admin.client.get("/admin"));
    expect(page).toMatch(/data-testid="count-products">4</);
    expect(page).toMatch(/data-testid="count-orders">2</);
    expect(page).toMatch(/data-testid="count-delivered-orders">1</);
    expect(page).toMatch(/data-testid="count-prescriptions">0</);
    expect(page).toMatch(/data-testid="count-unread-messages">1</);
  });
});

describe("admin › products", () => {
  it("adds a product with its photo turned into a small WebP thumbnail, shown to shoppers", async () => {
    const admin = await signUp("Catalogue Admin", "admin");
    const res = await admin.client.postMultipart("/admin/products", productForm(GOOD_PRODUCT));
    expect(res.status).toBe(302);
    const row = await env.DB.prepare("SELECT * FROM products").first<Record<string, string | number>>();
    expect(row).toMatchObject({
      name: "Lonart DS Tablets (6)",
      category: "Anti-Malaria",
      price_kobo: 300_050,
    });
    expect(row!.image_key).toMatch(/^products\/[0-9a-f-]{36}\.webp$/);
    const stored = await env.IMAGES.get(String(row!.image_key));
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    expect(String.fromCharCode(...bytes.slice(8, 12))).toBe("WEBP");
    expect(bytes.length).toBeLessThan(10_000);
    expect(await html(await admin.client.get("/admin/products"))).toContain("Product added successfully!");

    const shop = await html(await new Client().get("/shop?q=lonart"));
    expect(shop).toContain("Lonart DS Tablets (6)");
    expect(shop).toContain("₦3,000.50");
    const image = await new Client().get(`/images/${row!.image_key}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/webp");
  });

  // Form mistakes are 400; an upload that is not an image 415, one too large 413.
  it.each([
    [{ ...GOOD_PRODUCT, name: "" }, PNG_BYTES, "Please enter the product name.", 400],
    [{ ...GOOD_PRODUCT, category: "Snake Oil" }, PNG_BYTES, "Please choose a category from the list.", 400],
    [{ ...GOOD_PRODUCT, price: "" }, PNG_BYTES, "Please enter the price in naira.", 400],
    [{ ...GOOD_PRODUCT, price: "abc" }, PNG_BYTES, "The price must be a number in naira", 400],
    [{ ...GOOD_PRODUCT, price: "-5" }, PNG_BYTES, "The price must be a number in naira", 400],
    [{ ...GOOD_PRODUCT, price: "0" }, PNG_BYTES, "The price must be more than ₦0", 400],
    [{ ...GOOD_PRODUCT, price: "999999999" }, PNG_BYTES, "at most ₦10,000,000", 400],
    [{ ...GOOD_PRODUCT, price: "1.234" }, PNG_BYTES, "The price must be a number in naira", 400],
    [GOOD_PRODUCT, null, "Please choose an image file.", 400],
    [
      GOOD_PRODUCT,
      new TextEncoder().encode("MZ pretending to be a photo"),
      "Please choose a JPEG, PNG or WebP image.",
      415,
    ],
    [GOOD_PRODUCT, new Uint8Array(5 * 1024 * 1024 + 1).fill(0xff), "The image is too large", 413],
  ])(
    "refuses %j (image %#) with 'Error adding product' and the reason",
    async (fields, image, reason, status) => {
      const admin = await signUp("Strict Admin", "admin");
      const res = await admin.client.postMultipart(
        "/admin/products",
        productForm(fields, image as Uint8Array | null),
      );
      expect(res.status).toBe(status);
      const page = await html(res);
      expect(page).toContain("Error adding product: ");
      expect(page).toContain(reason);
      const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM products").first<{ n: number }>();
      expect(count!.n).toBe(0);
    },
  );

  it("edits name, category and price, and replaces the image", async () => {
    const admin = await signUp("Editing Admin", "admin");
    await admin.client.postMultipart("/admin/products", productForm(GOOD_PRODUCT));
    const before = (await env.DB.prepare("SELECT id, image_key FROM products").first<{
      id: number;
      image_key: string;
    }>())!;
    const edit = await admin.client.get(`/admin/products/${before.id}`);
    expect(await html(edit)).toContain('value="3000.50"');
    const res = await admin.client.postMultipart(
      `/admin/products/${before.id}`,
      productForm({ name: "Lonart DS (12)", category: "Anti-Malaria", price: "5500" }),
    );
    expect(res.status).toBe(302);
    const after = (await env.DB.prepare("SELECT name, price_kobo, image_key FROM products").first<
      Record<string, string | number>
    >())!;
    expect(after).toMatchObject({ name: "Lonart DS (12)", price_kobo: 550_000 });
    expect(after.image_key).not.toBe(before.image_key);
    expect(await env.IMAGES.get(before.image_key)).toBeNull();
    // Without a new image the old one stays.
    await admin.client.postMultipart(
      `/admin/products/${before.id}`,
      productForm({ name: "Lonart DS (12)", category: "Anti-Malaria", price: "5600" }, null),
    );
    const kept = (await env.DB.prepare("SELECT image_key FROM products").first<{ image_key: string }>())!;
    expect(kept.image_key).toBe(after.image_key);
    expect((await admin.client.get("/admin/products/999999")).status).toBe(404);
    expect((await admin.client.get("/admin/products/abc")).status).toBe(404);
  });

  it("deletes after the confirmation step; carts drop it, past orders keep their lines", async () => {
    const [amox, para] = await seedProducts(DEMO);
    const shopper = new Client();
    await placeOrder(amox.id, { client: shopper });
    await shopper.post("/cart", { intent: "add", productId: String(amox.id) });
    await shopper.post("/cart", { intent: "add", productId: String(para.id) });

    const admin = await signUp("Deleting Admin", "admin");
    const confirm = await html(await admin.client.get(`/admin/products/${amox.id}/delete`));
    expect(confirm).toContain("Are you sure you want to delete this product?");
    const res = await admin.client.post(`/admin/products/${amox.id}/delete`, {});
    expect(res.status).toBe(302);
    expect(await html(await admin.client.get("/admin/products"))).toContain("Product deleted successfully");
    expect(await env.DB.prepare("SELECT id FROM products WHERE id = ?").bind(amox.id).first()).toBeNull();

    const cart = await html(await shopper.get("/cart"));
    expect(cart).toContain("no longer available");
    expect(cart).toContain(para.name);
    const line = await env.DB.prepare("SELECT name, product_id FROM order_items").first<{
      name: string;
      product_id: number | null;
    }>();
    expect(line).toEqual({ name: amox.name, product_id: null });

    const again = await admin.client.post(`/admin/products/${amox.id}/delete`, {});
    expect(again.status).toBe(302);
    expect(await html(await admin.client.get("/admin/products"))).toContain(
      "Failed to delete product. Please try again.",
    );
  });
});

describe("admin › orders", () => {
  it("changes a status, records who/when/from/to, and the customer sees it with the timeline", async () => {
    const [amox] = await seedProducts(DEMO);
    const customer = await signUp("Waiting Customer");
    const order = await placeOrder(amox.id, { client: customer.client });
    const admin = await signUp("Dispatch Admin", "admin");

    const table = await html(await admin.client.get("/admin/orders"));
    for (const heading of ["Order Ref", "Email", "Total", "Status", "Action"])
      expect(table).toContain(`>${heading}</th>`);
    expect(table).toContain(order.orderRef);

    const res = await admin.client.post("/admin/orders", { orderId: order.id, deliveryStatus: "Shipped" });
    expect(res.status).toBe(302);
    expect(await html(await admin.client.get("/admin/orders"))).toContain(
      `Order ${order.orderRef} is now Shipped`,
    );
    const event = await env.DB.prepare("SELECT * FROM order_status_events").first<Record<string, string>>();
    expect(event).toMatchObject({
      order_id: order.id,
      from_status: "Pending",
      to_status: "Shipped",
      changed_by_name: "Dispatch Admin",
    });

    const mine = await html(await customer.client.get("/orders"));
    expect(mine).toMatch(/bg-blue-100 text-blue-800[^>]*>Shipped/);
    expect(mine).toContain("Pending → Shipped");
    const token = (await env.DB.prepare("SELECT access_token FROM orders").first<{ access_token: string }>())!
      .access_token;
    expect(await html(await new Client().get(`/order/${token}`))).toContain("Pending → Shipped");
  });

  it("a row has one form: Mark paid joins it by id, and marks paid without saving a status picked but not saved", async () => {
    const [amox] = await seedProducts(DEMO);
    const order = await placeOrder(amox.id);
    const admin = await signUp("Till Admin", "admin");
    const page = await html(await admin.client.get("/admin/orders"));
    const row = /<tr data-testid="admin-order".*?<\/tr>/s.exec(page)![0];
    expect(row.match(/<form /g)).toHaveLength(1);
    const formId = /<form id="([^"]+)"/.exec(row)![1];
    expect(row).toMatch(
      new RegExp(`<button type="submit" form="${formId}" name="paymentStatus" value="paid"`),
    );
    expect(row).toContain(`aria-label="Status of order ${order.orderRef}"`);

    // Without JavaScript the button sends the whole form: the status select's value comes along.
    const res = await admin.client.post("/admin/orders", {
      orderId: order.id,
      redirectTo: "/admin/orders",
      deliveryStatus: "Shipped",
      paymentStatus: "paid",
    });
    expect(res.status).toBe(302);
    const after = await env.DB.prepare("SELECT delivery_status, payment_status FROM orders").first();
    expect(after).toEqual({ delivery_status: "Pending", payment_status: "paid" });
    expect(await html(await admin.client.get("/admin/orders"))).toContain(
      `Order ${order.orderRef} is now marked paid`,
    );
  });

  it("Cancelled is asked about first: the picker's post gets the question back, only its Yes cancels", async () => {
    const [amox] = await seedProducts(DEMO);
    const order = await placeOrder(amox.id);
    const admin = await signUp("Asking Admin", "admin");
    const status = async () =>
      (await env.DB.prepare("SELECT delivery_status FROM orders").first<{ delivery_status: string }>())!
        .delivery_status;

    // The row's form as Save sends it without JavaScript: the question comes back, nothing changes.
    const asked = await admin.client.post("/admin/orders", {
      orderId: order.id,
      redirectTo: "/admin/orders?status=Pending",
      deliveryStatus: "Cancelled",
    });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe(
      `/admin/orders?status=Pending&confirm=${order.id}#cancel-${order.id}`,
    );
    expect(await status()).toBe("Pending");
    const page = await html(await admin.client.get(asked.headers.get("Location")!));
    const question = /<section[^>]*data-testid="admin-cancel-question".*?<\/section>/s.exec(page)![0];
    expect(question).toContain(`Cancel order ${order.orderRef}?`);
    expect(question).toContain('name="confirmed" value="yes"');
    expect(question).toContain(">Yes, cancel this order</button>");
    expect(question).toContain('href="/admin/orders?status=Pending"');
    // Any other status still saves at once; only the question's own form cancels.
    expect(
      (await admin.client.post("/admin/orders", { orderId: order.id, deliveryStatus: "Processing" })).status,
    ).toBe(302);
    expect(await status()).toBe("Processing");
    const done = await admin.client.post("/admin/orders", {
      orderId: order.id,
      redirectTo: "/admin/orders?status=Pending",
      deliveryStatus: "Cancelled",
      confirmed: "yes",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/orders?status=Pending");
    expect(await status()).toBe("Cancelled");
  });

  it("an unknown status or order gets 'Failed to update status' and changes nothing", async () => {
    const [amox] = await seedProducts(DEMO);
    const order = await placeOrder(amox.id);
    const admin = await signUp("Careful Admin", "admin");
    for (const fields of <Record<string, string>[]>[
      { orderId: order.id, deliveryStatus: "Teleported" },
      { orderId: "no-such-order", deliveryStatus: "Shipped" },
      { deliveryStatus: "Shipped" },
    ]) {
      const res = await admin.client.post("/admin/orders", fields);
      expect(res.status).toBe(302);
      expect(await html(await admin.client.get("/admin/orders"))).toContain("Failed to update status");
    }
    const row = await env.DB.prepare("SELECT delivery_status FROM orders").first<{
      delivery_status: string;
    }>();
    expect(row!.delivery_status).toBe("Pending");
    const events = await env.DB.prepare("SELECT COUNT(*) AS n FROM order_status_events").first<{
      n: number;
    }>();
    expect(events!.n).toBe(0);
  });
});

describe("admin › admins, prescriptions, messages, users", () => {
  it("creates an admin who can log in; a taken e-mail or weak password is refused with the reason", async () => {
    const admin = await signUp("Senior Admin", "admin");
    const nameless = await admin.client.post("/admin/admins", {
      email: "new.admin@example.com",
      password: "new-admin-passphrase",
      name: "   ",
    });
    expect(nameless.status).toBe(400);
    expect(await html(nameless)).toContain("Please enter the admin&#x27;s name.");
    const res = await admin.client.post("/admin/admins", {
      email: "new.admin@example.com",
      password: "new-admin-passphrase",
      name: "Pharm. Amaka Obi",
    });
    expect(res.status).toBe(302);
    expect(await html(await admin.client.get("/admin/admins"))).toContain("New admin created successfully!");
    const login = await new Client().post("/login", {
      email: "new.admin@example.com",
      password: "new-admin-passphrase",
    });
    expect(login.headers.get("Location")).toBe("/admin");

    const taken = await admin.client.post("/admin/admins", {
      email: "NEW.ADMIN@example.com",
      password: "another-passphrase",
      name: "Someone Else",
    });
    expect(taken.status).toBe(409);
    expect(await html(taken)).toContain("Error creating admin: An account with this email already exists.");
    const weak = await admin.client.post("/admin/admins", {
      email: "weak@example.com",
      password: "short",
      name: "Weak Password",
    });
    expect(weak.status).toBe(400);
    expect(await html(weak)).toContain("Error creating admin: Password must be at least 8 characters.");
  });

  it("lists prescriptions with owner and date, or says there are none", async () => {
    const admin = await signUp("Rx Admin", "admin");
    expect(await html(await admin.client.get("/admin/prescriptions"))).toContain(
      "No prescriptions uploaded yet",
    );
    const customer = await signUp("Rx Customer");
    await customer.client.postMultipart(
      "/dashboard",
      imageForm(PNG_BYTES, "rx.png", { consent: "yes", intent: "upload-prescription" }),
    );
    const page = await html(await admin.client.get("/admin/prescriptions"));
    expect(page).toContain("Rx Customer");
    expect(page).toContain(customer.email);
    expect(page).toMatch(/\/prescriptions\/[0-9a-f-]{36}\/image/);
  });

  it("names a guest's prescription after the order placed with it; one no order carries is an Unknown User's", async () => {
    const admin = await signUp("Rx Guest Admin", "admin");
    const [product] = await seedProducts([DEMO[0]]);
    await env.DB.prepare("UPDATE products SET medicine_class = 'prescription' WHERE id = ?")
      .bind(product.id)
      .run();
    const guest = new Client();
    await guest.post("/cart", { intent: "add", productId: String(product.id) });
    const form = await prescriptionCheckoutForm(guest, {
      name: "Chiamaka Guest-Eze",
      email: "chiamaka.guest@example.com",
    });
    expect((await guest.postMultipart("/checkout", form)).status).toBe(302);
    // An upload no order carries (its order was erased): nobody to name.
    const orphan = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO prescriptions (id, user_id, image_key, content_type, size_bytes, consent_at) VALUES (?, NULL, ?, 'image/webp', 10, 0)",
    )
      .bind(orphan, `prescriptions/${orphan}.webp`)
      .run();

    const page = await html(await admin.client.get("/admin/prescriptions"));
    expect(page).toContain("Chiamaka Guest-Eze<span");
    expect(page).toContain("chiamaka.guest@example.com");
    expect(page).toContain('alt="Prescription from Chiamaka Guest-Eze"');
    expect(page).toContain('alt="Prescription from Unknown User"');
    // The whole photo shows, letterboxed, not cropped to the square.
    expect(page).toMatch(/<img [^>]*alt="Prescription from Chiamaka Guest-Eze"[^>]*object-contain/);
  });

  it("reads contact messages and marks them read", async () => {
    await env.DB.prepare(
      "INSERT INTO contact_messages (name, email, message) VALUES ('Chidi', 'chidi@example.com', 'Do you deliver to Enugu?')",
    ).run();
    const admin = await signUp("Inbox Admin", "admin");
    const page = await html(await admin.client.get("/admin/messages"));
    expect(page).toContain("Do you deliver to Enugu?");
    const id = (await env.DB.prepare("SELECT id FROM contact_messages").first<{ id: number }>())!.id;
    await admin.client.post("/admin/messages", { id: String(id), read: "1" });
    const row = await env.DB.prepare("SELECT read_at FROM contact_messages").first<{
      read_at: number | null;
    }>();
    expect(row!.read_at).toBeGreaterThan(0);
  });

  it("lists users without any password data", async () => {
    const admin = await signUp("People Admin", "admin");
    await signUp("Listed Customer");
    const page = await html(await admin.client.get("/admin/users"));
    expect(page).toContain("Listed Customer");
    expect(page).not.toContain("scrypt$");
  });
});

describe("admin JSON API: 401 without a token, 403 'Access denied: Admins only' for customers", () => {
  async function matrix(
    call: (headers: HeadersInit) => Promise<Response>,
    admin: TestUser,
    customer: TestUser,
  ) {
    const none = await call({});
    expect(none.status).toBe(401);
    expect(((await none.json()) as { message: string }).message).toBeTruthy();
    const denied = await call(bearer(customer));
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { message: string }).message).toBe("Access denied: Admins only");
    return call(bearer(admin));
  }

  it("GET /api/users, /api/prescriptions/all, /api/orders/all-orders", async () => {
    const [amox] = await seedProducts(DEMO);
    await placeOrder(amox.id);
    const admin = await signUp("Api Admin", "admin");
    const customer = await signUp("Api Customer");
    const client = new Client();

    const users = await matrix((h) => client.get("/api/users", h), admin, customer);
    const list = (await users.json()) as Record<string, unknown>[];
    expect(list.map((u) => u.email)).toEqual(expect.arrayContaining([admin.email, customer.email]));
    expect(Object.keys(list[0]).sort()).toEqual(["_id", "createdAt", "email", "name", "role"]);
    expect(JSON.stringify(list)).not.toContain("scrypt");

    const rx = await matrix((h) => client.get("/api/prescriptions/all", h), admin, customer);
    expect(await rx.json()).toEqual([]);

    const orders = await matrix((h) => client.get("/api/orders/all-orders", h), admin, customer);
    const all = (await orders.json()) as { orderRef: string; deliveryStatus: string; items: unknown[] }[];
    expect(all).toHaveLength(1);
    expect(all[0].items).toHaveLength(1);
  });

  it("POST /api/products/ and DELETE /api/products/{id}", async () => {
    const admin = await signUp("Api Catalogue", "admin");
    const customer = await signUp("Api Shopper");
    const client = new Client();
    const created = await matrix(
      (h) => client.fetch("/api/products/", { method: "POST", body: productForm(GOOD_PRODUCT), headers: h }),
      admin,
      customer,
    );
    expect(created.status).toBe(201);
    const { product } = (await created.json()) as { product: { _id: string; price: number; image: string } };
    expect(product.price).toBe(3000.5);
    expect(product.image).toMatch(/\/images\/products\/.+\.webp$/);

    const bad = await client.fetch("/api/products", {
      method: "POST",
      body: productForm({ ...GOOD_PRODUCT, price: "-1" }),
      headers: bearer(admin),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("price");

    const removed = await matrix(
      (h) => client.fetch(`/api/products/${product._id}`, { method: "DELETE", headers: h }),
      admin,
      customer,
    );
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { message: string }).message).toBe("Product deleted successfully");
    expect(
      (await client.fetch(`/api/products/${product._id}`, { method: "DELETE", headers: bearer(admin) }))
        .status,
    ).toBe(404);
    expect(
      (await client.fetch("/api/products/not-a-number", { method: "DELETE", headers: bearer(admin) })).status,
    ).toBe(404);
  });

  it("PUT /api/orders/{id} with deliveryStatus; unknown values → 400", async () => {
    const [amox] = await seedProducts(DEMO);
    const order = await placeOrder(amox.id);
    const admin = await signUp("Api Dispatch", "admin");
    const customer = await signUp("Api Waiting");
    const client = new Client();
    const put = (body: unknown, h: HeadersInit) =>
      client.fetch(`/api/orders/${order.id}`, {
        method: "PUT",
        body: JSON.stringify(body),
        headers: { "Content-Type": "application/json", ...h },
      });
    const ok = await matrix((h) => put({ deliveryStatus: "Delivered" }, h), admin, customer);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { order: { deliveryStatus: string } }).order.deliveryStatus).toBe(
      "Delivered",
    );
    const bad = await put({ deliveryStatus: "Lost at sea" }, bearer(admin));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain(
      "deliveryStatus must be one of Pending, Processing, Shipped, Delivered, Cancelled",
    );
    const missing = await client.fetch("/api/orders/no-such-id", {
      method: "PUT",
      body: JSON.stringify({ deliveryStatus: "Shipped" }),
      headers: { "Content-Type": "application/json", ...bearer(admin) },
    });
    expect(missing.status).toBe(404);
    const events = await env.DB.prepare("SELECT COUNT(*) AS n FROM order_status_events").first<{
      n: number;
    }>();
    expect(events!.n).toBe(1);
  });

  it("POST /api/admins needs an admin token; a name is optional there (older clients send none)", async () => {
    const admin = await signUp("Api Boss", "admin");
    const customer = await signUp("Api Wannabe");
    const client = new Client();
    const created = await matrix(
      (h) =>
        client.postJson(
          "/api/admins",
          { email: "api.admin@example.com", password: "api-admin-passphrase" },
          h,
        ),
      admin,
      customer,
    );
    expect(created.status).toBe(201);
    expect(((await created.json()) as { message: string }).message).toBe("New admin created successfully!");
    const dup = await client.postJson(
      "/api/admins",
      { email: "api.admin@example.com", password: "api-admin-passphrase" },
      bearer(admin),
    );
    expect(dup.status).toBe(409);
    const weak = await client.postJson(
      "/api/admins",
      { email: "x@example.com", password: "1" },
      bearer(admin),
    );
    expect(weak.status).toBe(400);
    const row = await env.DB.prepare(
      "SELECT role, name FROM users WHERE email = 'api.admin@example.com'",
    ).first<{ role: string; name: string }>();
    expect(row).toEqual({ role: "admin", name: "MediStore Pharmacist" });
    const named = await client.postJson(
      "/api/admins",
      { email: "named.admin@example.com", password: "api-admin-passphrase", name: "  Pharm. Tunde Bello " },
      bearer(admin),
    );
    expect(named.status).toBe(201);
    expect(((await named.json()) as { admin: { name: string } }).admin.name).toBe("Pharm. Tunde Bello");
  });
});
