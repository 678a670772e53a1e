/**
 * Products as pages show them, and the paths that lead to them: pure, so the server, the browser and the
 * other features (cart, orders) build links the same way. The display rules are in docs/product-rules.md.
 */
import type { MedicineClass } from "~/lib/medicine-class";

/** "Only N left" shows at or below this count; above it a shopper reads only "In stock". */
export const LOW_STOCK = 5;

export const OUT_OF_STOCK = "Out of stock";
export const IN_STOCK = "In stock";

/** A name or category as a URL part: lowercased, every run of other characters one "-". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** The canonical product page: `/products/<id>-<slug of the name>`. */
export function productPath(product: { id: number; name: string }): string {
  const slug = slugify(product.name);
  return `/products/${product.id}${slug ? `-${slug}` : ""}`;
}

export function categoryPath(category: string): string {
  return `/categories/${slugify(category)}`;
}

/** What a shopper may know of the stock: whether it can be bought, and "Only N left" when few are. */
export type StockView = { inStock: boolean; onlyLeft: number | null };

/** Stock null is not counted (always available). */
export function stockView(stock: number | null): StockView {
  if (stock === null) return { inStock: true, onlyLeft: null };
  return { inStock: stock > 0, onlyLeft: stock > 0 && stock <= LOW_STOCK ? stock : null };
}

export function stockLabel({ inStock, onlyLeft }: StockView): string {
  if (!inStock) return OUT_OF_STOCK;
  return onlyLeft === null ? IN_STOCK : `Only ${onlyLeft} left`;
}

/**
 * A product as cards, the hero and the back office show it (server-built, browser-rendered). Its page's
 * path is not sent: productPath makes it from the id and name, and a page of cards would carry each name
 * twice.
 */
export type ProductCardData = {
  id: number;
  name: string;
  category: string;
  priceKobo: number;
  imageUrl: string | null;
  medicineClass: MedicineClass;
} & StockView;

/** Everything a product page shows. */
export type ProductPageData = ProductCardData & {
  url: string;
  categoryUrl: string;
  genericName: string | null;
  strength: string | null;
  dosageForm: string | null;
  packSize: string | null;
  manufacturer: string | null;
  nafdacNumber: string | null;
  description: string | null;
  directions: string | null;
  warnings: string | null;
  /** Other names shoppers know it by (brands, international names). */
  alsoKnownAs: string[];
};

/** Another product a shopper could take instead: in stock, the same active ingredient or the same use. */
export type AlternativeCard = ProductCardData & { sameIngredient: boolean };
