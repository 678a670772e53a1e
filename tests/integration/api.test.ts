import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Client, countRows, DEMO, seedProducts } from "./helpers";

const PAYLOAD = {
  email: "ada@example.com",
  phone: "08031234567",
  name: "Ada Obi",
  deliveryAddress: "5 Ogoja Road, Abakaliki",
};

describe("GET /api/products", () => {
  it("lists the catalogue with _id, name, category, price in naira, image URL and the medicine fields", async () => {
    await seedProducts([{ ...DEMO[2], imageKey: "products/seed/coartem.webp" }]);
    const res = await new Client().get("/api/products");
    expect(res.status).toBe(200);
    const body = (await res.json()) as unknown[];
    expect(body).toEqual([
      {
        _id: expect.any(String),
        name: "Coartem 80/480mg Tablets",
        category: "Anti-Malaria",
        price: 4500.5,
        image: "http://medistore.test/images/products/seed/coartem.webp",
        genericName: null,
        strength: null,
        dosageForm: null,
        packSize: null,
        manufacturer: null,
        nafdacNumber: null,
        medicineClass: "otc",
        prescriptionOnly: false,
        description: null,
        directions: null,
        warnings: null,
        alsoKnownAs: [],
        stock: null,
        inStock: true,
        url: expect.stringMatching(/^\/products\/\d+-coartem-80-480mg-tablets$/),
      },
    ]);
  });

  it("pages a large catalogue and searches", async () => {
    await seedProducts(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Item ${String(i).padStart(2, "0")}`,
        category: "General",
        priceKobo: 100,
      })),
    );
    const client = new Client();
    const first = await client.get("/api/products?limit=25");
    expect(((await first.json()) as unknown[]).length).toBe(25);
    expect(first.headers.get("Link")).toBe('</api/products?limit=25&page=2>; rel="next"');
    const second = await client.get("/api/products?limit=25&page=2");
    expect(((await second.json()) as unknown[]).length).toBe(5);
    expect(second.headers.get("Link")).toBeNull();
    const search = (await (await client.get("/api/products?q=item%2007")).json()) as { name: string }[];
    expect(search.map((p) => p.name)).toEqual(["Item 07"]);
    expect((await client.get("/api/products?limit=0")).status).toBe(400);
    expect((await client.get("/api/products?limit=abc")).status).toBe(400);
  });
});

describe("POST /api/orders/checkout", () => {
  it("records an order priced by the server and answers success with the orderRef", async () => {
    const [amox, para] = await seedProducts(DEMO);
    const res = await new Client().postJson("/api/orders/checkout", {
      ...PAYLOAD,
      items: [
        { name: amox.name, price: 2500, quantity: 2, image: "" },
        { productId: String(para.id), name: para.name, price: 1200, quantity: 1 },
      ],
      totalAmount: 6200,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      success: boolean;
      order: Record<string, unknown>;
      priceChanges?: unknown;
    };
    expect(body.success).toBe(true);
    expect(body.order.orderRef).toMatch(/^MS-/);
    expect(body.order.totalAmount).toBe(6200);
    expect(body.order.phone).toBe("+2348031234567");
    expect(body.order.whatsappUrl).toMatch(/^https:\/\/wa\.me\/2348012345678\?text=/);
    expect(body.priceChanges).toBeUndefined();
    expect(await countRows("order_items")).toBe(2);
  });

  it("never trusts a client price or total, and says which prices changed", async () => {
    const [amox] = await seedProducts(DEMO);
    const res = await new Client().postJson("/api/orders/checkout", {
      ...PAYLOAD,
      items: [{ name: amox.name, price: 1, quantity: 3 }],
      totalAmount: 3,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      order: { totalAmount: number };
      priceChanges: unknown[];
      message: string;
      clientTotalAmount: number;
    };
    expect(body.order.totalAmount).toBe(7500);
    expect(body.priceChanges).toEqual([{ name: amox.name, clientPrice: 1, price: 2500 }]);
    expect(body.clientTotalAmount).toBe(3);
    expect(body.message).toContain("catalogue");
    const row = await env.DB.prepare("SELECT total_kobo FROM orders").first<{ total_kobo: number }>();
    expect(row?.total_kobo).toBe(750_000);
  });

  it("is idempotent with an Idempotency-Key", async () => {
    const [amox] = await seedProducts(DEMO);
    const client = new Client();
    const body = { ...PAYLOAD, items: [{ name: amox.name, price: 2500, quantity: 1 }], totalAmount: 2500 };
    const a = await client.postJson("/api/orders/checkout", body, { "Idempotency-Key": "retry-key-0001" });
    const b = await client.postJson("/api/orders/checkout", body, { "Idempotency-Key": "retry-key-0001" });
    expect(a.status).toBe(201);
    expect(b.status).toBe(200);
    const [ra, rb] = (await Promise.all([a.json(), b.json()])) as { order: { orderRef: string } }[];
    expect(rb.order.orderRef).toBe(ra.order.orderRef);
    expect(await countRows("orders")).toBe(1);
  });

  it.each([
    ["missing fields", { items: [{ name: "x", quantity: 1 }] }, "name is required"],
    [
      "empty name",
      { ...PAYLOAD, name: "", items: [{ name: "Amoxicillin 500mg Capsules", quantity: 1 }] },
      "Please fill in delivery name, phone, address and email.",
    ],
    [
      "bad e-mail",
      { ...PAYLOAD, email: "nope", items: [{ name: "Amoxicillin 500mg Capsules", quantity: 1 }] },
      "valid email",
    ],
    [
      "bad phone",
      { ...PAYLOAD, phone: "555", items: [{ name: "Amoxicillin 500mg Capsules", quantity: 1 }] },
      "Nigerian phone",
    ],
    ["no items", { ...PAYLOAD, items: [] }, "items must not be empty"],
    ["items not a list", { ...PAYLOAD, items: "lots" }, "items must be a list"],
    [
      "unknown product",
      { ...PAYLOAD, items: [{ name: "Unobtainium", quantity: 1 }] },
      "Unknown product: Unobtainium",
    ],
    ["unknown id", { ...PAYLOAD, items: [{ productId: "999999", quantity: 1 }] }, "Unknown product"],
    ["bad id", { ...PAYLOAD, items: [{ productId: "../etc", quantity: 1 }] }, "Unknown product id"],
    [
      "zero quantity",
      { ...PAYLOAD, items: [{ name: "Amoxicillin 500mg Capsules", quantity: 0 }] },
      "quantity",
    ],
    [
      "fractional quantity",
      { ...PAYLOAD, items: [{ name: "Amoxicillin 500mg Capsules", quantity: 1.5 }] },
      "quantity",
    ],
    [
      "string quantity",
      { ...PAYLOAD, items: [{ name: "Amoxicillin 500mg Capsules", quantity: "2" }] },
      "quantity",
    ],
    ["too many", { ...PAYLOAD, items: [{ name: "Amoxicillin 500mg Capsules", quantity: 100 }] }, "quantity"],
    ["a list, not an object", [1, 2, 3], "expected object"],
  ])("%s → 400 with a message, nothing written", async (_, body, message) => {
    await seedProducts(DEMO);
    const res = await new Client().postJson("/api/orders/checkout", body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { message: string };
    expect(json.message).toContain(message);
    expect(await countRows("orders")).toBe(0);
  });

  it("junk bodies get 4xx, never 500", async () => {
    const client = new Client();
    expect((await client.postJson("/api/orders/checkout", "{not json")).status).toBe(400);
    expect((await client.fetch("/api/orders/checkout", { method: "POST", body: "a=b" })).status).toBe(415);
    const huge = JSON.stringify({ ...PAYLOAD, items: [], pad: "x".repeat(200_000) });
    expect((await client.postJson("/api/orders/checkout", huge)).status).toBe(413);
    expect((await client.get("/api/orders/checkout")).status).toBe(405);
  });
});

describe("site-wide", () => {
  it("sends security headers on pages and a real 404 for unknown URLs", async () => {
    const client = new Client();
    const home = await client.get("/");
    expect(home.headers.get("Content-Security-Policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(home.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(home.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(home.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const missing = await client.get("/no/such/page");
    expect(missing.status).toBe(404);
    const text = await missing.text();
    expect(text).toContain("Page not found");
    expect(text).not.toMatch(/at .*\.js:\d+/);
    expect((await client.post("/no/such/page", {})).status).toBe(404);
  });

  it("serves product images from R2 with long caching, and nothing outside products/", async () => {
    await env.IMAGES.put("products/test/a.webp", new Uint8Array([82, 73, 70, 70]), {
      httpMetadata: { contentType: "image/webp" },
    });
    await env.IMAGES.put("prescriptions/secret.jpg", new Uint8Array([1, 2, 3]));
    const client = new Client();
    const ok = await client.get("/images/products/test/a.webp");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("image/webp");
    expect(ok.headers.get("Cache-Control")).toContain("immutable");
    expect((await client.get("/images/prescriptions/secret.jpg")).status).toBe(404);
    expect((await client.get("/images/products/../prescriptions/secret.jpg")).status).toBe(404);
    expect((await client.get("/images/products/none.webp")).status).toBe(404);
  });
});
