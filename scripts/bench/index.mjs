#!/usr/bin/env node
/**
 * `npm run bench`: MediStore's performance targets, measured on this machine and printed as one table.
 *   1. first load of /, of a product page and of a search result in Chromium, every byte until the network
 *      is idle as Lighthouse counts it (transfer sizes, headers included): HTML, CSS and JS, JS split into
 *      the framework chunk (React, Remix, our shared code) and the page's own, product images apart; / again with `Save-Data: on` (data saver)
 *   2. Lighthouse mobile on /, on a product page and on a search result (median of 3 runs each)
 *   3. throughput of / and a product page at 10,000 products, from the edge cache (in rounds alternating
 *      with a hello-world Worker in the same runtime) and uncached
 *   4. search latency at 100,000 products
 *   5. chat: send-to-deliver latency with 200 sockets in 100 conversations, messages per second per room,
 *      memory of the party process
 *   6. Admin › Orders at 100,000 orders: pages, filters, search by phone and by name
 *   7. distance to D1: personal pages and the main API calls with a delay on every D1 call (--d1-delay MS,
 *      default 100) beside the same without, with each request's sequential trips (workers/bench-distance.ts)
 *
 * Measures the existing build: runs `remix vite:build` only when build/ is missing or with --build
 * (rebuilding under a running `wrangler dev` crashes it). The catalogues live in .wrangler/bench-10k and
 * .wrangler/bench-100k and are reused between runs (--fresh starts them over); the first run seeds them.
 * Each step stores plain data in `results` (measure/*.mjs); report.mjs turns it into the table on stdout
 * and bench-results/latest.json. Exits 0 even when a target is missed.
 *
 * Options: --build  --fresh  --quick  --skip-lighthouse  --skip-throughput  --skip-search  --skip-chat
 *          --lighthouse-runs N
 *          --duration SECONDS  --connections N  --only STEP[,STEP…] (first-load, lighthouse, throughput,
 *          search, chat, orders, d1-distance: e.g. `--only search` times the searches alone)  --skip-orders
 *          --d1-delay MS (d1-distance's delay on every D1 call)
 */
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild, ensureDevVars, openMediStore } from "./app.mjs";
import { benchChat, startParty } from "./measure/chat.mjs";
import { measureDistance } from "./measure/d1-distance.mjs";
import { measureFirstLoad } from "./measure/first-load.mjs";
import { runLighthouse } from "./measure/lighthouse.mjs";
import { measureThroughput } from "./measure/throughput.mjs";
import { prepareOrders } from "./orders.mjs";
import {
  bin,
  findFreePort,
  installCleanupHandlers,
  measureInOwnProcess,
  ROOT,
  run,
  stopAll,
  tempDir,
  waitUntilQuiet,
} from "./processes.mjs";
import { log, report } from "./report.mjs";
import { errorMessage, formatCount, formatMs } from "./stats.mjs";

