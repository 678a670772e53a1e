#!/usr/bin/env node
/**
 * `npm start`: the whole product on local defaults, from a fresh clone, with no account and no network.
 * 1. .dev.vars from .dev.vars.example when missing   2. build   3. local D1 migrations
 * 4. demo catalogue when the database is empty        5. wrangler dev on http://localhost:8787
 *    and the chat party (`partykit dev`, party/) on 127.0.0.1:1999 (PARTYKIT_PORT), one log each,
 *    the payment gateway's stand-in (scripts/paystack-standin.mjs) unless PAYSTACK_BASE_URL names a gateway,
 *    and the message providers' stand-in (scripts/message-standin.mjs: SMS, WhatsApp, e-mail) on a free port
 * Ctrl+C stops everything.
 */
import { appendFileSync, existsSync, copyFileSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import concurrently from "concurrently";
import { withoutWranglerRequestLines } from "./dev-log.mjs";
import { wranglerConfigFor } from "./wrangler-config.mjs";

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const PORT = process.env.PORT ?? "8787";
const persistArgs = process.env.MEDISTORE_PERSIST_TO
  ? ["--persist-to", process.env.MEDISTORE_PERSIST_TO]
  : [];
// Another build folder than build/ (the tests' own): wrangler serves it through a configuration of its own.
const configArgs = process.env.MEDISTORE_BUILD_DIR
  ? ["--config", wranglerConfigFor(process.env.MEDISTORE_BUILD_DIR)]
  : [];
const PARTYKIT_PORT = process.env.PARTYKIT_PORT ?? "1999";
// Where browsers reach the party; CHAT_HOST=<LAN address>:<port> lets a phone on the network chat too.
const CHAT_HOST = process.env.CHAT_HOST ?? `127.0.0.1:${PARTYKIT_PORT}`;
// The party's rooms (chat history) persist here, beside the app's own state when a folder is given.
const partyState = process.env.MEDISTORE_PERSIST_TO
  ? path.join(process.env.MEDISTORE_PERSIST_TO, "partykit")
  : ".partykit/state";

/** A port nobody listens on right now, picked by the OS. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// wrangler dev's debugger port. Left to itself, wrangler takes the first free one from 9229 up, so two
// copies starting side by side (other PORT and PARTYKIT_PORT) can pick the same one, and the second fails.
// The OS hands out ports from a wide range in turn: one it gave is free, and not given to the next copy.
const INSPECTOR_PORT = process.env.INSPECTOR_PORT ?? String(await freePort());

/** A variable from a .dev.vars-style file (KEY=value lines), or undefined. */
function fileVar(file, name) {
  if (!existsSync(file)) return undefined;
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1] === name) return match[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return undefined;
}

const shellQuote = (value) => `'${String(value).replace(/'/g, "'\\''")}'`;

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
// The Worker (wrangler reads .dev.vars) and the party (given it below) share CHAT_SECRET. A .dev.vars
// from before the chat gets the example's local default.
if (!fileVar(".dev.vars", "CHAT_SECRET")) {
  appendFileSync(".dev.vars", `\nCHAT_SECRET=${fileVar(".dev.vars.example", "CHAT_SECRET")}\n`);
  console.log("Added CHAT_SECRET (local default) to .dev.vars.");
}
const chatSecret = fileVar(".dev.vars", "CHAT_SECRET");
// Local settings a .dev.vars from before them lacks: paying online (the stand-in's test key), and the
// secrets the message stand-in signs its callbacks with (the Worker checks them with the same).
for (const name of ["PAYSTACK_ENABLED", "PAYSTACK_SECRET_KEY", "SMS_WEBHOOK_SECRET", "WHATSAPP_APP_SECRET"]) {
  if (!fileVar(".dev.vars", name)) {
    appendFileSync(".dev.vars", `\n${name}=${fileVar(".dev.vars.example", name)}\n`);
    console.log(`Added ${name} (local default) to .dev.vars.`);
  }
}
// The gateway the Worker talks to: a real one when PAYSTACK_BASE_URL is set (environment or .dev.vars),
// else the stand-in started below, which sends its webhooks back to this app.
const gatewayUrl = process.env.PAYSTACK_BASE_URL ?? fileVar(".dev.vars", "PAYSTACK_BASE_URL");
const STANDIN_PORT = gatewayUrl ? null : (process.env.PAYSTACK_STANDIN_PORT ?? String(await freePort()));
const MESSAGES_STANDIN_PORT = process.env.MESSAGES_STANDIN_PORT ?? String(await freePort());
const MESSAGES_STANDIN_URL = `http://127.0.0.1:${MESSAGES_STANDIN_PORT}`;
if (!process.env.MEDISTORE_SKIP_BUILD) step("Building the app", "npx", ["remix", "vite:build"]);
step("Applying database migrations (local D1)", "npx", [
  "wrangler",
  "d1",
  "migrations",
  "apply",
  "DB",
  "--local",
  ...persistArgs,
  ...configArgs,
]);
step("Seeding the demo catalogue (only when empty)", "npx", ["tsx", "scripts/seed.ts", ...persistArgs]);

