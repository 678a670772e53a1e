/**
 * Distance to the database: the personal pages and the main API calls, each timed with no delay and with a
 * delay added to every D1 call (the bench's own Worker entry, workers/bench-distance.ts, reads it from the
 * `x-bench-d1-delay` header and answers the request's trips and server time in headers of its own). In
 * production the database is a region away from our shoppers' edge: every sequential trip costs that
 * distance. Bar: each under 1.5 × the delay plus its own no-delay time (one trip for reads, and a write
 * that travels with them or alone).
 */
import { URLSearchParams } from "node:url";
import { percentile } from "../stats.mjs";

/** The local demo admin the seed creates (scripts/demo-admin.ts, which plain Node cannot import). */
const DEMO_ADMIN = { email: "admin@medistore.test", password: "medistore-admin-demo" };

/**
 * @typedef {{ name: string, method: string, path: string, headers: Record<string, string>,
 *             body?: () => string }} Call
 * @typedef {{ name: string, method: string, path: string, status: number,
 *             plain: { serverMs: number, trips: number }, far: { serverMs: number, trips: number } }} Figure
 */

/** @param {Response} res */
const cookiesOf = (res) => res.headers.getSetCookie().map((line) => line.split(";")[0]);

/**
 * Signs in through the login form: the session cookie a browser would hold.
 * @param {string} base @param {{ email: string, password: string }} who
 */
async function signIn(base, who) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(who),
  });
  if (res.status !== 302) throw new Error(`${who.email} could not log in (${res.status})`);
  return cookiesOf(res);
}

/**
 * A customer with a cart, an order and a browser session; the demo admin's session.
 * @param {string} base
 */
async function prepare(base) {
  const products = /** @type {{ _id: string, name: string, price: number, image: string,
                               prescriptionOnly: boolean, inStock: boolean }[]} */ (
    await (await fetch(`${base}/api/products?limit=50`)).json()
  );
  const product = products.find((p) => !p.prescriptionOnly && p.inStock);
  if (!product) throw new Error("the catalogue has no over-the-counter product in stock");
  const customer = {
    name: "Bench Distance",
    email: `bench-distance-${Date.now()}@example.com`,
    password: "a-strong-bench-passphrase",
  };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(customer),
  });
  if (registered.status !== 201)
    throw new Error(`could not register the bench customer (${registered.status})`);
  const { token } = /** @type {{ token: string }} */ (await registered.json());
  const checkoutBody = () =>
    JSON.stringify({
      email: customer.email,
      phone: "08031234567",
      name: customer.name,
      deliveryAddress: "5 Ogoja Road, Abakaliki",
      items: [{ productId: product._id, name: product.name, price: product.price, quantity: 1, image: "" }],
      totalAmount: product.price,
    });
  const placed = await fetch(`${base}/api/orders/checkout`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: checkoutBody(),
  });
  if (placed.status !== 201) throw new Error(`could not place the bench order (${placed.status})`);
  const { order } = /** @type {{ order: { statusUrl: string } }} */ (await placed.json());
  const orderPath = new URL(order.statusUrl, base).pathname;

  const session = await signIn(base, customer);
  const added = await fetch(`${base}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: base,
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: session.join("; "),
    },
    body: new URLSearchParams({ intent: "add", productId: product._id }),
  });
  const browser = [...session, ...cookiesOf(added)].join("; ");
  const admin = (await signIn(base, DEMO_ADMIN)).join("; ");
  return { token, email: customer.email, browser, admin, orderPath, checkoutBody };
}

/**
 * The calls timed, as a browser (pages, with its cookies) or an API client (a Bearer token) makes them.
 * @param {Awaited<ReturnType<typeof prepare>>} world
 * @returns {Call[]}
 */
function calls({ token, email, browser, admin, orderPath, checkoutBody }) {
  const page = (name, path, cookie = browser) => ({ name, method: "GET", path, headers: { Cookie: cookie } });
  const bearer = { Authorization: `Bearer ${token}` };
  return [
    page("cart", "/cart"),
    page("checkout", "/checkout"),
    page("an order page", orderPath),
    page("dashboard", "/dashboard"),
    page("Admin › Orders", "/admin/orders", admin),
    { name: "GET /api/products", method: "GET", path: "/api/products", headers: {} },
    {
      name: "POST /api/orders/checkout",
      method: "POST",
      path: "/api/orders/checkout",
      headers: { ...bearer, "Content-Type": "application/json" },
      body: checkoutBody,
    },
    {
      name: "GET /api/orders/{email}",
      method: "GET",
      path: `/api/orders/${encodeURIComponent(email)}`,
      headers: bearer,
    },
    { name: "GET /api/me/export", method: "GET", path: "/api/me/export", headers: bearer },
  ];
}

/**
 * One call with a delay on every D1 call: its status, trips and server time (the bench entry's headers).
 * @param {string} base @param {Call} call @param {number} delayMs
 */
async function once(base, call, delayMs) {
  const res = await fetch(`${base}${call.path}`, {
    method: call.method,
    redirect: "manual",
    headers: { ...call.headers, "x-bench-d1-delay": String(delayMs) },
    body: call.body?.(),
  });
  await res.arrayBuffer();
  const trips = Number(res.headers.get("x-bench-d1-trips"));
  const serverMs = Number(res.headers.get("x-bench-server-ms"));
  if (!res.headers.has("x-bench-d1-trips"))
    throw new Error(`${call.name}: not served by the bench's Worker entry (workers/bench-distance.ts)`);
  return { status: res.status, trips, serverMs };
}

/**
 * @param {string} base of a server started on workers/bench-distance.ts
 * @param {{ delayMs: number, reps: number }} options
 * @returns {Promise<{ delayMs: number, reps: number, calls: Figure[] }>}
 */
export async function measureDistance(base, { delayMs, reps }) {
  const world = await prepare(base);
  /** @type {Figure[]} */
  const figures = [];
  for (const call of calls(world)) {
    await once(base, call, 0);
    /** @type {{ status: number, trips: number, serverMs: number }[][]} */
    const runs = [[], []];
    // Alternating, so both modes see the same machine.
    for (let i = 0; i < reps; i++) {
      runs[0].push(await once(base, call, 0));
      runs[1].push(await once(base, call, delayMs));
    }
    const figure = (/** @type {typeof runs[0]} */ list) => ({
      serverMs: percentile(
        list.map((r) => r.serverMs),
        50,
      ),
      trips: Math.max(...list.map((r) => r.trips)),
    });
    figures.push({
      name: call.name,
      method: call.method,
      path: call.path,
      status: runs[1][0].status,
      plain: figure(runs[0]),
      far: figure(runs[1]),
    });
  }
  return { delayMs, reps, calls: figures };
}
