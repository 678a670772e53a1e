/** Catalogue queries. Search finds medicines by name, other names, generic name or category (see product-search). */
import {
  and,
  asc,
  eq,
  fillPlaceholders,
  getTableColumns,
  gte,
  inArray,
  lt,
  sql,
  type SQL,
} from "drizzle-orm";
import { QueryBuilder, type SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "~/db/batch";
import type { Database } from "~/db/client.server";
import type { BatchedRead, BuiltQuery } from "~/db/read-batch.server";
import { products, type Product } from "~/db/schema";
import { correctedSearch, planSearch, type SearchPlan } from "~/lib/search-query";
import { searchStatement } from "./product-search.server";

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

/** The query of one page of a listing, alphabetical: one row past it is read, so `hasMore` is known without a count. */
function pageQuery<Query extends SQLiteSelect>(
  query: Query,
  { category, page = 1, pageSize = SHOP_PAGE_SIZE }: PageQuery,
) {
  return query
    .where(category === undefined ? undefined : eq(products.category, category))
    .orderBy(asc(products.name), asc(products.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
}

const cardsQuery = (db: Database) => db.select(CARD_COLUMNS).from(products).$dynamic();

function toPage<Row>(rows: Row[], pageSize = SHOP_PAGE_SIZE) {
  return { products: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/** A page of a listing or a search, and the search a result found only through corrections rests on. */
export type SearchResultPage<Row> = { products: Row[]; hasMore: boolean; correctedTo: string | null };

/** What a search statement adds to each row (product-search.server.ts). */
type SearchColumns = { search_tier: number; search_best: number; search_fixes: string };

/** The search the page's products rest on when every one was found through a correction, else null. */
function correctionOf(plan: SearchPlan, rows: SearchColumns[]): string | null {
  const first = rows[0];
  if (!first || first.search_best !== 2) return null;
  const corrections = new Map<number, string>();
  for (const [term, word] of JSON.parse(first.search_fixes) as [number, string][]) {
    if (!corrections.has(term)) corrections.set(term, word);
  }
  return correctedSearch(plan, corrections);
}

/**
 * One page of a search (query.search non-empty): `columns` of each product read by one statement, in page
 * order, through the request's batched reads, with the correction the result rests on.
 */
async function searchPage<Row>(
  read: BatchedRead,
  query: PageQuery & { search: string },
  columns: SQL,
  toRow: (record: Record<string, unknown>) => Row,
): Promise<SearchResultPage<Row> | null> {
  const page = searchPageStatement(query, columns);
  if (!page) return null;
  const rows = await read<Record<string, unknown> & SearchColumns>(page.statement);
  return { ...toPage(rows.map(toRow), page.pageSize), correctedTo: correctionOf(page.plan, rows) };
}

/**
 * The one statement of a search's page (one row more than the page, to tell whether another follows), or
 * null when the text asks for nothing. The bench times it alone (scripts/bench/measure/search-statements.ts).
 */
export function searchPageStatement(query: PageQuery & { search: string }, columns: SQL) {
  const plan = planSearch(query.search);
  if (plan.kind === "none") return null;
  const pageSize = query.pageSize ?? SHOP_PAGE_SIZE;
  const statement = searchStatement(plan, columns, {
    limit: pageSize + 1,
    offset: ((query.page ?? 1) - 1) * pageSize,
    category: query.category,
  });
  return { plan, pageSize, statement };
}

/** Every column of products as a search statement selects them, keyed by column name. */
const PRODUCT_COLUMNS = Object.values(getTableColumns(products));
const ALL_COLUMNS_SQL = sql.join(
  PRODUCT_COLUMNS.map((column) => sql`p.${sql.identifier(column.name)}`),
  sql`, `,
);
function productFromRecord(record: Record<string, unknown>): Product {
  return Object.fromEntries(
    Object.entries(getTableColumns(products)).map(([key, column]) => [key, record[column.name]]),
  ) as Product;
}
/** The columns of a product card, as a search statement selects them (`products AS p`). */
export const CARD_COLUMNS_SQL = sql.raw(
  "p.id, p.name, p.category, p.price_kobo, p.image_key, p.medicine_class, p.stock",
);

type Reads = { db: Database; read: BatchedRead };

/** One page of the catalogue (of one category when given), alphabetical, or of a search; every column. */
export async function listProducts(
  { db, read }: Reads,
  query: PageQuery,
): Promise<SearchResultPage<Product>> {
  const found = query.search
    ? await searchPage(read, { ...query, search: query.search }, ALL_COLUMNS_SQL, productFromRecord)
    : null;
  if (found) return found;
  const rows = await pageQuery(db.select().from(products).$dynamic(), query);
  return { ...toPage(rows, query.pageSize), correctedTo: null };
}

/** The same page as `listProducts`, with what its cards show. */
export async function listProductCards(
  { db, read }: Reads,
  query: PageQuery,
): Promise<SearchResultPage<ProductCardRow>> {
  const found = query.search
    ? await searchPage(read, { ...query, search: query.search }, CARD_COLUMNS_SQL, (record) =>
        toCardRow(record as CardRecord),
      )
    : null;
  if (found) return found;
  return { ...toPage(await pageQuery(cardsQuery(db), query), query.pageSize), correctedTo: null };
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
  { read }: Pick<Reads, "read">,
  query: PageQuery,
): Promise<{ hero: ProductCardRow[] } & SearchResultPage<ProductCardRow>> {
  const statements = builtHomeStatements();
  const pageSize = query.pageSize ?? SHOP_PAGE_SIZE;
  const listing = () =>
    read<CardRecord>({
      sql: statements.page.sql,
      params: fillPlaceholders(statements.page.params, {
        limit: pageSize + 1,
        offset: ((query.page ?? 1) - 1) * pageSize,
      }),
    }).then((rows) => ({ ...toPage(rows.map(toCardRow), pageSize), correctedTo: null }));
  // Started together, so they travel in one batch.
  const [found, ...hero] = await Promise.all([
    query.search
      ? searchPage(read, { ...query, search: query.search }, CARD_COLUMNS_SQL, (record) =>
          toCardRow(record as CardRecord),
        )
      : listing(),
    ...statements.hero.map((statement) => read<CardRecord>(statement)),
  ]);
  // A search of nothing but marks the folding drops reads the listing after all.
  const page = found ?? (await listing());
  return { hero: hero.flatMap((rows) => rows.slice(0, 1).map(toCardRow)), ...page };
}

/** The categories that have products, alphabetical: read from the category index alone. */
export async function listCategories(read: BatchedRead): Promise<string[]> {
  // Through the batched reads: a listing's page and its category links travel to D1 together.
  const rows = await read<{ category: string }>(
    sql`SELECT DISTINCT ${products.category} AS category FROM ${products} ORDER BY 1`,
  );
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

/** How many alternatives a product page lists. */
export const ALTERNATIVES_SHOWN = 6;

/** A product page's alternative: a card's columns, and whether it shares the active ingredient. */
export type AlternativeRow = ProductCardRow & { sameIngredient: boolean };

/**
 * Other products a shopper could take instead of product `id`, in stock: the same active ingredient (its
 * generic name, whatever the case) and strength first, then the same ingredient at other strengths, then
 * others for the same use (category). One statement from the id alone, so it travels with the product's own
 * read; each part walks an index in name order (products_generic_idx, products_category_idx).
 */
export function productAlternatives(read: BatchedRead, id: number): Promise<AlternativeRow[]> {
  const inStock = sql`(p.stock IS NULL OR p.stock > 0)`;
  const n = ALTERNATIVES_SHOWN;
  return read<CardRecord & { same_ingredient: number }>(sql`
    WITH me AS (SELECT generic_name, strength, category FROM products WHERE id = ${id})
    SELECT ${CARD_COLUMNS_SQL}, same_ingredient FROM (
      SELECT * FROM (SELECT p.id, 1 AS same_ingredient, 0 AS part FROM products AS p, me
        WHERE p.generic_name = me.generic_name COLLATE NOCASE AND p.strength = me.strength
          AND p.id <> ${id} AND ${inStock} ORDER BY p.name, p.id LIMIT ${n})
      UNION ALL
      SELECT * FROM (SELECT p.id, 1, 1 FROM products AS p, me
        WHERE p.generic_name = me.generic_name COLLATE NOCASE AND p.strength IS NOT me.strength
          AND p.id <> ${id} AND ${inStock} ORDER BY p.name, p.id LIMIT ${n})
      UNION ALL
      SELECT * FROM (SELECT p.id, 0, 2 FROM products AS p, me
        WHERE p.category = me.category AND p.id <> ${id} AND ${inStock}
          AND (me.generic_name IS NULL OR p.generic_name IS NULL OR p.generic_name <> me.generic_name COLLATE NOCASE)
        ORDER BY p.name, p.id LIMIT ${n})
    ) AS a JOIN products AS p ON p.id = a.id ORDER BY a.part, p.name, p.id LIMIT ${n}`).then((rows) =>
    rows.map((row) => ({ ...toCardRow(row), sameIngredient: row.same_ingredient === 1 })),
  );
}

/** One product, every column, through the request's batched reads (so it can travel with others). */
export async function readProductById(read: BatchedRead, id: number): Promise<Product | undefined> {
  const [row] = await read<Record<string, unknown>>(
    sql`SELECT ${ALL_COLUMNS_SQL} FROM products AS p WHERE p.id = ${id}`,
  );
  return row ? productFromRecord(row) : undefined;
}
