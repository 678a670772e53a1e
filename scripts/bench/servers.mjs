/**
 * Local servers for the bench (`wrangler dev`, `partykit dev`): started as child processes, ready once they
 * answer HTTP, and a session that restarts one that dies under a measurement. Also the one HTTP GET helper.
 */
import { performance } from "node:perf_hooks";
import { bin, findFreePort, sleep, startProcess, stopProcess } from "./processes.mjs";

// A Node global missing from the globals the project's ESLint config declares for scripts.
const { AbortSignal } = globalThis;

/**
 * @typedef {{ url: string, pid: number | undefined, stop: () => Promise<void>, output: () => string,
 *             running: () => boolean }} Server
 */

/**
 * GET with a 30 s timeout, the body read whole.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, ok: boolean, contentType: string, body: Buffer, ms: number }>} ms: time
 *   from the request to the last byte of the body
 */
export async function get(url, headers = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    ok: response.ok,
    contentType: response.headers.get("content-type") ?? "",
    body,
    ms: performance.now() - started,
  };
}

/**
 * Starts a server process and resolves once `readyUrl` answers: any HTTP answer, or only a 2xx with `okOnly`.
 * @param {{ label: string, name: string, command: string, args: string[], url: string, readyUrl?: string,
 *           okOnly?: boolean, timeoutMs?: number, env?: NodeJS.ProcessEnv, onStop?: () => Promise<void> }} options
 *   label: what failed, in error messages; name: the program, e.g. "wrangler dev"
 * @returns {Promise<Server>}
 */
export async function startServer({
  label,
  name,
  command,
  args,
  url,
  readyUrl = url,
  okOnly = false,
  timeoutMs = 120_000,
  env,
  onStop,
}) {
  const proc = startProcess(command, args, { env });
  let exited = false;
  proc.exited.then(() => (exited = true));
  const stop = async () => {
    await stopProcess(proc.child);
    await onStop?.();
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const failure = exited
      ? `${name} exited before it was ready`
      : Date.now() > deadline
        ? `${name} did not answer on ${url} within ${timeoutMs / 1000} s`
        : null;
    if (failure) {
      await stop();
      throw new Error(`${label}: ${failure}\n--- ${name} output (last lines) ---\n${proc.output()}`);
    }
    try {
      if ((await get(readyUrl)).ok || !okOnly) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return { url, pid: proc.child.pid, stop, output: proc.output, running: () => !exited };
}

/**
 * `wrangler dev` on a free loopback port.
 * @param {{ label: string, args: string[], ports: Set<number>, onStop?: () => Promise<void> }} options
 *   ports: ports in use by the bench's servers; the ones taken here are freed again on stop
 * @returns {Promise<Server>}
 */
export async function startWranglerDev({ label, args, ports, onStop }) {
  const port = await findFreePort({ avoid: ports });
  const inspectorPort = await findFreePort({ avoid: ports });
  return startServer({
    label,
    name: "wrangler dev",
    command: bin("wrangler"),
    args: [
      "dev",
      ...args,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--show-interactive-dev-session=false",
      // Per-request log lines would cost the same for every Worker but add noise to a CPU-bound test.
      "--log-level",
      "warn",
    ],
    url: `http://127.0.0.1:${port}`,
    onStop: async () => {
      ports.delete(port);
      ports.delete(inspectorPort);
      await onStop?.();
    },
  });
}

/**
 * A server started on first use and, if it dies under a measurement (wrangler dev has been seen to crash
 * on a busy machine), restarted once with the measurement repeated: one crash should not cost a section.
 * @param {() => Promise<Server>} start
 * @param {(message: string) => void} log
 */
export function serverSession(start, log) {
  /** @type {Server | null} */
  let server = null;
  return {
    /**
     * @template T
     * @param {(url: string) => Promise<T>} measure
     * @returns {Promise<T>}
     */
    async measure(measure) {
      for (let attempt = 1; ; attempt++) {
        if (!server || !server.running()) server = await start();
        /** @type {unknown} */
        let failure;
        try {
          const result = await measure(server.url);
          if (server.running()) return result;
          failure = new Error("the server was down when the measurement ended");
        } catch (error) {
          if (server.running()) throw error;
          failure = error;
        }
        const message = failure instanceof Error ? failure.message : String(failure);
        const last = server.output().split("\n").slice(-15).join("\n");
        await server.stop();
        server = null;
        if (attempt === 2)
          throw new Error(`wrangler dev stopped during the measurement twice: ${message}\n${last}`);
        log(
          `  wrangler dev stopped during the measurement (${message.split("\n")[0]}); its last output:\n${last}`,
        );
        log("  restarting it and measuring again");
      }
    },
    async stop() {
      await server?.stop();
      server = null;
    },
  };
}
