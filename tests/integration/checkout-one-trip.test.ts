/**
 * `POST /api/orders/checkout` in one trip to D1 when the request claims everything its order is made from
 * (items by id, at the prices the client was shown): the order's batch decides in its own SQL whether it
 * may write (the session live, the key unused, each product still at that price, in stock and sold without
 * a prescription). Whatever it refuses writes nothing (no order, line, stock taken or message) and is then
 * answered exactly as the checkout that reads first answers it.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  IDEMPOTENCY_KEY_REUSED,
  outOfStockMessage,
  PRESCRIPTION_REQUIRED_API,
} from "~/features/checkout/messages";
import { sql } from "drizzle-orm";
import { createDb } from "~/db/client.server";
import { deliveryFeeFor } from "~/features/delivery/delivery-view";
import { deliveryFeeSql, FREE_DELIVERY_THRESHOLD_KEY } from "~/models/delivery.server";
import { BEARER_TOKEN_DEAD } from "~/services/session.server";
import { countTrips } from "../../workers/d1-trips";
import {
  bearer,
  FORM_DETAILS,
  FORM_FEE_KOBO,
  ORIGIN,
  seedProducts,
  signUp,
  type SeededProduct,
} from "./helpers";
import { callWorker } from "./route-fixtures";

const DETAILS = {
  name: "Ada Obi",
  email: "ada@example.com",
  phone: "08031234567",
  deliveryAddress: "5 Ogoja Road, Abakaliki",
};

/** Every D1 call waits this long, so calls made side by side share a trip (as in d1-trips.test.ts). */
const DISTANCE_MS = 50;

type Answer = {
  status: number;
  trips: number;
  json: {
    message?: string;
    order?: { orderRef: string; totalAmount: number };
    totalAmount?: number;
    priceChanges?: unknown[];
  };
};

