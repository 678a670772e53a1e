/**
 * The demo products' pictures: one small 240×240 WebP per product in images/, named after the product's
 * slug. A picture shows the pack, a badge for the kind of medicine on a background tinted for it, and a
 * tab in the colour of the medicine's class (red prescription-only, amber pharmacy-only, green over the
 * counter). A new demo product brings its own picture in that look.
 */
import { readFile } from "node:fs/promises";

/** The product's name as its picture's file name and R2 key: two names with one slug would share one. */
export const productSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

/** Where the seed stores the product's picture in R2 (the synthetic catalogue reuses the same keys). */
export const productImageKey = (name: string) => `products/seed/${productSlug(name)}.webp`;

export const IMAGES_DIR = new URL("./images/", import.meta.url);

export async function productImage(name: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(new URL(`${productSlug(name)}.webp`, IMAGES_DIR)));
}
