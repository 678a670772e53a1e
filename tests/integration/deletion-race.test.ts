/**
 * Deleting an account while its checkouts are in flight leaves no personal data: an order written before
 * the deletion is anonymised with the account's others, and one that would be written after it is refused
 * by the database (drizzle/0013's trigger), so no order keeps the customer's details or points at nobody.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { insertOrder } from "~/models/order.server";
import { bearer, Client, DEMO, GOOD_DETAILS, seedProducts, signUp } from "./helpers";
import { startPartyDouble } from "./party-double";

// Deleting an account erases its chat first: the party's side runs on its real room code.
let party: ReturnType<typeof startPartyDouble>;
beforeEach(() => {
  party = startPartyDouble();
});
afterEach(() => party.stop());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What of the customer any order still holds, and orders pointing at a deleted account. */
async function leftovers(customer: { name: string; email: string }) {
  const row = await env.DB.prepare(
    `SELECT
       (SELECT COUNT(*) FROM orders WHERE name = ?1 OR email = ?2 OR phone = '+2348031234567'
          OR delivery_address = ?3) AS personal,
       (SELECT COUNT(*) FROM orders WHERE user_id IS NOT NULL AND user_id NOT IN (SELECT id FROM users)) AS orphans`,
  )
    .bind(customer.name, customer.email, GOOD_DETAILS.deliveryAddress)
    .first<{ personal: number; orphans: number }>();
  return row!;
}

describe("an account deleted while checkouts are in flight", () => {
  it("25 API checkouts 40 ms apart around DELETE /api/me: each placed order anonymised, the rest refused", async () => {
    const [product] = await seedProducts([DEMO[1]]);
    const customer = await signUp("Ngozi Okafor");
    const body = {
      ...GOOD_DETAILS,
      name: customer.name,
      email: customer.email,
      items: [{ productId: product.id, quantity: 1 }],
    };
    const checkouts = Array.from({ length: 25 }, (_, i) =>
      pause(i * 40).then(() =>
        new Client().postJson("/api/orders/checkout", body, {
          ...bearer(customer),
          "CF-Connecting-IP": `203.0.113.${i + 1}`,
        }),
      ),
    );
    const deletion = pause(200).then(() =>
      new Client().fetch("/api/me", {
        method: "DELETE",
        body: JSON.stringify({ password: customer.password }),
        headers: { "Content-Type": "application/json", ...bearer(customer) },
      }),
    );
    const [deleted, ...answers] = await Promise.all([deletion, ...checkouts]);
    expect(deleted.status).toBe(200);
    const statuses = answers.map((res) => res.status);
    expect(
      statuses.every((status) => status === 201 || status === 401),
      statuses.join(),
    ).toBe(true);
    // The race really ran: some orders went in before the deletion, some came after it.
    expect(statuses).toContain(201);
    expect(statuses).toContain(401);

    const placed = statuses.filter((status) => status === 201).length;
    const orders = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>();
    expect(orders!.n).toBe(placed);
    expect(await leftovers(customer)).toEqual({ personal: 0, orphans: 0 });
  });

  it("the database refuses an order for an account that no longer exists, whichever path writes it", async () => {
    const [product] = await seedProducts([DEMO[1]]);
    const customer = await signUp("Tunde Bello");
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(customer.id).run();
    const order = {
      id: crypto.randomUUID(),
      orderRef: "MS-RACE01",
      accessToken: "r".repeat(43),
      idempotencyKey: `sha256:${crypto.randomUUID()}`,
      userId: customer.id,
      name: customer.name,
      email: customer.email,
      phone: "+2348031234567",
      deliveryAddress: GOOD_DETAILS.deliveryAddress,
      totalKobo: product.priceKobo,
    };
    const items = [
      { productId: product.id, name: product.name, unitPriceKobo: product.priceKobo, quantity: 1 },
    ];
    expect(await insertOrder(createDb(env.DB), order, items)).toEqual({ outcome: "account-gone" });
    await expect(
      env.DB.prepare(
        `INSERT INTO orders (id, order_ref, access_token, idempotency_key, user_id, name, email, phone, delivery_address, total_kobo)
         VALUES ('o', 'MS-RACE02', ?, 'k', ?, 'N', 'n@example.com', '+2348031234567', 'A', 100)`,
      )
        .bind("s".repeat(43), customer.id)
        .run(),
    ).rejects.toThrow(/orders_account_missing/);
    expect(await leftovers(customer)).toEqual({ personal: 0, orphans: 0 });
    // A guest's order (no account) is written as ever, and read back in its batch.
    const written = await insertOrder(createDb(env.DB), { ...order, userId: null }, items);
    expect(written.outcome).toBe("created");
    expect(written.outcome === "created" && written.order).toMatchObject({
      id: order.id,
      userId: null,
      items: [{ productId: product.id, quantity: 1 }],
    });
  });
});
