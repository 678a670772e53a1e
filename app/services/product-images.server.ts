/**
 * Product photos become grid-sized WebP thumbnails (240×240, a few KB) through the Cloudflare Images
 * binding (emulated with sharp by wrangler locally), stored in R2 under a new key each time, so they can
 * be cached for a year. The original upload is not kept.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { PRODUCT_IMAGE_PREFIX } from "~/lib/images";
import { reencodeImage, type CheckedImage } from "./uploads.server";

export const THUMBNAIL_SIZE = 240;

export async function storeProductImage(context: AppLoadContext, image: CheckedImage): Promise<string> {
  const webp = await reencodeImage(context, image, {
    transform: { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: "cover" },
    quality: 70,
  });
  const key = `${PRODUCT_IMAGE_PREFIX}${crypto.randomUUID()}.${webp.extension}`;
  await context.cloudflare.env.IMAGES.put(key, webp.bytes, {
    httpMetadata: { contentType: webp.contentType },
  });
  return key;
}

/** Seed images are shared between products; only uploaded ones (not under seed/) are removed. */
export async function deleteProductImage(context: AppLoadContext, key: string | null | undefined) {
  if (key && key.startsWith(PRODUCT_IMAGE_PREFIX) && !key.startsWith(`${PRODUCT_IMAGE_PREFIX}seed/`)) {
    await context.cloudflare.env.IMAGES.delete(key);
  }
}
