/**
 * A shopper's search as the catalogue search reads it (app/models/product-search.server.ts), pure so it can
 * be tested alone. The rules are in docs/product-rules.md ("Catalogue and search").
 *
 * The text is folded (lowercase, accents dropped) and cut into terms. A product matches when it holds every
 * term, each in one of its forms:
 * - as typed, or its singular ("condoms" → "condom"): tier 0 in the name, category or generic name, tier 1
 *   in the product's other names;
 * - what an everyday phrase means (app/lib/everyday-words.ts): tier 1;
 * - a correction: a word of 5 to 30 letters that no word of the catalogue starts with is looked up among
 *   the catalogue's words within two edits (the database does it, with these deletion variants): tier 2.
 * Words of one or two characters join the term before them ("vitamin b"), a number its unit ("500 mg" →
 * "500mg"), so every term has the three characters the trigram index needs; a search of one or two
 * characters in all is looked up as it is.
 */
import { EVERYDAY_WORDS } from "./everyday-words";

/** Where an edit-tolerant word is looked for: its letters, and the term's text around them. */
export type Correctable = { word: string; before: string; after: string };

export type SearchTerm = {
  /** The term as folded. */
  text: string;
  /** Tier 0: the text and its singular. */
  literal: string[];
  /** Tier 1: what an everyday phrase means. */
  means: string[];
  /** The term's longest run of letters, when long enough to be corrected. */
  correctable: Correctable | null;
};

export type SearchPlan =
  | { kind: "none" }
  /** One or two characters: a substring of name, category or generic name, as typed. */
  | { kind: "short"; text: string }
  | { kind: "terms"; terms: SearchTerm[] };

/** Words this long or longer are corrected when no catalogue word starts with them. */
export const CORRECT_FROM_LETTERS = 5;
/** Longer words are left as typed (and the vocabulary keeps words up to this length). */
export const CORRECT_UP_TO_LETTERS = 30;
/** How many edits a correction may make. */
export const MAX_EDITS = 2;
/** At most this many terms of a search are corrected (the search box takes 100 characters). */
const MAX_CORRECTED_TERMS = 4;
/** Fewer characters than this cannot use the trigram index. */
const INDEXED_FROM = 3;

/** Lowercase, accents dropped ("Paracétamol" → "paracetamol"), spaces collapsed. */
export function foldSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

const EVERYDAY = new Map<string, readonly string[]>(
  EVERYDAY_WORDS.flatMap(({ said, means }) => said.map((phrase) => [phrase, means] as const)),
);
const LONGEST_PHRASE = Math.max(...[...EVERYDAY.keys()].map((phrase) => phrase.split(" ").length));

const UNITS = new Set(["mg", "g", "kg", "mcg", "ml", "l", "iu", "%"]);
const NUMBER = /^\d+(?:[.,]\d+)?$/;

