/**
 * Ends every session (everyone is logged out, every API token stops working): the breach runbook's first
 * step (docs/breach-runbook.md), on the local database or the deployed one.
 *
 *   npm run sessions:revoke-all                      (the local database `npm start` uses)
 *   npm run sessions:revoke-all -- --remote          (the deployed D1 database)
 *   npm run sessions:revoke-all -- --persist-to DIR  (another local state folder)
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import { createDb } from "../app/db/client.server";
import { deleteAllSessions } from "../app/models/privacy.server";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The deployed database through wrangler's remote bindings (as scripts/create-admin.ts reaches it). */
const REMOTE_CONFIG = ".wrangler-sessions-remote.toml";
function writeRemoteConfig() {
  const config = readFileSync("wrangler.toml", "utf8").replace(
    /(\[\[d1_databases\]\]\s*\nbinding = "DB")/,
    "$1\nremote = true",
  );
  writeFileSync(REMOTE_CONFIG, config);
}

export async function revokeAllSessions(args: { remote?: boolean; persistTo?: string }): Promise<number> {
  if (args.remote) writeRemoteConfig();
  try {
    const proxy = await getPlatformProxy<Env>(
      args.remote
        ? { configPath: REMOTE_CONFIG, persist: false }
        : { persist: args.persistTo ? { path: `${args.persistTo}/v3` } : true, remoteBindings: false },
    );
    try {
      return await deleteAllSessions(createDb(proxy.env.DB));
    } finally {
      await proxy.dispose();
    }
  } finally {
    if (args.remote) rmSync(REMOTE_CONFIG, { force: true });
  }
}

if (process.argv[1]?.endsWith("revoke-sessions.ts")) {
  const remote = process.argv.includes("--remote");
  revokeAllSessions({ remote, persistTo: option("persist-to") })
    .then((count) =>
      console.log(
        `Ended ${count} session${count === 1 ? "" : "s"} on the ${remote ? "deployed" : "local"} database.`,
      ),
    )
    .catch((error: Error) => {
      console.error(`Could not end the sessions: ${error.message}`);
      process.exit(1);
    });
}
