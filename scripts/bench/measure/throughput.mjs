/**
 * Throughput with autocannon's programmatic API, and its baseline: a hello-world Worker in the same local
 * runtime as MediStore, i.e. the most requests per second this machine serves at all.
 */
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
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
 * @returns {Promise<{ path: string, hit: Load & { cache: string | null }, miss: Load & { cache: string | null } }[]>}
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
      hit: { ...hit, cache: answer.cache },
      miss: { ...miss, cache: (await xCache(`${url}${uncached}`)).cache },
    });
  }
  return pages;
}

/**
 * What the X-Cache header says of one more request (HIT, MISS or BYPASS): proof of what was measured; and the
 * size of the page it answered (uncompressed, as the load tests get it). Asked
 * with a time limit and up to three times: right after a load test drops its connections mid-request,
 * `wrangler dev` has been seen to leave the next request unanswered (the load figures are already taken).
 */
async function xCache(/** @type {string} */ url) {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(url, { signal: globalThis.AbortSignal.timeout(15_000) });
      const body = await res.arrayBuffer();
      return { cache: res.headers.get("X-Cache"), bytes: body.byteLength };
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  ${url}: no answer (${error instanceof Error ? error.message : error}); asking again`);
    }
  }
}

/**
 * The same load test on hello-worker.mjs, run from a throwaway config in the OS temp folder with the
 * repository's compatibility date; then, for each size in `pageBytes` (the guest pages measured), the same
 * Worker answering that many bytes and doing nothing else: how far the runtime alone lets a page that size go.
 * @param {{ settings: LoadSettings, ports: Set<number>, log: (message: string) => void, pageBytes?: number[] }} options
 * @returns {Promise<Load & { sameBytes: (Load & { bytes: number })[] }>}
 */
export async function measureHelloWorld({ settings, ports, log, pageBytes = [] }) {
  const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  const compatibilityDate = toml.match(/^\s*compatibility_date\s*=\s*"([^"]+)"/m)?.[1] ?? "2025-01-01";
  const start = async () => {
    const temp = await tempDir("medistore-bench-hello-");
    const config = path.join(temp.dir, "wrangler.json");
    const worker = {
      name: "medistore-bench-hello",
      main: HELLO_WORKER,
      compatibility_date: compatibilityDate,
    };
    await writeFile(config, JSON.stringify({ ...worker, send_metrics: false }, null, 2));
    return startWranglerDev({
      label: "hello-world Worker",
      args: ["--config", config, "--persist-to", path.join(temp.dir, "state")],
      ports,
      onStop: temp.remove,
    });
  };
  const hello = serverSession(start, log);
  try {
    return await hello.measure(async (url) => {
      const load = await loadTest(`${url}/`, settings);
      const sameBytes = [];
      for (const bytes of pageBytes)
        sameBytes.push({ bytes, ...(await loadTest(`${url}/?bytes=${bytes}`, settings)) });
      return { ...load, sameBytes };
    });
  } finally {
    await hello.stop();
  }
}
