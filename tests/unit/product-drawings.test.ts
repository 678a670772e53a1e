/**
 * The demo catalogue's drawings tell medicines apart: no two products share a look-alike pack, and each
 * picture carries a badge for its kind of medicine. "Look-alike" is measured on the pack alone (no
 * background, no badge), drawn small as a phone shows it: the mean colour difference over the pixels
 * either pack covers.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PRODUCT_CATEGORIES } from "~/lib/categories";
import { CATALOGUE, type SeedProduct } from "../../scripts/seed-data/catalogue";
import { KIND_OF_CATEGORY, productLayers, svgOf } from "../../scripts/seed-data/product-image";

/** Thumbnail side, in pixels, for the comparison. */
const SIDE = 32;
/**
 * Below this, two packs read as the same product at a glance (the old drawings had pairs under 1, and
 * Paracetamol against Vitamin C at 5).
 */
const LOOK_ALIKE = 10;

async function packPixels(product: SeedProduct) {
  const svg = svgOf([productLayers(product).pack]);
  return sharp(Buffer.from(svg)).resize(SIDE, SIDE).ensureAlpha().raw().toBuffer();
}

/** Mean difference (0–255) of two packs over the pixels either covers; uncovered counts as white. */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  let covered = 0;
  for (let i = 0; i < a.length; i += 4) {
    const [alphaA, alphaB] = [a[i + 3] / 255, b[i + 3] / 255];
    if (alphaA < 0.1 && alphaB < 0.1) continue;
    covered++;
    for (let c = 0; c < 3; c++) {
      sum += Math.abs(a[i + c] * alphaA + 255 * (1 - alphaA) - (b[i + c] * alphaB + 255 * (1 - alphaB))) / 3;
    }
  }
  return covered === 0 ? 0 : sum / covered;
}

describe("demo product drawings", () => {
  it("give every category a kind badge", () => {
    expect(PRODUCT_CATEGORIES.filter((category) => !KIND_OF_CATEGORY[category])).toEqual([]);
    const badges = (name: string) => productLayers(CATALOGUE.find((p) => p.name === name)!).badge;
    // A painkiller and a vitamin wear different badges.
    expect(badges("Paracetamol 500mg Tablets (Pack of 96)")).not.toBe(
      badges("Vitamin C 1000mg Effervescent Tablets (Tube of 20)"),
    );
  });

  it("mark each class in its own colour: prescription, pharmacy and over the counter", () => {
    const badgeOf = (medicineClass: SeedProduct["medicineClass"]) =>
      productLayers(
        CATALOGUE.find((p) => p.medicineClass === medicineClass && p.category === "Antibiotics") ??
          CATALOGUE.find((p) => p.medicineClass === medicineClass)!,
      ).badge;
    expect(badgeOf("prescription")).toContain("#b91c1c");
    expect(badgeOf("pharmacy")).toContain("#b45309");
    expect(badgeOf("otc")).toContain("#15803d");
  });

  it("never draw two products' packs alike", { timeout: 30_000 }, async () => {
    const pixels = await Promise.all(CATALOGUE.map(packPixels));
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
