/** Public product images live in R2 under products/ and are served by the /images/* route. */
export const PRODUCT_IMAGE_PREFIX = "products/";

export function productImageUrl(imageKey: string | null | undefined): string | null {
  return imageKey ? `/images/${imageKey}` : null;
}
