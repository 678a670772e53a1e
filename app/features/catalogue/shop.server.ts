/**
 * Browsing the catalogue: the home page's hero and grid, /shop, the categories, the back office's list and
 * `GET /api/products`, all through one search (app/models/product-search.server.ts: names, other names,
 * generic names and categories, forgiving of misspellings) and one paging rule.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Product } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { PRODUCT_CATEGORIES } from "~/lib/categories";
import { productImageUrl } from "~/lib/images";
import { needsPrescription } from "~/lib/medicine-class";
import { koboToNaira } from "~/lib/money";
import { otherNamesOf } from "~/lib/other-names";
import { parsePage } from "~/lib/pagination";
import { keptWhileCatalogueHolds } from "~/models/catalogue-version.server";
import {
  getProductsByIds,
  homeProducts,
  listCategories,
  listProductCards,
  listProducts,
  normalizeSearch,
  type ProductCardRow,
} from "~/models/product.server";
import { categoryPath, productPath, slugify, stockView, type ProductCardData } from "./product-view";

export function toCard(product: ProductCardRow): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    category: product.category,
    priceKobo: product.priceKobo,
    imageUrl: productImageUrl(product.imageKey),
    medicineClass: product.medicineClass,
    ...stockView(product.stock),
  };
}

/**
 * The JSON API shape of a product: `_id`, price in naira, absolute image URL, the medicine information,
 * whether it needs a prescription and can be bought now, and its page's path.
 */
export function toApiProduct(product: Product, origin: string) {
  const image = productImageUrl(product.imageKey);
  return {
    _id: String(product.id),
    name: product.name,
    category: product.category,
    price: koboToNaira(product.priceKobo),
    image: image ? `${origin}${image}` : null,
    genericName: product.genericName,
    strength: product.strength,
    dosageForm: product.dosageForm,
    packSize: product.packSize,
    manufacturer: product.manufacturer,
    nafdacNumber: product.nafdacNumber,
    medicineClass: product.medicineClass,
    prescriptionOnly: needsPrescription(product.medicineClass),
    description: product.description,
    directions: product.directions,
    warnings: product.warnings,
    alsoKnownAs: otherNamesOf(product.alsoKnownAs),
    stock: product.stock,
    inStock: stockView(product.stock).inStock,
    url: productPath(product),
  };
}

/**
 * A catalogue read of a guest's page, kept in this isolate while the catalogue does not change
 * (models/catalogue-version.server.ts): a page that misses the edge cache need not wait on D1 for it.
 */
export function keptForCatalogue<T>(
  context: AppLoadContext,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  return keptWhileCatalogueHolds(context.catalogueVersion, key, read);
}

/** What `?q=` and `?page=` in the URL ask for. */
function pageAskedFor(url: URL) {
  return {
    search: normalizeSearch(url.searchParams.get("q")),
    page: parsePage(url.searchParams.get("page")),
  };
}

/** One page of product cards (of one category when given) for `?q=` and `?page=` in the URL. */
async function searchPage(context: AppLoadContext, url: URL, pageSize?: number, category?: string) {
  const { search, page } = pageAskedFor(url);
  const { products, hasMore, correctedTo } = await listProductCards(context, {
    search,
    page,
    pageSize,
    category,
  });
  return { search, page, hasMore, products, correctedTo };
}

export type CategoryLink = { name: string; url: string };

/** Every category that has products, as links to its listing. */
export async function loadCategoryLinks(context: AppLoadContext): Promise<CategoryLink[]> {
  const categories = await keptForCatalogue(context, "categories", () => listCategories(context.read));
  return categories.map((name) => ({ name, url: categoryPath(name) }));
}

export const CATEGORY_NOT_FOUND = "We could not find that category. It may have no medicines at the moment.";

/** /categories/<slug>: the category's products, searchable within it; an unknown slug (or an empty one) is a 404. */
export async function loadCategoryPage(request: Request, context: AppLoadContext, slug: string | undefined) {
  const url = new URL(request.url);
  const listing = (name: string) => keptSearchPage(context, url, `category ${name}`, name);
  // The admin's fixed list names almost every category: its products are read beside the catalogue's
  // categories, in one trip to D1, and kept only once the catalogue confirms the category. One that only
  // the catalogue holds (written through the API) is read after it.
  const likely = PRODUCT_CATEGORIES.find((name) => slugify(name) === slug);
  const early = likely === undefined ? undefined : listing(likely);
  early?.catch(() => undefined);
  const categories = await keptForCatalogue(context, "categories", () => listCategories(context.read));
  const category = categories.find((name) => slugify(name) === slug);
  if (!category) throw new AppError(404, CATEGORY_NOT_FOUND);
  const { products, ...rest } = await (early && category === likely ? early : listing(category));
  return {
    ...rest,
    products: products.map(toCard),
    category: { name: category, url: categoryPath(category) },
    categories: categories.map((name) => ({ name, url: categoryPath(name) })),
  };
}

