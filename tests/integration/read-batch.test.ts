/**
 * Batched reads (app/db/read-batch.server.ts): the reads a request starts side by side go to D1 in one
 * round trip, each caller gets its own rows, and a failing read fails only its caller.
 */
import { env } from "cloudflare:test";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAppLoadContext } from "~/load-context";
import { createBatchedRead } from "~/db/read-batch.server";
import { backOfficeOrders } from "~/models/order-search.server";
import { loader as adminOrdersLoader } from "~/routes/admin.orders";
import { parseConfig } from "~/services/env.server";
import { getUser } from "~/services/session.server";
import { bearer, DEMO, placeOrder, seedProducts, signUp } from "./helpers";

/** The test's D1, counting its round trips: each batch() and each statement run on its own. */
function countingD1() {
  const trips: { kind: "batch" | "alone"; statements: number }[] = [];
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "batch")
        return (statements: D1PreparedStatement[]) => {
          trips.push({ kind: "batch", statements: statements.length });
          return target.batch(statements);
        };
      if (prop === "prepare")
        return (query: string) =>
          new Proxy(target.prepare(query), {
            get(statement, name) {
              if (name === "bind")
                return (...params: unknown[]) => {
                  const bound = statement.bind(...params);
                  return new Proxy(bound, {
                    get(inner, method) {
                      const value = Reflect.get(inner, method, inner);
                      if (typeof value !== "function") return value;
                      if (method === "all" || method === "first" || method === "run" || method === "raw")
                        return (...args: unknown[]) => {
                          trips.push({ kind: "alone", statements: 1 });
                          return value.apply(inner, args);
                        };
                      return value.bind(inner);
                    },
                  });
                };
              const value = Reflect.get(statement, name, statement);
              return typeof value === "function" ? value.bind(statement) : value;
            },
          });
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { d1, trips };
}

const ctx = {
  waitUntil: () => undefined,
  passThroughOnException: () => undefined,
} as unknown as ExecutionContext;

describe("batched reads", () => {
  it("reads started side by side share one batch; each gets its own rows", async () => {
    const { d1, trips } = countingD1();
    const read = createBatchedRead(d1);
    const [a, b, c] = await Promise.all([
      read<{ n: number }>(sql`SELECT 1 AS n`),
      read<{ word: string }>(sql`SELECT ${"two"} AS word UNION ALL SELECT ${"three"}`),
      read<{ n: number }>(sql`SELECT 4 AS n WHERE 0`),
    ]);
    expect(a).toEqual([{ n: 1 }]);
    expect(b).toEqual([{ word: "two" }, { word: "three" }]);
    expect(c).toEqual([]);
    expect(trips).toEqual([{ kind: "batch", statements: 3 }]);
  });

  it("a read on its own goes alone; a read after the batch left starts a new one", async () => {
    const { d1, trips } = countingD1();
    const read = createBatchedRead(d1);
    expect(await read(sql`SELECT 1 AS n`)).toEqual([{ n: 1 }]);
    await Promise.all([read(sql`SELECT 2 AS n`), read(sql`SELECT 3 AS n`)]);
    expect(trips).toEqual([
      { kind: "alone", statements: 1 },
      { kind: "batch", statements: 2 },
    ]);
  });

  it("a failing read fails only its caller: the others still get their rows", async () => {
    const { d1 } = countingD1();
    const read = createBatchedRead(d1);
    const [good, bad, alsoGood] = await Promise.allSettled([
      read(sql`SELECT 1 AS n`),
      read(sql`SELECT * FROM no_such_table`),
      read(sql`SELECT 3 AS n`),
    ]);
    expect(good).toEqual({ status: "fulfilled", value: [{ n: 1 }] });
    expect(bad.status).toBe("rejected");
    expect(String((bad as PromiseRejectedResult).reason)).toMatch(/no_such_table/);
    expect(alsoGood).toEqual({ status: "fulfilled", value: [{ n: 3 }] });
  });

  it("Admin › Orders: the session lookup and the page's query are one round trip", async () => {
    const [amox] = await seedProducts(DEMO);
    const order = await placeOrder(amox.id);
    const admin = await signUp("Batch Admin", "admin");
    const { d1, trips } = countingD1();
    const context: AppLoadContext = createAppLoadContext(
      { ...env, DB: d1 },
      ctx,
      parseConfig(env),
      "test-nonce",
    );
    const request = new Request("http://localhost/admin/orders", { headers: bearer(admin) });
    const [user, page] = await Promise.all([
      getUser(request, context),
      backOfficeOrders(context.read, { q: "", status: null, paymentStatus: null, from: null, to: null }),
    ]);
    expect(user).toMatchObject({ id: admin.id, role: "admin" });
    expect(page.orders.map((o) => o.id)).toEqual([order.id]);
    expect(trips).toEqual([{ kind: "batch", statements: 2 }]);

    // A session that is not there (or has expired) is no one, batched or not.
    const stranger = new Request("http://localhost/admin/orders", {
      headers: { Authorization: `Bearer ${"x".repeat(43)}` },
    });
    expect(await getUser(stranger, context)).toBeNull();
    await env.DB.prepare("UPDATE sessions SET expires_at = 1").run();
    const fresh = createAppLoadContext({ ...env, DB: d1 }, ctx, parseConfig(env), "test-nonce");
    expect(await getUser(request, fresh)).toBeNull();
  });

  it("Admin › Orders' loader: one round trip for an admin; a guest or a customer never gets the orders", async () => {
    const [amox] = await seedProducts(DEMO);
    await placeOrder(amox.id);
    const admin = await signUp("Loader Admin", "admin");
    const customer = await signUp("Curious Customer");
    const run = async (headers: HeadersInit) => {
      const { d1, trips } = countingD1();
      const context = createAppLoadContext({ ...env, DB: d1 }, ctx, parseConfig(env), "test-nonce");
      const request = new Request("http://localhost/admin/orders?q=Ada", { headers });
      const outcome = await adminOrdersLoader({ request, context, params: {} }).then(
        (value) => ({ value }),
        (thrown: unknown) => ({ thrown: thrown as Response | { init: ResponseInit | null } }),
      );
      return { outcome, trips };
    };

    const asAdmin = await run(bearer(admin));
    expect("value" in asAdmin.outcome && asAdmin.outcome.value.orders).toHaveLength(1);
    expect(asAdmin.trips).toEqual([{ kind: "batch", statements: 2 }]);

    // A guest is sent to log in before anything is read.
    const asGuest = await run({});
    expect("thrown" in asGuest.outcome && (asGuest.outcome.thrown as Response).status).toBe(302);
    expect(asGuest.trips).toEqual([]);

    // A customer's session is looked up with the page's query, whose rows are never used: 403.
    const asCustomer = await run(bearer(customer));
    expect("thrown" in asCustomer.outcome && asCustomer.outcome.thrown).toMatchObject({
      init: { status: 403 },
    });
    expect(asCustomer.trips).toEqual([{ kind: "batch", statements: 2 }]);
  });
});
