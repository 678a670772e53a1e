/**
 * The app under test: its build, its local settings, and `wrangler dev` serving the build over a local D1
 * state folder that holds a catalogue of a known size.
 */
import { copyFileSync, existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { prepareCatalogue } from "./catalogue.mjs";
import { bin, ROOT, run } from "./processes.mjs";
import { serverSession, startWranglerDev } from "./servers.mjs";

/** @param {string} dir @returns {number} newest modification time of a file below dir */
function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds only when build/ is missing or `rebuild` is set (rebuilding under a running `wrangler dev` crashes
 * it); otherwise says whether app/ changed since the build.
 * @param {{ rebuild: boolean, log: (message: string) => void }} options
 * @returns {Promise<{ built: boolean, stale: boolean }>}
 */
export async function ensureBuild({ rebuild, log }) {
  const serverBuild = path.join(ROOT, "build", "server", "index.js");
  const hasBuild = existsSync(serverBuild) && existsSync(path.join(ROOT, "build", "client"));
  if (!hasBuild || rebuild) {
    log(hasBuild ? "building (--build): remix vite:build" : "no build/ found: running remix vite:build");
    const { code, output } = await run(bin("remix"), ["vite:build"]);
    if (code !== 0) throw new Error(`remix vite:build failed:\n${output}`);
    return { built: true, stale: false };
  }
  // Only app/ goes into the build: wrangler bundles workers/ afresh each time it starts.
  const stale = newestMtime(path.join(ROOT, "app")) > statSync(serverBuild).mtimeMs;
  if (stale)
    log(
      "warning: app/ has changed since the last build; figures are for the old build (npm run build, or --build)",
    );
  else log("using the existing build/ (pass --build to rebuild first)");
  return { built: false, stale };
}

/** @param {(message: string) => void} log */
export function ensureDevVars(log) {
  if (existsSync(path.join(ROOT, ".dev.vars"))) return;
  copyFileSync(path.join(ROOT, ".dev.vars.example"), path.join(ROOT, ".dev.vars"));
  log("created .dev.vars from .dev.vars.example (local defaults), as npm start does");
}

/**
 * Prepares the catalogue, then starts MediStore on it at once, so that a server that cannot start fails here
 * (once, for every measurement meant to run on it).
 * @param {{ persistTo: string, synthetic: number, accept: (count: number) => boolean, fresh: boolean,
 *           ports: Set<number>, log: (message: string) => void,
 *           onCatalogue: (catalogue: Awaited<ReturnType<typeof prepareCatalogue>>) => void,
 *           prepare?: () => Promise<void>, entry?: string, vars?: Record<string, string> }} options
 *   onCatalogue: receives the catalogue's figures before the server starts
 *   prepare: more data to add to the folder before the server starts (the bench orders)
 *   entry: a Worker entry of the bench's own in place of wrangler.toml's `main` (workers/bench-distance.ts)
 *   vars: settings in place of wrangler.toml's and .dev.vars' (the chat party the bench started)
 */
export async function openMediStore({
  persistTo,
  synthetic,
  accept,
  fresh,
  ports,
  log,
  onCatalogue,
  prepare,
  entry,
  vars = {},
}) {
  onCatalogue(await prepareCatalogue({ persistTo, synthetic, accept, fresh, log }));
  await prepare?.();
  log("  starting wrangler dev on the built app");
  const session = serverSession(async () => {
    const settings = Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
    const args = [...(entry ? [entry] : []), "--persist-to", persistTo, ...settings];
    const server = await startWranglerDev({ label: "MediStore", args, ports });
    log(`  MediStore on ${server.url}`);
    return server;
  }, log);
  try {
    await session.measure(async () => undefined);
  } catch (error) {
    await session.stop();
    throw error;
  }
  return session;
}
