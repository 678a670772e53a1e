/**
 * Names hold no control characters: a right-to-left override, NUL, or a name of only zero-width or
 * invisible characters is refused with a message on every form and API call that takes a name, and
 * nothing is written (the rule itself: isReadableName in app/lib/validation.ts).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { NAME_UNREADABLE } from "~/lib/validation";
import {
  bearer,
  checkoutKey,
  Client,
  DEMO,
  FORM_DETAILS,
  GOOD_DETAILS,
  html,
  imageForm,
  PNG_BYTES,
  seedProducts,
  signUp,
  type TestUser,
} from "./helpers";

const BAD_NAMES = {
  "a right-to-left override": "Ngozi \u202eikafO",
  NUL: "Ada\u0000Obi",
  "only zero-width characters": "\u200b\u200c\u200d",
  "only Hangul fillers": "\u3164\u3164\u3164",
};

const rows = async (sql: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${sql}`).first<{ n: number }>())!.n;

let counter = 0;
const email = () => `names${++counter}@example.com`;

/** Each place a name is typed: its request, and the rows that must stay as they were. */
function places(fx: { admin: TestUser; customer: TestUser; productId: number }) {
  return {
    "register (page)": {
      send: (name: string) =>
        new Client().post("/register", { name, email: email(), password: "a-strong-passphrase" }),
      count: "users",
    },
    "register (API)": {
      send: (name: string) =>
        new Client().postJson("/api/auth/register", {
          name,
          email: email(),
          password: "a-strong-passphrase",
        }),
      count: "users",
    },
    "profile (page)": {
      send: (name: string) => fx.customer.client.post("/account", { intent: "profile", name }),
      count: "users WHERE name != 'Uche Customer'",
    },
    "admin create (page)": {
      send: (name: string) =>
        fx.admin.client.post("/admin/admins", { email: email(), name, password: "a-strong-passphrase" }),
      count: "users",
    },
    "admin create (API)": {
      send: (name: string) =>
        new Client().postJson(
          "/api/admins",
          { email: email(), name, password: "a-strong-passphrase" },
          bearer(fx.admin),
        ),
      count: "users",
    },
    "checkout (page)": {
      send: async (name: string) => {
        const client = new Client();
        await client.post("/cart", { intent: "add", productId: String(fx.productId) });
        return client.post("/checkout", { idempotencyKey: await checkoutKey(client), ...FORM_DETAILS, name });
      },
      count: "orders",
    },
    "checkout (API)": {
      send: (name: string) =>
        new Client().postJson("/api/orders/checkout", {
          ...GOOD_DETAILS,
          name,
          items: [{ productId: fx.productId, quantity: 1 }],
        }),
      count: "orders",
    },
    "contact (page)": {
      send: (name: string) =>
        new Client().post("/contact", { name, email: "ada@example.com", message: "Hello" }),
      count: "contact_messages",
    },
    "product (page)": {
      send: (name: string) => {
        const form = imageForm(PNG_BYTES, "photo.png", { name, category: "Analgesics", price: "1500" });
        return fx.admin.client.postMultipart("/admin/products", form);
      },
      count: "products",
    },
    "product (API)": {
      send: (name: string) =>
        new Client().fetch(`/api/products/${fx.productId}`, {
          method: "PATCH",
          body: JSON.stringify({ name }),
          headers: { "Content-Type": "application/json", ...bearer(fx.admin) },
        }),
      count: `products WHERE name != '${DEMO[0].name}'`,
    },
  };
}

describe("every name field refuses control and invisible characters", () => {
  it.each(Object.entries(BAD_NAMES))("%s", async (_, bad) => {
    const [product] = await seedProducts([DEMO[0]]);
    const fx = {
      admin: await signUp("Kemi Staff", "admin"),
      customer: await signUp("Uche Customer"),
      productId: product.id,
    };
    for (const [place, { send, count }] of Object.entries(places(fx))) {
      const before = await rows(count);
      const res = await send(bad);
      expect(res.status, place).toBe(400);
      const text = place.endsWith("(API)")
        ? ((await res.json()) as { message: string }).message
        : await html(res);
      expect(text, place).toContain(NAME_UNREADABLE);
      expect(await rows(count), place).toBe(before);
    }
  });

  it("names in any script, with accents and joiners, still go through", async () => {
    const [product] = await seedProducts([DEMO[0]]);
    const res = await new Client().postJson("/api/orders/checkout", {
      ...GOOD_DETAILS,
      name: "Chidi Ọkọrọ 👩🏾‍⚕️",
      items: [{ productId: product.id, quantity: 1 }],
    });
    expect(res.status).toBe(201);
    const register = await new Client().post("/register", {
      name: "محمد بللو",
      email: email(),
      password: "a-strong-passphrase",
    });
    expect(register.status).toBe(302);
  });
});
