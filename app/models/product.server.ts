/** Catalogue queries. Search is an indexed substring match on name, category or generic name (see product-search). */
import { and, asc, eq, fillPlaceholders, gte, inArray, lt, sql } from "drizzle-orm";
import { QueryBuilder, type SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "~/db/batch";
import type { Database } from "~/db/client.server";
import type { BatchedRead, BuiltQuery } from "~/db/read-batch.server";
import { products, type Product } from "~/db/schema";
import { searchPageIds } from "./product-search.server";

export const SHOP_PAGE_SIZE = 24;
export const MAX_SEARCH_LENGTH = 100;

/** The four products the hero shows (the first alphabetical match of each). Matched by name prefix, so a renamed pack still shows. */
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

type PageQuery = { search?: string; category?: string; page?: number; pageSize?: number };

/**
 * What a product card shows (a grid, the hero, Admin › Products): a listing reads these columns only, not
 * the medicine information (descriptions, directions), which is most of a row's bytes and of its mapping.
 */
const CARD_COLUMNS = {
  id: products.id,
  name: products.name,
  category: products.category,
  priceKobo: products.priceKobo,
  imageKey: products.imageKey,
  medicineClass: products.medicineClass,
  stock: products.stock,
};
export type ProductCardRow = Pick<Product, keyof typeof CARD_COLUMNS>;

/**
 * The query of one page, alphabetical: one row past it is read, so `hasMore` is known without a count. A
 * search settles which ids make the page in a subquery of the same statement (product-search.server.ts).
 */
function pageQuery<Query extends SQLiteSelect>(
  query: Query,
  { search = "", category, page = 1, pageSize = SHOP_PAGE_SIZE }: PageQuery,
) {
  const limit = pageSize + 1;
  const offset = (page - 1) * pageSize;
  return search
    ? query
        .where(sql`${products.id} IN (${searchPageIds({ term: search, category, limit, offset })})`)
        .orderBy(asc(products.name), asc(products.id))
    : query
        .where(category === undefined ? undefined : eq(products.category, category))
        .orderBy(asc(products.name), asc(products.id))
        .limit(limit)
        .offset(offset);
}

const cardsQuery = (db: Database) => db.select(CARD_COLUMNS).from(products).$dynamic();

function toPage<Row>(rows: Row[], pageSize = SHOP_PAGE_SIZE) {
  return { products: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/** One page of the catalogue (of one category when given), alphabetical, every column. */
export async function listProducts(
  db: Database,
  query: PageQuery,
): Promise<{ products: Product[]; hasMore: boolean }> {
  return toPage(await pageQuery(db.select().from(products).$dynamic(), query), query.pageSize);
}

/** The same page as `listProducts`, with what its cards show. */
export async function listProductCards(
  db: Database,
  query: PageQuery,
): Promise<{ products: ProductCardRow[]; hasMore: boolean }> {
  return toPage(await pageQuery(cardsQuery(db), query), query.pageSize);
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

/**
 * The home page's statements as SQL text, built once per isolate by Drizzle's standalone query builder: on a
 * page past the edge cache, building five queries cost more CPU than D1 takes to answer them. The page's
 * LIMIT and OFFSET are placeholders, filled per request.
 */
let homeStatements: { page: BuiltQuery; hero: BuiltQuery[] } | undefined;

function builtHomeStatements() {
  if (homeStatements) return homeStatements;
  const builder = new QueryBuilder();
  const cards = () => builder.select(CARD_COLUMNS).from(products);
  homeStatements = {
    page: cards()
      .orderBy(asc(products.name), asc(products.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .toSQL(),
    hero: HERO_PRODUCT_NAMES.map((name) =>
      cards()
        // A range on the name index (LIKE is case-insensitive, so it could not use the index).
        .where(and(gte(products.name, name), lt(products.name, prefixUpperBound(name))))
        .orderBy(asc(products.name))
        .limit(1)
        .toSQL(),
    ),
  };
  return homeStatements;
}

/** A card's row as D1 answers the statements above (column names), as Drizzle would map it. */
type CardRecord = {
  id: number;
  name: string;
  category: string;
  price_kobo: number;
  image_key: string | null;
  medicine_class: ProductCardRow["medicineClass"];
  stock: number | null;
};

function toCardRow(record: CardRecord): ProductCardRow {
  return {
    id: record.id,
    name: record.name,
    category: record.category,
    priceKobo: record.price_kobo,
    imageKey: record.image_key,
    medicineClass: record.medicine_class,
    stock: record.stock,
  };
}

/**
 * The home page's products: the hero's and one page of the catalogue (of a search, when the home page's box
 * sent one), read in the request's one batch (db/read-batch.server.ts): on a page that misses the edge
 * cache, round trips cost more than the queries.
 */
export async function homeProducts(
  { db, read }: { db: Database; read: BatchedRead },
  query: PageQuery,
): Promise<{ hero: ProductCardRow[]; products: ProductCardRow[]; hasMore: boolean }> {
  const statements = builtHomeStatements();
  const pageSize = query.pageSize ?? SHOP_PAGE_SIZE;
  const page: BuiltQuery = query.search
    ? pageQuery(cardsQuery(db), query).toSQL()
    : {
        sql: statements.page.sql,
        params: fillPlaceholders(statements.page.params, {
          limit: pageSize + 1,
          offset: ((query.page ?? 1) - 1) * pageSize,
        }),
      };
  const [pageRows, ...hero] = await Promise.all(
    [page, ...statements.hero].map((statement) => read<CardRecord>(statement)),
  );
  return {
    hero: hero.flatMap((rows) => rows.slice(0, 1).map(toCardRow)),
    ...toPage(pageRows.map(toCardRow), pageSize),
  };
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

/** The id of the product the statement before it in a batch inserted (for its audit entry). */
export const insertedProductId = sql`CAST(last_insert_rowid() AS TEXT)`;

/** The product still exists: the condition of a change's audit entry, written before the change. */
export const productExists = (id: number) =>
  sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.id} = ${id})`;

/** Inserts a product; `also` (its audit entry, which may use insertedProductId) comes right after it. */
export async function createProduct(
  db: Database,
  input: ProductInput,
  also: BatchItem<"sqlite">[] = [],
): Promise<Product> {
  const [[row]] = await db.batch([db.insert(products).values(input).returning(), ...also]);
  return row;
}

/** Changes a product; `also` (its audit entry, conditioned on productExists) goes first in the batch. */
export async function updateProduct(
  db: Database,
  id: number,
  input: Partial<ProductInput>,
  also: BatchItem<"sqlite">[] = [],
): Promise<Product | undefined> {
  const update = db.update(products).set(input).where(eq(products.id, id)).returning();
  const results = await runBatch(db, [...also, update]);
  return (results.at(-1) as Product[])[0];
}

/**
 * Deletes the row (`also`, its audit entry conditioned on productExists, first in the batch); past orders
 * keep their lines (snapshot), carts drop it on their next read.
 */
export async function deleteProduct(
  db: Database,
  id: number,
  also: BatchItem<"sqlite">[] = [],
): Promise<Product | undefined> {
  const remove = db.delete(products).where(eq(products.id, id)).returning();
  const results = await runBatch(db, [...also, remove]);
  return (results.at(-1) as Product[])[0];
}

export async function countProducts(db: Database): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(products)
    .get();
  return row?.n ?? 0;
}
