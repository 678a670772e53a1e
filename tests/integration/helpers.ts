/** Test helpers for integration tests that drive the built Worker through SELF.fetch. */
import { env, SELF } from "cloudflare:test";
import { D1_MAX_BOUND_PARAMETERS } from "~/db/in-pieces";
import { storedOtherNames } from "~/lib/other-names";
import { CATALOGUE } from "../../scripts/seed-data/catalogue";
import { expect } from "vitest";

export const ORIGIN = "http://medistore.test";

/** A tiny cookie-keeping client: what a browser without JavaScript does, redirects left to the test. */
export class Client {
  readonly cookies = new Map<string, string>();

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    // Browsers always send Host; Remix compares it with Origin before running an action.
    if (!headers.has("Host")) headers.set("Host", new URL(ORIGIN).host);
    if (this.cookies.size > 0) {
      headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    const response = await SELF.fetch(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string, headers?: HeadersInit) {
    return this.fetch(path, { headers });
  }

  /** A form post as a browser sends it (same-origin Origin header). */
  post(path: string, fields: Record<string, string>, headers?: HeadersInit) {
    return this.fetch(path, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });
  }

  /** A multipart form post (file uploads) as a browser sends it (same-origin Origin header). */
  postMultipart(path: string, form: FormData, headers?: HeadersInit) {
    return this.fetch(path, { method: "POST", body: form, headers: { Origin: ORIGIN, ...headers } });
  }

  postJson(path: string, body: unknown, headers?: HeadersInit) {
    return this.fetch(path, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "Content-Type": "application/json", ...headers },
    });
  }
}

export type SeededProduct = { id: number; name: string; category: string; priceKobo: number };

export async function seedProducts(
  products: { name: string; category: string; priceKobo: number; imageKey?: string }[],
): Promise<SeededProduct[]> {
  const out: SeededProduct[] = [];
  for (const p of products) {
    const row = await env.DB.prepare(
      "INSERT INTO products (name, category, price_kobo, image_key) VALUES (?, ?, ?, ?) RETURNING id",
    )
      .bind(p.name, p.category, p.priceKobo, p.imageKey ?? null)
      .first<{ id: number }>();
    out.push({ id: row!.id, name: p.name, category: p.category, priceKobo: p.priceKobo });
  }
  return out;
}

/**
 * The demo catalogue as `npm start` seeds it (scripts/seed-data/catalogue.ts: names, generic names, other
 * names, strengths, classes, stock), without pictures. Answers each product's id by name.
 */
export async function seedDemoCatalogue(): Promise<Map<string, number>> {
  const insert = env.DB.prepare(
    `INSERT INTO products (name, category, price_kobo, generic_name, strength, dosage_form, medicine_class,
      stock, also_known_as) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id, name`,
  );
  const results = await env.DB.batch<{ id: number; name: string }>(
    CATALOGUE.map((p) =>
      insert.bind(
        p.name,
        p.category,
        p.priceNaira * 100,
        p.genericName,
        p.strength,
        p.dosageForm,
        p.medicineClass,
        p.stock,
        storedOtherNames(p.alsoKnownAs),
      ),
    ),
  );
  return new Map(results.map((r) => [r.results[0]!.name, r.results[0]!.id]));
}

export const DEMO = [
  { name: "Amoxicillin 500mg Capsules", category: "Antibiotics", priceKobo: 250_000 },
  { name: "Paracetamol 500mg Tablets", category: "Analgesics", priceKobo: 120_000 },
  { name: "Coartem 80/480mg Tablets", category: "Anti-Malaria", priceKobo: 450_050 },
  { name: "Vitamin C 1000mg", category: "Wellbeing / Dietary Supplements", priceKobo: 300_000 },
];

export async function countRows(table: "orders" | "order_items" | "contact_messages"): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}

/** The idempotency key a freshly rendered checkout form carries. */
export async function checkoutKey(client: Client): Promise<string> {
  const html = await (await client.get("/checkout")).text();
  const match = /name="idempotencyKey" value="([^"]+)"/.exec(html);
  if (!match) throw new Error("no checkout form on /checkout");
  return match[1];
}

export const GOOD_DETAILS = {
  name: "Ada Obi",
  email: "ada@example.com",
  phone: "0803 123 4567",
  deliveryAddress: "5 Ogoja Road, Abakaliki",
};

/**
 * The checkout form's fields as a shopper fills them: the delivery details and the state, which the form
 * requires (the fee is part of every new order; Ebonyi's is the demo's cheapest).
 */
export const FORM_DETAILS = { ...GOOD_DETAILS, deliveryState: "Ebonyi" };
/** What delivery to FORM_DETAILS' state adds to an order's total (the demo table, drizzle/0007). */
export const FORM_FEE_KOBO = 100_000;

export type PlacedOrder = { id: string; orderRef: string; accessToken: string; location: string };

/**
 * One order placed the way a shopper places it: the product added to the client's cart, the checkout form
 * sent with its idempotency key. A guest's unless `client` is signed in.
 */
