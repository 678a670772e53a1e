import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { reactNodeRenderer } from "./scripts/build/react-node-renderer-plugin";
import { serverRouter } from "./scripts/build/server-router-plugin";
import { serviceWorker } from "./scripts/build/service-worker-plugin";
import { formConstraints } from "./scripts/build/form-constraints-plugin";
import { inlineStylesheetRoutes } from "./app/lib/route-policy";

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
/** A route module as Rollup sees it (Remix's client entry for a route re-exports from it). */
const ROUTE_MODULE = /\/app\/(root|routes\/[^/]+|layouts\/[^/]+)\.tsx$/;
const ROOT_MODULE = /\/app\/root\.tsx$/;
/** The catalogue's pages, where shoppers land (lib/route-policy.ts: the ones given the inline stylesheet). */
const CATALOGUE_PAGES = new Set(inlineStylesheetRoutes());
const isCataloguePage = (route: string) => CATALOGUE_PAGES.has(route.replace(/^.*\/app\//, ""));

type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;

/** The route modules that import a module statically, directly or through other modules. */
function routesImporting(id: string, moduleInfo: ModuleInfoOf, seen = new Set<string>()): Set<string> {
  const routes = new Set<string>();
  if (seen.has(id)) return routes;
  seen.add(id);
  for (const importer of moduleInfo(id)?.importers ?? []) {
    if (ROUTE_MODULE.test(importer)) routes.add(importer);
    else for (const route of routesImporting(importer, moduleInfo, seen)) routes.add(route);
  }
  return routes;
}

/**
 * Few, large chunks: every request costs a phone its headers and a round trip, and one larger file
 * compresses better than many small ones. Besides "framework", the code a shopper's first visit needs from
 * more than one module (what the root route imports, which every page loads, and what a catalogue page
 * shares with any other route) is one "app" chunk. A page's own code stays in its route's chunk; code behind a
 * dynamic import() (the cart drawer's insides) and code only other pages share keep Rollup's chunks.
 */
function chunkOf(id: string, { getModuleInfo }: { getModuleInfo: ModuleInfoOf }): string | undefined {
  // With React's CommonJS modules go Rollup's helpers for them: in "app", they would make the two chunks
  // import each other, and React would run after the code that needs it.
  if (FRAMEWORK.test(id) || id.includes("vite/preload-helper") || id.startsWith("\0")) return "framework";
  if (!id.includes("/app/") || ROUTE_MODULE.test(id) || id.includes("?")) return undefined;
  const routes = [...routesImporting(id, getModuleInfo)];
  const catalogue = routes.filter(isCataloguePage);
  // Shared by a catalogue page and any other route: on its own, it would be one more request for that page.
  if (routes.some((route) => ROOT_MODULE.test(route)) || (catalogue.length > 0 && routes.length >= 2))
    return "app";
  return undefined;
}

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
    formConstraints(),
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
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: chunkOf } },
    // No preload lists inside our chunks: the code behind a dynamic import() comes after the first paint,
    // and the lists of its dependencies' file names cost more bytes on the first load than they save later.
    modulePreload: false,
  },
}));
