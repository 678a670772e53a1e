/**
 * `wrangler dev` servers for the bench: the built MediStore Worker on a chosen local state folder, and a
 * hello-world Worker in the same runtime as the baseline for throughput.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bin, findFreePort, onCleanup, startProcess, stopProcess } from "./processes.mjs";

// A Node global missing from the globals the project's ESLint config declares for scripts.
const { AbortSignal } = globalThis;

const HELLO_WORKER = fileURLToPath(new URL("./hello-worker.mjs", import.meta.url));

/**
 * @typedef {{ url: string, stop: () => Promise<void>, output: () => string, running: () => boolean }} Server
 */

/**
 * Starts `wrangler dev` and resolves once it answers HTTP on its port.
 * @param {{ root: string, args: string[], label: string, ports: Set<number>, onStop?: () => Promise<void> }} options
 * @returns {Promise<Server>}
 */
async function startWranglerDev({ root, args, label, ports, onStop }) {
  const port = await findFreePort({ avoid: ports });
  const inspectorPort = await findFreePort({ avoid: ports });
  const proc = startProcess(
    bin(root, "wrangler"),
    [
      "dev",
      ...args,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--show-interactive-dev-session=false",
      // Per-request log lines would cost the same for both Workers but add noise to a CPU-bound test.
      "--log-level",
      "warn",
    ],
    { cwd: root },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(proc.child);
    ports.delete(port);
    ports.delete(inspectorPort);
    await onStop?.();
  };
  try {
    await waitUntilServing(url, proc.exited, 120_000);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${label}: ${reason}\n--- wrangler output (last lines) ---\n${proc.output()}`);
  }
  let exited = false;
  proc.exited.then(() => (exited = true));
  return { url, stop, output: proc.output, running: () => !exited };
}

/**
 * @param {string} url
 * @param {Promise<unknown>} exited
 * @param {number} timeoutMs
 */
async function waitUntilServing(url, exited, timeoutMs) {
  let hasExited = false;
  exited.then(() => (hasExited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error("wrangler dev exited before it was ready");
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  throw new Error(`wrangler dev did not answer on ${url} within ${timeoutMs / 1000} s`);
}

/**
 * The app as built in build/, with wrangler.toml and .dev.vars of the repository.
 * @param {{ root: string, persistTo: string, ports: Set<number> }} options
 */
export function startMediStore({ root, persistTo, ports }) {
  return startWranglerDev({ root, args: ["--persist-to", persistTo], label: "MediStore", ports });
}

/**
 * A Worker that only says hello, with a throwaway config in the OS temp folder: the runtime's own ceiling.
 * @param {{ root: string, ports: Set<number>, compatibilityDate: string }} options
 */
export async function startHelloWorld({ root, ports, compatibilityDate }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "medistore-bench-hello-"));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  const unregister = onCleanup(removeDir);
  const config = path.join(dir, "wrangler.json");
  await writeFile(
    config,
    JSON.stringify(
      {
        name: "medistore-bench-hello",
        main: HELLO_WORKER,
        compatibility_date: compatibilityDate,
        send_metrics: false,
      },
      null,
      2,
    ),
  );
  return startWranglerDev({
    root,
    args: ["--config", config, "--persist-to", path.join(dir, "state")],
    label: "hello-world Worker",
    ports,
    onStop: async () => {
      unregister();
      await removeDir();
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
