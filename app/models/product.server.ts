/** Catalogue queries. Search is an indexed substring match on name, category or generic name (see product-search). */
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products, type Product } from "~/db/schema";
import { searchPageIds } from "./product-search.server";

export const SHOP_PAGE_SIZE = 24;
export const MAX_SEARCH_LENGTH = 100;

/** The four products the hero shows. Matched by name prefix, so a renamed pack still shows. */
export const HERO_PRODUCT_NAMES = ["Paracetamol", "Amoxicillin", "Vitamin C", "Ibuprofen"];

/** What a search box sent, as searched: control characters (a NUL breaks full-text search) become spaces. */
export function normalizeSearch(raw: string | null | undefined): string {
  return (
    (raw ?? "")
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f\s]+/g, " ")
      .trim()
      .slice(0, MAX_SEARCH_LENGTH)
  );
}

/**
 * One page of the catalogue (of one category when given), alphabetical; `hasMore` is known by reading one
 * row past the page.
 */
export async function listProducts(
  db: Database,
  {
    search = "",
    category,
    page = 1,
    pageSize = SHOP_PAGE_SIZE,
  }: { search?: string; category?: string; page?: number; pageSize?: number },
): Promise<{ products: Product[]; hasMore: boolean }> {
  const limit = pageSize + 1;
  const offset = (page - 1) * pageSize;
  const inCategory = category === undefined ? undefined : eq(products.category, category);
  const rows = search
    ? await db
        .select()
        .from(products)
        .where(sql`${products.id} IN (${await searchPageIds(db, { term: search, category, limit, offset })})`)
        .orderBy(asc(products.name), asc(products.id))
    : await db
        .select()
        .from(products)
        .where(inCategory)
        .orderBy(asc(products.name), asc(products.id))
        .limit(limit)
        .offset(offset);
  return { products: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

export async function getProductsByIds(db: Database, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  return db.select().from(products).where(inArray(products.id, ids));
}

export async function getProductById(db: Database, id: number): Promise<Product | undefined> {
  return db.select().from(products).where(eq(products.id, id)).get();
}

/** Products whose name is exactly one of `names` (API clients that send names, not ids). */
export async function getProductsByExactNames(db: Database, names: string[]): Promise<Product[]> {
  if (names.length === 0) return [];
  return db.select().from(products).where(inArray(products.name, names));
}

/** The smallest string greater than every string starting with `prefix`. */
function prefixUpperBound(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** The hero's sample products: the first alphabetical match for each name, in one D1 round trip. */
export async function heroProducts(db: Database): Promise<Product[]> {
  const [first, ...rest] = HERO_PRODUCT_NAMES.map((name) =>
    db
      .select()
      .from(products)
      // A range on the name index (LIKE is case-insensitive, so it could not use the index).
      .where(and(gte(products.name, name), lt(products.name, prefixUpperBound(name))))
      .orderBy(asc(products.name))
      .limit(1),
  );
  const results = await db.batch([first, ...rest]);
  return results.flatMap((rows) => rows.slice(0, 1));
}

/** The categories that have products, alphabetical: read from the category index alone. */
export async function listCategories(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: products.category })
    .from(products)
    .orderBy(asc(products.category));
  return rows.map((row) => row.category);
}

/** What an admin writes: the basics, the medicine information and the stock (everything but id and date). */
export type ProductInput = Omit<typeof products.$inferInsert, "id" | "createdAt">;

export async function createProduct(db: Database, input: ProductInput): Promise<Product> {
  const [row] = await db.insert(products).values(input).returning();
  return row;
}

export async function updateProduct(
  db: Database,
  id: number,
  input: Partial<ProductInput>,
): Promise<Product | undefined> {
  const [row] = await db.update(products).set(input).where(eq(products.id, id)).returning();
  return row;
}

/** Deletes the row; past orders keep their lines (snapshot), carts drop it on their next read. */
export async function deleteProduct(db: Database, id: number): Promise<Product | undefined> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning();
  return row;
}

export async function countProducts(db: Database): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(products)
    .get();
  return row?.n ?? 0;
}