export async function placeOrder(
  productId: number,
  { client = new Client(), details = FORM_DETAILS }: { client?: Client; details?: typeof GOOD_DETAILS } = {},
): Promise<PlacedOrder> {
  await client.post("/cart", { intent: "add", productId: String(productId) });
  const res = await client.post("/checkout", {
    idempotencyKey: await checkoutKey(client),
    deliveryState: FORM_DETAILS.deliveryState,
    ...details,
  });
  expect(res.status, "checkout").toBe(302);
  const location = res.headers.get("Location")!;
  const accessToken = /^\/order\/([^?]+)/.exec(location)![1];
  const row = await env.DB.prepare("SELECT id, order_ref FROM orders WHERE access_token = ?")
    .bind(accessToken)
    .first<{ id: string; order_ref: string }>();
  return { id: row!.id, orderRef: row!.order_ref, accessToken, location };
}

/** The page's text as a reader sees it: React's <!-- --> separators between text nodes removed. */
export async function html(response: Response): Promise<string> {
  return (await response.text()).replace(/<!-- -->/g, "");
}

export type TestUser = {
  id: string;
  name: string;
  email: string;
  password: string;
  token: string;
  client: Client;
};

let userCounter = 0;

/** A signed-in customer: registered through /register (cookie session) plus an API token. */
export async function signUp(name = "Ngozi Okafor", role: "user" | "admin" = "user"): Promise<TestUser> {
  userCounter += 1;
  const email = `${name.split(" ")[0].toLowerCase()}${userCounter}@example.com`;
  const password = "a-strong-passphrase";
  const client = new Client();
  const res = await client.post("/register", { name, email, password });
  if (res.status !== 302) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const row = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: string }>();
  if (role === "admin")
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(row!.id).run();
  const login = await new Client().postJson("/api/auth/login", { email, password });
  const { token } = (await login.json()) as { token: string };
  return { id: row!.id, name, email, password, token, client };
}

/** The configured superintendent pharmacist's PCN number (wrangler.toml), as stored: uppercased. */
export const SUPERINTENDENT_PCN = env.SUPERINTENDENT_PHARMACIST_PCN!.toUpperCase();

/** An admin with this PCN number, set in the database the way the superintendent's grant leaves it. */
export async function signUpPharmacist(name: string, pcnNumber: string): Promise<TestUser> {
  const admin = await signUp(name, "admin");
  await env.DB.prepare("UPDATE users SET pcn_number = ? WHERE id = ?").bind(pcnNumber, admin.id).run();
  return admin;
}

/** The superintendent pharmacist: the admin holding the configured superintendent's PCN number. */
export const signUpSuperintendent = (name = "Pharm. Adaeze Nwosu") =>
  signUpPharmacist(name, SUPERINTENDENT_PCN);

export const bearer = (user: { token: string }) => ({ Authorization: `Bearer ${user.token}` });

/** A tiny valid PNG (1×1) and friends for upload tests. */
export const PNG_BYTES = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

export function imageForm(
  bytes: Uint8Array,
  filename = "rx.png",
  extra: Record<string, string> = {},
): FormData {
  const form = new FormData();
  form.set("image", new File([bytes as Uint8Array<ArrayBuffer>], filename, { type: "image/png" }));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return form;
}

/**
 * The checkout page's multipart post for a cart with prescription-only medicine: a prescription photo,
 * the cart's idempotency key, FORM_DETAILS with consent given, then `fields` over them.
 */
export async function prescriptionCheckoutForm(
  client: Client,
  fields: Record<string, string> = {},
): Promise<FormData> {
  const form = imageForm(PNG_BYTES, "rx.png");
  form.set("prescription", form.get("image")!);
  form.delete("image");
  const values = { idempotencyKey: await checkoutKey(client), ...FORM_DETAILS, consent: "yes", ...fields };
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}

/**
 * A D1 binding that, like production D1, refuses a statement with more than 100 bound parameters (the
 * local one allows thousands, so nothing else would show a statement that breaks in production).
 */
export function withD1ParameterLimit(d1: D1Database, limit = D1_MAX_BOUND_PARAMETERS): D1Database {
  const own = <T extends object>(target: T, prop: string | symbol) => {
    const value = Reflect.get(target, prop, target);
    return typeof value === "function" ? value.bind(target) : value;
  };
  return new Proxy(d1, {
    get(target, prop) {
      if (prop !== "prepare") return own(target, prop);
      return (query: string) =>
        new Proxy(target.prepare(query), {
          get(statement, name) {
            if (name !== "bind") return own(statement, name);
            return (...params: unknown[]) => {
              if (params.length > limit)
                throw new Error(`D1 binds at most ${limit} parameters; this statement has ${params.length}`);
              return statement.bind(...params);
            };
          },
        });
    },
  });
}

/**
 * A CSV file's rows as a spreadsheet reads them (RFC 4180): quoted cells may hold commas, quotes ("")
 * and line breaks; a byte order mark in front is not part of the first cell.
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = text.startsWith("\uFEFF") ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== "," && c !== "\r")) {
      cell += c;
    } else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (text[i + 1] === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
      i++;
    } else {
      cell += c;
    }
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}
