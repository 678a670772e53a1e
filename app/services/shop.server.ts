/** The shop grid's data for / and /shop: search term, page, one page of products. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { productImageUrl } from "~/lib/images";
import type { ProductCardData } from "~/components/product-card";
import { listProducts, normalizeSearch } from "~/models/product.server";
import type { Product } from "~/db/schema";

const MAX_PAGE = 10_000;

export function toCard(product: Product): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    category: product.category,
    priceKobo: product.priceKobo,
    imageUrl: productImageUrl(product.imageKey),
  };
}

export function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

export async function loadShopGrid(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const search = normalizeSearch(url.searchParams.get("q"));
  const page = parsePage(url.searchParams.get("page"));
  const { products, hasMore } = await listProducts(context.db, { search, page });
  return { search, page, hasMore, products: products.map(toCard) };
}
export type ShopGridData = Awaited<ReturnType<typeof loadShopGrid>>;
