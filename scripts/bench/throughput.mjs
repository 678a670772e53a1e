/** Load tests with autocannon's programmatic API. */
import autocannon from "autocannon";

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
 * Warms the Worker up (first requests compile code and open the database), then measures.
 * @param {string} url
 * @param {{ connections: number, seconds: number, warmupSeconds: number }} options
 * @returns {Promise<{ rps: number, p50: number, p99: number, requests: number, non2xx: number, errors: number }>}
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
