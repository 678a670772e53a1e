/**
 * Search latency on a large catalogue: sequential requests (one shopper at a time), so the figure is the
 * time of the query and the page, not of queueing.
 */
import { get } from "../servers.mjs";
import { summarize } from "../stats.mjs";

/**
 * Terms by kind. They fit a pharmacy catalogue and the synthetic names of scripts/seed.ts
 * ("<Base> <strength> <pack> #<n>"); the hit counts are reported so a term that stops matching shows.
 * @type {{ kind: string, terms: string[] }[]}
 */
export const SEARCH_TERMS = [
  { kind: "trigram (3+ chars)", terms: ["parac", "amoxi"] },
  { kind: "common term", terms: ["tablets", "500mg"] },
  { kind: "rare term", terms: ["99999", "#4321"] },
  { kind: "2-char term", terms: ["mg", "zq"] },
  { kind: "category word", terms: ["antibiotics", "analgesics"] },
];

/** The home page and pages of the unfiltered grid (offset pagination gets slower the deeper the page). */
export const BROWSE_PATHS = ["/", "/shop", "/shop?page=1000"];

/**
 * @param {string} base server origin
 * @param {{ reps: number, log: (message: string) => void }} options
 */
export async function measureSearch(base, { reps, log }) {
  const endpoints = [
    { name: "shop", path: (/** @type {string} */ q) => `/shop?q=${encodeURIComponent(q)}` },
    { name: "api", path: (/** @type {string} */ q) => `/api/products?q=${encodeURIComponent(q)}&limit=24` },
  ];
  /** @type {Record<string, number[]>} */
  const byEndpoint = { shop: [], api: [] };
  /** @type {{ kind: string, term: string, endpoint: string, hits: number | null, ms: number[] }[]} */
  const perTerm = [];
  /** @type {string[]} */
  const problems = [];

  // Warm-up: one pass over every URL, not timed (first use compiles code and loads pages of the database).
  for (const { terms } of SEARCH_TERMS)
    for (const term of terms) for (const endpoint of endpoints) await get(base + endpoint.path(term));

  for (const { kind, terms } of SEARCH_TERMS) {
    for (const term of terms) {
      for (const endpoint of endpoints) {
        const entry = {
          kind,
          term,
          endpoint: endpoint.name,
          hits: /** @type {number | null} */ (null),
          ms: /** @type {number[]} */ ([]),
        };
        for (let i = 0; i < reps; i++) {
          const { ms, status, body } = await get(base + endpoint.path(term));
          if (status !== 200) problems.push(`${status} ${endpoint.path(term)}`);
          entry.ms.push(ms);
          byEndpoint[endpoint.name].push(ms);
          if (endpoint.name === "api" && entry.hits === null && status === 200) {
            try {
              entry.hits = JSON.parse(body.toString("utf8")).length;
            } catch {
              problems.push(`not JSON: ${endpoint.path(term)}`);
            }
          }
        }
        perTerm.push(entry);
      }
    }
    log(`  ${kind}: done`);
  }

  const browse = [];
  for (const path of BROWSE_PATHS) {
    await get(base + path);
    const ms = [];
    for (let i = 0; i < reps; i++) {
      const result = await get(base + path);
      if (result.status !== 200) problems.push(`${result.status} ${path}`);
      ms.push(result.ms);
    }
    browse.push({ path, ...summarize(ms) });
  }

  const entries = (/** @type {string} */ kind, /** @type {string} */ endpoint) =>
    perTerm.filter((entry) => entry.kind === kind && entry.endpoint === endpoint);
  const kinds = SEARCH_TERMS.map(({ kind }) => ({
    kind,
    terms: entries(kind, "api").map((entry) => `${JSON.stringify(entry.term)}: ${entry.hits ?? "?"}`),
    shop: summarize(entries(kind, "shop").flatMap((entry) => entry.ms)),
    api: summarize(entries(kind, "api").flatMap((entry) => entry.ms)),
  }));
  const slowest = perTerm
    .map((entry) => ({ ...entry, p95: summarize(entry.ms).p95 }))
    .sort((a, b) => b.p95 - a.p95)[0];

  return {
    shop: summarize(byEndpoint.shop),
    api: summarize(byEndpoint.api),
    kinds,
    slowest: slowest
      ? { term: slowest.term, kind: slowest.kind, endpoint: slowest.endpoint, p95: slowest.p95 }
      : null,
    browse,
    problems,
    perTerm,
  };
}
