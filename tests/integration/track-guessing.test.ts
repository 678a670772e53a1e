/**
 * /track under guessing, with real concurrent requests: every lookup is counted before it looks, so however
 * many arrive at once only the allowed number look at all; and guesses by others never lock the owner's
 * browser (the one that placed the order, or found it here before) out of its own order's lookup.
 */
import { describe, expect, it } from "vitest";
import { TRACK_LIMITS } from "~/features/orders/track.server";
import { Client, DEMO, placeOrder, seedProducts } from "./helpers";

const from = (address: string) => ({ "CF-Connecting-IP": address });

async function guestOrder(client = new Client()) {
  const [product] = await seedProducts([DEMO[0]]);
  return placeOrder(product.id, { client });
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("/track counts a lookup before it looks", () => {
  it("40 parallel misses on one reference, from 40 addresses: exactly the reference's 5 look, 35 are slowed", async () => {
    const order = await guestOrder();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        new Client().post(
          "/track",
          { orderRef: order.orderRef, phone: "08099999999" },
          from(`198.51.100.${i + 1}`),
        ),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(count(statuses, 404)).toBe(TRACK_LIMITS.reference);
    expect(count(statuses, 429)).toBe(40 - TRACK_LIMITS.reference);
    const slowed = answers.find((res) => res.status === 429)!;
    expect(slowed.headers.get("Retry-After")).toBe("900");
  });

  it("40 parallel misses from one address on 40 references: exactly the address's 10 look", async () => {
    await guestOrder();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        new Client().post(
          "/track",
          { orderRef: `MS-ZZZ${String(i).padStart(3, "0")}`, phone: "08099999999" },
          from("203.0.113.77"),
        ),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(count(statuses, 404)).toBe(TRACK_LIMITS.client);
    expect(count(statuses, 429)).toBe(40 - TRACK_LIMITS.client);
  });

  it("a lookup that finds the order is no miss: 15 finds in a row from one address all go through", async () => {
    const order = await guestOrder();
    for (let i = 0; i < 15; i++) {
      const res = await new Client().post(
        "/track",
        { orderRef: order.orderRef, phone: "08031234567" },
        from("203.0.113.90"),
      );
      expect(res.status, `find ${i + 1}`).toBe(302);
    }
  });
});

describe("guessing by others never locks the owner out", () => {
  it("the browser that placed the order finds it while the reference is slowed for everyone else", async () => {
    const owner = new Client();
    const order = await guestOrder(owner);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        new Client().post(
          "/track",
          { orderRef: order.orderRef, phone: `0809999${String(i).padStart(4, "0")}` },
          from(`198.51.100.${i + 1}`),
        ),
      ),
    );
    expect(
      count(
        guesses.map((res) => res.status),
        429,
      ),
    ).toBe(20 - TRACK_LIMITS.reference);

    // Another browser, even with the right phone, waits: the reference is slowed.
    const stranger = await new Client().post(
      "/track",
      { orderRef: order.orderRef, phone: "08031234567" },
      from("203.0.113.5"),
    );
    expect(stranger.status).toBe(429);
    // The owner's browser (its device cookie holds the order) goes straight through, from any address.
    const found = await owner.post(
      "/track",
      { orderRef: order.orderRef, phone: "0803 123 4567" },
      from("203.0.113.6"),
    );
    expect(found.status).toBe(302);
    expect(found.headers.get("Location")).toBe(`/order/${order.accessToken}`);
  });

  it("a browser that found the order once is its owner's from then on; its own typos still count", async () => {
    const order = await guestOrder();
    const phone = new Client();
    expect(
      (await phone.post("/track", { orderRef: order.orderRef, phone: "08031234567" }, from("203.0.113.7")))
        .status,
    ).toBe(302);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        new Client().post(
          "/track",
          { orderRef: order.orderRef, phone: "08099999999" },
          from(`198.51.100.${i + 50}`),
        ),
      ),
    );
    expect(
      (await phone.post("/track", { orderRef: order.orderRef, phone: "08031234567" }, from("203.0.113.7")))
        .status,
    ).toBe(302);

    // Its own misses are its own count: after the reference's allowance, it waits too.
    const typos = await Promise.all(
      Array.from({ length: 8 }, () =>
        phone.post("/track", { orderRef: order.orderRef, phone: "08011111111" }, from("203.0.113.7")),
      ),
    );
    const statuses = typos.map((res) => res.status);
    expect(count(statuses, 404)).toBe(TRACK_LIMITS.reference);
    expect(count(statuses, 429)).toBe(8 - TRACK_LIMITS.reference);
    expect(
      (await phone.post("/track", { orderRef: order.orderRef, phone: "08031234567" }, from("203.0.113.7")))
        .status,
    ).toBe(429);
  });
});
