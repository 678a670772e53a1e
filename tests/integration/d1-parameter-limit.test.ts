/**
 * Production D1 binds at most 100 parameters per statement; the local one allows thousands. Every list that
 * grows with the data (a customer's orders in a data export, a night's expired prescriptions, their access
 * log) is read and written through a D1 that enforces the limit (withD1ParameterLimit), with more than a
 * statement's worth of ids.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { listOrdersForUser, statusEventsFor } from "~/models/order.server";
import { accessLogFor, deletePrescriptionRows, forgetReceipts } from "~/models/privacy.server";
import { DEMO, placeOrder, seedProducts, signUp, withD1ParameterLimit } from "./helpers";

const limitedDb = () => createDb(withD1ParameterLimit(env.DB));
const ids = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-${tag}-${String(i).padStart(12, "0")}`);

describe("D1's 100 bound parameters", () => {
  it("the test's D1 refuses what production would", async () => {
    const many = ids(101, "9000");
    const tooMany = async () =>
      withD1ParameterLimit(env.DB)
        .prepare(`SELECT 1 WHERE 1 IN (${many.map(() => "?").join(",")})`)
        .bind(...many)
        .all();
    await expect(tooMany()).rejects.toThrow(/at most 100 parameters/);
  });

  it("deletes prescriptions, forgets receipts and reads access logs for hundreds at once", async () => {
    const many = ids(250, "9001");
    expect(await deletePrescriptionRows(limitedDb(), many)).toBe(0);
    expect(await forgetReceipts(limitedDb(), many)).toBe(0);
    expect(await accessLogFor(limitedDb(), many)).toEqual([]);
  });

  it("reads a customer's hundreds of orders with their lines and timelines (the data export)", async () => {
    const [product] = await seedProducts([DEMO[0]]);
    const ngozi = await signUp("Ngozi Okafor");
    const first = await placeOrder(product.id, { client: ngozi.client });
    // 120 more orders of hers, copied from the first (fresh ids and unique columns), each with its line and
    // one status change.
    const columns = (await env.DB.prepare("SELECT name FROM pragma_table_info('orders')").all()).results
      .map((row) => String(row.name))
      .filter((name) => !["id", "order_ref", "access_token", "idempotency_key"].includes(name));
    const copies = ids(120, "9002");
    await env.DB.batch(
      copies.flatMap((id, n) => [
        env.DB.prepare(
          `INSERT INTO orders (id, order_ref, access_token, idempotency_key, ${columns.join(", ")})
           SELECT ?, ?, ?, ?, ${columns.join(", ")} FROM orders WHERE id = ?`,
        ).bind(id, `MS-C${String(n).padStart(5, "0")}`, `copy-token-${n}`, `copy-key-${n}`, first.id),
        env.DB.prepare(
          "INSERT INTO order_items (order_id, product_id, name, image_key, unit_price_kobo, quantity) SELECT ?, product_id, name, image_key, unit_price_kobo, quantity FROM order_items WHERE order_id = ?",
        ).bind(id, first.id),
        env.DB.prepare(
          "INSERT INTO order_status_events (order_id, kind, from_status, to_status, changed_by_name, created_at) VALUES (?, 'status', 'Pending', 'Processing', 'Bola Admin', ?)",
        ).bind(id, 1_700_000_000_000 + (n % 7) * 1000),
      ]),
    );

    const orders = await listOrdersForUser(limitedDb(), ngozi.id, { limit: 10_000 });
    expect(orders).toHaveLength(121);
    for (const order of orders) expect(order.items).toHaveLength(1);
    const events = await statusEventsFor(
      limitedDb(),
      orders.map((o) => o.id),
    );
    expect(events).toHaveLength(120);
    expect(events.map((e) => e.createdAt)).toEqual([...events.map((e) => e.createdAt)].sort((a, b) => a - b));
  });
});
