/**
 * The local demo's admin account (never created on a remote database). It is the superintendent
 * pharmacist: its name and PCN registration number are the ones wrangler.toml's [vars] configure
 * (SUPERINTENDENT_PHARMACIST_NAME and _PCN), read from there so the two never differ. So locally it signs
 * the chat replies customers see, reviews prescription orders, makes pharmacists and reads the audit trail.
 */
import { readFileSync } from "node:fs";

const WRANGLER_TOML = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");

function wranglerVar(name: string): string {
  const value = new RegExp(`^${name} = "([^"]+)"$`, "m").exec(WRANGLER_TOML)?.[1];
  if (!value) throw new Error(`wrangler.toml has no ${name} in [vars]`);
  return value;
}

export const DEMO_ADMIN = {
  name: wranglerVar("SUPERINTENDENT_PHARMACIST_NAME"),
  email: "admin@medistore.test",
  password: "medistore-admin-demo",
  pcnNumber: wranglerVar("SUPERINTENDENT_PHARMACIST_PCN"),
};
