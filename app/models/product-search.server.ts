/**
 * Which products a catalogue search puts on one page, fast whatever the search: its length, how many products
 * match, how deep the page, with or without a category, spelt right or not. What matches, and in which
 * order, is app/lib/search-query.ts's plan (docs/product-rules.md): products that hold every term as typed
 * in their name, category or generic name come first (tier 0), then those found through other names or
 * everyday words (tier 1), then those found only through a corrected word (tier 2); alphabetical by name
 * then id within a tier.
 *
 * Indexes: the FTS5 trigram table `products_search` (name, category, generic name, other names) for terms
 * of 3+ characters; `product_grams` (every 1- and 2-character piece, keyed by the name's first bytes) for a
 * search of one or two characters; `search_words` and `search_word_variants` (drizzle/: every catalogue
 * word, and each word of letters with up to two letters deleted) for corrections; `product_words` (each
 * catalogue word, a run of letters, a strength or code of letters and digits, or a hyphenated name, with
 * its products, in name order; `product_words_main` the same for words of a product's own fields) for
 * searches of words. All are kept by triggers. A misspelt word is looked up by its own deletion variants,
 * an index lookup per variant: no edit distance is computed over the catalogue, only over the few words
 * that share a variant.
 *
 * A search of up to four terms written in ASCII, each a word (3 to 30 letters; letters and digits, "500mg";
 * with hyphens, "co-amoxiclav") or an everyday phrase (most searches: a name, a generic, a brand, a
 * misspelling, a strength, "cough syrup", "vit c") takes the word postings (wordsPage): the products of the
 * rarest term's words merged in name order, the other terms tested on each. Any other search ("tablets 30",
 * "anti x", "#4321", five terms, "paracétamol") is
 * one statement that answers a page with the corrections it used: the corrections, the candidates (capped,
 * so a common term costs no more than a rare one), their count, and only the way to a page the counts pick
 * (the other ways' guards are constant and false, so SQLite never starts them):
 * - 2,000 or more products hold the search as typed: walk the name index (or the category's) in name order,
 *   testing each row, until the page is full (many matches fill a page quickly); other names and
 *   corrections add nothing a shopper would page to;
 * - else, fewer than 2,000 candidates in all: fetch and sort them all by tier and name;
 * - else: the products as typed sorted, then a walk for the rest.
 * A separate count or correction query would cost a D1 round trip each.
 */
import { sql, type SQL } from "drizzle-orm";
import { containsPattern } from "~/lib/sql-like";
import {
  CORRECT_UP_TO_LETTERS,
  deletionVariants,
  MAX_EDITS,
  type SearchPlan,
  type SearchTerm,
} from "~/lib/search-query";

/** Up to this many candidates are fetched and sorted; above it, a walk in name order stops sooner. */
export const SORT_AT_MOST = 2_000;

/** LIKE folds ASCII case only, as `lower()` does for the gram index; FTS5 also folds other letters. */
const ASCII_ONLY = /^[\x20-\x7e]*$/;

/** The columns a search looks in; the last holds other names and counts as tier 1. */
const MAIN_COLUMNS = ["name", "category", "generic_name"] as const;
const ALL_COLUMNS = [...MAIN_COLUMNS, "also_known_as"] as const;

/** The FTS5 query for a literal substring: one quoted phrase ("" is a quote inside it). */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

const or = (parts: SQL[]) =>
  parts.length === 0 ? sql`0` : parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` OR `)})`;
const and = (parts: SQL[]) =>
  parts.length === 0 ? sql`1` : parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` AND `)})`;

const column = (name: string) => sql`${sql.identifier("products")}.${sql.identifier(name)}`;

/**
 * A whole number written into the statement: D1 binds at most 100 parameters to a statement, and a search's
 * numbers (page size, offset, caps) recur in every way to a page. Only numbers the server computed.
 */
