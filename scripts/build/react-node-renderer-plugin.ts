import type { Plugin } from "vite";

const UTIL_SHIM = "\0medistore-util-text-encoder";

/**
 * React's Node server renderer (app/lib/render-page.server.ts) asks for Node's `util` only for TextEncoder.
 * In the Worker's build that import gets the runtime's own encoder, rather than an npm `util` copy (which
 * has none) or a Node built-in. patches/react-dom+18.3.1.patch makes the renderer call it once per 8 kB of
 * page rather than once per tag and attribute.
 */
export function reactNodeRenderer(): Plugin {
  return {
    name: "medistore:react-node-renderer",
    enforce: "pre",
    resolveId(id, importer) {
      if (id === "util" && importer?.includes("/node_modules/react-dom/")) return UTIL_SHIM;
      return null;
    },
    load(id) {
      if (id !== UTIL_SHIM) return null;
      return "export const TextEncoder = globalThis.TextEncoder;";
    },
  };
}
