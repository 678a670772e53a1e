import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const UTIL_SHIM = "\0medistore-util-text-encoder";

/**
 * React's Node server renderer (app/lib/render-page.server.ts) asks for Node's `util` only for TextEncoder.
 * In the Worker's build that import gets app/lib/render-text-encoder.server.ts (the runtime's encoder, with
 * ASCII copied in JavaScript), rather than an npm `util` copy (which has none) or a Node built-in.
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
      const encoder = fileURLToPath(new URL("../../app/lib/render-text-encoder.server.ts", import.meta.url));
      return `export { RenderTextEncoder as TextEncoder } from ${JSON.stringify(encoder)};`;
    },
  };
}
