/**
 * Pure helpers for `npm run bench`: percentiles, units and verdicts.
 * No I/O here, so tests/unit/bench-stats.test.ts can cover all of it.
 */

/**
 * Percentile by linear interpolation between closest ranks (the common "type 7" definition), so p50 of
 * an even-sized sample is the mean of the two middle values and small samples are not rounded to an edge.
 * @param {number[]} values
 * @param {number} p percentile from 0 to 100
 * @returns {number} NaN for an empty sample
 */
export function percentile(values, p) {
  if (!Array.isArray(values) || values.length === 0) return Number.NaN;
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0..100, got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

/**
 * Nearest-rank percentile: the smallest observed value with at least p % of the sample at or below it,
 * rounded to 0.01. The chat figures use it (a latency that was actually seen); null for an empty sample.
 * @param {number[]} values
 * @param {number} p percentile from 0 to 100
 * @returns {number | null}
 */
export function nearestRank(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 100) / 100;
}

/**
 * @param {number[]} values
 * @returns {{ n: number, min: number, p50: number, p95: number, p99: number, max: number, mean: number }}
 */
export function summarize(values) {
  const n = values.length;
  const mean = n === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / n;
  return {
    n,
    min: n === 0 ? Number.NaN : Math.min(...values),
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: n === 0 ? Number.NaN : Math.max(...values),
    mean,
  };
}

/** Budgets are in kB of 1,000 bytes, the unit Vite prints next to its gzip sizes. */
export const KB = 1000;

/**
 * @param {number} bytes
 * @returns {string} e.g. "84.5 kB", "742 B"
 */
export function formatBytes(bytes) {
  if (!Number.isFinite(bytes)) return "n/a";
  if (Math.abs(bytes) < KB) return `${Math.round(bytes)} B`;
  return `${(bytes / KB).toFixed(1)} kB`;
}

/**
 * @param {number} ms
 * @returns {string} e.g. "12.3 ms", "2.40 s"
 */
export function formatMs(ms) {
  if (!Number.isFinite(ms)) return "n/a";
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
}

/**
 * @param {number} n
 * @returns {string} e.g. "1,234"
 */
export function formatCount(n) {
  if (!Number.isFinite(n)) return "n/a";
  return Math.round(n).toLocaleString("en-US");
}

/**
 * Pass/fail against a bound. A missing figure is an error, not a pass.
 * @param {number | null | undefined} value
 * @param {{ max?: number, min?: number }} bound
 * @returns {"pass" | "fail" | "error"}
 */
export function verdict(value, bound) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "error";
  if (bound.max !== undefined && value > bound.max) return "fail";
  if (bound.min !== undefined && value < bound.min) return "fail";
  return "pass";
}

/**
 * Lighthouse scores are 0..1 in the report and 0..100 everywhere people read them.
 * @param {number | null | undefined} score
 * @returns {number | null}
 */
export function toPercentScore(score) {
  return typeof score === "number" && Number.isFinite(score) ? Math.round(score * 100) : null;
}

/**
 * The run whose performance score is the median, so one noisy run does not decide the row.
 * @template {{ performance: number | null }} T
 * @param {T[]} runs
 * @returns {T | undefined}
 */
export function medianRun(runs) {
  const scored = runs.filter((run) => typeof run.performance === "number");
  if (scored.length === 0) return runs[0];
  const sorted = [...scored].sort(
    (a, b) => /** @type {number} */ (a.performance) - /** @type {number} */ (b.performance),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * @param {number} a
 * @param {number} b
 * @returns {number} a ÷ b, NaN when b is not a positive number
 */
export function ratio(a, b) {
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : Number.NaN;
}

/**
 * @param {unknown} error
 * @returns {string} the message of an Error, or the thrown value as text
 */
export function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}