/** A guest listing's page (of the shop, or of one category), kept while the catalogue holds. */
function keptSearchPage(context: AppLoadContext, url: URL, listing: string, category?: string) {
  const { search, page } = pageAskedFor(url);
  return keptForCatalogue(context, `${listing} ${page} ${search}`, () =>
    searchPage(context, url, undefined, category),
  );
}

export async function loadShopGrid(request: Request, context: AppLoadContext) {
  const { products, ...rest } = await keptSearchPage(context, new URL(request.url), "shop");
  return { ...rest, products: products.map(toCard) };
}
export type ShopGridData = Awaited<ReturnType<typeof loadShopGrid>>;

/**
 * The home page lists fewer medicines a page than the shop: with the hero's four it still fills several
 * screens of a phone, and each card is markup plus its data for the page's code, paid by every first visit.
 */
export const HOME_PAGE_SIZE = 16;

export async function loadHome(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const search = normalizeSearch(url.searchParams.get("q"));
  const page = parsePage(url.searchParams.get("page"));
  // A search that finds nothing offers the categories: read beside it, in the same round trip.
  const [{ hero, products, hasMore, correctedTo }, categories] = await keptForCatalogue(
    context,
    `home ${page} ${search}`,
    () =>
      Promise.all([
        homeProducts(context, { search, page, pageSize: HOME_PAGE_SIZE }),
        search ? listCategories(context.read) : [],
      ]),
  );
  const emptyCategories = categories.map((name) => ({ name, url: categoryPath(name) }));
  return {
    hero: hero.map(toCard),
    grid: {
      search,
      page,
      hasMore,
      correctedTo,
      products: products.map(toCard),
      emptyCategories: products.length === 0 ? emptyCategories : undefined,
    },
  };
}

const ADMIN_PAGE_SIZE = 48;

export async function loadAdminCatalogue(request: Request, context: AppLoadContext) {
  const { products, ...rest } = await searchPage(context, new URL(request.url), ADMIN_PAGE_SIZE);
  return { ...rest, products: products.map((product) => ({ ...toCard(product), stock: product.stock })) };
}

/**
 * A search through the API, as a guest's search page is: which products it found (their ids, not the
 * products, up to 500 a page) kept in the isolate while the catalogue holds, so a repeated search reads
 * them by id rather than searching again. What is sent is read afresh either way.
 */
async function keptApiSearch(
  context: AppLoadContext,
  query: { search: string; page: number; pageSize: number },
): Promise<{ products: Product[]; hasMore: boolean }> {
  let searched: { products: Product[]; hasMore: boolean } | undefined;
  const found = await keptForCatalogue(
    context,
    `api ${query.pageSize} ${query.page} ${query.search}`,
    async () => {
      searched = await listProducts(context, query);
      return { ids: searched.products.map((product) => product.id), hasMore: searched.hasMore };
    },
  );
  if (searched) return searched;
  const byId = new Map((await getProductsByIds(context.db, found.ids)).map((p) => [p.id, p]));
  return { products: found.ids.flatMap((id) => byId.get(id) ?? []), hasMore: found.hasMore };
}

const API_DEFAULT_LIMIT = 200;
const API_MAX_LIMIT = 500;

/** `GET /api/products`: a page of `limit` products (default 200, at most 500) and the next page's URL. */
export async function apiProducts(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const rawLimit = url.searchParams.get("limit");
  const limit = rawLimit === null ? API_DEFAULT_LIMIT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > API_MAX_LIMIT) {
    throw new AppError(400, `limit must be a whole number from 1 to ${API_MAX_LIMIT}.`);
  }
  const { search, page } = pageAskedFor(url);
  const { products, hasMore } = search
    ? await keptApiSearch(context, { search, page, pageSize: limit })
    : await listProducts(context, { search, page, pageSize: limit });
  let next: string | null = null;
  if (hasMore) {
    const nextUrl = new URL(url);
    nextUrl.searchParams.set("page", String(page + 1));
    next = `${nextUrl.pathname}${nextUrl.search}`;
  }
  return { products: products.map((p) => toApiProduct(p, url.origin)), next };
}
