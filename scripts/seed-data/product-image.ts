/** Placeholder image: a flat coloured square (to be replaced by a drawn pack per product form). */
import sharp from "sharp";
import type { SeedProduct } from "./catalogue";

export async function productImage(product: SeedProduct): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="#d1fae5"/><rect x="70" y="60" width="100" height="120" rx="12" fill="#047857"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).webp({ quality: 60 }).toBuffer());
}
