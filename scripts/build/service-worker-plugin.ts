/**
 * Builds the service worker (sw/sw.ts) into the client output as /sw.js once Remix's client build is
 * written: Vite bundles it as one classic script, then workbox-build injects the precache list of the
 * hashed files it should hold before the shopper goes offline.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { injectManifest } from "workbox-build";
import { AREAS, precachesScripts } from "../../app/lib/route-policy";

// What a shopper's pages need offline. The scripts of account, order-link and admin pages
// (lib/route-policy.ts says which), the back office's stylesheet and the chat widget are kept only once
// loaded. A route's chunk is named after its file, that is after its URL's first segment.
const PRECACHE = ["offline.html", "favicon.svg", "icons/*.png", "manifest.webmanifest", "assets/*.{js,css}"];
const NOT_PRECACHED = [
  ...new Set(AREAS.filter((area) => !precachesScripts(area)).map((area) => `assets/${area.path.split("/")[1]}*`)),
  "assets/back-office*",
  "assets/*chat*",
];

export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "medistore-service-worker",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const bundled = path.join(outDir, "sw.bundle.js");
      await build({
        configFile: false,
        logLevel: "warn",
        mode: "production",
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        build: {
          emptyOutDir: false,
          outDir,
          copyPublicDir: false,
          minify: true,
          rollupOptions: {
            input: path.resolve(config.root, "sw/sw.ts"),
            output: { format: "iife", entryFileNames: "sw.bundle.js" },
          },
        },
      });
      const { count, size, warnings } = await injectManifest({
        swSrc: bundled,
        swDest: path.join(outDir, "sw.js"),
        globDirectory: outDir,
        globPatterns: PRECACHE,
        globIgnores: NOT_PRECACHED,
        // Vite's names carry a content hash: no revision needed for them.
        dontCacheBustURLsMatching: /^assets\//,
        // Workers static assets serve offline.html at /offline (the .html URL redirects there).
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.map((entry) =>
              entry.url === "offline.html" ? { ...entry, url: "offline" } : entry,
            ),
          }),
        ],
        maximumFileSizeToCacheInBytes: 512 * 1024,
      });
      await rm(bundled);
      await rm(`${bundled}.map`, { force: true });
      for (const warning of warnings) config.logger.warn(`sw.js: ${warning}`);
      config.logger.info(`sw.js: ${count} files precached (${Math.round(size / 1024)} KiB)`);
    },
  };
}
