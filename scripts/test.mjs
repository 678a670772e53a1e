#!/usr/bin/env node
/**
 * `npm test`: build once (the Workers integration tests and the end-to-end tests both run the built app),
 * then every test layer: unit, integration (Workers runtime) and end to end (Chromium).
 * Extra arguments go to Vitest, e.g. `npm test -- --project unit` (then only that run).
 */
import { spawnSync } from "node:child_process";

// The tests build into a folder of their own: a rebuild of build/ would crash a running `npm start`.
const env = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  MEDISTORE_BUILD_DIR: process.env.MEDISTORE_BUILD_DIR ?? ".test-build",
};

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Runs a test layer; a failure is remembered, and the next layer still runs (every failure is seen). */
let failed = 0;
function runLayer(args) {
  const result = spawnSync("npx", ["vitest", "run", ...args], { stdio: "inherit", env });
  if (result.status !== 0) failed = result.status ?? 1;
}

run("npx", ["remix", "vite:build"]);
const args = process.argv.slice(2);
if (args.some((arg) => arg.startsWith("--project"))) {
  run("npx", ["vitest", "run", ...args]);
} else {
  // The Workers-runtime layers first, then the browser against the started app: on a 2-core machine the
  // app under test must not compete with the integration pool's own runtimes for the CPU.
  runLayer(["--project", "unit", "--project", "integration", "--project", "party", ...args]);
  runLayer(["--project", "e2e", ...args]);
  process.exit(failed);
}