function int(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${n}`);
  return sql.raw(String(n));
}

/** Kinds of `options` rows: the term as typed, what an everyday phrase means, a correction. */
const LITERAL = 0;
const MEANS = 1;
const FIX = 2;

/** At most this many LIKE patterns are bound as parameters; D1 binds at most 100 to a statement. */
const INLINE_PATTERNS = 70;

/**
 * Tests whether a row holds a search's terms, each through its options of a kind up to `upTo` (LIKE folds
 * ASCII case). A pattern written into the test costs a parameter at each use, but a row tests it at half
 * the cost of a lookup in the `options` CTE, which matters on a walk through thousands of rows; so the
 * options the plan knows (as typed, everyday words) are written in while the statement's parameters last,
 * and looked up otherwise. Corrections are always looked up (`fix`, a few rows, only for unknown words).
 */
function termTests(terms: SearchTerm[]) {
  const uses =
    3 * terms.reduce((n, t) => n + t.literal.length, 0) +
    3 * 4 * terms.reduce((n, t) => n + t.literal.length + t.means.length, 0);
  const inline = uses <= INLINE_PATTERNS;
  const one = (i: number, upTo: number, columns: readonly string[]): SQL => {
    const fixed =
      upTo >= FIX && terms[i]!.correctable
        ? [
            sql`EXISTS (SELECT 1 FROM fix WHERE fix.term = ${int(i)} AND ${or(
              columns.map((name) => sql`${column(name)} LIKE fix.pattern ESCAPE '\\'`),
            )})`,
          ]
        : [];
    if (!inline) {
      const tests = columns.map((name) => sql`${column(name)} LIKE o.pattern ESCAPE '\\'`);
      return or([
        sql`EXISTS (SELECT 1 FROM options AS o WHERE o.term = ${int(i)} AND o.kind <= ${int(Math.min(upTo, MEANS))}
          AND ${or(tests)})`,
        ...fixed,
      ]);
    }
    const texts = upTo >= MEANS ? [...terms[i]!.literal, ...terms[i]!.means] : terms[i]!.literal;
    const patterns = texts.map(containsPattern);
    return or([
      ...patterns.flatMap((pattern) =>
        columns.map((name) => sql`${column(name)} LIKE ${pattern} ESCAPE '\\'`),
      ),
      ...fixed,
    ]);
  };
  /** A row holds every term through options up to `upTo`. */
  return (upTo: number, columns: readonly string[]) => and(terms.map((_, i) => one(i, upTo, columns)));
}

/**
 * Whether two deletions (slot, letter, whether nothing deleted comes between it and the kept letters on
 * one side or the other) pair up as one edit: the same slot is a substitution, the same letter in
 * neighbouring slots a swap of neighbours. `strict` asks that no other deleted letter sits between a
 * swapped pair, as it must when both deletions of a side are paired.
 */
type Deletion = { slot: string; char: string; first: string; last: string };
function pairs(a: Deletion, b: Deletion, strict: boolean): string {
  const swap = strict
    ? `((${a.slot} = ${b.slot} + 1 AND ${a.first} AND ${b.last}) OR (${b.slot} = ${a.slot} + 1 AND ${b.first} AND ${a.last}))`
    : `abs(${a.slot} - ${b.slot}) = 1`;
  return `(${a.slot} >= 0 AND ${b.slot} >= 0 AND (${a.slot} = ${b.slot} OR (${a.char} = ${b.char} AND ${swap})))`;
}
const deletions = (t: string): [Deletion, Deletion] => [
  { slot: `${t}.slot1`, char: `${t}.char1`, first: "1", last: `${t}.slot2 <> ${t}.slot1` },
  { slot: `${t}.slot2`, char: `${t}.char2`, first: `${t}.slot1 <> ${t}.slot2`, last: "1" },
];
/**
 * The edits between an asked word and a catalogue word sharing a deletion variant: the letters each lost,
 * less the deletions that pair up. Its least value over the shared variants is their Damerau-Levenshtein
 * distance, when that is two or less (tests/integration/search-corrections.test.ts checks it against the
 * distance computed directly).
 */
const EDITS = (() => {
  const [a1, a2] = deletions("a");
  const [b1, b2] = deletions("v");
  const paired = [
    `${pairs(a1, b1, true)} + ${pairs(a2, b2, true)}`,
    `${pairs(a1, b2, true)} + ${pairs(a2, b1, true)}`,
    pairs(a1, b1, false),
    pairs(a1, b2, false),
    pairs(a2, b1, false),
    pairs(a2, b2, false),
  ];
  return sql.raw(`a.deleted + v.deleted - max(${paired.join(", ")})`);
})();

/**
 * The corrections of a plan's unknown words, as CTEs ending in `fix` (term, word, nth, phrase): for each
 * term whose word no catalogue word starts with, the catalogue words nearest to it within two edits, the
 * commonest first (at most five), and the term's text with the word corrected.
 */
function correctionCtes(terms: SearchTerm[]): SQL {
  const asked = terms.flatMap((term, i) =>
    term.correctable
      ? [[i, term.correctable.word, term.correctable.before, term.correctable.after] as const]
      : [],
  );
  const variants = terms.flatMap((term, i) =>
    term.correctable
      ? deletionVariants(term.correctable.word).map((v) => [
          i,
          v.variant,
          v.deleted,
          v.slot1,
          v.char1,
          v.slot2,
          v.char2,
        ])
      : [],
  );
  if (asked.length === 0) {
    return sql`fix(term, word, nth, phrase, pattern) AS (SELECT 0, '', 0, '', '' WHERE 0)`;
  }
  return sql`asked(term, word, before, after) AS (
      SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(${JSON.stringify(asked)})
    ),
    unknown(term) AS (
      SELECT term FROM asked WHERE NOT EXISTS (SELECT 1 FROM search_words AS w
        WHERE w.word >= asked.word AND w.word < asked.word || '{' AND w.products > 0)
    ),
    asked_variants(term, variant, deleted, slot1, char1, slot2, char2) AS (
      SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6
      FROM json_each(${JSON.stringify(variants)}) WHERE value ->> 0 IN unknown
    ),
    near(term, word, edits) AS (
      SELECT a.term, v.word, min(${EDITS}) FROM asked_variants AS a
      JOIN search_word_variants AS v ON v.variant = a.variant GROUP BY a.term, v.word
    ),
    near_ranked(term, word, edits, products, nearest, nth) AS (
      SELECT n.term, n.word, n.edits, w.products, min(n.edits) OVER (PARTITION BY n.term),
        row_number() OVER (PARTITION BY n.term ORDER BY n.edits, w.products DESC, n.word)
      FROM near AS n JOIN search_words AS w ON w.word = n.word
      WHERE n.edits <= ${int(MAX_EDITS)} AND w.products > 0
    ),
    fixed(term, word, nth, phrase) AS (
      SELECT r.term, r.word, r.nth, a.before || r.word || a.after
      FROM near_ranked AS r JOIN asked AS a ON a.term = r.term
      WHERE r.edits = r.nearest AND r.nth <= 5
    ),
    fix(term, word, nth, phrase, pattern) AS MATERIALIZED (
      SELECT term, word, nth, phrase,
        '%' || replace(replace(replace(phrase, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
      FROM fixed
    )`;
}

/** A page's ids with the part and tier that order them. */
type Page = { limit: number; offset: number; category?: string };

/** The page of a one- or two-character search: the gram index (see drizzle/0008_search_grams.sql). */
function shortPage(text: string, { limit, offset, category }: Page): SQL {
  const page = sql`LIMIT ${int(limit)} OFFSET ${int(offset)}`;
  if (category === undefined) {
    // The name's first bytes order the index; ties are sorted by name, a small group at a time, each name
    // read from the index by id rather than from the product's row.
    return sql`page(id, part, tier) AS (SELECT g.product_id, 0, 0 FROM product_grams AS g
      CROSS JOIN products AS p INDEXED BY products_id_name_idx ON p.id = g.product_id
      WHERE g.gram = lower(${text}) ORDER BY g.name_prefix, p.name, p.id ${page})`;
  }
  const pageIf = (taken: SQL) =>
    sql`LIMIT (CASE WHEN ${taken} THEN ${int(limit)} ELSE 0 END) OFFSET ${int(offset)}`;
  return sql`found(id) AS MATERIALIZED (
      SELECT product_id FROM product_grams WHERE gram = lower(${text}) LIMIT ${int(SORT_AT_MOST)}
    ),
    counted(n) AS MATERIALIZED (SELECT count(*) FROM found),
    page(id, part, tier) AS (
      SELECT id, 0, 0 FROM (SELECT id FROM products WHERE id IN found AND category = ${category}
        ORDER BY name, id ${pageIf(sql`(SELECT n FROM counted) < ${int(SORT_AT_MOST)}`)})
      UNION ALL
      SELECT id, 0, 0 FROM (SELECT id FROM products INDEXED BY products_category_idx
        WHERE category = ${category} AND ${or(
          MAIN_COLUMNS.map((name) => sql`${column(name)} LIKE ${containsPattern(text)} ESCAPE '\\'`),
        )} ORDER BY name, id
        ${pageIf(sql`(SELECT n FROM counted) >= ${int(SORT_AT_MOST)}`)})
    )`;
}

/**
 * A tier's products are read one index range per catalogue word for its first this many words, merged in
 * order, and the rest of its words together, sorted: D1 allows five terms in a compound SELECT.
 */
const WORD_ARMS = 4;
/** Searches of more terms take the general statement (each term is a test on every product read). */
const MAX_WORD_TERMS = 4;

/**
 * A text that is one catalogue word (drizzle: product_words), 3 to 30 long: a run of letters, of letters and
 * digits holding both ("500mg", "b12"), or of letters, digits and hyphens holding a hyphen ("co-amoxiclav").
 * A field holds it exactly when one of the field's words does. Digits alone ("30", "4321") are no word: the
 * trigram index finds them.
 */
const WORD =
  /^(?:[a-z]{3,30}|(?=[a-z0-9]*[a-z])(?=[a-z0-9]*[0-9])[a-z0-9]{3,30}|(?=[a-z0-9-]*-)(?=[a-z0-9-]*[a-z0-9])[a-z0-9-]{3,30})$/;
/** A catalogue word of letters as the word postings cut them (drizzle: product_words). */
const RUN = /[a-z]+/g;

/** A term's texts with the level each holds it at: 0 as typed, 1 what an everyday phrase means. */
const textsOf = (term: SearchTerm) => [
  ...term.literal.map((text) => ({ level: 0, text })),
  ...term.means.map((text) => ({ level: 1, text })),
];

/**
 * The vocabulary patterns that lead to a text that is not one run of letters ("cough syrup", "vit c",
 * "co-amoxiclav", "tablets (30)"), one per run of 3 to 30 letters: a field holding the text has a word
 * ending with its first run (equal to it, when something comes before the run), equal to a run in the
 * middle, starting with its last. Each leads to every product holding the text; the product is then tested
 * for the text itself. Null when no run is long enough ("500mg", "#43"): such a text is only tested.
 */
function keyPatterns(text: string): string[] | null {
  const lower = text.toLowerCase();
  const keys: string[] = [];
  for (const run of lower.matchAll(RUN)) {
    const word = run[0];
    if (word.length < 3 || word.length > CORRECT_UP_TO_LETTERS) continue;
    const end = run.index + word.length;
    keys.push(`${run.index > 0 ? "" : "%"}${word}${end < lower.length ? "" : "%"}`);
  }
  return keys.length > 0 ? keys : null;
}

/** A correction is one run of letters when nothing of the term's text surrounds it. */
const exactFix = (term: SearchTerm) =>
  term.correctable !== null && term.correctable.before === "" && term.correctable.after === "";

/** Whether every text of a term leads to the products holding it through the word postings. */
const keyed = (term: SearchTerm) =>
  textsOf(term).every(({ text }) => WORD.test(text) || keyPatterns(text) !== null);

/**
 * Whether the word postings answer a search: its texts fold case as LIKE does (ASCII), hold digits only
 * inside a word ("500mg"), and a term leads to its products. A text other than one word is tested on every
 * product of its rarest word, so only the everyday phrases (app/lib/everyday-words.ts, a list we keep) are
 * read this way: a number or a letter beside a common word as the shopper typed it ("tablets 30", "syrup
 * c", "anti x") would cost thousands of tests when few products hold it, and the general statement's
 * trigram index finds those at once. A word corrected inside ("co-amoxyclav") is tested the same way on the
 * products of its correction, only when misspelt.
 */
const NO_DIGITS_ASCII = /^[\x20-\x2f\x3a-\x7e]*$/;
function wordTerms(terms: SearchTerm[]): boolean {
  return (
    terms.length <= MAX_WORD_TERMS &&
    terms.every(
      (term) =>
        textsOf(term).every(({ text }) => WORD.test(text) || NO_DIGITS_ASCII.test(text)) &&
        (term.means.length > 0 ? keyed(term) : textsOf(term).every(({ text }) => WORD.test(text))) &&
        (!term.correctable || exactFix(term) || WORD.test(term.text)),
    ) &&
    terms.some(keyed)
  );
}

/**
 * The page of a search through the word postings (drizzle: product_words, each catalogue word with its
 * products in name order): most searches (a name, a generic, a brand, a misspelling), and everyday phrases
 * ("cough syrup", "vit c", "oral rehydration").
 *
 * A field holds a text of one run of letters exactly when one of its words does, so the catalogue words
 * holding it (a scan of the vocabulary, not of the products) are its test: a product holds it when it has a
 * posting of one of them. Any other text is tested on the product's row (LIKE, as the general statement
 * does), and reached through the words of one of its runs (keyPatterns), the run whose words the fewest
 * products hold: a phrase of a common word and a rare one is read through the rare one. `words` holds, by
 * term and level (0 as typed, 1 what an everyday phrase means, 2 a correction), the words that decide
 * (`exact`) or lead; `phrases` the texts tested on the row. A term is held at level 0 in the name,
 * category or generic name, at level 1 through any text of levels 0-1 in any field (other names included),
 * at level 2 through any; a product's tier is its terms' highest level.
 *
 * The `driver` term, of those whose texts all lead somewhere, the one whose words the fewest products hold,
 * gives each tier's candidates: its words' products come out of the index in name order and SQLite merges
 * the arms of a compound SELECT that each come out ordered, so a tier is read in name order and stops at
 * the page's end, each candidate tested for every term by index lookups (and its row, for a text tested
 * there). The statement stays small enough to compile quickly (D1 compiles every statement it runs).
 */
function wordsPage(terms: SearchTerm[], { limit, offset, category }: Page): SQL {
  const single = terms.length === 1;
  const leading = terms.flatMap((term, i) => (keyed(term) ? [i] : []));
  const leads = terms.flatMap((term, i) =>
    textsOf(term).flatMap(({ level, text }, n) =>
      WORD.test(text)
        ? [[i, level, n, containsPattern(text), 1]]
        : keyed(term)
          ? (keyPatterns(text) ?? []).map((pattern) => [i, level, n, pattern, 0])
          : [],
    ),
  );
  const phrases = terms.flatMap((term, i) =>
    textsOf(term).flatMap(({ level, text }) => (WORD.test(text) ? [] : [[i, level, containsPattern(text)]])),
  );
  const fixTerms = (test: (term: SearchTerm) => boolean) =>
    or(terms.flatMap((term, i) => (term.correctable && test(term) ? [sql`term = ${int(i)}`] : [])));
  const hasTexts = (j: number, level: number, exact: boolean) =>
    textsOf(terms[j]!).some((t) => t.level <= level && WORD.test(t.text) === exact) ||
    (level >= FIX && terms[j]!.correctable !== null && exactFix(terms[j]!) === exact);

  /** Tests of the terms on a candidate `w`; `row` is set when one reads the product's row `p`. */
  let row = false;
  /**
   * Term j holds through its texts of levels up to `level`. `read` says the candidate was read from term
   * j's words of that level when j is the driver: a term of words alone then holds by construction.
   */
  const held = (j: number, level: number, read = false): SQL => {
    const tests: SQL[] = [];
    if (read && !hasTexts(j, level, false)) tests.push(sql`(SELECT term FROM driver) = ${int(j)}`);
    if (hasTexts(j, level, true)) {
      tests.push(sql`EXISTS (SELECT 1 FROM product_words AS x WHERE x.word IN (SELECT word FROM words
        WHERE term = ${int(j)} AND level <= ${int(level)} AND exact = 1) AND x.name = w.name
        AND x.product_id = w.product_id${level === 0 ? sql` AND x.other = 0` : sql``})`);
    }
    if (hasTexts(j, level, false)) {
      row = true;
      const fields = level === 0 ? MAIN_COLUMNS : ALL_COLUMNS;
      tests.push(sql`EXISTS (SELECT 1 FROM phrases AS t WHERE t.term = ${int(j)} AND t.level <= ${int(level)}
        AND ${or(fields.map((name) => sql`p.${sql.identifier(name)} LIKE t.pattern ESCAPE '\\'`))})`);
    }
    return or(tests);
  };
  const all = (level: number, read = false) => and(terms.map((_, j) => held(j, level, read)));
  /** The terms of a tier's own level: with one term whose texts are words, a candidate holds it already. */
  const others = (level: number) => (single && !hasTexts(0, level, false) ? sql`1` : all(level, true));
  const inCategory =
    category === undefined
      ? sql``
      : // The category index holds name and id too: the lookup reads no product row.
        sql`AND EXISTS (SELECT 1 FROM products AS c INDEXED BY products_category_idx
          WHERE c.category = (SELECT category FROM wanted) AND c.name = w.name AND c.id = w.product_id)`;
  const tier = (level: number, holds: (level: number) => SQL) => {
    row = false;
    const tested = holds(level);
    // The name index holds every field a search reads, in the postings' order: a candidate's fields are read
    // from the index pages its neighbours used, not from its row.
    const test = row
      ? sql`EXISTS (SELECT 1 FROM products AS p INDEXED BY products_name_idx
          WHERE p.name = w.name AND p.id = w.product_id AND ${tested})`
      : tested;
    const set = sql.raw(`d${level}`);
    // The first tier reads the postings in a product's own fields alone (drizzle: product_words_main).
    const postings =
      level === 0 ? sql`product_words AS w INDEXED BY product_words_main` : sql`product_words AS w`;
    const main = level === 0 ? sql` AND w.other = 0` : sql``;
    const arms = [
      ...Array.from(
        { length: WORD_ARMS },
        (_, n) => sql`SELECT w.name, w.product_id FROM ${postings}
          WHERE w.word = (SELECT word FROM ${set} WHERE nth = ${int(n + 1)})${main}`,
      ),
      sql`SELECT w.name, w.product_id FROM ${postings}
        WHERE w.word IN (SELECT word FROM ${set} WHERE nth > ${int(WORD_ARMS)})${main}`,
    ];
    return sql`SELECT w.name, w.product_id FROM (${sql.join(arms, sql` UNION `)} ORDER BY 1, 2) AS w
      WHERE ${test} ${inCategory} LIMIT ${int(offset + limit)}`;
  };
  // Tier 2 holds what only a correction finds: without corrections it is empty and reads nothing. With one
  // term, its words of levels 0-1 hold it at level 1 at most: tier 2 reads the corrections only.
  const driverWords = (level: number) =>
    sql`SELECT row_number() OVER (ORDER BY word), word FROM (SELECT DISTINCT word FROM words
      WHERE term = (SELECT term FROM driver) AND ${
        level < 2 ? sql`level <= ${int(level)}` : single ? sql`level = 2` : sql`EXISTS (SELECT 1 FROM fix)`
      })`;
  return sql`${category === undefined ? sql`` : sql`wanted(category) AS (SELECT ${category}),`}
    texts(term, level, text, pattern, exact) AS (
      SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(${JSON.stringify(leads)})
      UNION ALL
      SELECT term, 2, -nth, (CASE WHEN ${fixTerms((t) => t.correctable!.before !== "")} THEN '' ELSE '%' END)
        || word || (CASE WHEN ${fixTerms((t) => t.correctable!.after !== "")} THEN '' ELSE '%' END),
        CASE WHEN ${fixTerms(exactFix)} THEN 1 ELSE 0 END
      FROM fix
    ),
    found(term, level, text, pattern, exact, word, products) AS MATERIALIZED (
      SELECT a.term, a.level, a.text, a.pattern, a.exact, v.word, ifnull(v.products, 0) FROM texts AS a
      LEFT JOIN search_words AS v ON v.products > 0 AND v.word LIKE a.pattern ESCAPE '\\'
    ),
    chosen(term, level, text, pattern) AS (
      SELECT term, level, text, pattern FROM (
        SELECT term, level, text, pattern,
          row_number() OVER (PARTITION BY term, level, text ORDER BY sum(products), pattern) AS nth
        FROM found GROUP BY term, level, text, pattern
      ) WHERE nth = 1
    ),
    words(term, level, word, exact) AS MATERIALIZED (
      SELECT DISTINCT f.term, f.level, f.word, f.exact FROM found AS f
      JOIN chosen AS c ON c.term = f.term AND c.level = f.level AND c.text = f.text AND c.pattern = f.pattern
      WHERE f.word IS NOT NULL
    ),
    phrases(term, level, pattern) AS MATERIALIZED (
      SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(${JSON.stringify(phrases)})
      UNION ALL
      SELECT term, 2, pattern FROM fix WHERE ${fixTerms((t) => !exactFix(t))}
    ),
    driver(term) AS MATERIALIZED (${
      leading.length === 1
        ? sql`SELECT ${int(leading[0]!)}`
        : sql`SELECT t.value FROM json_each(${JSON.stringify(leading)}) AS t
          ORDER BY (SELECT ifnull(sum(v.products), 0) FROM search_words AS v
            WHERE v.word IN (SELECT word FROM words WHERE term = t.value)), t.value LIMIT 1`
    }),
    d0(nth, word) AS MATERIALIZED (${driverWords(0)}),
    d1(nth, word) AS MATERIALIZED (${driverWords(1)}),
    d2(nth, word) AS MATERIALIZED (${driverWords(2)}),
    w0(name, id) AS NOT MATERIALIZED (${tier(0, others)}),
    w1(name, id) AS NOT MATERIALIZED (${tier(1, (level) => sql`${others(level)} AND NOT ${all(0)}`)}),
    w2(name, id) AS NOT MATERIALIZED (${tier(2, (level) => sql`${others(level)} AND NOT ${all(1)}`)}),
    page(id, part, tier) AS (
      SELECT id, 0, 0 FROM w0 UNION ALL SELECT id, 0, 1 FROM w1 UNION ALL SELECT id, 0, 2 FROM w2
      LIMIT ${int(limit)} OFFSET ${int(offset)}
    ),
    best(tier) AS (${
      offset === 0
        ? // The first page starts with the best tier: the tiers are not read again.
          sql`SELECT min(tier) FROM page`
        : sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM w0) THEN 0 WHEN EXISTS (SELECT 1 FROM w1) THEN 1 ELSE 2 END`
    })`;
}

/** The page of a search of terms (see the header). */
function termsPage(terms: SearchTerm[], { limit, offset, category }: Page): SQL {
  const inCategory = category === undefined ? sql`` : sql`AND category = ${category}`;
  const walkFrom =
    category === undefined
      ? sql`products INDEXED BY products_name_idx WHERE`
      : sql`products INDEXED BY products_category_idx WHERE category = ${category} AND`;
  const literalQuery = terms.every((term) => term.literal.length > 0)
    ? terms.map((term) => `(${term.literal.map(ftsPhrase).join(" OR ")})`).join(" AND ")
    : null;
  const options = terms.flatMap((term, i) => [
    ...term.literal.map((text) => [i, text, containsPattern(text), LITERAL]),
    ...term.means.map((text) => [i, text, containsPattern(text), MEANS]),
  ]);
  const texts = terms.flatMap((term) => [...term.literal, ...term.means]);
  const ascii = texts.every((text) => ASCII_ONLY.test(text));
  const cap = int(SORT_AT_MOST);
  const holdsAll = termTests(terms);
  const tier = sql`CASE WHEN id IN lit THEN 0
    WHEN NOT EXISTS (SELECT 1 FROM fix) OR ${holdsAll(MEANS, ALL_COLUMNS)} THEN 1 ELSE 2 END`;

  const ctes = sql`${correctionCtes(terms)},
    options(term, phrase, pattern, kind) AS MATERIALIZED (
      SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(${JSON.stringify(options)})
      UNION ALL
      SELECT term, phrase, pattern, ${int(FIX)} FROM fix
    ),
    per_term(expression) AS (
      SELECT group_concat('"' || replace(phrase, '"', '""') || '"', ' OR ') FROM options GROUP BY term
    ),
    any_query(q) AS (
      SELECT CASE WHEN count(*) = ${int(terms.length)} THEN group_concat('(' || expression || ')', ' AND ') END
      FROM per_term
    ),
    lit(id) AS MATERIALIZED (
      SELECT rowid FROM products_search WHERE products_search MATCH ${literalQuery ?? '""'}
      LIMIT ${literalQuery === null ? int(0) : cap}
    ),
    lit_n(n) AS MATERIALIZED (SELECT count(*) FROM lit),
    hit(id) AS MATERIALIZED (
      SELECT rowid FROM products_search_all
      WHERE products_search_all MATCH ifnull((SELECT q FROM any_query), '""') LIMIT ${ascii ? cap : int(-1)}
    ),
    hit_n(n) AS MATERIALIZED (SELECT count(*) FROM hit)`;

  if (!ascii) {
    // LIKE would not fold these letters' case: the index's candidates, all of them, sorted.
    return sql`${ctes},
      ranked(id, tier, name) AS MATERIALIZED (
        SELECT id, CASE WHEN id IN lit THEN 0 ELSE 1 END, name FROM products WHERE id IN hit ${inCategory}
      ),
      page(id, part, tier) AS (
        SELECT id, 0, tier FROM ranked ORDER BY tier, name, id LIMIT ${int(limit)} OFFSET ${int(offset)}
      ),
      best(tier) AS (SELECT min(tier) FROM ranked)`;
  }

  const many = sql`(SELECT n FROM lit_n) >= ${cap}`;
  const few = sql`(SELECT n FROM hit_n) < ${cap}`;
  // The ways not taken get LIMIT 0, which SQLite tests before it opens any table (a WHERE term holding a
  // subquery would be tested on every row instead). CASE tests its branches in order: `hit` is gathered
  // only when `lit` is short of the cap.
  const way = (taken: "many" | "few" | "rest", rows: SQL = int(limit)) =>
    sql`(CASE WHEN ${many} THEN ${taken === "many" ? rows : int(0)} WHEN ${few} THEN ${taken === "few" ? rows : int(0)}
      ELSE ${taken === "rest" ? rows : int(0)} END)`;
  const litHere = sql`(SELECT count(*) FROM products WHERE id IN lit ${inCategory})`;
  return sql`${ctes},
    ranked(id, tier, name) AS MATERIALIZED (SELECT id, ${tier}, name FROM products WHERE id IN hit ${inCategory}),
    page(id, part, tier) AS (
      SELECT id, 0, 0 FROM (SELECT id FROM ${walkFrom} ${holdsAll(LITERAL, MAIN_COLUMNS)}
        ORDER BY name, id LIMIT ${way("many")} OFFSET ${int(offset)})
      UNION ALL
      SELECT id, 0, tier FROM (SELECT id, tier FROM ranked ORDER BY tier, name, id
        LIMIT ${way("few")} OFFSET ${int(offset)})
      UNION ALL
      SELECT id, 0, 0 FROM (SELECT id FROM products WHERE id IN lit ${inCategory} ORDER BY name, id
        LIMIT ${way("rest")} OFFSET ${int(offset)})
      UNION ALL
      SELECT id, 1, 1 FROM (SELECT id FROM ${walkFrom} ${holdsAll(FIX, ALL_COLUMNS)} AND id NOT IN lit
        ORDER BY name, id
        LIMIT ${way("rest", sql`max(0, min(${int(limit)}, ${int(offset + limit)} - ${litHere}))`)}
        OFFSET ${way("rest", sql`max(0, ${int(offset)} - ${litHere})`)})
    ),
    best(tier) AS (
      SELECT CASE WHEN ${many} THEN 0 WHEN ${few} THEN (SELECT min(tier) FROM ranked)
        WHEN (SELECT n FROM lit_n) > 0 THEN 0
        WHEN NOT EXISTS (SELECT 1 FROM fix)
          OR EXISTS (SELECT 1 FROM products WHERE id IN hit AND ${holdsAll(MEANS, ALL_COLUMNS)}) THEN 1
        ELSE 2 END
    )`;
}

/**
 * The statement of one page of a search: `columns` of the page's products (from `products AS p`) in page
 * order, each row with `search_tier` (0, 1, 2 as in the header), `search_best` (the best tier of the whole
 * result: 2 means every product was found through a correction) and `search_fixes` (JSON `[[term, word]]`,
 * each term's corrections, the best first).
 */
export function searchStatement(
  plan: Exclude<SearchPlan, { kind: "none" }>,
  columns: SQL,
  page: { limit: number; offset: number; category?: string },
): SQL {
  if (plan.kind === "short") {
    return sql`WITH ${shortPage(plan.text, page)}
      SELECT ${columns}, 0 AS search_tier, 0 AS search_best, '[]' AS search_fixes
      FROM page JOIN products AS p ON p.id = page.id ORDER BY p.name, p.id`;
  }
  return sql`WITH ${
    wordTerms(plan.terms)
      ? sql`${correctionCtes(plan.terms)}, ${wordsPage(plan.terms, page)}`
      : termsPage(plan.terms, page)
  }
    SELECT ${columns}, page.tier AS search_tier, (SELECT tier FROM best) AS search_best,
      (SELECT json_group_array(json_array(term, word)) FROM (SELECT term, word FROM fix ORDER BY term, nth)) AS search_fixes
    FROM page JOIN products AS p ON p.id = page.id ORDER BY page.part, page.tier, p.name, p.id`;
}