/** A word's singular, for plural-looking words of four letters or more. */
export function singular(word: string): string | null {
  if (!/^[a-z]{4,}$/.test(word)) return null;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(word)) return null;
  if (/(?:sses|xes|zes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s")) return word.slice(0, -1);
  return null;
}

/** The term's longest run of letters, with what surrounds it, when it is 5 to 30 letters long. */
function correctable(text: string): Correctable | null {
  let best: RegExpExecArray | null = null;
  for (const run of text.matchAll(/[a-z]+/g)) if (!best || run[0].length > best[0].length) best = run;
  if (!best || best[0].length < CORRECT_FROM_LETTERS || best[0].length > CORRECT_UP_TO_LETTERS) return null;
  return { word: best[0], before: text.slice(0, best.index), after: text.slice(best.index + best[0].length) };
}

const unique = (values: (string | null)[]) => [
  ...new Set(values.filter((v): v is string => v !== null && [...v].length >= INDEXED_FROM)),
];

/** Punctuation around a word that is not part of what is looked for ("paracetamol?", "(panadol)"). */
const trimWord = (word: string) => word.replace(/^["'(“‘[]+|[.,;:!?"')”’\]]+$/g, "");

/** How the catalogue search reads a search (already through normalizeSearch). */
export function planSearch(search: string): SearchPlan {
  const split = (text: string) => {
    const all = text
      .split(" ")
      .filter(Boolean)
      .map((word) => trimWord(word) || word);
    // A sign standing alone between words ("amoxicillin + clavulanic acid") is not looked for.
    const words = all.filter((word) => /[\p{L}\p{N}]/u.test(word));
    return words.length > 0 ? words : all;
  };
  const words = split(foldSearch(search));
  if (words.length === 0) return { kind: "none" };
  // As typed, accents kept: a product written with them is found as written (the indexes keep accents).
  const typedWords = split(search.replace(/\s+/g, " ").trim());
  const typed = typedWords.length === words.length ? typedWords : words;

  // Everyday phrases first, the longest that starts at each word.
  /** `also`: other ways names write the same piece ("tablets (30)" for "tablets 30"). */
  type Piece = { text: string; typed: string; means: readonly string[]; also?: string[] };
  const pieces: Piece[] = [];
  const piece = (from: number, to: number, means: readonly string[] = [], glue = " "): Piece => ({
    text: words.slice(from, to).join(glue),
    typed: typed.slice(from, to).join(glue),
    means,
  });
  for (let i = 0; i < words.length;) {
    let taken = 0;
    for (let n = Math.min(LONGEST_PHRASE, words.length - i); n > 0 && !taken; n--) {
      const means = EVERYDAY.get(words.slice(i, i + n).join(" "));
      if (means) {
        pieces.push(piece(i, i + n, means));
        taken = n;
      }
    }
    if (!taken) {
      // A number and its unit are one word, as names write them ("500mg").
      const next = words[i + 1];
      taken = NUMBER.test(words[i]) && next !== undefined && UNITS.has(next) ? 2 : 1;
      pieces.push(piece(i, i + taken, [], ""));
    }
    i += taken;
  }

  // A short word joins the term before it (a leading one, the term after it), so each term can use the
  // index; one that follows an everyday phrase is dropped.
  const joined: Piece[] = [];
  let leading: Piece | null = null;
  // Names put a count or a letter in brackets ("Tablets (30)", "Coartem … (6)"): either way is the term.
  const join = (a: Piece, b: Piece): Piece => ({
    text: `${a.text} ${b.text}`,
    typed: `${a.typed} ${b.typed}`,
    means: [],
    also:
      [...b.text].length < INDEXED_FROM
        ? [`${a.text} (${b.text})`, ...(a.also ?? []).map((text) => `${text} ${b.text}`)]
        : [],
  });
  for (const next of pieces) {
    const previous = joined.at(-1);
    if (next.means.length === 0 && [...next.text].length < INDEXED_FROM) {
      if (previous && previous.means.length === 0) joined[joined.length - 1] = join(previous, next);
      else if (!previous) leading = leading === null ? next : join(leading, next);
      continue;
    }
    joined.push(leading !== null && next.means.length === 0 ? join(leading, next) : next);
    leading = null;
  }
  if (joined.length === 0) {
    // One or two characters: as typed, as the gram index holds them.
    if (leading === null || [...leading.text].length < INDEXED_FROM) {
      return { kind: "short", text: leading?.typed ?? typed.join(" ") };
    }
    joined.push(leading);
  }

  let corrections = 0;
  const terms = joined.map(({ text, typed, means, also = [] }): SearchTerm => {
    const fix = means.length === 0 && corrections < MAX_CORRECTED_TERMS ? correctable(text) : null;
    if (fix) corrections++;
    // Whatever holds "tablets" holds "tablet": the singular alone, when it is part of the word.
    const one = singular(text);
    const asTyped = typed.toLowerCase() === text ? null : typed.toLowerCase();
    return {
      text,
      literal: unique([
        ...(one !== null && text.includes(one) ? [one, asTyped] : [text, one, asTyped]),
        ...also,
      ]),
      means: unique([...means]).filter((m) => m !== text),
      correctable: fix,
    };
  });
  return { kind: "terms", terms };
}

/**
 * A word with up to two of its letters deleted, each with where the letters went: `slot` is the number of
 * letters kept before a deleted one, `char` the letter (-1 and "" when there is none). The database keeps
 * the same for every catalogue word (drizzle: search_word_variants); two words are within two edits when
 * they share a variant and its deletions pair up (product-search.server.ts).
 */
export type DeletionVariant = {
  variant: string;
  deleted: 0 | 1 | 2;
  slot1: number;
  char1: string;
  slot2: number;
  char2: string;
};

export function deletionVariants(word: string): DeletionVariant[] {
  const out: DeletionVariant[] = [{ variant: word, deleted: 0, slot1: -1, char1: "", slot2: -1, char2: "" }];
  const n = word.length;
  for (let i = 0; i < n; i++) {
    out.push({
      variant: word.slice(0, i) + word.slice(i + 1),
      deleted: 1,
      slot1: i,
      char1: word[i],
      slot2: -1,
      char2: "",
    });
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      out.push({
        variant: word.slice(0, i) + word.slice(i + 1, j) + word.slice(j + 1),
        deleted: 2,
        slot1: i,
        char1: word[i],
        slot2: j - 1,
        char2: word[j],
      });
    }
  }
  return out;
}

/** The search with each corrected word replaced by its correction: where "Did you mean …" leads. */
export function correctedSearch(plan: SearchPlan, corrections: Map<number, string>): string | null {
  if (plan.kind !== "terms" || corrections.size === 0) return null;
  return plan.terms
    .map((term, i) => {
      const word = corrections.get(i);
      return word && term.correctable
        ? `${term.correctable.before}${word}${term.correctable.after}`
        : term.text;
    })
    .join(" ");
}
