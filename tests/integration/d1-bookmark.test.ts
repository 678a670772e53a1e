/**
 * Read replicas and reading your own writes (app/services/d1-session.server.ts): every request runs in one
 * D1 session. A write starts at the primary and hands the client its bookmark (the `x-d1-bookmark` header
 * for the API, the registered cookie for a browser); the client's next read starts at that bookmark, so
 * it sees the write even from a replica. The test's D1 records where each request's session started.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { COOKIES } from "~/lib/cookies";
import { DEMO, ORIGIN, seedProducts, signUp } from "./helpers";
import { callWorker } from "./route-fixtures";

/** The test's D1, telling where each session began (a constraint, or a bookmark). */
function recordingD1() {
  const starts: string[] = [];
  const d1 = new Proxy(env.DB, {
    get(target, name) {
      const value = Reflect.get(target, name, target) as unknown;
      if (name === "withSession")
        return (start: string) => {
          starts.push(start);
          return target.withSession(start);
        };
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { bindings: { ...env, DB: d1 }, starts };
}

const HOST = new URL(ORIGIN).host;

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: ORIGIN, Host: HOST, ...headers },
  body: JSON.stringify(body),
});

describe("D1 sessions: a client reads its own writes through its bookmark", () => {
  it("the API: a write starts at the primary and answers its bookmark; the next read starts there", async () => {
    const [product] = await seedProducts([DEMO[1]!]);
    const customer = await signUp("Bookmark Reader");
    const { bindings, starts } = recordingD1();
    const bearer = { Authorization: `Bearer ${customer.token}` };

    const placed = await callWorker(
      new Request(
        `${ORIGIN}/api/orders/checkout`,
        json(
          {
            email: customer.email,
            phone: "08031234567",
            name: "Bookmark Reader",
            deliveryAddress: "5 Ogoja Road, Abakaliki",
            items: [
              { productId: String(product!.id), name: product!.name, price: 12, quantity: 1, image: "" },
            ],
            totalAmount: 12,
          },
          bearer,
        ),
      ),
      bindings,
    );
    expect(placed.status).toBe(201);
    const bookmark = placed.headers.get("x-d1-bookmark");
    expect(bookmark).toBeTruthy();
    expect(starts).toEqual(["first-primary"]);
    const { order } = (await placed.json()) as { order: { orderRef: string } };

    const read = await callWorker(
      new Request(`${ORIGIN}/api/orders/${encodeURIComponent(customer.email)}`, {
        headers: { ...bearer, Host: HOST, "x-d1-bookmark": bookmark! },
      }),
      bindings,
    );
    expect(read.status).toBe(200);
    expect(starts).toEqual(["first-primary", bookmark]);
    const { orders } = (await read.json()) as { orders: { orderRef: string }[] };
    expect(orders.map((o) => o.orderRef)).toEqual([order.orderRef]);
    // A read answers where it stood too: the client carries the newest bookmark on.
    expect(read.headers.get("x-d1-bookmark")).toBeTruthy();

    // Without a bookmark a read may start anywhere; a header that is no bookmark is ignored, not sent to D1.
    for (const sent of [undefined, "'; DROP TABLE orders; --", "x".repeat(500)]) {
      const headers: Record<string, string> = { ...bearer, Host: HOST };
      if (sent !== undefined) headers["x-d1-bookmark"] = sent;
      const response = await callWorker(new Request(`${ORIGIN}/api/products`, { headers }), bindings);
      expect(response.status).toBe(200);
      expect(starts.at(-1)).toBe("first-unconstrained");
    }
  });

  it("a browser: a form's answer sets the bookmark cookie; the next page starts at it and shows the change", async () => {
    const customer = await signUp("Bookmark Browser");
    const { bindings, starts } = recordingD1();
    const session = `${COOKIES.session.name}=${customer.client.cookies.get(COOKIES.session.name)}`;

    const saved = await callWorker(
      new Request(`${ORIGIN}/account`, {
        method: "POST",
        headers: {
          Cookie: session,
          Origin: ORIGIN,
          Host: HOST,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          intent: "profile",
          name: "Renamed Through Bookmark",
          phone: "0803 123 4567",
          deliveryAddress: "5 Ogoja Road",
          deliveryState: "Ebonyi",
        }),
      }),
      bindings,
    );
    expect(saved.status).toBe(302);
    expect(starts).toEqual(["first-primary"]);
    const line = saved.headers.getSetCookie().find((c) => c.startsWith(`${COOKIES.d1Bookmark.name}=`));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    const cookie = line!.split(";")[0]!;

    const page = await callWorker(
      new Request(`${ORIGIN}/account`, { headers: { Host: HOST, Cookie: `${session}; ${cookie}` } }),
      bindings,
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Renamed Through Bookmark");
    expect(starts).toHaveLength(2);
    expect(starts[1]).not.toBe("first-unconstrained");
    expect(starts[1]).not.toBe("first-primary");
    // A page read sets no cookie (a guest's page must stay the same for everyone); a tampered one is ignored.
    expect(page.headers.getSetCookie().some((c) => c.startsWith(COOKIES.d1Bookmark.name))).toBe(false);
    const forged = await callWorker(
      new Request(`${ORIGIN}/account`, {
        headers: { Host: HOST, Cookie: `${session}; ${COOKIES.d1Bookmark.name}=00000000-00000000` },
      }),
      bindings,
    );
    expect(forged.status).toBe(200);
    expect(starts.at(-1)).toBe("first-unconstrained");
  });
});
