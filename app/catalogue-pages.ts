/**
 * The pages shoppers land on and the edge cache keeps (workers/edge-cache.ts), plus the 404, as route files
 * of app/. Every utility they use is in the small stylesheet inline in every page (styles/catalogue.css,
 * which scans these files; app/routes.ts), and the code two or more of them share rides in the first visit's
 * one "app" chunk (vite.config.ts). A module of its own, without imports, so the build config can read it.
 */
export const CATALOGUE_PAGES = new Set([
  "routes/_index.tsx",
  "routes/shop.tsx",
  "routes/categories.$slug.tsx",
  "routes/products.$slug.tsx",
  "routes/$.tsx",
]);
