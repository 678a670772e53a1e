import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PRODUCT_CATEGORIES } from "~/lib/categories";
import { HERO_PRODUCT_NAMES } from "~/models/product.server";
import { CATALOGUE, type SeedProduct } from "../../scripts/seed-data/catalogue";
import { productImage } from "../../scripts/seed-data/product-image";

/** The generic line the home page hero should show for each prefix. */
const INTENDED_HERO: Record<string, string> = {
  Paracetamol: "Paracetamol 500mg Tablets (Pack of 96)",
  Amoxicillin: "Amoxicillin 500mg Capsules (Pack of 20)",
  "Vitamin C": "Vitamin C 1000mg Effervescent Tablets (Tube of 20)",
  Ibuprofen: "Ibuprofen 400mg Tablets (Pack of 24)",
};

/** Same as scripts/seed.ts: two names with one slug would share (and overwrite) one image. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

/** SQLite's default BINARY collation compares bytes; for these ASCII names that is JS `<`. */
const binaryOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe("demo catalogue", () => {
  it("is a realistic size across many categories", () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(120);
    expect(new Set(CATALOGUE.map((p) => p.category)).size).toBeGreaterThanOrEqual(30);
  });

  it("uses only the fixed category names", () => {
    const allowed = new Set<string>(PRODUCT_CATEGORIES);
    const unknown = CATALOGUE.filter((p) => !allowed.has(p.category)).map((p) => p.category);
    expect(unknown).toEqual([]);
  });

  it("has unique names and unique image keys", () => {
    const names = CATALOGUE.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names.map(slug)).size).toBe(names.length);
  });

  it("has positive, finite prices with at most two decimals", () => {
    const bad = CATALOGUE.filter(
      (p) =>
        !Number.isFinite(p.priceNaira) ||
        p.priceNaira <= 0 ||
        Math.abs(p.priceNaira * 100 - Math.round(p.priceNaira * 100)) > 1e-6,
    );
    expect(bad).toEqual([]);
  });

  it("puts the intended generic product first for every hero prefix", () => {
    expect(Object.keys(INTENDED_HERO).sort()).toEqual([...HERO_PRODUCT_NAMES].sort());
    for (const prefix of HERO_PRODUCT_NAMES) {
      // LIKE 'prefix%' is case-insensitive for ASCII in SQLite, so match the same way.
      const matching = CATALOGUE.map((p) => p.name)
        .filter((name) => name.toLowerCase().startsWith(prefix.toLowerCase()))
        .sort(binaryOrder);
      expect(matching.length, prefix).toBeGreaterThan(0);
      expect(matching[0], prefix).toBe(INTENDED_HERO[prefix]);
    }
  });
});

describe("product images", () => {
  // Two products of every form: each drawing path is exercised, with different name-driven variants.
  const sample: SeedProduct[] = [...new Set(CATALOGUE.map((p) => p.form))].flatMap((form) =>
    CATALOGUE.filter((p) => p.form === form).slice(0, 2),
  );

  it.each(sample.map((p) => [p.form, p.name, p] as const))(
    "%s: %s is a small 240×240 WebP",
    async (_f, _n, product) => {
      const bytes = await productImage(product);
      const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("ascii");
      expect(ascii(0, 4)).toBe("RIFF");
      expect(ascii(8, 12)).toBe("WEBP");
      expect(bytes.length).toBeLessThan(6 * 1024);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 240, height: 240 });
    },
  );

  it("draws the same bytes for the same product and differs between products", async () => {
    const [a, b] = CATALOGUE;
    expect(Buffer.from(await productImage(a)).equals(Buffer.from(await productImage(a)))).toBe(true);
    expect(Buffer.from(await productImage(a)).equals(Buffer.from(await productImage(b)))).toBe(false);
  });
});
