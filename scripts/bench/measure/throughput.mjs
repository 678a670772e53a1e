/**
 * Throughput with autocannon's programmatic API, and its baseline: a hello-world Worker in the same local
 * runtime as MediStore, i.e. the most requests per second this machine serves at all.
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { ROOT, tempDir } from "../processes.mjs";
import { serverSession, startWranglerDev } from "../servers.mjs";

const HELLO_WORKER = fileURLToPath(new URL("./hello-worker.mjs", import.meta.url));

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
 * A guest page from the edge cache (the warm-up stores it; every measured request is a hit) and uncached:
 * the same page with a query parameter the cache does not keep (workers/edge-cache.ts), so every request
 * renders it as a miss does (the cache write aside).
 * @param {string} url of the server
 * @param {string} productPath
 * @param {LoadSettings} settings
 * @returns {Promise<{ path: string, bytes: number, headers: [string, string][], hit: Load & { cache: string | null }, miss: Load & { cache: string | null } }[]>}
 */
export async function measureGuestPages(url, productPath, settings) {
  const pages = [];
  for (const path of ["/", productPath]) {
    const uncached = `${path}?utm_source=bench`;
    const hit = await loadTest(`${url}${path}`, settings);
    const miss = await loadTest(`${url}${uncached}`, settings);
    const answer = await xCache(`${url}${path}`);
    pages.push({
      path,
      bytes: answer.bytes,
      headers: answer.headers,
      hit: { ...hit, cache: answer.cache },
      miss: { ...miss, cache: (await xCache(`${url}${uncached}`)).cache },
    });
  }
  return pages;
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
 * (measureHelloWorld). Asked
 * with a time limit and up to three times: right after a load test drops its connections mid-request,
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
 * The same load test on hello-worker.mjs, run from a throwaway config in the OS temp folder with the
 * repository's compatibility date: the anchor. Then, for each guest page measured (`pages`), three ceilings
 * for its hit, each a Worker that does nothing but answer:
 * - `bytes`: as many bytes of HTML: what the runtime alone lets a page that size go;
 * - `headers`: the same bytes with the page's own headers (its security headers, its CSP);
 * - `routed`: that same response from the same Worker deployed as MediStore is, i.e. behind a static-asset
 *   folder with the guest pages in `run_worker_first` (the asset router still runs first).
 * The last is the whole response and routing of a hit without any of its work: how far a hit could go.
 * @param {{ settings: LoadSettings, ports: Set<number>, log: (message: string) => void,
 *   pages?: { bytes: number, headers: [string, string][] }[] }} options
 * @returns {Promise<Load & { ceilings: (Load & { page: number, bytes: number, kind: "bytes" | "headers" | "routed", headerCount: number })[] }>}
 */
export async function measureHelloWorld({ settings, ports, log, pages = [] }) {
  const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  const compatibilityDate = toml.match(/^\s*compatibility_date\s*=\s*"([^"]+)"/m)?.[1] ?? "2025-01-01";
  const start =
    (/** @type {{ label: string, routed: boolean }} */ { label, routed }) =>
    async () => {
      const temp = await tempDir("medistore-bench-hello-");
      const config = path.join(temp.dir, "wrangler.json");
      /** @type {Record<string, unknown>} */
      const worker = {
        name: "medistore-bench-hello",
        main: HELLO_WORKER,
        compatibility_date: compatibilityDate,
        vars: { PAGE_HEADERS: JSON.stringify(pages.map((page) => page.headers)) },
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
  /** Each ceiling of `kinds` for each page, on the server at `url`. */
  const measureCeilings = async (
    /** @type {string} */ url,
    /** @type {("bytes" | "headers" | "routed")[]} */ kinds,
  ) => {
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
          ...(await loadTest(`${url}/?${query}`, settings)),
        });
      }
    return out;
  };
  const hello = serverSession(start({ label: "hello-world Worker", routed: false }), log);
  let measured;
  try {
    measured = await hello.measure(async (url) => ({
      load: await loadTest(`${url}/`, settings),
      ceilings: await measureCeilings(url, ["bytes", "headers"]),
    }));
  } finally {
    await hello.stop();
  }
  if (pages.length === 0) return { ...measured.load, ceilings: [] };
  const routed = serverSession(
    start({ label: "hello-world Worker behind the asset routing", routed: true }),
    log,
  );
  try {
    const behindRouting = await routed.measure((url) => measureCeilings(url, ["routed"]));
    // Page by page, each page's ceilings in the order they add up.
    const ceilings = [...measured.ceilings, ...behindRouting].sort((a, b) => a.page - b.page);
    return { ...measured.load, ceilings };
  } finally {
    await routed.stop();
  }
}
