import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as vocabularies from "./vocabularies";
import {
  DEFAULT_MEDICINE_CLASS,
  MEDICINE_CLASS,
  needsPrescription,
  orList,
  PAYMENT_METHOD,
  REVIEW_DECISION,
  REVIEW_STATUS,
  vocabulary,
} from "./vocabularies";

type AnyVocabulary = { entries: readonly { value: string; label: string }[]; values: readonly string[] };
const all = Object.entries(vocabularies as Record<string, unknown>).filter(
  (entry): entry is [string, AnyVocabulary] =>
    typeof entry[1] === "object" && entry[1] !== null && "entries" in entry[1],
);

describe("vocabularies", () => {
  it("each has distinct values, each with a label", () => {
    expect(all.map(([name]) => name).sort()).toEqual([
      "DELIVERY_STATUS",
      "MEDICINE_CLASS",
      "ORDER_EVENT_KIND",
      "PAYMENT_METHOD",
      "PAYMENT_STATUS",
      "REVIEW_DECISION",
      "REVIEW_STATUS",
    ]);
    for (const [name, list] of all) {
      expect(new Set(list.values).size, name).toBe(list.values.length);
      for (const entry of list.entries) expect(entry.label.trim(), `${name}.${entry.value}`).not.toBe("");
    }
  });

  it("every decision is a review status", () => {
    for (const decision of REVIEW_DECISION.values) expect(REVIEW_STATUS.includes(decision)).toBe(true);
  });

  it("only the prescription-only class needs a prescription, and the default class does not", () => {
    expect(MEDICINE_CLASS.values.filter(needsPrescription)).toEqual(["prescription"]);
    expect(needsPrescription(DEFAULT_MEDICINE_CLASS)).toBe(false);
  });

  it("reads a value's entry and label, and tells a value from anything else", () => {
    const sizes = vocabulary([
      { value: "s", label: "Small", grams: 10 },
      { value: "l", label: "Large", grams: 50 },
    ]);
    expect(sizes.values).toEqual(["s", "l"]);
    expect(sizes.label("l")).toBe("Large");
    expect(sizes.entry("s").grams).toBe(10);
    expect([sizes.includes("s"), sizes.includes("m"), sizes.includes(null), sizes.includes(1)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(() => sizes.label("m" as "s")).toThrow("Not a known value: m");
    // What the Zod schemas and the Drizzle columns are built from.
    expect(z.enum(sizes.values).safeParse("l").success).toBe(true);
    expect(z.enum(sizes.values).safeParse("m").success).toBe(false);
  });

  it("lists choices the way messages say them", () => {
    expect(orList([])).toBe("");
    expect(orList(["a"])).toBe("a");
    expect(orList(["a", "b"])).toBe("a or b");
    expect(orList(["a", "b", "c"])).toBe("a, b or c");
    expect(orList(PAYMENT_METHOD.entries.map((method) => method.choice))).toBe(
      "on delivery, by bank transfer or online",
    );
  });
});
