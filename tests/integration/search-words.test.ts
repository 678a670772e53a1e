/**
 * The word postings (product_words) a search of words reads: kept by the product's writes, counted by the
 * vocabulary, and read into the same pages as the meaning of a search says, tiers, deep pages and
 * categories included.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { planSearch } from "~/lib/search-query";
import { Client, html } from "./helpers";

type Posting = { word: string; name: string; other: number };

const postings = async (id: number) =>
  (
    await env.DB.prepare("SELECT word, name, other FROM product_words WHERE product_id = ? ORDER BY word")
      .bind(id)
      .all<Posting>()
  ).results;

const counts = async () =>
  (
    await env.DB.prepare(
      "SELECT w.word, w.products, (SELECT count(*) FROM product_words AS p WHERE p.word = w.word) AS held FROM search_words AS w",
    ).all<{ word: string; products: number; held: number }>()
  ).results;

async function insert(name: string, category: string, generic: string | null, aka: string | null) {
  const row = await env.DB.prepare(
    "INSERT INTO products (name, category, price_kobo, generic_name, also_known_as) VALUES (?, ?, 1000, ?, ?) RETURNING id",
  )
    .bind(name, category, generic, aka)
    .first<{ id: number }>();
  return row!.id;
}

describe("word postings", () => {
  it("follow a product's writes, and the vocabulary counts them", async () => {
    const id = await insert("Zexa-Forte 50mg Tablets", "Analgesics", "Zexanol", "Brandy Zex\nZexa\nZx12 3");
    expect(await postings(id)).toEqual([
      // A strength or a code (letters and digits) is a word; digits alone are not.
      { word: "50mg", name: "Zexa-Forte 50mg Tablets", other: 0 },
      { word: "analgesics", name: "Zexa-Forte 50mg Tablets", other: 0 },
      { word: "brandy", name: "Zexa-Forte 50mg Tablets", other: 1 },
      { word: "forte", name: "Zexa-Forte 50mg Tablets", other: 0 },
      { word: "tablets", name: "Zexa-Forte 50mg Tablets", other: 0 },
      { word: "zex", name: "Zexa-Forte 50mg Tablets", other: 1 },
      // Held in the name and in other names: the name decides.
      { word: "zexa", name: "Zexa-Forte 50mg Tablets", other: 0 },
      { word: "zexa-forte", name: "Zexa-Forte 50mg Tablets", other: 0 },
      { word: "zexanol", name: "Zexa-Forte 50mg Tablets", other: 0 },
      { word: "zx12", name: "Zexa-Forte 50mg Tablets", other: 1 },
    ]);

    await env.DB.prepare("UPDATE products SET name = 'Qorvo 5ml Syrup', also_known_as = NULL WHERE id = ?")
      .bind(id)
      .run();
    expect(await postings(id)).toEqual([
      { word: "5ml", name: "Qorvo 5ml Syrup", other: 0 },
      { word: "analgesics", name: "Qorvo 5ml Syrup", other: 0 },
      { word: "qorvo", name: "Qorvo 5ml Syrup", other: 0 },
      { word: "syrup", name: "Qorvo 5ml Syrup", other: 0 },
      { word: "zexanol", name: "Qorvo 5ml Syrup", other: 0 },
    ]);
    // A category changed alone keeps every word of the name.
    await env.DB.prepare("UPDATE products SET category = 'Cough and Cold Drugs' WHERE id = ?").bind(id).run();
    expect((await postings(id)).map((p) => p.word)).toEqual([
      "5ml",
      "and",
      "cold",
      "cough",
      "drugs",
      "qorvo",
      "syrup",
      "zexanol",
    ]);
    // Strengths are never offered as corrections.
    const variants = await env.DB.prepare(
      "SELECT count(*) AS n FROM search_word_variants WHERE word GLOB '*[0-9]*'",
    ).first<{ n: number }>();
    expect(variants?.n).toBe(0);
    for (const row of await counts()) expect(row.products, row.word).toBe(row.held);

    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(id).run();
    expect(await postings(id)).toEqual([]);
    for (const row of await counts()) expect(row.products, row.word).toBe(row.held);
  });
});

describe("a search of words", () => {
  it("pages as its meaning says: as typed, then other names and meanings, by name within a tier", async () => {
    const bases = ["Zinc", "Vitamin", "Ferrous", "Folic", "Syrup", "Tablet", "Cobalamin B12", "Zinc-Forte"];
    const forms = ["Syrup 100ml", "Tablets", "Drops", "Sulphate Tablets", "Caplets 500mg", "Drops 1500mg"];
    const categories = ["Analgesics", "Iron Supplements", "Cough and Cold Drugs"];
    const rows = Array.from({ length: 400 }, (_, i) => ({
      name: `${bases[i % bases.length]} ${forms[(i * 7) % forms.length]} ${(i * 7919) % 400}`,
      category: categories[i % categories.length],
      generic: i % 5 === 0 ? "Ferrous Sulphate" : i % 7 === 0 ? "Zinc" : null,
      aka: i % 3 === 0 ? "Zincovit\nSyrupy" : i % 11 === 0 ? "Ferrofol 500mg\nCo-Ferrofol" : null,
    }));
    const statement = env.DB.prepare(
      "INSERT INTO products (name, category, price_kobo, generic_name, also_known_as) VALUES (?, ?, 1000, ?, ?)",
    );
    await env.DB.batch(rows.map((r) => statement.bind(r.name, r.category, r.generic, r.aka)));

    // The meaning in plain code: each term held as typed in name, category or generic name (level 0), as
    // typed in other names or through a meaning (level 1); a product's tier is its terms' highest level.
    const fold = (s: string | null) => (s ?? "").replace(/[A-Z]/g, (c) => c.toLowerCase());
    const bytes = (s: string) => [...new TextEncoder().encode(s)];
    const byName = (a: { name: string }, b: { name: string }) => {
      const [x, y] = [bytes(a.name), bytes(b.name)];
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
      return x.length - y.length;
    };
    const expected = (q: string, category?: string) => {
      const plan = planSearch(q);
      if (plan.kind !== "terms") throw new Error(q);
      return rows
        .filter((p) => category === undefined || p.category === category)
        .map((p) => {
          const main = [p.name, p.category, p.generic].map(fold);
          const levels = plan.terms.map((term) =>
            term.literal.some((t) => main.some((f) => f.includes(t)))
              ? 0
              : [...term.literal, ...term.means].some((t) =>
                    [...main, fold(p.aka)].some((f) => f.includes(t)),
                  )
                ? 1
                : 9,
          );
          return { name: p.name, tier: Math.max(...levels) };
        })
        .filter((p) => p.tier < 9)
        .sort((a, b) => a.tier - b.tier || byName(a, b))
        .map((p) => p.name);
    };
    const search = async (q: string, page: number, category?: string) => {
      const path = category
        ? `/categories/${category}?q=${encodeURIComponent(q)}&page=${page}`
        : `/api/products?q=${encodeURIComponent(q)}&page=${page}&limit=24`;
      const res = await new Client().get(path);
      expect(res.status, path).toBe(200);
      if (!category) return ((await res.json()) as { name: string }[]).map((p) => p.name);
      return [...(await html(res)).matchAll(/aria-label="Add to cart: ([^"]+)"/g)].map((m) => m[1]);
    };

    for (const q of [
      "zinc",
      "syrup",
      "zinc syrup",
      "ferrous sulphate",
      "sulphate zinc",
      "vitamins",
      "ferrofol",
      "drops zinc",
      // Phrases (reached through a word of theirs, tested on the product's fields) and strengths.
      "syrup 100ml",
      "zinc syrup 100ml",
      "cough syrup",
      "blood tonic",
      "tablets 12",
      "zinc tablets 3",
      "sulphate tablets 1",
      // A strength or a code is a word of letters and digits, alone or beside a word, as typed or through
      // other names; digits alone are tested on the trigram index's candidates.
      "zinc 100ml",
      "syrupy 100ml",
      "ferrous 100ml",
      "500mg",
      "00mg",
      "1500mg",
      "zinc 500mg",
      "500mg ferrofol",
      "caplets 500mg",
      "b12",
      "b12 syrup",
      "cobalamin b12 drops",
      "b12 500mg",
      // A hyphenated name is a word too.
      "co-ferrofol",
      "zinc-forte",
      "-forte",
      "c-forte",
      "zinc-forte 500mg",
      "co-ferrofol drops",
      "ferrofol",
    ]) {
      expect(planSearch(q).kind, q).toBe("terms");
      const want = expected(q);
      expect(want.length, q).toBeGreaterThan(0);
      const last = Math.max(1, Math.ceil(want.length / 24));
      for (const page of new Set([1, 2, last, last + 1])) {
        expect(await search(q, page), `${q} page ${page}`).toEqual(want.slice((page - 1) * 24, page * 24));
      }
    }
    for (const q of [
      "zinc",
      "ferrous syrup",
      "syrup 100ml",
      "cough syrup",
      "zinc 100ml",
      "500mg",
      "b12 drops",
    ]) {
      const want = expected(q, "Analgesics");
      for (const page of [1, 2]) {
        expect(await search(q, page, "analgesics"), `${q} in analgesics, page ${page}`).toEqual(
          want.slice((page - 1) * 24, page * 24),
        );
      }
    }
  });
});
