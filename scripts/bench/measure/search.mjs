/**
 * Search latency on a large catalogue, shape by shape: every kind of term (length, how common), with and
 * without a category, the first page and a deep one, and the listings without a search. Requests are
 * sequential (one shopper at a time), so a figure is the time of the query and the page, not of queueing.
 *
 * A guest's page repeated is an edge-cache hit (workers/edge-cache.ts), and a search's products are kept in
 * the isolate while the catalogue holds: after the first request the same search costs no query at all. So
 * each search is also timed as its first shopper meets it, each time written in a way no request used
 * before (firstSearchPath): the search statement runs every time.
 */
import { get } from "../servers.mjs";
import { summarize } from "../stats.mjs";
import { countProducts } from "./count-products.mjs";

/** A page 40 deep: OFFSET 936 with 24 a page. */
const DEEP = "page=40";
const shop = (/** @type {string} */ q, extra = "") =>
  `/shop?q=${encodeURIComponent(q)}${extra && `&${extra}`}`;
const api = (/** @type {string} */ q, extra = "") =>
  `/api/products?q=${encodeURIComponent(q)}&limit=24${extra && `&${extra}`}`;
const inCategory = (/** @type {string} */ q, extra = "") =>
  `/categories/antibiotics?q=${encodeURIComponent(q)}${extra && `&${extra}`}`;

/**
 * The shapes, each a few URLs. Terms fit the synthetic names of scripts/seed.ts ("<Base> <strength>
 * <pack> #<n>") and a pharmacy catalogue; the products each first URL shows are reported, so a term that
 * stops matching shows.
 * @type {{ shape: string, paths: string[] }[]}
 */
export const SEARCH_SHAPES = [
  { shape: "1 letter, common", paths: [shop("a"), shop("T")] },
  { shape: "1 letter, rare", paths: [shop("k"), shop("q")] },
  { shape: "2 letters, common", paths: [shop("pa"), shop("mg")] },
  { shape: "2 letters, rare or none", paths: [shop("zq"), shop("43")] },
  { shape: "3+ letters, common", paths: [shop("tab"), shop("par")] },
  { shape: "3+ letters, rare", paths: [shop("99999"), shop("#4321")] },
  { shape: "whole word", paths: [shop("tablets"), shop("paracetamol")] },
  { shape: "generic name", paths: [shop("metronidazole"), shop("ferrous sulphate")] },
  { shape: "category name", paths: [shop("antibiotics"), shop("analgesics")] },
  {
    shape: "category + search",
    paths: [inCategory("a"), inCategory("zq"), inCategory("tab"), inCategory("#43")],
  },
  {
    shape: "word and strength",
    paths: [shop("paracetamol 500mg"), shop("amoxicillin 250mg"), shop("500mg tablets"), shop("vitamin b12")],
  },
  {
    shape: "deep page, search",
    paths: [shop("a", DEEP), shop("pa", DEEP), shop("tab", DEEP), shop("paracetamol 500mg", DEEP)],
  },
  { shape: "deep page, category + search", paths: [inCategory("a", DEEP), inCategory("in", DEEP)] },
  { shape: "API search", paths: ["/api/products?q=pa&limit=24", "/api/products?q=tablets&limit=24"] },
  // Forgiving search (app/models/product-search.server.ts): corrections, other names, everyday words.
  { shape: "misspelt, one edit", paths: [shop("paracetmol"), shop("ibuprofin"), shop("cetrizine")] },
  { shape: "misspelt, two edits", paths: [shop("metfornim"), shop("iboprufen"), shop("amoxcilin")] },
  { shape: "misspelt, with a word", paths: [shop("ibuprofin 400mg"), shop("folik acid")] },
  { shape: "brand (other name)", paths: [shop("amoxil"), shop("tylenol"), shop("losec")] },
  { shape: "international name", paths: [shop("acetaminophen"), shop("albuterol"), shop("co-amoxiclav")] },
  { shape: "everyday words", paths: [shop("vit c"), shop("cough syrup"), shop("painkiller")] },
  { shape: "no match at all", paths: [shop("xylophone"), shop("qwertyuiop")] },
  {
    shape: "category + misspelt or brand",
    paths: [inCategory("amoxicilin"), inCategory("amoxil"), inCategory("amoxil", DEEP)],
  },
  { shape: "deep page, misspelt or brand", paths: [shop("paracetmol", DEEP), shop("tylenol", DEEP)] },
  // The API is never edge-cached; which products a search found is kept in the isolate, as a search page's
  // products are (features/catalogue/shop.server.ts): after the warm-up these read the products by id.
  { shape: "API misspelt", paths: [api("paracetmol"), api("metfornim"), api("ibuprofin 400mg")] },
  { shape: "API other names", paths: [api("acetaminophen"), api("tylenol"), api("co-amoxiclav")] },
  { shape: "API everyday words", paths: [api("vit c"), api("cough syrup"), api("painkiller")] },
  { shape: "API no match", paths: [api("xylophone"), api("qwertyuiop")] },
  { shape: "API deep page, misspelt or brand", paths: [api("paracetmol", DEEP), api("tylenol", DEEP)] },
  { shape: "listing, no search", paths: ["/", "/shop", `/shop?${DEEP}`, "/categories/antibiotics"] },
];