async function checkout(body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const trips = countTrips(env.DB, { delayMs: DISTANCE_MS });
  const response = await callWorker(
    new Request(`${ORIGIN}/api/orders/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Host: new URL(ORIGIN).host, ...headers },
      body: JSON.stringify(body),
    }),
    { ...env, DB: trips.d1 },
  );
  return { status: response.status, trips: trips.trips(), json: (await response.json()) as Answer["json"] };
}

const itemsOf = (product: SeededProduct, quantity: number, priceKobo = product.priceKobo) => ({
  ...DETAILS,
  items: [{ productId: product.id, name: product.name, price: priceKobo / 100, quantity }],
});

async function product(stock: number | null, medicineClass = "otc"): Promise<SeededProduct> {
  const [seeded] = await seedProducts([
    { name: `Test product ${crypto.randomUUID()}`, category: "Analgesics", priceKobo: 120_000 },
  ]);
  await env.DB.prepare("UPDATE products SET stock = ?, medicine_class = ? WHERE id = ?")
    .bind(stock, medicineClass, seeded!.id)
    .run();
  return seeded!;
}

const count = async (table: "orders" | "order_items" | "outbox") =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

const stockOf = async (id: number) =>
  (await env.DB.prepare("SELECT stock FROM products WHERE id = ?")
    .bind(id)
    .first<{ stock: number | null }>())!.stock;

/** Everything a checkout may write, to compare before and after a refused one. */
async function written(productId: number) {
  return {
    orders: await count("orders"),
    items: await count("order_items"),
    outbox: await count("outbox"),
    stock: await stockOf(productId),
  };
}

describe("POST /api/orders/checkout in one trip to D1", () => {
  it("a customer's order priced as the catalogue prices it: written in one trip, replayed in one", async () => {
    const ngozi = await signUp("Ngozi Okafor");
    const amox = await product(5);
    const key = "one-trip-key-0001";
    const headers = { ...bearer(ngozi), "Idempotency-Key": key };

    const first = await checkout(itemsOf(amox, 2), headers);
    expect(first.status).toBe(201);
    expect(first.trips).toBe(1);
    expect(first.json.priceChanges).toBeUndefined();
    expect(first.json.order!.totalAmount).toBe(2400);
    const row = await env.DB.prepare(
      "SELECT id, user_id, idempotency_key, total_kobo, review_status FROM orders WHERE order_ref = ?",
    )
      .bind(first.json.order!.orderRef)
      .first<{
        id: string;
        user_id: string;
        idempotency_key: string;
        total_kobo: number;
        review_status: null;
      }>();
    expect(row).toMatchObject({ user_id: ngozi.id, total_kobo: 240_000, review_status: null });
    // Scoped to the account, the key itself never stored.
    expect(row!.idempotency_key).toMatch(new RegExp(`^user:${ngozi.id}:sha256:[0-9a-f]{64}$`));
    expect(row!.idempotency_key).not.toContain(key);
    const lines = await env.DB.prepare(
      "SELECT product_id, name, unit_price_kobo, quantity FROM order_items WHERE order_id = ?",
    )
      .bind(row!.id)
      .all();
    expect(lines.results).toEqual([
      { product_id: amox.id, name: amox.name, unit_price_kobo: 120_000, quantity: 2 },
    ]);
    expect(await stockOf(amox.id)).toBe(3);
    const messages = await env.DB.prepare("SELECT kind, user_id FROM outbox WHERE order_id = ?")
      .bind(row!.id)
      .all<{ kind: string; user_id: string }>();
    expect(messages.results.length).toBeGreaterThan(0);
    expect(messages.results.every((m) => m.kind === "order_received" && m.user_id === ngozi.id)).toBe(true);

    const before = await written(amox.id);
    const again = await checkout(itemsOf(amox, 2), headers);
    expect(again.status).toBe(200);
    expect(again.trips).toBe(1);
    expect(again.json.order!.orderRef).toBe(first.json.order!.orderRef);
    expect(await written(amox.id)).toEqual(before);

    const other = await checkout(itemsOf(amox, 1), headers);
    expect(other.status).toBe(409);
    expect(other.json.message).toBe(IDEMPOTENCY_KEY_REUSED);
    expect(await written(amox.id)).toEqual(before);
  });

  it("a guest's order: one trip, no account", async () => {
    const para = await product(null);
    const placed = await checkout(itemsOf(para, 1), { "CF-Connecting-IP": "203.0.113.91" });
    expect(placed.status).toBe(201);
    expect(placed.trips).toBe(1);
    const row = await env.DB.prepare("SELECT user_id FROM orders WHERE order_ref = ?")
      .bind(placed.json.order!.orderRef)
      .first<{ user_id: string | null }>();
    expect(row!.user_id).toBeNull();
  });

  it("a price the catalogue changed since: the order is made at the catalogue's price, and said", async () => {
    const vitc = await product(10);
    const placed = await checkout(itemsOf(vitc, 1, 100_000));
    expect(placed.status).toBe(201);
    expect(placed.json.order!.totalAmount).toBe(1200);
    expect(placed.json.priceChanges).toEqual([{ name: vitc.name, clientPrice: 1000, price: 1200 }]);
  });

  it("refusals write nothing and say exactly why", async () => {
    const ngozi = await signUp("Refused Buyer");
    const last = await product(1);
    const before = await written(last.id);

    const dead = await checkout(itemsOf(last, 1), { Authorization: `Bearer ${"D".repeat(43)}` });
    expect(dead.status).toBe(401);
    expect(dead.json.message).toBe(BEARER_TOKEN_DEAD);
    expect(await written(last.id)).toEqual(before);

    // A malformed header beside a live session cookie: refused, not placed as the cookie's account.
    const cookie = [...ngozi.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const malformed = await checkout(itemsOf(last, 1), { Authorization: "Basic abc", Cookie: cookie });
    expect(malformed.status).toBe(401);
    expect(await written(last.id)).toEqual(before);

    const short = await checkout(itemsOf(last, 2), bearer(ngozi));
    expect(short.status).toBe(409);
    expect(short.json.message).toBe(outOfStockMessage([{ name: last.name, left: 1 }]));
    expect(await written(last.id)).toEqual(before);

    const rx = await product(5, "prescription");
    const rxBefore = await written(rx.id);
    const unprescribed = await checkout(itemsOf(rx, 1), bearer(ngozi));
    expect(unprescribed.status).toBe(400);
    expect(unprescribed.json.message).toBe(PRESCRIPTION_REQUIRED_API);
    expect(await written(rx.id)).toEqual(rxBefore);

    const unknown = await checkout({ ...DETAILS, items: [{ productId: 99_999_999, price: 1, quantity: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe("Unknown product: 99999999");
    expect(await written(last.id)).toEqual(before);
  });

  it("two buyers racing for the last unit: one order, stock never below zero", async () => {
    const last = await product(1);
    const answers = await Promise.all(
      ["203.0.113.92", "203.0.113.93"].map((address) =>
        checkout(itemsOf(last, 1), { "CF-Connecting-IP": address }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await stockOf(last.id)).toBe(0);
  });

  it("a delivery state with the total the client was quoted: one trip, the fee as the server charges it", async () => {
    const vitc = await product(10);
    const state = FORM_DETAILS.deliveryState;
    const quoted = {
      ...itemsOf(vitc, 2),
      deliveryState: state,
      totalAmount: (240_000 + FORM_FEE_KOBO) / 100,
    };
    const placed = await checkout(quoted, { "CF-Connecting-IP": "203.0.113.94" });
    expect(placed.status).toBe(201);
    expect(placed.trips).toBe(1);
    const row = await env.DB.prepare(
      "SELECT delivery_state, delivery_fee_kobo, total_kobo FROM orders WHERE order_ref = ?",
    )
      .bind(placed.json.order!.orderRef)
      .first();
    expect(row).toEqual({ delivery_state: state, delivery_fee_kobo: FORM_FEE_KOBO, total_kobo: 340_000 });

    // Free from the threshold on: a client quoted the free delivery gets it in one trip too.
    await env.DB.prepare("INSERT OR REPLACE INTO shop_settings (key, value, updated_at) VALUES (?, ?, ?)")
      .bind(FREE_DELIVERY_THRESHOLD_KEY, "200000", Date.now())
      .run();
    const free = await checkout({ ...quoted, totalAmount: 2400 }, { "CF-Connecting-IP": "203.0.113.95" });
    expect(free.status).toBe(201);
    expect(free.trips).toBe(1);
    expect(free.json.order!.totalAmount).toBe(2400);

    // A total quoted with a fee that is not the server's: the order carries the server's fee, and says so.
    const wrong = await checkout(
      { ...itemsOf(vitc, 1), deliveryState: state, totalAmount: 1300 },
      { "CF-Connecting-IP": "203.0.113.96" },
    );
    expect(wrong.status).toBe(201);
    expect(wrong.json.order!.totalAmount).toBe(1200 + FORM_FEE_KOBO / 100);
    expect(wrong.json.totalAmount).toBe(1200 + FORM_FEE_KOBO / 100);
  });

  it("the fee as SQL and the fee as the checkout computes it agree", async () => {
    const db = createDb(env.DB);
    const state = FORM_DETAILS.deliveryState;
    for (const stateFee of [0, 50_000]) {
      await env.DB.prepare("UPDATE delivery_fees SET fee_kobo = ? WHERE state = ?")
        .bind(stateFee, state)
        .run();
      for (const threshold of [null, "100000", "0", "junk"]) {
        await env.DB.prepare("DELETE FROM shop_settings WHERE key = ?")
          .bind(FREE_DELIVERY_THRESHOLD_KEY)
          .run();
        if (threshold !== null)
          await env.DB.prepare(
            "INSERT OR REPLACE INTO shop_settings (key, value, updated_at) VALUES (?, ?, ?)",
          )
            .bind(FREE_DELIVERY_THRESHOLD_KEY, threshold, Date.now())
            .run();
        const asRead = threshold === "100000" ? 100_000 : null;
        for (const subtotal of [1, 99_999, 100_000, 100_001]) {
          const [row] = await db.all<{ fee: number | null }>(
            sql`SELECT ${deliveryFeeSql(state, subtotal)} AS fee`,
          );
          expect(row!.fee, `${stateFee} ${threshold} ${subtotal}`).toBe(
            deliveryFeeFor(stateFee, subtotal, asRead).feeKobo,
          );
        }
      }
    }
    const [none] = await db.all<{ fee: number | null }>(sql`SELECT ${deliveryFeeSql("Atlantis", 1)} AS fee`);
    expect(none!.fee).toBeNull();
  });
});
