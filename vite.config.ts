import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { reactNodeRenderer } from "./scripts/build/react-node-renderer-plugin";
import { serverRouter } from "./scripts/build/server-router-plugin";
import { serviceWorker } from "./scripts/build/service-worker-plugin";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * React, React DOM and Remix go into one browser chunk named "framework": the bench tells their size from
 * our own code's by that name (scripts/bench/measure/first-load.mjs).
 */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)\//;
/**
 * The small modules every page's first load needs (the cart's providers, the islands' loader, the nonce and
 * offline banner) ride in one "shell" chunk: as separate files each paid its own request and compression
 * overhead.
 */
const SHELL =
  /\/app\/(components\/(nonce|island|cart-drawer|cart-mutations)\.tsx|lib\/(network-failure|offline-banner-text)\.ts|features\/cart\/change-ids\.ts)$/;
const frameworkChunk = (id: string) =>
  FRAMEWORK.test(id) || id.includes("vite/preload-helper")
    ? "framework"
    : SHELL.test(id)
      ? "shell"
      : undefined;

// Built with `remix vite:build` and served by `wrangler dev` / `wrangler deploy` (workers/app.ts).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    remix({
      // `npm test` builds into its own folder so it never empties the one a running `npm start` serves.
      buildDirectory: process.env.MEDISTORE_BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
    serviceWorker(),
    reactNodeRenderer(),
    serverRouter(),
  ],
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: {
    // The browser's code through terser (a few kB smaller than esbuild's output, every byte paid for on a
    // phone's data plan); the Worker's through esbuild, which is quicker and whose size matters less.
    minify: isSsrBuild ? true : "terser",
    terserOptions: isSsrBuild ? undefined : { compress: { passes: 2 }, format: { comments: false } },
    cssMinify: true,
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: frameworkChunk } },
    // No preload lists inside our chunks: the code behind a dynamic import() comes after the first paint,
    // and the lists of its dependencies' file names cost more bytes on the first load than they save later.
    modulePreload: false,
  },
}));
