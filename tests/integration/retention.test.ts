/**
 * The retention job as the Cron Trigger runs it: the Worker's exported `scheduled` handler, in the Workers
 * runtime, with rows dated on both sides of each period. It removes exactly what is due and nothing else,
 * and logs counts only.
 */
import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import {
  DEMO,
  FORM_FEE_KOBO,
  placeOrder,
  PNG_BYTES,
  seedProducts,
  signUp,
  withD1ParameterLimit,
} from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2031, 5, 1, 2, 17);
const prescriptionDays = Number(env.RETENTION_PRESCRIPTION_DAYS);
const contactDays = Number(env.RETENTION_CONTACT_DAYS);
const orderYears = Number(env.ORDER_RECORD_YEARS);

async function prescription(id: string, userId: string | null, createdAt: number) {
  const key = `prescriptions/test/${id}.webp`;
  await env.IMAGES.put(key, PNG_BYTES);
  await env.DB.prepare(
    "INSERT INTO prescriptions (id, user_id, image_key, content_type, size_bytes, consent_at, created_at) VALUES (?, ?, ?, 'image/webp', 10, ?, ?)",
  )
    .bind(id, userId, key, createdAt, createdAt)
    .run();
  return key;
}

const ids = async (sql: string) => (await env.DB.prepare(sql).all()).results.map((r) => Object.values(r)[0]);

