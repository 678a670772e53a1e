import { createRequire } from "node:module";
import type { Plugin } from "vite";

/** The CommonJS build of @remix-run/router, the one patches/ speeds up for servers. */
const ROUTER_FOR_SERVERS = createRequire(import.meta.url).resolve("@remix-run/router");

/**
 * The Worker's build takes @remix-run/router's CommonJS build, the same file Remix's server runtime gets
 * from wrangler's bundler: the patch in patches/ (route trees flattened once, matches remembered) then
 * lives in that one file and never reaches the browser's bundle, where it would be bytes on every first
 * load for no gain (a browser's route tree grows as routes are discovered).
 */
export function serverRouter(): Plugin {
  return {
    name: "medistore:server-router",
    enforce: "pre",
    resolveId(id, _importer, options) {
      return id === "@remix-run/router" && options?.ssr ? ROUTER_FOR_SERVERS : null;
    },
  };
}
