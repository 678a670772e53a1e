import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countProducts } from "../../scripts/bench/measure/count-products.mjs";
import { Client, DEMO, html, seedProducts } from "./helpers";

/** The names on a page's product cards (components/product-card.tsx), in order. */
async function names(path: string): Promise<string[]> {
  const page = await html(await new Client().get(path));
  const cards = page.split('<li id="product-').slice(1);
  return cards.map((card) => /<h([23])><a [^>]*>([^<]+)<\/a><\/h\1>/.exec(card)?.[2] ?? "(no name)");
}

describe("shop and search", () => {
  it("home shows the hero, the grid titled Available Medicines, trust section and the WhatsApp link", async () => {
    await seedProducts([...DEMO, { name: "Ibuprofen 400mg", category: "Nonsteroidal", priceKobo: 90_000 }]);
    const page = await html(await new Client().get("/"));
    expect(page).toContain("Available Medicines");
    expect(page).toContain("Trusted online pharmacy");
    expect(page).toContain("Shop Medicines");
    expect(page).toContain("Consult a Pharmacist");
    expect(page).toContain("Start Shopping Now");
    expect(page).toContain("Talk to us");
    expect(page).toMatch(/aria-label="Popular medicines"/);
    for (const name of [
      "Paracetamol 500mg Tablets",
      "Amoxicillin 500mg Capsules",
      "Vitamin C 1000mg",
      "Ibuprofen 400mg",
    ]) {
      expect(page).toContain(`aria-label="Add to cart: ${name}"`);
    }
    expect(page).toContain("₦4,500.50");
    expect(page).toContain("Abakaliki, Ebonyi State");
  });

  it("search is a case-insensitive substring match on name or category", async () => {
    await seedProducts(DEMO);
    // The bench counts a page's products the same way (scripts/bench/measure/count-products.mjs).
    expect(countProducts(await html(await new Client().get("/shop?q=am")))).toBe(3);
    expect(countProducts(await html(await new Client().get("/shop?q=zzzz")))).toBe(0);
    expect(await names("/shop?q=AMOXI")).toEqual(["Amoxicillin 500mg Capsules"]);
    expect(await names("/shop?q=antibiotics")).toEqual(["Amoxicillin 500mg Capsules"]);
    expect(await names("/shop?q=xicil")).toEqual(["Amoxicillin 500mg Capsules"]);
    // Two letters: still a substring match (without the trigram index).
    expect(await names("/shop?q=am")).toEqual([
      "Amoxicillin 500mg Capsules",
      "Paracetamol 500mg Tablets",
      "Vitamin C 1000mg",
    ]);
    expect(await names("/?q=malaria")).toEqual(["Coartem 80/480mg Tablets"]);
    const none = await html(await new Client().get("/shop?q=zzzz"));
    expect(none).toContain("No medicines match “zzzz”.");
  });

  it("finds a product by its whole name as written, a count in brackets included", async () => {
    const [vitamins, coartem] = ["Vitamin B Complex Tablets (30)", "Coartem 80/480mg Tablets (6)"];
    await seedProducts([
      { name: vitamins, category: "Wellbeing / Dietary Supplements", priceKobo: 180_000 },
      { name: coartem, category: "Anti-Malaria", priceKobo: 450_000 },
      { name: "Vitamin B Complex Tablets (300)", category: "Wellbeing / Dietary Supplements", priceKobo: 1 },
    ]);
    for (const search of [vitamins, "vitamin b complex tablets 30", "Tablets (30)"])
      expect(await names(`/shop?q=${encodeURIComponent(search)}`), search).toEqual([vitamins]);
    for (const search of [coartem, "coartem tablets 6"])
      expect(await names(`/shop?q=${encodeURIComponent(search)}`), search).toEqual([coartem]);
  });

  it("treats search syntax as plain text", async () => {
    await seedProducts([
      {
        name: 'Eye drops "Clear" 10% (15ml)',
        category: "Eye, Ear & Nose Drops & Ointments",
        priceKobo: 150_000,
      },
    ]);
    for (const q of [
      '"Clear"',
      "10%",
      "(15ml)",
      "drops OR x",
      "*",
      "%",
      "_",
      "NEAR(a b)",
      "'; DROP TABLE products; --",
    ]) {
      const res = await new Client().get(`/shop?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect(await names(`/shop?q=${encodeURIComponent('"Clear"')}`)).toHaveLength(1);
    expect(await names(`/shop?q=${encodeURIComponent("10%")}`)).toHaveLength(1);
    expect(await names(`/shop?q=${encodeURIComponent("%")}`)).toHaveLength(1);
    expect(await names(`/shop?q=${encodeURIComponent("_")}`)).toHaveLength(0);
  });

  it("paginates: 24 per page with next and previous links, never the whole catalogue", async () => {
    await seedProducts(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Medicine ${String(i).padStart(2, "0")}`,
        category: "General",
        priceKobo: 1000,
      })),
    );
    const first = await names("/shop");
    expect(first).toHaveLength(24);
    const page = await html(await new Client().get("/shop"));
    expect(page).toContain('href="/shop?page=2"');
    const second = await names("/shop?page=2");
    expect(second).toEqual([
      "Medicine 24",
      "Medicine 25",
      "Medicine 26",
      "Medicine 27",
      "Medicine 28",
      "Medicine 29",
    ]);
    // Junk page numbers fall back to page 1 instead of failing.
    expect(await names("/shop?page=-1")).toHaveLength(24);
    expect(await names("/shop?page=abc")).toHaveLength(24);
    expect(await names("/shop?page=99999999")).toHaveLength(0);
  });
});

