/**
 * The one AppLoadContext (Hydrogen's createAppLoadContext pattern): bindings, parsed config, a per-request
 * Drizzle client and the CSP nonce. Built by workers/app.ts for every request.
 */
import type { AppConfig } from "~/services/env.server";
import { createDb, type Database } from "~/db/client.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    config: AppConfig;
    db: Database;
    nonce: string;
  }
}

export function createAppLoadContext(env: Env, ctx: ExecutionContext, config: AppConfig, nonce: string) {
  return { cloudflare: { env, ctx }, config, db: createDb(env.DB), nonce };
}
