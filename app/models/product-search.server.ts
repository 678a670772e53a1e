/**
 * Which products a catalogue search puts on one page, fast whatever the term: its length, how many products
 * hold it, how deep the page, with or without a category. The meaning never changes: a case-insensitive
 * substring of the name, category or generic name, alphabetical by name then id (docs/product-rules.md).
 *
 * Two indexes find candidates: the FTS5 trigram table `products_search` for 3+ characters, and
 * `product_grams` (every 1- and 2-character piece, keyed by the name's first bytes) for shorter terms; both
 * are kept by triggers (drizzle/). Then one of these ways to a page:
 * - a short term, catalogue-wide: walk its piece's entries in (nearly) name order, stopping at the page;
 * - otherwise, by a capped count of candidates: few are all fetched and sorted (cheap below SORT_AT_MOST);
 *   many are found by walking the category's index, or the name index, in name order, testing each row,
 *   until the page is full (many matches fill a page quickly).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { containsPattern } from "~/lib/sql-like";

/** Up to this many candidates are fetched and sorted; above it, a walk in name order stops sooner. */
export const SORT_AT_MOST = 2_000;

/** LIKE folds ASCII case only, as `lower()` does for the gram index; FTS5 also folds other letters. */
const ASCII_ONLY = /^[\x20-\x7e]*$/;

/** The FTS5 query for a literal substring: one quoted phrase ("" is a quote inside it). */
function ftsPhrase(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/** The row test the walks use: a substring of category, name or generic name (LIKE folds ASCII case). */
function containsCondition(term: string): SQL {
  const pattern = containsPattern(term);
  return sql`(category LIKE ${pattern} ESCAPE '\\' OR name LIKE ${pattern} ESCAPE '\\' OR generic_name LIKE ${pattern} ESCAPE '\\')`;
}

/**
 * Ids of the products on the page (at most `limit` of them, after `offset`), as a subquery in page order.
 * `term` is a normalized, non-empty search.
 */
export async function searchPageIds(
  db: Database,
  { term, category, limit, offset }: { term: string; category?: string; limit: number; offset: number },
): Promise<SQL> {
  const short = [...term].length <= 2;
  const page = sql`LIMIT ${limit} OFFSET ${offset}`;
  if (short && category === undefined) {
    // The name's first bytes order the index; ties are sorted by name, a small group at a time.
    return sql`SELECT g.product_id FROM product_grams AS g CROSS JOIN products AS p ON p.id = g.product_id
      WHERE g.gram = lower(${term}) ORDER BY g.name_prefix, p.name, p.id ${page}`;
  }
  const candidates = short
    ? sql`SELECT product_id FROM product_grams WHERE gram = lower(${term})`
    : sql`SELECT rowid FROM products_search WHERE products_search MATCH ${ftsPhrase(term)}`;
  const inCategory = category === undefined ? sql`` : sql`AND category = ${category}`;
  const sortAll = sql`SELECT id FROM products WHERE id IN (${candidates}) ${inCategory} ORDER BY name, id ${page}`;
  // The row test below folds ASCII case only: other letters keep the trigram index's meaning.
  if (!short && !ASCII_ONLY.test(term)) return sortAll;

  const counted = await db.get<{ n: number }>(
    sql`SELECT count(*) AS n FROM (${candidates} LIMIT ${SORT_AT_MOST})`,
  );
  if ((counted?.n ?? 0) < SORT_AT_MOST) return sortAll;
  if (category !== undefined) {
    return sql`SELECT id FROM products INDEXED BY products_category_idx
      WHERE category = ${category} AND ${containsCondition(term)} ORDER BY name, id ${page}`;
  }
  return sql`SELECT id FROM products INDEXED BY products_name_idx
    WHERE ${containsCondition(term)} ORDER BY name, id ${page}`;
}
