/**
 * The database holds every closed vocabulary to its registry (app/lib/vocabularies.ts): each column the
 * Drizzle schema declares with a list of values has a trigger on insert and on update refusing any other,
 * and the trigger's list is the schema's (which reads the registry), value for value.
 */
import { env } from "cloudflare:test";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { GUEST_CHANNELS } from "~/lib/messages";
import {
  DELIVERY_STATUS,
  MEDICINE_CLASS,
  PAYMENT_METHOD,
  PAYMENT_STATUS,
  REVIEW_STATUS,
} from "~/lib/vocabularies";
import { DEMO, placeOrder, seedProducts } from "./helpers";

/** Every column the schema gives a list of values: table, column, values. */
function vocabularyColumns() {
  return (
    (Object.values(schema) as unknown[])
      .filter((value): value is SQLiteTable => value instanceof SQLiteTable)
      .flatMap((table) => {
        const config = getTableConfig(table);
        return config.columns
          .filter((column) => (column as { enumValues?: string[] }).enumValues?.length)
          .map((column) => ({
            table: config.name,
            column: column.name,
            values: (column as unknown as { enumValues: string[] }).enumValues,
          }));
      })
      // An account's role is its permission model (lib/user.ts), kept apart from these vocabularies.
      .filter(({ table, column }) => !(table === "users" && column === "role"))
  );
}

async function triggers(): Promise<Map<string, string>> {
  const rows = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_values_%'",
  ).all<{ name: string; sql: string }>();
  return new Map(rows.results.map((row) => [row.name, row.sql]));
}

/** The values a trigger's `NOT IN (…)` allows, in its order. */
function allowed(sql: string, column: string): string[] {
  const list = new RegExp(`new\\.${column} NOT IN \\(([^)]*)\\)`).exec(sql);
  expect(list, sql).not.toBeNull();
  return list![1].split(",").map((value) => value.trim().replace(/^'|'$/g, ""));
}

describe("vocabulary checks in the database", () => {
  it("every vocabulary column has an insert and an update trigger whose list is the registry's", async () => {
    const columns = vocabularyColumns();
    expect(columns.map(({ table, column }) => `${table}.${column}`).sort()).toEqual([
      "consents.kind",
      "order_status_events.kind",
      "orders.delivery_status",
      "orders.payment_method",
      "orders.payment_status",
      "orders.review_status",
      "orders.updates_by",
      "outbox.channel",
      "outbox.kind",
      "outbox.state",
      "prescription_reviews.decision",
      "products.medicine_class",
    ]);
    // The schema's lists are the registries themselves.
    const byName = new Map(columns.map((c) => [`${c.table}.${c.column}`, c.values]));
    expect(byName.get("orders.delivery_status")).toEqual([...DELIVERY_STATUS.values]);
    expect(byName.get("orders.payment_status")).toEqual([...PAYMENT_STATUS.values]);
    expect(byName.get("orders.payment_method")).toEqual([...PAYMENT_METHOD.values]);
    expect(byName.get("products.medicine_class")).toEqual([...MEDICINE_CLASS.values]);
    expect(byName.get("orders.updates_by")).toEqual([...GUEST_CHANNELS]);

    const present = await triggers();
    for (const { table, column, values } of columns)
      for (const when of ["insert", "update"]) {
        const name = `${table}_${column}_values_${when}`;
        expect(present.has(name), `trigger ${name}`).toBe(true);
        expect(allowed(present.get(name)!, column), name).toEqual(values);
        expect(present.get(name), name).toContain(
          when === "insert" ? "BEFORE INSERT" : `BEFORE UPDATE OF ${column}`,
        );
      }
    expect(present.size).toBe(columns.length * 2);
  });

  it("refuses a value outside the list, on insert and on update; null passes where the column allows it", async () => {
    const [product] = await seedProducts([DEMO[1]]);
    const order = await placeOrder(product.id);
    const update = (column: string, value: string | null) =>
      env.DB.prepare(`UPDATE orders SET ${column} = ? WHERE id = ?`).bind(value, order.id).run();
    await expect(update("delivery_status", "Lost")).rejects.toThrow("orders_delivery_status_unknown");
    await expect(update("payment_status", "maybe")).rejects.toThrow("orders_payment_status_unknown");
    await expect(update("payment_method", "cheque")).rejects.toThrow("orders_payment_method_unknown");
    await expect(update("review_status", "waived")).rejects.toThrow("orders_review_status_unknown");
    await expect(update("updates_by", "email")).rejects.toThrow("orders_updates_by_unknown");
    await update("review_status", null);
    for (const status of REVIEW_STATUS.values) await update("review_status", status);
    await expect(
      env.DB.prepare("UPDATE products SET medicine_class = 'herbal' WHERE id = ?").bind(product.id).run(),
    ).rejects.toThrow("products_medicine_class_unknown");
    await expect(
      env.DB.prepare(
        "INSERT INTO products (name, category, price_kobo, medicine_class) VALUES ('X', 'Analgesics', 100, 'herbal')",
      ).run(),
    ).rejects.toThrow("products_medicine_class_unknown");
    await expect(
      env.DB.prepare(
        "INSERT INTO order_status_events (order_id, kind, from_status, to_status, changed_by_name) VALUES (?, 'note', '', '', 'x')",
      )
        .bind(order.id)
        .run(),
    ).rejects.toThrow("order_status_events_kind_unknown");
    const row = await env.DB.prepare("SELECT delivery_status, payment_status FROM orders WHERE id = ?")
      .bind(order.id)
      .first();
    expect(row).toEqual({ delivery_status: "Pending", payment_status: "unpaid" });
  });
});
