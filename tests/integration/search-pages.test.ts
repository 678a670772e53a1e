/**
 * What the pages say around a search, with and without a session: "Did you mean …" when the products
 * shown rest on a correction, categories and a pharmacist to ask when nothing matches; a product page's
 * alternatives (the same active ingredient, same strength first, then the same use) and "Tell me when it is
 * back", kept with the account and shown on the dashboard.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { backInStockRequestsFor } from "~/models/back-in-stock.server";
import { createDb } from "~/db/client.server";
import { Client, html, seedDemoCatalogue, signUp } from "./helpers";

let ids: Map<string, number>;
beforeEach(async () => {
  ids = await seedDemoCatalogue();
});

const id = (name: string) => {
  const found = ids.get(name);
  if (found === undefined) throw new Error(`no demo product ${name}`);
  return found;
};
const cards = (page: string) => [...page.matchAll(/<li id="product-(\d+)"/g)].map((m) => Number(m[1]));
const slugPath = async (productId: number) => {
  const res = await new Client().get(`/products/${productId}`);
  return res.headers.get("Location")!;
};

describe("did you mean", () => {
  it("offers the corrected search when every product shown was found through it", async () => {
    const page = await html(await new Client().get("/shop?q=ibuprofin"));
    expect(page).toContain('data-testid="did-you-mean"');
    expect(page).toContain('href="/shop?q=ibuprofen"');
    expect(page).toContain("Nothing matches “ibuprofin”, so these are for “ibuprofen”.");
    expect(cards(page)).toContain(id("Ibuprofen 400mg Tablets (Pack of 24)"));

    // Within a category, the link stays in it; the home page's grid sends it to /shop.
    const inCategory = await html(await new Client().get("/categories/antibiotics?q=amoxicilin"));
    expect(inCategory).toContain('href="/categories/antibiotics?q=amoxicillin"');
    expect(await html(await new Client().get("/?q=metfornim"))).toContain('href="/shop?q=metformin"');
  });

  it("is not offered when the search matches as typed or through another name", async () => {
    for (const q of ["ibuprofen", "amoxil", "vit c"]) {
      const page = await html(await new Client().get(`/shop?q=${encodeURIComponent(q)}`));
      expect(page, q).not.toContain('data-testid="did-you-mean"');
      expect(page, q).toContain(`Results for “${q}”`);
    }
  });
});

describe("nothing found", () => {
  it("offers the categories and WhatsApp to a guest, never a dead end", async () => {
    const page = await html(await new Client().get("/shop?q=xylophone"));
    expect(page).toContain("No medicines match “xylophone”.");
    expect(page).toContain('data-testid="nothing-found"');
    expect(page).toContain('href="/categories/antibiotics"');
    expect(page).toMatch(
      /href="https:\/\/wa\.me\/\d+\?text=Hello%20MediStore%2C%20do%20you%20have%20xylophone%3F"/,
    );
    // The home page's grid too, though it shows no category links of its own.
    const home = await html(await new Client().get("/?q=xylophone"));
    expect(home).toContain('data-testid="nothing-found"');
    expect(home).toContain('href="/categories/analgesics"');
  });

  it("offers the chat to a signed-in customer, and the whole shop from a category", async () => {
    const customer = await signUp("Searching Customer");
    const page = await html(await customer.client.get("/categories/antibiotics?q=xylophone"));
    expect(page).toContain('data-testid="nothing-found"');
    expect(page).toContain('href="/dashboard#chat"');
    expect(page).not.toContain("Ask a pharmacist on WhatsApp");
    expect(page).toContain('href="/shop?q=xylophone"');
  });
});

describe("alternatives", () => {
  it("lists the same active ingredient in stock, the same strength first, then the same use", async () => {
    const page = await html(
      await new Client().get(await slugPath(id("Paracetamol 500mg Tablets (Pack of 96)"))),
    );
    const listed = cards(page.slice(page.indexOf('data-testid="alternatives"')));
    expect(listed.slice(0, 2)).toEqual([
      id("Emzor Paracetamol 500mg Tablets (Pack of 96)"),
      id("Panadol Baby & Infant Suspension 120mg/5ml (100ml)"),
    ]);
    expect(listed).toContain(id("Alabukun Powder 760mg (Pack of 12 Sachets)"));
    expect(listed).not.toContain(id("Paracetamol 500mg Tablets (Pack of 96)"));
    // On a page in stock they come after the medicine's details.
    expect(page.indexOf("Other choices")).toBeGreaterThan(page.indexOf("Product information"));
  });

  it("leads an out-of-stock page, in stock only", async () => {
    await env.DB.prepare("UPDATE products SET stock = 0 WHERE name LIKE 'Piriton%'").run();
    const page = await html(
      await new Client().get(await slugPath(id("Loratadine 10mg Tablets (Pack of 10)"))),
    );
    expect(page).toContain("In stock instead");
    expect(page.indexOf("In stock instead")).toBeLessThan(page.indexOf("Product information"));
    const listed = cards(page.slice(page.indexOf('data-testid="alternatives"')));
    expect(listed).toEqual([id("Cetirizine 10mg Tablets (Pack of 10)")]);
  });
});

describe("tell me when it is back", () => {
  const SEPTRIN = "Septrin 480mg Tablets (Pack of 20)";

  it("asks a guest to log in first, and brings them back", async () => {
    const path = await slugPath(id(SEPTRIN));
    const page = await html(await new Client().get(path));
    expect(page).toContain(`href="/login?redirectTo=${encodeURIComponent(path)}"`);
    const post = await new Client().post(path, { intent: "back-in-stock" });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it("keeps a customer's request with the account, on the dashboard until it is back and after", async () => {
    const customer = await signUp("Waiting Customer");
    const septrin = id(SEPTRIN);
    const path = await slugPath(septrin);
    expect(await html(await customer.client.get(path))).toContain("Tell me when it is back");

    const asked = await customer.client.post(path, { intent: "back-in-stock" });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe(path);
    // Asking twice is no error, and no second request.
    expect((await customer.client.post(path, { intent: "back-in-stock" })).status).toBe(302);
    expect((await backInStockRequestsFor(createDb(env.DB), septrin)).map((r) => r.email)).toEqual([
      customer.email,
    ]);
    const page = await html(await customer.client.get(path));
    expect(page).toContain("We will tell you when it is back in stock.");
    expect(page).toContain("Stop telling me");

    let dashboard = await html(await customer.client.get("/dashboard"));
    expect(dashboard).toContain("Waiting for stock");
    expect(dashboard).toContain("Still out of stock: we will tell you");

    await env.DB.prepare("UPDATE products SET stock = 10 WHERE id = ?").bind(septrin).run();
    dashboard = await html(await customer.client.get("/dashboard"));
    expect(dashboard).toContain("Back in stock (1)");
    expect(dashboard).toContain(`aria-label="Add to cart: ${SEPTRIN}"`);

    // Removed from the dashboard (a plain form), it is gone.
    const removed = await customer.client.post(path, {
      intent: "forget-back-in-stock",
      redirectTo: "/dashboard",
    });
    expect(removed.headers.get("Location")).toBe("/dashboard");
    expect(await backInStockRequestsFor(createDb(env.DB), septrin)).toEqual([]);
    expect(await html(await customer.client.get("/dashboard"))).not.toContain(
      'data-testid="back-in-stock-list"',
    );
  });

  it("refuses what cannot be asked: a medicine in stock (409), an unknown action (400)", async () => {
    const customer = await signUp("Hasty Customer");
    const path = await slugPath(id("Paracetamol 500mg Tablets (Pack of 96)"));
    const inStock = await customer.client.post(path, { intent: "back-in-stock" });
    expect(inStock.status).toBe(409);
    expect(await html(inStock)).toContain("is in stock now: you can add it to your cart.");
    const unknown = await customer.client.post(await slugPath(id(SEPTRIN)), { intent: "tell-everyone" });
    expect(unknown.status).toBe(400);
    expect(await backInStockRequestsFor(createDb(env.DB), id(SEPTRIN))).toEqual([]);
  });
});