/** Names an API search lists on a page, and whether a next page exists. */
async function apiSearch(q: string, page = 1, limit = 24): Promise<{ names: string[]; hasMore: boolean }> {
  const res = await new Client().get(`/api/products?q=${encodeURIComponent(q)}&limit=${limit}&page=${page}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { name: string }[];
  return { names: body.map((p) => p.name), hasMore: res.headers.has("Link") };
}

/** Names a category listing shows for a search, and whether it links a next page. */
async function categorySearch(
  slug: string,
  q: string,
  page = 1,
): Promise<{ names: string[]; hasMore: boolean }> {
  const res = await new Client().get(`/categories/${slug}?q=${encodeURIComponent(q)}&page=${page}`);
  expect(res.status).toBe(200);
  const page$ = await html(res);
  return {
    names: [...page$.matchAll(/aria-label="Add to cart: ([^"]+)"/g)].map((m) => m[1]),
    hasMore: new RegExp(`href="/categories/${slug}\\?[^"]*page=${page + 1}"`).test(page$),
  };
}

async function setGeneric(id: number, genericName: string | null) {
  await env.DB.prepare("UPDATE products SET generic_name = ? WHERE id = ?").bind(genericName, id).run();
}

describe("search, whatever the term's length", () => {
  it("one and two characters match anywhere in the name, category or generic name, in any case", async () => {
    const [zyrtec, flagyl] = await seedProducts([
      { name: "Zyrtec 10mg Tablets", category: "Anti Allergy", priceKobo: 150_000 },
      { name: "Flagyl 200mg", category: "Antibiotics", priceKobo: 90_000 },
      { name: "Eye drops 10% (15ml)", category: "Eye, Ear & Nose Drops & Ointments", priceKobo: 80_000 },
      { name: "Crème Éclat", category: "Beauty and Cosmetics", priceKobo: 500_000 },
      { name: "Under_score Gel", category: "Topical Preparations", priceKobo: 70_000 },
    ]);
    await setGeneric(zyrtec.id, "Cetirizine");
    await setGeneric(flagyl.id, "Metronidazole");
    const names = async (q: string) => (await apiSearch(q)).names;
    // The middle of a word, in either case.
    expect(await names("yr")).toEqual(["Zyrtec 10mg Tablets"]);
    expect(await names("YR")).toEqual(["Zyrtec 10mg Tablets"]);
    expect(await names("y")).toEqual([
      "Crème Éclat",
      "Eye drops 10% (15ml)",
      "Flagyl 200mg",
      "Zyrtec 10mg Tablets",
    ]);
    // The category ("Anti Allergy", "Beauty") and the generic name ("Metronidazole", "Cetirizine").
    expect(await names("ll")).toEqual(["Zyrtec 10mg Tablets"]);
    expect(await names("DA")).toEqual(["Flagyl 200mg"]);
    expect(await names("z")).toEqual(["Flagyl 200mg", "Zyrtec 10mg Tablets"]);
    // Wildcards and quotes are plain characters; other alphabets match as written.
    expect(await names("%")).toEqual(["Eye drops 10% (15ml)"]);
    expect(await names("0%")).toEqual(["Eye drops 10% (15ml)"]);
    expect(await names("_")).toEqual(["Under_score Gel"]);
    expect(await names("r_")).toEqual(["Under_score Gel"]);
    expect(await names("%_")).toEqual([]);
    expect(await names('"')).toEqual([]);
    expect(await names("è")).toEqual(["Crème Éclat"]);
    expect(await names("Éc")).toEqual(["Crème Éclat"]);
    expect(await names("zq")).toEqual([]);
  });

  it("finds a product added, renamed or deleted right after the change", async () => {
    const [kept] = await seedProducts([
      { name: "Amoxil Capsules", category: "Antibiotics", priceKobo: 250_000 },
    ]);
    const names = async (q: string) => (await apiSearch(q)).names;
    expect(await names("qx")).toEqual([]);

    const added = await env.DB.prepare(
      "INSERT INTO products (name, category, price_kobo) VALUES ('Zqx Syrup', 'Antibiotics', 1000) RETURNING id",
    ).first<{ id: number }>();
    expect(await names("qx")).toEqual(["Zqx Syrup"]);
    expect(await names("Q")).toEqual(["Zqx Syrup"]);

    await env.DB.prepare("UPDATE products SET name = 'Wovex Syrup', category = 'Analgesics' WHERE id = ?")
      .bind(added!.id)
      .run();
    expect(await names("qx")).toEqual([]);
    expect(await names("wo")).toEqual(["Wovex Syrup"]);
    expect(await names("lg")).toEqual(["Wovex Syrup"]);
    expect(await names("bi")).toEqual(["Amoxil Capsules"]);

    await setGeneric(kept.id, "Amoxicillin");
    expect(await names("ci")).toEqual(["Amoxil Capsules"]);
    await setGeneric(kept.id, null);
    expect(await names("ci")).toEqual([]);

    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(added!.id).run();
    expect(await names("wo")).toEqual([]);
    expect(await names("x")).toEqual(["Amoxil Capsules"]);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM product_grams WHERE product_id = ?")
      .bind(added!.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("pages a large catalogue alike whichever way a term is looked up, deep pages and categories included", async () => {
    // Enough products that common terms take the walking plans and rare ones the sorting plan.
    const bases = ["Paracetamol", "Amoxil", "Zinc", "Ibuprofen", "Vitamin C", "Ácido fólico", "Hydro_gel 5%"];
    const categories = ["Antibiotics", "Analgesics", "Beauty and Cosmetics"];
    const rows = Array.from({ length: 2_300 }, (_, i) => ({
      name: `${bases[i % bases.length]} ${(i * 7919) % 2_300} Tablets`,
      category: categories[i % categories.length],
      generic: i % 5 === 0 ? "Metronidazole" : null,
    }));
    const insert = env.DB.prepare(
      "INSERT INTO products (name, category, price_kobo, generic_name) VALUES (?, ?, 1000, ?)",
    );
    await env.DB.batch(rows.map((r) => insert.bind(r.name, r.category, r.generic)));
    const all = await env.DB.prepare("SELECT id, name, category, generic_name AS generic FROM products").all<{
      id: number;
      name: string;
      category: string;
      generic: string | null;
    }>();
    // The meaning, in plain code: ASCII case folded, a substring of one of the three, by name then id.
    const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
    const bytes = (s: string) => [...new TextEncoder().encode(s)];
    const byName = (a: { id: number; name: string }, b: { id: number; name: string }) => {
      const [x, y] = [bytes(a.name), bytes(b.name)];
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
      return x.length - y.length || a.id - b.id;
    };
    const expected = (q: string, category?: string) =>
      all.results
        .filter((p) => category === undefined || p.category === category)
        .filter((p) => [p.name, p.category, p.generic ?? ""].some((v) => fold(v).includes(fold(q))))
        .sort(byName)
        .map((p) => p.name);

    for (const q of [
      "a",
      "T",
      "%",
      "_",
      "ó",
      "zi",
      "1",
      "n c",
      "tab",
      "TABLETS",
      "par",
      "tro",
      "234",
      "gel 5%",
      "cido fó",
    ]) {
      const want = expected(q);
      const last = Math.max(1, Math.ceil(want.length / 24));
      for (const page of new Set([1, 2, 40, last, last + 1])) {
        const got = await apiSearch(q, page);
        expect(got.names, `${q} page ${page}`).toEqual(want.slice((page - 1) * 24, page * 24));
        expect(got.hasMore, `${q} page ${page}`).toBe(want.length > page * 24);
      }
    }
    for (const q of ["a", "in", "zi", "tab", "234", "olo"]) {
      const want = expected(q, "Analgesics");
      for (const page of [1, 2, 20]) {
        const got = await categorySearch("analgesics", q, page);
        expect(got.names, `${q} in analgesics, page ${page}`).toEqual(want.slice((page - 1) * 24, page * 24));
        expect(got.hasMore, `${q} in analgesics, page ${page}`).toBe(want.length > page * 24);
      }
    }
  });
});
