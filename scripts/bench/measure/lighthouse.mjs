/**
 * Lighthouse's default (mobile) profile on one URL in Debian's Chromium: Moto G Power emulation and
 * simulated Slow 4G with 4x CPU slowdown, i.e. Lighthouse's defaults, left untouched on purpose.
 */
import { existsSync } from "node:fs";
import { onCleanup } from "../processes.mjs";
import { errorMessage, medianRun, toPercentScore } from "../stats.mjs";
import { tallyTransfers } from "./transfers.mjs";

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/**
 * The longest one run may take (a run takes 10–30 s here). A Chromium that stops answering without an error
 * was seen to hold a run, and with it the whole bench, for over nine minutes: past this it is killed and the
 * run counts as failed.
 */
const RUN_TIME_LIMIT_MS = 180_000;

/**
 * @typedef {{ performance: number | null, accessibility: number | null, bestPractices: number | null,
 *   seo: number | null, fcpMs: number | null, lcpMs: number | null, tbtMs: number | null, cls: number | null,
 *   failing: Record<string, string[]>, images: { url: string, bytes: number }[], warnings: string[],
 *   benchmarkIndex: number | null, transfer: ReturnType<typeof tallyTransfers> }} LighthouseRun
 *   transfer: what Lighthouse saw transferred (its network requests' transfer sizes, headers included)
 */

/**
 * @param {any} lhr a Lighthouse result
 * @returns {LighthouseRun}
 */
function summarizeResult(lhr) {
  const numeric = (/** @type {string} */ id) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === "number" ? value : null;
  };
  /** @type {Record<string, string[]>} */
  const failing = {};
  for (const category of Object.values(lhr.categories)) {
    failing[category.id] = category.auditRefs
      .filter((/** @type {any} */ ref) => ref.weight > 0)
      .map((/** @type {any} */ ref) => lhr.audits[ref.id])
      .filter((/** @type {any} */ audit) => audit && typeof audit.score === "number" && audit.score < 0.9)
      .map((/** @type {any} */ audit) => audit.id);
  }
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  // Only what the browser fetched during the load of the mobile viewport: lazy images below the fold stay out.
  const images = requests
    .filter((/** @type {any} */ item) => item.resourceType === "Image")
    .map((/** @type {any} */ item) => ({
      url: item.url,
      bytes: item.transferSize ?? item.resourceSize ?? 0,
    }));
  return {
    performance: toPercentScore(lhr.categories.performance?.score),
    accessibility: toPercentScore(lhr.categories.accessibility?.score),
    bestPractices: toPercentScore(lhr.categories["best-practices"]?.score),
    seo: toPercentScore(lhr.categories.seo?.score),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    failing,
    images,
    warnings: lhr.runWarnings ?? [],
    // Lighthouse's own measure of this machine's CPU speed at the time; a busy machine scores low and
    // its simulated metrics come out slower.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    transfer: tallyTransfers(
      requests.map((/** @type {any} */ item) => ({
        url: item.url,
        type: item.resourceType ?? "Other",
        status: item.statusCode ?? 0,
        mimeType: item.mimeType ?? "",
        bytes: item.transferSize ?? 0,
      })),
    ),
  };
}

/**
 * One Lighthouse run in a fresh Chromium, so a browser that hangs (seen on a busy machine as
 * PROTOCOL_TIMEOUT) cannot spoil the runs after it.
 * @param {string} url
 * @returns {Promise<LighthouseRun>}
 */
async function runOnce(url) {
  const [{ default: lighthouse }, { Launcher }] = await Promise.all([
    import("lighthouse"),
    import("chrome-launcher"),
  ]);
  const chrome = new Launcher({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  // Registered before the launch: Ctrl+C while Chromium starts must not leave it running (it is detached).
  const unregister = onCleanup(async () => {
    chrome.kill();
  });
  try {
    await chrome.launch();
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const overTime = new Promise((_, reject) => {
      timer = setTimeout(() => {
        chrome.kill();
        reject(new Error(`no result in ${RUN_TIME_LIMIT_MS / 1000} s: Chromium stopped answering`));
      }, RUN_TIME_LIMIT_MS);
    });
    const run = lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    // Once over time, the run's own failure (its browser gone) comes later and has no one to hear it.
    run.catch(() => undefined);
    const result = await Promise.race([run, overTime]).finally(() => clearTimeout(timer));
    const lhr = result?.lhr;
    if (!lhr) throw new Error("Lighthouse returned no result");
    if (lhr.runtimeError) {
      throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message ?? ""}`.trim());
    }
    return summarizeResult(lhr);
  } finally {
    unregister();
    chrome.kill();
  }
}

/**
 * Runs Lighthouse `runs` times and keeps the run with the median performance score. A failed run is
 * logged and left out; only when every run fails is there no result.
 * @param {string} url
 * @param {{ runs: number, log: (message: string) => void }} options
 * @returns {Promise<{ median: LighthouseRun, performanceScores: (number | null)[], failedRuns: string[],
 *   runs: Pick<LighthouseRun, "fcpMs" | "lcpMs" | "tbtMs" | "benchmarkIndex">[] }>}
 */
export async function runLighthouse(url, { runs, log }) {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROME_PATH)`);
  /** @type {LighthouseRun[]} */
  const results = [];
  /** @type {string[]} */
  const failedRuns = [];
  for (let i = 1; i <= runs; i++) {
    try {
      const summary = await runOnce(url);
      results.push(summary);
      log(
        `  run ${i}/${runs}: performance ${summary.performance ?? "n/a"}, FCP ${Math.round(summary.fcpMs ?? NaN)} ms, LCP ${Math.round(summary.lcpMs ?? NaN)} ms, TBT ${Math.round(summary.tbtMs ?? NaN)} ms` +
          ` (CPU benchmark index ${Math.round(summary.benchmarkIndex ?? NaN)})`,
      );
    } catch (error) {
      const message = errorMessage(error);
      failedRuns.push(message);
      log(`  run ${i}/${runs} failed: ${message}`);
    }
  }
  const median = medianRun(results);
  if (!median) throw new Error(failedRuns.at(-1) ?? "no Lighthouse run");
  return {
    median,
    performanceScores: results.map((r) => r.performance),
    // Every run's timings, so a report can give their range beside the median run's.
    runs: results.map(({ fcpMs, lcpMs, tbtMs, benchmarkIndex }) => ({ fcpMs, lcpMs, tbtMs, benchmarkIndex })),
    failedRuns,
  };
}
