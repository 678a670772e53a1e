/** Admin › Overview at a glance: today's orders and takings, 7 days of takings, awaiting payment, low stock. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { startOfLagosDay } from "~/models/back-office-stats.server";
import { DEMO, FORM_FEE_KOBO, html, placeOrder, seedProducts, signUp } from "./helpers";

describe("admin › overview", () => {
  it("counts today's orders in Lagos time, takes only paid ones into takings, and lists low stock", async () => {
    const admin = await signUp("Pharm. Overview Admin", "admin");
    const [para, amox] = await seedProducts([DEMO[0], DEMO[1]]);
    const first = await placeOrder(para.id);
    const second = await placeOrder(amox.id);
    const third = await placeOrder(para.id);
    const fourth = await placeOrder(amox.id);
    // One unpaid order from three days ago, one cancelled today, one paid today and one whose online
    // payment failed today (no money arrived).
    await env.DB.prepare("UPDATE orders SET created_at = ? WHERE id = ?")
      .bind(startOfLagosDay(Date.now()) - 3 * 24 * 60 * 60 * 1000 + 1000, first.id)
      .run();
    await env.DB.prepare("UPDATE orders SET delivery_status = 'Cancelled' WHERE id = ?")
      .bind(second.id)
      .run();
    await env.DB.prepare("UPDATE orders SET payment_status = 'paid' WHERE id = ?").bind(third.id).run();
    await env.DB.prepare(
      "UPDATE orders SET payment_method = 'paystack', payment_status = 'failed' WHERE id = ?",
    )
      .bind(fourth.id)
      .run();
    await env.DB.prepare("UPDATE products SET stock = 0 WHERE id = ?").bind(para.id).run();
    await env.DB.prepare("UPDATE products SET stock = 3 WHERE id = ?").bind(amox.id).run();

    const page = await html(await admin.client.get("/admin"));
    expect(page).toMatch(/data-testid="count-orders-today">2</);
    expect(page).toContain(
      `data-testid="count-takings-today">₦${((para.priceKobo + FORM_FEE_KOBO) / 100).toLocaleString("en-NG", { minimumFractionDigits: 2 })}<`,
    );
    // The paid order is not awaiting payment; the cancelled one is not either.
    expect(page).toMatch(/data-testid="count-awaiting-payment">2</);
    // Takings are money received: the unpaid orders of today and of three days ago, and the failed online
    // payment, add nothing.
    const week = (para.priceKobo + FORM_FEE_KOBO) / 100;
    expect(page).toContain(
      `Takings, last 7 days: ₦${week.toLocaleString("en-NG", { minimumFractionDigits: 2 })}`,
    );
    expect(page).toContain("1 paid");
    expect(page).not.toContain("2 paid");
    expect(page).toMatch(/Out of stock/);
    expect(page).toContain("3 left");
  });
});