/** Marks the server drops from the end of a search's words (app/lib/search-query.ts: trimWord). */
const DROPPED = [".", ",", ";", ":", "!", "?", ")", "]", '"', "'", "\u201d", "\u2019"];
/** Per run: the edge cache is kept on disk between runs of the bench, as in production between requests. */
const RUN = Math.floor(Math.random() * 1e9);

/**
 * The page as the first shopper to search its term meets it: past the edge cache and the search pages the
 * isolate keeps (features/catalogue/shop.server.ts), so the search statement runs. The `nth` is written
 * after the search in marks the server drops (the search is the same; the URL and the kept page's key are
 * new). A listing without a search is only taken past the edge cache (one parameter it does not keep).
 * @param {string} path
 * @param {number} nth
 */
function firstSearchPath(path, nth) {
  const url = new URL(path, "http://bench");
  const q = url.searchParams.get("q");
  if (q === null) return `${path}${path.includes("?") ? "&" : "?"}bench=uncached`;
  let marks = "";
  for (let n = RUN * 1000 + nth; n > 0; n = Math.floor(n / DROPPED.length))
    marks += DROPPED[n % DROPPED.length];
  url.searchParams.set("q", `${q}${marks}`);
  return `${url.pathname}${url.search}`;
}

/**
 * @param {string} base server origin
 * @param {{ reps: number, log: (message: string) => void }} options
 */
export async function measureSearch(base, { reps, log }) {
  /** @type {string[]} */
  const problems = [];
  /** @type {number[]} */
  const all = [];
  const shapes = [];
  /** @type {{ shape: string, path: string, p95: number } | null} */
  let worst = null;

  // Warm-up: one pass over every URL, not timed (first use compiles code and loads pages of the database).
  for (const { paths } of SEARCH_SHAPES) {
    for (const path of paths) {
      await get(base + path);
      await get(base + firstSearchPath(path, 0));
    }
  }

  for (const { shape, paths } of SEARCH_SHAPES) {
    /** @type {number[]} */
    const ms = [];
    /** @type {number[]} */
    const firstMs = [];
    const shown = [];
    for (const path of paths) {
      /** @type {number[]} */
      const own = [];
      /** @type {number[]} */
      const firstOwn = [];
      let hits = /** @type {number | null} */ (null);
      for (let i = 0; i < reps; i++) {
        const result = await get(base + path);
        if (result.status !== 200) problems.push(`${result.status} ${path}`);
        own.push(result.ms);
        if (hits === null && result.status === 200) hits = countProducts(result.body.toString("utf8"));
        const first = firstSearchPath(path, i + 1);
        const again = await get(base + first);
        if (again.status !== 200) problems.push(`${again.status} ${first}`);
        else if (hits !== null && countProducts(again.body.toString("utf8")) !== hits) {
          problems.push(`${first} shows other products than ${path}`);
        }
        firstOwn.push(again.ms);
      }
      const { p95 } = summarize(own);
      if (!worst || p95 > worst.p95) worst = { shape, path, p95 };
      shown.push(`${path}: ${hits ?? "?"}`);
      ms.push(...own);
      firstMs.push(...firstOwn);
    }
    all.push(...ms);
    const summary = summarize(ms);
    const firstSearch = summarize(firstMs);
    shapes.push({ shape, paths: shown, ...summary, firstSearch });
    log(
      `  ${shape}: p50 ${summary.p50.toFixed(1)} ms · p95 ${summary.p95.toFixed(1)} ms` +
        ` (first search p50 ${firstSearch.p50.toFixed(1)} ms · p95 ${firstSearch.p95.toFixed(1)} ms)`,
    );
  }
  return { all: summarize(all), shapes, worst, problems };
}
