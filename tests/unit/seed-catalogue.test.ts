import { readdir } from "node:fs/promises";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PRODUCT_CATEGORIES } from "~/lib/categories";
import { NAFDAC_NUMBER } from "~/lib/validation";
import { HERO_PRODUCT_NAMES } from "~/models/product.server";
import { CATALOGUE } from "../../scripts/seed-data/catalogue";
import { IMAGES_DIR, productImage, productSlug } from "../../scripts/seed-data/images";

/** The generic line the home page hero should show for each prefix. */
const INTENDED_HERO: Record<string, string> = {
  Paracetamol: "Paracetamol 500mg Tablets (Pack of 96)",
  Amoxicillin: "Amoxicillin 500mg Capsules (Pack of 20)",
  "Vitamin C": "Vitamin C 1000mg Effervescent Tablets (Tube of 20)",
  Ibuprofen: "Ibuprofen 400mg Tablets (Pack of 24)",
};

/** SQLite's default BINARY collation compares bytes; for these ASCII names that is JS `<`. */
const binaryOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe("demo catalogue", () => {
  it("is a realistic size across many categories", () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(40);
    expect(CATALOGUE.length).toBeLessThanOrEqual(60);
    expect(new Set(CATALOGUE.map((p) => p.category)).size).toBeGreaterThanOrEqual(15);
  });

  it("fills every medicine field, with unique NAFDAC numbers in the printed format", () => {
    const fields = [
      "genericName",
      "strength",
      "dosageForm",
      "packSize",
      "manufacturer",
      "nafdacNumber",
      "description",
      "directions",
      "warnings",
    ] as const;
    const empty = CATALOGUE.flatMap((p) => fields.filter((f) => !p[f].trim()).map((f) => `${p.name}: ${f}`));
    expect(empty).toEqual([]);
    expect(CATALOGUE.filter((p) => !NAFDAC_NUMBER.test(p.nafdacNumber))).toEqual([]);
    expect(new Set(CATALOGUE.map((p) => p.nafdacNumber)).size).toBe(CATALOGUE.length);
  });

  it("classes medicines as a pharmacy would: antibiotics, heart and diabetes medicines on prescription", () => {
    const rxCategories = [
      "Antibiotics",
      "Cardiovascular Health Drugs",
      "Anti-Diabetic Drugs",
      "Antidepressants",
    ];
    const notRx = CATALOGUE.filter(
      (p) =>
        rxCategories.includes(p.category) && p.medicineClass !== "prescription" && !/aspirin/i.test(p.name),
    );
    expect(notRx.map((p) => p.name)).toEqual([]);
    const otcCategories = ["Analgesics", "Oral Rehydration", "Wellbeing / Dietary Supplements"];
    const notOtc = CATALOGUE.filter((p) => otcCategories.includes(p.category) && p.medicineClass !== "otc");
    expect(notOtc.map((p) => p.name)).toEqual([]);
    expect(CATALOGUE.some((p) => p.medicineClass === "pharmacy")).toBe(true);
  });

  it("varies the stock, with a few lines out of stock but never a hero or the first in the shop", () => {
    const out = CATALOGUE.filter((p) => p.stock === 0);
    expect(out.length).toBeGreaterThanOrEqual(2);
    expect(out.length).toBeLessThanOrEqual(5);
    expect(CATALOGUE.filter((p) => !Number.isInteger(p.stock) || p.stock < 0)).toEqual([]);
    expect(CATALOGUE.some((p) => p.stock > 0 && p.stock <= 5)).toBe(true);
    const heroes = Object.values(INTENDED_HERO).map((name) => CATALOGUE.find((p) => p.name === name)!);
    expect(heroes.filter((p) => p.stock === 0)).toEqual([]);
    const first = [...CATALOGUE].sort((a, b) => binaryOrder(a.name, b.name))[0];
    expect(first).toMatchObject({ medicineClass: "otc" });
    expect(first.stock).toBeGreaterThan(100);
  });

  it("uses only the fixed category names", () => {
    const allowed = new Set<string>(PRODUCT_CATEGORIES);
    const unknown = CATALOGUE.filter((p) => !allowed.has(p.category)).map((p) => p.category);
    expect(unknown).toEqual([]);
  });

  it("has unique names and unique image keys", () => {
    const names = CATALOGUE.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names.map(productSlug)).size).toBe(names.length);
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

/** Thumbnail side, in pixels, for comparing two pictures as a phone shows them. */
const SIDE = 32;
/** Below this mean colour difference (0–255), two pictures read as the same product at a glance. */
const LOOK_ALIKE = 10;

async function thumbnail(bytes: Uint8Array) {
  return sharp(bytes).resize(SIDE, SIDE).removeAlpha().raw().toBuffer();
}

function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

describe("product images", () => {
  it("has one small 240×240 WebP per product, and none for a product that is not in the catalogue", async () => {
    const files = (await readdir(IMAGES_DIR)).sort();
    expect(files).toEqual(CATALOGUE.map((p) => `${productSlug(p.name)}.webp`).sort());
    for (const product of CATALOGUE) {
      const bytes = await productImage(product.name);
      const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("ascii");
      expect(ascii(0, 4), product.name).toBe("RIFF");
      expect(ascii(8, 12), product.name).toBe("WEBP");
      expect(bytes.length, product.name).toBeLessThan(6 * 1024);
      const meta = await sharp(bytes).metadata();
      expect(meta, product.name).toMatchObject({ format: "webp", width: 240, height: 240 });
    }
  });

  it("never shows two products alike", async () => {
    const pixels = await Promise.all(CATALOGUE.map(async (p) => thumbnail(await productImage(p.name))));
    const alike: string[] = [];
    for (let i = 0; i < pixels.length; i++) {
      for (let j = i + 1; j < pixels.length; j++) {
        const d = difference(pixels[i], pixels[j]);
        if (d < LOOK_ALIKE) alike.push(`${CATALOGUE[i].name} ≈ ${CATALOGUE[j].name} (${d.toFixed(1)})`);
      }
    }
    expect(alike).toEqual([]);
  });
});