console.log(
  `\n✔ MediStore is starting on http://localhost:${PORT} (chat party on ${CHAT_HOST}${
    STANDIN_PORT ? `, payment stand-in on http://127.0.0.1:${STANDIN_PORT}` : ""
  }; messages sent land at /dev/inbox)\n`,
);
const output = withoutWranglerRequestLines();
output.pipe(process.stdout);
const { result } = concurrently(
  [
    {
      name: "app",
      command: [
        `npx wrangler dev --port ${PORT} --ip 127.0.0.1 --inspector-port ${INSPECTOR_PORT} --show-interactive-dev-session=false ${[...persistArgs, ...configArgs].map(shellQuote).join(" ")}`,
        `--var ${shellQuote(`CHAT_HOST:${CHAT_HOST}`)}`,
        ...(STANDIN_PORT
          ? [`--var ${shellQuote(`PAYSTACK_BASE_URL:http://127.0.0.1:${STANDIN_PORT}`)}`]
          : []),
        `--var ${shellQuote(`MESSAGES_STANDIN_URL:${MESSAGES_STANDIN_URL}`)}`,
      ].join(" "),
      env,
      prefixColor: "green",
    },
    ...(STANDIN_PORT
      ? [
          {
            name: "paystack",
            command: `node scripts/paystack-standin.mjs ${STANDIN_PORT}`,
            env: {
              ...env,
              PAYSTACK_SECRET_KEY: fileVar(".dev.vars", "PAYSTACK_SECRET_KEY"),
              PAYSTACK_WEBHOOK_URL: `http://127.0.0.1:${PORT}/api/payments/paystack`,
            },
            prefixColor: "cyan",
          },
        ]
      : []),
    {
      name: "chat",
      command: [
        `npx partykit dev --port ${PARTYKIT_PORT} --disable-request-cf-fetch --no-hotkeys`,
        `--persist ${shellQuote(partyState)} --var ${shellQuote(`CHAT_SECRET=${chatSecret}`)}`,
      ].join(" "),
      env,
      prefixColor: "magenta",
    },
    {
      name: "msgs",
      command: "node scripts/message-standin.mjs",
      env: {
        ...env,
        MESSAGES_STANDIN_PORT,
        APP_URL: `http://127.0.0.1:${PORT}`,
        SMS_WEBHOOK_SECRET: fileVar(".dev.vars", "SMS_WEBHOOK_SECRET"),
        WHATSAPP_APP_SECRET: fileVar(".dev.vars", "WHATSAPP_APP_SECRET"),
      },
      prefixColor: "cyan",
    },
  ],
  {
    killOthersOn: ["failure", "success"],
    prefix: "name",
    // The Worker logs each request with secret links redacted; wrangler's own request lines show them whole.
    outputStream: output,
  },
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
