import { describe, expect, it } from "vitest";
import { EVERYDAY_WORDS } from "./everyday-words";
import { correctedSearch, deletionVariants, foldSearch, planSearch, singular } from "./search-query";

const terms = (search: string) => {
  const plan = planSearch(search);
  if (plan.kind !== "terms") throw new Error(`${search}: ${plan.kind}`);
  return plan.terms;
};

describe("planSearch", () => {
  it("folds case and accents", () => {
    expect(foldSearch("  Paracétamol   PLUS ")).toBe("paracetamol plus");
    expect(terms("PARACÉTAMOL").map((t) => t.text)).toEqual(["paracetamol"]);
    // Also as typed: a product written with accents is found as written.
    expect(terms("Ácido fólico").map((t) => t.literal)).toEqual([
      ["acido", "ácido"],
      ["folico", "fólico"],
    ]);
  });

  it("reads one or two characters as they are, and nothing as nothing", () => {
    expect(planSearch("a")).toEqual({ kind: "short", text: "a" });
    expect(planSearch("Pa")).toEqual({ kind: "short", text: "Pa" });
    expect(planSearch("è")).toEqual({ kind: "short", text: "è" });
    expect(planSearch("#4")).toEqual({ kind: "short", text: "#4" });
    expect(planSearch("\u0301")).toEqual({ kind: "none" });
  });

  it("cuts a search into terms of three or more characters", () => {
    expect(terms("panadol extra").map((t) => t.text)).toEqual(["panadol", "extra"]);
    expect(terms("vitamin b tablets").map((t) => t.text)).toEqual(["vitamin b", "tablets"]);
    expect(terms("b 12").map((t) => t.text)).toEqual(["b 12"]);
    expect(terms("zinc 20 mg").map((t) => t.text)).toEqual(["zinc", "20mg"]);
    expect(terms("(panadol)?").map((t) => t.text)).toEqual(["panadol"]);
    expect(terms("co-amoxiclav").map((t) => t.text)).toEqual(["co-amoxiclav"]);
    expect(terms("#4321").map((t) => t.text)).toEqual(["#4321"]);
    expect(terms("amoxicillin + clavulanic acid").map((t) => t.text)).toEqual([
      "amoxicillin",
      "clavulanic",
      "acid",
    ]);
    expect(planSearch("%_")).toEqual({ kind: "short", text: "%_" });
  });

  it("looks for the singular of a plural", () => {
    expect(singular("condoms")).toBe("condom");
    expect(singular("allergies")).toBe("allergy");
    expect(singular("boxes")).toBe("box");
    expect(singular("virus")).toBeNull();
    expect(terms("condoms")[0].literal).toEqual(["condom"]);
    expect(terms("allergies")[0].literal).toEqual(["allergies", "allergy"]);
  });

  it("reads everyday words for what they mean", () => {
    const [vitC] = terms("vit c");
    expect(vitC).toMatchObject({ text: "vit c", means: ["vitamin c", "ascorbic acid"], correctable: null });
    const [pain, tabs] = terms("painkiller tablets");
    expect(pain.means).toContain("analgesic");
    expect(tabs.literal).toEqual(["tablet"]);
    expect(terms("p2")[0].means).toContain("levonorgestrel");
  });

  it("offers words of 5 to 30 letters for correction, with what surrounds them", () => {
    expect(terms("paracetmol")[0].correctable).toEqual({ word: "paracetmol", before: "", after: "" });
    expect(terms("vitamn c")[0].correctable).toEqual({ word: "vitamn", before: "", after: " c" });
    expect(terms("co-amoxiclave")[0].correctable).toEqual({ word: "amoxiclave", before: "co-", after: "" });
    expect(terms("zinc")[0].correctable).toBeNull();
    expect(terms("x".repeat(31))[0].correctable).toBeNull();
  });

  it("writes the corrected search for “Did you mean”", () => {
    const plan = planSearch("ibuprofin 400mg");
    expect(correctedSearch(plan, new Map([[0, "ibuprofen"]]))).toBe("ibuprofen 400mg");
    expect(correctedSearch(plan, new Map())).toBeNull();
  });
});

describe("deletionVariants", () => {
  it("deletes up to two letters and says where each went", () => {
    const variants = deletionVariants("abcde");
    expect(variants).toHaveLength(1 + 5 + 10);
    expect(variants).toContainEqual({
      variant: "acde",
      deleted: 1,
      slot1: 1,
      char1: "b",
      slot2: -1,
      char2: "",
    });
    expect(variants).toContainEqual({
      variant: "ace",
      deleted: 2,
      slot1: 1,
      char1: "b",
      slot2: 2,
      char2: "d",
    });
  });
});

describe("everyday words", () => {
  it("says each phrase once, folded as searches are", () => {
    const said = EVERYDAY_WORDS.flatMap((entry) => entry.said);
    expect(said.filter((phrase, i) => said.indexOf(phrase) !== i)).toEqual([]);
    expect(said.filter((phrase) => foldSearch(phrase) !== phrase)).toEqual([]);
  });
});
