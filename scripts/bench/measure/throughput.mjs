/**
 * Throughput with autocannon's programmatic API, and its baseline: a hello-world Worker in the same local
 * runtime as MediStore, i.e. the most requests per second this machine serves at all.
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { measureInOwnProcess, ROOT, tempDir } from "../processes.mjs";
import { serverSession, startWranglerDev } from "../servers.mjs";
import { percentile } from "../stats.mjs";

const HELLO_WORKER = fileURLToPath(new URL("./hello-worker.mjs", import.meta.url));
/** This module, whose loadTest runs in a process of its own (measureInOwnProcess). */
const THIS_MODULE = fileURLToPath(import.meta.url);

/**
 * @param {Record<string, any>} options
 * @returns {Promise<any>}
 */
function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (/** @type {Error | null} */ error, /** @type {any} */ result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * @typedef {{ connections: number, seconds: number, warmupSeconds: number }} LoadSettings
 * @typedef {{ rps: number, p50: number, p99: number, requests: number, non2xx: number, errors: number }} Load
 */

/**
 * Warms the Worker up (first requests compile code and open the database), then measures.
 * @param {string} url
 * @param {LoadSettings} settings
 * @returns {Promise<Load>}
 */
export async function loadTest(url, { connections, seconds, warmupSeconds }) {
  if (warmupSeconds > 0) await cannon({ url, connections, duration: warmupSeconds });
  const result = await cannon({ url, connections, duration: seconds });
  const requests = result.requests.total ?? Math.round(result.requests.average * result.duration);
  return {
    // Completed requests over the whole run, rather than the mean of per-second samples.
    rps: requests / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * What the way there adds to a response, rather than the Worker: left out when a page's headers are copied.
 * (A Worker answering with Content-Encoding has the runtime compress its body on every request.)
 */
const HOP_HEADERS = new Set([
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "keep-alive",
  "transfer-encoding",
]);

/**
 * What the X-Cache header says of one more request (HIT, MISS or BYPASS): proof of what was measured; the
 * size of the page it answered (uncompressed, as the load tests get it) and its headers, for the ceilings
 * (measureCeilings). Asked with a time limit and up to three times: right after a load test drops its
 * connections mid-request,
 * `wrangler dev` has been seen to leave the next request unanswered (the load figures are already taken).
 * @returns {Promise<{ cache: string | null, bytes: number, headers: [string, string][] }>}
 */
async function xCache(/** @type {string} */ url) {
  for (let attempt = 1; ; attempt++) {
    try {
      // Uncompressed, as the load tests ask for it.
      const res = await fetch(url, {
        headers: { "Accept-Encoding": "identity" },
        signal: globalThis.AbortSignal.timeout(15_000),
      });
      const body = await res.arrayBuffer();
      const headers = [...res.headers].filter(([name]) => !HOP_HEADERS.has(name));
      return { cache: res.headers.get("X-Cache"), bytes: body.byteLength, headers };
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  ${url}: no answer (${error instanceof Error ? error.message : error}); asking again`);
    }
  }
}

/** The paths wrangler.toml sends straight to the Worker, past the static-asset lookup. */
function runWorkerFirst(/** @type {string} */ toml) {
  const list = toml.match(/^\s*run_worker_first\s*=\s*(\[[^\]]*\])/m)?.[1];
  return list ? JSON.parse(list) : [];
}

/**
 * A hello-world Worker (hello-worker.mjs) started by `wrangler dev` from a throwaway config in the OS temp
 * folder, with the repository's compatibility date; `routed` puts it behind a static-asset folder with the
 * same `run_worker_first` paths as MediStore. `pageHeaders`: each guest page's headers, for `?page=I`.
 * @param {{ label: string, routed: boolean, pageHeaders: [string, string][][], ports: Set<number> }} options
 */
function helloWorker({ label, routed, pageHeaders, ports }) {
  return async () => {
    const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
    const compatibilityDate = toml.match(/^\s*compatibility_date\s*=\s*"([^"]+)"/m)?.[1] ?? "2025-01-01";
    const temp = await tempDir("medistore-bench-hello-");
    const config = path.join(temp.dir, "wrangler.json");
    /** @type {Record<string, unknown>} */
    const worker = {
      name: "medistore-bench-hello",
      main: HELLO_WORKER,
      compatibility_date: compatibilityDate,
      vars: { PAGE_HEADERS: JSON.stringify(pageHeaders) },
    };
    if (routed) {
      const assets = path.join(temp.dir, "public");
      await mkdir(assets);
      await writeFile(path.join(assets, "robots.txt"), "User-agent: *\n");
      worker.assets = { directory: assets, run_worker_first: runWorkerFirst(toml) };
    }
    await writeFile(config, JSON.stringify({ ...worker, send_metrics: false }, null, 2));
    return startWranglerDev({
      label,
      args: ["--config", config, "--persist-to", path.join(temp.dir, "state")],
      ports,
      onStop: temp.remove,
    });
  };
}

/**
 * @typedef {Load & { rounds: number[] }} RoundsLoad the round whose req/s is the median of `rounds`
 * @typedef {{ path: string, bytes: number, headers: [string, string][],
 *             hit: RoundsLoad & { cache: string | null, shares: number[] },
 *             miss: Load & { cache: string | null } }} GuestPage
 * @typedef {Load & { page: number, bytes: number, kind: "bytes" | "headers" | "routed", headerCount: number }} Ceiling
 */

/**
 * One figure for a load measured in rounds: the median req/s, with the latencies of the round closest to it.
 * @param {Load[]} each
 * @returns {RoundsLoad}
 */
function medianRound(each) {
  const rps = each.map((one) => one.rps);
  const middle = percentile(rps, 50);
  const closest = each.reduce((a, b) => (Math.abs(b.rps - middle) < Math.abs(a.rps - middle) ? b : a));
  return { ...closest, rps: middle, rounds: rps };
}

/**
 * Section 3's load figures: guest pages (`/` and a product page) as edge-cache hits and uncached renders,
 * against the anchor, a hello-world Worker in the same local runtime.
 *
 * The hits and hello-world are measured in alternating rounds, each round every one of them in turn (the order
 * turning by one each round), and a hit's share of hello-world is the median of its rounds' shares. Measured
 * one after the other instead, minutes apart, the share also carried whatever the machine did in between (this
 * machine's speed drifts by a quarter over minutes when other work shares it). Every load test runs from a
 * Node process of its own, as the latency steps do (processes.mjs, measureInOwnProcess).
 *
 * Then, for each page, three ceilings for its hit, each a Worker that does nothing but answer:
 * - `bytes`: as many bytes of HTML: what the runtime alone lets a page that size go;
 * - `headers`: the same bytes with the page's own headers (its security headers, its CSP);
 * - `routed`: that same response from the same Worker deployed as MediStore is, i.e. behind a static-asset
 *   folder with the guest pages in `run_worker_first` (the asset router still runs first).
 * The last is the whole response and routing of a hit without any of its work: how far a hit could go.
 * @param {string} appUrl MediStore's server
 * @param {string} productPath
 * @param {{ settings: LoadSettings, rounds: number, ports: Set<number>, log: (message: string) => void }} options
 * @returns {Promise<{ hello: RoundsLoad & { ceilings: Ceiling[] }, pages: GuestPage[] }>}
 */
export async function measureThroughput(appUrl, productPath, { settings, rounds, ports, log }) {
  const { connections, seconds, warmupSeconds } = settings;
  // Each load test warms up first, from its own fresh process: that client's code and the path measured.
  const load = (/** @type {string} */ url) =>
    measureInOwnProcess(THIS_MODULE, "loadTest", url, { connections, seconds, warmupSeconds }, log);
  const paths = ["/", productPath];
  // The first request stores each page in the edge cache: every request after it is a hit.
  for (const page of paths) await xCache(`${appUrl}${page}`);
  const answers = [];
  for (const page of paths) answers.push(await xCache(`${appUrl}${page}`));
  const pageHeaders = answers.map((answer) => answer.headers);

  const hello = serverSession(
    helloWorker({ label: "hello-world Worker", routed: false, pageHeaders, ports }),
    log,
  );
  let measured;
  try {
    measured = await hello.measure(async (helloUrl) => {
      const targets = [`${helloUrl}/`, ...paths.map((page) => `${appUrl}${page}`)];
      /** @type {Load[][]} each target's loads, round by round */
      const loads = targets.map(() => []);
      for (let round = 0; round < rounds; round++) {
        for (let i = 0; i < targets.length; i++) {
          const target = (i + round) % targets.length;
          loads[target].push(await load(targets[target]));
        }
        const [helloLoad, ...hits] = loads.map((each) => each[round]);
        const shares = hits.map((hit) => (hit.rps / helloLoad.rps).toFixed(3)).join(", ");
        log(
          `  round ${round + 1} of ${rounds}: hello-world ${Math.round(helloLoad.rps)} req/s; hits' shares ${shares}`,
        );
      }
      const [helloLoads, ...hitLoads] = loads;
      /** @type {GuestPage[]} */
      const pages = [];
      for (const [i, page] of paths.entries()) {
        const uncached = `${appUrl}${page}?utm_source=bench`;
        const miss = await load(uncached);
        const shares = hitLoads[i].map((hit, round) => hit.rps / helloLoads[round].rps);
        pages.push({
          path: page,
          bytes: answers[i].bytes,
          headers: answers[i].headers,
          // Asked again after the rounds: what the measured requests were answered from.
          hit: { ...medianRound(hitLoads[i]), cache: (await xCache(`${appUrl}${page}`)).cache, shares },
          miss: { ...miss, cache: (await xCache(uncached)).cache },
        });
      }
      const ceilings = await measureCeilings(helloUrl, pages, ["bytes", "headers"], load);
      return { hello: { ...medianRound(helloLoads), ceilings }, pages };
    });
  } finally {
    await hello.stop();
  }
  const routed = serverSession(
    helloWorker({ label: "hello-world Worker behind the asset routing", routed: true, pageHeaders, ports }),
    log,
  );
  try {
    const behindRouting = await routed.measure((url) =>
      measureCeilings(url, measured.pages, ["routed"], load),
    );
    // Page by page, each page's ceilings in the order they add up.
    const ceilings = [...measured.hello.ceilings, ...behindRouting].sort((a, b) => a.page - b.page);
    return { ...measured, hello: { ...measured.hello, ceilings } };
  } finally {
    await routed.stop();
  }
}

/**
 * Each ceiling of `kinds` for each page, on the hello-world server at `url`.
 * @param {string} url
 * @param {{ bytes: number, headers: [string, string][] }[]} pages
 * @param {("bytes" | "headers" | "routed")[]} kinds
 * @param {(url: string) => Promise<Load>} load
 * @returns {Promise<Ceiling[]>}
 */
async function measureCeilings(url, pages, kinds, load) {
  const out = [];
  for (const [i, page] of pages.entries())
    for (const kind of kinds) {
      const query = kind === "bytes" ? `bytes=${page.bytes}` : `bytes=${page.bytes}&page=${i}`;
      const headerCount = kind === "bytes" ? 1 : page.headers.length;
      out.push({
        page: i,
        bytes: page.bytes,
        kind,
        headerCount,
        ...(await load(`${url}/?${query}`)),
      });
    }
  return out;
}