const argv = process.argv.slice(2);
const flag = (/** @type {string} */ name) => argv.includes(`--${name}`);
const numberOption = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const i = argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(argv[i + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const onlyIndex = argv.indexOf("--only");
const only = onlyIndex >= 0 ? (argv[onlyIndex + 1] ?? "").split(",") : null;
/** @param {string} name @returns {string | false} the option that skips a step, when given */
const skip = (name) =>
  (flag(`skip-${name}`) && `--skip-${name}`) || (only !== null && !only.includes(name) && `--only ${only}`);
const quick = flag("quick");
const settings = {
  connections: numberOption("connections", 10),
  seconds: numberOption("duration", quick ? 3 : 10),
  warmupSeconds: quick ? 1 : 2,
  /** Rounds of the edge-cache hits alternating with hello-world (measure/throughput.mjs). */
  rounds: quick ? 1 : 3,
  lighthouseRuns: numberOption("lighthouse-runs", quick ? 1 : 3),
  searchReps: quick ? 5 : 20,
  d1DelayMs: numberOption("d1-delay", 100),
  distanceReps: quick ? 3 : 7,
};

/**
 * Each search shape's statement alone (measure/search-statements.ts, TypeScript: it builds the statement with
 * the app's own code), `reps` times per URL.
 * @param {string} persistTo
 * @param {number} reps
 * @param {(message: string) => void} say
 * @returns {Promise<{ shape: string, p50: number, p95: number, n: number }[]>}
 */
async function timeSearchStatements(persistTo, reps, say) {
  const temp = await tempDir("medistore-bench-statements-");
  try {
    const resultFile = path.join(temp.dir, "result.json");
    const { code, output } = await run(bin("tsx"), [STATEMENTS_SCRIPT, persistTo, String(reps), resultFile]);
    if (code !== 0) throw new Error(`search statements stopped (${code}):\n${output}`);
    const shapes = JSON.parse(await readFile(resultFile, "utf8"));
    for (const { shape, p50, p95 } of shapes) {
      say(`  ${shape}, statement alone: p50 ${formatMs(p50)} · p95 ${formatMs(p95)}`);
    }
    return shapes;
  } finally {
    await temp.remove();
  }
}
const STATEMENTS_SCRIPT = "scripts/bench/measure/search-statements.ts";

/** The latency steps' modules, each run in a Node process of its own (measureInOwnProcess). */
const SEARCH_MODULE = fileURLToPath(new URL("./measure/search.mjs", import.meta.url));
const ORDERS_MODULE = fileURLToPath(new URL("./measure/orders.mjs", import.meta.url));
/** The bench's own Worker entry for the distance step: the app with a slow, counting D1 binding. */
const DISTANCE_ENTRY = "workers/bench-distance.ts";

const CATALOGUE_10K = {
  persistTo: ".wrangler/bench-10k",
  synthetic: 10_000,
  accept: (/** @type {number} */ count) => count >= 10_000 && count < 15_000,
};
/** A small catalogue of its own, for the 100,000 bench orders (scripts/bench/orders.mjs). */
const CATALOGUE_ORDERS = {
  persistTo: ".wrangler/bench-orders",
  synthetic: 500,
  accept: (/** @type {number} */ count) => count >= 500 && count < 5_000,
};
/** A small catalogue of its own for the distance step: it places orders and registers an account. */
const CATALOGUE_DISTANCE = {
  persistTo: ".wrangler/bench-distance",
  synthetic: 500,
  accept: (/** @type {number} */ count) => count >= 500 && count < 5_000,
};
const CATALOGUE_100K = {
  persistTo: ".wrangler/bench-100k",
  synthetic: 100_000,
  accept: (/** @type {number} */ count) => count >= 100_000,
};

/** A setting of .dev.vars (the app's local secrets), as `wrangler dev` reads it. @param {string} name */
function devVar(name) {
  const line = readFileSync(path.join(ROOT, ".dev.vars"), "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`.dev.vars has no ${name}`);
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/^"(.*)"$/, "$1");
}

/** @type {import("./report.mjs").Results} */
const results = {};
/** Ports taken by the bench's servers. */
const ports = new Set();

/**
 * @template T
 * @typedef {{ key: string, say: string, run: (url: string) => Promise<T>, skip?: string | false,
 *             then?: (data: T) => void }} Step
 *   key: where the data goes in `results`; say: the progress line; then: a progress line on the data
 */

/**
 * Runs a step into results[key]: its data, `{ error }` when it throws, `{ skipped }` when skipped.
 * @param {Step<any>} step
 * @param {string} [url] of the server the step measures
 */
async function measure({ key, say, run, skip, then }, url = "") {
  if (skip) return void (results[key] = { skipped: skip });
  const settled = await waitUntilQuiet();
  if (!settled.quiet)
    log(
      `  (the machine stayed busy, ${Math.round(settled.busyShare * 100)} % of its CPU time: timings are noisy)`,
    );
  log(say);
  try {
    results[key] = await run(url);
    then?.(results[key]);
  } catch (error) {
    log(`  failed: ${errorMessage(error)}`);
    results[key] = { error: errorMessage(error) };
  }
}

/**
 * Runs steps on one MediStore server over a catalogue (its figures go to results[catalogueKey]). When the
 * catalogue or the server cannot be made ready, every step says so.
 * @param {string} catalogueKey
 * @param {typeof CATALOGUE_10K} catalogue
 * @param {Step<any>[]} steps
 */
async function onMediStore(
  catalogueKey,
  catalogue,
  steps,
  prepare = async () => {},
  entry = undefined,
  vars = undefined,
) {
  if (steps.every((step) => step.skip)) return Promise.all(steps.map((step) => measure(step)));
  log(`preparing ${catalogue.persistTo} (${formatCount(catalogue.synthetic)} synthetic products)`);
  let app;
  try {
    const onCatalogue = (/** @type {unknown} */ figures) => (results[catalogueKey] = figures);
    app = await openMediStore({
      ...catalogue,
      fresh: flag("fresh"),
      ports,
      log,
      onCatalogue,
      prepare,
      entry,
      vars,
    });
  } catch (error) {
    log(`  MediStore could not be started: ${errorMessage(error)}`);
    for (const { key } of steps) results[key] = { error: errorMessage(error) };
    return;
  }
  try {
    for (const step of steps) await measure({ ...step, run: () => app.measure(step.run) });
  } finally {
    await app.stop();
  }
}

/** The search result page measured (a common word in medicine names: a full page of results). */
const SEARCH_PATH = "/shop?q=tablets";

/**
 * The page of the first product the API lists (a seeded medicine, with its full information).
 * @param {string} url of the server
 */
async function productPagePath(url) {
  const res = await fetch(`${url}/api/products?limit=1`);
  const [product] = /** @type {{ url: string }[]} */ (await res.json());
  if (!product?.url) throw new Error("the catalogue has no product to measure");
  return product.url;
}

/** @param {import("./measure/throughput.mjs").Load} load */
const sayLoad = (load) =>
  log(`  ${formatCount(load.rps)} req/s · p50 ${formatMs(load.p50)} · p99 ${formatMs(load.p99)}`);

async function main() {
  installCleanupHandlers();
  const loadAverageStart = os.loadavg();
  const load = loadAverageStart.map((l) => l.toFixed(2)).join(" ");
  log(`MediStore bench in ${ROOT}: ${os.cpus().length} CPUs, load average ${load}`);
  results.build = await ensureBuild({ rebuild: flag("build"), log });
  ensureDevVars(log);

  await onMediStore("catalogue10k", CATALOGUE_10K, [
    {
      key: "firstLoad",
      skip: skip("first-load"),
      say: "[1] measuring the first load of /",
      run: (url) => measureFirstLoad(`${url}/`),
    },
    {
      key: "firstLoadProduct",
      skip: skip("first-load"),
      say: "[1] measuring the first load of a product page",
      run: async (url) => {
        const path = await productPagePath(url);
        return { path, ...(await measureFirstLoad(`${url}${path}`)) };
      },
    },
    {
      key: "firstLoadSearch",
      skip: skip("first-load"),
      say: `[1] measuring the first load of a search result (${SEARCH_PATH})`,
      run: async (url) => ({ path: SEARCH_PATH, ...(await measureFirstLoad(`${url}${SEARCH_PATH}`)) }),
    },
    {
      key: "firstLoadDataSaver",
      skip: skip("first-load"),
      say: "[1] measuring the first load of / with Save-Data: on",
      run: (url) => measureFirstLoad(`${url}/`, { headers: { "Save-Data": "on" } }),
    },
    {
      key: "lighthouse",
      skip: skip("lighthouse"),
      say: `[2] Lighthouse mobile on / (${settings.lighthouseRuns} run(s))`,
      run: (url) => runLighthouse(`${url}/`, { runs: settings.lighthouseRuns, log }),
    },
    {
      key: "lighthouseProduct",
      skip: skip("lighthouse"),
      say: `[2] Lighthouse mobile on a product page (${settings.lighthouseRuns} run(s))`,
      run: async (url) =>
        runLighthouse(`${url}${await productPagePath(url)}`, { runs: settings.lighthouseRuns, log }),
    },
    {
      key: "lighthouseSearch",
      skip: skip("lighthouse"),
      say: `[2] Lighthouse mobile on a search result (${settings.lighthouseRuns} run(s))`,
      run: (url) => runLighthouse(`${url}${SEARCH_PATH}`, { runs: settings.lighthouseRuns, log }),
    },
    {
      key: "throughput",
      skip: skip("throughput"),
      say: `[3] load on / and a product page as edge-cache hits, alternating with a hello-world Worker (same runtime), ${settings.rounds} round(s); then uncached renders and the hits' ceilings: ${settings.connections} connections, ${settings.seconds} s each (after ${settings.warmupSeconds} s warm-up)`,
      run: async (url) =>
        measureThroughput(url, await productPagePath(url), {
          settings,
          rounds: settings.rounds,
          ports,
          log,
        }),
      then: ({ hello, pages }) => {
        log("  hello-world");
        sayLoad(hello);
        for (const page of pages) {
          log(`  ${page.path}`);
          sayLoad(page.hit);
          sayLoad(page.miss);
        }
      },
    },
  ]);
  await onMediStore("catalogue100k", CATALOGUE_100K, [
    {
      key: "search",
      skip: skip("search"),
      say: `[4] timing searches by shape (sequential, ${settings.searchReps} per URL, after a warm-up)`,
      // Timed from a process of its own, as Admin › Orders is (measureInOwnProcess); then each shape's
      // statement alone on the same database.
      run: async (url) => {
        const pages = await measureInOwnProcess(
          SEARCH_MODULE,
          "measureSearch",
          url,
          { reps: settings.searchReps },
          log,
        );
        return {
          ...pages,
          statements: await timeSearchStatements(CATALOGUE_100K.persistTo, settings.searchReps, log),
        };
      },
    },
  ]);
  await measure({
    key: "chat",
    skip: skip("chat"),
    say: "[5] chat: partykit dev, 200 sockets in 100 conversations",
    run: () => benchChat(),
  });

  /** @type {{ phone: string, fullName: string } | undefined} */
  let sample;
  await onMediStore(
    "ordersFolder",
    CATALOGUE_ORDERS,
    [
      {
        key: "orders",
        skip: skip("orders"),
        say: `[6] timing Admin › Orders at 100,000 orders (sequential, ${settings.searchReps * 4} per page)`,
        run: (url) => {
          if (!sample) throw new Error("the bench orders were not prepared");
          const options = { reps: settings.searchReps * 4, sample };
          return measureInOwnProcess(ORDERS_MODULE, "measureOrders", url, options, log);
        },
      },
    ],
    async () => {
      const orders = await prepareOrders({ persistTo: CATALOGUE_ORDERS.persistTo, log });
      results.benchOrders = orders;
      sample = orders.sample;
    },
  );

  // The data export reads the customer's chat from the party (an export must be whole): without a party the
  // distance step timed its 503. The party shares the app's secret from .dev.vars.
  const party = skip("d1-distance")
    ? null
    : await startParty(await findFreePort({ avoid: ports }), devVar("CHAT_SECRET"));
  await onMediStore(
    "distanceFolder",
    CATALOGUE_DISTANCE,
    [
      {
        key: "d1Distance",
        skip: skip("d1-distance"),
        say: `[7] distance to D1: personal pages and API calls, ${settings.d1DelayMs} ms on every D1 call and none (${settings.distanceReps} each, alternating)`,
        run: (url) => measureDistance(url, { delayMs: settings.d1DelayMs, reps: settings.distanceReps }),
        then: ({ calls }) => {
          for (const call of calls)
            log(
              `  ${call.name}: ${formatMs(call.far.serverMs)} (${call.far.trips} trips) · no delay ${formatMs(call.plain.serverMs)}`,
            );
        },
      },
    ],
    undefined,
    DISTANCE_ENTRY,
    party ? { CHAT_HOST: new URL(party.url).host } : undefined,
  );
  await party?.stop();

  return report(results, { root: ROOT, settings, loadAverageStart });
}

main()
  .then(async (code) => {
    await stopAll();
    process.exit(code);
  })
  .catch(async (error) => {
    console.error(`\nThe bench could not run: ${error instanceof Error ? error.stack : error}`);
    await stopAll();
    process.exit(1);
  });
