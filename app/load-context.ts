/**
 * The one AppLoadContext (Hydrogen's createAppLoadContext pattern): bindings, parsed config, the Drizzle
 * client, the request's batched reads (db/read-batch.server.ts), the catalogue version and the CSP nonce.
 * Built by workers/app.ts for every request.
 */
import type { AppConfig } from "~/services/env.server";
import { createDb, type Database } from "~/db/client.server";
import { createBatchedRead, type BatchedRead } from "~/db/read-batch.server";
import { catalogueVersion } from "~/models/catalogue-version.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    config: AppConfig;
    db: Database;
    /** A SELECT sent to D1 with this request's other batched reads, in one round trip. */
    read: BatchedRead;
    /**
     * The catalogue version this isolate trusts now (models/catalogue-version.server.ts). Loaders ask it
     * here, never of their own module: the Worker's entry and the Remix build each bundle that module, and
     * only the entry's copy is the one the edge cache keys pages on and a write forgets.
     */
    catalogueVersion: () => Promise<string>;
    nonce: string;
    /** The origin links in messages use: PUBLIC_ORIGIN, else the request's own. */
    origin: string;
    /**
     * The request's session lookups (services/session.server.ts), kept here rather than in that module:
     * the Worker's entry, which refuses dead API tokens, and the Remix build each bundle their own copy of
     * it, and both must share one lookup.
     */
    sessionLookups: Map<string, unknown>;
  }
}

export function createAppLoadContext(
  env: Env,
  ctx: ExecutionContext,
  config: AppConfig,
  nonce: string,
  requestOrigin = "",
) {
  return {
    origin: config.publicOrigin ?? requestOrigin,
    cloudflare: { env, ctx },
    config,
    db: createDb(env.DB),
    read: createBatchedRead(env.DB),
    catalogueVersion: () => catalogueVersion(env.DB, config.catalogueVersionTtlMs),
    nonce,
    sessionLookups: new Map<string, unknown>(),
  };
}
