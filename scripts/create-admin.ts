/**
 * Creates an admin (or makes an existing account an admin, with the new password).
 *
 *   npm run admin:create -- --email you@example.com --password 'a long passphrase' [--name "Your Name"]
 *   npm run admin:create -- --email … --password … --remote      (the deployed D1 database)
 *   npm run admin:create -- … --persist-to DIR                    (another local state folder)
 */
import { spawnSync } from "node:child_process";
import { getPlatformProxy } from "wrangler";
import { registerSchema } from "../app/lib/validation";
import { hashPassword } from "../app/services/password.server";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Upserts the admin row in SQL that both the local proxy and `wrangler d1 execute` can run. */
export function adminUpsertSql(input: { id: string; name: string; email: string; passwordHash: string }) {
  const q = (v: string) => `'${v.replace(/'/g, "''")}'`;
  return (
    `INSERT INTO users (id, name, email, password_hash, role) VALUES (${q(input.id)}, ${q(input.name)}, ${q(input.email)}, ${q(input.passwordHash)}, 'admin') ` +
    `ON CONFLICT(email) DO UPDATE SET role = 'admin', password_hash = excluded.password_hash;`
  );
}

export async function createAdmin(args: {
  name: string;
  email: string;
  password: string;
  remote?: boolean;
  persistTo?: string;
}) {
  const parsed = registerSchema.safeParse({ name: args.name, email: args.email, password: args.password });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join(" "));
  const sql = adminUpsertSql({
    id: crypto.randomUUID(),
    name: parsed.data.name,
    email: parsed.data.email,
    passwordHash: await hashPassword(parsed.data.password),
  });
  if (args.remote) {
    const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--remote", "--command", sql], {
      stdio: "inherit",
    });
    if (result.status !== 0) throw new Error("wrangler d1 execute failed");
    return;
  }
  const proxy = await getPlatformProxy<Env>({
    persist: args.persistTo ? { path: `${args.persistTo}/v3` } : true,
  });
  try {
    await proxy.env.DB.prepare(sql).run();
  } finally {
    await proxy.dispose();
  }
}

if (process.argv[1]?.endsWith("create-admin.ts")) {
  const email = option("email");
  const password = option("password");
  if (!email || !password) {
    console.error(
      "Usage: npm run admin:create -- --email you@example.com --password '…' [--name 'Your Name'] [--remote]",
    );
    process.exit(2);
  }
  createAdmin({
    email,
    password,
    name: option("name") ?? "Admin",
    remote: process.argv.includes("--remote"),
    persistTo: option("persist-to"),
  })
    .then(() => console.log(`Admin ready: ${email.toLowerCase()} (log in at /login).`))
    .catch((error: Error) => {
      console.error(`Could not create the admin: ${error.message}`);
      process.exit(1);
    });
}
