/**
 * Creates an admin (or makes an existing account an admin, with the new password), through the same
 * feature code as the Admins page, on the local database or the deployed one.
 *
 *   npm run admin:create -- --email you@example.com --password 'a long passphrase' [--name "Your Name"]
 *                           [--pcn PS-012345]   (a pharmacist's PCN registration number: reviews prescriptions)
 *   npm run admin:create -- --email … --password … --remote      (the deployed D1 database)
 *   npm run admin:create -- … --persist-to DIR                    (another local state folder)
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import { createDb } from "../app/db/client.server";
import { DEFAULT_ADMIN_NAME, ensureAdmin } from "../app/features/accounts/accounts.server";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * The deployed database through wrangler's remote bindings: a copy of wrangler.toml whose D1 binding is
 * marked remote (beside it, so its relative paths still hold), removed afterwards.
 */
const REMOTE_CONFIG = ".wrangler-admin-remote.toml";
function writeRemoteConfig() {
  const config = readFileSync("wrangler.toml", "utf8").replace(
    /(\[\[d1_databases\]\]\s*\nbinding = "DB")/,
    "$1\nremote = true",
  );
  writeFileSync(REMOTE_CONFIG, config);
}

export async function createAdmin(args: {
  name: string;
  email: string;
  password: string;
  pcnNumber?: string;
  remote?: boolean;
  persistTo?: string;
}) {
  if (args.remote) writeRemoteConfig();
  try {
    const proxy = await getPlatformProxy<Env>(
      args.remote
        ? { configPath: REMOTE_CONFIG, persist: false }
        : { persist: args.persistTo ? { path: `${args.persistTo}/v3` } : true, remoteBindings: false },
    );
    try {
      await ensureAdmin(createDb(proxy.env.DB), args);
    } finally {
      await proxy.dispose();
    }
  } finally {
    if (args.remote) rmSync(REMOTE_CONFIG, { force: true });
  }
}

if (process.argv[1]?.endsWith("create-admin.ts")) {
  const email = option("email");
  const password = option("password");
  if (!email || !password) {
    console.error(
      "Usage: npm run admin:create -- --email you@example.com --password '…' [--name 'Your Name'] [--pcn PS-012345] [--remote]",
    );
    process.exit(2);
  }
  createAdmin({
    email,
    password,
    name: option("name") ?? DEFAULT_ADMIN_NAME,
    pcnNumber: option("pcn"),
    remote: process.argv.includes("--remote"),
    persistTo: option("persist-to"),
  })
    .then(() => console.log(`Admin ready: ${email.toLowerCase()} (log in at /login).`))
    .catch((error: Error) => {
      console.error(`Could not create the admin: ${error.message}`);
      process.exit(1);
    });
}
