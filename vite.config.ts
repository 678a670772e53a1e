import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
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
 * React, React DOM and Remix go into one browser chunk named "framework", with Remix's client entry and the
 * code every first visit needs (chunkOf). The bench names it apart from a page's own chunk
 * (scripts/bench/measure/transfers.mjs).
 */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)\//;
/** A route module as Rollup sees it (Remix's client entry for a route re-exports from it). */
const ROUTE_MODULE = /\/app\/(root|routes\/[^/]+|layouts\/[^/]+)\.tsx$/;
const ROOT_MODULE = /\/app\/root\.tsx$/;
const ENTRY_CLIENT = /\/app\/entry\.client\.tsx$/;
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
 * Few, large chunks: every request costs a phone its headers (about 0.4 kB) and a round trip, and one
 * larger file compresses better than two. Every page loads React, React DOM, Remix and its client entry,
 * the root route and what it imports: with the code a catalogue page shares with any other route, they are
 * one "framework" chunk, and a first visit fetches two scripts, that one and the page's. A page's own code
 * stays in its route's chunk; code behind a dynamic import() (the cart drawer's insides) and code only other
 * pages share keep Rollup's chunks. The price: a release that changes our shared code changes that file,
 * which a returning phone then fetches whole; the first visit is what the bars hold.
 */
function chunkOf(id: string, { getModuleInfo }: { getModuleInfo: ModuleInfoOf }): string | undefined {
  // Remix's client entry (a few lines that start hydration) runs as the route modules are imported, and its
  // hydrate() waits for a timer, by which time Remix's inline script has listed them.
  if (
    FRAMEWORK.test(id) ||
    id.includes("vite/preload-helper") ||
    id.startsWith("\0") ||
    ENTRY_CLIENT.test(id)
  )
    return "framework";
  // The root route, which every page loads, is in the chunk itself (rootRouteIsInFramework).
  if (ROOT_MODULE.test(id.replace(/\?.*$/, ""))) return "framework";
  if (!id.includes("/app/") || ROUTE_MODULE.test(id) || id.includes("?")) return undefined;
  const routes = [...routesImporting(id, getModuleInfo)];
  const catalogue = routes.filter(isCataloguePage);
  // Shared by a catalogue page and any other route: on its own, it would be one more request for that page.
  if (routes.some((route) => ROOT_MODULE.test(route)) || (catalogue.length > 0 && routes.length >= 2))
    return "framework";
  return undefined;
}

/**
 * The root route's module is the "framework" chunk itself (chunkOf), so that every page loads it with React
 * and Remix in one request. Its chunk then exports more than the route does (what other routes import from
 * it), which Rollup allows only when told, or it adds a file of re-exports (a request). Told for this entry
 * alone: Remix's manifest wants every other route's entry in a file of its own. Vite's manifest names a
 * chunk by one of its entries only (Remix's client entry here), and Remix looks the root route up by its
 * own: the written manifest gets that name too, for the same file.
 */
function rootRouteIsInFramework(isSsrBuild: boolean | undefined): Plugin {
  let rootEntry: string | undefined;
  let projectRoot = process.cwd();
  return {
    name: "root-route-is-in-framework",
    apply: "build",
    configResolved(config) {
      projectRoot = config.root;
    },
    options(options) {
      if (isSsrBuild || !Array.isArray(options.input)) return null;
      rootEntry = options.input.find((id) => ROOT_MODULE.test(id.replace(/\?.*$/, "")));
      return { ...options, input: options.input.filter((id) => id !== rootEntry) };
    },
    buildStart() {
      if (rootEntry) this.emitFile({ type: "chunk", id: rootEntry, preserveSignature: "allow-extension" });
    },
    writeBundle({ dir }, bundle) {
      if (!rootEntry || !dir) return;
      const chunk = Object.values(bundle).find(
        (file) => file.type === "chunk" && file.moduleIds.includes(rootEntry!),
      );
      const manifestFile = path.join(dir, ".vite/manifest.json");
      const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, { file: string }>;
      const name = path.relative(projectRoot, rootEntry).split(path.sep).join("/");
      const entry = Object.values(manifest).find((listed) => listed.file === chunk?.fileName);
      if (!entry) throw new Error(`the root route's chunk is not in Vite's manifest (${manifestFile})`);
      manifest[name] ??= { ...entry, src: name } as (typeof manifest)[string];
      writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    },
  };
}

/**
 * Vite wraps every dynamic import() in a helper that would preload the imported chunk's dependencies and
 * stylesheets. With `modulePreload: false` (below) it is always handed an empty list, yet its whole body
 * (some 2 KB before minifying) still rides in the framework chunk of every first visit. This one only makes
 * the import. Its id is Vite's own; Vite's build plugins load modules after ours.
 */
function plainDynamicImports(): Plugin {
  return {
    name: "plain-dynamic-imports",
    apply: "build",
    load(id) {
      if (id !== "\0vite/preload-helper.js") return null;
      return { code: "export const __vitePreload = (load) => load();", moduleSideEffects: false };
    },
  };
}

/** The "framework" chunk (chunkOf) keeps its name, not that of an entry it holds. */
function fileName(chunk: { name: string; moduleIds: readonly string[] }): string {
  const name = chunk.moduleIds.some((id) => FRAMEWORK.test(id)) ? "framework" : chunk.name;
  return `assets/${name}-[hash].js`;
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
    rootRouteIsInFramework(isSsrBuild),
    plainDynamicImports(),
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
    // Vite asks terser for Safari 10's workarounds, which cost bytes in every chunk; the code is built for
    // browsers that parse optional chaining (Vite's default target), and Safari 10 is not one of them.
    terserOptions: isSsrBuild
      ? undefined
      : { safari10: false, compress: { passes: 2 }, format: { comments: false } },
    cssMinify: true,
    rollupOptions: isSsrBuild
      ? {}
      : { output: { manualChunks: chunkOf, entryFileNames: fileName, chunkFileNames: fileName } },
    // No preload lists inside our chunks: the code behind a dynamic import() comes after the first paint,
    // and the lists of its dependencies' file names cost more bytes on the first load than they save later.
    modulePreload: false,
  },
}));
