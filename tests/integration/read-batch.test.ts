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
import { listProductCards } from "~/models/product.server";
import { loader as homeLoader } from "~/routes/_index";
import { loader as rootLoader } from "~/root";
import { loader as adminOrdersLoader } from "~/routes/admin.orders";
import { loader as apiAllOrdersLoader } from "~/routes/api.orders.all-orders";
import { parseConfig } from "~/services/env.server";
import { getUser } from "~/services/session.server";
import { toCard } from "~/features/catalogue/shop.server";
import { bearer, DEMO, placeOrder, seedProducts, signUp } from "./helpers";

const RUNS = new Set(["all", "first", "run", "raw"]);

/**
 * The test's D1, telling `onRun` of each statement run on its own (with the table it reads, its first
 * `FROM`, and its answer to come), bound or not, and `onBatch` of each batch() and its size.
 */
function watchedD1({
  onRun,
  onBatch = () => {},
}: {
  onRun: (table: string, answer: Promise<unknown>) => void;
  onBatch?: (statements: number) => void;
}) {
  const watched = (statement: D1PreparedStatement, table: string): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, name) {
        const value = Reflect.get(target, name, target);
        if (typeof value !== "function") return value;
        if (name === "bind")
          return (...params: unknown[]) => watched(value.apply(target, params) as D1PreparedStatement, table);
        if (RUNS.has(String(name)))
          return (...args: unknown[]) => {
            const answer = value.apply(target, args) as Promise<unknown>;
            onRun(table, answer);
            return answer;
          };
        return value.bind(target);
      },
    });
  return new Proxy(env.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "prepare")
        return (query: string) =>
          watched(target.prepare(query), /\bfrom\s+["`]?(\w+)/i.exec(query)?.[1] ?? "?");
      if (prop === "batch")
        return (statements: D1PreparedStatement[]) => {
          onBatch(statements.length);
          return target.batch(statements);
        };
      return value.bind(target);
    },
  });
}

/** The test's D1, counting its round trips: each batch() and each statement run on its own. */
function countingD1() {
  const trips: { kind: "batch" | "alone"; statements: number }[] = [];
  const d1 = watchedD1({
    onRun: () => trips.push({ kind: "alone", statements: 1 }),
    onBatch: (statements) => trips.push({ kind: "batch", statements }),
  });
  return { d1, trips };
}

/**
 * The test's D1, logging when each statement is sent and when its answer is back, by the table it reads:
 * whether reads travelled side by side or waited on each other.
 */
