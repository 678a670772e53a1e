/**
 * Starts MediStore the way `npm start` does (scripts/start.mjs: migrations, demo seed, wrangler dev), on a
 * free port with its own local state folder, for the end-to-end tests; stops it afterwards.
 * The build itself is done once by `npm test` before Vitest starts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../support/free-port";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's local state folder (its D1 database), for tests that set up data a form cannot. */
    stateDir: string;
  }
}

/**
 * Asks until the server answers. A global setup runs outside Vitest's test workers, where `vi.waitFor` is
 * not available (it needs a worker's state), hence this one loop; tests themselves wait with vi.waitFor or
 * Playwright's own waiting.
 */
async function waitForServer(url: string, child: ChildProcess, log: () => string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`MediStore exited early (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`MediStore did not answer on ${url} within ${timeoutMs / 1000}s:\n${log()}`);
}

export default async function setup(project: TestProject) {
  const port = await freePort();
  const partyPort = await freePort();
  const stateDir = mkdtempSync(path.join(tmpdir(), "medistore-e2e-"));
  let output = "";
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      PARTYKIT_PORT: String(partyPort),
      MEDISTORE_PERSIST_TO: stateDir,
      MEDISTORE_SKIP_BUILD: "1",
      FORCE_COLOR: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  let stopping = false;
  // An app that dies mid-run fails every later test with "connection refused": say why, once.
  child.on("exit", (code, signal) => {
    if (!stopping)
      console.error(`MediStore stopped during the tests (${signal ?? `exit ${code}`}):\n${output}`);
  });

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(baseURL, child, () => output);
    // The chat party (`partykit dev`) starts beside the app; the chat tests need it up too.
    await waitForServer(`http://127.0.0.1:${partyPort}/health`, child, () => output);
  } catch (error) {
    stopping = true;
    stop(child);
    throw error;
  }
  project.provide("baseURL", baseURL);
  project.provide("stateDir", stateDir);

  return () => {
    stopping = true;
    stop(child);
    rmSync(stateDir, { recursive: true, force: true });
  };
}

function stop(child: ChildProcess) {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}
