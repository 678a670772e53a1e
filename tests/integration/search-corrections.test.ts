/**
 * The database's corrections against edit distance computed directly: for words of a catalogue and
 * misspellings of them (letters inserted, deleted, replaced, neighbours swapped), the search corrects a word
 * to exactly the catalogue words at the least Damerau-Levenshtein distance, when that is one or two.
 */
import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { planSearch } from "~/lib/search-query";
import { searchStatement } from "~/models/product-search.server";

/** Damerau-Levenshtein distance (adjacent swaps, letters between them may be edited too). */
function distance(a: string, b: string): number {
  const max = a.length + b.length;
  const last = new Map<string, number>();
  const d = Array.from({ length: a.length + 2 }, () => new Array<number>(b.length + 2).fill(0));
  d[0]![0] = max;
  for (let i = 0; i <= a.length; i++) [d[i + 1]![0], d[i + 1]![1]] = [max, i];
  for (let j = 0; j <= b.length; j++) [d[0]![j + 1], d[1]![j + 1]] = [max, j];
  for (let i = 1; i <= a.length; i++) {
    let lastMatch = 0;
    for (let j = 1; j <= b.length; j++) {
      const i1 = last.get(b[j - 1]!) ?? 0;
      const j1 = lastMatch;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      if (cost === 0) lastMatch = j;
      d[i + 1]![j + 1] = Math.min(
        d[i]![j]! + cost,
        d[i + 1]![j]! + 1,
        d[i]![j + 1]! + 1,
        d[i1]![j1]! + (i - i1 - 1) + 1 + (j - j1 - 1),
      );
    }
    last.set(a[i - 1]!, i);
  }
  return d[a.length + 1]![b.length + 1]!;
}

/** A small alphabet makes many near words, the hard case. */
const ALPHABET = "abcde";
/** A repeatable random number below n (mulberry32). */
let seed = 7;
const random = (n: number) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
};
const word = (length: number) => Array.from({ length }, () => ALPHABET[random(ALPHABET.length)]).join("");

function misspell(text: string): string {
  const letters = [...text];
  for (let edits = random(4); edits > 0; edits--) {
    const i = random(letters.length);
    const kind = random(4);
    if (kind === 0) letters[i] = ALPHABET[random(ALPHABET.length)]!;
    else if (kind === 1) letters.splice(i, 0, ALPHABET[random(ALPHABET.length)]!);
    else if (kind === 2 && letters.length > 5) letters.splice(i, 1);
    else if (i + 1 < letters.length) [letters[i], letters[i + 1]] = [letters[i + 1]!, letters[i]!];
  }
  return letters.join("");
}

/** The words the search corrected `asked` to, the best first. */
async function correctionsOf(asked: string): Promise<string[]> {
  const plan = planSearch(asked);
  if (plan.kind !== "terms") throw new Error(asked);
  const statement = searchStatement(plan, sql.raw("p.id"), { limit: 100, offset: 0 });
  const { sql: text, params } = new SQLiteAsyncDialect().sqlToQuery(statement);
  const { results } = await env.DB.prepare(text)
    .bind(...params)
    .all<{ search_fixes: string }>();
  if (results.length === 0) return [];
  return (JSON.parse(results[0]!.search_fixes) as [number, string][]).map(([, w]) => w);
}

describe("corrections", () => {
  it("are the catalogue words at the least distance, when it is one or two edits", async () => {
    const words = [...new Set(Array.from({ length: 40 }, () => word(5 + random(5))))];
    const insert = env.DB.prepare(
      "INSERT INTO products (name, category, price_kobo) VALUES (?, 'Analgesics', 1000)",
    );
    await env.DB.batch(words.map((w) => insert.bind(w)));

    let corrected = 0;
    for (let n = 0; n < 150; n++) {
      const asked = misspell(words[random(words.length)]!);
      if (asked.length < 5) continue;
      const got = await correctionsOf(asked);
      // A word that starts a catalogue word is left as it is.
      if (words.some((w) => w.startsWith(asked))) {
        expect(got, asked).toEqual([]);
        continue;
      }
      const near = words.map((w) => ({ w, d: distance(asked, w) })).filter(({ d }) => d <= 2);
      const least = Math.min(...near.map(({ d }) => d));
      // Each word is one product's name: the commonest first is then alphabetical.
      const want = near
        .filter(({ d }) => d === least)
        .map(({ w }) => w)
        .sort()
        .slice(0, 5);
      expect(got, asked).toEqual(want);
      if (want.length > 0) corrected++;
    }
    // The run did exercise corrections, not only words left alone.
    expect(corrected).toBeGreaterThan(30);
  });
});