function loggingD1() {
  const log: string[] = [];
  const d1 = watchedD1({
    onRun: (table, answer) => {
      log.push(`send ${table}`);
      const done = () => void log.push(`done ${table}`);
      answer.then(done, done);
    },
  });
  /** Whether `a` was sent before `b`'s answer was back (they were in flight together at some point). */
  const overlapped = (a: string, b: string) => {
    const sentA = log.indexOf(`send ${a}`);
    const sentB = log.indexOf(`send ${b}`);
    return sentA >= 0 && sentB >= 0 && sentA < log.indexOf(`done ${b}`) && sentB < log.indexOf(`done ${a}`);
  };
  return { d1, log, overlapped };
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

  it("the home page of a guest: its statements, built once, are one round trip, kept until the catalogue changes", async () => {
    await seedProducts([
      ...DEMO,
      { name: "Ibuprofen 400mg Tablets", category: "Analgesics", priceKobo: 90_000, imageKey: "ibu.webp" },
      { name: "Zinc Tablets", category: "Wellbeing / Dietary Supplements", priceKobo: 50_000 },
    ]);
    await env.DB.prepare(
      "UPDATE products SET medicine_class = 'prescription', stock = 7 WHERE name LIKE 'Amox%'",
    ).run();
    const load = async (url: string) => {
      const { d1, trips } = countingD1();
      const context = createAppLoadContext({ ...env, DB: d1 }, ctx, parseConfig(env), "test-nonce");
      const request = new Request(url);
      const [, home] = await Promise.all([
        rootLoader({ request, context, params: {} }),
        homeLoader({ request, context, params: {} }),
      ]);
      return { home, trips };
    };
    // The tests trust a catalogue version for 0 ms: every page reads it (one statement on its own).
    const version = { kind: "alone", statements: 1 };

    const first = await load("http://localhost/");
    expect(first.trips).toEqual([version, { kind: "batch", statements: 5 }]);
    expect(first.home.hero.map((card) => card.name)).toEqual([
      "Paracetamol 500mg Tablets",
      "Amoxicillin 500mg Capsules",
      "Vitamin C 1000mg",
      "Ibuprofen 400mg Tablets",
    ]);
    // The cards are what Drizzle's own mapping of the same page makes of its rows.
    const { products } = await listProductCards(createAppLoadContext(env, ctx, parseConfig(env), "n"), {});
    expect(first.home.grid.products).toEqual(products.map(toCard));
    expect(first.home.grid.products.find((card) => card.name.startsWith("Amox"))).toMatchObject({
      medicineClass: "prescription",
    });
    expect(first.home.grid.hasMore).toBe(false);

    // The same catalogue: the next guest's page reads the version only.
    const again = await load("http://localhost/");
    expect(again.trips).toEqual([version]);
    expect(again.home).toEqual(first.home);

    // Page 2 of a one-page catalogue is empty; a search on the home page still finds its products.
    expect((await load("http://localhost/?page=2")).home.grid.products).toEqual([]);
    const searched = await load("http://localhost/?q=tablets");
    expect(searched.home.grid.products.map((card) => card.name)).toEqual([
      "Coartem 80/480mg Tablets",
      "Ibuprofen 400mg Tablets",
      "Paracetamol 500mg Tablets",
      "Zinc Tablets",
    ]);
    // A search also reads the categories (offered when it finds nothing), in the same round trip.
    expect(searched.trips).toEqual([version, { kind: "batch", statements: 6 }]);

    // Any write to products (here straight to D1, as a script would) moves the version: the new price shows.
    await env.DB.prepare("UPDATE products SET price_kobo = 99_00 WHERE name LIKE 'Zinc%'").run();
    const changed = await load("http://localhost/");
    expect(changed.trips).toEqual([version, { kind: "batch", statements: 5 }]);
    expect(changed.home.grid.products.find((card) => card.name === "Zinc Tablets")).toMatchObject({
      priceKobo: 9_900,
    });
  });

  it("GET /api/orders/all-orders: the session lookup beside the page's query, its lines beside its reviews", async () => {
    const [amox] = await seedProducts(DEMO);
    const order = await placeOrder(amox.id);
    await env.DB.prepare("UPDATE orders SET review_status = 'approved' WHERE id = ?").bind(order.id).run();
    await env.DB.prepare(
      "INSERT INTO prescription_reviews (order_id, decision, reviewer_name, reviewer_pcn) VALUES (?, 'approved', 'Pharm. Ada Obi', 'PCN-1')",
    )
      .bind(order.id)
      .run();
    const admin = await signUp("API Waves Admin", "admin");
    const customer = await signUp("API Waves Customer");
    const run = async (headers: HeadersInit) => {
      const { d1, log, overlapped } = loggingD1();
      const context = createAppLoadContext({ ...env, DB: d1 }, ctx, parseConfig(env), "test-nonce");
      const request = new Request("http://localhost/api/orders/all-orders", { headers });
      const response = (await apiAllOrdersLoader({ request, context, params: {} })) as Response;
      return { response, log, overlapped };
    };

    const asAdmin = await run(bearer(admin));
    expect(asAdmin.response.status).toBe(200);
    const body = (await asAdmin.response.json()) as {
      _id: string;
      items: unknown[];
      prescriptionReview: unknown;
    }[];
    expect(body.map((o) => o._id)).toEqual([order.id]);
    expect(body[0]!.items).toHaveLength(1);
    expect(body[0]!.prescriptionReview).toMatchObject({
      decision: "approved",
      reviewerName: "Pharm. Ada Obi",
    });
    // The page of orders is asked for before the session lookup has answered; then the page's lines and
    // its reviews travel together.
    expect(asAdmin.log.indexOf("send orders")).toBeLessThan(asAdmin.log.indexOf("done sessions"));
    expect(asAdmin.overlapped("order_items", "prescription_reviews")).toBe(true);

    // A guest reads nothing; a customer's session is looked up (the page's query beside it is never used).
    const asGuest = await run({});
    expect(asGuest.response.status).toBe(401);
    expect(asGuest.log).toEqual([]);
    const asCustomer = await run(bearer(customer));
    expect(asCustomer.response.status).toBe(403);
    expect(await asCustomer.response.json()).toEqual({ message: expect.stringMatching(/admin/i) });
  });
});
