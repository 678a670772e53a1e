#!/usr/bin/env node
/**
 * `npm start`: the whole product on local defaults, from a fresh clone, with no account and no network.
 * 1. .dev.vars from .dev.vars.example when missing   2. build   3. local D1 migrations
 * 4. demo catalogue when the database is empty        5. wrangler dev on http://localhost:8787
 * Ctrl+C stops everything.
 */
import { existsSync, copyFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import concurrently from "concurrently";

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const PORT = process.env.PORT ?? "8787";
const persistArgs = process.env.MEDISTORE_PERSIST_TO
  ? ["--persist-to", process.env.MEDISTORE_PERSIST_TO]
  : [];

function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (local defaults).");
}
if (!process.env.MEDISTORE_SKIP_BUILD) step("Building the app", "npx", ["remix", "vite:build"]);
step("Applying database migrations (local D1)", "npx", [
  "wrangler",
  "d1",
  "migrations",
  "apply",
  "DB",
  "--local",
  ...persistArgs,
]);
step("Seeding the demo catalogue (only when empty)", "npx", ["tsx", "scripts/seed.ts", ...persistArgs]);

console.log(`\n✔ MediStore is starting on http://localhost:${PORT}\n`);
const { result } = concurrently(
  [
    {
      name: "app",
      command: `npx wrangler dev --port ${PORT} --ip 127.0.0.1 --show-interactive-dev-session=false ${persistArgs.join(" ")}`,
      env,
      prefixColor: "green",
    },
  ],
  { killOthersOn: ["failure", "success"], prefix: "name" },
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
