/**
 * A product's own page: found by the id at the start of `/products/<id>-<slug>`; any other spelling of the
 * path (no slug, an old name's slug) is sent to the canonical one for good (301), so one page is indexed.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { Product } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { formatNaira, koboToNaira } from "~/lib/money";
import { otherNamesOf } from "~/lib/other-names";
import type { SQL } from "drizzle-orm";
import { hasAskedBackInStock } from "~/models/back-in-stock.server";
import { productAlternatives, readProductById } from "~/models/product.server";
import { categoryPath, productPath, type AlternativeCard, type ProductPageData } from "./product-view";
import { keptForCatalogue, toCard } from "./shop.server";

export const PRODUCT_PAGE_NOT_FOUND =
  "We could not find that medicine. It may have been removed from the catalogue, or the link may be mistyped.";

function toPage(product: Product): ProductPageData {
  return {
    ...toCard(product),
    url: productPath(product),
    categoryUrl: categoryPath(product.category),
    genericName: product.genericName,
    strength: product.strength,
    dosageForm: product.dosageForm,
    packSize: product.packSize,
    manufacturer: product.manufacturer,
    nafdacNumber: product.nafdacNumber,
    description: product.description,
    directions: product.directions,
    warnings: product.warnings,
    alsoKnownAs: otherNamesOf(product.alsoKnownAs),
  };
}

/** schema.org Product for search engines: what it is, who makes it, and its offer in naira. */
function structuredData(product: ProductPageData, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    url: `${origin}${product.url}`,
    ...(product.imageUrl ? { image: `${origin}${product.imageUrl}` } : {}),
    ...(product.description ? { description: product.description } : {}),
    category: product.category,
    ...(product.manufacturer ? { brand: { "@type": "Brand", name: product.manufacturer } } : {}),
    ...(product.genericName ? { additionalProperty: [activeIngredient(product.genericName)] } : {}),
    offers: {
      "@type": "Offer",
      url: `${origin}${product.url}`,
      price: koboToNaira(product.priceKobo).toFixed(2),
      priceCurrency: "NGN",
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
}

const activeIngredient = (value: string) => ({
  "@type": "PropertyValue",
  name: "Active ingredient",
  value,
});

/**
 * The page's meta description: the medicine's own description, cut to what search results show, or else what
 * it is and its price. Made here rather than in the route's `meta`, so the browser's first load carries no
 * price formatting code for it.
 */
function metaDescription(product: ProductPageData): string {
  if (product.description) return product.description.slice(0, 155);
  const about = [product.genericName, product.strength, product.dosageForm].filter(Boolean).join(" ");
  return `${product.name}${about ? ` (${about})` : ""}: ${formatNaira(product.priceKobo)}, delivered across Nigeria.`;
}

/** The JSON for a <script> element: "<" escaped, so no text in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The product and its alternatives (other products in stock with the same active ingredient, then for the
 * same use), read together in one round trip and kept while the catalogue holds. A signed-in customer on an
 * out-of-stock product's page is also told whether they asked to hear when it is back: `me` is the
 * session's user as SQL (null for a guest), so that read travels with the session lookup and the product.
 * The caller shows it only once the lookup has confirmed someone is signed in.
 */
export async function loadProductPage(
  request: Request,
  context: AppLoadContext,
  param: string | undefined,
  me: SQL | null,
) {
  const match = /^(\d{1,12})(?:-|$)/.exec(param ?? "");
  const id = match ? Number(match[1]) : null;
  const asking = me === null || id === null ? null : hasAskedBackInStock(context.read, me, id);
  asking?.catch(() => undefined);
  const found =
    id === null
      ? undefined
      : await keptForCatalogue(context, `product ${id}`, async () => {
          const [product, alternatives] = await Promise.all([
            readProductById(context.read, id),
            productAlternatives(context.read, id),
          ]);
          return product && { product, alternatives };
        });
  if (!found) throw new AppError(404, PRODUCT_PAGE_NOT_FOUND);
  const { product } = found;
  const url = new URL(request.url);
  const canonical = productPath(product);
  if (url.pathname !== canonical) throw redirect(`${canonical}${url.search}`, 301);
  const page = toPage(product);
  const alternatives: AlternativeCard[] = found.alternatives.map((row) => ({
    ...toCard(row),
    sameIngredient: row.sameIngredient,
  }));
  return {
    product: page,
    alternatives,
    // Only where it can be asked: out of stock, signed in.
    backInStock: page.inStock || !asking ? null : { asked: await asking },
    canonicalUrl: `${url.origin}${canonical}`,
    description: metaDescription(page),
    jsonLd: scriptJson(structuredData(page, url.origin)),
  };
}
