/**
 * The one AppLoadContext (Hydrogen's createAppLoadContext pattern): bindings, parsed config, the Drizzle
 * client, the request's batched reads (db/read-batch.server.ts) and the CSP nonce. Built by workers/app.ts
 * for every request.
 */
import type { AppConfig } from "~/services/env.server";
import { createDb, type Database } from "~/db/client.server";
import { createBatchedRead, type BatchedRead } from "~/db/read-batch.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    config: AppConfig;
    db: Database;
    /** A SELECT sent to D1 with this request's other batched reads, in one round trip. */
    read: BatchedRead;
    nonce: string;
  }
}

export function createAppLoadContext(env: Env, ctx: ExecutionContext, config: AppConfig, nonce: string) {
  return { cloudflare: { env, ctx }, config, db: createDb(env.DB), read: createBatchedRead(env.DB), nonce };
}