describe("the scheduled retention job", () => {
  it("deletes what is past its period, and nothing else", async () => {
    const [product] = await seedProducts([DEMO[0]]);
    const ngozi = await signUp("Ngozi Okafor");
    const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

    // Prescriptions: one just past the period, one just inside, one past but needed by an open order, one
    // past whose order was delivered, and a guest's past its period.
    const due = await prescription(uuid(1), ngozi.id, NOW - prescriptionDays * DAY - 1000);
    const fresh = await prescription(uuid(2), ngozi.id, NOW - prescriptionDays * DAY + 60_000);
    const held = await prescription(uuid(3), ngozi.id, NOW - prescriptionDays * DAY - DAY);
    const closed = await prescription(uuid(4), ngozi.id, NOW - prescriptionDays * DAY - DAY);
    const guest = await prescription(uuid(5), null, NOW - prescriptionDays * DAY - DAY);
    const open = await placeOrder(product.id, { client: ngozi.client });
    const delivered = await placeOrder(product.id, { client: ngozi.client });
    const old = await placeOrder(product.id);
    const recent = await placeOrder(product.id);
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET prescription_id = ?, created_at = ? WHERE id = ?").bind(
        uuid(3),
        NOW,
        open.id,
      ),
      env.DB.prepare(
        "UPDATE orders SET prescription_id = ?, delivery_status = 'Delivered', created_at = ? WHERE id = ?",
      ).bind(uuid(4), NOW, delivered.id),
      env.DB.prepare("UPDATE orders SET created_at = ? WHERE id = ?").bind(
        NOW - Math.round(orderYears * 365.25 * DAY) - DAY,
        old.id,
      ),
      env.DB.prepare("UPDATE orders SET created_at = ? WHERE id = ?").bind(
        NOW - Math.round(orderYears * 365.25 * DAY) + DAY,
        recent.id,
      ),
      // Contact messages: one past, one inside.
      env.DB.prepare(
        "INSERT INTO contact_messages (name, email, message, created_at) VALUES (?, ?, ?, ?)",
      ).bind("Old", "old@example.com", "old message", NOW - contactDays * DAY - 1000),
      env.DB.prepare(
        "INSERT INTO contact_messages (name, email, message, created_at) VALUES (?, ?, ?, ?)",
      ).bind("New", "new@example.com", "new message", NOW - contactDays * DAY + 60_000),
      // Sessions: the sign-up's expire 30 days from today, long before NOW; this one outlives NOW.
      env.DB.prepare("INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ('still-valid', ?, ?)").bind(
        ngozi.id,
        NOW + DAY,
      ),
      env.DB.prepare(
        "INSERT INTO auth_throttle (key, failures, window_started_at) VALUES ('idle', 3, ?)",
      ).bind(NOW - 2 * DAY),
      env.DB.prepare(
        "INSERT INTO auth_throttle (key, failures, window_started_at) VALUES ('recent', 3, ?)",
      ).bind(NOW - 60_000),
    ]);
    // Transfer receipts: the old order's goes with its anonymisation; the recent one's stays.
    const oldReceipt = `receipts/${old.id}/r.webp`;
    const recentReceipt = `receipts/${recent.id}/r.webp`;
    for (const [order, key] of [
      [old, oldReceipt],
      [recent, recentReceipt],
    ] as const) {
      await env.IMAGES.put(key, PNG_BYTES);
      await env.DB.prepare("UPDATE orders SET receipt_key = ?, receipt_uploaded_at = ? WHERE id = ?")
        .bind(key, NOW - DAY, order.id)
        .run();
    }
    // Audit entries: one whose order-record period has run out, one written yesterday. The append-only
    // trigger goes by the database's clock, so these are dated by the real one.
    const period = Math.round(orderYears * 365.25 * DAY);
    const written = [Date.now() - period - 2 * DAY, Date.now() - DAY];
    for (const [n, at] of written.entries()) {
      await env.DB.prepare(
        `INSERT INTO audit_log (actor_id, actor_name, actor_role, action, record_type, record_id, created_at, keep_until)
         VALUES ('retention-admin', 'Pharm. Old', 'staff', 'product_deleted', 'product', ?, ?, ?)`,
      )
        .bind(`audit-${n}`, at, at + period)
        .run();
    }
    const sessionsBefore = (await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions").first<number>("n"))!;

    const log = vi.spyOn(console, "log");
    // Every message of this test was written long before NOW (MESSAGE_KEEP_DAYS).
    const messagesBefore = (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox").first<{ n: number }>())!
      .n;
    await worker.scheduled(createScheduledController({ scheduledTime: NOW, cron: "17 2 * * *" }), env);

    expect(await ids("SELECT id FROM prescriptions ORDER BY id")).toEqual([uuid(2), uuid(3)]);
    for (const key of [due, closed, guest]) expect(await env.IMAGES.head(key)).toBeNull();
    for (const key of [fresh, held]) expect(await env.IMAGES.head(key)).not.toBeNull();
    expect(await ids("SELECT message FROM contact_messages")).toEqual(["new message"]);
    expect(await ids("SELECT id_hash FROM sessions")).toEqual(["still-valid"]);
    expect(await ids("SELECT key FROM auth_throttle")).toEqual(["recent"]);
    expect(await ids("SELECT record_id FROM audit_log WHERE actor_id = 'retention-admin'")).toEqual([
      "audit-1",
    ]);
    const orders = await env.DB.prepare(
      "SELECT id, name, email, phone, delivery_address, total_kobo FROM orders",
    ).all();
    const byId = new Map(orders.results.map((o) => [o.id, o]));
    expect(byId.get(old.id)).toMatchObject({
      name: "Deleted customer",
      email: "",
      phone: "",
      delivery_address: "",
    });
    expect(byId.get(old.id)!.total_kobo).toBe(product.priceKobo + FORM_FEE_KOBO);
    for (const id of [recent.id, open.id, delivered.id])
      expect(byId.get(id)!.name).not.toBe("Deleted customer");
    expect(await env.IMAGES.head(oldReceipt)).toBeNull();
    expect(await env.IMAGES.head(recentReceipt)).not.toBeNull();
    expect(await ids("SELECT receipt_key FROM orders WHERE receipt_key IS NOT NULL")).toEqual([
      recentReceipt,
    ]);

    const report = {
      job: "retention",
      removed: {
        prescriptions: 3,
        receipts: 1,
        strayImages: 0,
        contactMessages: 1,
        sessions: sessionsBefore - 1,
        loginThrottles: 1,
        ordersAnonymised: 1,
        auditEntries: 1,
        messages: messagesBefore,
      },
    };
    expect(log).toHaveBeenCalledWith(JSON.stringify(report));
    log.mockRestore();

    // A second run the same night finds nothing more to do.
    const again = vi.spyOn(console, "log");
    await worker.scheduled(createScheduledController({ scheduledTime: NOW, cron: "17 2 * * *" }), env);
    expect(again).toHaveBeenCalledWith(
      JSON.stringify({
        job: "retention",
        removed: {
          prescriptions: 0,
          receipts: 0,
          strayImages: 0,
          contactMessages: 0,
          sessions: 0,
          loginThrottles: 0,
          ordersAnonymised: 0,
          auditEntries: 0,
          messages: 0,
        },
      }),
    );
    again.mockRestore();
  });

  it("finishes deletions whose R2 step failed: personal images without a row go once a day old", async () => {
    const [product] = await seedProducts([DEMO[0]]);
    const ngozi = await signUp("Ngozi Okafor");
    const order = await placeOrder(product.id, { client: ngozi.client });
    // Kept: a prescription and a receipt that still have their rows, and a product picture.
    const kept = await prescription("00000000-0000-4000-8000-000000000001", ngozi.id, Date.now());
    const receipt = `receipts/${order.id}/r.webp`;
    await env.IMAGES.put(receipt, PNG_BYTES);
    await env.DB.prepare("UPDATE orders SET receipt_key = ? WHERE id = ?").bind(receipt, order.id).run();
    await env.IMAGES.put("products/picture.webp", PNG_BYTES);
    // Left behind: 120 prescriptions' and 3 receipts' objects whose rows are gone (more than one D1
    // statement's worth of parameters, as production D1 counts them).
    const stray = [
      ...Array.from({ length: 120 }, (_, n) => `prescriptions/gone/${n}.webp`),
      ...Array.from({ length: 3 }, (_, n) => `receipts/gone-${n}/r.webp`),
    ];
    for (const key of stray) await env.IMAGES.put(key, PNG_BYTES);

    const limited = { ...env, DB: withD1ParameterLimit(env.DB) };
    const run = async (scheduledTime: number) => {
      const log = vi.spyOn(console, "log");
      await worker.scheduled(createScheduledController({ scheduledTime, cron: "17 2 * * *" }), limited);
      const report = JSON.parse(String(log.mock.calls.at(-1)?.[0])) as { removed: { strayImages: number } };
      log.mockRestore();
      return report.removed.strayImages;
    };

    // Uploaded just now: an object may be a moment ahead of its row, so nothing is taken yet.
    expect(await run(Date.now())).toBe(0);
    for (const key of stray) expect(await env.IMAGES.head(key)).not.toBeNull();

    expect(await run(Date.now() + 2 * DAY)).toBe(123);
    for (const key of stray) expect(await env.IMAGES.head(key)).toBeNull();
    for (const key of [kept, receipt, "products/picture.webp"])
      expect(await env.IMAGES.head(key)).not.toBeNull();
    expect(await run(Date.now() + 2 * DAY)).toBe(0);
  });
});
