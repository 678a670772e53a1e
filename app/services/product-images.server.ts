/**
 * Product photos become grid-sized WebP thumbnails (240×240, a few KB) through the Cloudflare Images
 * binding (emulated with sharp by wrangler locally), stored in R2 under a new key each time, so they can
 * be cached for a year. The original upload is not kept.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { PRODUCT_IMAGE_PREFIX } from "~/lib/images";
import { AppError } from "~/lib/app-error";
import type { CheckedImage } from "./uploads.server";

export const THUMBNAIL_SIZE = 240;

export async function storeProductImage(context: AppLoadContext, image: CheckedImage): Promise<string> {
  const { IMAGE_TRANSFORMS, IMAGES } = context.cloudflare.env;
  let webp: ArrayBuffer;
  try {
    const result = await IMAGE_TRANSFORMS.input(new Blob([image.bytes as Uint8Array<ArrayBuffer>]).stream())
      .transform({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: "cover" })
      .output({ format: "image/webp", quality: 70 });
    webp = await result.response().arrayBuffer();
  } catch (error) {
    console.error("image transform failed", error);
    throw new AppError(400, "We could not read that image. Please try another photo.");
  }
  const key = `${PRODUCT_IMAGE_PREFIX}${crypto.randomUUID()}.webp`;
  await IMAGES.put(key, webp, { httpMetadata: { contentType: "image/webp" } });
  return key;
}

/** Seed images are shared between products; only uploaded ones (not under seed/) are removed. */
export async function deleteProductImage(context: AppLoadContext, key: string | null | undefined) {
  if (key && key.startsWith(PRODUCT_IMAGE_PREFIX) && !key.startsWith(`${PRODUCT_IMAGE_PREFIX}seed/`)) {
    await context.cloudflare.env.IMAGES.delete(key);
  }
}
