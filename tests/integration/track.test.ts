/** /track: an order found again by reference and phone; guessing is slowed per client and per reference. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Client, DEMO, html, placeOrder, seedProducts } from "./helpers";

async function guestOrder() {
  const [product] = await seedProducts([DEMO[0]]);
  return placeOrder(product.id);
}

const from = (address: string) => ({ "CF-Connecting-IP": address });

describe("/track", () => {
  it("finds the order by reference (any case, with or without MS-) and the phone in any spelling", async () => {
    const order = await guestOrder();
    const phone = await env.DB.prepare("SELECT phone FROM orders WHERE id = ?")
      .bind(order.id)
      .first<{ phone: string }>();
    expect(phone!.phone).toBe("+2348031234567");
    for (const [ref, typed] of [
      [order.orderRef, "0803 123 4567"],
      [order.orderRef.toLowerCase(), "+2348031234567"],
      [order.orderRef.replace("MS-", ""), "2348031234567"],
    ]) {
      const res = await new Client().post("/track", { orderRef: ref, phone: typed }, from("203.0.113.10"));
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/order/${order.accessToken}`);
    }
  });

  it("says the same thing whether the reference or the phone is wrong, and keeps what was typed", async () => {
    const order = await guestOrder();
    const wrongPhone = await new Client().post(
      "/track",
      { orderRef: order.orderRef, phone: "08099999999" },
      from("203.0.113.20"),
    );
    const wrongRef = await new Client().post(
      "/track",
      { orderRef: "MS-ZZZZZZ", phone: "08031234567" },
      from("203.0.113.21"),
    );
    expect(wrongPhone.status).toBe(404);
    expect(wrongRef.status).toBe(404);
    const a = await html(wrongPhone);
    expect(a).toContain("We could not find an order with that reference and phone number.");
    expect(a).toContain("08099999999");
    expect(await html(wrongRef)).toContain(
      "We could not find an order with that reference and phone number.",
    );
    const bad = await new Client().post("/track", { orderRef: "junk!", phone: "123" }, from("203.0.113.22"));
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain("Please enter your order reference, like MS-7KQ2XD.");
  });

  it("after 5 wrong phones for one reference, that reference waits, even from other addresses and with the right phone", async () => {
    const order = await guestOrder();
    for (let i = 0; i < 5; i++) {
      const res = await new Client().post(
        "/track",
        { orderRef: order.orderRef, phone: `0809000000${i}` },
        from(`198.51.100.${i + 1}`),
      );
      expect(res.status).toBe(404);
    }
    const slowed = await new Client().post(
      "/track",
      { orderRef: order.orderRef, phone: "08031234567" },
      from("198.51.100.99"),
    );
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get("Retry-After")).toBe("900");
    expect(await html(slowed)).toContain("Too many unsuccessful lookups.");
  });

  it("after 10 misses one address waits, for any reference; another address does not", async () => {
    const order = await guestOrder();
    for (let i = 0; i < 10; i++) {
      const res = await new Client().post(
        "/track",
        { orderRef: `MS-AAAAA${"0123456789"[i]}`, phone: "08031234567" },
        from("192.0.2.50"),
      );
      expect(res.status).toBe(404);
    }
    const slowed = await new Client().post(
      "/track",
      { orderRef: order.orderRef, phone: "08031234567" },
      from("192.0.2.50"),
    );
    expect(slowed.status).toBe(429);
    const other = await new Client().post(
      "/track",
      { orderRef: order.orderRef, phone: "08031234567" },
      from("192.0.2.51"),
    );
    expect(other.status).toBe(302);
  });

  /** A miss on a made-up reference from each address in turn. */
  async function missFrom(addresses: string[], refPrefix: string) {
    for (const [i, address] of addresses.entries()) {
      const res = await new Client().post(
        "/track",
        { orderRef: `MS-${refPrefix}${"0123456789"[i]}`, phone: "08031234567" },
        from(address),
      );
      expect(res.status, address).toBe(404);
    }
  }

  async function lookUp(orderRef: string, address: string): Promise<number> {
    return (await new Client().post("/track", { orderRef, phone: "08031234567" }, from(address))).status;
  }

  it("counts one IPv6 /64 as one client however its address is spelled", async () => {
    const order = await guestOrder();
    await missFrom(
      [
        "2001:db8:7a::1",
        "2001:0DB8:007A:0000:0000:0000:0000:0002",
        "2001:db8:7a:0::3",
        "2001:DB8:7A::ABCD",
        "2001:db8:7a:0:ffff::1",
        "[2001:db8:7a::6]",
        "2001:db8:7a:0:1:2:192.0.2.7",
        "2001:0db8:7a::8",
        "2001:db8:007a::9",
        "2001:db8:7a:0000:0::10",
      ],
      "BBBBB",
    );
    expect(await lookUp(order.orderRef, "2001:db8:7a::ffff")).toBe(429);
    // The next /64 is another client.
    expect(await lookUp(order.orderRef, "2001:db8:7a:1::1")).toBe(302);
  });

  it("counts an IPv4 client as one whether its address comes plain or IPv4-mapped", async () => {
    const order = await guestOrder();
    const spellings = ["192.0.2.60", "::ffff:192.0.2.60", "::FFFF:C000:023C", "0:0:0:0:0:ffff:192.0.2.60"];
    await missFrom(
      Array.from({ length: 10 }, (_, i) => spellings[i % spellings.length]!),
      "CCCCC",
    );
    expect(await lookUp(order.orderRef, "192.0.2.60")).toBe(429);
  });
});
