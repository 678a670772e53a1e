/**
 * Child processes of the bench (wrangler dev, partykit dev, seeding, Chromium), temporary folders, and
 * their clean-up. Each child is spawned detached, i.e. leader of its own process group, so stopping it also
 * stops what it started (wrangler dev runs workerd underneath). Only groups this bench started are ever
 * signalled.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { clearInterval, setInterval } from "node:timers";
import { fileURLToPath } from "node:url";

/** The repository the bench measures; every command runs there. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** @type {Set<import("node:child_process").ChildProcess>} */
const running = new Set();
/** @type {Set<() => Promise<void>>} */
const extraCleanups = new Set();

export const BENCH_ENV = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};

/** @param {string} name e.g. "wrangler" */
export function bin(name) {
  return path.join(ROOT, "node_modules", ".bin", name);
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The machine's CPU time so far, busy and in all, summed over its CPUs (ms). */
function cpuTimes() {
  let busy = 0;
  let all = 0;
  for (const { times } of os.cpus()) {
    const total = times.user + times.nice + times.sys + times.idle + times.irq;
    busy += total - times.idle;
    all += total;
  }
  return { busy, all };
}

/**
 * Waits until the machine is quiet: the share of its CPU time spent busy over one second under `busyShare`,
 * for at most `maxSeconds`, so that what a step leaves behind (a server or a browser still exiting) stays out
 * of the next step's timings.
 * @param {{ busyShare?: number, maxSeconds?: number }} [options]
 * @returns {Promise<{ quiet: boolean, waitedSeconds: number, busyShare: number }>}
 */
export async function waitUntilQuiet({ busyShare = 0.15, maxSeconds = 30 } = {}) {
  let share = 1;
  for (let second = 1; second <= maxSeconds; second++) {
    const before = cpuTimes();
    await sleep(1000);
    const after = cpuTimes();
    share = (after.busy - before.busy) / Math.max(1, after.all - before.all);
    if (share < busyShare) return { quiet: true, waitedSeconds: second, busyShare: share };
  }
  return { quiet: false, waitedSeconds: maxSeconds, busyShare: share };
}

/**
 * Keeps the last lines of a child's output, to explain a failure without flooding the bench output.
 * @param {number} max
 */
function tail(max) {
  /** @type {string[]} */
  const lines = [];
  return {
    push(/** @type {Buffer} */ chunk) {
      for (const line of chunk.toString().split(/\r?\n/)) {
        if (line.trim() === "") continue;
        lines.push(line);
        if (lines.length > max) lines.shift();
      }
    },
    text: () => lines.join("\n"),
  };
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, onLine?: (line: string) => void }} [options]
 */
export function startProcess(command, args, { env = BENCH_ENV, onLine } = {}) {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const output = tail(400);
  const collect = (/** @type {Buffer} */ chunk) => {
    output.push(chunk);
    if (onLine) for (const line of chunk.toString().split(/\r?\n/)) if (line.trim()) onLine(line);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  running.add(child);
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
    child.on("error", (error) => {
      running.delete(child);
      output.push(Buffer.from(String(error)));
      resolve({ code: -1, signal: null });
    });
  });
  return { child, exited, output: output.text };
}

/**
 * Runs a command to completion.
 * @param {string} command
 * @param {string[]} args
 * @param {{ heartbeat?: (elapsedMs: number) => void }} [options]
 * @returns {Promise<{ code: number | null, output: string }>}
 */
export async function run(command, args, { heartbeat } = {}) {
  const started = Date.now();
  const proc = startProcess(command, args);
  const timer = heartbeat ? setInterval(() => heartbeat(Date.now() - started), 30_000) : undefined;
  try {
    const { code } = await proc.exited;
    return { code, output: proc.output() };
  } finally {
    if (timer) clearInterval(timer);
  }
}

/**
 * Stops a child and everything it started: SIGTERM to its group, SIGKILL if it lingers.
 * @param {import("node:child_process").ChildProcess} child
 */
export async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  signalGroup(child, "SIGTERM");
  if ((await Promise.race([gone, sleep(5000).then(() => "timeout")])) === "timeout") {
    signalGroup(child, "SIGKILL");
    await Promise.race([gone, sleep(2000)]);
  }
}

/**
 * @param {import("node:child_process").ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function signalGroup(child, signal) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** @param {() => Promise<void>} cleanup e.g. closing Chromium */
export function onCleanup(cleanup) {
  extraCleanups.add(cleanup);
  return () => extraCleanups.delete(cleanup);
}

/**
 * A new folder in the OS temp folder, removed by `remove()` or, failing that, when the bench is stopped.
 * @param {string} prefix
 */
export async function tempDir(prefix) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  const unregister = onCleanup(removeDir);
  return {
    dir,
    async remove() {
      unregister();
      await removeDir();
    },
  };
}

const OWN_PROCESS = fileURLToPath(new URL("./measure/in-own-process.mjs", import.meta.url));

/**
 * Runs a measurement (`name`, exported by `moduleFile`, called as `measure(origin, { ...options,
 * log })`) in a Node process of its own, and returns its result. A request timed from the bench's own process
 * also waits out that process's garbage collection: after Lighthouse and the load tests its heap holds about
 * 70 MB, and every fetched page's bytes brought a full collection every few hundred milliseconds (up to 17 ms
 * of pause, `node --trace-gc`), a slow tail that the same steps run alone never showed.
 * @param {string} moduleFile
 * @param {string} name
 * @param {string} origin of the server measured
 * @param {Record<string, unknown>} options plain data (sent as JSON)
 * @param {(message: string) => void} log
 */
export async function measureInOwnProcess(moduleFile, name, origin, options, log) {
  const temp = await tempDir("medistore-bench-measure-");
  const resultFile = path.join(temp.dir, "result.json");
  try {
    const proc = startProcess(
      process.execPath,
      [OWN_PROCESS, moduleFile, name, resultFile, origin, JSON.stringify(options)],
      { onLine: log },
    );
    const { code, signal } = await proc.exited;
    if (code !== 0) throw new Error(`${name} stopped (${code ?? signal}):\n${proc.output()}`);
    return JSON.parse(await readFile(resultFile, "utf8"));
  } finally {
    await temp.remove();
  }
}

export async function stopAll() {
  await Promise.allSettled([...running].map((child) => stopProcess(child)));
  await Promise.allSettled([...extraCleanups].map((cleanup) => cleanup()));
  extraCleanups.clear();
}

let handlersInstalled = false;

/** Ctrl+C, kill and crashes all stop the servers this bench started before the process ends. */
export function installCleanupHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const [signal, code] of /** @type {const} */ ([
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ])) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the servers the bench started…`);
      stopAll().finally(() => process.exit(code));
    });
  }
  // Last resort when the event loop is already gone: synchronous SIGKILL to every group still running.
  process.on("exit", () => {
    for (const child of running) signalGroup(child, "SIGKILL");
  });
}

/**
 * First port in the range that nothing listens on (checked by binding it on the loopback address).
 * @param {{ from?: number, to?: number, avoid?: Set<number> }} [options]
 * @returns {Promise<number>}
 */
export async function findFreePort({ from = 8800, to = 8899, avoid = new Set() } = {}) {
  for (let port = from; port <= to; port++) {
    if (avoid.has(port)) continue;
    if (await portIsFree(port)) {
      avoid.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${from} and ${to}`);
}

/** @param {number} port */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });
}
