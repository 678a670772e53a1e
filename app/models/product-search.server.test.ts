import { sql } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { planSearch } from "~/lib/search-query";
import { searchStatement } from "./product-search.server";

const statementOf = (q: string) => {
  const plan = planSearch(q);
  if (plan.kind === "none") throw new Error(q);
  return new SQLiteSyncDialect().sqlToQuery(searchStatement(plan, sql`p.id`, { limit: 25, offset: 0 }));
};

describe("the search statement", () => {
  // Whichever way it takes, the meaning is the same (tests/integration/search-words.test.ts): this is about
  // cost, a page read in name order from the words of the search rather than a walk of the catalogue.
  it("reads words, strengths, hyphenated names and everyday phrases through the word postings", () => {
    for (const q of [
      "paracetamol",
      "cough syrup",
      "vit c",
      "oral rehydration",
      "painkiller tablets",
      "cough mixture",
      "b-complex",
      "500mg",
      "paracetamol 500mg",
      "vitamin b12",
      "ibuprofin 400mg",
      "co-amoxiclav",
      "anti-x",
    ]) {
      const { sql: text } = statementOf(q);
      expect(text, q).toContain("FROM product_words AS w");
      expect(text, q).not.toContain("products_search");
    }
  });

  // Digits alone or a stray letter are found at once by the trigram index; tested on each product of a
  // common word they would cost thousands of tests when few hold them ("tablets 30", "syrup c").
  it("leaves numbers, letters and signs as typed beside a word to the general statement", () => {
    for (const q of ["#4321", "99999", "tablets 30", "syrup c", "anti x", "co-amoxiclav 30"]) {
      expect(statementOf(q).sql, q).toContain("products_search");
    }
  });
});
