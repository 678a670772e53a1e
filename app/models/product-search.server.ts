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
 * Either way the search is one statement: the capped candidates are gathered once (MATERIALIZED), counted,
 * and only the way the count picks runs (the other's guard is constant and false, so SQLite never starts
 * it). A separate count query would cost a second D1 round trip and, for 3+ characters, a second full-text
 * match, which for a long phrase of common trigrams costs as much as the rest of the search.
 */
import { sql, type SQL } from "drizzle-orm";
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
export function searchPageIds({
  term,
  category,
  limit,
  offset,
}: {
  term: string;
  category?: string;
  limit: number;
  offset: number;
}): SQL {
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
  // The row test of the walk folds ASCII case only: other letters keep the trigram index's meaning.
  if (!short && !ASCII_ONLY.test(term)) {
    return sql`SELECT id FROM products WHERE id IN (${candidates}) ${inCategory} ORDER BY name, id ${page}`;
  }

  // Fewer than SORT_AT_MOST capped candidates are all the candidates, so sorting them is the whole answer;
  // at SORT_AT_MOST or more, the walk. The way not taken gets LIMIT 0, which SQLite tests before it opens
  // any table (a WHERE term holding a subquery would be tested on every row instead).
  const pageIf = (taken: SQL) => sql`LIMIT (CASE WHEN ${taken} THEN ${limit} ELSE 0 END) OFFSET ${offset}`;
  const few = pageIf(sql`(SELECT n FROM counted) < ${SORT_AT_MOST}`);
  const many = pageIf(sql`(SELECT n FROM counted) >= ${SORT_AT_MOST}`);
  const walk =
    category === undefined
      ? sql`SELECT id FROM products INDEXED BY products_name_idx
          WHERE ${containsCondition(term)} ORDER BY name, id ${many}`
      : sql`SELECT id FROM products INDEXED BY products_category_idx
          WHERE category = ${category} AND ${containsCondition(term)} ORDER BY name, id ${many}`;
  return sql`WITH found(id) AS MATERIALIZED (${candidates} LIMIT ${SORT_AT_MOST}),
      counted(n) AS MATERIALIZED (SELECT count(*) FROM found)
    SELECT id FROM (SELECT id FROM products WHERE id IN found ${inCategory} ORDER BY name, id ${few})
    UNION ALL
    SELECT id FROM (${walk})`;
}
